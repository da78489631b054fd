package tictactoe

import (
	"testing"

	"github.com/abtrace/abtrace/search"
)

// TestTableStoresEveryPosition: a full minimax search of tic-tac-toe from
// the empty board with a transposition table searches every position once
// and stores it once. The number of distinct legal positions reachable in
// play, the empty board and the finished games included, is 5,478; up to
// the board's eight rotations and reflections it is 765 (Wikipedia,
// "Tic-tac-toe", Combinatorics: "5,478 distinct legal positions … When
// rotations and reflections of positions are viewed as equal, there are
// only 765 essentially different positions"; see also OEIS A008907).
func TestTableStoresEveryPosition(t *testing.T) {
	for _, tt := range []struct {
		symmetry bool
		want     int
	}{{false, 5478}, {true, 765}} {
		for _, algo := range []search.Algorithm{search.AlgoMinimax} {
			// A table as large as the key space (18 bits: the x and the o
			// marks) gives every position its own slot.
			opt := search.Options[State]{TT: 1 << 18, Symmetry: tt.symmetry}
			r, err := search.Run(algo, Game{}, State{}, opt, nil)
			if err != nil {
				t.Fatal(err)
			}
			if r.Stats.TTStored != tt.want {
				t.Errorf("%v, symmetry %v: %d positions stored, want %d", algo, tt.symmetry, r.Stats.TTStored, tt.want)
			}
			if r.Value != 0 {
				t.Errorf("%v: value %v, want 0 (a draw)", algo, r.Value)
			}
			// Every position is entered once, and once more for each
			// further way to reach it, which the table answers.
			if r.Stats.Nodes != r.Stats.TTStored+r.Stats.TTHits {
				t.Errorf("%v, symmetry %v: %d nodes, %d stored + %d hits", algo, tt.symmetry, r.Stats.Nodes, r.Stats.TTStored, r.Stats.TTHits)
			}
		}
	}
}

func TestSymmetries(t *testing.T) {
	g := Game{}
	seen := map[[Cells]int]bool{}
	for s := range 8 {
		if seen[symCells[s]] {
			t.Fatalf("symmetry %d repeats another", s)
		}
		seen[symCells[s]] = true
	}
	for pos := range reachable() {
		for sym := range 8 {
			img := g.Transform(pos, sym)
			if err := img.check(); err != nil {
				t.Fatalf("%s under symmetry %d gives %s: %v", pos, sym, img, err)
			}
			if g.Utility(img) != g.Utility(pos) || g.Terminal(img) != g.Terminal(pos) {
				t.Fatalf("%s and its image %s differ in outcome", pos, img)
			}
			for _, m := range g.Moves(pos, nil) {
				if g.InverseMove(g.TransformMove(m, sym), sym) != m {
					t.Fatalf("symmetry %d: move %d does not come back", sym, m)
				}
				if g.Result(img, g.TransformMove(m, sym)) != g.Transform(g.Result(pos, m), sym) {
					t.Fatalf("symmetry %d does not commute with move %d at %s", sym, m, pos)
				}
			}
		}
	}
}
