package web

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserReversiLeafTerms steps to the first evaluated leaf of a
// depth-2 Reversi search and checks what a student sees: the positions
// drawn as small boards, and the narration naming every term of the
// weighted evaluation with its value and weight.
func TestBrowserReversiLeafTerms(t *testing.T) {
	t.Parallel()
	for _, size := range []struct {
		name string
		w, h int64
	}{{"projector", 1280, 720}, {"phone", 390, 844}} {
		t.Run(size.name, func(t *testing.T) {
			b := newBrowserEnv(t, size.w, size.h)
			b.open("/view?game=reversi&depth=2&eval=discs:1,mobility:2,corners:10&step=6")
			if n := eval[int](b, `document.querySelectorAll('.n .s.rv').length`); n < 5 {
				t.Errorf("%d Reversi boards drawn, want the root, its 4 children and more", n)
			}
			if n := eval[int](b, `document.querySelectorAll('.n .disc').length`); n < 20 {
				t.Errorf("%d discs drawn, want at least 4 per board", n)
			}
			got := eval[string](b, `document.getElementById("narration").textContent`)
			for _, want := range []string{"evaluation discs × 1 + mobility × 2 + corners × 10 = −2", "discs = 0 × 1", "mobility = −1 × 2", "corners = 0 × 10"} {
				if !strings.Contains(got, want) {
					t.Errorf("narration %q lacks %q", got, want)
				}
			}
			b.screenshot("reversi-leaf-" + size.name + ".png")
			b.checkClean()
		})
	}
}

// TestBrowserKuhlmannLeaf steps to an evaluated leaf of suicide Reversi
// under Kuhlmann's minimising discs: the narration shows V (as 1 − V), R⁻,
// R⁺ and E, with ≈ where a number is written rounded (V = 15/16, E =
// 92.875).
func TestBrowserKuhlmannLeaf(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1280, 720)
	b.open("/view?game=suicide-reversi&depth=1&eval=discs&kuhlmann=min&step=4")
	got := eval[string](b, `document.getElementById("narration").textContent`)
	for _, want := range []string{"evaluation ≈ 92.88, by Kuhlmann's construction E = 1 + R⁻ + (R⁺ − R⁻ − 2)·(1 − V(discs)) = 1 + 0 + (100 − 0 − 2) × 0.94."} {
		if !strings.Contains(got, want) {
			t.Errorf("narration %q lacks %q", got, want)
		}
	}
	b.screenshot("kuhlmann-leaf.png")
	b.checkClean()
}

// openPage loads a page that has no websocket and waits until the
// document is ready.
func (b *browserEnv) openPage(path string) {
	b.t.Helper()
	b.do(chromedp.Navigate(b.srv.URL + path))
	b.waitFor(`document.readyState === "complete"`, "the page")
}

// TestBrowserFuzzyTree shows the fuzzy goal formulas of a position: both
// goals, every line and every fluent with its degree, the true fluents
// marked, and the moves with the best one highlighted.
func TestBrowserFuzzyTree(t *testing.T) {
	t.Parallel()
	for _, size := range []struct {
		name string
		w, h int64
	}{{"laptop", 1366, 900}, {"phone", 390, 844}} {
		t.Run(size.name, func(t *testing.T) {
			b := newBrowserEnv(t, size.w, size.h)
			b.openPage("/fuzzy?position=x...o....&tnorm=threshold&p=0.75&t=0.55&q=5")
			if n := eval[int](b, `document.querySelectorAll('.fz-tree > .fz-node').length`); n != 2 {
				t.Errorf("%d goal formulas drawn, want 2", n)
			}
			if n := eval[int](b, `document.querySelectorAll('.fz-node').length`); n != 2*(1+8+24) {
				t.Errorf("%d subformulas drawn, want %d (2 goals, 8 lines, 24 fluents each)", n, 2*(1+8+24))
			}
			if n := eval[int](b, `document.querySelectorAll('.fz-node.holds').length`); n != 7 {
				t.Errorf("%d true subformulas, want 7 (a1 holds x on its three lines, b2 o on its four)", n)
			}
			if got := eval[string](b, `document.querySelector('.fz-node[data-degree] .fz-degree').textContent`); got == "" {
				t.Error("the first goal shows no degree")
			}
			if got := eval[string](b, `document.querySelector('[data-testid=fuzzy-value]').textContent`); !strings.HasPrefix(got, "value = 50 · (") {
				t.Errorf("value line %q", got)
			}
			if n := eval[int](b, `document.querySelectorAll('[data-testid=fuzzy-moves] tr.best').length`); n < 1 {
				t.Error("no best move marked")
			}
			checkHeaderOneLine(b, "/fuzzy on a "+size.name)
			b.screenshot("fuzzy-" + size.name + ".png")
			// Switching the t-norm through the form reloads with it.
			b.do(chromedp.SetValue(chromedp.CSS(`select[name=tnorm]`), "product"), chromedp.Submit(chromedp.CSS(`form.ev-form`)))
			b.waitFor(`location.search.includes("tnorm=product")`, "the product t-norm")
			b.waitFor(`document.querySelector('.fz-summary') && document.querySelector('.fz-summary').textContent.includes("product t-norm")`, "the product t-norm shown")
			b.checkClean()
		})
	}
}

