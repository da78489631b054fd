package export

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/abtrace/abtrace/trace"
	"github.com/abtrace/abtrace/view"
)

// The colours of the viewer's light theme (static/abtrace.css), which
// prints and projects well.
const (
	colBg       = "#ffffff"
	colBg2      = "#f3f4f6"
	colFg       = "#0f172a"
	colMuted    = "#475569"
	colGhost    = "#94a3b8"
	colMax      = "#1d4ed8"
	colMaxFill  = "#dbeafe"
	colMin      = "#b91c1c"
	colMinFill  = "#fee2e2"
	colLeaf     = "#334155"
	colLeafFill = "#e2e8f0"
	colOpenFill = "#fef3c7"
	colAccent   = "#c2410c"
	colCut      = "#dc2626"
	colPruned   = "#94a3b8"
	colAB       = "#6d28d9"
	colChance   = "#0f766e"
	colChanceBg = "#ccfbf1"
	colJoint    = "#7e22ce"
	colJointBg  = "#f3e8ff"
	// fontFamily is the page's own: DejaVu Sans, whose bold widths
	// view.TextEm estimates, else narrower fonts (Arial's metrics).
	fontFamily = "DejaVu Sans, Arial, sans-serif"
)

var playerCols = [4][2]string{{"#1d4ed8", "#dbeafe"}, {"#b91c1c", "#fee2e2"}, {"#15803d", "#dcfce7"}, {"#a16207", "#fef9c3"}}

// Kind is what a Shape is.
type Kind uint8

// The kinds of shapes.
const (
	Line Kind = iota + 1
	Polygon
	Rect
	Circle
	Text
)

// Owner is what a shape belongs to.
type Owner uint8

// The owners of shapes.
const (
	OfNode Owner = iota
	OfEdge
	OfCut
	// OfSet is the information set of the current node (view.SetMark):
	// Node is the current node's id.
	OfSet
)

// Shape is one drawn primitive with its style, in the drawing's units.
type Shape struct {
	Kind Kind
	// Of says what the shape belongs to: a node (Node is its id), an edge
	// (Edge is the id of the child it leads to) or a cut mark and its test
	// (Edge is the pruned child); State is that node's or child's state.
	Of                Owner
	Node, Edge, State string

	X1, Y1, X2, Y2 float64      // Line
	Points         [][2]float64 // Polygon
	X, Y, W, H, RX float64      // Rect (X, Y: top left); Circle: X, Y centre, RX radius
	// Text: the text at X, Y (baseline), its size, boldness, anchor
	// ("start", "middle", "end"), and a halo of the background colour
	// around the letters (HaloW wide) so it stays legible over lines.
	Str    string
	Size   float64
	Bold   bool
	Anchor string
	HaloW  float64
	Strike bool

	Fill, Stroke string // "" for none
	StrokeW      float64
	Dash         []float64
	Opacity      float64 // 1 for opaque
}

