package web

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/labstack/echo/v4"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/nim"
	"github.com/abtrace/abtrace/search/scenario"
)

// testConfig is the configuration of the servers the tests build: it
// logs nowhere, and answers to example.com, the host of every request
// httptest.NewRequest makes.
func testConfig() Config {
	return Config{Logger: slog.New(slog.DiscardHandler), Hosts: []string{"example.com"}}
}

func TestHostCheck(t *testing.T) {
	s := New(Config{Logger: slog.New(slog.DiscardHandler), Addr: "127.0.0.1:8080", Hosts: []string{"Lecture.LAN"}})
	cases := []struct {
		host string
		ok   bool
	}{
		{"localhost:8080", true},
		{"localhost", true},
		{"127.0.0.1:8080", true},
		{"[::1]:8080", true},
		{"192.168.1.20:8080", true},
		{"abtrace.localhost:8080", true},
		{"lecture.lan:8080", true},
		{"LECTURE.LAN.", true},
		{"", true},
		{"evil.example:8080", false},
		{"localhost.evil.example", false},
		{"lecture.lan.evil.example", false},
	}
	for _, c := range cases {
		t.Run(c.host, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodGet, "/healthz", nil)
			req.Host = c.host
			rec := httptest.NewRecorder()
			s.Echo().ServeHTTP(rec, req)
			if got := rec.Code == http.StatusOK; got != c.ok {
				t.Fatalf("Host %q: got status %d, want allowed %v", c.host, rec.Code, c.ok)
			}
			if !c.ok {
				want := "--host " + hostOnly(c.host)
				if body := rec.Body.String(); rec.Code != http.StatusForbidden || !strings.Contains(body, want) {
					t.Errorf("Host %q: got %d %q, want 403 naming %q", c.host, rec.Code, body, want)
				}
			}
		})
	}
	// Unknown paths and the websocket are refused too, before routing.
	for _, p := range []string{"/nowhere", "/ws", "/view?tree=(1+2)"} {
		req := httptest.NewRequest(http.MethodGet, p, nil)
		req.Host = "evil.example"
		rec := httptest.NewRecorder()
		s.Echo().ServeHTTP(rec, req)
		if rec.Code != http.StatusForbidden {
			t.Errorf("%s from evil.example: got %d, want 403", p, rec.Code)
		}
	}
}

