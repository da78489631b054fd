package view

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/trace"
)

// The information set in the tree. The viewer steps one deal of the card
// game with every card open; the positions of the other deals that MAX
// cannot tell from the current node are no nodes of that tree. The
// drawing draws them beside it, as the textbooks join the nodes of an
// information set: past the right end of the current node's row, one
// glyph per position of the same kind (the same card inside it, since
// the same cards were played), each with its deal under it and its value
// with every card open beside it, enclosed together by a dashed outline
// that a dashed line joins to the current node, itself drawn dashed
// (class "infoset"). The mark moves with the current node as the search
// steps; the page, the exports and the overview draw it alike.

// SetMark is the information set of a drawing's current node where it
// holds more than one position (see Drawing.Set).
type SetMark struct {
	// Node is the current node's id; Glyph and In its glyph and the text
	// in it, which every other position is drawn with.
	Node  string
	Glyph Glyph
	In    string
	// After is the id of the node that reaches furthest right at the
	// current node's height (the current node itself where none does): a
	// drawing laid out otherwise (the LaTeX export's forest) draws the
	// others past it.
	After string
	// Others are the set's other positions, left to right.
	Others []SetPosition
	// X, Y, W, H is the dashed outline around the others.
	X, Y, W, H float64
	// The dashed line from the current node's glyph to the outline.
	JoinX1, JoinY1, JoinX2, JoinY2 float64
	// ValueFont is the font size of the values (the drawing's).
	ValueFont float64
	// Title is the outline's tooltip, the set in words ("MAX cannot tell
	// this position from 1 other: …").
	Title string
}

// SetPosition is one other position of an information set as the tree
// draws it: its glyph's centre, its deal ("deal 2") written under the
// glyph at DealY (an offset from the centre), its value with every card
// open beside the glyph at ValueX, ValueY.
type SetPosition struct {
	X, Y           float64
	Deal, Value    string
	DealY          float64
	ValueX, ValueY float64
}

// Sizes of the information set's mark, in user units: the gap between
// the row's last label and the outline, the outline's padding, the least
// distance between two positions' centres, and the deal's font (the
// value is written at the drawing's value font).
const (
	SetGap      = 14
	setPad      = 7
	setSepMin   = 58
	SetDealFont = ABFont
)

// markInfoSet marks the information set of the frame's current node in
// drawing d (the focus or the whole tree) where MAX cannot tell the node
// from positions of other deals: the node's class "infoset" (its outline
// dashed) and d.Set, the set's other positions beside it; nothing for a
// source without hidden cards or a set of one.
func markInfoSet(d *Drawing, p *scenario.Search, f *trace.Frame, fit float64) {
	if p == nil || p.Deal == nil {
		return
	}
	set, ok, err := p.InfoSet(f.Current)
	if !ok || err != nil || len(set.Members) < 2 {
		return
	}
	at := -1
	for i := range d.Nodes {
		if d.Nodes[i].ID == f.Current {
			if !strings.HasSuffix(d.Nodes[i].Class, " infoset") {
				d.Nodes[i].Class += " infoset"
			}
			at = i
		}
	}
	if at < 0 {
		return
	}
	var others []SetPosition
	for _, m := range set.Members {
		if m.World != set.At {
			others = append(others, SetPosition{Deal: dealWord(f.Words, m.World+1), Value: trace.Written(m.Value)})
		}
	}
	d.Set = placeSet(d, &d.Nodes[at], others, fit)
	panel, err := InfoSetPanelOf(p, f, func(string) string { return "" })
	if err == nil && f.Words != nil {
		d.Set.Title = panel.Saying(f.Words)
	}
}

// MarkInfoSet is markInfoSet for a drawing of the whole tree (the
// exports draw it; the focus marks its own, the overview OverviewSet).
func MarkInfoSet(d *Drawing, p *scenario.Search, f *trace.Frame) { markInfoSet(d, p, f, 0) }

// SetNode is the node of frame f that the tree draws dashed for its
// information set (class "infoset"): the current node where MAX cannot
// tell it from a position of another deal (ok false elsewhere). The
// page's overview draws it so from the start and in every step's patch
// (Cursor.Drawing, Painter).
func SetNode(p *scenario.Search, f *trace.Frame) (id string, ok bool) {
	if p == nil || p.Deal == nil || f.Step == 0 {
		return "", false
	}
	set, ok, err := p.InfoSet(f.Current)
	if !ok || err != nil || len(set.Members) < 2 {
		return "", false
	}
	return f.Current, true
}

