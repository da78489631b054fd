package export

import (
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search/minichess"
	"github.com/abtrace/abtrace/view"
)

// TestMinichessBoardExport reads the pieces back from the shapes and the
// LaTeX of the horizon position's board: White's king and queen in MAX's
// colour, Black's king and pawns in MIN's, and twelve dark squares.
func TestMinichessBoardExport(t *testing.T) {
	s, err := minichess.Parse(minichess.Horizon)
	if err != nil {
		t.Fatal(err)
	}
	n := view.Node{Glyph: view.GlyphChess}
	n.Board = s.BoardText()
	d := boardDrawerOf(n.Board)
	if _, ok := d.(minichessBoard); !ok {
		t.Fatalf("the drawer of %q: got %T, want minichessBoard", n.Board, d)
	}
	var pieces []string
	dark := 0
	for _, sh := range d.shapes(n, Shape{Fill: colBg}, 1) {
		switch {
		case sh.Kind == Text:
			pieces = append(pieces, sh.Str+map[string]string{colMax: "w", colMin: "b"}[sh.Fill])
			if sh.Size != view.ChessPiece {
				t.Errorf("piece %s: got size %g, want %g", sh.Str, sh.Size, float64(view.ChessPiece))
			}
			if h := view.ChessHalf; sh.X < -h || sh.X > h || sh.Y < -h || sh.Y > h {
				t.Errorf("piece %s at (%g, %g): outside the board of half side %g", sh.Str, sh.X, sh.Y, h)
			}
		case sh.Kind == Rect && sh.Fill == mcDark:
			dark++
		}
	}
	if got, want := strings.Join(pieces, " "), "Kb Pb Pb Kw Qw"; got != want {
		t.Errorf("pieces: got %s, want %s", got, want)
	}
	if dark != 13 {
		t.Errorf("dark squares: got %d, want 13 (a1 and the corners are dark)", dark)
	}
	tex, _ := d.tex(n)
	if got := strings.Count(tex, `\textcolor{abmax}`); got != 2 {
		t.Errorf("LaTeX: got %d White pieces, want 2", got)
	}
	if got := strings.Count(tex, `\textcolor{abmin}`); got != 3 {
		t.Errorf("LaTeX: got %d Black pieces, want 3", got)
	}
	if got := strings.Count(tex, `\\`); got != 4 {
		t.Errorf("LaTeX: got %d row breaks, want 4", got)
	}
}
