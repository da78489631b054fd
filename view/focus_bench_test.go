package view

import (
	"context"
	"maps"
	"testing"

	"github.com/abtrace/abtrace/trace"
)

// BenchmarkFocusStep is the focus drawing of one step, as a viewer makes
// it for every step it answers (FocusIn at the frame of the step): the
// first focusBenchSteps steps of random=12,3 (1,885 nodes, the soak's
// trees: see cmd/abtrace's TestSoak) and of tic-tac-toe, one step an op.
func BenchmarkFocusStep(b *testing.B) {
	for _, q := range []struct{ name, query string }{
		{"random-12-3", "random=12,3&seed=1&algo=minimax"},
		{"tictactoe", "game=tictactoe&algo=minimax"},
	} {
		b.Run(q.name, func(b *testing.B) {
			p, s := prepare(b, q.query)
			cur := NewCursor(p, s)
			defer cur.Close()
			var frames []*trace.Frame
			var folds []map[string]FoldCount
			for step := 1; step <= focusBenchSteps; step++ {
				cur.Seek(step)
				if err := cur.WorkAll(context.Background()); err != nil {
					b.Fatal(err)
				}
				frames = append(frames, cur.Frame().Clone())
				folds = append(folds, maps.Clone(cur.Folds()))
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				FocusIn(p, s, frames[i], folds[i], 0)
				i = (i + 1) % len(frames)
			}
		})
	}
}

// focusBenchSteps is how many steps BenchmarkFocusStep goes through: about
// as many as a viewer of the soak steps in its minute.
const focusBenchSteps = 60
