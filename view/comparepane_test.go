package view

import (
	"net/url"
	"testing"

	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/trace"
)

// TestSceneInSizesLabelsForItsPane: a comparison's scene sizes its labels
// for a pane of the comparison (SceneIn with ComparePane), not for
// presenter mode's pane twice or three times as wide: the textbook tree
// in one of three panes gets a larger text scale than in presenter mode,
// and never a smaller one anywhere.
func TestSceneInSizesLabelsForItsPane(t *testing.T) {
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
			v, err := url.ParseQuery(tc.query)
			if err != nil {
				t.Fatal(err)
			}
			s, err := scenario.FromQuery(v)
			if err != nil {
				t.Fatal(err)
			}
			p, err := s.Prepare()
			if err != nil {
				t.Fatal(err)
			}
			shape, err := p.Shape(scenario.ShapeOptions{})
			if err != nil {
				t.Fatal(err)
			}
			opt := trace.LayoutOptions{NodeSep: NodeSpacing, LevelSep: LevelSpacing}
			f := trace.NewFrame()
			base := SceneOf(p.Scenario.Source(), shape, trace.NewLayout(shape, opt), nil).Draw(f, nil).TextScale
			w, h := ComparePane(tc.panes)
			in := SceneIn(p.Scenario.Source(), shape, trace.NewLayout(shape, opt), nil, w, h).Draw(f, nil).TextScale
			if in < base || tc.larger && in <= base {
				t.Errorf("got text scale %.2f in a pane of %.0f × %.0f, want more than presenter mode's %.2f (or as much: %v)", in, w, h, base, !tc.larger)
			}
		})
	}
}
