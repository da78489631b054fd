package scenario

import (
	"fmt"
	"math"
	"strconv"

	"github.com/abtrace/abtrace/search"
)

// prepareMCTS checks the MCTS parameters: they belong to Algo "mcts" only.
func (p *Search) prepareMCTS() error {
	s := p.Scenario
	determinized := p.Method != nil && *p.Method == search.MethodDeterminized
	if s.Samples != 0 && !determinized {
		return InParam("samples", usageSay("scenario.err.samples-only"))
	}
	if s.Samples < 0 || s.Samples > search.MaxSamples {
		return InParam("samples", usageSay("scenario.err.samples", "Max", strconv.Itoa(search.MaxSamples), "Got", strconv.Itoa(s.Samples)))
	}
	if p.Algorithm != search.AlgoMCTS && !determinized || p.Method != nil && !determinized {
		if s.Iterations != 0 || s.C != 0 || s.Playout != "" {
			return usageSay("scenario.err.mcts-only")
		}
		return nil
	}
	if determinized && s.Playout != "" {
		return InParam("playout", usageSay("scenario.err.determinized-playout"))
	}
	if s.Iterations < 0 || s.Iterations > search.MaxIterations {
		return InParam("iterations", usageSay("scenario.err.iterations", "Max", strconv.Itoa(search.MaxIterations), "Default", strconv.Itoa(search.DefaultIterations), "Got", strconv.Itoa(s.Iterations)))
	}
	if n := int64(orDefaultInt(s.Samples, DefaultSamples)) * int64(orDefaultInt(s.Iterations, search.DefaultIterations)); determinized && n > MaxSampledIterations {
		return usageSay("scenario.err.sampled-iterations", "Max", thousands(MaxSampledIterations), "Samples", strconv.Itoa(orDefaultInt(s.Samples, DefaultSamples)),
			"Iterations", strconv.Itoa(orDefaultInt(s.Iterations, search.DefaultIterations)), "Got", thousands(n))
	}
	if s.C < 0 || math.IsNaN(s.C) || math.IsInf(s.C, 0) {
		return InParam("c", usageSay("scenario.err.c", "Got", fmt.Sprint(s.C)))
	}
	pl, err := search.ParsePlayout(orDefault(s.Playout, "random"))
	if err != nil {
		return InParam("playout", err)
	}
	if pl == search.PlayoutEval && s.Eval == "" {
		return usageSay("scenario.err.eval-playout")
	}
	p.mcts = search.MCTSParams{Iterations: s.Iterations, C: s.C, Playout: pl}
	return nil
}
