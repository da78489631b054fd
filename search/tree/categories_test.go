package tree

import (
	"slices"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/trace"
)

// TestExpectedValueByCategory: the book's 72 % win, 20 % loss, 8 % draw
// is worth 0.72 × (+1) + 0.20 × (−1) + 0.08 × 0 = 0.52 (the lecture's
// example after Russell & Norvig; see Categories), and Explain gives the categories with their
// shares and values, whose weighted sum is the estimate.
func TestExpectedValueByCategory(t *testing.T) {
	tr, err := Parse(ExpectedValueTree)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{"C": 0.52, "D": 0.55, "F": 0.1, "G": 0.85}
	for n := range tr.All() {
		w, ok := want[n.Name]
		if !ok {
			continue
		}
		if got := (Game{}).Evaluate(n); got != w {
			t.Errorf("estimate of %s = %v, want %v", n.Name, got, w)
		}
		terms := (Game{}).Explain(n)
		sum := 0.0
		for _, term := range terms {
			sum += term.Count * term.Weight
		}
		if len(terms) != 3 || trace.Written(sum) != trace.Written(w) {
			t.Errorf("terms of %s = %v (sum %v), want win, loss and draw adding up to %v", n.Name, terms, sum, w)
		}
	}
	c := tr.Root.Children[0].Children[0]
	wantC := []trace.Term{{Name: "win", Count: 0.72, Weight: 1}, {Name: "loss", Count: 0.2, Weight: -1}, {Name: "draw", Count: 0.08, Weight: 0}}
	if got, want := (Game{}).Explain(c), wantC; !slices.Equal(got, want) {
		t.Errorf("C's terms = %v, want %v", got, want)
	}
	if got := (Game{}).Explain(tr.Root); got != nil {
		t.Errorf("the root without shares explains %v, want nothing", got)
	}
	// Printing keeps the shares, and the text parses to the same tree.
	if got := tr.String(); got != ExpectedValueTree {
		t.Errorf("printed %q, want %q", got, ExpectedValueTree)
	}
}

func TestSharesErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"(B[win=72 loss=20 draw=9](1 -1))", "line 1, column 3: expected shares win=, loss= and draw= that add up to 100 %, found 101 %"},
		{"(B[win=72 win=28](1))", "column 11: expected win= once"},
		{"(B[win=72% loss=28% h=3](1))", "expected either h= or the shares"},
		{"([win=100]3)", "expected an inner node after win="},
		{"([win 3](1))", "expected '=' after tag win"},
		{"([win=300](1))", "expected a share from 0 to 100 % after win="},
		{"([draw=x](1))", "expected a share from 0 to 100 % after draw="},
		{"([win=100%%](1))", "expected a space or ']' after tag \"win\""},
	} {
		_, err := Parse(c.src)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q) = %v, want an error with %q", c.src, err, c.want)
		}
	}
}

// TestUtilities: the utilities option values the same shares with win 1,
// loss 0 and draw ½ (Russell & Norvig's later editions): 72 %, 20 %, 8 %
// is then worth 0.76, and Explain's weights are those values; plus-minus
// (and "") is the default +1, −1, 0 again, and any other name is refused.
func TestUtilities(t *testing.T) {
	tr, err := Parse(ExpectedValueTree)
	if err != nil {
		t.Fatal(err)
	}
	c := tr.Root.Children[0].Children[0]
	for _, tc := range []struct {
		name  string
		value float64
		terms []trace.Term
	}{
		{UtilitiesZeroHalfOne, 0.76, []trace.Term{{Name: "win", Count: 0.72, Weight: 1}, {Name: "loss", Count: 0.2, Weight: 0}, {Name: "draw", Count: 0.08, Weight: 0.5}}},
		{UtilitiesPlusMinus, 0.52, []trace.Term{{Name: "win", Count: 0.72, Weight: 1}, {Name: "loss", Count: 0.2, Weight: -1}, {Name: "draw", Count: 0.08, Weight: 0}}},
		{"", 0.52, nil},
	} {
		u, ok := ParseUtilities(tc.name)
		if !ok {
			t.Fatalf("ParseUtilities(%q) refused", tc.name)
		}
		tr.SetUtilities(u)
		if got := (Game{}).Evaluate(c); got != tc.value {
			t.Errorf("%q: C is worth %v, want %v", tc.name, got, tc.value)
		}
		if got := (Game{}).Explain(c); tc.terms != nil && !slices.Equal(got, tc.terms) {
			t.Errorf("%q: C's terms = %v, want %v", tc.name, got, tc.terms)
		}
	}
	for _, bad := range []string{"bogus", "1,0,0.5", "Plus-Minus"} {
		if _, ok := ParseUtilities(bad); ok {
			t.Errorf("ParseUtilities(%q) accepted", bad)
		}
	}
}
