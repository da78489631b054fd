package view

import (
	"context"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search/scenario"
)

// TestSetMarkBeside: the focus of the card game's trap draws the current
// node's information set in the tree where it holds more than one
// position, at the start (deals 2 and 3 beside the root) and after ♣9 ♣5
// (deal 2, worth 3 with every card open), in the viewer's pane and a
// phone's: beside the current node at its height, clear of every node and
// label of the drawing, inside the view box, with its value and deal at
// the legible sizes; none after ♦7 ♣5, which only deal 1 fits. The whole
// tree draws it in the room between subtrees, clear of nodes and edges.
func TestSetMarkBeside(t *testing.T) {
	trap, trapScene := prepare(t, "game=cards&deal=trap&algo=clairvoyance")
	lecture, lectureScene := prepare(t, "game=cards")
	for _, c := range []struct {
		p     *scenario.Search
		s     *Scene
		step  int
		deals []string
		value string
	}{{trap, trapScene, 1, []string{"deal 2", "deal 3"}, "3"}, {trap, trapScene, 630, []string{"deal 2"}, "3"}, {trap, trapScene, 205, nil, ""},
		// On a phone, the row of four after ♥6 leaves no room right of it.
		{lecture, lectureScene, 4, []string{"deal 2"}, "2"}} {
		p, s := c.p, c.s
		cur := NewCursor(p, s)
		defer cur.Close()
		cur.Seek(c.step)
		if err := cur.WorkAll(context.Background()); err != nil {
			t.Fatal(err)
		}
		f := cur.Frame()
		whole := s.Draw(f, FoldsAt(p, s, f))
		MarkInfoSet(whole, p, f)
		// The page's overview draws the set as the exports do, inside
		// the view box the page has; the cursor's drawing, which its
		// patches start from, draws its current node as the page does.
		overview := OverviewSet(p, s, f, cur.Folds())
		if got, want := Print(cur.Drawing().Attrs()), Print(overview.Attrs()); got != want || overview.ViewBox != s.Draw(f, nil).ViewBox {
			t.Errorf("step %d: the overview is drawn otherwise than its patches (%s, %s) or in another view box (%q)", c.step, got, want, overview.ViewBox)
		}
		for i := range overview.Nodes {
			if n := &overview.Nodes[i]; strings.Contains(n.Class, "infoset") != (c.deals != nil && n.ID == f.Current) {
				t.Errorf("step %d: the overview's node %q has class %q", c.step, n.ID, n.Class)
			}
		}
		for j, d := range []*Drawing{FocusIn(p, s, f, cur.Folds(), ViewerPaneWidth), FocusIn(p, s, f, cur.Folds(), PhonePaneWidth), whole, overview} {
			m := d.Set
			if c.deals == nil {
				if m != nil {
					t.Errorf("step %d: a set is drawn: %+v", c.step, m)
				}
				continue
			}
			if m == nil || len(m.Others) != len(c.deals) || m.Others[0].Value != c.value || m.Node != f.Current {
				t.Fatalf("step %d: the set drawn is %+v; want %v beside %q, the first worth %s", c.step, m, c.deals, f.Current, c.value)
			}
			for i, o := range m.Others {
				if o.Deal != c.deals[i] || o.Y != m.Others[0].Y || o.Y < m.Y || o.Y+o.DealY > m.Y+m.H || (o.Y != f0(d, f.Current)) != (c.p == lecture && j == 1) || o.X-21 < m.X || o.X+21 > m.X+m.W {
					t.Errorf("step %d: position %d is %+v in the outline %v,%v %v×%v; want %s at the current node's height, inside", c.step, i, o, m.X, m.Y, m.W, m.H, c.deals[i])
				}
			}
			outline := rect{m.X, m.Y, m.X + m.W, m.Y + m.H}
			for i := range d.Nodes {
				n := &d.Nodes[i]
				lo, hi := focusExtent(n)
				if n.ID != f.Current && lo < outline.x1 && hi > outline.x0 && nodeTop(n) < outline.y1 && nodeBottom(n) > outline.y0 {
					t.Errorf("step %d: the set's outline %v meets node %q (%v to %v)", c.step, outline, n.In, lo, hi)
				}
			}
			for i := range d.Edges {
				if lo, hi, ok := crossing(&d.Edges[i], outline.y0, outline.y1); ok && lo < outline.x1 && hi > outline.x0 {
					t.Errorf("step %d: the set's outline %v meets the edge into %q", c.step, outline, d.Edges[i].ID)
				}
			}
			if x, y, w, h, _ := parseBox(d.ViewBox); m.X+m.W > x+w || min(m.JoinX1, m.X) < x || m.Y < y || m.Y+m.H > y+h {
				t.Errorf("step %d: the set (%v to %v) leaves the view box %q", c.step, m.JoinX1, m.X+m.W, d.ViewBox)
			}
			if j == 1 && d.Width*d.Px > PhonePaneWidth {
				t.Errorf("step %d: the phone's focus is %.0f px wide", c.step, d.Width*d.Px)
			}
			if d.Px > 0 && (m.ValueFont*d.Px < LegibleValuePx || SetDealFont*d.Px < LegibleABPx) {
				t.Errorf("step %d: the set's value at %.1f px, its deal at %.1f", c.step, m.ValueFont*d.Px, SetDealFont*d.Px)
			}
		}
	}
}

// f0 is the height of node id in drawing d.
func f0(d *Drawing, id string) float64 {
	for _, n := range d.Nodes {
		if n.ID == id {
			return n.Y
		}
	}
	return -1
}
