package view

import (
	"strconv"

	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/trace"
)

// CurveChart is the chart of MCTS against alpha-beta as the page draws
// it: MCTS's estimate of the move it would choose as the iterations grow
// (x on a logarithmic scale), a dot per sample coloured by whether that
// move is one alpha-beta proves best, the move written where the choice
// changes, and alpha-beta's exact value as a horizontal line. Every
// position and text is decided here (on scenario.Curve's layout).
type CurveChart struct {
	Width, Height float64
	// Line is the estimate as SVG polyline points; ExactY alpha-beta's
	// value, ExactText its label ("alpha-beta 3: B").
	Line      string
	ExactY    float64
	Exact     string
	ExactBest []string // the moves alpha-beta proves best, named
	XTicks    []scenario.Tick
	YTicks    []scenario.Tick
	Points    []CurvePoint
	// Left and Right are the x extent of the plot, Bottom its lower edge.
	Left, Right, Bottom float64
	// Final is the last sample: what MCTS answers after all its iterations.
	Final CurvePoint
}

// CurvePoint is one sample of the curve: after Iter iterations MCTS
// would choose Move with estimate Estimate; Agrees when alpha-beta proves
// Move best. Label is set where the choice changes (and at the first
// sample): the move's name, written above the dot.
type CurvePoint struct {
	X, Y     float64
	Iter     string
	Move     string
	Estimate string
	Agrees   bool
	Label    string
}

// CurveChartOf lays out a curve for the page. names maps the ids of the
// root's moves to their names (ExactBest holds ids).
func CurveChartOf(c scenario.Curve, name func(id string) string) *CurveChart {
	ch := c.Chart
	out := &CurveChart{Width: ch.Width, Height: ch.Height, Line: ch.Line, ExactY: ch.ExactY, Exact: trace.Num(c.Exact).String(),
		XTicks: ch.XTicks, YTicks: ch.YTicks}
	for _, id := range c.ExactBest {
		out.ExactBest = append(out.ExactBest, name(id))
	}
	out.Left, out.Right, out.Bottom = ch.Width, 0, 0
	for _, t := range ch.XTicks {
		out.Left, out.Right = min(out.Left, t.At), max(out.Right, t.At)
	}
	for _, t := range ch.YTicks {
		out.Bottom = max(out.Bottom, t.At)
	}
	prev := ""
	for i, p := range c.Points {
		m := ch.Marks[i]
		pt := CurvePoint{X: m.X, Y: m.Y, Iter: strconv.Itoa(p.Iter), Move: p.Move, Estimate: Decimal(p.Estimate), Agrees: p.Agrees}
		if p.Move != prev {
			pt.Label = p.Move
		}
		prev = p.Move
		out.Points = append(out.Points, pt)
	}
	if n := len(out.Points); n > 0 {
		out.Final = out.Points[n-1]
	}
	return out
}
