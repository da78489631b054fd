package web

import (
	"context"
	"net/url"
	"testing"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search/tree"
)

// TestOutlineAndCounterWorded: every step's answer says, in the viewer's
// language, what the outline writes of each node it redraws (its state,
// value and the cutoff that pruned it) and what the step counter shows,
// so the page words none of it; a total that arrives later carries the
// counter of the step the page shows.
func TestOutlineAndCounterWorded(t *testing.T) {
	loc := i18n.For(i18n.Lang("de"))
	v, err := newViewer(context.Background(), "lang=de&tree="+url.QueryEscape(tree.TwoPlyGameTree))
	if err != nil {
		t.Fatal(err)
	}
	defer v.close()
	v.counter.Close()
	v.counter = nil // the total comes later, from the count command
	cuts := 0
	for step := 1; !v.ended(); step++ {
		m := forward(t, v, 1)
		want := loc.T("view.step-n", "Step", step)
		if v.total >= 0 { // the end tells the total
			want = loc.T("view.step-of", "Step", step, "Total", v.total)
		}
		if m.Panels.Counter != want {
			t.Fatalf("step %d: counter %q, want %q", step, m.Panels.Counter, want)
		}
		if len(m.Outline) != len(m.Draw.Nodes) {
			t.Fatalf("step %d: %d outline entries for %d redrawn nodes", step, len(m.Outline), len(m.Draw.Nodes))
		}
		for i, a := range m.Draw.Nodes {
			e := m.Outline[i]
			if e.ID != a.ID || e.State != loc.T(map[string]string{"open": "view.state.open", "done": "view.state.done",
				"pruned": "view.state.pruned", "unvisited": "view.state.unvisited"}[a.State]) {
				t.Errorf("step %d: node %q (%s) has outline entry %+v", step, a.ID, a.State, e)
			}
			if a.Cut != nil && a.Cut.Full != "" {
				cuts++
				if want := loc.T("view.outline.cut", "Test", a.Cut.Full); e.Cut != want {
					t.Errorf("step %d: node %q: cut %q, want %q", step, a.ID, e.Cut, want)
				}
			}
		}
	}
	if cuts == 0 {
		t.Error("no cutoff reached the outline")
	}
	// A total counted while the page stands at step 7.
	w, err := newViewer(context.Background(), "lang=de&tree="+url.QueryEscape(tree.TwoPlyGameTree))
	if err != nil {
		t.Fatal(err)
	}
	defer w.close()
	w.counter.Close()
	w.counter = nil
	seek(t, w, StepArg{Set: true, Value: 7})
	msgs := w.startCount()
	for i := 0; len(msgs) == 0 && i < 100; i++ {
		msgs = w.countSlice(context.Background(), 1<<20)
	}
	if len(msgs) != 1 || msgs[0].Type != "total" {
		t.Fatalf("count: got %+v, want one total message", msgs)
	}
	total := msgs[0]
	if c := total.Counters; len(c) != 1 || c[0].Step != 7 || c[0].Text != loc.T("view.step-of", "Step", 7, "Total", *total.Total) {
		t.Errorf("total message's counters %+v, want step 7 of %d", c, *total.Total)
	}
}
