package view

import (
	"os"
	"testing"
)

func TestScratchEnd(t *testing.T) {
	if os.Getenv("SCRATCH") == "" {
		t.Skip()
	}
	p, s := prepare(t, "tree=([chance](5 7) [chance](0 9))&algo=star1&bounds=0,10")
	d := s.Draw(replayTo(t, p, 22), nil)
	pl := s.sketch.pl
	t.Logf("ok %v box %+v k %v", pl.ok, pl.box, pl.k)
	for _, e := range d.Edges {
		if e.TestFull != "" {
			_ = e.TestFont
			r := textRect(192.5, 145, "middle", TextEm(e.TestFull)*14, 14, 1, 0).grow(labelPad)
			t.Logf("%s %q rect %+v contained %v", e.ID, e.TestFull, r, pl.box.contains(r))
			pl.g.none(r, func(i int) bool {
				if i < 0 {
					if pl.g.segs[-i-1].crosses(r) {
						t.Logf("seg %+v", pl.g.segs[-i-1])
					}
				} else if pl.g.rects[i].overlaps(r) {
					t.Logf("rect %+v depth %d ab %d", pl.g.rects[i], pl.g.depth[i], pl.g.abOf[i])
				}
				return false
			})
		}
	}
	for i, n := range s.sketch.l.Nodes {
		t.Logf("%d %q end %d", i, n.ID, s.sketch.end[i])
	}
}
