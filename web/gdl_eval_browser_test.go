package web

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserGDLEval opens the page of the evaluations built from the GDL
// tic-tac-toe's rules in en, de and cs: the board found and why, the
// terms V, R⁻, R⁺ and E of goal-fuzzy at the start with the formula
// written out, the candidates' table and the first role's goal formulas
// with a degree on every subformula; each candidate and the evaluation
// with why, in the page's language; one heading for the evaluation;
// nothing wider than the window on a phone.
func TestBrowserGDLEval(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 390, 844)
	for _, c := range []struct{ lang, board, why string }{
		{"en", "is a 3×3 board: ?m and ?n are numbers", "the number of cells of the board cell that hold x (of 9)"},
		{"de", "ist ein 3×3-Brett: ?m und ?n sind Zahlen", "die Zahl der Felder des Bretts cell, die x enthalten (von 9)"},
		{"cs", "je deska 3×3: ?m a ?n jsou čísla", "počet polí desky cell, na nichž je x (z 9)"},
	} {
		b.openPage("/gdl/eval?game=tictactoe&eval=goal-fuzzy&lang=" + c.lang)
		if got := eval[string](b, `document.querySelector('[data-testid=gdl-structures]').textContent`); !strings.Contains(got, "(cell ?m ?n ?c) "+c.board) || strings.Contains(got, "`") {
			t.Errorf("%s: structures %q", c.lang, got)
		}
		// The game's terms are written as code, not between backquotes.
		if got := eval[string](b, `[...document.querySelectorAll('[data-testid=gdl-structures] code, [data-testid=gdl-candidates] code')].map(e => e.textContent).slice(0, 2).join(" ")`); got != "(cell ?m ?n ?c) cell" {
			t.Errorf("%s: the terms written as code: %q", c.lang, got)
		}
		if got := eval[string](b, `document.querySelector('[data-testid=gdl-candidates]').textContent`); !strings.Contains(got, c.why) || strings.Contains(got, "`") {
			t.Errorf("%s: the candidates do not say %q: %q", c.lang, c.why, got)
		}
		if got := eval[string](b, `document.querySelector('[data-testid=gdl-eval-why]').textContent`); !strings.HasPrefix(got, "goal-fuzzy: ") {
			t.Errorf("%s: the evaluation's why %q", c.lang, got)
		}
		if eval[bool](b, `document.getElementById('ge-node-h') !== null`) {
			t.Errorf("%s: the evaluation has a heading of its own under the section's", c.lang)
		}
		if got := eval[string](b, `[...document.querySelectorAll('[data-testid=gdl-term-value]')].map(e => e.textContent).join(" ")`); got != "0.5 0 100 50" {
			t.Errorf("%s: V, R⁻, R⁺, E = %q, want 0.5 0 100 50", c.lang, got)
		}
		if got := eval[string](b, `[...document.querySelectorAll('[data-testid=gdl-formula] .ge-line')].map(e => e.textContent).join(" | ")`); got != "V = goal-fuzzy(s) = 0.5 | E = 1 + R⁻ + (R⁺ − R⁻ − 2)·V | = 1 + 0 + (100 − 0 − 2) × 0.5 = 50" {
			t.Errorf("%s: formula %q", c.lang, got)
		}
		if n := eval[int](b, `document.querySelectorAll('[data-testid=gdl-candidates] tbody tr').length`); n != 8 {
			t.Errorf("%s: %d candidates, want 8", c.lang, n)
		}
		// (goal x 0), (goal x 50), (goal x 100) and terminal; every node
		// with its degree.
		if n := eval[int](b, `document.querySelectorAll('[data-testid=gdl-fuzzy-tree] .fz-tree > .fz-node').length`); n != 4 {
			t.Errorf("%s: %d formulas, want 3 goals and terminal", c.lang, n)
		}
		if n := eval[int](b, `[...document.querySelectorAll('[data-testid=gdl-fuzzy-tree] .fz-node')].filter(e => !e.dataset.degree).length`); n != 0 {
			t.Errorf("%s: %d subformulas without a degree", c.lang, n)
		}
		if w := eval[int](b, `document.documentElement.scrollWidth`); w > 390 {
			t.Errorf("%s: the page is %d px wide on a 390 px phone", c.lang, w)
		}
		// No candidate's score or name is broken a letter a line (the
		// score "0.12" was three lines on a phone): each score is one
		// line, and no name has more lines than letters / 4.
		if got := eval[string](b, `[...document.querySelectorAll('[data-testid=gdl-candidates] tbody tr')].filter(tr => {
			const lines = e => { const r = document.createRange(); r.selectNodeContents(e); return new Set([...r.getClientRects()].map(x => Math.round(x.top))).size; };
			return lines(tr.children[1]) > 1 || lines(tr.children[0]) > Math.max(1, tr.children[0].textContent.length / 4);
		}).map(tr => tr.children[0].textContent).join(" ")`); got != "" {
			t.Errorf("%s: candidates squeezed on a phone: %s", c.lang, got)
		}
		// The goal values' combination is named with its default, and
		// the other is one link away.
		if got := eval[string](b, `(e => e.dataset.combine + " " + e.querySelector('a').getAttribute('href'))(document.querySelector('[data-testid=gdl-fuzzy-join]'))`); !strings.HasPrefix(got, "sum ") || !strings.Contains(got, "eval=goal-fuzzy%3Atconorm") {
			t.Errorf("%s: the combination %q", c.lang, got)
		}
	}
	b.openPage(b.attr(`[data-testid=gdl-fuzzy-other]`, "href"))
	if got := b.attr(`[data-testid=gdl-fuzzy-join]`, "data-combine"); got != "tconorm" {
		t.Errorf("the other combination's page joins by %q", got)
	}
	if got := eval[string](b, `document.querySelector('[data-testid=gdl-fuzzy-sum]').textContent`); !strings.Contains(got, "(0·h(0) ⊕ 50·h(50) ⊕ 100·h(100)) / 150") {
		t.Errorf("with goal-fuzzy:tconorm: %q", got)
	}
	b.screenshot("gdl-eval-phone.png")
	if os.Getenv("ABTRACE_SHOTS") != "" {
		for _, lang := range []string{"en", "de", "cs"} {
			for _, size := range [][2]int64{{1280, 720}, {1024, 768}, {390, 844}} {
				b.do(chromedp.EmulateViewport(size[0], size[1]))
				b.openPage("/gdl/eval?game=tictactoe&eval=goal-fuzzy&at=4.3&lang=" + lang)
				eval[bool](b, `(document.querySelector('[data-testid=gdl-position]').scrollIntoView({block: "start"}), true)`)
				b.keepShot(fmt.Sprintf("gdleval-page-%s-%dx%d.png", lang, size[0], size[1]))
			}
		}
	}
	b.checkClean()
}
