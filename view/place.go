package view

import (
	"cmp"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"
	"weak"

	"github.com/abtrace/abtrace/trace"
)

// Label placement. Every node's labels (its value or bound, and its α/β
// lines) get a place beside, above or under its glyph that is clear of
// every edge, every glyph and every other node's labels, decided once per
// layout for the widest text each label can show. The text scale is the
// largest (up to what presenter mode wants) at which every node's labels
// find such a place.

// Text box geometry of DejaVu Sans, the font the page asks for, in ems: an
// SVG text's box reaches textAscent above its baseline and textDescent
// below it (the font's ascender and descender, which getBBox reports).
const (
	textAscent  = 0.93
	textDescent = 0.24
	// labelPad is the least room around a label, in user units.
	labelPad = 2
)

// runeEm estimates the advance width of a character of bold DejaVu Sans in
// ems (the labels are bold): digits 0.7, signs and relations 0.84, the
// point 0.38, Greek and Latin letters at most 0.78.
func runeEm(r rune) float64 {
	switch {
	case r >= '0' && r <= '9':
		return 0.7
	case r == '.' || r == ',':
		return 0.38
	case r == ' ':
		return 0.35
	case r == '(' || r == ')':
		return 0.46
	case r == '/':
		return 0.37
	case r == '−' || r == '-' || r == '+' || r == '=' || r == '≤' || r == '≥' || r == '∞' || r == '<' || r == '>':
		return 0.84
	}
	return 0.78
}

// TextEm estimates the width of s in ems of bold DejaVu Sans.
func TextEm(s string) float64 {
	w := 0.0
	for _, r := range s {
		w += runeEm(r)
	}
	return w
}

// rect is an axis-aligned rectangle in layout units.
type rect struct{ x0, y0, x1, y1 float64 }

func (a rect) overlaps(b rect) bool {
	return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1
}

func (a rect) contains(b rect) bool {
	return a.x0 <= b.x0 && b.x1 <= a.x1 && a.y0 <= b.y0 && b.y1 <= a.y1
}

func (a rect) grow(d float64) rect { return rect{a.x0 - d, a.y0 - d, a.x1 + d, a.y1 + d} }

func (a rect) shift(x, y float64) rect { return rect{a.x0 + x, a.y0 + y, a.x1 + x, a.y1 + y} }

func (a rect) union(b rect) rect {
	return rect{min(a.x0, b.x0), min(a.y0, b.y0), max(a.x1, b.x1), max(a.y1, b.y1)}
}

// segment is an edge from (x1, y1) to (x2, y2).
type segment struct{ x1, y1, x2, y2 float64 }

func (s segment) bounds() rect {
	return rect{min(s.x1, s.x2), min(s.y1, s.y2), max(s.x1, s.x2), max(s.y1, s.y2)}
}

// crosses reports whether the segment meets the inside of r (clipping it
// to r as Liang and Barsky do).
func (s segment) crosses(r rect) bool {
	t0, t1 := 0.0, 1.0
	dx, dy := s.x2-s.x1, s.y2-s.y1
	clip := func(p, q float64) bool {
		if p == 0 {
			return q > 0
		}
		t := q / p
		if p < 0 {
			if t > t1 {
				return false
			}
			t0 = max(t0, t)
		} else {
			if t < t0 {
				return false
			}
			t1 = min(t1, t)
		}
		return true
	}
	return clip(-dx, s.x1-r.x0) && clip(dx, r.x1-s.x1) && clip(-dy, s.y1-r.y0) && clip(dy, r.y1-s.y1) && t0 < t1
}

// textRect is the box of a text of width w (user units) at font size f
// anchored at x ("start", "middle" or "end") with its first baseline at y
// and lines-1 more lines step apart.
func textRect(x, y float64, anchor string, w, f float64, lines int, step float64) rect {
	x0 := x
	switch anchor {
	case "middle":
		x0 = x - w/2
	case "end":
		x0 = x - w
	}
	return rect{x0, y - textAscent*f, x0 + w, y + float64(lines-1)*step + textDescent*f}
}

// place is where a node's labels go, as offsets from its centre.
type place struct {
	ValueX, ValueY, ABX, ABY float64
	ValueAnchor, ABAnchor    labelAnchor
}

// labelAnchor is where a label's text is anchored at its x: a byte, not
// the string, as a large scene keeps a place per node for each viewer.
type labelAnchor uint8

const (
	anchorNone labelAnchor = iota // ""
	anchorStart
	anchorMiddle
	anchorEnd
)

// String is the anchor as SVG's text-anchor writes it ("" for none).
func (a labelAnchor) String() string {
	switch a {
	case anchorStart:
		return "start"
	case anchorMiddle:
		return "middle"
	case anchorEnd:
		return "end"
	}
	return ""
}

// placement is the text scale of a layout's labels and their places.
type placement struct {
	k float64
	// at is the place of each node's labels, by its position in the
	// layout's preorder.
	at []place
	// box is the box of everything drawn: glyphs, edges and every
	// label's reserved box, in layout units.
	box rect
	// ok is true when every label found a clear place.
	ok bool
	// g holds the obstacles: edges, glyphs and the labels' reserved
	// boxes. It is only read once made, so drawings may share it.
	// layoutPlacement does not keep it (it is most of a large scene's
	// memory, and only a cutoff's test reads it once the labels are
	// placed): obstacles makes it again, the same, when a test first asks.
	g *grid
	// pref and settle are the placeLabels arguments the places were found
	// with (besides k), for obstacles to make the same grid again.
	pref   int
	settle bool
	lazy   *lazyGrid
	// under is, in a Monte-Carlo search's focus (rowPlacement), how far
	// under each node's centre its labels reach: its fold glyph and the
	// edges to its children begin there (0: under its glyph).
	under []float64
}

// lazyGrid is a placement's grid, made again at most once, when first
// asked for.
type lazyGrid struct {
	once sync.Once
	make func() *grid
	g    *grid
}

// obstacles is the placement's grid of obstacles: the one it was placed
// with, or the same made again.
func (p placement) obstacles() *grid {
	if p.g != nil || p.lazy == nil {
		return p.g
	}
	p.lazy.once.Do(func() { p.lazy.g, p.lazy.make = p.lazy.make(), nil })
	return p.lazy.g
}

