package view

import (
	"os"
	"testing"

	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/trace"
)

// TestDUCTPanel steps decoupled UCT on odd or even (both roles show one or
// two fingers at once) and reads the panel at each step: a selection
// shows one table per role with UCB1 (∞ for a line never tried, chosen
// first) and exactly one chosen line each, the joint move of those lines;
// a backpropagation the tables after the update, without UCB1, the lines
// updated being the ones chosen; the playout every role's goal.
func TestDUCTPanel(t *testing.T) {
	src, err := os.ReadFile("../search/gdl/testdata/odd-or-even.kif")
	if err != nil {
		t.Fatal(err)
	}
	p, err := scenario.Scenario{GDL: string(src), Algo: "mcts", Iterations: 12, Seed: 4}.Prepare()
	if err != nil {
		t.Fatal(err)
	}
	f := &trace.Frame{}
	seen := map[string]int{}
	_, err = p.Run(func(e *trace.Event) bool {
		if err := f.Apply(*e); err != nil {
			t.Fatal(err)
		}
		panel := MCTSPanelOf(f, 1.41, nil)
		if e.Type == trace.Grow && e.Node == "" || e.Type == trace.Done {
			if panel.DUCT != nil {
				t.Fatalf("step %d: a DUCT panel outside an iteration", e.Step)
			}
			return true
		}
		d := panel.DUCT
		if d == nil {
			t.Fatalf("step %d (%v): no DUCT panel", e.Step, e.Type)
		}
		switch e.Type {
		case trace.Select:
			seen["select"]++
			if !d.Current || d.Backup || len(d.Tables) != 2 || d.Tables[0].Role != "even" || d.Joint == "" {
				t.Fatalf("step %d: select panel %+v", e.Step, d)
			}
			for _, tb := range d.Tables {
				chosen, untried := 0, false
				for _, r := range tb.Rows {
					if r.Chosen {
						chosen++
					}
					if r.N == "0" {
						untried = true
						if r.UCB != "∞" || r.Mean != "—" {
							t.Fatalf("step %d: untried line %+v", e.Step, r)
						}
					}
				}
				if untried && !hasUntriedChosen(tb) {
					t.Fatalf("step %d: %s leaves a line never tried for a tried one: %+v", e.Step, tb.Role, tb.Rows)
				}
				if chosen != 1 {
					t.Fatalf("step %d: %s has %d chosen lines", e.Step, tb.Role, chosen)
				}
			}
			if e.Node == "" && !d.Root {
				t.Fatalf("step %d: the root's tables are not said to be the root's", e.Step)
			}
		case trace.Backprop:
			seen["backprop"]++
			if !d.Backup || len(d.Tables) != 2 {
				t.Fatalf("step %d: backprop panel %+v", e.Step, d)
			}
			if d.N != trace.Num(e.Visits).String() {
				t.Fatalf("step %d: N %s, event %v", e.Step, d.N, e.Visits)
			}
		case trace.Simulate:
			seen["simulate"]++
			if d.Playout == nil || !d.Playout.Current || d.Playout.Goals != e.Decoupled.GoalsText() {
				t.Fatalf("step %d: playout %+v", e.Step, d.Playout)
			}
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	if seen["select"] == 0 || seen["backprop"] == 0 || seen["simulate"] != 12 {
		t.Fatalf("steps seen %v", seen)
	}
}

// hasUntriedChosen reports whether the chosen line of tb is one never
// tried (the line UCB1 takes first).
func hasUntriedChosen(tb DUCTTable) bool {
	for _, r := range tb.Rows {
		if r.Chosen {
			return r.N == "0"
		}
	}
	return false
}
