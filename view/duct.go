package view

import (
	"math"

	"github.com/abtrace/abtrace/trace"
)

// DUCTPanel is what the Monte-Carlo panel shows at a step of decoupled
// UCT, the MCTS of a game whose roles choose at once: one table per role
// at the node of the step, with each line's visits N, mean reward W/N and,
// at a selection, its UCB1 (the line each role chose marked); after a
// backpropagation the tables as updated (the lines updated marked); and
// the playout's goals. Only the step's node is shown, so that a step's
// message stays small however deep the iteration goes.
type DUCTPanel struct {
	// Node is the node the tables belong to ("" for the root: Root), N
	// its visits.
	Node, N string
	Root    bool
	// Backup is true when the tables are those after a backpropagation
	// (no UCB1 column); otherwise they are those of a selection.
	Backup bool
	// Current is true when the tables are the step's own event.
	Current bool
	Tables  []DUCTTable
	// Joint is the joint move chosen at a selection, every role's move.
	Joint string
	// Playout is the iteration's playout, nil before it.
	Playout *DUCTPlayout
}

// DUCTTable is one role's table at a node.
type DUCTTable struct {
	Role string
	Rows []DUCTRow
}

// DUCTRow is one move of a role's table: W/N written as "1/2", its mean
// ("0.5", "—" when never tried) and UCB1 ("∞" when never tried).
type DUCTRow struct {
	Move, N, WN, Mean, UCB string
	Chosen                 bool
}

// DUCTPlayout is a playout of decoupled UCT: from From, Steps joint moves,
// every role's goal at the end ("even 100, odd 0").
type DUCTPlayout struct {
	From, Steps, Goals string
	Root               bool // From is the root
	Cut, Current       bool
}

// ductPanelOf fills in p.DUCT from the frame's iteration when its steps
// are those of decoupled UCT.
func ductPanelOf(f *trace.Frame, it *trace.Iteration) *DUCTPanel {
	d := &DUCTPanel{}
	var tables *trace.Decoupled
	switch {
	case it.Last == trace.Backprop && it.Backup != nil:
		b := it.Backup
		d.Node, d.Root, d.N, d.Backup, d.Current, tables = f.LabelText(b.Label), b.Node == "", trace.Num(b.N).String(), true, true, b.Decoupled
	case len(it.Selections) > 0 && it.Selections[len(it.Selections)-1].Decoupled != nil:
		s := it.Selections[len(it.Selections)-1]
		d.Node, d.Root, d.N, d.Current, tables = f.LabelText(s.Label), s.Node == "", trace.Num(s.N).String(), it.Last == trace.Select, s.Decoupled
		d.Joint = s.Decoupled.JointText()
	}
	if pl := it.Playout; pl != nil && pl.Decoupled != nil {
		cut := len(pl.Decoupled.Goals) > 0 && pl.Decoupled.Goals[0] < 0
		d.Playout = &DUCTPlayout{From: f.LabelText(pl.Label), Root: pl.Node == "", Steps: trace.Num(float64(pl.Decoupled.Steps)).String(),
			Goals: pl.Decoupled.GoalsText(), Cut: cut, Current: it.Last == trace.Simulate}
	}
	if tables == nil {
		return d
	}
	for _, t := range tables.Tables {
		dt := DUCTTable{Role: t.Role}
		for _, l := range t.Lines {
			r := DUCTRow{Move: l.Move, N: trace.Num(l.N).String(), WN: Decimal(l.W) + "/" + trace.Num(l.N).String(), Mean: "—", UCB: Decimal(l.UCB), Chosen: l.Chosen}
			if l.N > 0 {
				r.Mean = Decimal(l.W / l.N)
			} else {
				r.UCB = Decimal(math.Inf(1))
			}
			dt.Rows = append(dt.Rows, r)
		}
		d.Tables = append(d.Tables, dt)
	}
	return d
}

// decoupled reports whether the iteration's steps are those of decoupled UCT.
func decoupled(it *trace.Iteration) bool {
	if it.Backup != nil || it.Playout != nil && it.Playout.Decoupled != nil {
		return true
	}
	for _, s := range it.Selections {
		if s.Decoupled != nil {
			return true
		}
	}
	return false
}
