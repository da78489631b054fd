package view

import (
	"context"
	"math"
	"testing"
)

// TestZoomKeepsToWhatPaneDraws steps minimax in a comparison's pane at
// 1280×720 (two panes) and on a phone and checks at every step that the
// pane's window shows no empty band at a side of what the search draws
// while the drawing goes on past the window's other side: the window
// began at the scene's margin, kept for alpha-beta's α/β lines in the
// other pane, about 200 px empty on the left of minimax's pane.
func TestZoomKeepsToWhatPaneDraws(t *testing.T) {
	for _, q := range []string{"random=3,4&seed=2&algo=minimax", "game=nim&matches=7&take=3&algo=minimax"} {
		p := prepared(t, q)
		s := compareScene(t, p, false, 2)
		cur := NewCursor(p, s)
		sk := s.sketch
		for step := 1; step < 300; step += 3 {
			cur.Seek(step)
			if err := cur.WorkAll(context.Background()); err != nil {
				t.Fatal(err)
			}
			f := cur.Frame()
			if f.Step < step {
				break
			}
			in := math.Inf(1)
			c := rect{in, in, -in, -in}
			for i, n := range sk.l.Nodes {
				c = c.union(glyphRect(sk.glyphs[i], n, sk.k).shift(n.X, n.Y)).union(sk.drawnBox(i, f))
			}
			for _, pane := range [][2]float64{{614, 440}, {354, 521}} {
				z := ZoomOf(s, f, pane[0], pane[1], nil)
				if z.Whole {
					continue
				}
				x, y, w, h, _ := parseBox(z.Box)
				pad := viewPad*sk.k + 0.5
				if (x < c.x0-pad && x+w < c.x1) || (x+w > c.x1+pad && x > c.x0) {
					t.Errorf("%s step %d, pane %v: the window %s spans x %.0f…%.0f, what the pane draws %.0f…%.0f", q, step, pane, z.Box, x, x+w, c.x0, c.x1)
				}
				if (y < c.y0-pad && y+h < c.y1) || (y+h > c.y1+pad && y > c.y0) {
					t.Errorf("%s step %d, pane %v: the window %s spans y %.0f…%.0f, what the pane draws %.0f…%.0f", q, step, pane, z.Box, y, y+h, c.y0, c.y1)
				}
			}
		}
		cur.Close()
	}
}
