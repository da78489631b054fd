package gdleval

import (
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/search/feature"
	"github.com/abtrace/abtrace/search/gdl"
	"github.com/abtrace/abtrace/trace"
)

// structureFeatures makes the features of Kuhlmann et al. from the
// structures: the number of each marker on each board, the distance of the
// nearest piece of each kind to each edge of the board along each
// coordinate (counted in steps of the coordinate's order), and each
// quantity's place in its order.
func (a *Analysis) structureFeatures() {
	for _, b := range a.Structures.Boards {
		cells := b.Size[0] * b.Size[1]
		for _, m := range b.Markers {
			name := "count(" + b.Relation + "," + m + ")"
			a.add(feature.Feature[gdl.State]{Name: name, Doc: "cells of " + b.Relation + " holding " + m,
				Diff: a.count(b, m), Bound: float64(cells), Share: a.scaled(a.count(b, m), float64(cells))},
				trace.PhraseOf("gdleval.why.count", "Rel", b.Relation, "Marker", m, "Cells", cells))
		}
		for _, p := range b.Pieces {
			for _, c := range b.Coordinates {
				order := a.coords[coordKey(b.Relation, c)]
				if len(order) < 2 {
					continue
				}
				for _, end := range []string{order[0], order[len(order)-1]} {
					d := a.distance(b, p, c, end)
					n := float64(len(order) - 1)
					name := "distance(" + b.Relation + "," + p + "," + strconv.Itoa(c) + "," + end + ")"
					a.add(feature.Feature[gdl.State]{Name: name, Doc: "steps from the nearest " + p + " to argument " + strconv.Itoa(c) + " = " + end,
						Diff: d, Bound: n, Share: a.scaled(d, n)},
						trace.PhraseOf("gdleval.why.distance", "Piece", p, "Rel", b.Relation, "Arg", c, "End", end, "Order", strings.Join(order, " "), "Max", len(order)-1))
				}
			}
		}
	}
	for _, q := range a.Structures.Quantities {
		order := a.quantityOrder(q)
		if len(order) < 2 {
			continue
		}
		v := a.quantity(q, order)
		n := float64(len(order) - 1)
		name := "quantity(" + q.Relation + "," + strconv.Itoa(q.Argument) + ")"
		a.add(feature.Feature[gdl.State]{Name: name, Doc: "the value of argument " + strconv.Itoa(q.Argument) + " of " + q.Relation,
			Diff: v, Bound: n, Share: a.scaled(v, n)},
			trace.PhraseOf("gdleval.why.quantity", "Arg", q.Argument, "Rel", q.Relation, "Order", strings.Join(order, " "), "Max", len(order)-1))
	}
}

// generalFeatures makes the lecture's features every game has. Each is
// seen from the first role's side (its measure minus the second role's),
// so that a search that maximises and one that minimises the same
// evaluation play by the same idea.
func (a *Analysis) generalFeatures() {
	m := float64(a.MaxMoves)
	a.add(feature.Feature[gdl.State]{Name: "mobility", Doc: "legal moves of the first role − of the second", Diff: a.mobility, Bound: m},
		trace.PhraseOf("gdleval.why.mobility", "First", a.role(0), "Second", a.role(1), "Max", a.MaxMoves))
	a.add(feature.Feature[gdl.State]{Name: "opponent-mobility", Doc: "the legal moves the opponent of the role to move has after its move, on average", Diff: a.opponentMobility, Bound: m},
		trace.PhraseOf("gdleval.why.opponent-mobility", "First", a.role(0), "Max", a.MaxMoves))
	a.add(feature.Feature[gdl.State]{Name: "novelty", Doc: "facts the moves of the role to move change, on average", Diff: a.novelty, Bound: float64(a.MaxChanged)},
		trace.PhraseOf("gdleval.why.novelty", "Max", a.MaxChanged))
	if a.fuzzy != nil {
		fz := a.fuzzy
		a.add(feature.Feature[gdl.State]{Name: "goal-fuzzy", Doc: "the fuzzy degree of the goals, the first role's against the second's",
			Diff: func(s gdl.State) float64 { return 2*fz.V(s) - 1 }, Bound: 1, Share: fz.V},
			trace.PhraseOf("gdleval.why.goal-fuzzy", "Nodes", fz.Size(), "Params", fz.Params))
		b := float64(a.fuzzy.MaxDistance())
		if b > 0 {
			a.add(feature.Feature[gdl.State]{Name: "goal-distance", Doc: "facts missing to the best goal: the second role's − the first's", Diff: a.fuzzy.distanceDiff, Bound: b},
				trace.PhraseOf("gdleval.why.goal-distance", "Goal", a.Goals.Hi, "Max", int(b)))
		}
	}
}

func (a *Analysis) role(r int) string {
	if r < len(a.G.Roles()) {
		return a.G.Roles()[r]
	}
	return "?"
}

func (a *Analysis) add(f feature.Feature[gdl.State], why trace.Phrase) {
	a.Features = append(a.Features, f)
	a.Says[f.Name] = why
	a.Reasons[f.Name] = why.WordIn(English)
}

