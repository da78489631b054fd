package web

import (
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/templates"
	"github.com/abtrace/abtrace/view"
	"github.com/abtrace/abtrace/view/export"
)

// idleCollectDelay is how long the server waits, once its last websocket
// session has ended and no heavy request runs, before it collects the
// garbage those left and hands the freed memory back to the system. The
// wait lets a class that leaves together be collected once.
const idleCollectDelay = 250 * time.Millisecond

// DefaultIdleForget is how long abtrace serve stays idle (no session, no
// heavy request) before it forgets what it keeps for the next viewers of
// the same scenario — the shared scenes, summaries, size checks, first
// frames and patches, random trees, boards' markup and the pixels of the
// last PNG exported (forgetShared) — and hands that memory back too: the
// class has left. A lecturer who opens the next page within it finds them
// still kept. After 220 sessions of random trees had left, the caches held
// 278 MB. (Config.IdleForget sets it; a server built without it, as the
// tests build theirs, keeps its caches.)
const DefaultIdleForget = 30 * time.Second

// forgetShared forgets every cache shared between sessions and pages.
func forgetShared() {
	sharedFrames.Forget()
	sharedPatches.Forget()
	view.ForgetShared()
	scenario.ForgetSizeChecks()
	scenario.ForgetRandomTrees()
	export.ForgetPixels()
	templates.ForgetBoards()
	forgetRenderBuffers()
}

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
	// forget, when not nil, drops the shared caches once the server has
	// stayed idle forgetDelay after a collection.
	forget      func()
	forgetDelay time.Duration

	mu      sync.Mutex
	pending bool
	// quiets counts the quiets: a forget scheduled at one count is
	// dropped when another quiet came since (something ran meanwhile).
	quiets uint64
	// runs counts the collections made, forgets the caches forgotten,
	// for the tests.
	runs, forgets atomic.Int64
}

// quiet is called whenever a session or a heavy request ends: when nothing
// else runs, it schedules one collection after the delay (at most one is
// pending at a time).
func (ic *idleCollector) quiet() {
	if ic == nil {
		return
	}
	ic.mu.Lock()
	ic.quiets++
	ic.mu.Unlock()
	if ic.busy() {
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
	at := ic.quiets
	ic.mu.Unlock()
	if ic.busy() {
		return
	}
	debug.FreeOSMemory()
	ic.runs.Add(1)
	if ic.forget != nil {
		time.AfterFunc(ic.forgetDelay, func() { ic.forgetIfIdle(at) })
	}
}

// forgetIfIdle forgets the shared caches when nothing has run since the
// quiet counted at.
func (ic *idleCollector) forgetIfIdle(at uint64) {
	ic.mu.Lock()
	still := ic.quiets == at
	ic.mu.Unlock()
	if !still || ic.busy() {
		return
	}
	ic.forget()
	debug.FreeOSMemory()
	ic.forgets.Add(1)
}
