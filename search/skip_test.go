package search

import (
	"fmt"
	"iter"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/abtrace/abtrace/trace"
)

// skipRun runs algo once, keeping every node's summary from its exit
// event, then again handing back the summaries of the nodes for which
// skip is true. It returns the events of both runs and both results.
func skipRun(t *testing.T, algo Algorithm, root *tnode, opt Options[*tnode], skip func(id string) bool) (full, skipped []trace.Event, r1, r2 trace.Result, sums map[string]*trace.Subtree) {
	t.Helper()
	return skipRunOf(t, algo, tgame{}, root, opt, skip)
}

// skipRunOf is skipRun for any game.
func skipRunOf[S any, G Game[S]](t *testing.T, algo Algorithm, g G, root S, opt Options[S], skip func(id string) bool) (full, skipped []trace.Event, r1, r2 trace.Result, sums map[string]*trace.Subtree) {
	t.Helper()
	full, r1, sums = summarisedRun(t, algo, g, root, opt)
	r2, err := Run(algo, g, root, opt, func(e *trace.Event) bool {
		if e.Type == trace.Enter && skip(e.Node) && sums[e.Node] != nil {
			e.Subtree = sums[e.Node]
		}
		ev := *e
		skipped = append(skipped, ev)
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	return full, skipped, r1, r2, sums
}

// summarisedRun runs algo traced, asking every node's summary, and
// returns its events (without summaries), its result and the summaries by
// node.
func summarisedRun[S any, G Game[S]](t *testing.T, algo Algorithm, g G, root S, opt Options[S]) ([]trace.Event, trace.Result, map[string]*trace.Subtree) {
	t.Helper()
	sums := map[string]*trace.Subtree{}
	var full []trace.Event
	r, err := Run(algo, g, root, opt, func(e *trace.Event) bool {
		if e.Type == trace.Enter {
			e.Subtree = trace.WantSubtree
		}
		full = append(full, *e)
		full[len(full)-1].Subtree = nil
		if e.Type == trace.Exit && e.Subtree != nil {
			sums[e.Node] = e.Subtree.Clone()
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	return full, r, sums
}

// checkSkipped fails unless the run that skipped the subtrees picked
// (and summarised) gave the full run's events with those subtrees reduced
// to their enter events, and the same result.
func checkSkipped(t *testing.T, name string, full, got []trace.Event, r1, r2 trace.Result, sums map[string]*trace.Subtree, pick map[string]bool) {
	t.Helper()
	if len(sums) == 0 {
		t.Fatalf("%s: no exit event carried a summary", name)
	}
	want := skipEvents(full, func(id string) bool { return pick[id] && sums[id] != nil })
	if len(got) != len(want) {
		t.Fatalf("%s: got %d events, want %d", name, len(got), len(want))
	}
	for i := range want {
		g := got[i]
		g.Subtree = nil
		if !reflect.DeepEqual(g, want[i]) {
			t.Fatalf("%s: event %d is\n%v\nwant\n%v", name, i, g, want[i])
		}
	}
	if !reflect.DeepEqual(r1, r2) {
		t.Fatalf("%s: result with skipping %+v, want %+v", name, r2, r1)
	}
}

// halfPicker picks a random half of the nodes, the same ones each time
// it is asked about a node.
func halfPicker(seed uint64) (map[string]bool, func(id string) bool) {
	pick := map[string]bool{}
	rr := rand.New(rand.NewPCG(seed, 7))
	return pick, func(id string) bool {
		if _, ok := pick[id]; !ok {
			pick[id] = rr.IntN(2) == 0
		}
		return pick[id]
	}
}

// TestSkipSubtrees: a search handed back its subtrees' summaries goes on
// exactly as if it had searched them. On random trees, under every
// ordering but the learned ones, both prune tests and fail-soft and
// fail-hard, with and without a depth limit, the second run's events are
// the first run's with every skipped subtree reduced to its enter event,
// its steps numbered as in the first run, and the result (value, best
// move, principal variation, statistics) is the same.
func TestSkipSubtrees(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	trees := 400
	if testing.Short() || raceDetector {
		trees = 60
	}
	for n := range trees {
		root := randomTree(r, 4, 2+r.IntN(4), trace.Max, 0)
		limit := 0
		if n%3 == 0 {
			limit = 1 + r.IntN(3)
		}
		for algo, opt := range skippable(uint64(n), limit) {
			// Skip a random half of the nodes that have a summary.
			pick, skip := halfPicker(uint64(n))
			name := fmt.Sprintf("tree %d %v %v %v/%v", n, algo, opt.Order, opt.Prune, opt.Fail)
			full, got, r1, r2, sums := skipRun(t, algo, root, opt, skip)
			checkSkipped(t, name, full, got, r1, r2, sums, pick)
		}
	}
}

// skippable yields every search of minimax and alpha-beta that can skip,
// with this seed and depth limit: each ordering but the learned ones, and
// alpha-beta under both prune tests, fail-soft and fail-hard.
func skippable(seed uint64, limit int) iter.Seq2[Algorithm, Options[*tnode]] {
	return func(yield func(Algorithm, Options[*tnode]) bool) {
		for _, ord := range Orderings() {
			if ord == OrderKiller || ord == OrderHistory {
				continue
			}
			for _, algo := range []Algorithm{AlgoMinimax, AlgoAlphaBeta} {
				for vi, v := range variants {
					if algo == AlgoMinimax && vi > 0 {
						break
					}
					if !yield(algo, Options[*tnode]{Order: ord, Seed: seed, Depth: limit, Eval: teval, Prune: v.prune, Fail: v.fail}) {
						return
					}
				}
			}
		}
	}
}

// TestSkipSubtreesChanceAndPlayers: expectiminimax, Star1, max^n and
// paranoid pass over a subtree handed back exactly as minimax and
// alpha-beta do. On random trees with chance nodes (expectiminimax,
// Star1 under every prune and fail variant), with vector leaves and chance
// nodes (max^n) and with vector leaves for each player (paranoid), under
// every ordering each allows, with and without a depth limit, the run
// that skips gives the full run's events less the skipped subtrees, and
// the same result (value, vector, best move, principal variation,
// statistics).
func TestSkipSubtreesChanceAndPlayers(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	trees := 200
	if testing.Short() || raceDetector {
		trees = 40
	}
	orders := []Ordering{OrderNatural, OrderReversed, OrderRandom, OrderEval, OrderBest, OrderWorst}
	passed := map[Algorithm]int{} // events passed over, by algorithm
	for n := range trees {
		limit := 0
		if n%3 == 0 {
			limit = 1 + r.IntN(3)
		}
		ctree := randomChanceTree(r, 3, 2+r.IntN(3), -5, 5, []trace.Kind{trace.Max, trace.Min, trace.Chance}[n%3], 0)
		vtree := vecTree(r, 3, 2+r.IntN(3), 3, 0)
		ptree := vecTreeNoChance(r, 3, 2+r.IntN(3), 3)
		for oi, ord := range orders {
			base := Options[*cnode]{Order: ord, Seed: uint64(n), Depth: limit, Eval: ceval}
			type run struct {
				algo Algorithm
				root *cnode
				opt  Options[*cnode]
			}
			runs := []run{{AlgoExpectiminimax, ctree, base}}
			for _, v := range s1variants {
				o := base
				o.Prune, o.Fail, o.Bounds = v.prune, v.fail, Bounds{L: -5, U: 5}
				runs = append(runs, run{AlgoStar1, ctree, o})
			}
			if ord == OrderNatural || ord == OrderReversed || ord == OrderRandom {
				runs = append(runs, run{AlgoMaxN, vtree, base})
			}
			po := base
			po.Player = 1 + (n+oi)%3
			po.Prune, po.Fail = variants[n%len(variants)].prune, variants[n%len(variants)].fail
			runs = append(runs, run{AlgoParanoid, ptree, po})
			for ri, x := range runs {
				pick, skip := halfPicker(uint64(n*100 + ri))
				name := fmt.Sprintf("tree %d %v %v prune %v fail %v", n, x.algo, ord, x.opt.Prune, x.opt.Fail)
				full, got, r1, r2, sums := skipRunOf(t, x.algo, cgame{}, x.root, x.opt, skip)
				checkSkipped(t, name, full, got, r1, r2, sums, pick)
				passed[x.algo] += len(full) - len(got)
			}
		}
	}
	for _, a := range []Algorithm{AlgoExpectiminimax, AlgoStar1, AlgoMaxN, AlgoParanoid} {
		if passed[a] == 0 {
			t.Errorf("%v passed over no event, want some: the test proves nothing for it", a)
		}
	}
}

// skipEvents is evs with the subtree of every entered node for which skip
// is true reduced to its enter event (skip is not asked below a skipped
// node).
func skipEvents(evs []trace.Event, skip func(id string) bool) []trace.Event {
	var out []trace.Event
	for i := 0; i < len(evs); i++ {
		e := evs[i]
		out = append(out, e)
		if e.Type != trace.Enter || !skip(e.Node) {
			continue
		}
		for i < len(evs) && (evs[i].Type != trace.Exit || evs[i].Node != e.Node) {
			i++
		}
	}
	return out
}

// TestNoSummaryWhereSkippingIsWrong: the searches whose subtrees leave
// something behind (a transposition table, killer moves, history) or that
// the hook does not reach never offer a summary, so no recorder can skip
// them.
func TestNoSummaryWhereSkippingIsWrong(t *testing.T) {
	root := randomTree(rand.New(rand.NewPCG(3, 4)), 3, 4, trace.Max, 0)
	cases := []struct {
		name string
		algo Algorithm
		opt  Options[*tnode]
	}{
		{"alphabeta killer", AlgoAlphaBeta, Options[*tnode]{Order: OrderKiller, Eval: teval}},
		{"alphabeta history", AlgoAlphaBeta, Options[*tnode]{Order: OrderHistory, Eval: teval}},
		{"negamax", AlgoNegamax, Options[*tnode]{Eval: teval}},
		{"pvs", AlgoPVS, Options[*tnode]{Eval: teval}},
		{"minimax tt", AlgoMinimax, Options[*tnode]{TT: 1 << 10, Eval: teval}},
		{"alphabeta beam", AlgoAlphaBeta, Options[*tnode]{Forward: ForwardBeam, Eval: teval, Depth: 2}},
		{"mcts", AlgoMCTS, Options[*tnode]{Eval: teval, Bounds: Bounds{L: -5, U: 5}, MCTS: MCTSParams{Iterations: 50}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n := 0
			_, err := Run(c.algo, tgame{}, root, c.opt, func(e *trace.Event) bool {
				if e.Type == trace.Enter {
					e.Subtree = trace.WantSubtree
				} else if e.Subtree != nil {
					n++
				}
				return true
			})
			if err != nil {
				t.Fatal(err)
			}
			if n != 0 {
				t.Errorf("got %d events with a summary, want 0", n)
			}
		})
	}
}

// TestParanoidOffersNoSummaryPastABadLeaf: a leaf with no value for the
// paranoid player makes the search fail at its end, so a later run must
// meet it again: no subtree that exits after it carries a summary, while
// the subtrees finished before it do.
func TestParanoidOffersNoSummaryPastABadLeaf(t *testing.T) {
	leaf := func(v ...float64) *cnode { return &cnode{kind: trace.Player(3), vec: v} }
	root := &cnode{kind: trace.Player(1), kids: []*cnode{
		{kind: trace.Player(2), kids: []*cnode{leaf(1, 2, 3), leaf(4, 5, 6)}},
		{kind: trace.Player(2), kids: []*cnode{leaf(1), leaf(4, 5, 6)}},
	}}
	got := map[string]bool{}
	_, err := Run(AlgoParanoid, cgame{}, root, Options[*cnode]{Player: 2}, func(e *trace.Event) bool {
		if e.Type == trace.Enter {
			e.Subtree = trace.WantSubtree
		} else if e.Type == trace.Exit {
			got[e.Node] = e.Subtree != nil
		}
		return true
	})
	if err == nil {
		t.Fatal("got no error, want the short leaf's")
	}
	want := map[string]bool{"0.0": true, "0.1": true, "0": true, "1.0": false, "1.1": false, "1": false, "": false}
	for id, w := range want {
		if g, ok := got[id]; !ok || g != w {
			t.Errorf("node %q: exit with a summary %v (exited %v), want %v", id, g, ok, w)
		}
	}
}
