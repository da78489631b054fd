package view

import (
	"net/url"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

// The lecture's expected value by category (Russell & Norvig;
// see search/tree's Categories): the leaf C that the depth limit cuts is explained by its
// categories, their shares and values, and the sum, 0.52, in every
// language; the frame keeps the terms for the evaluation's panel.
func TestExpectedValueLeafExplains(t *testing.T) {
	type want struct {
		lang      i18n.Lang
		utilities string
		say       string
	}
	wants := []want{
		{i18n.English, "", "72 % win × (+1) + 20 % loss × (−1) + 8 % draw × 0 = 0.52"},
		{i18n.German, "", "72 % Sieg × (+1) + 20 % Niederlage × (−1) + 8 % Remis × 0 = 0.52"},
		{i18n.Czech, "", "72 % výhra × (+1) + 20 % prohra × (−1) + 8 % remíza × 0 = 0.52"},
		// Russell & Norvig's later editions: win 1, loss 0, draw ½.
		{i18n.English, "zero-half-one", "72 % win × 1 + 20 % loss × 0 + 8 % draw × 0.5 = 0.76"},
		{i18n.German, "zero-half-one", "72 % Sieg × 1 + 20 % Niederlage × 0 + 8 % Remis × 0.5 = 0.76"},
		{i18n.Czech, "plus-minus", "72 % výhra × (+1) + 20 % prohra × (−1) + 8 % remíza × 0 = 0.52"},
	}
	for _, w := range wants {
		lang, want := w.lang, w.say
		query := "depth=2&tree=" + url.QueryEscape(tree.ExpectedValueTree) + "&utilities=" + w.utilities
		t.Run(string(lang)+"/"+w.utilities, func(t *testing.T) {
			var words func(trace.Phrase) string
			if lang != i18n.English {
				words = i18n.For(lang).Phrase
			}
			p, scene := prepare(t, query)
			c := NewCursor(p, scene)
			defer c.Close()
			c.SetWords(words)
			// Steps: enter A, expand A, enter B, expand B, enter C, C's leaf.
			c.Forward(6)
			if err := c.WorkAll(t.Context()); err != nil {
				t.Fatal(err)
			}
			f := c.Frame()
			if say := f.Narration; !strings.Contains(say, want) || !strings.Contains(say, "C") {
				t.Errorf("step 6 says %q, want C explained as %q", say, want)
			}
			// The narration says "at C": its box says so too.
			for _, n := range c.Drawing().Nodes {
				if n.Label == "C" && (n.Glyph != GlyphLeaf || n.LeafText() != "C") {
					t.Errorf("the depth limit's leaf C is drawn as a %s writing %q, want a leaf box writing C", n.Glyph, n.In)
				}
			}
		})
	}
}
