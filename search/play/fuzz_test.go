package play

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// FuzzParseMoves: a /play or /connect4 move list is a game or an error
// (a *MoveError names the move); a game
// read from the moves it played again stands where it stood. It never
// panics, and no move list starts a search.
func FuzzParseMoves(f *testing.F) {
	for _, s := range []struct {
		game  byte
		moves string
	}{
		{0, "d3,c3,c4"}, {0, "d3, pass ,c5"}, {1, "f5,f6,e6,f4"}, {2, "dddd"}, {2, "d,c,4,e"}, {2, "dddddddd"},
		{2, "a,b,c,d,e,f,g,1,2,3,4,5,6,7,8"}, {0, ",,,"}, {0, "z9"}, {1, "pass,pass,pass"}, {2, "ä,\x00,é"},
		{0, strings.Repeat("d3,", 200)}, {2, strings.Repeat("a", 50)},
	} {
		f.Add(s.game, s.moves)
	}
	f.Fuzz(func(t *testing.T, which byte, text string) {
		games := Games()
		game := games[int(which)%len(games)]
		moves := ParseMoves(text)
		for _, m := range moves {
			if m == "" || strings.Contains(m, ",") || strings.TrimSpace(m) != m {
				t.Fatalf("ParseMoves(%q) = %q: a move that is empty, holds a comma or spaces", text, moves)
			}
		}
		if game == "connect4" && len(moves) > 0 {
			moves = []string{strings.Join(moves, "")} // as /connect4 sends them: one string of columns
		}
		spec := Spec{Game: game, Moves: moves, Depth: 1, HumanFirst: which&1 == 0, Nodes: 1000}
		g, err := New(spec)
		if err != nil {
			var me *MoveError
			if err.Error() == "" || errors.As(err, &me) && (me.N < 0 || me.Move == "") {
				t.Fatalf("New(%q, %q): %q names no move or option", game, moves, err)
			}
			return
		}
		spec.Moves = g.Played()
		again, err := New(spec)
		if err != nil {
			t.Fatalf("New(%q, its own %q): %v", game, spec.Moves, err)
		}
		if !slices.Equal(again.Played(), spec.Moves) || again.EngineToMove() != g.EngineToMove() {
			t.Fatalf("%q: replaying %q gives %q", game, spec.Moves, again.Played())
		}
	})
}
