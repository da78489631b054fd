package view

import (
	"net/url"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/trace"
)

// A game's moves are named as the game names them, in the viewer's
// language: Connect Four's columns by number, the dice game's throws, a
// pass by who passes; in the page's namer (the trail, the outline, the
// panels) and in the narration, the evaluation's terms in words.
func TestMovesNamedInEveryLanguage(t *testing.T) {
	// In this Reversi position o (MIN) is to move and has no move.
	passing := "xo" + strings.Repeat(".", 62) + " o"
	// kindPass is how the narration must not name the pass: with the
	// kind of the node it leads to before it ("MAX node MIN passes").
	// enterPass is how the narration enters the node after the pass: in
	// German and Czech, whose words for a pass are a sentence, as the
	// node after it, not "MIN pasuje je navštíven".
	type want struct{ column, throw, pass, term, kindPass, enterPass string }
	wants := map[i18n.Lang]want{
		i18n.English: {"column 1", "throw 1", "MIN passes", "x's threats", "node MIN passes", "MIN passes is entered"},
		i18n.German:  {"Spalte 1", "Wurf 1", "MIN passt", "Drohungen von x", "Knoten MIN passt", "Der Knoten nach „MIN passt“ wird"},
		i18n.Czech:   {"sloupec 1", "hod 1", "MIN pasuje", "hrozby x", "MAX MIN pasuje", "Uzel po tahu „MIN pasuje“ je navštíven"},
	}
	for lang, w := range wants {
		t.Run(string(lang), func(t *testing.T) {
			var words func(trace.Phrase) string
			if lang != i18n.English {
				words = i18n.For(lang).Phrase
			}
			for _, tc := range []struct {
				query, id, want string
				steps           int
				says            []string
			}{
				// Step 6 is the evaluation of the first leaf, column 1 under column 1.
				{"game=connect4&depth=2", "0.0", w.column, 6, []string{w.column, w.term + " = 0 × 10"}},
				{"game=dice&depth=4&algo=expectiminimax", "0.0", w.throw, 5, []string{w.throw}},
				{"game=reversi&depth=2&position=" + url.QueryEscape(passing), "0", w.pass, 3, []string{w.enterPass}},
			} {
				p, scene := prepare(t, tc.query)
				if got := scene.Namer(words)(tc.id); got != tc.want {
					t.Errorf("%s: node %s is named %q, want %q", tc.query, tc.id, got, tc.want)
				}
				c := NewCursor(p, scene)
				c.SetWords(words)
				c.Forward(tc.steps)
				if err := c.WorkAll(t.Context()); err != nil {
					t.Fatal(err)
				}
				say := c.Frame().Narration
				for _, s := range tc.says {
					if !strings.Contains(say, s) {
						t.Errorf("%s: step %d says %q, want it to name %q", tc.query, tc.steps, say, s)
					}
				}
				if strings.Contains(say, w.kindPass) {
					t.Errorf("%s: step %d says %q: the pass named with a kind before it", tc.query, tc.steps, say)
				}
				c.Close()
			}
		})
	}
}