// forgetGrid is p without its grid, which obstacles makes again, the
// same, from the layout when a cutoff's test first asks for it (glyphs
// are each node's GlyphOf(source, node), as every placement's are).
func (p placement) forgetGrid(source string, l *trace.Layout) placement {
	if p.g == nil {
		return p
	}
	k, pref, settle := p.k, p.pref, p.settle
	// The placement is kept in placements, whose entries go when their
	// layout does: it holds its layout weakly, or the layout would never
	// go (every layout ever placed was kept, 100 MB after a class).
	wl := weak.Make(l)
	p.g, p.lazy = nil, &lazyGrid{make: func() *grid {
		l := wl.Value()
		if l == nil {
			return nil // nobody draws the layout any more
		}
		glyphs := make(map[string]Glyph, len(l.Nodes))
		for _, n := range l.Nodes {
			glyphs[n.ID] = GlyphOf(source, n)
		}
		abEm, valEm := widestTexts(l, source, reservesIntervals(l))
		q, _ := placeLabels(l, glyphs, k, abEm, valEm, pref, settle)
		return q.g
	}}
	return p
}

// placeTest finds where and how the test written near the cut marks of
// one cutoff goes: a place that meets no edge, glyph or node label, and
// that keeps to its cutoff's rooms (the band between the parent and its
// children, then the room beyond the pruned children: see
// sketch.testRooms; no other cutoff's test enters them, so no two tests
// meet; a place beside the marks that reached beyond them met the test of
// a neighbour's cutoff, as in random=5,2). The drawing puts it first under
// the marks (e.TestX, e.TestY).
//
// In a tree whose labels all found a clear place it goes under the marks
// as drawn if that is clear, else at the first clear one of the places
// near the marks (near: see uprightSpots and acrossSpots), inside the
// drawing's box. Where none of those is clear, and in a tree too crowded
// for its labels, it takes the place in its rooms nearest the marks that
// is clear (the α/β lines of the nodes below the cutoff, positions sub[0]
// to sub[1]-1 of the preorder, never show with it), first whole and as
// large as it can be down to MinCutFont, then in its short form
// (ShortTest) likewise. Where neither fits, the drawing leaves it off
// (Test is ""): the page still gives the whole test as the cut mark's
// title and in the outline, from TestFull. Drawn down or sideways, only
// the places near the marks and the rooms' orientation differ.
func placeTest(e *Edge, p placement, font float64, near func(w float64) [][2]float64, roomsOf func() []rect, sub [2]int) {
	e.TestFont = font
	if e.Test == "" {
		return
	}
	g := p.obstacles()
	if g == nil {
		return
	}
	rooms := roomsOf()
	if p.ok {
		w := TextEm(e.Test) * font
		at := func(x, y float64) rect { return textRect(x, y, "middle", w, font, 1, 0).grow(labelPad) }
		ok := func(r rect) bool {
			return p.box.contains(r) && slices.ContainsFunc(rooms, func(room rect) bool { return room.contains(r) }) && g.freeBut(r, sub[0], sub[1])
		}
		if ok(at(e.TestX, e.TestY)) {
			return
		}
		for _, s := range near(w) {
			if ok(at(s[0], s[1])) {
				e.TestX, e.TestY = s[0], s[1]
				return
			}
		}
	}
	for _, text := range []string{e.Test, ShortTest(e.Test)} {
		if text == "" {
			continue
		}
		for f := font; f >= MinCutFont-1e-9; f = nextCutFont(f) {
			for _, room := range rooms {
				if x, y, ok := testSpot(g, room, sub, e.TestX, e.TestY, TextEm(text)*f, f); ok {
					e.Test, e.TestX, e.TestY, e.TestFont = text, x, y, f
					return
				}
			}
		}
	}
	e.Test = ""
}

// uprightSpots are the places near its marks a test of width w at size
// font tries in a tree drawn down, after the place under the marks (x, y):
// beside the cut edges (which span lo to hi and end at bottom), higher or
// lower, then under the pruned children, then there a little aside.
func uprightSpots(x, y, w, font, lo, hi, bottom float64) [][2]float64 {
	var spots [][2]float64
	for _, dy := range []float64{0, -font, font, -2 * font, 2 * font, -3 * font, 3 * font} {
		for _, dx := range []float64{0, font, 3 * font, 6 * font} {
			spots = append(spots, [2]float64{hi + gap + w/2 + dx, y + dy}, [2]float64{lo - gap - w/2 - dx, y + dy})
		}
	}
	for _, dy := range []float64{40 + font, 60 + 2*font, 80 + 3*font} {
		spots = append(spots, [2]float64{x, bottom + dy}, [2]float64{hi + w/2, bottom + dy}, [2]float64{lo - w/2, bottom + dy})
	}
	// Last, under the pruned children a little aside: clear of the
	// neighbours' α/β lines where those reach in beside them.
	for _, dy := range []float64{40 + font, 60 + 2*font} {
		for _, dx := range []float64{font, -font, 2 * font, -2 * font, 3 * font, -3 * font} {
			spots = append(spots, [2]float64{x + dx, bottom + dy})
		}
	}
	return spots
}

// acrossSpots are the places near its marks a test of width w at size
// font tries in a sideways drawing, where the cut edges run across,
// stacked from ylo to yhi (their marks' middles) around x: rows of half a
// font under the lowest mark and over the highest, nearest first, each
// from the marks' column outwards.
func acrossSpots(x, ylo, yhi, w, font float64) [][2]float64 {
	var spots [][2]float64
	for i := range 2 * acrossTestRows {
		dy := float64((i+1)/2) * font / 2
		if i%2 == 1 {
			dy = -dy
		}
		for _, dx := range []float64{0, -w / 4, w / 4, -w / 2, w / 2, -w, w} {
			spots = append(spots, [2]float64{x + dx, yhi + CutLabelGap + dy})
			spots = append(spots, [2]float64{x + dx, ylo - CutLabelGap + dy})
		}
	}
	return spots
}

// acrossTestRows bounds acrossSpots: rows of half a font either way.
const acrossTestRows = 16

