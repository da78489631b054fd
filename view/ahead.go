package view

import "slices"

// Ahead is a patch the painter made without taking it as what the viewer
// has: the patch of a step the viewer has not asked for yet, sent ahead
// so that the page can apply it the moment the key is pressed. The
// painter's record stays the viewer's drawing until Commit, which the
// session calls only when the viewer says it applied this very patch; a
// patch never committed leaves no trace in the record.
type Ahead struct {
	// Patch is the change from the viewer's drawing to the cursor's.
	Patch *DrawingPatch

	p       *Painter
	version int // the painter's version the patch starts from
	// What Commit writes: the attributes of Patch.Nodes at these indices
	// (whole: every node's attributes, when the painter had no record),
	// and where the cursor stood.
	idx        []int
	whole      []NodeAttrs
	step       int
	restarts   int
	current    string
	inside     string
	hasCurrent bool
}

// PatchAhead returns the patch Patch would return, given the same
// touched nodes and changed folds, without taking it as what the viewer
// has. The cursor must not move between PatchAhead and Commit.
func (p *Painter) PatchAhead(touched []string, folds map[string]FoldCount) *Ahead {
	f := p.c.Frame()
	a := &Ahead{p: p, version: p.version, step: f.Step, restarts: p.c.Restarts(), current: f.Current, hasCurrent: f.Step > 0}
	if p.attrs == nil {
		a.whole = p.c.Drawing().Attrs()
		a.inside = p.s.insideOf(f)
		a.Patch = &DrawingPatch{Step: f.Step, Nodes: slices.Clone(a.whole)}
		return a
	}
	a.Patch = p.patch(touched, folds, a)
	return a
}

// Commit takes the patch as what the viewer has, and reports whether it
// did: it does not when the painter's record changed since PatchAhead
// (another patch, a whole drawing, Forget), as the patch no longer
// starts from the viewer's drawing. It commits at most once.
func (a *Ahead) Commit() bool {
	p := a.p
	if a.version != p.version {
		return false
	}
	if a.whole != nil {
		p.attrs, p.shared = a.whole, false
	} else {
		p.own()
		for k, i := range a.idx {
			p.attrs[i] = a.Patch.Nodes[k]
		}
	}
	p.step, p.restarts, p.inside = a.step, a.restarts, a.inside
	p.current, p.hasCurrent = a.current, a.hasCurrent
	p.version++
	return true
}
