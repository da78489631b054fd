package trace

import "maps"

// Memory is what a frame remembers of the searches on real games, for the
// viewer's panels and the narration: the transposition table's entries as
// the tt-store events wrote them, the last probe that found one, the
// passes of iterative deepening or MTD(f), and the re-searches. Unlike the
// node views, it survives a new pass: the table is what carries a pass's
// work into the next one.
type Memory struct {
	// Entries are the table's entries by the id of the node that stored
	// them (the latest store there). Hits counts the probes that found an
	// entry.
	Entries map[string]*TableEntry `json:"entries,omitempty"`
	Hits    int                    `json:"hits,omitempty"`
	// LastHit is the last probe that found an entry; nil before the first.
	LastHit *TableHit `json:"last_hit,omitempty"`
	// LastCut is the last probe whose entry settled its node.
	LastCut *TableHit `json:"last_cut,omitempty"`
	// Hint is the child the table suggested trying first at node HintNode,
	// from the probe when it was entered; "" when none.
	Hint     string `json:"hint,omitempty"`
	HintNode string `json:"hint_node,omitempty"`
	// Passes are the passes begun so far, in order.
	Passes []PassView `json:"passes,omitempty"`
	// Researches are the re-searches so far, in order.
	Researches []ResearchView `json:"researches,omitempty"`
	// Orders holds, by depth, the last expansion the killer or history
	// ordering made there: each child's key as the search gave it.
	Orders map[int]LearnedOrder `json:"orders,omitempty"`
	// Killers holds, by depth, the killer slots as the last expand or
	// prune event of the killer ordering at that depth gave them, newest
	// first (the empty ones left out).
	Killers map[int][]KillerSlot `json:"killers,omitempty"`
}

// KillerSlot is a killer slot as the frame remembers it: the slot of the
// event (Node, the child through which the move cut off, and its Label)
// and Step, the step of the prune event that put that child's move there
// (0 when the slot was first seen on an expand event).
type KillerSlot struct {
	Killer
	Step int `json:"step,omitempty"`
}

// LearnedOrder is an expansion by a learned ordering: at Node (Step), By
// "killer" or "history", Keys by natural child index (killer: 2 for the
// newest killer of the depth, 1 for the older, 0 for the rest; history:
// the move's score).
type LearnedOrder struct {
	Node string `json:"node"`
	Step int    `json:"step"`
	By   string `json:"by"`
	Keys []Num  `json:"keys"`
}

// TableEntry is one entry of the transposition table as the trace shows it.
type TableEntry struct {
	Node  string `json:"node"`
	Label string `json:"label,omitempty"`
	Value Num    `json:"value"`
	Bound Bound  `json:"bound"`
	// Draft is the depth searched below the node (FullDraft: to the end).
	Draft int `json:"draft"`
	// Best is the id of the best child ("" when none), Sym the symmetry
	// under which the position is stored.
	Best string `json:"best,omitempty"`
	Sym  int    `json:"sym,omitempty"`
	// Step is the step of the tt-store that wrote it, Pass the pass it
	// belongs to (0 without passes), Hits the probes that found it since.
	Step int `json:"step"`
	Pass int `json:"pass,omitempty"`
	Hits int `json:"hits,omitempty"`
	// Replaced says the store overwrote another position's entry.
	Replaced bool `json:"replaced,omitempty"`
}

// TableHit is a probe that found an entry: the node reached again, the
// entry, and what it gave.
type TableHit struct {
	Step  int    `json:"step"`
	Node  string `json:"node"`
	Label string `json:"label,omitempty"`
	// Stored is the id of the node where the entry was made and
	// StoredStep the step of that store (0 when unknown).
	Stored     string `json:"stored,omitempty"`
	StoredStep int    `json:"stored_step,omitempty"`
	Value      Num    `json:"value"`
	Bound      Bound  `json:"bound"`
	Draft      int    `json:"draft"`
	Best       string `json:"best,omitempty"`
	Sym        int    `json:"sym,omitempty"`
	Cut        bool   `json:"cut,omitempty"`
	// Window and Alpha, Beta: the node's window after the entry's bound
	// narrowed it.
	Window      bool `json:"window,omitempty"`
	Alpha, Beta Num
}

