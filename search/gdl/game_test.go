package gdl

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/connect4"
	"github.com/abtrace/abtrace/search/nim"
	"github.com/abtrace/abtrace/trace"
)

func mustGame(t testing.TB, name string) *Game {
	t.Helper()
	src, ok := GameText(name)
	if !ok {
		t.Fatalf("no game %s", name)
	}
	g, err := Compile(src)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestTicTacToeBasics(t *testing.T) {
	g := mustGame(t, "tictactoe")
	s := g.Init()
	if got := g.Facts(s); got != "(cell 1 1 b) (cell 1 2 b) (cell 1 3 b) (cell 2 1 b) (cell 2 2 b) (cell 2 3 b) (cell 3 1 b) (cell 3 2 b) (cell 3 3 b) (control x)" {
		t.Errorf("init = %s", got)
	}
	if got := g.Legal(s, 0); len(got) != 9 || got[0] != "(mark 1 1)" {
		t.Errorf("legal x = %v", got)
	}
	if got := g.Legal(s, 1); len(got) != 1 || got[0] != "noop" {
		t.Errorf("legal o = %v", got)
	}
	s = g.Result(s, g.Moves(s, nil)[4])
	if got := g.Facts(s); got != "(cell 1 1 b) (cell 1 2 b) (cell 1 3 b) (cell 2 1 b) (cell 2 2 x) (cell 2 3 b) (cell 3 1 b) (cell 3 2 b) (cell 3 3 b) (control o)" {
		t.Errorf("after (mark 2 2) = %s", got)
	}
	t.Log(g.Stats())
}

// TestTicTacToeTree compares the GDL tic-tac-toe with search/tictactoe:
// 549,946 nodes in the full game tree, 5,478 reachable positions, value 0.
func TestTicTacToeTree(t *testing.T) {
	g := mustGame(t, "tictactoe")
	nodes := 0
	seen := map[string]bool{}
	var walk func(s State) float64
	walk = func(s State) float64 {
		nodes++
		seen[g.Base(s)] = true
		if g.Terminal(s) {
			return g.Utility(s)
		}
		best := -2.0
		if g.ToMove(s) != 0 {
			best = 2
		}
		for _, m := range g.Moves(s, nil) {
			v := walk(g.Result(s, m))
			if g.ToMove(s) == 0 {
				best = max(best, v)
			} else {
				best = min(best, v)
			}
		}
		return best
	}
	v := walk(g.Init())
	if nodes != 549946 || len(seen) != 5478 || v != 0 {
		t.Errorf("%d nodes, %d positions, value %v; want 549946, 5478, 0", nodes, len(seen), v)
	}
	r, err := search.AlphaBeta(g, g.Init(), search.Options[State]{}, nil)
	if err != nil || r.Value != 0 {
		t.Errorf("alpha-beta: %v %v", r.Value, err)
	}
}

// perft counts the move sequences of length n from s that do not pass
// through a terminal state.
func perft[S any, G search.Game[S]](g G, s S, n int) int {
	if n == 0 {
		return 1
	}
	if g.Terminal(s) {
		return 0
	}
	total := 0
	for _, m := range g.Moves(s, nil) {
		total += perft(g, g.Result(s, m), n-1)
	}
	return total
}

// TestConnect4Perft counts move sequences from the empty board as
// search/connect4's TestMoveSequences does, to depth 6.
func TestConnect4Perft(t *testing.T) {
	g := mustGame(t, "connect4")
	depth := 6
	if testing.Short() || raceDetector {
		depth = 5
	}
	for n := 0; n <= depth; n++ {
		if got, want := perft(g, g.Init(), n), perft(connect4.Game{}, connect4.State{}, n); got != want {
			t.Errorf("perft(%d) = %d, search/connect4 has %d", n, got, want)
		}
	}
	if got := g.Legal(g.Init(), 0); len(got) != 7 || got[0] != "(drop 1)" {
		t.Errorf("legal = %v", got)
	}
}

// TestConnect4Games plays random games of both versions side by side, the
// GDL column c being search/connect4's move c−1, and checks that they end
// at the same time with the same result.
func TestConnect4Games(t *testing.T) {
	g := mustGame(t, "connect4")
	c := connect4.Game{}
	rng := rand.New(rand.NewPCG(3, 4))
	games := 300
	if raceDetector {
		games = 30
	}
	for range games {
		s, cs := g.Init(), connect4.State{}
		for !g.Terminal(s) {
			if c.Terminal(cs) {
				t.Fatalf("search/connect4 ended, GDL did not: %s", g.Facts(s))
			}
			moves := g.Moves(s, nil)
			cm := c.Moves(cs, nil)
			if len(moves) != len(cm) {
				t.Fatalf("%d moves, search/connect4 has %d", len(moves), len(cm))
			}
			k := rng.IntN(len(moves))
			col := g.Name(s, moves[k])
			s = g.Result(s, moves[k])
			cs = c.Result(cs, search.Move(col[len("(drop ")]-'1'))
		}
		if !c.Terminal(cs) || g.Utility(s) != c.Utility(cs) {
			t.Fatalf("GDL ended with %v, search/connect4 terminal %v with %v", g.Utility(s), c.Terminal(cs), c.Utility(cs))
		}
	}
}

// TestMatchsticksValues compares every position of the GDL matchsticks
// with search/nim's lecture game (5 matches, take 1 or 2): the minimax
// value of each position reached, with the same player to move.
func TestMatchsticksValues(t *testing.T) {
	g := mustGame(t, "matchsticks")
	ng, root, err := nim.New(5, 2)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	var walk func(s State, ns nim.State)
	walk = func(s State, ns nim.State) {
		gv, err1 := search.Minimax(g, s, search.Options[State]{}, nil)
		nv, err2 := search.Minimax(ng, ns, search.Options[nim.State]{}, nil)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if gv.Value != nv.Value || g.Terminal(s) != ng.Terminal(ns) || !g.Terminal(s) && (g.ToMove(s) == trace.Max) != ns.MaxToMove {
			t.Errorf("%s: value %v, search/nim %v at %v", g.Facts(s), gv.Value, nv.Value, ns)
		}
		checked++
		for _, m := range g.Moves(s, nil) {
			take := search.Move(g.Name(s, m)[len("(take ")] - '0')
			walk(g.Result(s, m), ng.Result(ns, take))
		}
	}
	walk(g.Init(), root)
	if checked < 10 {
		t.Errorf("only %d positions", checked)
	}
}

// simultaneousGame is a tiny game of our own in which both roles choose at
// once: each shows one or two fingers; the sum even, a wins.
const simultaneousGame = `(role a) (role b)
(init start)
(<= (legal ?r (show 1)) (role ?r) (true start))
(<= (legal ?r (show 2)) (role ?r) (true start))
(<= (next (shown ?r ?n)) (does ?r (show ?n)))
(<= terminal (not (true start)))
(<= even (true (shown a ?n)) (true (shown b ?n)))
(<= (goal a 100) even)
(<= (goal a 0) (not even))
(<= (goal b 0) even)
(<= (goal b 100) (not even))`

func TestSimultaneous(t *testing.T) {
	g, err := Compile(simultaneousGame)
	if err != nil {
		t.Fatal(err)
	}
	if g.TurnTaking() || !errors.Is(g.CheckTurns(), ErrSimultaneous) {
		t.Errorf("turn taking %v, %v", g.TurnTaking(), g.CheckTurns())
	}
	if !strings.Contains(g.CheckTurns().Error(), "(start)") && !strings.Contains(g.CheckTurns().Error(), "start") {
		t.Errorf("the error does not show the state: %v", g.CheckTurns())
	}
	if c, err := g.Count(); err != nil || c.States != 5 || c.Terminal != 4 {
		t.Errorf("count %+v %v, want 5 states, 4 terminal", c, err)
	}
	tt := mustGame(t, "tictactoe")
	if !tt.TurnTaking() || tt.CheckTurns() != nil || !tt.ZeroSum() {
		t.Errorf("tic-tac-toe: turn taking %v, zero-sum %v", tt.TurnTaking(), tt.ZeroSum())
	}
}
