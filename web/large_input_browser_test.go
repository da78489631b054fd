package web

import (
	"encoding/json"
	"fmt"
	"github.com/abtrace/abtrace/search/tree"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserLargeTreeKept: a student pastes a 250 KB tree into the home
// form and submits it: the browser shows its view (no redirect whose
// address it would refuse), the tree drawn and the viewer live.
func TestBrowserLargeTreeKept(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1280, 720)
	b.do(chromedp.Navigate(b.srv.URL + "/?lang=de"))
	b.waitFor(`!!document.getElementById("tree")`, "the home form")
	text, err := json.Marshal(largeTree())
	if err != nil {
		t.Fatal(err)
	}
	eval[bool](b, `(document.getElementById("tree").value = `+string(text)+`, true)`)
	b.do(chromedp.Click(chromedp.CSS(`[data-testid="submit"]`)))
	defer func() {
		if t.Failed() {
			b.screenshot("large-tree-failed.png")
			t.Logf("at %s", eval[string](b, `location.pathname + " " + document.title`))
		}
	}()
	// A 64,000-leaf tree is searched and laid out before the page
	// comes: on a busy machine that can take longer than waitFor waits.
	for deadline := time.Now().Add(90 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		ok, err := chromedp.Run(b.ctx, chromedp.Evaluate[bool](`location.pathname === "/view" && document.getElementById("conn")?.dataset.conn === "on" && !!document.querySelector('[data-testid="node"]')`))
		if err == nil && ok {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("waiting for the view of the pasted tree: timed out (last error %v)", err)
		}
	}
	if n := eval[int](b, `document.querySelectorAll('[data-testid="node"]').length`); n < 2 {
		t.Errorf("the view draws %d nodes, want the pasted tree", n)
	}
	b.screenshot("large-tree.png")
	b.checkClean()
}

// TestBrowserErrorShown: a bad parameter's error, in every language, is
// shown whole on the home page it brings back, on a projector and on a
// phone, naming the parameter and with the value cut.
func TestBrowserErrorShown(t *testing.T) {
	t.Parallel()
	for _, size := range []struct {
		name string
		w, h int64
	}{{"projector", 1280, 720}, {"phone", 390, 844}} {
		t.Run(size.name, func(t *testing.T) {
			b := newBrowserEnv(t, size.w, size.h)
			for _, l := range []string{"en", "de", "cs"} {
				q := url.Values{"tree": {tree.TwoPlyGameTreePlain}, "algo": {"alphabet" + strings.Repeat("a", 5000)}, "lang": {l}}
				b.do(chromedp.Navigate(b.srv.URL + "/view?" + q.Encode()))
				b.waitFor(`!!document.querySelector('[data-testid="form-error"]')`, "the error")
				msg := eval[string](b, `document.querySelector('[data-testid="form-error"] .msg').textContent`)
				if !strings.HasPrefix(msg, "algo: ") || len(msg) > 400 {
					t.Errorf("%s: got %q, want it to start with algo: and cut the value", l, msg)
				}
				checkUncoveredIn(b, "the error", `[data-testid="form-error"]`)
				if got := eval[bool](b, `(() => { const e = document.querySelector('[data-testid="form-error"]'); const r = e.getBoundingClientRect(); return r.right > innerWidth + 1 || e.scrollWidth > e.clientWidth + 1; })()`); got {
					t.Errorf("%s: the error is wider than the window", l)
				}
				b.screenshot(fmt.Sprintf("error-%s-%s.png", l, size.name))
			}
		})
	}
}
