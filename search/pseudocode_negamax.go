package search

import (
	"fmt"
	"slices"
	"strings"

	"github.com/abtrace/abtrace/trace"
)

// negamaxFamilyKeys are the line keys the negamax family emits beyond
// alpha-beta's: the table's probe, its settling a node and its store.
var negamaxFamilyKeys = []string{"tt-probe", trace.LineTTCut, "tt-store"}

// familyKeys lists the keys of the negamax family.
func familyKeys(algo Algorithm) []string {
	ks := append(Keys(AlgoAlphaBeta), negamaxFamilyKeys...)
	switch algo {
	case AlgoPVS:
		ks = append(ks, "research")
	case AlgoMTDF:
		ks = append(ks, "pass")
	case AlgoID:
		ks = append(ks, "pass", "aspiration-research")
	}
	return ks
}

// negamaxFamilyListing is the listing of negamax, PVS, MTD(f) and
// iterative deepening: the driver, then the one function they share, with
// the table's lines (used when a table is kept).
func negamaxFamilyListing(algo Algorithm, rule PruneRule, fail FailMode, rootKind trace.Kind) Listing {
	var b builder
	color := "+1"
	if rootKind == trace.Min {
		color = "−1"
	}
	both := func(suffix string) []string { return []string{"max-" + suffix, "min-" + suffix} }
	ge, _ := rule.signs()
	retCut, retEnd := "v", "v"
	if fail == FailHard {
		retCut, retEnd = "β", "α"
	}
	name := "NEGAMAX"
	switch algo {
	case AlgoNegamax:
		b.title = "Negamax alpha-beta (" + variantName(rule, fail) + ")"
		b.add(0, "function NEGAMAX-SEARCH(state) returns a move")
		b.add(1, fmt.Sprintf("c ← %s    ▹ +1 when MAX is to move, −1 when MIN is", color))
		b.add(1, "v ← c × NEGAMAX(state, −∞, +∞, c, 0)")
		b.add(1, "return the first move whose value is v", "done")
	case AlgoPVS:
		name = "PVS"
		b.title = "Principal variation search, NegaScout (" + variantName(rule, fail) + ")"
		b.add(0, "function PVS-SEARCH(state) returns a move")
		b.add(1, fmt.Sprintf("c ← %s    ▹ +1 when MAX is to move, −1 when MIN is", color))
		b.add(1, "v ← c × PVS(state, −∞, +∞, c, 0)")
		b.add(1, "return the first move whose value is v", "done")
	case AlgoMTDF:
		b.title = "MTD(f): null-window passes with a transposition table (" + variantName(rule, fail) + ")"
		b.add(0, "function MTDF(state, f) returns a move    ▹ f: the first guess, 0")
		b.add(1, fmt.Sprintf("c ← %s;  g ← f;  lower ← −∞;  upper ← +∞", color))
		if fail == FailHard {
			b.add(1, "ε ← the grain, else 1 and doubled after every pass    ▹ a fail-hard pass moves a bound by at most ε")
		}
		b.add(1, "repeat")
		b.add(2, "γ ← g + ε if g = lower, else g    ▹ test: is the value at least γ?", "pass")
		b.add(2, "g ← NEGAMAX(state, γ − ε, γ, c, 0)")
		b.add(2, "if g < γ then upper ← g else lower ← g")
		b.add(1, "until lower ≥ upper")
		b.add(1, "return c × g and the move that reached it", "done")
	case AlgoID:
		b.title = "Iterative deepening (negamax alpha-beta, " + variantName(rule, fail) + ")"
		b.add(0, "function ITERATIVE-DEEPENING(state) returns a move")
		b.add(1, fmt.Sprintf("c ← %s", color))
		b.add(1, "for LIMIT ← 1, 2, … do    ▹ the best line of the last pass is searched first", "pass")
		b.add(2, "(α, β) ← (v − W, v + W) with an aspiration window W, else (−∞, +∞)")
		b.add(2, "v ← NEGAMAX(state, α, β, c, 0)")
		b.add(2, "if v ≤ α or v ≥ β then v ← NEGAMAX(state, −∞, +∞, c, 0)    ▹ fail-low or fail-high: search again", "aspiration-research")
		b.add(2, "if LIMIT is the depth limit or the pass saw the whole tree then return the best move", "done")
	}
	b.add(0, "")
	b.add(0, fmt.Sprintf("function %s(state, α, β, c, depth) returns a value for the player to move", name), both("enter")...)
	b.add(1, "e ← TABLE[state]    ▹ with a table; symmetric positions share one entry", "tt-probe")
	b.add(1, "if e was searched to the same depth then")
	b.add(2, "if e is exact, or its bound meets the window, then return e.value", trace.LineTTCut)
	b.add(2, "raise α to a lower bound, lower β to an upper bound")
	b.add(1, "if TERMINAL(state) then return c × UTILITY(state)", both("terminal")...)
	b.add(1, "if depth = LIMIT then return c × EVAL(state)", both("cutoff")...)
	b.add(1, "v ← −∞;  α₀ ← α    ▹ e.move, if any, is searched first")
	b.add(1, "for each a in ACTIONS(state) do", both("loop")...)
	if algo == AlgoPVS {
		b.add(2, fmt.Sprintf("if a is the first move then s ← −%s(RESULT(state, a), −β, −α, −c, depth + 1)", name))
		b.add(2, fmt.Sprintf("else s ← −%s(RESULT(state, a), −α − ε, −α, −c, depth + 1)    ▹ null window: is a better than α?", name))
		b.add(3, fmt.Sprintf("if α < s < β then s ← −%s(RESULT(state, a), −β, −α, −c, depth + 1)", name), "research")
		b.add(2, "v ← MAX(v, s)", both("value")...)
	} else {
		b.add(2, fmt.Sprintf("v ← MAX(v, −%s(RESULT(state, a), −β, −α, −c, depth + 1))", name), both("value")...)
	}
	b.add(2, fmt.Sprintf("if v %s β then store and return %s    ▹ a lower bound; a killer move", ge, retCut), both("prune")...)
	b.add(2, "α ← MAX(α, v)    ▹ seen from MIN, this is β moving", "max-alpha", "min-beta")
	b.add(1, "TABLE[state] ← (v, upper bound if v ≤ α₀ else exact, LIMIT − depth, best move)", "tt-store")
	b.add(1, "return "+retEnd, both("return")...)
	return b.listing(FormNegamax)
}

