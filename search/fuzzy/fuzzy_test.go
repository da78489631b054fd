package fuzzy

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

const eps = 1e-12

// grid are degrees to test the laws on: the ends, the middle, the
// thresholds' neighbourhoods and random values.
func grid() []float64 {
	g := []float64{0, 1, 0.5, 0.25, 0.75, 0.55, 0.6, 0.9, 0.1, 0.45, 0.51, 0.49}
	rng := rand.New(rand.NewPCG(9, 10))
	for range 40 {
		g = append(g, rng.Float64())
	}
	return g
}

func paramsUnderTest() []Params {
	var ps []Params
	for _, n := range Norms() {
		for _, q := range []float64{0.5, 1, 2, 5} {
			ps = append(ps, Params{Norm: n, P: 0.75, T: 0.6, Q: q})
		}
	}
	return ps
}

// TestNormLaws checks every t-norm's laws on a grid of degrees:
// commutative, monotone in each argument, 0 absorbing, 1 neutral (for the
// thresholded norm outside (½, t), where the threshold lifts the value
// on purpose), values in [0, 1], and the t-conorm the dual,
// S(a, b) = 1 − T(1 − a, 1 − b), with 0 neutral and 1 absorbing.
func TestNormLaws(t *testing.T) {
	g := grid()
	for _, p := range paramsUnderTest() {
		t.Run(p.String(), func(t *testing.T) {
			for _, a := range g {
				if got := p.And(a, 0); math.Abs(got) > eps {
					t.Errorf("T(%v, 0) = %v, want 0 (0 absorbing)", a, got)
				}
				if got := p.Or(a, 1); math.Abs(got-1) > eps {
					t.Errorf("S(%v, 1) = %v, want 1 (1 absorbing)", a, got)
				}
				lifted := p.Norm == Threshold && a > 0.5 && a < p.T
				if got := p.And(a, 1); !lifted && math.Abs(got-a) > eps {
					t.Errorf("T(%v, 1) = %v, want %v (1 neutral)", a, got, a)
				}
				if got := p.And(a, 1); lifted && got != p.T {
					t.Errorf("T(%v, 1) = %v, want the threshold %v", a, got, p.T)
				}
				if got := p.Or(a, 0); !(p.Norm == Threshold && a < 0.5 && a > 1-p.T) && math.Abs(got-a) > eps {
					t.Errorf("S(%v, 0) = %v, want %v (0 neutral)", a, got, a)
				}
				for _, b := range g {
					tab, tba := p.And(a, b), p.And(b, a)
					if math.Abs(tab-tba) > eps {
						t.Errorf("T(%v, %v) = %v but T(%v, %v) = %v (commutative)", a, b, tab, b, a, tba)
					}
					if sab, sba := p.Or(a, b), p.Or(b, a); math.Abs(sab-sba) > eps {
						t.Errorf("S(%v, %v) = %v but S(%v, %v) = %v (commutative)", a, b, sab, b, a, sba)
					}
					if s, d := p.Or(a, b), 1-p.And(1-a, 1-b); math.Abs(s-d) > eps {
						t.Errorf("S(%v, %v) = %v, want 1 − T(1 − a, 1 − b) = %v (dual)", a, b, s, d)
					}
					if tab < -eps || tab > 1+eps || p.Or(a, b) < -eps || p.Or(a, b) > 1+eps {
						t.Errorf("T or S of %v, %v outside [0, 1]: %v, %v", a, b, tab, p.Or(a, b))
					}
					for _, c := range g {
						if c < b {
							continue
						}
						if p.And(a, c) < p.And(a, b)-eps {
							t.Errorf("T(%v, %v) = %v < T(%v, %v) = %v though %v ≥ %v (monotone)", a, c, p.And(a, c), a, b, p.And(a, b), c, b)
						}
						if p.Or(a, c) < p.Or(a, b)-eps {
							t.Errorf("S(%v, %v) < S(%v, %v) though %v ≥ %v (monotone)", a, c, a, b, c, b)
						}
					}
				}
			}
		})
	}
}

// TestNormValues pins each t-norm on one pair, worked by hand.
func TestNormValues(t *testing.T) {
	tests := []struct {
		p          Params
		a, b       float64
		wantT, wsS float64
	}{
		{Params{Norm: Min, P: 0.75, T: 0.6, Q: 2}, 0.3, 0.8, 0.3, 0.8},
		{Params{Norm: Product, P: 0.75, T: 0.6, Q: 2}, 0.5, 0.4, 0.2, 0.7},
		{Params{Norm: Lukasiewicz, P: 0.75, T: 0.6, Q: 2}, 0.7, 0.5, 0.2, 1},
		// T(0.7, 0.9) = 1 − √(0.3² + 0.1²) = 1 − √0.1 ≈ 0.6838, above t;
		// S(0.7, 0.9) = min(1, √(0.49 + 0.81)) = 1.
		{Params{Norm: Threshold, P: 0.75, T: 0.6, Q: 2}, 0.7, 0.9, 1 - math.Sqrt(0.1), 1},
		// T(0.75, 0.75) = 1 − √(2·0.0625) ≈ 0.6464 is lifted to t = 0.7.
		{Params{Norm: Threshold, P: 0.75, T: 0.7, Q: 2}, 0.75, 0.75, 0.7, 1},
		// S(0.2, 0.3) = 1 − T'(0.8, 0.7): T(0.8, 0.7) = 1 − √0.13 ≈ 0.639 is
		// lifted to t = 0.7, so S = 0.3 = 1 − t: a disjunction of two false
		// formulas stays at most 1 − t.
		{Params{Norm: Threshold, P: 0.75, T: 0.7, Q: 2}, 0.2, 0.3, 0, 0.3},
	}
	for _, tc := range tests {
		if got := tc.p.And(tc.a, tc.b); math.Abs(got-tc.wantT) > 1e-9 {
			t.Errorf("%v: T(%v, %v) = %v, want %v", tc.p, tc.a, tc.b, got, tc.wantT)
		}
		if got := tc.p.Or(tc.a, tc.b); math.Abs(got-tc.wsS) > 1e-9 {
			t.Errorf("%v: S(%v, %v) = %v, want %v", tc.p, tc.a, tc.b, got, tc.wsS)
		}
	}
}

