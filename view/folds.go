package view

import (
	"strings"

	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/trace"
)

// foldCounts keeps the counts of the fold glyphs of one scene as a search
// goes: for each folded node, how many nodes below it the search entered
// and how many lie in pruned subtrees. A node below a fold belongs to
// exactly one fold (the nearest folded ancestor), since nothing below a
// fold is drawn.
type foldCounts struct {
	p     *scenario.Search
	info  map[string]*FoldCount
	dirty map[string]bool // folds changed since the last changed()
}

func newFoldCounts(p *scenario.Search, s *Scene) *foldCounts {
	f := &foldCounts{p: p, info: make(map[string]*FoldCount, len(s.folds)), dirty: map[string]bool{}}
	for id, total := range s.folds {
		f.info[id] = &FoldCount{Total: total}
	}
	return f
}

// owner returns the fold that id lies below, or nil when id is drawn, and
// marks that fold as changed.
func (f *foldCounts) owner(id string) *FoldCount {
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

func (f *foldCounts) reset() {
	for _, c := range f.info {
		c.Visited, c.Pruned = 0, 0
	}
}

// restart sets to zero the counts of the folds searched afresh: every fold
// for a new pass or a re-search of the root (child ""), else the folds at
// or below the re-searched child. A fold above a re-searched child keeps
// counting: its visits include both searches of the child.
func (f *foldCounts) restart(child string) {
	for id, c := range f.info {
		if child == "" || id == child || strings.HasPrefix(id, child+".") {
			if c.Visited != 0 || c.Pruned != 0 {
				c.Visited, c.Pruned = 0, 0
				f.dirty[id] = true
			}
		}
	}
}

// count updates the counts for one event.
func (f *foldCounts) count(e *trace.Event) {
	if len(f.info) == 0 {
		return
	}
	switch e.Type {
	case trace.Enter, trace.Grow: // a call begins; MCTS adds a node to its tree
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
func (f *foldCounts) pruned(id string) {
	if c := f.owner(id); c != nil {
		n, err := f.p.SubtreeSize(id)
		if err != nil {
			n = 0
		}
		c.Pruned += n
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

// recount computes the counts afresh from a whole frame (one that lists
// every node the search reached).
func (f *foldCounts) recount(fr *trace.Frame) {
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
func (f *foldCounts) changed() map[string]FoldCount {
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

// snapshot copies all the counts, or returns nil when the scene has no
// folds.
func (f *foldCounts) snapshot() map[string]FoldCount {
	if len(f.info) == 0 {
		return nil
	}
	m := make(map[string]FoldCount, len(f.info))
	for id, c := range f.info {
		m[id] = *c
	}
	return m
}

// restore sets the counts to a snapshot.
func (f *foldCounts) restore(m map[string]FoldCount) {
	for id, c := range f.info {
		*c = m[id]
	}
}

// FoldsAt returns the fold counts of a scene at a whole frame (one that
// lists every node the search reached, as trace.Replay makes), or nil when
// the scene has no folds.
func FoldsAt(p *scenario.Search, s *Scene, fr *trace.Frame) map[string]FoldCount {
	f := newFoldCounts(p, s)
	f.recount(fr)
	return f.snapshot()
}

// foldOf returns the fold whose counts the subtree of id changes: id when
// it is a fold, else the fold it lies below ("" when none).
func (f *foldCounts) foldOf(id string) string {
	if f.info[id] != nil {
		return id
	}
	for {
		parent, ok := trace.ParentID(id)
		if !ok {
			return ""
		}
		if f.info[parent] != nil {
			return parent
		}
		id = parent
	}
}