func TestAllowedHosts(t *testing.T) {
	name, err := os.Hostname()
	if err != nil {
		t.Skip("no host name:", err)
	}
	name = strings.ToLower(name)
	cases := []struct {
		addr  string
		extra []string
		want  []string
		not   []string
	}{
		{"127.0.0.1:8080", nil, []string{"localhost"}, []string{name}},
		{"0.0.0.0:8080", nil, []string{"localhost", name, name + ".local"}, nil},
		{":8080", nil, []string{name}, nil},
		{"[::]:8080", nil, []string{name}, nil},
		{"lecturer-laptop:8080", []string{"abtrace.lan"}, []string{"localhost", "lecturer-laptop", "abtrace.lan"}, []string{name}},
	}
	for _, c := range cases {
		got := allowedHosts(c.addr, c.extra)
		for _, w := range c.want {
			if !contains(got, w) {
				t.Errorf("allowedHosts(%q, %q) = %q, want it to hold %q", c.addr, c.extra, got, w)
			}
		}
		for _, w := range c.not {
			if w != "localhost" && contains(got, w) {
				t.Errorf("allowedHosts(%q, %q) = %q, want it without %q", c.addr, c.extra, got, w)
			}
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestHeadOnEveryGetRoute: every GET route answers HEAD with the status
// and headers of GET and no body.
func TestHeadOnEveryGetRoute(t *testing.T) {
	s := New(testConfig())
	srv := httptest.NewServer(s.Echo())
	defer srv.Close()
	paths := map[string]string{"/static/*": "/static/abtrace.css"}
	n := 0
	for _, r := range s.Echo().Routes() {
		if r.Method != http.MethodGet {
			continue
		}
		n++
		p := r.Path
		if x, ok := paths[p]; ok {
			p = x
		}
		t.Run(p, func(t *testing.T) {
			get, err := http.Get(srv.URL + p)
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, get.Body)
			get.Body.Close()
			head, err := http.Head(srv.URL + p)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(head.Body)
			head.Body.Close()
			if head.StatusCode != get.StatusCode || len(body) != 0 {
				t.Errorf("HEAD %s: got %d with %d bytes of body, want GET's %d and no body", p, head.StatusCode, len(body), get.StatusCode)
			}
			if g, h := get.Header.Get("Content-Type"), head.Header.Get("Content-Type"); g != h {
				t.Errorf("HEAD %s: got Content-Type %q, want GET's %q", p, h, g)
			}
		})
	}
	if n < 8 {
		t.Errorf("got %d GET routes, want every route of the server", n)
	}
}

// TestHeavyGate: when every slot for heavy requests is taken, a heavy
// request waits, then gets 503 with Retry-After; light requests pass.
func TestHeavyGate(t *testing.T) {
	cfg := testConfig()
	cfg.MaxHeavy = 2
	s := New(cfg)
	s.heavyWait = 20 * time.Millisecond
	if cap(s.heavy) != 2 {
		t.Fatalf("got %d slots, want 2", cap(s.heavy))
	}
	s.heavy <- struct{}{}
	s.heavy <- struct{}{}
	for _, p := range []string{"/view?tree=(1+2)", "/compare?tree=(1+2)&orders=natural,best", "/lab?random=2,2", "/exercise"} {
		rec := httpGet(t, s, p)
		if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") != "5" || !strings.Contains(rec.Body.String(), "busy") {
			t.Errorf("%s with every slot taken: got %d, Retry-After %q; want 503, Retry-After 5 and a page that says the server is busy",
				p, rec.Code, rec.Header().Get("Retry-After"))
		}
	}
	for _, p := range []string{"/healthz", "/", "/static/abtrace.css", "/api/validate?tree=(1+2)"} {
		if rec := httpGet(t, s, p); rec.Code != http.StatusOK {
			t.Errorf("%s with every heavy slot taken: got %d, want 200", p, rec.Code)
		}
	}
	// A slot freed is used by the next request.
	<-s.heavy
	if rec := httpGet(t, s, "/view?tree=(1+2)"); rec.Code != http.StatusOK {
		t.Errorf("/view with a slot free: got %d, want 200", rec.Code)
	}
	if len(s.heavy) != 1 {
		t.Errorf("slots taken after the request: got %d, want 1 (its slot given back)", len(s.heavy))
	}
}

// TestBudgetRefusedUpFront: a scenario over the server's budget gets a
// 400 at once, on every route that searches, saying the limit and how to
// get under it.
func TestBudgetRefusedUpFront(t *testing.T) {
	s := New(testConfig())
	cases := []struct{ path, want string }{
		{"/view?game=nim&matches=64&take=8&step=0", "depth=7"},
		{"/view?game=nim&matches=64&take=8&step=end", "matches=23"},
		{"/view?game=dice&algo=star1&depth=256", "depth=21"},
		{"/compare?game=nim&matches=64&take=8&orders=natural,best", "at most 10,000,000"},
		{"/api/compare?game=nim&matches=64&take=8&orders=natural,best", "at most 10,000,000"},
		{"/lab?random=4,8&seeds=5000", "use at most 228 seeds"},
		// Determinised MCTS is budgeted as a whole: its samples times its
		// iterations are refused over the limit, before any sample runs.
		{"/view?game=cards&algo=determinized&samples=1000&iterations=200000&step=end", "samples × iterations may be at most 2,000,000"},
	}
	for _, c := range cases {
		t.Run(c.path, func(t *testing.T) {
			rec := httpGet(t, s, c.path)
			if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), c.want) {
				t.Errorf("got %d, want 400 with %q in:\n%s", rec.Code, c.want, shorten(rec.Body.String(), 3000))
			}
		})
	}
}

