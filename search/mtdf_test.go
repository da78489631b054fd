package search

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/abtrace/abtrace/trace"
)

// fractionalTree is randomTree with leaf values and estimates that are
// not whole numbers: eighths, values of any precision, and now and then
// one far from the first guess 0 (ties still happen among the eighths).
func fractionalTree(r *rand.Rand, maxB, maxD int, kind trace.Kind, depth int) *tnode {
	value := func() float64 {
		switch r.IntN(8) {
		case 0:
			return (r.Float64() - 0.5) * 2e6
		case 1, 2:
			return (r.Float64() - 0.5) * 20
		}
		return float64(r.IntN(161)-80) / 8
	}
	n := &tnode{kind: kind, est: value()}
	if depth >= maxD || (depth > 0 && r.IntN(5) == 0) {
		n.val = value()
		return n
	}
	for range 1 + r.IntN(maxB) {
		n.kids = append(n.kids, fractionalTree(r, maxB, maxD, kind.Opponent(), depth+1))
	}
	return n
}

// TestMTDFFractionalValues: on thousands of random trees whose values are
// not whole numbers, MTD(f), fail-hard and fail-soft, with and without a
// grain, with a large and a tiny table and with and without a depth
// limit, returns minimax's root value and a move that reaches it (the
// only best move where there is one).
func TestMTDFFractionalValues(t *testing.T) {
	variants := []struct {
		name string
		opt  func(o *Options[*tnode])
	}{
		{"soft", func(o *Options[*tnode]) {}},
		{"hard", func(o *Options[*tnode]) { o.Fail = FailHard }},
		{"hard-small-table", func(o *Options[*tnode]) { o.Fail, o.TT = FailHard, 5 }},
		{"hard-grain", func(o *Options[*tnode]) { o.Fail, o.Grain = FailHard, 0.5 }},
		{"soft-grain", func(o *Options[*tnode]) { o.Grain = 1 }},
		{"soft-gt", func(o *Options[*tnode]) { o.Prune = PruneGT }},
	}
	r := rand.New(rand.NewPCG(29, 29))
	trees := 2000
	if testing.Short() || raceDetector {
		trees = 200
	}
	for n := range trees {
		kind, depth, base := propertyCase(n, 3)
		root := fractionalTree(r, 4, 4, kind, 0)
		want, err := Minimax(tgame{}, root, base, nil)
		if err != nil {
			t.Fatal(err)
		}
		childValues := rootChildValues(t, root, base)
		for _, v := range variants {
			if v.name == "hard-grain" && math.Abs(float64(want.Value)) > 1000 {
				continue // a grain of 0.5 walks there in more passes than the test should take
			}
			opt := base
			opt.TT = 256
			v.opt(&opt)
			got, err := MTDF(tgame{}, root, opt, nil)
			if err != nil {
				t.Fatalf("tree %d (depth %d), %s: %v", n, depth, v.name, err)
			}
			if got.Value != want.Value {
				t.Fatalf("tree %d (depth %d), %s: value %v, want minimax's %v", n, depth, v.name, got.Value, want.Value)
			}
			if len(root.kids) == 0 {
				continue
			}
			i, err := strconv.Atoi(got.Best)
			if err != nil || i < 0 || i >= len(childValues) {
				t.Fatalf("tree %d (depth %d), %s: best move %q is no child of the root", n, depth, v.name, got.Best)
			}
			if childValues[i] != float64(want.Value) {
				t.Fatalf("tree %d (depth %d), %s: best move %q is worth %v, want a move worth %v (children %v)",
					n, depth, v.name, got.Best, childValues[i], want.Value, childValues)
			}
		}
	}
}

// rootChildValues is minimax's value of each child of root, searched with
// what is left of opt's depth limit.
func rootChildValues(t *testing.T, root *tnode, opt Options[*tnode]) []float64 {
	t.Helper()
	vs := make([]float64, len(root.kids))
	for i, c := range root.kids {
		switch {
		case len(c.kids) == 0:
			vs[i] = c.val
		case opt.Depth == 1:
			vs[i] = teval.Evaluate(c)
		default:
			o := opt
			if o.Depth > 0 {
				o.Depth--
			}
			r, err := Minimax(tgame{}, c, o, nil)
			if err != nil {
				t.Fatal(err)
			}
			vs[i] = float64(r.Value)
		}
	}
	return vs
}

// The classroom reproductions: fail-hard MTD(f) answered 4.94e-319 after
// 100,000 passes on (0.5), and the wrong move on ((3.5 1.25) (2.75 9)).
func TestMTDFFailHardFractions(t *testing.T) {
	cases := []struct {
		tree []any
		want float64
		best string
	}{
		{[]any{0.5}, 0.5, "0"},
		{[]any{[]any{3.5, 1.25}, []any{2.75, 9.0}}, 2.75, "1"},
		{[]any{[]any{-0.125, -7.5}, []any{-1e5, 3.0}}, -7.5, "0"},
	}
	for _, c := range cases {
		t.Run(fmt.Sprint(c.tree), func(t *testing.T) {
			root := buildFloat(c.tree, trace.Max)
			got, err := MTDF(tgame{}, root, Options[*tnode]{TT: 64, Fail: FailHard}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if float64(got.Value) != c.want || got.Best != c.best {
				t.Fatalf("value %v, best %q; want %v, %q", got.Value, got.Best, c.want, c.best)
			}
			if got.Stats.Iterations > 40 {
				t.Fatalf("%d passes; want a few", got.Stats.Iterations)
			}
		})
	}
}

// buildFloat is build with float64 leaves.
func buildFloat(x any, kind trace.Kind) *tnode {
	if v, ok := x.(float64); ok {
		return &tnode{val: v, kind: kind}
	}
	n := &tnode{kind: kind}
	for _, c := range x.([]any) {
		n.kids = append(n.kids, buildFloat(c, kind.Opponent()))
	}
	return n
}
