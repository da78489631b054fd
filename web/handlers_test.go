package web

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"testing"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"
	"golang.org/x/net/html"

	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

// newTestServer returns a server that logs nowhere.
func newTestServer(t *testing.T) *Server {
	t.Helper()
	return New(testConfig())
}

// get serves one GET request through Echo, without listening.
func httpGet(t *testing.T, s *Server, target string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, target, nil)
	rec := httptest.NewRecorder()
	s.Echo().ServeHTTP(rec, req)
	return rec
}

func viewURL(q url.Values) string { return "/view?" + q.Encode() }

func textbookQuery(step string) url.Values {
	return url.Values{"tree": {tree.TwoPlyGameTree}, "step": {step}}
}

func TestHome(t *testing.T) {
	s := newTestServer(t)
	rec := httpGet(t, s, "/")
	if rec.Code != http.StatusOK {
		t.Fatalf("GET / = %d, want 200", rec.Code)
	}
	if ct := rec.Header().Get(echo.HeaderContentType); !strings.HasPrefix(ct, "text/html") {
		t.Errorf("content type = %q, want text/html", ct)
	}
	p := parsePage(t, rec.Body.String())
	if got := textOf(p.one("tree-input")); got != strings.Join(strings.Fields(tree.TwoPlyGameTree), " ") {
		t.Errorf("tree box holds %q, want the textbook tree", got)
	}
	form := p.one("scenario-form")
	if attrOf(form, "method") != "get" || attrOf(form, "action") != "/view" {
		t.Errorf("form method=%q action=%q, want get /view", attrOf(form, "method"), attrOf(form, "action"))
	}
	names := map[string]bool{}
	for _, n := range p.all(func(n *html.Node) bool { return attrHas(n, "name") }) {
		names[attrOf(n, "name")] = true
	}
	for _, want := range []string{"tree", "root", "position", "matches", "take", "random", "seed", "algo", "prune", "fail", "order", "depth", "eval", "source", "step"} {
		if !names[want] {
			t.Errorf("the form has no field named %q", want)
		}
	}
}

func TestViewTextbookEnd(t *testing.T) {
	s := newTestServer(t)
	rec := httpGet(t, s, viewURL(textbookQuery("end")))
	if rec.Code != http.StatusOK {
		t.Fatalf("GET /view = %d, want 200\n%s", rec.Code, rec.Body)
	}
	p := parsePage(t, rec.Body.String())
	checks := []struct{ id, state, value string }{
		{"", "done", "3"},
		{"0", "done", "3"},
		{"1", "done", "≤ 2"},
		{"1.0", "done", "2"},
		{"1.1", "pruned", ""},
		{"1.2", "pruned", ""},
		{"2", "done", "2"},
	}
	for _, c := range checks {
		n := p.node(c.id)
		if n == nil {
			t.Errorf("node %q is not drawn", c.id)
			continue
		}
		if got := attrOf(n, "data-state"); got != c.state {
			t.Errorf("node %q data-state = %q, want %q", c.id, got, c.state)
		}
		if got := attrOf(n, "data-value"); got != c.value {
			t.Errorf("node %q data-value = %q, want %q", c.id, got, c.value)
		}
	}
	if got, want := textOf(p.one("step")), "step 50 of 50"; got != want {
		t.Errorf("step counter = %q, want %q", got, want)
	}
	if got := textOf(p.one("cut-test")); got != "2 ≤ α = 3" {
		t.Errorf("cut test = %q, want 2 ≤ α = 3", got)
	}
	stats := map[string]string{}
	for _, dd := range p.all(func(n *html.Node) bool { return attrHas(n, "data-stat") && isInside(n, p.one("stats")) }) {
		stats[attrOf(dd, "data-stat")] = textOf(dd)
	}
	for k, want := range map[string]string{"nodes": "11", "leaves": "7", "cutoffs": "1", "minimax": "9", "spared": "2 of 9 (22%)", "value": "3"} {
		if stats[k] != want {
			t.Errorf("stat %s = %q, want %q", k, stats[k], want)
		}
	}
	// The script's starting state is embedded as data, not code.
	var init struct {
		Query string `json:"query"`
		Step  int    `json:"step"`
		Total int    `json:"total"`
		End   bool   `json:"end"`
		WS    string `json:"ws"`
	}
	data := p.all(hasAttr("id", "abtrace-init"))
	if len(data) != 1 || attrOf(data[0], "type") != "application/json" {
		t.Fatal("no embedded JSON state")
	}
	if err := json.Unmarshal([]byte(data[0].FirstChild.Data), &init); err != nil {
		t.Fatal(err)
	}
	q, _ := url.ParseQuery(init.Query)
	if q.Get("tree") != tree.TwoPlyGameTree || init.Step != 50 || init.Total != 50 || !init.End || init.WS != "/ws" {
		t.Errorf("embedded state = %+v", init)
	}
}

