package search

import (
	"fmt"
	"math"

	"github.com/abtrace/abtrace/trace"
)

// Star1 returns the expectiminimax value of root (the value Expectiminimax
// returns), skipping what cannot change it: alpha-beta at MAX and MIN
// nodes, and at CHANCE nodes the cutoffs of Ballard's Star1 (B. W. Ballard,
// "The *-minimax search procedure for trees containing chance nodes",
// Artificial Intelligence 21, 1983; see also Hauk, Buro and Schaeffer,
// "Rediscovering *-Minimax Search", 2004). Star1 relies on bounds: every
// leaf value (utility or evaluation) lies in [L, U] = opt.Bounds, and a
// leaf outside them is an error naming it. Without bounds Star1 is an
// error: a chance node could then never be cut.
//
// # The window contract
//
// At every node, as in AlphaBeta, α is the value the caller is already
// sure of for MAX and β the value it is sure of for MIN: a true value
// strictly inside (α, β) is returned exactly, a fail-low return (at most α;
// below α under PruneGT) is an upper bound on the true value and a
// fail-high return (at least β; above β under PruneGT) a lower bound.
// Fail-hard returns α or β themselves. A chance node keeps this contract:
// its window says which expected values matter to its caller.
//
// # Bounds at a chance node
//
// Let the children of a chance node be searched in the order 1..n with
// probabilities p₁..pₙ, and let child i return vᵢ. After children 1..i,
// with s = Σ_{j≤i} pⱼvⱼ and r = Σ_{j>i} pⱼ (the probability still unseen),
// every unseen child is worth at least L and at most U, so the node's value
// V lies in
//
//	[s + r·L, s + r·U].
//
// If the upper end is ≤ α, V ≤ α whatever the rest holds: the node fails
// low and returns s + r·U, an upper bound. If the lower end is ≥ β it fails
// high and returns s + r·L, a lower bound. (Under PruneGT the tests are < α
// and > β.) Before the first child the interval is [L, U] itself, so a
// chance node entered with α ≥ U or β ≤ L is cut before it searches
// anything.
//
// # The window of each child
//
// Child i need not be searched exactly where its value alone decides a
// cut. Write s = Σ_{j<i} pⱼvⱼ for the children before it and r = Σ_{j>i} pⱼ
// for those after it. The node fails low after child i exactly when
// s + pᵢvᵢ + r·U ≤ α, that is when
//
//	vᵢ ≤ αᵢ = (α − s − r·U) / pᵢ,
//
// and fails high exactly when s + pᵢvᵢ + r·L ≥ β, that is when
//
//	vᵢ ≥ βᵢ = (β − s − r·L) / pᵢ.
//
// So child i is searched with the window (max(αᵢ, L), min(βᵢ, U)): between
// αᵢ and βᵢ its exact value is needed; beyond them a bound decides the cut.
// Clamping to [L, U] changes nothing: a child is never worth less than L,
// so an αᵢ below L can never be reached, and a child that fails low against
// α = L has exactly the value L (likewise for U). With equal probabilities
// 1/n this is Ballard's A = n(α − U) + U and B = n(β − L) + L, moved by
// U − vᵢ and L − vᵢ after each child.
//
// The cut after child i is decided by comparing vᵢ with αᵢ and βᵢ, which is
// the interval test above without its rounding: a child that returned a
// bound (vᵢ at or beyond the window it was given) always cuts, so the sum
// s never holds a bound as if it were a value.
//
// # The trace
//
// Events carry α and β (Window). A chance node emits enter with the window
// its caller gave, expand with the probabilities, and after each child an
// update whose Value is the running weighted sum s and whose Low and High
// (Range) are the interval [s + r·L, s + r·U]. Each child's enter event
// carries the window derived for it. A cut is a prune event whose Test
// says why, with numbers: "upper bound 2.4 ≤ α = 3" (fail low) or "lower
// bound 5.5 ≥ β = 5" (fail high), listing the children skipped, then exit
// with the bound. MAX and MIN nodes emit what AlphaBeta emits.
//
// As with the other searches, a nil rec costs nothing and allocates
// nothing per node, and a recorder that returns false stops the search.
func Star1[S any, G Game[S]](g G, root S, opt Options[S], rec trace.Recorder) (trace.Result, error) {
	if err := opt.Validate(AlgoStar1); err != nil {
		return trace.Result{}, err
	}
	x := newX[S, G](g, AlgoStar1, opt, rec)
	x.skip = x.canSkip()
	v, _ := x.star1(root, 0, math.Inf(-1), math.Inf(1))
	return x.finish(g.ToMove(root), v)
}