// TestThresholdKeepsTruth checks the point of the threshold: a true
// conjunction of many fluents stays above ½ (at least t), where the
// product falls below it.
func TestThresholdKeepsTruth(t *testing.T) {
	var args []*Formula
	for i := range 8 {
		args = append(args, &Formula{Op: Atom, Fluent: i})
	}
	f := &Formula{Op: And, Args: args}
	all := func(int) bool { return true }
	th := Params{Norm: Threshold, P: 0.75, T: 0.6, Q: 2}
	if got := th.Eval(f, all); got < 0.6 {
		t.Errorf("threshold: a true 8-fold conjunction = %v, want at least t = 0.6", got)
	}
	pr := Params{Norm: Product, P: 0.75, T: 0.6, Q: 2}
	if got := pr.Eval(f, all); got > 0.5 {
		t.Errorf("product: a true 8-fold conjunction = %v; want it below ½ (0.75⁸ ≈ 0.1)", got)
	}
}

func TestExplain(t *testing.T) {
	f := &Formula{Op: Or, Text: "goal", Args: []*Formula{
		{Op: And, Text: "row", Args: []*Formula{{Op: Atom, Fluent: 0, Text: "a"}, {Op: Atom, Fluent: 1, Text: "b"}}},
		{Op: Not, Args: []*Formula{{Op: Atom, Fluent: 2, Text: "c"}}},
	}}
	p := Params{Norm: Min, P: 0.8, T: 0.6, Q: 2}
	holds := func(i int) bool { return i != 1 }
	d := p.Explain(f, holds)
	if d.Value != p.Eval(f, holds) {
		t.Errorf("Explain's root %v differs from Eval %v", d.Value, p.Eval(f, holds))
	}
	// row = min(0.8, 0.2) = 0.2; not c = 1 − 0.8 = 0.2; goal = max = 0.2.
	for _, c := range []struct {
		got, want float64
		what      string
	}{{d.Value, 0.2, "goal"}, {d.Args[0].Value, 0.2, "row"}, {d.Args[0].Args[0].Value, 0.8, "a"}, {d.Args[1].Value, 0.2, "not c"}} {
		if math.Abs(c.got-c.want) > eps {
			t.Errorf("%s = %v, want %v", c.what, c.got, c.want)
		}
	}
	if d.Holds || d.Args[0].Holds || !d.Args[0].Args[0].Holds {
		t.Errorf("classical truth wrong: goal %v, row %v, a %v; want false, false, true", d.Holds, d.Args[0].Holds, d.Args[0].Args[0].Holds)
	}
	if d.Text != "goal" || d.Args[0].Args[1].Text != "b" {
		t.Errorf("texts %q, %q; want goal, b", d.Text, d.Args[0].Args[1].Text)
	}
}

func TestParseParams(t *testing.T) {
	tests := []struct{ in, want, err string }{
		{in: "", want: "threshold,0.75,0.55,5"},
		{in: "min", want: "min,0.75,0.55,5"},
		{in: "product,0.9", want: "product,0.9,0.55,5"},
		{in: "Łukasiewicz,0.8,0.6,3", want: "lukasiewicz,0.8,0.6,3"},
		{in: "threshold,0.75,0.6,2", want: "threshold,0.75,0.6,2"},
		{in: "hamacher", err: `unknown t-norm "hamacher"`},
		{in: "min,0.4", err: "p = 0.4 must be above 0.5"},
		{in: "min,0.7,1.5", err: "t = 1.5"},
		{in: "min,0.7,0.6,0", err: "q = 0"},
		{in: "min,x", err: `p = "x" is not a number`},
		{in: "min,1,1,1,1", err: "5 parts"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			p, err := ParseParams(tc.in)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("ParseParams(%q) error %v, want one containing %q", tc.in, err, tc.err)
				}
				return
			}
			if err != nil || p.String() != tc.want {
				t.Fatalf("ParseParams(%q) = %v, %v; want %s", tc.in, p, err, tc.want)
			}
		})
	}
}

func FuzzParseParams(f *testing.F) {
	for _, s := range []string{"", "min", "threshold,0.75,0.6,2", "product,0.9", "lukasiewicz,1,1,100", "x,,"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseParams(s)
		if err != nil {
			return
		}
		again, err := ParseParams(p.String())
		if err != nil || again != p {
			t.Fatalf("ParseParams(%q) = %v does not read back: %v, %v", s, p, again, err)
		}
	})
}
