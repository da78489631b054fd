package view

import (
	"fmt"
	"math"
	"slices"

	"github.com/abtrace/abtrace/trace"
)

// Zooming a comparison's pane. A pane draws the whole tree (every pane the
// same scene, so that a node is at the same place in each); a tree wider
// than the pane would draw its labels a few pixels high. The pane then
// shows a window of its drawing at a legible scale instead, the window
// following the current node: the current node with its siblings, as
// many levels above and below as the pane holds, and a trail over the
// tree naming every ancestor the window leaves out, with its value and
// α/β. What the window shows and what the trail says are decided here,
// from the pane's size; a step sends the window's box and the trail only
// when they change (a few dozen bytes a pane), never a drawing.

// Legible sizes, in CSS pixels, of what a pane's window shows: values and
// names (ZoomValuePx), α/β lines and fold counts (ZoomSmallPx).
const ZoomValuePx, ZoomSmallPx = 14, 12

// Fonts the page's style sheet sets for labels the drawing does not size:
// the names inside glyphs (.n .in, 0.8 of the page's 16-pixel text less
// the rounding) and the fold counts (.fold .fc), in drawing units.
const ZoomNameFont, ZoomCountFont = 12.8, 11

// ZoomMargin is how much larger than the least legible scale a pane's
// window is drawn, for fonts that round down and rendering that blurs.
const ZoomMargin = 1.05

// ZoomBelow is where the current node's row lies in a window lower than
// the drawing, as a share of its height from the top: low, so that the
// rows of its ancestors show above it, with room for its children below.
const ZoomBelow = 0.65

// ZoomMinHeight is the least height of a pane's window in CSS pixels, for
// a pane reported too short (a phone's page below a long header).
const ZoomMinHeight = 320

// Zoom is the window of a pane's drawing that the pane shows.
type Zoom struct {
	// Box is the window's view box ("x y w h"), the whole drawing's when
	// the pane holds it at a legible scale.
	Box string `json:"box"`
	// Whole is true when the window is the whole drawing.
	Whole bool `json:"whole,omitempty"`
	// Trail names the ancestors of the current node that lie outside the
	// window, the root first (none when all are in it).
	Trail []Crumb `json:"trail"`
}

// Equal reports whether z and o show the same.
func (z *Zoom) Equal(o *Zoom) bool {
	if z == nil || o == nil {
		return z == o
	}
	return z.Box == o.Box && z.Whole == o.Whole && slices.Equal(z.Trail, o.Trail)
}

// ZoomScale is the least scale, in CSS pixels per drawing unit, at which
// every label of scene s's drawings reads at the legible sizes.
func ZoomScale(s *Scene) float64 {
	f := fontsAt(s.sketch.k)
	k := max(ZoomValuePx/min(f.Value, f.LeafValue, f.Leaf), ZoomSmallPx/f.AB, ZoomValuePx/ZoomNameFont)
	if s.HasFolds() {
		k = max(k, ZoomSmallPx/ZoomCountFont)
	}
	return k * ZoomMargin
}

// ZoomOf is the window of scene s's drawing at frame f that a pane w CSS
// pixels wide and h high shows: the whole drawing when it reads at that
// width, else a window at ZoomScale as wide as the pane and as high as
// the drawing or the pane (at least ZoomMinHeight), centred on the
// current node's siblings (on the current node alone when they do not
// fit) and kept inside the drawing. words words the root's name (nil:
// English).
func ZoomOf(s *Scene, f *trace.Frame, w, h float64, words func(trace.Phrase) string) *Zoom {
	sk := s.sketch
	x0, y0, bw, bh, ok := parseBox(sk.viewBox)
	if !ok || w <= 0 || sk.l == nil || len(sk.l.Nodes) == 0 {
		return &Zoom{Box: sk.viewBox, Whole: true}
	}
	k := ZoomScale(s)
	if w/bw >= k {
		return &Zoom{Box: sk.viewBox, Whole: true}
	}
	zw, zh := w/k, min(bh, max(h, ZoomMinHeight)/k)
	i, drawn := sk.find(zoomTarget(s, f))
	if !drawn {
		i = 0
	}
	cx, cy := sk.siblingsCentre(i, zw, zh)
	ax, ay := 0.5, ZoomBelow // where the node lies in the window, across and down
	if sk.l.Across {
		ax, ay = ZoomBelow, 0.5
	}
	// The window stays inside what this pane's search draws (the view box
	// keeps room for every pane's labels).
	c := sk.contentBox(f).grow(viewPad * sk.k)
	x1, y1 := min(x0+bw, c.x1), min(y0+bh, c.y1)
	x0, y0 = max(x0, c.x0), max(y0, c.y0)
	bw, bh = x1-x0, y1-y0
	zx := clamp(cx-zw*ax, x0, x0+bw-zw)
	zy := clamp(cy-zh*ay, y0, y0+bh-zh)
	if drawn && f.Step > 0 {
		// The current node and its parent drawn whole, their values and
		// α/β lines too, where the window holds both.
		want := sk.drawnBox(i, f)
		if p := int(sk.parent[i]); p >= 0 {
			if u := want.union(sk.drawnBox(p, f)); u.x1-u.x0 <= zw && u.y1-u.y0 <= zh {
				want = u
			}
		}
		zx = clamp(keepIn(zx, zw, want.x0, want.x1), x0, x0+bw-zw)
		zy = clamp(keepIn(zy, zh, want.y0, want.y1), y0, y0+bh-zh)
	}
	z := &Zoom{Box: Num(zx) + " " + Num(zy) + " " + Num(zw) + " " + Num(zh)}
	if !drawn || f.Step == 0 {
		return z
	}
	// Every ancestor the window does not draw whole, with its value and
	// α/β, is named in the trail, with them.
	name := s.Namer(words)
	win := rect{zx, zy, zx + zw, zy + zh}
	for at, ok := trace.ParentID(sk.l.Nodes[i].ID); ok; at, ok = trace.ParentID(at) {
		if j, in := sk.find(at); in && !win.contains(sk.drawnBox(j, f)) {
			z.Trail = append(z.Trail, crumbOf(s, f, at, name))
		}
	}
	slices.Reverse(z.Trail)
	return z
}

