package web

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/abtrace/abtrace/search/exercise"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/search/tree"
)

// TestBrowserExerciseFillIn works a whole fill-in exercise as a student
// would: every inner node typed in (one of them wrong), the pruned edges
// marked by mouse and by keyboard, checked; the mistake flagged with its
// reason; fixed; checked again for full marks; and the page reloaded with
// every answer still there.
func TestBrowserExerciseFillIn(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1600, 1000)
	_, answers, pruned := exerciseKey(t, exercise42)
	b.do(chromedp.Navigate(b.srv.URL + "/exercise?" + exercise42))
	b.waitFor(`document.getElementById("ex-form") && document.getElementById("ex-form").dataset.ready === "true"`, "the exercise")
	b.screenshot("exercise-blank.png")

	ids := make([]string, 0, len(answers))
	for id := range answers {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	// The mistake: node 0 gets a value one off.
	wrongID := "0"
	want0, ok := answers[wrongID]
	if !ok {
		t.Fatalf("node 0 is not visited in this exercise: %v", answers)
	}
	typed := func(s string) string {
		// Students type ASCII: <= and >= for the bounds.
		return strings.NewReplacer("≤", "<=", "≥", ">=").Replace(s)
	}
	for _, id := range ids {
		v := typed(answers[id])
		if id == wrongID {
			v = "99"
		}
		b.do(chromedp.SendKeys(chromedp.CSS(fmt.Sprintf(`input[data-answer=%q]`, id)), v))
	}
	// Half the pruned edges by mouse, half by keyboard (focus, Space).
	for i, id := range pruned {
		sel := fmt.Sprintf(`.ex-edge[data-edge=%q]`, id)
		if i%2 == 0 {
			b.do(chromedp.Click(chromedp.CSS(sel + " .hit")))
		} else {
			b.do(chromedp.Focus(chromedp.CSS(sel)), chromedp.KeyEvent(" "))
		}
		b.waitFor(fmt.Sprintf(`document.querySelector(%q).getAttribute("aria-checked") === "true"`, sel), "edge "+id+" marked")
	}
	// A stray click marks an edge by mistake, and a second click unmarks it.
	b.do(chromedp.Click(chromedp.CSS(`.ex-edge[data-edge="0"] .hit`)))
	b.waitFor(`document.querySelector('.ex-edge[data-edge="0"]').getAttribute("aria-checked") === "true"`, "stray mark")
	b.do(chromedp.Click(chromedp.CSS(`.ex-edge[data-edge="0"] .hit`)))
	b.waitFor(`document.querySelector('.ex-edge[data-edge="0"]').getAttribute("aria-checked") === "false"`, "stray mark undone")

	b.do(chromedp.Click(chromedp.CSS(`[data-testid="check"]`)))
	b.waitFor(`document.querySelector('[data-testid="score"]').textContent !== ""`, "the score")
	score := eval[string](b, `document.querySelector('[data-testid="score"]').textContent`)
	if strings.Contains(score, "all right") {
		t.Fatalf("a wrong answer scored %q", score)
	}
	if cls := b.attr(`.ex-node[data-node="0"]`, "class"); !strings.Contains(cls, "wrong") {
		t.Errorf("node 0 is not flagged: class %q", cls)
	}
	fb := eval[string](b, `document.querySelector('[data-testid="feedback"] li[data-node="0"]').textContent`)
	if !strings.Contains(fb, "wrong") || !strings.Contains(fb, "expected "+want0) || !strings.Contains(fb, "you gave 99") || !strings.Contains(fb, "Why: ") {
		t.Errorf("node 0's feedback: %q", fb)
	}
	if n := eval[int](b, `document.querySelectorAll('[data-testid="feedback"] li.wrong').length`); n != 1 {
		t.Errorf("%d nodes flagged wrong, want 1", n)
	}
	b.do(chromedp.ScrollIntoView(chromedp.CSS(`[data-testid="check"]`)))
	b.screenshot("exercise-mistake.png")

	// A hint shows the first step, with its link to the viewer.
	b.do(chromedp.Click(chromedp.CSS(`[data-testid="hint"]`)))
	b.waitFor(`!document.querySelector('.ex-steps li').hidden`, "the first hint")
	if n := eval[int](b, `[...document.querySelectorAll('.ex-steps li')].filter(li => !li.hidden).length`); n != 1 {
		t.Errorf("%d hints shown after one click", n)
	}

	// The fix.
	sel := fmt.Sprintf(`input[data-answer=%q]`, wrongID)
	b.do(chromedp.Focus(chromedp.CSS(sel)), chromedp.KeyEvent(kb.End), chromedp.KeyEvent(kb.Backspace), chromedp.KeyEvent(kb.Backspace))
	b.do(chromedp.SendKeys(chromedp.CSS(sel), typed(want0)))
	b.do(chromedp.Click(chromedp.CSS(`[data-testid="check"]`)))
	b.waitFor(`document.querySelector('[data-testid="score"]').textContent.includes("all right")`, "full marks")
	if n := eval[int](b, `document.querySelectorAll('.ex-node.wrong, .ex-edge.wrong').length`); n != 0 {
		t.Errorf("%d nodes still flagged after the fix", n)
	}
	b.screenshot("exercise-full-marks.png")

	// Reload: every answer, mark and hint is still there.
	b.do(chromedp.Reload())
	b.waitFor(`document.getElementById("ex-form") && document.getElementById("ex-form").dataset.ready === "true"`, "the exercise again")
	for _, id := range ids {
		got := eval[string](b, fmt.Sprintf(`document.querySelector('input[data-answer=%q]').value`, id))
		if got != typed(answers[id]) {
			t.Errorf("after reload, node %q holds %q, want %q", id, got, typed(answers[id]))
		}
	}
	marked := eval[[]string](b, `[...document.querySelectorAll('.ex-edge[aria-checked="true"]')].map(g => g.dataset.edge).sort()`)
	if strings.Join(marked, " ") != strings.Join(pruned, " ") {
		t.Errorf("after reload, marked %v, want %v", marked, pruned)
	}
	if n := eval[int](b, `[...document.querySelectorAll('.ex-steps li')].filter(li => !li.hidden).length`); n != 1 {
		t.Errorf("after reload, %d hints shown, want 1", n)
	}
	b.do(chromedp.Click(chromedp.CSS(`[data-testid="check"]`)))
	b.waitFor(`document.querySelector('[data-testid="score"]').textContent.includes("all right")`, "full marks after reload")

	// α and β: shown on request; once one is given, every visited inner
	// node's window counts, so one α alone is not full marks.
	if eval[bool](b, `document.querySelector('input[data-alpha=""]').offsetParent !== null`) {
		t.Error("the α inputs show before they are asked for")
	}
	b.do(chromedp.Click(chromedp.CSS(`[data-testid="windows-toggle"]`)))
	b.waitFor(`document.querySelector('input[data-alpha=""]').offsetParent !== null`, "the α inputs")
	b.do(chromedp.SendKeys(chromedp.CSS(`input[data-alpha=""]`), "15"))
	b.do(chromedp.Click(chromedp.CSS(`[data-testid="check"]`)))
	b.waitFor(`!document.querySelector('[data-testid="score"]').textContent.includes("all right")`, "windows graded")
	if fb := eval[string](b, `document.querySelector('[data-testid="feedback"] li[data-node=""]').textContent`); !strings.Contains(fb, "β") || !strings.Contains(fb, "15 is right") {
		t.Errorf("the root's feedback with α alone: %q", fb)
	}
	b.screenshot("exercise-windows.png")
	b.do(chromedp.Click(chromedp.CSS(`[data-testid="windows-toggle"]`)))
	b.do(chromedp.Click(chromedp.CSS(`[data-testid="check"]`)))
	b.waitFor(`document.querySelector('[data-testid="score"]').textContent.includes("all right")`, "full marks without windows")
	b.checkClean()
}

