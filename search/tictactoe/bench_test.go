package tictactoe

import (
	"testing"

	"github.com/abtrace/abtrace/search"
)

// Sinks keep the compiler from discarding benchmarked work.
var (
	sinkState State
	sinkBool  bool
	sinkMoves []search.Move
	sinkValue float64
)

// benchStates are the reachable positions, in a fixed order.
func benchStates(b *testing.B) []State {
	b.Helper()
	var out []State
	g := Game{}
	seen := map[State]bool{}
	var walk func(s State)
	walk = func(s State) {
		if seen[s] {
			return
		}
		seen[s] = true
		out = append(out, s)
		for _, m := range g.Moves(s, nil) {
			walk(g.Result(s, m))
		}
	}
	walk(State{})
	return out
}

func BenchmarkMoves(b *testing.B) {
	states := benchStates(b)
	g := Game{}
	buf := make([]search.Move, 0, Cells)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		buf = g.Moves(states[i%len(states)], buf[:0])
	}
	sinkMoves = buf
}

func BenchmarkResult(b *testing.B) {
	g := Game{}
	s := State{}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		s = g.Result(State{X: s.O, O: s.X & 0xff}, search.Move(i%Cells))
	}
	sinkState = s
}

func BenchmarkTerminal(b *testing.B) {
	states := benchStates(b)
	g := Game{}
	t := false
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		t = t != g.Terminal(states[i%len(states)])
	}
	sinkBool = t
}

func BenchmarkUtility(b *testing.B) {
	states := benchStates(b)
	g := Game{}
	v := 0.0
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		v += g.Utility(states[i%len(states)])
	}
	sinkValue = v
}

func BenchmarkEvaluate(b *testing.B) {
	states := benchStates(b)
	for _, e := range []Evaluator{Lines{}, AIMA{}} {
		b.Run(e.Name(), func(b *testing.B) {
			v := 0.0
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				v += e.Evaluate(states[i%len(states)])
			}
			sinkValue = v
		})
	}
}

// minimaxGeneric is plain minimax over any search.Game, shaped like the
// engine's untraced search (generic, no allocation per node: each level
// appends its moves to the unused tail of one buffer). It counts nodes.
func minimaxGeneric[S any, G search.Game[S]](g G, s S, buf []search.Move, nodes *int) float64 {
	*nodes++
	if g.Terminal(s) {
		return g.Utility(s)
	}
	moves := g.Moves(s, buf[:0])
	rest := moves[len(moves):cap(moves)]
	if g.ToMove(s) == 0 { // trace.Max
		v := -2.0
		for _, m := range moves {
			v = max(v, minimaxGeneric(g, g.Result(s, m), rest, nodes))
		}
		return v
	}
	v := 2.0
	for _, m := range moves {
		v = min(v, minimaxGeneric(g, g.Result(s, m), rest, nodes))
	}
	return v
}

// BenchmarkFullTree runs plain minimax over the whole game tree (549,946
// nodes) through the Game methods and reports nodes per second: the ceiling
// the engine's untraced minimax can reach with this game.
func BenchmarkFullTree(b *testing.B) {
	buf := make([]search.Move, 0, 64)
	nodes := 0
	b.ReportAllocs()
	for b.Loop() {
		sinkValue = minimaxGeneric(Game{}, State{}, buf, &nodes)
	}
	if nodes%549946 != 0 {
		b.Fatalf("nodes = %d, not a multiple of 549946", nodes)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
