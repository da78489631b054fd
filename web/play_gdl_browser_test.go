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
	t.Parallel()
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
			// The board: its side, the x played in the centre and the
			// o beside it as large as a person reads them, and the
			// empty cells' links.
			m := eval[[]float64](b, `(() => { const r = e => e.getBoundingClientRect(); const bd = document.querySelector('[data-testid="gdl-play-board"]'); const x = bd.querySelector('.mark.m-x'), o = bd.querySelector('.mark.m-o'); return [r(bd).width, x ? r(x).height : 0, o ? r(o).height : 0, bd.querySelectorAll('a[data-move]').length, r(bd.querySelector('a[data-move] .hit')).width]; })()`)
			if m[0] < 240 || m[1] < 40 || m[2] < 40 || m[3] != 7 || m[4] < 44 {
				t.Errorf("%s %dx%d: board %.0f px, x %.1f px high, o %.1f px, %v links of %.0f px, want ≥ 240, ≥ 40, ≥ 40, 7 of ≥ 44", c.lang, size[0], size[1], m[0], m[1], m[2], m[3], m[4])
			}
			t.Logf("%s %dx%d: board %.0f px across, x %.1f px and o %.1f px high, cells %.0f px", c.lang, size[0], size[1], m[0], m[1], m[2], m[4])
			b.screenshot(fmt.Sprintf("gdl-play-%s-%dx%d.png", c.lang, size[0], size[1]))
		}
	}
	// A pawn of breakthrough is moved in two clicks: the piece, then
	// where it goes; the engine answers on the board.
	b.do(chromedp.EmulateViewport(1280, 720))
	b.openPage("/play?" + url.Values{"gdlz": {scenario.CompressGDL(gdlText(t, "breakthrough-small"))}, "lang": {"en"}}.Encode())
	b.do(chromedp.Click(chromedp.CSS(`.pl-gdl-board .piece a`)))
	b.waitFor(`location.search.includes("sel=") && document.readyState === "complete" && document.querySelector('.pl-gdl-board .picked')`, "the pawn chosen")
	b.do(chromedp.Click(chromedp.CSS(`.pl-gdl-board a[data-move^="(move"]`)))
	b.waitFor(`location.search.includes("moves=") && document.readyState === "complete" && document.querySelector('[data-testid="status"]')`, "the engine's reply on the board")
	if st := eval[string](b, `document.querySelector('[data-testid=status]').textContent`); !strings.HasPrefix(st, "The engine played (move ") {
		t.Errorf("breakthrough: status %q after a pawn's move", st)
	}
	if d := eval[float64](b, `document.querySelector('[data-testid="gdl-play-board"] .disc').getBoundingClientRect().width`); d < 30 {
		t.Errorf("breakthrough: a pawn is %.1f px across, want ≥ 30", d)
	}
	b.screenshot("gdl-play-breakthrough-en-1280x720.png")
	b.checkClean()
}
