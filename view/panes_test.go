package view

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/abtrace/abtrace/search/tree"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/trace"
)

// newPanes prepares one pane per ordering of the scenario in query.
func newPanes(t testing.TB, query string, orders []string, by By) *Panes {
	t.Helper()
	var ps []*scenario.Search
	var scene *Scene
	for _, o := range orders {
		p, s := prepare(t, query+"&order="+o)
		if scene == nil {
			scene = s
		}
		ps = append(ps, p)
	}
	return NewPanes(ps, orders, scene, by)
}

func workPanes(t testing.TB, pn *Panes, slice int) {
	t.Helper()
	for {
		done, err := pn.Work(context.Background(), slice)
		if err != nil {
			t.Fatal(err)
		}
		if done {
			return
		}
	}
}

// reference is one pane's whole search as a list: the old comparison's
// way, kept here as the test's oracle.
type reference struct {
	events []trace.Event
	enters []int // the step of every enter
}

func referenceOf(t testing.TB, p *scenario.Search) reference {
	t.Helper()
	var r reference
	if _, err := p.Run(func(e *trace.Event) bool {
		r.events = append(r.events, *e)
		if e.Type == trace.Enter {
			r.enters = append(r.enters, e.Step)
		}
		return true
	}); err != nil {
		t.Fatal(err)
	}
	return r
}

// at is the pane's own step at shared step k.
func (r reference) at(k int, by By) int {
	switch {
	case k <= 0:
		return 0
	case by == ByNode && k <= len(r.enters):
		return r.enters[k-1]
	case by == ByNode:
		return len(r.events)
	}
	return min(k, len(r.events))
}

func (r reference) leavesAt(step int) int {
	n := 0
	for _, e := range r.events[:step] {
		if e.Type == trace.Leaf {
			n++
		}
	}
	return n
}

// checkPanes compares every pane with its reference at the shared step:
// the pane's own step, its statistics and its drawing, which must be the
// drawing of a lone cursor at that step.
func checkPanes(t *testing.T, pn *Panes, refs []reference, what string) {
	t.Helper()
	for i, p := range pn.Panes() {
		want := refs[i].at(pn.Step(), pn.By())
		if got := p.cur.Step(); got != want {
			t.Fatalf("%s: pane %s at shared step %d: got own step %d, want %d", what, p.Name, pn.Step(), got, want)
		}
		c := NewCursor(p.p, p.cur.Scene())
		c.Seek(want)
		if err := c.WorkAll(context.Background()); err != nil {
			t.Fatal(err)
		}
		if got, want := p.Frame().Stats, c.Frame().Stats; !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: pane %s at shared step %d: got stats %+v, want %+v", what, p.Name, pn.Step(), got, want)
		}
		if got, want := p.Drawing().Attrs(), c.Drawing().Attrs(); !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: pane %s at shared step %d: the drawing differs from a lone cursor's", what, p.Name, pn.Step())
		}
		c.Close()
	}
}

// TestPanesMatchReference walks random moves over random trees, by event
// and by node, and checks every pane against the whole-list oracle.
func TestPanesMatchReference(t *testing.T) {
	orders := []string{"natural", "best", "worst"}
	seeds := 12
	if testing.Short() || raceDetector {
		seeds = 4 // each still walks 40 random moves, by event and by node
	}
	for seed := range seeds {
		for _, by := range []By{ByEvent, ByNode} {
			query := fmt.Sprintf("random=3,%d&seed=%d", 3+seed%3, seed+1)
			t.Run(fmt.Sprintf("%s/%s", query, by), func(t *testing.T) {
				pn := newPanes(t, query, orders, by)
				defer pn.Close()
				var refs []reference
				total := 0
				for _, p := range pn.Panes() {
					r := referenceOf(t, p.p)
					refs = append(refs, r)
					if by == ByNode {
						total = max(total, len(r.enters)+1)
					} else {
						total = max(total, len(r.events))
					}
				}
				workPanes(t, pn, 7)
				if got := pn.Total(); got != total {
					t.Fatalf("got total %d, want %d", got, total)
				}
				checkPanes(t, pn, refs, "start")
				rng := rand.New(rand.NewPCG(uint64(seed), 3))
				for move := range 40 {
					var what string
					before := pn.Step()
					cutsBefore := 0
					for _, p := range pn.Panes() {
						cutsBefore += p.Frame().Stats.Cutoffs
					}
					switch r := rng.IntN(10); {
					case r < 4:
						pn.Forward(1)
						what = "forward 1"
					case r < 6:
						n := 1 + rng.IntN(5)
						pn.Back(n)
						what = fmt.Sprintf("back %d", n)
					case r < 8:
						k := rng.IntN(total + 2)
						pn.Seek(k)
						what = fmt.Sprintf("seek %d", k)
					default:
						pn.NextCutoff()
						what = "next cutoff"
					}
					workPanes(t, pn, 1+rng.IntN(50))
					if what == "next cutoff" && pn.Step() < total {
						cuts := 0
						for _, p := range pn.Panes() {
							cuts += p.Frame().Stats.Cutoffs
						}
						if cuts <= cutsBefore {
							t.Fatalf("move %d: next cutoff from %d stopped at %d, where no pane cut off", move, before, pn.Step())
						}
					}
					checkPanes(t, pn, refs, fmt.Sprintf("move %d (%s from %d)", move, what, before))
				}
				pn.Seek(End)
				workPanes(t, pn, 0)
				if !pn.AtEnd() {
					t.Fatalf("after seek to the end: got step %d, want %d", pn.Step(), total)
				}
				for i, p := range pn.Panes() {
					if !p.Done() || p.Result == nil || p.Length != len(refs[i].events) {
						t.Fatalf("pane %s at the end: got done %v, length %d, want done, length %d", p.Name, p.Done(), p.Length, len(refs[i].events))
					}
				}
			})
		}
	}
}

