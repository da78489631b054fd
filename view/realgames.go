package view

import (
	"cmp"
	"maps"
	"slices"
	"strconv"

	"github.com/abtrace/abtrace/trace"
)

// MaxTableRows is the most table entries the table panel lists at once: a
// page of them, newest first. Pages are counted from the oldest entry (page
// 0 holds the ten stored first), so that an entry stays on its page while
// newer ones are stored; the last page holds the newest (NewestPage).
// Every entry is on some page; the panel's counts cover the whole table.
const MaxTableRows = 10

// NewestPage is the page that holds the entries stored last, whichever
// page that is as the table grows: what the panel shows until the viewer
// chooses a page.
const NewestPage = -1

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
	// Rows are the entries of the page shown, newest first (MaxTableRows).
	Rows []EntryRow
	// Page is the page shown, counted from the oldest entries (0: the ten
	// stored first); Pages how many pages the table fills, the last
	// holding the newest entries.
	Page, Pages int
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
	// Board is the entry's position drawn small (nil for a tree, whose
	// nodes are not positions).
	Board *Board
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
	// Board is the position found again (nil for a tree).
	Board *Board
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
// (it holds what the null-window probe returned) and the new window. Now
// marks the re-search at its own step and, for a child, while it is under
// way (the child on the stack), so that the probe's result stays in view
// as the child is searched again.
type ResearchRow struct {
	Step         int
	Child        string
	Test, Window string
	Now          bool
}

// KillerRow is the killer slots of one depth: Node is the last node the
// killer ordering expanded there (at Step; "" before any), Newest and
// Older its two slots as they stand at this step. Now marks the depth
// whose slots the search is using: the current node's, or at a leaf its
// parent's.
type KillerRow struct {
	Depth         int
	Node          string
	Step          int
	Newest, Older KillerSlot
	Now           bool
}

