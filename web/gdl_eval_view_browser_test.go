package web

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/abtrace/abtrace/search/scenario"
)

// TestBrowserGDLEvalInViewer: the viewer searching the GDL tic-tac-toe
// with goal-fuzzy writes the current node's evaluation out in its GDL
// panel (V, R⁻, R⁺ and E, the construction then its numbers, each role's
// h with the goals combined with terminal, and the formula trees with a
// degree on every subformula, legible and inside the panel), in en, de
// and cs; a step of the search moves the panel to the new node; its link
// opens /gdl/eval at the same position, whose moves lead on and whose
// trail leads back.
func TestBrowserGDLEvalInViewer(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1280, 720)
	z := scenario.CompressGDL(gdlText(t, "tictactoe"))
	long := regexp.MustCompile(`\d\.\d{3}`)
	for _, c := range []struct{ lang, title string }{
		{"en", "Evaluation goal-fuzzy of this state"}, {"de", "Bewertung goal-fuzzy dieses Zustands"}, {"cs", "Ohodnocení goal-fuzzy tohoto stavu"},
	} {
		q := url.Values{"gdlz": {z}, "eval": {"goal-fuzzy"}, "depth": {"2"}, "step": {"6"}, "lang": {c.lang}}
		b.do(chromedp.Navigate(b.srv.URL + "/view?" + q.Encode()))
		b.waitLive()
		panel := `document.querySelector('#gdl-node [data-testid="gdl-eval-node"]')`
		b.waitFor(panel+` !== null`, "the node's evaluation in the GDL panel")
		if got := eval[string](b, panel+`.querySelector("h3").textContent`); got != c.title {
			t.Errorf("%s: the panel's heading %q, want %q", c.lang, got, c.title)
		}
		if n := eval[int](b, panel+`.querySelectorAll('[data-testid="gdl-term-value"]').length`); n != 4 {
			t.Errorf("%s: %d terms, want V, R⁻, R⁺ and E", c.lang, n)
		}
		if got := eval[string](b, panel+`.querySelectorAll(".ge-line")[1].textContent`); got != "E = 1 + R⁻ + (R⁺ − R⁻ − 2)·V" {
			t.Errorf("%s: the construction %q", c.lang, got)
		}
		if got := eval[string](b, panel+`.querySelectorAll(".ge-line")[2].textContent`); !strings.HasPrefix(got, "= 1 + 0 + (100 − 0 − 2) × ") {
			t.Errorf("%s: the numbers %q", c.lang, got)
		}
		if n := eval[int](b, panel+`.querySelectorAll('[data-testid="gdl-fuzzy-sum"]').length`); n != 2 {
			t.Errorf("%s: h of %d roles, want x and o", c.lang, n)
		}
		if n := eval[int](b, `[...document.querySelectorAll('#gdl-node .fz-node')].filter(e => !e.dataset.degree).length`); n != 0 {
			t.Errorf("%s: %d subformulas without a degree", c.lang, n)
		}
		if text := eval[string](b, `[...`+panel+`.querySelectorAll("*")].filter(e => e.children.length === 0).map(e => e.textContent).join(" ")`); long.MatchString(text) {
			t.Errorf("%s: a number with more than two decimals: %q", c.lang, long.FindString(text))
		}
		eval[bool](b, `(`+panel+`.scrollIntoView({block: "start"}), true)`)
		// The open formula tree: every line as high as a person reads it,
		// none wider than the panel.
		if h := eval[float64](b, `Math.min(...[...document.querySelectorAll('#gdl-node details[open] .fz-text')].filter(e => e.textContent).map(e => e.getBoundingClientRect().height))`); h < 12 {
			t.Errorf("%s: a subformula's text is %.1f px high, want at least 12", c.lang, h)
		}
		if n := eval[int](b, `(() => { const p = document.getElementById("gdl-panel").getBoundingClientRect(); return [...document.querySelectorAll('#gdl-node details[open] .fz-line')].filter(e => e.getBoundingClientRect().right > p.right + 1).length })()`); n != 0 {
			t.Errorf("%s: %d subformulas stick out of the panel", c.lang, n)
		}
		// The h tables of the fuzzy goal evaluation fit the panel whole.
		if n := eval[int](b, `(() => { const p = document.getElementById("gdl-panel").getBoundingClientRect(); return [...document.querySelectorAll('#gdl-node [data-testid="gdl-fuzzy-h"]')].filter(e => e.getBoundingClientRect().right > p.right + 1).length })()`); n != 0 {
			t.Errorf("%s: %d h tables stick out of the panel", c.lang, n)
		}
		b.keepShot(fmt.Sprintf("gdleval-viewer-%s-1280x720.png", c.lang))
		if os.Getenv("ABTRACE_SHOTS") != "" {
			for _, size := range [][2]int64{{1024, 768}, {390, 844}} {
				b.do(chromedp.EmulateViewport(size[0], size[1]))
				eval[bool](b, `(`+panel+`.scrollIntoView({block: "start"}), true)`)
				b.keepShot(fmt.Sprintf("gdleval-viewer-%s-%dx%d.png", c.lang, size[0], size[1]))
			}
			b.do(chromedp.EmulateViewport(1280, 720))
		}
	}
	// A step moves the panel to the next node.
	node := func() string { return eval[string](b, `document.querySelector("#gdl-node > div").dataset.node`) }
	before := node()
	for range 4 {
		step := eval[string](b, `document.getElementById("step").textContent`)
		b.do(chromedp.KeyEvent(kb.ArrowRight))
		b.waitFor(fmt.Sprintf(`document.getElementById("step").textContent !== %q`, step), "a step")
	}
	b.waitFor(fmt.Sprintf(`document.querySelector("#gdl-node > div")?.dataset.node !== %q`, before), "the panel at the node the search moved to")
	// The panel may still be catching up with the last step: wait until
	// its node and its link name the same position, then read both at once.
	link := `document.querySelector('#gdl-node [data-testid="gdl-eval-link"]')`
	b.waitFor(`(l => l !== null && new URLSearchParams(l.getAttribute("href").split("?")[1]).get("at") === document.querySelector("#gdl-node > div").dataset.node)(`+link+`)`, "the link to the evaluations page at the panel's node")
	id, href, _ := strings.Cut(eval[string](b, `document.querySelector("#gdl-node > div").dataset.node + " " + `+link+`.getAttribute("href")`), " ")
	u, _ := url.Parse(href)
	if u.Path != "/gdl/eval" || u.Query().Get("at") != id || u.Query().Get("game") != "tictactoe" || u.Query().Get("eval") != "goal-fuzzy" {
		t.Fatalf("the panel's link %s, want /gdl/eval at %q", href, id)
	}
	b.openPage(href)
	if n := eval[int](b, `document.querySelectorAll('[data-testid="gdl-trail"] a, [data-testid="gdl-trail"] strong').length`); n != strings.Count(id, ".")+2 {
		t.Errorf("the trail to %q has %d steps", id, n)
	}
	moves := eval[int](b, `document.querySelectorAll('[data-testid="gdl-eval-moves"] a').length`)
	b.do(chromedp.Click(chromedp.CSS(`[data-testid="gdl-eval-moves"] a`)))
	b.waitFor(fmt.Sprintf(`new URLSearchParams(location.search).get("at") === %q`, id+".0"), "the position after the first move")
	b.waitFor(`document.readyState === "complete"`, "the page")
	if n := eval[int](b, `document.querySelectorAll('[data-testid="gdl-eval-moves"] a').length`); n != moves-1 {
		t.Errorf("%d moves after a move, want %d", n, moves-1)
	}
	if n := eval[int](b, `document.querySelectorAll('[data-testid="gdl-terms"] [data-testid="gdl-fuzzy-h"]').length`); n != 2 {
		t.Errorf("the page at the new position: h of %d roles", n)
	}
	b.checkClean()
}

// keepShot saves a screenshot under $ABTRACE_SHOTS (nothing when unset):
// the screenshots a person looks at, not needed by the test.
func (b *browserEnv) keepShot(name string) {
	b.t.Helper()
	dir := os.Getenv("ABTRACE_SHOTS")
	if dir == "" {
		return
	}
	time.Sleep(400 * time.Millisecond)
	buf, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		b.t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), buf, 0o644); err != nil {
		b.t.Fatal(err)
	}
}
