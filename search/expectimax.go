package search

import (
	"fmt"
	"math"

	"github.com/abtrace/abtrace/trace"
)

// Expectiminimax returns the expectiminimax value of root: MAX nodes take
// the largest child value, MIN nodes the smallest, and a CHANCE node the
// expected value of its children, Σ pᵢ·vᵢ, with the probabilities the game
// gives (Prober) or equal ones when it gives none (Russell & Norvig,
// section 5.5). Down to the depth limit of opt, where opt.Eval values the
// positions instead. Every node is searched; nothing is pruned.
//
// The value of a chance node is tidied: floating-point noise below its
// 12th significant digit is removed when that leaves a short decimal (so
// 0.9 × 2 + 0.1 × 3 is 2.1). The principal variation stops at the first
// chance node, where no one chooses; Best is "" when the root is one.
//
// With a nil rec it emits nothing and allocates nothing per node. With a
// recorder it emits enter, (leaf | expand, then per child an update), exit
// for every node and one done event at the end. At a chance node the
// expand event carries the probabilities (Probs, by natural index) and
// each update the running weighted sum over the children returned so far
// as Value, with the child's value as ChildValue, so the viewer can write
// "0.9 × 2 + …". The events carry no window. A recorder that returns false
// stops the search, which then returns ErrStopped.
func Expectiminimax[S any, G Game[S]](g G, root S, opt Options[S], rec trace.Recorder) (trace.Result, error) {
	if err := opt.Validate(AlgoExpectiminimax); err != nil {
		return trace.Result{}, err
	}
	x := newX[S, G](g, AlgoExpectiminimax, opt, rec)
	x.skip = x.canSkip()
	v := x.expecti(root, 0)
	return x.finish(g.ToMove(root), v)
}

// expecti returns the expectiminimax value of s, a node at the given depth.
func (x *xengine[S, G]) expecti(s S, depth int) float64 {
	if depth > MaxSearchDepth {
		x.tooDeep()
		return 0
	}
	p := x.ply(depth)
	p.nodes++
	p.pvn = 0
	if !x.visit() {
		return 0
	}
	kind := x.g.ToMove(s)
	tracing := x.traces(depth)
	inf := math.Inf(1)
	if tracing {
		x.enterX(s, depth, kind, -inf, inf)
		if x.skip {
			if v, _, ok := x.subBegin(depth); ok {
				return v
			}
		}
	} else {
		x.counted(depth, 1)
	}
	if kind > trace.Chance {
		x.fail(fmt.Errorf("search: expectiminimax handles MAX, MIN and CHANCE nodes, but node %q is %s", x.nodeID(depth), kind.Upper()))
		return 0
	}
	if terminal := x.g.Terminal(s); terminal || depth >= x.limit {
		return x.leafX(s, depth, kind, terminal, -inf, inf)
	}
	moves := x.g.Moves(s, p.moves[:0])
	p.moves = moves
	n := len(moves)
	if n == 0 {
		x.fail(fmt.Errorf("search: node %q is not terminal but has no moves", x.nodeID(depth)))
		return 0
	}
	chance := kind == trace.Chance
	var probs []float64
	if chance {
		if probs = x.probabilities(s, depth, n); probs == nil {
			return 0
		}
	}
	perm, by := x.orderX(s, depth, kind, moves, probs)
	if x.stopped {
		return 0
	}
	if tracing {
		x.expandX(depth, kind, n, perm, probs, by)
	} else {
		x.step++
	}
	var v float64
	switch kind {
	case trace.Max:
		v = -inf
	case trace.Min:
		v = inf
	}
	sum := 0.0 // chance nodes: Σ p·v over the children returned so far
	below := x.ply(depth + 1)
	random := x.opt.Order == OrderRandom
	for k := 0; k < n; k++ {
		i := k
		if perm != nil {
			i = perm[k]
		}
		x.path[depth+1] = int32(i)
		if tracing {
			below.id = x.ids.child(p.id, i)
		}
		if random {
			below.hash = mixHash(p.hash, i)
		}
		cv := x.expecti(x.g.Result(s, moves[i]), depth+1)
		if x.stopped {
			return 0
		}
		var changed bool
		if chance {
			sum += probs[i] * cv
			old := v
			v = tidy(sum)
			changed = k == 0 || v != old
		} else if changed = betterFor(kind, cv, v); changed {
			v = cv
			setPV(p, below, i)
		}
		if tracing {
			ev := &x.ev
			ev.Reset(trace.Update, xLineKey(kind, lineValue), p.id, kind, depth)
			ev.Value = trace.Num(v)
			ev.Child, ev.ChildValue, ev.ChildBound = below.id, trace.Num(cv), trace.Exact
			if changed {
				ev.Changed = "value"
			}
			x.emit()
		} else {
			x.step++
		}
	}
	if tracing {
		x.exitEvent(depth, kind, v, trace.Exact, xLineKey(kind, lineReturn), -inf, inf)
	} else {
		x.step++
	}
	return v
}
