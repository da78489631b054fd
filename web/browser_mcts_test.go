package web

import (
	"github.com/abtrace/abtrace/search/tree"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/view"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserMCTS steps through six iterations of MCTS on the textbook
// tree (seed 1): the children join the tree one per iteration with their
// w/n, the selection step says every UCB1 score and the panel writes each
// out as w/n + c·√(ln N / n) with B marked (0.08 + 1.48 = 1.57, see
// view.TestMCTSPanelFirstSelection), the playout that follows is drawn
// with its result, and at the end the root has six visits.
func TestBrowserMCTS(t *testing.T) {
	t.Parallel()
	for _, size := range []struct{ w, h int64 }{{1280, 720}, {390, 844}} {
		t.Run(strconv.FormatInt(size.w, 10), func(t *testing.T) {
			b := newBrowserEnv(t, size.w, size.h)
			q := url.Values{"tree": {tree.TwoPlyGameTree}, "algo": {"mcts"}, "iterations": {"6"}, "seed": {"1"}, "step": {"0"}}
			b.open("/view?" + q.Encode())
			n := b.total()
			sawSelect, sawPlayout := false, false
			for i := 1; i <= n; i++ {
				b.key(kb.ArrowRight, "step "+strconv.Itoa(i)+" of "+strconv.Itoa(n))
				nar := eval[string](b, `document.getElementById("narration").textContent`)
				if !sawSelect && strings.Contains(nar, "selection") {
					sawSelect = true
					if !strings.Contains(nar, "UCB1") || !strings.Contains(nar, "N = 3") {
						t.Errorf("the first selection says %q, want the UCB1 scores at N = 3", nar)
					}
					b.do(chromedp.ScrollIntoView(`[data-testid="mcts"]`))
					b.screenshot("mcts-select-" + strconv.FormatInt(size.w, 10) + ".png")
					if got := eval[int](b, `document.querySelectorAll('[data-testid="ucb"] tbody tr').length`); got != 3 {
						t.Errorf("the UCB1 table has %d rows, want 3", got)
					}
					if got := b.text(`[data-testid="ucb"] tr[data-chosen="true"] th`); !strings.Contains(got, "B") {
						t.Errorf("the chosen row is %q, want B", got)
					}
					if got := b.text(`[data-testid="ucb"] tr[data-chosen="true"] td.total`); got != "1.57" {
						t.Errorf("B's UCB1 shows %q, want 1.57", got)
					}
					if got := b.text(`[data-testid="ucb"] tr[data-child="1"] td.explore`); !strings.Contains(got, "1.41·√(ln 3 / 1)") || !strings.Contains(got, "1.48") {
						t.Errorf("C's exploration shows %q, want + 1.41·√(ln 3 / 1) = 1.48", got)
					}
				}
				if sawSelect && !sawPlayout && eval[bool](b, `document.querySelector('[data-testid="playout"].current') !== null`) {
					sawPlayout = true
					if got := b.text(`[data-testid="playout-result"]`); !strings.Contains(got, "⇒ 3 for MAX") {
						t.Errorf("the playout's result reads %q, want ⇒ 3 for MAX", got)
					}
					b.do(chromedp.ScrollIntoView(`[data-testid="playout"]`))
					b.screenshot("mcts-playout-" + strconv.FormatInt(size.w, 10) + ".png")
				}
			}
			if !sawPlayout {
				t.Error("no step drew the playout after the first selection")
			}
			if !sawSelect {
				t.Error("no step narrated a selection")
			}
			if got := b.attr(`[data-node=""]`, "data-value"); !strings.HasSuffix(got, "/6") {
				t.Errorf("the root shows %q at the end, want w/6", got)
			}
			for _, id := range []string{"0", "1", "2"} {
				if got := b.attr(`[data-node="`+id+`"]`, "data-value"); !strings.Contains(got, "/") {
					t.Errorf("child %s shows %q, want w/n", id, got)
				}
			}
			b.screenshot("mcts-done-" + strconv.FormatInt(size.w, 10) + ".png")
		})
	}
}

// TestBrowserMCTSGerman: the panel speaks the page's language, in the
// page as the server rendered it and in what the session sends.
func TestBrowserMCTSGerman(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1280, 720)
	q := url.Values{"tree": {tree.TwoPlyGameTree}, "algo": {"mcts"}, "iterations": {"6"}, "seed": {"1"}, "step": {"13"}, "lang": {"de"}}
	b.open("/view?" + q.Encode())
	if got := b.text(`[data-testid="mcts-iter"]`); got != "Iteration 3" {
		t.Errorf("the panel at step 13 says %q, want Iteration 3", got)
	}
	b.waitFor(`document.getElementById("conn").dataset.conn === "on"`, "the session")
	b.do(chromedp.KeyEvent(kb.ArrowRight))
	b.waitFor(`document.querySelector('[data-testid="ucb"]') !== null`, "the UCB1 table")
	if got := b.text(`[data-testid="ucb"] figcaption`); got != "Selektion bei A (MAX, N = 3, c = 1.41)" {
		t.Errorf("the table's caption reads %q, want Selektion bei A (MAX, N = 3, c = 1.41)", got)
	}
	b.screenshot("mcts-select-de.png")
}