// OverviewSet is the page's whole tree (the overview) of scene s at frame
// f, its current node drawn dashed where MAX cannot tell it from other
// deals' positions, with the mark of those beside it (Drawing.Set) in
// the room the overview's view box has: the page does not widen it as
// the search steps, so the set goes to a lower row there, or is left out
// (nil) where none has room.
func OverviewSet(p *scenario.Search, s *Scene, f *trace.Frame, folds map[string]FoldCount) *Drawing {
	set, marked := SetNode(p, f)
	d := s.sketch.drawSet(f, folds, set, marked)
	box := d.ViewBox
	bx, _, bw, _, ok := parseBox(box)
	if !ok {
		return d
	}
	markInfoSet(d, p, f, bw-(drawnFrom(d)-bx))
	if d.ViewBox != box {
		d.ViewBox, d.Width, d.Height = box, s.sketch.width, s.sketch.height
		d.Set = nil
	}
	return d
}

// dealWord is "deal n" in the frame's language (English without words).
func dealWord(words func(trace.Phrase) string, n int) string {
	if words == nil {
		return "deal " + strconv.Itoa(n)
	}
	return words(trace.Phrase{ID: "hidden.deal", Args: map[string]any{"N": strconv.Itoa(n)}})
}

// placeSet places the others of current node c's information set at
// c's height, right of c, in the first room wide enough that nothing d
// draws at that height (a node with its labels and fold, an edge
// crossing) takes: beside c in the whole tree, whose rows have room
// between subtrees; past the row's end in the focus, whose rows are
// close. Where that would make d wider than fit units (a phone's pane at
// the least scale; 0 for no limit), it goes to the first lower row with
// room for it inside that width, or under the whole drawing, and the
// join runs down to it. It widens d's view box to hold them.
func placeSet(d *Drawing, c *Node, others []SetPosition, fit float64) *SetMark {
	vf := d.Fonts.Value
	if vf == 0 {
		vf = ValueFont
	}
	m := &SetMark{Node: c.ID, Glyph: c.Glyph, In: c.In, Others: others, ValueFont: vf}
	half := max(c.Glyph.Half(), c.LeafW/2, 21)
	above, below := half+setPad, half+SetDealFont+setPad
	x := float64(setPad)
	for i := range m.Others {
		o := &m.Others[i]
		deal := TextEm(o.Deal) * SetDealFont
		left := max(half, deal/2)
		o.X = x + left
		o.ValueX, o.ValueY = half+3, 6
		o.DealY = half + SetDealFont + 1
		x = o.X + max(half+3+TextEm(o.Value)*vf, deal/2) + setPad
		if i+1 < len(m.Others) {
			x = max(x, o.X+setSepMin-left)
		}
	}
	m.W, m.H = x, above+below
	_, from := focusExtent(c)
	taken, after := bandTaken(d, c.ID, from, c.Y-above, c.Y+below)
	m.After = after
	y := c.Y
	m.X = freeAt(taken, from+SetGap, m.W+SetGap)
	if lo := drawnFrom(d); fit > 0 && m.X+m.W+viewPad > lo+fit {
		y, m.X = setBelow(d, c, m.W, above, below, lo, fit)
	}
	m.Y = y - above
	for i := range m.Others {
		m.Others[i].X += m.X
		m.Others[i].Y = y
	}
	m.JoinX1, m.JoinY1, m.JoinX2, m.JoinY2 = c.X+half, c.Y, m.X, y
	if y != c.Y && m.X < c.X+half {
		m.JoinX1, m.JoinY1, m.JoinX2, m.JoinY2 = c.X, c.Y+half, m.X+min(m.W/2, max(c.X-m.X, setPad)), m.Y
	}
	boxRightTo(d, m.X+m.W+viewPad)
	boxDownTo(d, m.Y+m.H+viewPad)
	return m
}

// drawnFrom is where the leftmost node of d (its labels and fold
// included) begins, less the view box's padding.
func drawnFrom(d *Drawing) float64 {
	lo := math.Inf(1)
	for i := range d.Nodes {
		a, _ := focusExtent(&d.Nodes[i])
		lo = min(lo, a)
	}
	return lo - viewPad
}

