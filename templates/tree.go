package templates

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/abtrace/abtrace/trace"
)

// Geometry of the drawing, in SVG user units (the layout's units: the web
// handler lays trees out with NodeSpacing and LevelSpacing).
const (
	// NodeSpacing is the least distance between the centres of two
	// neighbouring nodes; LevelSpacing the distance between levels.
	NodeSpacing  = 58
	LevelSpacing = 100
	// BoardSpacing and BoardLevelSpacing are the same for tic-tac-toe,
	// whose nodes are small boards.
	BoardSpacing      = 62
	BoardLevelSpacing = 112
	// VectorSpacing is NodeSpacing for trees whose leaves hold a value
	// per player, such as (5, −1, −1).
	VectorSpacing = 100
	// ChanceSpacing is NodeSpacing for trees with CHANCE nodes, whose
	// edges carry probabilities.
	ChanceSpacing = 70

	// margins around the layout: room for α/β labels on the left, values
	// on the right, values and fold glyphs under the lowest level.
	marginLeft, marginRight, marginTop, marginBottom = 78, 64, 34, 90

	// cutLabelGap is how far below the cut marks the test that fired is
	// written.
	cutLabelGap = 24
)

// Glyph is how a node is drawn.
type Glyph string

// The glyphs. MAX and MIN differ by shape, not only by colour: MAX is a
// triangle pointing up, MIN one pointing down; a chance node is a circle,
// an n-player node a diamond, a leaf of an explicit tree a rounded box with
// its value, a tic-tac-toe position a board with a small kind marker.
const (
	GlyphMax    Glyph = "max"
	GlyphMin    Glyph = "min"
	GlyphChance Glyph = "chance"
	GlyphPlayer Glyph = "player"
	GlyphLeaf   Glyph = "leaf"
	GlyphBoard  Glyph = "board"
)

// drawNode is one node of the drawing at the frame shown.
type drawNode struct {
	trace.LayoutNode
	Glyph Glyph
	State string // unvisited, open, done, pruned
	// Value is the value or bound as the frame shows it ("≤ 2"): the
	// data-value attribute. Shown is the label drawn beside the node: the
	// same, except that a leaf whose box already shows it draws none.
	Value, Shown string
	// Alpha and Beta are the α/β label lines, for nodes on the stack.
	Alpha, Beta string
	Current     bool
	// Player is k at a Player(k) node of max^n, 0 elsewhere; Who says
	// whose component the node maximised and what it is ("P2: 5"), once
	// it has a vector.
	Player int
	Who    string
	// LeafW is the width of a leaf's box, wide enough for its text.
	LeafW float64
	// Inside is true for the folded node whose hidden subtree holds the
	// current node.
	Inside  bool
	OnStack bool
	Fold    *FoldCount
	// Offsets of the label positions from the node's centre.
	ValueX, ValueY, ABX, ABY float64
	ValueAnchor, ABAnchor    string
}

// edge is the line from a parent to one child.
type edge struct {
	ID             string // the child's id
	X1, Y1, X2, Y2 float64
	State          string // the child's state
	Current        bool   // leads into the current node
	Cut            bool   // the child was pruned directly by its parent's cutoff
	CutX1, CutY1   float64
	CutX2, CutY2   float64
	Test           string // the test that fired, written beside the first cut of a node
	TestX, TestY   float64
	// Prob is the probability of the child, written on the edge, when the
	// parent is a CHANCE node; "" elsewhere.
	Prob               string
	ProbX, ProbY       float64
	testIndex, testPos int
}

// drawing is the tree of a View at its frame.
type drawing struct {
	ViewBox       string
	Width, Height float64
	Nodes         []drawNode
	Edges         []edge
	Board         bool
	// Layers split the nodes, in preorder, into stacked SVG elements of at
	// most layerSize nodes each, every node with the edge into it. A step
	// changes a few nodes; the browser then repaints only their layers, not
	// the whole tree, which keeps stepping smooth on trees of thousands of
	// nodes.
	Layers []layer
}

// layer is one SVG element of the drawing.
type layer struct {
	Nodes []drawNode
	Edges []edge
}