// TestViewPermalink renders step 17 from a permalink and compares every
// drawn node with a replay of the first 17 events of the same search.
func TestViewPermalink(t *testing.T) {
	s := newTestServer(t)
	p0, err := scenario.Scenario{Tree: tree.TwoPlyGameTree}.Prepare()
	if err != nil {
		t.Fatal(err)
	}
	var events []trace.Event
	if _, err := p0.Run(func(e *trace.Event) bool { events = append(events, *e); return true }); err != nil {
		t.Fatal(err)
	}
	for _, step := range []int{0, 1, 17, 27, 49, 50} {
		t.Run(strconv.Itoa(step), func(t *testing.T) {
			want, err := trace.Replay(events[:step])
			if err != nil {
				t.Fatal(err)
			}
			rec := httpGet(t, s, viewURL(textbookQuery(strconv.Itoa(step))))
			if rec.Code != http.StatusOK {
				t.Fatalf("GET = %d", rec.Code)
			}
			p := parsePage(t, rec.Body.String())
			nodes := p.nodes()
			if len(nodes) != 13 {
				t.Fatalf("drawn nodes = %d, want 13", len(nodes))
			}
			for id, n := range nodes {
				if got, w := attrOf(n, "data-state"), want.StateOf(id).String(); got != w {
					t.Errorf("node %q data-state = %q, want %q", id, got, w)
				}
				w := ""
				if nv := want.Nodes[id]; nv != nil {
					w = nv.Text
				}
				if got := attrOf(n, "data-value"); got != w {
					t.Errorf("node %q data-value = %q, want %q", id, got, w)
				}
				if cur := hasClass("cur")(n); cur != (step > 0 && id == want.Current) {
					t.Errorf("node %q current = %v", id, cur)
				}
			}
			if step > 0 {
				if got := textOf(p.one("narration")); got != want.Narration {
					t.Errorf("narration = %q, want %q", got, want.Narration)
				}
			}
			if got, w := textOf(p.one("step")), "step "+strconv.Itoa(step)+" of 50"; got != w {
				t.Errorf("step counter = %q, want %q", got, w)
			}
		})
	}
}

func TestViewStepBeyondEnd(t *testing.T) {
	s := newTestServer(t)
	p := parsePage(t, httpGet(t, s, viewURL(textbookQuery("9999"))).Body.String())
	if got := textOf(p.one("step")); got != "step 50 of 50" {
		t.Errorf("step counter = %q, want the last step", got)
	}
}

func TestViewBadTree(t *testing.T) {
	s := newTestServer(t)
	bad := "((3 12 8)\n (2 4 6) (14 5 2"
	rec := httpGet(t, s, viewURL(url.Values{"tree": {bad}, "algo": {"minimax"}, "order": {"best"}}))
	if rec.Code != http.StatusBadRequest {
		t.Fatalf("GET = %d, want 400", rec.Code)
	}
	p := parsePage(t, rec.Body.String())
	msg := textOf(p.one("form-error"))
	_, perr := tree.Parse(bad)
	var te *tree.Error
	if !errors.As(perr, &te) {
		t.Fatalf("the bad tree parses: %v", perr)
	}
	if !strings.Contains(msg, te.Msg) {
		t.Errorf("error shown = %q, want it to say %q", msg, te.Msg)
	}
	if got, want := textOf(p.one("error-position")), "line "+strconv.Itoa(te.Line)+", column "+strconv.Itoa(te.Col); got != want {
		t.Errorf("position = %q, want %q", got, want)
	}
	ta := p.one("tree-input")
	if got := ta.FirstChild; got == nil || strings.TrimPrefix(got.Data, "\n") != bad {
		t.Errorf("the tree text was not kept")
	}
	if sel := p.all(func(n *html.Node) bool {
		return n.Data == "option" && attrHas(n, "selected") && attrOf(n, "value") == "best"
	}); len(sel) != 1 {
		t.Errorf("the chosen order was not kept")
	}
}

