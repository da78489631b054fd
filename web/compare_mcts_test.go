package web

import (
	"strconv"

	"github.com/chromedp/chromedp"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search/tree"
)

// mctsCompare is the permalink of MCTS against alpha-beta on the textbook
// tree: 500 iterations, seed 1, stepped event by event.
func mctsCompare(lang string) url.Values {
	q := url.Values{"tree": {tree.TwoPlyGameTree}, "algos": {"alphabeta,mcts"}, "iterations": {"500"}, "seed": {"1"}, "by": {"event"}, "step": {"end"}}
	if lang != "" {
		q.Set("lang", lang)
	}
	return q
}

// TestCompareMCTSCurve: a comparison with an MCTS pane draws the chart of
// MCTS against alpha-beta. On the textbook tree alpha-beta proves 3 with
// B best; after 500 iterations MCTS chooses B too (scenario.TestMCTSCurve
// pins the same on 1,000), so the last dot agrees, and its first dot,
// after one iteration, has tried only B. A comparison without MCTS has
// no such chart.
func TestCompareMCTSCurve(t *testing.T) {
	s := newTestServer(t)
	rec := httpGet(t, s, compareURL(mctsCompare("")))
	if rec.Code != http.StatusOK {
		t.Fatalf("status: got %d, want 200: %s", rec.Code, rec.Body.String())
	}
	p := parsePage(t, rec.Body.String())
	ch := p.one("mcts-curve")
	for attr, want := range map[string]string{"data-exact": "3", "data-final-move": "B", "data-final-agrees": "true"} {
		if got := attrOf(ch, attr); got != want {
			t.Errorf("%s: got %q, want %q", attr, got, want)
		}
	}
	pts := p.all(hasAttr("class", "pt agrees"))
	pts = append(pts, p.all(hasAttr("class", "pt differs"))...)
	if len(pts) < 10 || len(pts) > curvePoints {
		t.Fatalf("got %d points, want 10 to %d", len(pts), curvePoints)
	}
	iters := map[string]string{}
	for _, n := range pts {
		iters[attrOf(n, "data-iter")] = attrOf(n, "data-move")
	}
	if iters["1"] != "B" || iters["500"] != "B" {
		t.Errorf("the move after 1 and 500 iterations: %q and %q, want B and B", iters["1"], iters["500"])
	}
	final := textOf(p.one("curve-final"))
	if !strings.Contains(final, "After 500 iterations MCTS chooses B") || !strings.Contains(final, "alpha-beta proves the value 3, best move B") {
		t.Errorf("the chart's conclusion reads %q", final)
	}

	if n := len(p.testid("disagree")); n != 0 || len(p.testid("mcts-estimate")) != 1 {
		t.Errorf("the summary calls the estimate a disagreement (%d) or does not explain it", n)
	}

	t.Run("de", func(t *testing.T) {
		rec := httpGet(t, s, compareURL(mctsCompare("de")))
		if got := textOf(parsePage(t, rec.Body.String()).one("curve-final")); !strings.Contains(got, "Nach 500 Iterationen wählt MCTS B") {
			t.Errorf("German conclusion reads %q", got)
		}
	})
	t.Run("without mcts", func(t *testing.T) {
		rec := httpGet(t, s, compareURL(textbookCompare("end", "event")))
		if n := len(parsePage(t, rec.Body.String()).testid("mcts-curve")); n != 0 {
			t.Errorf("a comparison of orderings has %d MCTS charts, want none", n)
		}
	})
}

// TestBrowserCompareMCTSCurve opens the permalink of MCTS against
// alpha-beta at the projector's and a phone's size: the chart is drawn
// with its dots, alpha-beta's line and the conclusion.
func TestBrowserCompareMCTSCurve(t *testing.T) {
	t.Parallel()
	for _, size := range []struct{ w, h int64 }{{1280, 720}, {390, 844}} {
		t.Run(strconv.FormatInt(size.w, 10), func(t *testing.T) {
			b := newBrowserEnv(t, size.w, size.h)
			b.do(chromedp.Navigate(b.srv.URL + compareURL(mctsCompare(""))))
			// The server may draw the trees the other way for this window
			// (the page then loads that address): wait for its answer.
			b.waitLive()
			b.waitFor(`document.querySelector('[data-testid="mcts-curve"] polyline.estimate') !== null`, "the chart")
			if got := eval[int](b, `document.querySelectorAll('[data-testid="mcts-curve"] g.pt').length`); got < 10 {
				t.Errorf("the chart shows %d dots, want at least 10", got)
			}
			// The exact line spans the plot: it is drawn, not collapsed.
			if w := eval[float64](b, `document.querySelector('[data-testid="curve-exact"] line').getBoundingClientRect().width`); w < float64(size.w)/3 {
				t.Errorf("alpha-beta's line is %v px wide at a %d px window, want a third of it at least", w, size.w)
			}
			if got := b.text(`[data-testid="curve-final"]`); !strings.Contains(got, "MCTS chooses B") {
				t.Errorf("the conclusion reads %q", got)
			}
			b.do(chromedp.ScrollIntoView(`[data-testid="mcts-curve"]`))
			b.screenshot("compare-mcts-curve-" + strconv.FormatInt(size.w, 10) + ".png")
		})
	}
}
