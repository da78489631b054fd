package web

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserGDLSetup pastes a game written in GDL with an error on the
// setup page, sees the error at its line and column in the page's
// language, fixes it, submits, and steps the search of the game in the
// viewer; screenshots of the setup at 1280×720 and 390×844 in en, de and
// cs.
func TestBrowserGDLSetup(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1280, 720)
	good := gdlText(t, "matchsticks")
	// The game with one sentence broken: a variable of the head that no
	// condition binds, on the line after the first (role …) fact.
	lines := strings.Split(good, "\n")
	at := 0
	for i, l := range lines {
		if strings.HasPrefix(l, "(role ") {
			at = i + 1
			break
		}
	}
	bad := strings.Join(append(append(append([]string{}, lines[:at]...), "(<= (legal ?who (take ?n)) (role ?p))"), lines[at:]...), "\n")
	for _, c := range []struct {
		lang, word, col string
	}{{"en", "line", "column"}, {"de", "Zeile", "Spalte"}, {"cs", "řádek", "sloupec"}} {
		for _, size := range [][2]int64{{1280, 720}, {390, 844}} {
			b.do(chromedp.EmulateViewport(size[0], size[1]))
			b.do(chromedp.Navigate(b.srv.URL + "/?source=gdl&lang=" + c.lang))
			b.waitFor(`document.getElementById("gdl")`, "the GDL box")
			b.do(chromedp.Click(chromedp.CSS(`input[name=source][value=gdl]`)))
			b.waitFor(`document.querySelector('.src[data-src="gdl"]').classList.contains("active")`, "the GDL source")
			eval[bool](b, fmt.Sprintf(`(document.getElementById("gdl").value = %q, document.getElementById("gdl").dispatchEvent(new Event("input")), true)`, bad))
			b.waitFor(`document.getElementById("gdl-check").classList.contains("bad")`, "the error")
			msg := eval[string](b, `document.querySelector('[data-testid="gdl-problem"]').textContent`)
			want := fmt.Sprintf("%s %d", c.word, at+1)
			if !strings.Contains(msg, want) || !strings.Contains(msg, c.col+" ") {
				t.Errorf("%s: the check says %q, want %q and the %s", c.lang, msg, want, c.col)
			}
			if kept := eval[string](b, `document.getElementById("gdl").value`); kept != bad {
				t.Errorf("%s: the text typed is not kept (%d characters of %d)", c.lang, len(kept), len(bad))
			}
			eval[bool](b, `(document.getElementById("gdl-check").scrollIntoView({block: "center"}), true)`)
			b.screenshot(fmt.Sprintf("gdl-setup-error-%s-%dx%d.png", c.lang, size[0], size[1]))
		}
	}
	// Fix it: choose the shipped game, which fills the box, then submit.
	b.do(chromedp.EmulateViewport(1280, 720))
	eval[bool](b, `(document.getElementById("gdl-game").value = "matchsticks", document.getElementById("gdl-game").dispatchEvent(new Event("change")), true)`)
	b.waitFor(`document.getElementById("gdl-check").classList.contains("ok")`, "the game checked")
	b.screenshot("gdl-setup-ok-cs-1280x720.png")
	b.do(chromedp.Click(chromedp.CSS(`[data-testid="submit"]`)))
	b.waitFor(`location.pathname === "/view" && document.getElementById("conn")?.dataset.conn === "on"`, "the viewer")
	b.waitLive()
	q, _ := url.ParseQuery(strings.TrimPrefix(eval[string](b, `location.search`), "?"))
	if q.Get("gdlz") == "" || q.Has("gdl") || q.Has("source") {
		t.Errorf("the viewer's address is %v", q)
	}
	before := eval[string](b, `document.getElementById("step").textContent`)
	b.do(chromedp.KeyEvent(kb.ArrowRight))
	b.waitFor(fmt.Sprintf(`document.getElementById("step").textContent !== %q`, before), "a step of the search")
	b.screenshot("gdl-view-cs-1280x720.png")
	b.checkClean()
}
