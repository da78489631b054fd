package web

import (
	"context"
	"fmt"
	"testing"

	"github.com/abtrace/abtrace/internal/keptheap"
)

// BenchmarkViewerKept is what a viewer of a large random tree keeps
// between its steps, as TestSoak's 300 do: each of 20 viewers loads
// random=12,3 (1,885 nodes) with its own seed and takes 5 steps; the
// kept-B/viewer metric is the heap they hold, the shared caches
// forgotten. ABTRACE_HEAPPROFILE=file writes the heap profile of the
// viewers kept.
func BenchmarkViewerKept(b *testing.B) {
	seed := 0
	keptheap.Report(b, 20, "viewer", forgetShared, func() any {
		seed++
		v, err := newViewer(context.Background(), fmt.Sprintf("random=12,3&seed=%d&algo=minimax", seed))
		if err != nil {
			b.Fatal(err)
		}
		v.command(Command{V: ProtocolVersion, Cmd: "load"})
		v.run(context.Background())
		for range 5 {
			v.command(Command{V: ProtocolVersion, Cmd: "step", N: 1})
			v.run(context.Background())
		}
		return v
	})
}
