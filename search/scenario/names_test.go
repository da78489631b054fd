package scenario

import (
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
	for _, tt := range tests {
		if got := p.names(tt.id); got != tt.want {
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
