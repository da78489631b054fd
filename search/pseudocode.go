package search

import (
	"fmt"
	"strings"

	"github.com/abtrace/abtrace/trace"
)

// Form is a way of writing an algorithm down.
type Form uint8

const (
	// FormTextbook is the MAX-VALUE / MIN-VALUE pair of functions, as in
	// Russell & Norvig and most lectures.
	FormTextbook Form = iota
	// FormNegamax is one function for both players, with the values
	// negated on the way up.
	FormNegamax
)

var formNames = []string{FormTextbook: "textbook", FormNegamax: "negamax"}

func (f Form) String() string { return nameOf(formNames, int(f), "form") }

// ParseForm accepts "textbook" and "negamax".
func ParseForm(s string) (Form, error) {
	i, err := parseName(formNames, s, "pseudocode form")
	return Form(i), err
}

// Line is one line of a listing. Keys are the event line keys (see
// trace.Event.Line) that the line stands for; the viewer highlights the
// line whose keys hold the current event's key.
type Line struct {
	Text   string   `json:"text"`
	Indent int      `json:"indent"`
	Keys   []string `json:"keys,omitempty"`
}

// Listing is the pseudocode of one algorithm variant in one form.
type Listing struct {
	Title string `json:"title"`
	Form  Form   `json:"-"`
	Lines []Line `json:"lines"`
}

// LineOf returns the index of the line that holds key, or -1.
func (l Listing) LineOf(key string) int {
	for i, ln := range l.Lines {
		for _, k := range ln.Keys {
			if k == key {
				return i
			}
		}
	}
	return -1
}

// Keys lists every event line key a search of this algorithm can emit.
// Every listing holds each of them on exactly one line.
func Keys(algo Algorithm) []string {
	if algo.Negamax() {
		return familyKeys(algo)
	}
	six := func(prefix string) []string {
		var ks []string
		for _, l := range []string{"enter", "terminal", "cutoff", "loop", "value", "return"} {
			ks = append(ks, prefix+"-"+l)
		}
		return ks
	}
	switch algo {
	case AlgoParanoid:
		return Keys(AlgoAlphaBeta)
	case AlgoExpectiminimax:
		return append(append(append(six("max"), six("min")...), six("chance")...), "done")
	case AlgoStar1:
		ks := Keys(AlgoAlphaBeta)
		ks = append(ks[:len(ks)-1], six("chance")...)
		return append(ks, lineChanceFailLow, lineChanceFailHigh, "done")
	case AlgoMaxN:
		return append(append(six("player"), six("chance")...), "done")
	case AlgoMCTS:
		return []string{"start", "select", "expand", "simulate", "backprop", "done"}
	}
	var ks []string
	for _, p := range []string{"max", "min"} {
		ks = append(ks, p+"-enter", p+"-terminal", p+"-cutoff", p+"-loop", p+"-value", p+"-return")
		if algo == AlgoAlphaBeta {
			ks = append(ks, p+"-prune")
		}
	}
	if algo == AlgoAlphaBeta {
		ks = append(ks, "max-alpha", "min-beta")
	}
	return append(ks, "done")
}

