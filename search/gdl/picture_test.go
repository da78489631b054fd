package gdl

import (
	"strings"
	"testing"
)

// TestPicture checks the boards the viewer draws for the shipped games:
// their size, drawing order, blank and markers; matchsticks has none.
func TestPicture(t *testing.T) {
	for _, c := range []struct {
		game       string
		cols, rows string
		blank      string
		markers    string
		falls      bool
	}{
		{"tictactoe", "1 2 3", "1 2 3", "b", "o x", false},
		{"connect4", "1 2 3 4 5 6 7", "6 5 4 3 2 1", "b", "o x", true},
		{"breakthrough-small", "1 2 3 4 5 6", "1 2 3 4 5 6", "", "black white", false},
		{"matchsticks", "", "", "", "", false},
	} {
		t.Run(c.game, func(t *testing.T) {
			text, _ := GameText(c.game)
			g, err := CompileCached(text)
			if err != nil {
				t.Fatal(err)
			}
			gr := g.Picture()
			if c.cols == "" {
				if gr != nil {
					t.Fatalf("got a board %+v, want none", gr)
				}
				return
			}
			if gr == nil {
				t.Fatal("got no board")
			}
			got := []string{strings.Join(gr.Cols, " "), strings.Join(gr.Rows, " "), gr.Blank, strings.Join(gr.Markers, " ")}
			want := []string{c.cols, c.rows, c.blank, c.markers}
			for i := range got {
				if got[i] != want[i] {
					t.Errorf("field %d: got %q, want %q", i, got[i], want[i])
				}
			}
			if gr.Falls != c.falls {
				t.Errorf("falls: got %v, want %v", gr.Falls, c.falls)
			}
			cells := gr.Cells(g.FactTerms(g.Init()))
			if len(cells) != len(gr.Rows) || len(cells[0]) != len(gr.Cols) {
				t.Errorf("cells: got %d×%d", len(cells[0]), len(cells))
			}
		})
	}
}