func TestViewBadParameters(t *testing.T) {
	s := newTestServer(t)
	for _, q := range []url.Values{
		{"tree": {tree.TwoPlyGameTree}, "step": {"seven"}},
		{"tree": {tree.TwoPlyGameTree}, "step": {"-1"}},
		{"tree": {tree.TwoPlyGameTree}, "form": {"haiku"}},
		{"tree": {tree.TwoPlyGameTree}, "algo": {"dijkstra"}},
		{"tree": {tree.TwoPlyGameTree}, "depth": {"deep"}},
		{"game": {"chess"}},
		{"game": {"tictactoe"}, "position": {"xxxxxxxxx"}},
		{"tree": {""}},
	} {
		rec := httpGet(t, s, viewURL(q))
		if rec.Code != http.StatusBadRequest {
			t.Errorf("%s = %d, want 400", q.Encode(), rec.Code)
			continue
		}
		p := parsePage(t, rec.Body.String())
		if msg := textOf(p.one("form-error")); msg == "" {
			t.Errorf("%s: no error shown", q.Encode())
		}
	}
}

func TestFormSubmitRedirects(t *testing.T) {
	s := newTestServer(t)
	q := url.Values{
		"source": {"tree"}, "tree": {tree.TwoPlyGameTree}, "root": {""}, "random": {"3,4"}, "position": {"x........"},
		"matches": {"7"}, "take": {"3"}, "seed": {""}, "algo": {"alphabeta"}, "prune": {"ge"}, "fail": {"soft"},
		"order": {"best"}, "depth": {""}, "eval": {""}, "step": {"0"},
	}
	rec := httpGet(t, s, viewURL(q))
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("GET = %d, want 303", rec.Code)
	}
	loc, err := url.Parse(rec.Header().Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	// The defaults (alpha-beta, fail-soft) are left out, as in every
	// permalink; prune=ge stays, since a CS188 file brings its own rule.
	want := url.Values{"tree": {tree.TwoPlyGameTree}, "prune": {"ge"}, "order": {"best"}, "step": {"0"}, "lang": {"en"}}
	if loc.Path != "/view" || loc.Query().Encode() != want.Encode() {
		t.Errorf("redirect to %s, want /view?%s", loc, want.Encode())
	}

	q.Set("source", "tictactoe")
	q.Set("position", "xo.......")
	loc, _ = url.Parse(httpGet(t, s, viewURL(q)).Header().Get("Location"))
	if g := loc.Query(); g.Get("game") != "tictactoe" || g.Get("position") != "xo......." || g.Has("tree") || g.Has("matches") {
		t.Errorf("tic-tac-toe redirect to %s", loc)
	}

	q.Set("source", "random")
	q.Set("random", "2,9x")
	rec = httpGet(t, s, viewURL(q))
	if rec.Code != http.StatusBadRequest {
		t.Errorf("a bad recipe = %d, want 400", rec.Code)
	}
	p := parsePage(t, rec.Body.String())
	if got := attrOf(p.all(hasAttr("id", "random"))[0], "value"); got != "2,9x" {
		t.Errorf("the recipe was not kept: %q", got)
	}
	if checked := p.all(func(n *html.Node) bool { return attrOf(n, "name") == "source" && attrHas(n, "checked") }); len(checked) != 1 || attrOf(checked[0], "value") != "random" {
		t.Error("the chosen source was not kept")
	}
}

func TestViewTicTacToeFolds(t *testing.T) {
	s := newTestServer(t)
	rec := httpGet(t, s, viewURL(url.Values{"game": {"tictactoe"}, "algo": {"minimax"}, "step": {"40"}}))
	if rec.Code != http.StatusOK {
		t.Fatalf("GET = %d\n%s", rec.Code, rec.Body)
	}
	p := parsePage(t, rec.Body.String())
	nodes := p.nodes()
	if len(nodes) == 0 || len(nodes) > scenario.MaxDrawn {
		t.Fatalf("drawn nodes = %d, want 1..%d", len(nodes), scenario.MaxDrawn)
	}
	folds := p.all(func(n *html.Node) bool { return attrHas(n, "data-fold") })
	if len(folds) == 0 {
		t.Fatal("the whole game is drawn with no fold")
	}
	visited := 0
	for _, f := range folds {
		v, _ := strconv.Atoi(attrOf(f, "data-visited"))
		total, _ := strconv.Atoi(attrOf(f, "data-total"))
		if total <= 0 || v > total {
			t.Errorf("fold %s: visited %d of %d", attrOf(f, "data-fold"), v, total)
		}
		visited += v
	}
	if visited == 0 {
		t.Error("40 steps into the game, no fold counts a visited node")
	}
	if !hasClass("g-board")(p.node("")) {
		t.Error("the root is not drawn as a board")
	}
}