// layerSize is the most nodes one layer of the drawing holds.
const layerSize = 150

// animateNodes is the largest drawing whose changes are animated.
const animateNodes = 400

// glyphOf chooses how node n of a source is drawn.
func glyphOf(source string, n trace.LayoutNode) Glyph {
	if n.Board != "" || BoardSource(source) {
		return GlyphBoard
	}
	if n.Leaf && source != "nim" {
		return GlyphLeaf
	}
	switch {
	case n.Kind == trace.Max:
		return GlyphMax
	case n.Kind == trace.Min:
		return GlyphMin
	case n.Kind == trace.Chance:
		return GlyphChance
	}
	return GlyphPlayer
}

// top and bottom are where edges meet a glyph, as offsets from its centre.
func (g Glyph) top() float64 {
	switch g {
	case GlyphMax:
		return -18
	case GlyphMin:
		return -13
	case GlyphLeaf:
		return -14
	case GlyphBoard:
		return -21
	}
	return -16
}

func (g Glyph) bottom() float64 {
	switch g {
	case GlyphMax:
		return 13
	case GlyphMin:
		return 18
	case GlyphLeaf:
		return 14
	case GlyphBoard:
		return 21
	}
	return 16
}

// below reports whether labels go under the glyph (leaves and boards,
// whose neighbours are close) rather than beside it.
func (g Glyph) below() bool { return g == GlyphLeaf || g == GlyphBoard }

