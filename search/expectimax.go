package search

import (
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
	e := newEngine[S, G](g, AlgoExpectiminimax, opt, rec)
	e.skip = e.canSkip()
	v := e.expecti(root, 0)
	return e.finish(g.ToMove(root), v)
}

// expecti returns the expectiminimax value of s, a node at the given
// depth: the lecture's EXPECTIMINIMAX over the steps of node.go, whose
// update at a chance node is the weighted sum (chanceUpdate).
func (e *engine[S, G]) expecti(s S, depth int) float64 {
	nd, v, _ := e.open(s, depth, math.Inf(-1), math.Inf(1))
	if nd == nil {
		return v // terminal or depth limit
	}
	sum := 0.0 // chance nodes: Σ p·v over the children returned so far
	for k := 0; k < nd.n; k++ {
		i := e.child(nd, depth, k)
		cv := e.expecti(e.g.Result(s, nd.moves[i]), depth+1)
		if e.stopped {
			return 0
		}
		if nd.kind == trace.Chance {
			sum += nd.probs[i] * cv
			e.chanceUpdate(nd, depth, k, i, cv, sum)
		} else {
			e.update(nd, depth, i, cv, trace.Exact) // v ← MAX(v, child) at MAX, MIN at MIN
		}
	}
	v, _ = e.exit(nd, depth)
	return v
}

// chanceUpdate takes the value cv of the k-th child (natural index i) of
// a chance node: its value is the weighted sum so far, tidied.
func (e *engine[S, G]) chanceUpdate(p *ply, depth, k, i int, cv, sum float64) {
	old := p.v
	p.v = tidy(sum)
	if !p.tracing {
		e.step++
		return
	}
	changed := ""
	if k == 0 || p.v != old {
		changed = "value"
	}
	e.updateEvent(p, depth, stepValue, changed, cv, trace.Exact) // no window: α and β are 0
}
