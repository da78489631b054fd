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

// FoldOfWidest is the widest of the page languages' words before a fold's
// total on its second line ("of", "von", "z"; TestFoldOfWidest keeps it
// so): the focus is drawn before the language is known, so the second
// lines are measured as if written in it.
const FoldOfWidest = "von "

// foldOfHalf is half the widest width of the second line of a fold's
// counts in the focus, in units, in any of the page languages.
func foldOfHalf(c FoldCount) float64 {
	return TextEm(FoldOfWidest+Compact(c.Total)) * FocusCountFont / 2
}

// FoldLow is how far down, in units, the counts of a fold are written
// where, even without their spaces, they would meet a neighbour's
// ("9999/9999" beside another in a row 58 units apart): under the
// neighbour's two lines, clear of their descent.
const FoldLow = 2*FoldLine + 3

// tightenFolds writes the counts of neighbouring folds of a focus row
// without their spaces (FoldCount.Tight) where, with them, the two first
// lines would come closer than FoldCountGap, and names in low the folds
// whose counts must go FoldLow down (see lowerFolds) where even so they
// would: decided from the measured widths of the texts at each step.
// Where the second lines, in the widest language, would come closer than
// FoldCountGap, both are written as the total alone (FoldCount.Short).
func tightenFolds(l *trace.Layout, counts map[string]FoldCount) (low map[string]bool) {
	var folded []trace.LayoutNode
	for _, n := range l.Nodes {
		if c, ok := counts[n.ID]; ok && !c.Made {
			folded = append(folded, n)
		}
	}
	slices.SortFunc(folded, func(a, b trace.LayoutNode) int {
		return cmp.Or(cmp.Compare(a.Y, b.Y), cmp.Compare(a.X, b.X))
	})
	near := func(a, b trace.LayoutNode, half func(FoldCount) float64) bool {
		return half(counts[a.ID])+half(counts[b.ID])+FoldCountGap*FocusCountFont > b.X-a.X
	}
	meet := func(a, b trace.LayoutNode) bool { return near(a, b, foldTextHalf) }
	low = map[string]bool{}
	for i := 1; i < len(folded); i++ {
		a, b := folded[i-1], folded[i]
		if a.Y != b.Y {
			continue
		}
		ca, cb := counts[a.ID], counts[b.ID]
		if near(a, b, foldOfHalf) {
			ca.Short, cb.Short = true, true
		}
		if meet(a, b) {
			ca.Tight, cb.Tight = true, true
		}
		counts[a.ID], counts[b.ID] = ca, cb
		if meet(a, b) && !low[a.ID] {
			low[b.ID] = true
		}
	}
	return low
}

// lowerFolds writes the counts of the folds named in low FoldLow lower.
func lowerFolds(d *Drawing, low map[string]bool) {
	for i := range d.Nodes {
		if n := &d.Nodes[i]; low[n.ID] && n.Fold != nil {
			n.FoldAt.TextY += FoldLow
			n.FoldAt.box.y1 += FoldLow
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