// TestBrowserTournament runs a small suicide Reversi tournament and
// watches the progress bar fill and the plot and tables arrive.
func TestBrowserTournament(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1280, 720)
	b.openPage("/tournament?game=suicide-reversi&evals=max-discs,min-discs,min-mobility&depth=2&games=3&seed=1")
	b.waitFor(`document.getElementById("ev-run").dataset.state === "done"`, "the tournament to finish")
	if got := eval[string](b, `document.getElementById("ev-progress-text").textContent`); got != "18 of 18 games played" {
		t.Errorf("progress text %q, want 18 of 18 games played", got)
	}
	if got := eval[int](b, `document.getElementById("ev-progress").value`); got != 18 {
		t.Errorf("progress value %d, want 18", got)
	}
	if n := eval[int](b, `document.querySelectorAll('[data-testid=plot] .tn-bar').length`); n != 3 {
		t.Errorf("%d bars in the plot, want 3", n)
	}
	if n := eval[int](b, `document.querySelectorAll('[data-testid=pairings] tbody tr').length`); n != 6 {
		t.Errorf("%d pairings, want 6 (both colours)", n)
	}
	if got := eval[string](b, `document.querySelector('[data-testid=standings] tbody tr').dataset.eval`); got != "min-discs" && got != "min-mobility" {
		t.Errorf("first in the standings %q; want a minimising evaluation in suicide Reversi", got)
	}
	b.screenshot("tournament.png")
	checkTournamentFits(b, "at 1280×720")
	// On a phone, without loading the page again: the tables fit the
	// screen (or scroll in their own box) and the names still read.
	b.do(chromedp.EmulateViewport(390, 844))
	checkTournamentFits(b, "at 390×844")
	b.checkClean()
}

// checkTournamentFits fails when a finished tournament's page is wider
// than the window or the plot's names are drawn smaller than 12 pixels.
func checkTournamentFits(b *browserEnv, what string) {
	b.t.Helper()
	got := eval[[]float64](b, `(() => {
		const svg = document.querySelector('[data-testid=plot]'), name = svg.querySelector('.tn-name');
		const px = parseFloat(getComputedStyle(name).fontSize) * svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
		return [document.documentElement.scrollWidth, window.innerWidth, px];
	})()`)
	if len(got) != 3 || got[0] > got[1] || got[2] < 12 {
		b.t.Errorf("tournament %s: page width, window width, plot name's size in pixels = %v; want the page no wider than the window and names of at least 12 px", what, got)
	}
}

