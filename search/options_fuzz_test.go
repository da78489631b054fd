package search

import (
	"strings"
	"testing"
)

// FuzzParseBounds: bounds that parse are finite with L < U and print as
// text that parses to the same bounds; everything else is an error that
// says so, never a panic.
func FuzzParseBounds(f *testing.F) {
	for _, s := range []string{"-1,1", "0,10", "-20, 20", "1e9,2e9", "2,2", "3,1", "0,inf", "NaN,1", "1", "a,b", ",", "-0,0x10", " 1 , 2 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := ParseBounds(s)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "search: ") {
				t.Errorf("ParseBounds(%q): error %q lacks the package prefix", s, err)
			}
			return
		}
		if !(b.L < b.U) || b.check() != nil {
			t.Fatalf("ParseBounds(%q) = %v, want finite bounds with L < U", s, b)
		}
		again, err := ParseBounds(b.String())
		if err != nil || again != b {
			t.Errorf("ParseBounds(%q) = %v prints as %q, which parses to %v, %v", s, b, b.String(), again, err)
		}
	})
}

// FuzzParseNames: the names of algorithms, prune rules, fail modes,
// orderings and pseudocode forms either parse to a value whose name parses
// back to it, or give an error naming what was expected.
func FuzzParseNames(f *testing.F) {
	for _, s := range []string{"alphabeta", "AB", "minimax", "star1", "*-minimax", "max^n", "ge", "gt", "soft", "hard",
		"natural", "best", "worst", "random", "textbook", "negamax", "", "x", "alpha beta"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if a, err := ParseAlgorithm(s); err == nil {
			if b, err := ParseAlgorithm(a.String()); err != nil || b != a {
				t.Errorf("algorithm %q → %v → %v, %v", s, a, b, err)
			}
		} else if !strings.Contains(err.Error(), "want") {
			t.Errorf("ParseAlgorithm(%q): error %q does not say what is wanted", s, err)
		}
		if p, err := ParsePruneRule(s); err == nil {
			if q, _ := ParsePruneRule(p.String()); q != p {
				t.Errorf("prune rule %q → %v → %v", s, p, q)
			}
		}
		if m, err := ParseFailMode(s); err == nil {
			if n, _ := ParseFailMode(m.String()); n != m {
				t.Errorf("fail mode %q → %v → %v", s, m, n)
			}
		}
		if o, err := ParseOrdering(s); err == nil {
			if p, _ := ParseOrdering(o.String()); p != o {
				t.Errorf("ordering %q → %v → %v", s, o, p)
			}
		}
		if fm, err := ParseForm(s); err == nil {
			if g, _ := ParseForm(fm.String()); g != fm {
				t.Errorf("form %q → %v → %v", s, fm, g)
			}
		}
	})
}