// TestBrowserWorksheet prints the worksheet (print media): no controls,
// the answer key on a page of its own.
func TestBrowserWorksheet(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1100, 1400)
	b.do(chromedp.Navigate(b.srv.URL + "/exercise/worksheet?" + exercise42))
	b.waitFor(`document.querySelector('[data-testid="answer-key"]')`, "the worksheet")
	if _, err := chromedp.Call(b.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
		t.Fatal(err)
	}
	if got := eval[string](b, `getComputedStyle(document.querySelector('header.top')).display`); got != "none" {
		t.Errorf("printed, the header shows (display %s)", got)
	}
	if got := eval[string](b, `getComputedStyle(document.querySelector('[data-testid="answer-key"]')).breakBefore`); got != "page" {
		t.Errorf("printed, the key's break-before is %q, want page", got)
	}
	b.screenshot("worksheet-print.png")
	b.checkClean()
}

// TestBrowserMatchsticks works the matchstick exercise: every state typed
// in from the bottom up, one of them wrong, the winning move picked, then
// checked; the mistake is flagged, and fixed.
func TestBrowserMatchsticks(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1400, 1000)
	s := newTestServer(t)
	q := matchAnswers(t, parsePage(t, httpGet(t, s, "/exercise/matchsticks").Body.String()))
	b.do(chromedp.Navigate(b.srv.URL + "/exercise/matchsticks"))
	b.waitFor(`document.querySelector('[data-testid="matchsticks"]')`, "the exercise")
	for name := range q {
		if !strings.HasPrefix(name, "a.") {
			continue
		}
		v := strings.ReplaceAll(q.Get(name), "−", "-")
		if name == "a." {
			v = "-1" // the mistake: MAX wins from 5
		}
		b.do(chromedp.SendKeys(chromedp.CSS(fmt.Sprintf(`input[name=%q]`, name)), v))
	}
	b.do(chromedp.Click(chromedp.CSS(`input[name=move][value="1"]`)))
	b.do(chromedp.Click(chromedp.CSS(`[data-testid="check"]`)))
	b.waitFor(`document.querySelector('[data-testid="score"]')`, "the score")
	if got := eval[string](b, `document.querySelector('[data-testid="score"]').textContent`); !strings.Contains(got, "20 / 21") {
		t.Errorf("score %q, want 20 / 21", got)
	}
	if got := eval[string](b, `document.querySelector('li[data-node=""]').className`); got != "wrong" {
		t.Errorf("the root is %q, want wrong", got)
	}
	if !eval[bool](b, `document.querySelector('input[name=move][value="1"]').checked`) {
		t.Error("the move is not kept")
	}
	b.screenshot("matchsticks-mistake.png")
	b.do(chromedp.Focus(chromedp.CSS(`input[name="a."]`)), chromedp.KeyEvent(kb.End), chromedp.KeyEvent(kb.Backspace), chromedp.KeyEvent(kb.Backspace))
	b.do(chromedp.SendKeys(chromedp.CSS(`input[name="a."]`), "+1\r"))
	b.waitFor(`(document.querySelector('[data-testid="score"]') || {}).textContent?.includes("21 / 21: all right")`, "full marks")
	b.screenshot("matchsticks-full-marks.png")
	b.checkClean()
}

