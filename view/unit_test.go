package view

import (
	"github.com/abtrace/abtrace/search/tree"
	"testing"

	"github.com/abtrace/abtrace/trace"
)

// markSteps are the steps of the events that end a step of size u, from
// a plain run of the search.
func markSteps(t *testing.T, query string, u By) (marks []int, total int) {
	t.Helper()
	p, _ := prepare(t, query)
	if _, err := p.Run(func(e *trace.Event) bool {
		total = e.Step
		if u.marks(e) {
			marks = append(marks, e.Step)
		}
		return true
	}); err != nil {
		t.Fatal(err)
	}
	return marks, total
}

// TestCursorMove walks every scenario by node and by cutoff, forward from
// step 0 to the end and back again, and checks each landing step against
// the marks of a plain run and the frame there against a full replay.
func TestCursorMove(t *testing.T) {
	for i, q := range cursorScenarios {
		for k, u := range []By{ByNode, ByCutoff} {
			if !raceShare(i, k) {
				continue // under the race detector, one of the two units
			}
			t.Run(string(u)+"/"+q, func(t *testing.T) {
				marks, total := markSteps(t, q, u)
				if total > 3000 {
					t.Skip("too long to replay at every landing")
				}
				p, s := prepare(t, q)
				c := NewCursor(p, s)
				defer c.Close()
				// Forward: every mark in turn, then the end.
				want := append(append([]int(nil), marks...), total)
				if len(marks) > 0 && marks[len(marks)-1] == total {
					want = want[:len(want)-1]
				}
				for i, w := range want {
					c.Move(u, 1)
					work(t, c, 7)
					if got := c.Step(); got != w {
						t.Fatalf("forward press %d: got step %d, want %d", i+1, got, w)
					}
					checkAt(t, c, p, total, "forward")
				}
				// Back: every mark in reverse, then step 0.
				back := []int{0}
				back = append(back, marks...)
				for i := len(back) - 1; i >= 0; i-- {
					if back[i] == c.Step() {
						continue
					}
					c.Move(u, -1)
					work(t, c, 7)
					if got := c.Step(); got != back[i] {
						t.Fatalf("back to mark %d: got step %d, want %d", i, got, back[i])
					}
					checkAt(t, c, p, total, "back")
				}
				if c.Step() != 0 {
					t.Fatalf("got step %d after going back past every mark, want 0", c.Step())
				}
			})
		}
	}
}

// TestCursorMoveFromBetween: back by node from a step between two enters
// lands on the last enter, and two presses back land two enters back.
func TestCursorMoveFromBetween(t *testing.T) {
	const q = "tree=" + tree.TwoPlyGameTreePlain
	marks, _ := markSteps(t, q, ByNode)
	tests := []struct {
		from, n, want int
	}{
		{marks[3] + 1, -1, marks[3]},
		{marks[3], -1, marks[2]},
		{marks[3] + 1, -2, marks[2]},
		{marks[3] + 1, 2, marks[5]},
		{marks[0], -1, 0},
		{marks[3], -100, 0},
	}
	for _, tc := range tests {
		t.Run("", func(t *testing.T) {
			p, s := prepare(t, q)
			c := NewCursor(p, s)
			defer c.Close()
			c.Seek(tc.from)
			work(t, c, 0)
			c.Move(ByNode, tc.n)
			work(t, c, 0)
			if got := c.Step(); got != tc.want {
				t.Errorf("from step %d, %+d nodes: got step %d, want %d", tc.from, tc.n, got, tc.want)
			}
		})
	}
}

// The textbook tree is eleven presses by node (the nodes alpha-beta enters) and one by
// cutoff, where it is about fifty by event.
func TestTextbookPresses(t *testing.T) {
	const q = "tree=" + tree.TwoPlyGameTreePlain
	for _, tc := range []struct {
		u    By
		want int
	}{{ByNode, 11}, {ByCutoff, 1}} {
		marks, total := markSteps(t, q, tc.u)
		if len(marks) != tc.want {
			t.Errorf("%s: got %d marks in %d steps, want %d", tc.u, len(marks), total, tc.want)
		}
	}
}

func TestParseUnit(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want By
		err  bool
	}{{"", ByEvent, false}, {"event", ByEvent, false}, {"node", ByNode, false}, {"cutoff", ByCutoff, false}, {"leaf", ByEvent, true}, {"Node", ByEvent, true}} {
		got, err := ParseUnit(tc.in)
		if got != tc.want || (err != nil) != tc.err {
			t.Errorf("ParseUnit(%q): got %q, %v; want %q, error %v", tc.in, got, err, tc.want, tc.err)
		}
	}
	if got := ByCutoff.Next(); got != ByEvent {
		t.Errorf("ByCutoff.Next(): got %q, want %q", got, ByEvent)
	}
}
