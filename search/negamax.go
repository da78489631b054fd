package search

import (
	"fmt"
	"math"

	"github.com/abtrace/abtrace/trace"
)

// Negamax is alpha-beta written as one function for both players: every
// node maximises the value for the player to move, and a child's value is
// negated on the way up (−NEGAMAX(child, −β, −α)). It returns the same
// root value as AlphaBeta. With Options.TT it keeps a transposition table
// (probed when a node is entered, written when it returns); with the
// killer or history ordering it learns from its cutoffs.
//
// The window contract, seen by the player to move: on entry α is what that
// player is already guaranteed elsewhere, β what the opponent is. A value
// inside (α, β) is exact; a fail-low (≤ α) return is an upper bound, a
// fail-high (≥ β) return a lower bound.
//
// The events speak for MAX, as alpha-beta's do, so that the two can be
// drawn and compared on the same tree: at a MIN node the window (α, β)
// the function holds is shown as (−β, −α), and its values negated.
func Negamax[S any, G Game[S]](g G, root S, opt Options[S], rec trace.Recorder) (trace.Result, error) {
	return searchNegamax(AlgoNegamax, g, root, opt, rec)
}

// PVS is principal variation search (NegaScout): the first child of every
// node is searched with the full window, each later one with a null
// window (α, α+ε) that only tests whether it is better; when the test
// fails high (the child returns more than α), the child is searched again
// with the window (α, β), reported as a research event. ε is
// Options.Grain, or the least step of a float64 when that is 0.
func PVS[S any, G Game[S]](g G, root S, opt Options[S], rec trace.Recorder) (trace.Result, error) {
	return searchNegamax(AlgoPVS, g, root, opt, rec)
}

func searchNegamax[S any, G Game[S]](algo Algorithm, g G, root S, opt Options[S], rec trace.Recorder) (trace.Result, error) {
	if err := opt.Validate(algo); err != nil {
		return trace.Result{}, err
	}
	e := newEngine[S, G](g, algo, opt, rec)
	e.initRealGames()
	defer e.giveBack()
	if err := e.checkSelective(); err != nil {
		return trace.Result{}, err
	}
	c := color(g.ToMove(root))
	v, _ := e.negamax(root, 0, math.Inf(-1), math.Inf(1))
	return e.finish(g.ToMove(root), c*v)
}

// color is +1 at MAX and −1 at MIN: the factor that turns a value for MAX
// into the value for the player to move.
func color(k trace.Kind) float64 {
	if k == trace.Min {
		return -1
	}
	return 1
}

// forMax turns a window held by the player to move into the window for
// MAX, as the events show it.
func forMax(c, alpha, beta float64) (float64, float64) {
	if c < 0 {
		return -beta, -alpha
	}
	return alpha, beta
}

// flip turns the bound of a value for the player to move into the bound of
// the same value for MAX.
func flip(b trace.Bound, c float64) trace.Bound {
	if c > 0 {
		return b
	}
	switch b {
	case trace.Lower:
		return trace.Upper
	case trace.Upper:
		return trace.Lower
	}
	return b
}

// above returns the least value above x that the null window of PVS and
// MTD(f) may test: x + Grain, or the next float64.
func (e *engine[S, G]) above(x float64) float64 {
	if e.opt.Grain > 0 {
		return x + e.opt.Grain
	}
	return math.Nextafter(x, math.Inf(1))
}

// below is the counterpart of above.
func (e *engine[S, G]) below(x float64) float64 {
	if e.opt.Grain > 0 {
		return x - e.opt.Grain
	}
	return math.Nextafter(x, math.Inf(-1))
}

