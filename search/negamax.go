package search

import (
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
func (e *core) above(x float64) float64 {
	if e.grain > 0 {
		return x + e.grain
	}
	return math.Nextafter(x, math.Inf(1))
}

// below is the counterpart of above.
func (e *core) below(x float64) float64 {
	if e.grain > 0 {
		return x - e.grain
	}
	return math.Nextafter(x, math.Inf(-1))
}

// negamax searches s, a node at depth, with the window (alpha, beta) held
// by the player to move, and returns its value for that player and what
// the value means for that player (exact, lower or upper bound): the
// lecture's NEGAMAX over the steps of node.go. PVS searches each child
// after the first with a null window first (childLow) and again with
// the full one when that fails high inside it (research).
func (e *engine[S, G]) negamax(s S, depth int, alpha, beta float64) (float64, trace.Bound) {
	nd, v, b := e.open(s, depth, alpha, beta)
	if nd == nil {
		return v, b // terminal, depth limit (quiescence past it), or the table's
	}
	for k := 0; k < nd.n; k++ {
		i := e.child(nd, depth, k)
		c := e.g.Result(s, nd.moves[i])
		cv, cb := e.negamax(c, depth+1, e.childLow(nd, k), -nd.alpha) // (−β, −α); PVS after the first child (−α−ε, −α)
		if k > 0 && e.algo == AlgoPVS && e.research(nd, depth, cv) {
			cv, cb = e.negamax(c, depth+1, -nd.beta, -nd.alpha) // failed high inside (α, β)
		}
		if e.stopped {
			return 0, trace.Exact
		}
		e.update(nd, depth, i, -cv, flip(cb, -1)) // v ← MAX(v, −NEGAMAX(child, −β, −α))
		if e.cuts(nd) {
			return e.prune(nd, depth, k, i) // v ≥ β
		}
		e.narrow(nd, depth) // α ← MAX(α, v)
	}
	return e.exit(nd, depth)
}

// childLow is the lower edge of the k-th child's window, for the child's
// player: −β, or under PVS after the first child −α−ε (the null window
// (−α−ε, −α)). It is inlined into the search: no call per child.
func (e *core) childLow(nd *ply, k int) float64 {
	if k > 0 && e.algo == AlgoPVS {
		return -e.above(nd.alpha)
	}
	return -nd.beta
}

// research reports whether a child of a PVS node that was searched with
// the null window failed high inside (α, β): its value −cv lies above α
// and below β. Then it is searched again with (−β, −α), which this counts
// and the research event reports.
func (e *engine[S, G]) research(nd *ply, depth int, cv float64) bool {
	if !(-cv > nd.alpha && -cv < nd.beta) || e.stopped {
		return false
	}
	e.rg.researches++
	if nd.tracing {
		e.researchEvent(depth, nd.kind, nd.c, nd.below.id, -cv, nd.alpha, nd.beta)
	}
	return true
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
func (e *core) followPath(depth, i int) {
	l := e.line
	if depth+1 < len(l.onPV) {
		l.onPV[depth+1] = l.onPV[depth] && depth < len(l.prevPV) && int(l.prevPV[depth]) == i
	}
}

// front puts first, in the order perm (nil: natural order) of the moves
// at depth, the table's best move and then the previous pass's move (the
// latter first of all), and returns the order.
func (e *engine[S, G]) front(depth int, moves []Move, perm []int) []int {
	rg := e.rg
	put := func(i int) {
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
				put(i)
				break
			}
		}
	}
	if rg.onPV[depth] && depth < len(rg.prevPV) && int(rg.prevPV[depth]) < len(moves) {
		put(int(rg.prevPV[depth]))
	}
	return perm
}
