package search_test

import (
	"fmt"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/connect4"
	"github.com/abtrace/abtrace/search/tictactoe"
)

// realGameCases are the configurations docs/performance.md compares: the
// table on and off, each ordering, and the negamax family.
var realGameCases = []struct {
	name  string
	algo  search.Algorithm
	order search.Ordering
	tt    bool
	sym   bool
}{
	{"alphabeta", search.AlgoAlphaBeta, search.OrderNatural, false, false},
	{"alphabeta-eval", search.AlgoAlphaBeta, search.OrderEval, false, false},
	{"alphabeta-killer", search.AlgoAlphaBeta, search.OrderKiller, false, false},
	{"alphabeta-history", search.AlgoAlphaBeta, search.OrderHistory, false, false},
	{"negamax", search.AlgoNegamax, search.OrderNatural, false, false},
	{"negamax-tt", search.AlgoNegamax, search.OrderNatural, true, false},
	{"negamax-tt-sym", search.AlgoNegamax, search.OrderNatural, true, true},
	{"negamax-tt-killer", search.AlgoNegamax, search.OrderKiller, true, false},
	{"negamax-tt-history", search.AlgoNegamax, search.OrderHistory, true, false},
	{"pvs-tt-history", search.AlgoPVS, search.OrderHistory, true, false},
	{"mtdf-tt", search.AlgoMTDF, search.OrderNatural, true, false},
	{"id-tt-history", search.AlgoID, search.OrderHistory, true, false},
}

// benchRealGame runs one configuration b.N times and reports the nodes of
// one search as nodes/op.
func benchRealGame[S any, G search.Game[S]](b *testing.B, g G, root S, base search.Options[S]) {
	for _, c := range realGameCases {
		opt := base
		opt.Order, opt.Symmetry, opt.Grain = c.order, c.sym, 1
		if c.tt {
			opt.TT = search.DefaultTTSize
		}
		b.Run(c.name, func(b *testing.B) {
			var nodes int
			for b.Loop() {
				r, err := search.Run(c.algo, g, root, opt, nil)
				if err != nil {
					b.Fatal(err)
				}
				nodes = r.Stats.Nodes
			}
			b.ReportMetric(float64(nodes), "nodes/op")
		})
	}
}

// BenchmarkRealGamesTicTacToe searches tic-tac-toe from the empty board
// to the end (depth 0) and to depth 4 with the lines evaluation.
func BenchmarkRealGamesTicTacToe(b *testing.B) {
	for _, depth := range []int{0, 4} {
		b.Run(fmt.Sprintf("depth=%d", depth), func(b *testing.B) {
			g := tictactoe.Game{}
			opt := search.Options[tictactoe.State]{Depth: depth, Eval: tictactoe.Lines{}}
			if depth > 0 {
				g.Win = 100
			}
			benchRealGame(b, g, tictactoe.State{}, opt)
		})
	}
}

// BenchmarkRealGamesConnect4 searches Connect Four from the empty board
// to depths 6 and 8 with the threats evaluation.
func BenchmarkRealGamesConnect4(b *testing.B) {
	for _, depth := range []int{6, 8} {
		b.Run(fmt.Sprintf("depth=%d", depth), func(b *testing.B) {
			g := connect4.Game{Win: connect4.WinScore}
			opt := search.Options[connect4.State]{Depth: depth, Eval: connect4.Threats{}}
			benchRealGame(b, g, connect4.State{}, opt)
		})
	}
}
