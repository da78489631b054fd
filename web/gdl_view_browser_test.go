package web

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserGDLWhy pastes GDL tic-tac-toe with an error on the setup
// page, sees it at its line and column, fixes it, steps the search in the
// viewer, sees the node's board in the GDL panel (at least 40 px across)
// and asks why a move is legal: the derivation is shown and the rule that
// fired is highlighted in the rules panel. Screenshots of the viewer with
// its panels at 1280×720 and 390×844 in en, de and cs.
func TestBrowserGDLWhy(t *testing.T) {
	b := newBrowserEnv(t, 1280, 720)
	good := gdlText(t, "tictactoe")
	bad := strings.Replace(good, "(role o)", "(role o)\n(<= (legal ?who noop) (role ?p))", 1)
	line := strings.Count(good[:strings.Index(good, "(role o)")], "\n") + 2
	b.do(chromedp.Navigate(b.srv.URL + "/?source=gdl&lang=en"))
	b.waitFor(`document.getElementById("gdl")`, "the GDL box")
	b.do(chromedp.Click(chromedp.CSS(`input[name=source][value=gdl]`)))
	eval[bool](b, fmt.Sprintf(`(document.getElementById("gdl").value = %q, document.getElementById("gdl").dispatchEvent(new Event("input")), true)`, bad))
	b.waitFor(`document.getElementById("gdl-check").classList.contains("bad")`, "the error")
	if msg := eval[string](b, `document.querySelector('[data-testid="gdl-problem"]').textContent`); !strings.Contains(msg, fmt.Sprintf("line %d", line)) {
		t.Errorf("the check says %q, want line %d", msg, line)
	}
	eval[bool](b, fmt.Sprintf(`(document.getElementById("gdl").value = %q, document.getElementById("gdl").dispatchEvent(new Event("input")), true)`, good))
	b.waitFor(`document.getElementById("gdl-check").classList.contains("ok")`, "the game checked")
	b.do(chromedp.Click(chromedp.CSS(`[data-testid="submit"]`)))
	b.waitFor(`location.pathname === "/view" && document.getElementById("conn")?.dataset.conn === "on"`, "the viewer")
	b.waitLive()
	for range 3 {
		before := eval[string](b, `document.getElementById("step").textContent`)
		b.do(chromedp.KeyEvent(kb.ArrowRight))
		b.waitFor(fmt.Sprintf(`document.getElementById("step").textContent !== %q`, before), "a step of the search")
	}
	b.waitFor(`document.querySelector('[data-testid="gdl-made"]')?.textContent.includes("(mark")`, "the panel at the node the search entered")
	why(t, b)
	q, _ := url.ParseQuery(strings.TrimPrefix(eval[string](b, `location.search`), "?"))
	for _, lang := range []string{"en", "de", "cs"} {
		for _, size := range [][2]int64{{1280, 720}, {390, 844}} {
			q.Set("lang", lang)
			q.Set("step", "3")
			b.do(chromedp.EmulateViewport(size[0], size[1]))
			b.do(chromedp.Navigate(b.srv.URL + "/view?" + q.Encode()))
			b.waitLive()
			why(t, b)
			if lang != "en" && strings.Contains(eval[string](b, `document.getElementById("gdl-why").textContent`), "by the rule") {
				t.Errorf("%s: the derivation is in English", lang)
			}
			eval[bool](b, `(document.getElementById("gdl-panel").scrollIntoView(), true)`)
			b.screenshot(fmt.Sprintf("gdl-view-why-%s-%dx%d.png", lang, size[0], size[1]))
		}
	}
	b.checkClean()
}

// why checks the panel's board size and asks why the first legal move is
// legal: the derivation names the rule and the rules panel marks it.
func why(t *testing.T, b *browserEnv) {
	t.Helper()
	if w := eval[float64](b, `document.querySelector('[data-testid="gdl-board"]').getBoundingClientRect().width`); w < 40 {
		t.Errorf("the node's board is %v px across, want at least 40", w)
	}
	b.do(chromedp.Click(chromedp.CSS(`#gdl-node button[data-why="legal"]`)))
	b.waitFor(`document.querySelector('[data-testid="gdl-derivation"]') !== null && document.querySelectorAll("#gdl-rules li.fired").length > 0`, "the derivation and its rule highlighted")
	if got := eval[string](b, `document.querySelector("#gdl-rules li.fired code").textContent`); !strings.Contains(got, "legal") {
		t.Errorf("the highlighted rule reads %q, want the legal rule", got)
	}
}
