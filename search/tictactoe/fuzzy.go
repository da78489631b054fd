package tictactoe

import (
	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/fuzzy"
	"github.com/abtrace/abtrace/trace"
)

// FuzzyScale is what a full degree of the goal is worth: Fuzzy's value is
// FuzzyScale·(degree of "x has a line" − degree of "o has a line"), so it
// stays within ±FuzzyScale, below the win of 100 a depth-limited search
// uses.
const FuzzyScale = 50

// Fuzzy is Schiffel and Thielscher's fuzzy goal evaluation (package
// fuzzy): the goal "x has a line", written as a formula over the board's
// fluents cell(c, x), is evaluated with degrees of truth, and so is "o has
// a line"; the value for x is FuzzyScale times the difference. Terms:
// "x has a line" (count: its degree, weight FuzzyScale) and "o has a
// line" (weight −FuzzyScale).
type Fuzzy struct{ Params fuzzy.Params }

// Name returns "fuzzy".
func (Fuzzy) Name() string { return "fuzzy" }

// The fluent of cell c holding mark k (0 for x, 1 for o) is 2c + k.
func fluent(c, k int) int { return 2*c + k }

// goalFormula returns the formula "player k has a line": the disjunction
// over the eight lines of the conjunction of cell(c, k) for its cells.
func goalFormula(k int) *fuzzy.Formula {
	mark := [2]string{"x", "o"}[k]
	names := [8]string{"row 1", "row 2", "row 3", "column a", "column b", "column c", "diagonal a1–c3", "diagonal c1–a3"}
	// The pages word the goal and the lines with these messages
	// (fuzzy.has-line, fuzzy.row, fuzzy.column, fuzzy.diagonal).
	says := [8]trace.Phrase{
		{ID: "fuzzy.row", Args: map[string]any{"Name": "1"}}, {ID: "fuzzy.row", Args: map[string]any{"Name": "2"}}, {ID: "fuzzy.row", Args: map[string]any{"Name": "3"}},
		{ID: "fuzzy.column", Args: map[string]any{"Name": "a"}}, {ID: "fuzzy.column", Args: map[string]any{"Name": "b"}}, {ID: "fuzzy.column", Args: map[string]any{"Name": "c"}},
		{ID: "fuzzy.diagonal", Args: map[string]any{"Name": "a1–c3"}}, {ID: "fuzzy.diagonal", Args: map[string]any{"Name": "c1–a3"}},
	}
	goal := &fuzzy.Formula{Op: fuzzy.Or, Text: mark + " has a line", Say: trace.Phrase{ID: "fuzzy.has-line", Args: map[string]any{"Mark": mark}}}
	for i, l := range lines {
		line := &fuzzy.Formula{Op: fuzzy.And, Text: names[i], Say: says[i]}
		for c := range Cells {
			if l>>c&1 != 0 {
				line.Args = append(line.Args, &fuzzy.Formula{Op: fuzzy.Atom, Fluent: fluent(c, k),
					Text: "cell(" + MoveString(search.Move(c)) + ", " + mark + ")"})
			}
		}
		goal.Args = append(goal.Args, line)
	}
	return goal
}

// Goals are the two goal formulas, "x has a line" and "o has a line".
var Goals = [2]*fuzzy.Formula{goalFormula(0), goalFormula(1)}

// holds returns the truth function of s's fluents.
func holds(s State) func(int) bool {
	return func(f int) bool {
		bit := uint16(1) << (f / 2)
		if f%2 == 0 {
			return s.X&bit != 0
		}
		return s.O&bit != 0
	}
}

// Degrees returns the degree of both goals in s.
func (e Fuzzy) Degrees(s State) (x, o float64) {
	h := holds(s)
	return e.Params.Eval(Goals[0], h), e.Params.Eval(Goals[1], h)
}

// Evaluate returns FuzzyScale·(degree of x's goal − degree of o's goal).
func (e Fuzzy) Evaluate(s State) float64 {
	x, o := e.Degrees(s)
	v := 0.0
	v += x * FuzzyScale
	v += o * -FuzzyScale
	return v
}

// Explain returns the two goals' degrees as terms.
func (e Fuzzy) Explain(s State) []trace.Term {
	x, o := e.Degrees(s)
	return []trace.Term{
		{Name: "x has a line", Count: x, Weight: FuzzyScale},
		{Name: "o has a line", Count: o, Weight: -FuzzyScale},
	}
}

// Tree returns both goal formulas evaluated in s, every subformula with
// its degree: what the viewer draws.
func (e Fuzzy) Tree(s State) [2]fuzzy.Degree {
	h := holds(s)
	return [2]fuzzy.Degree{e.Params.Explain(Goals[0], h), e.Params.Explain(Goals[1], h)}
}
