package scenario

import (
	"testing"

	"github.com/abtrace/abtrace/search/gdl"
)

// TestGDLBoards checks the board texts of GDL games' nodes: tic-tac-toe
// and Connect Four written as the Go games write theirs, breakthrough as
// a grid, matchsticks as its one fact's argument (the count of matches).
func TestGDLBoards(t *testing.T) {
	for _, c := range []struct{ game, board, text string }{
		{"tictactoe", ".........", ""},
		{"connect4", "......./......./......./......./......./.......", ""},
		{"breakthrough-small", "grid:black,white:222222/222222/....../....../111111/111111", ""},
		{"matchsticks", "", "5"},
	} {
		t.Run(c.game, func(t *testing.T) {
			text, _ := gdl.GameText(c.game)
			p, err := Scenario{GDL: text, Depth: 1}.Prepare()
			if err != nil {
				t.Fatal(err)
			}
			sh, err := p.Shape(ShapeOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if sh.Board != c.board || sh.Text != c.text {
				t.Errorf("root: got board %q text %q, want %q %q", sh.Board, sh.Text, c.board, c.text)
			}
			if got, want := p.GDLBoard(), c.board != ""; got != want {
				t.Errorf("GDLBoard: got %v, want %v", got, want)
			}
		})
	}
}
