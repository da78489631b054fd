package search_test

import (
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/tictactoe"
	"github.com/abtrace/abtrace/trace"
)

// BenchmarkMCTS is 1000 iterations of MCTS from the empty tic-tac-toe
// board, untraced and with a recorder that reads every event.
func BenchmarkMCTS(b *testing.B) {
	opt := search.MCTSOptions[tictactoe.State]{Iterations: 1000, Seed: 1}
	for _, traced := range []bool{false, true} {
		name := "untraced"
		var rec trace.Recorder
		sink := 0
		if traced {
			name = "traced"
			rec = func(e *trace.Event) bool { sink += e.Step; return true }
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := search.MCTS(tictactoe.Game{}, tictactoe.State{}, opt, rec); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
