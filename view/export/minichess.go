package export

import "github.com/abtrace/abtrace/view"

// The colours of minichess's squares, as in the viewer; the board's
// geometry is view.BoardOf's.
const (
	mcDark  = "#c9b48f"
	mcLight = "#f4ead8"
)

// minichessBoard draws a minichess position as a 5×5 board: dark and
// light squares, White's pieces as letters in MAX's colour, Black's in
// MIN's.
type minichessBoard struct{}

func (minichessBoard) fits(board string) bool {
	return view.BoardKindOf(view.GlyphBoard, board) == view.BoardMinichess
}

func (minichessBoard) shapes(n view.Node, base Shape, opacity float64) []Shape {
	b := view.BoardOf(n)
	s := boardFrame(n, b, base)
	if s.Fill == colBg {
		s.Fill = mcLight
	}
	out := []Shape{s}
	for _, c := range b.Cells {
		if c.Dark {
			out = append(out, Shape{Kind: Rect, Node: n.ID, State: n.State, X: n.X + c.Left, Y: n.Y + c.Top, W: b.Pitch, H: b.Pitch,
				Fill: mcDark, Opacity: opacity})
		}
		if c.Piece == "" {
			continue
		}
		col := colMax
		if c.Side == "b" {
			col = colMin
		}
		out = append(out, Shape{Kind: Text, Node: n.ID, State: n.State, X: n.X + c.X, Y: n.Y + c.BaseY, Str: c.Piece, Size: b.MarkSize,
			Bold: true, Anchor: "middle", Fill: col, HaloW: b.Halo, Opacity: opacity})
	}
	return append(out, kindMarker(n, b, opacity))
}

// tex writes the board as five rows of five: White's pieces as upper-case
// letters in MAX's colour, Black's as lower-case in MIN's, an empty
// square a dot.
func (minichessBoard) tex(n view.Node) (string, []string) {
	return texRows(view.BoardOf(n), func(c view.BoardCell) string {
		switch c.Side {
		case "b":
			return `\makebox[1.3ex]{\textcolor{abmin}{` + c.Mark + `}}`
		case "w":
			return `\makebox[1.3ex]{\textcolor{abmax}{` + c.Mark + `}}`
		}
		return `\makebox[1.3ex]{\textcolor{abghost}{$\cdot$}}`
	}), texGridOpts()
}
