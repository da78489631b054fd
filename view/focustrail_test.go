package view

import (
	"context"
	"strings"
	"testing"
)

// TestFocusFitKeepsPath: a deep focus fitted to the viewer's pane at
// 1280×720 and a phone's keeps the current node's row and its parent's in
// its view box, fits the pane with its trail, and names in the trail,
// root first, exactly the ancestors whose rows it leaves out.
func TestFocusFitKeepsPath(t *testing.T) {
	cases := []struct {
		query string
		steps []int
	}{
		{"game=tictactoe", []int{60, 400}},
		{"game=connect4&depth=4", []int{40}},
		{"game=tictactoe&algo=mcts", []int{200}},
	}
	trailed := 0
	for _, c := range cases {
		p, s := prepare(t, c.query)
		cur := NewCursor(p, s)
		for _, step := range c.steps {
			cur.Seek(step)
			if err := cur.WorkAll(context.Background()); err != nil {
				t.Fatal(err)
			}
			f := cur.Frame()
			for _, pane := range [][2]float64{{ViewerPaneWidth, ViewerPaneHeight}, {PhonePaneWidth, PhonePaneHeight}} {
				w, h := pane[0], pane[1]
				d := FocusIn(p, s, f, cur.Folds(), w)
				FocusFit(d, s, f, w, h, nil)
				_, y0, _, bh, _ := parseBox(d.ViewBox)
				var path []*Node
				for i := range d.Nodes {
					if strings.Contains(" "+d.Nodes[i].Class+" ", " path ") {
						path = append(path, &d.Nodes[i])
					}
				}
				in := func(n *Node) bool { return nodeTop(n) >= y0-0.01 && n.Y <= y0+bh }
				k := len(d.Trail)
				for i, n := range path {
					if i < k {
						if d.Trail[i].ID != n.ID || d.Trail[i].Name == "" || d.Trail[i].Kind == "" {
							t.Errorf("%s step %d %v: crumb %d is %+v, want ancestor %q named", c.query, step, pane, i, d.Trail[i], n.ID)
						}
						continue
					}
					if !in(n) {
						t.Errorf("%s step %d %v: path node %q (depth %d) neither in the box %s nor in the trail", c.query, step, pane, n.ID, n.Depth, d.ViewBox)
					}
				}
				if k > 0 {
					trailed++
					if k > len(path)-1 {
						t.Errorf("%s step %d %v: the trail names the current node", c.query, step, pane)
					}
					if got := bh*d.Px + trailHeight(d.Trail, w); got > h && k < len(path)-1 {
						t.Errorf("%s step %d %v: %.0f px high with the trail, the pane %.0f", c.query, step, pane, got, h)
					}
				}
				t.Logf("%s step %d %v: depth %d, trail %d, %.0f px high", c.query, step, pane, len(path)-1, k, bh*d.Px+trailHeight(d.Trail, w))
			}
		}
		cur.Close()
	}
	if trailed == 0 {
		t.Error("no focus needed a trail")
	}
}
