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
	t.Parallel()
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
		sizes := [][2]int64{{1280, 720}, {390, 844}}
		if lang == "en" {
			sizes = append(sizes, [2]int64{1024, 768})
		}
		for _, size := range sizes {
			q.Set("lang", lang)
			q.Set("step", "3")
			b.do(chromedp.EmulateViewport(size[0], size[1]))
			b.do(chromedp.Navigate(b.srv.URL + "/view?" + q.Encode()))
			b.waitLive()
			why(t, b)
			if lang != "en" && strings.Contains(eval[string](b, `document.getElementById("gdl-why").textContent`), "by the rule") {
				t.Errorf("%s: the derivation is in English", lang)
			}
			b.screenshot(fmt.Sprintf("gdl-view-why-%s-%dx%d.png", lang, size[0], size[1]))
		}
	}
	b.checkClean()
}

// why checks the panel's board size and asks why the first legal move is
// legal: a move of the role to move; the derivation names the rule and the
// rules panel marks it.
func why(t *testing.T, b *browserEnv) {
	t.Helper()
	if w := eval[float64](b, `document.querySelector('[data-testid="gdl-board"]').getBoundingClientRect().width`); w < 40 {
		t.Errorf("the node's board is %v px across, want at least 40", w)
	}
	// The x on the node's board, as high as a person reads it.
	if h := eval[float64](b, `document.querySelector('[data-testid="gdl-board"] .mark').getBoundingClientRect().height`); h < 20 {
		t.Errorf("the x on the node's board is %.1f px high, want at least 20", h)
	}
	b.do(chromedp.Click(chromedp.CSS(`#gdl-node button[data-why="legal"]`)))
	b.waitFor(`document.querySelector('[data-testid="gdl-derivation"]') !== null && document.querySelectorAll("#gdl-rules li.fired").length > 0`, "the derivation and its rule highlighted")
	if got := eval[string](b, `document.querySelector("#gdl-rules li.fired code").textContent`); !strings.Contains(got, "legal") {
		t.Errorf("the highlighted rule reads %q, want the legal rule", got)
	}
	// The first "why?" of the moves explains a move of the role to move,
	// not another role's only move (noop).
	if got := eval[string](b, `document.querySelector("#gdl-why h3").textContent`); !strings.Contains(got, "(mark ") {
		t.Errorf("the first why? of the moves explains %q, want a mark", got)
	}
	// Seen without scrolling: the answer's title, its first and last
	// steps and every highlighted line of the rule that fired stand in
	// the window and in the panels' column, at sizes a person reads.
	seen := eval[[]string](b, `(() => {
		const col = document.querySelector(".panels").getBoundingClientRect();
		const top = Math.max(0, col.top), bottom = Math.min(innerHeight, col.bottom);
		const els = [document.querySelector("#gdl-why h3"), document.querySelector("[data-testid=gdl-derivation] li"),
			document.querySelector("[data-testid=gdl-derivation] li:last-child"), ...document.querySelectorAll("#gdl-rules li.fired")];
		const out = [];
		for (const e of els) {
			const r = e.getBoundingClientRect();
			if (r.top < top - 1 || r.bottom > bottom + 1) out.push(e.textContent.trim().slice(0, 40) + " at " + Math.round(r.top) + "–" + Math.round(r.bottom) + " outside " + Math.round(top) + "–" + Math.round(bottom));
		}
		for (const sel of ["[data-testid=gdl-derivation] li", "#gdl-rules li.fired code"]) {
			const px = parseFloat(getComputedStyle(document.querySelector(sel)).fontSize);
			if (px < 12) out.push(sel + " is " + px + " px");
		}
		return out;
	})()`)
	for _, msg := range seen {
		t.Errorf("why? at %dx%d: %s", eval[int](b, `innerWidth`), eval[int](b, `innerHeight`), msg)
	}
}
