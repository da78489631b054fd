package view

import (
	"math"

	"github.com/abtrace/abtrace/trace"
)

// MCTSPanel is what the Monte-Carlo panel shows at one step of a
// Monte-Carlo tree search: the current iteration's selections, each with
// every child's UCB1 score written out as exploitation + c·√(ln N / n),
// and its playout drawn compactly with its result. Every text is decided
// here; the page only prints it.
type MCTSPanel struct {
	// Iter is the current iteration, 0 before the first and after the end.
	Iter int
	// C is the exploration constant as the formulas write it ("1.41").
	C string
	// Selections are the iteration's select steps so far, from the root
	// down.
	Selections []UCBTable
	// Playout is the iteration's simulation, nil before it.
	Playout *PlayoutLine
	// Phase is the type of the step's event within the iteration
	// ("select", "grow", "simulate", "backprop"); "" outside one.
	Phase string
	// DUCT is set for decoupled UCT (roles that choose at once): the
	// panel shows its tables instead of Selections and Playout.
	DUCT *DUCTPanel
	// Decoupled is set for every step of decoupled UCT: the panel then
	// explains its tables' columns once, below the steps' tables.
	Decoupled bool
}

// UCBTable is one selection step: at the node Node (its player Kind,
// visited N times) every child's score, the chosen one marked.
type UCBTable struct {
	Node, Kind, N string
	// Current is true when this selection is the step's own event.
	Current bool
	Rows    []UCBRow
}

// UCBRow is one child's UCB1 score: Exploit (w/n) + Bonus (Explore, the
// formula with its numbers) = Total.
type UCBRow struct {
	ID, Child string
	W, N      string // "1", "2"
	Exploit   string // "0.5"
	Explore   string // "1.41·√(ln 4 / 2)"
	Bonus     string // "0.83"
	Total     string // "1.33"
	Chosen    bool
}

// PlayoutLine is a playout drawn compactly: the moves played from From
// (at most MaxPlayoutShown of them, More the number left out), the outcome
// for MAX and the reward.
type PlayoutLine struct {
	From          string
	Moves         []string
	More          int
	Value, Reward string
	Current       bool
}

// MaxPlayoutShown is the most moves of a playout the panel lists; the
// rest are counted.
const MaxPlayoutShown = 12

// MCTSPanelOf returns the Monte-Carlo panel at frame f of a search whose
// exploration constant is c. named names a node by its id as the page
// draws it, in the page's language (Scene.Namer: the move into it, the
// root as the language says); nil names nodes by their labels alone.
func MCTSPanelOf(f *trace.Frame, c float64, named func(id string) string) *MCTSPanel {
	p := &MCTSPanel{C: Decimal(c)}
	it := f.Iteration
	if it == nil {
		return p
	}
	p.Iter, p.Phase = it.Iter, it.Last.String()
	if decoupled(it) {
		p.DUCT = ductPanelOf(f, it)
		return p
	}
	name := func(id, label string) string {
		if l := f.LabelText(label); l != "" || named == nil {
			return NodeName(id, l)
		}
		return named(id)
	}
	for i, s := range it.Selections {
		t := UCBTable{Node: name(s.Node, s.Label), Kind: s.Kind.Upper(), N: trace.Num(s.N).String(),
			Current: it.Last == trace.Select && i == len(it.Selections)-1}
		for _, sc := range s.Scores {
			r := UCBRow{ID: sc.Child, Child: name(sc.Child, sc.Label), W: Decimal(sc.W), N: trace.Num(sc.N).String(),
				Exploit: Decimal(float64(sc.Exploit)), Bonus: Decimal(float64(sc.Explore)), Total: Decimal(float64(sc.Total)),
				Explore: p.C + "·√(ln " + t.N + " / " + trace.Num(sc.N).String() + ")", Chosen: sc.Child == s.Child}
			if sc.N == 0 {
				r.Exploit, r.Bonus, r.Total = "—", "∞", "∞"
			}
			t.Rows = append(t.Rows, r)
		}
		p.Selections = append(p.Selections, t)
	}
	if pl := it.Playout; pl != nil {
		line := &PlayoutLine{From: name(pl.Node, pl.Label), Value: pl.Value.String(), Reward: Decimal(float64(pl.Reward)),
			Current: it.Last == trace.Simulate}
		line.Moves = pl.Moves
		if f.Labels != nil {
			line.Moves = make([]string, len(pl.Moves))
			for i, m := range pl.Moves {
				line.Moves[i] = f.LabelText(m)
			}
		}
		if len(pl.Moves) > MaxPlayoutShown {
			line.Moves, line.More = pl.Moves[:MaxPlayoutShown], len(pl.Moves)-MaxPlayoutShown
		}
		p.Playout = line
	}
	return p
}

// Decimal writes x as a lecturer does (trace.Written), as the panels show
// scores: 0.5, 0.83, 1.41, −0.25; ∞ for +∞.
func Decimal(x float64) string {
	if math.IsInf(x, 1) {
		return "∞"
	}
	return trace.Written(x)
}
