package reversi

import (
	"math"
	"testing"
)

// FuzzParseEvaluation: an evaluation (a weighting, a Kuhlmann direction)
// is an evaluator whose name reads back to the same name and whose values
// on the opening stay within its bound, or an error; it never panics.
func FuzzParseEvaluation(f *testing.F) {
	for _, s := range [][2]string{
		{"", ""}, {"discs:1,mobility:5", ""}, {"corners:10+edges", "max"}, {"min-discs", ""}, {"max-mobility", "min"},
		{"discs:-1e308,mobility:1e308", ""}, {"discs:NaN", ""}, {"discs:1,discs:2", ""}, {":,:", ""}, {"discs", "sideways"},
		{"max-", ""}, {"max-min-discs", ""}, {"corners:10+edges+discs+mobility:0.5", "min"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, spec, kuhlmann string) {
		e, err := ParseEvaluation(spec, kuhlmann)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("ParseEvaluation(%q, %q): an error without a message", spec, kuhlmann)
			}
			return
		}
		again, err := ParseEvaluation(e.Name(), "")
		if err != nil || again.Name() != e.Name() {
			t.Fatalf("ParseEvaluation(%q, %q) is named %q, which reads back as %v, %v", spec, kuhlmann, e.Name(), again, err)
		}
		v, b := e.Evaluate(Start), e.Bound()
		if math.IsNaN(v) || math.IsNaN(b) || math.Abs(v) > b {
			t.Fatalf("ParseEvaluation(%q, %q): %v on the opening, bound %v", spec, kuhlmann, v, b)
		}
	})
}

// FuzzParseMove: a square is one MoveString writes back as it was given,
// or an error; it never panics.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"d3", "a1", "h8", "pass", "i1", "a9", "PASS", "d", "d33", "", "\x00\x00", "é1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		m, err := ParseMove(text)
		if err != nil {
			return
		}
		if got := MoveString(m); got != text {
			t.Fatalf("ParseMove(%q) = %d, written %q", text, m, got)
		}
	})
}
