package scenario

import (
	"testing"

	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

// TestEveryEventHighlightsALine runs every algorithm on the textbook tree
// (or its chance and three-player forms) and on small games, with the
// table, the orderings and the selective searches where they apply: in
// every form of its pseudocode the panel shows, each event's line key is
// on a line, and no listing is empty.
func TestEveryEventHighlightsALine(t *testing.T) {
	cases := []Scenario{
		{Tree: tree.TwoPlyGameTree, Algo: "minimax"},
		{Tree: tree.TwoPlyGameTree, Algo: "alphabeta"},
		{Tree: tree.TwoPlyGameTree, Algo: "alphabeta", Order: "killer"},
		{Tree: tree.TwoPlyGameTree, Algo: "negamax"},
		{Tree: tree.TwoPlyGameTree, Algo: "pvs"},
		{Tree: tree.TwoPlyGameTree, Algo: "mtdf"},
		{Tree: "[h=4](B[h=3](3 12 8) C[h=2](2 4 6) D[h=5](14 5 2))", Algo: "id", Depth: 2, Eval: "h"},
		{Tree: tree.TwoPlyGameTree, Algo: "mcts", Iterations: 30},
		{Tree: tree.TwoPlyGameTreeChance, Algo: "expectiminimax"},
		{Tree: tree.TwoPlyGameTreeChance, Algo: "star1", Bounds: "0,15"},
		{Tree: "(((<1,2,3> <6,1,2>) (<4,2,1> <7,4,-1>)) ((<5,-1,-1> <-1,5,2>) (<7,7,-1> <5,4,5>)))", Algo: "maxn"},
		{Tree: "(((<1,2,3> <6,1,2>) (<4,2,1> <7,4,-1>)) ((<5,-1,-1> <-1,5,2>) (<7,7,-1> <5,4,5>)))", Algo: "paranoid", Player: 2},
		{Game: "tictactoe", Position: "xo.x.o...", Algo: "minimax", TT: 1024},
		{Game: "tictactoe", Position: "xo.x.o...", Algo: "negamax", TT: 1024, Order: "history"},
		{Game: "tictactoe", Position: "xo.x.o...", Algo: "pvs", TT: 1024},
		{Game: "tictactoe", Position: "xo.x.o...", Algo: "mtdf"},
		{Game: "tictactoe", Position: "xo.x.o...", Algo: "id", Depth: 3, Eval: "lines", Aspiration: 1},
		{Game: "tictactoe", Position: "xo.x.o...", Algo: "mcts", Iterations: 40, Seed: 1},
		{Game: "nim", Matches: 5, Take: 2, Algo: "negamax", Symmetry: false, TT: 64},
		{Game: "connect4", Position: "dd", Algo: "pvs", Depth: 2, Symmetry: true},
		{Game: "minichess", Position: "horizon", Depth: 1, Algo: "alphabeta", Quiescence: true},
		{Game: "minichess", Position: "horizon", Depth: 1, Algo: "negamax", Quiescence: true},
		{Game: "nim", Matches: 6, Take: 3, Algo: "negamax", Depth: 3, Eval: "theory", Extend: "singular"},
		{Game: "connect4", Position: "dd", Algo: "alphabeta", Depth: 2, Forward: "beam"},
		{Game: "dice", Algo: "expectiminimax", Depth: 4},
		{Game: "dice", Algo: "star1", Depth: 4},
	}
	for _, sc := range cases {
		t.Run(sc.Query().Encode(), func(t *testing.T) {
			p, err := sc.Prepare()
			if err != nil {
				t.Fatal(err)
			}
			listings := ListingsOf(p)
			if len(listings) == 0 {
				t.Fatal("no pseudocode")
			}
			for _, l := range listings {
				if len(l.Lines) == 0 {
					t.Fatalf("the %v form is empty", l.Form)
				}
			}
			missing := map[string]bool{}
			_, err = p.Run(func(e *trace.Event) bool {
				for _, l := range listings {
					if l.LineOf(e.Line) < 0 && !missing[l.Form.String()+e.Line] {
						missing[l.Form.String()+e.Line] = true
						t.Errorf("%v form: the %v event's line %q is on no line", l.Form, e.Type, e.Line)
					}
				}
				return true
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}
