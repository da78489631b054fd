package search_test

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

// TextbookChance is the textbook tree with its three MIN nodes turned into
// chance nodes of equal probabilities: B, C and D average (3 12 8), (2 4 6)
// and (14 5 2), so they are worth 7⅔, 4 and 7, and MAX picks B.
const textbookChance = "A(B[chance](3 12 8) C[chance](2 4 6) D[chance](14 5 2))"

// threePlayers is a max^n tree for three players: P1 over two P2 nodes
// over P3's leaves.
const threePlayers = "A(B(<3,1,2> <1,5,2>) C(<6,1,2> <2,2,9>))"

// TestPublishedExpectedValues: the chance nodes of the textbook chance
// tree are worth 7⅔, 4 and 7, and MAX picks the first, under
// expectiminimax and under Star1 alike; the frames show those values and
// the narration writes the sums out.
func TestPublishedExpectedValues(t *testing.T) {
	tr, err := tree.Parse(textbookChance)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		algo search.Algorithm
		opt  search.Options[*tree.Node]
	}{
		{search.AlgoExpectiminimax, search.Options[*tree.Node]{}},
		{search.AlgoStar1, search.Options[*tree.Node]{Bounds: search.Bounds{L: 0, U: 20}}},
	} {
		t.Run(c.algo.String(), func(t *testing.T) {
			evs, res, err := search.Collect(c.algo, tree.Game{}, tr.Root, c.opt)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(float64(res.Value)-23.0/3) > 1e-12 || res.Best != "0" || !slices.Equal(res.PV, []string{"0"}) {
				t.Errorf("got value %v, best %q, pv %v; want 23/3, \"0\", [0]", res.Value, res.Best, res.PV)
			}
			f := trace.NewFrame()
			var says []string
			for _, e := range evs {
				if err := f.Apply(e); err != nil {
					t.Fatal(err)
				}
				if e.Type == trace.Update && e.Kind == trace.Chance {
					says = append(says, f.Narration)
				}
			}
			want := map[string]float64{"0": 23.0 / 3, "1": 4, "2": 7}
			if c.algo == search.AlgoStar1 {
				want = map[string]float64{"0": 23.0 / 3} // C and D are cut: they only show bounds
			}
			for id, w := range want {
				n := f.Nodes[id]
				if n == nil || n.Kind != trace.Chance || n.Bound != trace.Exact || math.Abs(float64(n.Value)-w) > 1e-12 || n.Text == "" {
					t.Errorf("chance node %q shows %+v; want exactly %v", id, n, w)
				}
			}
			if got, want := says[1], "B's expected value so far: 1/3 × 3 + 1/3 × 12 = 5"; !strings.HasPrefix(got, want) {
				t.Errorf("narration %q; want it to start %q", got, want)
			}
			if got, want := says[2], "B's expected value: 1/3 × 3 + 1/3 × 12 + 1/3 × 8 ≈ 7.67."; got != want {
				t.Errorf("narration %q; want %q", got, want)
			}
			if c.algo == search.AlgoExpectiminimax {
				if got, want := says[len(says)-1], "D's expected value: 1/3 × 14 + 1/3 × 5 + 1/3 × 2 = 7."; got != want {
					t.Errorf("narration %q; want %q", got, want)
				}
			}
		})
	}
}

// TestStar1TraceShowsWhy reads the Star1 trace of the textbook chance tree
// with bounds [2, 14] as a lecturer would: the window each child of C gets,
// the interval C is known to lie in, and the test that cuts it.
func TestStar1TraceShowsWhy(t *testing.T) {
	tr, err := tree.Parse(textbookChance)
	if err != nil {
		t.Fatal(err)
	}
	evs, _, err := search.Collect(search.AlgoStar1, tree.Game{}, tr.Root, search.Options[*tree.Node]{Bounds: search.Bounds{L: 2, U: 14}})
	if err != nil {
		t.Fatal(err)
	}
	f := trace.NewFrame()
	var lines []string
	for _, e := range evs {
		if err := f.Apply(e); err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(e.Node, "1") && e.Type != trace.Leaf && !(e.Type == trace.Exit && e.Node != "1") {
			lines = append(lines, f.Narration)
		}
	}
	want := []string{
		"CHANCE node C is entered with α = 7.67, β = +∞: MAX already has 7.67 elsewhere.",
		"C has 3 successors (probabilities 1/3, 1/3, 1/3), searched in natural order.",
		"MIN node 2 is entered with α = 2, β = 14, the window its CHANCE parent C derived from its own window and the leaf bounds: only a value between 2 and 14 must be found exactly; beyond them a bound lets C cut.",
		"C's expected value so far: 1/3 × 2 ≈ 0.67; with every outcome still to come between the leaf bounds, C is worth between 2 and 10.",
		"MIN node 4 is entered with α = 7, β = 14, the window its CHANCE parent C derived from its own window and the leaf bounds: only a value between 7 and 14 must be found exactly; beyond them a bound lets C cut.",
		"C's expected value so far: 1/3 × 2 + 1/3 × 4 = 2; with every outcome still to come between the leaf bounds, C is worth between 2.67 and 6.67.",
		"CHANCE node C has upper bound 6.67 ≤ α = 7.67: even if every outcome still to come scored the greatest leaf value, its expected value could not beat α, what MAX is already sure of, so its last child is pruned.",
		"C returns ≤ 6.67, an upper bound: its true value is at most 6.67.",
	}
	if !slices.Equal(lines, want) {
		t.Errorf("narration of C:\n got %q\nwant %q", lines, want)
	}
	if n := f.Nodes["1"]; n.Text != "≤ 6.67" || !n.Range {
		t.Errorf("C shows %q (range %v); want ≤ 6.67 with its range", n.Text, n.Range)
	}
}
