package view

import (
	"fmt"
	"github.com/abtrace/abtrace/search/tree"
	"testing"
)

// TestGlyphsApart: at the text scale chosen for a drawing, no two node
// glyphs overlap. Leaf boxes grow with the text scale (their values are
// written inside them), so a scale that gives every label a place can
// still push two neighbouring leaves into each other; the scale must stop
// below that.
func TestGlyphsApart(t *testing.T) {
	queries := []string{
		"tree=" + tree.TwoPlyGameTreePlain,
		"tree=((3 -1.5) [max](2 (4 6)) -7)",
		"game=matchsticks&matches=5&take=2",
		"game=dice&algo=expectiminimax&depth=2",
		"tree=(((<1,2,3> <6,1,2>) (<4,2,1> <7,4,-1>)) ((<5,-1,-1> <-1,5,2>) (<7,7,-1> <5,4,5>)))&algo=maxn",
		"tree=((100 -250 33.5) (1000 -7 12) (8 9 10 11 12))",
	}
	for seed := range 6 {
		queries = append(queries, fmt.Sprintf("random=3,3&seed=%d", seed+1))
	}
	for _, across := range []bool{false, true} {
		for _, query := range queries {
			t.Run(fmt.Sprintf("%s/across=%v", query, across), func(t *testing.T) {
				s, err := NewSceneAs(prepared(t, query), nil, across)
				if err != nil {
					t.Fatal(err)
				}
				l := s.Layout
				glyphs := make(map[string]Glyph, len(l.Nodes))
				for _, n := range l.Nodes {
					glyphs[n.ID] = GlyphOf(s.Source, n)
				}
				p := layoutPlacement(s.Source, l, glyphs)
				for i, a := range l.Nodes {
					ra := glyphRect(glyphs[a.ID], a, p.k).shift(a.X, a.Y)
					for _, b := range l.Nodes[i+1:] {
						rb := glyphRect(glyphs[b.ID], b, p.k).shift(b.X, b.Y)
						if ra.overlaps(rb) {
							t.Errorf("at text scale %g, %s's glyph %v overlaps %s's %v", p.k, a.ID, ra, b.ID, rb)
						}
					}
				}
			})
		}
	}
}
