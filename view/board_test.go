package view

import (
	"math"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search/minichess"
	"github.com/abtrace/abtrace/trace"
)

// marked returns the cells of b that hold something.
func marked(b Board) []BoardCell {
	var out []BoardCell
	for _, c := range b.Cells {
		if c.Mark != "" {
			out = append(out, c)
		}
	}
	return out
}

// TestBoardKinds checks that each board text is drawn as its game's board,
// with every cell of the board.
func TestBoardKinds(t *testing.T) {
	mc, err := minichess.Parse(minichess.Horizon)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		glyph       Glyph
		text        string
		want        BoardKind
		cols, rows  int
		marks       int
		gridLines   int
		frameHeight float64
	}{
		{GlyphBoard, "xo..X....", BoardTicTacToe, 3, 3, 3, 4, 40},
		{GlyphBoard, "", BoardTicTacToe, 3, 3, 0, 4, 40},
		{GlyphBoard, strings.Repeat(".", 27) + "ox......xo" + strings.Repeat(".", 27), BoardReversi, 8, 8, 4, 14, 40},
		{GlyphBoard, "......./......./......./......./......./...xo..", BoardConnect4, 7, 6, 2, 0, 36},
		{GlyphChess, mc.BoardText(), BoardMinichess, 5, 5, 5, 0, 2 * ChessHalf},
		{GlyphBoard, mc.BoardText(), BoardMinichess, 5, 5, 5, 0, 2 * ChessHalf},
	} {
		b := BoardOf(boardNode(tc.glyph, tc.text, trace.Max))
		if b.Kind != tc.want || b.Cols != tc.cols || b.Rows != tc.rows || len(b.Cells) != tc.cols*tc.rows {
			t.Errorf("%q: got %s %d×%d with %d cells, want %s %d×%d", tc.text, b.Kind, b.Cols, b.Rows, len(b.Cells), tc.want, tc.cols, tc.rows)
		}
		if got := len(marked(b)); got != tc.marks {
			t.Errorf("%q: got %d marks, want %d", tc.text, got, tc.marks)
		}
		if len(b.Grid) != tc.gridLines {
			t.Errorf("%q: got %d grid lines, want %d", tc.text, len(b.Grid), tc.gridLines)
		}
		if b.Frame.H != tc.frameHeight || b.Frame.X != -b.Frame.W/2 || b.Frame.Y != -b.Frame.H/2 {
			t.Errorf("%q: frame %+v, want %g high and centred", tc.text, b.Frame, tc.frameHeight)
		}
		for _, c := range b.Cells {
			if c.X < b.Frame.X || c.X > b.Frame.X+b.Frame.W || c.Y < b.Frame.Y || c.Y > b.Frame.Y+b.Frame.H {
				t.Errorf("%q: cell %+v outside the frame %+v", tc.text, c, b.Frame)
			}
		}
	}
}

// TestConnect4Discs places the discs of a Connect Four board string on the
// board glyph: the bottom row lowest, column d in the middle, and the
// kind marker where every board glyph has it (its top at the top of the
// glyph's square, 2 units above the 36-unit-high board).
func TestConnect4Discs(t *testing.T) {
	b := BoardOf(boardNode(GlyphBoard, "......./......./......./......./......./...xo..", trace.Max))
	got := marked(b)
	want := []BoardCell{{X: 0, Y: 13.5, Mark: "x"}, {X: 5.4, Y: 13.5, Mark: "o"}}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i].Mark != want[i].Mark || math.Abs(got[i].X-want[i].X) > 1e-9 || math.Abs(got[i].Y-want[i].Y) > 1e-9 {
			t.Errorf("disc %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
	if b.MarkerPath != "M-31 -8L-25 -19L-19 -8Z" || b.Disc != 2.6 {
		t.Errorf("marker %s, disc %g; want M-31 -8L-25 -19L-19 -8Z and 2.6, as the page has always drawn them", b.MarkerPath, b.Disc)
	}
	for _, other := range []string{"x........", strings.Repeat(".", 64)} {
		if k := BoardKindOf(GlyphBoard, other); k == BoardConnect4 {
			t.Errorf("%q taken for Connect Four", other)
		}
	}
}

// boardNode is a node drawn as a board.
func boardNode(g Glyph, board string, k trace.Kind) Node {
	n := Node{Glyph: g}
	n.Board, n.Kind = board, k
	return n
}
