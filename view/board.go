package view

import (
	"strings"

	"github.com/abtrace/abtrace/search/minichess"
	"github.com/abtrace/abtrace/search/scenario"
)

// BoardKind names the form of a board glyph: which game's board a node's
// board text (Node.Board) is drawn as.
type BoardKind string

// The board forms.
const (
	BoardTicTacToe BoardKind = "tictactoe"
	BoardReversi   BoardKind = "reversi"
	BoardConnect4  BoardKind = "connect4"
	BoardMinichess BoardKind = "minichess"
	// BoardGrid is a GDL game's board other than tic-tac-toe's and
	// Connect Four's (scenario.GridPrefix): its contents as discs.
	BoardGrid BoardKind = "grid"
)

// A Box is a rectangle in a node's coordinates (the node's centre at 0, 0):
// its top-left corner, its size and the radius of its corners.
type Box struct{ X, Y, W, H, RX float64 }

// A Segment is a line of a board's grid, in a node's coordinates.
type Segment struct{ X1, Y1, X2, Y2 float64 }

// A BoardCell is one cell of a board glyph.
type BoardCell struct {
	// Col and Row count from the left and from the top (for minichess:
	// file a and rank 5 are column and row 0).
	Col, Row int
	// X and Y are the cell's centre in the node's coordinates, Left and
	// Top its square's top-left corner, BaseY the baseline of a letter
	// mark (MarkSize, centred on X).
	X, Y, Left, Top, BaseY float64
	// Mark is what stands on the cell: "x" or "o" (tic-tac-toe, Connect
	// Four: x is MAX), "b" or "w" (Reversi's black and white discs), a
	// minichess piece as its letter in the board text (upper case White,
	// lower case Black), "" for an empty cell.
	Mark string
	// Dark is true for a dark square of a chequered board (minichess).
	Dark bool
	// Fill is the colour of a grid board's disc (GridColour), Mark its
	// content's name there.
	Fill string
	// Piece is a minichess piece's upper-case letter and Side "w" (White,
	// MAX) or "b" (Black, MIN); both "" elsewhere.
	Piece, Side string
}

// A Board is what a board glyph draws, decided once for the page and every
// export: the board's outline, its grid, every cell with what stands on it,
// and the kind marker. The coordinates are the node's (its centre at 0, 0).
type Board struct {
	Kind BoardKind
	// Cols and Rows are the board's size in cells.
	Cols, Rows int
	// Frame is the board's outline.
	Frame Box
	// Grid are the lines drawn between cells (tic-tac-toe's four,
	// Reversi's fourteen); GridPath is the same as an SVG path. Fine grid
	// lines (Reversi's, 0.3 units) are drawn in the exports, where a
	// print is looked at closely, and left out on the screen, where they
	// would blur a board a few dozen pixels wide.
	Grid     []Segment
	GridPath string
	Fine     bool
	// Pitch is the distance between the centres of two neighbouring
	// cells (the side of a square).
	Pitch float64
	// Disc is the radius of a disc (Reversi, Connect Four), 0 where marks
	// are letters. An empty Connect Four slot (a cell without a mark) is
	// drawn hollow in the exports; on the screen the board's own colour
	// shows between the discs.
	Disc float64
	// MarkSize is the font size of a letter mark (tic-tac-toe's x and o,
	// minichess's pieces), Halo the width of the light outline behind a
	// piece.
	MarkSize, Halo float64
	// Cells are the board's cells row by row from the top.
	Cells []BoardCell
	// Marker is the small glyph left of the board that tells MAX (a
	// triangle up) from MIN (down) and from roles choosing at once (a
	// diamond) by shape (see MarkerPoints), at the top-left corner of
	// the square glyph that holds the board (Glyph.Half), so that it sits
	// at the same place on every game's board; MarkerPath is the same as
	// an SVG path.
	Marker     [][2]float64
	MarkerPath string
}

