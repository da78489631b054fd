package trace

import "slices"

// Subtree summarises one finished subtree of a search: how many events
// its node's call made, what it returned, the best line below it and what
// the engine counted inside it. It is what a viewer needs to pass over a
// subtree it has seen before without the search descending into it again,
// much as filepath.SkipDir lets a walk pass over a directory.
//
// The protocol, through Event.Subtree: a recorder that wants a node's
// summary sets WantSubtree on its enter event, and a search that can skip
// then sets, on that node's exit event, the summary of its subtree (lent
// for the call, like the event). A recorder that keeps it (Clone) may hand
// it back on a later run of the same search, on the enter event of the
// same node: the search then does not descend but goes on as if it had
// emitted the Events events from that enter to the node's exit, returning
// Value with Bound (and Vec under max^n) and taking PV as the node's best
// line. The recorder must check that the node was entered with the same
// window (Alpha, Beta) before it hands a summary back. Only the nodes asked for pay for their
// summaries.
//
// Only searches in which a subtree leaves nothing behind that changes its
// later siblings can skip: which ones is decided in one place in package
// search (the engine's canSkip). The others never set Event.Subtree, so a
// recorder never has a summary to hand back.
type Subtree struct {
	// Events is the number of events from the node's enter to its exit,
	// both included.
	Events int
	// Alpha and Beta are the window the node was entered with.
	Alpha, Beta Num
	// Value and Bound are what the node returned.
	Value Num
	Bound Bound
	// Vec is the vector the node returned under max^n (nil in the other
	// searches).
	Vec []float64
	// PV is the best line below the node, as natural child indices.
	PV []int
	// Work is the nodes the subtree counted against the search's budget,
	// the node itself included.
	Work int64
	// NodesAt, LeavesAt and CutoffsAt count, per depth from the node's
	// own (index 0 is the node), the nodes entered, leaves valued and
	// cutoffs made inside the subtree, the node included.
	NodesAt, LeavesAt, CutoffsAt []int
	// Evaluated is the number of leaves inside valued by the evaluation
	// at the depth limit rather than by the game's end: when it is not
	// zero, the values above the subtree are estimates.
	Evaluated int
}

// WantSubtree, set on an enter event by a recorder, asks the search for
// the summary of that node's subtree on its exit event. It is a marker:
// nothing reads or writes its fields.
var WantSubtree = &Subtree{}

// CountSubtree, set on an enter event by a recorder, asks what WantSubtree
// asks, and more: that the search count the subtrees of the node's
// children instead of tracing them. The node's own events (its expand,
// its updates, its prune and its exit) are made as ever, and the summary
// comes on its exit; below its children, the search makes no events but
// numbers its steps as if it had, at about the cost of the untraced
// search, with one exception: each cutoff inside still makes its prune
// event (the node, its window and value, and the children skipped, but no
// Test), so that the recorder can count what was pruned. A recorder that
// passes over a subtree it has not seen before (a viewer on its way to a
// far step) needs nothing else. Searches that cannot skip ignore it, as
// they ignore WantSubtree.
var CountSubtree = &Subtree{}

// Clone returns a deep copy of s (nil for nil).
func (s *Subtree) Clone() *Subtree {
	if s == nil {
		return nil
	}
	c := *s
	c.Vec = slices.Clone(s.Vec)
	c.PV = slices.Clone(s.PV)
	c.NodesAt = slices.Clone(s.NodesAt)
	c.LeavesAt = slices.Clone(s.LeavesAt)
	c.CutoffsAt = slices.Clone(s.CutoffsAt)
	return &c
}

// Skip moves f forward over a whole subtree at once: enter is the enter
// event of the subtree's node (at f.Step+1), sub its summary, view the
// node as a frame showed it right after its exit event, and line that
// exit event's pseudocode key. The frame then is the one that applying
// every event of the subtree would give, except that the nodes below the
// subtree's node are not listed (as a viewer that keeps only what it draws
// would have dropped them at the exit): the node shows view, the step is
// the exit's, the statistics count the subtree, and the last event is the
// exit. Skip checks the enter event as Apply does and returns its error,
// leaving f unchanged.
func (f *Frame) Skip(enter Event, sub *Subtree, view *NodeView, line string) error {
	if enter.Type != Enter {
		return f.errorf(enter, "a subtree is skipped from its enter event")
	}
	if enter.Step != f.Step+1 {
		return f.errorf(enter, "out of order, want step %d", f.Step+1)
	}
	if f.Done {
		return f.errorf(enter, "the search is already done")
	}
	if enter.Depth != DepthOf(enter.Node) {
		return f.errorf(enter, "depth %d, but the id says %d", enter.Depth, DepthOf(enter.Node))
	}
	if err := f.checkEnter(enter); err != nil {
		return err
	}
	if sub == nil || sub.Events < 2 || view == nil || view.State != StateDone {
		return f.errorf(enter, "no summary of a finished subtree")
	}
	if f.Nodes == nil {
		f.Nodes = map[string]*NodeView{}
	}
	f.Nodes[enter.Node] = view.Clone()
	d := enter.Depth
	for j, n := range sub.NodesAt {
		f.Stats.Nodes += n
		addAt(&f.Stats.NodesAt, d+j, n)
	}
	// Per-depth counts are as long as the deepest level reached.
	addAt(&f.Stats.LeavesAt, len(f.Stats.NodesAt)-1, 0)
	addAt(&f.Stats.CutoffsAt, len(f.Stats.NodesAt)-1, 0)
	for j, n := range sub.LeavesAt {
		f.Stats.Leaves += n
		addAt(&f.Stats.LeavesAt, d+j, n)
	}
	for j, n := range sub.CutoffsAt {
		f.Stats.Cutoffs += n
		addAt(&f.Stats.CutoffsAt, d+j, n)
	}
	f.Step = enter.Step + sub.Events - 1
	f.Current = enter.Node
	f.Line = line
	f.Type = Exit
	f.Narration = ""
	f.Iteration = nil
	return nil
}

// addAt adds n at the given depth, growing s to reach it (nothing for a
// negative depth).
func addAt(s *[]int, depth, n int) {
	if depth < 0 {
		return
	}
	for len(*s) <= depth {
		*s = append(*s, 0)
	}
	(*s)[depth] += n
}
