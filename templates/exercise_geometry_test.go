package templates

import (
	"strconv"
	"strings"
	"testing"
)

// TestExerciseMargins checks that what is drawn around an exercise node
// stays inside the drawing when the node is the outermost one: on a narrow
// screen the drawing is exactly as wide as its viewBox, so anything outside
// is cut off. A fill-in node keeps its triangle and its ✓ or ✗ within its
// box's width; a matchstick state has its count of matches left of its box
// and its ✓ or ✗ right of it (every state, terminal ones included).
func TestExerciseMargins(t *testing.T) {
	const markEm = 26  // a ✓ or ✗ (font size at most 26) is at most one em wide
	const countEm = 18 // the count of matches left: one digit of 18 px
	const stroke = 3   // .ex-node path stroke-width
	const width = 1000 // any layout width
	vbWidth := func(vb string) float64 {
		f, err := strconv.ParseFloat(strings.Fields(vb)[2], 64)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	t.Run("fill-in", func(t *testing.T) {
		p := &ExercisePage{Width: width, Height: 400}
		w := vbWidth(p.viewBox())
		for _, n := range []ExerciseNode{{X: 0, MarkLeft: true}, {X: width}} {
			x, _ := strconv.ParseFloat(n.markX(), 64)
			if left, right := exX(n.X)+x-markEm/2.0, exX(n.X)+x+markEm/2.0; left < 0 || right > w {
				t.Errorf("the mark of a node at x = %v spans %v to %v, outside the drawing's 0 to %v", n.X, left, right, w)
			}
		}
		if left, right := exX(0)-exInputW/2.0, exX(width)+exInputW/2.0; left < 0 || right > w {
			t.Errorf("the boxes span %v to %v, outside 0 to %v", left, right, w)
		}
		if left := exX(0) - exGlyphR - stroke/2.0; left < 0 {
			t.Errorf("the triangle of a node at the left edge starts at x = %v", left)
		}
	})
	t.Run("matchsticks", func(t *testing.T) {
		m := &Matchsticks{Width: width, Height: 400}
		w := vbWidth(m.viewBox())
		if left := matchPad + exX(0) - exSideMarkX - countEm/2.0; left < 0 {
			t.Errorf("the count of a state at the left edge starts at x = %v, outside the drawing", left)
		}
		if right := matchPad + exX(width) + exSideMarkX + markEm/2.0; right > w {
			t.Errorf("the mark of a state at the right edge ends at x = %v, past the drawing's width %v", right, w)
		}
	})
}
