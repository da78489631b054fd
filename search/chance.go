package search

import (
	"fmt"
	"math"
	"strconv"

	"github.com/abtrace/abtrace/trace"
)

// This file holds what the algorithms beyond two players and certainty
// share (expectiminimax, Star1, max^n): probabilities at chance nodes,
// their orderings and line keys, and the paths that let an untraced search
// name the node where it failed. They reuse the engine's plies, ids, events
// and statistics.

// ProbTolerance is how far from 1 the probabilities of a chance node may
// sum (the tree notation allows the same).
const ProbTolerance = 1e-6

// xengine is the engine with what chance nodes and vectors need. All of it
// is allocated once per search (per depth), so the untraced search
// allocates nothing per node.
type xengine[S any, G Game[S]] struct {
	*engine[S, G]
	prober Prober[S]
	probs  [][]float64 // per depth: the probabilities at the node there, by natural index
	rest   [][]float64 // per depth (Star1): rest[k] = Σ of the probabilities after position k of the search order
	xo     *xengine[S, G]

	// max^n.
	vg         VectorGame[S]
	ve         VectorEvaluation[S]
	players    int         // n, once the first value vector is seen
	vecs       [][]float64 // per depth: the vector the node there returns
	rootPlayer int         // the component Result.Value reports
}

func newX[S any, G Game[S]](g G, algo Algorithm, opt Options[S], rec trace.Recorder) *xengine[S, G] {
	x := &xengine[S, G]{engine: newEngine[S, G](g, algo, opt, rec)}
	x.prober, _ = any(g).(Prober[S])
	n := plyCount
	x.probs = make([][]float64, n)
	x.rest = make([][]float64, n)
	// Like the engine's moves: room for 16 outcomes per depth before a
	// slice must grow.
	const room = 16
	probs, rest := make([]float64, n*room), make([]float64, n*room)
	for i := range n {
		x.probs[i] = probs[i*room : i*room : (i+1)*room]
		x.rest[i] = rest[i*room : i*room : (i+1)*room]
	}
	return x
}

// Line keys of the new algorithms: the max-/min- keys of alpha-beta, and
// chance- and player- keys for the other kinds.
var xLineKeys = func() (t [2][lineCount]string) {
	names := [lineCount]string{"enter", "terminal", "cutoff", "loop", "value", "prune", "return"}
	for i, n := range names {
		t[0][i] = "chance-" + n
		t[1][i] = "player-" + n
	}
	return t
}()

// xLineKey is the pseudocode key of a line by the kind of the node.
func xLineKey(k trace.Kind, line int) string {
	switch {
	case k == trace.Chance:
		return xLineKeys[0][line]
	case k.PlayerIndex() > 0:
		return xLineKeys[1][line]
	}
	return lineKey(k, line)
}

// Star1's two cut lines at a chance node.
const (
	lineChanceFailLow  = "chance-fail-low"
	lineChanceFailHigh = "chance-fail-high"
)

// probabilities returns the probability of each of the n moves at the
// chance node s at depth, by natural index: the game's (Prober), or 1/n
// each when it gives none. They must be positive and sum to 1 within
// ProbTolerance, else the search fails naming the node.
func (x *xengine[S, G]) probabilities(s S, depth, n int) []float64 {
	buf := x.probs[depth][:0]
	if x.prober != nil {
		buf = x.prober.Probabilities(s, buf)
	}
	if len(buf) == 0 {
		for range n {
			buf = append(buf, 1/float64(n))
		}
	}
	x.probs[depth] = buf
	if len(buf) != n {
		x.fail(fmt.Errorf("search: chance node %q gives %d probabilities for its %d outcomes", x.nodeID(depth), len(buf), n))
		return nil
	}
	sum := 0.0
	for i, p := range buf {
		if !(p > 0) || math.IsInf(p, 0) {
			x.fail(fmt.Errorf("search: outcome %d of chance node %q has probability %v; each must be above 0", i, x.nodeID(depth), p))
			return nil
		}
		sum += p
	}
	if math.Abs(sum-1) > ProbTolerance {
		x.fail(fmt.Errorf("search: the probabilities of chance node %q sum to %v, not 1", x.nodeID(depth), sum))
		return nil
	}
	return buf
}

// restSums fills the rest buffer of the ply at depth: rest[k] is the sum
// of the probabilities of the children after position k of the search
// order perm (natural order when nil). Summing the suffix directly, rather
// than 1 − Σ, makes it exactly 0 after the last child.
func (x *xengine[S, G]) restSums(depth int, probs []float64, perm []int) []float64 {
	n := len(probs)
	r := x.rest[depth][:0]
	for range n {
		r = append(r, 0)
	}
	acc := 0.0
	for k := n - 1; k >= 0; k-- {
		r[k] = acc
		i := k
		if perm != nil {
			i = perm[k]
		}
		acc += probs[i]
	}
	x.rest[depth] = r
	return r
}

// tidy removes the floating-point noise of a weighted sum: when x lies
// within half a unit of its 12th significant digit of a decimal with at most
// ten significant digits, tidy returns (the float64 nearest) that decimal,
// else x unchanged. So 0.9 × 2 + 0.1 × 3 is 2.1, as a lecturer writes it,
// not 2.1000000000000005, and two moves whose expected values are equal on
// paper tie in the search too. The change is below the rounding error the
// sum already carries. Both expectiminimax and Star1 tidy the value of a
// chance node the same way, so they return the same numbers.
func tidy(x float64) float64 {
	a := math.Abs(x)
	if a < 1e-9 || a >= 1e11 || math.IsNaN(a) {
		return x
	}
	k := 11 - int(math.Floor(math.Log10(a)))
	if k < 0 || k >= len(pow10) {
		return x
	}
	scale := pow10[k]
	r := math.Round(x * scale)
	if math.Mod(r, 100) != 0 {
		return x
	}
	// r and scale are exact integers, so the division is correctly rounded.
	return r / scale
}

