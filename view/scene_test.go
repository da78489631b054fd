package view

import (
	"context"
	"errors"
	"fmt"
	"github.com/abtrace/abtrace/search/tree"
	"slices"
	"sync"
	"testing"

	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/trace"
)

// shapeOf is the base shape of a scenario query and its layout options.
func shapeOf(t testing.TB, query string) (string, *trace.Shape) {
	t.Helper()
	p := prepared(t, query)
	shape, err := p.Shape(scenario.ShapeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return p.Scenario.Source(), shape
}

var sceneOpt = trace.LayoutOptions{NodeSep: NodeSpacing, LevelSep: LevelSpacing}

// TestPresenterLayoutRemembered: the second layout of a shape takes the
// spacing chosen the first time, without trying the spacings again, and
// lays the nodes out where the first did.
func TestPresenterLayoutRemembered(t *testing.T) {
	for _, query := range []string{
		"tree=" + tree.TwoPlyGameTree,
		"tree=((1 (2 3)) (4 ((5 6) 7 8 9 10 11)))",
		"game=matchsticks&matches=5&take=2",
	} {
		t.Run(query, func(t *testing.T) {
			source, shape := shapeOf(t, query)
			first, err := presenterLayout(context.Background(), source, shape, sceneOpt, laying{})
			if err != nil {
				t.Fatal(err)
			}
			runs := spacings.Runs()
			second, err := presenterLayout(context.Background(), source, shape, sceneOpt, laying{})
			if err != nil {
				t.Fatal(err)
			}
			if got := spacings.Runs() - runs; got != 0 {
				t.Fatalf("the second layout tried the spacings %d times, want 0: the choice is not remembered", got)
			}
			if len(first.Nodes) != len(second.Nodes) || first.Width != second.Width || first.Height != second.Height {
				t.Fatalf("got %d nodes %gx%g, want %d nodes %gx%g", len(second.Nodes), second.Width, second.Height, len(first.Nodes), first.Width, first.Height)
			}
			for i := range first.Nodes {
				if a, b := first.Nodes[i], second.Nodes[i]; a.X != b.X || a.Y != b.Y {
					t.Errorf("node %s: got (%g, %g), want (%g, %g)", a.ID, b.X, b.Y, a.X, a.Y)
				}
			}
		})
	}
}

// TestPresenterLayoutShared: viewers who lay out the same new shape at
// once share one choice of its spacing.
func TestPresenterLayoutShared(t *testing.T) {
	spacings.Forget()
	source, shape := shapeOf(t, "tree=((3 (1 4)) ((1 5) 9 (2 (6 5))) 3)")
	runs := spacings.Runs()
	const viewers = 8
	var wg sync.WaitGroup
	layouts := make([]*trace.Layout, viewers)
	errs := make([]error, viewers)
	for i := range viewers {
		wg.Go(func() {
			layouts[i], errs[i] = presenterLayout(context.Background(), source, shape, sceneOpt, laying{})
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("viewer %d: %v", i, err)
		}
		if layouts[i].Width != layouts[0].Width || layouts[i].Height != layouts[0].Height {
			t.Fatalf("viewer %d: got %gx%g, want %gx%g", i, layouts[i].Width, layouts[i].Height, layouts[0].Width, layouts[0].Height)
		}
	}
	if got := spacings.Runs() - runs; got != 1 {
		t.Errorf("%d viewers tried the spacings %d times, want once", viewers, got)
	}
}

// TestPresenterLayoutCancelled: a viewer who left stops the spacing tries
// (the choice looks at its context between two tries); nothing is
// remembered of the unfinished choice, so the next viewer chooses afresh.
func TestPresenterLayoutCancelled(t *testing.T) {
	spacings.Forget()
	source, shape := shapeOf(t, "tree=((7 (2 9)) ((4 1) 8 (3 (6 5))))")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := chooseSpacing(ctx, source, func(o trace.LayoutOptions) *trace.Layout { return trace.NewLayout(shape, o) }, sceneOpt, trace.NewLayout(shape, sceneOpt)); !errors.Is(err, context.Canceled) {
		t.Fatalf("the tries under an ended context: got %v, want context.Canceled", err)
	}
	_, err := presenterLayout(ctx, source, shape, sceneOpt, laying{})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want an error that wraps context.Canceled", err)
	}
	runs := spacings.Runs()
	if _, err := presenterLayout(context.Background(), source, shape, sceneOpt, laying{}); err != nil {
		t.Fatal(err)
	}
	if got := spacings.Runs() - runs; got != 1 {
		t.Errorf("after a cancelled choice the next viewer tried the spacings %d times, want once: the cancelled one is remembered", got)
	}
}

// TestSpacingMemoBounded: the spacings never hold more than
// MaxRememberedSpacings shapes, and forget the least recently used first.
func TestSpacingMemoBounded(t *testing.T) {
	spacings.Forget()
	t.Cleanup(spacings.Forget)
	choose := func(context.Context) (spacing, error) { return spacing{1, 1}, nil }
	key := func(i int) string { return fmt.Sprintf("shape %d", i) }
	for i := range MaxRememberedSpacings + 10 {
		if _, err := spacings.Do(context.Background(), key(i), choose, nil); err != nil {
			t.Fatal(err)
		}
		if i == MaxRememberedSpacings-2 {
			// The first shape is used again, before the memo is full: the
			// second is now the least recently used.
			if _, err := spacings.Do(context.Background(), key(0), choose, nil); err != nil {
				t.Fatal(err)
			}
		}
		if n := spacings.Len(); n > MaxRememberedSpacings {
			t.Fatalf("after %d shapes: %d remembered, want at most %d", i+1, n, MaxRememberedSpacings)
		}
	}
	for _, c := range []struct {
		i    int
		kept bool
	}{{0, true}, {1, false}, {MaxRememberedSpacings + 9, true}} {
		runs := spacings.Runs()
		if _, err := spacings.Do(context.Background(), key(c.i), choose, nil); err != nil {
			t.Fatal(err)
		}
		if kept := spacings.Runs() == runs; kept != c.kept {
			t.Errorf("shape %d: remembered %v, want %v", c.i, kept, c.kept)
		}
	}
}

// TestPresenterBound: the bound presenterLayout uses to pass over a
// spacing without placing its labels is never below the score placing
// them gives, so passing over changes no choice.
func TestPresenterBound(t *testing.T) {
	queries := []string{
		"tree=((1 (2 3)) (4 ((5 6) 7 8 9 10 11)))",
		"game=matchsticks&matches=5&take=2",
		"game=dice&algo=expectiminimax&depth=2",
		"tree=(((<1,2,3> <6,1,2>) (<4,2,1> <7,4,-1>)) ((<5,-1,-1> <-1,5,2>) (<7,7,-1> <5,4,5>)))&algo=maxn",
	}
	for seed := range 4 {
		queries = append(queries, fmt.Sprintf("random=3,3&seed=%d", seed+1))
	}
	tried := 0
	for _, query := range queries {
		t.Run(query, func(t *testing.T) {
			source, shape := shapeOf(t, query)
			base := trace.NewLayout(shape, sceneOpt)
			glyphs := make(map[string]Glyph, len(base.Nodes))
			for _, n := range base.Nodes {
				glyphs[n.ID] = GlyphOf(source, n)
			}
			for _, ln := range levelSepTries {
				for _, nd := range nodeSepTries {
					l := trace.NewLayout(shape, trace.LayoutOptions{NodeSep: sceneOpt.NodeSep * nd, LevelSep: sceneOpt.LevelSep * ln})
					if b, s := presenterBound(l), presenterScore(source, l, glyphs); b < s-1e-9 {
						t.Errorf("spacing ×%g, ×%g: got bound %g, below the score %g", nd, ln, b, s)
					}
					tried++
				}
			}
		})
	}
	if tried == 0 {
		t.Fatal("no layout tried")
	}
}

// TestSceneShared: the viewers of one scenario with one open list share
// one scene, made once however many ask at once; another open list is
// another scene, and a bad open list gives the same error every time
// without being worked out again.
func TestSceneShared(t *testing.T) {
	sharedScenes.Forget() // other tests may have made these scenes
	tests := []struct {
		name    string
		open    []string
		wantErr bool
	}{
		{"no folds opened", nil, false},
		{"a fold opened", []string{"0"}, false},
		{"bad open list", []string{"9.9.9"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			runs := sharedScenes.Runs()
			const viewers = 20
			var wg sync.WaitGroup
			scenes := make([]*Scene, viewers)
			errs := make([]error, viewers)
			for i := range viewers {
				wg.Go(func() {
					p, err := scenario.Scenario{Game: "tictactoe", Position: "x...o....", Algo: "minimax"}.Prepare()
					if err != nil {
						t.Error(err)
						return
					}
					scenes[i], errs[i] = NewScene(p, tt.open)
				})
			}
			wg.Wait()
			if got := sharedScenes.Runs() - runs; got != 1 {
				t.Errorf("got %d scenes made for %d viewers, want 1", got, viewers)
			}
			for i := range viewers {
				if (errs[i] != nil) != tt.wantErr {
					t.Fatalf("viewer %d: got error %v, want error %v", i, errs[i], tt.wantErr)
				}
				if scenes[i] != scenes[0] {
					t.Errorf("viewer %d: got a scene of its own, want the shared one", i)
				}
				if tt.wantErr && errs[i].Error() != errs[0].Error() {
					t.Errorf("viewer %d: got %q, want %q", i, errs[i], errs[0])
				}
			}
			if !tt.wantErr && !slices.Equal(scenes[0].Open, tt.open) {
				t.Errorf("got open %v, want %v", scenes[0].Open, tt.open)
			}
		})
	}
}