// TestBrowserParallel watches the workers' reports arrive and the
// coordinator's choice.
func TestBrowserParallel(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1280, 800)
	b.openPage("/parallel?game=reversi&evals=discs,mobility,min-discs&depth=4")
	b.waitFor(`document.getElementById("ev-run").dataset.state === "done"`, "the workers to finish")
	if n := eval[int](b, `document.querySelectorAll('[data-testid=workers] tbody tr').length`); n != 3 {
		t.Errorf("%d workers shown, want 3", n)
	}
	if n := eval[int](b, `document.querySelectorAll('[data-testid=workers] tr.chosen').length`); n != 1 {
		t.Errorf("%d chosen rows, want 1", n)
	}
	if got := eval[string](b, `document.querySelector('[data-testid=choice]').textContent`); !strings.HasPrefix(got, "The coordinator plays ") {
		t.Errorf("choice %q", got)
	}
	b.screenshot("parallel.png")
	// A GDL game we ship, with evaluations built from its rules: the
	// form names it, and the coordinator plays one of its moves.
	b.openPage("/parallel?gdl-game=tictactoe&evals=goal-fuzzy,mobility,novelty&depth=2")
	b.waitFor(`document.getElementById("ev-run").dataset.state === "done"`, "the GDL workers to finish")
	if n := eval[int](b, `document.querySelectorAll('[data-testid=workers] tbody tr').length`); n != 3 {
		t.Errorf("GDL: %d workers shown, want 3", n)
	}
	if got := eval[string](b, `document.querySelector('select[name="gdl-game"]').value`); got != "tictactoe" {
		t.Errorf("GDL: the form's game %q, want tictactoe", got)
	}
	if got := eval[string](b, `(s => s.value + "|" + s.options[s.selectedIndex].text)(document.querySelector('select[name="game"]'))`); got != "|— the game in GDL beside —" {
		t.Errorf("GDL: the game select shows %q, want the GDL game beside it", got)
	}
	if got := eval[string](b, `document.querySelector('[data-testid=choice]').textContent`); !strings.HasPrefix(got, "The coordinator plays (mark ") {
		t.Errorf("GDL: choice %q, want a move (mark m n)", got)
	}
	b.keepShot("parallel-gdl.png")
	// On a phone the workers' table fits the screen: each worker's
	// state under its name (at least 12 px), no column past the edge.
	b.do(chromedp.EmulateViewport(390, 844))
	b.openPage("/parallel?gdl-game=tictactoe&evals=goal-fuzzy,mobility,inverse-mobility,novelty&depth=2&lang=cs")
	b.waitFor(`document.getElementById("ev-run").dataset.state === "done"`, "the workers on a phone")
	fit := eval[string](b, `(() => {
		const box = document.querySelector('.par-scroll'), state = document.querySelector('[data-testid=workers] tbody .par-state-in');
		return [document.documentElement.scrollWidth, box.scrollWidth - box.clientWidth, parseFloat(getComputedStyle(state).fontSize), state.textContent].join(" ");
	})()`)
	f := strings.Fields(fit)
	if size, _ := strconv.ParseFloat(f[min(2, len(f)-1)], 64); len(f) < 4 || f[0] != "390" || f[1] != "0" || size < 12 || !strings.Contains(fit, "největší povolená hloubka") {
		t.Errorf("the workers on a 390 px phone: page width, overflow of the table, state's font size and text = %q; want 390 0 ≥12 …", fit)
	}
	// The GDL game's select shows its name whole ("piškvorky 3×3").
	if room := eval[float64](b, `(() => {
		const s = document.querySelector('select[name="gdl-game"]'), sp = document.createElement("span");
		sp.style.font = getComputedStyle(s).font;
		sp.style.whiteSpace = "pre";
		sp.textContent = s.options[s.selectedIndex].text;
		document.body.appendChild(sp);
		const w = sp.getBoundingClientRect().width;
		sp.remove();
		return s.clientWidth - w;
	})()`); room < 16 {
		t.Errorf("the GDL game's select is %.1f px wider than its chosen name, want room for the name and the arrow (16 px)", room)
	}
	b.checkClean()
}

// TestBrowserPlay plays a move of Reversi against the engine by clicking
// a square, and sees the engine's reply and its evaluation's terms.
func TestBrowserPlay(t *testing.T) {
	t.Parallel()
	for _, size := range []struct {
		name string
		w, h int64
	}{{"laptop", 1280, 800}, {"phone", 390, 844}} {
		t.Run(size.name, func(t *testing.T) {
			b := newBrowserEnv(t, size.w, size.h)
			b.openPage("/play?game=reversi&depth=2")
			if n := eval[int](b, `document.querySelectorAll('[data-move]').length`); n != 4 {
				t.Fatalf("%d squares to move to, want 4", n)
			}
			b.do(chromedp.Click(chromedp.CSS(`[data-move="d3"] .hit`)))
			b.waitFor(`location.search.includes("moves=d3")`, "the move d3")
			b.waitFor(`document.readyState === "complete"`, "the reply")
			status := eval[string](b, `document.querySelector('[data-testid=status]').textContent`)
			if !strings.HasPrefix(status, "The engine played ") || !strings.Contains(status, "Your move") {
				t.Errorf("status %q", status)
			}
			if n := eval[int](b, `document.querySelectorAll('[data-testid=terms] tbody tr').length`); n != 3 {
				t.Errorf("%d terms, want 3 (discs, mobility, corners)", n)
			}
			if n := eval[int](b, `document.querySelectorAll('.pl-board .disc').length`); n != 6 {
				t.Errorf("%d discs after two moves, want 6", n)
			}
			b.screenshot("play-reversi-" + size.name + ".png")
			b.checkClean()
		})
	}
	b := newBrowserEnv(t, 1280, 800)
	b.openPage("/play?game=connect4&depth=3&moves=d")
	b.screenshot("play-connect4.png")
	if n := eval[int](b, `document.querySelectorAll('.c4-keys a[data-column]').length`); n != 7 {
		t.Errorf("%d columns to move in, want 7", n)
	}
	b.checkClean()
}