func TestHealthz(t *testing.T) {
	s := newTestServer(t)
	rec := httpGet(t, s, "/healthz")
	var h Health
	if err := json.Unmarshal(rec.Body.Bytes(), &h); rec.Code != http.StatusOK || err != nil || h.Status != "ok" || h.HeapBytes == 0 || h.Runtime != nil {
		t.Errorf("GET /healthz = %d %s, want status ok and the heap's size, and no runtime figures", rec.Code, rec.Body)
	}
	runtime.GC()
	rec = httpGet(t, s, "/healthz?runtime=1")
	h = Health{}
	if err := json.Unmarshal(rec.Body.Bytes(), &h); err != nil || h.Runtime == nil {
		t.Fatalf("GET /healthz?runtime=1 = %d %s, want the runtime's figures", rec.Code, rec.Body)
	}
	r := h.Runtime
	if r.GCCycles == 0 || r.GCPauses.Count < 2*r.GCCycles || r.GCPauses.Max <= 0 || r.GCPauses.P50 > r.GCPauses.P99 ||
		r.GCPauses.P99 > r.GCPauses.Max || r.MemoryLimit == 0 || r.MappedBytes == 0 || r.HeapGoal == 0 || r.CPUSeconds <= 0 {
		t.Errorf("runtime figures after a collection: %+v", *r)
	}
}

func TestQuantilesOf(t *testing.T) {
	inf := math.Inf(1)
	h := &metrics.Float64Histogram{Counts: []uint64{50, 0, 49, 1}, Buckets: []float64{0, 0.001, 0.002, 0.004, inf}}
	want := Quantiles{Count: 100, P50: 1, P99: 4, Max: 4}
	if got := quantilesOf(h); got != want {
		t.Errorf("quantilesOf = %+v, want %+v", got, want)
	}
	h.Counts = []uint64{50, 0, 0, 50}
	if got, want := quantilesOf(h), (Quantiles{Count: 100, P50: 1, P99: 4, Max: 4}); got != want {
		t.Errorf("with the last bucket unbounded: quantilesOf = %+v, want %+v (its lower bound)", got, want)
	}
	if got := quantilesOf(&metrics.Float64Histogram{Counts: []uint64{0}, Buckets: []float64{0, 1}}); got != (Quantiles{}) {
		t.Errorf("empty histogram: %+v", got)
	}
}

func TestValidate(t *testing.T) {
	s := newTestServer(t)
	var ok validateResult
	rec := httpGet(t, s, "/api/validate?"+url.Values{"tree": {tree.TwoPlyGameTreePlain}}.Encode())
	if err := json.Unmarshal(rec.Body.Bytes(), &ok); err != nil || rec.Code != http.StatusOK {
		t.Fatalf("validate = %d %s", rec.Code, rec.Body)
	}
	if !ok.OK || ok.Nodes != 13 || ok.Canonical != tree.TwoPlyGameTreePlain {
		t.Errorf("valid tree: %+v", ok)
	}

	var bad validateResult
	rec = httpGet(t, s, "/api/validate?"+url.Values{"tree": {"((3 12 8) (2 4 6) (14 5 2)"}}.Encode())
	if err := json.Unmarshal(rec.Body.Bytes(), &bad); err != nil {
		t.Fatal(err)
	}
	if bad.OK || bad.Line != 1 || bad.Col == 0 || !strings.Contains(bad.Error, "line 1") {
		t.Errorf("unclosed tree: %+v", bad)
	}

	var minRoot validateResult
	rec = httpGet(t, s, "/api/validate?"+url.Values{"tree": {"(1 2)"}, "root": {"min"}}.Encode())
	_ = json.Unmarshal(rec.Body.Bytes(), &minRoot)
	if !minRoot.OK || !strings.HasPrefix(minRoot.Canonical, "[min]") && minRoot.Canonical != "(1 2)" {
		t.Errorf("min root: %+v", minRoot)
	}
}