// MinCutFont is the smallest size, in user units, a test under cut marks
// is written at (the base size is CutFont): below it the short form is
// tried, and then the test is left off the drawing.
const MinCutFont = 9

// nextCutFont is the size a test is tried at after f: a step of about a
// seventh smaller, ending at MinCutFont (then below it, which ends the
// search).
func nextCutFont(f float64) float64 {
	if f <= MinCutFont {
		return 0
	}
	return max(MinCutFont, math.Round(f*0.86*2)/2)
}

// testSpot is the place nearest (x, y) inside room where a test of width
// w at font size f meets no edge, glyph or label, searched by steps of
// half the font: each height from y outwards, at each the places from x
// outwards.
func testSpot(g *grid, room rect, sub [2]int, x, y, w, f float64) (float64, float64, bool) {
	step := f / 2
	box := func(x, y float64) rect { return textRect(x, y, "middle", w, f, 1, 0).grow(labelPad) }
	// The centre may move so far that the box stays inside the room.
	ylo, yhi := room.y0+labelPad+textAscent*f, room.y1-labelPad-textDescent*f
	xlo, xhi := room.x0+labelPad+w/2, room.x1-labelPad-w/2
	if ylo > yhi || xlo > xhi {
		return 0, 0, false
	}
	y, x = min(max(y, ylo), yhi), min(max(x, xlo), xhi)
	for i := 0; ; i++ {
		dy := float64((i+1)/2) * step
		if i%2 == 1 {
			dy = -dy
		}
		ty := y + dy
		if math.Abs(dy) > (yhi-ylo)+step {
			return 0, 0, false
		}
		if ty < ylo || ty > yhi {
			continue
		}
		for j := 0; ; j++ {
			dx := float64((j+1)/2) * step
			if j%2 == 1 {
				dx = -dx
			}
			if math.Abs(dx) > (xhi-xlo)+step {
				break
			}
			tx := x + dx
			if tx < xlo || tx > xhi {
				continue
			}
			if g.freeBut(box(tx, ty), sub[0], sub[1]) {
				return tx, ty, true
			}
		}
	}
}

// ShortTest is the short form of a cut test the drawing writes where the
// whole test finds no room: the comparison without the bound's value
// ("2 ≤ α" for "2 ≤ α = 3"), as lectures write the test v ≤ α; "" when
// the test has no shorter form.
func ShortTest(test string) string {
	i := strings.LastIndex(test, " = ")
	if i <= 0 {
		return ""
	}
	return test[:i]
}

// glyphsOverlap reports whether two of the boxes come closer than
// glyphGap (a sweep over the boxes in order of their left sides).
func glyphsOverlap(rs []rect) bool {
	slices.SortFunc(rs, func(a, b rect) int { return cmp.Compare(a.x0, b.x0) })
	for i, a := range rs {
		for _, b := range rs[i+1:] {
			if b.x0 >= a.x1+glyphGap {
				break
			}
			if a.grow(glyphGap / 2).overlaps(b.grow(glyphGap / 2)) {
				return true
			}
		}
	}
	return false
}

// glyphGap is the least room between two glyphs at a text scale above 1
// (and between two leaves at the base scale, see widestLeaf).
const glyphGap = 3

// glyphRect is the box a node's glyph takes, around its centre.
func glyphRect(g Glyph, n trace.LayoutNode, k float64) rect {
	switch g {
	case GlyphLeaf:
		w, h := leafWidthAt(n.Text, k), leafHeightAt(k)
		return rect{-w / 2, -h / 2, w / 2, h / 2}
	case GlyphBoard, GlyphChess:
		// The board and, left of it, its kind marker (MarkerPoints).
		h := g.Half() + 1
		return rect{-h - 11, -h, h, h}
	case GlyphMax, GlyphMin:
		return rect{-21, g.Top(), 21, g.Bottom()}
	case GlyphJoint:
		return rect{-JointHalf, -JointHalf, JointHalf, JointHalf}
	}
	return rect{-16, -16, 16, 16}
}

// grid finds the obstacles near a box quickly: edges, glyphs and labels
// already placed, filed by the cells of gridCell units they touch. A
// rectangle may carry a depth: the α/β lines of two nodes at one depth
// never show at once (one node per depth is on the stack), so they may
// share room.
type grid struct {
	// The cells of the area the layout covers are dense: cell (cx, cy) is
	// number (cy-cy0)*nx + cx-cx0, and its obstacles are a list threaded
	// through next (head holds one more than the newest entry, 0 for an
	// empty cell). Cells outside it, which few labels reach, are in far.
	cx0, cy0, nx, ny int
	head             []int32
	next, item       []int32
	far              map[[2]int][]int
	segs             []segment
	rects            []rect
	depth            []int // a rectangle's depth, -1 for one that is always there
	// abOf is the preorder position of the node whose α/β lines a
	// rectangle reserves, -1 for every other rectangle.
	abOf []int32
}

const gridCell = 60

// newGrid is an empty grid whose dense cells cover the box b.
func newGrid(b rect) *grid {
	g := &grid{far: map[[2]int][]int{}}
	g.cx0, g.cy0 = int(math.Floor(b.x0/gridCell)), int(math.Floor(b.y0/gridCell))
	g.nx = int(math.Floor(b.x1/gridCell)) - g.cx0 + 1
	g.ny = int(math.Floor(b.y1/gridCell)) - g.cy0 + 1
	g.head = make([]int32, g.nx*g.ny)
	return g
}

// cell is the dense number of cell (cx, cy), or -1 outside the dense area.
func (g *grid) cell(cx, cy int) int {
	x, y := cx-g.cx0, cy-g.cy0
	if x < 0 || y < 0 || x >= g.nx || y >= g.ny {
		return -1
	}
	return y*g.nx + x
}

func (g *grid) file(b rect, i int) {
	for cx := int(math.Floor(b.x0 / gridCell)); cx <= int(math.Floor(b.x1/gridCell)); cx++ {
		for cy := int(math.Floor(b.y0 / gridCell)); cy <= int(math.Floor(b.y1/gridCell)); cy++ {
			if c := g.cell(cx, cy); c >= 0 {
				g.item = append(g.item, int32(i))
				g.next = append(g.next, g.head[c])
				g.head[c] = int32(len(g.item))
			} else {
				k := [2]int{cx, cy}
				g.far[k] = append(g.far[k], i)
			}
		}
	}
}

