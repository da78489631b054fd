package gdl

import (
	"errors"
	"os"
	"testing"

	"github.com/abtrace/abtrace/search"
)

func oddOrEven(t *testing.T) *Game {
	t.Helper()
	b, err := os.ReadFile("testdata/odd-or-even.kif")
	if err != nil {
		t.Fatal(err)
	}
	g, err := Compile(string(b))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestSimultaneousRefused: the searches that need one role to move at a
// time are told so by CheckTurns on our own simultaneous game.
func TestSimultaneousRefused(t *testing.T) {
	g := oddOrEven(t)
	if g.TurnTaking() {
		t.Fatal("odd-or-even is seen as taking turns")
	}
	if err := g.CheckTurns(); !errors.Is(err, ErrSimultaneous) {
		t.Fatalf("CheckTurns = %v, want ErrSimultaneous", err)
	}
}

// TestDUCTTables: decoupled UCT keeps one table per role. In odd or even's
// last round with one point each, whoever matches the other's parity wins:
// each role's table has both moves, visited about evenly (neither move is
// better against a searching opponent), and the means are near 50.
// From a round where even already has two points, even's means are 100
// whatever it shows and odd's 0.
func TestDUCTTables(t *testing.T) {
	g := oddOrEven(t)
	s := g.Init()
	res, err := g.DUCT(s, DUCTOptions{Iterations: 3000, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Roles) != 2 || res.Roles[0].Role != "even" || res.Roles[1].Role != "odd" {
		t.Fatalf("tables %+v, want one for even and one for odd", res.Roles)
	}
	for _, rs := range res.Roles {
		if len(rs.Moves) != 2 || rs.Moves[0].Move != "(show 1)" || rs.Moves[1].Move != "(show 2)" {
			t.Fatalf("%s's table %+v, want (show 1) and (show 2)", rs.Role, rs.Moves)
		}
		total := rs.Moves[0].Visits + rs.Moves[1].Visits
		if total != 3000 {
			t.Errorf("%s's visits sum to %d, want the 3000 iterations", rs.Role, total)
		}
		for _, m := range rs.Moves {
			if m.Visits < 600 || m.Mean < 25 || m.Mean > 75 {
				t.Errorf("%s %s: %d visits, mean %.1f; want each move tried often, means near 50", rs.Role, m.Move, m.Visits, m.Mean)
			}
		}
	}
	// even wins the first two rounds: show 1, show 1 twice.
	show1 := []int{0, 0}
	won := g.Next(g.Next(s, show1), show1)
	res, err = g.DUCT(won, DUCTOptions{Iterations: 200, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range res.Roles[0].Moves {
		if m.Mean != 100 {
			t.Errorf("even has won: its %s mean is %.1f, want 100", m.Move, m.Mean)
		}
	}
	for _, m := range res.Roles[1].Moves {
		if m.Mean != 0 {
			t.Errorf("odd has lost: its %s mean is %.1f, want 0", m.Move, m.Mean)
		}
	}
	if j := g.DUCTJoint(won, res); len(j) != 2 {
		t.Errorf("joint %v, want a move per role", j)
	}
}

// TestDUCTTurnTaking: on a game that takes turns, the role with one move
// has a table of one line, and the mover finds tic-tac-toe's winning move.
func TestDUCTTurnTaking(t *testing.T) {
	g := mustGame(t, "tictactoe")
	s := goldenRoot(t, g)
	res, err := g.DUCT(s, DUCTOptions{Iterations: 2000, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(res.Roles[1].Moves); n != 1 {
		t.Errorf("o waits: its table has %d lines, want 1", n)
	}
	x := res.Roles[0]
	best := x.Moves[x.Best].Move
	root, err := search.AlphaBeta(g, s, search.Options[State]{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range g.Moves(s, nil) {
		if g.Name(s, k) != best {
			continue
		}
		v, err := search.AlphaBeta(g, g.Result(s, k), search.Options[State]{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if v.Value != root.Value {
			t.Errorf("DUCT chooses %s, worth %v; the position is worth %v (x's table %+v)", best, v.Value, root.Value, x.Moves)
		}
	}
}

// TestDUCTLimit: an iteration count past MaxDUCTIterations is refused by
// its name.
func TestDUCTLimit(t *testing.T) {
	g := oddOrEven(t)
	_, err := g.DUCT(g.Init(), DUCTOptions{Iterations: MaxDUCTIterations + 1})
	var le *LimitError
	if !errors.As(err, &le) || le.Limit != "MaxDUCTIterations" {
		t.Fatalf("err = %v, want MaxDUCTIterations", err)
	}
}
