package web

import (
	"context"
	"errors"
	"math"
	"net"
	"net/http"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/exercise"
	"github.com/abtrace/abtrace/search/nim"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/templates"
	"github.com/abtrace/abtrace/trace"
)

// Limits on the work of one request, so that no request, message or
// scenario can pin the server.
const (
	// readTimeout bounds how long a client may take to send a whole
	// request, body included (bodies are at most 64 KB): a connection that
	// trickles its body cannot hold a slot for long. The websocket sets its
	// own read deadlines once upgraded.
	readTimeout = 30 * time.Second
	// writeTimeout bounds the answer to a light request (assets, health,
	// validation): it is small and ready at once.
	writeTimeout = 10 * time.Second
	// heavyWriteTimeout bounds the answer to a heavy request (a page that
	// runs searches): the wait for a slot plus a search of at most
	// scenario.MaxWork nodes plus the page.
	heavyWriteTimeout = 90 * time.Second
	// heavyCoresFree is how many cores heavy requests leave to the rest
	// (the websocket sessions, pages, assets, the health check): at most
	// GOMAXPROCS − heavyCoresFree heavy requests run at once, and at least
	// one. The others wait for a slot up to heavyWait.
	heavyCoresFree = 1
	// heavyWait is how long a heavy request waits for a slot before it is
	// answered 503 with Retry-After: a class that opens the same page at
	// once is served in turn, a flood is turned away.
	heavyWait = 20 * time.Second
	// heavyRetryAfter is the retry hint of a heavy request turned away.
	heavyRetryAfter = 5 * time.Second
	// DefaultMemoryLimit is the server's memory cap when GOMEMLIMIT is not
	// given: its resident memory stays under it whatever the sessions do.
	// The server sets the soft memory limit (runtime/debug.SetMemoryLimit)
	// to it less MemoryOutsideGo: the garbage collector works harder as
	// the heap nears that, so that a burst of large searches does not grow
	// the process without bound on a lecturer's laptop.
	DefaultMemoryLimit = 1 << 30
	// MemoryOutsideGo is what the server's resident memory holds besides
	// what the Go runtime counts against its soft limit: the binary's code
	// and read-only data as they are mapped in (the binary is about 60
	// MB). With the whole cap as the soft limit, 300 sessions stepping took
	// the resident memory to 1,059 MB.
	MemoryOutsideGo = 64 << 20
	// DefaultGCPercent is the garbage collector's target
	// (runtime/debug.SetGCPercent) the server sets when GOGC is not given:
	// the heap may grow to five times what is live before a collection
	// (Go's default is twice), still bounded by the memory limit above, at
	// which the collector works harder whatever the target. With 500
	// sessions stepping at once it took the step's p99 from 45–54 ms to
	// 27–36 ms and a fifth off the CPU (BenchmarkSessions500Apart with
	// GOGC=100 and 400, docs/performance.md).
	DefaultGCPercent = 400
	// RequestWork is the budget of one heavy request as a whole: the nodes
	// every search it starts enters together (the viewer's search and its
	// count, a comparison's panes, the lab's trees on all its workers, an
	// exercise's attempts, a diff's reference, the samples of determinised
	// MCTS), each search still at most scenario.MaxWork. It is one
	// search.Allowance per request, carried by the request's context, so
	// it ends with the request (the client leaves, the server shuts down).
	// The lab at its limit (scenario.MaxLabWork) needs a seventh of it.
	RequestWork = 200_000_000
	// StreamWork is the budget of a tournament or coordinated search as a
	// whole (their event streams and the tournament's JSON): many games of
	// many searches, each move's search bounded by its own node budget,
	// shown as they progress.
	StreamWork = 2_000_000_000
	// MemoryRefusePercent is where the server holds its memory cap (the
	// soft memory limit in force: DefaultMemoryLimit − MemoryOutsideGo
	// unless GOMEMLIMIT says otherwise), whatever its sessions do: once the
	// live heap (what the last collection found reachable) passes this
	// share of it, new work is refused before it starts — a new websocket
	// session is closed with CloseTryAgainLater, a heavy request answered
	// 503 with Retry-After — each with a reason in the page's language,
	// until viewers leave. The rest is the room the collector needs to
	// work in, a heavy request's drawing (a PNG's image is up to 64 MB),
	// and the sessions already open to step in. Without a cap about 220
	// sessions of random=12,3 took the server to 1.38 GiB; with it, 300
	// hold about 700 MB live and the resident memory stays under the cap
	// (TestSoak).
	MemoryRefusePercent = 85
	// memoryRetryAfter is the retry hint of work refused for memory.
	memoryRetryAfter = 10 * time.Second
)

