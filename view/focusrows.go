package view

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/trace"
)

// The labels of a Monte-Carlo search's focus. Each node writes its wins
// and visits (W/N, "44.5/121"), wider than the room between two
// neighbours of a row of boards (62 units) or of GDL's diamonds (58): a
// row of nine children wrote "13.5/2226.5/34" where the generic placement
// found no clear place and settled. Here every child writes its W/N under
// its glyph, centred; where the widest W/N the search can write is wider
// than the room to the next child on its line, the children's labels take
// turns over as many lines as that needs (the children of a row stand in
// their moves' slots, so a child's line depends only on its slot: a step
// never moves a label). The fold glyph and the edges down to a node's
// children begin under those lines, and the root writes its W/N on its
// right, where it has no neighbour.

// MaxRowLabelLines bounds the lines a row's labels take turns over.
const MaxRowLabelLines = 4

// rowLabelGap is the least room between two labels side by side on one
// line of a row, in layout units, besides their labelPad.
const rowLabelGap = 4

// WinsVisitsEm is the width, in ems, of the widest W/N a Monte-Carlo
// search of iterations iterations writes: wins with a half ("999.5")
// over visits of as many digits.
func WinsVisitsEm(iterations int) float64 {
	d := strings.Repeat("9", len(strconv.Itoa(max(iterations, 1))))
	return TextEm(d + ".5/" + d)
}

// rowLine is the distance between two lines of row labels at font vf.
func rowLine(vf float64) float64 { return (textAscent+textDescent)*vf + 2*labelPad + 1 }

// rowLines is how many lines labels vw units wide take turns over when
// neighbours on a line are d units apart.
func rowLines(vw, d float64) int {
	if d <= 0 || math.IsInf(d, 1) {
		return 1
	}
	need := vw + 2*labelPad + rowLabelGap
	return min(max(1, int(math.Ceil(need/d-1e-9))), MaxRowLabelLines)
}

// rowBand is how far under a glyph's bottom its m lines of labels at
// font vf reach.
func rowBand(m int, vf float64) float64 { return gap + float64(m)*rowLine(vf) }

// rowValueFont is the value font of a glyph in a row at fonts f.
func rowValueFont(g Glyph, f Fonts) float64 {
	if g.Below() {
		return f.LeafValue
	}
	return f.Value
}

// rowLevelRoom is how much lower a row of the focus must be under its
// parent's row to hold its W/N labels of em ems over as many lines as
// neighbours d units apart need, the fold glyph under them (boards tells
// the glyph: a board, whose fold already hangs under a line of value);
// reach is how far under a node's centre its labels and fold glyph reach.
func rowLevelRoom(em, d float64, board bool) (room, reach float64) {
	g := GlyphMax
	if board {
		g = GlyphBoard
	}
	vf := rowValueFont(g, fontsAt(1))
	under := g.Bottom() + rowBand(rowLines(em*vf, d), vf)
	fd := rowFold(foldOf(g, false), g, under)
	return max(0, under+2-g.Bottom()-g.FoldGap()), fd.box.y1
}

// rowSlots is, for each depth of l, the distance between two neighbours
// on one line of its row and the number of lines the row zigzags over.
func rowSlots(l *trace.Layout) (apart map[int]float64, lines map[int]int) {
	rows := map[int][]trace.LayoutNode{}
	for _, n := range l.Nodes {
		rows[n.Depth] = append(rows[n.Depth], n)
	}
	apart, lines = map[int]float64{}, map[int]int{}
	for d, r := range rows {
		slices.SortFunc(r, func(a, b trace.LayoutNode) int { return a.Index - b.Index })
		ys := map[float64]bool{}
		step := math.Inf(1)
		for i, n := range r {
			ys[n.Y] = true
			if i > 0 && n.Index > r[i-1].Index {
				step = min(step, math.Abs(n.X-r[i-1].X)/float64(n.Index-r[i-1].Index))
			}
		}
		lines[d] = len(ys)
		apart[d] = step * float64(len(ys))
	}
	return apart, lines
}

// rowPlacement places the labels of a Monte-Carlo search's focus l, whose
// widest W/N is em ems: the root's on its right, every other node's under
// its glyph on the line its slot takes (see above); under holds how far
// under each node's centre its labels reach.
func rowPlacement(l *trace.Layout, glyphs map[string]Glyph, em float64) placement {
	f := fontsAt(1)
	p := placement{k: 1, at: make([]place, len(l.Nodes)), under: make([]float64, len(l.Nodes)), ok: true}
	lb := &labelBounds{p: &p}
	apart, lines := rowSlots(l)
	for i, n := range l.Nodes {
		g := glyphs[n.ID]
		gr := glyphRect(g, n, 1)
		vf := rowValueFont(g, f)
		vw := em * vf
		at := place{ABX: gr.x1 + gap, ABY: 0, ABAnchor: anchorStart}
		if !n.HasParent {
			vh := (textAscent + textDescent) * vf
			at.ValueX, at.ValueY, at.ValueAnchor = gr.x1+gap, textAscent*vf-vh/2, anchorStart
		} else {
			m := rowLines(vw, apart[n.Depth])
			j := (n.Index / max(lines[n.Depth], 1)) % m
			at.ValueY = gr.y1 + gap + labelPad + textAscent*vf + float64(j)*rowLine(vf)
			at.ValueAnchor = anchorMiddle
			p.under[i] = gr.y1 + rowBand(m, vf)
			pn, _ := l.Node(n.Parent)
			lb.add(segment{pn.X, pn.Y, n.X, n.Y}.bounds())
		}
		p.at[i] = at
		lb.add(gr.shift(n.X, n.Y))
		lb.add(textRect(at.ValueX, at.ValueY, at.ValueAnchor.String(), vw, vf, 1, 0).shift(n.X, n.Y).grow(labelPad))
		if n.Folded {
			lb.add(rowFold(foldOf(g, l.Across), g, p.under[i]).box.shift(n.X, n.Y))
		}
	}
	return p
}

// rowFold is fold glyph fd of a node of glyph g moved under its labels,
// which reach under units under its centre (0: where foldOf puts it).
func rowFold(fd Fold, g Glyph, under float64) Fold {
	dy := under + 2 - (g.Bottom() + g.FoldGap())
	if under <= 0 || dy <= 0 {
		return fd
	}
	for i := range fd.Fan {
		fd.Fan[i][1] += dy
	}
	fd.TextY += dy
	fd.box = fd.box.shift(0, dy)
	// A Monte-Carlo fold writes one line of counts.
	fd.box.y1 -= FoldLine
	return fd
}