// TestRequestBudget: every heavy request runs under one allowance of its
// own (RequestWork, StreamWork for the streams), carried by its context,
// so that all the searches it starts charge one budget and stop with it;
// a light request carries none.
func TestRequestBudget(t *testing.T) {
	s := New(testConfig())
	cases := []struct {
		path  string
		limit int64
	}{
		{"/view", RequestWork}, {"/lab", RequestWork}, {"/diff", RequestWork}, {"/api/exercise", RequestWork},
		{"/api/tournament", StreamWork}, {StreamPrefix + "tournament", StreamWork}, {"/healthz", -1},
	}
	seen := map[*search.Allowance]bool{}
	for _, c := range cases {
		for range 2 {
			req := httptest.NewRequest(http.MethodGet, c.path, nil)
			ec := s.Echo().NewContext(req, httptest.NewRecorder())
			ec.SetPath(c.path)
			var a *search.Allowance
			if err := s.heavyGate(func(ec echo.Context) error {
				a = search.AllowanceOf(ec.Request().Context())
				return nil
			})(ec); err != nil {
				t.Fatal(err)
			}
			switch {
			case c.limit < 0 && a != nil:
				t.Errorf("%s: got an allowance of %d, want none (a light request)", c.path, a.Limit())
			case c.limit >= 0 && (a == nil || a.Limit() != c.limit):
				t.Errorf("%s: got allowance %v, want one of %d nodes", c.path, a, c.limit)
			case a != nil && seen[a]:
				t.Errorf("%s: two requests share an allowance, want one each", c.path)
			}
			seen[a] = a != nil
		}
	}
	// The budget error names the limit that was reached.
	_, msg, _ := budgetError(fmt.Errorf("lab: %w", &search.BudgetError{Nodes: RequestWork}), i18n.English)
	if !strings.Contains(msg, "200,000,000") && !strings.Contains(msg, "200000000") {
		t.Errorf("budget error of the request's allowance: got %q, want it to name %d", msg, RequestWork)
	}
}

func TestBudgetError(t *testing.T) {
	cases := []struct {
		err    error
		status int
		ok     bool
	}{
		{&search.BudgetError{Nodes: scenario.MaxWork}, http.StatusBadRequest, true},
		{fmt.Errorf("pane: %w", &search.BudgetError{Nodes: 5}), http.StatusBadRequest, true},
		{fmt.Errorf("search: stopped: %w", context.Canceled), http.StatusServiceUnavailable, true},
		{errors.New("something else"), 0, false},
	}
	for _, c := range cases {
		status, msg, ok := budgetError(c.err, i18n.English)
		if status != c.status || ok != c.ok || ok && msg == "" {
			t.Errorf("budgetError(%v) = %d, %q, %v; want %d, a message, %v", c.err, status, msg, ok, c.status, c.ok)
		}
		for _, l := range []i18n.Lang{i18n.German, i18n.Czech} {
			if _, got, _ := budgetError(c.err, l); ok && (got == msg || strings.Contains(got, "error.")) {
				t.Errorf("budgetError(%v) in %s = %q (English %q), want it worded in %s", c.err, l, got, msg, l)
			}
		}
	}
}

// dialFrom opens a websocket to srv from the loopback address local
// (127.0.0.x), and returns the connection or the handshake's error.
func dialFrom(srv *httptest.Server, local string) (*websocket.Conn, error) {
	return dialFromIn(srv, local, "")
}

// dialFromIn is dialFrom for a page in language lang ("" for none: the
// socket's address names no lang=).
func dialFromIn(srv *httptest.Server, local, lang string) (*websocket.Conn, error) {
	d := websocket.Dialer{NetDialContext: (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}}).DialContext,
		HandshakeTimeout: 5 * time.Second}
	u := "ws" + strings.TrimPrefix(srv.URL, "http") + "/ws"
	if lang != "" {
		u += "?lang=" + lang
	}
	c, _, err := d.Dial(u, nil)
	return c, err
}

