package view

import (
	"math"
	"sort"
	"unicode/utf8"

	"github.com/abtrace/abtrace/trace"
)

// Label sizes. A drawing's labels are drawn at these font sizes (SVG user
// units) times its TextScale, which Draw chooses from the tree: as large
// as the tree's room allows, up to what makes them legible on a
// projector, so that a 40-node tree fitted in presenter mode at 1280×720
// shows its values at PresentValuePx and its α/β at PresentABPx.
const (
	ValueFont = 18 // the value or bound beside a node (.v)
	LeafFont  = 17 // the value in a leaf's box (.lv)
	ABFont    = 13 // the α/β lines (.ab)
	InFont    = 14 // the letter inside a glyph (.in)
	CutFont   = 14 // the test written under cut marks (.cut text)

	// PresentWidth and PresentHeight are the tree pane of presenter mode
	// at 1280×720, in CSS pixels: the pane the text scale is chosen for.
	PresentWidth, PresentHeight = 1260, 600
	// PresentValuePx and PresentABPx are the rendered sizes wanted there
	// (with a pixel to spare over the 24 and 18 a lecture hall needs).
	PresentValuePx, PresentABPx = 25, 19
	// MaxTextScale bounds TextScale.
	MaxTextScale = 2.4

	// charEm is the width of a label's character, in ems: the bold
	// digits and signs of DejaVu Sans, the font the page asks for, are at
	// most 0.7 em wide.
	charEm = 0.7
	// labelGap is the least room between two labels, in user units.
	labelGap = 6
)

// TextWidth estimates the width of a label in user units at a font size.
func TextWidth(s string, font float64) float64 {
	return float64(utf8.RuneCountInString(s)) * charEm * font
}

// widest labels a node can carry, in characters: α/β lines ("α=−∞", or
// the widest leaf value with "α="), and by node id its value: "≥ " and
// the widest leaf value below it (a node's value is one of them).
func widest(l *trace.Layout) (ab int, value map[string]int) {
	value = make(map[string]int, len(l.Nodes))
	leaf := 2
	for i := len(l.Nodes) - 1; i >= 0; i-- {
		n := l.Nodes[i]
		w := 1
		if n.Leaf || n.Folded {
			w = max(2, utf8.RuneCountInString(ShortText(n.Text)))
			if n.Folded || n.Text == "" {
				w = 4
			}
			leaf = max(leaf, w)
			w += 2
		}
		value[n.ID] = max(value[n.ID], w)
		if n.HasParent {
			value[n.Parent] = max(value[n.Parent], value[n.ID])
		}
	}
	return max(4, leaf+2), value
}

// textScale chooses the scale of a drawing's labels: the one that makes
// them legible in presenter mode's pane (PresentValuePx, PresentABPx),
// but no larger than the tree's room allows without overlaps: leaf boxes
// apart, and between two neighbouring nodes of a level the left one's
// value and the right one's α/β. It is 1 for trees that are legible
// already and for game trees drawn as boards.
//
// Where a level's neighbours have no room for the left one's value beside
// the right one's α/β, that level's nodes write their α/β under their
// value, on the right (stacked reports those levels by their y).
func textScale(l *trace.Layout, glyphs map[string]Glyph, board bool) (float64, map[float64]bool) {
	if board || len(l.Nodes) == 0 {
		return 1, nil
	}
	abChars, valChars := widest(l)
	// The scale the presenter's pane wants, with the margins that grow
	// with the labels.
	k := 1.0
	for range 6 {
		w := l.Width + (marginLeft+marginRight)*k
		h := l.Height + marginTop + marginBottom*k
		s := min(PresentWidth/w, PresentHeight/h)
		k = max(1, PresentValuePx/(ValueFont*s), PresentABPx/(ABFont*s), PresentValuePx/(LeafFont*s))
		k = min(k, MaxTextScale)
	}
	// The room: neighbours on one level, whose labels reach into the gap
	// between them.
	rows := map[float64][]trace.LayoutNode{}
	for _, n := range l.Nodes {
		rows[n.Y] = append(rows[n.Y], n)
	}
	abW := TextWidth(stringOf(abChars), ABFont)
	valW := func(id string) float64 { return TextWidth(stringOf(max(valChars[id], 3)), ValueFont) }
	// room reports whether a row's neighbours have room for their labels
	// at scale k, side by side (α/β left, value right) or stacked (both
	// right).
	room := func(row []trace.LayoutNode, k float64, stack bool) bool {
		for i := 1; i < len(row); i++ {
			a, b := row[i-1], row[i]
			var right, left float64
			switch {
			case glyphs[a.ID] == GlyphLeaf:
				right = leafWidthAt(ShortText(a.Text), k) / 2
			case stack:
				right = StackX + max(valW(a.ID), abW)*k
			default:
				right = 22 + valW(a.ID)*k
			}
			switch {
			case glyphs[b.ID] == GlyphLeaf:
				left = leafWidthAt(ShortText(b.Text), k) / 2
			case stack:
				left = 21
			default:
				left = 23 + abW*k
			}
			if right+left+labelGap > b.X-a.X {
				return false
			}
		}
		return true
	}
	var stacked map[float64]bool
	fits := func(k float64) bool {
		stacked = map[float64]bool{}
		ok := true
		for y, row := range rows {
			switch {
			case room(row, k, false):
			case room(row, k, true):
				stacked[y] = true
			default:
				ok = false
			}
		}
		return ok
	}
	for _, row := range rows {
		sort.Slice(row, func(i, j int) bool { return row[i].X < row[j].X })
	}
	k = math.Floor(k*20) / 20
	for k > 1 && !fits(k) {
		k -= 0.05
	}
	if k <= 1 {
		// No room to grow: base sizes, stacked where that makes room.
		k = 1
		fits(k)
	}
	return math.Round(k*20) / 20, stacked
}

// StackX is the distance from a node's centre to its labels on a level
// where they are stacked on the right.
const StackX = 24

func stringOf(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = '0'
	}
	return string(b)
}