// Pseudocode returns the listing of an algorithm variant in the given form.
// rootKind says which function the search starts with. The listing follows
// the variant: the comparison of the prune rule, and for fail-hard the
// returns of β, α instead of v.
//
// Expectiminimax, Star1 and max^n have no negamax form (see Forms): asked
// for one, they return their textbook listing. Paranoid is alpha-beta on
// the reduced game, in either form.
func Pseudocode(algo Algorithm, form Form, rule PruneRule, fail FailMode, rootKind trace.Kind) Listing {
	if algo.Negamax() && form == FormTextbook {
		return familyTextbookListing(algo, rule, fail, rootKind)
	}
	if algo.Negamax() {
		return negamaxFamilyListing(algo, rule, fail, rootKind)
	}
	switch algo {
	case AlgoExpectiminimax:
		return expectiminimaxListing()
	case AlgoStar1:
		return star1Listing(rule, fail)
	case AlgoMaxN:
		return maxnListing()
	case AlgoMCTS:
		return mctsListing()
	case AlgoParanoid:
		rk := trace.Max // the reduced root: MAX for the chosen player, MIN for the others
		if rootKind == trace.Min {
			rk = trace.Min
		}
		l := Pseudocode(AlgoAlphaBeta, form, rule, fail, rk)
		l.Title = "Paranoid: " + l.Title + " on the reduced game"
		note := []Line{
			{Text: "▹ the paranoid reduction: the chosen player's nodes are MAX, every other player's MIN,", Indent: 0},
			{Text: "▹ and a leaf is worth the chosen player's component of its vector", Indent: 0},
			{Text: "", Indent: 0},
		}
		l.Lines = append(note, l.Lines...)
		return l
	}
	if form == FormNegamax {
		return negamaxListing(algo, rule, fail, rootKind)
	}
	var b builder
	ge, le := rule.signs()
	first := "MAX-VALUE"
	if rootKind == trace.Min {
		first = "MIN-VALUE"
	}
	if algo == AlgoMinimax {
		b.title = "Minimax"
		b.add(0, "function MINIMAX-DECISION(state) returns a move")
		b.add(1, fmt.Sprintf("v ← %s(state, 0)", first))
		b.add(1, "return the first move whose value is v", "done")
		for _, side := range []struct{ name, other, prefix, init, pick string }{
			{"MAX-VALUE", "MIN-VALUE", "max", "−∞", "MAX"},
			{"MIN-VALUE", "MAX-VALUE", "min", "+∞", "MIN"},
		} {
			b.add(0, "")
			b.add(0, fmt.Sprintf("function %s(state, depth) returns a value", side.name), side.prefix+"-enter")
			b.add(1, "if TERMINAL(state) then return UTILITY(state)", side.prefix+"-terminal")
			b.add(1, "if depth = LIMIT then return EVAL(state)", side.prefix+"-cutoff")
			b.add(1, "v ← "+side.init)
			b.add(1, "for each a in ACTIONS(state) do", side.prefix+"-loop")
			b.add(2, fmt.Sprintf("v ← %s(v, %s(RESULT(state, a), depth + 1))", side.pick, side.other), side.prefix+"-value")
			b.add(1, "return v", side.prefix+"-return")
		}
		return b.listing(FormTextbook)
	}
	b.title = "Alpha-beta (" + variantName(rule, fail) + ")"
	b.add(0, "function ALPHA-BETA-SEARCH(state) returns a move")
	b.add(1, fmt.Sprintf("v ← %s(state, −∞, +∞, 0)", first))
	b.add(1, "return the first move whose value is v", "done")
	type side struct{ name, other, prefix, init, pick, cmp, bound, window, mover, retCut, retEnd string }
	sides := []side{
		{"MAX-VALUE", "MIN-VALUE", "max", "−∞", "MAX", ge, "β", "α", "alpha", "v", "v"},
		{"MIN-VALUE", "MAX-VALUE", "min", "+∞", "MIN", le, "α", "β", "beta", "v", "v"},
	}
	if fail == FailHard {
		sides[0].retCut, sides[0].retEnd = "β", "α"
		sides[1].retCut, sides[1].retEnd = "α", "β"
	}
	for _, s := range sides {
		b.add(0, "")
		b.add(0, fmt.Sprintf("function %s(state, α, β, depth) returns a value", s.name), s.prefix+"-enter")
		b.add(1, "if TERMINAL(state) then return UTILITY(state)", s.prefix+"-terminal")
		b.add(1, "if depth = LIMIT then return EVAL(state)", s.prefix+"-cutoff")
		b.add(1, "v ← "+s.init)
		b.add(1, "for each a in ACTIONS(state) do", s.prefix+"-loop")
		b.add(2, fmt.Sprintf("v ← %s(v, %s(RESULT(state, a), α, β, depth + 1))", s.pick, s.other), s.prefix+"-value")
		b.add(2, fmt.Sprintf("if v %s %s then return %s", s.cmp, s.bound, s.retCut), s.prefix+"-prune")
		b.add(2, fmt.Sprintf("%s ← %s(%s, v)", s.window, s.pick, s.window), s.prefix+"-"+s.mover)
		b.add(1, "return "+s.retEnd, s.prefix+"-return")
	}
	return b.listing(FormTextbook)
}