// Shapes lays the drawing out as primitives, in painting order: edges and
// probabilities, then nodes with their labels, then cut marks and tests.
func Shapes(d *view.Drawing) []Shape {
	var out []Shape
	for _, e := range d.Edges {
		s := Shape{Kind: Line, Of: OfEdge, Edge: e.ID, State: e.State, X1: e.X1, Y1: e.Y1, X2: e.X2, Y2: e.Y2, Opacity: 1}
		switch {
		case e.Current:
			s.Stroke, s.StrokeW = colAccent, 5
		case e.State == "open" || e.State == "done":
			s.Stroke, s.StrokeW = colFg, 2.5
		case e.State == "pruned":
			s.Stroke, s.StrokeW, s.Dash, s.Opacity = colPruned, 1.5, []float64{6, 5}, 0.7
		default:
			s.Stroke, s.StrokeW, s.Opacity = colGhost, 1.5, 0.6
		}
		out = append(out, s)
	}
	// Probabilities after every edge, so that no edge crosses a label.
	for _, e := range d.Edges {
		if e.Prob != "" {
			out = append(out, Shape{Kind: Text, Of: OfEdge, Edge: e.ID, State: e.State, X: e.ProbX, Y: e.ProbY, Str: e.Prob, Size: 12, Bold: true,
				Anchor: "middle", Fill: colChance, HaloW: 4, Opacity: 1})
		}
	}
	out = append(out, setShapes(d.Set)...)
	for _, n := range d.Nodes {
		out = appendNode(out, n, d.Fonts, d.Words)
	}
	for _, e := range d.Edges {
		if !e.Cut {
			continue
		}
		out = append(out, Shape{Kind: Line, Of: OfCut, Edge: e.ID, X1: e.CutX1, Y1: e.CutY1, X2: e.CutX2, Y2: e.CutY2,
			Stroke: colCut, StrokeW: 3.5, Opacity: 1})
		if e.Test != "" {
			out = append(out, Shape{Kind: Text, Of: OfCut, Edge: e.ID, X: e.TestX, Y: e.TestY, Str: e.Test, Size: e.TestFont, Bold: true,
				Anchor: "middle", Fill: colCut, HaloW: 4, Opacity: 1})
		}
	}
	return out
}

// colours returns a node's stroke and fill colours for its state.
func colours(n view.Node) (stroke, fill string, width float64) {
	stroke, fill, width = colGhost, colBg, 1.5
	kindStroke, kindFill := "", ""
	switch {
	case n.Glyph == view.GlyphLeaf:
		kindStroke, kindFill = colLeaf, colLeafFill
	case n.Kind == trace.Max:
		kindStroke, kindFill = colMax, colMaxFill
	case n.Kind == trace.Min:
		kindStroke, kindFill = colMin, colMinFill
	case n.Kind == trace.Chance:
		kindStroke, kindFill = colChance, colChanceBg
	case n.Kind == trace.Joint:
		kindStroke, kindFill = colJoint, colJointBg
	case n.Player > 0:
		c := playerCols[(n.Player-1)%4]
		kindStroke, kindFill = c[0], c[1]
	}
	switch n.State {
	case "open":
		stroke, fill, width = kindStroke, colOpenFill, 3
		if n.Glyph == view.GlyphLeaf {
			fill = colLeafFill
		}
	case "done":
		stroke, fill, width = kindStroke, kindFill, 2.5
		if n.Glyph.Board() {
			fill = colBg2
		}
	case "pruned":
		stroke, fill = colPruned, colBg2
	}
	if stroke == "" {
		stroke = colGhost
	}
	if fill == "" {
		fill = colBg
	}
	if n.Current {
		stroke, width = colAccent, 5
	} else if n.Inside {
		stroke, width = colAccent, 3
	}
	return stroke, fill, width
}

// valueColour is the colour of the value beside a node.
func valueColour(n view.Node) string {
	switch {
	case n.Glyph == view.GlyphLeaf || n.Glyph.Board():
		return colFg
	case n.Kind == trace.Max:
		return colMax
	case n.Kind == trace.Min:
		return colMin
	case n.Kind == trace.Chance:
		return colChance
	case n.Kind == trace.Joint:
		return colJoint
	case n.Player > 0:
		return playerCols[(n.Player-1)%4][0]
	}
	return colFg
}

func appendNode(out []Shape, n view.Node, f view.Fonts, words func(trace.Phrase) string) []Shape {
	opacity := nodeOpacity(n)
	out = appendGlyph(out, n, f, opacity)
	out = appendNodeTexts(out, n, f, opacity)
	return appendFold(out, n, opacity, words)
}

// nodeOpacity is how faint a node is drawn: an unvisited node a little,
// a pruned one more.
func nodeOpacity(n view.Node) float64 {
	switch n.State {
	case "unvisited":
		return 0.75
	case "pruned":
		return 0.45
	}
	return 1
}

