package web

import (
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserExportedSVG steps the viewer to the textbook's cutoff with the
// keyboard, follows the export menu's SVG link (kept on the step shown by
// export.js), and checks that the SVG, rendered by the browser, shows the
// same state for every node and edge and the same cut marks as the page.
func TestBrowserExportedSVG(t *testing.T) {
	t.Parallel()
	for _, size := range []struct {
		name string
		w, h int64
	}{{"projector", 1280, 720}, {"phone", 390, 844}} {
		t.Run(size.name, func(t *testing.T) {
			b := newBrowserEnv(t, size.w, size.h)
			b.open("/view?" + url.Values{"tree": {textbookLabelled}, "step": {"20"}}.Encode())
			for i := 21; i <= 27; i++ {
				b.key(kb.ArrowRight, "step "+strconv.Itoa(i)+" of 50")
			}
			const states = `Object.fromEntries([...document.querySelectorAll("[data-node]")].map(n => [n.getAttribute("data-node"), n.getAttribute("data-state")]))`
			const edges = `Object.fromEntries([...document.querySelectorAll("[data-edge]")].map(n => [n.getAttribute("data-edge"), n.getAttribute("data-state")]))`
			const cuts = `[...document.querySelectorAll("[data-cut]")].map(n => n.getAttribute("data-cut")).sort().join(",")`
			page := eval[map[string]string](b, states)
			pageEdges := eval[map[string]string](b, edges)
			pageCuts := eval[string](b, cuts)
			b.do(chromedp.Click(chromedp.CSS(`details[data-testid="exports"] summary`)))
			b.screenshot("export-menu-" + size.name + ".png")
			// What a click does: export.js brings the link up to date.
			href := eval[string](b, `(() => { const a = document.querySelector('[data-testid="export-svg"]'); a.dispatchEvent(new Event("pointerdown")); return a.getAttribute("href"); })()`)
			u, err := url.Parse(href)
			if err != nil || u.Path != "/export.svg" || u.Query().Get("step") != "27" {
				t.Fatalf("the SVG link is %q, want /export.svg at step 27", href)
			}
			q := u.Query()
			q.Del("download")
			b.do(chromedp.Navigate(b.srv.URL + "/export.svg?" + q.Encode()))
			b.waitFor(`document.querySelector("svg [data-node]")`, "the exported SVG")
			svg := eval[map[string]string](b, states)
			if len(svg) != len(page) {
				t.Errorf("the SVG draws %d nodes, the page %d", len(svg), len(page))
			}
			for id, st := range page {
				if svg[id] != st {
					t.Errorf("node %q: %q in the SVG, %q on the page", id, svg[id], st)
				}
			}
			for id, st := range pageEdges {
				if got := eval[map[string]string](b, edges)[id]; got != st {
					t.Errorf("edge %q: %q in the SVG, %q on the page", id, got, st)
				}
			}
			if got := eval[string](b, cuts); got != pageCuts || got == "" {
				t.Errorf("cut marks: %q in the SVG, %q on the page", got, pageCuts)
			}
			b.screenshot("export-svg-" + size.name + ".png")
		})
	}
}

// TestBrowserEmbed plays the embed route's player with its keys, inside an
// iframe of another page as a course page would.
func TestBrowserEmbed(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1280, 720)
	b.do(chromedp.Navigate(b.srv.URL + "/embed?" + url.Values{"tree": {textbookLabelled}}.Encode()))
	b.waitFor(`document.getElementById("count").textContent === "step 0 of 50"`, "the player")
	for i := 1; i <= 3; i++ {
		b.do(chromedp.KeyEvent(kb.ArrowRight))
	}
	b.waitFor(`document.getElementById("count").textContent === "step 3 of 50"`, "three steps")
	b.do(chromedp.KeyEvent("c"))
	b.waitFor(`document.getElementById("count").textContent === "step 27 of 50"`, "the next cutoff")
	if got := eval[string](b, `document.querySelector('#tree [data-node="1.1"]').getAttribute("data-state")`); got != "pruned" {
		t.Errorf("at the cutoff 1.1 is %q, want pruned", got)
	}
	if got := eval[string](b, `document.getElementById("say").textContent`); got == "" {
		t.Error("no narration")
	}
	b.checkClean()
	b.screenshot("embed-cutoff.png")
}

// TestBrowserDiff pastes a student's visits that go past a cutoff, and
// checks that the page stops at the departure with both trees drawn.
func TestBrowserDiff(t *testing.T) {
	t.Parallel()
	for _, size := range []struct {
		name string
		w, h int64
	}{{"laptop", 1366, 768}, {"phone", 390, 844}} {
		t.Run(size.name, func(t *testing.T) {
			b := newBrowserEnv(t, size.w, size.h)
			b.do(chromedp.Navigate(b.srv.URL + "/diff?" + url.Values{"tree": {textbookLabelled}}.Encode()))
			b.waitFor(`document.querySelector('[data-testid="diff-input"]')`, "the form")
			b.do(chromedp.SendKeys(chromedp.CSS(`[data-testid="diff-input"]`), "A B 0.0 0.1 0.2 C 1.0 1.1"),
				chromedp.Click(chromedp.CSS(`[data-testid="diff-submit"]`)))
			b.waitFor(`document.getElementById("d-count") && document.getElementById("d-count").textContent.includes("they part here")`, "the departure")
			if got := eval[string](b, `document.querySelector('#d-st [data-node="1.1"]').getAttribute("data-state")`); got != "open" {
				t.Errorf("the student's pane: 1.1 is %q, want open (visited last)", got)
			}
			if got := eval[string](b, `document.querySelector('#d-ref [data-node="1.1"]').getAttribute("data-state")`); got != "unvisited" && got != "pruned" {
				t.Errorf("the reference pane: 1.1 is %q, want pruned", got)
			}
			if got := eval[string](b, `document.querySelector('[data-testid="diff-why"]').textContent`); !strings.Contains(got, "2 ≤ α = 3") {
				t.Errorf("why: %q, want the test that fired", got)
			}
			b.checkClean()
			b.screenshot("diff-" + size.name + ".png")
		})
	}
}
