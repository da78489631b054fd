package view

import (
	"testing"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/trace"
)

// An evaluation's name in a caption is written in words of the page's
// language, not as the address writes it: Reversi's weightings with their
// features in words, Kuhlmann's evaluation said to be his, the one-word
// evaluations translated; a name it does not know stays as written.
func TestEvalNameInWords(t *testing.T) {
	cases := []struct {
		name string
		want map[i18n.Lang]string
	}{
		{"max-discs:1+mobility:2", map[i18n.Lang]string{
			i18n.English: "Kuhlmann's evaluation for MAX from discs × 1 + mobility × 2",
			i18n.German:  "Kuhlmanns Bewertung für MAX aus Steine × 1 + Mobilität × 2",
			i18n.Czech:   "Kuhlmannovo ohodnocení pro MAX z kameny × 1 + mobilita × 2"}},
		{"discs:1,mobility:-2.5,corners:10", map[i18n.Lang]string{
			i18n.English: "discs × 1 + mobility × −2.5 + corners × 10",
			i18n.German:  "Steine × 1 + Mobilität × −2.5 + Ecken × 10"}},
		{"min-discs", map[i18n.Lang]string{i18n.English: "Kuhlmann's evaluation for MIN from discs"}},
		{"threats", map[i18n.Lang]string{i18n.English: "threats", i18n.German: "Drohungen", i18n.Czech: "hrozby"}},
		{"h", map[i18n.Lang]string{i18n.German: "h"}},
		{"goal-fuzzy", map[i18n.Lang]string{i18n.Czech: "goal-fuzzy"}},
		{"discs:x", map[i18n.Lang]string{i18n.German: "discs:x"}},
	}
	for _, tc := range cases {
		for lang, want := range tc.want {
			var words func(trace.Phrase) string
			if lang != i18n.English {
				words = i18n.For(lang).Phrase
			}
			if got := scenario.EvalWords(tc.name, words); got != want {
				t.Errorf("%s in %s: %q, want %q", tc.name, lang, got, want)
			}
		}
	}
}
