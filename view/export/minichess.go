package export

import (
	"strings"

	"github.com/abtrace/abtrace/search/minichess"
	"github.com/abtrace/abtrace/view"
)

// The colours of minichess's squares, as in the viewer; the board's
// geometry is view.GlyphChess's (view.ChessSquare and the rest); the text
// is minichess.State.BoardText.
const (
	mcDark  = "#c9b48f"
	mcLight = "#f4ead8"
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
	const h, sq = view.ChessHalf, view.ChessSquare
	s := base
	s.Kind, s.X, s.Y, s.W, s.H, s.RX = Rect, n.X-h, n.Y-h, 2*h, 2*h, 1
	if s.Fill == colBg {
		s.Fill = mcLight
	}
	out := []Shape{s}
	mcCells(n.Board, func(file, row int, c byte) {
		x, y := n.X+float64(file*sq)-h, n.Y+float64(row*sq)-h
		if (minichess.Ranks-1-row+file)%2 == 0 {
			out = append(out, Shape{Kind: Rect, Node: n.ID, State: n.State, X: x, Y: y, W: sq, H: sq, Fill: mcDark, Opacity: opacity})
		}
		if c == '.' {
			return
		}
		col, letter := colMax, string(c)
		if c >= 'a' && c <= 'z' {
			col, letter = colMin, strings.ToUpper(letter)
		}
		out = append(out, Shape{Kind: Text, Node: n.ID, State: n.State, X: x + sq/2, Y: y + view.ChessPieceY, Str: letter, Size: view.ChessPiece,
			Bold: true, Anchor: "middle", Fill: col, HaloW: view.ChessHalo, Opacity: opacity})
	})
	return append(out, kindMarker(n, -h, -h, opacity))
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
