package connect4

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/trace"
)

// Evaluator is a named evaluation of Connect Four positions. Evaluate
// returns an estimate for MAX (x); Explain breaks the same number into
// named terms whose Count×Weight sum to it.
type Evaluator interface {
	search.Evaluation[State]
	search.Explainer[State]
	Name() string
}

// windows are the 69 groups of four cells in a row on the board (24
// horizontal, 21 vertical, 12 on each diagonal), as bit masks.
var windows = func() []uint64 {
	var ws []uint64
	add := func(c, r, dc, dr int) {
		var m uint64
		for k := range 4 {
			cc, rr := c+k*dc, r+k*dr
			if cc < 0 || cc >= Columns || rr < 0 || rr >= Rows {
				return
			}
			m |= 1 << (cc*stride + rr)
		}
		ws = append(ws, m)
	}
	for c := range Columns {
		for r := range Rows {
			add(c, r, 1, 0)
			add(c, r, 0, 1)
			add(c, r, 1, 1)
			add(c, r, 1, -1)
		}
	}
	return ws
}()

// Threats is the threat-based evaluation: a threat is a group of four in a
// row that holds three of one side's discs and an empty cell, which that
// side wins by filling. Terms, for x and (with a minus sign) for o:
//
//	X3 (weight 10)  threats: groups of three x discs and one empty cell
//	X2 (weight 2)   groups of two x discs and two empty cells
//	XC (weight 1)   x discs in the middle column, which lies in the most groups
//
// An empty cell that completes two groups counts for each. On any position
// the value lies within ±ThreatsBound, below WinScore, so no estimate
// outranks a real win.
type Threats struct{}

// ThreatsBound bounds |Threats.Evaluate| on every position: each of the 69
// groups adds at most 10 for one side, and the middle column holds six
// discs (69·10 + 6 = 696).
const ThreatsBound = 696

// Name returns "threats".
func (Threats) Name() string { return "threats" }

// Threat weights.
const (
	wThree  = 10
	wTwo    = 2
	wCentre = 1
)

// counts returns the number of groups with n x discs and the rest empty
// (xs[n]) and likewise for o, and the discs of each side in the middle
// column.
func counts(s State) (xs, os [4]int, xc, oc int) {
	for _, w := range windows {
		x, o := s.X&w, s.O&w
		switch {
		case o == 0 && x != 0:
			xs[bits.OnesCount64(x)-1]++
		case x == 0 && o != 0:
			os[bits.OnesCount64(o)-1]++
		}
	}
	mid := colMask[Columns/2]
	return xs, os, bits.OnesCount64(s.X & mid), bits.OnesCount64(s.O & mid)
}

// Evaluate returns 10·X3 + 2·X2 + XC − (10·O3 + 2·O2 + OC). The arrays of
// counts index the number of discs less one, so X3 is xs[2].
func (Threats) Evaluate(s State) float64 {
	xs, os, xc, oc := counts(s)
	return float64(wThree*(xs[2]-os[2]) + wTwo*(xs[1]-os[1]) + wCentre*(xc-oc))
}

// Explain returns the six terms X3, X2, XC, O3, O2, OC in that order, zero
// counts included.
func (Threats) Explain(s State) []trace.Term {
	xs, os, xc, oc := counts(s)
	return []trace.Term{
		{Name: "X3", Count: float64(xs[2]), Weight: wThree},
		{Name: "X2", Count: float64(xs[1]), Weight: wTwo},
		{Name: "XC", Count: float64(xc), Weight: wCentre},
		{Name: "O3", Count: float64(os[2]), Weight: -wThree},
		{Name: "O2", Count: float64(os[1]), Weight: -wTwo},
		{Name: "OC", Count: float64(oc), Weight: -wCentre},
	}
}

var evaluations = []Evaluator{Threats{}}

// EvaluationNames returns the names Evaluation accepts, the default first.
func EvaluationNames() []string {
	names := make([]string, len(evaluations))
	for i, e := range evaluations {
		names[i] = e.Name()
	}
	return names
}

// Evaluation returns the evaluation with the given name ("" means the
// default, threats), or an error that lists the valid names.
func Evaluation(name string) (Evaluator, error) {
	if name == "" {
		return evaluations[0], nil
	}
	for _, e := range evaluations {
		if e.Name() == name {
			return e, nil
		}
	}
	return nil, fmt.Errorf("connect4: unknown evaluation %q (valid: %s)", name, strings.Join(EvaluationNames(), ", "))
}