// PassView is one pass over the tree: iterative deepening to Draft, or an
// MTD(f) null-window test (Draft 0) at Beta.
type PassView struct {
	Pass  int `json:"pass"`
	Draft int `json:"draft,omitempty"`
	Step  int `json:"step"`
	// Window is true when the pass began with a window other than
	// (−∞, +∞): an aspiration window, or MTD(f)'s null window.
	Window      bool `json:"window,omitempty"`
	Alpha, Beta Num
	// First is the root's child searched first in this pass, Best the
	// root's best child so far, Value the root's value once it returned
	// (HasValue).
	First string `json:"first,omitempty"`
	Best  string `json:"best,omitempty"`
	// FirstLabel and BestLabel are those children's labels, when known.
	FirstLabel string `json:"first_label,omitempty"`
	BestLabel  string `json:"best_label,omitempty"`
	HasValue   bool   `json:"has_value,omitempty"`
	Value      Num    `json:"value"`
	Bound      Bound  `json:"bound"`
	// Nodes is the number of nodes the pass entered so far.
	Nodes int `json:"nodes"`
}

// ResearchView is one re-search: Child of Node (the root itself for an
// aspiration window, Child "") searched again with Alpha, Beta after Test.
// Probe is what the child's null-window search returned, for MAX, a bound
// (Lower below a MAX node, Upper below a MIN node): what the tree shows of
// the child until its re-search returns.
type ResearchView struct {
	Step        int    `json:"step"`
	Node        string `json:"node"`
	Child       string `json:"child,omitempty"`
	Test        string `json:"test"`
	Alpha, Beta Num
	Probe       Num   `json:"probe,omitempty"`
	ProbeBound  Bound `json:"probe_bound,omitempty"`
}

// Clone returns a deep copy of m (nil for nil).
func (m *Memory) Clone() *Memory {
	if m == nil {
		return nil
	}
	c := *m
	c.Entries = make(map[string]*TableEntry, len(m.Entries))
	for id, e := range m.Entries {
		x := *e
		c.Entries[id] = &x
	}
	if m.LastHit != nil {
		h := *m.LastHit
		c.LastHit = &h
	}
	if m.LastCut != nil {
		h := *m.LastCut
		c.LastCut = &h
	}
	c.Passes = append([]PassView(nil), m.Passes...)
	c.Researches = append([]ResearchView(nil), m.Researches...)
	if m.Orders != nil {
		c.Orders = make(map[int]LearnedOrder, len(m.Orders))
		for d, o := range m.Orders {
			o.Keys = append([]Num(nil), o.Keys...)
			c.Orders[d] = o
		}
	}
	if m.Killers != nil {
		c.Killers = make(map[int][]KillerSlot, len(m.Killers))
		for d, ks := range m.Killers {
			c.Killers[d] = append([]KillerSlot(nil), ks...)
		}
	}
	return &c
}

// Equal reports whether m and n remember the same.
func (m *Memory) Equal(n *Memory) bool {
	if m == nil || n == nil {
		return m == n
	}
	ptrEq := func(a, b *TableHit) bool { return a == nil && b == nil || a != nil && b != nil && *a == *b }
	return maps.EqualFunc(m.Entries, n.Entries, func(a, b *TableEntry) bool { return *a == *b }) &&
		m.Hits == n.Hits && ptrEq(m.LastHit, n.LastHit) && ptrEq(m.LastCut, n.LastCut) &&
		m.Hint == n.Hint && m.HintNode == n.HintNode &&
		equalSlices(m.Passes, n.Passes) && equalSlices(m.Researches, n.Researches) &&
		maps.EqualFunc(m.Orders, n.Orders, func(a, b LearnedOrder) bool {
			return a.Node == b.Node && a.Step == b.Step && a.By == b.By && equalSlices(a.Keys, b.Keys)
		}) &&
		maps.EqualFunc(m.Killers, n.Killers, equalSlices[KillerSlot])
}

