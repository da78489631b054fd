package gdl

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// TestDUCTTrace traces decoupled UCT on our simultaneous odd-or-even: each
// iteration selects at the root with both roles' tables (untried lines
// first), expands one node, plays out and backs the goals up each role's
// own table, from the new node's parent to the root; the traced search
// gives the untraced one's result; the tracer can stop it; and the traced
// iterations are limited.
func TestDUCTTrace(t *testing.T) {
	g := oddOrEven(t)
	var events []DUCTEvent
	res, err := g.DUCT(g.Init(), DUCTOptions{Iterations: 40, Seed: 3, Trace: func(e DUCTEvent) bool {
		events = append(events, e)
		return true
	}})
	if err != nil {
		t.Fatal(err)
	}
	plain, err := g.DUCT(g.Init(), DUCTOptions{Iterations: 40, Seed: 3})
	if err != nil || !reflect.DeepEqual(stripUCB(res), stripUCB(plain)) {
		t.Fatalf("traced %+v, untraced %+v (%v)", res, plain, err)
	}
	var first []string
	for _, e := range events {
		if e.Iteration > 0 {
			break
		}
		first = append(first, fmt.Sprintf("%s %d %d %v", e.Type, e.Node, e.Parent, e.Joint))
	}
	want := []string{"select 0 -1 [(show 1) (show 1)]", "expand 1 0 [(show 1) (show 1)]", "rollout 1 -1 []", "backup 0 -1 [(show 1) (show 1)]"}
	if len(first) != 4 || first[0][:6] != "select" || first[1][:8] != "expand 1" || !strings.HasPrefix(first[2], "rollout 1") || !strings.HasPrefix(first[3], "backup 0") {
		t.Fatalf("first iteration:\n%s\nwant the shape of\n%s", strings.Join(first, "\n"), strings.Join(want, "\n"))
	}
	sel, back := events[0], events[3]
	if len(sel.Tables) != 2 || !sel.Tables[0].Moves[0].Untried || sel.Tables[1].Role != "odd" {
		t.Errorf("select's tables: %+v", sel.Tables)
	}
	// After the first backup the root's tables hold one visit each, on
	// the lines of the moves chosen, with the rollout's goal as the mean.
	for r, rs := range back.Tables {
		visits := 0
		for _, m := range rs.Moves {
			visits += m.Visits
			if m.Visits == 1 && m.Move == back.Joint[r] && m.Mean != float64(max(events[2].Goals[r], 0)) {
				t.Errorf("role %s: mean %v after goal %d", rs.Role, m.Mean, events[2].Goals[r])
			}
		}
		if visits != 1 {
			t.Errorf("role %s: %d visits after one backup", rs.Role, visits)
		}
	}
	n := 0
	stopped, err := g.DUCT(g.Init(), DUCTOptions{Iterations: 40, Seed: 3, Trace: func(DUCTEvent) bool { n++; return n < 10 }})
	if err != nil || n != 10 || stopped.Iterations >= 40 {
		t.Errorf("stopping: %d events, %d iterations (%v)", n, stopped.Iterations, err)
	}
	_, err = g.DUCT(g.Init(), DUCTOptions{Iterations: MaxTracedDUCTIterations + 1, Trace: func(DUCTEvent) bool { return true }})
	wantLimit(t, err, "MaxTracedDUCTIterations")
}

func stripUCB(r DUCTResult) DUCTResult {
	for i := range r.Roles {
		for k := range r.Roles[i].Moves {
			r.Roles[i].Moves[k].UCB = 0
		}
	}
	return r
}
