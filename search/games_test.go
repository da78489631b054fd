package search_test

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/nim"
	"github.com/abtrace/abtrace/search/tictactoe"
	"github.com/abtrace/abtrace/trace"
)

// Tic-tac-toe's full game tree from the empty board has 549,946 nodes
// (root included) and 255,168 terminal positions, and its value is a draw.
// These are the commonly published counts of the game tree (for example in
// the tic-tac-toe chapter of many AI courses and in OEIS-style tallies of
// complete games).
func TestTicTacToeFullTree(t *testing.T) {
	res, err := search.Minimax(tictactoe.Game{}, tictactoe.State{}, search.Options[tictactoe.State]{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Stats.Nodes != 549946 || res.Stats.Leaves != 255168 || res.Value != 0 {
		t.Errorf("minimax: nodes %d, leaves %d, value %v; want 549946, 255168, 0", res.Stats.Nodes, res.Stats.Leaves, res.Value)
	}
	for _, v := range []struct {
		p search.PruneRule
		f search.FailMode
	}{{search.PruneGE, search.FailSoft}, {search.PruneGE, search.FailHard}, {search.PruneGT, search.FailSoft}} {
		ab, err := search.AlphaBeta(tictactoe.Game{}, tictactoe.State{}, search.Options[tictactoe.State]{Prune: v.p, Fail: v.f}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if ab.Value != 0 || ab.Stats.Nodes >= res.Stats.Nodes {
			t.Errorf("alphabeta %v/%v: value %v with %d nodes; want 0 with fewer than minimax", v.p, v.f, ab.Value, ab.Stats.Nodes)
		}
		t.Logf("alphabeta %v/%v natural order: %d nodes, %d leaves, %d cutoffs", v.p, v.f, ab.Stats.Nodes, ab.Stats.Leaves, ab.Stats.Cutoffs)
	}
}

func TestTicTacToeDepthLimited(t *testing.T) {
	for _, name := range tictactoe.EvaluationNames() {
		ev, err := tictactoe.Evaluation(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, order := range search.Orderings() {
			opt := search.Options[tictactoe.State]{Depth: 3, Eval: ev, EvalName: name, Order: order, Seed: 5}
			g := tictactoe.Game{Win: 100}
			mm, err := search.Minimax(g, tictactoe.State{}, opt, nil)
			if err != nil {
				t.Fatal(err)
			}
			ab, err := search.AlphaBeta(g, tictactoe.State{}, opt, nil)
			if err != nil {
				t.Fatal(err)
			}
			if mm.Value != ab.Value {
				t.Errorf("%s %v: minimax %v, alphabeta %v", name, order, mm.Value, ab.Value)
			}
		}
	}
}

// The lecture's matchstick exercise: 5 matches, take 1 or 2, whoever takes
// the last match loses. The first player wins by taking one.
func TestMatchsticks(t *testing.T) {
	g, s, err := nim.New(5, 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, algo := range []search.Algorithm{search.AlgoMinimax, search.AlgoAlphaBeta} {
		res, err := search.Run(algo, g, s, search.Options[nim.State]{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Value != 1 || res.Best != "0" {
			t.Errorf("%v: value %v, best %q; want 1 and \"0\" (take one)", algo, res.Value, res.Best)
		}
	}
}

func benchSearch(b *testing.B, algo search.Algorithm, traced bool) {
	var rec trace.Recorder
	events := 0
	if traced {
		rec = func(e *trace.Event) bool { events++; return true }
	}
	var nodes int
	b.ReportAllocs()
	for b.Loop() {
		res, err := search.Run(algo, tictactoe.Game{}, tictactoe.State{}, search.Options[tictactoe.State]{}, rec)
		if err != nil {
			b.Fatal(err)
		}
		nodes = res.Stats.Nodes
	}
	b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes), "nodes/op")
}

// Full tic-tac-toe game tree from the empty board. See docs/performance.md.
func BenchmarkMinimaxTicTacToe(b *testing.B)         { benchSearch(b, search.AlgoMinimax, false) }
func BenchmarkAlphaBetaTicTacToe(b *testing.B)       { benchSearch(b, search.AlgoAlphaBeta, false) }
func BenchmarkMinimaxTicTacToeTraced(b *testing.B)   { benchSearch(b, search.AlgoMinimax, true) }
func BenchmarkAlphaBetaTicTacToeTraced(b *testing.B) { benchSearch(b, search.AlgoAlphaBeta, true) }

// stepsOnly is tic-tac-toe without its Expander: a plain minimax then
// makes each child with Step.
type stepsOnly struct{ g tictactoe.Game }

func (w stepsOnly) ToMove(s tictactoe.State) trace.Kind { return w.g.ToMove(s) }
func (w stepsOnly) Moves(s tictactoe.State, buf []search.Move) []search.Move {
	return w.g.Moves(s, buf)
}
func (w stepsOnly) Result(s tictactoe.State, m search.Move) tictactoe.State {
	return w.g.Result(s, m)
}
func (w stepsOnly) Terminal(s tictactoe.State) bool   { return w.g.Terminal(s) }
func (w stepsOnly) Utility(s tictactoe.State) float64 { return w.g.Utility(s) }
func (w *stepsOnly) Step(s tictactoe.State, m search.Move) (tictactoe.State, bool, trace.Kind, float64) {
	return w.g.Step(s, m)
}

// TestExpanderSearchesTheSame checks that a minimax whose game makes every
// child at once (search.Expander) finds what it finds making them one by
// one: the value, the line, the counts per depth, and the same error where
// the budget stops it.
func TestExpanderSearchesTheSame(t *testing.T) {
	lines, err := tictactoe.Evaluation("lines")
	if err != nil {
		t.Fatal(err)
	}
	for _, cells := range []string{".........", "x...o....", "xo.......", "xx.oo....", "xoxoxo..."} {
		s, err := tictactoe.Parse(cells)
		if err != nil {
			t.Fatal(err)
		}
		for _, opt := range []search.Options[tictactoe.State]{
			{},
			{Depth: 3, Eval: lines, EvalName: "lines"},
			{Budget: search.Budget{Nodes: 2000}},
		} {
			g := tictactoe.Game{Win: 100}
			got, gerr := search.Minimax(g, s, opt, nil)
			want, werr := search.Minimax(stepsOnly{g}, s, opt, nil)
			if fmt.Sprint(gerr) != fmt.Sprint(werr) || !reflect.DeepEqual(got, want) {
				t.Errorf("%s, depth %d, budget %d: with Children %+v, %v; with Step %+v, %v", cells, opt.Depth, opt.Budget.Nodes, got, gerr, want, werr)
			}
		}
	}
}