// Obstacles are numbered: segments as -1-i, rectangles as i.
func (g *grid) addSeg(s segment)          { g.segs = append(g.segs, s); g.file(s.bounds(), -len(g.segs)) }
func (g *grid) addRect(r rect, depth int) { g.addRectOf(r, depth, -1) }

// addRectOf files the rectangle of node i's α/β lines (or of no node's,
// i = -1).
func (g *grid) addRectOf(r rect, depth, i int) {
	g.rects = append(g.rects, r)
	g.depth = append(g.depth, depth)
	g.abOf = append(g.abOf, int32(i))
	g.file(r, len(g.rects)-1)
}

// freeBut reports whether r meets no obstacle but the α/β lines of the
// nodes at preorder positions lo to hi-1: those of a cutoff's subtree,
// which never show once it is cut.
func (g *grid) freeBut(r rect, lo, hi int) bool {
	return g.none(r, func(i int) bool {
		if i < 0 {
			return g.segs[-i-1].crosses(r)
		}
		if o := int(g.abOf[i]); o >= lo && o < hi {
			return false
		}
		return g.rects[i].overlaps(r)
	})
}

// free reports whether r meets no obstacle but the rectangles of depth
// share (-1: none is shared).
func (g *grid) free(r rect, share int) bool {
	return g.none(r, func(i int) bool {
		if i < 0 {
			return g.segs[-i-1].crosses(r)
		}
		return (share < 0 || g.depth[i] != share) && g.rects[i].overlaps(r)
	})
}

// clear reports whether r meets no edge and no glyph (the rectangles filed
// at glyphDepth); it may overlap labels.
func (g *grid) clear(r rect) bool {
	return g.none(r, func(i int) bool {
		if i < 0 {
			return g.segs[-i-1].crosses(r)
		}
		return g.depth[i] == glyphDepth && g.rects[i].overlaps(r)
	})
}

// none reports whether no obstacle filed in the cells r touches meets it.
func (g *grid) none(r rect, meets func(int) bool) bool {
	for cx := int(math.Floor(r.x0 / gridCell)); cx <= int(math.Floor(r.x1/gridCell)); cx++ {
		for cy := int(math.Floor(r.y0 / gridCell)); cy <= int(math.Floor(r.y1/gridCell)); cy++ {
			if c := g.cell(cx, cy); c >= 0 {
				for e := g.head[c]; e != 0; e = g.next[e-1] {
					if meets(int(g.item[e-1])) {
						return false
					}
				}
				continue
			}
			for _, i := range g.far[[2]int{cx, cy}] {
				if meets(i) {
					return false
				}
			}
		}
	}
	return true
}

// glyphDepth files the glyphs (and fold glyphs) in a grid, apart from the
// labels: a label that finds no place clear of everything may still be
// put clear of every edge and glyph.
const glyphDepth = -2

// widestTexts are the widest value and α/β texts a layout's nodes can
// show, in ems: by node id its value, "≥ " and the widest leaf text below
// it, and one α/β line, "β=" and the widest number a value may be. A
// value may be wider than its leaves' texts: a matchsticks leaf's text is
// the matches left, its value −1 or 1; with a CHANCE node below, a value
// may be an expectation with two decimals ("≥ 7.67", "α=7.67"); with
// intervals, a CHANCE node's value may be Star1's interval ("[0.67,
// 10.67]"), whose ends are taken to be as wide as the widest leaf's
// number (the layout does not know Star1's bounds: bounds far wider than
// every leaf may write wider ends). Labels are placed with intervals where
// reservesIntervals says so.
func widestTexts(l *trace.Layout, source string, intervals bool) (ab float64, value map[string]float64) {
	sh := showsAt(l)
	value = make(map[string]float64, len(l.Nodes))
	// num is the widest number a leaf may show, in ems, and num2 that
	// number with two decimals. An expectation, or a bound of Star1's
	// interval, may be as wide as any leaf's number with two decimals.
	num, num2 := TextEm("−∞"), 0.0
	for i := len(l.Nodes) - 1; i >= 0; i-- {
		n := l.Nodes[i]
		w := TextEm("≥ 0")
		if n.Leaf || n.Folded {
			t := ShortText(n.Text)
			switch {
			case n.Folded || t == "":
				t = "−99.9"
			case sh&showsLeafScalars != 0:
				// A vector leaf whose values are its components.
				t = widestPart(t)
			}
			w = TextEm("≥ " + t)
			if source == "nim" {
				// Its leaves' texts are the matches left; their values
				// are the utilities ±1.
				t = "−1"
			}
			d := TextEm(".99")
			if i := strings.LastIndex(t, "."); i >= 0 {
				d = float64(max(0, 2-len(t[i+1:]))) * TextEm("9")
			}
			num, num2 = max(num, TextEm(t)), max(num2, TextEm(t)+d)
		}
		value[n.ID] = max(value[n.ID], w)
		if n.HasParent {
			value[n.Parent] = max(value[n.Parent], value[n.ID])
		}
	}
	// chance is whether a node's subtree holds a CHANCE node.
	chance := make(map[string]bool, len(l.Nodes))
	widest := num
	for i := len(l.Nodes) - 1; i >= 0; i-- {
		n := l.Nodes[i]
		if n.Kind == trace.Chance {
			chance[n.ID] = true
			if intervals {
				// Star1's interval: two numbers.
				value[n.ID] = max(value[n.ID], TextEm("[, ]")+2*num2)
			}
		}
		w := 0.0 // else the leaves' estimate holds
		if source == "nim" {
			w = TextEm("≥ ") + num
		}
		if chance[n.ID] {
			w, widest = TextEm("≥ ")+num2, max(widest, num2)
		}
		value[n.ID] = max(value[n.ID], w)
		if n.HasParent {
			chance[n.Parent] = chance[n.Parent] || chance[n.ID]
		}
	}
	return TextEm("β=") + widest, value
}

// reservesIntervals reports whether l's labels are placed with room for
// Star1's interval at every CHANCE node: sideways always (as its drawings
// were made), drawn down only in a Star1 search (showsIntervals).
func reservesIntervals(l *trace.Layout) bool {
	return l.Across || showsAt(l)&showsIntervals != 0
}

