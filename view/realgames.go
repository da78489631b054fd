package view

import (
	"cmp"
	"slices"
	"strconv"

	"github.com/abtrace/abtrace/trace"
)

// MaxTableRows is the most table entries the table panel lists: the ones
// stored last, newest first. The panel's counts cover the whole table.
const MaxTableRows = 10

// RealGames is what the viewer shows of the searches on real games at one
// step, beside the tree: the transposition table, the passes of iterative
// deepening or MTD(f), the re-searches, and the killer slots and history
// scores of the learned orderings. Each part is nil or empty when the
// search has none. Steps are where a click jumps to.
type RealGames struct {
	Table      *TablePanel   `json:"table,omitempty"`
	Passes     []PassRow     `json:"passes,omitempty"`
	Researches []ResearchRow `json:"researches,omitempty"`
	Killers    []KillerRow   `json:"killers,omitempty"`
	History    *HistoryPanel `json:"history,omitempty"`
}

// TablePanel is the transposition table: its size so far, the hits, the
// probe that found an entry last, and the latest entries.
type TablePanel struct {
	Entries, Hits, Stored int
	// Hit is the last probe that found an entry; nil before the first.
	Hit *HitRow
	// Rows are the entries stored last, newest first (MaxTableRows).
	Rows []EntryRow
}

// EntryRow is one entry: where it was stored, its value with its bound
// ("≥ 3"), the bound's name (exact, lower, upper), how deep it was
// searched (Draft, "∞" to the end of the game), its best child, the step
// that stored it, and the probes that found it. Now marks an entry stored
// or found at this very step.
type EntryRow struct {
	Node, Value, Bound, Draft, Best string
	Step, Hits                      int
	Now                             bool
}

// HitRow is the last probe that found an entry: the node reached again,
// drawn as the same position as the node where the entry was stored
// (Stored, at step StoredStep: where the link jumps); the entry; and, when
// it settled the node (Cut), how: "exact", "lower" (it reached β) or
// "upper" (it was at most α). Symmetric says the position was found as a
// symmetric image. Now is true at the probe's own step.
type HitRow struct {
	Node, Stored        string
	Step, StoredStep    int
	Value, Bound, Draft string
	Best                string
	Cut, Symmetric      bool
	Now                 bool
}

// PassRow is one pass: its number, its depth limit ("∞": to the end), its
// window when it has one ("α=3 β=5"), the root's child tried first and
// whether it was the last pass's best (Reused), the root's best child and
// value so far, and the nodes it entered. Now marks the pass under way.
type PassRow struct {
	Pass          int
	Depth, Window string
	First, Best   string
	Reused        bool
	Value         string
	Nodes, Step   int
	Now           bool
}

// ResearchRow is one re-search: the step, the child searched again (""
// for the root, after an aspiration window failed), the test that fired
// and the new window.
type ResearchRow struct {
	Step         int
	Child        string
	Test, Window string
	Now          bool
}

// KillerRow is the killer slots of one depth, as the last expansion there
// showed them: the newest killer and the older one among that node's
// children ("—" when neither of its moves is a killer).
type KillerRow struct {
	Depth         int
	Node          string
	Newest, Older string
	Step          int
}

// HistoryPanel is the history scores of the children of the last node the
// history ordering expanded, highest first.
type HistoryPanel struct {
	Node string
	Step int
	Rows []HistoryRow
}

// HistoryRow is one move's history score.
type HistoryRow struct {
	Move  string
	Score string
}

