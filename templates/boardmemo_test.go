package templates

import (
	"context"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/trace"
	"github.com/abtrace/abtrace/view"
)

// TestBoardMarkupKept checks that a board's kept markup is its board
// rendered anew, for every kind of board and both markers, that the kept
// markup stays within MaxBoardMarkupBytes however many boards are drawn,
// and that ForgetBoards forgets it.
func TestBoardMarkupKept(t *testing.T) {
	ForgetBoards()
	node := func(g view.Glyph, board string, k trace.Kind) view.Node {
		var n view.Node
		n.Glyph, n.Board, n.Kind = g, board, k
		return n
	}
	fresh := func(n view.Node) string {
		var b strings.Builder
		if err := board(view.BoardOf(n)).Render(context.Background(), &b); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	nodes := []view.Node{
		node(view.GlyphBoard, "xo..X....", trace.Max),
		node(view.GlyphBoard, "xo..X....", trace.Min),
		node(view.GlyphBoard, strings.Repeat(".", 27)+"ox......xo"+strings.Repeat(".", 27), trace.Max),
		node(view.GlyphBoard, "......./......./......./......./......./...xo..", trace.Min),
		node(view.GlyphChess, "kq..r/ppppp/...../PPPPP/RQ..K", trace.Max),
	}
	for round := range 2 {
		for _, n := range nodes {
			got, err := boardHTML(n)
			if err != nil {
				t.Fatal(err)
			}
			if want := fresh(n); got != want {
				t.Errorf("round %d, %s %q %v: kept markup %q, want %q", round, n.Glyph, n.Board, n.Kind, got, want)
			}
		}
	}
	if boardMarkupLen() == 0 {
		t.Error("no board's markup kept")
	}
	// Every tic-tac-toe board with x and o in the first nine cells: more
	// markup than is kept.
	drawn := 0
	for i := 0; drawn <= MaxBoardMarkupBytes+MaxBoardMarkupBytes/4; i++ {
		b := []byte(".........")
		for k, j := 0, i; k < 9; k, j = k+1, j/3 {
			b[k] = ".xo"[j%3]
		}
		s, err := boardHTML(node(view.GlyphBoard, string(b)+strings.Repeat(".", i/19683), trace.Max))
		if err != nil {
			t.Fatal(err)
		}
		drawn += len(s)
		if n := boardMarkupLen(); n > MaxBoardMarkupBytes {
			t.Fatalf("after %d boards %d bytes of markup kept, more than MaxBoardMarkupBytes", i+1, n)
		}
	}
	ForgetBoards()
	if n := boardMarkupLen(); n != 0 {
		t.Errorf("ForgetBoards kept %d bytes", n)
	}
}
