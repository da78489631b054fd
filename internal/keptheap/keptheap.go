// Package keptheap measures, in a benchmark, the heap that the values it
// makes keep once made: what a server holds for each viewer or scene.
package keptheap

import (
	"os"
	"runtime"
	"runtime/pprof"
	"testing"
)

// Report makes n values with make in each of b's iterations (timed),
// keeps them all, and reports the heap they hold, in bytes per value, as
// the metric "kept-B/"+unit. forget drops what the process keeps besides
// the values (shared caches), before and after the making, so that only
// the values' own memory counts. With ABTRACE_HEAPPROFILE=file it writes
// the heap profile of the values kept (of the last iteration).
func Report(b *testing.B, n int, unit string, forget func(), make func() any) {
	var before, after runtime.MemStats
	total := 0.0
	for b.Loop() {
		b.StopTimer()
		kept := []any{}
		forget()
		runtime.GC()
		runtime.ReadMemStats(&before)
		b.StartTimer()
		for range n {
			kept = append(kept, make())
		}
		b.StopTimer()
		forget()
		runtime.GC()
		runtime.ReadMemStats(&after)
		total += float64(after.HeapAlloc) - float64(before.HeapAlloc)
		if f := os.Getenv("ABTRACE_HEAPPROFILE"); f != "" {
			runtime.GC() // the profile is that of the last collection but one
			w, err := os.Create(f)
			if err != nil {
				b.Fatal(err)
			}
			if err := pprof.WriteHeapProfile(w); err != nil {
				b.Fatal(err)
			}
			w.Close()
		}
		runtime.KeepAlive(kept)
		b.StartTimer()
	}
	b.ReportMetric(total/float64(b.N*n), "kept-B/"+unit)
}
