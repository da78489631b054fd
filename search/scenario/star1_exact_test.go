package scenario

import (
	"slices"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/trace"
)

// star1Run searches sc and returns the ids of the leaves evaluated and the
// texts of the cut tests.
func star1Run(t *testing.T, sc Scenario) (leaves, tests []string) {
	t.Helper()
	p, err := sc.Prepare()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Run(func(e *trace.Event) bool {
		switch e.Type {
		case trace.Leaf:
			leaves = append(leaves, e.Node)
		case trace.Prune:
			tests = append(tests, e.Test)
		}
		return true
	}); err != nil {
		t.Fatal(err)
	}
	return leaves, tests
}

// TestStar1ExactBounds: Star1 prunes a tree whose probabilities are
// thirteenths or tenths exactly as the same tree with quarters, whose sums
// are exact in binary, and its cut texts show the numbers a lecturer
// writes, never 19.999999999999996. (Both trees are the examples of the
// bug report: a chance node entered with α = 20 = U.)
func TestStar1ExactBounds(t *testing.T) {
	cases := []struct {
		name           string
		tree, quarters string
		prune          string
		wantTests      []string
	}{
		{"thirteenths, cut on ≥", "[max](20 [chance](3/13:1 3/13:2 4/13:3 3/13:4))", "[max](20 [chance](1/4:1 1/4:2 1/4:3 1/4:4))", "ge",
			[]string{"upper bound 20 ≤ α = 20"}},
		{"thirteenths, cut on >", "[max](20 [chance](3/13:1 3/13:2 4/13:3 3/13:4))", "[max](20 [chance](1/4:1 1/4:2 1/4:3 1/4:4))", "gt",
			[]string{"upper bound 15.62 < α = 20"}},
		{"tenths, cut on >", "[max](20 [chance](0.1:1 0.2:2 0.7:3))", "[max](20 [chance](0.25:1 0.25:2 0.5:3))", "gt",
			[]string{"upper bound 18.1 < α = 20"}},
		{"tenths, cut on ≥", "[max](20 [chance](0.1:1 0.2:2 0.7:3))", "[max](20 [chance](0.25:1 0.25:2 0.5:3))", "ge",
			[]string{"upper bound 20 ≤ α = 20"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			leaves, tests := star1Run(t, Scenario{Tree: c.tree, Algo: "star1", Bounds: "-20,20", Prune: c.prune})
			qLeaves, _ := star1Run(t, Scenario{Tree: c.quarters, Algo: "star1", Bounds: "-20,20", Prune: c.prune})
			if !slices.Equal(leaves, qLeaves) {
				t.Errorf("leaves evaluated: got %q, want %q as with quarters", leaves, qLeaves)
			}
			if !slices.Equal(tests, c.wantTests) {
				t.Errorf("cut tests: got %q, want %q", tests, c.wantTests)
			}
			for _, s := range tests {
				if strings.Contains(s, "99999") || strings.Contains(s, "00000") {
					t.Errorf("cut test %q shows floating-point noise", s)
				}
			}
		})
	}
}
