package view

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search/scenario"

	"github.com/abtrace/abtrace/trace"
)

// TestFocusCardLabelsApart: in the focus of the card game's trap at step
// 630 (after ♣9 ♣5), in the viewer's pane and a phone's, the counts of
// neighbouring folds keep FoldCountGap between them ("102 / 124" beside
// "33 / 34" read "102 / 12433 / 34"), and every α/β is written within a
// glyph's width of its own node (one stood 130 units off, beyond the room
// kept for the node's value).
func TestFocusCardLabelsApart(t *testing.T) {
	p, s := prepare(t, "game=cards&deal=trap&algo=clairvoyance")
	cur := NewCursor(p, s)
	defer cur.Close()
	cur.Seek(630)
	if err := cur.WorkAll(context.Background()); err != nil {
		t.Fatal(err)
	}
	f := cur.Frame()
	for _, w := range []float64{ViewerPaneWidth, 374} {
		d := FocusIn(p, s, f, cur.Folds(), w)
		for i, a := range d.Nodes {
			if a.Alpha != "" {
				gr := glyphRect(a.Glyph, a.LayoutNode, 1)
				if got := apart(windowBox(&a), gr); got > gr.x1-gr.x0 {
					t.Errorf("width %v: %q's %s %s is %.0f units from its glyph (%.0f wide)", w, a.In, a.Alpha, a.Beta, got, gr.x1-gr.x0)
				}
			}
			for _, b := range d.Nodes[i+1:] {
				if a.Fold == nil || b.Fold == nil || a.Y != b.Y || a.Fold.Made {
					continue
				}
				room := max(a.X-b.X, b.X-a.X) - foldTextHalf(*a.Fold) - foldTextHalf(*b.Fold)
				if room < FoldCountGap*FocusCountFont {
					t.Errorf("width %v: the counts %q of %q and %q of %q are %.1f units apart", w, a.Fold.Seen(), a.In, b.Fold.Seen(), b.In, room)
				}
			}
		}
	}
}

// TestFoldCountsHugeApart: the counts of three neighbouring folds of a
// focus row 58 units apart (the card game's), each "9999/9999" even
// without spaces wider than that, keep a gap: no line of one meets a line
// of another. So do those of the GDL tic-tac-toe's board row on a phone
// (54 units apart), "0 / 0" over "von 59k", in every page language: their
// second lines read "von 59kvon 59k". And in that focus no edge crosses a
// fold's counts (foldsClearOfEdges).
func TestFoldCountsHugeApart(t *testing.T) {
	rows := []struct {
		count FoldCount
		sep   float64
	}{{FoldCount{Visited: 9999, Pruned: 9999, Total: 9999}, 58}, {FoldCount{Total: 59000}, 54}}
	for _, row := range rows {
		l := &trace.Layout{}
		counts := map[string]FoldCount{}
		for i := range 3 {
			id := string(rune('0' + i))
			l.Nodes = append(l.Nodes, trace.LayoutNode{ID: id, X: row.sep * float64(i), Y: 100, Depth: 1, Folded: true})
			counts[id] = row.count
		}
		low := tightenFolds(l, counts)
		d := &Drawing{}
		for _, n := range l.Nodes {
			c := counts[n.ID]
			d.Nodes = append(d.Nodes, Node{LayoutNode: n, Glyph: GlyphMin, Fold: &c, FoldAt: foldOf(GlyphMin, false)})
		}
		lowerFolds(d, low)
		for _, lang := range i18n.Langs {
			foldLinesApart(t, d, i18n.For(lang).Phrase)
		}
	}
	foldsClearOfEdges(t)
}

