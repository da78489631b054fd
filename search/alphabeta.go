package search

import (
	"fmt"
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
	e.skip = e.canSkip()
	v, _ := e.alphabeta(root, 0, math.Inf(-1), math.Inf(1))
	return e.finish(g.ToMove(root), v)
}

// alphabeta searches s, a node at the given depth, with the window
// (alpha, beta), and returns its value and, while tracing, what that value
// means (exact, lower or upper bound). Untraced, the bound is always Exact
// and means nothing.
func (e *engine[S, G]) alphabeta(s S, depth int, alpha, beta float64) (float64, trace.Bound) {
	if depth > MaxSearchDepth {
		e.tooDeep()
		return 0, trace.Exact
	}
	p := e.ply(depth)
	p.nodes++
	p.pvn = 0
	if !e.visit() {
		return 0, trace.Exact
	}
	tracing := e.traces(depth)
	// Whoever listens learns what each value means, inside a counted
	// subtree too (its parent reports it).
	bounds := e.rec != nil
	terminal := e.g.Terminal(s)
	if terminal && !tracing {
		// Untraced, a terminal position needs nothing but its utility.
		p.leaves++
		e.counted(depth, 3) // enter, leaf, exit
		return e.g.Utility(s), trace.Exact
	}
	kind := e.g.ToMove(s)
	if tracing {
		e.enterEvent(s, depth, kind, alpha, beta)
		if e.skip {
			if v, b, ok := e.subBegin(depth); ok {
				return v, b
			}
		}
	} else {
		e.counted(depth, 1)
	}
	if !terminal && kind > trace.Min {
		e.fail(fmt.Errorf("search: alpha-beta handles MAX and MIN nodes, but node %q is %s", e.idOr(depth), kind.Upper()))
		return 0, trace.Exact
	}
	if terminal || e.beyond(depth) {
		if !terminal && e.opt.Quiescence {
			return e.quiesceAB(s, depth, kind, alpha, beta)
		}
		return e.leaf(s, depth, kind, terminal, alpha, beta), trace.Exact
	}
	moves := e.g.Moves(s, p.moves[:0])
	if cap(moves) > cap(p.moves) {
		p.moves = moves[:0] // keep the larger buffer for the next node at this depth
	}
	n := len(moves)
	if n == 0 {
		e.fail(fmt.Errorf("search: node %q is not terminal but has no moves", e.idOr(depth)))
		return 0, trace.Exact
	}
	var perm []int
	if e.opt.Order != OrderNatural {
		perm = e.order(s, depth, kind, moves)
	}
	if e.stopped {
		return 0, trace.Exact
	}
	selective := e.opt.isSelective()
	if selective {
		if perm = e.selective(s, depth, kind, moves, perm); perm != nil {
			n = len(perm)
		}
	}
	if tracing {
		e.expandEvent(depth, kind, n, perm)
		if selective {
			e.selectiveEvents(depth, kind)
		}
	} else {
		e.step++ // selective search is never counted (canSkip)
	}
	isMax := kind == trace.Max
	strict := e.opt.Prune == PruneGT
	hard := e.opt.Fail == FailHard
	a0, b0 := alpha, beta
	v := math.Inf(1)
	if isMax {
		v = math.Inf(-1)
	}
	// lo and hi bound the node's true value from what its children
	// reported (when someone listens): a child skipped by a cutoff could
	// be anything.
	lo, hi := math.Inf(1), math.Inf(1)
	if isMax {
		lo, hi = math.Inf(-1), math.Inf(-1)
	}
	below := e.ply(depth + 1)
	random := e.opt.Order == OrderRandom
	for k := 0; k < n; k++ {
		i := k
		if perm != nil {
			i = perm[k]
		}
		e.path[depth+1] = int32(i)
		if tracing {
			below.id = e.ids.child(p.id, i)
		}
		if random {
			below.hash = mixHash(p.hash, i)
		}
		if selective {
			below.ext = e.childExt(depth, i)
		}
		cv, cb := e.alphabeta(e.g.Result(s, moves[i]), depth+1, alpha, beta)
		if e.stopped {
			return 0, trace.Exact
		}
		changed := betterFor(kind, cv, v)
		if changed {
			v = cv
			setPV(p, below, i)
		}
		if bounds {
			lo, hi = combine(isMax, lo, hi, cv, cb)
		}
		if tracing {
			ev := &e.ev
			ev.Reset(trace.Update, lineKey(kind, lineValue), p.id, kind, depth)
			ev.Alpha, ev.Beta, ev.Value = trace.Num(alpha), trace.Num(beta), trace.Num(v)
			ev.Child, ev.ChildValue, ev.ChildBound = below.id, trace.Num(cv), cb
			if changed {
				ev.Changed = "value"
			}
			e.emit()
		} else {
			e.step++
		}
		var cut bool
		if isMax {
			cut = v >= beta
			if strict {
				cut = v > beta
			}
		} else {
			cut = v <= alpha
			if strict {
				cut = v < alpha
			}
		}
		if cut {
			if k+1 < n {
				p.cutoffs++
			}
			if e.rg != nil {
				e.noteCut(depth, kind, moves[i])
			}
			ret := v
			if hard {
				ret = beta
				if !isMax {
					ret = alpha
				}
			}
			if tracing {
				line := lineKey(kind, linePrune)
				var pruned []string
				if k+1 < n {
					pruned = e.pruneList(depth, k, n, perm)
					// A skipped child could have any value.
					lo, hi = combine(isMax, lo, hi, math.NaN(), 0)
				}
				e.pruneEvent(line, p.id, kind, depth, alpha, beta, v, e.cutTest(isMax, strict, v, alpha, beta), pruned, e.killerSlots(depth))
				e.exitEvent(depth, kind, ret, e.bound(isMax, ret, v, lo, hi, a0, b0), line, alpha, beta)
			} else {
				lo, hi = e.countCut(isMax, lo, hi, depth, kind, alpha, beta, v, k, n, perm)
			}
			return ret, e.boundIfTracing(isMax, ret, v, lo, hi, a0, b0)
		}
		if isMax && v > alpha {
			alpha = v
			if tracing {
				e.windowEvent("max-alpha", "alpha", p.id, kind, depth, alpha, beta, v, below.id, cv, cb)
			} else {
				e.step++
			}
		} else if !isMax && v < beta {
			beta = v
			if tracing {
				e.windowEvent("min-beta", "beta", p.id, kind, depth, alpha, beta, v, below.id, cv, cb)
			} else {
				e.step++
			}
		}
	}
	ret := v
	if hard {
		// Fail-hard returns the window edge it ended with: α = max(α₀, v)
		// at MAX, β = min(β₀, v) at MIN.
		ret = alpha
		if !isMax {
			ret = beta
		}
	}
	b := e.boundIfTracing(isMax, ret, v, lo, hi, a0, b0)
	if tracing {
		e.exitEvent(depth, kind, ret, b, lineKey(kind, lineReturn), alpha, beta)
	} else {
		e.step++
	}
	return ret, b
}

