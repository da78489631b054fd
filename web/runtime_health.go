package web

import (
	"math"
	"runtime/metrics"
	"time"
)

// RuntimeHealth is what /healthz?runtime=1 adds to the health check: the
// garbage collector's and the scheduler's figures since the server
// started, read from runtime/metrics without stopping the world. They say
// why a request waited (a collection's pauses, the goroutines queued for
// a core, the collector running at the memory limit) whatever else the
// machine runs, where a request's time does not.
type RuntimeHealth struct {
	// GCCycles is the number of collections finished, GCForced those an
	// application asked for (the idle forgetting's).
	GCCycles uint64 `json:"gc_cycles"`
	GCForced uint64 `json:"gc_forced"`
	// GCPauses are the stop-the-world pauses of the collector, with their
	// quantiles in milliseconds (the upper bounds of the runtime's
	// histogram buckets).
	GCPauses Quantiles `json:"gc_pauses"`
	// SchedLatency is how long goroutines waited runnable for a core.
	SchedLatency Quantiles `json:"sched_latency"`
	// LimiterLastEnabled is the collection during which the collector's
	// CPU limiter was last on (0: never): it turns on when the collector
	// would take more than half the CPU, which it does when the heap is
	// held at the memory limit.
	LimiterLastEnabled uint64 `json:"limiter_last_enabled"`
	// HeapGoal is the heap size at which the next collection is to end;
	// LiveHeap what the last collection found reachable; HeapObjects the
	// live and not yet swept objects now; MappedBytes all the memory the
	// runtime has mapped (what the memory limit bounds); MemoryLimit the
	// soft limit.
	HeapGoal    uint64 `json:"heap_goal"`
	LiveHeap    uint64 `json:"live_heap"`
	HeapObjects uint64 `json:"heap_objects"`
	MappedBytes uint64 `json:"mapped_bytes"`
	MemoryLimit uint64 `json:"memory_limit"`
	// AllocBytes is all the heap allocated since the start: its rate is
	// what sets how often the collector runs.
	AllocBytes uint64 `json:"alloc_bytes"`
	// CPU seconds since the start: all of it, the collector's (assists
	// included), the assists' alone, and returning memory to the system.
	CPUSeconds       float64 `json:"cpu_seconds"`
	GCCPUSeconds     float64 `json:"gc_cpu_seconds"`
	AssistCPUSeconds float64 `json:"assist_cpu_seconds"`
	ScavengeSeconds  float64 `json:"scavenge_cpu_seconds"`
}

// Quantiles summarises a runtime histogram of durations: how many, and
// the 50th and 99th percentile and the largest, in milliseconds.
type Quantiles struct {
	Count uint64  `json:"count"`
	P50   float64 `json:"p50_ms"`
	P99   float64 `json:"p99_ms"`
	Max   float64 `json:"max_ms"`
}

// runtimeMetrics are the samples RuntimeHealth is read from, in its order.
var runtimeMetrics = []string{
	"/gc/cycles/total:gc-cycles",
	"/gc/cycles/forced:gc-cycles",
	"/sched/pauses/total/gc:seconds",
	"/sched/latencies:seconds",
	"/gc/limiter/last-enabled:gc-cycle",
	"/gc/heap/goal:bytes",
	"/gc/heap/live:bytes",
	"/memory/classes/heap/objects:bytes",
	"/memory/classes/total:bytes",
	"/gc/gomemlimit:bytes",
	"/cpu/classes/total:cpu-seconds",
	"/cpu/classes/gc/total:cpu-seconds",
	"/cpu/classes/gc/mark/assist:cpu-seconds",
	"/cpu/classes/scavenge/total:cpu-seconds",
	"/gc/heap/allocs:bytes",
}

// readRuntimeHealth reads the runtime's figures.
func readRuntimeHealth() *RuntimeHealth {
	s := make([]metrics.Sample, len(runtimeMetrics))
	for i, n := range runtimeMetrics {
		s[i].Name = n
	}
	metrics.Read(s)
	u := func(i int) uint64 {
		if s[i].Value.Kind() == metrics.KindUint64 {
			return s[i].Value.Uint64()
		}
		return 0
	}
	f := func(i int) float64 {
		if s[i].Value.Kind() == metrics.KindFloat64 {
			return s[i].Value.Float64()
		}
		return 0
	}
	h := func(i int) Quantiles {
		if s[i].Value.Kind() == metrics.KindFloat64Histogram {
			return quantilesOf(s[i].Value.Float64Histogram())
		}
		return Quantiles{}
	}
	return &RuntimeHealth{
		GCCycles: u(0), GCForced: u(1), GCPauses: h(2), SchedLatency: h(3), LimiterLastEnabled: u(4),
		HeapGoal: u(5), LiveHeap: u(6), HeapObjects: u(7), MappedBytes: u(8), MemoryLimit: u(9),
		CPUSeconds: f(10), GCCPUSeconds: f(11), AssistCPUSeconds: f(12), ScavengeSeconds: f(13), AllocBytes: u(14),
	}
}

// quantilesOf summarises a histogram of seconds: each quantile is the
// upper bound of the bucket it falls in (the lower bound of the last,
// unbounded, bucket).
func quantilesOf(h *metrics.Float64Histogram) Quantiles {
	var q Quantiles
	for _, c := range h.Counts {
		q.Count += c
	}
	if q.Count == 0 {
		return q
	}
	bound := func(i int) float64 {
		b := h.Buckets[i+1]
		if math.IsInf(b, 1) {
			b = h.Buckets[i]
		}
		return float64(time.Duration(b*float64(time.Second)).Microseconds()) / 1000
	}
	at := func(p float64) float64 {
		want := uint64(math.Ceil(p * float64(q.Count)))
		var n uint64
		for i, c := range h.Counts {
			if n += c; n >= want && c > 0 {
				return bound(i)
			}
		}
		return 0
	}
	q.P50, q.P99, q.Max = at(0.5), at(0.99), at(1)
	return q
}