// showsValue reports whether a node may draw a value label: a leaf box
// that shows its value already draws none (see shownValue).
// With showsLeafScalars (paranoid), a vector leaf's box shows the vector
// and its value, a number, is written beside it.
func showsValue(g Glyph, n trace.LayoutNode, sh shows) bool {
	return !(g == GlyphLeaf && n.Text != "" && sh&showsLeafScalars == 0)
}

// widestPart is the widest of the numbers of a vector text ("(5, −1,
// −1)"), or the text itself when it is none.
func widestPart(t string) string {
	in, ok := strings.CutPrefix(t, "(")
	if !ok {
		return t
	}
	w := ""
	for _, x := range strings.Split(strings.TrimSuffix(in, ")"), ",") {
		if x = strings.TrimSpace(x); TextEm(x) > TextEm(w) {
			w = x
		}
	}
	return w
}

// placeLabels finds a place for every node's labels at text scale k; ok is
// false when some node has none. Values are placed first, clear of edges,
// glyphs and each other; then the α/β lines, clear of all that and of the
// α/β lines of other depths. Unless settle is true it gives up at the
// first label without a place (the caller then tries another scale); with
// settle, such a label takes its first place clear of every edge and glyph
// (overlapping other labels), else the nearest such place (nearClear), else
// its first place.
func placeLabels(l *trace.Layout, glyphs map[string]Glyph, k float64, abEm float64, valEm map[string]float64, pref int, settle bool) (placement, bool) {
	f := fontsAt(k)
	// The labels stay within a few of their widths of the nodes.
	reach := 3 * (abEm*f.AB + 60)
	g := newGrid(rect{-reach, -reach, l.Width + reach, l.Height + reach})
	g.item, g.next = make([]int32, 0, 16*len(l.Nodes)), make([]int32, 0, 16*len(l.Nodes))
	p := placement{k: k, at: make([]place, len(l.Nodes)), g: g, pref: pref, settle: settle}
	lb := &labelBounds{p: &p}
	if !addObstacles(l, glyphs, k, g, lb, !settle && k > 1) {
		// Leaf boxes grow with the text: at this scale two of them meet.
		return p, false
	}
	scratch := make([]place, 1, 24) // the candidates of one node's label
	valueRects, ok := placeValues(l, glyphs, k, f, valEm, &p, lb, scratch)
	if valueRects == nil {
		return p, false
	}
	okAB := placeWindows(l, glyphs, k, f, abEm*f.AB, &p, lb, scratch, valueRects)
	if !okAB && !settle {
		return p, false
	}
	p.ok = ok && okAB
	return p, p.ok
}

// labelBounds grows a placement's box by what is placed.
type labelBounds struct {
	p       *placement
	started bool
}

func (lb *labelBounds) add(r rect) {
	if !lb.started {
		lb.p.box, lb.started = r, true
	} else {
		lb.p.box = lb.p.box.union(r)
	}
}

// addObstacles puts what labels must keep clear of into the grid: every
// glyph, a fold's glyph and counts, every edge. With checkGlyphs it
// reports false when two glyphs meet (glyphsOverlap).
func addObstacles(l *trace.Layout, glyphs map[string]Glyph, k float64, g *grid, lb *labelBounds, checkGlyphs bool) bool {
	var glyphRects []rect // for glyphsOverlap
	if checkGlyphs {
		glyphRects = make([]rect, 0, len(l.Nodes))
	}
	for _, n := range l.Nodes {
		gl := glyphs[n.ID]
		r := glyphRect(gl, n, k).shift(n.X, n.Y)
		g.addRect(r, glyphDepth)
		lb.add(r)
		if glyphRects != nil {
			glyphRects = append(glyphRects, r)
		}
		if n.Folded {
			// The fold glyph and its counts under the node (right of it
			// in a sideways drawing).
			fr := foldOf(gl, l.Across).box.shift(n.X, n.Y)
			g.addRect(fr, glyphDepth)
			lb.add(fr)
		}
		if n.HasParent {
			pn, _ := l.Node(n.Parent)
			s := segment{pn.X, pn.Y + glyphs[pn.ID].Bottom(), n.X, n.Y + glyphRect(gl, n, k).y0}
			if l.Across {
				s = edgeEnds(true, pn, glyphs[pn.ID], n, gl, k)
			}
			g.addSeg(s)
			lb.add(s.bounds())
		}
	}
	return glyphRects == nil || !glyphsOverlap(glyphRects)
}

// firstFree is the first candidate whose box is free, or the first
// candidate and false.
func firstFree(cands []place, box func(place) rect, free func(rect) bool) (place, bool) {
	for _, c := range cands {
		if free(box(c)) {
			return c, true
		}
	}
	return cands[0], false
}

// settleFor is where a label goes that has no free place (settling the
// drawing): the first candidate clear of glyphs and edges, else at moved
// near its place to the nearest clear spot (by move).
func settleFor(g *grid, cands []place, box func(place) rect, at place, font float64, move func(*place, float64, float64)) place {
	if i := slices.IndexFunc(cands, func(c place) bool { return g.clear(box(c)) }); i >= 0 {
		return cands[i]
	}
	if dx, dy, ok := nearClear(g, box(at), font); ok {
		move(&at, dx, dy)
	}
	return at
}

