package web

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/search/tree"
)

// TestBrowserCompare opens a three-pane comparison of the textbook tree,
// steps to the end by node with the keyboard, and checks the counters,
// the chart and the summary.
func TestBrowserCompare(t *testing.T) {
	b := newBrowserEnv(t, 1600, 1000)
	q := url.Values{"tree": {tree.Textbook}, "orders": {"natural,best,worst"}, "by": {"node"}, "step": {"0"}}
	b.do(chromedp.Navigate(b.srv.URL + "/compare?" + q.Encode()))
	b.waitFor(`document.querySelectorAll('[data-testid="pane"]').length === 3`, "three panes")
	total := eval[string](b, `document.getElementById("compare").dataset.total`)
	n, err := strconv.Atoi(total)
	if err != nil || n < 2 {
		t.Fatalf("total steps: got %q", total)
	}
	stepTo := func(k string, want int) {
		t.Helper()
		b.do(chromedp.KeyEvent(k))
		b.waitFor(fmt.Sprintf(`document.getElementById("compare").dataset.step === "%d"`, want), "step "+strconv.Itoa(want))
	}
	stepTo(kb.ArrowRight, 1)
	stepTo(kb.ArrowRight, 2)
	stepTo(kb.ArrowRight, 3)
	b.screenshot("compare-step3.png")
	if got := b.attr(`[data-pane="best"]`, "data-nodes"); got != "3" {
		t.Errorf("best at node step 3: got %s nodes, want 3", got)
	}
	stepTo(kb.ArrowLeft, 2)
	// On by node, one key at a time, to the end.
	for i := 3; i <= n; i++ {
		stepTo(kb.ArrowRight, i)
	}
	if got := eval[string](b, `document.getElementById("compare").dataset.done`); got != "true" {
		t.Errorf("at the last step: done = %s", got)
	}
	for _, name := range []string{"natural", "best", "worst"} {
		p, err := scenario.Scenario{Tree: tree.Textbook, Order: name}.Prepare()
		if err != nil {
			t.Fatal(err)
		}
		res, err := p.Run(nil)
		if err != nil {
			t.Fatal(err)
		}
		sel := fmt.Sprintf(`[data-pane=%q]`, name)
		for attr, want := range map[string]int{"data-nodes": res.Stats.Nodes, "data-leaves": res.Stats.Leaves, "data-cutoffs": res.Stats.Cutoffs} {
			if got := b.attr(sel, attr); got != strconv.Itoa(want) {
				t.Errorf("%s %s: got %s, want %d", name, attr, got, want)
			}
		}
	}
	// The chart is drawn: three lines with points, two reference lines,
	// and it has a size on screen.
	if got := eval[int](b, `document.querySelectorAll('[data-testid="chart"] polyline').length`); got != 3 {
		t.Errorf("chart lines: got %d, want 3", got)
	}
	if got := eval[int](b, `Math.round(document.querySelector('[data-testid="chart"] svg').getBoundingClientRect().height)`); got < 100 {
		t.Errorf("chart height: got %dpx, want at least 100", got)
	}
	if got := eval[int](b, `document.querySelectorAll('[data-testid="chart"] .ref').length`); got != 2 {
		t.Errorf("reference lines: got %d, want 2", got)
	}
	if got := eval[string](b, `document.querySelector('[data-testid="agree"]')?.textContent ?? ""`); got == "" {
		t.Error("no summary saying that the panes agree")
	}
	if got := eval[string](b, `location.search`); got == "" || !containsAll(got, "step="+strconv.Itoa(n), "by=node") {
		t.Errorf("the address is not the permalink of the step: %s", got)
	}
	b.do(chromedp.ScrollIntoView(`[data-testid="summary"]`))
	b.screenshot("compare-end.png")
	stepTo(kb.Home, 0)
	// Play (space) runs every pane to the end by itself.
	b.do(chromedp.KeyEvent(" "))
	b.waitFor(`document.getElementById("compare").dataset.done === "true"`, "play to the end")
	b.waitFor(`document.getElementById("play").getAttribute("aria-pressed") === "false"`, "play to stop at the end")
	b.checkClean()

	// Four panes of a random tree, by event, half way.
	q = url.Values{"random": {"3,3"}, "seed": {"5"}, "orders": {"natural,reversed,best,worst"}, "by": {"event"}, "step": {"30"}}
	b.do(chromedp.Navigate(b.srv.URL + "/compare?" + q.Encode()))
	b.waitFor(`document.querySelectorAll('[data-testid="pane"]').length === 4`, "four panes")
	b.screenshot("compare-four.png")
	b.checkClean()
}

func containsAll(s string, subs ...string) bool {
	for _, x := range subs {
		if !strings.Contains(s, x) {
			return false
		}
	}
	return true
}

// TestBrowserLab opens the ordering lab and saves what it shows.
func TestBrowserLab(t *testing.T) {
	b := newBrowserEnv(t, 1400, 1000)
	b.do(chromedp.Navigate(b.srv.URL + "/lab?random=3,6&seeds=1000"))
	b.waitFor(`document.querySelector('[data-testid="lab-plot"] .lab-row')`, "the plot")
	if got := eval[int](b, `document.querySelectorAll('[data-testid="lab-table"] tbody tr').length`); got != 8 {
		t.Errorf("table rows: got %d, want 8 (six orderings, killer and history)", got)
	}
	b.screenshot("lab.png")
	b.checkClean()
}
