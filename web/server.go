// Package web serves the abtrace viewer: the home page where a search is
// chosen, the viewer page rendered on the server for any step, the
// websocket that streams the search step by step, a health check, live
// validation of typed trees, and the embedded style sheet and scripts.
package web

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"path"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/abtrace/abtrace/classroom"
	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/static"
	"github.com/abtrace/abtrace/templates"
)

// DefaultAddr is where the server listens unless told otherwise: the local
// machine only, since abtrace is a tool on the lecturer's own computer.
const DefaultAddr = "127.0.0.1:8080"

// ContentSecurityPolicy allows the page's own files and nothing else: no
// inline script or style anywhere, no third-party origin. Embedded JSON data
// blocks (<script type="application/json">) are not scripts and need no
// permission.
const ContentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// Timeouts of the HTTP server. The read timeout of whole requests and the
// write timeouts of each route are in limits.go; the websocket sets its
// own deadlines.
const (
	// readHeaderTimeout bounds how long a client may take to send its
	// request headers, so a stalled connection cannot hold a slot.
	readHeaderTimeout = 10 * time.Second
	// idleTimeout closes keep-alive connections nobody uses.
	idleTimeout = 2 * time.Minute
)

// Config configures a Server. The zero value serves on DefaultAddr and logs
// to slog.Default().
type Config struct {
	Addr   string // host:port to listen on (default DefaultAddr)
	Logger *slog.Logger
	// Hosts are more names the server answers to (see hostCheck), such as
	// the name of the lecturer's machine on the classroom network.
	Hosts []string
	// MaxHeavy, MaxSessions and MaxSessionsPerAddr override the heavy
	// requests run at once (one per core but heavyCoresFree),
	// DefaultMaxSessions and DefaultMaxSessionsPerAddr when above 0.
	MaxHeavy, MaxSessions, MaxSessionsPerAddr int
	// ReadTimeout overrides readTimeout when above 0.
	ReadTimeout time.Duration
	// IdleForget, when above 0, is how long the server stays idle before
	// it forgets the caches its sessions and pages share (abtrace serve:
	// DefaultIdleForget); 0 keeps them.
	IdleForget time.Duration
	// Classroom serves the live classroom's rooms (see NewClassroom); nil
	// serves none (the room routes answer 503).
	Classroom *classroom.Classroom
}

// Server is the abtrace web server: an Echo instance with every route, and
// the hub of websocket sessions.
type Server struct {
	cfg    Config
	e      *echo.Echo
	hub    *Hub
	log    *slog.Logger
	assets templates.Assets
	files  map[string]staticFile
	heavy  chan struct{} // a slot per heavy request running (heavyGate)
	// heavyWait is heavyWait; tests shorten it.
	heavyWait time.Duration
	hosts     []string // the names the server answers to (hostCheck)
	// idle collects the heap once the last session and heavy request
	// have ended (idleCollector).
	idle *idleCollector
	// base is the context every request's context is made from; stop
	// cancels it when the server shuts down, so that the work of requests
	// still running (their searches, streams and pictures) stops with it.
	base context.Context
	stop context.CancelCauseFunc
	// memCap is the memory cap the server holds (MemoryRefusePercent):
	// the soft memory limit in force when it was made; liveHeap reads the
	// live heap (tests replace both).
	memCap   int64
	liveHeap func() uint64
	// joins and answers limit the rooms' joins (and rooms started) and
	// answers per client address.
	joins, answers *classroom.Limiter
	// pages are the viewer's pages asked for more than once (keptPages).
	pages *keptPages
}

// ErrShutdown is the cause of the cancellation of every request's
// context when the server shuts down; it is a context.Canceled, so the
// work stopped by it answers as stopped (503), not as failed.
var ErrShutdown = fmt.Errorf("web: the server is shutting down: %w", context.Canceled)

// staticFile is one embedded asset with its validator.
type staticFile struct {
	body []byte
	etag string // quoted, strong
	ver  string // the version query value that names exactly this content
}

