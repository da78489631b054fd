package scenario

import (
	"math"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/tree"
)

// prepareMCTS checks the MCTS parameters: they belong to Algo "mcts" only.
func (p *Search) prepareMCTS() error {
	s := p.Scenario
	determinized := p.Method != nil && *p.Method == search.MethodDeterminized
	if s.Samples != 0 && !determinized {
		return usage("samples belongs to --algo determinized")
	}
	if s.Samples < 0 || s.Samples > search.MaxSamples {
		return usage("samples must be from 1 to %d, not %d", search.MaxSamples, s.Samples)
	}
	if p.Algorithm != search.AlgoMCTS && !determinized || p.Method != nil && !determinized {
		if s.Iterations != 0 || s.C != 0 || s.Playout != "" {
			return usage("iterations, c and playout belong to --algo mcts and determinized")
		}
		return nil
	}
	if determinized && s.Playout != "" {
		return usage("determinized plays random playouts; playout does not apply")
	}
	if s.Iterations < 0 || s.Iterations > search.MaxIterations {
		return usage("iterations must be from 1 to %d (0 means %d), not %d", search.MaxIterations, search.DefaultIterations, s.Iterations)
	}
	if s.C < 0 || math.IsNaN(s.C) || math.IsInf(s.C, 0) {
		return usage("c must be a positive number (0 means √2), not %v", s.C)
	}
	pl, err := search.ParsePlayout(orDefault(s.Playout, "random"))
	if err != nil {
		return &UsageError{Err: err}
	}
	if pl == search.PlayoutEval && s.Eval == "" {
		return usage("the eval playout needs an evaluation to guide it: give --eval")
	}
	p.mcts = search.MCTSParams{Iterations: s.Iterations, C: s.C, Playout: pl}
	return nil
}

// leafBounds is the least and the greatest leaf value of t, the range of
// its outcomes (widened by one when every leaf is equal).
func leafBounds(t *tree.Tree) search.Bounds {
	lo, hi := math.Inf(1), math.Inf(-1)
	for n := range t.All() {
		if n.IsLeaf() {
			lo, hi = min(lo, n.Value), max(hi, n.Value)
		}
	}
	if lo > hi {
		return search.Bounds{}
	}
	if lo == hi {
		hi = lo + 1
	}
	return search.Bounds{L: lo, U: hi}
}