// star1 searches s, a node at the given depth, with the window (alpha,
// beta) under the contract of Star1, and returns its value and, while
// tracing, what that value means. Untraced, the bound is always Exact and
// means nothing.
func (x *xengine[S, G]) star1(s S, depth int, alpha, beta float64) (float64, trace.Bound) {
	if depth > MaxSearchDepth {
		x.tooDeep()
		return 0, trace.Exact
	}
	p := x.ply(depth)
	p.nodes++
	p.pvn = 0
	if !x.visit() {
		return 0, trace.Exact
	}
	kind := x.g.ToMove(s)
	tracing := x.traces(depth)
	if tracing {
		x.enterX(s, depth, kind, alpha, beta)
		if x.skip {
			if v, b, ok := x.subBegin(depth); ok {
				return v, b
			}
		}
	} else {
		x.counted(depth, 1)
	}
	if kind > trace.Chance {
		x.fail(fmt.Errorf("search: star1 handles MAX, MIN and CHANCE nodes, but node %q is %s", x.nodeID(depth), kind.Upper()))
		return 0, trace.Exact
	}
	if terminal := x.g.Terminal(s); terminal || depth >= x.limit {
		return x.leafX(s, depth, kind, terminal, alpha, beta), trace.Exact
	}
	moves := x.g.Moves(s, p.moves[:0])
	p.moves = moves
	n := len(moves)
	if n == 0 {
		x.fail(fmt.Errorf("search: node %q is not terminal but has no moves", x.nodeID(depth)))
		return 0, trace.Exact
	}
	var probs []float64
	if kind == trace.Chance {
		if probs = x.probabilities(s, depth, n); probs == nil {
			return 0, trace.Exact
		}
	}
	perm, by := x.orderX(s, depth, kind, moves, probs)
	if x.stopped {
		return 0, trace.Exact
	}
	if tracing {
		x.expandX(depth, kind, n, perm, probs, by)
	} else {
		x.step++
	}
	if kind == trace.Chance {
		return x.star1Chance(s, depth, alpha, beta, moves, perm, probs)
	}
	return x.star1MinMax(s, depth, kind, alpha, beta, moves, perm)
}

// star1MinMax is alpha-beta at a MAX or MIN node whose children are
// searched by star1.
func (x *xengine[S, G]) star1MinMax(s S, depth int, kind trace.Kind, alpha, beta float64, moves []Move, perm []int) (float64, trace.Bound) {
	p := x.ply(depth)
	n := len(moves)
	tracing := x.traces(depth)
	bounds := x.rec != nil // inside a counted subtree too
	isMax := kind == trace.Max
	strict := x.opt.Prune == PruneGT
	hard := x.opt.Fail == FailHard
	a0, b0 := alpha, beta
	v := math.Inf(1)
	if isMax {
		v = math.Inf(-1)
	}
	lo, hi := v, v // when someone listens: the interval the children's reports prove
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
		cv, cb := x.star1(x.g.Result(s, moves[i]), depth+1, alpha, beta)
		if x.stopped {
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
			ev := &x.ev
			ev.Reset(trace.Update, lineKey(kind, lineValue), p.id, kind, depth)
			ev.Alpha, ev.Beta, ev.Value = trace.Num(alpha), trace.Num(beta), trace.Num(v)
			ev.Child, ev.ChildValue, ev.ChildBound = below.id, trace.Num(cv), cb
			if changed {
				ev.Changed = "value"
			}
			x.emit()
		} else {
			x.step++
		}
		var cut bool
		switch {
		case isMax && strict:
			cut = v > beta
		case isMax:
			cut = v >= beta
		case strict:
			cut = v < alpha
		default:
			cut = v <= alpha
		}
		if cut {
			if k+1 < n {
				p.cutoffs++
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
					pruned = x.pruneList(depth, k, n, perm)
					lo, hi = combine(isMax, lo, hi, math.NaN(), 0)
				}
				x.pruneEvent(line, p.id, kind, depth, alpha, beta, v, x.cutTest(isMax, strict, v, alpha, beta), pruned, nil)
				x.exitEvent(depth, kind, ret, x.bound(isMax, ret, v, lo, hi, a0, b0), line, alpha, beta)
			} else {
				lo, hi = x.countCut(isMax, lo, hi, depth, kind, alpha, beta, v, k, n, perm)
			}
			return ret, x.boundIfTracing(isMax, ret, v, lo, hi, a0, b0)
		}
		if isMax && v > alpha {
			alpha = v
			if tracing {
				x.windowEvent("max-alpha", "alpha", p.id, kind, depth, alpha, beta, v, below.id, cv, cb)
			} else {
				x.step++
			}
		} else if !isMax && v < beta {
			beta = v
			if tracing {
				x.windowEvent("min-beta", "beta", p.id, kind, depth, alpha, beta, v, below.id, cv, cb)
			} else {
				x.step++
			}
		}
	}
	ret := v
	if hard {
		ret = alpha
		if !isMax {
			ret = beta
		}
	}
	b := x.boundIfTracing(isMax, ret, v, lo, hi, a0, b0)
	if tracing {
		x.exitEvent(depth, kind, ret, b, lineKey(kind, lineReturn), alpha, beta)
	} else {
		x.step++
	}
	return ret, b
}