// refused reads from a refused session: it must be closed with
// CloseTryAgainLater and a reason holding want.
func refused(t *testing.T, c *websocket.Conn, want string) {
	t.Helper()
	defer c.Close()
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	_, _, err := c.ReadMessage()
	var ce *websocket.CloseError
	if !errors.As(err, &ce) || ce.Code != CloseTryAgainLater || !strings.Contains(ce.Text, want) {
		t.Errorf("got %v, want a close with code %d and a reason with %q", err, CloseTryAgainLater, want)
	}
}

// TestSessionLimits: sessions over the cap per address, or in total, are
// closed at once with 1013 and a reason; a closed session frees its place.
func TestSessionLimits(t *testing.T) {
	h, srv := newHubServer(t)
	h.SetLimits(3, 2)
	waitSessions := func(n int) {
		t.Helper()
		for deadline := time.Now().Add(5 * time.Second); h.Sessions() != n; time.Sleep(5 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("got %d sessions, want %d", h.Sessions(), n)
			}
		}
	}
	var open []*websocket.Conn
	defer func() {
		for _, c := range open {
			c.Close()
		}
	}()
	for range 2 {
		c, err := dialFrom(srv, "127.0.0.1")
		if err != nil {
			t.Fatal(err)
		}
		open = append(open, c)
	}
	waitSessions(2)
	c, err := dialFrom(srv, "127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	refused(t, c, "from your address")
	c2, err := dialFrom(srv, "127.0.0.2")
	if err != nil {
		t.Skip("cannot dial from 127.0.0.2:", err)
	}
	open = append(open, c2)
	waitSessions(3)
	c, err = dialFrom(srv, "127.0.0.3")
	if err != nil {
		t.Fatal(err)
	}
	refused(t, c, "as many as it serves at once")
	// A session that ends gives its place back.
	open[0].Close()
	open = open[1:]
	waitSessions(2)
	c, err = dialFrom(srv, "127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	open = append(open, c)
	waitSessions(3)
	h.mu.Lock()
	per := h.perAddr["127.0.0.1"]
	h.mu.Unlock()
	if per != 2 {
		t.Errorf("sessions counted for 127.0.0.1: got %d, want 2", per)
	}
}

// TestHubCloseDeadline: Close returns at its context's deadline when a
// session's goroutines do not end, with an error saying so, and cancels
// the hub's context at once.
func TestHubCloseDeadline(t *testing.T) {
	h := NewHub(slog.New(slog.DiscardHandler))
	h.wg.Add(1) // a session goroutine that never returns
	defer h.wg.Done()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	err := h.Close(ctx)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("got err %v, want context.DeadlineExceeded", err)
	}
	if h.Context().Err() == nil {
		t.Error("the hub's context is not cancelled after Close")
	}
	// Closing with every session gone returns nil.
	h2, srv := newHubServer(t)
	c, err := dialFrom(srv, "127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := h2.Close(context.Background()); err != nil {
		t.Errorf("Close with one idle session: got %v, want nil", err)
	}
	// Later sessions are refused with 503 and a retry hint.
	resp, err := http.Get(srv.URL + "/ws")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" {
		t.Errorf("after Close: got %d, Retry-After %q; want 503 with a retry hint", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
}

func TestApplyMemoryLimit(t *testing.T) {
	old := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(old)
	t.Setenv("GOMEMLIMIT", "")
	const want = DefaultMemoryLimit - MemoryOutsideGo
	if limit, env := ApplyMemoryLimit(); limit != want || env {
		t.Errorf("without GOMEMLIMIT: got %d, %v; want %d, false", limit, env, want)
	}
	if got := debug.SetMemoryLimit(-1); got != want {
		t.Errorf("memory limit in force: got %d, want %d", got, want)
	}
	debug.SetMemoryLimit(3 << 30)
	t.Setenv("GOMEMLIMIT", "3GiB")
	if limit, env := ApplyMemoryLimit(); limit != 3<<30 || !env {
		t.Errorf("with GOMEMLIMIT: got %d, %v; want the limit it set and true", limit, env)
	}
}

func TestApplyGCPercent(t *testing.T) {
	old := debug.SetGCPercent(100)
	defer debug.SetGCPercent(old)
	t.Setenv("GOGC", "")
	if p, env := ApplyGCPercent(); p != DefaultGCPercent || env {
		t.Errorf("without GOGC: got %d, %v; want %d, false", p, env, DefaultGCPercent)
	}
	if got := debug.SetGCPercent(DefaultGCPercent); got != DefaultGCPercent {
		t.Errorf("target in force: got %d, want %d", got, DefaultGCPercent)
	}
	debug.SetGCPercent(150)
	t.Setenv("GOGC", "150")
	if p, env := ApplyGCPercent(); p != 150 || !env {
		t.Errorf("with GOGC: got %d, %v; want the target it set and true", p, env)
	}
	if got := debug.SetGCPercent(150); got != 150 {
		t.Errorf("target in force with GOGC: got %d, want 150", got)
	}
}

// TestFormLimitsAgree: the home form's number fields allow exactly what the
// server takes, on the start page and when the form comes back with an
// error.
func TestFormLimitsAgree(t *testing.T) {
	s := New(testConfig())
	for _, p := range []string{"/", "/view?source=nim&matches=0&take=2&algo=minimax"} {
		body := httpGet(t, s, p).Body.String()
		for id, want := range map[string]int{"matches": nim.MaxMatches, "take": nim.MaxTake} {
			attr := fmt.Sprintf(`id="%s" name="%s" min="1" max="%d"`, id, id, want)
			if !strings.Contains(body, attr) {
				t.Errorf("%s: want the input %s", p, attr)
			}
		}
	}
	// Zero matches or take is refused, not taken for the default.
	for _, p := range []string{"/view?game=nim&matches=0", "/view?game=nim&take=0", "/view?source=nim&matches=0&take=2"} {
		rec := httpGet(t, s, p)
		if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "must be a number from 1 to") {
			t.Errorf("%s: got %d, want 400 saying the range", p, rec.Code)
		}
	}
	// The largest values the form allows are served.
	q := fmt.Sprintf("/view?game=nim&matches=%d&take=%d&depth=4&step=0", nim.MaxMatches, nim.MaxTake)
	if rec := httpGet(t, s, q); rec.Code != http.StatusOK {
		t.Errorf("%s: got %d, want 200", q, rec.Code)
	}
}

