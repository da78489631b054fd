package web

import (
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"
)

// The browser tests of the chance and many-player trees: stepped with the
// keyboard, they check what the class sees on the nodes and the edges.

func chancePath(algo, bounds, step string) string {
	q := url.Values{"tree": {chanceTextbook}, "algo": {algo}, "step": {step}}
	if bounds != "" {
		q.Set("bounds", bounds)
	}
	return "/view?" + q.Encode()
}

// total reads the number of steps from the step counter ("step 0 of 31").
func (b *browserEnv) total() int {
	b.t.Helper()
	b.waitFor(`document.getElementById("step").textContent.includes(" of ")`, "the number of steps")
	s := eval[string](b, `document.getElementById("step").textContent`)
	_, after, _ := strings.Cut(s, " of ")
	n, err := strconv.Atoi(strings.ReplaceAll(after, ",", ""))
	if err != nil {
		b.t.Fatalf("step counter %q: %v", s, err)
	}
	return n
}

func (b *browserEnv) text(sel string) string {
	b.t.Helper()
	return eval[string](b, `(document.querySelector(`+strconv.Quote(sel)+`) || {textContent: "<missing>"}).textContent`)
}

// TestBrowserChance steps through the textbook tree with CHANCE nodes in
// place of MIN: circles, probabilities on the edges, the weighted sum as
// it forms, and the chance values 7⅔, 4 and 7 at the end.
func TestBrowserChance(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1280, 800)
	b.open(chancePath("expectiminimax", "", "0"))
	n := b.total()
	if got := eval[int](b, `document.querySelectorAll('g[data-node].g-chance circle').length`); got != 3 {
		t.Errorf("%d chance nodes are drawn as circles, want 3", got)
	}
	for _, id := range []string{"0.0", "1.2", "2.1"} {
		if got := b.text(`text[data-prob="` + id + `"]`); got != "1/3" {
			t.Errorf("the edge into %s says %q, want 1/3", id, got)
		}
	}
	// Step until the first chance node has a running sum.
	sawSum := false
	for i := 1; i <= n; i++ {
		b.key(kb.ArrowRight, "step "+strconv.Itoa(i)+" of "+strconv.Itoa(n))
		nar := eval[string](b, `document.getElementById("narration").textContent`)
		if !sawSum && strings.Contains(nar, "×") && b.attr(`[data-node="0"]`, "data-state") == "open" && b.attr(`[data-node="0"]`, "data-value") != "" {
			sawSum = true
			if got := b.attr(`[data-edge="0.0"]`, "data-state"); got != "done" {
				t.Errorf("while the sum forms, the edge into 0.0 is %q, want done", got)
			}
			if got := b.attr(`[data-prob="0.0"]`, "data-state"); got != "done" {
				t.Errorf("while the sum forms, the probability into 0.0 is %q, want done", got)
			}
			t.Logf("step %d: node 0 shows %q; %s", i, b.attr(`[data-node="0"]`, "data-value"), nar)
			b.screenshot("chance-running.png")
		}
	}
	if !sawSum {
		t.Error("no step showed a running weighted sum (×) at an open chance node")
	}
	want := map[string]string{"": "7.67", "0": "7.67", "1": "4", "2": "7"}
	for id, w := range want {
		sel := `[data-node="` + id + `"]`
		if got := b.attr(sel, "data-state"); got != "done" {
			t.Errorf("node %q is %q at the end, want done", id, got)
		}
		if got := b.text(sel + ` .v`); got != w {
			t.Errorf("node %q is labelled %q at the end, want %q", id, got, w)
		}
	}
	if got := b.attr(`[data-node="0"]`, "data-value"); got != "7.67" {
		t.Errorf("node 0's value is %q, want 7⅔ as a lecturer writes it, 7.67", got)
	}
	b.screenshot("chance-end.png")
	b.checkClean()
}

