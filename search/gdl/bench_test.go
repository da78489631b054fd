package gdl

import (
	"math/rand/v2"
	"testing"
	"time"

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
			defer lockThread()()
			start := threadCPU()
			for b.Loop() {
				changes += g.playout(rng).steps
			}
			b.ReportMetric(float64(changes)/b.Elapsed().Seconds(), "changes/s")
			b.ReportMetric(float64(changes)/(threadCPU()-start).Seconds(), "changes/cpu-s")
		})
	}
}

// BenchmarkAlphaBetaTicTacToe is the engine's alpha-beta over the whole
// game tree of the GDL tic-tac-toe; BenchmarkAlphaBetaTicTacToeGo the same
// search over search/tictactoe, for the ratio between them.
func BenchmarkAlphaBetaTicTacToe(b *testing.B) {
	b.Run("cached", func(b *testing.B) { benchAlphaBeta(b, mustGame(b, "tictactoe")) })
	b.Run("uncached", func(b *testing.B) { benchAlphaBeta(b, mustGame(b, "tictactoe").Uncached()) })
	// cold: the first search of a game just compiled, its cache empty.
	b.Run("cold", func(b *testing.B) {
		src, _ := GameText("tictactoe")
		defer lockThread()()
		var cpu time.Duration
		for b.Loop() {
			b.StopTimer()
			g, err := Compile(src)
			if err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			start := threadCPU()
			r, err := search.AlphaBeta(g, g.Init(), search.Options[State]{}, nil)
			if err != nil {
				b.Fatal(err)
			}
			cpu += threadCPU() - start
			sinkValue = float64(r.Value)
		}
		b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
	})
}

func benchAlphaBeta(b *testing.B, g *Game) {
	root := g.Init()
	cpuLoop(b, func() {
		r, err := search.AlphaBeta(g, root, search.Options[State]{}, nil)
		if err != nil {
			b.Fatal(err)
		}
		sinkValue = float64(r.Value)
	})
}

func BenchmarkAlphaBetaTicTacToeGo(b *testing.B) {
	cpuLoop(b, func() {
		r, err := search.AlphaBeta(tictactoe.Game{}, tictactoe.State{}, search.Options[tictactoe.State]{}, nil)
		if err != nil {
			b.Fatal(err)
		}
		sinkValue = float64(r.Value)
	})
}

// cpuLoop runs f in b.Loop and reports the thread's CPU time per call
// (cpu-ns/op) besides the wall time.
func cpuLoop(b *testing.B, f func()) {
	defer lockThread()()
	start := threadCPU()
	for b.Loop() {
		f()
	}
	b.ReportMetric(float64(threadCPU()-start)/float64(b.N), "cpu-ns/op")
}

// BenchmarkProverPlayouts plays random games with the simple reasoner, as
// abtrace gdl playout does with a game too large to ground: the plain
// Prover and the tabling one (a new one for each game, as each playout
// makes its own), in state changes per second.
func BenchmarkProverPlayouts(b *testing.B) {
	for _, name := range []string{"tictactoe", "breakthrough-small"} {
		for _, kind := range []string{"plain", "tabling"} {
			b.Run(name+"/"+kind, func(b *testing.B) {
				d := mustGame(b, name).Description()
				changes, seed := 0, uint64(0)
				defer lockThread()()
				start := threadCPU()
				for b.Loop() {
					p := NewProver(d)
					if kind == "tabling" {
						p = NewTablingProver(d)
					}
					seed++
					r, err := playout[[]Term](newProverPlayer(p), PolicyRandom, seed, 0)
					if err != nil || r.End != "terminal" {
						b.Fatal(r.End, err)
					}
					changes += len(r.Steps)
				}
				b.ReportMetric(float64(changes)/b.Elapsed().Seconds(), "changes/s")
				b.ReportMetric(float64(changes)/(threadCPU()-start).Seconds(), "changes/cpu-s")
			})
		}
	}
}