// New builds a server with every route registered. It does not listen
// until Start.
func New(cfg Config) *Server {
	if cfg.Addr == "" {
		cfg.Addr = DefaultAddr
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	s := &Server{cfg: cfg, log: cfg.Logger, hub: NewHub(cfg.Logger), hosts: allowedHosts(cfg.Addr, cfg.Hosts),
		joins:   classroom.NewLimiter(classroom.JoinsPerMinute, classroom.JoinBurst),
		answers: classroom.NewLimiter(classroom.AnswersPerMinute, classroom.AnswerBurst), pages: newKeptPages()}
	s.hub.rooms, s.hub.joins, s.hub.answers = cfg.Classroom, s.joins, s.answers
	if cfg.Classroom != nil {
		// The rooms' stages draw their pages here, for a slide that
		// changes the scenario.
		cfg.Classroom.SetStage(s.roomStageMaker)
	}
	s.heavy = make(chan struct{}, cmp.Or(max(cfg.MaxHeavy, 0), defaultMaxHeavy()))
	s.heavyWait = heavyWait
	s.hub.SetLimits(cfg.MaxSessions, cfg.MaxSessionsPerAddr)
	s.memCap, s.liveHeap = debug.SetMemoryLimit(-1), liveHeap
	s.hub.full = s.memoryFull
	s.idle = &idleCollector{delay: idleCollectDelay, busy: func() bool { return s.hub.Busy() || len(s.heavy) > 0 }}
	if cfg.IdleForget > 0 {
		s.idle.forget, s.idle.forgetDelay = func() { forgetShared(); s.pages.forget() }, cfg.IdleForget
	}
	s.hub.ended = s.idle.quiet
	s.loadStatic()
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	// abtrace runs on the lecturer's machine and is reached directly, not
	// through a proxy, so the client address is the connection's own and
	// no forwarding header is trusted.
	e.IPExtractor = echo.ExtractIPDirect()
	e.HTTPErrorHandler = s.handleError
	e.Server.ReadHeaderTimeout = readHeaderTimeout
	e.Server.IdleTimeout = idleTimeout
	e.Server.ReadTimeout = cmp.Or(max(cfg.ReadTimeout, 0), readTimeout)
	s.base, s.stop = context.WithCancelCause(context.Background())
	e.Server.BaseContext = func(net.Listener) context.Context { return s.base }
	e.Pre(s.hostCheck, headAsGet)
	e.Use(middleware.Recover())
	e.Use(s.requestLogger())
	e.Use(s.writeDeadline, s.heavyGate)
	// Bodies are at most 64 KB, but for the diff page's trace (its own
	// limit, maxDiffBody, on its route): a trace too long to compare comes
	// back in the form rather than as a bare 413.
	e.Use(middleware.BodyLimitWithConfig(middleware.BodyLimitConfig{Limit: "64K",
		Skipper: func(c echo.Context) bool { return c.Path() == "/diff" && c.Request().Method == http.MethodPost }}))
	e.Use(middleware.SecureWithConfig(middleware.SecureConfig{
		// The legacy XSS auditor is off, as current advice has it: the
		// content security policy does the job.
		XSSProtection:         "0",
		ContentTypeNosniff:    "nosniff",
		XFrameOptions:         "DENY",
		ContentSecurityPolicy: ContentSecurityPolicy,
		ReferrerPolicy:        "same-origin",
	}))
	// Pages and assets go out compressed: a classroom shares one network,
	// and a tic-tac-toe page (hundreds of boards) shrinks about tenfold.
	// The websocket is left alone: it is hijacked, and its messages are
	// small patches.
	e.Use(middleware.GzipWithConfig(middleware.GzipConfig{
		MinLength: gzipMinLength,
		Skipper:   func(c echo.Context) bool { return c.Path() == "/ws" || strings.HasPrefix(c.Path(), StreamPrefix) },
	}))
	s.e = e
	s.routes()
	return s
}

// gzipMinLength is the least response size, in bytes, that is compressed:
// below it, compression saves less than it costs.
const gzipMinLength = 1024

// routes registers every route of the server, in one place: the paths,
// their methods and their handlers. Which of them are heavy (they run
// searches and go through heavyGate) is heavyRoutes in limits.go.
func (s *Server) routes() {
	e := s.e
	// The viewer: home, the page of one step, its websocket, live
	// validation of typed trees.
	e.GET("/", s.home)
	e.GET("/view", s.view)
	e.GET(WSPath, s.websocket)
	e.GET("/api/validate", s.validate)
	e.GET("/gdl/eval", s.gdlEvalPage)
	e.GET("/api/gdl/game", s.gdlGame)
	e.GET("/api/gdl/node", s.gdlNodeFragment)
	e.GET("/api/gdl/why", s.gdlWhy)
	// The comparison and the lab.
	e.GET("/compare", s.compare)
	e.GET("/api/compare", s.compareAPI)
	e.GET("/lab", s.lab)
	// Exports: every view's query works on each.
	e.GET("/export.svg", s.exportSVG)
	e.GET("/export.tex", s.exportTeX)
	e.GET("/export.png", s.exportPNG)
	e.GET("/export.html", s.exportHTML)
	e.GET("/embed", s.embed)
	e.GET("/diff", s.diffPage)
	e.POST("/diff", s.diffPage, middleware.BodyLimit(strconv.Itoa(maxDiffBody>>10)+"K"))
	// The exercise API (exercise.go) and pages (exercise_pages.go).
	e.GET("/api/exercise", s.exercise)
	e.POST("/api/exercise/check", s.exerciseCheck)
	e.POST("/api/exercise/predict", s.exercisePredict)
	e.GET("/exercise", s.exercisePage)
	e.GET("/exercise/worksheet", s.worksheetPage)
	e.GET("/exercise/matchsticks", s.matchstickPage)
	e.GET("/exercise/predict", s.predictPage)
	e.GET("/exercise/ordering", s.orderingPage)
	// The evaluation pages and their event streams (evals.go).
	e.GET("/fuzzy", s.fuzzyPage)
	e.GET("/tournament", s.tournamentPage)
	e.GET(StreamPrefix+"tournament", s.tournamentStream)
	e.GET("/api/tournament", s.tournamentJSON)
	e.GET("/parallel", s.parallelPage)
	e.GET(StreamPrefix+"parallel", s.parallelStream)
	e.GET("/play", s.playPage)
	e.GET("/connect4", s.connect4Page)
	// Health and the embedded assets.
	e.POST("/rooms", s.withRooms(s.startRoom))
	e.GET("/join", s.joinPage)
	e.GET("/room/:code", s.withRoom(s.noRoomPage, s.roomPage))
	e.GET("/room/:code/qr.svg", s.roomQR)
	e.POST("/api/rooms", s.withRooms(s.apiCreateRoom))
	e.GET("/api/rooms/:code", s.withRoom(nil, s.apiRoom))
	e.DELETE("/api/rooms/:code", s.withRoom(nil, s.deleteRoom))
	e.POST("/api/rooms/:code/answers.csv", s.withRooms(s.answersCSV))
	e.POST("/api/decks", s.withRooms(s.createDeck))
	e.GET("/api/decks/:id", s.withRooms(s.deckFile))
	e.POST("/api/decks/:id/rooms", s.withRooms(s.deckRoom))
	e.GET("/decks", s.withRooms(s.decksPage))
	e.POST("/decks", s.withRooms(s.importDeck))
	e.GET("/deck/:id", s.withRooms(s.deckPage))
	e.POST("/deck/:id/rooms", s.withRooms(s.startDeckRoom))
	e.GET("/room/:code/clicker", s.withRoom(s.noRoomPage, s.clickerPage))

	e.GET("/healthz", s.healthz)
	e.GET("/static/*", s.static)
}

// Echo returns the Echo instance, so tests can serve requests with
// e.ServeHTTP without listening.
func (s *Server) Echo() *echo.Echo { return s.e }

// Hub returns the websocket hub.
func (s *Server) Hub() *Hub { return s.hub }

// Start listens on the configured address and serves until Shutdown, when
// it returns http.ErrServerClosed.
func (s *Server) Start() error {
	return s.e.Start(s.cfg.Addr)
}

// Serve serves on a listener the caller opened (the command line opens it
// first, to report a busy port before anything else) until Shutdown, when
// it returns http.ErrServerClosed.
func (s *Server) Serve(ln net.Listener) error {
	s.e.Listener = ln
	return s.e.Start(ln.Addr().String())
}

// Shutdown stops the server gracefully: it cancels the work of every
// request still running (its context ends with ErrShutdown, so its
// searches stop within a few microseconds and it answers that it was
// stopped), closes every websocket session (each viewer gets a close
// message), then stops accepting requests and waits for the running ones
// to answer, all until ctx ends: a session or request still working then
// is cut off, and the error says so.
func (s *Server) Shutdown(ctx context.Context) error {
	s.stop(ErrShutdown)
	herr := s.hub.Close(ctx)
	return errors.Join(herr, s.e.Shutdown(ctx))
}

// Close stops the server at once: every connection is closed, and the
// work of the requests still running is cancelled.
func (s *Server) Close() error {
	s.stop(ErrShutdown)
	now, cancel := context.WithCancel(context.Background())
	cancel()
	_ = s.hub.Close(now) // closes every session's connection, waiting for none
	// Not Echo's Close, which waits for a Shutdown under way to end.
	return s.e.Server.Close()
}

// requestLogger logs one line per request to the configured logger. The
// URI is shortened: a query can carry a whole tree.
func (s *Server) requestLogger() echo.MiddlewareFunc {
	return middleware.RequestLoggerWithConfig(middleware.RequestLoggerConfig{
		LogStatus:   true,
		LogURI:      true,
		LogMethod:   true,
		LogLatency:  true,
		LogRemoteIP: true,
		LogError:    true,
		HandleError: true,
		LogValuesFunc: func(c echo.Context, v middleware.RequestLoggerValues) error {
			level := slog.LevelInfo
			if v.Status >= 500 {
				level = slog.LevelError
			}
			attrs := []slog.Attr{
				slog.String("method", v.Method),
				slog.String("uri", shorten(v.URI, 200)),
				slog.Int("status", v.Status),
				slog.Duration("latency", v.Latency),
				slog.String("remote", v.RemoteIP),
			}
			if v.Error != nil {
				attrs = append(attrs, slog.String("err", v.Error.Error()))
			}
			s.log.LogAttrs(c.Request().Context(), level, "request", attrs...)
			return nil
		},
	})
}

func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// renderHTML renders a component into memory, so that a template error
// never leaves half a page on the wire. Every page, error page and HTML
// fragment of the server is rendered by it.
//
// A page is written into one of renderBuffers and copied out at its size:
// the viewer's page of tic-tac-toe at its end is 850 KB, and a buffer
// grown from nothing to that copied and cleared about twice as much again,
// a millisecond of each render.
func renderHTML(ctx context.Context, comp templ.Component) ([]byte, error) {
	var buf *bytes.Buffer
	select {
	case buf = <-renderBuffers:
		buf.Reset()
	default:
		buf = new(bytes.Buffer)
	}
	err := comp.Render(ctx, buf)
	b := bytes.Clone(buf.Bytes())
	if buf.Cap() <= MaxKeptRenderBuffer {
		select {
		case renderBuffers <- buf:
		default:
		}
	}
	return b, err
}

// MaxKeptRenderBuffer is the largest buffer renderHTML keeps for the next
// page (in bytes); a larger page's buffer is left to the collector. At
// most KeptRenderBuffers are kept (a sync.Pool lost them to the
// collections a render's own garbage starts), until the server falls idle
// (forgetShared).
const (
	MaxKeptRenderBuffer = 4 << 20
	KeptRenderBuffers   = 2
)

// renderBuffers are the buffers renderHTML keeps.
var renderBuffers = make(chan *bytes.Buffer, KeptRenderBuffers)

// forgetRenderBuffers drops the buffers renderHTML keeps.
func forgetRenderBuffers() {
	for {
		select {
		case <-renderBuffers:
		default:
			return
		}
	}
}

// render writes a page with renderHTML: a template error becomes a clean
// error page.
func (s *Server) render(c echo.Context, status int, comp templ.Component) error {
	b, err := renderHTML(pageContext(c), comp)
	if err != nil {
		return s.renderFailed(c, err)
	}
	return c.HTMLBlob(status, b)
}

// renderFailed logs a template's error and answers with the error page.
func (s *Server) renderFailed(c echo.Context, err error) error {
	s.log.Error("render", "path", c.Request().URL.Path, "err", err)
	return s.errorPage(c, http.StatusInternalServerError, i18n.For(langOf(c)).T("page.error.render"))
}

// errorPage answers with the error page, or with plain text if even that
// cannot be rendered.
func (s *Server) errorPage(c echo.Context, status int, msg string) error {
	b, err := renderHTML(pageContext(c), templates.ErrorPage(s.assets, status, msg))
	if err != nil {
		return c.String(status, msg)
	}
	return c.HTMLBlob(status, b)
}

// handleError answers every error a handler returns or Echo raises (an
// unknown route, a body too large): JSON under /api/, a page elsewhere.
func (s *Server) handleError(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	loc := i18n.For(langOf(c))
	status, msg := http.StatusInternalServerError, loc.T("page.error.server")
	var he *echo.HTTPError
	if errors.As(err, &he) {
		status = he.Code
		switch status {
		case http.StatusNotFound:
			msg = loc.T("page.error.404")
		case http.StatusMethodNotAllowed:
			msg = loc.T("page.error.405")
		case http.StatusRequestEntityTooLarge:
			msg = loc.T("page.error.413")
			if c.Path() == "/diff" {
				// A trace too large even to send back: how to compare it.
				msg = loc.T("diff.err.body", "Max", maxDiffBody>>20)
			}
		default:
			if m, ok := he.Message.(string); ok {
				msg = m
			} else {
				msg = http.StatusText(status)
			}
		}
	} else if st, m, ok := budgetError(err, langOf(c)); ok {
		status, msg = st, m
	} else {
		s.log.Error("handler", "path", c.Request().URL.Path, "err", err)
	}
	if c.Request().Method == http.MethodHead {
		err = c.NoContent(status)
	} else if strings.HasPrefix(c.Request().URL.Path, "/api/") {
		err = c.JSON(status, map[string]any{"ok": false, "error": msg})
	} else {
		err = s.errorPage(c, status, msg)
	}
	if err != nil {
		s.log.Error("error handler", "err", err)
	}
}

// loadStatic reads the embedded files once and names each by a hash of its
// content, so pages can link versioned addresses that never go stale.
func (s *Server) loadStatic() {
	s.files = map[string]staticFile{}
	_ = fs.WalkDir(static.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(static.FS, p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		ver := hex.EncodeToString(sum[:6])
		s.files[p] = staticFile{body: b, etag: `"` + ver + `"`, ver: ver}
		return nil
	})
	url := func(name string) string {
		if f, ok := s.files[name]; ok {
			return "/static/" + name + "?v=" + f.ver
		}
		return "/static/" + name
	}
	s.assets = templates.Assets{CSS: url("abtrace.css"), Theme: url("theme.js"), Viewer: url("viewer.js"), Home: url("home.js"), Clicker: url("clicker.js")}
}

// contentTypes are the types of the embedded files, by extension.
var contentTypes = map[string]string{
	".css": "text/css; charset=utf-8",
	".js":  "text/javascript; charset=utf-8",
}

// static serves an embedded file. A versioned address (?v= the content's
// hash) may be cached for a year; any other is revalidated every time with
// its ETag.
func (s *Server) static(c echo.Context) error {
	name := c.Param("*")
	f, ok := s.files[name]
	ctype := contentTypes[path.Ext(name)]
	if !ok || ctype == "" {
		return echo.ErrNotFound
	}
	h := c.Response().Header()
	h.Set(echo.HeaderContentType, ctype)
	h.Set("ETag", f.etag)
	if c.QueryParam("v") == f.ver {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "no-cache")
	}
	if match := c.Request().Header.Get("If-None-Match"); match != "" && strings.Contains(match, f.etag) {
		return c.NoContent(http.StatusNotModified)
	}
	return c.Blob(http.StatusOK, ctype, f.body)
}