func TestSecurityHeaders(t *testing.T) {
	s := newTestServer(t)
	for _, path := range []string{"/", viewURL(textbookQuery("3")), "/healthz", "/nowhere"} {
		h := httpGet(t, s, path).Header()
		for k, want := range map[string]string{
			"Content-Security-Policy": ContentSecurityPolicy,
			"X-Content-Type-Options":  "nosniff",
			"X-Frame-Options":         "DENY",
			"Referrer-Policy":         "same-origin",
		} {
			if got := h.Get(k); got != want {
				t.Errorf("%s: %s = %q, want %q", path, k, got, want)
			}
		}
	}
	for _, part := range []string{"default-src 'self'", "script-src 'self'", "style-src 'self'", "frame-ancestors 'none'"} {
		if !strings.Contains(ContentSecurityPolicy, part) {
			t.Errorf("the policy lacks %q", part)
		}
	}
}

// TestNoInlineCode checks what the policy would block: no inline script,
// no style element, no style attribute.
func TestNoInlineCode(t *testing.T) {
	s := newTestServer(t)
	for _, path := range []string{"/", viewURL(textbookQuery("27")), viewURL(url.Values{"game": {"tictactoe"}, "position": {"xo.x.o..."}}), "/nowhere"} {
		p := parsePage(t, httpGet(t, s, path).Body.String())
		for _, sc := range p.all(isTag("script")) {
			if attrOf(sc, "src") == "" && attrOf(sc, "type") != "application/json" {
				t.Errorf("%s: an inline script", path)
			}
		}
		if n := len(p.all(isTag("style"))); n > 0 {
			t.Errorf("%s: %d style elements", path, n)
		}
		if n := len(p.all(func(n *html.Node) bool { return attrHas(n, "style") })); n > 0 {
			t.Errorf("%s: %d style attributes", path, n)
		}
		for _, n := range p.all(func(n *html.Node) bool { return true }) {
			for _, a := range n.Attr {
				if strings.HasPrefix(a.Key, "on") {
					t.Errorf("%s: an inline handler %s", path, a.Key)
				}
			}
		}
	}
}

func TestStatic(t *testing.T) {
	s := newTestServer(t)
	for name, ctype := range map[string]string{
		"abtrace.css": "text/css; charset=utf-8",
		"viewer.js":   "text/javascript; charset=utf-8",
		"home.js":     "text/javascript; charset=utf-8",
		"theme.js":    "text/javascript; charset=utf-8",
	} {
		rec := httpGet(t, s, "/static/"+name)
		if rec.Code != http.StatusOK {
			t.Errorf("%s = %d", name, rec.Code)
			continue
		}
		if got := rec.Header().Get(echo.HeaderContentType); got != ctype {
			t.Errorf("%s content type = %q, want %q", name, got, ctype)
		}
		if got := rec.Header().Get("Cache-Control"); got != "no-cache" {
			t.Errorf("%s unversioned Cache-Control = %q, want no-cache", name, got)
		}
		etag := rec.Header().Get("ETag")
		req := httptest.NewRequest(http.MethodGet, "/static/"+name, nil)
		req.Header.Set("If-None-Match", etag)
		rec2 := httptest.NewRecorder()
		s.Echo().ServeHTTP(rec2, req)
		if rec2.Code != http.StatusNotModified {
			t.Errorf("%s with its ETag = %d, want 304", name, rec2.Code)
		}
		ver := strings.Trim(etag, `"`)
		if got := httpGet(t, s, "/static/"+name+"?v="+ver).Header().Get("Cache-Control"); !strings.Contains(got, "immutable") {
			t.Errorf("%s versioned Cache-Control = %q, want immutable", name, got)
		}
	}
	for _, bad := range []string{"/static/embed.go", "/static/nothing.js", "/static/../go.mod", "/static/"} {
		if rec := httpGet(t, s, bad); rec.Code != http.StatusNotFound {
			t.Errorf("%s = %d, want 404", bad, rec.Code)
		}
	}
}