// placeValues places every node's value label, the first free of its
// candidates (the strategy's preferred one first): the value's boxes by
// node, and whether every label found a free place; nil when one did not
// and the drawing is not settling.
func placeValues(l *trace.Layout, glyphs map[string]Glyph, k float64, f Fonts, valEm map[string]float64, p *placement, lb *labelBounds, scratch []place) ([]rect, bool) {
	ok := true
	sh := showsAt(l)
	valueRects := make([]rect, len(l.Nodes))
	for i, n := range l.Nodes {
		gl := glyphs[n.ID]
		vf := f.Value
		if gl.Below() {
			vf = f.LeafValue
		}
		vw := valEm[n.ID] * vf
		// A player of max^n says under its value whose component it
		// maximised ("P2: 5"): a second line.
		lines, step := 1, 0.0
		if gl == GlyphPlayer {
			lines, step = 2, whoLineAt(vf)
		}
		box := func(c place) rect {
			return textRect(c.ValueX, c.ValueY, c.ValueAnchor.String(), vw, vf, lines, step).shift(n.X, n.Y).grow(labelPad)
		}
		cands := valuePlaces(scratch[1:], gl, glyphRect(gl, n, k), vf, l.Across)
		if p.pref > 0 && p.pref < len(cands) && !gl.Below() {
			// This strategy prefers another place first.
			scratch[0] = cands[p.pref]
			cands = scratch[:len(cands)+1]
		}
		shown := showsValue(gl, n, sh)
		at, found := cands[0], !shown
		if shown {
			at, found = firstFree(cands, box, func(r rect) bool { return p.g.free(r, -1) })
		}
		if !found && !p.settle {
			return nil, false
		}
		if !found {
			at = settleFor(p.g, cands, box, at, vf, func(c *place, dx, dy float64) { c.ValueX, c.ValueY = c.ValueX+dx, c.ValueY+dy })
		}
		ok = ok && found
		p.at[i] = at
		valueRects[i] = box(at)
		if shown {
			p.g.addRect(valueRects[i], -1)
			lb.add(valueRects[i])
		}
	}
	return valueRects, ok
}

// placeWindows places every node's α/β label clear of the values: false
// when one found no free place.
func placeWindows(l *trace.Layout, glyphs map[string]Glyph, k float64, f Fonts, aw float64, p *placement, lb *labelBounds, scratch []place, valueRects []rect) bool {
	ok := true
	for i, n := range l.Nodes {
		gl := glyphs[n.ID]
		vr := valueRects[i].shift(-n.X, -n.Y)
		cands := abPlaces(scratch[:0], gl, glyphRect(gl, n, k), vr, aw, f)
		box := func(c place) rect {
			return textRect(c.ABX, c.ABY, c.ABAnchor.String(), aw, f.AB, 2, f.ABLine).shift(n.X, n.Y).grow(labelPad)
		}
		best, found := firstFree(cands, box, func(r rect) bool { return p.g.free(r, n.Depth) })
		if !found && !p.settle {
			return false
		}
		if !found {
			best = settleFor(p.g, cands, box, best, f.AB, func(c *place, dx, dy float64) { c.ABX, c.ABY = c.ABX+dx, c.ABY+dy })
		}
		ok = ok && found
		at := p.at[i]
		at.ABX, at.ABY, at.ABAnchor = best.ABX, best.ABY, best.ABAnchor
		p.at[i] = at
		ar := box(best)
		p.g.addRectOf(ar, n.Depth, i)
		lb.add(ar)
	}
	return ok
}

// nearClear finds the nearest shift of r, by steps of half of font up to
// nearReach fonts each way, at which r meets no edge and no glyph (the last
// resort of a label in a crowded tree).
func nearClear(g *grid, r rect, font float64) (dx, dy float64, ok bool) {
	step := font / 2
	for ring := 1; ring <= 2*nearReach; ring++ {
		for i := -ring; i <= ring; i++ {
			for _, d := range [][2]int{{i, -ring}, {i, ring}, {-ring, i}, {ring, i}} {
				x, y := float64(d[0])*step, float64(d[1])*step
				if g.clear(r.shift(x, y)) {
					return x, y, true
				}
			}
		}
	}
	return 0, 0, false
}

// nearReach bounds nearClear's search, in fonts.
const nearReach = 4

// whoLine is the least distance from a max^n player's value to the line
// under it that says whose component it maximised ("P2: 5", at WhoFont);
// whoLineAt is the distance at a value's font size vf, larger where the
// value's descent would reach the line.
const whoLine = 16

// WhoFont is the size of max^n's "P2: 5" line (the stylesheet's .n .who).
const WhoFont = 13

func whoLineAt(vf float64) float64 {
	return max(whoLine, math.Ceil(textDescent*vf+textAscent*WhoFont+1))
}

// gap is the room between a glyph and its labels, in user units.
const gap = 3 + labelPad

// valuePlaces are the places a node's value may take, best first: for a
// triangle on the right at mid height, as lectures draw it, then higher or
// lower, then on the left, above or under; for a leaf or a board under it,
// then beside it (in a sideways drawing beside it first, then under it).
// The places are appended to out[:0], which callers reuse.
func valuePlaces(out []place, g Glyph, gr rect, vf float64, across bool) []place {
	vh := (textAscent + textDescent) * vf
	vAt := func(c float64) float64 { return c - vh/2 + textAscent*vf }
	out = out[:0]
	if g.Below() && across {
		// Sideways, the neighbours of a leaf or board are above and
		// under it: beside it first (a leaf has no edges on its right),
		// then under or above it.
		return append(out,
			place{ValueX: gr.x1 + gap, ValueY: vAt(0), ValueAnchor: anchorStart},
			place{ValueX: 0, ValueY: gr.y1 + gap + labelPad + textAscent*vf, ValueAnchor: anchorMiddle},
			place{ValueX: 0, ValueY: gr.y0 - gap - labelPad - textDescent*vf, ValueAnchor: anchorMiddle},
			place{ValueX: gr.x1 + gap, ValueY: vAt(gr.y1 - vh/2), ValueAnchor: anchorStart},
			place{ValueX: gr.x1 + gap, ValueY: vAt(gr.y0 + vh/2), ValueAnchor: anchorStart},
			place{ValueX: gr.x0 - gap, ValueY: vAt(gr.y1 - vh/2), ValueAnchor: anchorEnd},
			place{ValueX: gr.x0 - gap, ValueY: vAt(gr.y0 + vh/2), ValueAnchor: anchorEnd},
			place{ValueX: gr.x0 - gap, ValueY: vAt(0), ValueAnchor: anchorEnd},
		)
	}
	if g.Below() {
		vy := gr.y1 + gap + labelPad + textAscent*vf
		return append(out,
			place{ValueX: 0, ValueY: vy, ValueAnchor: anchorMiddle},
			place{ValueX: gr.x1 + gap, ValueY: vAt(0), ValueAnchor: anchorStart},
			place{ValueX: gr.x0 - gap, ValueY: vAt(0), ValueAnchor: anchorEnd},
			place{ValueX: 0, ValueY: gr.y0 - gap - labelPad - textDescent*vf, ValueAnchor: anchorMiddle},
			// Under or above it, beside a straight edge to one child or
			// from the parent.
			place{ValueX: gap, ValueY: vy, ValueAnchor: anchorStart},
			place{ValueX: -gap, ValueY: vy, ValueAnchor: anchorEnd},
			place{ValueX: gap, ValueY: gr.y0 - gap - labelPad - textDescent*vf, ValueAnchor: anchorStart},
			place{ValueX: -gap, ValueY: gr.y0 - gap - labelPad - textDescent*vf, ValueAnchor: anchorEnd},
			// A line lower under it: a row of leaves or boards closer
			// than their values are wide writes every other value there.
			place{ValueX: 0, ValueY: vy + vh + 2*labelPad + 1, ValueAnchor: anchorMiddle},
		)
	}
	for _, side := range [...]struct {
		x      float64
		anchor labelAnchor
	}{{gr.x1 + gap, anchorStart}, {gr.x0 - gap, anchorEnd}} {
		for _, c := range []float64{0, gr.y0 + vh/2, gr.y1 - vh/2, gr.y0 - vh/2 - gap, gr.y1 + vh/2 + gap} {
			out = append(out, place{ValueX: side.x, ValueY: vAt(c), ValueAnchor: side.anchor})
		}
	}
	return append(out, place{ValueX: 0, ValueY: gr.y1 + gap + labelPad + textAscent*vf, ValueAnchor: anchorMiddle})
}

