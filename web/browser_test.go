package web

import (
	"context"
	"flag"
	"fmt"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/abtrace/abtrace/search/tree"
)

// The browser tests drive Debian's chromium against the real server: they
// load pages, press keys and check what a person sees. They skip where no
// chromium is installed, except in CI (CI=true), where that is a failure.

// updateScreenshots copies the README's screenshot into docs/screenshots:
// go test ./web -run TestBrowserTextbook -update-screenshots
var updateScreenshots = flag.Bool("update-screenshots", false, "copy the README's screenshot to docs/screenshots")

// screenshotDir is where the browser tests save what they saw (ignored by
// git); the README's screenshot is copied to docs/screenshots.
const screenshotDir = "testdata/screenshots"

// probe is installed in every page before its own scripts run: it records
// content security policy violations, counts the viewer's updates and
// times each key press to the frame painted after it: to the websocket
// message that answers it (net), to the update applied (js) and to the
// frame painted after that (lat). It also counts the updates applied
// later than the first frame after their message arrived (late): a step
// that waits for anything (a running transition, a timer) shows there,
// on any machine, however fast or loaded. An update from a ready patch
// (a step the server made ahead, applied in the key's own handler) counts
// in ready, and is late when it is applied after the first frame that
// followed its key.
const probe = `
window.__abt = {csp: [], updates: 0, lat: [], js: [], net: [], t0: undefined, sockets: [], msg: null, late: 0, ready: 0, key: null};
{
  const WS = window.WebSocket;
  window.WebSocket = class extends WS {
    constructor(...args) {
      super(...args);
      __abt.sockets.push(this);
      this.addEventListener("message", () => {
        if (__abt.t0 !== undefined) __abt.net.push(performance.now() - __abt.t0);
        const m = {framed: false};
        __abt.msg = m;
        requestAnimationFrame(() => { m.framed = true; });
      });
    }
  };
}
document.addEventListener("securitypolicyviolation", (e) => __abt.csp.push(e.violatedDirective + " " + e.blockedURI));
window.addEventListener("keydown", () => {
  __abt.t0 = performance.now();
  const k = {framed: false};
  __abt.key = k;
  requestAnimationFrame(() => { k.framed = true; });
}, true);
window.addEventListener("abtrace:update", (e) => {
  __abt.updates++;
  if (e.detail && e.detail.ready) {
    __abt.ready++;
    if (__abt.key && __abt.key.framed) __abt.late++;
  } else if (__abt.msg && __abt.msg.framed) __abt.late++;
  const t0 = __abt.t0;
  if (t0 === undefined) return;
  __abt.t0 = undefined;
  __abt.js.push(performance.now() - t0);
  requestAnimationFrame(() => setTimeout(() => __abt.lat.push(performance.now() - t0), 0));
});
`

// chromium returns the browser to use, or skips the test.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("no chromium installed, and CI=true: install it with apt-get install -y chromium")
	}
	t.Skip("no chromium installed (apt-get install -y chromium)")
	return ""
}

// browserEnv is a running server and a browser tab.
type browserEnv struct {
	t   *testing.T
	ctx context.Context
	srv *httptest.Server
	hub *Hub // the server's websocket sessions
}

func newBrowserEnv(t *testing.T, width, height int64) *browserEnv {
	t.Helper()
	return newBrowserEnvFor(t, width, height, browserTestTimeout)
}

// browserTestTimeout is how long a browser test may take, all its pages
// together, unless it asks for longer (a guard against a hang).
const browserTestTimeout = 3 * time.Minute

// newBrowserEnvFor is newBrowserEnv for a test that may take up to d.
func newBrowserEnvFor(t *testing.T, width, height int64, d time.Duration) *browserEnv {
	t.Helper()
	return newBrowserServer(t).tab(t, width, height, d)
}

// newBrowserServer starts a server for the browser tabs of t and of its
// subtests (browserEnv.tab); it stops when t ends.
func newBrowserServer(t *testing.T) *browserEnv {
	t.Helper()
	skipBrowser(t)
	s := newTestServer(t)
	srv := httptest.NewServer(s.Echo())
	t.Cleanup(func() {
		s.Hub().Close(context.Background())
		srv.Close()
	})
	return &browserEnv{t: t, srv: srv, hub: s.Hub()}
}

