package view

import (
	"net/url"
	"testing"

	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

// TestCompareSceneSizesLabelsForItsPane: a comparison's scene sizes its
// labels for a pane of the comparison (CompareScene with ComparePane), not
// for presenter mode's pane twice or three times as wide: the textbook
// tree in one of three panes gets a larger text scale than in presenter
// mode, and never a smaller one anywhere but where its leaf boxes would
// come closer than LeafGap (paneLeafK).
func TestCompareSceneSizesLabelsForItsPane(t *testing.T) {
	for _, tc := range []struct {
		name   string
		query  string
		panes  int
		larger bool // the text scale must grow
	}{
		{"textbook in three panes", "tree=" + url.QueryEscape(tree.TwoPlyGameTree), 3, true},
		{"textbook in two panes", "tree=" + url.QueryEscape(tree.TwoPlyGameTree), 2, true},
		{"random 3,3 in two panes", "random=3,3&seed=1", 2, false},
		{"one pane", "tree=" + url.QueryEscape(tree.TwoPlyGameTree), 1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, s := prepare(t, tc.query)
			f := trace.NewFrame()
			base := s.Draw(f, nil).TextScale
			cs := compareScene(t, p, false, tc.panes)
			in := cs.Draw(f, nil).TextScale
			// Unless its leaf boxes would touch at a larger scale.
			glyphs := map[string]Glyph{}
			for i, n := range cs.Layout.Nodes {
				glyphs[n.ID] = cs.sketch.glyphs[i]
			}
			// (The placement steps its scale down from that bound.)
			base = min(base, 0.98*paneLeafK(cs.Layout, glyphs))
			if in < base || tc.larger && in <= base {
				t.Errorf("got text scale %.2f in one of %d panes, want more than presenter mode's %.2f (or as much: %v)", in, tc.panes, base, !tc.larger)
			}
		})
	}
}