// liveHeapMetric is the heap the last collection found reachable, read
// without stopping the world.
const liveHeapMetric = "/gc/heap/live:bytes"

// liveHeap returns the heap the last garbage collection found live.
func liveHeap() uint64 {
	m := []metrics.Sample{{Name: liveHeapMetric}}
	metrics.Read(m)
	if m[0].Value.Kind() == metrics.KindUint64 {
		return m[0].Value.Uint64()
	}
	return 0
}

// memoryFull says why new work is refused, in language l, when the live
// heap has passed MemoryRefusePercent of the server's memory cap; "" when
// it has not.
func (s *Server) memoryFull(l i18n.Lang) string {
	live := s.liveHeap()
	if s.memCap <= 0 || s.memCap == math.MaxInt64 || int64(live) <= s.memCap/100*MemoryRefusePercent {
		return ""
	}
	return errorText(l, say("busy.memory", "MB", int(live>>20), "Cap", int(s.memCap>>20), "Seconds", int(memoryRetryAfter.Seconds())))
}

// heavyRoutes are the routes whose requests run searches, each under the
// server's budget (workBudget): the viewer page (a search to the
// requested step and its count), the comparison, the lab, the exports and
// the trace diff (a search to a step), the exercises (generation, checking
// and grading), the games against the engine (/play and /connect4), the
// tournament and the coordinated search (their event streams and the
// tournament's JSON; their pages are forms that open the stream), and the
// fuzzy goal page (the
// formulas of a position and of each move from it). The websocket's
// sessions have their own caps (Hub.SetLimits).
var heavyRoutes = map[string]bool{
	"/view": true, "/compare": true, "/api/compare": true, "/lab": true,
	"/export.svg": true, "/export.tex": true, "/export.png": true, "/export.html": true, "/embed": true, "/diff": true,
	"/api/exercise": true, "/api/exercise/check": true, "/api/exercise/predict": true,
	"/exercise": true, "/exercise/worksheet": true,
	"/exercise/matchsticks": true, "/exercise/predict": true, "/exercise/ordering": true,
	"/play": true, "/connect4": true, "/api/tournament": true, StreamPrefix + "tournament": true, StreamPrefix + "parallel": true,
	"/fuzzy": true,
}

// budgeted returns sc with the server's budget: scenario.MaxWork nodes for
// each search and the request's (or session's) context, so that its
// searches stop when the client leaves. Prepare then refuses a tree over
// the budget with a usage error that says how to get under it.
func budgeted(ctx context.Context, sc scenario.Scenario) scenario.Scenario {
	sc.Budget = workBudget(ctx)
	return sc
}

// workBudget is the server's budget of one search (or of one exercise's
// generation, all its attempts together): scenario.MaxWork nodes and the
// request's or session's context ctx.
func workBudget(ctx context.Context) search.Budget {
	return search.Budget{Nodes: scenario.MaxWork, Context: ctx}
}

// generateExercise generates the exercise p describes under the server's
// budget and the request's context: it stops within an attempt (well
// under a millisecond) of the client leaving.
// An exercise on a game written in GDL (gdlz=, its text compressed as on
// /view) is made from the game itself (exercise.GenerateGDL): a position
// of it, its moves as the tree's labels, the first role's goals at the
// leaves.
func generateExercise(c echo.Context, p exercise.Params) (*exercise.Exercise, error) {
	b := workBudget(c.Request().Context())
	z := c.QueryParam("gdlz")
	if z == "" {
		return exercise.GenerateWithin(p, b)
	}
	text, err := scenario.ExpandGDL(z)
	if err == nil {
		var ex *exercise.Exercise
		if ex, err = exercise.GenerateGDL(text, p, b); err == nil {
			return ex, nil
		}
	}
	var xe *exercise.Error
	if errors.As(err, &xe) && xe.Field != "gdlz" {
		return nil, err
	}
	// The game's own account is English; the page leads with its own
	// sentence (the reader's errors come worded, see gdlErrorText).
	msg := err.Error()
	if xe != nil {
		msg = xe.Msg
	}
	return nil, &exercise.Error{Field: "gdlz", Msg: msg, Kind: exercise.ErrInvalid, Err: err,
		Say: trace.Phrase{ID: "ex.gdl.err", Args: map[string]any{"Why": msg}}}
}

// prepare prepares a scenario of the request under the server's budget.
func prepare(c echo.Context, sc scenario.Scenario) (*scenario.Search, error) {
	return budgeted(c.Request().Context(), sc).Prepare()
}

