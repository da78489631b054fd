package view

import (
	"context"
	"testing"
)

// TestZoomDrawsPathWhole steps one search of random=3,4 in a comparison's
// pane (three panes at 1280×720, at 1920×1080 and on a phone) and checks
// at every step that each ancestor of the current node is drawn whole in
// the pane's window, its glyph, value and α/β lines inside it, or named
// in the trail: the parent's α/β was cut at the window's top.
func TestZoomDrawsPathWhole(t *testing.T) {
	p := prepared(t, "random=3,4&seed=0")
	s := compareScene(t, p, false, 3)
	cur := NewCursor(p, s)
	defer cur.Close()
	if err := cur.WorkAll(context.Background()); err != nil {
		t.Fatal(err)
	}
	for step := 1; step < 400; step++ {
		cur.Seek(step)
		if err := cur.WorkAll(context.Background()); err != nil {
			t.Fatal(err)
		}
		f := cur.Frame()
		if f.Step < step {
			break
		}
		for _, pane := range [][2]float64{{391, 426}, {605, 632}, {354, 521}} {
			z := ZoomOf(s, f, pane[0], pane[1], nil)
			if z.Whole {
				continue
			}
			x, y, w, h, _ := parseBox(z.Box)
			win := rect{x, y, x + w, y + h}
			named := map[string]bool{}
			for _, c := range z.Trail {
				named[c.ID] = true
			}
			i, drawn := s.sketch.find(zoomTarget(s, f))
			if !drawn {
				continue
			}
			if !win.grow(0.01).contains(s.sketch.drawnBox(i, f)) {
				t.Errorf("step %d, pane %v: the current node %q is not drawn whole in %s", step, pane, s.sketch.l.Nodes[i].ID, z.Box)
			}
			for a := int(s.sketch.parent[i]); a >= 0; a = int(s.sketch.parent[a]) {
				id := s.sketch.l.Nodes[a].ID
				if !named[id] && !win.grow(0.01).contains(s.sketch.drawnBox(a, f)) {
					t.Errorf("step %d, pane %v: ancestor %q (box %v) neither drawn whole in %s nor in the trail", step, pane, id, s.sketch.drawnBox(a, f), z.Box)
				}
			}
		}
	}
}