// atNode moves offsets from a node's centre to the drawing's coordinates.
func atNode(n view.Node, pts ...[2]float64) [][2]float64 {
	for i := range pts {
		pts[i][0] += n.X
		pts[i][1] += n.Y
	}
	return pts
}

// appendGlyph draws a node's glyph in its state's colours: a triangle, a
// circle, a square, a leaf's box with its value, or a board.
func appendGlyph(out []Shape, n view.Node, f view.Fonts, opacity float64) []Shape {
	stroke, fill, width := colours(n)
	var dash []float64
	switch {
	case n.State == "pruned":
		dash = []float64{3, 3}
	case strings.Contains(" "+n.Class+" ", " infoset "):
		// MAX cannot tell it from the positions of its set (view.SetMark).
		dash = []float64{6, 3}
	}
	base := Shape{Node: n.ID, State: n.State, Fill: fill, Stroke: stroke, StrokeW: width, Dash: dash, Opacity: opacity}
	inner := colGhost
	if n.State == "open" || n.State == "done" {
		inner = colFg
	} else if n.State == "pruned" {
		inner = colPruned
	}
	text := func(s string, dy, size float64) Shape {
		return Shape{Kind: Text, Node: n.ID, State: n.State, X: n.X, Y: n.Y + dy, Str: s, Size: size, Bold: true, Anchor: "middle",
			Fill: inner, Opacity: opacity, Strike: n.State == "pruned"}
	}
	s := base
	switch n.Glyph {
	case view.GlyphMax:
		s.Kind, s.Points = Polygon, atNode(n, [2]float64{0, -18}, [2]float64{21, 13}, [2]float64{-21, 13})
		out = append(out, s)
		if n.In != "" {
			out = append(out, text(n.In, 8, 14))
		}
	case view.GlyphMin:
		s.Kind, s.Points = Polygon, atNode(n, [2]float64{0, 18}, [2]float64{21, -13}, [2]float64{-21, -13})
		out = append(out, s)
		if n.In != "" {
			out = append(out, text(n.In, 1, 14))
		}
	case view.GlyphChance:
		s.Kind, s.X, s.Y, s.RX = Circle, n.X, n.Y, 16
		out = append(out, s)
		if n.Label != "" {
			out = append(out, text(n.Label, 5, 14))
		}
	case view.GlyphPlayer:
		s.Kind, s.X, s.Y, s.W, s.H, s.RX = Rect, n.X-16, n.Y-16, 32, 32, 9
		out = append(out, s, text(n.Kind.Upper(), 5, 14))
	case view.GlyphJoint:
		const h = view.JointHalf
		s.Kind, s.Points = Polygon, atNode(n, [2]float64{0, -h}, [2]float64{h, 0}, [2]float64{0, h}, [2]float64{-h, 0})
		out = append(out, s)
		if n.Label != "" {
			out = append(out, text(n.Label, 5, 14))
		}
	case view.GlyphLeaf:
		s.Kind, s.X, s.Y, s.W, s.H, s.RX = Rect, n.X-n.LeafW/2, n.Y-n.LeafH/2, n.LeafW, n.LeafH, 6
		size := f.Leaf
		if strings.HasPrefix(n.Text, "(") {
			size = 13
		}
		out = append(out, s, text(n.LeafText(), f.LeafY, size))
	case view.GlyphBoard, view.GlyphChess:
		out = append(out, nodeBoardDrawer(n).shapes(n, base, opacity)...)
	}
	return out
}

