package view

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/abtrace/abtrace/trace"
)

// The charts of the comparison and of the ordering lab, laid out here
// as the trees are: every position a page writes and every text it shows
// in a chart is decided in this file (and in curve.go for the chart of
// MCTS against alpha-beta); the templates print them.

// ChartText is a text a chart writes, anchored at X, Y.
type ChartText struct {
	X, Y float64
	Text string
}

// ChartTick is one labelled position on an axis: Pos along the axis,
// Label its number where the chart writes it.
type ChartTick struct {
	Pos   float64
	Label ChartText
}

// ChartRef is a reference line across the plot (the full tree, the
// Knuth–Moore minimum) at Pos: a y in the comparison's chart, an x in the
// lab's. Value is the number it stands for.
type ChartRef struct {
	Class string
	Pos   float64
	Value int
	Label ChartText
}

// ChartLine is one pane's line in the comparison's chart: its class
// (colour), its name, and its points as an SVG polyline. Title is the
// name as the page writes it (set by the page, which words it).
type ChartLine struct {
	Class, Name, Title, Points string
}

// The comparison's chart, in SVG user units: its box and the margins
// around the plot (the reference lines' texts stand in the right one).
const (
	leavesChartW, leavesChartH = 900.0, 260.0
	leavesLeft, leavesRight    = 56.0, 150.0
	leavesTop, leavesBottom    = 14.0, 34.0
	// tickGap is the room between an axis and its numbers; tickBelow
	// and axisLabelBelow put the x axis's numbers and its name under it;
	// textMiddle moves a text's baseline so that it is centred on a line.
	tickGap, tickBelow, axisLabelBelow, textMiddle = 6.0, 16.0, 31.0, 4.0
)

// LeavesChart is the comparison's chart: leaves evaluated against the
// shared step, one line per pane, with the full tree and the Knuth–Moore
// minimum as reference lines.
type LeavesChart struct {
	ViewBox string
	// X0, X1 are the plot's left and right edges, Y0 its bottom (the x
	// axis) and Y1 its top.
	X0, X1, Y0, Y1 float64
	Lines          []ChartLine
	Refs           []ChartRef
	XTicks, YTicks []ChartTick
	// XLabel names the x axis (steps by event or by node), YLabel the
	// y axis (leaves).
	XLabel, YLabel ChartText
	total, top     int
}

// X is the chart's x at a shared step.
func (ch *LeavesChart) X(step int) float64 {
	return ch.X0 + (ch.X1-ch.X0)*float64(step)/float64(max(ch.total, 1))
}

// Y is the chart's y at a number of leaves.
func (ch *LeavesChart) Y(leaves int) float64 {
	return ch.Y0 - (ch.Y0-ch.Y1)*float64(leaves)/float64(max(ch.top, 1))
}

// LeavesChartOf lays out the panes' whole searches (the panes must be
// ready) beside minimax's leaves (the full tree) and the Knuth–Moore
// minimum, each left out when 0 or less; words words the chart's texts.
// The lines' titles are their names until the page words them.
func LeavesChartOf(pn *Panes, minimax, knuthMoore int, words func(trace.Phrase) string) LeavesChart {
	ch := LeavesChart{ViewBox: "0 0 " + Num(leavesChartW) + " " + Num(leavesChartH),
		X0: leavesLeft, X1: leavesChartW - leavesRight, Y0: leavesChartH - leavesBottom, Y1: leavesTop,
		total: max(pn.Total(), 1), top: max(minimax, knuthMoore, 1)}
	series, samples := pn.Series(), pn.Samples()
	for _, s := range series {
		for _, l := range s {
			ch.top = max(ch.top, l)
		}
	}
	for i, s := range series {
		var b strings.Builder
		for j, l := range s {
			if j > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(Num(ch.X(samples[j])) + "," + Num(ch.Y(l)))
		}
		name := pn.Panes()[i].Name
		ch.Lines = append(ch.Lines, ChartLine{Class: PaneClass(i), Name: name, Title: name, Points: b.String()})
	}
	ref := func(class, id string, v int) ChartRef {
		y := ch.Y(v)
		return ChartRef{Class: class, Pos: y, Value: v,
			Label: ChartText{X: ch.X1 + tickGap, Y: y + textMiddle, Text: words(trace.Phrase{ID: id, Args: map[string]any{"N": ThousandsIn(words, v)}})}}
	}
	if minimax > 0 {
		ch.Refs = append(ch.Refs, ref("ref-full", "compare.chart.full", minimax))
	}
	if knuthMoore > 0 {
		ch.Refs = append(ch.Refs, ref("ref-km", "compare.chart.km", knuthMoore))
	}
	for _, t := range NiceTicks(ch.total) {
		x := ch.X(t)
		ch.XTicks = append(ch.XTicks, ChartTick{Pos: x, Label: ChartText{X: x, Y: ch.Y0 + tickBelow, Text: ThousandsIn(words, t)}})
	}
	for _, t := range NiceTicks(ch.top) {
		y := ch.Y(t)
		ch.YTicks = append(ch.YTicks, ChartTick{Pos: y, Label: ChartText{X: ch.X0 - tickGap, Y: y + textMiddle, Text: ThousandsIn(words, t)}})
	}
	xLabel := "compare.chart.x.event"
	if pn.By() == ByNode {
		xLabel = "compare.chart.x.node"
	}
	ch.XLabel = ChartText{X: (ch.X0 + ch.X1) / 2, Y: ch.Y0 + axisLabelBelow, Text: words(trace.Phrase{ID: xLabel})}
	ch.YLabel = ChartText{X: 12, Y: ch.Y1 + 2, Text: words(trace.Phrase{ID: "compare.leaves"})}
	return ch
}