func TestUnknownRoutes(t *testing.T) {
	s := newTestServer(t)
	rec := httpGet(t, s, "/nowhere")
	if rec.Code != http.StatusNotFound || !strings.HasPrefix(rec.Header().Get(echo.HeaderContentType), "text/html") {
		t.Errorf("GET /nowhere = %d %s, want a 404 page", rec.Code, rec.Header().Get(echo.HeaderContentType))
	}
	rec = httpGet(t, s, "/api/nowhere")
	if rec.Code != http.StatusNotFound || !strings.HasPrefix(rec.Header().Get(echo.HeaderContentType), "application/json") {
		t.Errorf("GET /api/nowhere = %d %s, want JSON 404", rec.Code, rec.Header().Get(echo.HeaderContentType))
	}
	req := httptest.NewRequest(http.MethodPost, "/view", strings.NewReader("x"))
	rec = httptest.NewRecorder()
	s.Echo().ServeHTTP(rec, req)
	if rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST /view = %d, want 405", rec.Code)
	}
}

// TestRenderFailure checks that a template that fails halfway gives a
// clean error page: nothing of the half-written page reaches the client.
func TestRenderFailure(t *testing.T) {
	s := newTestServer(t)
	broken := templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		io.WriteString(w, "<p>half a page")
		return errFake
	})
	s.Echo().GET("/broken", func(c echo.Context) error { return s.render(c, http.StatusOK, broken) })
	rec := httpGet(t, s, "/broken")
	if rec.Code != http.StatusInternalServerError {
		t.Errorf("status = %d, want 500", rec.Code)
	}
	if strings.Contains(rec.Body.String(), "half a page") {
		t.Error("half a page was sent")
	}
	if !strings.Contains(rec.Body.String(), "could not be drawn") {
		t.Errorf("no error page: %s", rec.Body)
	}
}

// TestPageWeight fetches the textbook viewer and every asset it references
// and checks that all of it stays under 200 KB uncompressed.
func TestPageWeight(t *testing.T) {
	s := newTestServer(t)
	rec := httpGet(t, s, viewURL(textbookQuery("17")))
	total := rec.Body.Len()
	p := parsePage(t, rec.Body.String())
	var assets []string
	for _, n := range p.all(func(n *html.Node) bool { return attrHas(n, "src") || (n.Data == "link" && attrHas(n, "href")) }) {
		ref := attrOf(n, "src")
		if ref == "" {
			ref = attrOf(n, "href")
		}
		if strings.HasPrefix(ref, "data:") {
			continue
		}
		if !strings.HasPrefix(ref, "/static/") {
			t.Errorf("the page references %q, not one of its own files", ref)
			continue
		}
		assets = append(assets, ref)
	}
	if len(assets) < 3 {
		t.Fatalf("found %d assets, want the style sheet and the scripts", len(assets))
	}
	for _, a := range assets {
		r := httpGet(t, s, a)
		if r.Code != http.StatusOK {
			t.Errorf("%s = %d", a, r.Code)
		}
		total += r.Body.Len()
	}
	t.Logf("the textbook viewer weighs %d bytes (%.1f KB) with %d assets: page %d bytes", total, float64(total)/1024, len(assets), rec.Body.Len())
	if total >= 200*1024 {
		t.Errorf("page weight %d bytes, want under 200 KB", total)
	}
}

var errFake = errors.New("a template failed on purpose")

// TestViewOpenFold opens one fold of the whole tic-tac-toe game: the page
// draws the nodes under it, and the address keeps it open.
func TestViewOpenFold(t *testing.T) {
	s := newTestServer(t)
	q := url.Values{"game": {"tictactoe"}, "algo": {"minimax"}, "step": {"5"}}
	p := parsePage(t, httpGet(t, s, viewURL(q)).Body.String())
	folds := p.all(func(n *html.Node) bool { return attrHas(n, "data-fold") })
	if len(folds) == 0 {
		t.Fatal("no folds")
	}
	id := attrOf(folds[0], "data-fold")
	href, err := url.Parse(attrOf(folds[0], "href"))
	if err != nil || href.Query().Get("open") != id || href.Query().Get("step") != "5" {
		t.Fatalf("fold %s links to %q", id, attrOf(folds[0], "href"))
	}
	before := len(p.nodes())
	rec := httpGet(t, s, href.String())
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s = %d", href, rec.Code)
	}
	p2 := parsePage(t, rec.Body.String())
	if after := len(p2.nodes()); after <= before {
		t.Errorf("opening fold %s drew %d nodes, before %d", id, after, before)
	}
	if len(p2.all(hasAttr("data-fold", id))) != 0 {
		t.Errorf("fold %s is still folded after opening it", id)
	}
	if p2.node(trace.ChildID(id, 0)) == nil {
		t.Errorf("the first child of %s is not drawn", id)
	}
}
