package trace

import (
	"math"
	"testing"
)

func TestWindowText(t *testing.T) {
	below := func(x float64) Num { return Num(math.Nextafter(x, math.Inf(-1))) }
	tenth, fifth := 0.1, 0.2
	noise := Num(tenth + fifth) // 0.30000000000000004
	above := func(x float64) Num { return Num(math.Nextafter(x, math.Inf(1))) }
	for _, c := range []struct {
		alpha, beta Num
		a, b        string
	}{
		{below(11), 11, "11−ε", "11"}, // MTD(f)'s test of γ = 11
		{11, above(11), "11", "11+ε"}, // PVS's null window after α = 11
		{-3, above(-3), "−3", "−3+ε"}, // negamax's negated windows
		{below(-3), -3, "−3−ε", "−3"},
		{noise, 1, "0.3", "1"},                   // float noise is no ε
		{noise, Num(0.3 + 1e-9), "0.3−ε", "0.3"}, // alike as written: β is the number
		{Inf(-1), Inf(1), "−∞", "+∞"},
		{2, 5, "2", "5"},
		{7, 7, "7", "7"},
	} {
		a, b := WindowText(c.alpha, c.beta)
		if a != c.a || b != c.b {
			t.Errorf("WindowText(%v, %v) = %q, %q, want %q, %q", float64(c.alpha), float64(c.beta), a, b, c.a, c.b)
		}
	}
}