// TestBrowserPredict predicts a whole search: a wrong guess first (the
// streak stays 0), then every step right by mouse and keyboard; a reload
// midway resumes; at the end the score and the best streak are shown.
func TestBrowserPredict(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1600, 1000)
	b.do(chromedp.Navigate(b.srv.URL + "/exercise/predict?" + exercise42))
	ready := `document.getElementById("pr") && document.getElementById("pr").dataset.ready === "true"`
	b.waitFor(ready, "predict mode")
	n := eval[int](b, `document.querySelectorAll('.pr-questions li').length`)
	if n < 10 {
		t.Fatalf("%d questions", n)
	}
	// The answers stay on the server: the test knows them from the engine.
	ex, _, _ := exerciseKey(t, exercise42)
	qs, err := exercise.Questions(ex)
	if err != nil || len(qs) != n {
		t.Fatalf("%d questions on the page, %d from the engine (%v)", n, len(qs), err)
	}
	if got := eval[string](b, `document.querySelector('.pr-node[data-node=""] .pr-window').textContent`); got != "α=−∞ β=+∞" {
		t.Errorf("the root's window at the start reads %q, want α=−∞ β=+∞", got)
	}
	// The first question: which node is entered? A wrong guess: the third child.
	if k := eval[string](b, `document.getElementById("pr").dataset.kind`); k != "enter" {
		t.Fatalf("the first question is %q", k)
	}
	b.do(chromedp.Click(chromedp.CSS(`.pr-node[data-node="2"] .ws-box`)))
	b.waitFor(`document.querySelector('[data-testid="verdict"]').classList.contains("wrong")`, "the wrong guess flagged")
	if got := eval[string](b, `document.querySelector('[data-testid="verdict"]').textContent`); !strings.Contains(got, "It enters B.") {
		t.Errorf("verdict %q", got)
	}
	b.screenshot("predict-wrong.png")
	right, windows, wrongWindow := 0, 0, false
	// typeWindow answers an α/β question by typing into its box.
	typeWindow := func(given string) {
		t.Helper()
		b.waitFor(`!document.querySelector('[data-testid="window"]').hidden`, "the α/β box")
		eval[string](b, `document.querySelector('[data-testid="window-input"]').value = ""`)
		b.do(chromedp.SendKeys(chromedp.CSS(`[data-testid="window-input"]`), given+kb.Enter))
	}
	answerRight := func(i int) {
		t.Helper()
		kind := eval[string](b, fmt.Sprintf(`document.querySelectorAll('.pr-questions li')[%d].dataset.kind`, i))
		ans := qs[i].Answer
		if kind == "window" && !wrongWindow {
			// The first α/β question: not a value at all (not counted),
			// then a wrong value, which the verdict corrects.
			wrongWindow = true
			typeWindow("three")
			b.waitFor(`document.querySelector('[data-testid="verdict"]').classList.contains("note")`, "not a value")
			b.screenshot("predict-window-ask.png")
			if got := eval[int](b, `JSON.parse(localStorage.getItem("abtrace-predict:" + document.getElementById("pr").dataset.key) || '{"answered":0}').answered`); got != i {
				t.Errorf("a non-value was counted: %d answered before question %d", got, i+1)
			}
			shown := qs[i].Shown
			which := map[string]string{"alpha": "α", "beta": "β"}[qs[i].Which]
			typeWindow("-1234.5")
			b.waitFor(fmt.Sprintf(`document.querySelector('[data-testid="streak"]').textContent.includes("%d / %d right")`, right, i+1), fmt.Sprintf("answer %d", i+1))
			got := eval[string](b, `document.querySelector('[data-testid="verdict"]').textContent`)
			if !strings.HasPrefix(got, "Not quite.") || !strings.Contains(got, which+" becomes "+shown+".") {
				t.Errorf("a wrong %s: verdict %q", which, got)
			}
			if !strings.HasPrefix(eval[string](b, `document.querySelector('[data-testid="streak"]').textContent`), "Streak 0 ") {
				t.Error("a wrong α/β kept the streak")
			}
			b.screenshot("predict-window-wrong.png")
			return
		}
		right++
		switch {
		case kind == "window":
			// The node's window as shown: α and β as the search has them,
			// never the one asked for before it is answered.
			win := fmt.Sprintf(`document.querySelector('.pr-node[data-node=%q] .pr-window').textContent`, qs[i].At)
			want := map[string]string{"alpha": "α=", "beta": "β="}[qs[i].Which] + qs[i].Shown
			if got := eval[string](b, win); got == "" || strings.Contains(got+" ", want+" ") {
				t.Errorf("before question %d the window of %q reads %q: want the old window, not %s", i+1, qs[i].At, got, want)
			}
			defer func() {
				if got := eval[string](b, win); !strings.Contains(got+" ", want+" ") {
					t.Errorf("after question %d the window of %q reads %q, want %s", i+1, qs[i].At, got, want)
				}
			}()
			// Right, in turn spelled as the server writes it, as the
			// viewer does (−, ∞), and with a decimal point.
			given := ans
			switch windows % 3 {
			case 1:
				given = strings.NewReplacer("-", "−", "inf", "∞").Replace(ans)
			case 2:
				if !strings.Contains(ans, "inf") && !strings.Contains(ans, ".") {
					given = ans + ".0"
				}
			}
			windows++
			typeWindow(given)
		case kind == "enter" && i%2 == 0:
			b.do(chromedp.Click(chromedp.CSS(fmt.Sprintf(`.pr-node[data-node=%q] rect`, ans))))
		case kind == "enter":
			b.do(chromedp.Focus(chromedp.CSS(fmt.Sprintf(`.pr-node[data-node=%q]`, ans))), chromedp.KeyEvent(kb.Enter))
		case ans == "yes":
			b.do(chromedp.KeyEvent("y"))
		default:
			b.do(chromedp.Click(chromedp.CSS(`[data-testid="no"]`)))
		}
		b.waitFor(fmt.Sprintf(`document.querySelector('[data-testid="streak"]').textContent.includes("%d / %d right")`, right, i+1), fmt.Sprintf("answer %d", i+1))
		if kind == "window" {
			if got := eval[string](b, `document.querySelector('[data-testid="verdict"]').textContent`); !strings.HasPrefix(got, "Right!") {
				t.Errorf("a right α/β (%s): verdict %q", ans, got)
			}
		}
	}
	half := n / 2
	for i := 1; i < half; i++ {
		answerRight(i)
	}
	if !wrongWindow {
		t.Fatal("no α/β question in the first half")
	}
	shown := `[...document.querySelectorAll(".pr-node.entered, .ws-edge.cut")].length + ":" + [...document.querySelectorAll(".ws-answer, .pr-window")].map((t) => t.textContent).join(",")`
	before := eval[string](b, shown)
	b.do(chromedp.Reload())
	b.waitFor(ready, "predict mode again")
	// What the search showed comes back from the server: the page holds
	// none of it.
	if got := eval[string](b, shown); got != before {
		t.Errorf("after reload the tree shows %q, want %q as before", got, before)
	}
	if got := eval[string](b, `document.querySelector('[data-testid="streak"]').textContent`); !strings.HasSuffix(got, fmt.Sprintf(" · %d / %d right", right, half)) {
		t.Errorf("after reload: %q", got)
	}
	for i := half; i < n; i++ {
		answerRight(i)
	}
	b.waitFor(`document.getElementById("pr").dataset.done === "true"`, "the end")
	if windows < 2 {
		t.Errorf("only %d α/β questions answered rightly", windows)
	}
	if got := eval[string](b, `document.querySelector('[data-testid="prompt"]').textContent`); !strings.Contains(got, fmt.Sprintf("%d of %d predictions right", n-2, n)) {
		t.Errorf("the end: %q", got)
	}
	if got := eval[string](b, `document.querySelector('.pr-node[data-node=""] .ws-answer').textContent`); got != "15" {
		t.Errorf("the root shows %q at the end, want 15", got)
	}
	b.screenshot("predict-done.png")
	b.checkClean()
}