// Boards of tic-tac-toe, Reversi and Connect Four fill a 40-unit square
// (Connect Four's is 36 high); minichess's is larger (ChessHalf).
const (
	boardHalf = 20
	// tttPitch is the distance between two tic-tac-toe cells, tttMark the
	// size of an x or o and tttMarkY its baseline below the cell's centre.
	tttPitch, tttMark, tttMarkY = 13, 11.5, 4.5
	// Reversi's eight rows of eight squares of 5 units fill the board.
	reversiSide, reversiPitch, reversiDisc = 8, 5, 2.1
	// Connect Four's 7 columns and 6 rows of slots 5.4 units apart.
	c4Cols, c4Rows, c4Pitch, c4Disc = 7, 6, 5.4, 2.6
)

// ReversiSquares is the length of a Reversi board text: 64 squares row by
// row from a1, "x" a black disc, "o" a white one (reversi.State.Board).
const ReversiSquares = reversiSide * reversiSide

// Connect4Len is the length of a Connect Four board text: six rows of
// seven cells from the top, separated by "/" (connect4.State.String).
const Connect4Len = c4Rows*c4Cols + c4Rows - 1

// BoardKindOf is the form of a node's board: minichess for its glyph or
// its text, else Connect Four, Reversi or tic-tac-toe by the text's form.
func BoardKindOf(g Glyph, board string) BoardKind {
	switch {
	case strings.HasPrefix(board, scenario.GridPrefix):
		return BoardGrid
	case len(board) == Connect4Len && board[c4Cols] == '/':
		return BoardConnect4
	case g == GlyphChess || len(board) == minichess.BoardLen && board[minichess.Files] == '/':
		return BoardMinichess
	case len(board) == ReversiSquares && strings.Trim(board, "xo.") == "":
		return BoardReversi
	}
	return BoardTicTacToe
}

// BoardOf is the board a node draws (its glyph is a board: see
// Glyph.Board).
func BoardOf(n Node) Board {
	var b Board
	switch BoardKindOf(n.Glyph, n.Board) {
	case BoardConnect4:
		b = connect4Board(n.Board)
	case BoardMinichess:
		b = minichessBoard(n.Board)
	case BoardReversi:
		b = reversiBoard(n.Board)
	case BoardGrid:
		b = gridBoard(n.Board)
	default:
		b = ticTacToeBoard(n.Board)
	}
	b.Marker = MarkerPoints(n.Kind, -b.Frame.W/2, -b.Frame.W/2)
	b.MarkerPath = "M" + pointsPath(b.Marker) + "Z"
	return b
}

// PositionBoard is the board of a position shown alone, outside a tree
// (the GDL panel's, /gdl/eval's): as BoardOf draws it, without the kind
// marker, which marks a node of a tree and would stand outside the board
// beside its top-left corner; the page says in words whose move it is.
func PositionBoard(n Node) Board {
	b := BoardOf(n)
	b.Marker, b.MarkerPath = nil, ""
	return b
}

// pointsPath is "x y Lx y L…" of points, each number as Num writes it.
func pointsPath(pts [][2]float64) string {
	var s strings.Builder
	for i, p := range pts {
		if i > 0 {
			s.WriteByte('L')
		}
		s.WriteString(Num(p[0]) + " " + Num(p[1]))
	}
	return s.String()
}

// ticTacToeBoard is a 3×3 grid with its x and o marks (upper-case marks
// read as lower-case).
func ticTacToeBoard(text string) Board {
	b := Board{Kind: BoardTicTacToe, Cols: 3, Rows: 3, Frame: Box{-boardHalf, -boardHalf, 2 * boardHalf, 2 * boardHalf, 3},
		Pitch: tttPitch, MarkSize: tttMark,
		Grid: []Segment{{-6.5, -18, -6.5, 18}, {6.5, -18, 6.5, 18}, {-18, -6.5, 18, -6.5}, {-18, 6.5, 18, 6.5}},
		// The grid as one path, vertical lines first, as the page has
		// always written it.
		GridPath: "M-6.5 -18V18M6.5 -18V18M-18 -6.5H18M-18 6.5H18"}
	for i := range 9 {
		c := BoardCell{Col: i % 3, Row: i / 3, X: float64(i%3-1) * tttPitch, Y: float64(i/3-1) * tttPitch}
		c.Left, c.Top, c.BaseY = c.X-tttPitch/2.0, c.Y-tttPitch/2.0, c.Y+tttMarkY
		if i < len(text) {
			c.Mark = xoMark(text[i])
		}
		b.Cells = append(b.Cells, c)
	}
	return b
}