// TestBrowserCards steps the lecture's open deal with alpha-beta: the
// first cards are named as the deal writes them and the root ends at two
// tricks.
func TestBrowserCards(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1280, 720)
	b.open("/view?" + url.Values{"game": {"cards"}, "step": {"0"}}.Encode())
	n := b.total()
	b.key(kb.End, "step "+strconv.Itoa(n)+" of "+strconv.Itoa(n))
	if got := b.attr(`[data-node=""]`, "data-value"); got != "2" {
		t.Errorf("the root shows %q at the end, want 2 tricks", got)
	}
	nar := eval[string](b, `document.getElementById("narration").textContent`)
	if !strings.Contains(nar, "♥6") {
		t.Errorf("the last narration %q does not name the first card ♥6", nar)
	}
	b.screenshot("cards-done.png")
}

// TestBrowserCardsInfoSets: the information-set method's table shows, deal
// by deal, that ♣9 guarantees 1 and 2 tricks (1.5 on average) while the
// chosen ♥6 guarantees 2, and names the risk after ♣9 ♣10 ♠2.
func TestBrowserCardsInfoSets(t *testing.T) {
	t.Parallel()
	for _, algo := range []string{"infoset", "clairvoyance"} {
		t.Run(algo, func(t *testing.T) {
			b := newBrowserEnv(t, 1280, 720)
			b.open("/view?" + url.Values{"game": {"cards"}, "algo": {algo}, "step": {"0"}}.Encode())
			b.waitFor(`document.querySelector('[data-testid="hidden-table"]') !== null`, "the table of first moves")
			club9 := b.text(`tr[data-move="♣9"] td.avg`)
			chosen := b.text(`tr.chosen th`)
			want9 := map[string]string{"infoset": "1.5", "clairvoyance": "2"}[algo]
			if club9 != want9 || chosen != "♥6" {
				t.Errorf("♣9 averages %q and the chosen row is %q; want %s and ♥6", club9, chosen, want9)
			}
			if algo == "infoset" && !strings.Contains(b.text(`[data-testid="hidden-risk"]`), "after ♣9 ♣10 ♠2, deal 1 needs ♦6, deal 2 needs ♥6") {
				t.Errorf("risk %q, want the throw after ♣9 ♣10 ♠2", b.text(`[data-testid="hidden-risk"]`))
			}
			b.screenshot("cards-" + algo + ".png")
		})
	}
}

