package web

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/search/tree"
)

// TestBrowserCompare opens a three-pane comparison of the textbook tree,
// steps to the end by node with the keyboard, and checks the counters,
// the chart and the summary.
func TestBrowserCompare(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1600, 1000)
	q := url.Values{"tree": {tree.TwoPlyGameTree}, "orders": {"natural,best,worst"}, "by": {"node"}, "step": {"0"}}
	b.do(chromedp.Navigate(b.srv.URL + "/compare?" + q.Encode()))
	b.waitFor(`document.querySelectorAll('[data-testid="pane"]').length === 3`, "three panes")
	// The keys below go over the websocket: wait until it is open and has
	// answered. (A key pressed before that follows the control's link and
	// loads the next step's page, whose script may not yet listen.)
	b.waitLive()
	total := eval[string](b, `document.getElementById("compare").dataset.total`)
	n, err := strconv.Atoi(total)
	if err != nil || n < 2 {
		t.Fatalf("total steps: got %q", total)
	}
	stepTo := func(k string, want int) {
		t.Helper()
		b.do(chromedp.KeyEvent(k))
		b.waitFor(fmt.Sprintf(`document.getElementById("compare").dataset.step === "%d"`, want), "step "+strconv.Itoa(want))
	}
	stepTo(kb.ArrowRight, 1)
	stepTo(kb.ArrowRight, 2)
	stepTo(kb.ArrowRight, 3)
	b.screenshot("compare-step3.png")
	if got := b.attr(`[data-pane="best"]`, "data-nodes"); got != "3" {
		t.Errorf("best at node step 3: got %s nodes, want 3", got)
	}
	stepTo(kb.ArrowLeft, 2)
	// On by node, one key at a time, to the end.
	for i := 3; i <= n; i++ {
		stepTo(kb.ArrowRight, i)
	}
	if got := eval[string](b, `document.getElementById("compare").dataset.done`); got != "true" {
		t.Errorf("at the last step: done = %s", got)
	}
	for _, name := range []string{"natural", "best", "worst"} {
		p, err := scenario.Scenario{Tree: tree.TwoPlyGameTree, Order: name}.Prepare()
		if err != nil {
			t.Fatal(err)
		}
		res, err := p.Run(nil)
		if err != nil {
			t.Fatal(err)
		}
		sel := fmt.Sprintf(`[data-pane=%q]`, name)
		for attr, want := range map[string]int{"data-nodes": res.Stats.Nodes, "data-leaves": res.Stats.Leaves, "data-cutoffs": res.Stats.Cutoffs} {
			if got := b.attr(sel, attr); got != strconv.Itoa(want) {
				t.Errorf("%s %s: got %s, want %d", name, attr, got, want)
			}
		}
	}
	// The chart is drawn: three lines with points, two reference lines,
	// and it has a size on screen.
	if got := eval[int](b, `document.querySelectorAll('[data-testid="chart"] polyline').length`); got != 3 {
		t.Errorf("chart lines: got %d, want 3", got)
	}
	if got := eval[int](b, `Math.round(document.querySelector('[data-testid="chart"] svg').getBoundingClientRect().height)`); got < 100 {
		t.Errorf("chart height: got %dpx, want at least 100", got)
	}
	if got := eval[int](b, `document.querySelectorAll('[data-testid="chart"] .ref').length`); got != 2 {
		t.Errorf("reference lines: got %d, want 2", got)
	}
	if got := eval[string](b, `document.querySelector('[data-testid="agree"]')?.textContent ?? ""`); got == "" {
		t.Error("no summary saying that the panes agree")
	}
	if got := eval[string](b, `location.search`); got == "" || !containsAll(got, "step="+strconv.Itoa(n), "by=node") {
		t.Errorf("the address is not the permalink of the step: %s", got)
	}
	// At 1024×768 the summary, shown at the end, is compact: the panes keep
	// close to the place their drawing was fitted to.
	b.do(chromedp.EmulateViewport(1024, 768))
	checkSummaryCompact(b, "1024x768")
	b.screenshot("compare-end-1024x768.png")
	b.do(chromedp.EmulateViewport(1600, 1000))
	b.do(chromedp.ScrollIntoView(`[data-testid="summary"]`))
	b.screenshot("compare-end.png")
	stepTo(kb.Home, 0)
	// Play (space) runs every pane to the end by itself.
	b.do(chromedp.KeyEvent(" "))
	b.waitFor(`document.getElementById("compare").dataset.done === "true"`, "play to the end")
	b.waitFor(`document.getElementById("play").getAttribute("aria-pressed") === "false"`, "play to stop at the end")
	b.checkClean()

	// Four panes of a random tree, by event, half way.
	q = url.Values{"random": {"3,3"}, "seed": {"5"}, "orders": {"natural,reversed,best,worst"}, "by": {"event"}, "step": {"30"}}
	b.do(chromedp.Navigate(b.srv.URL + "/compare?" + q.Encode()))
	b.waitFor(`document.querySelectorAll('[data-testid="pane"]').length === 4`, "four panes")
	b.screenshot("compare-four.png")
	b.checkClean()
}

