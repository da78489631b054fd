package view

import (
	"context"
	"testing"
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
