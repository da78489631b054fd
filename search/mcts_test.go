package search_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/cards"
	"github.com/abtrace/abtrace/search/connect4"
	"github.com/abtrace/abtrace/search/nim"
	"github.com/abtrace/abtrace/search/reversi"
	"github.com/abtrace/abtrace/search/tictactoe"
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

// uniqueBest returns the id of the root child whose alpha-beta value is
// best for the player to move, and false when two children share it.
func uniqueBest[S any, G search.Game[S]](t *testing.T, g G, root S) (string, bool) {
	t.Helper()
	kind := g.ToMove(root)
	best, unique := -1, true
	var bestV float64
	for i, m := range g.Moves(root, nil) {
		r, err := search.AlphaBeta(g, g.Result(root, m), search.Options[S]{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		v := float64(r.Value)
		switch {
		case best < 0 || (kind == trace.Max && v > bestV) || (kind == trace.Min && v < bestV):
			best, bestV, unique = i, v, true
		case v == bestV:
			unique = false
		}
	}
	return strconv.Itoa(best), unique
}

// checkMCTSFinds checks that the position has a unique best move and that
// MCTS with the given iterations chooses it, for several seeds.
func checkMCTSFinds[S any, G search.Game[S]](t *testing.T, g G, root S, opt search.MCTSOptions[S]) {
	t.Helper()
	want, unique := uniqueBest(t, g, root)
	if !unique {
		t.Fatalf("the position has no unique best move")
	}
	for seed := range uint64(5) {
		opt.Seed = seed
		r, err := search.MCTS(g, root, opt, nil)
		if err != nil {
			t.Fatal(err)
		}
		if r.Best != want {
			t.Errorf("seed %d, %d iterations: MCTS chooses %q (estimate %v), want %q", seed, opt.Iterations, r.Best, r.Value, want)
		}
		if r.Stats.Leaves != opt.Iterations {
			t.Errorf("seed %d: %d playouts, want one per iteration, %d", seed, r.Stats.Leaves, opt.Iterations)
		}
	}
}

// TestMCTSFindsTheBestMove: on each source, a position with a unique best
// move, and the number of iterations after which MCTS (C = √2, random
// playouts) chooses it for every seed tried.
func TestMCTSFindsTheBestMove(t *testing.T) {
	t.Run("textbook tree, 300 iterations", func(t *testing.T) {
		// B is worth 3, C and D 2: B is the unique best move.
		tr, err := tree.Parse(tree.TwoPlyGameTree)
		if err != nil {
			t.Fatal(err)
		}
		checkMCTSFinds(t, tree.Game{}, tr.Root, search.MCTSOptions[*tree.Node]{Iterations: 300, Bounds: search.Bounds{L: 2, U: 14}})
	})
	t.Run("tic-tac-toe win in one, 400 iterations", func(t *testing.T) {
		// x to move on xx.oo....: cell 2 wins at once; anything else lets o
		// complete its row.
		st, err := tictactoe.Parse("xx.oo....")
		if err != nil {
			t.Fatal(err)
		}
		checkMCTSFinds(t, tictactoe.Game{}, st, search.MCTSOptions[tictactoe.State]{Iterations: 400})
	})
	t.Run("tic-tac-toe block, 2000 iterations", func(t *testing.T) {
		// o to move on xx..o....: only cell 2 stops x's row.
		st, err := tictactoe.Parse("xx..o....")
		if err != nil {
			t.Fatal(err)
		}
		checkMCTSFinds(t, tictactoe.Game{}, st, search.MCTSOptions[tictactoe.State]{Iterations: 2000})
	})
	t.Run("matchsticks 7 take 1-3, 500 iterations", func(t *testing.T) {
		// Misère: leave 4k+1 matches. From 7, take 2 (leave 5).
		g, st, err := nim.New(7, 3)
		if err != nil {
			t.Fatal(err)
		}
		checkMCTSFinds(t, g, st, search.MCTSOptions[nim.State]{Iterations: 500})
	})
	t.Run("connect four win in one, 1000 iterations", func(t *testing.T) {
		// x has a1 b1 c1 and moves: d1 wins now; every other column lets o
		// take d1 and o's a2 b2 c2 row then threatens too.
		st, err := connect4.Parse("aabbcc")
		if err != nil {
			t.Fatal(err)
		}
		g := connect4.Game{}
		ms := g.Moves(st, nil)
		r, err := search.MCTS(g, st, search.MCTSOptions[connect4.State]{Iterations: 1000, Seed: 1}, nil)
		if err != nil {
			t.Fatal(err)
		}
		won := g.Result(st, ms[mustAtoi(t, r.Best)])
		if !g.Terminal(won) || g.Utility(won) != 1 {
			t.Errorf("MCTS chooses child %s, which does not win at once", r.Best)
		}
	})
	t.Run("reversi endgame, 3000 iterations", func(t *testing.T) {
		g := reversi.Game{}
		st := reversiEndgame(t, g)
		checkMCTSFinds(t, g, st, search.MCTSOptions[reversi.State]{Iterations: 3000})
	})
	t.Run("the card game's open deal, 2000 iterations", func(t *testing.T) {
		// MAX holds ♥A ♠A ♥2, MIN ♠Q ♠3 ♥6: leading ♥A takes all three
		// tricks (MIN must follow with ♥6, then neither of its spades beats
		// ♠A or can follow ♥2); after ♠A or ♥2 first MIN takes one.
		d, err := cards.Parse("max: ♥A ♠A ♥2; min: ♠Q ♠3 ♥6")
		if err != nil {
			t.Fatal(err)
		}
		g, st := d.Game(0)
		checkMCTSFinds(t, g, st, search.MCTSOptions[cards.State]{Iterations: 2000, Bounds: search.Bounds{L: 0, U: 3}})
	})
}

func mustAtoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("id %q: %v", s, err)
	}
	return n
}

