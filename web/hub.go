package web

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/abtrace/abtrace/classroom"
	"github.com/abtrace/abtrace/i18n"
	"github.com/gorilla/websocket"
)

// Limits on websocket sessions. Each open session holds a search and its
// drawing, so their number is what bounds the server's memory.
const (
	// DefaultMaxSessions is how many websocket sessions the server keeps
	// open at once: a lecture hall of students with a few tabs each.
	DefaultMaxSessions = 1000
	// DefaultMaxSessionsPerAddr is how many of them one client address may
	// hold: a student with many tabs, or a lecturer with a projector and a
	// laptop, stays well under it; a runaway script does not.
	DefaultMaxSessionsPerAddr = 32
	// sessionRetryAfter is the retry hint given with a refused session.
	sessionRetryAfter = 10 * time.Second
	// refuseWait bounds the write of a refused session's close message.
	refuseWait = time.Second
	// loadCoresFree is how many cores the loads of sessions (the load and
	// compare commands: preparing the scenario, sizing and laying out its
	// tree) leave to the steps of the sessions already loaded: at most
	// GOMAXPROCS − loadCoresFree loads run at once, and at least one; the
	// others wait their turn. A class that loads at once then waits a
	// little longer for its first frames, and nobody's steps wait behind
	// the loads.
	loadCoresFree = 1
	// workCoresFree is how many cores the stepping sessions leave to
	// everything else the server does (the health check, pages, heavy
	// requests, websocket reads and writes, the collector): at most
	// GOMAXPROCS − workCoresFree sessions work at once, and at least one.
	// With a turn per core the soak's /healthz p99 was 168 ms on a quiet
	// 2-core machine; with one core left free, 57 ms, for as many steps
	// sent (17,454 against 17,438) and more heavy requests answered.
	workCoresFree = 1
)

// maxLoads is how many sessions load at once (see loadCoresFree).
func maxLoads() int { return max(1, runtime.GOMAXPROCS(0)-loadCoresFree) }

// maxWorking is how many sessions work at once: one per core but
// workCoresFree, and at least one. A session
// works (searches, draws and encodes its answer) only while it holds one
// of these turns, and waits for one without being runnable, so the Go
// scheduler's queue stays a few goroutines long however many viewers step
// at once. Without the turns a class of 300 viewers stepping kept 60 to
// 240 goroutines runnable, and everything else the server does (the
// health check, a page, a websocket's reads and writes) queued behind
// them: /healthz took over a second at the 99th percentile in the soak.
func maxWorking() int { return max(1, runtime.GOMAXPROCS(0)-workCoresFree) }

// MaxCloseReason is the longest close reason a websocket close message
// holds, in bytes: a control frame carries at most 125, two of them the
// code (RFC 6455, 5.5).
const MaxCloseReason = 123

