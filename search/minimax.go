package search

import (
	"fmt"
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
	e.skip = e.canSkip()
	v := e.minimax(root, 0)
	return e.finish(g.ToMove(root), v)
}

// minimax returns the minimax value of s, a node at the given depth.
func (e *engine[S, G]) minimax(s S, depth int) float64 {
	if depth > MaxSearchDepth {
		e.tooDeep()
		return 0
	}
	p := e.ply(depth)
	p.nodes++
	p.pvn = 0
	if !e.visit() {
		return 0
	}
	tracing := e.traces(depth)
	terminal := e.g.Terminal(s)
	if terminal && !tracing && e.rg == nil {
		// Untraced, a terminal position needs nothing but its utility.
		p.leaves++
		e.counted(depth, 3) // enter, leaf, exit
		return e.g.Utility(s)
	}
	kind := e.g.ToMove(s)
	if tracing {
		e.enterEvent(s, depth, kind, math.Inf(-1), math.Inf(1))
		if e.skip {
			if v, _, ok := e.subBegin(depth); ok {
				return v
			}
		}
	} else {
		e.counted(depth, 1)
	}
	if e.rg != nil {
		// With a table, a position met before is not searched again.
		if _, _, tv, _, cut := e.ttProbe(s, depth, kind, math.Inf(-1), math.Inf(1)); cut {
			return tv
		}
	}
	if !terminal && kind > trace.Min {
		e.fail(fmt.Errorf("search: minimax handles MAX and MIN nodes, but node %q is %s", e.idOr(depth), kind.Upper()))
		return 0
	}
	if terminal || depth >= e.limit {
		return e.leaf(s, depth, kind, terminal, math.Inf(-1), math.Inf(1))
	}
	moves := e.g.Moves(s, p.moves[:0])
	p.moves = moves // kept whole: the table stores the best move from it
	n := len(moves)
	if n == 0 {
		e.fail(fmt.Errorf("search: node %q is not terminal but has no moves", e.idOr(depth)))
		return 0
	}
	var perm []int
	if e.opt.Order != OrderNatural {
		perm = e.order(s, depth, kind, moves)
	}
	if e.stopped {
		return 0
	}
	if tracing {
		e.expandEvent(depth, kind, n, perm)
	} else {
		e.step++
	}
	v := math.Inf(1)
	if kind == trace.Max {
		v = math.Inf(-1)
	}
	below := e.ply(depth + 1)
	// Children's path hashes key the random ordering, and the table of a
	// game whose positions have no key of their own.
	pathHash := e.opt.Order == OrderRandom || e.rg != nil && e.rg.keyer == nil
	for k := 0; k < n; k++ {
		i := k
		if perm != nil {
			i = perm[k]
		}
		e.path[depth+1] = int32(i)
		if tracing {
			below.id = e.ids.child(p.id, i)
		}
		if pathHash {
			below.hash = mixHash(p.hash, i)
		}
		cv := e.minimax(e.g.Result(s, moves[i]), depth+1)
		if e.stopped {
			return 0
		}
		changed := betterFor(kind, cv, v)
		if changed {
			v = cv
			setPV(p, below, i)
		}
		if tracing {
			ev := &e.ev
			ev.Reset(trace.Update, lineKey(kind, lineValue), p.id, kind, depth)
			ev.Value = trace.Num(v)
			ev.Child, ev.ChildValue, ev.ChildBound = below.id, trace.Num(cv), trace.Exact
			if changed {
				ev.Changed = "value"
			}
			e.emit()
		} else {
			e.step++
		}
	}
	if e.rg != nil {
		e.ttStore(depth, kind, v, trace.Exact, e.bestChild(depth))
	}
	if tracing {
		e.exitEvent(depth, kind, v, trace.Exact, lineKey(kind, lineReturn), math.Inf(-1), math.Inf(1))
	} else {
		e.step++
	}
	return v
}
