package play

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search"
)

// TestEngineGame lets the engine play both sides of complete games (the
// human's moves are the engine's own replies) and checks that every
// position offers the human only legal moves and that the games end.
func TestEngineGame(t *testing.T) {
	for _, spec := range []Spec{
		{Game: "reversi", Depth: 1, HumanFirst: true},
		{Game: "suicide-reversi", Eval: "discs", Kuhlmann: "min", Depth: 1, HumanFirst: true},
		{Game: "connect4", Depth: 2, HumanFirst: true},
	} {
		t.Run(spec.Game, func(t *testing.T) {
			var moves []string
			for len(moves) < MaxMoves {
				s := spec
				s.Moves = moves
				g, err := New(s)
				if err != nil {
					t.Fatalf("after %v: %v", moves, err)
				}
				p := g.Position()
				if p.Over {
					if p.Result == "" {
						t.Fatal("a finished game without a result")
					}
					return
				}
				// Alternate who plays: the spec's human, then the engine.
				s.HumanFirst = !g.g.toMoveFirst()
				g, _ = New(s)
				m, _, err := g.Reply(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				moves = append(moves, m)
			}
			t.Fatalf("no end after %d moves", MaxMoves)
		})
	}
}

func TestHumanMoves(t *testing.T) {
	g, err := New(Spec{Game: "reversi", Depth: 2, HumanFirst: true})
	if err != nil {
		t.Fatal(err)
	}
	p := g.Position()
	var legal []string
	for _, c := range p.Cells {
		if c.Move != "" {
			legal = append(legal, c.Move)
		}
	}
	if got := strings.Join(legal, " "); got != "d3 c4 f5 e6" || !p.HumanToMove || g.EngineToMove() {
		t.Errorf("opening: legal %q, human to move %v; want d3 c4 f5 e6 and the human", got, p.HumanToMove)
	}
	if p.EvalName == "" || len(p.Terms) != 3 {
		t.Errorf("evaluation %q with %d terms, want the default's 3", p.EvalName, len(p.Terms))
	}
	g, err = New(Spec{Game: "reversi", Depth: 2, HumanFirst: true, Moves: []string{"d3"}})
	if err != nil || !g.EngineToMove() || g.Position().Last != 19 {
		t.Errorf("after d3: engine to move %v, last %d, err %v; want true, 19", g.EngineToMove(), g.Position().Last, err)
	}
	c, err := New(Spec{Game: "connect4", Depth: 2, HumanFirst: false, Moves: []string{"d"}})
	if err != nil {
		t.Fatal(err)
	}
	cp := c.Position()
	if cp.Cells[5*7+3].Disc != "x" || cp.Last != 5*7+3 || !cp.HumanToMove || cp.Cells[5*7+2].Move != "3" || cp.Cells[4*7+3].Move != "4" {
		t.Errorf("connect4 after d: bottom of d %q, last %d, human %v; moves c at %q, d at %q", cp.Cells[5*7+3].Disc, cp.Last, cp.HumanToMove, cp.Cells[5*7+2].Move, cp.Cells[4*7+3].Move)
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		s    Spec
		want string
	}{
		{Spec{Game: "chess", Depth: 2}, "unknown game"},
		{Spec{Game: "reversi", Depth: 0}, "depth must be"},
		{Spec{Game: "reversi", Depth: 2, Moves: []string{"d3", "a1"}}, "move 2, a1, is not legal"},
		{Spec{Game: "reversi", Depth: 2, Moves: []string{"zz"}}, "move 1: reversi"},
		{Spec{Game: "connect4", Depth: 2, Moves: []string{"q"}}, `move 1, "q", is not a column`},
		{Spec{Game: "connect4", Depth: 2, Moves: []string{"dddddd", "d"}}, `move 7, "4", drops into a full column`},
		{Spec{Game: "connect4", Depth: 2, Moves: []string{"aabbccdd"}}, `move 8, "4", comes after the end of the game`},
		{Spec{Game: "connect4", Depth: 2, TT: -1}, "tt must be from 0 to"},
		{Spec{Game: "connect4", Depth: 2, Algo: "sideways"}, `unknown algo "sideways"`},
		{Spec{Game: "connect4", Depth: 2, Eval: "lines"}, `unknown eval "lines"`},
		{Spec{Game: "connect4", Depth: 2, Algo: "minimax", Order: "killer"}, "learns from cutoffs"},
		{Spec{Game: "connect4", Depth: 2, Order: "sideways"}, `unknown order "sideways"`},
		{Spec{Game: "reversi", Depth: 2, Symmetry: true}, "apply to connect4"},
		{Spec{Game: "connect4", Depth: 2, TT: 64}, "transposition table"},
		{Spec{Game: "reversi", Depth: 2, Eval: "lines"}, "unknown feature"},
	}
	for _, tc := range tests {
		if _, err := New(tc.s); err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "play: ") {
			t.Errorf("New(%+v) = %v, want an error containing %q", tc.s, err, tc.want)
		}
	}
}

// TestReplyBudget checks that the engine's search stops at its node
// budget with a *search.BudgetError, and runs to the end within a larger
// one.
func TestReplyBudget(t *testing.T) {
	for _, tc := range []struct {
		game  string
		nodes int64
		over  bool
	}{
		{"reversi", 10, true},
		{"reversi", 1 << 20, false},
		{"connect4", 10, true},
		{"connect4", 1 << 20, false},
	} {
		t.Run(fmt.Sprintf("%s/%d", tc.game, tc.nodes), func(t *testing.T) {
			g, err := New(Spec{Game: tc.game, Depth: 4, Nodes: tc.nodes})
			if err != nil {
				t.Fatal(err)
			}
			_, _, err = g.Reply(context.Background())
			// Connect Four's scenario refuses a tree over the budget
			// before it searches, saying how much it may visit.
			got := search.IsBudget(err) || err != nil && strings.Contains(err.Error(), "may visit at most")
			if got != tc.over {
				t.Errorf("over the budget: got %t (err %v), want %t", got, err, tc.over)
			}
		})
	}
}