// closeReason words err in language l for a close message: cut at a
// character's boundary to MaxCloseReason bytes if it is longer (the
// catalogs' refusals fit; TestRefusalsFitACloseMessage).
func closeReason(l i18n.Lang, err error) string {
	s := errorText(l, err)
	if len(s) <= MaxCloseReason {
		return s
	}
	cut := MaxCloseReason - len("…")
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// CloseTryAgainLater is the websocket close code of a session refused
// because too many are open (RFC 6455, 1013 "Try Again Later"). The close
// reason says which limit and when to retry.
const CloseTryAgainLater = 1013

// Hub serves the viewer's websockets and keeps track of the open sessions,
// so that a server shutdown can close them and no client can open more
// than its share.
type Hub struct {
	logger   *slog.Logger
	upgrader websocket.Upgrader
	// maxTotal and maxPerAddr cap the open sessions, in total and per
	// client address (see SetLimits).
	maxTotal, maxPerAddr int
	// full, when not nil, says in language l why no session may open for
	// memory (Server.memoryFull), or "".
	full func(l i18n.Lang) string

	// ctx is the parent of every session's context: Close cancels it, so
	// that the sessions' searches stop.
	ctx    context.Context
	cancel context.CancelFunc

	mu       sync.Mutex
	sessions map[*session]string // the client address of each open session
	perAddr  map[string]int      // open or opening sessions by client address
	opening  int                 // sessions counted in perAddr but not yet in sessions
	closed   bool
	wg       sync.WaitGroup

	// loads holds a token per load under way (see loadCoresFree), working
	// a token per session working (see maxWorking).
	loads, working chan struct{}
	// drivers, when set, makes the driver of a load or compare command in
	// place of a viewer or a comparer: the benchmarks' server that answers
	// with prerecorded messages, to measure the transport alone
	// (BenchmarkSessions500Floor).
	drivers func(ctx context.Context, c Command) (driver, error)
	// messageWork, when above 0, is the allowance of one message's work
	// in place of MessageWork (for tests).
	messageWork int64
	// ended, when set, is called after a session has ended and left the
	// hub (the server's idle collector).
	ended func()
	// rooms is the classroom a session may follow a room of (nil: none);
	// joins and answers limit follows and answers per client address.
	rooms          *classroom.Classroom
	joins, answers *classroom.Limiter
}

// NewHub returns a hub that logs to logger (nil: slog.Default()), with the
// default limits.
func NewHub(logger *slog.Logger) *Hub {
	if logger == nil {
		logger = slog.Default()
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &Hub{
		logger:     logger,
		maxTotal:   DefaultMaxSessions,
		maxPerAddr: DefaultMaxSessionsPerAddr,
		ctx:        ctx,
		cancel:     cancel,
		sessions:   map[*session]string{},
		perAddr:    map[string]int{},
		loads:      make(chan struct{}, maxLoads()),
		working:    make(chan struct{}, maxWorking()),
		// CheckOrigin is left nil: gorilla's default refuses an upgrade whose
		// Origin header names another host, so another site cannot drive a
		// viewer's session.
		// The write buffer is taken from a pool for each message and given
		// back after it: an idle session (a room's follower between steps)
		// holds none (BenchmarkRoomStep500's bytes/follower).
		upgrader: websocket.Upgrader{ReadBufferSize: 4096, WriteBufferSize: 16384, WriteBufferPool: &sync.Pool{}},
	}
}

// SetLimits sets the most sessions open at once in total and per client
// address; a value ≤ 0 keeps the current one. Call it before serving.
func (h *Hub) SetLimits(total, perAddr int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if total > 0 {
		h.maxTotal = total
	}
	if perAddr > 0 {
		h.maxPerAddr = perAddr
	}
}

// Context is cancelled when the hub closes; a session's context derives
// from it.
func (h *Hub) Context() context.Context { return h.ctx }

// clientAddr is the address a request comes from, without its port: the
// limit per address counts a browser's tabs together.
func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// reserve counts a session about to open from addr, or says why it may
// not: the hub is closing, or a limit is reached.
//
// The refusal is worded in language l (the page's), short enough for a
// close message (closeReason).
func (h *Hub) reserve(addr string, l i18n.Lang) (refusal string, status int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	secs := int(sessionRetryAfter.Seconds())
	switch {
	case h.closed:
		return closeReason(l, say("ws.closing")), http.StatusServiceUnavailable
	case len(h.sessions)+h.opening >= h.maxTotal:
		return closeReason(l, say("ws.busy.total", "N", h.maxTotal, "Seconds", secs)), CloseTryAgainLater
	case h.perAddr[addr] >= h.maxPerAddr:
		return closeReason(l, say("ws.busy.addr", "N", h.maxPerAddr, "Seconds", secs)), CloseTryAgainLater
	}
	if h.full != nil {
		if why := h.full(l); why != "" {
			return closeReason(l, errors.New(why)), CloseTryAgainLater
		}
	}
	h.perAddr[addr]++
	h.opening++
	return "", 0
}

// release undoes a reservation whose session did not open.
func (h *Hub) release(addr string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.opening--
	h.dropAddr(addr)
}

func (h *Hub) dropAddr(addr string) {
	if h.perAddr[addr]--; h.perAddr[addr] <= 0 {
		delete(h.perAddr, addr)
	}
}

// ServeHTTP upgrades the request to a websocket and runs a session on it
// until the viewer leaves or the hub closes. A session over a limit is
// upgraded and closed at once with CloseTryAgainLater and a reason the
// viewer shows (a browser cannot read the status of a refused upgrade);
// during shutdown the upgrade is refused with 503.
func (h *Hub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	addr := clientAddr(r)
	lang := i18n.Negotiate(r.URL.Query().Get("lang"), r.Header.Get("Accept-Language"))
	if why, code := h.reserve(addr, lang); why != "" {
		h.refuse(w, r, why, code)
		return
	}
	conn, err := h.upgrader.Upgrade(w, r, nil)
	if err != nil {
		h.release(addr)
		// Upgrade has already answered with an HTTP error.
		h.logger.Info("websocket upgrade refused", "err", err, "origin", r.Header.Get("Origin"))
		return
	}
	s := newSession(h, conn, lang)
	s.addr = addr
	h.mu.Lock()
	h.opening--
	if h.closed {
		h.dropAddr(addr)
		h.mu.Unlock()
		conn.Close()
		return
	}
	h.sessions[s] = addr
	h.wg.Add(2)
	h.mu.Unlock()
	go s.readLoop()
	go s.schedule()
}

// refuse answers a session that may not open: with 503 and Retry-After
// while shutting down, else by closing the upgraded connection with code
// and the reason.
func (h *Hub) refuse(w http.ResponseWriter, r *http.Request, why string, code int) {
	h.logger.Info("websocket session refused", "reason", why, "remote", r.RemoteAddr)
	if code == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", strconv.Itoa(int(sessionRetryAfter.Seconds())))
		http.Error(w, why, code)
		return
	}
	conn, err := h.upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	defer conn.Close()
	msg := websocket.FormatCloseMessage(code, why)
	_ = conn.WriteControl(websocket.CloseMessage, msg, time.Now().Add(refuseWait))
}

// Close ends every session (each gets a close message) and waits until
// their goroutines have returned, or until ctx ends: then it closes the
// connections of the sessions still open, so none blocks on the network,
// and returns an error saying how many there were. Later upgrades are
// refused with 503. The sessions' contexts are cancelled at once.
func (h *Hub) Close(ctx context.Context) error {
	h.mu.Lock()
	h.closed = true
	h.cancel()
	for s := range h.sessions {
		s.stop()
	}
	h.mu.Unlock()
	done := make(chan struct{})
	go func() {
		h.wg.Wait()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
	}
	h.mu.Lock()
	n := len(h.sessions)
	for s := range h.sessions {
		s.conn.Close()
	}
	h.mu.Unlock()
	return fmt.Errorf("web: %d websocket sessions were still working at the shutdown deadline: %w", n, ctx.Err())
}

// Busy says whether a session is open or opening.
func (h *Hub) Busy() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.sessions) > 0 || h.opening > 0
}

// Sessions returns the number of open sessions.
func (h *Hub) Sessions() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.sessions)
}

func (h *Hub) remove(s *session) {
	h.mu.Lock()
	if addr, ok := h.sessions[s]; ok {
		delete(h.sessions, s)
		h.dropAddr(addr)
	}
	h.mu.Unlock()
	if h.ended != nil {
		h.ended()
	}
}