// RealGamesOf is the panel of frame f, with nodes named by name; nil when
// the frame has no memory of the searches on real games.
func RealGamesOf(f *trace.Frame, name func(id string) string) *RealGames {
	m := f.Memory
	if m == nil {
		return nil
	}
	named := func(id string) string {
		if ent := m.Entries[id]; ent != nil && ent.Label != "" {
			return ent.Label
		}
		return name(id)
	}
	r := &RealGames{}
	if len(m.Entries) > 0 || m.Hits > 0 {
		t := &TablePanel{Entries: len(m.Entries), Hits: m.Hits, Stored: f.Stats.TTStored}
		if h := m.LastHit; h != nil {
			t.Hit = &HitRow{Node: named(h.Node), Stored: named(h.Stored), Step: h.Step, StoredStep: h.StoredStep,
				Value: h.Bound.Text(h.Value), Bound: h.Bound.String(), Draft: draftText(h.Draft), Best: bestName(named, h.Best),
				Cut: h.Cut, Symmetric: h.Sym != 0, Now: h.Step == f.Step}
		}
		ents := make([]*trace.TableEntry, 0, len(m.Entries))
		for _, e := range m.Entries {
			ents = append(ents, e)
		}
		slices.SortFunc(ents, func(a, b *trace.TableEntry) int { return cmp.Compare(b.Step, a.Step) })
		for _, e := range ents[:min(len(ents), MaxTableRows)] {
			now := e.Step == f.Step || m.LastHit != nil && m.LastHit.Step == f.Step && m.LastHit.Stored == e.Node
			t.Rows = append(t.Rows, EntryRow{Node: named(e.Node), Value: e.Bound.Text(e.Value), Bound: e.Bound.String(),
				Draft: draftText(e.Draft), Best: bestName(named, e.Best), Step: e.Step, Hits: e.Hits, Now: now})
		}
		r.Table = t
	}
	for i, p := range m.Passes {
		row := PassRow{Pass: p.Pass, Depth: draftText(p.Draft), First: bestName(named, p.First), Best: bestName(named, p.Best),
			Nodes: p.Nodes, Step: p.Step, Now: i == len(m.Passes)-1 && !f.Done}
		if p.Draft <= 0 {
			row.Depth = ""
		}
		if p.Window {
			row.Window = "α=" + p.Alpha.String() + " β=" + p.Beta.String()
		}
		if p.HasValue {
			row.Value = p.Bound.Text(p.Value)
		}
		row.Reused = i > 0 && p.First != "" && p.First == m.Passes[i-1].Best
		r.Passes = append(r.Passes, row)
	}
	for _, x := range m.Researches {
		row := ResearchRow{Step: x.Step, Test: x.Test, Window: "α=" + x.Alpha.String() + " β=" + x.Beta.String(), Now: x.Step == f.Step}
		if x.Child != "" {
			row.Child = named(x.Child)
		}
		r.Researches = append(r.Researches, row)
	}
	depths := make([]int, 0, len(m.Orders))
	for d := range m.Orders {
		depths = append(depths, d)
	}
	slices.Sort(depths)
	var hist *trace.LearnedOrder
	for _, d := range depths {
		o := m.Orders[d]
		switch o.By {
		case "killer":
			row := KillerRow{Depth: d, Node: named(o.Node), Newest: "—", Older: "—", Step: o.Step}
			for i, k := range o.Keys {
				switch k {
				case 2:
					row.Newest = named(trace.ChildID(o.Node, i))
				case 1:
					row.Older = named(trace.ChildID(o.Node, i))
				}
			}
			r.Killers = append(r.Killers, row)
		case "history":
			if hist == nil || o.Step > hist.Step {
				o := o
				hist = &o
			}
		}
	}
	if hist != nil {
		h := &HistoryPanel{Node: named(hist.Node), Step: hist.Step}
		idx := make([]int, len(hist.Keys))
		for i := range idx {
			idx[i] = i
		}
		slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(hist.Keys[b], hist.Keys[a]) })
		for _, i := range idx {
			h.Rows = append(h.Rows, HistoryRow{Move: named(trace.ChildID(hist.Node, i)), Score: hist.Keys[i].String()})
		}
		r.History = h
	}
	return r
}

// draftText writes how deep an entry was searched: plies, or "∞" to the
// end of the game.
func draftText(d int) string {
	if d >= trace.FullDraft {
		return "∞"
	}
	return strconv.Itoa(d)
}

func bestName(named func(string) string, id string) string {
	if id == "" {
		return ""
	}
	return named(id)
}

// Namer names the nodes of a scene as the page draws them: a node's label,
// a leaf's value, the root (worded by words, nil for English), else its id.
func (s *Scene) Namer(words func(trace.Phrase) string) func(id string) string {
	return func(id string) string {
		if n, ok := s.Layout.Node(id); ok {
			switch {
			case n.Label != "":
				return n.Label
			case n.Leaf && n.Text != "" && n.Board == "":
				return n.Text
			}
		}
		return NodeNameIn(id, "", words)
	}
}