// star1Chance searches the children of the chance node s with the windows
// derived in the doc comment of Star1, cutting as soon as the interval of
// the node's value lies wholly at or below α or at or above β.
func (x *xengine[S, G]) star1Chance(s S, depth int, alpha, beta float64, moves []Move, perm []int, probs []float64) (float64, trace.Bound) {
	p := x.ply(depth)
	n := len(moves)
	tracing := x.traces(depth)
	bounds := x.rec != nil // inside a counted subtree too
	L, U := x.opt.Bounds.L, x.opt.Bounds.U
	strict := x.opt.Prune == PruneGT
	rest := x.restSums(depth, probs, perm)
	first := 0
	if perm != nil {
		first = perm[0]
	}
	c := chanceCut{alpha: alpha, beta: beta, all: rest[0] + probs[first]}
	// Before the first child the node's value lies in [L, U] (times the
	// total probability, which is 1 within ProbTolerance). The ends are
	// tidied like every sum, so that probabilities such as thirteenths or
	// tenths, whose sum is 1 on paper but 1 ± 2⁻⁵² in binary, cut exactly
	// as quarters do; the cut text shows the same tidied numbers.
	low, high := tidy(c.all*L), tidy(c.all*U)
	switch {
	case strict && high < alpha, !strict && high <= alpha:
		return x.cutChance(depth, -1, n, perm, &c, true, low, high)
	case strict && low > beta, !strict && low >= beta:
		return x.cutChance(depth, -1, n, perm, &c, false, low, high)
	}
	below := x.ply(depth + 1)
	random := x.opt.Order == OrderRandom
	for k := 0; k < n; k++ {
		i := k
		if perm != nil {
			i = perm[k]
		}
		pi, r := probs[i], rest[k]
		// The child's window: below ai the node fails low, above bi high.
		// Tidied like the sums, so the trace shows 7 rather than
		// 6.999999999999999; the cut below compares with these same numbers.
		ai := tidy((alpha - c.sum - r*U) / pi)
		bi := tidy((beta - c.sum - r*L) / pi)
		x.path[depth+1] = int32(i)
		if tracing {
			below.id = x.ids.child(p.id, i)
		}
		if random {
			below.hash = mixHash(p.hash, i)
		}
		cv, cb := x.star1(x.g.Result(s, moves[i]), depth+1, math.Max(ai, L), math.Min(bi, U))
		if x.stopped {
			return 0, trace.Exact
		}
		c.sum += pi * cv
		if bounds {
			// What the child's report proves about its true value.
			clo, chi := cv, cv
			switch cb {
			case trace.Lower:
				chi = U
			case trace.Upper:
				clo = L
			}
			c.tlo += pi * clo
			c.thi += pi * chi
		}
		low, high = c.sum+r*L, c.sum+r*U
		if tracing {
			tl, th := c.interval(r, L, U)
			ev := &x.ev
			ev.Reset(trace.Update, xLineKey(trace.Chance, lineValue), p.id, trace.Chance, depth)
			ev.Alpha, ev.Beta, ev.Value = trace.Num(alpha), trace.Num(beta), trace.Num(tidy(c.sum))
			ev.Child, ev.ChildValue, ev.ChildBound, ev.Changed = below.id, trace.Num(cv), cb, "value"
			ev.Range, ev.Low, ev.High = true, trace.Num(tl), trace.Num(th)
			x.emit()
		} else {
			x.step++
		}
		var failLow, failHigh bool
		if strict {
			failLow, failHigh = cv < ai, cv > bi
		} else {
			failLow, failHigh = cv <= ai, cv >= bi
		}
		if failLow || failHigh {
			return x.cutChance(depth, k, n, perm, &c, failLow, low, high)
		}
	}
	v := tidy(c.sum)
	if tracing {
		x.emitExit(trace.Event{Type: trace.Exit, Line: xLineKey(trace.Chance, lineReturn), Node: p.id, Kind: trace.Chance, Depth: depth,
			Alpha: trace.Num(alpha), Beta: trace.Num(beta), Value: trace.Num(v), Bound: trace.Exact,
			Range: true, Low: trace.Num(v), High: trace.Num(v)})
	} else {
		x.step++
	}
	return v, trace.Exact
}