// TestBrowserDeterminized steps determinised MCTS on the lecture's deal:
// the tree is the first sample's MCTS search on the deal it drew, as if
// open, with the Monte-Carlo panel; the table names ♣9's strategy fusion
// (its exact value is 1.5, TestBrowserCardsInfoSets) and the risk after
// ♣9 ♣10 ♠2; the next sample is one link away.
func TestBrowserDeterminized(t *testing.T) {
	t.Parallel()
	for _, size := range []struct{ w, h int64 }{{1280, 720}, {390, 844}} {
		t.Run(strconv.FormatInt(size.w, 10), func(t *testing.T) {
			b := newBrowserEnv(t, size.w, size.h)
			b.open("/view?" + url.Values{"game": {"cards"}, "algo": {"determinized"}, "samples": {"6"}, "iterations": {"200"}, "step": {"0"}}.Encode())
			if got := b.text(`[data-testid="hidden-stepped"]`); !strings.Contains(got, "sample 1 of 6") {
				t.Errorf("the table says %q, want it to name sample 1 of 6", got)
			}
			fusion := b.text(`[data-testid="hidden-fusion"]`)
			if !strings.Contains(fusion, "♣9") || !strings.Contains(fusion, "only 1.5") {
				t.Errorf("the fusion line reads %q, want ♣9 guaranteeing only 1.5", fusion)
			}
			if got := b.text(`[data-testid="hidden-risk"]`); !strings.Contains(got, "after ♣9 ♣10 ♠2") {
				t.Errorf("the risk reads %q, want the throw after ♣9 ♣10 ♠2", got)
			}
			// Step into the first selection: the panel shows MAX's four cards.
			for i := 1; i <= 40; i++ {
				b.do(chromedp.KeyEvent(kb.ArrowRight))
				b.waitFor(`document.getElementById("step").textContent.startsWith("step `+strconv.Itoa(i)+` ")`, "step "+strconv.Itoa(i))
				if eval[bool](b, `document.querySelector('[data-testid="ucb"]') !== null`) {
					break
				}
			}
			if got := eval[int](b, `document.querySelectorAll('[data-testid="ucb"] tbody tr').length`); got != 4 {
				t.Errorf("the first selection lists %d cards, want MAX's 4", got)
			}
			b.do(chromedp.ScrollIntoView(`[data-testid="hidden"]`))
			b.screenshot("determinized-" + strconv.FormatInt(size.w, 10) + ".png")
			next := b.attr(`[data-testid="sample-next"]`, "href")
			if !strings.Contains(next, "sample=2") {
				t.Errorf("the next sample's link is %q, want sample=2", next)
			}
		})
	}
}

// narrationLines counts the lines the narration's text takes.
const narrationLines = `(() => { const r = document.createRange(); r.selectNodeContents(document.getElementById("narration"));
	return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size; })()`

// overviewSet is the information set's mark in the whole tree: the node
// it joins, its deals, and that node's class.
const overviewSet = `(() => { const m = document.querySelector('#tree .iset [data-testid="set-mark"]');
	if (!m) return "none";
	const n = document.querySelector('#tree [data-node="' + m.dataset.set + '"]');
	return m.dataset.set + " " + [...m.querySelectorAll('[data-testid="set-deal"]')].map((e) => e.textContent).join(",") + " " + (n ? n.getAttribute("class") : "-"); })()`

