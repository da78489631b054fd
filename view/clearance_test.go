package view

import (
	"cmp"
	"fmt"
	"github.com/abtrace/abtrace/search/tree"
	"slices"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search/scenario"
)

// drawnLabel is one label a drawing shows, its box in layout units as the
// page draws it (by the font metrics TextEm estimates), and the edge it
// belongs to (a probability is written on its own edge), if any.
type drawnLabel struct {
	what string
	box  rect
	edge string
}

// The font size the stylesheet gives probabilities (the drawing has none
// for them).
const probFont = 12 // .prob

// drawnLabels are the labels of a drawing beside its glyphs and edges:
// values and bounds, α/β lines, max^n's "P2: 5", the tests under cut marks
// and the probabilities of chance edges. The texts inside glyphs are not
// among them (no edge goes into a glyph).
func drawnLabels(d *Drawing) []drawnLabel {
	var out []drawnLabel
	f := d.Fonts
	for _, n := range d.Nodes {
		if n.Shown != "" {
			vf := f.Value
			if n.Glyph.Below() {
				vf = f.LeafValue
			}
			out = append(out, drawnLabel{what: fmt.Sprintf("node %q value %q", n.ID, n.Shown),
				box: textRect(n.X+n.ValueX, n.Y+n.ValueY, n.ValueAnchor, TextEm(n.Shown)*vf, vf, 1, 0)})
		}
		if n.Who != "" {
			out = append(out, drawnLabel{what: fmt.Sprintf("node %q %q", n.ID, n.Who),
				box: textRect(n.X+n.ValueX, n.Y+n.WhoY, n.ValueAnchor, TextEm(n.Who)*WhoFont, WhoFont, 1, 0)})
		}
		if n.Alpha != "" || n.Beta != "" {
			w := max(TextEm(n.Alpha), TextEm(n.Beta)) * f.AB
			out = append(out, drawnLabel{what: fmt.Sprintf("node %q %q %q", n.ID, n.Alpha, n.Beta),
				box: textRect(n.X+n.ABX, n.Y+n.ABY, n.ABAnchor, w, f.AB, 2, f.ABLine)})
		}
	}
	for _, e := range d.Edges {
		if e.Test != "" {
			out = append(out, drawnLabel{what: fmt.Sprintf("cut test %q under %q", e.Test, e.ID),
				box: textRect(e.TestX, e.TestY, "middle", TextEm(e.Test)*e.TestFont, e.TestFont, 1, 0)})
		}
		if e.Prob != "" {
			out = append(out, drawnLabel{what: fmt.Sprintf("probability %q on %q", e.Prob, e.ID), edge: e.ID,
				box: textRect(e.ProbX, e.ProbY, "middle", TextEm(e.Prob)*probFont, probFont, 1, 0)})
		}
	}
	return out
}

// edgeCrossings lists the labels of a drawing that cross an edge (other
// than their own), each box shrunk by half a unit as the browser check
// shrinks it by half a pixel.
func edgeCrossings(d *Drawing) []string {
	var out []string
	labels := drawnLabels(d)
	for _, e := range d.Edges {
		s := segment{e.X1, e.Y1, e.X2, e.Y2}
		for _, l := range labels {
			if l.edge != e.ID && s.crosses(l.box.grow(-0.5)) {
				out = append(out, fmt.Sprintf("%s × edge into %q", l.what, e.ID))
			}
		}
	}
	return out
}

// labelOverlaps lists the pairs of labels of a drawing that overlap by
// more than a unit both ways (as the browser check, by a pixel), found by
// a sweep along x.
func labelOverlaps(d *Drawing) []string {
	labels := drawnLabels(d)
	slices.SortFunc(labels, func(a, b drawnLabel) int { return cmp.Compare(a.box.x0, b.box.x0) })
	var out []string
	for i, a := range labels {
		ra := a.box.grow(-0.5)
		for _, b := range labels[i+1:] {
			rb := b.box.grow(-0.5)
			if rb.x0 >= ra.x1 {
				break
			}
			if ra.overlaps(rb) {
				out = append(out, a.what+" × "+b.what)
			}
		}
	}
	return out
}

