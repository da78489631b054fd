package web

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserDUCT steps decoupled UCT on the home page's rock, paper,
// scissors (roles that choose at once) in en, de and cs at 1280×720 and
// 390×844 (and 1920×1080 in English): every role's table at the step's
// node is shown, read at 12 px or more and within the window's width; the
// root is drawn as the diamond of roles choosing at once and the legend
// explains it; a key press steps on and the tables follow.
func TestBrowserDUCT(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1280, 720)
	for _, lang := range []string{"en", "de", "cs"} {
		sizes := [][2]int64{{1280, 720}, {390, 844}}
		if lang == "en" {
			sizes = append(sizes, [2]int64{1920, 1080})
		}
		for _, size := range sizes {
			b.do(chromedp.EmulateViewport(size[0], size[1]))
			b.do(chromedp.Navigate(b.srv.URL + "/view?" + ductQuery("2", lang, 20).Encode()))
			b.waitLive()
			b.waitFor(`document.querySelectorAll("#mcts-body .duct-table").length === 2`, "both roles' tables")
			m := eval[[]float64](b, `(() => {
				const cell = document.querySelector("#mcts-body .duct-table td");
				const root = document.querySelector('svg g.n[data-node=""]') || document.querySelector("svg g.n");
				const lg = document.querySelector('[data-testid="legend-joint"] svg');
				return [parseFloat(getComputedStyle(cell).fontSize), document.documentElement.scrollWidth, innerWidth,
					root && root.classList.contains("k-joint") ? 1 : 0, lg ? lg.getBoundingClientRect().width : 0];
			})()`)
			if m[0] < 12 || m[1] > m[2] || m[3] != 1 || m[4] < 8 {
				t.Errorf("%s %dx%d: table text %.1f px, page %v px wide in %v, root joint %v, legend diamond %.1f px; want ≥ 12, within, 1, ≥ 8",
					lang, size[0], size[1], m[0], m[1], m[2], m[3], m[4])
			}
			b.screenshot(fmt.Sprintf("duct-%s-%dx%d.png", lang, size[0], size[1]))
		}
	}
	// A key steps on: the iteration's phase changes and the tables stay.
	b.do(chromedp.EmulateViewport(1280, 720))
	b.do(chromedp.Navigate(b.srv.URL + "/view?" + ductQuery("2", "en", 20).Encode()))
	b.waitLive()
	before := eval[string](b, `document.getElementById("step").textContent`)
	b.do(chromedp.KeyEvent(kb.ArrowRight))
	b.waitFor(fmt.Sprintf(`document.getElementById("step").textContent !== %q`, before), "a step of decoupled UCT")
	b.waitFor(`document.querySelector('[data-testid="mcts-iter"]') !== null`, "the iteration in the panel")
	b.checkClean()
}
