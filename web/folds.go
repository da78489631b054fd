package web

import (
	"strings"

	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/templates"
	"github.com/abtrace/abtrace/trace"
)

// folds keeps the counts of the fold glyphs of one drawing: for each
// folded node, how many nodes below it the search entered and how many lie
// in pruned subtrees. A node below a fold belongs to exactly one fold (the
// nearest folded ancestor), since nothing below a fold is drawn.
type folds struct {
	p     *scenario.Search
	info  map[string]*FoldCount
	sizes map[string]int  // subtree sizes already asked for
	dirty map[string]bool // folds changed since the last changed()
}

// newFolds finds the folded nodes of the scenario's drawing with these
// opened folds.
func newFolds(p *scenario.Search, open []string) (*folds, error) {
	shape, err := p.Shape(scenario.ShapeOptions{Open: open})
	if err != nil {
		return nil, err
	}
	return foldsOf(p, shape), nil
}

// foldsOf finds the folded nodes of a drawing already made.
func foldsOf(p *scenario.Search, shape *trace.Shape) *folds {
	f := &folds{p: p, info: map[string]*FoldCount{}, sizes: map[string]int{}, dirty: map[string]bool{}}
	stack := []*trace.Shape{shape}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n.Folded {
			f.info[n.ID] = &FoldCount{Total: n.Total - 1}
		}
		stack = append(stack, n.Children...)
	}
	return f
}

// pageFolds returns the fold counts of a drawing at a frame, as a page
// rendered on the server shows them (nil when the drawing has no folds).
func pageFolds(p *scenario.Search, shape *trace.Shape, fr *trace.Frame) map[string]templates.FoldCount {
	f := foldsOf(p, shape)
	if len(f.info) == 0 {
		return nil
	}
	f.recount(fr)
	out := make(map[string]templates.FoldCount, len(f.info))
	for id, c := range f.info {
		out[id] = templates.FoldCount{Visited: c.Visited, Pruned: c.Pruned, Total: c.Total}
	}
	return out
}

// owner returns the fold that id lies below, or nil when id is drawn, and
// marks that fold as changed.
func (f *folds) owner(id string) *FoldCount {
	for {
		parent, ok := trace.ParentID(id)
		if !ok {
			return nil
		}
		if c := f.info[parent]; c != nil {
			f.dirty[parent] = true
			return c
		}
		id = parent
	}
}

func (f *folds) size(id string) int {
	if n, ok := f.sizes[id]; ok {
		return n
	}
	n, err := f.p.SubtreeSize(id)
	if err != nil {
		n = 0
	}
	f.sizes[id] = n
	return n
}

func (f *folds) reset() {
	for _, c := range f.info {
		c.Visited, c.Pruned = 0, 0
	}
}

// count updates the counts for one event.
func (f *folds) count(e trace.Event) {
	if len(f.info) == 0 {
		return
	}
	switch e.Type {
	case trace.Enter:
		if c := f.owner(e.Node); c != nil {
			c.Visited++
		}
	case trace.Prune:
		for _, id := range e.Pruned {
			f.pruned(id)
		}
	}
}

// pruned counts the subtree of id as pruned.
func (f *folds) pruned(id string) {
	if c := f.owner(id); c != nil {
		c.Pruned += f.size(id)
		return
	}
	// A drawn node: every fold at or below it is pruned whole.
	for fid, c := range f.info {
		if id == "" || fid == id || strings.HasPrefix(fid, id+".") {
			c.Pruned = c.Total
			f.dirty[fid] = true
		}
	}
}

// recount computes the counts afresh from a frame.
func (f *folds) recount(fr *trace.Frame) {
	f.reset()
	if len(f.info) == 0 {
		return
	}
	for id, nv := range fr.Nodes {
		switch nv.State {
		case trace.StatePruned:
			f.pruned(id)
		case trace.StateOpen, trace.StateDone:
			if c := f.owner(id); c != nil {
				c.Visited++
			}
		}
	}
}

// changed returns the counts of the folds changed since the last call
// (what a patch carries), or nil when none did.
func (f *folds) changed() map[string]FoldCount {
	if len(f.dirty) == 0 {
		return nil
	}
	m := make(map[string]FoldCount, len(f.dirty))
	for id := range f.dirty {
		m[id] = *f.info[id]
	}
	clear(f.dirty)
	return m
}

// snapshot copies all the counts (what a frame carries), or returns nil
// when the drawing has no folds.
func (f *folds) snapshot() map[string]FoldCount {
	clear(f.dirty)
	if len(f.info) == 0 {
		return nil
	}
	m := make(map[string]FoldCount, len(f.info))
	for id, c := range f.info {
		m[id] = *c
	}
	return m
}

// hidden reports whether id lies below a fold, where nothing is drawn.
func (f *folds) hidden(id string) bool {
	if len(f.info) == 0 {
		return false
	}
	for {
		parent, ok := trace.ParentID(id)
		if !ok {
			return false
		}
		if f.info[parent] != nil {
			return true
		}
		id = parent
	}
}

// visible copies the frame for the viewer, leaving out the nodes below
// folds: the fold counts stand for them, and at the end of the full
// tic-tac-toe minimax they are half a million.
func (f *folds) visible(fr *trace.Frame) *trace.Frame {
	if len(f.info) == 0 {
		return fr.Clone()
	}
	g := *fr
	g.Nodes = make(map[string]*trace.NodeView)
	for id, nv := range fr.Nodes {
		if !f.hidden(id) {
			g.Nodes[id] = nv.Clone()
		}
	}
	c := g.Clone() // deep-copies the rest (stack, stats, result)
	return c
}
