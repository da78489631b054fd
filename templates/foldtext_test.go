package templates

import (
	"context"
	"testing"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/view"
)

// TestFoldTextWorded: a fold's lines and tooltip are worded in the page's
// language, the Monte-Carlo focus's one line too, as the catalog has them.
func TestFoldTextWorded(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.English, i18n.German, i18n.Czech} {
		ctx := i18n.NewContext(context.Background(), i18n.For(lang))
		c := view.FoldCount{Visited: 3, Pruned: 2, Total: 12000}
		seen, of, title := FoldText(ctx, c)
		if want := T(ctx, "view.fold.of", "Total", "12k"); seen != "3 / 2" || of != want {
			t.Errorf("%v: got %q %q, want %q %q", lang, seen, of, "3 / 2", want)
		}
		if want := T(ctx, "view.fold.title", "Visited", "3", "Pruned", "2", "Total", view.ThousandsIn(i18n.For(lang).Phrase, 12000)); title != want {
			t.Errorf("%v: title %q, want %q", lang, title, want)
		}
		for _, n := range []int{1, 3, 7} {
			_, _, title = FoldText(ctx, view.FoldCount{Total: n, Made: true})
			if want := N(ctx, "view.fold.made.title", n); title != want {
				t.Errorf("%v, %d made: title %q, want %q", lang, n, title, want)
			}
		}
	}
}
