package play

import (
	"context"
	"errors"
	"os"
	"slices"
	"testing"

	"github.com/abtrace/abtrace/search/gdl"
)

func gdlText(t *testing.T, name string) string {
	t.Helper()
	text, ok := gdl.GameText(name)
	if !ok {
		t.Fatalf("no game %s", name)
	}
	return text
}

// TestGDLGame plays GDL tic-tac-toe against the engine: the human (x)
// always plays its first legal move, the engine replies with alpha-beta
// (and then with decoupled UCT); every position lists x's legal moves by
// their term, the engine never loses against such play, and the game ends.
func TestGDLGame(t *testing.T) {
	text := gdlText(t, "tictactoe")
	for _, algo := range []string{"alphabeta", "mcts"} {
		t.Run(algo, func(t *testing.T) {
			spec := Spec{Game: GDL, GDL: text, Depth: MaxDepth, Algo: algo, HumanFirst: true}
			if algo == "mcts" {
				spec.Depth = 2
			}
			for range 20 {
				g, err := New(spec)
				if err != nil {
					t.Fatalf("after %v: %v", spec.Moves, err)
				}
				p := g.Position()
				if p.GDL == nil {
					t.Fatal("a GDL game's position has no GDL part")
				}
				if p.Over {
					if p.Winner == "xplayer" {
						t.Errorf("x wins by always playing its first move: %v", spec.Moves)
					}
					return
				}
				if g.EngineToMove() {
					m, _, err := g.Reply(context.Background())
					if err != nil {
						t.Fatal(err)
					}
					spec.Moves = append(spec.Moves, m)
					continue
				}
				if !p.HumanToMove || len(p.GDL.Moves) == 0 || p.GDL.Moves[0].Text != p.GDL.Moves[0].Entry {
					t.Fatalf("x to move with moves %+v", p.GDL.Moves)
				}
				spec.Moves = append(spec.Moves, p.GDL.Moves[0].Entry)
			}
			t.Fatalf("no end: %v", spec.Moves)
		})
	}
}

// TestGDLErrors: a move that is not legal names its place and the legal
// moves; a game of one role, a simultaneous game with alpha-beta and an
// evaluation other than goals are refused by their field.
func TestGDLErrors(t *testing.T) {
	text := gdlText(t, "tictactoe")
	_, err := New(Spec{Game: GDL, GDL: text, Depth: 2, HumanFirst: true, Moves: []string{"(mark 1 1)", "(mark 1 1)"}})
	var ge *GDLError
	if !errors.As(err, &ge) || ge.Why != GDLIllegal || ge.N != 2 || ge.Field != "moves" || !slices.Contains(ge.Legal, "(mark 1 2)") {
		t.Errorf("an occupied square: %v (%+v)", err, ge)
	}
	// Written another way, the same move reads.
	if _, err := New(Spec{Game: GDL, GDL: text, Depth: 2, HumanFirst: true, Moves: []string{"( MARK  1 1 )"}}); err != nil {
		t.Errorf("( MARK  1 1 ): %v", err)
	}
	odd, err := os.ReadFile("../gdl/testdata/odd-or-even.kif")
	if err != nil {
		t.Fatal(err)
	}
	_, err = New(Spec{Game: GDL, GDL: string(odd), Depth: 2, HumanFirst: true})
	if !errors.As(err, &ge) || ge.Why != GDLSimultaneous || ge.Field != "algo" {
		t.Errorf("odd or even with alpha-beta: %v", err)
	}
	_, err = New(Spec{Game: GDL, GDL: "(role a) (init p) (<= terminal (true p)) (<= (goal a 100) (true p))", Depth: 2, HumanFirst: true})
	if !errors.As(err, &ge) || ge.Why != GDLRoles || ge.Roles != 1 {
		t.Errorf("one role: %v", err)
	}
	var oe *OptionError
	if _, err = New(Spec{Game: GDL, GDL: text, Depth: 2, Eval: "discs", HumanFirst: true}); !errors.As(err, &oe) || oe.Option != "eval" {
		t.Errorf("eval discs: %v", err)
	}
}

// TestGDLSimultaneous plays odd or even with decoupled UCT: the human's
// moves are joined with the engine's choice (made before it sees the
// human's), three rounds end the game.
func TestGDLSimultaneous(t *testing.T) {
	odd, err := os.ReadFile("../gdl/testdata/odd-or-even.kif")
	if err != nil {
		t.Fatal(err)
	}
	spec := Spec{Game: GDL, GDL: string(odd), Depth: 1, Algo: "mcts", HumanFirst: false}
	for round := 0; ; round++ {
		g, err := New(spec)
		if err != nil {
			t.Fatal(err)
		}
		p := g.Position()
		if p.Over {
			if round != 3 || len(p.GDL.Goals) != 2 {
				t.Errorf("over after %d rounds, goals %v", round, p.GDL.Goals)
			}
			return
		}
		if !p.HumanToMove || !p.GDL.Joint || len(p.GDL.Moves) != 2 || g.EngineToMove() {
			t.Fatalf("round %d: %+v", round+1, p.GDL)
		}
		spec.Moves = append(spec.Moves, p.GDL.Moves[1].Entry)
	}
}