// abPlaces are the places a node's α/β lines may take, best first, given
// its value's box vr (relative to the node): on the side the value leaves
// free at mid height, then higher or lower, then beside or under the
// value, then anywhere around the glyph.
// The places are appended to out[:0], which callers reuse.
func abPlaces(out []place, g Glyph, gr, vr rect, aw float64, f Fonts) []place {
	ah := f.ABLine + (textAscent+textDescent)*f.AB
	aAt := func(c float64) float64 { return c - ah/2 + textAscent*f.AB }
	right, left := gr.x1+gap, gr.x0-gap
	cs := [...]float64{0, gr.y0 + ah/2, gr.y1 - ah/2, gr.y0 - ah/2 - gap, gr.y1 + ah/2 + gap}
	out = out[:0]
	if g.Below() {
		out = append(out, place{ABX: 0, ABY: max(gr.y1, vr.y1) + gap + textAscent*f.AB, ABAnchor: anchorMiddle})
	}
	sides := [...]struct {
		x      float64
		anchor labelAnchor
	}{{left, anchorEnd}, {right, anchorStart}}
	if vr.x1 <= 0 {
		sides[0], sides[1] = sides[1], sides[0]
	}
	for _, side := range sides {
		for _, c := range cs {
			out = append(out, place{ABX: side.x, ABY: aAt(c), ABAnchor: side.anchor})
		}
	}
	// Beside the value, under or over it.
	out = append(out,
		place{ABX: vr.x1 + gap, ABY: aAt((vr.y0 + vr.y1) / 2), ABAnchor: anchorStart},
		place{ABX: vr.x0 - gap, ABY: aAt((vr.y0 + vr.y1) / 2), ABAnchor: anchorEnd},
		place{ABX: vr.x0 + labelPad, ABY: vr.y1 + gap + textAscent*f.AB, ABAnchor: anchorStart},
		place{ABX: vr.x0 + labelPad, ABY: vr.y0 - gap - ah + textAscent*f.AB, ABAnchor: anchorStart},
		place{ABX: 0, ABY: gr.y1 + gap + labelPad + textAscent*f.AB, ABAnchor: anchorMiddle},
		place{ABX: 0, ABY: gr.y0 - gap - ah + textAscent*f.AB, ABAnchor: anchorMiddle},
		// Under or above the glyph and the value, beside a straight edge.
		place{ABX: gap, ABY: max(gr.y1, vr.y1) + gap + textAscent*f.AB, ABAnchor: anchorStart},
		place{ABX: -gap, ABY: max(gr.y1, vr.y1) + gap + textAscent*f.AB, ABAnchor: anchorEnd},
		place{ABX: gap, ABY: min(gr.y0, vr.y0) - gap - ah + textAscent*f.AB, ABAnchor: anchorStart},
		place{ABX: -gap, ABY: min(gr.y0, vr.y0) - gap - ah + textAscent*f.AB, ABAnchor: anchorEnd},
	)
	return out
}

// MaxPlacedNodes is the largest drawing whose text scale and spacing are
// searched for presenter mode; larger drawings keep the base text size and
// spacing (their labels are small on any screen, and the search would cost
// more than it gives). Their labels are placed once at the base size: each
// clear of everything where it can be, else at the nearest place (within
// nearReach fonts) clear of every edge and glyph, where it may touch
// another label; TestLabelsClearOfEdges asserts the edge clearance on
// random=12,3 (1,885 nodes).
const MaxPlacedNodes = 400

// placeFor is the placement of a layout's labels: the largest text scale,
// up to maxK, at which every label has a place clear of the others.
func placeFor(source string, l *trace.Layout, glyphs map[string]Glyph, maxK float64) (placement, bool) {
	p, ok := placeAt(source, l, glyphs, maxK)
	if !l.Across {
		widenBox(&p, l, glyphs, source)
	}
	return p, ok
}

// widenBox grows a drawing's box, drawn down, to hold every value at its
// place as wide as it may be written with an interval at every CHANCE
// node: a layout not marked showsIntervals (a Star1 tree laid out by
// other means than presenterLayout) placed its values without that room,
// and a value at the drawing's edge would then be cut off by the page.
func widenBox(p *placement, l *trace.Layout, glyphs map[string]Glyph, source string) {
	if p.at == nil || reservesIntervals(l) {
		return // nothing placed, or placed with that room
	}
	_, narrow := widestTexts(l, source, false)
	_, wide := widestTexts(l, source, true)
	f := fontsAt(p.k)
	sh := showsAt(l)
	for i, n := range l.Nodes {
		gl := glyphs[n.ID]
		at := p.at[i]
		if !showsValue(gl, n, sh) || wide[n.ID] <= narrow[n.ID] {
			continue
		}
		vf := f.Value
		if gl.Below() {
			vf = f.LeafValue
		}
		lines, step := 1, 0.0
		if gl == GlyphPlayer {
			lines, step = 2, whoLineAt(vf)
		}
		r := textRect(at.ValueX, at.ValueY, at.ValueAnchor.String(), wide[n.ID]*vf, vf, lines, step).shift(n.X, n.Y).grow(labelPad)
		p.box = p.box.union(r)
	}
}

