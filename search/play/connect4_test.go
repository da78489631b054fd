package play

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/connect4"
)

// randomOpening plays n random moves from the empty board, stopping
// before the game ends, and returns them as one word.
func randomOpening(r *rand.Rand, n int) string {
	var s connect4.State
	var b strings.Builder
	for range n {
		ms := c4.Moves(s, nil)
		m := ms[r.IntN(len(ms))]
		if c4.Terminal(c4.Result(s, m)) {
			break
		}
		s = c4.Result(s, m)
		b.WriteString(connect4.MoveString(m))
	}
	return b.String()
}

// randomSpec is a Connect Four game at a random position with random
// engine options.
func randomSpec(r *rand.Rand) Spec {
	s := Spec{Game: "connect4", Moves: []string{randomOpening(r, r.IntN(30))}, Depth: 1 + r.IntN(4)}
	s.Order = []string{"", "killer", "history"}[r.IntN(3)]
	s.Algo = []string{"", "negamax", "pvs", "mtdf", "id"}[r.IntN(5)]
	if s.Algo != "" && r.IntN(2) == 0 {
		s.TT = 1 << (4 + r.IntN(10))
	}
	s.Symmetry = s.Algo != "" && r.IntN(3) == 0
	return s
}

// TestConnect4EngineIsMinimax checks the engine's move on thousands of
// random positions and option sets against a plain depth-limited minimax
// with the same evaluation: the same value, and a move whose minimax value
// is that value (the best move, or one as good).
func TestConnect4EngineIsMinimax(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 2))
	n := 2000
	if testing.Short() {
		n = 200
	}
	ev := connect4.Threats{}
	for range n {
		spec := randomSpec(r)
		g, err := New(spec)
		if err != nil {
			t.Fatal(err)
		}
		if g.g.over() {
			continue
		}
		spec.HumanFirst = !g.g.toMoveFirst()
		g, _ = New(spec)
		name, value, err := g.Reply(context.Background())
		if err != nil {
			t.Fatalf("%+v: %v", spec, err)
		}
		s, _ := connect4.Parse(spec.Moves[0])
		opt := search.Options[connect4.State]{Depth: spec.Depth, Eval: ev}
		want, err := search.Minimax(c4, s, opt, nil)
		if err != nil {
			t.Fatal(err)
		}
		if value != float64(want.Value) {
			t.Fatalf("%+v: engine's value %v, minimax's %v", spec, value, want.Value)
		}
		m, _ := column(rune(name[0]))
		opt.Depth--
		var got float64
		if after := c4.Result(s, m); opt.Depth == 0 || c4.Terminal(after) {
			if c4.Terminal(after) {
				got = c4.Utility(after)
			} else {
				got = ev.Evaluate(after)
			}
		} else {
			res, err := search.Minimax(c4, after, opt, nil)
			if err != nil {
				t.Fatal(err)
			}
			got = float64(res.Value)
		}
		if got != value {
			t.Fatalf("%+v: the engine plays %s, worth %v; the best is worth %v", spec, name, got, value)
		}
	}
}

// TestConnect4Played checks that a game written as one word is read move
// by move (letters too), its moves named by their columns' numbers, and
// that a wrong move's error keeps the moves before it.
func TestConnect4Played(t *testing.T) {
	g, err := New(Spec{Game: "connect4", Depth: 2, Moves: []string{"dd4c"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(g.Played(), ","); got != "4,4,4,3" {
		t.Errorf("played %q, want 4,4,4,3", got)
	}
	_, err = New(Spec{Game: "connect4", Depth: 2, Moves: []string{"ddddddd"}})
	me, ok := err.(*MoveError)
	if !ok || me.N != 7 || me.Why != ColumnFull || strings.Join(me.Played, "") != "444444" {
		t.Fatalf("got %#v, want move 7 in a full column after dddddd", err)
	}
	p, err := New(Spec{Game: "connect4", Depth: 2, Moves: []string{"aabbccd"}})
	if err != nil {
		t.Fatal(err)
	}
	pos := p.Position()
	if !pos.Over || pos.Result != "x wins" || len(pos.Four) != 4 {
		t.Fatalf("after aabbccd: over %v, %q, four %v; want x's win on the bottom row", pos.Over, pos.Result, pos.Four)
	}
	for i, c := range pos.Four {
		if want := 5*7 + i; c != want || pos.Cells[c].Disc != "x" {
			t.Errorf("four[%d] = %d (%q), want %d holding x", i, c, pos.Cells[c].Disc, want)
		}
	}
	sc, ok := p.Search()
	if !ok || sc.Position != "1122334" || sc.Depth != 2 || sc.Game != "connect4" {
		t.Errorf("Search() = %+v, %v", sc, ok)
	}
}
