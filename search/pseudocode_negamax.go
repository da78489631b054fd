package search

import (
	"fmt"

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
	ge := "≥"
	if rule == PruneGT {
		ge = ">"
	}
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
