package search

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/trace"
)

// countRun runs algo twice: once traced, asking every node's summary,
// and once asking a random third of the nodes it meets to count their
// children's subtrees (trace.CountSubtree). It fails t unless the second
// run gives the first run's events with everything below each counted
// node left out but the prunes that skip children (those without their
// test's text and range), every event at its step in the first run, each
// counted node's exit carrying the same summary as in the first run, and
// the same result. It returns how many events the counting run left out.
func countRun[S any, G Game[S]](t *testing.T, name string, algo Algorithm, g G, root S, opt Options[S], seed uint64) int {
	t.Helper()
	full, r1, sums := summarisedRun(t, algo, g, root, opt)
	rr := rand.New(rand.NewPCG(seed, 5))
	counted := map[string]bool{}
	var got []trace.Event
	gotSums := map[string]*trace.Subtree{}
	r2, err := Run(algo, g, root, opt, func(e *trace.Event) bool {
		if e.Type == trace.Enter && rr.IntN(3) == 0 {
			e.Subtree = trace.CountSubtree
			counted[e.Node] = true
		}
		got = append(got, *e)
		got[len(got)-1].Subtree = nil
		if e.Type == trace.Exit && counted[e.Node] {
			gotSums[e.Node] = e.Subtree.Clone()
		}
		return true
	})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	// What the counting run must give: below a counted node, only the
	// prunes that skip children, as a counted node makes them.
	var want []trace.Event
	var inside []string // the counted nodes open on the path
	for _, e := range full {
		below := len(inside) > 0 && strings.HasPrefix(e.Node, inside[len(inside)-1]) &&
			trace.DepthOf(e.Node) > trace.DepthOf(inside[len(inside)-1])
		switch {
		case !below:
			want = append(want, e)
		case e.Type == trace.Prune && len(e.Pruned) > 0:
			e.Test, e.Range, e.Low, e.High, e.Killers = "", false, 0, 0, nil
			want = append(want, e)
		}
		if !below && e.Type == trace.Enter && counted[e.Node] {
			inside = append(inside, e.Node)
		}
		if len(inside) > 0 && e.Type == trace.Exit && e.Node == inside[len(inside)-1] {
			inside = inside[:len(inside)-1]
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%s: got %d events, want %d", name, len(got), len(want))
	}
	for i := range want {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Fatalf("%s: event %d is\n%v\nwant\n%v", name, i, got[i], want[i])
		}
	}
	for id := range counted {
		// Printed: an empty list and none are the same summary.
		if g, w := fmt.Sprintf("%+v", gotSums[id]), fmt.Sprintf("%+v", sums[id]); g != w {
			t.Fatalf("%s: the summary of counted node %q is %+v, want %+v", name, id, g, w)
		}
	}
	if !reflect.DeepEqual(r1, r2) {
		t.Fatalf("%s: result when counting %+v, want %+v", name, r2, r1)
	}
	return len(full) - len(got)
}

// TestCountSubtrees: a search asked to count the subtrees below a node
// (trace.CountSubtree) numbers its steps, counts and summarises exactly as
// the traced search does, making only the prunes inside. On thousands of
// random trees, for every search that
// can skip — minimax and alpha-beta under every ordering but the learned
// ones, both prune tests, fail-soft and fail-hard; expectiminimax; Star1
// under its variants; max^n; paranoid — with and without a depth limit.
// (Fifty trees, some fifteen hundred searches, under the race detector.)
func TestCountSubtrees(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	trees := 1500
	if testing.Short() || raceDetector {
		trees = 50 // each tree runs some thirty searches twice
	}
	left := map[Algorithm]int{} // events left out, by algorithm
	for n := range trees {
		limit := 0
		if n%3 == 0 {
			limit = 1 + r.IntN(3)
		}
		root := randomTree(r, 4, 2+r.IntN(3), trace.Max, 0)
		for algo, opt := range skippable(uint64(n), limit) {
			name := fmt.Sprintf("tree %d %v %v %v/%v depth %d", n, algo, opt.Order, opt.Prune, opt.Fail, limit)
			left[algo] += countRun(t, name, algo, tgame{}, root, opt, uint64(n))
		}
		ctree := randomChanceTree(r, 3, 2+r.IntN(3), -5, 5, []trace.Kind{trace.Max, trace.Min, trace.Chance}[n%3], 0)
		vtree := vecTree(r, 3, 2+r.IntN(3), 3, 0)
		ptree := vecTreeNoChance(r, 3, 2+r.IntN(3), 3)
		for oi, ord := range []Ordering{OrderNatural, OrderReversed, OrderRandom, OrderEval, OrderBest, OrderWorst} {
			base := Options[*cnode]{Order: ord, Seed: uint64(n), Depth: limit, Eval: ceval}
			name := fmt.Sprintf("tree %d %v depth %d", n, ord, limit)
			left[AlgoExpectiminimax] += countRun(t, name+" expectiminimax", AlgoExpectiminimax, cgame{}, ctree, base, uint64(n))
			for _, v := range s1variants {
				o := base
				o.Prune, o.Fail, o.Bounds = v.prune, v.fail, Bounds{L: -5, U: 5}
				left[AlgoStar1] += countRun(t, fmt.Sprintf("%s star1 %v %v", name, v.prune, v.fail), AlgoStar1, cgame{}, ctree, o, uint64(n))
			}
			if ord == OrderNatural || ord == OrderReversed || ord == OrderRandom {
				left[AlgoMaxN] += countRun(t, name+" maxn", AlgoMaxN, cgame{}, vtree, base, uint64(n))
			}
			po := base
			po.Player = 1 + (n+oi)%3
			po.Prune, po.Fail = variants[n%len(variants)].prune, variants[n%len(variants)].fail
			left[AlgoParanoid] += countRun(t, name+" paranoid", AlgoParanoid, cgame{}, ptree, po, uint64(n))
		}
	}
	for _, a := range []Algorithm{AlgoMinimax, AlgoAlphaBeta, AlgoExpectiminimax, AlgoStar1, AlgoMaxN, AlgoParanoid} {
		if left[a] == 0 {
			t.Errorf("%v left out no event, want some: the test proves nothing for it", a)
		}
	}
}

// TestCountNeverWhereSkippingIsWrong: the searches that never lend a
// summary ignore trace.CountSubtree too: they make every event.
func TestCountNeverWhereSkippingIsWrong(t *testing.T) {
	root := randomTree(rand.New(rand.NewPCG(3, 4)), 3, 4, trace.Max, 0)
	for _, c := range []struct {
		name string
		algo Algorithm
		opt  Options[*tnode]
	}{
		{"alphabeta killer", AlgoAlphaBeta, Options[*tnode]{Order: OrderKiller, Eval: teval}},
		{"negamax", AlgoNegamax, Options[*tnode]{Eval: teval}},
		{"minimax tt", AlgoMinimax, Options[*tnode]{TT: 1 << 10, Eval: teval}},
	} {
		t.Run(c.name, func(t *testing.T) {
			evs, _, err := Collect(c.algo, tgame{}, root, c.opt)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			if _, err := Run(c.algo, tgame{}, root, c.opt, func(e *trace.Event) bool {
				if e.Type == trace.Enter {
					e.Subtree = trace.CountSubtree
				}
				n++
				return true
			}); err != nil {
				t.Fatal(err)
			}
			if n != len(evs) {
				t.Errorf("got %d events, want %d", n, len(evs))
			}
		})
	}
}
