package view

import "slices"

// A step of a large tree changes little of its focus: a row of children
// appears when the current node is expanded, the rows under a finished
// node go, and the nodes on the path change their state, value and α/β.
// FocusPatch is that change, decided here: the page removes, inserts and
// repaints what it says and decides nothing.

// FocusPatch is what changed in the focus drawing from one step to the
// next (see DiffFocus).
type FocusPatch struct {
	Step int `json:"step"`
	// Box, Width and Height are the view box and the drawn size in CSS
	// pixels when they changed; "" when they did not.
	Box    string `json:"box,omitempty"`
	Width  string `json:"w,omitempty"`
	Height string `json:"h,omitempty"`
	// Slide is how many CSS pixels the drawing moved up on the page when
	// the view box's top moved at the same scale (FocusFit left a row out
	// above, or took one back: negative): the page shows the drawing
	// where it was and lets it slide there, so that the viewer's eye
	// follows the path; "" when it did not move.
	Slide string `json:"slide,omitempty"`
	// Trail is the trail over the focus (see FocusFit) when it changed:
	// empty when it went.
	Trail *[]Crumb `json:"trail,omitempty"`
	// Gone are the nodes no longer drawn: each with the edge into it, its
	// probability and its cut mark.
	Gone []string `json:"gone,omitempty"`
	// Nodes are the attributes of the nodes drawn before and after at the
	// same place with the same shape, whose state, value, α/β, classes,
	// labels' places, cut mark or fold's counts changed, or whose fold
	// went.
	Nodes []FocusAttrs `json:"nodes,omitempty"`
	// Drawn are the positions in the new drawing of the nodes it adds or
	// redraws (new, moved, reshaped or folded): the server sends their
	// markup, which replaces the page's.
	Drawn []int `json:"-"`
	// Set says the information set's mark (Drawing.Set) changed or went:
	// the server sends its markup, which replaces the page's.
	Set bool `json:"-"`
}

// Empty reports whether the patch changes nothing.
func (p *FocusPatch) Empty() bool {
	return p.Box == "" && p.Trail == nil && len(p.Gone) == 0 && len(p.Nodes) == 0 && len(p.Drawn) == 0 && !p.Set
}

// slide is how many CSS pixels focus drawing b shows its nodes higher
// than a did, where both show them at one scale: "" when they do not
// move, or a is nil.
func slide(a, b *Drawing) string {
	if a == nil || a.Px != b.Px {
		return ""
	}
	_, ya, _, _, ok := parseBox(a.ViewBox)
	_, yb, _, _, ok2 := parseBox(b.ViewBox)
	if !ok || !ok2 || ya == yb {
		return ""
	}
	return Num((yb - ya) * b.Px)
}

// AllNodes are the positions of every node of d: the whole drawing.
func AllNodes(d *Drawing) []int {
	out := make([]int, len(d.Nodes))
	for i := range out {
		out[i] = i
	}
	return out
}

// EdgeInto is the edge into the node at position i of d; nil for the
// root.
func EdgeInto(d *Drawing, i int) *Edge {
	if i <= 0 || i > len(d.Edges) {
		return nil
	}
	return &d.Edges[i-1]
}

// DiffFocus is the patch from focus drawing a to focus drawing b (a nil a
// draws every node of b).
func DiffFocus(a, b *Drawing) *FocusPatch {
	p := &FocusPatch{Step: b.Step}
	if a == nil || a.ViewBox != b.ViewBox || a.Width != b.Width || a.Height != b.Height || a.Px != b.Px {
		p.Box, p.Width, p.Height = b.ViewBox, Num(b.Width*b.Px), Num(b.Height*b.Px)
		p.Slide = slide(a, b)
	}
	if a == nil && len(b.Trail) > 0 || a != nil && !slices.Equal(a.Trail, b.Trail) {
		t := append([]Crumb{}, b.Trail...)
		p.Trail = &t
	}
	p.Set = a == nil && b.Set != nil || a != nil && !a.Set.equal(b.Set)
	before := map[string]int{}
	if a != nil {
		for i := range a.Nodes {
			before[a.Nodes[i].ID] = i
		}
	}
	for i := range b.Nodes {
		n, e := &b.Nodes[i], EdgeInto(b, i)
		j, ok := before[n.ID]
		if !ok {
			p.Drawn = append(p.Drawn, i)
			continue
		}
		delete(before, n.ID)
		m, f := &a.Nodes[j], EdgeInto(a, j)
		if !sameShape(m, n, f, e) {
			p.Drawn = append(p.Drawn, i)
			continue
		}
		if at, ok := focusAttrs(m, n, f, e); ok {
			p.Nodes = append(p.Nodes, at)
		}
	}
	if a != nil {
		for i := range a.Nodes {
			if _, gone := before[a.Nodes[i].ID]; gone {
				p.Gone = append(p.Gone, a.Nodes[i].ID)
			}
		}
	}
	return p
}

// FocusAttrs are a focus node's attributes that a step repaints: those
// of the overview's nodes (NodeAttrs, whose Fold the server words in the
// page's language), where its labels are written when that changed
// (nil otherwise), and whether its fold went.
type FocusAttrs struct {
	NodeAttrs
	At     *LabelsAt `json:"at,omitempty"`
	Unfold bool      `json:"unfold,omitempty"`
}

// LabelsAt is where a node's value and α/β labels are written, as offsets
// from its centre with their anchors (see Node).
type LabelsAt struct {
	VX string `json:"vx"`
	VY string `json:"vy"`
	VA string `json:"va"`
	AX string `json:"ax"`
	AY string `json:"ay"`
	AA string `json:"aa"`
}

// focusAttrs are what changed of a node drawn at the same place with the
// same shape from m (with the edge f into it) to n (with e); ok is false
// when nothing did.
func focusAttrs(m, n *Node, f, e *Edge) (a FocusAttrs, ok bool) {
	was, now := attrsOf(m, f, nil), attrsOf(n, e, nil)
	a.NodeAttrs = now
	a.Unfold = m.Fold != nil && n.Fold == nil
	if m.ValueX != n.ValueX || m.ValueY != n.ValueY || m.ValueAnchor != n.ValueAnchor ||
		m.ABX != n.ABX || m.ABY != n.ABY || m.ABAnchor != n.ABAnchor {
		a.At = &LabelsAt{VX: Num(n.ValueX), VY: Num(n.ValueY), VA: n.ValueAnchor, AX: Num(n.ABX), AY: Num(n.ABY), AA: n.ABAnchor}
	}
	return a, a.At != nil || a.Unfold || !now.equal(&was)
}

// sameShape reports whether two drawn nodes, each with the edge into it
// (nil for the root), have the same markup but for what FocusAttrs
// repaints: place, glyph, board, and a fold, unless it went.
func sameShape(a, b *Node, ea, eb *Edge) bool {
	la, lb := a.LayoutNode, b.LayoutNode
	la.Folded, lb.Folded, la.Total, lb.Total = false, false, 0, 0
	if la != lb || a.Glyph != b.Glyph || a.Player != b.Player ||
		a.LeafW != b.LeafW || a.LeafH != b.LeafH || a.WhoY != b.WhoY ||
		(b.Fold != nil && (a.Fold == nil || a.FoldAt != b.FoldAt)) {
		return false
	}
	if ea == nil || eb == nil {
		return ea == eb
	}
	return ea.X1 == eb.X1 && ea.Y1 == eb.Y1 && ea.X2 == eb.X2 && ea.Y2 == eb.Y2 && ea.BusY == eb.BusY &&
		ea.Prob == eb.Prob && ea.ProbX == eb.ProbX && ea.ProbY == eb.ProbY
}