// placeAt is placeFor before widenBox.
func placeAt(source string, l *trace.Layout, glyphs map[string]Glyph, maxK float64) (placement, bool) {
	abEm, valEm := widestTexts(l, source, reservesIntervals(l))
	if len(l.Nodes) > MaxPlacedNodes {
		return placeLabels(l, glyphs, 1, abEm, valEm, 0, true)
	}
	var best placement
	found := false
	for _, pref := range valuePrefs {
		lo, hi := 1.0, math.Floor(maxK*20)/20
		if found && best.k >= hi {
			break
		}
		if found {
			lo = best.k
		}
		p, ok := placeLabels(l, glyphs, hi, abEm, valEm, pref, false)
		if ok {
			return p, true
		}
		p, ok = placeLabels(l, glyphs, lo, abEm, valEm, pref, false)
		if !ok {
			continue
		}
		if !found || p.k > best.k {
			best = p
		}
		found = true
		// Bisect on twentieths.
		for hi-lo > 0.05+1e-9 {
			mid := math.Round((lo+hi)/2*20) / 20
			if mid <= lo || mid >= hi {
				break
			}
			if p, ok := placeLabels(l, glyphs, mid, abEm, valEm, pref, false); ok {
				best, lo = p, mid
			} else {
				hi = mid
			}
		}
	}
	if !found {
		// No scale gives every label a clear place: the base scale, each
		// label clear of edges and glyphs where it can be.
		return placeLabels(l, glyphs, 1, abEm, valEm, 0, true)
	}
	return best, found
}

// valuePrefs are the strategies placeFor tries: the value's first choice
// (an index into valuePlaces: right at mid height, level with the top,
// with the bottom, above the glyph, under it).
var valuePrefs = []int{0, 3, 1, 2}

// presenterK is the text scale presenter mode wants for a layout: the one
// that shows values at PresentValuePx and α/β at PresentABPx once the
// drawing is fitted to presenter mode's pane (with margins growing with
// the labels), at most MaxTextScale.
func presenterK(l *trace.Layout) float64 {
	k := 1.0
	for range 6 {
		w := l.Width + (marginLeft+marginRight)*k
		h := l.Height + marginTop + marginBottom*k
		pw, ph := presentPane(l)
		s := min(pw/w, ph/h)
		k = max(1, PresentValuePx/(ValueFont*s), PresentABPx/(ABFont*s), PresentValuePx/(LeafFont*s))
		k = min(k, MaxTextScale)
	}
	return k
}

// placements caches each layout's placement: Draw runs at every step, the
// placement once per layout. Entries go when their layout does.
var placements sync.Map // weak.Pointer[trace.Layout] → placed

type placed struct {
	source string
	p      placement
}

// layoutPlacement is the placement of l's labels, computed once. It keeps
// no grid of obstacles (see placement.obstacles): a scene of random=12,3
// kept 0.9 MB of it for the tests of cutoffs a minimax search never makes.
func layoutPlacement(source string, l *trace.Layout, glyphs map[string]Glyph) placement {
	key := weak.Make(l)
	if v, ok := placements.Load(key); ok && v.(placed).source == source {
		return v.(placed).p
	}
	maxK := presenterK(l)
	if source == "minichess" && l.Across {
		// A sideways minichess tree is shown on a phone, where the
		// pieces are what is hard to read: labels larger than their base
		// sizes would take the boards' room.
		maxK = 1
	}
	maxK = min(maxK, paneLeafK(l, glyphs))
	p, _ := placeFor(source, l, glyphs, maxK)
	p = p.forgetGrid(source, l)
	if _, loaded := placements.LoadOrStore(key, placed{source, p}); !loaded {
		runtime.AddCleanup(l, func(k weak.Pointer[trace.Layout]) { placements.Delete(k) }, key)
	}
	return p
}

// LeafGap is the least room between two neighbouring leaf boxes of one
// level in a comparison's pane, in user units, and LeafGapPx in pixels
// there: leaves "3 12 8" side by side never read "3128".
const (
	LeafGap   = 10
	LeafGapPx = 3
)

// leafRoomK is the largest text scale at which every two neighbouring
// leaf boxes of a level keep gap between them (+Inf when no two leaves
// are neighbours); a leaf box grows with its text.
func leafRoomK(l *trace.Layout, glyphs map[string]Glyph, gap float64) float64 {
	k := math.Inf(1)
	last := map[int]trace.LayoutNode{}
	for _, n := range l.Nodes {
		if glyphs[n.ID] != GlyphLeaf {
			delete(last, n.Depth)
			continue
		}
		if p, ok := last[n.Depth]; ok {
			d := n.X - p.X
			if l.Across {
				d = n.Y - p.Y
			}
			if l.Across {
				// Stacked: their heights meet, LeafFont·k+10 each.
				k = min(k, (d-gap-10)/LeafFont)
			} else if em := TextEm(p.Text) + TextEm(n.Text); em > 0 {
				k = min(k, (d-gap-12)/(LeafFont*em/2))
			}
		}
		last[n.Depth] = n
	}
	return k
}

// paneLeafK bounds the text scale of a layout laid out for a comparison's
// pane: it draws its tree small, and its leaf boxes keep LeafGapPx apart
// there, and LeafGap in any case (+Inf for other layouts; never below 1).
func paneLeafK(l *trace.Layout, glyphs map[string]Glyph) float64 {
	pane := layingOf(l).pane
	if pane == ([2]float64{}) {
		return math.Inf(1)
	}
	sc := min(pane[0]/(l.Width+marginLeft+marginRight), pane[1]/(l.Height+marginTop+marginBottom))
	return max(1, leafRoomK(l, glyphs, max(LeafGap, LeafGapPx/sc)))
}
