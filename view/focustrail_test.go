package view

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search/scenario"
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
		{"game=tictactoe&position=xo.x.o...", []int{30}},
		{"game=connect4&depth=4", []int{40, 400}},
		{"game=tictactoe&algo=mcts", []int{200}},
		// Monte-Carlo searches at their end, the root current: its whole
		// row, zigzagged on a phone, each child with its W/N.
		{"game=tictactoe&algo=mcts&iterations=200", []int{1e6}},
		{rockPaperScissorsDUCT(t), []int{1e6}},
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
			// The viewer's pane at 1280×720, a phone's, and the least
			// seen at 1024×768 (German, the heading over three lines).
			for _, pane := range [][2]float64{{ViewerPaneWidth, ViewerPaneHeight}, {PhonePaneWidth, PhonePaneHeight}, {664, 303}} {
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
				// Nothing of a row the trail stands for shows in the box:
				// no fold count of a node beside the path half under the
				// trail.
				for i := range d.Nodes {
					if n := &d.Nodes[i]; n.Depth < k && nodeBottom(n) > y0+0.01 {
						t.Errorf("%.40s step %d %v: node %q of a row left out reaches %.1f into the box %s", c.query, step, pane, n.ID, nodeBottom(n)-y0, d.ViewBox)
					}
				}
				// No bus line leads nowhere: an edge whose parent shows
				// in the box leads to a child that shows in it too.
				for i := range d.Edges {
					if n := &d.Nodes[i+1]; d.Edges[i].Y1 < y0+bh && nodeTop(n) >= y0+bh-0.01 {
						t.Errorf("%.40s step %d %v: the edge into %q leads out of the box %s", c.query, step, pane, n.ID, d.ViewBox)
					}
				}
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
				}
				// The pane never scrolls: the focus with its trail fits it,
				// drawn at FocusMinScale or more.
				if got := bh*d.Px + trailHeight(d.Trail, w); got > h+0.01 {
					t.Errorf("%.40s step %d %v: %.1f px high with the trail, the pane %.0f", c.query, step, pane, got, h)
				}
				if got := d.Width * d.Px; got > w+0.01 {
					t.Errorf("%s step %d %v: %.1f px wide, the pane %.0f", c.query, step, pane, got, w)
				}
				if d.Px < FocusMinScale {
					t.Errorf("%s step %d %v: drawn at %.2f px a unit, below %.2f", c.query, step, pane, d.Px, FocusMinScale)
				}
				t.Logf("%.40s step %d %v: depth %d, trail %d, %.0f px high", c.query, step, pane, len(path)-1, k, bh*d.Px+trailHeight(d.Trail, w))
			}
		}
		cur.Close()
	}
	if trailed == 0 {
		t.Error("no focus needed a trail")
	}
}

// TestFocusSlides steps tic-tac-toe's focus fitted to the viewer's pane:
// where a step leaves a row out above the path (or takes one back), the
// patch says how far the drawing moved, so that the page lets it slide
// there rather than jump.
func TestFocusSlides(t *testing.T) {
	p, s := prepare(t, "game=tictactoe")
	cur := NewCursor(p, s)
	defer cur.Close()
	var last *Drawing
	slides := 0
	for step := 0; step <= 60; step++ {
		cur.Seek(step)
		if err := cur.WorkAll(context.Background()); err != nil {
			t.Fatal(err)
		}
		f := cur.Frame()
		d := FocusIn(p, s, f, cur.Folds(), ViewerPaneWidth)
		FocusFit(d, s, f, ViewerPaneWidth, ViewerPaneHeight, nil)
		pt := DiffFocus(last, d)
		if last != nil {
			_, ya, _, _, _ := parseBox(last.ViewBox)
			_, yb, _, _, _ := parseBox(d.ViewBox)
			want := ""
			if ya != yb && last.Px == d.Px {
				want = Num((yb - ya) * d.Px)
				slides++
			}
			if pt.Slide != want {
				t.Errorf("step %d: the patch slides %q, want %q (box %s → %s)", step, pt.Slide, want, last.ViewBox, d.ViewBox)
			}
		}
		last = d
	}
	if slides == 0 {
		t.Error("the focus never moved in 60 steps")
	}
}

// rockPaperScissorsDUCT is the query of decoupled UCT on rock, paper,
// scissors, 200 iterations.
func rockPaperScissorsDUCT(t *testing.T) string {
	rps, err := os.ReadFile("../web/examples/rock-paper-scissors.kif")
	if err != nil {
		t.Fatal(err)
	}
	return scenario.Scenario{GDL: string(rps), Algo: "mcts", Iterations: 200, Seed: 1}.Query().Encode()
}