// viewerSources are a scenario of every source the viewer draws: explicit
// and uneven trees, random trees (one with folds), tic-tac-toe, Connect
// Four, matchsticks, dice and chance trees, max^n vectors and minichess
// boards.
var viewerSources = []string{
	"tree=" + tree.TwoPlyGameTree,
	"tree=((3 -1.5) [max](2 (4 6)) -7)",
	"random=3,3&seed=1",
	"random=4,3&seed=7&order=worst",
	"random=12,3&seed=1",
	"game=tictactoe&position=xo.x.o...",
	"game=connect4&position=dd&depth=3",
	"game=nim&matches=5&take=2",
	"game=nim&matches=7&take=3&algo=minimax",
	"game=dice&algo=expectiminimax&depth=3",
	"algo=star1&bounds=-1%2C1&depth=4&game=dice",
	"tree=" + tree.TwoPlyGameTreeChance + "&algo=star1&bounds=0,15",
	"tree=(((<1,2,3> <6,1,2>) (<4,2,1> <7,4,-1>)) ((<5,-1,-1> <-1,5,2>) (<7,7,-1> <5,4,5>)))&algo=maxn",
	"tree=(((<1,2,3> <6,1,2>) (<4,2,1> <7,4,-1>)) ((<5,-1,-1> <-1,5,2>) (<7,7,-1> <5,4,5>)))&algo=paranoid",
	"game=minichess&position=horizon&depth=1",
	"game=minichess&position=start&depth=2",
}

// TestLabelsClearOfEdges: at the steps of every source's search (each
// step of a small one, evenly spread samples of a larger one, and the
// end), no label a drawing shows crosses an edge, drawn down and drawn
// sideways (acrossSources), random=12,3 above
// MaxPlacedNodes and the tests under cut marks of trees too crowded for
// every label to find a clear place (tic-tac-toe, Connect Four,
// minichess) included; no two labels overlap (labelOverlaps); and every
// label of a sideways drawing is inside its view box.
func TestLabelsClearOfEdges(t *testing.T) {
	samples := 160
	if raceDetector {
		samples = 24
	}
	for _, q := range append(slices.Clip(viewerSources), acrossSources...) {
		t.Run(q, func(t *testing.T) {
			p, s := prepare(t, q)
			labelsApart(t, p, s, samples, "")
		})
	}
}

// TestEdgeCrossingsFound: the check above finds a value, an α/β pair and
// a cut test moved onto an edge.
func TestEdgeCrossingsFound(t *testing.T) {
	p, s := prepare(t, "tree="+tree.TwoPlyGameTree)
	d := s.Draw(replayTo(t, p, 30), nil)
	if got := edgeCrossings(d); len(got) > 0 {
		t.Fatalf("the textbook tree at step 30: %s", strings.Join(got, "; "))
	}
	// The middle of the edge into C, relative to the root.
	var e Edge
	for _, x := range d.Edges {
		if x.ID == "1" {
			e = x
		}
	}
	mx, my := (e.X1+e.X2)/2, (e.Y1+e.Y2)/2
	for _, tc := range []struct {
		name string
		move func(d *Drawing)
		want string
	}{
		{"value", func(d *Drawing) {
			d.Nodes[0].ValueX, d.Nodes[0].ValueY, d.Nodes[0].ValueAnchor = mx-d.Nodes[0].X, my-d.Nodes[0].Y, "middle"
		}, "node \"\" value"},
		{"α/β", func(d *Drawing) {
			n := &d.Nodes[0]
			n.Alpha, n.Beta, n.ABX, n.ABY, n.ABAnchor = "α=3", "β=+∞", mx-n.X, my-n.Y, "middle"
		}, "node \"\" \"α=3\""},
		{"cut test", func(d *Drawing) {
			for i := range d.Edges {
				if d.Edges[i].Test != "" {
					d.Edges[i].TestX, d.Edges[i].TestY = mx, my
				}
			}
		}, "cut test"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := s.Draw(replayTo(t, p, 30), nil)
			tc.move(d)
			got := strings.Join(edgeCrossings(d), "; ")
			if !strings.Contains(got, tc.want) || !strings.Contains(got, `edge into "1"`) {
				t.Errorf("got crossings %q, want one of %s with the edge into \"1\"", got, tc.want)
			}
		})
	}
}

