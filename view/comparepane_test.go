package view

import (
	"net/url"
	"testing"

	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/trace"
)

// TestCompareSceneSizesLabelsForItsPane: a comparison's scene sizes its
// labels for a pane of the comparison (CompareScene with ComparePane), not
// for presenter mode's pane twice or three times as wide: the textbook
// tree in one of three panes gets a larger text scale than in presenter
// mode, and never a smaller one anywhere.
func TestCompareSceneSizesLabelsForItsPane(t *testing.T) {
	for _, tc := range []struct {
		name   string
		query  string
		panes  int
		larger bool // the text scale must grow
	}{
		{"textbook in three panes", "tree=" + url.QueryEscape(scenario.Textbook), 3, true},
		{"textbook in two panes", "tree=" + url.QueryEscape(scenario.Textbook), 2, true},
		{"random 3,3 in two panes", "random=3,3&seed=1", 2, false},
		{"one pane", "tree=" + url.QueryEscape(scenario.Textbook), 1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, s := prepare(t, tc.query)
			f := trace.NewFrame()
			base := s.Draw(f, nil).TextScale
			in := compareScene(t, p, false, tc.panes).Draw(f, nil).TextScale
			if in < base || tc.larger && in <= base {
				t.Errorf("got text scale %.2f in one of %d panes, want more than presenter mode's %.2f (or as much: %v)", in, tc.panes, base, !tc.larger)
			}
		})
	}
}