func negamaxListing(algo Algorithm, rule PruneRule, fail FailMode, rootKind trace.Kind) Listing {
	var b builder
	color := "+1"
	if rootKind == trace.Min {
		color = "−1"
	}
	both := func(suffix string) []string { return []string{"max-" + suffix, "min-" + suffix} }
	if algo == AlgoMinimax {
		b.title = "Minimax (negamax form)"
		b.add(0, "function NEGAMAX-DECISION(state) returns a move")
		b.add(1, fmt.Sprintf("c ← %s    ▹ +1 when MAX is to move, −1 when MIN is", color))
		b.add(1, "v ← c × NEGAMAX(state, c, 0)")
		b.add(1, "return the first move whose value is v", "done")
		b.add(0, "")
		b.add(0, "function NEGAMAX(state, c, depth) returns a value for the player to move", both("enter")...)
		b.add(1, "if TERMINAL(state) then return c × UTILITY(state)", both("terminal")...)
		b.add(1, "if depth = LIMIT then return c × EVAL(state)", both("cutoff")...)
		b.add(1, "v ← −∞")
		b.add(1, "for each a in ACTIONS(state) do", both("loop")...)
		b.add(2, "v ← MAX(v, −NEGAMAX(RESULT(state, a), −c, depth + 1))", both("value")...)
		b.add(1, "return v", both("return")...)
		return b.listing(FormNegamax)
	}
	ge, _ := rule.signs()
	retCut, retEnd := "v", "v"
	if fail == FailHard {
		retCut, retEnd = "β", "α"
	}
	b.title = "Alpha-beta, negamax form (" + variantName(rule, fail) + ")"
	b.add(0, "function NEGAMAX-SEARCH(state) returns a move")
	b.add(1, fmt.Sprintf("c ← %s    ▹ +1 when MAX is to move, −1 when MIN is", color))
	b.add(1, "v ← c × NEGAMAX(state, −∞, +∞, c, 0)")
	b.add(1, "return the first move whose value is v", "done")
	b.add(0, "")
	b.add(0, "function NEGAMAX(state, α, β, c, depth) returns a value for the player to move", both("enter")...)
	b.add(1, "if TERMINAL(state) then return c × UTILITY(state)", both("terminal")...)
	b.add(1, "if depth = LIMIT then return c × EVAL(state)", both("cutoff")...)
	b.add(1, "v ← −∞")
	b.add(1, "for each a in ACTIONS(state) do", both("loop")...)
	b.add(2, "v ← MAX(v, −NEGAMAX(RESULT(state, a), −β, −α, −c, depth + 1))", both("value")...)
	b.add(2, fmt.Sprintf("if v %s β then return %s", ge, retCut), both("prune")...)
	b.add(2, "α ← MAX(α, v)    ▹ seen from MIN, this is β moving", "max-alpha", "min-beta")
	b.add(1, "return "+retEnd, both("return")...)
	return b.listing(FormNegamax)
}

func variantName(rule PruneRule, fail FailMode) string {
	ge, _ := rule.signs()
	return "cut on v " + ge + " β, fail-" + fail.String()
}

type builder struct {
	title string
	lines []Line
}

func (b *builder) add(indent int, text string, keys ...string) {
	b.lines = append(b.lines, Line{Text: text, Indent: indent, Keys: keys})
}

func (b *builder) listing(f Form) Listing { return Listing{Title: b.title, Form: f, Lines: b.lines} }

// String renders the listing as plain text, one line per line.
func (l Listing) String() string {
	var sb strings.Builder
	sb.WriteString("# " + l.Title + "\n")
	for _, ln := range l.Lines {
		sb.WriteString(strings.Repeat("    ", ln.Indent) + ln.Text + "\n")
	}
	return sb.String()
}

// Forms lists the forms in which an algorithm's pseudocode is written,
// the first its default: textbook and negamax for minimax, alpha-beta,
// paranoid and the negamax family (negamax, PVS, MTD(f), iterative
// deepening, whose textbook form is the one the lectures use), the
// textbook form alone for the others.
func Forms(algo Algorithm) []Form {
	switch algo {
	case AlgoMinimax, AlgoAlphaBeta, AlgoParanoid, AlgoNegamax, AlgoPVS, AlgoMTDF, AlgoID:
		return []Form{FormTextbook, FormNegamax}
	}
	return []Form{FormTextbook}
}

// minMaxFunctions adds the MAX-VALUE and MIN-VALUE functions of a search
// without a window, whose children are valued by VALUE.
func (b *builder) minMaxFunctions() {
	for _, side := range []struct{ name, prefix, init, pick string }{
		{"MAX-VALUE", "max", "−∞", "MAX"},
		{"MIN-VALUE", "min", "+∞", "MIN"},
	} {
		b.add(0, "")
		b.add(0, fmt.Sprintf("function %s(state, depth) returns a value", side.name), side.prefix+"-enter")
		b.add(1, "if TERMINAL(state) then return UTILITY(state)", side.prefix+"-terminal")
		b.add(1, "if depth = LIMIT then return EVAL(state)", side.prefix+"-cutoff")
		b.add(1, "v ← "+side.init)
		b.add(1, "for each a in ACTIONS(state) do", side.prefix+"-loop")
		b.add(2, fmt.Sprintf("v ← %s(v, VALUE(RESULT(state, a), depth + 1))", side.pick), side.prefix+"-value")
		b.add(1, "return v", side.prefix+"-return")
	}
}

func expectiminimaxListing() Listing {
	var b builder
	b.title = "Expectiminimax"
	b.add(0, "function EXPECTIMINIMAX-DECISION(state) returns a move")
	b.add(1, "v ← VALUE(state, 0)    ▹ VALUE is MAX-VALUE, MIN-VALUE or CHANCE-VALUE, by who is to move")
	b.add(1, "return the first move whose value is v", "done")
	b.minMaxFunctions()
	b.add(0, "")
	b.add(0, "function CHANCE-VALUE(state, depth) returns a value", "chance-enter")
	b.add(1, "if TERMINAL(state) then return UTILITY(state)", "chance-terminal")
	b.add(1, "if depth = LIMIT then return EVAL(state)", "chance-cutoff")
	b.add(1, "v ← 0")
	b.add(1, "for each outcome a, with probability P(a), in ACTIONS(state) do", "chance-loop")
	b.add(2, "v ← v + P(a) × VALUE(RESULT(state, a), depth + 1)", "chance-value")
	b.add(1, "return v", "chance-return")
	return b.listing(FormTextbook)
}