// PaneClass is the class of a comparison's i-th pane (pane-0, pane-1,
// …): its colour, on the page and in the charts.
func PaneClass(i int) string { return "pane-" + strconv.Itoa(i) }

// NiceTicks returns about five round numbers from 0 to n.
func NiceTicks(n int) []int {
	if n <= 0 {
		return []int{0}
	}
	raw := float64(n) / 5
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := mag
	for _, m := range []float64{1, 2, 5, 10} {
		if mag*m >= raw {
			step = mag * m
			break
		}
	}
	st := max(int(step), 1)
	var out []int
	for t := 0; t <= n; t += st {
		out = append(out, t)
	}
	return out
}

// Thousands writes n with its thousands separated as English writes
// them: 2,199,784 (ThousandsIn(nil, n)).
func Thousands(n int) string { return trace.Thousands(n, trace.GroupEnglish) }

// ThousandsIn writes n with its thousands separated as the language of
// words writes them, the one rule for every page, panel, export and
// narration: 2,199,784 in English, 2 199 784 with
// no-break spaces in German and Czech. The message number.group holds each
// language's separator; words nil is English. Machine text (JSON, the
// command line) writes plain digits.
func ThousandsIn(words func(trace.Phrase) string, n int) string {
	sep := trace.GroupEnglish
	if words != nil {
		if g := words(trace.Phrase{ID: "number.group"}); g != "" && g != "number.group" {
			sep = g
		}
	}
	return trace.Thousands(n, sep)
}

// MeanIn writes a mean of counts (leaves, nodes, cutoffs over many trees)
// as a lecturer's table does, in the language of words (nil: English):
// with one decimal below a thousand (77.0, 206.5), as a whole count with
// its thousands grouped from a thousand up (3,024), where a decimal would
// add nothing and, in German, read as a third group (3.024.0).
func MeanIn(words func(trace.Phrase) string, x float64) string {
	if math.Abs(x) >= 1000 {
		return ThousandsIn(words, int(math.Round(x)))
	}
	return strconv.FormatFloat(x, 'f', 1, 64)
}

// LabRow is what the lab's plot shows of one ordering: its name, as the
// page writes it (Title), and its leaves over the lab's trees.
type LabRow struct {
	Name, Title  string
	Mean, StdDev float64
	Min, Max     int
}

// LabPlotRow is one ordering's range in the lab's plot: the line from
// its least to its most leaves, the box of the mean ± one standard
// deviation, the dot of the mean, its title's place, at height Y.
type LabPlotRow struct {
	Class, Name                 string
	Title                       ChartText
	Y                           float64
	XMin, XMax, XLo, XHi, XMean float64
	// BoxY and BoxW are the box's top and width (at least one unit).
	BoxY, BoxW float64
}

