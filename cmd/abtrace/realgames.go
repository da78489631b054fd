package main

import (
	"fmt"
	"strings"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/scenario"
)

// realGamesName describes a search of the negamax family and its options
// for solve's summary.
func realGamesName(p *scenario.Search, rule string) string {
	names := map[search.Algorithm]string{search.AlgoNegamax: "negamax alpha-beta", search.AlgoPVS: "principal variation search",
		search.AlgoMTDF: "MTD(f)", search.AlgoID: "iterative deepening"}
	parts := []string{fmt.Sprintf("cut on %s, fail-%s", rule, p.FailMode)}
	s := p.Scenario
	if s.TT > 0 || p.Algorithm == search.AlgoMTDF || s.Symmetry {
		size := s.TT
		if size == 0 {
			size = search.DefaultTTSize
		}
		parts = append(parts, fmt.Sprintf("table of %d entries, %s-preferred", size, p.Replacement))
	}
	if s.Symmetry {
		parts = append(parts, "symmetries")
	}
	if s.Aspiration > 0 {
		parts = append(parts, fmt.Sprintf("aspiration ±%v", s.Aspiration))
	}
	parts = append(parts, selectiveParts(p)...)
	return names[p.Algorithm] + " (" + strings.Join(parts, ", ") + ")"
}

// selectiveParts describes quiescence, the extension and forward pruning
// for solve's summary.
func selectiveParts(p *scenario.Search) []string {
	s := p.Scenario
	var parts []string
	if s.Quiescence {
		parts = append(parts, "quiescence")
	}
	if p.Extension == search.ExtendSingular {
		m := s.Margin
		if m == 0 {
			m = search.DefaultMargin
		}
		parts = append(parts, fmt.Sprintf("singular extension, margin %v", m))
	}
	switch p.Forward {
	case search.ForwardSymmetric:
		parts = append(parts, "symmetric forward pruning")
	case search.ForwardBeam:
		w := s.Beam
		if w == 0 {
			w = search.DefaultBeam
		}
		parts = append(parts, fmt.Sprintf("beam of %d (unsafe)", w))
	}
	return parts
}
