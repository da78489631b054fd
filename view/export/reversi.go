package export

import "github.com/abtrace/abtrace/view"

// Reversi's colours, as in the viewer; the board's geometry is
// view.BoardOf's (eight rows of eight squares of 5 units fill the 40-unit
// board; the tests read the discs back at this pitch).
const (
	rvSquares = view.ReversiSquares
	rvSide    = 8
	rvPitch   = 5
	rvGreen   = "#2f7d4f"
	rvLine    = "#1f5a37"
	rvBlack   = "#111111"
	rvWhite   = "#fafafa"
	rvEdge    = "#333333"
)

// reversiBoard draws a Reversi position as an 8×8 green board with its
// black and white discs.
type reversiBoard struct{}

func (reversiBoard) fits(board string) bool {
	return view.BoardKindOf(view.GlyphBoard, board) == view.BoardReversi
}

func (reversiBoard) shapes(n view.Node, base Shape, opacity float64) []Shape {
	b := view.BoardOf(n)
	s := boardFrame(n, b, base)
	s.Fill = rvGreen
	out := append([]Shape{s}, gridShapes(n, b, rvLine, 0.3, opacity)...)
	for _, c := range b.Cells {
		if c.Mark == "" {
			continue
		}
		d := Shape{Kind: Circle, Node: n.ID, State: n.State, X: n.X + c.X, Y: n.Y + c.Y, RX: b.Disc,
			Fill: rvBlack, Stroke: rvBlack, StrokeW: 0.4, Opacity: opacity}
		if c.Mark == "w" {
			d.Fill, d.Stroke = rvWhite, rvEdge
		}
		out = append(out, d)
	}
	return append(out, kindMarker(n, b, opacity))
}

// tex writes the board as eight rows of eight squares: a black disc a
// filled dot, a white one a ring (apart in a grey print too), an empty
// square a faint dot.
func (reversiBoard) tex(n view.Node) (string, []string) {
	return texRows(view.BoardOf(n), func(c view.BoardCell) string {
		switch c.Mark {
		case "b":
			return `\makebox[1.35ex]{$\bullet$}`
		case "w":
			return `\makebox[1.35ex]{$\circ$}`
		}
		return `\makebox[1.35ex]{\textcolor{abghost}{$\cdot$}}`
	}), texGridOpts()
}
