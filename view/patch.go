package view

import "slices"

// NodeAttrs is everything about one drawn node that changes as the search
// goes, with the edge into it, its cut mark and its fold glyph: what the
// page's script writes into the drawing. Coordinates are written as the
// page's SVG writes them.
type NodeAttrs struct {
	ID    string `json:"id"`
	State string `json:"state"` // data-state of the node, the edge into it and its probability
	Value string `json:"value"` // data-value
	Shown string `json:"shown"` // the label beside the node
	Who   string `json:"who,omitempty"`
	Alpha string `json:"alpha,omitempty"`
	Beta  string `json:"beta,omitempty"`
	Class string `json:"class"`          // the node group's class list
	Edge  string `json:"edge,omitempty"` // the class list of the edge into the node; "" for the root
	// Cut is the cut mark on the edge into the node; nil when there is
	// none.
	Cut *CutAttrs `json:"cut,omitempty"`
	// Fold is the fold glyph's counts; nil when the node is not folded.
	Fold *FoldAttrs `json:"fold,omitempty"`
}

// CutAttrs is a cut mark: the stroke across an edge, and the test that
// fired when this is the cutoff's first pruned child.
type CutAttrs struct {
	X1    string `json:"x1"`
	Y1    string `json:"y1"`
	X2    string `json:"x2"`
	Y2    string `json:"y2"`
	Test  string `json:"test,omitempty"`
	TestX string `json:"tx,omitempty"`
	TestY string `json:"ty,omitempty"`
}

// FoldAttrs is a fold glyph's counts and their two lines of text.
type FoldAttrs struct {
	FoldCount
	Seen  string `json:"seen"`
	Of    string `json:"of"`
	Title string `json:"title"`
}

// DrawingPatch is what changed from the drawing at step From to the one
// at Step: the attributes of every node that changed, whole. A patch from
// no drawing lists every node.
type DrawingPatch struct {
	From  int         `json:"from"`
	Step  int         `json:"step"`
	Nodes []NodeAttrs `json:"nodes"`
}

// Attrs returns the attributes of every node, in preorder. They are
// computed once per drawing; the slice belongs to the drawing.
func (d *Drawing) Attrs() []NodeAttrs {
	if d.attrs != nil {
		return d.attrs
	}
	edges := make(map[string]*Edge, len(d.Edges))
	for i := range d.Edges {
		edges[d.Edges[i].ID] = &d.Edges[i]
	}
	out := make([]NodeAttrs, len(d.Nodes))
	for i := range d.Nodes {
		out[i] = attrsOf(&d.Nodes[i], edges[d.Nodes[i].ID])
	}
	d.attrs = out
	return out
}

func attrsOf(n *Node, e *Edge) NodeAttrs {
	a := NodeAttrs{ID: n.ID, State: n.State, Value: n.Value, Shown: n.Shown, Who: n.Who,
		Alpha: n.Alpha, Beta: n.Beta, Class: n.Class}
	if e != nil {
		a.Edge = e.Class
		if e.Cut {
			a.Cut = &CutAttrs{X1: Num(e.CutX1), Y1: Num(e.CutY1), X2: Num(e.CutX2), Y2: Num(e.CutY2), Test: e.Test}
			if e.Test != "" {
				a.Cut.TestX, a.Cut.TestY = Num(e.TestX), Num(e.TestY)
			}
		}
	}
	if n.Fold != nil {
		a.Fold = &FoldAttrs{FoldCount: *n.Fold, Seen: n.Fold.Seen(), Of: n.Fold.Of(), Title: n.Fold.Title()}
	}
	return a
}

// Diff returns the patch from drawing a to drawing b, two drawings of the
// same scene. A nil a lists every node of b.
func Diff(a, b *Drawing) *DrawingPatch {
	p := &DrawingPatch{Step: b.Step}
	now := b.Attrs()
	if a == nil {
		p.Nodes = slices.Clone(now)
		return p
	}
	p.From = a.Step
	before := a.Attrs()
	p.Nodes = []NodeAttrs{}
	for i := range now {
		if i >= len(before) || !now[i].equal(&before[i]) {
			p.Nodes = append(p.Nodes, now[i])
		}
	}
	return p
}

func (a *NodeAttrs) equal(b *NodeAttrs) bool {
	return a.ID == b.ID && a.State == b.State && a.Value == b.Value && a.Shown == b.Shown && a.Who == b.Who &&
		a.Alpha == b.Alpha && a.Beta == b.Beta && a.Class == b.Class && a.Edge == b.Edge &&
		ptrEqual(a.Cut, b.Cut) && ptrEqual(a.Fold, b.Fold)
}

func ptrEqual[T comparable](a, b *T) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}
