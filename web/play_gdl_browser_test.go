package web

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/abtrace/abtrace/search/scenario"
)

// TestBrowserGDLPlay chooses the GDL tic-tac-toe on the setup page, follows
// its link to play it against the engine, plays a move by its GDL term and
// sees the engine's reply, in en, de and cs at 1280×720 and 390×844.
func TestBrowserGDLPlay(t *testing.T) {
	b := newBrowserEnv(t, 1280, 720)
	b.do(chromedp.Navigate(b.srv.URL + "/?source=gdl&lang=en"))
	b.waitFor(`document.getElementById("gdl-game")`, "the GDL source")
	b.do(chromedp.Click(chromedp.CSS(`input[name=source][value=gdl]`)))
	eval[bool](b, `(document.getElementById("gdl-game").value = "tictactoe", document.getElementById("gdl-game").dispatchEvent(new Event("change")), true)`)
	b.waitFor(`document.querySelector('[data-testid="gdl-play"]')`, "the link to play the game")
	b.do(chromedp.Click(chromedp.CSS(`[data-testid="gdl-play"]`)))
	b.waitFor(`location.pathname === "/play" && document.readyState === "complete" && document.querySelector('[data-testid="gdl-moves"]')`, "the game against the engine")
	if n := eval[int](b, `document.querySelectorAll('[data-testid="gdl-moves"] [data-move]').length`); n != 9 {
		t.Fatalf("%d moves offered at the start, want 9", n)
	}
	z := scenario.CompressGDL(gdlText(t, "tictactoe"))
	for _, c := range []struct{ lang, played, yours string }{
		{"en", "The engine played (mark ", "Your move as x"},
		{"de", "Die Engine hat (mark ", "Sie sind am Zug als x"},
		{"cs", "Počítač zahrál (mark ", "Jste na tahu za x"},
	} {
		for _, size := range [][2]int64{{1280, 720}, {390, 844}} {
			b.do(chromedp.EmulateViewport(size[0], size[1]))
			b.openPage("/play?" + url.Values{"gdlz": {z}, "lang": {c.lang}}.Encode())
			b.do(chromedp.Click(chromedp.CSS(`[data-move="(mark 2 2)"]`)))
			b.waitFor(`location.search.includes("moves=") && document.readyState === "complete" && document.querySelector('[data-testid="status"]')`, "the engine's reply")
			status := eval[string](b, `document.querySelector('[data-testid=status]').textContent`)
			if !strings.HasPrefix(status, c.played) || !strings.Contains(status, c.yours) {
				t.Errorf("%s: status %q, want %q… %q", c.lang, status, c.played, c.yours)
			}
			if n := eval[int](b, `document.querySelectorAll('[data-testid="gdl-moves"] [data-move]').length`); n != 7 {
				t.Errorf("%s: %d moves offered after two, want 7", c.lang, n)
			}
			if w := eval[int](b, `document.documentElement.scrollWidth`); int64(w) > size[0] {
				t.Errorf("%s %dx%d: the page is %d px wide", c.lang, size[0], size[1], w)
			}
			b.screenshot(fmt.Sprintf("gdl-play-%s-%dx%d.png", c.lang, size[0], size[1]))
		}
	}
	b.checkClean()
}
