package search

import (
	"fmt"
	"math"
)

// This file holds what the algorithms beyond two players and certainty
// share (expectiminimax, Star1, max^n): the probabilities at chance nodes
// and the tidying of their sums. Their nodes live the life of node.go, as
// every search's do.

// ProbTolerance is how far from 1 the probabilities of a chance node may
// sum (the tree notation allows the same).
const ProbTolerance = 1e-6

// Star1's two cut lines at a chance node.
const (
	lineChanceFailLow  = "chance-fail-low"
	lineChanceFailHigh = "chance-fail-high"
)

// probabilities returns the probability of each of the n moves at the
// chance node s at depth, by natural index: the game's (Prober), or 1/n
// each when it gives none. They must be positive and sum to 1 within
// ProbTolerance, else the search fails naming the node.
func (e *engine[S, G]) probabilities(s S, depth, n int) []float64 {
	p := e.ply(depth)
	buf := p.probBuf[:0]
	if e.prober != nil {
		buf = e.prober.Probabilities(s, buf)
	}
	if len(buf) == 0 {
		for range n {
			buf = append(buf, 1/float64(n))
		}
	}
	p.probBuf = buf
	if len(buf) != n {
		e.fail(fmt.Errorf("search: chance node %q gives %d probabilities for its %d outcomes", e.nodeID(depth), len(buf), n))
		return nil
	}
	sum := 0.0
	for i, q := range buf {
		if !(q > 0) || math.IsInf(q, 0) {
			e.fail(fmt.Errorf("search: outcome %d of chance node %q has probability %v; each must be above 0", i, e.nodeID(depth), q))
			return nil
		}
		sum += q
	}
	if math.Abs(sum-1) > ProbTolerance {
		e.fail(fmt.Errorf("search: the probabilities of chance node %q sum to %v, not 1", e.nodeID(depth), sum))
		return nil
	}
	return buf
}

// restSums fills the rest buffer of the ply at depth: rest[k] is the sum
// of the probabilities of the children after position k of the search
// order perm (natural order when nil). Summing the suffix directly, rather
// than 1 − Σ, makes it exactly 0 after the last child.
func (e *engine[S, G]) restSums(depth int, probs []float64, perm []int) []float64 {
	n := len(probs)
	r := e.ply(depth).restBuf[:0]
	for range n {
		r = append(r, 0)
	}
	acc := 0.0
	for k := n - 1; k >= 0; k-- {
		r[k] = acc
		i := k
		if perm != nil {
			i = perm[k]
		}
		acc += probs[i]
	}
	e.ply(depth).restBuf = r
	return r
}

// tidy removes the floating-point noise of a weighted sum: when x lies
// within half a unit of its 12th significant digit of a decimal with at most
// ten significant digits, tidy returns (the float64 nearest) that decimal,
// else x unchanged. So 0.9 × 2 + 0.1 × 3 is 2.1, as a lecturer writes it,
// not 2.1000000000000005, and two moves whose expected values are equal on
// paper tie in the search too. The change is below the rounding error the
// sum already carries. Both expectiminimax and Star1 tidy the value of a
// chance node the same way, so they return the same numbers.
func tidy(x float64) float64 {
	a := math.Abs(x)
	if a < 1e-9 || a >= 1e11 || math.IsNaN(a) {
		return x
	}
	k := 11 - int(math.Floor(math.Log10(a)))
	if k < 0 || k >= len(pow10) {
		return x
	}
	scale := pow10[k]
	r := math.Round(x * scale) // below 10¹², so an exact integer in an int64 too
	if int64(r)%100 != 0 {
		return x
	}
	// r and scale are exact integers, so the division is correctly rounded.
	return r / scale
}

var pow10 = func() (t [23]float64) {
	p := 1.0
	for i := range t {
		t[i] = p
		p *= 10
	}
	return t
}()