// appendNodeTexts draws the texts beside a node: its value, whose
// component it maximised (max^n) and its α/β window while on the stack.
func appendNodeTexts(out []Shape, n view.Node, f view.Fonts, opacity float64) []Shape {
	if n.Shown != "" {
		size := f.Value
		if n.Glyph.Below() {
			size = f.LeafValue
		}
		out = append(out, Shape{Kind: Text, Node: n.ID, State: n.State, X: n.X + n.ValueX, Y: n.Y + n.ValueY, Str: n.Shown, Size: size,
			Bold: true, Anchor: n.ValueAnchor, Fill: valueColour(n), HaloW: 5, Opacity: opacity})
	}
	if n.Who != "" {
		out = append(out, Shape{Kind: Text, Node: n.ID, State: n.State, X: n.X + n.ValueX, Y: n.Y + n.WhoY, Str: n.Who, Size: view.WhoFont,
			Bold: true, Anchor: n.ValueAnchor, Fill: valueColour(n), HaloW: 4, Opacity: opacity})
	}
	if n.OnStack && n.Alpha != "" {
		for i, s := range []string{n.Alpha, n.Beta} {
			out = append(out, Shape{Kind: Text, Node: n.ID, State: n.State, X: n.X + n.ABX, Y: n.Y + n.ABY + float64(i)*f.ABLine, Str: s, Size: f.AB,
				Bold: true, Anchor: n.ABAnchor, Fill: colAB, HaloW: 4, Opacity: opacity})
		}
	}
	return out
}

// appendFold draws the fan under a folded node and its counts.
func appendFold(out []Shape, n view.Node, opacity float64, words func(trace.Phrase) string) []Shape {
	if n.Fold == nil {
		return out
	}
	fd := n.FoldAt
	fan := Shape{Kind: Polygon, Node: n.ID, State: n.State, Points: atNode(n, fd.Fan[0], fd.Fan[1], fd.Fan[2]),
		Fill: colBg2, Stroke: colMuted, StrokeW: 1.2, Dash: []float64{3, 2}, Opacity: opacity}
	if n.Inside {
		fan.Fill, fan.Stroke, fan.StrokeW, fan.Dash = "#ffedd5", colAccent, 3, nil
	}
	out = append(out, fan)
	for i, s := range foldLines(n, words) {
		out = append(out, Shape{Kind: Text, Node: n.ID, State: n.State, X: n.X + fd.TextX, Y: n.Y + fd.TextY + float64(i)*view.FoldLine, Str: s, Size: 11,
			Bold: true, Anchor: fd.TextAnchor, Fill: colMuted, HaloW: 3, Opacity: opacity})
	}
	return out
}

// foldLines are the two lines of a folded node's counts, worded by words
// (the page's language; nil: English).
func foldLines(n view.Node, words func(trace.Phrase) string) []string {
	if words == nil {
		return []string{n.Fold.Seen(), n.Fold.Of()}
	}
	seen, of, _ := n.Fold.Texts(words)
	return []string{seen, of}
}

func firstOf(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// box is the drawing's view box (x, y, width, height), grown where a text
// would overflow it (a long test beside the last edge, say), so that a
// standalone file shows everything.
func box(d *view.Drawing, shapes []Shape) (x, y, w, h float64) {
	f := strings.Fields(d.ViewBox)
	v := [4]float64{0, 0, math.Max(d.Width, 1), math.Max(d.Height, 1)}
	if len(f) == 4 {
		for i, s := range f {
			v[i], _ = strconv.ParseFloat(s, 64)
		}
	}
	x0, y0, x1, y1 := v[0], v[1], v[0]+math.Max(v[2], 1), v[1]+math.Max(v[3], 1)
	for _, s := range shapes {
		if s.Kind != Text {
			continue
		}
		l, r := textExtent(s)
		x0, x1 = math.Min(x0, l-4), math.Max(x1, r+4)
	}
	return x0, y0, x1 - x0, y1 - y0
}

// textExtent estimates the left and right ends of a text: bold DejaVu
// Sans averages about 0.62 em per character.
func textExtent(s Shape) (float64, float64) {
	w := float64(utf8.RuneCountInString(s.Str)) * s.Size * 0.62
	switch s.Anchor {
	case "middle":
		return s.X - w/2, s.X + w/2
	case "end":
		return s.X - w, s.X
	}
	return s.X, s.X + w
}
