package view

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestNumWritesAsFormatFloat: Num writes every coordinate as
// strconv.FormatFloat writes it rounded to a tenth.
func TestNumWritesAsFormatFloat(t *testing.T) {
	want := func(x float64) string { return strconv.FormatFloat(math.Round(x*10)/10, 'f', -1, 64) }
	xs := []float64{0, math.Copysign(0, -1), -0.04, 0.04, 0.05, -0.05, 0.15, 1, -1, 9.95, 10, 99.99, 123.45,
		-123.45, 1e14, 1 << 49 / 10.0, 1 << 50 / 10.0, 1 << 51 / 10.0, 1e20, -1e20, math.Inf(1), math.Inf(-1), math.NaN(),
		math.MaxFloat64, math.SmallestNonzeroFloat64}
	r := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		xs = append(xs, (r.Float64()-0.5)*2000, (r.Float64()-0.5)*1e6, float64(r.IntN(100000))/10, math.Ldexp(r.Float64()-0.5, r.IntN(120)-20))
	}
	for _, x := range xs {
		if got, w := Num(x), want(x); got != w {
			t.Errorf("Num(%v) = %q, want %q", x, got, w)
		}
	}
}

func BenchmarkNum(b *testing.B) {
	xs := []float64{0, 12.34, 456.7, -3.25, 1024, 77.77}
	for i := 0; b.Loop(); i++ {
		Num(xs[i%len(xs)])
	}
}
