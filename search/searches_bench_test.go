package search_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

// benchTree writes a uniform tree of the given branching and depth whose
// inner nodes take their kinds from kinds (by depth, repeating; "" for the
// kind the notation gives) and whose leaves are leaf(k) for the k-th leaf.
func benchTree(branching, depth int, kinds []string, leaf func(k int) string) string {
	var b strings.Builder
	k := 0
	var node func(d int)
	node = func(d int) {
		if d == depth {
			b.WriteString(leaf(k))
			k++
			return
		}
		if t := kinds[d%len(kinds)]; t != "" {
			b.WriteString("[" + t + "]")
		}
		b.WriteByte('(')
		for i := range branching {
			if i > 0 {
				b.WriteByte(' ')
			}
			node(d + 1)
		}
		b.WriteByte(')')
	}
	node(0)
	return b.String()
}

// scalarLeaf is a spread of values 0–19 that leaves alpha-beta something
// to prune and something to search.
func scalarLeaf(k int) string { return strconv.Itoa((k*7 + k/3) % 20) }

// BenchmarkSearches runs every recursive search on a tree of its kind:
// 4^7 leaves of MAX and MIN for the two-player searches, MAX, CHANCE and
// MIN levels for the chance searches, three players for max^n and
// paranoid. Each runs untraced and with a recorder that takes every
// event.
func BenchmarkSearches(b *testing.B) {
	minmax := tree.MustParse(benchTree(4, 7, []string{""}, scalarLeaf))
	chance := tree.MustParse(benchTree(3, 8, []string{"max", "chance", "min", "chance"}, scalarLeaf))
	players := tree.MustParse(benchTree(3, 8, []string{""}, func(k int) string {
		return "<" + scalarLeaf(k) + "," + scalarLeaf(k+5) + "," + scalarLeaf(k+11) + ">"
	}))
	players.SetRoot(trace.Player(1))
	for _, c := range []struct {
		algo search.Algorithm
		t    *tree.Tree
		opt  search.Options[*tree.Node]
	}{
		{search.AlgoMinimax, minmax, search.Options[*tree.Node]{}},
		{search.AlgoAlphaBeta, minmax, search.Options[*tree.Node]{}},
		{search.AlgoNegamax, minmax, search.Options[*tree.Node]{}},
		{search.AlgoPVS, minmax, search.Options[*tree.Node]{}},
		{search.AlgoMTDF, minmax, search.Options[*tree.Node]{TT: 1 << 14}},
		{search.AlgoExpectiminimax, chance, search.Options[*tree.Node]{}},
		{search.AlgoStar1, chance, search.Options[*tree.Node]{Bounds: search.Bounds{L: 0, U: 20}}},
		{search.AlgoMaxN, players, search.Options[*tree.Node]{}},
		{search.AlgoParanoid, players, search.Options[*tree.Node]{}},
	} {
		for _, traced := range []bool{false, true} {
			name := c.algo.String()
			if traced {
				name += "/traced"
			}
			b.Run(name, func(b *testing.B) {
				var rec trace.Recorder
				if traced {
					rec = func(*trace.Event) bool { return true }
				}
				var nodes int
				b.ReportAllocs()
				for b.Loop() {
					res, err := search.Run(c.algo, tree.Game{}, c.t.Root, c.opt, rec)
					if err != nil {
						b.Fatal(err)
					}
					nodes = res.Stats.Nodes
				}
				b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
			})
		}
	}
}
