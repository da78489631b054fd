package i18n

import (
	"fmt"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/trace"
)

// TestCountsGrouped: a phrase's counts (its int arguments and the Count of
// a plural phrase) are written with the thousands grouped as the language
// groups them, through go-i18n's templates and the plain English wording
// alike, and still compare as numbers ({{if eq .Count 0}}); a seed is
// written as typed.
func TestCountsGrouped(t *testing.T) {
	cutoffs := func(n int) trace.Phrase {
		return trace.Phrase{ID: "narrate.done.cutoffs", Plural: true, Count: n}
	}
	for _, c := range []struct {
		lang Lang
		p    trace.Phrase
		want string
	}{
		{English, cutoffs(4237), "4,237"},
		{German, cutoffs(4237), "4\u00a0237 Schnitte"},
		{Czech, cutoffs(4237), "4\u00a0237 ořezání"},
		{German, cutoffs(0), "kein Schnitt"},
		{Czech, cutoffs(0), "žádné ořezání"},
		{English, trace.PhraseOf("error.html-steps", "Max", 1500), "at most 1,500 steps"},
		{German, trace.PhraseOf("error.html-steps", "Max", 1500), "höchstens 1\u00a0500 Schritte"},
		{Czech, trace.PhraseOf("error.html-steps", "Max", 1500), "nejvýše 1\u00a0500 kroků"},
	} {
		if got := For(c.lang).Phrase(c.p); !strings.Contains(got, c.want) {
			t.Errorf("%s %s(%d): %q, want it to say %q", c.lang, c.p.ID, c.p.Count, got, c.want)
		}
	}
	if got := For(German).N("view.fold.open", 59704, "Node", "c3"); !strings.Contains(got, "59\u00a0704") {
		t.Errorf("de view.fold.open: %q, want 59 704", got)
	}
	data := trace.GroupCounts(map[string]any{"Seed": 12345, "N": 12345, "Small": 999}, ",")
	for k, want := range map[string]string{"Seed": "12345", "N": "12,345", "Small": "999"} {
		if got := fmt.Sprint(data[k]); got != want {
			t.Errorf("GroupCounts %s = %q, want %q", k, got, want)
		}
	}
}
