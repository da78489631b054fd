package view_test

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/view"
)

// TestFoldPatchesWorded: the fold glyphs a step repaints are worded in
// the viewer's language, as the page drew them ("von 12k", never "of").
func TestFoldPatchesWorded(t *testing.T) {
	q, _ := url.ParseQuery("game=tictactoe")
	sc, err := scenario.FromQuery(q)
	if err != nil {
		t.Fatal(err)
	}
	p, err := sc.Prepare()
	if err != nil {
		t.Fatal(err)
	}
	s, err := view.NewScene(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	c := view.NewCursor(p, s)
	c.SetWords(i18n.For(i18n.German).Phrase)
	paint := view.NewPainter(c)
	folds := 0
	check := func(d *view.DrawingPatch) {
		for _, n := range d.Nodes {
			if n.Fold == nil || n.Fold.Made {
				continue
			}
			folds++
			if !strings.HasPrefix(n.Fold.Of, "von ") || !strings.Contains(n.Fold.Title, "besucht") {
				t.Fatalf("step %d: fold of %q worded %q, %q, want German", d.Step, n.ID, n.Fold.Of, n.Fold.Title)
			}
		}
	}
	check(paint.Whole())
	for range 40 {
		c.Forward(1)
		if err := c.WorkAll(context.Background()); err != nil {
			t.Fatal(err)
		}
		check(paint.Patch(c.Touched(), c.FoldsChanged()))
	}
	if folds == 0 {
		t.Fatal("no fold painted")
	}
}