// TestSlowBodiesClosedByReadTimeout: 200 connections that send headers
// and then trickle nothing of their promised bodies are closed by the
// read timeout, and the server answers others meanwhile.
func TestSlowBodiesClosedByReadTimeout(t *testing.T) {
	if testing.Short() {
		t.Skip("holds 200 connections for a second: not with -short")
	}
	cfg := testConfig()
	cfg.ReadTimeout = time.Second
	s := New(cfg)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go s.Serve(ln)
	defer s.Shutdown(context.Background())
	addr := ln.Addr().String()
	const conns = 200
	closed := make(chan error, conns)
	for range conns {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		fmt.Fprintf(c, "POST /api/exercise/check HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{", addr)
		go func() {
			// Read until the server closes the connection (it may first
			// answer that the request timed out).
			c.SetReadDeadline(time.Now().Add(30 * time.Second))
			_, err := io.Copy(io.Discard, c)
			closed <- err
		}()
	}
	// The server still answers while they hang.
	resp, err := http.Get("http://" + addr + "/healthz")
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("healthz during the slow bodies: %v, %v", resp, err)
	}
	resp.Body.Close()
	for i := range conns {
		if err := <-closed; err != nil {
			t.Fatalf("connection %d: got %v, want the server to close it (EOF) within the read timeout", i, err)
		}
	}
}

func TestUnboundedWrites(t *testing.T) {
	for p, want := range map[string]bool{WSPath: true, StreamPrefix + "tournament": true, "/api/tournament": true,
		"/view": false, "/healthz": false, "/static/*": false, "/lab": false} {
		if got := unboundedWrites(p); got != want {
			t.Errorf("unboundedWrites(%q): got %v, want %v", p, got, want)
		}
	}
}

