package view_test

import (
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
