package view

import (
	"math"

	"github.com/abtrace/abtrace/trace"
)

// The focus of a deep path. Tic-tac-toe's focus has a row for each of up
// to ten levels, far taller than the viewer's pane at 1280×720: scrolled
// to the current node, its upper ancestors would leave the pane. FocusFit
// keeps the lowest rows that fit the pane (the current node's row with its
// siblings at least, the current node's children below it) and names every ancestor above them in a trail over the drawing, each
// with its kind, name, value and α/β at a legible size: the whole path
// stays in view, decided here; the page only shows it.

// Sizes of the focus's trail in CSS pixels, as the page's style sheet
// sets them (.focus-trail): the names, values and windows, the kind
// words, one line's height and the room around the lines.
const (
	FocusTrailFont     = 14.4
	FocusTrailKindFont = 12
	FocusTrailLine     = 24
	FocusTrailPad      = 10
)

// FocusFit fits focus drawing d of scene s at frame f (FocusIn's) to a
// pane w × h CSS pixels, so that the pane never scrolls: when the drawing
// is taller than the pane, its view box keeps the lowest levels that fit
// under the trail (never fewer than the current node's row, with its
// siblings, and the rows below), and d.Trail names the ancestors above
// them, the root first. Where even that is taller than the pane, it is
// drawn smaller, down to FocusMinScale (every label still at its legible
// size), and where that is not enough, the rows under the current node's
// go too (its children show once the search enters one). words words the
// names (nil: English). A pane of unknown height (h ≤ 0) keeps the whole
// drawing.
func FocusFit(d *Drawing, s *Scene, f *trace.Frame, w, h float64, words func(trace.Phrase) string) {
	d.Trail = nil
	x, y, bw, bh, ok := parseBox(d.ViewBox)
	if !ok || h <= 0 || d.Px <= 0 {
		return
	}
	defer fitWidth(d, w)
	// The box ends under what the focus draws (its layout may reach
	// lower), so that the rows kept fill the pane.
	bottom := min(y+bh, contentBottom(d)+viewPad)
	if (bottom-y)*d.Px <= h {
		if bottom < y+bh {
			d.ViewBox = Num(x) + " " + Num(y) + " " + Num(bw) + " " + Num(bottom-y)
			d.Height = bottom - y
		}
		return
	}
	rows := focusRowsOf(d)
	top, low, path := rows.top, rows.low, rows.path
	cd := max(len(path)-1, 0) // the depth of the focus's deepest path node
	name := s.Namer(words)
	crumbs := make([]Crumb, cd)
	for i, n := range path[:cd] {
		crumbs[i] = crumbOf(s, f, n.ID, name)
	}
	// tall is how many CSS pixels the rows from depth j down to bottom
	// take at scale px, with the trail of the rows above.
	tall := func(j int, bottom, px float64) float64 {
		return (bottom-top[j]+viewPad)*px + trailHeight(crumbs[:j], w)
	}
	// narrow is whether the rows from depth j down to bottom fit the
	// pane's width at FocusMinScale.
	narrow := func(j int, bottom float64) bool {
		lo, hi := rowsExtent(d, top[j]-viewPad, bottom)
		return w <= 0 || (hi-lo+2*viewPad)*FocusMinScale <= w
	}
	k := cd
	for j := 1; j < cd; j++ {
		if tall(j, bottom, d.Px) <= h && narrow(j, bottom) {
			k = j
			break
		}
	}
	if tall(k, bottom, d.Px) > h || !narrow(k, bottom) {
		room := h - trailHeight(crumbs[:k], w)
		px := fitScale(bottom-top[k]+viewPad, room)
		if (px < FocusMinScale || !narrow(k, bottom)) && cd > 0 {
			// Not even smaller: the current node's row is the lowest.
			bottom = min(bottom, low[cd]+viewPad)
			px = fitScale(bottom-top[k]+viewPad, room)
			dropRowsBelow(d, cd)
		}
		d.Px = max(FocusMinScale, min(d.Px, px))
	}
	y0 := top[k] - viewPad
	d.ViewBox = Num(x) + " " + Num(y0) + " " + Num(bw) + " " + Num(bottom-y0)
	d.Height = bottom - y0
	d.Trail = crumbs[:k]
	dropCutFolds(d, k, y0)
}