// TestBrowserOrdering arranges the exercise's tree for the most pruning
// as a student would, one swap at a time with ◀ (by mouse, and by
// keyboard), checks a first attempt, then goes on to the optimum.
func TestBrowserOrdering(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1600, 1000)
	ex, _, _ := exerciseKey(t, exercise42)
	opt := tree.Options{Root: ex.Params.Root}
	best, _ := opt.Parse(ex.Text)
	bestArranged(best.Root, true)
	b.do(chromedp.Navigate(b.srv.URL + "/exercise/ordering?" + exercise42))
	b.waitFor(`document.querySelector('[data-testid="ordering"]')`, "the ordering exercise")
	swaps := arrangeInBrowser(t, b, opt, best, func(swaps int, arranged string) {
		if swaps != 2 {
			return
		}
		// A first check halfway: the count of this arrangement.
		b.onNewPage(chromedp.Click(chromedp.CSS(`[data-testid="check"]`)))
		b.waitFor(`document.querySelector('[data-testid="score"]')`, "the first check")
		ps, err := scenario.Scenario{Tree: arranged, Root: "max", Prune: "ge"}.Prepare()
		if err != nil {
			t.Fatal(err)
		}
		res, err := ps.Run(nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := b.attr(`[data-testid="score"]`, "data-leaves"); got != strconv.Itoa(res.Stats.Leaves) {
			t.Errorf("halfway: %s leaves shown, the engine counts %d", got, res.Stats.Leaves)
		}
		b.screenshot("ordering-halfway.png")
	})
	b.onNewPage(chromedp.Click(chromedp.CSS(`[data-testid="check"]`)))
	b.waitFor(`document.querySelector('[data-testid="verdict"]')`, "the verdict")
	if got := eval[string](b, `document.querySelector('[data-testid="verdict"]').textContent`); !strings.HasPrefix(got, "Optimal") {
		t.Errorf("the best arrangement after %d swaps: %q", swaps, got)
	}
	b.screenshot("ordering-optimal.png")
	b.checkClean()
}