// TestLabelOverlapsFound: the overlap check finds a value moved onto
// another node's value, and an α/β pair onto a cut test.
func TestLabelOverlapsFound(t *testing.T) {
	p, s := prepare(t, "tree="+tree.TwoPlyGameTree)
	d := s.Draw(replayTo(t, p, 30), nil)
	if got := labelOverlaps(d); len(got) > 0 {
		t.Fatalf("the textbook tree at step 30: %s", strings.Join(got, "; "))
	}
	for _, tc := range []struct {
		name string
		move func(d *Drawing)
		want string
	}{
		{"value onto value", func(d *Drawing) {
			a, b := &d.Nodes[0], &d.Nodes[1]
			a.Shown, b.Shown = "3", "3"
			a.ValueX, a.ValueY, a.ValueAnchor = b.X+b.ValueX-a.X, b.Y+b.ValueY-a.Y, b.ValueAnchor
		}, `node "" value "3" × node "0" value "3"`},
		{"α/β onto cut test", func(d *Drawing) {
			for _, e := range d.Edges {
				if e.Test != "" {
					n := &d.Nodes[0]
					n.Alpha, n.Beta, n.ABX, n.ABY, n.ABAnchor = "α=3", "β=+∞", e.TestX-n.X, e.TestY-n.Y, "middle"
				}
			}
		}, `"α=3"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := s.Draw(replayTo(t, p, 30), nil)
			tc.move(d)
			got := strings.Join(labelOverlaps(d), "; ")
			if !strings.Contains(got, tc.want) {
				t.Errorf("got overlaps %q, want one with %s", got, tc.want)
			}
		})
	}
}

// TestCutTestLeavesDrawing: a cut test with no clear place in its rooms,
// even at MinCutFont and in its short form, is left off the drawing
// (Test "") and kept whole in TestFull, drawn down and sideways; with the
// room it has, it is written.
func TestCutTestLeavesDrawing(t *testing.T) {
	for _, q := range []string{"tree=" + tree.TwoPlyGameTree, "tree=" + tree.TwoPlyGameTree + "&layout=across"} {
		t.Run(q, func(t *testing.T) {
			p, s := prepare(t, q)
			f := replayTo(t, p, 30)
			for _, blocked := range []bool{false, true} {
				// A sketch of its own (a layout of its own: its own
				// placement), whose every place may be blocked.
				l := *s.Layout
				sk := newSketch(s.Source, &l)
				if blocked {
					sk.pl.obstacles().addRect(sk.pl.box.grow(1000), glyphDepth)
				}
				var cut *Edge
				d := sk.draw(f, nil)
				for i, e := range d.Edges {
					if e.TestFull != "" {
						cut = &d.Edges[i]
					}
				}
				if cut == nil {
					t.Fatalf("no cut test at step 30")
				}
				if got, want := cut.TestFull, "2 ≤ α = 3"; got != want {
					t.Errorf("blocked %v: got TestFull %q, want %q", blocked, got, want)
				}
				want := "2 ≤ α = 3"
				if blocked {
					want = ""
				}
				if cut.Test != want {
					t.Errorf("blocked %v: got Test %q, want %q", blocked, cut.Test, want)
				}
			}
		})
	}
}

// TestRandomTreesLabelsApart: in random trees of seven shapes (3,3 to
// 6,2), twelve seeds each, searched in natural, best and worst order and
// drawn down and sideways, no two labels overlap and no label crosses an
// edge, at sixty evenly spread steps of each search. (Before the tests of
// neighbouring cutoffs kept to their own rooms, random=5,2 showed two of
// them written over each other in most seeds.)
func TestRandomTreesLabelsApart(t *testing.T) {
	seeds := 12
	if raceDetector {
		seeds = 3
	}
	for _, shape := range []string{"3,3", "3,4", "4,3", "2,5", "5,2", "2,6", "6,2"} {
		for _, layout := range []string{"down", "across"} {
			t.Run(shape+"/"+layout, func(t *testing.T) {
				for seed := 1; seed <= seeds; seed++ {
					for _, order := range []string{"natural", "best", "worst"} {
						q := fmt.Sprintf("random=%s&seed=%d&order=%s&layout=%s", shape, seed, order, layout)
						p := prepared(t, q)
						s, err := NewSceneAs(p, nil, layout == "across")
						if err != nil {
							t.Fatal(err)
						}
						labelsApart(t, p, s, 60, q+",")
					}
				}
			})
		}
	}
}

// labelsApart walks p's search on scene s, at samples evenly spread steps
// and the end, and fails on any two labels overlapping (labelOverlaps),
// any label across an edge (edgeCrossings) and any label outside the view
// box, where the page would clip it (a few of them at most), each named
// after what.
func labelsApart(t *testing.T, p *scenario.Search, s *Scene, samples int, what string) {
	t.Helper()
	total := totalSteps(t, p)
	c := NewCursor(p, s)
	defer c.Close()
	every := max(1, total/samples)
	seen := map[string]bool{}
	fault := func(x string) {
		if !seen[x] {
			seen[x] = true
			t.Errorf("%s step %d: %s", what, c.Step(), x)
		}
	}
	for {
		work(t, c, 0)
		d := c.Drawing()
		for _, x := range labelOverlaps(d) {
			fault(x)
		}
		var vb rect
		fmt.Sscanf(d.ViewBox, "%g %g %g %g", &vb.x0, &vb.y0, &vb.x1, &vb.y1)
		vb.x1, vb.y1 = vb.x0+vb.x1, vb.y0+vb.y1
		for _, l := range drawnLabels(d) {
			if !vb.grow(0.5).contains(l.box) {
				fault(l.what + " outside the view box " + d.ViewBox)
			}
		}
		for _, x := range edgeCrossings(d) {
			fault(x)
		}
		if c.AtEnd() || len(seen) > 8 {
			return
		}
		c.Forward(min(every, max(1, total-c.Step())))
	}
}
