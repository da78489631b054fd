package templates

import (
	"strings"

	"github.com/abtrace/abtrace/view"
)

// GDLEvalPage shows what a player builds from a GDL game's rules
// (/gdl/eval): the structures found and why, the candidate features with
// their scores, and one evaluation written out at a position the page
// follows (the initial state, or one reached by the moves chosen on it or
// the viewer's current node).
type GDLEvalPage struct {
	Assets Assets
	Fields []FormField
	Error  string
	// Structures are the findings, each worded in the page's language.
	Structures []string
	// Candidates are the features, best first.
	Candidates []GDLCandidate
	Games      string // "200 random games (seed 1), 1571 states"
	Eval       string
	// The position the page follows: the way there from the initial
	// state (Trail, the last step the position itself), its board (Board,
	// drawn as Drawn; "" without one) or else its facts, and the moves of
	// the role to move (Mover) that lead on (none at the end).
	Trail []GDLEvalStep
	Board string
	Drawn view.Board
	Facts []string
	Mover string
	Moves []GDLEvalStep
	// Node is the evaluation written out at the position.
	Node *GDLEvalNode
	// FuzzyError says why the goal formulas could not be expanded ("" when
	// they were).
	FuzzyError string
}

// GDLEvalStep is a position's link: a move's name and the page at the
// position it leads to (or, in the trail, the position it led to).
type GDLEvalStep struct {
	Text, URL string
	Current   bool
}

// GDLCandidate is one row of the candidates' table.
type GDLCandidate struct {
	Feature, Score, Evaluation string
	// Why says where the feature comes from, in the game's terms.
	Why string
}

// GDLTerm is one named quantity of Kuhlmann's construction: V, R⁻, R⁺, E.
type GDLTerm struct {
	Name, Meaning, Value string
}

// GDLEvalNode is a node's evaluation written out, for a search of a GDL
// game with an evaluation built from its rules: the viewer's panel shows
// it for the current node and /gdl/eval for the position it follows.
// Kuhlmann's construction first in symbols, then with the numbers, as the
// pages write numbers; for goal-fuzzy also the combination of the goals
// with terminal and the formulas with the degree of every subformula.
type GDLEvalNode struct {
	Eval, Feature string
	// Title heads the evaluation ("" where the page's heading says it).
	Title string
	// Reason says where the feature comes from, in the game's terms.
	Reason string
	// Terms are V, R⁻, R⁺ and E with their meanings.
	Terms []GDLTerm
	// VLine is "V = mobility(s) = 5/9"; Symbols the construction
	// ("E = 1 + R⁻ + (R⁺ − R⁻ − 2)·V"); Numbers the same with the numbers
	// put in ("= 1 + 0 + (100 − 0 − 2) × 5/9 ≈ 55.44").
	VLine, Symbols, Numbers string
	// Terminal: the node ends the game, so the search takes its goal
	// (Goal), not E.
	Terminal bool
	Goal     string
	Fuzzy    *GDLFuzzy
	// PageURL opens /gdl/eval at this node; ViewURL (on /gdl/eval) the
	// viewer on the game with this evaluation.
	PageURL, ViewURL string
	// SetupURL (on /gdl/eval) is the setup form with the game and the
	// evaluation filled in.
	SetupURL string
}

// GDLFuzzy is the fuzzy goal evaluation of one state written out.
type GDLFuzzy struct {
	Params string
	// Combine is how the goal values are joined (sum or tconorm), Join
	// says it in words with the default named, Other is the evaluation
	// that joins them the other way and OtherURL, where set, this
	// position with it.
	Combine, Join, Other, OtherURL string
	// Terminal is the degree of terminal; TerminalTree its formula (nil
	// where it is a constant).
	Terminal     string
	TerminalTree *FuzzyNode
	Roles        []GDLFuzzyRole
	// VLine is "V = (h_x + 1 − h_o) / 2 = (0.42 + 1 − 0.4) / 2 ≈ 0.51".
	VLine string
	// Goals are the first role's goal formulas with their degrees, Captions
	// their names ("(goal x 100)").
	Goals    []FuzzyNode
	Captions []string
}

// GDLFuzzyRole is one role's h: a row per goal value, then the sum.
type GDLFuzzyRole struct {
	Role string
	Rows []GDLFuzzyRow
	// Sum is "h_x = (0·h(0) + 50·h(50) + 100·h(100)) / 150 = … ≈ 0.42".
	Sum string
}

// GDLFuzzyRow is one goal value's h(gv, s): the formula it evaluates
// ("goal x 100 ∧ ¬terminal"), whether the goal holds, the goal's degree
// and h.
type GDLFuzzyRow struct {
	Value, Formula, Goal, H string
	Holds                   bool
}

// labelledBy is the id of the heading that names the evaluation: its own,
// else the page's section's.
func (n *GDLEvalNode) labelledBy() string {
	if n.Title != "" {
		return "ge-node-h"
	}
	return "ge-terms-h"
}

// CodeSpan is a part of a text: written as code (a term of the game, such
// as `(cell ?m ?n ?c)` in a finding) or as words.
type CodeSpan struct {
	Text string
	Code bool
}

// CodeSpans splits a text at its backquotes, which mark the game's terms
// in the phrases of package gdl (as the command line prints them): the
// parts between a pair are code, the backquotes themselves are dropped. A
// backquote without its pair is kept as written.
func CodeSpans(s string) []CodeSpan {
	var out []CodeSpan
	for {
		i := strings.IndexByte(s, '`')
		j := -1
		if i >= 0 {
			j = strings.IndexByte(s[i+1:], '`')
		}
		if j < 0 {
			if s != "" {
				out = append(out, CodeSpan{Text: s})
			}
			return out
		}
		if i > 0 {
			out = append(out, CodeSpan{Text: s[:i]})
		}
		out = append(out, CodeSpan{Text: s[i+1 : i+1+j], Code: true})
		s = s[i+j+2:]
	}
}
