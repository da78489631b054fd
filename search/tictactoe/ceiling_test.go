package tictactoe

import (
	"testing"

	"github.com/abtrace/abtrace/search"
)

// minimaxConcrete is minimaxGeneric written for this Game alone: the same
// calls, but direct, so the compiler can inline them. It is what a search
// specialised to tic-tac-toe by hand or by a code generator would be.
func minimaxConcrete(g Game, s State, buf []search.Move, nodes *int) float64 {
	*nodes++
	if g.Terminal(s) {
		return g.Utility(s)
	}
	moves := g.Moves(s, buf[:0])
	rest := moves[len(moves):cap(moves)]
	if g.ToMove(s) == 0 { // trace.Max
		v := -2.0
		for _, m := range moves {
			v = max(v, minimaxConcrete(g, g.Result(s, m), rest, nodes))
		}
		return v
	}
	v := 2.0
	for _, m := range moves {
		v = min(v, minimaxConcrete(g, g.Result(s, m), rest, nodes))
	}
	return v
}

// minimaxBits is minimax written the way the C reference (docs/bench/ttt.c)
// is: the two bitboards in registers, moves taken straight from the empty
// cells, no Game methods.
func minimaxBits(x, o uint16, xToMove bool, nodes *int) float64 {
	*nodes++
	switch {
	case won[x]:
		return 1
	case won[o]:
		return -1
	case x|o == full:
		return 0
	}
	if xToMove {
		v := -2.0
		for e := ^(x | o) & full; e != 0; e &= e - 1 {
			v = max(v, minimaxBits(x|e&-e, o, false, nodes))
		}
		return v
	}
	v := 2.0
	for e := ^(x | o) & full; e != 0; e &= e - 1 {
		v = min(v, minimaxBits(x, o|e&-e, true, nodes))
	}
	return v
}

// TestCeilingSearches checks that the searches the benchmarks compare do
// the same work: every one enters the 549,946 nodes of the game tree and
// finds the value 0, as the engine does (TestFullTree).
func TestCeilingSearches(t *testing.T) {
	buf := make([]search.Move, 0, 64)
	for name, run := range map[string]func(nodes *int) float64{
		"generic":  func(n *int) float64 { return minimaxGeneric(Game{}, State{}, buf, n) },
		"concrete": func(n *int) float64 { return minimaxConcrete(Game{}, State{}, buf, n) },
		"bits":     func(n *int) float64 { return minimaxBits(0, 0, true, n) },
	} {
		nodes := 0
		if v := run(&nodes); v != 0 || nodes != 549946 {
			t.Errorf("%s: value %v over %d nodes, want 0 over 549946", name, v, nodes)
		}
	}
}

// The three benchmarks below, with the engine's BenchmarkMinimaxTicTacToe
// in package search, measure where the time of an untraced search goes
// (docs/performance.md, "How far the engine is from C"): BenchmarkFullTree
// (any game through the type parameter, no bookkeeping),
// BenchmarkFullTreeConcrete (the same calls made directly) and
// BenchmarkFullTreeBits (no Game at all).

func BenchmarkFullTreeConcrete(b *testing.B) {
	buf := make([]search.Move, 0, 64)
	nodes := 0
	for b.Loop() {
		sinkValue = minimaxConcrete(Game{}, State{}, buf, &nodes)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkFullTreeBits(b *testing.B) {
	nodes := 0
	for b.Loop() {
		sinkValue = minimaxBits(0, 0, true, &nodes)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