// defaultMaxHeavy is how many heavy requests run at once unless
// Config.MaxHeavy says otherwise: one per core but heavyCoresFree.
func defaultMaxHeavy() int { return max(1, runtime.GOMAXPROCS(0)-heavyCoresFree) }

// heavyGate lets at most cap(s.heavy) heavy requests run at once. A
// request waits for a slot up to heavyWait (or until its client leaves);
// then it is answered 503 with Retry-After.
func (s *Server) heavyGate(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if !heavyRoutes[c.Path()] {
			return next(c)
		}
		if why := s.memoryFull(langOf(c)); why != "" {
			c.Response().Header().Set("Retry-After", strconv.Itoa(int(memoryRetryAfter.Seconds())))
			return echo.NewHTTPError(http.StatusServiceUnavailable, why)
		}
		select {
		case s.heavy <- struct{}{}:
		default:
			t := time.NewTimer(s.heavyWait)
			defer t.Stop()
			select {
			case s.heavy <- struct{}{}:
			case <-t.C:
				c.Response().Header().Set("Retry-After", strconv.Itoa(int(heavyRetryAfter.Seconds())))
				return echo.NewHTTPError(http.StatusServiceUnavailable,
					i18n.For(langOf(c)).T("busy.heavy", "N", cap(s.heavy), "Seconds", int(heavyRetryAfter.Seconds())))
			case <-c.Request().Context().Done():
				return c.Request().Context().Err()
			}
		}
		defer func() {
			<-s.heavy
			s.idle.quiet()
		}()
		c.SetRequest(c.Request().WithContext(withRequestBudget(c.Request().Context(), c.Path())))
		return next(c)
	}
}

// withRequestBudget returns ctx carrying the budget of one heavy request
// on path as a whole (RequestWork, or StreamWork for the streams): every
// search started under it charges it (search.Allowance).
func withRequestBudget(ctx context.Context, path string) context.Context {
	limit := int64(RequestWork)
	if unboundedWrites(path) {
		limit = StreamWork
	}
	return search.WithAllowance(ctx, search.NewAllowance(ctx, limit))
}

// unboundedWrites are the routes without a write deadline: the websocket,
// whose session sets a deadline for every message, and the event streams
// and the tournament's JSON, which send for as long as their work lasts,
// bounded by their own limit (maxStreams) and stopped when the client
// leaves.
func unboundedWrites(path string) bool {
	return path == WSPath || strings.HasPrefix(path, StreamPrefix) || path == "/api/tournament"
}

// writeDeadline sets the write deadline of each route: heavyWriteTimeout
// for heavy routes, writeTimeout for the others, none for the routes of
// unboundedWrites.
func (s *Server) writeDeadline(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if !unboundedWrites(c.Path()) {
			d := writeTimeout
			if heavyRoutes[c.Path()] {
				d = heavyWriteTimeout
			}
			// The writer may not support deadlines (a test recorder); then
			// there is nothing to bound.
			_ = http.NewResponseController(c.Response().Writer).SetWriteDeadline(time.Now().Add(d))
		}
		return next(c)
	}
}

// headAsGet answers HEAD on every GET route: the request is routed and
// handled as a GET whose body is dropped, so the status and headers are
// GET's. The method is HEAD again once the handler returns, for the log
// and for net/http, which then sends no body either.
func headAsGet(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		if r.Method != http.MethodHead {
			return next(c)
		}
		r.Method = http.MethodGet
		res := c.Response()
		res.Writer = headWriter{res.Writer}
		err := next(c)
		r.Method = http.MethodHead
		return err
	}
}

// headWriter drops the body of the answer to a HEAD request.
type headWriter struct{ http.ResponseWriter }

func (w headWriter) Write(p []byte) (int, error) { return len(p), nil }

// Unwrap lets http.ResponseController reach the connection's writer.
func (w headWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// hostCheck refuses a request whose Host header is not one of the
// server's names, with 403 and the names it answers to. This defeats DNS
// rebinding: a page on another site whose name is made to point at the
// lecturer's machine still sends its own name as Host. The server answers
// to IP addresses (no name to rebind), localhost and its subdomains, the
// host of --addr, the names given with --host, and the machine's own name
// when it listens on every interface.
func (s *Server) hostCheck(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if !s.hostAllowed(c.Request().Host) {
			h := hostOnly(c.Request().Host)
			return echo.NewHTTPError(http.StatusForbidden, errorText(langOf(c),
				say("error.host", "Host", strconv.Quote(h), "Hosts", strings.Join(s.hosts, ", "), "Flag", "--host "+h)))
		}
		return next(c)
	}
}

