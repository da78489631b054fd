package view

import (
	"github.com/abtrace/abtrace/search/tree"
	"testing"
)

// BenchmarkPlaceFor is the label placement of one layout, uncached: the
// textbook tree, random=3,3, the tic-tac-toe mid-game (326 boards, the
// most crowded placed drawing of the lecture hall) and random=12,3 (above
// MaxPlacedNodes: one placement at the base size).
func BenchmarkPlaceFor(b *testing.B) {
	for _, q := range []struct{ name, query string }{
		{"textbook", "tree=" + tree.TwoPlyGameTree},
		{"random-3-3", "random=3,3&seed=1"},
		{"tictactoe-midgame", "game=tictactoe&position=xo.x.o..."},
		{"random-12-3", "random=12,3&seed=1"},
	} {
		b.Run(q.name, func(b *testing.B) {
			_, s := prepare(b, q.query)
			glyphs := make(map[string]Glyph, len(s.Layout.Nodes))
			for _, n := range s.Layout.Nodes {
				glyphs[n.ID] = GlyphOf(s.Source, n)
			}
			k := presenterK(s.Layout)
			for b.Loop() {
				placeFor(s.Source, s.Layout, glyphs, k)
			}
		})
	}
}

// BenchmarkDrawEnd is one whole drawing at the end of a search, every
// cutoff's test placed: the textbook tree and the tic-tac-toe mid-game (15
// cutoffs in a tree too crowded for its labels, whose tests look for a
// place in their rooms), by a scene that drew it before ("again") and by
// a new sketch of the scene's layout ("first": every test is placed).
func BenchmarkDrawEnd(b *testing.B) {
	for _, q := range []struct{ name, query string }{
		{"textbook", "tree=" + tree.TwoPlyGameTree},
		{"tictactoe-midgame", "game=tictactoe&position=xo.x.o..."},
	} {
		p, s := prepare(b, q.query)
		f := replayTo(b, p, totalSteps(b, p))
		b.Run(q.name+"/again", func(b *testing.B) {
			for b.Loop() {
				s.Draw(f, nil)
			}
		})
		b.Run(q.name+"/first", func(b *testing.B) {
			for b.Loop() {
				newSketch(s.Source, s.Layout).draw(f, nil)
			}
		})
	}
}