// tab opens a browser tab for t on b's server, for up to d; it closes
// when t ends. Subtests that run side by side each open their own.
func (b *browserEnv) tab(t *testing.T, width, height int64, d time.Duration) *browserEnv {
	t.Helper()
	ctx := browserTab(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, height)); err != nil {
		t.Fatalf("open a tab: %v", err)
	}
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: probe}); err != nil {
		t.Fatalf("install the probe: %v", err)
	}
	tctx, cancel := context.WithTimeout(ctx, d)
	t.Cleanup(cancel)
	return &browserEnv{t: t, ctx: tctx, srv: b.srv, hub: b.hub}
}

// skipBrowser skips a browser test in -short mode, and under the race
// detector: the README's test command runs the browser tests a second
// time without it (go test -run Browser ./web), since the detector makes
// the server they drive several times slower and finds nothing there that
// the websocket session tests under it do not.
func skipBrowser(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("browser tests are skipped in -short mode")
	}
	if raceDetector {
		t.Skip("browser tests run without -race: go test -run Browser ./web")
	}
}

// sharedBrowser is the one chromium that the package's browser tests
// share: starting a browser costs more than most tests' pages, so each
// test opens a tab of its own, in a browser context of its own (cookies,
// storage and cache kept apart, as in a fresh browser), and closes it when
// it ends. TestMain ends the browser after the last test.
var sharedBrowser struct {
	sync.Mutex
	ctx    context.Context // the browser's first tab; nil until started
	cancel func()
}

// browserTab opens a tab in a new browser context of the shared browser,
// starting the browser at the first call; the tab closes when t ends.
func browserTab(t *testing.T) context.Context {
	t.Helper()
	execPath := chromium(t)
	sharedBrowser.Lock()
	if sharedBrowser.ctx == nil {
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(execPath),
			chromedp.Flag("disable-gpu", true),
			chromedp.Flag("disable-quic", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("hide-scrollbars", true),
			chromedp.Flag("lang", "en-US"),
			chromedp.WindowSize(1920, 1080),
		)
		allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		first, cancelFirst := chromedp.NewContext(allocCtx)
		// The first action starts the browser, bound to first (no timeout:
		// a timeout on the first action would end the browser with it).
		if err := chromedp.Do(first, chromedp.EmulateViewport(1920, 1080)); err != nil {
			cancelFirst()
			cancelAlloc()
			sharedBrowser.Unlock()
			t.Fatalf("start chromium: %v", err)
		}
		sharedBrowser.ctx = first
		sharedBrowser.cancel = func() { cancelFirst(); cancelAlloc() }
	}
	browser := sharedBrowser.ctx
	sharedBrowser.Unlock()
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	return ctx
}

// browserParallel is how many browser tests run at once when go test is
// not told (-parallel); every browser test starts with t.Parallel(), or it
// runs alone after the others: a browser test mostly waits, for the page, the
// server and the frames painted. Three at once, the browser run took 3 min
// 14 s on a quiet 2-core machine and the test binary and chromium together
// used 2 min 40 s of CPU in it (measured on the loaded machine), less than
// one core of two; six at once keep both busy, each page's wait still far
// within its 15 s. Each has its own server, browser context and tab.
const browserParallel = 6

// TestMain runs the package's tests, the browser tests browserParallel at
// once unless -parallel says otherwise (under the race detector, as told),
// and ends the shared browser, if one was started.
func TestMain(m *testing.M) {
	flag.Parse()
	told := false
	flag.Visit(func(f *flag.Flag) { told = told || f.Name == "test.parallel" })
	if !told && !raceDetector {
		if err := flag.Set("test.parallel", strconv.Itoa(browserParallel)); err != nil {
			panic(err)
		}
	}
	code := m.Run()
	sharedBrowser.Lock()
	if sharedBrowser.cancel != nil {
		sharedBrowser.cancel()
	}
	sharedBrowser.Unlock()
	os.Exit(code)
}

func (b *browserEnv) do(actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, actions...); err != nil {
		b.t.Fatal(err)
	}
}

