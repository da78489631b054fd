package trace

import (
	"fmt"
	"slices"
)

// Patch is the difference between two frames of one trace: what the server
// sends the viewer per step. Applied to the frame at step From, it gives the
// frame at step Step.
//
// Nodes holds the full view of every node that was added or changed (nil
// when none was). Gone lists the nodes that went back to unvisited: a new
// pass of iterative deepening or MTD(f), or a re-search, searches the tree
// (or a subtree) afresh, and its nodes start over. Every other field is the new frame's value, sent whole: the
// stack, the statistics and the caption are small.
type Patch struct {
	From      int                  `json:"from"`
	Step      int                  `json:"step"`
	Nodes     map[string]*NodeView `json:"nodes,omitempty"`
	Gone      []string             `json:"gone,omitempty"`
	Current   string               `json:"current"`
	Stack     []string             `json:"stack"`
	Line      string               `json:"line,omitempty"`
	Type      Type                 `json:"type,omitempty"`
	Narration string               `json:"narration,omitempty"`
	Stats     Stats                `json:"stats"`
	Done      bool                 `json:"done,omitempty"`
	Result    *Result              `json:"result,omitempty"`
	// Evaluated and Estimated are the frame's (the server's panels read
	// them; the page does not).
	Evaluated *Evaluated `json:"-"`
	Estimated bool       `json:"-"`
}

// Diff returns the patch that takes frame a to frame b. b must be reachable
// from a by applying events (a is b's frame at an earlier or the same step). A nil a stands
// for NewFrame(), so Diff(nil, b) is b as a patch. The patch shares nothing
// with a or b.
func Diff(a, b *Frame) *Patch {
	if a == nil {
		a = NewFrame()
	}
	p := &Patch{
		From: a.Step, Step: b.Step,
		Current: b.Current, Stack: slices.Clone(b.Stack),
		Line: b.Line, Type: b.Type, Narration: b.Narration,
		Stats: b.Stats.Clone(), Done: b.Done, Result: b.Result.Clone(),
		Evaluated: b.Evaluated, Estimated: b.Estimated,
	}
	if p.Stack == nil {
		p.Stack = []string{}
	}
	for id, v := range b.Nodes {
		if !v.Equal(a.Nodes[id]) {
			if p.Nodes == nil {
				p.Nodes = map[string]*NodeView{}
			}
			p.Nodes[id] = v.Clone()
		}
	}
	for id := range a.Nodes {
		if b.Nodes[id] == nil {
			p.Gone = append(p.Gone, id)
		}
	}
	slices.Sort(p.Gone)
	return p
}

// ApplyPatch moves f to the frame p was made for. It returns an error, and
// leaves f unchanged, if p.From is not f.Step or p is malformed (a nil node
// view, or a Step before From). f shares nothing with p afterwards.
func (f *Frame) ApplyPatch(p *Patch) error {
	if p == nil {
		return fmt.Errorf("trace: %w: nil patch", ErrBadTrace)
	}
	if p.From != f.Step {
		return fmt.Errorf("trace: %w: patch from step %d applied to the frame at step %d", ErrBadTrace, p.From, f.Step)
	}
	if p.Step < p.From {
		return fmt.Errorf("trace: %w: patch goes back from step %d to %d", ErrBadTrace, p.From, p.Step)
	}
	for id, v := range p.Nodes {
		if v == nil {
			return fmt.Errorf("trace: %w: patch to step %d has no view of node %q", ErrBadTrace, p.Step, id)
		}
	}
	if f.Nodes == nil {
		f.Nodes = make(map[string]*NodeView, len(p.Nodes))
	}
	for _, id := range p.Gone {
		delete(f.Nodes, id)
	}
	for id, v := range p.Nodes {
		f.Nodes[id] = v.Clone()
	}
	f.Step = p.Step
	f.Current = p.Current
	f.Stack = slices.Clone(p.Stack)
	if f.Stack == nil {
		f.Stack = []string{}
	}
	f.Line = p.Line
	f.Type = p.Type
	f.Narration = p.Narration
	f.Stats = p.Stats.Clone()
	f.Done = p.Done
	f.Result = p.Result.Clone()
	f.Evaluated, f.Estimated = p.Evaluated, p.Estimated
	return nil
}