func (e *engine[S, G]) boundIfTracing(isMax bool, ret, v, lo, hi, a0, b0 float64) trace.Bound {
	if e.rec == nil {
		return trace.Exact
	}
	return e.bound(isMax, ret, v, lo, hi, a0, b0)
}

// bound says what the value ret returned by a node means. The node's true
// value is known to lie in [lo, hi] from its children's reports; v is the
// best child value found and a0, b0 the window it was called with.
func (e *engine[S, G]) bound(isMax bool, ret, v, lo, hi, a0, b0 float64) trace.Bound {
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

// cutTest returns the comparison that fired, with its numbers ("5 ≥ β =
// 3"), built in the id arena so that tracing allocates no string for it.
func (e *engine[S, G]) cutTest(isMax, strict bool, v, alpha, beta float64) string {
	a := &e.ids
	start := a.begin(64)
	a.buf = trace.Num(v).Append(a.buf)
	switch {
	case isMax && strict:
		a.buf = trace.Num(beta).Append(append(a.buf, " > β = "...))
	case isMax:
		a.buf = trace.Num(beta).Append(append(a.buf, " ≥ β = "...))
	case strict:
		a.buf = trace.Num(alpha).Append(append(a.buf, " < α = "...))
	default:
		a.buf = trace.Num(alpha).Append(append(a.buf, " ≤ α = "...))
	}
	return a.end(start)
}

// pruneEvent reports the cutoff at a MAX or MIN node: the test that fired
// and the children it skips.
func (e *engine[S, G]) pruneEvent(line, node string, kind trace.Kind, depth int, alpha, beta, v float64, test string, pruned []string, killers []trace.Killer) {
	ev := &e.ev
	ev.Reset(trace.Prune, line, node, kind, depth)
	ev.Alpha, ev.Beta, ev.Value = trace.Num(alpha), trace.Num(beta), trace.Num(v)
	ev.Test, ev.Pruned, ev.Killers = test, pruned, killers
	e.emit()
}

// windowEvent reports that a child's value moved the window: α at a MAX
// node (line "max-alpha", changed "alpha") or β at a MIN node.
func (e *engine[S, G]) windowEvent(line, changed, node string, kind trace.Kind, depth int, alpha, beta, v float64, child string, cv float64, cb trace.Bound) {
	ev := &e.ev
	ev.Reset(trace.Update, line, node, kind, depth)
	ev.Alpha, ev.Beta, ev.Value = trace.Num(alpha), trace.Num(beta), trace.Num(v)
	ev.Child, ev.ChildValue, ev.ChildBound, ev.Changed = child, trace.Num(cv), cb, changed
	e.emit()
}