// negamax searches s, a node at depth, with the window (alpha, beta) held
// by the player to move, and returns its value for that player and what
// the value means for that player (exact, lower or upper bound).
func (e *engine[S, G]) negamax(s S, depth int, alpha, beta float64) (float64, trace.Bound) {
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
	tracing := e.rec != nil
	kind := e.g.ToMove(s)
	c := color(kind)
	if tracing {
		ma, mb := forMax(c, alpha, beta)
		e.enterEvent(s, depth, kind, ma, mb)
	}
	rg := e.rg
	if rg.tt != nil {
		ma, mb := forMax(c, alpha, beta)
		ma, mb, tv, tb, cut := e.ttProbe(s, depth, kind, ma, mb)
		if cut {
			return c * tv, flip(tb, c)
		}
		alpha, beta = forMax(c, ma, mb)
	}
	terminal := e.g.Terminal(s)
	if !terminal && kind > trace.Min {
		e.fail(fmt.Errorf("search: %v handles MAX and MIN nodes, but node %q is %s", e.algo, e.idOr(depth), kind.Upper()))
		return 0, trace.Exact
	}
	if terminal || e.beyond(depth) {
		if !terminal && e.opt.Quiescence {
			return e.quiesce(s, depth, kind, alpha, beta)
		}
		ma, mb := forMax(c, alpha, beta)
		return c * e.leaf(s, depth, kind, terminal, ma, mb), trace.Exact
	}
	moves := e.g.Moves(s, p.moves[:0])
	if cap(moves) > cap(p.moves) {
		p.moves = moves[:0]
	}
	p.moves = moves
	n := len(moves)
	if n == 0 {
		e.fail(fmt.Errorf("search: node %q is not terminal but has no moves", e.idOr(depth)))
		return 0, trace.Exact
	}
	perm := e.negamaxOrder(s, depth, kind, moves)
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
	}
	return e.childLoop(s, depth, kind, moves, perm, n, alpha, beta, alpha, math.Inf(-1), false)
}

// childLoop is the loop over the children of the node s at depth, of
// kind, shared by negamax and quiescence search (q): the n children in the
// order perm (nil: natural order) are searched with the window (alpha,
// beta) held by the player to move, starting from the value v; a0 is α as
// the node was entered with, which decides whether the value returned is
// an upper bound. Negamax searches each child by negamax (PVS: a null
// window first), follows the previous pass's line, extends and learns
// from its cutoffs; quiescence searches captures by qChild. The events
// differ only in their pseudocode lines.
func (e *engine[S, G]) childLoop(s S, depth int, kind trace.Kind, moves []Move, perm []int, n int, alpha, beta, a0, v float64, q bool) (float64, trace.Bound) {
	p := e.ply(depth)
	tracing := e.rec != nil
	c := color(kind)
	strict := e.opt.Prune == PruneGT
	hard := e.opt.Fail == FailHard
	pvs := !q && e.algo == AlgoPVS
	selective := !q && e.opt.isSelective()
	valueLine, pruneLine, alphaLine := lineKey(kind, lineValue), lineKey(kind, linePrune), "max-alpha"
	if c < 0 {
		alphaLine = "min-beta"
	}
	if q {
		valueLine, pruneLine, alphaLine = "q-value", "q-prune", "q-alpha"
	}
	best := -1
	below := e.ply(depth + 1)
	for k := 0; k < n; k++ {
		i := k
		if perm != nil {
			i = perm[k]
		}
		if tracing {
			below.id = e.ids.child(p.id, i)
		}
		if !q {
			e.followPath(depth, i)
		}
		if selective {
			below.ext = e.childExt(depth, i)
		}
		child := e.g.Result(s, moves[i])
		var cv float64
		var cb trace.Bound
		switch {
		case q:
			cv, cb = e.qChild(child, depth+1, -beta, -alpha)
		case pvs && k > 0:
			nb := e.above(alpha)
			cv, cb = e.negamax(child, depth+1, -nb, -alpha)
			if -cv > alpha && -cv < beta && !e.stopped {
				e.rg.researches++
				if tracing {
					e.researchEvent(depth, kind, c, below.id, -cv, alpha, beta)
				}
				cv, cb = e.negamax(child, depth+1, -beta, -alpha)
			}
		default:
			cv, cb = e.negamax(child, depth+1, -beta, -alpha)
		}
		if e.stopped {
			return 0, trace.Exact
		}
		cv, cb = -cv, flip(cb, -1) // the child's value and bound, now for this node's player
		changed := cv > v
		if changed {
			v, best = cv, i
			setPV(p, below, i)
		}
		if tracing {
			ma, mb := forMax(c, alpha, beta)
			ev := &e.ev
			ev.Reset(trace.Update, valueLine, p.id, kind, depth)
			ev.Alpha, ev.Beta, ev.Value = trace.Num(ma), trace.Num(mb), trace.Num(c*v)
			ev.Child, ev.ChildValue, ev.ChildBound = below.id, trace.Num(c*cv), flip(cb, c)
			if changed {
				ev.Changed = "value"
			}
			e.emit()
		}
		cut := v >= beta
		if strict {
			cut = v > beta
		}
		if cut {
			if k+1 < n {
				p.cutoffs++
			}
			if !q {
				e.noteCut(depth, kind, moves[i])
			}
			ret := v
			if hard {
				ret = beta
			}
			if tracing {
				ma, mb := forMax(c, alpha, beta)
				var killers []trace.Killer // a capture's cutoff teaches the killer slots nothing
				if !q {
					killers = e.killerSlots(depth)
				}
				e.pruneEvent(pruneLine, p.id, kind, depth, ma, mb, c*v, e.cutTest(c > 0, strict, c*v, ma, mb), e.pruneList(depth, k, n, perm), killers)
			}
			if q {
				return e.qReturn(depth, kind, ret, trace.Lower, best, pruneLine, alpha, beta)
			}
			return e.negamaxReturn(depth, kind, c, ret, trace.Lower, best, pruneLine, alpha, beta)
		}
		if v > alpha {
			alpha = v
			if tracing {
				ma, mb := forMax(c, alpha, beta)
				what := "alpha"
				if c < 0 {
					what = "beta"
				}
				e.windowEvent(alphaLine, what, p.id, kind, depth, ma, mb, c*v, below.id, c*cv, flip(cb, c))
			}
		}
	}
	ret := v
	if hard {
		ret = alpha
	}
	b := trace.Exact
	if ret <= a0 {
		b = trace.Upper
	}
	if q {
		return e.qReturn(depth, kind, ret, b, best, "q-return", alpha, beta)
	}
	return e.negamaxReturn(depth, kind, c, ret, b, best, lineKey(kind, lineReturn), alpha, beta)
}

