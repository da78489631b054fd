package view

import (
	"math"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/trace"
)

// CurveChart is the chart of MCTS against alpha-beta as the page draws
// it: MCTS's estimate of the move it would choose as the iterations grow
// (x on a logarithmic scale), a dot per sample coloured by whether that
// move is one alpha-beta proves best, the move written where the choice
// changes, and alpha-beta's exact value as a horizontal line. Every
// position and text is decided here, from scenario.Curve's samples.
type CurveChart struct {
	Width, Height float64
	// Line is the estimate as SVG polyline points; ExactY alpha-beta's
	// value, Exact its number and ExactAt where the page writes it.
	Line      string
	ExactY    float64
	Exact     string
	ExactAt   ChartText
	ExactBest []string // the moves alpha-beta proves best, named
	XTicks    []ChartTick
	YTicks    []ChartTick
	Points    []CurvePoint
	// Left and Right are the x extent of the plot, Bottom its lower edge;
	// Axis is where the x axis's name is written (the page words it).
	Left, Right, Bottom float64
	Axis                ChartText
	// Final is the last sample: what MCTS answers after all its iterations.
	Final CurvePoint
}

// CurvePoint is one sample of the curve: after Iter iterations MCTS
// would choose Move with estimate Estimate; Agrees when alpha-beta proves
// Move best. Label is set where the choice changes (and at the first
// sample): the move's name, written above the dot (at LabelY).
type CurvePoint struct {
	X, Y float64
	// Iter is the iterations in digits (the dot's data-iter); IterText as
	// the page writes them (ThousandsIn: 1,033).
	Iter, IterText string
	Move           string
	Estimate       string
	Agrees         bool
	Label          string
	LabelY         float64
}

// The curve's box, in SVG units, and its margins: curvePad left and
// right of the plot and under it (its numbers and name), half of it
// above; curveExactBelow puts alpha-beta's value under its line and
// curveLabelAbove a move's name over its dot.
const (
	CurveWidth      = 600.0
	CurveHeight     = 240.0
	curvePad        = 36.0
	curveExactBelow = 15.0
	curveLabelAbove = 9.0
)

// CurveChartOf lays out a curve for the page. name names the root's
// moves by their ids (ExactBest holds ids); words is the page's language
// (nil: English), which writes the iterations.
func CurveChartOf(c scenario.Curve, name func(id string) string, words func(trace.Phrase) string) *CurveChart {
	out := &CurveChart{Width: CurveWidth, Height: CurveHeight, Exact: trace.Num(c.Exact).String(),
		Left: curvePad, Right: CurveWidth - curvePad, Bottom: CurveHeight - curvePad}
	iters := c.Iterations
	if n := len(c.Points); iters == 0 && n > 0 {
		iters = c.Points[n-1].Iter
	}
	x := func(it int) float64 {
		if iters <= 1 {
			return curvePad
		}
		return curvePad + (CurveWidth-2*curvePad)*math.Log(float64(it))/math.Log(float64(iters))
	}
	low, high := c.Low, c.High
	if high <= low {
		low, high = low-1, low+1
	}
	y := func(v float64) float64 {
		return curvePad/2 + (CurveHeight-1.5*curvePad)*(high-v)/(high-low)
	}
	for _, id := range c.ExactBest {
		out.ExactBest = append(out.ExactBest, name(id))
	}
	var pts []string
	prev := ""
	for _, p := range c.Points {
		px, py := x(p.Iter), y(p.Estimate)
		pts = append(pts, strconv.FormatFloat(px, 'f', 1, 64)+","+strconv.FormatFloat(py, 'f', 1, 64))
		pt := CurvePoint{X: px, Y: py, Iter: strconv.Itoa(p.Iter), IterText: ThousandsIn(words, p.Iter), Move: p.Move, Estimate: Decimal(p.Estimate), Agrees: p.Agrees,
			LabelY: py - curveLabelAbove}
		if p.Move != prev {
			pt.Label = p.Move
		}
		prev = p.Move
		out.Points = append(out.Points, pt)
	}
	out.Line = strings.Join(pts, " ")
	out.ExactY = y(c.Exact)
	out.ExactAt = ChartText{X: out.Right, Y: out.ExactY + curveExactBelow}
	tick := func(it int) ChartTick {
		return ChartTick{Pos: x(it), Label: ChartText{X: x(it), Y: out.Bottom + tickBelow, Text: ThousandsIn(words, it)}}
	}
	last := 0
	for it := 1; it <= max(iters, 1); it *= 10 {
		out.XTicks = append(out.XTicks, tick(it))
		last = it
	}
	if iters > 1 && last != iters {
		out.XTicks = append(out.XTicks, tick(iters))
	}
	for _, v := range []float64{low, (low + high) / 2, high} {
		out.YTicks = append(out.YTicks, ChartTick{Pos: y(v), Label: ChartText{X: out.Left - tickGap, Y: y(v) + textMiddle, Text: trace.Num(v).String()}})
	}
	out.Axis = ChartText{X: (out.Left + out.Right) / 2, Y: out.Bottom + axisLabelBelow}
	if n := len(out.Points); n > 0 {
		out.Final = out.Points[n-1]
	}
	return out
}
