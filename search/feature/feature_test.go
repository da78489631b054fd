package feature

import (
	"math"
	"strings"
	"testing"
)

// squares is a toy state: how many of 64 squares MAX holds and MIN holds.
type squares struct{ max, min int }

var toy = []Feature[squares]{
	{Name: "discs", Bound: 64,
		Diff:  func(s squares) float64 { return float64(s.max - s.min) },
		Share: func(s squares) float64 { return float64(s.max) / 64 }},
	{Name: "lead", Bound: 64, Diff: func(s squares) float64 { return float64(s.max - s.min) }},
}

// TestKuhlmannLecture is the lecture's example: goal values R⁻ = 0 and
// R⁺ = 100, one colour on 8 of the 64 squares, so V = 0.125 and
// E = 1 + 0 + 98·0.125 = 13.25 maximising and 1 + 98·0.875 = 86.75
// minimising.
func TestKuhlmannLecture(t *testing.T) {
	s := squares{max: 8, min: 3}
	for _, tc := range []struct {
		dir  Direction
		want float64
	}{{Maximise, 13.25}, {Minimise, 86.75}} {
		t.Run(tc.dir.String(), func(t *testing.T) {
			k, err := NewKuhlmann(toy, []Weight{{"discs", 1}}, tc.dir, Goals{0, 100})
			if err != nil {
				t.Fatal(err)
			}
			if got := k.V(s); got != 0.125 {
				t.Errorf("V = %v, want 0.125", got)
			}
			if got := k.Evaluate(s); got != tc.want {
				t.Errorf("E = %v, want %v", got, tc.want)
			}
			if got := E(tc.dir, GGP, 0.125); got != tc.want {
				t.Errorf("E(%v, GGP, 0.125) = %v, want %v", tc.dir, got, tc.want)
			}
			// The explanation shows V (or 1 − V), R⁻ and R⁺, and sums to E.
			sum := 0.0
			var names []string
			for _, term := range k.Explain(s) {
				sum += term.Count * term.Weight
				names = append(names, term.Name)
			}
			if sum != tc.want {
				t.Errorf("terms sum to %v, want %v", sum, tc.want)
			}
			wantNames := "1 + R⁻ (R⁻ = 0),V(discs) (R⁺ = 100)"
			if tc.dir == Minimise {
				wantNames = "1 + R⁻ (R⁻ = 0),1 − V(discs) (R⁺ = 100)"
			}
			if got := strings.Join(names, ","); got != wantNames {
				t.Errorf("terms %q, want %q", got, wantNames)
			}
		})
	}
}

// TestKuhlmannRange checks that E stays strictly between the goal values
// for every V in [0, 1], both directions, so a real win outranks it.
func TestKuhlmannRange(t *testing.T) {
	for _, g := range []Goals{{0, 100}, {-1, 2.5}, {-100, 100}} {
		for _, dir := range []Direction{Maximise, Minimise} {
			for i := 0; i <= 1000; i++ {
				v := float64(i) / 1000
				e := E(dir, g, v)
				if !(e > g.Lo && e < g.Hi) {
					t.Fatalf("E(%v, %v, %v) = %v, not strictly inside (%v, %v)", dir, g, v, e, g.Lo, g.Hi)
				}
			}
		}
	}
	if _, err := NewKuhlmann(toy, []Weight{{"discs", 1}}, Maximise, Goals{0, 2}); err == nil {
		t.Errorf("goals 0, 2 accepted; want an error (R⁺ − R⁻ must exceed 2)")
	}
}

func TestKuhlmannMean(t *testing.T) {
	// The default share of "lead" is (Diff + 64) / 128.
	k, err := NewKuhlmann(toy, []Weight{{"discs", 1}, {"lead", 3}}, Maximise, GGP)
	if err != nil {
		t.Fatal(err)
	}
	s := squares{max: 16, min: 0}
	want := (1*0.25 + 3*(80.0/128)) / 4
	if got := k.V(s); math.Abs(got-want) > 1e-12 {
		t.Errorf("V = %v, want %v", got, want)
	}
	if k.Name() != "max-discs:1+lead:3" {
		t.Errorf("name %q, want max-discs:1+lead:3", k.Name())
	}
	if _, err := NewKuhlmann(toy, []Weight{{"discs", -1}}, Maximise, GGP); err == nil {
		t.Errorf("a negative weight accepted; want an error")
	}
}

func TestWeighted(t *testing.T) {
	ws, err := Parse("discs:2, lead:-0.5", []string{"discs", "lead"})
	if err != nil {
		t.Fatal(err)
	}
	e, err := NewWeighted(toy, ws)
	if err != nil {
		t.Fatal(err)
	}
	s := squares{10, 4}
	if got, want := e.Evaluate(s), 2*6-0.5*6; got != want {
		t.Errorf("Evaluate = %v, want %v", got, want)
	}
	sum := 0.0
	for _, term := range e.Explain(s) {
		sum += term.Count * term.Weight
	}
	if sum != e.Evaluate(s) {
		t.Errorf("terms sum to %v, want %v", sum, e.Evaluate(s))
	}
	if got, want := e.Bound(), 2*64+0.5*64; got != want {
		t.Errorf("Bound = %v, want %v", got, want)
	}
	if got := e.Name(); got != "discs:2,lead:-0.5" {
		t.Errorf("Name = %q, want discs:2,lead:-0.5", got)
	}
}

func TestParse(t *testing.T) {
	known := []string{"discs", "mobility"}
	tests := []struct {
		in, want, err string
	}{
		{in: "discs", want: "discs:1"},
		{in: "discs:1,mobility:5", want: "discs:1,mobility:5"},
		{in: "Discs + mobility:-2.5", want: "discs:1,mobility:-2.5"},
		{in: "", err: "no features"},
		{in: "discs:x", err: `term 1 ("discs:x"): weight "x" is not a number`},
		{in: "discs,corners", err: `term 2: unknown feature "corners"`},
		{in: "discs,discs:2", err: "given twice"},
		{in: "discs:1e9", err: "beyond"},
		{in: "discs:NaN", err: "not a number"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			ws, err := Parse(tc.in, known)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("Parse(%q) error %v, want one containing %q", tc.in, err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := Format(ws); got != tc.want {
				t.Errorf("Parse(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestWinAbove(t *testing.T) {
	for _, tc := range []struct{ b, want float64 }{{0, 100}, {99.5, 100}, {100, 1000}, {6400, 10000}} {
		if got := WinAbove(tc.b); got != tc.want {
			t.Errorf("WinAbove(%v) = %v, want %v", tc.b, got, tc.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"discs", "discs:1,mobility:5", "a+b:2", ":", ",,", "discs:1e400"} {
		f.Add(s)
	}
	known := []string{"discs", "mobility", "a", "b"}
	f.Fuzz(func(t *testing.T, s string) {
		ws, err := Parse(s, known)
		if err != nil {
			return
		}
		again, err := Parse(Format(ws), known)
		if err != nil || Format(again) != Format(ws) {
			t.Fatalf("Format(Parse(%q)) = %q does not read back: %v", s, Format(ws), err)
		}
	})
}
