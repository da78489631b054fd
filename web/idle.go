package web

import (
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"
)

// idleCollectDelay is how long the server waits, once its last websocket
// session has ended and no heavy request runs, before it collects the
// garbage those left and hands the freed memory back to the system. The
// wait lets a class that leaves together be collected once.
const idleCollectDelay = 250 * time.Millisecond

// idleCollector collects the heap when the server falls idle. With the
// collector's target at DefaultGCPercent, the garbage of a session that
// sought to the end of a large search would otherwise stay counted until
// something else allocates: on a lecturer's laptop after the class, that
// is memory held for nobody.
type idleCollector struct {
	// busy says whether anything still runs (a session open or opening, a
	// heavy request); the collection waits for a later quiet.
	busy  func() bool
	delay time.Duration

	mu      sync.Mutex
	pending bool
	// runs counts the collections made, for the tests.
	runs atomic.Int64
}

// quiet is called whenever a session or a heavy request ends: when nothing
// else runs, it schedules one collection after the delay (at most one is
// pending at a time).
func (ic *idleCollector) quiet() {
	if ic == nil || ic.busy() {
		return
	}
	ic.mu.Lock()
	defer ic.mu.Unlock()
	if ic.pending {
		return
	}
	ic.pending = true
	time.AfterFunc(ic.delay, ic.collect)
}

func (ic *idleCollector) collect() {
	ic.mu.Lock()
	ic.pending = false
	ic.mu.Unlock()
	if ic.busy() {
		return
	}
	debug.FreeOSMemory()
	ic.runs.Add(1)
}
