package web

import (
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// selectiveStep is one event of selective search stepped to in the
// viewer, and what the page must show there.
type selectiveStep struct {
	name  string
	q     url.Values
	step  int    // the step before the event; → takes the event
	node  string // the event's node
	state string // its data-state after the event
	line  string // the pseudocode key lit
	stat  string // the stats panel's counter of the event
	count string // its value after the event
	say   []string
}

// TestBrowserSelectiveEvents steps by key onto a stand-pat (quiescence
// search at the horizon position), a singular extension and a forward
// pruning, at projector and phone sizes, and checks the node, the
// narration, the lit pseudocode line and the stats panel's counter.
func TestBrowserSelectiveEvents(t *testing.T) {
	t.Parallel()
	steps := []selectiveStep{
		{name: "stand-pat", q: url.Values{"game": {"minichess"}, "depth": {"1"}, "quiescence": {"1"}}, step: 20,
			node: "4", state: "open", line: "q-standpat", stat: "q_nodes", count: "5",
			say: []string{"Qd1xd3", "8"}},
		{name: "recapture", q: url.Values{"game": {"minichess"}, "depth": {"1"}, "quiescence": {"1"}}, step: 23,
			node: "4.1", state: "open", line: "q-standpat", stat: "q_nodes", count: "6",
			say: []string{"e4xd3", "−1"}},
		{name: "extend", q: url.Values{"game": {"minichess"}, "depth": {"2"}, "extend": {"singular"}}, step: 57,
			node: "4", state: "open", line: "extend", stat: "extensions", count: "1",
			say: []string{"e4xd3"}},
		{name: "forward", q: url.Values{"game": {"minichess"}, "depth": {"2"}, "forward": {"beam"}, "beam": {"1"}}, step: 2,
			node: "0", state: "pruned", line: "forward", stat: "forward_pruned", count: "11",
			say: []string{"11"}},
	}
	for _, size := range []struct{ w, h int64 }{{1280, 720}, {390, 844}} {
		w := strconv.FormatInt(size.w, 10)
		t.Run(w, func(t *testing.T) {
			b := newBrowserEnv(t, size.w, size.h)
			for _, st := range steps {
				t.Run(st.name, func(t *testing.T) {
					q := url.Values{}
					for k, v := range st.q {
						q[k] = v
					}
					q.Set("step", strconv.Itoa(st.step))
					b.open("/view?" + q.Encode())
					n := b.total()
					b.key(kb.ArrowRight, "step "+strconv.Itoa(st.step+1)+" of "+strconv.Itoa(n))
					sel := `#tree [data-node="` + st.node + `"]`
					if got := b.attr(sel, "data-state"); got != st.state {
						t.Errorf("node %s: got data-state %q, want %q", st.node, got, st.state)
					}
					if got := b.attr(`.listing:not([hidden]) li[data-line-current]`, "data-keys"); !strings.Contains(" "+got+" ", " "+st.line+" ") {
						t.Errorf("the lit pseudocode line has keys %q, want %s", got, st.line)
					}
					if got := b.text(`.stats [data-stat="` + st.stat + `"]`); got != st.count {
						t.Errorf("stats %s: got %q, want %s", st.stat, got, st.count)
					}
					nar := b.text(`#narration`)
					for _, s := range st.say {
						// (A sentence's first letter is capitalised, a pawn's
						// move too: "E4xd3 looks clearly better".)
						if !strings.Contains(strings.ToLower(nar), strings.ToLower(s)) {
							t.Errorf("the narration %q does not mention %q", nar, s)
						}
					}
					// One step back takes the counter back.
					b.key(kb.ArrowLeft, "step "+strconv.Itoa(st.step)+" of "+strconv.Itoa(n))
					if got, was := b.text(`.stats [data-stat="`+st.stat+`"]`), st.count; got == was {
						t.Errorf("stats %s after a step back: got %q, want less", st.stat, got)
					}
					b.key(kb.ArrowRight, "step "+strconv.Itoa(st.step+1)+" of "+strconv.Itoa(n))
					b.screenshot("selective-" + st.name + "-" + w + ".png")
				})
			}
		})
	}
}

// minPiece is the least font size, in pixels on the screen, of a
// minichess piece's letter for it to be read: its box (1.17 of it) is then
// about 10 pixels high, a capital about 6. On a phone the sideways tree of
// /view?game=minichess&depth=1&quiescence=1 shows 8.49 px: its spacing is
// chosen first for every label clear of the others (8.7 px when two of its
// labels touched).
const minPiece = 8.4

// minPieceStacked is minPiece for the comparison's panes stacked on a
// phone, drawn sideways: each pane is a little narrower and shorter than
// the viewer's, and the horizon comparison's tree (the quiescence pane's,
// with the captures below two boards) is laid out as the viewer lays it
// out, its spacing chosen first for every label clear of the others: 8.03
// px measured. (It showed 9.69 px when the comparison kept the base
// spacing, where the value of a board with captures below it had no place
// clear of its neighbours' values.)
const minPieceStacked = 8.0

// pieceFont is the smallest font size on the screen, in pixels, of the
// letters sel finds: the font size in user units times the scale the SVG
// is drawn at (exact, where a text's box is rounded to whole pixels).
func pieceFont(b *browserEnv, sel string) float64 {
	return eval[float64](b, `Math.min(...[...document.querySelectorAll('`+sel+`')].map(t => t.getScreenCTM().a * parseFloat(getComputedStyle(t).fontSize)))`)
}

// pieceBox is the smallest height of the boxes of the letters sel finds.
func pieceBox(b *browserEnv, sel string) float64 {
	return eval[float64](b, `Math.min(...[...document.querySelectorAll('`+sel+`')].map(t => t.getBoundingClientRect().height))`)
}

// TestBrowserMinichessBoards: minichess positions are drawn as 5×5
// boards with their pieces; the root of the horizon position holds five
// (two kings, the queen, two pawns) and the board after Qd1xd3 four.
func TestBrowserMinichessBoards(t *testing.T) {
	t.Parallel()
	for _, size := range []struct{ w, h int64 }{{1280, 720}, {390, 844}} {
		w := strconv.FormatInt(size.w, 10)
		t.Run(w, func(t *testing.T) {
			b := newBrowserEnv(t, size.w, size.h)
			b.open("/view?" + url.Values{"game": {"minichess"}, "depth": {"1"}, "quiescence": {"1"}, "step": {"end"}}.Encode())
			for _, tc := range []struct {
				node, pieces string
			}{{"", "KPPKQ"}, {"4", "KPQK"}, {"4.1", "KPK"}} {
				got := eval[string](b, `[...document.querySelectorAll('#tree [data-node="`+tc.node+`"] text.pc')].map(t => t.textContent).join("")`)
				if got != tc.pieces {
					t.Errorf("node %q: got pieces %q, want %q", tc.node, got, tc.pieces)
				}
			}
			if got := eval[int](b, `document.querySelectorAll('#tree [data-node="4"] text.pc-w').length`); got != 2 {
				t.Errorf("after Qd1xd3 White has %d pieces, want 2", got)
			}
			// The pieces are legible: each letter at least minPiece
			// pixels in the fitted tree, with no zoom step. On a phone
			// the server draws the tree sideways (twelve boards side by
			// side leave about 6 px a square): the page, opened without
			// layout=, shows the address the server gave it.
			root := `#tree [data-node=""] text.pc`
			wantLayout := "down"
			if size.w < 1000 {
				wantLayout = "across"
			}
			if got := b.attr("#tree", "data-layout"); got != wantLayout {
				t.Errorf("the tree is drawn %q, want %q", got, wantLayout)
			}
			if got, has := eval[string](b, `location.search`), wantLayout == "across"; strings.Contains(got, "layout=across") != has {
				t.Errorf("the address is %q, want layout=across in it: %v", got, has)
			}
			pcs := `#tree text.pc`
			if got := pieceFont(b, pcs); got < minPiece {
				t.Errorf("the smallest piece letter is %.2f px after Fit, want at least %g", got, minPiece)
			} else {
				t.Logf("fitted: the smallest letter is %.2f px, the root's %.2f px (their boxes %.0f px high)", got, pieceFont(b, root), pieceBox(b, root))
			}
			b.screenshot("minichess-boards-" + w + ".png")
			if size.w < 1000 {
				checkLayoutSwitch(b, "#tree", "#layout-switch")
			}
		})
	}
}

// drawnWay is how the tree sel draws its root's children, measured on the
// screen: "down" when they stand in one row below the root, "across" when
// they stand in one column right of it, else what was measured.
func drawnWay(b *browserEnv, sel string) string {
	return eval[string](b, `(() => {
  const t = document.querySelector('`+sel+`');
  const at = (n) => { const m = n.getScreenCTM(); return {x: m.e, y: m.f}; };
  const r = at(t.querySelector('[data-node=""]'));
  const kids = [...t.querySelectorAll('[data-node]')].filter((n) => /^[0-9]+$/.test(n.dataset.node)).map(at);
  const same = (k) => Math.max(...kids.map((c) => c[k])) - Math.min(...kids.map((c) => c[k])) < 0.5;
  if (kids.length > 1 && same("y") && !same("x") && kids[0].y > r.y) return "down";
  if (kids.length > 1 && same("x") && !same("y") && kids[0].x > r.x) return "across";
  return JSON.stringify({root: r, kids});
})()`)
}

// waitLayout waits for a page whose tree sel is drawn want (its
// data-layout) to have applied its first frame: the page that a layout
// key or control loads.
func waitLayout(b *browserEnv, sel, want string) {
	b.t.Helper()
	b.waitFor(`document.querySelector('`+sel+`')?.dataset.layout === "`+want+`" && window.__abt && __abt.updates > 0 && document.getElementById("conn").dataset.conn === "on"`, "the tree drawn "+want)
}

// checkLayoutSwitch starts on a page drawn sideways: key o draws its tree
// down, the control (sel ctl) sideways again, and a reload keeps it so:
// each time the trees (sel tree: every one says how it is drawn, the
// first is measured), the address names the layout, and the step counter
// reads as it did.
func checkLayoutSwitch(b *browserEnv, tree, ctl string) {
	b.t.Helper()
	step := b.text(`#step`)
	check := func(how, want string) {
		b.t.Helper()
		if got := eval[[]string](b, `[...document.querySelectorAll('`+tree+`')].map((t) => t.dataset.layout)`); len(got) == 0 || slices.ContainsFunc(got, func(l string) bool { return l != want }) {
			b.t.Errorf("%s: the trees say they are drawn %q, want each %q", how, got, want)
		}
		if got := drawnWay(b, tree); got != want {
			b.t.Errorf("%s: the root's children are drawn %s, want %s", how, got, want)
		}
		if got := eval[string](b, `location.search`); !strings.Contains(got, "layout="+want) {
			b.t.Errorf("%s: the address is %q, want layout=%s in it", how, got, want)
		}
		if got := b.text(`#step`); got != step {
			b.t.Errorf("%s: the step counter reads %q, want %q", how, got, step)
		}
	}
	check("as opened", "across")
	b.do(chromedp.KeyEvent("o"))
	waitLayout(b, tree, "down")
	check("after key o", "down")
	b.do(chromedp.Click(chromedp.CSS(ctl)))
	waitLayout(b, tree, "across")
	check("after the layout control", "across")
	b.do(chromedp.Reload())
	waitLayout(b, tree, "across")
	check("after a reload", "across")
}

// TestBrowserCompareHorizon shows the horizon effect side by side at
// three widths: both panes draw the boards, and at the end the summary
// explains the different values instead of raising the alarm.
func TestBrowserCompareHorizon(t *testing.T) {
	t.Parallel()
	for _, size := range []struct{ w, h int64 }{{1280, 720}, {1024, 768}, {390, 844}} {
		w := strconv.FormatInt(size.w, 10)
		t.Run(w, func(t *testing.T) {
			b := newBrowserEnv(t, size.w, size.h)
			b.open(strings.Replace(HorizonExample, "step=0", "step=end", 1))
			if got := eval[int](b, `document.querySelectorAll('[data-testid="pane"]').length`); got != 2 {
				t.Fatalf("got %d panes, want 2", got)
			}
			v := b.text(`[data-testid="explained"]`)
			if !strings.Contains(v, "Qd1xd3, value 8") || !strings.Contains(v, "Ka1-a2, value 7") {
				t.Errorf("the summary says %q, want both moves and values", v)
			}
			if got := eval[int](b, `document.querySelectorAll('[data-testid="disagree"]').length`); got != 0 {
				t.Errorf("the alarm is shown %d times, want none", got)
			}
			if got := eval[int](b, `document.querySelectorAll('[data-testid="pane-tree"] text.pc').length`); got == 0 {
				t.Errorf("the panes draw no pieces")
			}
			// The pieces can be read in the panes at every width: each
			// letter at least minPiece pixels (on the 40-unit boards first
			// drawn it was 6 at 1280). On narrower screens, where twelve
			// boards side by side leave too little room, the server draws
			// the trees sideways, and on a phone the panes are stacked.
			pcs := `[data-testid="pane-tree"] text.pc`
			got := pieceFont(b, pcs)
			t.Logf("the smallest piece letter in the panes is %.2f px (its box %.0f px high), the smallest value %.2f px, drawn %s", got, pieceBox(b, pcs),
				pieceFont(b, `[data-testid="pane-tree"] text.v:not(:empty)`), eval[string](b, `location.search`))
			least := minPiece
			if size.w < 600 {
				least = minPieceStacked
			}
			if got < least {
				t.Errorf("the smallest piece letter in the panes is %.2f px, want at least %g", got, least)
			}
			if size.w < 600 {
				a, b := eval[float64](b, `document.querySelectorAll('[data-testid="pane"]')[0].getBoundingClientRect().bottom`), eval[float64](b, `document.querySelectorAll('[data-testid="pane"]')[1].getBoundingClientRect().top`)
				if b < a {
					t.Errorf("the second pane begins at y=%g, above the first one's end at y=%g: want them stacked", b, a)
				}
			}
			checkUncovered(b, "the horizon comparison at "+w)
			checkPaneHeads(b, "the horizon comparison at "+w)
			checkPanesInWindow(b, "the horizon comparison at "+w)
			b.screenshot("compare-horizon-" + w + ".png")
			b.show(`[data-testid="summary"]`)
			b.screenshot("compare-horizon-summary-" + w + ".png")
			if size.w < 600 {
				// The panes' layout control and key o, as the viewer's;
				// "change" keeps the layout.
				checkLayoutSwitch(b, `[data-testid="pane-tree"]`, "#layout-switch")
				if got := b.attr(`[data-testid="change"]`, "href"); !strings.Contains(got, "layout=across") {
					t.Errorf("change leads to %q, want layout=across in it", got)
				}
			}
		})
	}
}

// checkPanesInWindow fails when the page is wider than the window (it
// scrolls sideways) or a pane or its drawing's frame reaches past the
// window's or its pane's edges (the pane is cut).
func checkPanesInWindow(b *browserEnv, what string) {
	b.t.Helper()
	if doc, win := eval[int](b, `document.documentElement.scrollWidth`), eval[int](b, `document.documentElement.clientWidth`); doc > win {
		b.t.Errorf("%s: the page is %d px wide, %d px wider than the window", what, doc, doc-win)
	}
	cut := eval[[]string](b, `(() => {
		const W = document.documentElement.clientWidth, out = [];
		document.querySelectorAll('[data-testid="pane"]').forEach((p, i) => {
			const r = p.getBoundingClientRect();
			if (r.left < -0.5 || r.right > W + 0.5) out.push("pane " + i + " spans " + Math.round(r.left) + "…" + Math.round(r.right));
			p.querySelectorAll('[data-testid="pane-tree"] svg').forEach((s) => {
				const q = s.getBoundingClientRect();
				if (q.left < r.left - 0.5 || q.right > r.right + 0.5) out.push("pane " + i + "'s drawing spans " + Math.round(q.left) + "…" + Math.round(q.right) + " in its pane's " + Math.round(r.left) + "…" + Math.round(r.right));
			});
		});
		return out;
	})()`)
	for _, c := range cut {
		b.t.Errorf("%s: %s, beyond the window's 0…%d", what, c, eval[int](b, `document.documentElement.clientWidth`))
	}
}
