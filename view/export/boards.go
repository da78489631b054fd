package export

import (
	"strings"

	"github.com/abtrace/abtrace/trace"
	"github.com/abtrace/abtrace/view"
)

// A boardDrawer draws the positions of one game as small boards in every
// export: the shapes of the SVG and PNG, and the node of the LaTeX tree.
// What a board holds and where (its outline, grid, cells and marks) is
// view.BoardOf's, the same as the page's; a drawer gives it the export's
// colours. boardDrawerOf picks a node's drawer by view.BoardKindOf.
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

// boardDrawers are the drawers by the board's form.
var boardDrawers = map[view.BoardKind]boardDrawer{
	view.BoardTicTacToe: ticTacToeBoard{}, view.BoardReversi: reversiBoard{},
	view.BoardConnect4: connect4Board{}, view.BoardMinichess: minichessBoard{},
	view.BoardGrid: gridBoard{},
}

// boardDrawerOf returns the drawer of a board text.
func boardDrawerOf(board string) boardDrawer {
	return boardDrawers[view.BoardKindOf(view.GlyphBoard, board)]
}

// nodeBoardDrawer returns the drawer of a node's board.
func nodeBoardDrawer(n view.Node) boardDrawer {
	return boardDrawers[view.BoardKindOf(n.Glyph, n.Board)]
}

// boardFrame is a board's outline: the node's base shape on b's frame.
func boardFrame(n view.Node, b view.Board, base Shape) Shape {
	s := base
	s.Kind, s.X, s.Y, s.W, s.H, s.RX = Rect, n.X+b.Frame.X, n.Y+b.Frame.Y, b.Frame.W, b.Frame.H, b.Frame.RX
	return s
}

// gridShapes are the lines of b's grid.
func gridShapes(n view.Node, b view.Board, stroke string, width, opacity float64) []Shape {
	out := make([]Shape, 0, len(b.Grid))
	for _, g := range b.Grid {
		out = append(out, Shape{Kind: Line, Node: n.ID, State: n.State, X1: n.X + g.X1, Y1: n.Y + g.Y1, X2: n.X + g.X2, Y2: n.Y + g.Y2,
			Stroke: stroke, StrokeW: width, Opacity: opacity})
	}
	return out
}

// kindMarker is the small glyph left of a board that tells MAX (a
// triangle up) from MIN (down) and from roles choosing at once (a
// diamond) by shape (view.Board.Marker).
func kindMarker(n view.Node, b view.Board, opacity float64) Shape {
	col := colMax
	switch n.Kind {
	case trace.Min:
		col = colMin
	case trace.Joint:
		col = colJoint
	}
	pts := make([][2]float64, 0, len(b.Marker))
	for _, p := range b.Marker {
		pts = append(pts, [2]float64{p[0] + n.X, p[1] + n.Y})
	}
	return Shape{Kind: Polygon, Node: n.ID, State: n.State, Points: pts, Fill: col, Opacity: opacity}
}

// markColour is the colour of an x or o: MAX's or MIN's.
func markColour(mark string) string {
	if mark == "o" {
		return colMin
	}
	return colMax
}

// ticTacToeBoard draws a tic-tac-toe position (nine cells of x, o and .)
// as a 3×3 grid with its marks.
type ticTacToeBoard struct{}

func (ticTacToeBoard) fits(board string) bool {
	return view.BoardKindOf(view.GlyphBoard, board) == view.BoardTicTacToe
}

func (ticTacToeBoard) shapes(n view.Node, base Shape, opacity float64) []Shape {
	b := view.BoardOf(n)
	out := append([]Shape{boardFrame(n, b, base)}, gridShapes(n, b, colGhost, 1, opacity)...)
	for _, c := range b.Cells {
		if c.Mark != "" {
			out = append(out, Shape{Kind: Text, Node: n.ID, State: n.State, X: n.X + c.X, Y: n.Y + c.BaseY,
				Str: c.Mark, Size: b.MarkSize, Bold: true, Anchor: "middle", Fill: markColour(c.Mark), Opacity: opacity})
		}
	}
	return append(out, kindMarker(n, b, opacity))
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

// Connect Four's board, as view.BoardOf draws it (7 columns and 6 rows;
// the tests read the slots back at this pitch).
const (
	c4Cols, c4Rows = 7, 6
	c4Pitch        = 5.4
)

// connect4Board draws a Connect Four position as a 7×6 board: every slot
// a circle, x's discs in MAX's colour, o's in MIN's, empty slots hollow.
type connect4Board struct{}

func (connect4Board) fits(board string) bool {
	return view.BoardKindOf(view.GlyphBoard, board) == view.BoardConnect4
}

func (connect4Board) shapes(n view.Node, base Shape, opacity float64) []Shape {
	b := view.BoardOf(n)
	out := []Shape{boardFrame(n, b, base)}
	for _, c := range b.Cells {
		d := Shape{Kind: Circle, Node: n.ID, State: n.State, X: n.X + c.X, Y: n.Y + c.Y, RX: b.Disc, Opacity: opacity}
		if c.Mark == "" {
			d.Fill, d.Stroke, d.StrokeW = colBg, colGhost, 0.6
		} else {
			d.Fill = markColour(c.Mark)
		}
		out = append(out, d)
	}
	return append(out, kindMarker(n, b, opacity))
}

// tex writes the board as six centred rows of seven slots: x's discs a
// filled disc in MAX's colour, o's a ring in MIN's (so that a print in
// grey keeps them apart), an empty slot a dot.
func (connect4Board) tex(n view.Node) (string, []string) {
	return texRows(view.BoardOf(n), func(c view.BoardCell) string {
		switch c.Mark {
		case "x":
			return `\makebox[1.3ex]{\textcolor{abmax}{$\bullet$}}`
		case "o":
			return `\makebox[1.3ex]{\textcolor{abmin}{$\circ$}}`
		}
		return `\makebox[1.3ex]{\textcolor{abghost}{$\cdot$}}`
	}), texGridOpts()
}

// texRows writes b's cells row by row, a row break between rows, each
// cell as cell writes it.
func texRows(b view.Board, cell func(view.BoardCell) string) string {
	var s strings.Builder
	for i, c := range b.Cells {
		if c.Col == 0 && i > 0 {
			s.WriteString(`\\`)
		}
		s.WriteString(cell(c))
	}
	return s.String()
}

// texGridOpts are the options of a LaTeX board node written as rows of
// tiny cells (Connect Four, Reversi, minichess).
func texGridOpts() []string {
	return []string{"rectangle", "draw", "rounded corners=0.5mm", "align=center", "inner sep=1.5pt",
		`font=\tiny\linespread{0.6}\selectfont`}
}
