package view

import (
	"fmt"
	"testing"

	"github.com/abtrace/abtrace/internal/keptheap"
)

// BenchmarkSceneKept is what a viewer's scene keeps once made: the heap
// held by scenes of random=12,3 (1,885 nodes drawn, each seed its own
// scene, as the students of a class with their own seeds), in bytes per
// scene (the kept-B/scene metric). Time per op is the making of 40.
func BenchmarkSceneKept(b *testing.B) {
	seed := 0
	keptheap.Report(b, 40, "scene", ForgetShared, func() any {
		seed++
		s, err := NewScene(prepared(b, fmt.Sprintf("random=12,3&seed=%d&algo=minimax", seed)), nil)
		if err != nil {
			b.Fatal(err)
		}
		return s
	})
}
