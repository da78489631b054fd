package search

import (
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
	e := newEngine[S, G](g, AlgoStar1, opt, rec)
	e.skip = e.canSkip()
	v, _ := e.star1(root, 0, math.Inf(-1), math.Inf(1))
	return e.finish(g.ToMove(root), v)
}

// star1 searches s, a node at the given depth, with the window (alpha,
// beta) under the contract of Star1, and returns its value and, when
// someone listens, what that value means. Untraced, the bound is always
// Exact and means nothing. At MAX and MIN nodes it is alpha-beta, over the
// same steps of node.go; a chance node is star1Chance's.
func (e *engine[S, G]) star1(s S, depth int, alpha, beta float64) (float64, trace.Bound) {
	nd, v, b := e.open(s, depth, alpha, beta)
	if nd == nil {
		return v, b // terminal, depth limit, or a subtree handed back
	}
	if nd.kind == trace.Chance {
		return e.star1Chance(s, nd, depth)
	}
	for k := 0; k < nd.n; k++ {
		i := e.child(nd, depth, k)
		cv, cb := e.star1(e.g.Result(s, nd.moves[i]), depth+1, nd.alpha, nd.beta)
		if e.stopped {
			return 0, trace.Exact
		}
		e.update(nd, depth, i, cv, cb)
		if e.cuts(nd) {
			return e.prune(nd, depth, k, i)
		}
		e.narrow(nd, depth)
	}
	return e.exit(nd, depth)
}

// star1Chance searches the children of the chance node s with the windows
// derived in the doc comment of Star1, cutting as soon as the interval of
// the node's value lies wholly at or below α or at or above β: fail-low
// is the cut rule at a node that minimises, v ≤ α, and fail-high the rule
// at one that maximises, v ≥ β.
func (e *engine[S, G]) star1Chance(s S, p *ply, depth int) (float64, trace.Bound) {
	L, U := e.opt.Bounds.L, e.opt.Bounds.U
	rule := e.opt.Prune
	rest := e.restSums(depth, p.probs, p.order)
	c := chanceCut{alpha: p.alpha, beta: p.beta, all: rest[0] + p.probs[p.natural(0)]}
	// Before the first child the node's value lies in [L, U] (times the
	// total probability, which is 1 within ProbTolerance). The ends are
	// tidied like every sum, so that probabilities such as thirteenths or
	// tenths, whose sum is 1 on paper but 1 ± 2⁻⁵² in binary, cut exactly
	// as quarters do; the cut text shows the same tidied numbers.
	low, high := tidy(c.all*L), tidy(c.all*U)
	if failLow := rule.cuts(false, high, c.alpha, c.beta); failLow || rule.cuts(true, low, c.alpha, c.beta) {
		return e.cutChance(depth, -1, p.n, p.order, &c, failLow, low, high)
	}
	for k := 0; k < p.n; k++ {
		i := e.child(p, depth, k)
		pi, r := p.probs[i], rest[k]
		// The child's window: below ai the node fails low, above bi high.
		// Tidied like the sums, so the trace shows 7 rather than
		// 6.999999999999999; the cut below compares with these same numbers.
		ai := tidy((c.alpha - c.sum - r*U) / pi)
		bi := tidy((c.beta - c.sum - r*L) / pi)
		cv, cb := e.star1(e.g.Result(s, p.moves[i]), depth+1, math.Max(ai, L), math.Min(bi, U))
		if e.stopped {
			return 0, trace.Exact
		}
		low, high = e.chanceSum(p, depth, &c, pi, r, cv, cb)
		if failLow := rule.cuts(false, cv, ai, bi); failLow || rule.cuts(true, cv, ai, bi) {
			return e.cutChance(depth, k, p.n, p.order, &c, failLow, low, high)
		}
	}
	return e.exitChance(p, depth, &c)
}

// exitChance ends the chance node after its last child, with the tidied
// sum as its exact value.
func (e *engine[S, G]) exitChance(p *ply, depth int, c *chanceCut) (float64, trace.Bound) {
	v := tidy(c.sum)
	if !p.tracing {
		e.step++
		return v, trace.Exact
	}
	e.emitExit(trace.Event{Type: trace.Exit, Line: lineKey(trace.Chance, lineReturn), Node: p.id, Kind: trace.Chance, Depth: depth,
		Alpha: trace.Num(c.alpha), Beta: trace.Num(c.beta), Value: trace.Num(v), Bound: trace.Exact,
		Range: true, Low: trace.Num(v), High: trace.Num(v)})
	return v, trace.Exact
}