// reversiEndgame plays random moves from the opening (a fixed seed) until
// at most 7 squares are empty, and returns the first such position with a
// unique best move by alpha-beta.
func reversiEndgame(t *testing.T, g reversi.Game) reversi.State {
	t.Helper()
	r := rand.New(rand.NewPCG(17, 17))
	for range 200 {
		s := reversi.Start
		for !g.Terminal(s) {
			ms := g.Moves(s, nil)
			b, w := s.Discs()
			if 64-b-w <= 7 && len(ms) >= 3 {
				if _, unique := uniqueBest(t, g, s); unique {
					return s
				}
				break
			}
			s = g.Result(s, ms[r.IntN(len(ms))])
		}
	}
	t.Fatal("no endgame with a unique best move found")
	return reversi.State{}
}

func mctsEvents(t *testing.T, seed uint64, iters int) []trace.Event {
	t.Helper()
	tr, err := tree.Parse(tree.TwoPlyGameTree)
	if err != nil {
		t.Fatal(err)
	}
	var evs []trace.Event
	_, err = search.MCTS(tree.Game{}, tr.Root, search.MCTSOptions[*tree.Node]{Iterations: iters, Seed: seed, Bounds: search.Bounds{L: 2, U: 14}},
		func(e *trace.Event) bool { evs = append(evs, *e); return true })
	if err != nil {
		t.Fatal(err)
	}
	return evs
}

func marshalAll(t *testing.T, evs []trace.Event) []byte {
	var buf bytes.Buffer
	for _, e := range evs {
		b, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		buf.Write(b)
		buf.WriteByte('\n')
	}
	return buf.Bytes()
}

// TestMCTSSeed: the same seed gives the same trace, event for event;
// another seed plays other playouts.
func TestMCTSSeed(t *testing.T) {
	a, b := marshalAll(t, mctsEvents(t, 7, 40)), marshalAll(t, mctsEvents(t, 7, 40))
	if !bytes.Equal(a, b) {
		t.Error("two searches with seed 7 gave different traces")
	}
	if c := marshalAll(t, mctsEvents(t, 8, 40)); bytes.Equal(a, c) {
		t.Error("seeds 7 and 8 gave the same trace")
	}
}