// Drawing computes the SVG of the view's layout at its frame.
func (v *View) drawing() drawing {
	l, f := v.Layout, v.Frame
	d := drawing{Board: BoardSource(v.Source)}
	if l == nil || len(l.Nodes) == 0 {
		d.ViewBox = "0 0 100 50"
		d.Width, d.Height = 100, 50
		return d
	}
	onStack := make(map[string]bool, len(f.Stack))
	for _, id := range f.Stack {
		onStack[id] = true
	}
	// The current node, or when it is folded away the drawn node whose
	// fold holds it.
	inside := ""
	if f.Step > 0 {
		if _, drawn := l.Node(f.Current); !drawn {
			for id, ok := trace.ParentID(f.Current); ok; id, ok = trace.ParentID(id) {
				if _, drawn := l.Node(id); drawn {
					inside = id
					break
				}
			}
		}
	}
	glyphs := make(map[string]Glyph, len(l.Nodes))
	d.Nodes = make([]drawNode, 0, len(l.Nodes))
	for _, n := range l.Nodes {
		g := glyphOf(v.Source, n)
		glyphs[n.ID] = g
		dn := drawNode{LayoutNode: n, Glyph: g, State: f.StateOf(n.ID).String(), Current: f.Step > 0 && f.Current == n.ID, OnStack: onStack[n.ID]}
		dn.Inside = inside != "" && n.ID == inside
		dn.Player = n.Kind.PlayerIndex()
		dn.LeafW = leafWidth(n.Text)
		if nv := f.Nodes[n.ID]; nv != nil {
			dn.Value = nv.Text
			if nv.Window && dn.OnStack {
				dn.Alpha, dn.Beta = "α="+ShortText(nv.Alpha.String()), "β="+ShortText(nv.Beta.String())
			}
			if g == GlyphPlayer {
				dn.Who = whoText(dn.Player, nv.Vec)
			}
		}
		dn.Shown = ShortText(shownValue(g, n.Text, dn.Value))
		if g.below() {
			dn.ValueX, dn.ValueY, dn.ValueAnchor = 0, g.bottom()+18, "middle"
			dn.ABX, dn.ABY, dn.ABAnchor = 0, g.bottom()+35, "middle"
		} else {
			dn.ValueX, dn.ValueY, dn.ValueAnchor = 22, 6, "start"
			dn.ABX, dn.ABY, dn.ABAnchor = -23, -3, "end"
		}
		if n.Folded {
			c := v.Folds[n.ID]
			if c.Total == 0 {
				c.Total = max(n.Total-1, 0)
			}
			dn.Fold = &c
		}
		d.Nodes = append(d.Nodes, dn)
	}
	// Edges, with cut marks on the edges into children pruned by a cutoff.
	first := map[string]int{} // cutting node → index in its order of its first pruned child
	for _, n := range l.Nodes {
		if !n.HasParent {
			continue
		}
		p, _ := l.Node(n.Parent)
		gp, gc := glyphs[p.ID], glyphs[n.ID]
		e := edge{ID: n.ID, X1: p.X, Y1: p.Y + gp.bottom(), X2: n.X, Y2: n.Y + gc.top(),
			State: f.StateOf(n.ID).String(), Current: f.Step > 0 && f.Current == n.ID}
		if p.Kind == trace.Chance && !p.Leaf {
			e.Prob = ProbText(n.Prob)
			e.ProbX, e.ProbY = probPlace(e.X1, e.Y1, e.X2, e.Y2)
		}
		if nv := f.Nodes[n.ID]; nv != nil && nv.State == trace.StatePruned && nv.Test != "" {
			e.Cut = true
			e.CutX1, e.CutY1, e.CutX2, e.CutY2 = cutMark(e.X1, e.Y1, e.X2, e.Y2)
			if pv := f.Nodes[n.Parent]; pv != nil {
				if i := orderPos(pv.Order, n.Index); i >= 0 {
					if j, ok := first[n.Parent]; !ok || i < j {
						first[n.Parent] = i
					}
					e.testPos = i
				}
			}
			e.Test = ShortText(nv.Test)
		}
		d.Edges = append(d.Edges, e)
	}
	// The test is written once per cutoff, under the cut marks of the
	// children it pruned, centred on them.
	type span struct{ lo, hi, y float64 }
	spans := map[string]*span{}
	for _, e := range d.Edges {
		if !e.Cut {
			continue
		}
		parent, _ := trace.ParentID(e.ID)
		mx, my := (e.X1+e.X2)/2, (e.Y1+e.Y2)/2
		if sp := spans[parent]; sp == nil {
			spans[parent] = &span{mx, mx, my}
		} else {
			sp.lo, sp.hi, sp.y = min(sp.lo, mx), max(sp.hi, mx), max(sp.y, my)
		}
	}
	for i := range d.Edges {
		e := &d.Edges[i]
		if !e.Cut {
			continue
		}
		parent, _ := trace.ParentID(e.ID)
		if j, ok := first[parent]; !ok || j != e.testPos {
			e.Test = ""
			continue
		}
		sp := spans[parent]
		e.TestX, e.TestY = (sp.lo+sp.hi)/2, sp.y+cutLabelGap
	}
	d.Layers = layers(d.Nodes, d.Edges)
	x0, y0 := -float64(marginLeft), -float64(marginTop)
	w := l.Width + marginLeft + marginRight
	h := l.Height + marginTop + marginBottom
	if d.Board {
		y0 -= 4
		h += 8
	}
	d.ViewBox = num(x0) + " " + num(y0) + " " + num(w) + " " + num(h)
	d.Width, d.Height = w, h
	return d
}

// layers cuts the nodes (in preorder) into runs of layerSize, each with
// the edges into its nodes.
func layers(nodes []drawNode, edges []edge) []layer {
	into := make(map[string]int, len(nodes))
	var out []layer
	for i, n := range nodes {
		if i%layerSize == 0 {
			out = append(out, layer{Nodes: nodes[i:min(i+layerSize, len(nodes))]})
		}
		into[n.ID] = len(out) - 1
	}
	for _, e := range edges {
		l := &out[into[e.ID]]
		l.Edges = append(l.Edges, e)
	}
	return out
}

// shownValue is the label beside a node: its value, except that a leaf
// box that already shows the same text needs none.
func shownValue(g Glyph, static, value string) string {
	if g == GlyphLeaf && value == static {
		return ""
	}
	return value
}

func orderPos(order []int, idx int) int {
	for i, x := range order {
		if x == idx {
			return i
		}
	}
	return -1
}