// LabPlot is the lab's plot: each ordering's leaves as a range, rows
// below one another, with the full tree (or minimax's mean) and the
// Knuth–Moore minimum as vertical lines. X0, X1 are the plot's left and
// right edges, Y0 its top (below the reference lines' texts) and Y1 its
// bottom (the axis).
type LabPlot struct {
	ViewBox        string
	X0, X1, Y0, Y1 float64
	Rows           []LabPlotRow
	Refs           []ChartRef
	Ticks          []ChartTick
	// Axis names the axis (written by the page, which words it) under
	// the ticks.
	Axis ChartText
	// RefTop is where a reference line begins, above the rows, under its
	// text.
	RefTop float64
}

// The lab plot's geometry, in user units: its width and the room right
// of the plot, a row's height and its box's, the room above the rows
// and under them, the row names' font size (.lab-row .row-name) and the
// widest a bold character of it is (DejaVu Sans Bold's widest lower-case
// letters, m and w, are about 0.72 em; a name is mostly narrower ones),
// the gap between a name and the axis, and the least room the names get.
const (
	labW, labRight        = 900.0, 40.0
	labRowH, labBoxH      = 34.0, 16.0
	labTop, labAxisRoom   = 24.0, 40.0
	labFoot               = 50.0
	labNameFont           = 13.0
	labNameEm             = 0.72
	labNameGap            = 8.0
	labNameMinLeft        = 60.0
	labRefAbove, labAxisY = 10.0, 32.0
)

// labNameWidth is the room a row name takes at the plot's font size.
func labNameWidth(s string) float64 {
	return float64(utf8.RuneCountInString(s)) * labNameEm * labNameFont
}

// LabPlotOf lays out the lab's rows beside the full tree's leaves on
// uniform trees (full, 0 otherwise; else minimax's mean leaves) and the
// Knuth–Moore minimum (0 leaves it out). The plot starts right of the
// longest row title.
func LabPlotOf(rows []LabRow, full, knuthMoore int, minimaxMean float64, minimaxMax int, words func(trace.Phrase) string) LabPlot {
	left := labNameMinLeft
	for _, r := range rows {
		left = max(left, labNameWidth(r.Title)+2*labNameGap)
	}
	h := labAxisRoom + labRowH*float64(len(rows)) + labFoot
	p := LabPlot{ViewBox: "0 0 " + Num(labW) + " " + Num(h), X0: left, X1: labW - labRight, Y0: labTop, Y1: h - labAxisRoom}
	p.RefTop = p.Y0 - labRefAbove
	top := max(full, minimaxMax, 1)
	for _, r := range rows {
		top = max(top, r.Max)
	}
	x := func(v float64) float64 { return p.X0 + (p.X1-p.X0)*v/float64(top) }
	for i, r := range rows {
		y := p.Y0 + labRowH*(float64(i)+0.5)
		row := LabPlotRow{Class: PaneClass(i % 4), Name: r.Name, Title: ChartText{X: p.X0 - labNameGap, Y: y + 5, Text: r.Title}, Y: y,
			XMin: x(float64(r.Min)), XMax: x(float64(r.Max)), XLo: x(max(r.Mean-r.StdDev, float64(r.Min))),
			XHi: x(min(r.Mean+r.StdDev, float64(r.Max))), XMean: x(r.Mean), BoxY: y - labBoxH/2}
		row.BoxW = max(row.XHi-row.XLo, 1)
		p.Rows = append(p.Rows, row)
	}
	ref := func(class, text string, v float64, value int) ChartRef {
		return ChartRef{Class: class, Pos: x(v), Value: value, Label: ChartText{X: x(v), Y: p.Y0 - 12, Text: text}}
	}
	if full > 0 {
		p.Refs = append(p.Refs, ref("ref-full", "b^d = "+ThousandsIn(words, full), float64(full), full))
	} else if minimaxMean > 0 {
		p.Refs = append(p.Refs, ref("ref-full", "Minimax "+MeanIn(words, minimaxMean), minimaxMean, int(minimaxMean)))
	}
	if knuthMoore > 0 {
		p.Refs = append(p.Refs, ref("ref-km", "Knuth–Moore "+ThousandsIn(words, knuthMoore), float64(knuthMoore), knuthMoore))
	}
	for _, t := range NiceTicks(top) {
		tx := x(float64(t))
		p.Ticks = append(p.Ticks, ChartTick{Pos: tx, Label: ChartText{X: tx, Y: p.Y1 + tickBelow, Text: ThousandsIn(words, t)}})
	}
	p.Axis = ChartText{X: (p.X0 + p.X1) / 2, Y: p.Y1 + labAxisY}
	return p
}
