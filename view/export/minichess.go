package export

import (
	"strings"

	"github.com/abtrace/abtrace/search/minichess"
	"github.com/abtrace/abtrace/view"
)

// Minichess's board glyph: five squares of 8 units fill the 40-unit
// board, as in the viewer; the text is minichess.State.BoardText.
const (
	mcSquare  = 8
	mcDark    = "#c9b48f"
	mcLight   = "#f4ead8"
	mcLetterY = 6.9
	mcLetter  = 8
)

// minichessBoard draws a minichess position as a 5×5 board: dark and
// light squares, White's pieces as letters in MAX's colour, Black's in
// MIN's.
type minichessBoard struct{}

func (minichessBoard) fits(board string) bool {
	return len(board) == minichess.BoardLen && board[minichess.Files] == '/'
}

// mcCells calls f for the 25 squares of board, rank 5 first, with the
// square's file, row from the top and content ('.' or a piece letter).
func mcCells(board string, f func(file, row int, c byte)) {
	row, file := 0, 0
	for i := 0; i < len(board); i++ {
		if board[i] == '/' {
			row, file = row+1, 0
			continue
		}
		f(file, row, board[i])
		file++
	}
}

func (minichessBoard) shapes(n view.Node, base Shape, opacity float64) []Shape {
	s := base
	s.Kind, s.X, s.Y, s.W, s.H, s.RX = Rect, n.X-20, n.Y-20, 40, 40, 1
	if s.Fill == colBg {
		s.Fill = mcLight
	}
	out := []Shape{s}
	mcCells(n.Board, func(file, row int, c byte) {
		x, y := n.X+float64(file*mcSquare)-20, n.Y+float64(row*mcSquare)-20
		if (minichess.Ranks-1-row+file)%2 == 0 {
			out = append(out, Shape{Kind: Rect, Node: n.ID, State: n.State, X: x, Y: y, W: mcSquare, H: mcSquare, Fill: mcDark, Opacity: opacity})
		}
		if c == '.' {
			return
		}
		col, letter := colMax, string(c)
		if c >= 'a' && c <= 'z' {
			col, letter = colMin, strings.ToUpper(letter)
		}
		out = append(out, Shape{Kind: Text, Node: n.ID, State: n.State, X: x + mcSquare/2, Y: y + mcLetterY, Str: letter, Size: mcLetter,
			Bold: true, Anchor: "middle", Fill: col, HaloW: 1.4, Opacity: opacity})
	})
	return append(out, kindMarker(n, -20, opacity))
}

// tex writes the board as five rows of five: White's pieces as upper-case
// letters in MAX's colour, Black's as lower-case in MIN's, an empty
// square a dot.
func (minichessBoard) tex(n view.Node) (string, []string) {
	var b strings.Builder
	mcCells(n.Board, func(file, row int, c byte) {
		if file == 0 && row > 0 {
			b.WriteString(`\\`)
		}
		switch {
		case c == '.':
			b.WriteString(`\makebox[1.3ex]{\textcolor{abghost}{$\cdot$}}`)
		case c >= 'a' && c <= 'z':
			b.WriteString(`\makebox[1.3ex]{\textcolor{abmin}{` + string(c) + `}}`)
		default:
			b.WriteString(`\makebox[1.3ex]{\textcolor{abmax}{` + string(c) + `}}`)
		}
	})
	return b.String(), texGridOpts()
}
