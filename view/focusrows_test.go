package view

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/trace"
)

// TestMCTSFocusLabelsApart draws the focus of Monte-Carlo searches whose
// nodes have many children (tic-tac-toe's nine first moves, the nine
// joint moves of rock, paper, scissors) at steps through the search, in
// the viewer's pane at 1280×720 and a phone's, and checks that no two of
// their labels meet: every W/N as written, every fold's count. The
// generic placement wrote "13.5/2226.5/34" under the folds there.
func TestMCTSFocusLabelsApart(t *testing.T) {
	rps, err := os.ReadFile("../web/examples/rock-paper-scissors.kif")
	if err != nil {
		t.Fatal(err)
	}
	duct, err := scenario.Scenario{GDL: string(rps), Algo: "mcts", Iterations: 200, Seed: 1}.Prepare()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		p    *scenario.Search
	}{{"tic-tac-toe", prepared(t, "game=tictactoe&algo=mcts&iterations=200")}, {"rock, paper, scissors", duct}} {
		s, err := NewScene(c.p, nil)
		if err != nil {
			t.Fatal(err)
		}
		cur := NewCursor(c.p, s)
		for _, step := range []int{60, 300, 700, 1e6} {
			cur.Seek(step)
			if err := cur.WorkAll(context.Background()); err != nil {
				t.Fatal(err)
			}
			f := cur.Frame()
			for _, w := range []float64{ViewerPaneWidth, PhonePaneWidth} {
				d := FocusIn(c.p, s, f, cur.Folds(), w)
				type label struct {
					text string
					r    rect
				}
				var labels []label
				for _, n := range d.Nodes {
					if n.Shown != "" {
						vf := d.Fonts.Value
						if n.Glyph.Below() {
							vf = d.Fonts.LeafValue
						}
						labels = append(labels, label{n.Shown, textRect(n.X+n.ValueX, n.Y+n.ValueY, n.ValueAnchor, TextEm(n.Shown)*vf, vf, 1, 0)})
					}
					if n.Fold != nil {
						seen, _, _ := n.Fold.Texts(nil)
						labels = append(labels, label{"fold " + seen, textRect(n.X+n.FoldAt.TextX, n.Y+n.FoldAt.TextY, n.FoldAt.TextAnchor, TextEm(seen)*FocusCountFont, FocusCountFont, 1, 0)})
					}
				}
				for i, a := range labels {
					for _, b := range labels[i+1:] {
						if a.r.overlaps(b.r) {
							t.Errorf("%s, step %d, pane %.0f wide: %q meets %q", c.name, f.Step, w, a.text, b.text)
						}
					}
				}
			}
		}
		cur.Close()
	}
}

// TestDUCTFocusNamesJointMoves: in decoupled UCT's focus on rock, paper,
// scissors at its end, each child of the root writes its joint move
// inside its diamond, short ("p/r"), each its own, as wide as the diamond
// at most, and has the move's whole name as its tooltip.
func TestDUCTFocusNamesJointMoves(t *testing.T) {
	p, s := prepare(t, rockPaperScissorsDUCT(t))
	cur := NewCursor(p, s)
	defer cur.Close()
	cur.Seek(1e6)
	if err := cur.WorkAll(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, w := range []float64{ViewerPaneWidth, PhonePaneWidth} {
		d := FocusIn(p, s, cur.Frame(), cur.Folds(), w)
		seen := map[string]string{}
		for _, n := range d.Nodes {
			if n.Depth != 1 {
				continue
			}
			if n.Label == "" || TextEm(n.Label)*InFont > 2*JointHalf {
				t.Errorf("width %v: child %q writes %q in its diamond", w, n.ID, n.Label)
			}
			if o, dup := seen[n.Label]; dup {
				t.Errorf("width %v: children %q and %q both write %q", w, o, n.ID, n.Label)
			}
			seen[n.Label] = n.ID
			// The tooltip writes the joint move as the narration and the
			// panels do (trace.JointMoveText), its diamond the same roles'
			// moves shortened, joined the same way.
			moves := p.JointMoves(n.ID)
			if want := trace.JointMoveText([]string{"left", "right"}, moves); len(moves) != 2 || n.InFull != want || !strings.HasPrefix(n.InFull, "left (show ") {
				t.Errorf("width %v: child %q's tooltip is %q, want its joint move %q", w, n.ID, n.InFull, want)
			}
			if strings.Count(n.Label, trace.JointSep) != 1 {
				t.Errorf("width %v: child %q's diamond writes %q, want the roles' moves joined by %q", w, n.ID, n.Label, trace.JointSep)
			}
		}
		if len(seen) != 9 {
			t.Errorf("width %v: %d children named, want 9", w, len(seen))
		}
	}
}