// cutMark returns a short stroke across the middle of the edge from
// (x1, y1) to (x2, y2), square to it.
func cutMark(x1, y1, x2, y2 float64) (float64, float64, float64, float64) {
	mx, my := (x1+x2)/2, (y1+y2)/2
	dx, dy := x2-x1, y2-y1
	n := math.Hypot(dx, dy)
	if n == 0 {
		return mx - 8, my, mx + 8, my
	}
	// The unit normal, scaled to half the mark's length.
	px, py := -dy/n*9, dx/n*9
	return mx - px, my - py, mx + px, my + py
}

// num formats a coordinate compactly: at most one decimal.
func num(x float64) string {
	return strconv.FormatFloat(math.Round(x*10)/10, 'f', -1, 64)
}

// translate is the transform that puts a node at its place.
func translate(n drawNode) string { return "translate(" + num(n.X) + " " + num(n.Y) + ")" }

// nodeClass is the class list of a node group.
func nodeClass(n drawNode) string {
	var b strings.Builder
	b.WriteString("n g-")
	b.WriteString(string(n.Glyph))
	switch {
	case n.Glyph == GlyphLeaf:
		// Leaves look alike, whoever would move there.
	case n.Kind == trace.Max:
		b.WriteString(" k-max")
	case n.Kind == trace.Min:
		b.WriteString(" k-min")
	case n.Kind == trace.Chance:
		b.WriteString(" k-chance")
	case n.Player > 0:
		// Four colours in turn; the label P1, P2, … tells them apart too.
		b.WriteString(" k-p" + strconv.Itoa((n.Player-1)%4+1))
	}
	if n.Current {
		b.WriteString(" cur")
	}
	if n.OnStack {
		b.WriteString(" on-stack")
	}
	if n.Inside {
		b.WriteString(" inside")
	}
	return b.String()
}

func edgeClass(e edge) string {
	if e.Current {
		return "e cur"
	}
	return "e"
}

// boardCell is one cell of a tic-tac-toe board glyph.
type boardCell struct {
	X, Y float64
	Mark string
}

// boardCells returns the marks of a 9-cell board string, placed on a
// 39-unit board centred on the node.
func boardCells(board string) []boardCell {
	var out []boardCell
	for i := 0; i < len(board) && i < 9; i++ {
		c := board[i]
		if c != 'x' && c != 'o' && c != 'X' && c != 'O' {
			continue
		}
		out = append(out, boardCell{X: float64(i%3-1) * 13, Y: float64(i/3-1)*13 + 4.5, Mark: strings.ToLower(string(c))})
	}
	return out
}

// BoardSource reports whether a source's nodes are drawn as small boards:
// tic-tac-toe, Reversi and suicide Reversi.
func BoardSource(source string) bool {
	switch source {
	case "tictactoe", "reversi", "suicide-reversi":
		return true
	}
	return false
}

// reversiSquares is the number of squares of a Reversi board string.
const reversiSquares = 64

// isReversi reports whether a node's board is a Reversi board.
func isReversi(board string) bool { return len(board) == reversiSquares }

// reversiDiscs places the discs of a 64-square board (x black, o white)
// on the 40-unit board glyph: 8 rows of 5 units, centred.
func reversiDiscs(board string) []boardCell {
	var out []boardCell
	for i := 0; i < len(board) && i < reversiSquares; i++ {
		c := board[i]
		if c != 'x' && c != 'o' {
			continue
		}
		mark := "b"
		if c == 'o' {
			mark = "w"
		}
		out = append(out, boardCell{X: float64(i%8)*5 - 17.5, Y: float64(i/8)*5 - 17.5, Mark: mark})
	}
	return out
}

// foldSeen is the first line of a fold glyph's counts: "visited / pruned";
// foldTotal the second: "of total". Two short lines fit between
// neighbouring folds.
func foldSeen(c *FoldCount) string { return compact(c.Visited) + " / " + compact(c.Pruned) }

func foldTotal(c *FoldCount) string { return "of " + compact(c.Total) }

