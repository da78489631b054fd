package tictactoe

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/fuzzy"
	"github.com/abtrace/abtrace/trace"
)

// Evaluator is a named heuristic evaluation of tic-tac-toe positions. Evaluate
// returns an estimate of the value for MAX (x); Explain breaks the same
// number into named terms whose Count×Weight sum to it.
type Evaluator interface {
	search.Evaluation[State]
	search.Explainer[State]
	// Name is the name Evaluation looks the evaluation up by.
	Name() string
}

// counts returns, for n = 1, 2, 3, how many lines hold exactly n x and no
// o (xs[n]) and exactly n o and no x (os[n]). Index 0 is unused.
func counts(s State) (xs, os [4]int) {
	for _, l := range lines {
		x, o := s.X&l, s.O&l
		switch {
		case o == 0:
			xs[bits.OnesCount16(x)&3]++
		case x == 0:
			os[bits.OnesCount16(o)&3]++
		}
	}
	return xs, os
}

// Lines is the lecture heuristic: a row, column or diagonal holding exactly
// one x and no o counts 1, two x and no o count 5, three x count 20; lines
// of o count the same with a minus sign. Terms: X1, X2, X3 (weights 1, 5,
// 20) and O1, O2, O3 (weights −1, −5, −20), each the number of such lines.
//
// On a reachable non-terminal position the value lies in [−14, +16]; +16
// is reached at "x.xoxo..." (three lines with two x, one with one x). So
// its absolute value never exceeds 16 (the tests check this over every
// reachable position), far below the win of 100 the command line uses with
// a depth limit. (A crude bound is 8 lines × 5 = 40, still below 100.)
type Lines struct{}

// LinesBound is the largest absolute value Lines takes on a reachable
// non-terminal position.
const LinesBound = 16

// Name returns "lines".
func (Lines) Name() string { return "lines" }

// linesScore[nx][no] is what one line with nx x and no o adds to Lines.
var linesScore = [4][4]int8{
	{0, -1, -5, -20},
	{1},
	{5},
	{20},
}

// Evaluate returns X1 + 5·X2 + 20·X3 − (O1 + 5·O2 + 20·O3).
func (Lines) Evaluate(s State) float64 {
	v := 0
	for _, l := range lines {
		v += int(linesScore[bits.OnesCount16(s.X&l)&3][bits.OnesCount16(s.O&l)&3])
	}
	return float64(v)
}

// Explain returns the six terms X1, X2, X3, O1, O2, O3 in that order, zero
// counts included, so that a table of them always has the same rows.
func (Lines) Explain(s State) []trace.Term {
	xs, os := counts(s)
	return []trace.Term{
		{Name: "X1", Count: float64(xs[1]), Weight: 1},
		{Name: "X2", Count: float64(xs[2]), Weight: 5},
		{Name: "X3", Count: float64(xs[3]), Weight: 20},
		{Name: "O1", Count: float64(os[1]), Weight: -1},
		{Name: "O2", Count: float64(os[2]), Weight: -5},
		{Name: "O3", Count: float64(os[3]), Weight: -20},
	}
}

// AIMA is the evaluation of Russell and Norvig's tic-tac-toe exercise
// (Artificial Intelligence: A Modern Approach): Eval = 3·X2 + X1 − (3·O2 +
// O1), where Xn is the number of lines with exactly n x and no o, and On
// likewise for o. Lines with three marks do not count, as in the book,
// where Eval is only applied to non-terminal positions. Terms: X2, X1
// (weights 3, 1) and O2, O1 (weights −3, −1).
//
// On a reachable non-terminal position the value lies in [−8, +10]; +10
// is reached at "x.xoxo..." (3·3 + 1). So its absolute value never exceeds
// 10 (the tests check this over every reachable position), far below the
// win of 100 the command line uses. (A crude bound is 8 lines × 3 = 24.)
type AIMA struct{}

// AIMABound is the largest absolute value AIMA takes on a reachable
// non-terminal position.
const AIMABound = 10

// Name returns "aima".
func (AIMA) Name() string { return "aima" }

// aimaScore[nx][no] is what one line with nx x and no o adds to AIMA.
var aimaScore = [4][4]int8{
	{0, -1, -3, 0},
	{1},
	{3},
	{0},
}

// Evaluate returns 3·X2 + X1 − (3·O2 + O1).
func (AIMA) Evaluate(s State) float64 {
	v := 0
	for _, l := range lines {
		v += int(aimaScore[bits.OnesCount16(s.X&l)&3][bits.OnesCount16(s.O&l)&3])
	}
	return float64(v)
}

// Explain returns the four terms X2, X1, O2, O1 in that order, zero counts
// included.
func (AIMA) Explain(s State) []trace.Term {
	xs, os := counts(s)
	return []trace.Term{
		{Name: "X2", Count: float64(xs[2]), Weight: 3},
		{Name: "X1", Count: float64(xs[1]), Weight: 1},
		{Name: "O2", Count: float64(os[2]), Weight: -3},
		{Name: "O1", Count: float64(os[1]), Weight: -1},
	}
}

// evaluations is the registry, in the order EvaluationNames lists it; the
// first is the default.
var evaluations = []Evaluator{Lines{}, AIMA{}, Fuzzy{Params: fuzzy.Default}}

// EvaluationNames returns the names Evaluation accepts, the default
// ("lines") first. The caller may modify the slice.
func EvaluationNames() []string {
	names := make([]string, len(evaluations))
	for i, e := range evaluations {
		names[i] = e.Name()
	}
	return names
}

// Evaluation returns the evaluation with the given name, or an error that
// lists the valid names.
func Evaluation(name string) (Evaluator, error) {
	for _, e := range evaluations {
		if e.Name() == name {
			return e, nil
		}
	}
	return nil, fmt.Errorf("tictactoe: unknown evaluation %q (valid: %s)", name, strings.Join(EvaluationNames(), ", "))
}