var pow10 = func() (t [23]float64) {
	p := 1.0
	for i := range t {
		t[i] = p
		p *= 10
	}
	return t
}()

// enterX emits the enter event of the node at depth, with the line key of
// its kind.
func (x *xengine[S, G]) enterX(s S, depth int, kind trace.Kind, alpha, beta float64) {
	ev := &x.ev
	ev.Reset(trace.Enter, xLineKey(kind, lineEnter), x.ply(depth).id, kind, depth)
	ev.Alpha, ev.Beta = trace.Num(alpha), trace.Num(beta)
	if x.labeler != nil {
		ev.Label = x.labeler.Label(s)
	}
	x.emit()
}

// leafX values a node that is not searched deeper, as engine.leaf does,
// with the line keys of every kind. Under Star1 a value outside the bounds
// is an error naming the leaf.
func (x *xengine[S, G]) leafX(s S, depth int, kind trace.Kind, terminal bool, alpha, beta float64) float64 {
	var v float64
	if terminal {
		v = x.g.Utility(s)
	} else {
		v = x.opt.Eval.Evaluate(s)
		if math.IsNaN(v) {
			x.fail(optionError("search.err.no-eval", "Node", strconv.Quote(x.nodeID(depth)), "Depth", x.opt.Depth))
			return 0
		}
	}
	if x.algo == AlgoStar1 && (v < x.opt.Bounds.L || v > x.opt.Bounds.U || math.IsNaN(v)) {
		what := "leaf"
		if !terminal {
			what = "the evaluation of node"
		}
		x.fail(fmt.Errorf("search: %s %q is %s, outside the bounds [%s, %s] that star1 was given",
			what, x.nodeID(depth), trace.Num(v).Plain(), trace.Num(x.opt.Bounds.L).Plain(), trace.Num(x.opt.Bounds.U).Plain()))
		return 0
	}
	x.ply(depth).leaves++
	if x.traces(depth) {
		x.leafEvents(s, depth, kind, terminal, v, alpha, beta)
	} else {
		x.step += 2 // its leaf and exit events
	}
	return v
}

// orderX returns the search order of the n moves at s (nil for natural
// order) and the name of what ordered them, filling the ply's keys for the
// eval, best and worst orderings. At MAX and MIN nodes these order by the
// evaluation or by the true (expectiminimax) value of each child; at a
// chance node they order by probability, most likely first (least likely
// first for worst), which is what lets Star1 cut early.
func (x *xengine[S, G]) orderX(s S, depth int, kind trace.Kind, moves []Move, probs []float64) ([]int, string) {
	switch x.opt.Order {
	case OrderNatural:
		return nil, OrderNatural.String()
	case OrderReversed, OrderRandom:
		return x.order(s, depth, kind, moves), x.opt.Order.String()
	}
	n := len(moves)
	pl := x.ply(depth)
	p := pl.perm[:0]
	if cap(p) < n {
		p = make([]int, 0, max(n, 16))
	}
	for i := range n {
		p = append(p, i)
	}
	pl.perm = p
	ks := pl.keys[:0]
	if cap(ks) < n {
		ks = make([]float64, 0, max(n, 16))
	}
	by := x.opt.Order.String()
	desc := kind != trace.Min
	if kind == trace.Chance {
		ks = append(ks, probs...)
		by, desc = "probability", true
	} else {
		for i, m := range moves {
			c := x.g.Result(s, m)
			var k float64
			if x.opt.Order == OrderEval {
				k = x.opt.Eval.Evaluate(c)
			} else {
				x.path[depth+1] = int32(i)
				k = x.trueValueX(c, depth+1)
				if x.stopped {
					return p, by
				}
			}
			ks = append(ks, k)
		}
	}
	pl.keys = ks
	if x.opt.Order == OrderWorst {
		desc = !desc
	}
	sortByKeys(p, ks, desc)
	return p, by
}

// trueValueX is the expectiminimax value of c at the given depth, under
// the same depth limit and evaluation, from an untraced search.
func (x *xengine[S, G]) trueValueX(c S, depth int) float64 {
	if x.xo == nil {
		x.xo = newX[S, G](x.g, AlgoExpectiminimax, Options[S]{Depth: x.opt.Depth, Eval: x.opt.Eval, EvalName: x.opt.EvalName}, nil)
		x.xo.meter = x.meter // its work counts against the same budget
	}
	o := x.xo
	copy(o.path[:depth+1], x.path[:depth+1])
	v := o.expecti(c, depth)
	if o.err != nil {
		x.fail(o.err)
	}
	return v
}

// expandX emits the expand event of the node at depth: its search order,
// what ordered it and its keys, and at a chance node the probabilities.
func (x *xengine[S, G]) expandX(depth int, kind trace.Kind, n int, perm []int, probs []float64, by string) {
	var order []int
	switch {
	case perm != nil:
		order = append([]int(nil), perm...)
	case n <= len(identity):
		order = identity[:n:n]
	default:
		order = make([]int, n)
		for k := range order {
			order[k] = k
		}
	}
	ev := &x.ev
	ev.Reset(trace.Expand, xLineKey(kind, lineLoop), x.ply(depth).id, kind, depth)
	ev.Order, ev.By = order, by
	if probs != nil {
		ev.Probs = append([]float64(nil), probs...)
	}
	switch x.opt.Order {
	case OrderEval, OrderBest, OrderWorst:
		ks := x.ply(depth).keys
		ev.Keys = make([]trace.Num, len(ks))
		for i, k := range ks {
			ev.Keys[i] = trace.Num(k)
		}
	}
	x.emit()
}
