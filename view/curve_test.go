package view

import (
	"github.com/abtrace/abtrace/search/tree"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search/scenario"
)

// TestCurveChart lays out the textbook curve: alpha-beta proves 3 with B
// best; the dots sit on the polyline's points, the move is written only
// where MCTS's choice changes, and the last dot is MCTS's answer.
func TestCurveChart(t *testing.T) {
	p, err := scenario.Scenario{Tree: tree.TwoPlyGameTree, Algo: "mcts", Iterations: 300, Seed: 1}.Prepare()
	if err != nil {
		t.Fatal(err)
	}
	c, err := p.MCTSCurve(16)
	if err != nil {
		t.Fatal(err)
	}
	ch := CurveChartOf(c, p.MoveLabel, nil)
	if ch.Exact != "3" || !slices.Equal(ch.ExactBest, []string{"B"}) {
		t.Errorf("exact %q best %v, want 3 and [B]", ch.Exact, ch.ExactBest)
	}
	if len(ch.Points) != len(c.Points) {
		t.Fatalf("got %d points, want %d", len(ch.Points), len(c.Points))
	}
	prev := ""
	for i, pt := range ch.Points {
		if want := c.Points[i].Move; pt.Move != want {
			t.Errorf("point %d: move %q, want %q", i, pt.Move, want)
		}
		if (pt.Label != "") != (pt.Move != prev) {
			t.Errorf("point %d (%s after %s): label %q, want one exactly where the choice changes", i, pt.Move, prev, pt.Label)
		}
		if pt.X < ch.Left || pt.X > ch.Right || pt.Y > ch.Bottom || pt.Y < 0 {
			t.Errorf("point %d at (%v, %v) lies outside the plot [%v, %v] × [0, %v]", i, pt.X, pt.Y, ch.Left, ch.Right, ch.Bottom)
		}
		prev = pt.Move
	}
	if ch.Final != ch.Points[len(ch.Points)-1] || ch.Final.Iter != "300" || ch.Final.Move != "B" || !ch.Final.Agrees {
		t.Errorf("final %+v, want B after 300 iterations, agreeing", ch.Final)
	}
	if ch.Points[0].Iter != "1" || ch.Points[0].Label != "B" {
		t.Errorf("first point %+v, want B after 1 iteration, labelled", ch.Points[0])
	}
	if ch.Left != 36 || ch.Right != CurveWidth-36 || ch.Final.X != ch.Right {
		t.Errorf("plot spans x %v to %v, last point at %v, want 36 to %v, the last point at the right edge", ch.Left, ch.Right, ch.Final.X, CurveWidth-36)
	}
	// The leaves run from 2 to 14: value 3 is 1/12 of the way up.
	if want := ch.Bottom - (ch.Bottom-curvePad/2)/12; math.Abs(ch.ExactY-want) > 0.01 {
		t.Errorf("alpha-beta's line at y %v, want %v", ch.ExactY, want)
	}
	if got := strings.Count(ch.Line, ","); got != len(c.Points) {
		t.Errorf("polyline has %d points, want %d", got, len(c.Points))
	}
	if ch.XTicks[0].Label.Text != "1" || ch.XTicks[len(ch.XTicks)-1].Label.Text != "300" || ch.XTicks[len(ch.XTicks)-1].Pos != ch.Right {
		t.Errorf("x ticks %+v, want 1 … 300 at the right edge", ch.XTicks)
	}
}