// TestMCTSGolden pins every event of six iterations on the textbook tree
// (seed 1): the root and its three children are added one per iteration,
// then selection starts comparing UCB1 scores. The trace replays, and the
// root counts one visit per iteration.
func TestMCTSGolden(t *testing.T) {
	evs := mctsEvents(t, 1, 6)
	got := marshalAll(t, evs)
	path := filepath.Join("testdata", "textbook-mcts.jsonl")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./search -run MCTSGolden -update to create it)", err)
	}
	gl, wl := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
	for i := 0; i < len(gl) && i < len(wl); i++ {
		if !bytes.Equal(gl[i], wl[i]) {
			t.Fatalf("event %d differs:\n got %s\nwant %s", i+1, gl[i], wl[i])
		}
	}
	if len(gl) != len(wl) {
		t.Fatalf("got %d lines, want %d", len(gl), len(wl))
	}
	var back []trace.Event
	for _, l := range wl[:len(wl)-1] {
		var e trace.Event
		if err := json.Unmarshal(l, &e); err != nil {
			t.Fatal(err)
		}
		if again, _ := json.Marshal(e); !bytes.Equal(again, l) {
			t.Fatalf("does not round-trip:\n%s\n%s", l, again)
		}
		back = append(back, e)
	}
	f, err := trace.Replay(back)
	if err != nil {
		t.Fatal(err)
	}
	if root := f.Nodes[""]; root == nil || root.N != 6 || root.Text != root.W.String()+"/6" {
		t.Errorf("root after six iterations: %+v, want 6 visits", root)
	}
	for _, id := range []string{"0", "1", "2"} {
		if f.Nodes[id] == nil {
			t.Errorf("child %s was never added", id)
		}
	}
	// Iteration 4 selects at the root with every child's UCB1 score.
	var sel *trace.Event
	for i := range evs {
		if evs[i].Type == trace.Select {
			sel = &evs[i]
			break
		}
	}
	if sel == nil || sel.Iter != 4 || len(sel.Scores) != 3 || sel.Visits != 3 {
		t.Fatalf("first select: %+v, want iteration 4 at the root (N = 3) with three scores", sel)
	}
	for _, s := range sel.Scores {
		if d := float64(s.Exploit+s.Explore) - float64(s.Total); d > 1e-12 || d < -1e-12 {
			t.Errorf("score of %s: %v + %v ≠ %v", s.Child, s.Exploit, s.Explore, s.Total)
		}
	}
}

// TestMCTSErrors: options out of range are refused before any work.
func TestMCTSErrors(t *testing.T) {
	tr, _ := tree.Parse("(1 2)")
	for _, opt := range []search.MCTSOptions[*tree.Node]{
		{Iterations: -1}, {Iterations: search.MaxIterations + 1}, {C: -1}, {Playout: search.PlayoutEval},
		{Bounds: search.Bounds{L: 3, U: 1}},
	} {
		if _, err := search.MCTS(tree.Game{}, tr.Root, opt, nil); err == nil {
			t.Errorf("options %+v: no error", opt)
		}
	}
	// An outcome outside the bounds is an error, not a reward past 1.
	if _, err := search.MCTS(tree.Game{}, tr.Root, search.MCTSOptions[*tree.Node]{Iterations: 5}, nil); err == nil {
		t.Error("leaf 2 outside the default bounds [−1, 1]: no error")
	}
}

// TestMCTSStopsOnceTheTreeIsGrown: a search whose tree already holds the
// whole game adds no node and plays nothing out, yet it still stops
// within search.CheckEvery iterations of its context ending (it used to
// run its remaining iterations: determinised MCTS on a card deal went on
// for seconds after the client left or the server was stopped).
func TestMCTSStopsOnceTheTreeIsGrown(t *testing.T) {
	tr, err := tree.Parse(tree.TwoPlyGameTree)
	if err != nil {
		t.Fatal(err)
	}
	const cancelAt = 5000 // the 13 nodes are grown long before
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	last := 0
	opt := search.MCTSOptions[*tree.Node]{Iterations: 200_000, Seed: 1, Bounds: search.Bounds{L: 2, U: 14},
		Budget: search.Budget{Context: ctx},
		Progress: func(p search.Progress) {
			last = p.Iter
			if p.Iter == cancelAt {
				cancel()
			}
		}}
	if _, err := search.MCTS(tree.Game{}, tr.Root, opt, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("got error %v, want the context's cancellation", err)
	}
	if last > cancelAt+search.CheckEvery {
		t.Errorf("%d iterations run, want at most %d once the context ended at %d", last, cancelAt+search.CheckEvery, cancelAt)
	}
}