// familyTextbookListing is the negamax family in the MAX-VALUE / MIN-VALUE
// form the lectures use: alpha-beta's two functions under the driver of
// the algorithm (PVS's null windows in SCOUT, the passes of MTD(f) and
// iterative deepening), with the table's LOOKUP and STORE (WithTable).
func familyTextbookListing(algo Algorithm, rule PruneRule, fail FailMode, rootKind trace.Kind) Listing {
	l := Pseudocode(AlgoAlphaBeta, FormTextbook, rule, fail, rootKind)
	first := "MAX-VALUE"
	if rootKind == trace.Min {
		first = "MIN-VALUE"
	}
	var b builder
	switch algo {
	case AlgoNegamax:
		l.Title = "Negamax alpha-beta (" + variantName(rule, fail) + ")"
		return WithTable(l)
	case AlgoPVS:
		l.Title = "Principal variation search, NegaScout (" + variantName(rule, fail) + ")"
		for i, ln := range l.Lines {
			switch {
			case slices.Contains(ln.Keys, "max-value"):
				l.Lines[i].Text = "v ← MAX(v, SCOUT(MIN-VALUE, RESULT(state, a), α, β, depth + 1, a is the first move))"
			case slices.Contains(ln.Keys, "min-value"):
				l.Lines[i].Text = "v ← MIN(v, SCOUT(MAX-VALUE, RESULT(state, a), α, β, depth + 1, a is the first move))"
			}
		}
		l.Lines[0].Text = "function PVS-SEARCH(state) returns a move"
		b.add(0, "")
		b.add(0, "function SCOUT(VALUE, state, α, β, depth, first) returns a value")
		b.add(1, "if first then return VALUE(state, α, β, depth)")
		b.add(1, "if VALUE is MIN-VALUE then s ← VALUE(state, α, α + ε, depth)    ▹ null window: is the move better than α?")
		b.add(1, "else s ← VALUE(state, β − ε, β, depth)    ▹ null window: is the move better than β?")
		b.add(1, "if α < s < β then s ← VALUE(state, α, β, depth)    ▹ it is: search it again with the full window", "research")
		b.add(1, "return s")
		l.Lines = append(l.Lines, b.lines...)
		return WithTable(l)
	case AlgoMTDF:
		l.Title = "MTD(f): null-window passes with a transposition table (" + variantName(rule, fail) + ")"
		b.add(0, "function MTDF(state, f) returns a move    ▹ f: the first guess, 0")
		b.add(1, "g ← f;  lower ← −∞;  upper ← +∞")
		if fail == FailHard {
			b.add(1, "ε ← the grain, else 1 and doubled after every pass    ▹ a fail-hard pass moves a bound by at most ε")
		}
		b.add(1, "repeat")
		b.add(2, "γ ← g + ε if g = lower, else g    ▹ test: is the value at least γ?", "pass")
		b.add(2, fmt.Sprintf("g ← %s(state, γ − ε, γ, 0)", first))
		b.add(2, "if g < γ then upper ← g else lower ← g")
		b.add(1, "until lower ≥ upper")
		b.add(1, "return g and the move that reached it", "done")
	case AlgoID:
		l.Title = "Iterative deepening (alpha-beta, " + variantName(rule, fail) + ")"
		b.add(0, "function ITERATIVE-DEEPENING(state) returns a move")
		b.add(1, "for LIMIT ← 1, 2, … do    ▹ the best line of the last pass is searched first", "pass")
		b.add(2, "(α, β) ← (v − W, v + W) with an aspiration window W, else (−∞, +∞)")
		b.add(2, fmt.Sprintf("v ← %s(state, α, β, 0)", first))
		b.add(2, fmt.Sprintf("if v ≤ α or v ≥ β then v ← %s(state, −∞, +∞, 0)    ▹ fail-low or fail-high: search again", first), "aspiration-research")
		b.add(2, "if LIMIT is the depth limit or the pass saw the whole tree then return the best move", "done")
	}
	// The driver replaces alpha-beta's, up to the blank line after it.
	end := slices.IndexFunc(l.Lines, func(ln Line) bool { return ln.Text == "" })
	l.Lines = append(b.lines, l.Lines[end:]...)
	return WithTable(l)
}

