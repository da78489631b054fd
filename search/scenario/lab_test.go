package scenario

import (
	"errors"
	"testing"

	"github.com/abtrace/abtrace/search"
)

func TestKnuthMoore(t *testing.T) {
	tests := []struct{ b, d, want int }{
		{3, 2, 5}, {3, 6, 53}, {2, 3, 5}, {2, 4, 7}, {3, 1, 3}, {5, 0, 1},
	}
	for _, tc := range tests {
		if got := KnuthMoore(tc.b, tc.d); got != tc.want {
			t.Errorf("KnuthMoore(%d, %d): got %d, want %d", tc.b, tc.d, got, tc.want)
		}
	}
}

func TestLabRandom(t *testing.T) {
	r, err := Lab(Scenario{Random: "3,4"}, 50)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Uniform || r.Branching != 3 || r.Depth != 4 || r.Full != 81 || r.KnuthMoore != 17 {
		t.Errorf("got uniform %v, b=%d d=%d full=%d km=%d, want true, 3, 4, 81, 17", r.Uniform, r.Branching, r.Depth, r.Full, r.KnuthMoore)
	}
	if got, want := len(r.Rows), len(search.Orderings())+len(search.LearnedOrderings()); got != want {
		t.Fatalf("got %d rows, want %d", got, want)
	}
	if r.MinimaxMean != 81 {
		t.Errorf("minimax mean: got %v, want 81", r.MinimaxMean)
	}
	for _, row := range r.Rows {
		if row.ValueMismatches != 0 {
			t.Errorf("%v: %d trees with a root value other than minimax's", row.Ordering, row.ValueMismatches)
		}
		if len(row.Leaves) != 50 {
			t.Errorf("%v: got %d trees, want 50", row.Ordering, len(row.Leaves))
		}
		if row.Min > row.Max || row.Mean < float64(row.Min) || row.Mean > float64(row.Max) || row.Max > 81 {
			t.Errorf("%v: min %d, mean %v, max %d out of order", row.Ordering, row.Min, row.Mean, row.Max)
		}
		if row.Ordering == search.OrderBest && row.Max > r.KnuthMoore {
			// With ties (values 0..20) perfect ordering may cut more, never less.
			t.Errorf("best: max %d leaves, above the Knuth–Moore bound %d", row.Max, r.KnuthMoore)
		}
	}
	// The same run gives the same numbers.
	r2, err := Lab(Scenario{Random: "3,4"}, 50)
	if err != nil {
		t.Fatal(err)
	}
	for i := range r.Rows {
		if r.Rows[i].Mean != r2.Rows[i].Mean {
			t.Errorf("%v: mean %v then %v", r.Rows[i].Ordering, r.Rows[i].Mean, r2.Rows[i].Mean)
		}
	}
}

func TestLabDistinctBest(t *testing.T) {
	// A uniform tree of distinct values, b=2 d=4: perfect ordering
	// evaluates exactly the Knuth–Moore number, 2^2 + 2^2 − 1 = 7.
	r, err := Lab(Scenario{Tree: "((((1 9) (12 3)) ((5 14) (7 2))) (((16 4) (10 6)) ((13 8) (11 15))))"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range r.Rows {
		if row.Ordering == search.OrderBest && (row.Min != 7 || row.Max != 7) {
			t.Errorf("best: got %d..%d leaves, want 7", row.Min, row.Max)
		}
		if row.Ordering != search.OrderRandom && row.StdDev != 0 {
			t.Errorf("%v: spread %v on one tree, want 0", row.Ordering, row.StdDev)
		}
	}
}

func TestLabGame(t *testing.T) {
	r, err := Lab(Scenario{Game: "tictactoe", Position: "xo.x.o..."}, 5)
	if err != nil {
		t.Fatal(err)
	}
	if r.Uniform || r.Random {
		t.Errorf("got uniform %v random %v, want false, false", r.Uniform, r.Random)
	}
	for _, row := range r.Rows {
		if row.ValueMismatches != 0 {
			t.Errorf("%v: value differs from minimax", row.Ordering)
		}
	}
}

func TestLabLimits(t *testing.T) {
	if _, err := Lab(Scenario{Random: "3,3"}, 0); !IsUsage(err) {
		t.Errorf("0 trees: got %v, want a usage error", err)
	}
	if _, err := Lab(Scenario{Random: "3,3"}, MaxLabTrees+1); !IsUsage(err) {
		t.Errorf("too many trees: got %v, want a usage error", err)
	}
	if _, err := Lab(Scenario{Game: "tictactoe"}, 1); !errors.Is(err, ErrLabTooLarge) {
		t.Errorf("the whole tic-tac-toe game: got %v, want ErrLabTooLarge", err)
	}
	if _, err := Lab(Scenario{Random: "x"}, 3); !IsUsage(err) {
		t.Errorf("bad recipe: got %v, want a usage error", err)
	}
}

// BenchmarkLab is the target: 1,000 random trees of b=3, d=6
// under every ordering must answer within two seconds.
func BenchmarkLab(b *testing.B) {
	for b.Loop() {
		if _, err := Lab(Scenario{Random: "3,6"}, 1000); err != nil {
			b.Fatal(err)
		}
	}
}