func equalSlices[T comparable](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// labelOf is the label of node id as the memory knows it: from a table
// entry, or a pass's best root child; "" when unknown.
func (m *Memory) labelOf(id string) string {
	if m == nil {
		return ""
	}
	if ent := m.Entries[id]; ent != nil && ent.Label != "" {
		return ent.Label
	}
	for i := len(m.Passes) - 1; i >= 0; i-- {
		if p := m.Passes[i]; p.Best == id && p.BestLabel != "" {
			return p.BestLabel
		}
	}
	return ""
}

// rememberKillers keeps the killer slots of e's depth. On a prune the
// newest slot holds the move that just cut off, filled at this step; any
// other slot that holds the same child as before keeps the step that
// filled it (0: before the frame could see it).
func (m *Memory) rememberKillers(e Event) {
	if m.Killers == nil {
		m.Killers = map[int][]KillerSlot{}
	}
	old := m.Killers[e.Depth]
	slots := make([]KillerSlot, len(e.Killers))
	for i, k := range e.Killers {
		slots[i].Killer = k
		if i == 0 && e.Type == Prune {
			slots[i].Step = e.Step
			continue
		}
		for _, o := range old {
			if o.Node == k.Node {
				slots[i].Step = o.Step
			}
		}
	}
	m.Killers[e.Depth] = slots
}

// pass returns the pass under way, or nil.
func (m *Memory) pass() *PassView {
	if m == nil || len(m.Passes) == 0 {
		return nil
	}
	return &m.Passes[len(m.Passes)-1]
}

// remember records what event e (already checked) tells the memory. It is
// called before the node views change, so the node's label is still there.
func (f *Frame) remember(e Event) {
	learned := e.Type == Expand && (e.By == "killer" || e.By == "history") && e.Keys != nil
	if f.Memory == nil {
		if !e.Type.isRealGames() && !learned && e.Killers == nil {
			return
		}
		f.Memory = &Memory{Entries: map[string]*TableEntry{}}
	}
	m := f.Memory
	label := e.Label
	if nv := f.Nodes[e.Node]; nv != nil && label == "" {
		label = nv.Label
	}
	if e.Killers != nil {
		m.rememberKillers(e)
	}
	switch e.Type {
	case Enter:
		m.Hint, m.HintNode = "", ""
		if p := m.pass(); p != nil {
			p.Nodes++
		}
	case Expand:
		if learned {
			if m.Orders == nil {
				m.Orders = map[int]LearnedOrder{}
			}
			m.Orders[e.Depth] = LearnedOrder{Node: e.Node, Step: e.Step, By: e.By, Keys: append([]Num(nil), e.Keys...)}
		}
		if p := m.pass(); p != nil && e.Node == "" && len(e.Order) > 0 {
			p.First = ChildID("", e.Order[0])
			p.FirstLabel = m.labelOf(p.First)
		}
	case Update:
		if p := m.pass(); p != nil && e.Node == "" && e.Changed == "value" {
			p.Best = e.Child
			if c := f.Nodes[e.Child]; c != nil {
				p.BestLabel = c.Label
			}
		}
	case Exit:
		if p := m.pass(); p != nil && e.Node == "" {
			p.HasValue, p.Value, p.Bound = true, e.Value, e.Bound
		}
	case TTProbe:
		if !e.Hit {
			return
		}
		m.Hits++
		h := &TableHit{Step: e.Step, Node: e.Node, Label: label, Stored: e.Stored, Value: e.Value, Bound: e.Bound,
			Draft: e.Draft, Best: e.Child, Sym: e.Sym, Cut: e.Cut, Window: e.Window, Alpha: e.Alpha, Beta: e.Beta}
		if ent := m.Entries[e.Stored]; ent != nil {
			ent.Hits++
			h.StoredStep = ent.Step
		}
		m.LastHit = h
		if e.Cut {
			c := *h
			m.LastCut = &c
		}
		if e.Child != "" {
			m.Hint, m.HintNode = e.Child, e.Node
		}
	case TTStore:
		pass := 0
		if p := m.pass(); p != nil {
			pass = p.Pass
		}
		m.Entries[e.Node] = &TableEntry{Node: e.Node, Label: label, Value: e.Value, Bound: e.Bound, Draft: e.Draft,
			Best: e.Child, Sym: e.Sym, Step: e.Step, Pass: pass, Replaced: e.Replaced}
	case Research:
		r := ResearchView{Step: e.Step, Node: e.Node, Child: e.Child, Test: e.Test, Alpha: e.Alpha, Beta: e.Beta}
		if e.Child != "" {
			// The child failed high for the player to move: at least its
			// value for MAX, at most it for MIN.
			r.Probe, r.ProbeBound = e.Value, Lower
			if e.Kind == Min {
				r.ProbeBound = Upper
			}
		}
		m.Researches = append(m.Researches, r)
		if p := m.pass(); p != nil && e.Node == "" && e.Child == "" {
			// The root is searched again within the same pass, trying
			// the same move first: the row keeps it until the root
			// expands again.
			p.Best, p.BestLabel, p.HasValue = "", "", false
		}
	case Pass:
		m.Passes = append(m.Passes, PassView{Pass: e.Pass, Draft: e.Draft, Step: e.Step,
			Window: e.Window && !(isInf(e.Alpha, -1) && isInf(e.Beta, 1)), Alpha: e.Alpha, Beta: e.Beta})
	}
}