// setBelow is the height and left end of the first room w wide, above
// and below a row's height, in a row of d under current node c that holds
// it between bx, where d begins, and bx+fit; under everything d draws, at
// bx, where no row does.
func setBelow(d *Drawing, c *Node, w, above, below, bx, fit float64) (y, x float64) {
	var rows []float64
	bottom := c.Y
	for i := range d.Nodes {
		n := &d.Nodes[i]
		if n.Y > c.Y {
			rows = append(rows, n.Y)
		}
		bottom = max(bottom, nodeBottom(n))
	}
	slices.Sort(rows)
	for _, y := range slices.Compact(rows) {
		taken, _ := bandTaken(d, c.ID, bx, y-above, y+below)
		if x := freeAt(taken, bx+viewPad, w); x+w+viewPad <= bx+fit {
			return y, x
		}
	}
	return bottom + setPad + above, bx + viewPad
}

// bandTaken is what d draws right of from between heights top and
// bottom, current node c apart, as spans of x sorted by their left ends:
// the nodes with their labels and folds, and the edges crossing the
// band; after is the id of the node that reaches furthest right in the band (c
// where none does).
func bandTaken(d *Drawing, c string, from, top, bottom float64) (taken [][2]float64, after string) {
	right := from
	after = c
	for i := range d.Nodes {
		n := &d.Nodes[i]
		if n.ID == c || nodeBottom(n) < top || nodeTop(n) > bottom {
			continue
		}
		lo, hi := focusExtent(n)
		if hi > right {
			right, after = hi, n.ID
		}
		if hi > from {
			taken = append(taken, [2]float64{lo, hi})
		}
	}
	for i := range d.Edges {
		if lo, hi, ok := crossing(&d.Edges[i], top, bottom); ok && hi > from {
			taken = append(taken, [2]float64{lo - 2, hi + 2})
		}
	}
	slices.SortFunc(taken, func(a, b [2]float64) int { return cmp.Compare(a[0], b[0]) })
	return taken, after
}

// crossing is the span of x over which edge e runs between heights top
// and bottom; ok is false where it does not.
func crossing(e *Edge, top, bottom float64) (lo, hi float64, ok bool) {
	y1, y2 := min(e.Y1, e.Y2), max(e.Y1, e.Y2)
	if y2 < top || y1 > bottom {
		return 0, 0, false
	}
	at := func(y float64) float64 {
		if e.Y2 == e.Y1 {
			return e.X1
		}
		return e.X1 + (e.X2-e.X1)*(y-e.Y1)/(e.Y2-e.Y1)
	}
	a, b := at(max(top, y1)), at(min(bottom, y2))
	if e.Y1 == e.Y2 {
		a, b = e.X1, e.X2
	}
	return min(a, b), max(a, b), true
}

// freeAt is the least x from x0 on where a span w wide meets none of the
// spans taken (sorted by their left ends).
func freeAt(taken [][2]float64, x0, w float64) float64 {
	x := x0
	for _, t := range taken {
		if t[1] <= x {
			continue
		}
		if t[0] >= x+w {
			break
		}
		x = t[1] + SetGap
	}
	return x
}

// boxRightTo widens d's view box to the right as far as x.
func boxRightTo(d *Drawing, x float64) {
	bx, by, bw, bh, ok := parseBox(d.ViewBox)
	if !ok || bx+bw >= x {
		return
	}
	d.ViewBox = Num(bx) + " " + Num(by) + " " + Num(x-bx) + " " + Num(bh)
	d.Width = x - bx
}

// boxDownTo lengthens d's view box downwards as far as y.
func boxDownTo(d *Drawing, y float64) {
	bx, by, bw, bh, ok := parseBox(d.ViewBox)
	if !ok || by+bh >= y {
		return
	}
	d.ViewBox = Num(bx) + " " + Num(by) + " " + Num(bw) + " " + Num(y-by)
	d.Height = y - by
}

// extent is how far left and right a drawing's information set mark
// reaches (its join's start and its outline's end); ok is false without
// one.
func (m *SetMark) extent() (lo, hi float64, ok bool) {
	if m == nil {
		return 0, 0, false
	}
	return min(m.JoinX1, m.X), m.X + m.W, true
}

// equal reports whether two marks draw the same (both nil included).
func (m *SetMark) equal(o *SetMark) bool {
	if m == nil || o == nil {
		return m == o
	}
	return m.Node == o.Node && m.After == o.After && m.Glyph == o.Glyph && m.In == o.In && m.Title == o.Title && m.ValueFont == o.ValueFont &&
		[8]float64{m.X, m.Y, m.W, m.H, m.JoinX1, m.JoinY1, m.JoinX2, m.JoinY2} == [8]float64{o.X, o.Y, o.W, o.H, o.JoinX1, o.JoinY1, o.JoinX2, o.JoinY2} &&
		slices.Equal(m.Others, o.Others)
}
