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
