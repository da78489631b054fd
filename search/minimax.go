package search

import (
	"math"

	"github.com/abtrace/abtrace/trace"
)

// Minimax searches every node below root and returns its minimax value:
// the utility (for MAX) that both players can force with best play, down
// to the depth limit of opt, where opt.Eval values the positions instead.
//
// With a nil rec it emits nothing and allocates nothing per node. With a
// recorder it emits enter, (leaf | expand, then per child an update), exit
// for every node and one done event at the end; a recorder that returns
// false stops the search, and Minimax then returns ErrStopped.
func Minimax[S any, G Game[S]](g G, root S, opt Options[S], rec trace.Recorder) (trace.Result, error) {
	if err := opt.Validate(AlgoMinimax); err != nil {
		return trace.Result{}, err
	}
	e := newEngine[S, G](g, AlgoMinimax, opt, rec)
	if opt.TT > 0 {
		e.initRealGames()
		defer e.giveBack()
	}
	e.ways()
	v := e.minimax(root, 0)
	return e.finish(g.ToMove(root), v)
}

// minimax returns the minimax value of s, a node at the given depth: the
// lecture's MAX-VALUE and MIN-VALUE without a window, over the steps of
// node.go.
func (e *engine[S, G]) minimax(s S, depth int) float64 {
	nd, v, _ := e.open(s, depth, math.Inf(-1), math.Inf(1))
	if nd == nil {
		return v // terminal, depth limit, or a position the table knows
	}
	if e.kids != nil { // plain, with every child made at once (Expander)
		kids, below, leaves := e.brood[depth][:nd.n], nd.below, 0
		for i, ch := range kids {
			if ch.Terminal {
				leaves++
				below.pvn = 0
			} else {
				e.inner, e.innerKind = true, ch.Kind
				if ch.Utility = e.minimax(ch.State, depth+1); e.stopped {
					return 0
				}
			}
			if (ch.Utility-nd.v)*nd.dir > 0 { // the child's value improves v
				nd.better(i, ch.Utility)
			}
		}
		below.nodes += leaves // the terminal children, valued without entering them
		below.leaves += leaves
		e.visits(leaves)
		return nd.v
	}
	for k := 0; k < nd.n; k++ {
		i := e.child(nd, depth, k)
		c, terminal, kind, cv := e.steps.Step(s, nd.moves[i])
		if !e.valued(nd, depth, terminal, kind) { // untraced, a terminal child is its utility
			cv = e.minimax(c, depth+1)
		}
		if e.stopped {
			return 0
		}
		e.update(nd, depth, i, cv, trace.Exact) // v ← MAX(v, child) at MAX, MIN at MIN
	}
	v, _ = e.exit(nd, depth)
	return v
}
