package scenario

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/trace"
)

// TestTicTacToeNames: a tic-tac-toe node is named by the cell its move
// marked, and the narration uses it (never a path of indices).
func TestTicTacToeNames(t *testing.T) {
	p, err := Scenario{Game: "tictactoe", Position: "xo.x.o..."}.Prepare()
	if err != nil {
		t.Fatal(err)
	}
	// Empty cells in move order: 2 (c1), 4 (b2), 6 (a3), 7 (b3), 8 (c3).
	tests := []struct{ id, want string }{
		{"0", "c1"}, {"1", "b2"}, {"2", "a3"}, {"4", "c3"}, {"1.0", "c1"}, {"1.1", "a3"}, {"9", ""}, {"x", ""},
	}
	name := p.names()
	for _, tt := range tests {
		if got := name(tt.id); got != tt.want {
			t.Errorf("name of %q: got %q, want %q", tt.id, got, tt.want)
		}
	}
	f := trace.NewFrame()
	entered := 0
	_, err = p.Run(func(e *trace.Event) bool {
		if err := f.Apply(*e); err != nil {
			t.Fatal(err)
		}
		if e.Type == trace.Enter && e.Node != "" {
			entered++
			if e.Label == "" {
				t.Errorf("enter %q has no name", e.Node)
			}
			if strings.Contains(f.Narration, "node "+e.Node) {
				t.Errorf("step %d names a path: %q", e.Step, f.Narration)
			}
		}
		return e.Step < 200
	})
	if err != nil && entered == 0 {
		t.Fatal(err)
	}
	if entered == 0 {
		t.Fatal("no node entered")
	}
}

// TestTicTacToeNamesInAnyOrder: a namer that keeps the last path names
// every id as a fresh one does (which walks from the root), in the order
// of a search's enter events and in random orders of random ids, invalid
// ones among them.
func TestTicTacToeNamesInAnyOrder(t *testing.T) {
	for _, pos := range []string{"", "xo.x.o...", "x...o...."} {
		t.Run(fmt.Sprintf("position %q", pos), func(t *testing.T) {
			p, err := Scenario{Game: "tictactoe", Position: pos, Algo: "alphabeta"}.Prepare()
			if err != nil {
				t.Fatal(err)
			}
			fresh := func(id string) string { return p.names()(id) }
			name := p.names()
			entered := 0
			if _, err := p.Run(func(e *trace.Event) bool {
				if e.Type == trace.Enter && e.Node != "" {
					entered++
					if got, want := name(e.Node), fresh(e.Node); got != want {
						t.Fatalf("step %d: name of %q: got %q, want %q", e.Step, e.Node, got, want)
					}
				}
				return true
			}); err != nil {
				t.Fatal(err)
			}
			if entered < 50 {
				t.Fatalf("%d nodes entered, want a search", entered)
			}
			rng := rand.New(rand.NewPCG(1, uint64(len(pos))))
			name = p.names()
			for range 20000 {
				var parts []string
				for range rng.IntN(10) {
					parts = append(parts, fmt.Sprint(rng.IntN(10)-1))
				}
				id := strings.Join(parts, ".")
				if rng.IntN(20) == 0 {
					id += "."
				}
				if got, want := name(id), fresh(id); got != want {
					t.Fatalf("name of %q: got %q, want %q", id, got, want)
				}
			}
		})
	}
}

// TestKillerSlotsNamed: the killer slots on the expand and prune events of
// the killer ordering name their moves as the game writes them, the slot
// a prune fills is the child that just cut off, and, where a move's name
// is the move itself (a cell, a column), an expansion's keys put first
// exactly the children that the slots name: key 2 for the newest slot's
// move, 1 for the older's.
func TestKillerSlotsNamed(t *testing.T) {
	for _, c := range []struct {
		name          string
		sc            Scenario
		nameIsTheMove bool
	}{
		{"tic-tac-toe", Scenario{Game: "tictactoe", Position: "x...o....", Algo: "negamax", Order: "killer"}, true},
		{"tic-tac-toe alpha-beta", Scenario{Game: "tictactoe", Position: "xo.x.o...", Order: "killer"}, true},
		{"connect four", Scenario{Game: "connect4", Position: "dd", Depth: 4, Algo: "negamax", Order: "killer"}, true},
		{"minichess", Scenario{Game: "minichess", Position: "start", Depth: 2, Algo: "negamax", Order: "killer"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, err := c.sc.Prepare()
			if err != nil {
				t.Fatal(err)
			}
			name := p.names()
			var lastChild string
			expands, prunes := 0, 0
			_, err = p.Run(func(e *trace.Event) bool {
				for _, k := range e.Killers {
					if k.Label == "" || k.Label != name(k.Node) {
						t.Fatalf("step %d: slot %q is named %q, want %q", e.Step, k.Node, k.Label, name(k.Node))
					}
				}
				switch {
				case e.Type == trace.Update:
					lastChild = e.Child
				case e.Type == trace.Prune:
					prunes++
					if len(e.Killers) == 0 || e.Killers[0].Node != lastChild {
						t.Fatalf("step %d: prune at %q by %q has slots %+v, want %q first", e.Step, e.Node, lastChild, e.Killers, lastChild)
					}
				case e.Type == trace.Expand && len(e.Killers) > 0:
					expands++
					if !c.nameIsTheMove {
						break
					}
					for i, key := range e.Keys {
						child := name(trace.ChildID(e.Node, i))
						want := trace.Num(0)
						for s := len(e.Killers) - 1; s >= 0; s-- {
							if e.Killers[s].Label == child {
								want = trace.Num(2 - s)
							}
						}
						if key != want {
							t.Fatalf("step %d: child %s of %q has key %v, want %v from the slots %+v", e.Step, child, e.Node, key, want, e.Killers)
						}
					}
				}
				return true
			})
			if err != nil {
				t.Fatal(err)
			}
			if expands == 0 || prunes == 0 {
				t.Errorf("got %d expansions with slots and %d prunes, want some of each", expands, prunes)
			}
		})
	}
}
