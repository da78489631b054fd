package templates

import (
	"context"

	"github.com/a-h/templ"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/view"
)

// Geometry of the drawing: the spacings of view's layouts.
const (
	NodeSpacing       = view.NodeSpacing
	LevelSpacing      = view.LevelSpacing
	BoardSpacing      = view.BoardSpacing
	BoardLevelSpacing = view.BoardLevelSpacing
	VectorSpacing     = view.VectorSpacing
	ChanceSpacing     = view.ChanceSpacing
)

// drawing is the tree of a View at its frame, as package view draws it.
func (v *View) drawing() *view.Drawing {
	switch {
	case v.drawn != nil:
	case v.Overview != nil:
		v.drawn = v.Overview
	case v.Scene != nil:
		v.drawn = v.Scene.Draw(v.Frame, v.Folds)
	default:
		v.drawn = view.Draw(v.Source, v.Layout, v.Frame, v.Folds)
	}
	return v.drawn
}

// paneDrawing is the drawing of a comparison's pane: the View's, with the
// view box of its window (Zoom) when it has one.
func (v *View) paneDrawing() *view.Drawing {
	d := v.drawing()
	if v.Zoom == nil || v.Zoom.Box == d.ViewBox {
		return d
	}
	z := *d
	z.ViewBox = v.Zoom.Box
	return &z
}

// paneTrail is the trail of a comparison's pane: the nav's attributes and
// the crumbs of the ancestors its window leaves out (view.Zoom).
func (v *View) paneTrail() (templ.Attributes, []view.Crumb, bool) {
	z := v.Zoom
	a := templ.Attributes{"class": "trail", "data-testid": "pane-trail", "hidden": z == nil || len(z.Trail) == 0}
	if z == nil {
		return a, nil, false
	}
	if !z.Whole {
		a["class"] = "trail zoomed"
	}
	return a, z.Trail, false
}

// outlineTree is a drawing's nodes as a tree of indices into
// Drawing.Nodes, for the outline (the text alternative of the drawing).
type outlineTree struct {
	d        *view.Drawing
	f        *view.Frame
	names    func(id string) string
	roots    []int
	children [][]int
}

func newOutline(d *view.Drawing, f *view.Frame, names func(id string) string) *outlineTree {
	o := &outlineTree{d: d, f: f, names: names, children: make([][]int, len(d.Nodes))}
	at := make(map[string]int, len(d.Nodes))
	for i, n := range d.Nodes {
		at[n.ID] = i
		if p, ok := at[n.Parent]; n.HasParent && ok {
			o.children[p] = append(o.children[p], i)
		} else {
			o.roots = append(o.roots, i)
		}
	}
	return o
}

// name is what the outline calls a node, in the page's language: its
// label as the viewer reads it (see trace.Frame.Labels), the root, a
// game's node by the move into it (names), or its id.
func (o *outlineTree) name(ctx context.Context, n view.Node) string {
	label := o.f.LabelText(n.Label)
	if label == "" && n.ID == "" {
		return T(ctx, "view.root")
	}
	if label == "" && o.names != nil {
		return o.names(n.ID)
	}
	return view.NodeName(n.ID, label)
}

// entry is what the outline says of node i's state, value and cutoff
// (view.OutlineEntryOf, as the session's messages say it after a step).
func (o *outlineTree) entry(ctx context.Context, i int) view.OutlineEntry {
	n, cut := o.d.Nodes[i], ""
	if i > 0 {
		cut = o.d.Edges[i-1].TestFull
	}
	return view.OutlineEntryOf(n.ID, n.State, n.Shown, n.Value, cut, i18n.FromContext(ctx).Phrase)
}

// outlineKind is what the outline calls a node: MAX, MIN, CHANCE, P2, or
// a leaf.
func outlineKind(ctx context.Context, n view.Node) string {
	if n.Leaf {
		return T(ctx, "view.outline.leaf")
	}
	return n.Kind.Upper()
}

// num formats a coordinate compactly: at most one decimal.
func num(x float64) string { return view.Num(x) }

// translate is the transform that puts a node at its place.
func translate(n view.Node) string { return "translate(" + num(n.X) + " " + num(n.Y) + ")" }

// BoardSource reports whether a source's nodes are drawn as small boards:
// tic-tac-toe, Reversi and suicide Reversi (see view.BoardSource).
func BoardSource(source string) bool { return view.BoardSource(source) }

// fanPath is the fan under a folded node that stands for its subtree.
func fanPath(c [3][2]float64) string {
	return "M" + num(c[0][0]) + " " + num(c[0][1]) + "L" + num(c[1][0]) + " " + num(c[1][1]) + "L" + num(c[2][0]) + " " + num(c[2][1]) + "Z"
}

// ProbText writes a probability shortly (see view.ProbText).
func ProbText(p float64) string { return view.ProbText(p) }

// ShortText shortens the numbers of a value text (see view.ShortText).
func ShortText(s string) string { return view.ShortText(s) }

// VecText writes a value vector as the trace does: "(3, 1, 2)".
func VecText(vec []float64) string { return view.VecText(vec) }

// leafX is the left edge of a leaf box of width w.
func leafX(w float64) string { return num(-w / 2) }

// byMessage is the message naming a step size.
func byMessage(u view.By) string {
	switch u {
	case view.ByNode:
		return "view.by.node"
	case view.ByCutoff:
		return "view.by.cutoff"
	}
	return "view.by.event"
}
