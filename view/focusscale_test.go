package view

import (
	"context"
	"testing"

	"github.com/abtrace/abtrace/search/scenario"
)

// TestFocusScaleSteady steps tic-tac-toe from the home page's mid-game
// position and random=3,3 through their whole searches, the focus drawn
// as the viewer draws it in its pane at 1280×720 (SteadyFocusScale once,
// then every step at it): every step is drawn at that one scale, at
// FocusMinScale or more, and fits the pane; tic-tac-toe's focus with its
// trail fills at least 70 % of the pane's height at the home page's step
// 30. In the pane at 1920×1080 tic-tac-toe is drawn at 1.5 px a unit or
// more (boards 60 px across and more), where FocusScale left a third of
// the pane empty.
func TestFocusScaleSteady(t *testing.T) {
	p, s := prepare(t, "game=tictactoe&position=xo.x.o...")
	// The focus pane at 1920×1080, as the page measures it.
	if px := SteadyFocusScale(p, s, 1326, 787, "en", nil); px < 1.5 {
		t.Errorf("in the pane at 1920×1080 the focus is drawn at %.2f px a unit, want 1.5 or more", px)
	}
	// Under the race detector, ten times slower, the first 120 steps of
	// tic-tac-toe (CI's run), without it both whole searches.
	last := -1
	if raceDetector {
		last = 120
	}
	steadyOver(t, "game=tictactoe&position=xo.x.o...", p, s, 30, last)
	if !raceDetector {
		p, s := prepare(t, "random=3,3&seed=1")
		steadyOver(t, "random=3,3&seed=1", p, s, -1, -1)
	}
}

// steadyOver steps search p of query, drawn as scene s, as
// TestFocusScaleSteady does, up to step last (-1: its end), checking the
// pane's fill at step fill.
func steadyOver(t *testing.T, query string, p *scenario.Search, s *Scene, fill, last int) {
	w, h := 878.0, 379.0 // the focus pane at 1280×720
	px := SteadyFocusScale(p, s, w, h, "en", nil)
	if px < FocusMinScale {
		t.Errorf("%s: the steady scale %.2f is below %.2f", query, px, FocusMinScale)
	}
	cur := NewCursor(p, s)
	defer cur.Close()
	changes := 0
	for step := 0; last < 0 || step <= last; step++ {
		if step > 0 {
			cur.Forward(1)
			if err := cur.WorkAll(context.Background()); err != nil {
				t.Fatal(err)
			}
			if cur.Step() < step {
				break
			}
		}
		f := cur.Frame()
		d := FocusIn(p, s, f, cur.Folds(), w)
		FocusFitAt(d, s, f, w, h, px, nil)
		if d.Px != px {
			changes++
			if changes <= 3 {
				t.Errorf("%s step %d: drawn at %.2f px a unit, the search's scale %.2f", query, step, d.Px, px)
			}
		}
		_, _, _, bh, _ := parseBox(d.ViewBox)
		if used := bh*d.Px + trailHeight(d.Trail, w); used > h+0.01 {
			t.Errorf("%s step %d: %.1f px high with the trail, the pane %.0f", query, step, used, h)
		} else if step == fill && used < 0.7*h {
			t.Errorf("%s step %d: the focus fills %.0f of the pane's %.0f px, want 70 %% or more", query, step, used, h)
		}
	}
	if changes > 0 {
		t.Errorf("%s: %d steps drawn at another scale than the search's", query, changes)
	}
}
