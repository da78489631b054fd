package view

import (
	"context"
	"runtime"
	"testing"
)

// BenchmarkCursorSeekEnd seeks from the start to the end of the full
// tic-tac-toe minimax: 2,199,784 steps, 586 nodes drawn.
func BenchmarkCursorSeekEnd(b *testing.B) {
	p, s := prepare(b, "game=tictactoe&algo=minimax")
	for b.Loop() {
		c := NewCursor(p, s)
		c.Seek(End)
		if err := c.WorkAll(context.Background()); err != nil {
			b.Fatal(err)
		}
		c.Close()
	}
}

// BenchmarkCursorBackFromEnd steps back once from the end of the full
// tic-tac-toe minimax.
func BenchmarkCursorBackFromEnd(b *testing.B) {
	p, s := prepare(b, "game=tictactoe&algo=minimax")
	c := NewCursor(p, s)
	defer c.Close()
	c.Seek(End)
	if err := c.WorkAll(context.Background()); err != nil {
		b.Fatal(err)
	}
	end := c.Step()
	for b.Loop() {
		c.Seek(end - 1)
		if err := c.WorkAll(context.Background()); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		c.Seek(end)
		if err := c.WorkAll(context.Background()); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
	}
}

// BenchmarkCursorHeapAtEnd reports the live heap of a cursor at the end
// of the full tic-tac-toe minimax, checkpoints included.
func BenchmarkCursorHeapAtEnd(b *testing.B) {
	p, s := prepare(b, "game=tictactoe&algo=minimax")
	for b.Loop() {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		c := NewCursor(p, s)
		c.Seek(End)
		if err := c.WorkAll(context.Background()); err != nil {
			b.Fatal(err)
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(after.HeapAlloc)-float64(before.HeapAlloc), "live-bytes")
		b.ReportMetric(float64(len(c.checkpoints)), "checkpoints")
		runtime.KeepAlive(c)
		c.Close()
	}
}
