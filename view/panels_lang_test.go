package view_test

import (
	"strings"
	"testing"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/trace"
	"github.com/abtrace/abtrace/view"
)

// The panels' texts are worded in the viewer's language; English without
// a wording.
func TestPanelTextsInEveryLanguage(t *testing.T) {
	tests := []struct {
		lang                   i18n.Lang
		spared, sparedNo, root string
	}{
		{i18n.English, "6 of 27 (22%)", "0 of 0", "root"},
		{i18n.German, "6 von 27 (22 %)", "0 von 0", "Wurzel"},
		{i18n.Czech, "6 z 27 (22 %)", "0 z 0", "kořen"},
	}
	for _, tc := range tests {
		t.Run(string(tc.lang), func(t *testing.T) {
			var words func(trace.Phrase) string
			if tc.lang != i18n.English {
				words = i18n.For(tc.lang).Phrase
			}
			if got := view.SparedText(27, 21, words); got != tc.spared {
				t.Errorf("SparedText(27, 21) = %q, want %q", got, tc.spared)
			}
			if got := view.SparedText(0, 0, words); got != tc.sparedNo {
				t.Errorf("SparedText(0, 0) = %q, want %q", got, tc.sparedNo)
			}
			if got := view.NodeNameIn("", "", words); got != tc.root {
				t.Errorf("NodeNameIn of an unlabelled root = %q, want %q", got, tc.root)
			}
			if got := view.NodeNameIn("", "A", words); got != "A" {
				t.Errorf("NodeNameIn of root A = %q, want A", got)
			}
		})
	}
}

// TestThousandsInEveryLanguage: a number's thousands are grouped as the
// page's language groups them, in the step counter and the panels too.
func TestThousandsInEveryLanguage(t *testing.T) {
	tests := []struct {
		lang          i18n.Lang
		n, counter    string
		spared, large string
	}{
		{i18n.English, "1,060", "step 60 of 1,060", "1,000 of 2,187 (46%)", "−2,199,784"},
		{i18n.German, "1\u00a0060", "Schritt 60 von 1\u00a0060", "1\u00a0000 von 2\u00a0187 (46 %)", "−2\u00a0199\u00a0784"},
		{i18n.Czech, "1\u00a0060", "krok 60 z 1\u00a0060", "1\u00a0000 z 2\u00a0187 (46 %)", "−2\u00a0199\u00a0784"},
	}
	for _, tc := range tests {
		t.Run(string(tc.lang), func(t *testing.T) {
			words := i18n.For(tc.lang).Phrase
			if got := view.ThousandsIn(words, 1060); got != tc.n {
				t.Errorf("ThousandsIn(1060) = %q, want %q", got, tc.n)
			}
			if got := view.CounterText(60, 1060, words); got != tc.counter {
				t.Errorf("CounterText(60, 1060) = %q, want %q", got, tc.counter)
			}
			if got := view.SparedText(2187, 1187, words); got != tc.spared {
				t.Errorf("SparedText(2187, 1187) = %q, want %q", got, tc.spared)
			}
			if got := strings.Replace(view.ThousandsIn(words, -2199784), "-", "−", 1); got != tc.large {
				t.Errorf("ThousandsIn(−2199784) = %q, want %q", got, tc.large)
			}
		})
	}
	if got := view.ThousandsIn(nil, 2199784); got != "2,199,784" || view.Thousands(1060) != "1,060" {
		t.Errorf("English without a wording: %q, %q", got, view.Thousands(1060))
	}
}