// TestPanesNextCutoff checks that next cutoff lands on the first shared
// step at which a pane prunes.
func TestPanesNextCutoff(t *testing.T) {
	for _, by := range []By{ByEvent, ByNode} {
		t.Run(string(by), func(t *testing.T) {
			pn := newPanes(t, "tree="+tree.TwoPlyGameTreePlain, []string{"natural", "worst"}, by)
			defer pn.Close()
			workPanes(t, pn, 0)
			// The oracle: step one shared step at a time.
			want := 0
			for k := 1; k <= pn.Total(); k++ {
				pn.Seek(k)
				workPanes(t, pn, 0)
				want = k
				if pn.Panes()[0].Frame().Stats.Cutoffs+pn.Panes()[1].Frame().Stats.Cutoffs > 0 {
					break
				}
			}
			pn.Seek(0)
			workPanes(t, pn, 0)
			pn.NextCutoff()
			workPanes(t, pn, 0)
			if got := pn.Step(); got != want {
				t.Fatalf("got step %d, want %d", got, want)
			}
		})
	}
}

// TestPanesChart checks the chart's series against the oracle's leaves
// at every sample.
func TestPanesChart(t *testing.T) {
	for _, by := range []By{ByEvent, ByNode} {
		t.Run(string(by), func(t *testing.T) {
			orders := []string{"natural", "best", "worst"}
			pn := newPanes(t, "random=3,6&seed=1", orders, by)
			defer pn.Close()
			workPanes(t, pn, 1000)
			s := pn.Samples()
			if len(s) > ChartSamples+1 || s[0] != 0 || s[len(s)-1] != pn.Total() {
				t.Fatalf("got samples %d…%d (%d of them), want 0…%d, at most %d", s[0], s[len(s)-1], len(s), pn.Total(), ChartSamples+1)
			}
			for i, p := range pn.Panes() {
				r := referenceOf(t, p.p)
				series := pn.Series()[i]
				if len(series) != len(s) {
					t.Fatalf("pane %s: got %d points, want %d", p.Name, len(series), len(s))
				}
				for j, k := range s {
					if got, want := series[j], r.leavesAt(r.at(k, by)); got != want {
						t.Fatalf("pane %s at shared step %d: got %d leaves, want %d", p.Name, k, got, want)
					}
				}
			}
		})
	}
}

// TestPanesTooLong checks that a search longer than MaxPaneEvents is
// refused with an error naming the pane.
func TestPanesTooLong(t *testing.T) {
	pn := newPanes(t, "game=tictactoe&position=x........&algo=minimax", []string{"natural", "best"}, ByEvent)
	defer pn.Close()
	var err error
	for done := false; !done && err == nil; {
		done, err = pn.Work(context.Background(), 0)
	}
	if !errors.Is(err, ErrPaneTooLong) {
		t.Fatalf("got %v, want ErrPaneTooLong", err)
	}
	if want := "natural"; !bytes.Contains([]byte(err.Error()), []byte(want)) {
		t.Fatalf("got %q, want it to name the pane %q", err, want)
	}
}

// TestPanesStopped checks that work stops when its context ends.
func TestPanesStopped(t *testing.T) {
	pn := newPanes(t, "random=3,6&seed=1", []string{"natural", "best"}, ByEvent)
	defer pn.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := pn.Work(ctx, 10); !errors.Is(err, ErrStopped) {
		t.Fatalf("got %v, want ErrStopped", err)
	}
}

// TestComparePatchStreamGolden steps a comparison by event and checks
// that the first pane's drawing patches are, line for line, the viewer's
// golden patch stream: /compare and /view draw every node the same way,
// chance-edge probabilities included.
func TestComparePatchStreamGolden(t *testing.T) {
	for _, tc := range []struct{ name, query string }{
		{"textbook-alphabeta", "tree=" + tree.TwoPlyGameTreePlain},
		{"textbook-chance-star1", "tree=" + tree.TwoPlyGameTreeChance + "&algo=star1&bounds=0,15"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, err := os.ReadFile(filepath.Join("testdata", tc.name+".patches.jsonl"))
			if err != nil {
				t.Fatal(err)
			}
			pn := newPanes(t, tc.query, []string{"natural", "worst"}, ByEvent)
			defer pn.Close()
			workPanes(t, pn, 0)
			var got bytes.Buffer
			enc := json.NewEncoder(&got)
			enc.SetEscapeHTML(false)
			for {
				if err := enc.Encode(pn.Panes()[0].Patch()); err != nil {
					t.Fatal(err)
				}
				if pn.Panes()[0].Frame().Done {
					break
				}
				pn.Forward(1)
				workPanes(t, pn, 0)
			}
			gl, wl := bytes.Split(got.Bytes(), []byte("\n")), bytes.Split(want, []byte("\n"))
			for i := 0; i < min(len(gl), len(wl)); i++ {
				if !bytes.Equal(gl[i], wl[i]) {
					t.Fatalf("line %d (step %d):\ngot  %s\nwant %s", i+1, i, gl[i], wl[i])
				}
			}
			if len(gl) != len(wl) {
				t.Fatalf("got %d lines, want %d", len(gl), len(wl))
			}
		})
	}
}
