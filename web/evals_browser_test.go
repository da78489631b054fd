package web

import (
	"strings"
	"testing"
)

// TestBrowserReversiLeafTerms steps to the first evaluated leaf of a
// depth-2 Reversi search and checks what a student sees: the positions
// drawn as small boards, and the narration naming every term of the
// weighted evaluation with its value and weight.
func TestBrowserReversiLeafTerms(t *testing.T) {
	for _, size := range []struct {
		name string
		w, h int64
	}{{"projector", 1280, 720}, {"phone", 390, 844}} {
		t.Run(size.name, func(t *testing.T) {
			b := newBrowserEnv(t, size.w, size.h)
			b.open("/view?game=reversi&depth=2&eval=discs:1,mobility:2,corners:10&step=6")
			if n := eval[int](b, `document.querySelectorAll('.n .s.rv').length`); n < 5 {
				t.Errorf("%d Reversi boards drawn, want the root, its 4 children and more", n)
			}
			if n := eval[int](b, `document.querySelectorAll('.n .disc').length`); n < 20 {
				t.Errorf("%d discs drawn, want at least 4 per board", n)
			}
			got := eval[string](b, `document.getElementById("narration").textContent`)
			for _, want := range []string{"evaluation discs:1,mobility:2,corners:10 = −2", "discs = 0 × 1", "mobility = −1 × 2", "corners = 0 × 10"} {
				if !strings.Contains(got, want) {
					t.Errorf("narration %q lacks %q", got, want)
				}
			}
			b.screenshot("reversi-leaf-" + size.name + ".png")
			b.checkClean()
		})
	}
}
