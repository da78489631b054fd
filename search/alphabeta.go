package search

import (
	"math"

	"github.com/abtrace/abtrace/trace"
)

// AlphaBeta returns the minimax value of root, skipping the subtrees that
// cannot change it. The root is searched with the full window (−∞, +∞), so
// the value returned for the root is always exact and equals Minimax's.
//
// The window contract at every node: on entry α is the best value MAX is
// already guaranteed on the path above, β the best value MIN is guaranteed.
// A node whose true value lies strictly inside (α, β) returns it exactly.
// Fail-low (the value is at most α) returns an upper bound; fail-high (at
// least β) returns a lower bound. Fail-soft returns the bound it found,
// which may lie beyond the window; fail-hard returns α or β themselves.
//
// The cutoff test is v ≥ β at MAX and v ≤ α at MIN by default (PruneGE),
// or v > β and v < α with PruneGT, which needs fail-soft.
//
// With a nil rec it emits nothing and allocates nothing per node. With a
// recorder it emits every step (see package trace); a recorder that returns
// false stops the search, and AlphaBeta then returns ErrStopped.
func AlphaBeta[S any, G Game[S]](g G, root S, opt Options[S], rec trace.Recorder) (trace.Result, error) {
	if err := opt.Validate(AlgoAlphaBeta); err != nil {
		return trace.Result{}, err
	}
	e := newEngine[S, G](g, AlgoAlphaBeta, opt, rec)
	e.initRealGames()
	defer e.giveBack()
	if err := e.checkSelective(); err != nil {
		return trace.Result{}, err
	}
	e.ways()
	v, _ := e.alphabeta(root, 0, math.Inf(-1), math.Inf(1))
	return e.finish(g.ToMove(root), v)
}

// alphabeta searches s, a node at the given depth, with the window
// (alpha, beta), and returns its value and, when someone listens, what
// that value means (exact, lower or upper bound). Untraced, the bound is
// always Exact and means nothing. It is the lecture's MAX-VALUE and
// MIN-VALUE in one, over the steps of node.go.
func (e *engine[S, G]) alphabeta(s S, depth int, alpha, beta float64) (float64, trace.Bound) {
	nd, v, b := e.open(s, depth, alpha, beta)
	if nd == nil {
		return v, b // terminal, depth limit, or settled before its children
	}
	for k := 0; k < nd.n; k++ {
		i := e.child(nd, depth, k)
		c, terminal, kind, cv := e.steps.Step(s, nd.moves[i])
		cb := trace.Exact
		if !e.valued(nd, depth, terminal, kind) { // untraced, a terminal child is its utility
			cv, cb = e.alphabeta(c, depth+1, nd.alpha, nd.beta)
		}
		if e.stopped {
			return 0, trace.Exact
		}
		e.update(nd, depth, i, cv, cb) // v ← MAX(v, child) at MAX, MIN at MIN
		if e.cuts(nd) {
			return e.prune(nd, depth, k, i) // v ≥ β at MAX, v ≤ α at MIN
		}
		e.narrow(nd, depth) // α ← MAX(α, v) at MAX, β ← MIN(β, v) at MIN
	}
	return e.exit(nd, depth)
}

// bound says what the value ret returned by a node means. The node's true
// value is known to lie in [lo, hi] from its children's reports; v is the
// best child value found and a0, b0 the window it was called with.
func (e *core) bound(isMax bool, ret, v, lo, hi, a0, b0 float64) trace.Bound {
	if ret != v {
		// Fail-hard clamped the value to the window.
		if ret == b0 && v >= b0 {
			return trace.Lower
		}
		return trace.Upper
	}
	switch {
	case lo == hi:
		return trace.Exact
	case isMax && v == lo:
		return trace.Lower
	case isMax && v == hi:
		return trace.Upper
	case !isMax && v == hi:
		return trace.Upper
	case !isMax && v == lo:
		return trace.Lower
	}
	// Not reached by alpha-beta; fall back to the window.
	if v <= a0 {
		return trace.Upper
	}
	if v >= b0 {
		return trace.Lower
	}
	return trace.Exact
}

// combine folds one child's report into the interval [lo, hi] known to
// hold a node's true value: max of the children at MAX, min at MIN. A NaN
// value stands for a child that was never searched.
func combine(isMax bool, lo, hi, cv float64, cb trace.Bound) (float64, float64) {
	clo, chi := cv, cv
	switch {
	case math.IsNaN(cv):
		clo, chi = math.Inf(-1), math.Inf(1)
	case cb == trace.Lower:
		chi = math.Inf(1)
	case cb == trace.Upper:
		clo = math.Inf(-1)
	}
	if isMax {
		return math.Max(lo, clo), math.Max(hi, chi)
	}
	return math.Min(lo, clo), math.Min(hi, chi)
}

// pruneEvent reports the cutoff at a MAX or MIN node: the test that fired
// and the children it skips.
func (e *core) pruneEvent(line, node string, kind trace.Kind, depth int, alpha, beta, v float64, test string, pruned []string, killers []trace.Killer) {
	ev := &e.ev
	ev.Reset(trace.Prune, line, node, kind, depth)
	ev.Alpha, ev.Beta, ev.Value = trace.Num(alpha), trace.Num(beta), trace.Num(v)
	ev.Test, ev.Pruned, ev.Killers = test, pruned, killers
	e.emit()
}

// updateEvent reports, at the node's step (stepValue or stepNarrow), the
// value and window (0 for the searches without one) of the node of ply p
// at depth after its last child returned cv with bound cb (in the node's
// terms; the event shows them for MAX), and what moved: "value", or under
// alpha-beta "alpha" at a MAX node (line "max-alpha") or "beta" at a MIN
// node, or "" when nothing did.
func (e *core) updateEvent(p *ply, depth, step int, changed string, cv float64, cb trace.Bound) {
	ev := &e.hot.update
	head(ev, trace.Update, p.line(step), p.id, p.kind, depth)
	var ma, mb float64
	if e.window {
		ma, mb = p.shown()
	}
	ev.Alpha, ev.Beta, ev.Value = trace.Num(ma), trace.Num(mb), trace.Num(p.c*p.v)
	ev.Child, ev.ChildValue, ev.ChildBound, ev.Changed = p.below.id, trace.Num(p.c*cv), flip(cb, p.c), changed
	e.emitAt(ev)
}
