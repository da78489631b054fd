package web

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/abtrace/abtrace/view"
)

// TestBrowserTablePositions: the table panel of PVS on tic-tac-toe shows
// each entry as its position, a board as large as the tree's smallest
// legible one, pages through every entry and keeps the page as the
// search steps on; the last hit's link seeks to the step that stored the
// entry. The evaluation panel writes Connect Four's sum with its terms in
// German.
func TestBrowserTablePositions(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1280, 720)
	stepIs := func(n string) string {
		return `document.getElementById("step").textContent.startsWith("step ` + n + ` ")`
	}
	b.open("/view?game=tictactoe&position=x...o....&algo=pvs&tt=1024&step=199")
	b.do(chromedp.KeyEvent(kb.ArrowRight))
	b.waitFor(stepIs("200"), "step 200")
	// The panel opens on the page of the newest entries, the last page:
	// pages are counted from the oldest, so that a page keeps its entries.
	b.waitFor(`document.querySelectorAll('[data-testid="tt-entries"] tbody tr').length > 0`, "the newest entries")
	var from, to, of int
	if _, err := fmt.Sscanf(b.text(`[data-testid="tt-page"]`), "entries %d–%d of %d", &from, &to, &of); err != nil || to != of || from < 11 {
		t.Fatalf("the pager says %q (%v), want the newest entries, a page past the first", b.text(`[data-testid="tt-page"]`), err)
	}
	b.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-testid="tt-older"]').click()`))
	older := fmt.Sprintf("entries %d–%d ", from-view.MaxTableRows, from-1)
	b.waitFor(`document.querySelector('[data-testid="tt-page"]').textContent.startsWith(`+strconv.Quote(older)+`)`, "the page before")
	b.waitFor(`document.querySelectorAll('[data-testid="tt-entries"] tbody tr').length === 10`, "ten entries on a full page")
	if w := eval[float64](b, `Math.min(...[...document.querySelectorAll('[data-testid="tt-entries"] svg.tt-board')].map(s => s.getBoundingClientRect().width))`); w < 40 {
		t.Errorf("the entries' boards are %.1f px across, want at least 40", w)
	}
	if n := eval[int](b, `document.querySelectorAll('[data-testid="tt-entries"] svg.tt-board text').length`); n < 10*3 {
		t.Errorf("the ten boards draw %d marks, want at least three each", n)
	}
	firstRow := b.attr(`[data-testid="tt-entries"] tbody tr`, "data-entry")
	// The page and its entries stay as the search goes on and stores more.
	b.do(chromedp.KeyEvent(kb.ArrowRight))
	b.waitFor(stepIs("201"), "step 201")
	if got := b.text(`[data-testid="tt-page"]`); !strings.HasPrefix(got, older) {
		t.Errorf("after a step the pager says %q, want %q still", got, older)
	}
	if got := b.attr(`[data-testid="tt-entries"] tbody tr`, "data-entry"); got != firstRow {
		t.Errorf("after a step the page begins with %q, want %q still", got, firstRow)
	}
	b.show(`[data-testid="tt-panel"]`)
	b.screenshot("table-positions-1280.png")
	// The last hit links to the step that stored its entry.
	stored := b.attr(`[data-testid="tt-hit"] a[data-seek]`, "data-seek")
	if stored == "<missing>" || stored == "" {
		t.Fatal("the last hit has no link to the step that stored its entry")
	}
	if n := eval[int](b, `document.querySelectorAll('[data-testid="tt-hit"] svg.tt-board').length`); n != 1 {
		t.Errorf("the last hit draws %d boards, want its position", n)
	}
	b.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-testid="tt-hit"] a[data-seek]').click()`))
	b.waitFor(stepIs(stored), "step "+stored)

	q := url.Values{"game": {"connect4"}, "position": {"dd"}, "depth": {"1"}, "lang": {"de"}, "step": {"4"}}
	b.open("/view?" + q.Encode())
	b.waitFor(`document.querySelector('[data-testid="eval-lines"]') !== null`, "the evaluation panel")
	if got := b.text(`[data-testid="eval-lines"]`); !strings.Contains(got, "E = 10·X3 + 2·X2") || !strings.Contains(got, "= 2") {
		t.Errorf("the evaluation panel writes %q, want Connect Four's sum and its value 2", got)
	}
	if got := b.text(`[data-testid="eval-terms"]`); !strings.Contains(got, "Drohungen von x") {
		t.Errorf("the terms read %q, want x's threats in German", got)
	}
}
