package web

import (
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"
)

// waitRuns waits until ic has made want collections, or fails after five
// seconds.
func waitRuns(t *testing.T, ic *idleCollector, want int64) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); ic.runs.Load() != want; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("collections: got %d, want %d", ic.runs.Load(), want)
		}
	}
}

// TestIdleCollectorWaitsForQuiet: a quiet while something runs schedules
// nothing; quiets in a row make one collection; a collection whose moment
// comes while something runs again is dropped.
func TestIdleCollectorWaitsForQuiet(t *testing.T) {
	var busy atomic.Bool
	ic := &idleCollector{delay: 20 * time.Millisecond, busy: busy.Load}
	busy.Store(true)
	ic.quiet()
	time.Sleep(60 * time.Millisecond)
	if n := ic.runs.Load(); n != 0 {
		t.Fatalf("collections while busy: got %d, want 0", n)
	}
	busy.Store(false)
	for range 10 {
		ic.quiet()
	}
	waitRuns(t, ic, 1)
	time.Sleep(60 * time.Millisecond)
	if n := ic.runs.Load(); n != 1 {
		t.Errorf("ten quiets in a row: got %d collections, want 1", n)
	}
	ic.quiet()
	busy.Store(true) // a session opens before the delay is up
	time.Sleep(60 * time.Millisecond)
	if n := ic.runs.Load(); n != 1 {
		t.Errorf("a collection due while busy again: got %d collections, want 1", n)
	}
	busy.Store(false)
	ic.quiet()
	waitRuns(t, ic, 2)
}

// TestServerCollectsWhenIdle: the server collects once its last session
// has ended, not while one is still open, and after a heavy request when
// no session is open.
func TestServerCollectsWhenIdle(t *testing.T) {
	s := newTestServer(t)
	srv := httptest.NewServer(s.Echo())
	defer srv.Close()
	a, err := dialFrom(srv, "127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	b, err := dialFrom(srv, "127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(5 * time.Second); s.hub.Sessions() != 2; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("got %d sessions, want 2", s.hub.Sessions())
		}
	}
	a.Close()
	for deadline := time.Now().Add(5 * time.Second); s.hub.Sessions() != 1; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("got %d sessions, want 1", s.hub.Sessions())
		}
	}
	time.Sleep(2 * idleCollectDelay)
	if n := s.idle.runs.Load(); n != 0 {
		t.Errorf("collections with a session still open: got %d, want 0", n)
	}
	b.Close()
	waitRuns(t, s.idle, 1)
	if rec := httpGet(t, s, "/view?tree=(1+2)"); rec.Code != 200 {
		t.Fatalf("/view: got %d", rec.Code)
	}
	waitRuns(t, s.idle, 2)
}

// TestIdleCollectorForgets: the shared caches are forgotten once the
// server has stayed idle forgetDelay after a collection, not when
// something ran meanwhile or still runs.
func TestIdleCollectorForgets(t *testing.T) {
	var busy atomic.Bool
	var forgot atomic.Int64
	ic := &idleCollector{delay: 5 * time.Millisecond, busy: busy.Load, forget: func() { forgot.Add(1) }, forgetDelay: 40 * time.Millisecond}
	ic.quiet()
	waitRuns(t, ic, 1)
	for deadline := time.Now().Add(5 * time.Second); forgot.Load() != 1; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("forgets after an idle spell: got %d, want 1", forgot.Load())
		}
	}
	// A session opens and ends within the spell: the forget waits for
	// the spell after it.
	ic.quiet()
	waitRuns(t, ic, 2)
	busy.Store(true)
	ic.quiet()
	time.Sleep(80 * time.Millisecond)
	if n := forgot.Load(); n != 1 {
		t.Errorf("forgets while busy: got %d, want still 1", n)
	}
	busy.Store(false)
	ic.quiet()
	waitRuns(t, ic, 3)
	for deadline := time.Now().Add(5 * time.Second); forgot.Load() != 2; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("forgets after the next idle spell: got %d, want 2", forgot.Load())
		}
	}
}