// negamaxReturn stores the result of the node at depth in the table, emits
// its exit and returns it.
func (e *engine[S, G]) negamaxReturn(depth int, kind trace.Kind, c, v float64, b trace.Bound, best int, line string, alpha, beta float64) (float64, trace.Bound) {
	if e.rg.tt != nil {
		e.ttStore(depth, kind, c*v, flip(b, c), best)
	}
	if e.rec != nil {
		ma, mb := forMax(c, alpha, beta)
		e.exitEvent(depth, kind, c*v, flip(b, c), line, ma, mb)
	}
	return v, b
}

// researchEvent reports that the child at id failed high on its null
// window (its value cv > α for the player to move) and is searched again
// with (α, β).
func (e *engine[S, G]) researchEvent(depth int, kind trace.Kind, c float64, child string, cv, alpha, beta float64) {
	ma, mb := forMax(c, alpha, beta)
	ev := &e.ev
	ev.Reset(trace.Research, "research", e.ply(depth).id, kind, depth)
	ev.Alpha, ev.Beta, ev.Child, ev.Value = trace.Num(ma), trace.Num(mb), child, trace.Num(c*cv)
	if c > 0 {
		ev.Test = trace.Num(cv).String() + " > α = " + trace.Num(alpha).String()
	} else {
		ev.Test = trace.Num(-cv).String() + " < β = " + trace.Num(-alpha).String()
	}
	e.emit()
}

// followPath notes whether the child i of the node at depth lies on the
// previous pass's principal variation.
func (e *engine[S, G]) followPath(depth, i int) {
	rg := e.rg
	if depth+1 < len(rg.onPV) {
		rg.onPV[depth+1] = rg.onPV[depth] && depth < len(rg.prevPV) && int(rg.prevPV[depth]) == i
	}
	if e.opt.Order == OrderRandom || rg.tt != nil && rg.keyer == nil {
		e.ply(depth + 1).hash = mixHash(e.ply(depth).hash, i)
	}
}

// negamaxOrder is the order of the children at depth: the ordering's,
// then the table's best move and the previous pass's move put first (the
// latter first of all). It returns nil for natural order.
func (e *engine[S, G]) negamaxOrder(s S, depth int, kind trace.Kind, moves []Move) []int {
	var perm []int
	if e.opt.Order != OrderNatural {
		perm = e.order(s, depth, kind, moves)
	}
	rg := e.rg
	front := func(i int) {
		if perm == nil {
			pl := e.ply(depth)
			perm = pl.perm[:0]
			for j := range moves {
				perm = append(perm, j)
			}
			pl.perm = perm
		}
		for k, j := range perm {
			if j == i {
				copy(perm[1:k+1], perm[:k])
				perm[0] = i
				return
			}
		}
	}
	if h := rg.hint[depth]; rg.tt != nil && h >= 0 {
		for i, m := range moves {
			if m == h {
				front(i)
				break
			}
		}
	}
	if rg.onPV[depth] && depth < len(rg.prevPV) && int(rg.prevPV[depth]) < len(moves) {
		front(int(rg.prevPV[depth]))
	}
	return perm
}