// foldsClearOfEdges: in the focus of the GDL tic-tac-toe's alpha-beta on
// a phone, whose first row of nine boards zigzags over two lines, no edge
// as the page draws it (down from the parent, along its bus, down into
// the child) crosses a fold glyph, a fold's counts in any page language
// or a board other than its own two ends. The edges into the second line
// ran along a bus of their own over the first line's counts ("0 / 0",
// "59k") and down through the middle board of the first line.
func foldsClearOfEdges(t *testing.T) {
	t.Helper()
	src, err := os.ReadFile("../search/gdl/games/tictactoe.kif")
	if err != nil {
		t.Fatal(err)
	}
	p, err := scenario.Scenario{GDL: string(src)}.Prepare()
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewScene(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	cur := NewCursor(p, s)
	defer cur.Close()
	for _, step := range []int{3, 30, 300} {
		cur.Seek(step)
		if err := cur.WorkAll(context.Background()); err != nil {
			t.Fatal(err)
		}
		d := FocusIn(p, s, cur.Frame(), cur.Folds(), PhonePaneWidth)
		for _, lang := range i18n.Langs {
			for _, x := range edgesOverFolds(d, i18n.For(lang).Phrase) {
				t.Errorf("step %d, %s: %s", step, lang, x)
			}
		}
	}
}

// edgesOverFolds lists the edges of the focus d, drawn as the page draws
// them (see FocusBus), that cross a fold glyph, a line of a fold's counts
// worded by words, or a glyph other than the edge's own two nodes.
func edgesOverFolds(d *Drawing, words func(trace.Phrase) string) []string {
	type box struct {
		what string
		r    rect
	}
	var boxes []box
	for _, n := range d.Nodes {
		boxes = append(boxes, box{"the glyph of " + n.ID, glyphRect(n.Glyph, n.LayoutNode, 1).grow(-1)})
		if n.Fold == nil {
			continue
		}
		fan := n.FoldAt.Fan
		boxes = append(boxes, box{"the fold of " + n.ID, rect{n.X + fan[2][0], n.Y + fan[0][1], n.X + fan[1][0], n.Y + fan[1][1]}.grow(-1)})
		seen, of, _ := n.Fold.Texts(words)
		for k, s := range []string{seen, of} {
			y := n.Y + n.FoldAt.TextY + float64(k)*FoldLine
			boxes = append(boxes, box{fmt.Sprintf("%q under %s", s, n.ID), textRect(n.X+n.FoldAt.TextX, y, n.FoldAt.TextAnchor, TextEm(s)*FocusCountFont, FocusCountFont, 1, 0).grow(-0.5)})
		}
	}
	var out []string
	for _, e := range d.Edges {
		parent, _ := trace.ParentID(e.ID)
		strokes := []segment{{e.X1, e.Y1, e.X1, e.BusY}, {e.X1, e.BusY, e.X2, e.BusY}, {e.X2, e.BusY, e.X2, e.Y2}}
		for _, b := range boxes {
			if b.what == "the glyph of "+e.ID || b.what == "the glyph of "+parent {
				continue
			}
			for _, st := range strokes {
				if st.crosses(b.r) {
					out = append(out, fmt.Sprintf("the edge into %s crosses %s", e.ID, b.what))
					break
				}
			}
		}
	}
	return out
}

// foldLinesApart fails t where a line of a fold's counts in d, worded by
// words, comes closer than FoldCountGap to a line of another fold's.
func foldLinesApart(t *testing.T, d *Drawing, words func(trace.Phrase) string) {
	t.Helper()
	var lines []rect
	var texts []string
	g := FoldCountGap * FocusCountFont / 2
	for _, n := range d.Nodes {
		seen, of, _ := n.Fold.Texts(words)
		for k, s := range []string{seen, of} {
			y := n.Y + n.FoldAt.TextY + float64(k)*FoldLine
			r := textRect(n.X+n.FoldAt.TextX, y, n.FoldAt.TextAnchor, TextEm(s)*FocusCountFont, FocusCountFont, 1, 0)
			lines = append(lines, rect{r.x0 - g, r.y0, r.x1 + g, r.y1})
			texts = append(texts, n.ID+" "+s)
		}
	}
	for i := range lines {
		for j := i + 1; j < len(lines); j++ {
			if texts[i][0] != texts[j][0] && lines[i].overlaps(lines[j]) {
				t.Errorf("%q meets %q", texts[i], texts[j])
			}
		}
	}
}

// TestFoldOfWidest: FoldOfWidest, by which the focus measures the second
// lines of fold counts before the page's language is known, is at least
// as wide as that line's word in every page language.
func TestFoldOfWidest(t *testing.T) {
	for _, lang := range i18n.Langs {
		of := i18n.For(lang).Phrase(trace.Phrase{ID: "view.fold.of", Args: map[string]any{"Total": "59k"}})
		if TextEm(of) > TextEm(FoldOfWidest+"59k") {
			t.Errorf("%s: %q is wider than %q", lang, of, FoldOfWidest+"59k")
		}
	}
}
