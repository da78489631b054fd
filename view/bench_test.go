package view

import (
	"context"
	"runtime"
	"testing"

	"github.com/abtrace/abtrace/trace"
)

// BenchmarkCursorSeekEnd seeks from the start to the end of the full
// tic-tac-toe minimax: 2,199,784 steps, 586 nodes drawn. Cold, the cursor
// meets the search for the first time: it applies the drawn nodes' events
// and passes over the folded subtrees' (events-passed-over), following
// only the nodes it keeps summaries of, while the search counts the
// subtrees below those without making their events (events-counted);
// warm, another cursor has been to the end before and handed on its
// summaries.
func BenchmarkCursorSeekEnd(b *testing.B) {
	p, s := prepare(b, "game=tictactoe&algo=minimax")
	for _, warm := range []bool{false, true} {
		name := "cold"
		if warm {
			name = "warm"
		}
		b.Run(name, func(b *testing.B) {
			sharedSummaries.forget()
			if warm {
				c := NewCursor(p, s)
				seekAll(b, c, End)
				c.Close()
			}
			applied, skipped, followed, counted := 0, 0, 0, 0
			for b.Loop() {
				if !warm {
					sharedSummaries.forget()
				}
				c := NewCursor(p, s)
				seekAll(b, c, End)
				applied, skipped, followed, counted = c.Applied, c.Skipped, c.Followed, c.Counted
				c.Close()
			}
			b.ReportMetric(float64(applied), "events-applied/op")
			b.ReportMetric(float64(skipped), "events-skipped/op")
			b.ReportMetric(float64(followed), "events-passed-over/op")
			b.ReportMetric(float64(counted), "events-counted/op")
		})
	}
}

// BenchmarkCursorSeekMiddle seeks a cursor that has been to the end back
// to the middle of the full tic-tac-toe minimax, and forward to the end
// again: a seek to any step.
func BenchmarkCursorSeekMiddle(b *testing.B) {
	p, s := prepare(b, "game=tictactoe&algo=minimax")
	c := NewCursor(p, s)
	defer c.Close()
	seekAll(b, c, End)
	end := c.Step()
	var applied, skipped int
	for b.Loop() {
		a0, s0 := c.Applied, c.Skipped
		for _, k := range []int{end / 2, end} {
			seekAll(b, c, k)
		}
		applied, skipped = c.Applied-a0, c.Skipped-s0
	}
	b.ReportMetric(float64(applied), "events-applied/op")
	b.ReportMetric(float64(skipped), "events-skipped/op")
}

// BenchmarkCursorBackFromEnd steps back once from the end of the full
// tic-tac-toe minimax.
func BenchmarkCursorBackFromEnd(b *testing.B) {
	p, s := prepare(b, "game=tictactoe&algo=minimax")
	c := NewCursor(p, s)
	defer c.Close()
	seekAll(b, c, End)
	end := c.Step()
	// What one step back costs in events, which does not depend on the
	// machine: the search reruns from the checkpoint before the target,
	// passing over the events before it, skipping the subtrees it knows
	// and applying the rest.
	var applied, passed, skipped int
	for b.Loop() {
		a0, p0, s0 := c.Applied, c.Passed, c.Skipped
		c.Seek(end - 1)
		if err := c.WorkAll(context.Background()); err != nil {
			b.Fatal(err)
		}
		applied, passed, skipped = c.Applied-a0, c.Passed-p0, c.Skipped-s0
		b.StopTimer()
		c.Seek(end)
		if err := c.WorkAll(context.Background()); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
	}
	// After the loop: b.Loop's first call clears the metrics reported.
	b.ReportMetric(float64(passed), "events-passed/op")
	b.ReportMetric(float64(applied), "events-applied/op")
	b.ReportMetric(float64(skipped), "events-skipped/op")
}

// BenchmarkCursorHeapAtEnd reports the live heap of a cursor at the end
// of the full tic-tac-toe minimax, checkpoints included.
func BenchmarkCursorHeapAtEnd(b *testing.B) {
	p, s := prepare(b, "game=tictactoe&algo=minimax")
	for b.Loop() {
		sharedSummaries.forget()
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		c := NewCursor(p, s)
		seekAll(b, c, End)
		runtime.GC()
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(after.HeapAlloc)-float64(before.HeapAlloc), "live-bytes")
		b.ReportMetric(float64(len(c.checkpoints)), "checkpoints")
		b.ReportMetric(float64(len(c.sums)+len(c.shared)), "summaries")
		runtime.KeepAlive(c)
		c.Close()
	}
}

// BenchmarkTracedRun runs the full tic-tac-toe minimax traced, to a
// recorder that only counts: the cost of making the events, which a seek
// back pays up to its checkpoint. The untraced search is the floor.
func BenchmarkTracedRun(b *testing.B) {
	p, _ := prepare(b, "game=tictactoe&algo=minimax")
	b.Run("traced", func(b *testing.B) {
		n := 0
		for b.Loop() {
			n = 0
			if _, err := p.Run(func(*trace.Event) bool { n++; return true }); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(n), "events/op")
	})
	b.Run("untraced", func(b *testing.B) {
		for b.Loop() {
			if _, err := p.Run(nil); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// seekAll moves c to step k (End for the last) and fails b if it cannot.
func seekAll(b *testing.B, c *Cursor, k int) {
	b.Helper()
	c.Seek(k)
	if err := c.WorkAll(context.Background()); err != nil {
		b.Fatal(err)
	}
}