func containsAll(s string, subs ...string) bool {
	for _, x := range subs {
		if !strings.Contains(s, x) {
			return false
		}
	}
	return true
}

// TestBrowserLab opens the ordering lab and saves what it shows.
func TestBrowserLab(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1400, 1000)
	b.do(chromedp.Navigate(b.srv.URL + "/lab?" + homeLabQuery))
	b.waitFor(`document.querySelector('[data-testid="lab-plot"] .lab-row')`, "the plot")
	if got := eval[int](b, `document.querySelectorAll('[data-testid="lab-table"] tbody tr').length`); got != 8 {
		t.Errorf("table rows: got %d, want 8 (six orderings, killer and history)", got)
	}
	b.screenshot("lab.png")
	b.checkClean()
}

// TestBrowserShortLinks: on pages of a tree too large to repeat in every
// link (over templates.MaxLinkQuery), the step controls name only the step;
// clicking them steps, the address stays the whole permalink, and a short
// link opened on its own goes to its step.
func TestBrowserShortLinks(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1280, 720)
	text := uniformTree(4, 6) // 5,461 nodes, 14 KB of text
	view := "/view?" + url.Values{"tree": {text}, "step": {"5"}}.Encode()
	b.open(view)
	if got := b.attr(`.controls a[data-cmd="step"]`, "href"); got != "#step=6" {
		t.Errorf("step control's href: got %q, want #step=6", got)
	}
	b.do(chromedp.Click(chromedp.CSS(`.controls a[data-cmd="step"]`)))
	b.waitFor(`document.getElementById("step").textContent.startsWith("step 6")`, "step 6")
	b.waitFor(`location.search.includes("step=6")`, "the address at step 6")
	if got := eval[string](b, `location.search`); !strings.Contains(got, "tree=") {
		t.Errorf("address after a step: got %.80q…, want the whole query (the tree in it)", got)
	}
	if got := b.attr(`.controls a[data-cmd="step"]`, "href"); got != "#step=7" {
		t.Errorf("step control's href at step 6: got %q, want #step=7", got)
	}
	b.screenshot("short-links-view.png")
	b.checkClean()
	// A short link opened on its own.
	b.open(view + "#step=9")
	b.waitFor(`document.getElementById("step").textContent.startsWith("step 9")`, "step 9 from the fragment")

	cmp := "/compare?" + url.Values{"tree": {text}, "orders": {"natural,best"}, "step": {"2"}}.Encode()
	b.do(chromedp.Navigate(b.srv.URL + cmp))
	b.waitFor(`document.getElementById("compare")?.dataset.step === "2"`, "the comparison at step 2")
	b.waitLive()
	if got := b.attr(`#compare a[data-cmd="step"]`, "href"); got != "#step=3" {
		t.Errorf("comparison's step control: got %q, want #step=3", got)
	}
	b.do(chromedp.Click(chromedp.CSS(`#compare a[data-cmd="step"]`)))
	b.waitFor(`document.getElementById("compare").dataset.step === "3"`, "the comparison at step 3")
	if got := eval[string](b, `location.search`); !containsAll(got, "step=3", "tree=", "orders=") {
		t.Errorf("comparison's address after a step: got %.80q…, want the whole query at step 3", got)
	}
	b.do(chromedp.Click(chromedp.CSS(`#compare a[data-by="event"]`)))
	b.waitFor(`document.getElementById("compare")?.dataset.by === "event"`, "the comparison by event")
	b.screenshot("short-links-compare.png")
}