// eval evaluates a JavaScript expression and decodes its value into T.
func eval[T any](b *browserEnv, expr string) T {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		b.t.Fatalf("evaluate %s: %v", expr, err)
	}
	return v
}

// waitFor waits until a JavaScript expression is true. It polls from Go,
// so the page's policy (no eval) is never in the way.
func (b *browserEnv) waitFor(expr string, what string) {
	b.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		ok, err := chromedp.Run(b.ctx, chromedp.Evaluate[bool]("!!("+expr+")"))
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			b.t.Fatalf("waiting for %s (%s): timed out (last error %v)", what, expr, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// open loads a page and waits until the script is connected and has
// applied the server's first frame.
func (b *browserEnv) open(path string) {
	b.t.Helper()
	b.do(chromedp.Navigate(b.srv.URL + path))
	b.waitLive()
}

// waitLive waits until the page's websocket is open and the server has
// answered it once, so that the controls act over it.
func (b *browserEnv) waitLive() {
	b.t.Helper()
	b.waitFor(`document.getElementById("conn").dataset.conn === "on" && window.__abt && __abt.updates > 0`, "the websocket's first answer")
}

// key presses one key, as a person would, and waits for the step counter
// to read want.
func (b *browserEnv) key(k, want string) {
	b.t.Helper()
	b.do(chromedp.KeyEvent(k))
	b.waitFor(fmt.Sprintf(`document.getElementById("step").textContent === %q`, want), want)
}

func (b *browserEnv) attr(sel, name string) string {
	b.t.Helper()
	return eval[string](b, fmt.Sprintf(`(document.querySelector(%q) || {getAttribute: () => "<missing>"}).getAttribute(%q) ?? ""`, sel, name))
}

// settled is true when no transition or animation of the page is running
// (asking for them applies the styles set so far, so a transition just
// set is among them).
const settled = `document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity)`

// screenshot saves the viewport as a PNG under testdata/screenshots.
func (b *browserEnv) screenshot(name string) string {
	b.t.Helper()
	// Let the transitions (a quarter of a second) finish first.
	b.waitFor(settled, "the page's transitions to end")
	buf, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		b.t.Fatal(err)
	}
	if err := os.MkdirAll(screenshotDir, 0o755); err != nil {
		b.t.Fatal(err)
	}
	p := filepath.Join(screenshotDir, name)
	if err := os.WriteFile(p, buf, 0o644); err != nil {
		b.t.Fatal(err)
	}
	b.t.Logf("screenshot: web/%s", p)
	return p
}

// checkClean fails on content security policy violations.
func (b *browserEnv) checkClean() {
	b.t.Helper()
	if v := eval[[]string](b, `__abt.csp`); len(v) > 0 {
		b.t.Errorf("content security policy violations: %q", v)
	}
}

// headerLine measures a page's header as a person sees it: the height of
// what it shows, the tallest of its parts (one line of the header), the
// lines its title takes and how far it reaches past the window's right.
const headerLine = `(() => {
  const h = document.querySelector("header.top");
  const kids = [...h.children].filter((k) => k.offsetParent !== null).map((k) => k.getBoundingClientRect());
  const top = Math.min(...kids.map((k) => k.top)), bottom = Math.max(...kids.map((k) => k.bottom));
  const range = document.createRange();
  range.selectNodeContents(h.querySelector("h1"));
  const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  return {height: bottom - top, line: Math.max(...kids.map((k) => k.height)), lines,
    over: Math.max(...kids.map((k) => k.right), h.scrollWidth) - window.innerWidth};
})()`

// checkHeaderOneLine fails unless the page's header is one line: all its
// parts side by side (the header no higher than its tallest part), the
// title on one line, nothing past the window's right edge.
func checkHeaderOneLine(b *browserEnv, what string) {
	b.t.Helper()
	m := eval[struct {
		Height, Line, Over float64
		Lines              int
	}](b, headerLine)
	if m.Height > m.Line+1 || m.Lines != 1 || m.Over > 0.5 {
		b.t.Errorf("%s: the header is %.0f px high for a line of %.0f px, its title takes %d lines and it reaches %.0f px past the window; want one line within the window",
			what, m.Height, m.Line, m.Lines, m.Over)
	}
}

// uncovered measures, in the visible part of the page, every control
// matching the selector (a button, a link styled as one, a summary, a
// select) whose centre another element covers, and every block of text
// (the narration, a pane's status line) whose lines run out of its box: ""
// when there is none.
const uncovered = `((sel) => {
	const out = [];
	const seen = el => { const r = el.getBoundingClientRect();
		return r.width > 0 && r.height > 0 && el.checkVisibility({visibilityProperty: true}) && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth; };
	for (const el of document.querySelectorAll(sel)) {
		if (!seen(el)) continue;
		const r = el.getBoundingClientRect();
		const x = Math.min(Math.max((r.left + r.right) / 2, 0), innerWidth - 1), y = Math.min(Math.max((r.top + r.bottom) / 2, 0), innerHeight - 1);
		const top = document.elementFromPoint(x, y);
		if (top && top !== el && !el.contains(top) && !top.contains(el)) out.push((el.textContent.trim() || el.id || el.tagName) + " is covered by " + top.tagName + "." + top.getAttribute("class"));
	}
	for (const el of document.querySelectorAll('#narration, [data-testid="pane-status"]')) {
		if (seen(el) && el.scrollHeight > el.clientHeight + 1) out.push((el.id || el.dataset.testid) + " runs " + (el.scrollHeight - el.clientHeight) + " px out of its box");
	}
	return out.join("; ");
})`

// checkUncovered fails the test when a control is covered or a caption
// runs out of its box (see uncovered).
func checkUncovered(b *browserEnv, what string) {
	b.t.Helper()
	checkUncoveredIn(b, what, "button, a.btn, summary, select")
}

// checkUncoveredIn is checkUncovered for the controls matching sel only.
func checkUncoveredIn(b *browserEnv, what, sel string) {
	b.t.Helper()
	if got := eval[string](b, uncovered+"("+strconv.Quote(sel)+")"); got != "" {
		b.t.Errorf("%s: %s; want every control clear and every caption within its box", what, got)
	}
}

func textbookPath(step string) string {
	return "/view?" + url.Values{"tree": {tree.TwoPlyGameTree}, "step": {step}}.Encode()
}

// TestBrowserTextbook steps through the textbook tree with the keyboard,
// as a lecturer does in class, and checks what the class sees.
func TestBrowserTextbook(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1280, 800)
	b.open(textbookPath("0"))
	if got := b.attr(`[data-node="1"]`, "data-state"); got != "unvisited" {
		t.Fatalf("C at step 0 is %q, want unvisited", got)
	}
	for i := 1; i <= 50; i++ {
		b.key(kb.ArrowRight, "step "+strconv.Itoa(i)+" of 50")
		if i == 27 {
			// The cutoff at C: the line of the test that fired is lit.
			line := eval[string](b, `[...document.querySelectorAll('.listing:not([hidden]) li[data-line-current]')].map(li => li.textContent).join("|")`)
			if line != "if v ≤ α then return v" {
				t.Errorf("at the cutoff the highlighted line is %q, want if v ≤ α then return v", line)
			}
			for _, id := range []string{"1.1", "1.2"} {
				if got := b.attr(`[data-node="`+id+`"]`, "data-state"); got != "pruned" {
					t.Errorf("at the cutoff node %s is %q, want pruned", id, got)
				}
			}
			if got := eval[string](b, `document.querySelector('[data-testid="cut-test"]')?.textContent ?? ""`); got != "2 ≤ α = 3" {
				t.Errorf("the cut says %q, want 2 ≤ α = 3", got)
			}
			shot := b.screenshot("textbook-cutoff.png")
			if *updateScreenshots {
				copyFile(t, shot, filepath.Join("..", "docs", "screenshots", "textbook.png"))
			}
		}
	}
	want := map[string][2]string{ // id → state, value
		"":    {"done", "3"},
		"0":   {"done", "3"},
		"1":   {"done", "≤ 2"},
		"1.0": {"done", "2"},
		"1.1": {"pruned", ""},
		"1.2": {"pruned", ""},
		"2":   {"done", "2"},
	}
	check := func(when string) {
		t.Helper()
		for id, w := range want {
			sel := `[data-node="` + id + `"]`
			if got := b.attr(sel, "data-state"); got != w[0] {
				t.Errorf("%s: node %q is %q, want %q", when, id, got, w[0])
			}
			if got := b.attr(sel, "data-value"); got != w[1] {
				t.Errorf("%s: node %q shows %q, want %q", when, id, got, w[1])
			}
		}
		for _, id := range []string{"1.1", "1.2"} {
			if got := b.attr(`[data-edge="`+id+`"]`, "data-state"); got != "pruned" {
				t.Errorf("%s: the edge into %s is %q, want pruned (cut)", when, id, got)
			}
		}
	}
	check("after stepping to the end")
	b.screenshot("textbook-end.png")
	if got := eval[string](b, `document.querySelector('[data-stat="spared"]').textContent`); got != "2 of 9 (22%)" {
		t.Errorf("leaves spared = %q, want 2 of 9 (22%%)", got)
	}

	// The address names the step, so it is a permalink: reload it and the
	// server renders the same.
	b.waitFor(`new URLSearchParams(location.search).get("step") === "50"`, "the permalink")
	loc := eval[string](b, `location.pathname + location.search`)
	b.open(loc)
	check("after reloading " + loc)

	// Back one step (a whole frame), then Home, then the next cutoff, then End.
	b.key(kb.ArrowLeft, "step 49 of 50")
	if got := b.attr(`[data-node=""]`, "data-value"); got != "3" {
		t.Errorf("at step 49 the root shows %q, want 3", got)
	}
	b.key(kb.Home, "step 0 of 50")
	if n := eval[int](b, `document.querySelectorAll('[data-node]:not([data-state="unvisited"])').length`); n != 0 {
		t.Errorf("at step 0, %d nodes are lit", n)
	}
	if n := eval[int](b, `document.querySelectorAll('.cut').length`); n != 0 {
		t.Errorf("at step 0, %d cut marks remain", n)
	}
	b.key("n", "step 27 of 50")
	b.key(kb.End, "step 50 of 50")
	check("after End")

	// p switches the pseudocode to the negamax form.
	b.do(chromedp.KeyEvent("p"))
	b.waitFor(`!document.querySelector('.listing[data-form="negamax"]').hidden`, "the negamax form")
	b.checkClean()
}

