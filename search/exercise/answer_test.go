package exercise

import (
	"strings"
	"testing"

	"github.com/abtrace/abtrace/trace"
)

func TestParseAnswer(t *testing.T) {
	val := func(v float64, b trace.Bound) Answer { return Answer{Kind: ValueAnswer, Value: v, Bound: b} }
	tests := []struct {
		in   string
		want Answer
	}{
		{"3", val(3, trace.Exact)},
		{"3.0", val(3, trace.Exact)},
		{"3.", val(3, trace.Exact)},
		{"+3", val(3, trace.Exact)},
		{" 3 ", val(3, trace.Exact)},
		{"\t3\n", val(3, trace.Exact)},
		{"\u00a03\u00a0", val(3, trace.Exact)}, // no-break spaces
		{"-1", val(-1, trace.Exact)},
		{"−1", val(-1, trace.Exact)}, // U+2212 minus sign
		{"-0", val(0, trace.Exact)},
		{"2.5", val(2.5, trace.Exact)},
		{".5", val(0.5, trace.Exact)},
		{"≤2", val(2, trace.Upper)},
		{"≤ 2", val(2, trace.Upper)},
		{"≤  2", val(2, trace.Upper)},
		{"<= 2", val(2, trace.Upper)},
		{"<=2", val(2, trace.Upper)},
		{"=<2", val(2, trace.Upper)},
		{"⩽2", val(2, trace.Upper)},
		{"≦ 2", val(2, trace.Upper)},
		{"le 2", val(2, trace.Upper)},
		{"LE 2", val(2, trace.Upper)},
		{"le2", val(2, trace.Upper)},
		{"le -2", val(-2, trace.Upper)},
		{"≤ −2", val(-2, trace.Upper)},
		{"≤2.0", val(2, trace.Upper)},
		{"≥ 5", val(5, trace.Lower)},
		{"≥5", val(5, trace.Lower)},
		{">= 5", val(5, trace.Lower)},
		{">=5", val(5, trace.Lower)},
		{"=>5", val(5, trace.Lower)},
		{"⩾ 5", val(5, trace.Lower)},
		{"≧5", val(5, trace.Lower)},
		{"ge 5", val(5, trace.Lower)},
		{"Ge 5", val(5, trace.Lower)},
		{"", Answer{Kind: NoAnswer}},
		{"   ", Answer{Kind: NoAnswer}},
		{"-", Answer{Kind: NoAnswer}},
		{"—", Answer{Kind: NoAnswer}},
		{"pruned", Answer{Kind: MarkedPruned}},
		{" Pruned ", Answer{Kind: MarkedPruned}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseAnswer(tt.in)
			if err != nil {
				t.Fatalf("ParseAnswer(%q) error %v, want %+v", tt.in, err, tt.want)
			}
			if got != tt.want {
				t.Errorf("ParseAnswer(%q) = %+v, want %+v", tt.in, got, tt.want)
			}
		})
	}
}

func TestParseAnswerErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"abc", `"abc" is not a value or a bound such as 3, ≤ 2 or ≥ 5`},
		{"< 3", "strict bound"},
		{"> 3", "strict bound"},
		{"≤", "is not a value or a bound"},
		{"≤ ≤ 2", "is not a value or a bound"},
		{"2,5", "write decimals with a point"},
		{"1e3", "is not a value or a bound"},
		{"inf", "is not a value or a bound"},
		{"∞", "is not a value or a bound"},
		{"NaN", "is not a value or a bound"},
		{"0x10", "is not a value or a bound"},
		{"- 1", "is not a value or a bound"},
		{"--1", "is not a value or a bound"},
		{"3 4", "is not a value or a bound"},
		{".", "is not a value or a bound"},
		{"less 2", "is not a value or a bound"},
		{"2 ≤", "is not a value or a bound"},
		{"= 3", "is not a value or a bound"},
		{strings.Repeat("1", MaxAnswerLen+1), "too long"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseAnswer(tt.in)
			if err == nil {
				t.Fatalf("ParseAnswer(%q) = %+v, want an error", tt.in, got)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("ParseAnswer(%q) error %q, want it to contain %q", tt.in, err, tt.want)
			}
		})
	}
}

func TestParseWindowValue(t *testing.T) {
	tests := []struct {
		in   string
		want trace.Num
		has  bool
	}{
		{"3", 3, true}, {"−2", -2, true}, {"∞", trace.Inf(1), true}, {"+∞", trace.Inf(1), true},
		{"inf", trace.Inf(1), true}, {"Infinity", trace.Inf(1), true}, {"-∞", trace.Inf(-1), true},
		{"−∞", trace.Inf(-1), true}, {"-inf", trace.Inf(-1), true}, {"", 0, false}, {" - ", 0, false},
	}
	for _, tt := range tests {
		got, has, err := parseWindowValue(tt.in)
		if err != nil || has != tt.has || got != tt.want {
			t.Errorf("parseWindowValue(%q) = %v, %v, %v; want %v, %v, nil", tt.in, got, has, err, tt.want, tt.has)
		}
	}
	for _, in := range []string{"abc", "≤ 3", "1e9", "∞∞"} {
		if _, _, err := parseWindowValue(in); err == nil {
			t.Errorf("parseWindowValue(%q): no error", in)
		}
	}
}

// FuzzParseAnswer checks that ParseAnswer never panics, that what it reads
// prints back to an answer it reads the same, and that errors quote the
// answer.
func FuzzParseAnswer(f *testing.F) {
	for _, s := range []string{"3", "3.0", "≤2", "<= 2", "le 2", "≥ 5", ">=5", "−1", "-1", "pruned", "", "abc", "2,5", "< 3", "≤ −0.5", "ge.5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseAnswer(s)
		if err != nil {
			return
		}
		b, err := ParseAnswer(a.Text())
		if err != nil {
			t.Fatalf("ParseAnswer(%q) = %+v, whose text %q does not parse: %v", s, a, a.Text(), err)
		}
		if a != b {
			t.Fatalf("ParseAnswer(%q) = %+v, but its text %q parses to %+v", s, a, a.Text(), b)
		}
	})
}