// dropRowsBelow takes from focus drawing d every node deeper than depth
// cd (the current node's), with the edge into it, where the view box
// leaves their rows out: their bus lines would lead nowhere.
func dropRowsBelow(d *Drawing, cd int) {
	nodes := d.Nodes[:0:0]
	edges := []Edge{{}} // layers wants the root's place too
	for i := range d.Nodes {
		if d.Nodes[i].Depth > cd {
			continue
		}
		nodes = append(nodes, d.Nodes[i])
		if i > 0 {
			edges = append(edges, d.Edges[i-1])
		}
	}
	if len(nodes) == len(d.Nodes) {
		return
	}
	d.Nodes, d.Edges, d.attrs = nodes, edges[1:], nil
	d.Layers = layers(d.Nodes, edges)
}

// dropCutFolds takes the fold glyph from every node of the rows above
// depth k, which the trail stands for, whose fold would hang into the
// view box from y0 down: its counts would show half under the trail,
// without the node they count.
func dropCutFolds(d *Drawing, k int, y0 float64) {
	for i := range d.Nodes {
		if n := &d.Nodes[i]; n.Depth < k && n.Fold != nil && nodeBottom(n) > y0 {
			n.Fold = nil
		}
	}
}

// fitWidth narrows the view box of a focus wider than a pane w CSS
// pixels wide to what its rows in view draw, then draws it smaller, down
// to FocusMinScale, as far as it must to fit.
func fitWidth(d *Drawing, w float64) {
	x, y, bw, bh, ok := parseBox(d.ViewBox)
	if !ok || w <= 0 || bw*d.Px <= w {
		return
	}
	lo, hi := rowsExtent(d, y, y+bh)
	if lo < hi && hi-lo+2*viewPad < bw {
		x, bw = max(x, lo-viewPad), min(hi+viewPad, x+bw)-max(x, lo-viewPad)
		d.ViewBox = Num(x) + " " + Num(y) + " " + Num(bw) + " " + Num(bh)
		d.Width = bw
	}
	d.Px = max(FocusMinScale, min(d.Px, fitScale(bw, w)))
}

// rowsExtent is how far left and right focus drawing d draws what a
// view box from y0 down to y1 shows.
func rowsExtent(d *Drawing, y0, y1 float64) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for i := range d.Nodes {
		n := &d.Nodes[i]
		if nodeBottom(n) <= y0 || nodeTop(n) >= y1 {
			continue
		}
		a, b := focusExtent(n)
		lo, hi = min(lo, a), max(hi, b)
	}
	if a, b, ok := d.Set.extent(); ok {
		lo, hi = min(lo, a), max(hi, b)
	}
	return lo, hi
}

// fitScale is the scale at which a drawing of height units fits room
// CSS pixels, rounded down to hundredths.
func fitScale(height, room float64) float64 {
	if height <= 0 {
		return math.Inf(1)
	}
	return math.Floor(room/height*100) / 100
}

// nodeBottom is the lowest point node n draws: its glyph, its fold glyph
// and counts, its value and its α/β lines.
func nodeBottom(n *Node) float64 {
	b := max(n.Glyph.Bottom(), n.LeafH/2)
	if n.Fold != nil {
		b = max(b, n.FoldAt.box.y1)
	}
	if n.Alpha != "" || n.Beta != "" {
		b = max(b, n.ABY+fontsAt(1).ABLine+textDescent*ABFont)
	}
	if n.Shown != "" {
		b = max(b, n.ValueY+textDescent*ValueFont)
	}
	if n.Who != "" {
		b = max(b, n.WhoY+textDescent*WhoFont)
	}
	return n.Y + b
}

// nodeTop is the highest point node n draws: its glyph, its fold glyph,
// its value and its α/β lines.
func nodeTop(n *Node) float64 {
	t := -max(n.Glyph.Half(), n.LeafH/2)
	if n.Fold != nil {
		t = min(t, n.FoldAt.box.y0)
	}
	if n.Alpha != "" || n.Beta != "" {
		t = min(t, n.ABY-ABFont)
	}
	if n.Shown != "" {
		t = min(t, n.ValueY-ValueFont)
	}
	return n.Y + t
}

// trailHeight is how high the focus's trail of crumbs is drawn in a pane
// w CSS pixels wide: its crumbs side by side, wrapped into lines.
func trailHeight(crumbs []Crumb, w float64) float64 {
	if len(crumbs) == 0 {
		return 0
	}
	room := max(w-2*FocusTrailPad, 100)
	lines, at := 1, FocusTrailFont // the arrow that starts the trail
	for _, c := range crumbs {
		cw := TextEm(c.Kind)*FocusTrailKindFont + (TextEm(c.Name)+TextEm(c.Value)+TextEm(c.Window)+1.5)*FocusTrailFont
		if at > 0 && at+cw > room {
			lines++
			at = 0
		}
		at += cw
	}
	return float64(lines)*FocusTrailLine + FocusTrailPad
}
