package parallel

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search/gdl"
)

// gdlPath is the position path (move numbers) of the moves named, played
// from the initial state of the game.
func gdlPath(t *testing.T, text string, names ...string) string {
	t.Helper()
	g, err := gdl.CompileCached(text)
	if err != nil {
		t.Fatal(err)
	}
	s := g.Init()
	var path []string
	for _, name := range names {
		found := false
		for i, m := range g.Moves(s, nil) {
			if g.Name(s, m) == name {
				path, s, found = append(path, strconv.Itoa(i)), g.Result(s, m), true
				break
			}
		}
		if !found {
			t.Fatalf("no move %s", name)
		}
	}
	return strings.Join(path, ".")
}

// TestRunGDL searches the GDL tic-tac-toe with evaluations built from its
// rules: where x wins at once, the workers on the goal scale prove it at
// depth 1 with that move and stop; goals, which proves nothing, deepens
// to its limit and finds the same move.
func TestRunGDL(t *testing.T) {
	text, _ := gdl.GameText("tictactoe")
	pos := gdlPath(t, text, "(mark 1 1)", "(mark 2 1)", "(mark 1 2)", "(mark 2 2)")
	c := Config{Game: GDLGame, GDL: text, Position: pos, Evals: []string{"goal-fuzzy", "mobility", "goals"}, MaxDepth: 3}
	res, err := Run(context.Background(), c, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range res.Latest {
		if r.Name != "(mark 1 3)" {
			t.Errorf("%s chose %s, want (mark 1 3)", r.Eval, r.Name)
		}
		if solved := i < 2; r.Solved != solved || solved && r.Depth != 1 || !solved && r.Depth != 3 {
			t.Errorf("%s: %+v, want solved %t (at depth 1), else depth 3", r.Eval, r, solved)
		}
	}
	if res.Move != "(mark 1 3)" {
		t.Errorf("move %q, want (mark 1 3)", res.Move)
	}
}

func TestRunGDLErrors(t *testing.T) {
	text, _ := gdl.GameText("tictactoe")
	sticks, _ := gdl.GameText("matchsticks")
	tests := []struct {
		c     Config
		field string
		want  string
	}{
		{Config{Game: GDLGame, Evals: []string{"goals"}, MaxDepth: 2}, "game", "unknown game"},
		{Config{Game: GDLGame, GDL: "(role x", Evals: []string{"goals"}, MaxDepth: 2}, "gdl", "parallel: "},
		{Config{Game: GDLGame, GDL: text, Evals: []string{"discs"}, MaxDepth: 2}, "evals", `"discs"`},
		{Config{Game: GDLGame, GDL: text, Position: "4.9", Evals: []string{"goals"}, MaxDepth: 2}, "position", `"4.9" is not a position`},
		{Config{Game: GDLGame, GDL: sticks, Position: "x", Evals: []string{"goals"}, MaxDepth: 2}, "position", `"x" is not a position`},
	}
	for _, tc := range tests {
		err := tc.c.Check()
		var pe *Error
		if !errors.As(err, &pe) || pe.Field != tc.field || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Check(%.40q, %q, %v) = %v, want an error of %s containing %q", tc.c.GDL, tc.c.Position, tc.c.Evals, err, tc.field, tc.want)
		}
	}
}