// hostOnly strips the port from a Host header, and the brackets of an IPv6
// address.
func hostOnly(h string) string {
	if host, _, err := net.SplitHostPort(h); err == nil {
		h = host
	}
	return strings.ToLower(strings.TrimSuffix(strings.TrimPrefix(h, "["), "]"))
}

func (s *Server) hostAllowed(h string) bool {
	if h == "" {
		return true // HTTP/1.0 without Host: not a browser
	}
	h = strings.TrimSuffix(hostOnly(h), ".")
	if net.ParseIP(h) != nil || h == "localhost" || strings.HasSuffix(h, ".localhost") {
		return true
	}
	return slices.Contains(s.hosts, h)
}

// allowedHosts lists the names the server answers to besides IP addresses
// and localhost: the host of addr when it is a name, the extra names, and
// the machine's name (and name.local) when addr listens on every
// interface.
func allowedHosts(addr string, extra []string) []string {
	out := []string{"localhost"}
	add := func(h string) {
		h = strings.TrimSuffix(hostOnly(h), ".")
		if h != "" && net.ParseIP(h) == nil && !slices.Contains(out, h) {
			out = append(out, h)
		}
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		host = addr
	}
	add(host)
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		if name, err := os.Hostname(); err == nil {
			add(name)
			add(name + ".local")
		}
	}
	for _, h := range extra {
		add(h)
	}
	return out
}

// ApplyMemoryLimit sets the process's soft memory limit to
// DefaultMemoryLimit − MemoryOutsideGo unless GOMEMLIMIT gives one, and
// returns the limit in force and whether it came from GOMEMLIMIT.
func ApplyMemoryLimit() (limit int64, fromEnv bool) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return debug.SetMemoryLimit(-1), true
	}
	debug.SetMemoryLimit(DefaultMemoryLimit - MemoryOutsideGo)
	return DefaultMemoryLimit - MemoryOutsideGo, false
}

// ApplyGCPercent sets the garbage collector's target to DefaultGCPercent
// unless GOGC gives one, and returns the target in force and whether it
// came from GOGC.
func ApplyGCPercent() (percent int, fromEnv bool) {
	if os.Getenv("GOGC") != "" {
		p := debug.SetGCPercent(100)
		debug.SetGCPercent(p)
		return p, true
	}
	debug.SetGCPercent(DefaultGCPercent)
	return DefaultGCPercent, false
}

// budgetError turns the error of a search stopped by the server's budget
// into what the client is told, in language l: a 400 saying the limit and what to change,
// or, when the client has gone, a 503 nobody reads (and nothing logged).
func budgetError(err error, l i18n.Lang) (status int, msg string, ok bool) {
	switch {
	case search.IsBudget(err):
		max := int64(scenario.MaxWork)
		var be *search.BudgetError
		if errors.As(err, &be) {
			max = be.Nodes
		}
		return http.StatusBadRequest, errorText(l, say("error.budget", "Max", int(max))), true
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return http.StatusServiceUnavailable, errorText(l, say("error.stopped")), true
	}
	return 0, "", false
}

// formLimits are the bounds of the home page's number fields: the limits
// the server checks, so the form cannot offer what the server refuses.
var formLimits = templates.FormLimits{Matches: strconv.Itoa(nim.MaxMatches), Take: strconv.Itoa(nim.MaxTake)}

// Health is the answer of /healthz.
type Health struct {
	Status    string `json:"status"`
	Sessions  int    `json:"sessions"`   // open websocket sessions
	Heavy     int    `json:"heavy"`      // heavy requests running
	HeapBytes uint64 `json:"heap_bytes"` // bytes of live and not yet swept heap objects
	// Runtime are the collector's and the scheduler's figures, given
	// when the query asks for them (/healthz?runtime=1).
	Runtime *RuntimeHealth `json:"runtime,omitempty"`
}

// heapMetric is read without stopping the world, so the health check
// stays fast under load.
const heapMetric = "/memory/classes/heap/objects:bytes"

func (s *Server) health() Health {
	m := []metrics.Sample{{Name: heapMetric}}
	metrics.Read(m)
	var heap uint64
	if m[0].Value.Kind() == metrics.KindUint64 {
		heap = m[0].Value.Uint64()
	}
	return Health{Status: "ok", Sessions: s.hub.Sessions(), Heavy: len(s.heavy), HeapBytes: heap}
}
