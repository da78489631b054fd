package scenario

import (
	"slices"
	"testing"

	"github.com/abtrace/abtrace/search/tree"
)

// TestMCTSCurve: on the textbook tree MCTS's choice settles on B, the move
// alpha-beta proves best, and its estimate on B's value.
func TestMCTSCurve(t *testing.T) {
	p, err := Scenario{Tree: tree.TwoPlyGameTree, Algo: "mcts", Iterations: 1000, Seed: 1}.Prepare()
	if err != nil {
		t.Fatal(err)
	}
	c, err := p.MCTSCurve(12)
	if err != nil {
		t.Fatal(err)
	}
	if c.Exact != 3 || !slices.Equal(c.ExactBest, []string{"0"}) {
		t.Errorf("exact %v best %v, want 3 and [0]", c.Exact, c.ExactBest)
	}
	if len(c.Points) < 8 || c.Points[0].Iter != 1 {
		t.Fatalf("points %+v, want about 12 from iteration 1", c.Points)
	}
	last := c.Points[len(c.Points)-1]
	if last.Iter != 1000 || last.Best != "0" || !last.Agrees || last.Move != "B" {
		t.Errorf("last point %+v, want iteration 1000 choosing B, agreeing with alpha-beta", last)
	}
	for i := 1; i < len(c.Points); i++ {
		if c.Points[i].Iter <= c.Points[i-1].Iter {
			t.Errorf("iterations not increasing: %+v", c.Points)
		}
	}
	if c.Low != 2 || c.High != 14 || c.Iterations != 1000 {
		t.Errorf("outcomes %v to %v after %d iterations, want 2 to 14 after 1000", c.Low, c.High, c.Iterations)
	}
	if _, err := (Scenario{Tree: tree.TwoPlyGameTree}).Prepare(); err == nil {
		q, _ := Scenario{Tree: tree.TwoPlyGameTree}.Prepare()
		if _, err := q.MCTSCurve(5); err == nil || !IsUsage(err) {
			t.Errorf("curve of alpha-beta: %v, want a usage error", err)
		}
	}
	if _, err := p.MCTSCurve(1); err == nil {
		t.Error("a curve of 1 point: no error")
	}
}

func TestSamplePoints(t *testing.T) {
	for _, tt := range []struct {
		n, k int
		want []int
	}{
		{1000, 4, []int{1, 10, 100, 1000}},
		{5, 10, []int{1, 2, 3, 4, 5}},
		{1, 3, []int{1}},
	} {
		if got := samplePoints(tt.n, tt.k); !slices.Equal(got, tt.want) {
			t.Errorf("samplePoints(%d, %d) = %v, want %v", tt.n, tt.k, got, tt.want)
		}
	}
}
