package export

import (
	"strings"

	"github.com/abtrace/abtrace/view"
)

// Reversi's board glyph, as the viewer draws it: eight rows of eight
// squares of 5 units fill the 40-unit board; the text is 64 squares row by
// row from a1, "x" a black disc, "o" a white one (reversi.State.Board).
const (
	rvSquares = 64
	rvSide    = 8
	rvPitch   = 5
	rvDisc    = 2.1
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
	return len(board) == rvSquares && strings.Trim(board, "xo.") == ""
}

// rvCells calls f for the discs of board with the square's column and row
// from the top and the disc ('x' black, 'o' white).
func rvCells(board string, f func(col, row int, disc byte)) {
	for i := 0; i < len(board) && i < rvSquares; i++ {
		if c := board[i]; c == 'x' || c == 'o' {
			f(i%rvSide, i/rvSide, c)
		}
	}
}

func (reversiBoard) shapes(n view.Node, base Shape, opacity float64) []Shape {
	s := base
	s.Kind, s.X, s.Y, s.W, s.H, s.RX = Rect, n.X-20, n.Y-20, 40, 40, 2
	s.Fill = rvGreen
	out := []Shape{s}
	for k := 1; k < rvSide; k++ {
		d := float64(k*rvPitch) - 20
		out = append(out,
			Shape{Kind: Line, Node: n.ID, State: n.State, X1: n.X + d, Y1: n.Y - 20, X2: n.X + d, Y2: n.Y + 20, Stroke: rvLine, StrokeW: 0.3, Opacity: opacity},
			Shape{Kind: Line, Node: n.ID, State: n.State, X1: n.X - 20, Y1: n.Y + d, X2: n.X + 20, Y2: n.Y + d, Stroke: rvLine, StrokeW: 0.3, Opacity: opacity})
	}
	rvCells(n.Board, func(col, row int, disc byte) {
		d := Shape{Kind: Circle, Node: n.ID, State: n.State, X: n.X + float64(col*rvPitch) - 17.5, Y: n.Y + float64(row*rvPitch) - 17.5, RX: rvDisc,
			Fill: rvBlack, Stroke: rvBlack, StrokeW: 0.4, Opacity: opacity}
		if disc == 'o' {
			d.Fill, d.Stroke = rvWhite, rvEdge
		}
		out = append(out, d)
	})
	return append(out, kindMarker(n, -20, -20, opacity))
}

// tex writes the board as eight rows of eight squares: a black disc a
// filled dot, a white one a ring (apart in a grey print too), an empty
// square a faint dot.
func (reversiBoard) tex(n view.Node) (string, []string) {
	var b strings.Builder
	for i := 0; i < len(n.Board) && i < rvSquares; i++ {
		if i > 0 && i%rvSide == 0 {
			b.WriteString(`\\`)
		}
		switch n.Board[i] {
		case 'x':
			b.WriteString(`\makebox[1.35ex]{$\bullet$}`)
		case 'o':
			b.WriteString(`\makebox[1.35ex]{$\circ$}`)
		default:
			b.WriteString(`\makebox[1.35ex]{\textcolor{abghost}{$\cdot$}}`)
		}
	}
	return b.String(), texGridOpts()
}
