package classroom

import (
	"context"
	"fmt"
	"runtime"
	"testing"
	"time"
)

// BenchmarkFollowerMemory measures what a follower costs the server's
// classroom: the heap grown by joining followers to a room, per follower
// (bytes/follower). A follower holds no cursor, only its queue of shared
// updates; the budget is 64 KB.
func BenchmarkFollowerMemory(b *testing.B) {
	ctx := context.Background()
	c := newClass(b, sqliteStore(b, ""), nil)
	code, secret, err := c.Create(ctx, textbook)
	if err != nil {
		b.Fatal(err)
	}
	r, _ := c.Room(ctx, code)
	const n = 500
	var per float64
	for b.Loop() {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		fs := make([]*Follower, 0, n)
		for i := range n {
			f, _, err := r.Follow(ctx, fmt.Sprintf("student-%06d", i), "S", "")
			if err != nil {
				b.Fatal(err)
			}
			fs = append(fs, f)
		}
		// Every follower has an update waiting: the shared bytes of one step.
		if err := r.StepBy(ctx, secret, 1); err != nil {
			b.Fatal(err)
		}
		for _, f := range fs {
			<-f.Updates()
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		per = float64(after.HeapAlloc-before.HeapAlloc) / n
		for _, f := range fs {
			f.Leave()
		}
		runtime.KeepAlive(fs)
	}
	b.ReportMetric(per, "bytes/follower")
}

// BenchmarkAnswers500 is a class of 500 answering one question: from the
// first answer until the lecturer's histogram counts all 500 (the store's
// writes included, SQLite in a temporary file). ms/500answers is the
// figure; the histogram is sent at most every HistogramEvery meanwhile.
func BenchmarkAnswers500(b *testing.B) {
	ctx := context.Background()
	c := newClass(b, sqliteStore(b, ""), nil)
	const n = 500
	var total time.Duration
	var hists int
	for b.Loop() {
		b.StopTimer()
		code, secret, err := c.Create(ctx, textbook)
		if err != nil {
			b.Fatal(err)
		}
		r, _ := c.Room(ctx, code)
		lect, _, _ := r.Follow(ctx, "", "", secret)
		fs := make([]*Follower, n)
		for i := range fs {
			fs[i], _, _ = r.Follow(ctx, fmt.Sprintf("student-%06d", i), "S", "")
		}
		qid, err := r.Ask(ctx, secret, QuestionSpec{Kind: AskEnter})
		if err != nil {
			b.Fatal(err)
		}
		for _, f := range fs {
			go func() {
				for range f.Updates() {
				}
			}()
		}
		<-lect.Updates()
		b.StartTimer()
		start := time.Now()
		done := make(chan error, n)
		for i, f := range fs {
			go func() {
				_, err := r.Answer(ctx, f, qid, fmt.Sprint(i%3))
				done <- err
			}()
		}
		for range n {
			if err := <-done; err != nil {
				b.Fatal(err)
			}
		}
		for {
			h := waitAny(b, lect)
			hists++
			if h.Answers == n {
				break
			}
		}
		total += time.Since(start)
		b.StopTimer()
		lect.Leave()
		for _, f := range fs {
			f.Leave()
		}
		b.StartTimer()
	}
	b.ReportMetric(float64(total.Milliseconds())/float64(b.N), "ms/500answers")
	b.ReportMetric(float64(hists)/float64(b.N), "histograms/500answers")
}

func waitAny(b *testing.B, f *Follower) Histogram {
	for {
		select {
		case m := <-f.Updates():
			var h Histogram
			if jsonUnmarshal(m, &h) == nil && h.Type == "histogram" {
				return h
			}
		case <-time.After(30 * time.Second):
			b.Fatal("no histogram")
		}
	}
}
