package web

import (
	"github.com/abtrace/abtrace/search/tree"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// show scrolls a panel into view for a screenshot.
func (b *browserEnv) show(sel string) {
	b.t.Helper()
	b.do(chromedp.Evaluate[chromedp.Void](`document.querySelector(` + strconv.Quote(sel) + `).scrollIntoView({block: "center"})`))
}

// TestBrowserRealGames steps through the panels of the searches on real
// games on the textbook tree with estimates (iterative deepening with a
// table): at step 32 C is reached again in pass 2, the table panel shows
// it as the position stored at step 15 and its link jumps there; the
// passes panel shows pass 2 trying C, pass 1's best, first. Then MTD(f)'s
// table settles a leaf, an aspiration window fails low, and the killer
// and history panels fill.
func TestBrowserRealGames(t *testing.T) {
	t.Parallel()
	for _, size := range []struct{ w, h int64 }{{1280, 720}, {390, 844}} {
		w := strconv.FormatInt(size.w, 10)
		t.Run(w, func(t *testing.T) {
			b := newBrowserEnv(t, size.w, size.h)
			q := url.Values{"tree": {tree.TwoPlyGameTreeEstimates}, "algo": {"id"}, "tt": {"64"}, "step": {"31"}}
			b.open("/view?" + q.Encode())
			n := b.total()
			b.key(kb.ArrowRight, "step 32 of "+strconv.Itoa(n))
			b.waitFor(`document.querySelector('[data-testid="tt-hit"]') !== null`, "the table's hit")
			if got := b.text(`[data-testid="tt-hit"]`); !strings.Contains(got, "C reached again: the same position as C, stored at") || !strings.Contains(got, "step 15") {
				t.Errorf("the hit says %q, want C reached again, stored at step 15", got)
			}
			if got := b.attr(`[data-testid="tt-hit"] a[data-seek]`, "data-seek"); got != "15" {
				t.Errorf("the hit links to step %q, want 15", got)
			}
			if got := b.text(`[data-testid="tt-counts"]`); got != "4 entries · 2 hits · 4 stores" {
				t.Errorf("the table counts %q, want 4 entries · 2 hits · 4 stores", got)
			}
			if got := b.attr(`[data-pass="2"]`, "class"); got != "now" {
				t.Errorf("pass 2's row has class %q, want now", got)
			}
			if got := b.text(`[data-pass="2"] [data-testid="pass-reused"]`); !strings.Contains(got, "last pass's best") {
				t.Errorf("pass 2 says %q of its first move, want the last pass's best", got)
			}
			nar := b.text(`#narration`)
			if !strings.Contains(nar, "The table knows C") {
				t.Errorf("the narration says %q, want the table's entry for C", nar)
			}
			b.show(`[data-testid="tt-panel"]`)
			b.screenshot("realgames-hit-" + w + ".png")

			// The link jumps to where the entry was stored.
			b.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-testid="tt-hit"] a[data-seek]').click()`))
			b.waitFor(`document.getElementById("step").textContent === "step 15 of `+strconv.Itoa(n)+`"`, "step 15")
			if nar := b.text(`#narration`); !strings.Contains(nar, "C goes into the table") {
				t.Errorf("at step 15 the narration says %q, want C's store", nar)
			}
			if got := b.attr(`tr[data-entry="C"]`, "class"); got != "now" {
				t.Errorf("C's entry has class %q at its store, want now", got)
			}
			b.key(kb.End, "step "+strconv.Itoa(n)+" of "+strconv.Itoa(n))
			b.show(`[data-testid="pass-panel"]`)
			b.screenshot("realgames-passes-" + w + ".png")
			// A new pass draws afresh: at step 27, where pass 2 begins, no
			// node is drawn visited.
			b.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-pass="2"] a[data-seek]').click()`))
			b.waitFor(`document.getElementById("step").textContent === "step 27 of `+strconv.Itoa(n)+`"`, "step 27")
			if got := eval[int](b, `document.querySelectorAll('#tree [data-node][data-state="done"], #tree [data-node][data-state="open"]').length`); got != 0 {
				t.Errorf("at the start of pass 2, %d nodes are drawn visited, want none", got)
			}
			b.key(kb.ArrowLeft, "step 26 of "+strconv.Itoa(n))
			if got := eval[int](b, `document.querySelectorAll('#tree [data-node][data-state="done"]').length`); got != 4 {
				t.Errorf("at the end of pass 1, %d nodes are drawn done, want 4 (A, B, C, D)", got)
			}
		})
	}
	t.Run("mtdf", func(t *testing.T) {
		b := newBrowserEnv(t, 1280, 720)
		b.open("/view?" + url.Values{"tree": {tree.TwoPlyGameTree}, "algo": {"mtdf"}, "step": {"40"}}.Encode())
		if got := b.text(`[data-testid="tt-cut"]`); got != "The exact value settles the node: no search." {
			t.Errorf("the cut says %q, want the exact value settling the node", got)
		}
		b.show(`[data-testid="tt-panel"]`)
		b.screenshot("realgames-mtdf-cut.png")
	})
	t.Run("aspiration", func(t *testing.T) {
		b := newBrowserEnv(t, 390, 844)
		b.open("/view?" + url.Values{"tree": {tree.TwoPlyGameTreeEstimates}, "algo": {"id"}, "aspiration": {"1"}, "step": {"58"}}.Encode())
		if got := b.text(`[data-testid="research-panel"] li`); !strings.Contains(got, "fail-low: 3 ≤ α = 3") || !strings.Contains(got, "α=−∞ β=+∞") {
			t.Errorf("the re-search says %q, want the fail-low and the new window", got)
		}
		b.show(`[data-testid="research-panel"]`)
		b.screenshot("realgames-aspiration-390.png")
	})
	t.Run("killer-history", func(t *testing.T) {
		b := newBrowserEnv(t, 1280, 720)
		b.open("/view?" + url.Values{"tree": {tree.TwoPlyGameTree}, "algo": {"negamax"}, "order": {"killer"}, "step": {"30"}}.Encode())
		n := b.total()
		b.key(kb.ArrowRight, "step 31 of "+strconv.Itoa(n))
		b.waitFor(`document.querySelector('[data-testid="killer-panel"] tr[data-depth="1"]') !== null`, "the killer slots of depth 1")
		// C's leaf 2 cut at step 27: the newest slot is C's first child,
		// which puts D's first child 14 first.
		cells := eval[[]string](b, `[...document.querySelectorAll('[data-testid="killer-panel"] tr[data-depth="1"] td')].map(e => e.innerText.trim().replace(/\s+/g, " "))`)
		if want := []string{"1", "D", "2 cut at C at D: 14 first", "—"}; !slices.Equal(cells, want) {
			t.Errorf("depth 1's killers read %q, want %q: D's newest killer 2, cut at C, putting 14 first", cells, want)
		}
		if got := b.attr(`[data-testid="killer-panel"] tr[data-depth="1"]`, "class"); got != "now" {
			t.Errorf("depth 1's row has class %q, want now (D is the current node)", got)
		}
		// The narration of D's expansion takes two lines at 1280 px: it
		// keeps them all above the zoom and present buttons.
		checkUncovered(b, "the killer expansion at 1280×720")
		b.show(`[data-testid="killer-panel"]`)
		b.screenshot("realgames-killer.png")
		b.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('[data-testid="killer-panel"] tr[data-depth="1"] a[data-seek]').click()`))
		b.waitFor(`document.getElementById("step").textContent === "step 27 of `+strconv.Itoa(n)+`"`, "step 27, C's cutoff")
		// Connect Four names its killer moves by column.
		b.open("/view?" + url.Values{"game": {"connect4"}, "position": {"dd"}, "depth": {"3"}, "algo": {"negamax"}, "order": {"killer"}, "step": {"end"}, "lang": {"de"}}.Encode())
		moves := eval[[]string](b, `[...document.querySelectorAll('[data-testid="killer-panel"] .killer-move')].map(e => e.textContent)`)
		if len(moves) == 0 {
			t.Errorf("got no killer moves at the end of a Connect Four search, want columns")
		}
		for _, m := range moves {
			if n, ok := strings.CutPrefix(m, "Spalte "); !ok || len(n) != 1 || n[0] < '1' || n[0] > '7' {
				t.Errorf("a killer move reads %q, want a column Spalte 1–7", m)
			}
		}
		if got := b.text(`[data-testid="killer-panel"] .killer-slot small`); !strings.HasPrefix(got, "Schnitt bei ") {
			t.Errorf("a slot's note reads %q, want it in German (Schnitt bei …)", got)
		}
		b.show(`[data-testid="killer-panel"]`)
		b.screenshot("realgames-killer-connect4-de.png")
		b.open("/view?" + url.Values{"tree": {tree.TwoPlyGameTree}, "algo": {"negamax"}, "order": {"history"}, "step": {"end"}}.Encode())
		if got := b.text(`[data-testid="history-panel"] tbody tr`); got != "141" {
			t.Errorf("the first history row reads %q, want 14 scored 1", got)
		}
	})
}

// TestBrowserConnect4Boards draws a Connect Four search as small boards:
// the root after d d has x's disc and o's disc in the middle column, and
// each child one disc more.
func TestBrowserConnect4Boards(t *testing.T) {
	t.Parallel()
	for _, size := range []struct{ w, h int64 }{{1280, 720}, {390, 844}} {
		w := strconv.FormatInt(size.w, 10)
		t.Run(w, func(t *testing.T) {
			b := newBrowserEnv(t, size.w, size.h)
			b.open("/view?" + url.Values{"game": {"connect4"}, "position": {"dd"}, "depth": {"1"}, "algo": {"negamax"}, "tt": {"64"}, "step": {"end"}}.Encode())
			if got := eval[int](b, `document.querySelectorAll('[data-node=""] circle.disc').length`); got != 2 {
				t.Errorf("the root board has %d discs, want 2", got)
			}
			if got := eval[int](b, `document.querySelectorAll('[data-node="3"] circle.c4-x').length`); got != 2 {
				t.Errorf("the board after x plays d again has %d of x's discs, want 2", got)
			}
			b.screenshot("connect4-boards-" + w + ".png")
		})
	}
}
