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
				if _, err := presenterLayout(context.Background(), source, shape, sceneOpt, false); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
