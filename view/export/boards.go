package export

import (
	"strings"

	"github.com/abtrace/abtrace/trace"
	"github.com/abtrace/abtrace/view"
)

// A boardDrawer draws the positions of one game as small boards in every
// export: the shapes of the SVG and PNG, and the node of the LaTeX tree.
// Each game with board nodes has one drawer, chosen by the form of the
// node's board text (view.Node.Board); boardDrawerOf picks it.
type boardDrawer interface {
	// fits reports whether board is a position of this drawer's game.
	fits(board string) bool
	// shapes draws the board of n centred on the node, base being the
	// node's outline with its state's stroke and fill.
	shapes(n view.Node, base Shape, opacity float64) []Shape
	// tex returns the LaTeX node's content and the options that give it
	// its outline (the state's colours are added after them).
	tex(n view.Node) (content string, opts []string)
}

// boardDrawers are tried in order; the last fits every board.
var boardDrawers = []boardDrawer{connect4Board{}, minichessBoard{}, reversiBoard{}, ticTacToeBoard{}}

// boardDrawerOf returns the drawer of a node's board.
func boardDrawerOf(board string) boardDrawer {
	for _, b := range boardDrawers {
		if b.fits(board) {
			return b
		}
	}
	return ticTacToeBoard{}
}

// kindMarker is the small triangle left of a board that tells MAX (up)
// from MIN (down) by shape (see view.MarkerPoints), left and top being
// the board's left and top edges.
func kindMarker(n view.Node, left, top, opacity float64) Shape {
	col := colMax
	if n.Kind == trace.Min {
		col = colMin
	}
	pts := make([][2]float64, 0, 3)
	for _, p := range view.MarkerPoints(n.Kind, left, top) {
		pts = append(pts, [2]float64{p[0] + n.X, p[1] + n.Y})
	}
	return Shape{Kind: Polygon, Node: n.ID, State: n.State, Points: pts, Fill: col, Opacity: opacity}
}

// ticTacToeBoard draws a tic-tac-toe position (nine cells of x, o and .)
// as a 3×3 grid with its marks.
type ticTacToeBoard struct{}

func (ticTacToeBoard) fits(board string) bool { return len(board) == 9 }

func (ticTacToeBoard) shapes(n view.Node, base Shape, opacity float64) []Shape {
	s := base
	s.Kind, s.X, s.Y, s.W, s.H, s.RX = Rect, n.X-20, n.Y-20, 40, 40, 3
	out := []Shape{s}
	for _, g := range [][4]float64{{-6.5, -18, -6.5, 18}, {6.5, -18, 6.5, 18}, {-18, -6.5, 18, -6.5}, {-18, 6.5, 18, 6.5}} {
		out = append(out, Shape{Kind: Line, Node: n.ID, State: n.State, X1: n.X + g[0], Y1: n.Y + g[1], X2: n.X + g[2], Y2: n.Y + g[3],
			Stroke: colGhost, StrokeW: 1, Opacity: opacity})
	}
	for i := 0; i < len(n.Board) && i < 9; i++ {
		c := strings.ToLower(string(n.Board[i]))
		if c != "x" && c != "o" {
			continue
		}
		col := colMax
		if c == "o" {
			col = colMin
		}
		out = append(out, Shape{Kind: Text, Node: n.ID, State: n.State, X: n.X + float64(i%3-1)*13, Y: n.Y + float64(i/3-1)*13 + 4.5,
			Str: c, Size: 11.5, Bold: true, Anchor: "middle", Fill: col, Opacity: opacity})
	}
	return append(out, kindMarker(n, -20, -20, opacity))
}

func (ticTacToeBoard) tex(n view.Node) (string, []string) {
	b := n.Board
	if len(b) >= 9 {
		b = b[0:3] + " " + b[3:6] + " " + b[6:9]
	}
	style := "gmax"
	if n.Kind == trace.Min {
		style = "gmin"
	}
	return texText(strings.ToUpper(b)), []string{style}
}

// Connect Four's board: 7 columns and 6 rows, the text six rows of seven
// cells from the top separated by "/" (connect4.State.String).
const (
	c4Cols, c4Rows = 7, 6
	c4Len          = c4Rows*c4Cols + c4Rows - 1
	// c4Pitch is the distance between two slots, c4Disc a disc's radius,
	// in the drawing's units: the board is 40 wide and 36 high, as in the
	// viewer.
	c4Pitch = 5.4
	c4Disc  = 2.3
)

// connect4Board draws a Connect Four position as a 7×6 board: every slot
// a circle, x's discs in MAX's colour, o's in MIN's, empty slots hollow.
type connect4Board struct{}

func (connect4Board) fits(board string) bool { return len(board) == c4Len && board[c4Cols] == '/' }

// c4Cells calls f for the 42 slots of board, row by row from the top,
// with the slot's column, row and mark ('x', 'o' or '.').
func c4Cells(board string, f func(col, row int, mark byte)) {
	row, col := 0, 0
	for i := 0; i < len(board); i++ {
		c := board[i]
		if c == '/' {
			row, col = row+1, 0
			continue
		}
		switch c {
		case 'x', 'X':
			c = 'x'
		case 'o', 'O':
			c = 'o'
		default:
			c = '.'
		}
		f(col, row, c)
		col++
	}
}

func (connect4Board) shapes(n view.Node, base Shape, opacity float64) []Shape {
	s := base
	s.Kind, s.X, s.Y, s.W, s.H, s.RX = Rect, n.X-20, n.Y-18, 40, 36, 3
	out := []Shape{s}
	c4Cells(n.Board, func(col, row int, mark byte) {
		d := Shape{Kind: Circle, Node: n.ID, State: n.State, X: n.X + float64(col-3)*c4Pitch, Y: n.Y + (float64(row)-2.5)*c4Pitch, RX: c4Disc,
			Opacity: opacity}
		switch mark {
		case 'x':
			d.Fill = colMax
		case 'o':
			d.Fill = colMin
		default:
			d.Fill, d.Stroke, d.StrokeW = colBg, colGhost, 0.6
		}
		out = append(out, d)
	})
	return append(out, kindMarker(n, -20, -18, opacity))
}

// tex writes the board as six centred rows of seven slots: x's discs a
// filled disc in MAX's colour, o's a ring in MIN's (so that a print in
// grey keeps them apart), an empty slot a dot.
func (connect4Board) tex(n view.Node) (string, []string) {
	var b strings.Builder
	c4Cells(n.Board, func(col, row int, mark byte) {
		if col == 0 && row > 0 {
			b.WriteString(`\\`)
		}
		switch mark {
		case 'x':
			b.WriteString(`\makebox[1.3ex]{\textcolor{abmax}{$\bullet$}}`)
		case 'o':
			b.WriteString(`\makebox[1.3ex]{\textcolor{abmin}{$\circ$}}`)
		default:
			b.WriteString(`\makebox[1.3ex]{\textcolor{abghost}{$\cdot$}}`)
		}
	})
	return b.String(), texGridOpts()
}

// texGridOpts are the options of a LaTeX board node written as rows of
// tiny cells (Connect Four, minichess).
func texGridOpts() []string {
	return []string{"rectangle", "draw", "rounded corners=0.5mm", "align=center", "inner sep=1.5pt",
		`font=\tiny\linespread{0.6}\selectfont`}
}
