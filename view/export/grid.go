package export

import (
	"strings"

	"github.com/abtrace/abtrace/view"
)

// gridBoard draws a GDL game's grid board (view.BoardGrid): its cells'
// lines and each content a disc of its colour, as the page does.
type gridBoard struct{}

func (gridBoard) fits(board string) bool {
	return view.BoardKindOf(view.GlyphBoard, board) == view.BoardGrid
}

func (gridBoard) shapes(n view.Node, base Shape, opacity float64) []Shape {
	b := view.BoardOf(n)
	out := append([]Shape{boardFrame(n, b, base)}, gridShapes(n, b, colGhost, 0.6, opacity)...)
	for _, c := range b.Cells {
		if c.Mark != "" {
			out = append(out, Shape{Kind: Circle, Node: n.ID, State: n.State, X: n.X + c.X, Y: n.Y + c.Y, RX: b.Disc,
				Fill: c.Fill, Stroke: "#111827", StrokeW: 0.4, Opacity: opacity})
		}
	}
	return append(out, kindMarker(n, b, opacity))
}

// tex writes the board as rows of tiny cells: each content the first
// letter of its name, an empty cell a dot.
func (gridBoard) tex(n view.Node) (string, []string) {
	b := view.BoardOf(n)
	var s strings.Builder
	for _, c := range b.Cells {
		if c.Col == 0 && c.Row > 0 {
			s.WriteString(`\\`)
		}
		if c.Mark == "" {
			s.WriteString(`\makebox[1.3ex]{\textcolor{abghost}{$\cdot$}}`)
			continue
		}
		s.WriteString(`\makebox[1.3ex]{` + texText(strings.ToUpper(c.Mark[:1])) + `}`)
	}
	return s.String(), texGridOpts()
}
