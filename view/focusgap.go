package view

import (
	"cmp"
	"slices"

	"github.com/abtrace/abtrace/trace"
)

// FoldCountGap is the least room between the counts of two neighbouring
// folds of a focus row, in ems of their font: less and "102 / 124" beside
// "33 / 34" reads "102 / 12433 / 34".
const FoldCountGap = 0.3

// foldTextHalf is half the width of the first line of a fold's counts in
// the focus, in units.
func foldTextHalf(c FoldCount) float64 { return TextEm(c.Seen()) * FocusCountFont / 2 }

// tightenFolds writes the counts of neighbouring folds of a focus row
// without their spaces (FoldCount.Tight) where, with them, the two first
// lines would come closer than FoldCountGap: decided from the measured
// widths of the texts at each step.
func tightenFolds(l *trace.Layout, counts map[string]FoldCount) {
	var folded []trace.LayoutNode
	for _, n := range l.Nodes {
		if c, ok := counts[n.ID]; ok && !c.Made {
			folded = append(folded, n)
		}
	}
	slices.SortFunc(folded, func(a, b trace.LayoutNode) int {
		return cmp.Or(cmp.Compare(a.Y, b.Y), cmp.Compare(a.X, b.X))
	})
	for i := 1; i < len(folded); i++ {
		a, b := folded[i-1], folded[i]
		if a.Y != b.Y {
			continue
		}
		ca, cb := counts[a.ID], counts[b.ID]
		if foldTextHalf(ca)+foldTextHalf(cb)+FoldCountGap*FocusCountFont > b.X-a.X {
			ca.Tight, cb.Tight = true, true
			counts[a.ID], counts[b.ID] = ca, cb
		}
	}
}

// windowBox is the box of node n's α/β lines as drawn, relative to its
// centre.
func windowBox(n *Node) rect {
	f := fontsAt(1)
	w := max(TextEm(n.Alpha), TextEm(n.Beta)) * f.AB
	return textRect(n.ABX, n.ABY, n.ABAnchor, w, f.AB, 2, f.ABLine)
}

// apart is the distance between two boxes (0 where they meet).
func apart(a, b rect) float64 {
	dx := max(a.x0-b.x1, b.x0-a.x1, 0)
	dy := max(a.y0-b.y1, b.y0-a.y1, 0)
	return max(dx, dy)
}

// nearWindows writes the α/β lines of a focus node that has no value
// shown yet where its value goes (beside its glyph), when the place kept
// for them lies beyond that value's room and so more than a glyph's width
// from the node: the α/β belongs to the node it is written next to.
func nearWindows(d *Drawing) {
	f := fontsAt(1)
	for i := range d.Nodes {
		n := &d.Nodes[i]
		if n.Alpha == "" || n.Shown != "" || n.Who != "" {
			continue
		}
		gr := glyphRect(n.Glyph, n.LayoutNode, 1)
		if apart(windowBox(n), gr) <= gr.x1-gr.x0 {
			continue
		}
		vh := (textAscent + textDescent) * f.Value
		cy := n.ValueY - textAscent*f.Value + vh/2
		ah := f.ABLine + (textAscent+textDescent)*f.AB
		n.ABX, n.ABY, n.ABAnchor = n.ValueX, cy-ah/2+textAscent*f.AB, n.ValueAnchor
	}
}
