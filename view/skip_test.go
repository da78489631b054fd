package view

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// TestSkippingMatchesApplyingEverything: a cursor that has been to the end
// (and so knows the summaries of the subtrees below its drawing) and then
// seeks, steps by node or jumps to the next cutoff, passing over the
// subtrees it knows, stands exactly where a fresh cursor that applies
// every event stands: the same frame (hidden nodes on the open path
// included), fold counts, drawing and patch. The searches that may not
// skip (a transposition table, killer moves, chance nodes) must never
// skip, and the ones that may must skip, or the test proves nothing.
func TestSkippingMatchesApplyingEverything(t *testing.T) {
	cases := []struct {
		query string
		skips bool
	}{
		{"game=tictactoe&position=x...o....&algo=minimax", true},
		{"game=tictactoe&position=x........", true},
		{"game=tictactoe&position=x...o....&order=eval&eval=lines&depth=9", true},
		{"game=tictactoe&position=x...o....&order=best&prune=gt&fail=soft", true},
		{"game=nim&matches=15&take=3", true},
		{"game=nim&matches=12&take=3&algo=minimax", true},
		{"random=3,7&seed=5&order=random", true},
		{"random=4,6&seed=9&algo=minimax", true},
		{"game=dice&algo=expectiminimax&depth=3", false},
		{"game=tictactoe&position=x...o....&order=killer", false},
		{"game=tictactoe&position=x........&algo=id&tt=4096&depth=4", false},
		{"game=tictactoe&position=x...o.x..&algo=minimax&tt=4096", false},
	}
	for ci, tc := range cases {
		t.Run(tc.query, func(t *testing.T) {
			p, s := prepare(t, tc.query)
			total := totalSteps(t, p)
			sharedSummaries.forget()
			t.Cleanup(sharedSummaries.forget)
			c := NewCursor(p, s)
			defer c.Close()
			c.Seek(End)
			work(t, c, 0)
			if tc.skips && len(c.shared) == 0 {
				t.Fatalf("got no summaries, want some")
			}
			r := rand.New(rand.NewPCG(uint64(ci), 3))
			targets := []int{0, 1, total - 1, total, total / 2, total - 2}
			n := 8
			if testing.Short() {
				n = 4
			}
			for range n {
				targets = append(targets, r.IntN(total+1))
			}
			skipped := 0
			for i, k := range targets {
				before := c.Skipped
				c.Seek(k)
				work(t, c, 1+r.IntN(3)*DefaultSlice)
				skipped += c.Skipped - before
				ref := NewCursor(p, s)
				ref.shared = nil // a cursor that has not met the search
				ref.Seek(k)
				work(t, ref, 0)
				same(t, c, ref, "seek")
				if ref.Skipped != 0 {
					t.Fatalf("a fresh cursor skipped %d events, want 0", ref.Skipped)
				}
				// Then both move forward the same way, without a
				// restart: the patch (the drawn nodes touched) agrees too.
				c.Touched()
				ref.Touched()
				switch i % 4 {
				case 0:
					c.NextCutoff()
					ref.NextCutoff()
				case 1:
					n := 1 + r.IntN(50)
					c.Move(ByNode, n)
					ref.Move(ByNode, n)
				case 2:
					n := r.IntN(total/4 + 1)
					c.Forward(n)
					ref.Forward(n)
				case 3:
					c.Move(ByCutoff, 2)
					ref.Move(ByCutoff, 2)
				}
				work(t, c, 0)
				work(t, ref, 0)
				same(t, c, ref, "forward")
				gt, rt := c.Touched(), ref.Touched()
				slices.Sort(gt)
				slices.Sort(rt)
				if !slices.Equal(gt, rt) {
					t.Fatalf("at step %d: touched %q, want %q", c.Step(), gt, rt)
				}
				ref.Close()
			}
			checkAt(t, c, p, total, "after the seeks")
			// A new cursor of the same search, drawn with a fold opened,
			// passes over what the first one handed on.
			var open []string
			for id := range s.folds {
				if open == nil || id < open[0] {
					open = []string{id}
				}
			}
			_, s2 := prepare(t, tc.query, open...)
			for _, k := range targets[:5] {
				d := NewCursor(p, s2)
				d.Seek(k)
				work(t, d, 0)
				skipped += d.Skipped
				ref := NewCursor(p, s2)
				ref.shared = nil
				ref.Seek(k)
				work(t, ref, 0)
				same(t, d, ref, "a new cursor with a fold opened")
				d.Close()
				ref.Close()
			}
			if tc.skips && skipped == 0 {
				t.Errorf("got no event skipped, want some")
			}
			if !tc.skips && (skipped != 0 || len(c.sums)+len(c.shared) != 0) {
				t.Errorf("got %d events skipped and %d summaries, want none: this search must not skip", skipped, len(c.sums)+len(c.shared))
			}
		})
	}
}

// same fails unless two cursors stand at the same step with the same
// frame, fold counts and drawing.
func same(t *testing.T, c, ref *Cursor, what string) {
	t.Helper()
	if c.Step() != ref.Step() || c.AtEnd() != ref.AtEnd() {
		t.Fatalf("%s: at step %d (end %v), want %d (end %v)", what, c.Step(), c.AtEnd(), ref.Step(), ref.AtEnd())
	}
	// The frames' functions (wording, leaves) are the scenario's, not
	// state: compare everything else.
	g, w := *c.Frame(), *ref.Frame()
	g.Words, g.Leaf, w.Words, w.Leaf = nil, nil, nil, nil
	if !reflect.DeepEqual(g, w) {
		t.Fatalf("%s: frame at step %d differs: %s", what, c.Step(), frameDiff(&g, &w))
	}
	if g, w := c.Folds(), ref.Folds(); !reflect.DeepEqual(g, w) {
		t.Fatalf("%s: folds at step %d: got %v, want %v", what, c.Step(), g, w)
	}
	if g, w := c.Drawing(), ref.Drawing(); !reflect.DeepEqual(g, w) {
		t.Fatalf("%s: drawing at step %d differs", what, c.Step())
	}
	for _, u := range Units {
		if g, w := c.lastMarks(u), ref.lastMarks(u); g != w {
			t.Fatalf("%s: at step %d the last event ends a step by %s: got %v, want %v", what, c.Step(), u, g, w)
		}
	}
}