func star1Listing(rule PruneRule, fail FailMode) Listing {
	ab := Pseudocode(AlgoAlphaBeta, FormTextbook, rule, fail, trace.Max)
	var b builder
	b.title = "Star1 (" + variantName(rule, fail) + "; every leaf value in [L, U])"
	b.add(0, "function STAR1-SEARCH(state) returns a move")
	b.add(1, "v ← VALUE(state, −∞, +∞, 0)    ▹ VALUE is MAX-VALUE, MIN-VALUE or CHANCE-VALUE, by who is to move")
	b.add(1, "return the first move whose value is v", "done")
	// MAX-VALUE and MIN-VALUE are alpha-beta's, valuing children by VALUE.
	for _, ln := range ab.Lines[3:] {
		ln.Text = strings.ReplaceAll(ln.Text, "MIN-VALUE(RESULT", "VALUE(RESULT")
		ln.Text = strings.ReplaceAll(ln.Text, "MAX-VALUE(RESULT", "VALUE(RESULT")
		b.lines = append(b.lines, ln)
	}
	ge, le := rule.signs()
	low, high := "s + R·U", "s + R·L"
	if fail == FailHard {
		low, high = "α", "β"
	}
	b.add(0, "")
	b.add(0, "function CHANCE-VALUE(state, α, β, depth) returns a value", "chance-enter")
	b.add(1, "if TERMINAL(state) then return UTILITY(state)", "chance-terminal")
	b.add(1, "if depth = LIMIT then return EVAL(state)", "chance-cutoff")
	b.add(1, "s ← 0; R ← 1    ▹ s = Σ P·v over the outcomes searched; R = the probability of the rest")
	b.add(1, "for each outcome a, with probability P(a), in ACTIONS(state) do", "chance-loop")
	b.add(2, fmt.Sprintf("if s + R·U %s α then return %s    ▹ even U for the rest stays at or below α: fail low", le, low), lineChanceFailLow)
	b.add(2, fmt.Sprintf("if s + R·L %s β then return %s    ▹ even L for the rest stays at or above β: fail high", ge, high), lineChanceFailHigh)
	b.add(2, "R ← R − P(a)")
	b.add(2, "α′ ← (α − s − R·U) / P(a);  β′ ← (β − s − R·L) / P(a)    ▹ beyond them a bound on v decides")
	b.add(2, "v ← VALUE(RESULT(state, a), MAX(α′, L), MIN(β′, U), depth + 1)")
	b.add(2, "s ← s + P(a) × v", "chance-value")
	b.add(1, "return s", "chance-return")
	return b.listing(FormTextbook)
}

func maxnListing() Listing {
	var b builder
	b.title = "Max^n"
	b.add(0, "function MAXN-DECISION(state) returns a move")
	b.add(1, "v ← VALUE(state, 0)    ▹ VALUE is PLAYER-VALUE or CHANCE-VALUE, by who is to move")
	b.add(1, "return the first move whose vector is v", "done")
	b.add(0, "")
	b.add(0, "function PLAYER-VALUE(state, depth) returns a vector of n values", "player-enter")
	b.add(1, "if TERMINAL(state) then return UTILITY-VECTOR(state)", "player-terminal")
	b.add(1, "if depth = LIMIT then return EVAL-VECTOR(state)", "player-cutoff")
	b.add(1, "k ← PLAYER(state); v ← none")
	b.add(1, "for each a in ACTIONS(state) do", "player-loop")
	b.add(2, "w ← VALUE(RESULT(state, a), depth + 1); if v = none or w[k] > v[k] then v ← w", "player-value")
	b.add(1, "return v", "player-return")
	b.add(0, "")
	b.add(0, "function CHANCE-VALUE(state, depth) returns a vector of n values", "chance-enter")
	b.add(1, "if TERMINAL(state) then return UTILITY-VECTOR(state)", "chance-terminal")
	b.add(1, "if depth = LIMIT then return EVAL-VECTOR(state)", "chance-cutoff")
	b.add(1, "v ← (0, …, 0)")
	b.add(1, "for each outcome a, with probability P(a), in ACTIONS(state) do", "chance-loop")
	b.add(2, "v ← v + P(a) × VALUE(RESULT(state, a), depth + 1)", "chance-value")
	b.add(1, "return v", "chance-return")
	return b.listing(FormTextbook)
}