// TestBrowserCompareOverWebsocket opens three panes of random=3,8 and
// steps thirty times by key: every step comes over the websocket, with no
// HTTP request after the page loaded, and the counters, the chart's line
// and its dots follow, as the server computes them for that step.
func TestBrowserCompareOverWebsocket(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1280, 720)
	q := url.Values{"random": {"3,8"}, "seed": {"1"}, "orders": {"natural,best,worst"}, "by": {"node"}}
	b.do(chromedp.Navigate(b.srv.URL + "/compare?" + q.Encode() + "&step=0"))
	b.waitLive()
	var mu sync.Mutex
	var requests []string
	if err := chromedp.Listen(b.ctx, func(ev any) {
		if e, ok := ev.(*network.EventRequestWillBeSent); ok {
			mu.Lock()
			requests = append(requests, e.Request.URL)
			mu.Unlock()
		}
	}); err != nil {
		t.Fatal(err)
	}
	lastX := eval[string](b, `document.querySelector('[data-testid="chart-now"]').getAttribute("x1")`)
	for k := 1; k <= 30; k++ {
		b.do(chromedp.KeyEvent(kb.ArrowRight))
		b.waitFor(fmt.Sprintf(`document.getElementById("compare").dataset.step === "%d"`, k), "step "+strconv.Itoa(k))
		x := eval[string](b, `document.querySelector('[data-testid="chart-now"]').getAttribute("x1")`)
		if x == lastX {
			t.Errorf("step %d: the chart's line stayed at x = %s", k, x)
		}
		lastX = x
		if k%10 != 0 {
			continue
		}
		// The server's own view of this step, as the page handler makes it.
		page := pageAt(t, q, k)
		m := page.model(context.Background())
		if got, want := x, m.Now.NowX; got != want {
			t.Errorf("step %d: the chart's line at x = %s, want %s", k, got, want)
		}
		for i, p := range m.Panes {
			sel := fmt.Sprintf(`[data-pane=%q]`, p.Name)
			s := m.Now.Panes[i]
			for attr, want := range map[string]int{"data-nodes": s.Counts[0], "data-leaves": s.Counts[1], "data-cutoffs": s.Counts[2]} {
				if got := b.attr(sel, attr); got != strconv.Itoa(want) {
					t.Errorf("step %d: %s %s: got %s, want %d", k, p.Name, attr, got, want)
				}
			}
			if got := eval[string](b, fmt.Sprintf(`document.querySelector('%s [data-stat="leaves"]').textContent`, sel)); got != s.Leaves {
				t.Errorf("step %d: %s leaves shown: got %q, want %q", k, p.Name, got, s.Leaves)
			}
			dot := fmt.Sprintf(`document.querySelectorAll('[data-testid="chart-dot"]')[%d].getAttribute("cy")`, i)
			if got := eval[string](b, dot); got != s.DotY {
				t.Errorf("step %d: %s's dot at y = %s, want %s", k, p.Name, got, s.DotY)
			}
		}
		if got := eval[string](b, `document.getElementById("step").textContent`); got != m.Now.Text {
			t.Errorf("step %d: the step reads %q, want %q", k, got, m.Now.Text)
		}
	}
	mu.Lock()
	if len(requests) > 0 {
		t.Errorf("%d HTTP requests after the page loaded, want none: %q", len(requests), requests)
	}
	mu.Unlock()
	b.screenshot("compare-ws-1280x720.png")
	// Each pane's tree lies inside its pane: a tree squeezed to nothing
	// lets its layers spill over the chart below.
	treeHeights := func(size string) {
		t.Helper()
		spill := eval[[]float64](b, `[...document.querySelectorAll('[data-testid="pane-tree"]')].map(e => {
			const pane = e.closest('.cpane').getBoundingClientRect();
			const tree = e.getBoundingClientRect();
			let spill = 0;
			for (const l of e.querySelectorAll('svg.layer')) {
				const r = l.getBoundingClientRect();
				spill = Math.max(spill, r.bottom - pane.bottom, r.bottom - tree.bottom - 1);
			}
			return spill;
		})`)
		if len(spill) != 3 {
			t.Fatalf("%s: %d pane trees, want 3", size, len(spill))
		}
		for i, px := range spill {
			if px > 0 {
				t.Errorf("%s: pane %d's drawing reaches %.0f px below its tree or its pane, want none", size, i, px)
			}
		}
	}
	treeHeights("1280x720")
	for _, size := range [][2]int64{{1024, 768}, {390, 844}} {
		b.do(chromedp.EmulateViewport(size[0], size[1]))
		treeHeights(fmt.Sprintf("%dx%d", size[0], size[1]))
		if size[0] < 600 {
			// On a phone the header is one line, as the viewer's.
			checkHeaderOneLine(b, fmt.Sprintf("the comparison at %dx%d", size[0], size[1]))
		}
		b.screenshot(fmt.Sprintf("compare-ws-%dx%d.png", size[0], size[1]))
	}
	b.checkClean()
}