// TestBrowserKeyToPaint measures, in the browser, the time from a key
// press to the painted frame on a tree of about 2,000 drawn nodes.
func TestBrowserKeyToPaint(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1280, 800)
	// random=12,3 is uniform: 1 + 12 + 144 + 1,728 = 1,885 nodes, all drawn.
	b.open("/view?random=12,3&seed=7&step=0")
	n := eval[int](b, `document.querySelectorAll('[data-testid="node"]').length`)
	if n < 1800 {
		t.Fatalf("drawn nodes = %d, want about 2,000", n)
	}
	total := eval[string](b, `document.getElementById("step").textContent`)
	// The server's steps made ahead, counted as they arrive.
	eval[bool](b, `(__abt.readies = 0, __abt.sockets.at(-1).addEventListener("message", (e) => { if (typeof e.data === "string" && e.data.startsWith('{"type":"ready"')) __abt.readies++; }), true)`)
	const presses = 40
	for i := 1; i <= presses; i++ {
		want := "step " + strconv.Itoa(i) + strings.TrimPrefix(total, "step 0")
		b.key(kb.ArrowRight, want)
		// Press the next key once this frame is painted and the page is
		// idle, as a lecturer's presses are far apart: its transitions
		// over and the server's next step made ahead arrived, or 0.4 s
		// gone.
		b.waitFor(`__abt.lat.length >= `+strconv.Itoa(i), "the frame painted")
		idle := `(` + settled + `) && __abt.readies > ` + strconv.Itoa(i)
		for end := time.Now().Add(400 * time.Millisecond); time.Now().Before(end) && !eval[bool](b, idle); {
			time.Sleep(10 * time.Millisecond)
		}
	}
	lat := eval[[]float64](b, `__abt.lat`)
	js := eval[[]float64](b, `__abt.js`)
	net := eval[[]float64](b, `__abt.net`)
	t.Logf("key press to the server's next message: median %.1f ms (%d presses); to the update applied (before paint): median %.1f ms", median(net), len(net), median(js))
	t.Logf("key press to painted frame on %d drawn nodes (random=12,3): median %.1f ms, worst %.1f ms over %d presses, %d of them with a ready patch (a step the server made ahead)",
		n, median(lat), slices.Max(lat), len(lat), eval[int](b, `__abt.ready`))
	b.screenshot("random-12-3.png")
	b.checkClean()
}

