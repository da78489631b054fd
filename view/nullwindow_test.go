package view

import (
	"context"
	"strings"
	"testing"
)

// TestNullWindowWritten: the null windows of PVS and MTD(f) on Reversi
// (no grain: ε is one step of a float64) are written with ε on the
// drawing's α/β lines, the stack and the trail, never as α=11 β=11.
func TestNullWindowWritten(t *testing.T) {
	for _, algo := range []string{"pvs", "mtdf"} {
		p, s := prepare(t, "game=reversi&depth=2&algo="+algo)
		c := NewCursor(p, s)
		eps := 0
		for step := 1; step <= 120; step++ {
			c.Seek(step)
			if err := c.WorkAll(context.Background()); err != nil {
				t.Fatal(err)
			}
			f := c.Frame()
			for _, n := range c.Drawing().Nodes {
				if n.Alpha == "" {
					continue
				}
				a, b := strings.TrimPrefix(n.Alpha, "α="), strings.TrimPrefix(n.Beta, "β=")
				if a == b {
					t.Fatalf("%s at step %d: node %q drawn with %s %s, want the null window written with ε", algo, step, n.ID, n.Alpha, n.Beta)
				}
				if strings.Contains(a+b, "ε") {
					eps++
				}
			}
			for _, e := range StackOf(f) {
				if strings.Contains(e.Window, "ε") {
					eps++
				}
			}
		}
		if eps == 0 {
			t.Errorf("%s: no null window written with ε in 120 steps", algo)
		}
	}
}
