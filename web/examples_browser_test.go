package web

import (
	"strings"
	"testing"
)

// TestBrowserLectureExamples opens the lecture's three newest examples
// once each at a projector's 1280×720, each in another language: the
// expected value by category (the home page's link, in German), the
// horizon effect with a delaying move at its end (in Czech) and the
// clairvoyance trap (in English). Values and names read at 14 px or more,
// α/β at 12 or more, and the explanation is on the page.
func TestBrowserLectureExamples(t *testing.T) {
	t.Parallel()
	b := newBrowserEnv(t, 1280, 720)
	link := map[string]string{}
	for _, e := range examples() {
		link[e.Name] = e.URL
	}
	check := func(what string, m legibleMeasure) {
		t.Helper()
		if len(m.Small) > 0 {
			t.Errorf("%s: %d labels below the legible sizes (values and names 14 px, α/β 12), such as %s", what, len(m.Small), strings.Join(m.Small[:min(3, len(m.Small))], "; "))
		}
		if len(m.Values)+len(m.Names) == 0 {
			t.Errorf("%s: no value or name measured", what)
		}
	}
	says := func(what, sel, want string) {
		t.Helper()
		if got := eval[string](b, `document.querySelector('`+sel+`')?.innerText ?? ""`); !strings.Contains(got, want) {
			t.Errorf("%s: %s reads %.300q, want %q in it", what, sel, got, want)
		}
	}

	b.open(link["example.categories"] + "&lang=de")
	check("the expected value by category", eval[legibleMeasure](b, measureLegible))
	says("the expected value by category", "body", "72 % Sieg × (+1) + 20 % Niederlage × (−1) + 8 % Remis × 0 = 0.52")

	b.open(strings.Replace(HorizonDelayExample, "step=0", "step=end", 1) + "&lang=cs")
	for i, m := range eval[[]legibleMeasure](b, measurePanes) {
		check("the horizon effect with a delaying move, pane "+string(rune('1'+i)), m)
	}
	says("the horizon effect with a delaying move", `[data-testid="explained"]`, "hloubk")
	// Its summary is seen without scrolling.
	if r := eval[[]float64](b, `(() => { const r = document.querySelector('[data-testid="summary"]').getBoundingClientRect(); return [r.top, r.bottom, innerHeight]; })()`); r[0] < 0 || r[1] > r[2] {
		t.Errorf("the horizon effect with a delaying move: the summary spans y %.0f…%.0f, the window %.0f high", r[0], r[1], r[2])
	}
	b.screenshot("lecture-horizon-delay-cs.png")

	b.open(strings.Replace(link["example.cards-trap"], "step=0", "step=630", 1))
	check("the clairvoyance trap", eval[legibleMeasure](b, measureLegible))
	says("the clairvoyance trap", `[data-testid="hidden"]`, "Averaging over clairvoyance chooses ♣9")
	b.checkClean()
}