// TestBrowserKeyToPaintTextbook measures key press to painted frame on the
// textbook tree when the keys come faster than the 0.25 s transition (a
// lecturer holding →): each press follows the last frame painted, with
// no pause, so the step before is still fresh when the next one lands.
// It logs the median and the worst over the presses, and where the time
// goes; times depend on the machine, so it fails only on what does not:
// an update applied later than the first frame after its message.
func TestBrowserKeyToPaintTextbook(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1280, 720)
	b.open("/view?" + textbookQuery("0").Encode())
	const presses = 48
	for i := 1; i <= presses; i++ {
		b.key(kb.ArrowRight, "step "+strconv.Itoa(i)+" of 50")
		b.waitFor(`__abt.lat.length >= `+strconv.Itoa(i), "the frame painted")
	}
	if late := eval[int](b, `__abt.late`); late != 0 {
		t.Errorf("%d of %d updates were applied after the first frame that followed their message; want every step applied as it arrives", late, presses)
	}
	if got := b.attr(`[data-testid="tree"]`, "class"); !strings.Contains(got, "animate") {
		t.Errorf("the textbook tree's class is %q; want it animated", got)
	}
	lat := eval[[]float64](b, `__abt.lat`)
	net := eval[[]float64](b, `__abt.net`)
	js := eval[[]float64](b, `__abt.js`)
	if len(lat) != presses {
		t.Fatalf("painted frames measured = %d, want %d", len(lat), presses)
	}
	med := median
	ready := eval[int](b, `__abt.ready`)
	t.Logf("key press to painted frame on the textbook tree, keys back to back: median %.1f ms, worst %.1f ms over %d presses; %d of them applied a ready patch (a step the server made ahead), the others took the round trip; key to the server's next message: median %.1f ms; key to the update applied: median %.1f ms",
		med(lat), slices.Max(lat), len(lat), ready, med(net), med(js))
	if ready == 0 {
		t.Errorf("no key applied a ready patch; want the steps made ahead used")
	}
	b.checkClean()
}