// TestLargeTreeLinks: a page of a large tree typed as text does not repeat
// its query in every fold link; the page holds it a few times only.
func TestLargeTreeLinks(t *testing.T) {
	if testing.Short() {
		t.Skip("searches and draws a tree of 5,461 nodes: not with -short")
	}
	text := uniformTree(4, 6) // 5,461 nodes, 14 KB of text: over templates.MaxLinkQuery
	q := url.Values{"tree": {text}, "step": {"5"}}
	s := New(testConfig())
	rec := httpGet(t, s, "/view?"+q.Encode())
	if rec.Code != http.StatusOK {
		t.Fatalf("got %d, want 200", rec.Code)
	}
	body := rec.Body.String()
	folds := strings.Count(body, `data-fold="`)
	repeats := strings.Count(body, url.QueryEscape(text[:200]))
	if folds == 0 || !strings.Contains(body, `href="#open=`) {
		t.Fatalf("got %d folds, want fold links that name the fold", folds)
	}
	if repeats > 10 {
		t.Errorf("the tree's query stands %d times in the page of %d folds, want a few (the step controls and the data)", repeats, folds)
	}
}

// TestHeavyGateEveryRoute: every route that runs a search is in
// heavyRoutes, so that with every slot taken it waits and then gets 503
// with Retry-After.
func TestHeavyGateEveryRoute(t *testing.T) {
	cfg := testConfig()
	cfg.MaxHeavy = 1
	s := New(cfg)
	s.heavyWait = 10 * time.Millisecond
	s.heavy <- struct{}{}
	defer func() { <-s.heavy }()
	paths := []string{
		"/play?game=reversi&depth=2", "/connect4?depth=2",
		"/fuzzy?position=x...o....",
		StreamPrefix + "tournament?game=tictactoe&evals=lines,aima&depth=1&games=1",
		StreamPrefix + "parallel?game=tictactoe&evals=lines&depth=2",
		"/api/tournament?game=tictactoe&evals=lines,aima&depth=1&games=1",
		"/export.svg?tree=(1+2)&step=end", "/export.tex?tree=(1+2)", "/export.png?tree=(1+2)",
		"/export.html?tree=(1+2)", "/embed?tree=(1+2)", "/diff?tree=(1+2)",
		"/exercise?seed=1", "/exercise/worksheet?seed=1", "/exercise/predict?seed=1",
		"/exercise/ordering?seed=1", "/exercise/matchsticks", "/api/exercise?seed=1",
	}
	for _, p := range paths {
		t.Run(p, func(t *testing.T) {
			rec := httpGet(t, s, p)
			if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") != "5" {
				t.Errorf("with every slot taken: got %d, Retry-After %q; want 503 and Retry-After 5", rec.Code, rec.Header().Get("Retry-After"))
			}
		})
	}
	t.Run("POST", func(t *testing.T) {
		for _, p := range []string{"/api/exercise/check", "/api/exercise/predict", "/diff"} {
			req := httptest.NewRequest(http.MethodPost, p, strings.NewReader("{}"))
			req.Header.Set("Content-Type", "application/json")
			rec := httptest.NewRecorder()
			s.Echo().ServeHTTP(rec, req)
			if rec.Code != http.StatusServiceUnavailable {
				t.Errorf("POST %s with every slot taken: got %d, want 503", p, rec.Code)
			}
		}
	})
}

// TestBudgetOnEveryRoute: the exports and the diff search under the
// server's budget too: a scenario over it is refused with a 400 that says
// how to get under it.
func TestBudgetOnEveryRoute(t *testing.T) {
	s := New(testConfig())
	for _, p := range []string{"/export.svg", "/export.tex", "/export.png", "/export.html", "/embed", "/diff"} {
		t.Run(p, func(t *testing.T) {
			rec := httpGet(t, s, p+"?game=nim&matches=64&take=8&step=end")
			if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "matches=23") {
				t.Errorf("got %d, want 400 naming matches=23 in:\n%s", rec.Code, shorten(rec.Body.String(), 2000))
			}
		})
	}
}

