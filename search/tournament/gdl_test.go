package tournament

import (
	"context"
	"os"
	"slices"
	"testing"

	"github.com/abtrace/abtrace/search/gdl"
)

func TestParseEvalsKeepsParentheses(t *testing.T) {
	got := ParseEvals("mobility, kuhlmann:count(cell,x):max,goal-fuzzy,,random")
	want := []string{"mobility", "kuhlmann:count(cell,x):max", "goal-fuzzy", "random"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestGDLTournament: in our suicide Domineering, where the role left
// without a move wins, inverse mobility beats mobility with both colours;
// the fuzzy goal evaluation beats random on the GDL tic-tac-toe.
func TestGDLTournament(t *testing.T) {
	src, err := os.ReadFile("../gdleval/games/suicide-domineering.kif")
	if err != nil {
		t.Fatal(err)
	}
	c := Config{Game: GDLGame, GDL: string(src), Evals: []string{"mobility", "inverse-mobility"}, Depth: 1, Games: 6, Seed: 1}
	r, err := Run(context.Background(), c, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Standings[0].Eval != "inverse-mobility" || r.Standings[0].Wins < 10 {
		t.Errorf("suicide Domineering: %+v", r.Standings)
	}
	ttt, _ := gdl.GameText("tictactoe")
	c = Config{Game: GDLGame, GDL: ttt, Evals: []string{"goal-fuzzy", Random}, Depth: 2, Games: 3, Seed: 1}
	if r, err = Run(context.Background(), c, nil); err != nil {
		t.Fatal(err)
	}
	if r.Standings[0].Eval != "goal-fuzzy" || r.Standings[0].Losses != 0 {
		t.Errorf("tic-tac-toe: %+v", r.Standings)
	}
	if len(r.Games[0].Moves) == 0 || r.Games[0].Moves[0][0] != '(' {
		t.Errorf("moves %q, want GDL terms", r.Games[0].Moves)
	}
	c.Evals = []string{"goal-fuzzy", "bogus"}
	if err := c.Check(); err == nil {
		t.Error("an unknown evaluation passed the check")
	}
	c.GDL = ""
	if err := c.Check(); err == nil {
		t.Error("the game gdl without a text passed the check")
	}
}