// median is the middle of a list of times (0 for none).
func median(x []float64) float64 {
	if len(x) == 0 {
		return 0
	}
	x = slices.Clone(x)
	slices.Sort(x)
	return x[len(x)/2]
}

// TestBrowserTicTacToe shows the whole game under minimax: boards as
// nodes, deep levels folded with their counts.
func TestBrowserTicTacToe(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1280, 800)
	b.open("/view?game=tictactoe&algo=minimax&step=60")
	if n := eval[int](b, `document.querySelectorAll('[data-fold]').length`); n == 0 {
		t.Error("no fold glyphs in the whole game")
	}
	if n := eval[int](b, `document.querySelectorAll('.g-board').length`); n == 0 {
		t.Error("no boards drawn")
	}
	b.do(chromedp.KeyEvent(kb.ArrowRight))
	b.waitFor(`document.getElementById("step").textContent.startsWith("step 61 ")`, "step 61")
	visited := eval[int](b, `[...document.querySelectorAll('[data-fold]')].reduce((s, f) => s + +f.dataset.visited, 0)`)
	if visited == 0 {
		t.Error("61 steps into the game, the folds count no visited node")
	}
	b.screenshot("tictactoe-overview.png")
	for range 4 {
		b.do(chromedp.KeyEvent("+"))
	}
	time.Sleep(300 * time.Millisecond)
	b.screenshot("tictactoe-zoomed.png")
	b.checkClean()
}

// TestBrowserSmallTicTacToe shows a mid-game position, small enough to read.
func TestBrowserSmallTicTacToe(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1280, 800)
	b.open("/view?game=tictactoe&position=xo.x.o...&step=30")
	b.screenshot("tictactoe-midgame.png")
	b.checkClean()
}