// chanceSum takes the value cv and bound cb of a child of probability pi
// of the chance node, with r the probability still to come: the weighted
// sum grows, and the update event shows it with the interval the reports
// prove. It returns the interval [s + r·L, s + r·U].
func (e *engine[S, G]) chanceSum(p *ply, depth int, c *chanceCut, pi, r, cv float64, cb trace.Bound) (float64, float64) {
	L, U := e.opt.Bounds.L, e.opt.Bounds.U
	c.sum += pi * cv
	if e.rec != nil {
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
	if !p.tracing {
		e.step++
		return c.sum + r*L, c.sum + r*U
	}
	tl, th := c.interval(r, L, U)
	ev := &e.ev
	ev.Reset(trace.Update, lineKey(trace.Chance, lineValue), p.id, trace.Chance, depth)
	ev.Alpha, ev.Beta, ev.Value = trace.Num(c.alpha), trace.Num(c.beta), trace.Num(tidy(c.sum))
	ev.Child, ev.ChildValue, ev.ChildBound, ev.Changed = p.below.id, trace.Num(cv), cb, "value"
	ev.Range, ev.Low, ev.High = true, trace.Num(tl), trace.Num(th)
	e.emit()
	return c.sum + r*L, c.sum + r*U
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
func (e *engine[S, G]) cutChance(depth, k, n int, perm []int, c *chanceCut, failLow bool, low, high float64) (float64, trace.Bound) {
	p := e.ply(depth)
	if k+1 < n {
		p.cutoffs++
	}
	bnd, b, line := e.chanceBound(c, failLow, low, high)
	ret := bnd
	if e.opt.Fail == FailHard {
		ret = c.beta
		if failLow {
			ret = c.alpha
		}
	}
	if e.rec == nil {
		e.step += 2 // its prune and exit events
		return ret, trace.Exact
	}
	// The value is exact when every child was searched and each report
	// was exact, and the bound returned is that value.
	if k == n-1 && c.tlo == c.thi && ret == tidy(c.tlo) {
		b = trace.Exact
	}
	if !e.traces(depth) {
		if k+1 < n {
			e.countedPrune(line, depth, trace.Chance, c.alpha, c.beta, tidy(c.sum), k, n, perm)
		} else {
			e.step++ // its prune event
		}
		e.step++ // its exit event
		return ret, b
	}
	test := "lower bound " + e.cutTest(e.opt.Prune, true, bnd, c.alpha, c.beta)
	if failLow {
		test = "upper bound " + e.cutTest(e.opt.Prune, false, bnd, c.alpha, c.beta)
	}
	r := c.all // before the first child, every child is still to come
	if k >= 0 {
		r = p.restBuf[k]
	}
	tl, th := c.interval(r, e.opt.Bounds.L, e.opt.Bounds.U)
	e.emitEvent(trace.Event{Type: trace.Prune, Line: line, Node: p.id, Kind: trace.Chance, Depth: depth,
		Alpha: trace.Num(c.alpha), Beta: trace.Num(c.beta), Value: trace.Num(tidy(c.sum)), Test: test, Pruned: e.pruneList(depth, k, n, perm),
		Range: true, Low: trace.Num(tl), High: trace.Num(th)})
	e.emitExit(trace.Event{Type: trace.Exit, Line: line, Node: p.id, Kind: trace.Chance, Depth: depth,
		Alpha: trace.Num(c.alpha), Beta: trace.Num(c.beta), Value: trace.Num(ret), Bound: b,
		Range: true, Low: trace.Num(tl), High: trace.Num(th)})
	return ret, b
}

// chanceBound is the bound a chance node that fails low (or high) proves:
// the interval's end (high, or low), tidied, and kept on the cut's side
// of the window even where the rounding of the sums says otherwise (the
// comparison of the child's value with its window is what decided the
// cut). Failing low is the cut rule of a node that minimises (v ≤ α),
// failing high that of one that maximises (v ≥ β).
func (e *engine[S, G]) chanceBound(c *chanceCut, failLow bool, low, high float64) (float64, trace.Bound, string) {
	edge, end, towards, b, line := c.beta, low, math.Inf(1), trace.Lower, lineChanceFailHigh
	if failLow {
		edge, end, towards, b, line = c.alpha, high, math.Inf(-1), trace.Upper, lineChanceFailLow
	}
	// The bound must cut by the one rule (PruneRule.cuts) as the child's
	// value did. Under ≥ the window's edge itself cuts; under the strict
	// rule (>) it does not, and the bound is the nearest number past it.
	rule, isMax := e.opt.Prune, !failLow
	edgeCuts := rule.cuts(isMax, edge, c.alpha, c.beta)
	bnd := tidy(end)
	if !edgeCuts && !rule.cuts(isMax, bnd, c.alpha, c.beta) {
		bnd = end // tidying moved it onto the edge: keep the sum as it is
	}
	if !rule.cuts(isMax, bnd, c.alpha, c.beta) {
		bnd = edge
		if !edgeCuts {
			bnd = math.Nextafter(edge, towards)
		}
	}
	return bnd, b, line
}
