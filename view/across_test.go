package view

import (
	"fmt"
	"slices"
	"testing"

	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

// acrossSources are the viewer's sources drawn sideways (layout=across):
// the label, glyph and fold tests run on them as on the trees drawn down.
var acrossSources = []string{
	"tree=" + tree.TwoPlyGameTree + "&layout=across",
	"tree=((3 -1.5) [max](2 (4 6)) -7)&layout=across",
	"random=3,3&seed=1&layout=across",
	"random=12,3&seed=1&layout=across",
	"game=tictactoe&position=xo.x.o...&layout=across",
	"game=nim&matches=5&take=2&layout=across",
	"game=dice&algo=expectiminimax&depth=3&layout=across",
	"tree=(((<1,2,3> <6,1,2>) (<4,2,1> <7,4,-1>)) ((<5,-1,-1> <-1,5,2>) (<7,7,-1> <5,4,5>)))&algo=maxn&layout=across",
	"tree=(((<1,2,3> <6,1,2>) (<4,2,1> <7,4,-1>)) ((<5,-1,-1> <-1,5,2>) (<7,7,-1> <5,4,5>)))&algo=paranoid&layout=across",
	"game=minichess&position=horizon&depth=1&layout=across",
	"game=minichess&position=start&depth=2&layout=across",
	"game=minichess&position=horizon&depth=1&quiescence=1&layout=across",
	"algo=star1&bounds=-1%2C1&depth=4&game=dice&layout=across",
	"tree=" + tree.TwoPlyGameTreeChance + "&algo=star1&bounds=0,15&layout=across",
}

// TestAcrossGeometry: a tree drawn sideways has its root at the left and
// each level a column to the right; every edge runs from the right of its
// parent's glyph to the left of its child's; no two glyphs of one column
// (or their fold glyphs) overlap; every label of a tree of at most
// MaxPlacedNodes nodes has a place clear of the others; and the view box
// holds every glyph, label and fold.
func TestAcrossGeometry(t *testing.T) {
	for _, q := range acrossSources {
		t.Run(q, func(t *testing.T) {
			_, s := prepare(t, q)
			_, down := prepare(t, q[:len(q)-len("&layout=across")])
			l := s.Layout
			if !l.Across || down.Layout.Across {
				t.Fatalf("got Across %v sideways and %v down, want true and false", l.Across, down.Layout.Across)
			}
			d := s.Draw(trace.NewFrame(), nil)
			cols := map[float64][]rect{}
			for i, n := range d.Nodes {
				if n.HasParent {
					pn, _ := l.Node(n.Parent)
					if n.X <= pn.X {
						t.Fatalf("node %q at x=%g is not right of its parent at x=%g", n.ID, n.X, pn.X)
					}
				}
				r := glyphRect(n.Glyph, n.LayoutNode, d.TextScale).shift(n.X, n.Y)
				if n.Fold != nil || n.Folded {
					r = r.union(foldOf(n.Glyph, true).box.shift(n.X, n.Y))
				}
				cols[n.X] = append(cols[n.X], r)
				if i == 0 {
					continue
				}
				e := d.Edges[i-1]
				pi := slices.IndexFunc(d.Nodes, func(m Node) bool { return m.ID == n.Parent })
				pn := d.Nodes[pi]
				if got, want := e.X1, pn.X+pn.Glyph.sideOut(); got != want || e.Y1 != pn.Y {
					t.Errorf("edge into %q starts at (%g, %g), want (%g, %g)", n.ID, got, e.Y1, want, pn.Y)
				}
				if got, want := e.X2, n.X+sideIn(n.Glyph, n.LayoutNode, d.TextScale); got != want || e.Y2 != n.Y {
					t.Errorf("edge into %q ends at (%g, %g), want (%g, %g)", n.ID, got, e.Y2, want, n.Y)
				}
			}
			for x, rs := range cols {
				slices.SortFunc(rs, func(a, b rect) int { return int(a.y0 - b.y0) })
				for i := 1; i < len(rs); i++ {
					if rs[i].y0 < rs[i-1].y1 {
						t.Errorf("column at x=%g: glyphs %v and %v overlap", x, rs[i-1], rs[i])
					}
				}
			}
			switch {
			case s.sketch.pl.ok:
			case len(l.Nodes) <= MaxPlacedNodes:
				// chooseSpacing wants a spacing at which every label of
				// a sideways tree has a place clear of the others.
				t.Errorf("some label of the %d nodes found no place clear of the other labels", len(l.Nodes))
			default:
				// Placed once at the base size: every label is still
				// clear of every edge and glyph (TestLabelsClearOfEdges
				// runs these sources too); some may touch another label.
				t.Logf("some label of the %d nodes found no place clear of the other labels", len(l.Nodes))
			}
			box := s.sketch.pl.box
			var x0, y0, w, h float64
			fmt.Sscanf(d.ViewBox, "%g %g %g %g", &x0, &y0, &w, &h)
			if x0 > box.x0 || y0 > box.y0 || x0+w < box.x1 || y0+h < box.y1 {
				t.Errorf("view box %q does not hold everything drawn %v", d.ViewBox, box)
			}
		})
	}
}

// TestChooseLayout: the server keeps the textbook tree and the hall's
// sources down on a projector, and draws minichess sideways on a phone.
func TestChooseLayout(t *testing.T) {
	// The viewer's tree pane at 390×844 (taller for a sideways tree)
	// and at 1280×720 (as tall either way), as the browser measures them.
	const phoneW, phoneH, phoneHA = 374, 388, 540
	const hallW, hallH = 1240, 480
	for _, c := range []struct {
		q        string
		w, h, ha float64
		want     string
	}{
		{"tree=" + tree.TwoPlyGameTree, hallW, hallH, hallH, scenario.LayoutDown},
		{"random=3,3&seed=1", hallW, hallH, hallH, scenario.LayoutDown},
		{"tree=((3 -1.5) [max](2 (4 6)) -7)", hallW, hallH, hallH, scenario.LayoutDown},
		{"game=nim&matches=5&take=2", hallW, hallH, hallH, scenario.LayoutDown},
		{"game=tictactoe&position=xo.x.o...", hallW, hallH, hallH, scenario.LayoutDown},
		{"game=minichess&position=horizon&depth=1", hallW, hallH, hallH, scenario.LayoutDown},
		{"game=minichess&position=horizon&depth=1", phoneW, phoneH, phoneHA, scenario.LayoutAcross},
		{"tree=" + tree.TwoPlyGameTree, 0, 0, 0, scenario.LayoutDown},
		// On a phone: unreadable either way, the full tic-tac-toe
		// mid-game and Connect Four at depth 3 stay down.
		{"game=tictactoe&position=xo.x.o...", phoneW, phoneH, phoneHA, scenario.LayoutDown},
		{"game=connect4&position=dd&depth=3", phoneW, phoneH, phoneHA, scenario.LayoutDown},
		{"tree=" + tree.TwoPlyGameTree, phoneW, phoneH, phoneHA, scenario.LayoutDown},
	} {
		t.Run(fmt.Sprintf("%s@%gx%g", c.q, c.w, c.h), func(t *testing.T) {
			p := prepared(t, c.q)
			got, err := ChooseLayout(p, nil, c.w, c.h, c.ha)
			if err != nil {
				t.Fatal(err)
			}
			down, _ := NewSceneAs(p, nil, false)
			across, _ := NewSceneAs(p, nil, true)
			t.Logf("read scale: down %.3f, across %.3f", down.readScale(c.w, c.h), across.readScale(c.w, c.ha))
			if got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}