// TestExerciseCancelled: an exercise whose client has left is not
// generated: the generation looks at the request's context before every
// attempt, so a request that would try all exercise.MaxAttempts trees and
// then answer 400 answers at once that the search was stopped.
func TestExerciseCancelled(t *testing.T) {
	s := New(testConfig())
	// No tree meets these constraints (see the exercise package's
	// TestGenerateNotMet): a live request tries every attempt, then says so.
	const never = "seed=1&b=2&d=4&min=0&max=1&min_cutoffs=6"
	for _, p := range []string{"/exercise", "/exercise/worksheet", "/exercise/predict", "/exercise/ordering", "/api/exercise"} {
		t.Run(p, func(t *testing.T) {
			if rec := httpGet(t, s, p+"?"+never); rec.Code != http.StatusBadRequest {
				t.Fatalf("live request: got %d, want 400 (no tree meets the constraints)", rec.Code)
			}
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			req := httptest.NewRequest(http.MethodGet, p+"?"+never, nil).WithContext(ctx)
			rec := httptest.NewRecorder()
			s.Echo().ServeHTTP(rec, req)
			if rec.Code != http.StatusServiceUnavailable {
				t.Errorf("client gone: got %d, want 503 (the generation stopped before its first attempt)", rec.Code)
			}
		})
	}
}

// largeTreePageLimit is the most bytes a viewer or comparison page of
// a 97,656-node tree typed as text (a 344 KB query) may have: the drawing
// (about 900 KB), the scenario's query once, and the rest of the page. Were
// the query in each step control again, the viewer's page would be 3.6 MB.
const largeTreePageLimit = 3 << 19 // 1.5 MiB

// TestLargeTreePageSize: a page of a tree too large to repeat in its links
// holds the query once; its step controls name only the step.
func TestLargeTreePageSize(t *testing.T) {
	if testing.Short() {
		t.Skip("searches and draws a tree of 97,656 nodes: not with -short")
	}
	text := uniformTree(5, 7) // 5^0 + … + 5^7 = 97,656 nodes
	s := New(testConfig())
	cases := []struct {
		path  string
		links []string // the step controls' hrefs, as fragments
	}{
		{"/view?" + url.Values{"tree": {text}, "step": {"5"}}.Encode(),
			[]string{`data-cmd="start" href="#step=0"`, `data-cmd="back" href="#step=4"`, `data-cmd="step" href="#step=6"`, `data-cmd="end" href="#step=end"`}},
		{"/compare?" + url.Values{"tree": {text}, "step": {"5"}, "orders": {"natural,best,worst"}}.Encode(),
			[]string{`data-cmd="start" href="#step=0"`, `data-cmd="back" href="#step=4"`, `data-cmd="step" href="#step=6"`, `data-cmd="end" href="#step=end"`, `href="#by=event&amp;step=0"`}},
	}
	for _, c := range cases {
		t.Run(c.path[:strings.Index(c.path, "?")], func(t *testing.T) {
			rec := httpGet(t, s, c.path)
			if rec.Code != http.StatusOK {
				t.Fatalf("got %d, want 200", rec.Code)
			}
			body := rec.Body.String()
			if n := len(body); n > largeTreePageLimit {
				t.Errorf("page of %d bytes, want at most largeTreePageLimit = %d", n, largeTreePageLimit)
			}
			if n := strings.Count(body, url.QueryEscape(text[:200])); n != 1 {
				t.Errorf("the tree's query stands %d times in the page, want once", n)
			}
			for _, l := range c.links {
				if !strings.Contains(body, l) {
					t.Errorf("no step control %s", l)
				}
			}
			t.Logf("%d bytes", len(body))
		})
	}
}

