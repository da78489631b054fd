package export

import (
	"context"
	"io"
	"testing"

	"github.com/abtrace/abtrace/search/scenario"
)

// pngBenchCases are the drawings BenchmarkPNG rasterises at scale 1: the
// random tree of the issue (121 nodes, 5942×1090 pixels) before its
// search starts, and a tic-tac-toe game tree of boards (34 nodes) at the
// end of its search.
var pngBenchCases = []struct {
	name string
	s    scenario.Scenario
	step int
}{
	{"random-3,4", scenario.Scenario{Random: "3,4", Seed: 1}, 0},
	{"tictactoe-xox.o.x..", scenario.Scenario{Game: "tictactoe", Position: "xox.o.x.."}, -1},
}

// BenchmarkPNG rasterises and encodes each of pngBenchCases at scale 1.
func BenchmarkPNG(b *testing.B) {
	for _, bc := range pngBenchCases {
		b.Run(bc.name, func(b *testing.B) {
			d := drawingAt(b, bc.s, bc.step)
			b.ReportAllocs()
			for b.Loop() {
				if err := PNG(context.Background(), io.Discard, d, 1); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
