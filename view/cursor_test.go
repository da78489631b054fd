package view

import (
	"context"
	"errors"
	"fmt"
	"github.com/abtrace/abtrace/search/tree"
	"math/rand/v2"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/trace"
)

// scenarios the cursor tests run over: small trees of every kind, and
// game trees with folds.
var cursorScenarios = []string{
	"tree=" + tree.TwoPlyGameTreePlain,
	"tree=" + tree.TwoPlyGameTreePlain + "&algo=minimax",
	"tree=" + tree.TwoPlyGameTreePlain + "&order=best",
	"tree=" + tree.TwoPlyGameTreeChance + "&algo=expectiminimax",
	"tree=" + tree.TwoPlyGameTreeChance + "&algo=star1&bounds=0,15",
	"tree=(((<1,2,3> <6,1,2>) (<4,2,1> <7,4,-1>)) ((<5,-1,-1> <-1,5,2>) (<7,7,-1> <5,4,5>)))&algo=maxn",
	"random=3,5&seed=7",
	"game=tictactoe&position=xo.x.o...",
	"game=tictactoe&position=x........",
	"game=tictactoe&position=x...o....&algo=minimax",
	"game=nim&matches=9&take=3",
	"game=dice&algo=expectiminimax&depth=3",
	"tree=" + tree.TwoPlyGameTreePlain + "&algo=mcts&iterations=30",
	"game=tictactoe&position=x........&algo=mcts&iterations=200",
	"tree=" + tree.TwoPlyGameTreeEstimates + "&algo=id&tt=64",
	"tree=" + tree.TwoPlyGameTreeEstimates + "&algo=id&aspiration=1",
	"tree=" + tree.TwoPlyGameTree + "&algo=mtdf",
	"game=tictactoe&position=x........&algo=id&tt=4096&depth=4",
}

func prepare(t testing.TB, query string, open ...string) (*scenario.Search, *Scene) {
	t.Helper()
	p := prepared(t, query)
	s, err := NewScene(p, open)
	if err != nil {
		t.Fatal(err)
	}
	return p, s
}

