package view

import (
	"context"
	"testing"
)

// BenchmarkPresenterLayout is the first layout of a shape (nothing
// remembered): the spacing tries and their label placements.
func BenchmarkPresenterLayout(b *testing.B) {
	for _, query := range []string{"random=3,3&seed=1", "random=3,5&seed=1", "tree=((1 (2 3)) (4 ((5 6) 7 8 9 10 11)))"} {
		b.Run(query, func(b *testing.B) {
			source, shape := shapeOf(b, query)
			for b.Loop() {
				spacings.Forget()
				if _, err := presenterLayout(context.Background(), source, shape, sceneOpt, laying{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkPresenterLayoutAcross is the first sideways layout of a shape
// (nothing remembered): the spacing tries for a phone's pane, which want
// every label clear of the others first.
func BenchmarkPresenterLayoutAcross(b *testing.B) {
	for _, query := range []string{"random=3,3&seed=1", "game=tictactoe&position=xo.x.o...", "game=minichess&position=horizon&depth=1&quiescence=1"} {
		b.Run(query, func(b *testing.B) {
			source, shape := shapeOf(b, query)
			opt := sceneOpt
			if BoardSource(source) {
				opt = BoardLayout(source)
				opt.NodeSep = AcrossBoardSpacing(source)
			}
			for b.Loop() {
				spacings.Forget()
				if _, err := presenterLayout(context.Background(), source, shape, opt, laying{across: true}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
