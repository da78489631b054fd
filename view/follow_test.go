package view

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

// TestFollowTextbook: at the textbook tree's step where leaf 2 under C is
// reached, the view follows the path A, C, 2, keeps the leaf and C in
// view, and names A, C and the leaf as drawn.
func TestFollowTextbook(t *testing.T) {
	p, s := prepare(t, "tree="+tree.TwoPlyGameTree)
	for step := 1; ; step++ {
		f := replayTo(t, p, step)
		if f.Step < step {
			t.Fatal("no step reaches leaf 1.0")
		}
		if f.Current != "1.0" || f.Type != trace.Leaf {
			continue
		}
		got := FollowOf(s, f, nil)
		want := &Follow{Keep: 2, Path: []Crumb{
			{ID: "", Name: "A", Kind: "MAX", Value: "≥ 3", Window: "α=3 β=+∞"},
			{ID: "1", Name: "C", Kind: "MIN", Window: "α=3 β=+∞"},
			{ID: "1.0", Name: "2", Kind: "MAX", Value: "2", Window: "α=3 β=+∞"},
		}}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("step %d: got %+v, want %+v", step, got, want)
		}
		return
	}
}

// TestFollowIsDrawn: at every step of a few scenarios (a fold among them)
// the followed path runs from the root to the current node or the fold
// holding it, every crumb says what the drawing shows of its node, and the
// last FollowKeep nodes are kept.
func TestFollowIsDrawn(t *testing.T) {
	for _, tc := range []struct {
		query string
		open  []string
	}{
		{"tree=" + tree.TwoPlyGameTree, nil},
		{"random=3,3&seed=1", nil},
		{"game=nim&matches=5&take=2", nil},
		{"tree=((3 -1.5) [max](2 (4 6)) -7)&algo=minimax", nil},
		{"game=tictactoe&position=xo.x.o...", nil},
		{"game=tictactoe&position=x........&algo=alphabeta", nil},
	} {
		t.Run(tc.query, func(t *testing.T) {
			p, s := prepare(t, tc.query, tc.open...)
			total := totalSteps(t, p)
			// Each sample replays the search from the start: fewer under the
			// race detector.
			samples := 300
			if raceDetector {
				samples = 40
			}
			every := max(1, total/samples)
			folds := 0
			for step := 0; step <= total; step += every {
				f := replayTo(t, p, step)
				got := FollowOf(s, f, nil)
				if step == 0 {
					if got != nil {
						t.Errorf("step 0: got %+v, want nil (nothing is current)", got)
					}
					continue
				}
				d := s.Draw(f, nil)
				at := map[string]Node{}
				for _, n := range d.Nodes {
					at[n.ID] = n
				}
				last := got.Path[len(got.Path)-1].ID
				if _, ok := at[f.Current]; ok {
					if last != f.Current {
						t.Fatalf("step %d: the path ends at %q, want the current node %q", step, last, f.Current)
					}
				} else {
					if !at[last].Inside || !strings.HasPrefix(f.Current, last) {
						t.Fatalf("step %d: the path ends at %q, want the fold holding %q", step, last, f.Current)
					}
					folds++
				}
				if got.Path[0].ID != "" {
					t.Errorf("step %d: the path starts at %q, want the root", step, got.Path[0].ID)
				}
				if want := min(FollowKeep, len(got.Path)); got.Keep != want {
					t.Errorf("step %d: keep %d, want %d", step, got.Keep, want)
				}
				for i, c := range got.Path {
					if i > 0 {
						if parent, _ := trace.ParentID(c.ID); parent != got.Path[i-1].ID {
							t.Errorf("step %d: %q follows %q in the path, want its parent %q", step, c.ID, got.Path[i-1].ID, parent)
						}
					}
					n, ok := at[c.ID]
					if !ok {
						t.Fatalf("step %d: %q of the path is not drawn", step, c.ID)
					}
					if c.Value != ShortText(n.Value) {
						t.Errorf("step %d: crumb %q says value %q, the drawing %q", step, c.ID, c.Value, ShortText(n.Value))
					}
					win := strings.TrimSpace(n.Alpha + " " + n.Beta)
					if c.Window != win {
						t.Errorf("step %d: crumb %q says window %q, the drawing %q", step, c.ID, c.Window, win)
					}
					if name := s.Namer(nil)(c.ID); c.Name != name {
						t.Errorf("step %d: crumb %q is named %q, want %q", step, c.ID, c.Name, name)
					}
				}
				if !slices.ContainsFunc(got.Path, func(c Crumb) bool { return c.ID == "" }) {
					t.Errorf("step %d: the root is missing from the path", step)
				}
			}
			if strings.Contains(tc.query, "x........") && folds == 0 {
				t.Errorf("no step had its current node inside a fold; this case is for folds")
			}
		})
	}
}
