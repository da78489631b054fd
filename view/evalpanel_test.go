package view

import (
	"slices"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/i18n"
)

// The evaluation panel writes the formula, then its numbers, exactly as a
// lecturer does: Kuhlmann's construction with its goal values and the mean
// of the features, Connect Four's weighted sum with its terms in words.
func TestEvalPanelWritesTheFormulaThenTheNumbers(t *testing.T) {
	tests := []struct {
		query string
		steps int
		lines []string
		words string
	}{
		{"game=reversi&depth=1&kuhlmann=max&eval=discs:1,mobility:2", 4, []string{
			"E = 1 + R⁻ + (R⁺ − R⁻ − 2)·V",
			"R⁻ = 0, R⁺ = 100",
			"V = 1/3·V(discs) + 2/3·V(mobility)",
			"V = 1/3·1/16 + 2/3·0.5 = 17/48 ≈ 0.35",
			"E = 1 + 0 + (100 − 0 − 2)·17/48 ≈ 35.71",
		}, ""},
		{"game=reversi&depth=1&kuhlmann=min&eval=discs", 4, []string{
			"E = 1 + R⁻ + (R⁺ − R⁻ − 2)·(1 − V)",
			"R⁻ = 0, R⁺ = 100",
			"V = V(discs) = 1/16",
			"E = 1 + 0 + (100 − 0 − 2)·(1 − 1/16) ≈ 92.88",
		}, ""},
		{"game=connect4&position=dd&depth=1", 4, []string{
			"E = 10·X3 + 2·X2 + 1·XC − 10·O3 − 2·O2 − 1·OC",
			"E = 10·0 + 2·1 + 1·1 − 10·0 − 2·0 − 1·1 = 2",
		}, "Drohungen von x"},
	}
	for _, tc := range tests {
		t.Run(tc.query, func(t *testing.T) {
			p, scene := prepare(t, tc.query)
			c := NewCursor(p, scene)
			defer c.Close()
			c.SetWords(i18n.For(i18n.German).Phrase)
			c.Forward(tc.steps)
			work(t, c, 0)
			panel := EvalPanelOf(c.Frame(), scene.Namer(nil), nil)
			if panel == nil {
				t.Fatalf("no evaluation panel at step %d", tc.steps)
			}
			if !slices.Equal(panel.Lines, tc.lines) {
				t.Errorf("the panel writes\n%q\nwant\n%q", panel.Lines, tc.lines)
			}
			if tc.words != "" && panel.Terms[0].Words != tc.words {
				t.Errorf("the first term reads %q in German, want %q", panel.Terms[0].Words, tc.words)
			}
			if !panel.Current {
				t.Errorf("the leaf is not the current node at step %d", tc.steps)
			}
		})
	}
}

// A depth-limited search's root value is called an estimate; a search
// that reaches the ends of the game gives the game's value.
func TestDepthLimitedValueIsAnEstimate(t *testing.T) {
	for _, tc := range []struct {
		query    string
		estimate bool
	}{
		{"game=connect4&depth=2", true},
		{"game=nim", false},
		{"game=nim&depth=20", false},
	} {
		p, scene := prepare(t, tc.query)
		c := NewCursor(p, scene)
		c.Seek(1 << 20)
		work(t, c, 0)
		say := c.Frame().Narration
		if got := strings.Contains(say, "(an estimate: the depth limit cut the search"); got != tc.estimate {
			t.Errorf("%s ends %q: an estimate %v, want %v", tc.query, say, got, tc.estimate)
		}
		c.Close()
	}
}