// TestBrowserOrderingLeast does the ordering exercise with the other goal,
// chosen by its link: prune as little as possible, up to the worst
// ordering's count, shown with the best's.
func TestBrowserOrderingLeast(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1600, 1000)
	ex, _, _ := exerciseKey(t, exercise42)
	opt := tree.Options{Root: ex.Params.Root}
	worst, _ := opt.Parse(ex.Text)
	worstArranged(worst.Root, true)
	b.do(chromedp.Navigate(b.srv.URL + "/exercise/ordering?" + exercise42))
	b.waitFor(`document.querySelector('[data-testid="other-goal"]')`, "the ordering exercise")
	b.onNewPage(chromedp.Click(chromedp.CSS(`[data-testid="other-goal"]`)))
	b.waitFor(`document.readyState === "complete" && document.querySelector('[data-testid="goal"]') && document.querySelector('[data-testid="goal"]').dataset.goal === "least"`, "goal least")
	swaps := arrangeInBrowser(t, b, opt, worst, func(swaps int, _ string) {
		if swaps == 1 {
			b.onNewPage(chromedp.Click(chromedp.CSS(`[data-testid="check"]`)))
			b.waitFor(`document.querySelector('[data-testid="verdict"]')`, "the first check")
			if got := eval[string](b, `document.querySelector('[data-testid="verdict"]').textContent`); strings.HasPrefix(got, "Optimal") {
				t.Errorf("optimal after one swap: %q", got)
			}
		}
	})
	if swaps == 0 {
		t.Fatal("the start is already the worst arrangement")
	}
	b.onNewPage(chromedp.Click(chromedp.CSS(`[data-testid="check"]`)))
	b.waitFor(`document.querySelector('[data-testid="verdict"]')`, "the verdict")
	if got := eval[string](b, `document.querySelector('[data-testid="verdict"]').textContent`); !strings.HasPrefix(got, "Optimal") || !strings.Contains(got, "as many as the worst ordering") {
		t.Errorf("the worst arrangement after %d swaps: %q", swaps, got)
	}
	if l, o, g := b.attr(`[data-testid="score"]`, "data-leaves"), b.attr(`[data-testid="score"]`, "data-optimum"), b.attr(`[data-testid="score"]`, "data-goal"); l != o || g != "least" {
		t.Errorf("the score: %s leaves, optimum %s, goal %s", l, o, g)
	}
	if u := eval[string](b, `location.search`); !strings.Contains(u, "goal=least") {
		t.Errorf("the goal is not in the address: %q", u)
	}
	b.screenshot("ordering-least-optimal.png")
	b.checkClean()
}