// TestBrowserMatchsticksDark shows matchsticks (counts in the glyphs) in
// the dark theme, switched with the key t.
func TestBrowserMatchsticksDark(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1280, 800)
	b.open("/view?game=nim&matches=5&take=2&step=end")
	b.do(chromedp.KeyEvent("t"))
	b.waitFor(`document.documentElement.dataset.theme === "dark"`, "the dark theme")
	if got := b.attr(`[data-node=""]`, "data-value"); got == "" {
		t.Error("the root of matchsticks shows no value at the end")
	}
	b.screenshot("matchsticks-dark.png")
	b.do(chromedp.KeyEvent("t"))
	b.waitFor(`document.documentElement.dataset.theme === "light"`, "the light theme again")
	b.checkClean()
}

// TestBrowserHome types a tree with a mistake on the home page and checks
// the live validation, then edits a tic-tac-toe position by clicking.
func TestBrowserHome(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1280, 900)
	b.do(chromedp.Navigate(b.srv.URL + "/"))
	b.waitFor(`document.getElementById("tree-check").textContent.includes("13 nodes")`, "the textbook tree checked")
	b.screenshot("home.png")

	// Select the text and type over it, as a person would.
	eval[bool](b, `(document.getElementById("tree").select(), true)`)
	b.do(chromedp.SendKeys(chromedp.ID("tree"), "((3 12 8) (2 4 x)"))
	b.waitFor(`document.getElementById("tree-check").classList.contains("bad")`, "the error")
	msg := eval[string](b, `document.getElementById("tree-check").textContent`)
	if !strings.Contains(msg, "line 1, column") {
		t.Errorf("live validation says %q, want a line and column", msg)
	}
	b.screenshot("home-error.png")

	b.do(chromedp.Click(chromedp.CSS(`input[name=source][value=tictactoe]`)))
	b.waitFor(`document.querySelector('.src[data-src="tictactoe"]').classList.contains("active")`, "the tic-tac-toe editor")
	b.do(chromedp.Click(chromedp.CSS(`.cell[data-cell="4"]`)), chromedp.Click(chromedp.CSS(`.cell[data-cell="0"]`)), chromedp.Click(chromedp.CSS(`.cell[data-cell="0"]`)))
	if got := eval[string](b, `document.getElementById("position").value`); got != "o...x...." {
		t.Errorf("position after clicks = %q, want o...x....", got)
	}
	// Submit: the form lands on the viewer with the command line's names.
	b.do(chromedp.Click(chromedp.CSS(`[data-testid="submit"]`)))
	b.waitFor(`location.pathname === "/view" && document.getElementById("conn")?.dataset.conn === "on"`, "the viewer")
	q, _ := url.ParseQuery(strings.TrimPrefix(eval[string](b, `location.search`), "?"))
	if q.Get("game") != "tictactoe" || q.Get("position") != "o...x...." || q.Has("source") || q.Has("tree") {
		t.Errorf("the viewer's address is %v", q)
	}
	b.checkClean()
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestBrowserReconnect drops the viewer's websocket, as a flaky classroom
// network does, and checks that the page reconnects by itself and resumes
// at the step it showed.
func TestBrowserReconnect(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1280, 800)
	b.open(textbookPath("5"))
	b.key(kb.ArrowRight, "step 6 of 50")
	b.do(chromedp.Evaluate[chromedp.Void](`__abt.sockets.at(-1).close()`))
	b.waitFor(`document.getElementById("conn").dataset.conn !== "on"`, "the page to notice the lost connection")
	b.waitFor(`__abt.sockets.length >= 2 && document.getElementById("conn").dataset.conn === "on"`, "the page to reconnect")
	if got := eval[string](b, `document.getElementById("step").textContent`); got != "step 6 of 50" {
		t.Fatalf("after reconnecting the page shows %q; want it to resume at step 6", got)
	}
	b.key(kb.ArrowRight, "step 7 of 50")
	if got := b.attr(`[data-node="0.0"]`, "data-state"); got != "done" {
		t.Errorf("after resuming, leaf 0.0 is %q; want done", got)
	}
	b.checkClean()
}