// TestBrowserStar1 shows Star1's [L, U] interval at an open chance node.
func TestBrowserStar1(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1280, 800)
	b.open(chancePath("star1", "0,15", "0"))
	n := b.total()
	saw := false
	for i := 1; i <= n; i++ {
		b.key(kb.ArrowRight, "step "+strconv.Itoa(i)+" of "+strconv.Itoa(n))
		for _, id := range []string{"1", "2"} {
			if v := b.attr(`[data-node="`+id+`"]`, "data-value"); !saw && strings.HasPrefix(v, "[") {
				saw = true
				if got := b.text(`[data-node="` + id + `"] .v`); !strings.HasPrefix(got, "[") {
					t.Errorf("node %s's label is %q, want its interval", id, got)
				}
				b.screenshot("star1-interval.png")
			}
		}
	}
	if !saw {
		t.Error("no chance node showed an interval [L, U]")
	}
	if got := b.attr(`[data-node=""]`, "data-value"); got != "7.67" {
		t.Errorf("the root is worth %q, want 7⅔ written as 7.67", got)
	}
	b.screenshot("star1-end.png")
	b.checkClean()
}

// TestBrowserMaxN steps through a three-player tree under max^n: rounded
// squares labelled P1, P2, P3, a vector beside every node and whose value
// it maximised.
func TestBrowserMaxN(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1280, 800)
	b.open("/view?" + url.Values{"tree": {threePlayers}, "algo": {"maxn"}, "step": {"0"}}.Encode())
	n := b.total()
	if got := b.text(`[data-node="0"] .in`); got != "P2" {
		t.Errorf("node 0 is labelled %q, want P2", got)
	}
	for i := 1; i <= n; i++ {
		b.key(kb.ArrowRight, "step "+strconv.Itoa(i)+" of "+strconv.Itoa(n))
		if i == n/2 {
			b.screenshot("maxn-middle.png")
		}
	}
	want := map[string][2]string{ // id → vector, who
		"":    {"(1, 2, 3)", "P1: 1"},
		"0":   {"(1, 2, 3)", "P2: 2"},
		"0.0": {"(1, 2, 3)", "P3: 3"},
		"1":   {"(−1, 5, 2)", "P2: 5"},
	}
	for id, w := range want {
		sel := `[data-node="` + id + `"]`
		if got := b.attr(sel, "data-value"); got != w[0] {
			t.Errorf("node %q backs up %q, want %q", id, got, w[0])
		}
		if got := b.text(sel + ` .who`); got != w[1] {
			t.Errorf("node %q says %q, want %q", id, got, w[1])
		}
	}
	if got := b.text(`[data-stat="value"]`); got != "(1, 2, 3)" {
		t.Errorf("the value is %q, want (1, 2, 3)", got)
	}
	b.screenshot("maxn-end.png")
	b.open("/view?" + url.Values{"tree": {threePlayers}, "algo": {"paranoid"}, "player": {"1"}, "step": {"end"}}.Encode())
	b.screenshot("paranoid-end.png")
	b.checkClean()
}

// TestBrowserTransform shows the transform control and its report on the
// lectures' chance tree.
func TestBrowserTransform(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1280, 800)
	b.open("/view?" + url.Values{"tree": {transformChance}, "algo": {"expectiminimax"}, "transform": {"1:1,2:20,3:30,4:400"}, "step": {"end"}}.Encode())
	if got := b.attr(`[data-testid="transform-report"]`, "data-changed"); got != "true" {
		t.Errorf("the report says changed=%q, want true", got)
	}
	if got := b.text(`[data-prob="0.0"]`); got != "0.9" {
		t.Errorf("the edge into a1's first outcome says %q, want 0.9", got)
	}
	b.screenshot("transform-chance.png")
	b.open("/view?" + url.Values{"game": {"tictactoe"}, "position": {transformBoard}, "transform": {"wld:1,0,0"}, "step": {"end"}}.Encode())
	b.screenshot("transform-tictactoe.png")
	b.checkClean()
}

// TestBrowserDice shows Coin Race, the dice game: its throws are CHANCE
// nodes with the probabilities 0.25, 0.5 and 0.25 on their edges.
func TestBrowserDice(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1280, 800)
	b.open("/view?" + url.Values{"game": {"dice"}, "algo": {"expectiminimax"}, "depth": {"4"}, "step": {"end"}}.Encode())
	got := eval[[]string](b, `[...new Set([...document.querySelectorAll("text[data-prob]")].map(t => t.textContent))].sort()`)
	if strings.Join(got, " ") != "0.25 0.5" {
		t.Errorf("the throws' edges carry %q, want 0.25 and 0.5", got)
	}
	b.screenshot("dice-end.png")
	b.checkClean()
}