// chanceCut is the state of a chance node under Star1.
type chanceCut struct {
	alpha, beta float64
	all         float64 // Σ of all the probabilities
	sum         float64 // Σ p·v over the children returned
	tlo, thi    float64 // when someone listens: Σ p·(least and greatest true value) over the children returned
}

// interval is what the children's reports prove about the node's value
// (tracing only), with r the probability of the children not yet
// returned: each reported bound counts with its far end at L or U. Under
// fail-soft without cutoffs below it is [s + r·L, s + r·U].
func (c *chanceCut) interval(r, L, U float64) (float64, float64) {
	return tidy(c.tlo + r*L), tidy(c.thi + r*U)
}

// cutChance ends the chance node at depth after position k of the search
// order (k = −1: before the first child), failing low (the value interval
// [low, high] lies at or below α) or high (at or above β). It emits the
// prune and exit events and returns the bound: the interval's end, or α or
// β themselves when failing hard.
func (x *xengine[S, G]) cutChance(depth, k, n int, perm []int, c *chanceCut, failLow bool, low, high float64) (float64, trace.Bound) {
	p := x.ply(depth)
	strict := x.opt.Prune == PruneGT
	if k+1 < n {
		p.cutoffs++
	}
	// The bound, tidied, and kept on the right side of the window even
	// where the rounding of the sums says otherwise (the comparison of the
	// child's value with its window is what decided the cut).
	var ret, bnd float64
	var b trace.Bound
	var line string
	if failLow {
		bnd = tidy(high)
		if strict && bnd >= c.alpha {
			bnd = high // tidying moved it onto α: keep the sum as it is
		}
		switch {
		case strict && bnd >= c.alpha:
			bnd = math.Nextafter(c.alpha, math.Inf(-1))
		case !strict && bnd > c.alpha:
			bnd = c.alpha
		}
		ret, b, line = bnd, trace.Upper, lineChanceFailLow
		if x.opt.Fail == FailHard {
			ret = c.alpha
		}
	} else {
		bnd = tidy(low)
		if strict && bnd <= c.beta {
			bnd = low // tidying moved it onto β: keep the sum as it is
		}
		switch {
		case strict && bnd <= c.beta:
			bnd = math.Nextafter(c.beta, math.Inf(1))
		case !strict && bnd < c.beta:
			bnd = c.beta
		}
		ret, b, line = bnd, trace.Lower, lineChanceFailHigh
		if x.opt.Fail == FailHard {
			ret = c.beta
		}
	}
	if x.rec == nil {
		x.step += 2 // its prune and exit events
		return ret, trace.Exact
	}
	// The value is exact when every child was searched and each report
	// was exact, and the bound returned is that value.
	if k == n-1 && c.tlo == c.thi && ret == tidy(c.tlo) {
		b = trace.Exact
	}
	if !x.traces(depth) {
		if k+1 < n {
			x.countedPrune(line, depth, trace.Chance, c.alpha, c.beta, tidy(c.sum), k, n, perm)
		} else {
			x.step++ // its prune event
		}
		x.step++ // its exit event
		return ret, b
	}
	var test string
	switch {
	case failLow && strict:
		test = "upper bound " + trace.Num(bnd).String() + " < α = " + trace.Num(c.alpha).String()
	case failLow:
		test = "upper bound " + trace.Num(bnd).String() + " ≤ α = " + trace.Num(c.alpha).String()
	case strict:
		test = "lower bound " + trace.Num(bnd).String() + " > β = " + trace.Num(c.beta).String()
	default:
		test = "lower bound " + trace.Num(bnd).String() + " ≥ β = " + trace.Num(c.beta).String()
	}
	var pruned []string
	r := c.all // before the first child, every child is still to come
	if k >= 0 {
		r = x.rest[depth][k]
	}
	if k+1 < n {
		pruned = x.pruneList(depth, k, n, perm)
	}
	tl, th := c.interval(r, x.opt.Bounds.L, x.opt.Bounds.U)
	x.emitEvent(trace.Event{Type: trace.Prune, Line: line, Node: p.id, Kind: trace.Chance, Depth: depth,
		Alpha: trace.Num(c.alpha), Beta: trace.Num(c.beta), Value: trace.Num(tidy(c.sum)), Test: test, Pruned: pruned,
		Range: true, Low: trace.Num(tl), High: trace.Num(th)})
	x.emitExit(trace.Event{Type: trace.Exit, Line: line, Node: p.id, Kind: trace.Chance, Depth: depth,
		Alpha: trace.Num(c.alpha), Beta: trace.Num(c.beta), Value: trace.Num(ret), Bound: b,
		Range: true, Low: trace.Num(tl), High: trace.Num(th)})
	return ret, b
}