// onNewPage does one action on an element of a page that has just
// replaced the one before (a link followed, a form sent): the browser may
// renumber the page's nodes after chromedp found the element, when it
// learns of the new document late ("Could not find node with given id"),
// and then the action has not happened. It is tried again, the element
// found anew, until it happens or the test's time is up.
func (b *browserEnv) onNewPage(action chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	for {
		err := chromedp.Do(b.ctx, action)
		if err == nil {
			return
		}
		if !strings.Contains(err.Error(), "Could not find node with given id") || b.ctx.Err() != nil {
			b.t.Fatal(err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// arrangeInBrowser moves, one ◀ at a time (by mouse and by keyboard in
// turn), the children of the tree shown until it is arranged as target;
// after each swap it calls after with the count and the arrangement. It
// returns the number of swaps.
func arrangeInBrowser(t *testing.T, b *browserEnv, opt tree.Options, target *tree.Tree, after func(swaps int, arranged string)) int {
	t.Helper()
	current := func() *tree.Tree {
		t.Helper()
		cur, err := opt.Parse(eval[string](b, `document.querySelector('[data-testid="ordering"]').dataset.tree`))
		if err != nil {
			t.Fatal(err)
		}
		return cur
	}
	// nextSwap finds, in preorder, the first child out of place and
	// returns the id of the child to move left.
	var nextSwap func(c, w *tree.Node, id string) string
	nextSwap = func(c, w *tree.Node, id string) string {
		prefix := id + "."
		if id == "" {
			prefix = ""
		}
		for i := range w.Children {
			if exercise.Canonical(c.Children[i]) != exercise.Canonical(w.Children[i]) {
				for j := i + 1; j < len(c.Children); j++ {
					if exercise.Canonical(c.Children[j]) == exercise.Canonical(w.Children[i]) {
						return prefix + strconv.Itoa(j)
					}
				}
				t.Fatalf("no child of %q matches", id)
			}
		}
		for i := range w.Children {
			if s := nextSwap(c.Children[i], w.Children[i], prefix+strconv.Itoa(i)); s != "" {
				return s
			}
		}
		return ""
	}
	swaps := 0
	for {
		cur := current()
		id := nextSwap(cur.Root, target.Root, "")
		if id == "" {
			return swaps
		}
		before := cur.String()
		sel := fmt.Sprintf(`[data-testid="left-%s"]`, id)
		if swaps%2 == 0 {
			b.onNewPage(chromedp.Click(chromedp.CSS(sel + " text")))
		} else {
			b.onNewPage(chromedp.Focus(chromedp.CSS(sel)))
			b.do(chromedp.KeyEvent(kb.Enter))
		}
		// Each swap is a link to the page of the new arrangement: wait for
		// that page, loaded whole, before the next swap looks for its links.
		b.waitFor(fmt.Sprintf(`document.readyState === "complete" && document.querySelector('[data-testid="ordering"]') && document.querySelector('[data-testid="ordering"]').dataset.tree !== %q`, before), "swap "+id)
		swaps++
		after(swaps, current().String())
		if swaps > 60 {
			t.Fatal("too many swaps")
		}
	}
}