// TestBrowserCardsInfoSetJoined: on the trap deal after ♣9 ♣5 the panel
// draws the two positions MAX cannot tell apart enclosed by one dashed
// outline, at 1280×720 and on a phone, its values and deals at 14 px or
// more and its other labels at 12 px or more; a step on to MIN's answer
// shows that node's set.
func TestBrowserCardsInfoSetJoined(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1280, 720)
	for _, size := range [][2]int64{{1280, 720}, {390, 844}} {
		b.do(chromedp.EmulateViewport(size[0], size[1]))
		what := strconv.FormatInt(size[0], 10) + "×" + strconv.FormatInt(size[1], 10)
		b.open("/view?" + url.Values{"game": {"cards"}, "deal": {"trap"}, "algo": {"clairvoyance"}, "step": {"630"}}.Encode())
		// The narration fits three lines on a phone: the set said in
		// short, the panel and the tree saying the rest.
		if lines := eval[int](b, narrationLines); size[0] == 390 && lines > view.NarrationLines {
			t.Errorf("%s: the narration takes %d lines, want at most %d: %q", what, lines, view.NarrationLines, b.text(`#narration`))
		}
		b.do(chromedp.ScrollIntoView(`[data-testid="infoset"]`))
		join := eval[[]string](b, `(() => { const j = document.querySelector('[data-testid="infoset-join"]'), s = getComputedStyle(j), r = j.getBoundingClientRect();
			return [s.borderTopStyle, String(j.querySelectorAll(".infoset-pos").length), String(r.right <= document.documentElement.clientWidth)]; })()`)
		if join[0] != "dashed" || join[1] != "2" || join[2] != "true" {
			t.Errorf("%s: the set is drawn %q with %s positions, inside the window %s; want dashed, 2, true", what, join[0], join[1], join[2])
		}
		least := func(sel string) float64 {
			return eval[float64](b, `Math.min(...[...document.querySelectorAll('`+sel+`')].map((e) => parseFloat(getComputedStyle(e).fontSize)))`)
		}
		if v := least(".infoset-value, .infoset-deal, .infoset-table td, .infoset-table th"); v < 14 {
			t.Errorf("%s: a value or deal of the set at %.1f px, want ≥ 14", what, v)
		}
		if v := least(".infoset-hidden, .infoset-legend, .infoset-seen, .infoset-why, .infoset-table caption"); v < 12 {
			t.Errorf("%s: a label of the set at %.1f px, want ≥ 12", what, v)
		}
		// The tree itself: the other deal's position beside the current
		// node, joined to it, dashed, its value and deal legible, inside
		// the window.
		mark := eval[[]string](b, `(() => { const m = document.querySelector('.focus-svg [data-testid="set-mark"]');
			if (!m) return ["", "", "", ""];
			const r = m.getBoundingClientRect(), dash = (sel) => getComputedStyle(m.querySelector(sel)).strokeDasharray;
			return [dash(".set-join"), dash(".set-box"), [...m.querySelectorAll('[data-testid="set-deal"]')].map((e) => e.textContent).join(","),
				String(r.left >= 0 && r.right <= document.documentElement.clientWidth)]; })()`)
		if mark[0] == "none" || mark[0] == "" || mark[1] == "none" || mark[2] != "deal 2" || mark[3] != "true" {
			t.Errorf("%s: the tree's set is joined %q, outlined %q, holds %q, inside the window %s; want dashed, deal 2, true", what, mark[0], mark[1], mark[2], mark[3])
		}
		if v := pieceFont(b, `.focus-svg [data-testid="set-value"]`); v < 14 {
			t.Errorf("%s: the set's value in the tree at %.1f px, want ≥ 14", what, v)
		}
		if v := pieceFont(b, `.focus-svg [data-testid="set-deal"]`); v < 12 {
			t.Errorf("%s: the set's deal in the tree at %.1f px, want ≥ 12", what, v)
		}
		// At 1280×720 the join runs behind ♣8, the unvisited sibling right
		// of the current node, which is drawn whole, so the join does not
		// show through it.
		if behind := eval[string](b, `(() => { const n = document.querySelector('.focus-svg [data-fnode="2.1"]'), j = document.querySelector('.focus-svg .set-join');
			if (!n || !j) return "-";
			const a = n.querySelector(".s").getBoundingClientRect(), l = j.getBoundingClientRect();
			return String(l.left < a.left && l.right > a.right && l.top > a.top && l.bottom < a.bottom) + " " + getComputedStyle(n).opacity + " " + getComputedStyle(n.querySelector(".s")).fill; })()`); size[0] == 1280 && behind != "true 1 rgb(255, 255, 255)" {
			t.Errorf("%s: the join passes behind ♣8, drawn %q; want true, opacity 1, filled white", what, behind)
		}
		// The whole tree, a key away, draws the set too, its current node
		// dashed.
		if got := eval[string](b, overviewSet); got != "2.0 deal 2 n g-max k-max cur on-stack infoset" {
			t.Errorf("%s: the whole tree's set is %q; want deal 2 beside the dashed node 2.0", what, got)
		}
		b.screenshot("cards-infoset-" + strconv.FormatInt(size[0], 10) + ".png")
	}
	before := b.text(`[data-testid="infoset-seen"]`)
	b.key(kb.ArrowRight, "step 631 of 973")
	b.key(kb.ArrowRight, "step 632 of 973")
	b.waitFor(`document.querySelector('[data-testid="infoset-seen"]').textContent.includes("♣9 ♣5 ♦7")`, "the set after ♣9 ♣5 ♦7")
	if after := b.text(`[data-testid="infoset-seen"]`); after == before {
		t.Errorf("stepping on kept the set %q", before)
	}
	// The tree's set follows the search: after ♣9 ♣5 ♦7 it holds MIN's
	// node of deal 2, as the step's patch drew it.
	if got := eval[string](b, `(document.querySelector('.focus-svg [data-testid="set-mark"]') || {dataset: {}}).dataset.set || ""`); got != "2.0.0" {
		t.Errorf("after two steps the tree's set is at %q, want 2.0.0 (♣9 ♣5 ♦7)", got)
	}
	if got := eval[string](b, overviewSet); got != "2.0.0 deal 2 n g-min k-min cur on-stack infoset" {
		t.Errorf("after two steps the whole tree's set is %q, want deal 2 beside the dashed node 2.0.0", got)
	}
}
