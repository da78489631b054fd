package trace

import "testing"

// TestKuhlmannText writes Kuhlmann's construction with the numbers that
// give the leaf's value: one feature maximised, one minimised, two
// features weighted, and a sum that is not a Kuhlmann evaluation.
func TestKuhlmannText(t *testing.T) {
	for _, c := range []struct {
		terms []Term
		want  string
	}{
		{[]Term{{Name: "1 + R⁻ (R⁻ = 0)", Count: 1, Weight: 1}, {Name: "V(goal-fuzzy) (R⁺ = 100)", Count: 0.5, Weight: 98}},
			"E = 1 + R⁻ + (R⁺ − R⁻ − 2)·V(goal-fuzzy) = 1 + 0 + (100 − 0 − 2) × 0.5"},
		{[]Term{{Name: "1 + R⁻ (R⁻ = 0)", Count: 1, Weight: 1}, {Name: "1 − V(discs) (R⁺ = 100)", Count: 0.9375, Weight: 98}},
			"E = 1 + R⁻ + (R⁺ − R⁻ − 2)·(1 − V(discs)) = 1 + 0 + (100 − 0 − 2) × 0.94"},
		{[]Term{{Name: "1 + R⁻ (R⁻ = −10)", Count: 1, Weight: -9}, {Name: "V(a) (R⁺ = 10)", Count: 0.25, Weight: 9}, {Name: "V(b) (R⁺ = 10)", Count: 1, Weight: 9}},
			"E = 1 + R⁻ + (R⁺ − R⁻ − 2)·(0.5·V(a) + 0.5·V(b)) = 1 + (−10) + (10 − (−10) − 2) × (0.5·0.25 + 0.5·1)"},
	} {
		lo, hi, names, ok := KuhlmannParts(c.terms)
		if !ok {
			t.Errorf("%v: not read as Kuhlmann's construction", c.terms)
			continue
		}
		if got := kuhlmannText(c.terms, lo, hi, names); got != c.want {
			t.Errorf("got  %s\nwant %s", got, c.want)
		}
	}
	if _, _, _, ok := KuhlmannParts([]Term{{Name: "pawns", Count: 2, Weight: 1}, {Name: "queens", Count: 1, Weight: 9}}); ok {
		t.Error("a material count read as Kuhlmann's construction")
	}
}
