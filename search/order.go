package search

import (
	"math"

	"github.com/abtrace/abtrace/trace"
)

// order fills the perm of the ply at depth with the order in which the n
// moves at s are searched, as natural indices, and returns it; it returns
// nil for natural order. For the eval, best and worst orderings it also
// fills its keys with each child's key, by natural index: at MAX and MIN
// nodes the evaluation or the true value of each child; at a chance node
// its probability (probs), most likely first (least likely first for
// worst), which is what lets Star1 cut early. Ties keep natural order.
func (e *engine[S, G]) order(s S, depth int, kind trace.Kind, moves []Move, probs []float64) []int {
	n := len(moves)
	if e.opt.Order == OrderNatural {
		return nil
	}
	pl := e.ply(depth)
	p := pl.perm[:0]
	if cap(p) < n {
		p = make([]int, 0, max(n, 16))
	}
	for i := 0; i < n; i++ {
		p = append(p, i)
	}
	pl.perm = p
	switch e.opt.Order {
	case OrderReversed:
		for i, j := 0, n-1; i < j; i, j = i+1, j-1 {
			p[i], p[j] = p[j], p[i]
		}
	case OrderRandom:
		r := splitmix{state: e.opt.Seed ^ (pl.hash * 0x9e3779b97f4a7c15)}
		for i := n - 1; i > 0; i-- {
			j := int(r.next() % uint64(i+1))
			p[i], p[j] = p[j], p[i]
		}
	case OrderEval, OrderBest, OrderWorst:
		ks := pl.keys[:0]
		if cap(ks) < n {
			ks = make([]float64, 0, max(n, 16))
		}
		if kind == trace.Chance {
			ks = append(ks, probs...)
		} else if ks = e.childKeys(s, depth, moves, ks); e.stopped {
			return p
		}
		pl.keys = ks
		// Best first for the player to move: descending at MAX, ascending
		// at MIN (most likely first at a chance node). The worst ordering
		// turns that round.
		desc := kind != trace.Min
		if e.opt.Order == OrderWorst {
			desc = !desc
		}
		sortByKeys(p, ks, desc)
	case OrderKiller, OrderHistory:
		pl.keys = e.learnedKeys(kind, moves, pl.keys[:0], depth)
		sortByKeys(p, pl.keys, true)
	}
	return p
}

// childKeys appends to ks the key of each move's position for the eval,
// best and worst orderings: its evaluation, or its true value.
func (e *engine[S, G]) childKeys(s S, depth int, moves []Move, ks []float64) []float64 {
	for i, m := range moves {
		c := e.g.Result(s, m)
		if e.opt.Order == OrderEval {
			ks = append(ks, e.opt.Eval.Evaluate(c))
			continue
		}
		e.ply(depth).at = int32(i)
		ks = append(ks, e.trueValue(c, depth+1))
		if e.stopped {
			break
		}
	}
	return ks
}

// sortByKeys orders p (natural indices) by ks[p[i]], descending or
// ascending, keeping natural order among equal keys and putting keys that
// are NaN (no estimate) last. Insertion sort: successor lists are short,
// and it is stable and allocates nothing.
func sortByKeys(p []int, ks []float64, desc bool) {
	for i := 1; i < len(p); i++ {
		for j := i; j > 0 && keyBefore(ks[p[j]], ks[p[j-1]], desc); j-- {
			p[j], p[j-1] = p[j-1], p[j]
		}
	}
}

func keyBefore(a, b float64, desc bool) bool {
	switch {
	case math.IsNaN(a):
		return false
	case math.IsNaN(b):
		return true
	case desc:
		return a > b
	}
	return a < b
}

// trueValue is the value of c at the given depth under the same depth
// limit and evaluation, from an untraced search with a full window (which
// returns the exact value at its root): alpha-beta's minimax value, or
// the expectiminimax value where the search meets chance nodes.
func (e *engine[S, G]) trueValue(c S, depth int) float64 {
	chance := e.algo == AlgoExpectiminimax || e.algo == AlgoStar1
	if e.oracle == nil {
		algo := AlgoAlphaBeta
		if chance {
			algo = AlgoExpectiminimax
		}
		e.oracle = newEngine[S, G](e.g, algo, Options[S]{Depth: e.opt.Depth, Eval: e.opt.Eval, EvalName: e.opt.EvalName, Quiescence: e.opt.Quiescence}, nil)
		e.oracle.meter = e.meter // its work counts against the same budget
		e.oracle.makeSteps()
	}
	o := e.oracle
	for d := range depth {
		o.ply(d).at = e.ply(d).at // the oracle names its nodes as the search does
	}
	var v float64
	if chance {
		v = o.expecti(c, depth)
	} else {
		v, _ = o.alphabeta(c, depth, math.Inf(-1), math.Inf(1))
	}
	if o.err != nil {
		e.fail(o.err)
	}
	return v
}

// mixHash extends the path hash of a node by the natural index of one of
// its children, so every node has a hash that depends only on its id.
func mixHash(h uint64, i int) uint64 {
	h ^= uint64(i) + 0x9e3779b97f4a7c15 + (h << 6) + (h >> 2)
	return h * 0xbf58476d1ce4e5b9
}

// splitmix is a tiny deterministic generator (SplitMix64), the same on
// every platform, so a seed shuffles the same way everywhere.
type splitmix struct{ state uint64 }

func (r *splitmix) next() uint64 {
	r.state += 0x9e3779b97f4a7c15
	z := r.state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
