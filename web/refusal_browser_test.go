package web

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserRefusalShown: a page the server refuses (as many viewers open
// from its address as one may have) shows the reason in its language, on
// a phone too, where the connection badge is otherwise hidden to keep the
// header on one line; once a viewer closes, the page gets in by itself
// and the reason goes.
func TestBrowserRefusalShown(t *testing.T) {
	t.Parallel()
	for _, size := range []struct {
		name string
		w, h int64
	}{{"projector", 1280, 720}, {"phone", 390, 844}} {
		t.Run(size.name, func(t *testing.T) {
			b := newBrowserEnv(t, size.w, size.h)
			b.hub.SetLimits(10, 1)
			held, err := dialFromIn(b.srv, "127.0.0.1", "de")
			if err != nil {
				t.Fatal(err)
			}
			defer held.Close()
			for deadline := time.Now().Add(5 * time.Second); b.hub.Sessions() != 1; time.Sleep(5 * time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatal("the held session did not open")
				}
			}
			b.do(chromedp.Navigate(b.srv.URL + "/view?random=3,3&seed=1&lang=de"))
			b.waitFor(`document.getElementById("conn").hasAttribute("data-note")`, "the refusal's reason")
			text := eval[string](b, `document.getElementById("conn").textContent`)
			if !strings.Contains(text, "Offene Ansichten von Ihrer Adresse: 1") {
				t.Errorf("badge: got %q, want the German reason", text)
			}
			// Shown, whole, inside the window, and over nothing of the
			// header's own (the title and the controls stay readable).
			box := eval[[]float64](b, `(() => { const r = document.getElementById("conn").getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })()`)
			if box[2]-box[0] < 40 || box[3]-box[1] < 10 || box[0] < 0 || box[1] < 0 || box[2] > float64(size.w) || box[3] > float64(size.h) {
				t.Errorf("badge box %v: want it shown inside the %d×%d window", box, size.w, size.h)
			}
			if got := eval[bool](b, `(() => { const c = document.getElementById("conn"); return c.scrollHeight > c.clientHeight + 1 || c.scrollWidth > c.clientWidth + 1; })()`); got {
				t.Errorf("badge: its text overflows it")
			}
			checkUncoveredIn(b, "the refusal's reason", "#conn")
			b.screenshot(fmt.Sprintf("refusal-%s.png", size.name))
			held.Close()
			b.waitFor(`document.getElementById("conn").dataset.conn === "on" && !document.getElementById("conn").hasAttribute("data-note")`, "the page to get in")
		})
	}
}