// xoMark is the mark of an x or an o in a board text (either case), ""
// for anything else.
func xoMark(c byte) string {
	switch c {
	case 'x', 'X':
		return "x"
	case 'o', 'O':
		return "o"
	}
	return ""
}

// reversiBoard is an 8×8 green board with its black and white discs.
func reversiBoard(text string) Board {
	b := Board{Kind: BoardReversi, Cols: reversiSide, Rows: reversiSide, Frame: Box{-boardHalf, -boardHalf, 2 * boardHalf, 2 * boardHalf, 2},
		Pitch: reversiPitch, Disc: reversiDisc, Fine: true}
	var path strings.Builder
	for k := 1; k < reversiSide; k++ {
		d := float64(k*reversiPitch) - boardHalf
		b.Grid = append(b.Grid, Segment{d, -boardHalf, d, boardHalf}, Segment{-boardHalf, d, boardHalf, d})
		path.WriteString("M" + Num(d) + " -20V20M-20 " + Num(d) + "H20")
	}
	b.GridPath = path.String()
	for i := range ReversiSquares {
		c := BoardCell{Col: i % reversiSide, Row: i / reversiSide}
		c.Left, c.Top = float64(c.Col*reversiPitch)-boardHalf, float64(c.Row*reversiPitch)-boardHalf
		c.X, c.Y = c.Left+reversiPitch/2.0, c.Top+reversiPitch/2.0
		if i < len(text) {
			switch text[i] {
			case 'x':
				c.Mark = "b"
			case 'o':
				c.Mark = "w"
			}
		}
		b.Cells = append(b.Cells, c)
	}
	return b
}

// connect4Board is a 7×6 board of slots, x's discs MAX's, o's MIN's, an
// empty slot hollow.
func connect4Board(text string) Board {
	b := Board{Kind: BoardConnect4, Cols: c4Cols, Rows: c4Rows, Frame: Box{-boardHalf, -18, 2 * boardHalf, 36, 3}, Pitch: c4Pitch, Disc: c4Disc}
	rowsOf(text, func(col, row int, c byte) {
		cell := BoardCell{Col: col, Row: row, X: float64(col-3) * c4Pitch, Y: (float64(row) - 2.5) * c4Pitch}
		cell.Left, cell.Top, cell.Mark = cell.X-c4Pitch/2, cell.Y-c4Pitch/2, xoMark(c)
		b.Cells = append(b.Cells, cell)
	})
	return b
}

// minichessBoard is a 5×5 chequered board, a1 dark, with the pieces as
// letters (minichess.State.BoardText: rank 5 first).
func minichessBoard(text string) Board {
	b := Board{Kind: BoardMinichess, Cols: minichess.Files, Rows: minichess.Ranks,
		Frame: Box{-ChessHalf, -ChessHalf, 2 * ChessHalf, 2 * ChessHalf, 1},
		Pitch: ChessSquare, MarkSize: ChessPiece, Halo: ChessHalo}
	rowsOf(text, func(file, row int, c byte) {
		cell := BoardCell{Col: file, Row: row, Left: float64(file*ChessSquare) - ChessHalf, Top: float64(row*ChessSquare) - ChessHalf,
			Dark: (minichess.Ranks-1-row+file)%2 == 0}
		cell.X, cell.Y, cell.BaseY = cell.Left+ChessSquare/2, cell.Top+ChessSquare/2, cell.Top+ChessPieceY
		switch {
		case c >= 'A' && c <= 'Z':
			cell.Mark, cell.Piece, cell.Side = string(c), string(c), "w"
		case c >= 'a' && c <= 'z':
			cell.Mark, cell.Piece, cell.Side = string(c), string(c-'a'+'A'), "b"
		}
		b.Cells = append(b.Cells, cell)
	})
	return b
}

// rowsOf calls f for the cells of a board text written as rows from the
// top separated by "/", with each cell's column, row and character.
func rowsOf(text string, f func(col, row int, c byte)) {
	row, col := 0, 0
	for i := 0; i < len(text); i++ {
		if text[i] == '/' {
			row, col = row+1, 0
			continue
		}
		f(col, row, text[i])
		col++
	}
}