// TestBrowserCompareReconnect drops the comparison's websocket: the page
// notices, reconnects by itself (the viewer's own code, static/session.js)
// and resumes at the step it showed.
func TestBrowserCompareReconnect(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1280, 720)
	q := url.Values{"tree": {tree.TwoPlyGameTree}, "orders": {"natural,best"}, "by": {"event"}}
	b.do(chromedp.Navigate(b.srv.URL + "/compare?" + q.Encode() + "&step=5"))
	b.waitLive()
	b.do(chromedp.KeyEvent(kb.ArrowRight))
	b.waitFor(`document.getElementById("compare").dataset.step === "6"`, "step 6")
	b.do(chromedp.Evaluate[chromedp.Void](`__abt.sockets.at(-1).close()`))
	b.waitFor(`document.getElementById("conn").dataset.conn !== "on"`, "the page to notice the lost connection")
	b.waitFor(`__abt.sockets.length >= 2 && document.getElementById("conn").dataset.conn === "on"`, "the page to reconnect")
	if got := eval[string](b, `document.getElementById("compare").dataset.step`); got != "6" {
		t.Fatalf("after reconnecting the comparison shows step %s; want it to resume at step 6", got)
	}
	b.do(chromedp.KeyEvent(kb.ArrowRight))
	b.waitFor(`document.getElementById("compare").dataset.step === "7"`, "step 7 after resuming")
	if got := b.attr(`[data-testid="pane"] [data-node="0.0"]`, "data-state"); got != "done" {
		t.Errorf("after resuming, leaf 0.0 of the first pane is %q; want done", got)
	}
	b.checkClean()
}

// checkSummaryCompact fails when the comparison's summary takes more than a
// quarter of the window's height, or when a node of a pane's tree is drawn
// smaller than 12 px.
func checkSummaryCompact(b *browserEnv, size string) {
	b.t.Helper()
	m := eval[map[string]float64](b, `(() => {
		const s = document.querySelector('[data-testid="summary"]').getBoundingClientRect();
		let small = 1e9;
		for (const p of document.querySelectorAll('[data-testid="pane"]')) {
			for (const n of p.querySelectorAll('[data-testid="pane-tree"] svg.base .nodes > g')) {
				const r = n.getBoundingClientRect();
				if (r.width === 0) continue;
				small = Math.min(small, r.height);
			}
		}
		return {summary: s.height, window: innerHeight, small};
	})()`)
	if m["summary"] > m["window"]/4 {
		b.t.Errorf("%s: the summary is %.0f px high, more than a quarter of the window's %.0f", size, m["summary"], m["window"])
	}
	if m["small"] < 12 {
		b.t.Errorf("%s: a pane's node is %.0f px high, want at least 12", size, m["small"])
	}
}