// KillerSlot is one killer slot. Move names the move as it was played
// where it last cut off (a game's move, "b2"; in an explicit tree the
// child as drawn), "" for an empty slot; At names the node where it cut,
// at step CutStep (0 when the cut is not known to this frame). When the
// row's node was expanded after the slot was filled, Here names the child
// of that node the slot put first where the name differs from Move (an
// explicit tree's child at the same place), and Absent says that node has
// no such move.
type KillerSlot struct {
	Move, At string
	CutStep  int
	Here     string
	Absent   bool
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
// the frame has no memory of the searches on real games. The table lists
// its first page, without boards.
func RealGamesOf(f *trace.Frame, name func(id string) string) *RealGames {
	return realGames(f, name, nil, 0)
}

// RealGamesIn is RealGamesOf as scene s shows it, with nodes named in the
// language words words (see Scene.Namer): the table's entries drawn as
// their boards (Scene.BoardAt) and the table's page page (0: its newest
// entries; a page past the last is the last).
func RealGamesIn(f *trace.Frame, s *Scene, words func(trace.Phrase) string, page int) *RealGames {
	return realGames(f, s.Namer(words), s.BoardAt, page)
}

// realGames is RealGamesOf with the table's entries drawn by board (nil:
// none) and its page page.
func realGames(f *trace.Frame, name func(id string) string, board func(id string) *Board, page int) *RealGames {
	m := f.Memory
	if m == nil {
		return nil
	}
	named := func(id string) string {
		// A label that is a key ("column 4") is worded in the viewer's
		// language (Frame.LabelText).
		if ent := m.Entries[id]; ent != nil && ent.Label != "" {
			return f.LabelText(ent.Label)
		}
		if nv := f.Nodes[id]; nv != nil && nv.Label != "" {
			return f.LabelText(nv.Label) // a game's move, as the search named it on entry
		}
		return name(id)
	}
	r := &RealGames{Table: tablePanel(f, named, board, page), Passes: passRows(f, named), Researches: researchRows(f, named)}
	killers, hist := learnedOrders(m, named)
	r.Killers = killerRows(f, m, killers, named)
	if hist != nil {
		r.History = historyPanel(hist, named)
	}
	return r
}

// tablePanel is the transposition table's panel: its counts, the last
// hit and the entries of page page, each drawn by board when it is not
// nil; nil when the table is empty.
func tablePanel(f *trace.Frame, named func(string) string, board func(string) *Board, page int) *TablePanel {
	m := f.Memory
	if len(m.Entries) == 0 && m.Hits == 0 {
		return nil
	}
	t := &TablePanel{Entries: len(m.Entries), Hits: m.Hits, Stored: f.Stats.TTStored}
	if h := m.LastHit; h != nil {
		t.Hit = &HitRow{Node: named(h.Node), Stored: named(h.Stored), Step: h.Step, StoredStep: h.StoredStep,
			Value: h.Bound.Text(h.Value), Bound: h.Bound.String(), Draft: draftText(h.Draft), Best: bestName(named, h.Best),
			Cut: h.Cut, Symmetric: h.Sym != 0, Now: h.Step == f.Step}
		if board != nil {
			t.Hit.Board = board(h.Node)
		}
	}
	ents := make([]*trace.TableEntry, 0, len(m.Entries))
	for _, e := range m.Entries {
		ents = append(ents, e)
	}
	// Oldest first, so that a page keeps its entries as newer ones are
	// stored; each page lists its own newest first.
	slices.SortFunc(ents, func(a, b *trace.TableEntry) int { return cmp.Compare(a.Step, b.Step) })
	t.Pages = max(1, (len(ents)+MaxTableRows-1)/MaxTableRows)
	t.Page = min(page, t.Pages-1)
	if page < 0 {
		t.Page = t.Pages - 1 // NewestPage
	}
	shown := ents[min(len(ents), t.Page*MaxTableRows):min(len(ents), (t.Page+1)*MaxTableRows)]
	for _, e := range slices.Backward(shown) {
		now := e.Step == f.Step || m.LastHit != nil && m.LastHit.Step == f.Step && m.LastHit.Stored == e.Node
		row := EntryRow{Node: named(e.Node), Value: e.Bound.Text(e.Value), Bound: e.Bound.String(),
			Draft: draftText(e.Draft), Best: bestName(named, e.Best), Step: e.Step, Hits: e.Hits, Now: now}
		if board != nil {
			row.Board = board(e.Node)
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// passRows are the passes of iterative deepening or MTD(f).
func passRows(f *trace.Frame, named func(string) string) []PassRow {
	var out []PassRow
	m := f.Memory
	for i, p := range m.Passes {
		row := PassRow{Pass: p.Pass, Depth: draftText(p.Draft), First: bestName(named, p.First), Best: bestName(named, p.Best),
			Nodes: p.Nodes, Step: p.Step, Now: i == len(m.Passes)-1 && !f.Done}
		if p.Draft <= 0 {
			row.Depth = ""
		}
		if p.Window {
			row.Window = trace.WindowLine(p.Alpha, p.Beta)
		}
		if p.HasValue {
			row.Value = p.Bound.Text(p.Value)
		}
		row.Reused = i > 0 && p.First != "" && p.First == m.Passes[i-1].Best
		out = append(out, row)
	}
	return out
}

// researchRows are the re-searches of PVS and aspiration windows.
func researchRows(f *trace.Frame, named func(string) string) []ResearchRow {
	var out []ResearchRow
	m := f.Memory
	rs := m.Researches
	passFrom := 0 // the step at which the pass under way began
	if len(m.Passes) > 0 {
		passFrom = m.Passes[len(m.Passes)-1].Step
	}
	for i, x := range rs {
		row := ResearchRow{Step: x.Step, Test: x.Test, Window: trace.WindowLine(x.Alpha, x.Beta), Now: x.Step == f.Step}
		if x.Child != "" {
			row.Child = named(x.Child)
			// Under way: the last re-search of its child in this pass,
			// which is on the stack (the re-search enters it again after
			// its step).
			last := x.Step > passFrom && !slices.ContainsFunc(rs[i+1:], func(y trace.ResearchView) bool { return y.Child == x.Child })
			row.Now = row.Now || last && !f.Done && slices.Contains(f.Stack, x.Child)
		}
		out = append(out, row)
	}
	return out
}

// learnedOrders are the killer moves by depth and the history ordering
// learned last (nil when none).
func learnedOrders(m *trace.Memory, named func(string) string) (map[int]*KillerRow, *trace.LearnedOrder) {
	depths := make([]int, 0, len(m.Orders))
	for d := range m.Orders {
		depths = append(depths, d)
	}
	slices.Sort(depths)
	var hist *trace.LearnedOrder
	killers := map[int]*KillerRow{}
	for _, d := range depths {
		o := m.Orders[d]
		switch o.By {
		case "killer":
			killers[d] = &KillerRow{Depth: d, Node: named(o.Node), Step: o.Step}
		case "history":
			if hist == nil || o.Step > hist.Step {
				o := o
				hist = &o
			}
		}
	}
	return killers, hist
}

// historyPanel is the history ordering's panel: the moves by their keys,
// the best first.
func historyPanel(hist *trace.LearnedOrder, named func(string) string) *HistoryPanel {
	h := &HistoryPanel{Node: named(hist.Node), Step: hist.Step}
	idx := make([]int, len(hist.Keys))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(hist.Keys[b], hist.Keys[a]) })
	for _, i := range idx {
		h.Rows = append(h.Rows, HistoryRow{Move: named(trace.ChildID(hist.Node, i)), Score: hist.Keys[i].String()})
	}
	return h
}

// killerRows is the killer panel's rows, by depth: the rows of rows (one
// per depth where the killer ordering expanded a node) with the slots the
// memory holds for each depth filled in.
func killerRows(f *trace.Frame, m *trace.Memory, rows map[int]*KillerRow, named func(string) string) []KillerRow {
	for d := range m.Killers {
		if rows[d] == nil {
			rows[d] = &KillerRow{Depth: d}
		}
	}
	if len(rows) == 0 {
		return nil
	}
	cur := trace.DepthOf(f.Current)
	if rows[cur] == nil {
		cur--
	}
	out := make([]KillerRow, 0, len(rows))
	for _, d := range slices.Sorted(maps.Keys(rows)) {
		row := rows[d]
		row.Now = d == cur && !f.Done
		o, expanded := m.Orders[d]
		slots := m.Killers[d]
		// The last expansion used these slots when it came after the
		// newest of them was filled; its key is 2 for the newest slot's
		// move, 1 for the older's.
		used := expanded && o.By == "killer" && len(slots) > 0 && slots[0].Step > 0 && o.Step > slots[0].Step
		for i, k := range slots {
			parent, _ := trace.ParentID(k.Node)
			slot := KillerSlot{Move: f.LabelText(k.Label), At: named(parent), CutStep: k.Step}
			if slot.Move == "" {
				slot.Move = named(k.Node)
			}
			if used {
				slot.Absent = true
				for c, key := range o.Keys {
					if key == trace.Num(2-i) {
						slot.Absent = false
						if here := named(trace.ChildID(o.Node, c)); here != slot.Move {
							slot.Here = here
						}
					}
				}
			}
			if i == 0 {
				row.Newest = slot
			} else {
				row.Older = slot
			}
		}
		out = append(out, *row)
	}
	return out
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
// a leaf's value, a game's node by the move into it (worded by words
// where the name is a key such as "pass"), the root (worded by words, nil
// for English), else its id.
func (s *Scene) Namer(words func(trace.Phrase) string) func(id string) string {
	return func(id string) string {
		if n, ok := s.Layout.Node(id); ok {
			switch {
			case n.Label != "" && s.labelIn != nil:
				return s.labelIn(n.Label, words)
			case n.Label != "":
				return n.Label
			case n.Leaf && n.Text != "" && n.Board == "":
				return n.Text
			}
		}
		if id != "" && s.moveName != nil {
			if name := s.moveName(id); name != "" {
				return s.labelIn(name, words)
			}
		}
		return NodeNameIn(id, "", words)
	}
}
