package view

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

// focusCases are the trees of issue 27's lecture: every one but the
// textbook tree needs the focus at 1280×720.
var focusCases = []struct {
	name, query string
	step        int
	focus       bool
}{
	{"textbook", "tree=" + tree.TwoPlyGameTree, 12, false},
	{"tictactoe-midgame", "game=tictactoe&position=xo.x.o...", 30, true},
	{"tictactoe", "game=tictactoe", 60, true},
	{"random-3-3", "random=3,3&seed=1", 20, true},
	{"random-4-4", "random=4,4&seed=1", 40, true},
	{"connect4", "game=connect4&depth=4", 40, true},
	{"reversi", "game=reversi&depth=3", 30, true},
	{"mcts", "game=tictactoe&algo=mcts", 200, true},
	{"cards", "game=cards", 30, true},
}

// TestFocusDrawsPathAndSiblings: the focus draws the path from the root to
// the current node, every node of it with its children, each child off
// the path folded, at the base text scale; a Monte-Carlo search draws the
// nodes it created and no other.
func TestFocusDrawsPathAndSiblings(t *testing.T) {
	for _, c := range focusCases {
		t.Run(c.name, func(t *testing.T) {
			p, s := prepare(t, c.query)
			if got := s.NeedsFocus(ViewerPaneWidth, ViewerPaneHeight); got != c.focus {
				t.Errorf("NeedsFocus = %v, want %v", got, c.focus)
			}
			cur := NewCursor(p, s)
			defer cur.Close()
			cur.Seek(c.step)
			if err := cur.WorkAll(context.Background()); err != nil {
				t.Fatal(err)
			}
			sc := s.readScale(ViewerPaneWidth, ViewerPaneHeight)
			t.Logf("overview at 1280×720: value %.1f px, name %.1f px", ValueFont*s.sketch.k*sc, InFont*sc)
			f := cur.Frame()
			d := FocusOf(p, s, f, cur.Folds())
			if d.TextScale != 1 {
				t.Errorf("text scale %v, want 1", d.TextScale)
			}
			ids := map[string]Node{}
			for _, n := range d.Nodes {
				ids[n.ID] = n
			}
			cur0 := f.Current
			if _, ok := ids[cur0]; !ok {
				t.Fatalf("the current node %q is not drawn", cur0)
			}
			for at, ok := cur0, true; ok; at, ok = trace.ParentID(at) {
				n, drawn := ids[at]
				if !drawn || !strings.Contains(n.Class, "path") {
					t.Errorf("path node %q: drawn %v, class %q", at, drawn, n.Class)
				}
			}
			for _, n := range d.Nodes {
				if n.Folded && n.Fold == nil {
					t.Errorf("folded node %q has no counts", n.ID)
				}
				if c.name == "mcts" {
					if nv := f.Nodes[n.ID]; nv == nil || !nv.Counts {
						t.Errorf("node %q is not in the Monte-Carlo tree", n.ID)
					}
				}
			}
			t.Logf("%s at step %d: %d nodes, %s, current %q", c.name, c.step, len(d.Nodes), d.ViewBox, cur0)
		})
	}
}

// TestFocusStepsKeepPlaces steps the focus of large trees: a node drawn
// before and after a step stays where it was (the path does not jump),
// a step redraws only the nodes it adds or folds, and a Monte-Carlo
// search folds no node under which it made nothing.
func TestFocusStepsKeepPlaces(t *testing.T) {
	for _, q := range []string{"game=tictactoe&position=xo.x.o...", "game=connect4&depth=4", "game=tictactoe&algo=mcts&iterations=40"} {
		t.Run(q, func(t *testing.T) {
			p, s := prepare(t, q)
			cur := NewCursor(p, s)
			defer cur.Close()
			var prev *Drawing
			redrawn := 0
			for step := 0; step <= 150; step++ {
				cur.Seek(step)
				if err := cur.WorkAll(context.Background()); err != nil {
					t.Fatal(err)
				}
				d := FocusOf(p, s, cur.Frame(), cur.Folds())
				for _, n := range d.Nodes {
					if n.Fold != nil && n.Fold.Made && n.Fold.Total == 0 {
						t.Fatalf("step %d: node %q is folded over nothing the search made", step, n.ID)
					}
				}
				if prev != nil {
					at := map[string][2]float64{}
					for _, n := range prev.Nodes {
						at[n.ID] = [2]float64{n.X, n.Y}
					}
					for _, n := range d.Nodes {
						if xy, ok := at[n.ID]; ok && xy != [2]float64{n.X, n.Y} {
							t.Fatalf("step %d: node %q moved from %v to (%v, %v)", step, n.ID, xy, n.X, n.Y)
						}
					}
					pt := DiffFocus(prev, d)
					for _, i := range pt.Drawn {
						n := d.Nodes[i]
						if _, was := at[n.ID]; was && n.Fold == nil {
							t.Errorf("step %d: node %q is redrawn whole, want its attributes", step, n.ID)
						}
					}
					redrawn += len(pt.Drawn)
				}
				prev = d
			}
			t.Logf("%d nodes drawn anew in 150 steps", redrawn)
		})
	}
}

// TestFocusKeptSketchDrawsTheSame: a focus drawn with the sketch a scene
// kept of the same layout (MaxFocusSketches) is the focus drawn anew, at
// every step forward and back, in a wide and a phone's pane.
func TestFocusKeptSketchDrawsTheSame(t *testing.T) {
	steps := []int{}
	for s := 0; s <= 60; s++ {
		steps = append(steps, s)
	}
	steps = append(steps, 30, 10, 50, 2, 59)
	for _, q := range []string{"random=4,4&seed=1", "game=tictactoe&position=xo.x.o...", "game=tictactoe&algo=mcts&iterations=40"} {
		t.Run(q, func(t *testing.T) {
			p, s := prepare(t, q)
			anew := *s
			anew.focus = nil // draws every focus with a new sketch
			cur := NewCursor(p, s)
			defer cur.Close()
			for _, step := range steps {
				cur.Seek(step)
				if err := cur.WorkAll(context.Background()); err != nil {
					t.Fatal(err)
				}
				for _, w := range []float64{0, PhonePaneWidth} {
					got := FocusIn(p, s, cur.Frame(), cur.Folds(), w)
					want := FocusIn(p, &anew, cur.Frame(), cur.Folds(), w)
					got.words, want.words = nil, nil
					if !reflect.DeepEqual(got, want) {
						t.Fatalf("step %d, width %v: the focus drawn with a kept sketch differs from the one drawn anew", step, w)
					}
				}
			}
		})
	}
}