// compact writes a count in at most four or five characters: 950, 12k, 1.2M.
func compact(n int) string {
	switch {
	case n < 10_000:
		return strconv.Itoa(n)
	case n < 1_000_000:
		return strconv.Itoa(n/1000) + "k"
	}
	return strconv.FormatFloat(math.Floor(float64(n)/100_000)/10, 'f', -1, 64) + "M"
}

// boardMarker is the small triangle beside a board that tells MAX (up)
// from MIN (down) by shape.
func boardMarker(n drawNode) string {
	if n.Kind == trace.Min {
		return "M-31 -19L-25 -8L-19 -19Z"
	}
	return "M-31 -8L-25 -19L-19 -8Z"
}

// foldGap is the distance from a folded node's glyph to its fold glyph:
// boards have their value label in between.
func foldGap(g Glyph) float64 {
	if g.below() {
		return 23
	}
	return 4
}

// fanPath is the fan under a folded node that stands for its subtree.
func fanPath(y float64) string {
	return "M0 " + num(y) + "L16 " + num(y+16) + "H-16Z"
}

// foldTitle is the tooltip of a fold glyph.
func foldTitle(c *FoldCount) string {
	return strconv.Itoa(c.Visited) + " visited, " + strconv.Itoa(c.Pruned) + " pruned, " +
		strconv.Itoa(c.Total) + " nodes below; click to open"
}

// resultValue is the root value once the search is done.
func resultValue(v *View) string {
	if v.Frame.Result == nil {
		return ""
	}
	if len(v.Frame.Result.Vec) > 0 {
		return VecText(v.Frame.Result.Vec)
	}
	return v.Frame.Result.Value.String()
}

// ProbText writes a probability shortly: as a decimal of at most two
// places (0.9, 0.25), or else as a fraction with a small denominator
// (1/6, 2/3), or else rounded to two places.
func ProbText(p float64) string {
	if c := math.Round(p * 100); math.Abs(p*100-c) < 1e-7 {
		return strconv.FormatFloat(c/100, 'f', -1, 64)
	}
	for d := 3; d <= 16; d++ {
		if n := math.Round(p * float64(d)); n > 0 && math.Abs(p*float64(d)-n) < 1e-7 {
			return strconv.Itoa(int(n)) + "/" + strconv.Itoa(d)
		}
	}
	return strconv.FormatFloat(p, 'f', 2, 64)
}

// probPlace is where a probability is written: on its edge.
func probPlace(x1, y1, x2, y2 float64) (float64, float64) {
	// Centred on the edge (the label's halo hides the line under it),
	// above the middle, where a pruned child's cut mark goes, and low
	// enough for the labels of neighbouring edges to stand apart.
	return x1 + (x2-x1)*0.4, y1 + (y2-y1)*0.4 + 4
}

// ShortText shortens the numbers of a value text for the label beside a
// node: 7.666666666666666 becomes 7.67 (the node's data-value keeps the
// whole text).
func ShortText(s string) string {
	return longDecimal.ReplaceAllStringFunc(s, func(d string) string {
		x, err := strconv.ParseFloat(d, 64)
		if err != nil {
			return d
		}
		return strings.TrimRight(strings.TrimRight(strconv.FormatFloat(x, 'f', 2, 64), "0"), ".")
	})
}

// longDecimal is a number with more than two decimals.
var longDecimal = regexp.MustCompile(`[0-9]+\.[0-9]{3,}`)

// whoText says whose component a Player(k) node maximised: "P2: 5".
func whoText(k int, vec []float64) string {
	if k < 1 || k > len(vec) {
		return ""
	}
	return "P" + strconv.Itoa(k) + ": " + trace.Num(vec[k-1]).String()
}

// VecText writes a value vector as the trace does: "(3, 1, 2)".
func VecText(vec []float64) string {
	parts := make([]string, len(vec))
	for i, x := range vec {
		parts[i] = trace.Num(x).String()
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// leafWidth is the width of a leaf box that holds text: 34 units for
// short numbers, more for vectors.
func leafWidth(text string) float64 {
	return max(34, float64(utf8.RuneCountInString(text))*7.4+10)
}

// leafX is the left edge of a leaf box of width w.
func leafX(w float64) string { return num(-w / 2) }
