package scenario

import (
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/trace"
)

func oddOrEven(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../gdl/testdata/odd-or-even.kif")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestDUCTScenario steps decoupled UCT on odd or even (both roles show
// fingers at once): every step replays into a frame, a selection carries
// both roles' tables with the chosen line of each marked and leads to the
// child its joint move names in the tree of joint moves (the drawing's
// names agree), a backprop updates the chosen lines, and the run ends
// with every role's most visited move. The searches that need turns
// refuse the game, naming algo and pointing to mcts.
func TestDUCTScenario(t *testing.T) {
	src := oddOrEven(t)
	p, err := Scenario{GDL: src, Algo: "mcts", Iterations: 30, Seed: 2}.Prepare()
	if err != nil {
		t.Fatal(err)
	}
	if !p.Decoupled() {
		t.Fatal("not decoupled")
	}
	f := &trace.Frame{}
	var events []trace.Event
	var applied error
	res, err := p.Run(func(e *trace.Event) bool {
		events = append(events, *e)
		if err := f.Apply(*e); err != nil && applied == nil {
			applied = err
		}
		return true
	})
	if err != nil || applied != nil {
		t.Fatal(err, applied)
	}
	counts := map[trace.Type]int{}
	for _, e := range events {
		counts[e.Type]++
		d := e.Decoupled
		if d == nil {
			t.Fatalf("step %d %v has no Decoupled", e.Step, e.Type)
		}
		switch e.Type {
		case trace.Select:
			if len(d.Tables) != 2 || d.Tables[0].Role != "even" || d.Tables[1].Role != "odd" {
				t.Fatalf("select tables %+v", d.Tables)
			}
			for r, tb := range d.Tables {
				chosen := 0
				for _, l := range tb.Lines {
					if l.Chosen {
						chosen++
						if l.Move != d.Joint[r] {
							t.Fatalf("step %d: %s chose %s, joint says %s", e.Step, tb.Role, l.Move, d.Joint[r])
						}
					}
				}
				if chosen != 1 {
					t.Fatalf("step %d: %d chosen lines for %s", e.Step, chosen, tb.Role)
				}
			}
			// The child is named by the joint move as the narration and
			// the panels write it, and its roles' moves are the joint's.
			if got, want := p.MoveName(e.Child), d.JointText(); got != want || want != "even "+d.Joint[0]+" / odd "+d.Joint[1] {
				t.Fatalf("step %d: child %q is named %q, joint %q", e.Step, e.Child, got, want)
			}
			if got := p.JointMoves(e.Child); !slices.Equal(got, d.Joint) {
				t.Fatalf("step %d: child %q's joint moves are %q, want %q", e.Step, e.Child, got, d.Joint)
			}
		case trace.Simulate:
			if len(d.Goals) != 2 || d.Goals[0]+d.Goals[1] != 100 {
				t.Fatalf("playout goals %v", d.Goals)
			}
		}
	}
	if counts[trace.Select] == 0 || counts[trace.Grow] < 5 || counts[trace.Simulate] != 30 || counts[trace.Backprop] < 30 || counts[trace.Done] != 1 {
		t.Fatalf("steps %v", counts)
	}
	if !f.Done || res.Stats.Leaves != 30 || f.Stats.Nodes != res.Stats.Nodes {
		t.Fatalf("done %v, leaves %d, nodes %d vs %d", f.Done, res.Stats.Leaves, f.Stats.Nodes, res.Stats.Nodes)
	}
	root := f.Nodes[""]
	if root == nil || root.N != 30 {
		t.Fatalf("root %+v, want 30 visits", root)
	}
	// The narration words the roles' choices.
	g := &trace.Frame{}
	for _, e := range events[:3] {
		if e.Type == trace.Select {
			if s := trace.Narrate(g, e); !strings.Contains(s, "even (show") || !strings.Contains(s, "own table") {
				t.Fatalf("narration %q", s)
			}
		}
		if err := g.Apply(e); err != nil {
			t.Fatal(err)
		}
	}
	for _, algo := range []string{"alphabeta", "minimax"} {
		_, err := Scenario{GDL: src, Algo: algo}.Prepare()
		var ue *UsageError
		if !errors.As(err, &ue) || ue.Param != "algo" || !strings.Contains(err.Error(), "mcts") {
			t.Fatalf("%s: %v, want a usage error naming algo that points to mcts", algo, err)
		}
	}
	if _, err := (Scenario{GDL: src, Algo: "mcts", Iterations: 6000}).Prepare(); err == nil {
		t.Fatal("6000 traced iterations accepted")
	}
	if _, err := p.RunAlgorithm(search.AlgoAlphaBeta, nil); err == nil {
		t.Fatal("alpha-beta ran on a simultaneous game")
	}
}
