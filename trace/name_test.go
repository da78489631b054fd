package trace

import "testing"

// TestCapKeepsNames checks that a sentence starting with a node's name
// keeps the name as the game writes it (the column "d", the cell "b2"),
// while a sentence starting with a text ("the root") is capitalised.
func TestCapKeepsNames(t *testing.T) {
	tests := []struct {
		node any
		want string
	}{
		{Name("d"), "d returns its evaluation 3, an estimate of its true value."},
		{Name("b2"), "b2 returns its evaluation 3, an estimate of its true value."},
		{Name("C"), "C returns its evaluation 3, an estimate of its true value."},
		{say("narrate.root"), "The root returns its evaluation 3, an estimate of its true value."},
		{"node 1.2", "Node 1.2 returns its evaluation 3, an estimate of its true value."},
	}
	for _, tt := range tests {
		got := say("narrate.exit.estimate", "Node", tt.node, "Value", "3").WordIn(English)
		if got != tt.want {
			t.Errorf("got %q, want %q", got, tt.want)
		}
	}
}