// uniformTree is the text of a tree whose inner nodes have b children each,
// d levels deep, its leaves numbered 1, 2, … modulo 97.
func uniformTree(b, d int) string {
	var sb strings.Builder
	leaf := 0
	var build func(d int)
	build = func(d int) {
		if d == 0 {
			leaf++
			fmt.Fprint(&sb, leaf%97)
			return
		}
		sb.WriteString("(")
		for i := range b {
			if i > 0 {
				sb.WriteString(" ")
			}
			build(d - 1)
		}
		sb.WriteString(")")
	}
	build(d)
	return sb.String()
}

// TestMemoryCap: once the live heap passes MemoryRefusePercent of the
// server's memory cap, a new session is closed with CloseTryAgainLater and
// a heavy request answered 503 with Retry-After, each saying why in the
// page's language; light requests go on, and below the share new work is
// taken again.
func TestMemoryCap(t *testing.T) {
	s := New(testConfig())
	var live atomic.Uint64
	s.memCap, s.liveHeap = 1000<<20, live.Load
	live.Store(1000 << 20 / 100 * MemoryRefusePercent) // at the share: still taken
	if rec := httpGet(t, s, "/view?tree=(1+2)&step=0"); rec.Code != http.StatusOK {
		t.Fatalf("at the share: got %d, want 200", rec.Code)
	}
	live.Store(900 << 20)
	rec := httpGet(t, s, "/view?tree=(1+2)&step=0&lang=de")
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" || !strings.Contains(rec.Body.String(), "Speicher des Servers ist fast voll (900 von 1\u00a0000 MB)") {
		t.Errorf("a heavy request over the share: got %d %q, want 503 with Retry-After saying why in German", rec.Code, shorten(rec.Body.String(), 500))
	}
	if rec := httpGet(t, s, "/healthz"); rec.Code != http.StatusOK {
		t.Errorf("a light request over the share: got %d, want 200", rec.Code)
	}
	srv := httptest.NewServer(s.Echo())
	defer srv.Close()
	c, err := dialFromIn(srv, "127.0.0.1", "cs")
	if err != nil {
		t.Fatal(err)
	}
	refused(t, c, "paměť serveru je téměř plná (900 z 1\u00a0000 MB)")
	live.Store(100 << 20)
	c, err = dialFrom(srv, "127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	load := func() string {
		if err := c.WriteMessage(websocket.TextMessage, []byte(`{"v":1,"cmd":"load","query":"tree=(1 2)&lang=de"}`)); err != nil {
			t.Fatal(err)
		}
		c.SetReadDeadline(time.Now().Add(5 * time.Second))
		for {
			_, b, err := c.ReadMessage()
			if err != nil {
				t.Fatalf("a session's load: got %v, want an answer", err)
			}
			if m := string(b); strings.Contains(m, `"type":"frame"`) || strings.Contains(m, `"type":"error"`) {
				return m
			}
		}
	}
	if got := load(); strings.Contains(got, `"error"`) {
		t.Errorf("a load under the share: got %s, want its frame", shorten(got, 300))
	}
	// An open session's next load is new work too: refused over the share,
	// the session kept.
	live.Store(900 << 20)
	if got := load(); !strings.Contains(got, "Speicher des Servers ist fast voll") {
		t.Errorf("a load over the share: got %s, want an error saying why in German", shorten(got, 300))
	}
	live.Store(100 << 20)
	if got := load(); strings.Contains(got, `"error"`) {
		t.Errorf("a load under the share again: got %s, want its frame", shorten(got, 300))
	}
}

// TestStreamFailureWorded: a tournament or coordinated search that spent
// its budget tells its page so, naming the limit, in the page's language
// (it sent the engine's English error).
func TestStreamFailureWorded(t *testing.T) {
	err := fmt.Errorf("tournament: game 3: %w", &search.BudgetError{Nodes: StreamWork})
	for l, want := range map[i18n.Lang]string{i18n.English: "2,000,000,000 nodes", i18n.German: "2\u00a0000\u00a0000\u00a0000 Knoten"} {
		if got := failedText(l, err); !strings.Contains(got, want) || strings.Contains(got, "tournament:") {
			t.Errorf("%s: got %q, want the budget named (%q)", l, got, want)
		}
	}
}