// scaled makes V = f / n, within [0, 1].
func (a *Analysis) scaled(f func(gdl.State) float64, n float64) func(gdl.State) float64 {
	return func(s gdl.State) float64 {
		if n <= 0 {
			return 0
		}
		return min(1, max(0, f(s)/n))
	}
}

func (a *Analysis) count(b gdl.Board, m string) func(gdl.State) float64 {
	return func(s gdl.State) float64 {
		n := 0
		for _, f := range a.G.FactTerms(s) {
			if f.Name == b.Relation && len(f.Args) == 3 && f.Args[b.Content-1].Name == m {
				n++
			}
		}
		return float64(n)
	}
}

// distance is the distance, in steps of argument c's order, from the
// nearest piece p to the value end (the order's length − 1 with no p on
// the board).
func (a *Analysis) distance(b gdl.Board, p string, c int, end string) func(gdl.State) float64 {
	order := a.coords[coordKey(b.Relation, c)]
	at := map[string]int{}
	for i, v := range order {
		at[v] = i
	}
	e := at[end]
	return func(s gdl.State) float64 {
		best := len(order) - 1
		for _, f := range a.G.FactTerms(s) {
			if f.Name != b.Relation || len(f.Args) != 3 || f.Args[b.Content-1].Name != p {
				continue
			}
			if i, ok := at[f.Args[c-1].Name]; ok {
				best = min(best, abs(i-e))
			}
		}
		return float64(best)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// quantityOrder is the order of a quantity's values: its successor
// relation's, or the numbers from the least seen to the greatest.
func (a *Analysis) quantityOrder(q gdl.Quantity) []string {
	for _, s := range a.Structures.Successors {
		if strings.Contains(q.Reason, "`"+s.Relation+"`") {
			return s.Order
		}
	}
	lo, hi := 1<<30, -1<<30
	for _, s := range a.samples() {
		for _, f := range a.G.FactTerms(s) {
			if f.Name == q.Relation && len(f.Args) >= q.Argument {
				if v, err := strconv.Atoi(f.Args[q.Argument-1].Name); err == nil {
					lo, hi = min(lo, v), max(hi, v)
				}
			}
		}
	}
	var out []string
	for v := lo; v <= hi && len(out) <= 1000; v++ {
		out = append(out, strconv.Itoa(v))
	}
	return out
}

// samples returns a few states of the game: the initial one and those of
// one game of first moves.
func (a *Analysis) samples() []gdl.State {
	g := a.G
	s := g.Init()
	out := []gdl.State{s}
	for step := 0; step < 200 && !g.Terminal(s); step++ {
		joint := make([]int, len(g.Roles()))
		for r := range joint {
			if l := g.LegalMoves(s, r); len(l) > 0 {
				joint[r] = l[len(l)-1]
			}
		}
		s = g.Next(s, joint)
		out = append(out, s)
	}
	return out
}

func (a *Analysis) quantity(q gdl.Quantity, order []string) func(gdl.State) float64 {
	at := map[string]int{}
	for i, v := range order {
		at[v] = i
	}
	return func(s gdl.State) float64 {
		for _, f := range a.G.FactTerms(s) {
			if f.Name == q.Relation && len(f.Args) >= q.Argument {
				return float64(at[f.Args[q.Argument-1].Name])
			}
		}
		return 0
	}
}

// sign is +1 when the first role moves at s, −1 otherwise.
func (a *Analysis) sign(s gdl.State) float64 {
	if a.G.Mover(s) == 0 {
		return 1
	}
	return -1
}

// mobilities returns each role's mobility in s: the legal moves of the
// role to move, and for the other the legal moves it has after each of
// them, on average (so that the value does not flip with whose turn it
// is at the depth limit).
func (a *Analysis) mobilities(s gdl.State) (mover int, own, other float64) {
	g := a.G
	mover = g.Mover(s)
	if g.Terminal(s) || len(g.Roles()) != 2 {
		return mover, 0, 0
	}
	moves := g.Moves(s, nil)
	total := 0
	for _, m := range moves {
		t := g.Result(s, m)
		if !g.Terminal(t) {
			total += len(g.LegalMoves(t, 1-mover))
		}
	}
	if len(moves) == 0 {
		return mover, 0, 0
	}
	return mover, float64(len(moves)), float64(total) / float64(len(moves))
}

// mobility is the first role's mobility minus the second's.
func (a *Analysis) mobility(s gdl.State) float64 {
	mover, own, other := a.mobilities(s)
	if mover == 0 {
		return own - other
	}
	return other - own
}

// opponentMobility is the mobility of the role that waits (the opponent
// of the role to move): positive when it is the second role.
func (a *Analysis) opponentMobility(s gdl.State) float64 {
	_, _, other := a.mobilities(s)
	return a.sign(s) * other
}

// novelty is, for the role to move, the mean over its moves of the facts
// the move changes; positive when the first role moves.
func (a *Analysis) novelty(s gdl.State) float64 {
	g := a.G
	if g.Terminal(s) {
		return 0
	}
	moves := g.Moves(s, nil)
	total := 0
	for _, m := range moves {
		total += changed(g, s, g.Result(s, m))
	}
	if len(moves) == 0 {
		return 0
	}
	return a.sign(s) * float64(total) / float64(len(moves))
}
