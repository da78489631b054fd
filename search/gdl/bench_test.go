package gdl

import (
	"math/rand/v2"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/tictactoe"
)

var sinkValue float64

// BenchmarkPlayouts plays random games to the end through Next (every
// role picks one of its legal moves at random) and reports state changes
// per second, the measure of the GDL reasoner benchmarks.
func BenchmarkPlayouts(b *testing.B) {
	for _, name := range Games() {
		b.Run(name, func(b *testing.B) {
			g := mustGame(b, name).Uncached()
			rng := rand.New(rand.NewPCG(1, 2))
			changes := 0
			b.ReportAllocs()
			for b.Loop() {
				changes += g.playout(rng).steps
			}
			b.ReportMetric(float64(changes)/b.Elapsed().Seconds(), "changes/s")
		})
	}
}

// BenchmarkAlphaBetaTicTacToe is the engine's alpha-beta over the whole
// game tree of the GDL tic-tac-toe; BenchmarkAlphaBetaTicTacToeGo the same
// search over search/tictactoe, for the ratio between them.
func BenchmarkAlphaBetaTicTacToe(b *testing.B) {
	b.Run("cached", func(b *testing.B) { benchAlphaBeta(b, mustGame(b, "tictactoe")) })
	b.Run("uncached", func(b *testing.B) { benchAlphaBeta(b, mustGame(b, "tictactoe").Uncached()) })
}

func benchAlphaBeta(b *testing.B, g *Game) {
	root := g.Init()
	for b.Loop() {
		r, err := search.AlphaBeta(g, root, search.Options[State]{}, nil)
		if err != nil {
			b.Fatal(err)
		}
		sinkValue = float64(r.Value)
	}
}

func BenchmarkAlphaBetaTicTacToeGo(b *testing.B) {
	for b.Loop() {
		r, err := search.AlphaBeta(tictactoe.Game{}, tictactoe.State{}, search.Options[tictactoe.State]{}, nil)
		if err != nil {
			b.Fatal(err)
		}
		sinkValue = float64(r.Value)
	}
}