// prepared is the prepared scenario of a query.
func prepared(t testing.TB, query string) *scenario.Search {
	t.Helper()
	q, err := url.ParseQuery(query)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scenario.FromQuery(q)
	if err != nil {
		t.Fatal(err)
	}
	p, err := sc.Prepare()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// replayTo is the reference: the whole frame at step (or the last one),
// every node listed, the landing event narrated.
func replayTo(t testing.TB, p *scenario.Search, step int) *trace.Frame {
	t.Helper()
	f := trace.NewFrame()
	f.Leaf, f.EvalNames = p.Leaf, EvalWords(nil)
	var last trace.Event
	have := false
	_, err := p.Run(func(e *trace.Event) bool {
		if e.Step > step {
			return false
		}
		if have {
			if err := f.ApplyQuietly(last); err != nil {
				t.Fatal(err)
			}
		}
		last, have = cloneEvent(e), true
		return true
	})
	_ = err
	if have {
		if err := f.Apply(last); err != nil {
			t.Fatal(err)
		}
	}
	return f
}

func cloneEvent(e *trace.Event) trace.Event {
	c := *e
	c.Order = append([]int(nil), e.Order...)
	c.Pruned = append([]string(nil), e.Pruned...)
	c.Vec = append([]float64(nil), e.Vec...)
	c.Probs = append([]float64(nil), e.Probs...)
	c.Terms = append([]trace.Term(nil), e.Terms...)
	if e.Result != nil {
		c.Result = e.Result.Clone()
	}
	return c
}

func totalSteps(t testing.TB, p *scenario.Search) int {
	n := 0
	if _, err := p.Run(func(*trace.Event) bool { n++; return true }); err != nil {
		t.Fatal(err)
	}
	return n
}

// visible is f with only the nodes a drawing shows or the stack names.
func visible(s *Scene, f *trace.Frame) *trace.Frame {
	g := f.Clone()
	g.Leaf, g.Labels, g.EvalNames = nil, nil, nil // funcs are never DeepEqual; the narration shows their effect
	// The last evaluation the cursor saw: it does not see those inside a
	// subtree it passes over.
	g.Evaluated = nil
	onStack := map[string]bool{}
	for _, id := range f.Stack {
		onStack[id] = true
	}
	for id := range g.Nodes {
		if s.Hidden(id) && !onStack[id] {
			delete(g.Nodes, id)
		}
	}
	return g
}

// checkAt compares the cursor with the reference frame at its step.
func checkAt(t *testing.T, c *Cursor, p *scenario.Search, total int, what string) {
	t.Helper()
	want := replayTo(t, p, c.Step())
	got := visible(c.scene, c.Frame())
	if w := visible(c.scene, want); !reflect.DeepEqual(got, w) {
		t.Fatalf("%s: frame at step %d differs from the replay: %s", what, c.Step(), frameDiff(got, w))
	}
	if gotF, wantF := c.Folds(), FoldsAt(p, c.scene, want); !reflect.DeepEqual(gotF, wantF) {
		t.Fatalf("%s: fold counts at step %d: got %v, want %v", what, c.Step(), gotF, wantF)
	}
	if got, want := c.AtEnd(), c.Step() == total; got != want {
		t.Fatalf("%s: at step %d of %d: AtEnd %v, want %v", what, c.Step(), total, got, want)
	}
	if gd, wd := c.Drawing(), c.scene.Draw(want, FoldsAt(p, c.scene, want)); !reflect.DeepEqual(gd, wd) {
		t.Fatalf("%s: drawing at step %d differs from the replay's", what, c.Step())
	}
}

func work(t *testing.T, c *Cursor, slice int) {
	t.Helper()
	for {
		done, err := c.Work(context.Background(), slice)
		if err != nil {
			t.Fatal(err)
		}
		if done {
			return
		}
	}
}

// TestCursorMatchesReplay moves a cursor at random and checks every
// frame against the replay: with the cursor's own distance for passing
// over folded subtrees met for the first time, and passing over every one
// it can (a goal one step beyond is enough), so that goals inside a
// subtree being passed over, at its exit and beyond it all occur.
//
// Under the race detector each scenario runs with one of the two.
func TestCursorMatchesReplay(t *testing.T) {
	for k, ahead := range []int{PassAhead, 1} {
		for i, q := range cursorScenarios {
			if raceDetector && i%2 != k {
				continue
			}
			t.Run(fmt.Sprintf("ahead=%d/%s", ahead, q), func(t *testing.T) {
				testCursorMatchesReplay(t, q, ahead)
			})
		}
	}
}

func testCursorMatchesReplay(t *testing.T, q string, ahead int) {
	sharedSummaries.forget()
	t.Cleanup(sharedSummaries.forget)
	p, s := prepare(t, q)
	total := totalSteps(t, p)
	c := NewCursor(p, s)
	c.passAhead = ahead
	defer c.Close()
	work(t, c, 0)
	checkAt(t, c, p, total, "start")
	rng := rand.New(rand.NewPCG(1, uint64(len(q))))
	for i := range 40 {
		var what string
		switch rng.IntN(6) {
		case 0, 1:
			n := 1 + rng.IntN(5)
			c.Forward(n)
			what = fmt.Sprintf("forward %d", n)
		case 2:
			c.Seek(max(0, c.Step()-1-rng.IntN(3)))
			what = "back"
		case 3:
			to := rng.IntN(total + 3)
			c.Seek(to)
			what = fmt.Sprintf("seek %d", to)
		case 4:
			c.NextCutoff()
			what = "next cutoff"
		case 5:
			c.Seek(End)
			what = "seek end"
		}
		// Small slices so that every suspension point is crossed.
		work(t, c, 1+rng.IntN(40))
		checkAt(t, c, p, total, fmt.Sprintf("move %d, %s", i, what))
	}
}

// TestCursorStepByStep walks every step of the textbook and chance trees
// one at a time and checks each against the replay.
func TestCursorStepByStep(t *testing.T) {
	for _, q := range cursorScenarios[:5] {
		t.Run(q, func(t *testing.T) {
			p, s := prepare(t, q)
			total := totalSteps(t, p)
			c := NewCursor(p, s)
			defer c.Close()
			work(t, c, 0)
			for step := 1; step <= total; step++ {
				c.Forward(1)
				work(t, c, 0)
				if c.Step() != step {
					t.Fatalf("got step %d, want %d", c.Step(), step)
				}
				checkAt(t, c, p, total, "step")
			}
			c.Forward(1)
			work(t, c, 0)
			if c.Step() != total || !c.AtEnd() {
				t.Fatalf("past the end: got step %d (end %v), want %d (end true)", c.Step(), c.AtEnd(), total)
			}
		})
	}
}

// TestCursorCheckpointsThin checks that the copies stay within
// MaxCheckpoints on a long search and that going back from far uses them.
func TestCursorCheckpointsThin(t *testing.T) {
	p, s := prepare(t, "game=tictactoe&position=x...o....&algo=minimax")
	total := totalSteps(t, p)
	c := NewCursor(p, s)
	defer c.Close()
	c.Seek(End)
	work(t, c, 0)
	if c.Step() != total {
		t.Fatalf("seek end: got step %d, want %d", c.Step(), total)
	}
	if n := len(c.checkpoints); n == 0 || n > MaxCheckpoints {
		t.Fatalf("got %d checkpoints, want 1 to %d", n, MaxCheckpoints)
	}
	for i, cp := range c.checkpoints {
		if cp.frame.Step%c.every != 0 || i > 0 && cp.frame.Step <= c.checkpoints[i-1].frame.Step {
			t.Fatalf("checkpoint %d at step %d: not a rising multiple of %d", i, cp.frame.Step, c.every)
		}
	}
	c.Seek(total - 1)
	work(t, c, 0)
	checkAt(t, c, p, total, "one back from the end")
}

// TestCursorStops checks that a cancelled context stops the work between
// slices and that the cursor can go on afterwards.
func TestCursorStops(t *testing.T) {
	p, s := prepare(t, "game=tictactoe&position=x...o....&algo=minimax")
	total := totalSteps(t, p)
	// A search met for the first time: no subtree to pass over (which
	// counts as one event of a slice).
	sharedSummaries.forget()
	c := NewCursor(p, s)
	defer c.Close()
	c.Seek(End)
	if done, err := c.Work(context.Background(), 100); done || err != nil {
		t.Fatalf("first slice of a long seek: got done %v, err %v; want false, nil", done, err)
	}
	if c.Step() > 100 {
		t.Fatalf("a slice of 100 events went to step %d", c.Step())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := c.Work(ctx, 100); err == nil {
		t.Fatal("a cancelled context: got no error")
	}
	work(t, c, 0)
	if c.Step() != total {
		t.Fatalf("after the stop: got step %d, want %d", c.Step(), total)
	}
}

// frameDiff names the first few differences between two frames.
func frameDiff(got, want *trace.Frame) string {
	var out []string
	for id, v := range want.Nodes {
		if !v.Equal(got.Nodes[id]) {
			out = append(out, fmt.Sprintf("node %q: got %+v, want %+v", id, got.Nodes[id], v))
		}
	}
	for id, v := range got.Nodes {
		if want.Nodes[id] == nil {
			out = append(out, fmt.Sprintf("node %q: got %+v, want none", id, v))
		}
	}
	g, w := *got, *want
	g.Nodes, w.Nodes = nil, nil
	if !reflect.DeepEqual(g, w) {
		out = append(out, fmt.Sprintf("got %+v, want %+v", g, w))
	}
	if len(out) > 4 {
		out = append(out[:4], fmt.Sprintf("and %d more", len(out)-4))
	}
	return strings.Join(out, "; ")
}

// TestCursorMemoryCap checks that a cursor keeps its frame and checkpoints
// within its byte cap, thinning checkpoints, and stops with ErrTooLarge
// when the frame alone would exceed it.
func TestCursorMemoryCap(t *testing.T) {
	p, s := prepare(t, "game=tictactoe&position=x...o....&algo=minimax")
	total := totalSteps(t, p)
	// The frame holds the drawn nodes and a few on the open path.
	frame := (len(s.Layout.Nodes) + 10) * NodeBytes
	for _, tc := range []struct {
		name     string
		maxBytes int
		tooLarge bool
	}{
		{"room for every checkpoint", MaxBytes, false},
		{"room for a few", frame * 4, false},
		{"room for the frame only", frame, false},
		{"not even the frame", frame / 2, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := NewCursor(p, s)
			defer c.Close()
			c.maxBytes = tc.maxBytes
			c.Seek(End)
			err := c.WorkAll(context.Background())
			if tc.tooLarge {
				if !errors.Is(err, ErrTooLarge) {
					t.Fatalf("got %v, want ErrTooLarge", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.Step() != total {
				t.Fatalf("got step %d, want %d", c.Step(), total)
			}
			if got := c.Bytes(); got > tc.maxBytes {
				t.Fatalf("got %d bytes, want at most %d", got, tc.maxBytes)
			}
			c.Seek(total / 3)
			work(t, c, 0)
			checkAt(t, c, p, total, "back a long way")
		})
	}
}

func TestCounter(t *testing.T) {
	for _, q := range cursorScenarios {
		t.Run(q, func(t *testing.T) {
			p, _ := prepare(t, q)
			want := totalSteps(t, p)
			c := NewCounter(p)
			defer c.Close()
			slices := 0
			for {
				got, done, err := c.Work(context.Background(), 100)
				if err != nil {
					t.Fatal(err)
				}
				slices++
				if done {
					if got != want {
						t.Fatalf("got %d steps, want %d", got, want)
					}
					break
				}
				// A slice ends once it has counted its 100 steps (and
				// the counted subtree it was in).
				if got < 100*slices {
					t.Fatalf("counted %d steps in %d slices of 100, want at least %d", got, slices, 100*slices)
				}
			}
			if want > 200 && slices < 2 {
				t.Fatalf("counted %d steps in %d slice, want a return between slices", want, slices)
			}
		})
	}
}
