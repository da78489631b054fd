package templates

import (
	"strconv"
	"strings"
	"testing"
)

// TestExerciseMargins checks that what is drawn around an exercise node
// stays inside the drawing when the node is the outermost one: the MAX/MIN
// triangle left of the leftmost node (matchsticks draws it on every state,
// terminal ones included) and the ✓ or ✗ right of the rightmost. On a
// narrow screen the drawing is exactly as wide as its viewBox, so anything
// outside is cut off.
func TestExerciseMargins(t *testing.T) {
	const stroke = 3   // .ex-node path stroke-width
	const markEm = 26  // .ex-node .mark font-size; a ✓ or ✗ is at most one em wide
	const width = 1000 // any layout width
	m := &Matchsticks{Width: width, Height: 400}
	fields := strings.Fields(m.viewBox())
	vbWidth, err := strconv.ParseFloat(fields[2], 64)
	if err != nil {
		t.Fatal(err)
	}
	if left := exX(0) + exGlyphX - exGlyphR - stroke/2.0; left < 0 {
		t.Errorf("the triangle of a node at the left edge starts at x = %v, outside the drawing", left)
	}
	if right := exX(width) + exMarkX + markEm/2.0; right > vbWidth {
		t.Errorf("the mark of a node at the right edge ends at x = %v, past the drawing's width %v", right, vbWidth)
	}
	p := &ExercisePage{Width: width, Height: 400}
	if got := p.viewBox(); !strings.HasPrefix(got, "0 0 "+fields[2]+" ") {
		t.Errorf("exercise viewBox %q, want the same width as matchsticks' %q", got, m.viewBox())
	}
}