// keepIn moves a window [at, at+size] the least that holds [lo, hi],
// where it can.
func keepIn(at, size, lo, hi float64) float64 {
	if hi > at+size {
		at = hi - size
	}
	return min(at, lo)
}

// drawnBox is the box node i draws at frame f: its glyph, its value and
// its α/β lines as written there.
func (sk *sketch) drawnBox(i int, f *trace.Frame) rect {
	n := sk.node(i, &at{f: f}, FoldCount{})
	fs := fontsAt(sk.k)
	r := glyphRect(n.Glyph, n.LayoutNode, sk.k)
	if n.Shown != "" {
		vf := fs.Value
		if n.Glyph.Below() {
			vf = fs.LeafValue
		}
		r = r.union(textRect(n.ValueX, n.ValueY, n.ValueAnchor, TextEm(n.Shown)*vf, vf, 1, 0))
	}
	if n.Alpha != "" || n.Beta != "" {
		aw := max(TextEm(n.Alpha), TextEm(n.Beta)) * fs.AB
		r = r.union(textRect(n.ABX, n.ABY, n.ABAnchor, aw, fs.AB, 2, fs.ABLine))
	}
	return r.shift(n.X, n.Y)
}

// zoomTarget is the node a pane's window follows at f: the current node,
// or the folded node whose hidden subtree holds it; the root before the
// first step.
func zoomTarget(s *Scene, f *trace.Frame) string {
	if f.Step == 0 {
		return ""
	}
	if _, drawn := s.sketch.find(f.Current); drawn {
		return f.Current
	}
	return s.sketch.insideOf(f)
}

// siblingsCentre is the centre of node i with its siblings when they
// span less than most of the window (zw by zh), else of node i alone.
func (sk *sketch) siblingsCentre(i int, zw, zh float64) (x, y float64) {
	n := sk.l.Nodes[i]
	parent, ok := trace.ParentID(n.ID)
	if !ok {
		return n.X, n.Y
	}
	lo, hi := [2]float64{n.X, n.Y}, [2]float64{n.X, n.Y}
	for c := 0; ; c++ {
		j, drawn := sk.find(trace.ChildID(parent, c))
		if !drawn {
			break
		}
		m := sk.l.Nodes[j]
		lo = [2]float64{min(lo[0], m.X), min(lo[1], m.Y)}
		hi = [2]float64{max(hi[0], m.X), max(hi[1], m.Y)}
	}
	if d := sk.l.Across; d && hi[1]-lo[1] > 0.8*zh || !d && hi[0]-lo[0] > 0.8*zw {
		return n.X, n.Y
	}
	return (lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2
}

// clamp is v kept within [lo, hi] (lo when hi < lo).
func clamp(v, lo, hi float64) float64 { return max(lo, min(v, hi)) }

// parseBox reads a view box "x y w h".
func parseBox(box string) (x, y, w, h float64, ok bool) {
	if _, err := fmt.Sscan(box, &x, &y, &w, &h); err != nil || w <= 0 || h <= 0 || math.IsNaN(w+h) {
		return 0, 0, 0, 0, false
	}
	return x, y, w, h, true
}
