package scenario

import (
	"slices"
	"strings"
	"testing"
)

// TestMCTSCurve: on the textbook tree MCTS's choice settles on B, the move
// alpha-beta proves best, and its estimate on B's value; the chart puts
// the last point at the right edge and alpha-beta's line at value 3.
func TestMCTSCurve(t *testing.T) {
	p, err := Scenario{Tree: "A(B(3 12 8) C(2 4 6) D(14 5 2))", Algo: "mcts", Iterations: 1000, Seed: 1}.Prepare()
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
	// The leaves run from 2 to 14: value 3 is 1/12 of the way up.
	ch := c.Chart
	top, bottom := chartPad/2.0, chartPad/2.0+(ChartHeight-1.5*chartPad)
	if want := bottom - (bottom-top)/12; ch.ExactY < want-0.01 || ch.ExactY > want+0.01 {
		t.Errorf("alpha-beta's line at y %v, want %v", ch.ExactY, want)
	}
	if m := ch.Marks[len(ch.Marks)-1]; m.X != ChartWidth-chartPad {
		t.Errorf("last mark at x %v, want the right edge %v", m.X, ChartWidth-chartPad)
	}
	if got := strings.Count(ch.Line, ","); got != len(c.Points) {
		t.Errorf("polyline has %d points, want %d", got, len(c.Points))
	}
	if ch.XTicks[0].Label != "1" || ch.XTicks[len(ch.XTicks)-1].Label != "1000" {
		t.Errorf("x ticks %+v, want 1 … 1000", ch.XTicks)
	}
	if _, err := (Scenario{Tree: Textbook}).Prepare(); err == nil {
		q, _ := Scenario{Tree: Textbook}.Prepare()
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