// WithTable adds the transposition table to a listing: each function
// first asks LOOKUP whether the table settles its state, and STOREs its
// value before it returns; LOOKUP and STORE follow, with the lines of the
// table's events (tt-probe, tt-cut, tt-store). A search without a window
// (minimax) stores exact values only. A listing that holds the table's
// lines already is returned as it is.
func WithTable(l Listing) Listing {
	if l.LineOf("tt-probe") >= 0 {
		return l
	}
	window := l.LineOf("max-prune") >= 0
	lookup, store := "if LOOKUP(state, depth) settles the state then return its value", "STORE(state, v, depth)"
	if window {
		lookup, store = "α₀ ← α;  if LOOKUP(state, α, β, depth) settles the state then return its value", "STORE(state, v, α₀, β, depth)"
	}
	var lines []Line
	for _, ln := range l.Lines {
		if slices.Contains(ln.Keys, "max-prune") || slices.Contains(ln.Keys, "min-prune") {
			ln.Text = strings.Replace(ln.Text, "then return", "then "+store+"; return", 1)
		}
		if slices.Contains(ln.Keys, "max-return") || slices.Contains(ln.Keys, "min-return") {
			lines = append(lines, Line{Text: store, Indent: ln.Indent})
		}
		lines = append(lines, ln)
		if slices.Contains(ln.Keys, "max-enter") || slices.Contains(ln.Keys, "min-enter") {
			lines = append(lines, Line{Text: lookup, Indent: ln.Indent + 1})
		}
	}
	var b builder
	b.add(0, "")
	if window {
		b.add(0, "function LOOKUP(state, α, β, depth)    ▹ may narrow α and β")
	} else {
		b.add(0, "function LOOKUP(state, depth)")
	}
	b.add(1, "e ← TABLE[state]    ▹ with a table; symmetric positions share one entry", "tt-probe")
	b.add(1, "if e was searched at least LIMIT − depth deep then")
	if window {
		b.add(2, "if e is exact, or its bound meets the window, then return e.value", trace.LineTTCut)
		b.add(2, "raise α to a lower bound, lower β to an upper bound")
	} else {
		b.add(2, "return e.value", trace.LineTTCut)
	}
	b.add(1, "return nothing")
	b.add(0, "")
	if window {
		b.add(0, "function STORE(state, v, α₀, β, depth)")
		b.add(1, "TABLE[state] ← (v, lower bound if v ≥ β, upper bound if v ≤ α₀, else exact, LIMIT − depth, best move)", "tt-store")
	} else {
		b.add(0, "function STORE(state, v, depth)")
		b.add(1, "TABLE[state] ← (v, exact, LIMIT − depth, best move)", "tt-store")
	}
	l.Lines = append(lines, b.lines...)
	return l
}
