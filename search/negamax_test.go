package search

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/trace"
)

// realVariants are the negamax family with the options of the searches on
// real games, each of which must give alpha-beta's root value.
var realVariants = []struct {
	name string
	algo Algorithm
	opt  func(o *Options[*tnode])
}{
	{"negamax", AlgoNegamax, func(o *Options[*tnode]) {}},
	{"negamax-hard-gt", AlgoNegamax, func(o *Options[*tnode]) { o.Fail = FailHard }},
	{"negamax-gt", AlgoNegamax, func(o *Options[*tnode]) { o.Prune = PruneGT }},
	{"negamax-tt", AlgoNegamax, func(o *Options[*tnode]) { o.TT = 64 }},
	{"negamax-tt-always-tiny", AlgoNegamax, func(o *Options[*tnode]) { o.TT, o.Replace = 3, ReplaceAlways }},
	{"negamax-killer", AlgoNegamax, func(o *Options[*tnode]) { o.Order = OrderKiller }},
	{"negamax-history", AlgoNegamax, func(o *Options[*tnode]) { o.Order = OrderHistory }},
	{"alphabeta-killer", AlgoAlphaBeta, func(o *Options[*tnode]) { o.Order = OrderKiller }},
	{"alphabeta-history", AlgoAlphaBeta, func(o *Options[*tnode]) { o.Order = OrderHistory }},
	{"pvs", AlgoPVS, func(o *Options[*tnode]) {}},
	{"pvs-grain", AlgoPVS, func(o *Options[*tnode]) { o.Grain = 1 }},
	{"pvs-tt-hard", AlgoPVS, func(o *Options[*tnode]) { o.TT, o.Fail = 128, FailHard }},
	{"mtdf", AlgoMTDF, func(o *Options[*tnode]) { o.TT = 256 }},
	{"mtdf-grain", AlgoMTDF, func(o *Options[*tnode]) { o.TT, o.Grain = 256, 1 }},
	{"mtdf-small-table", AlgoMTDF, func(o *Options[*tnode]) { o.TT = 5 }},
	{"mtdf-hard", AlgoMTDF, func(o *Options[*tnode]) { o.TT, o.Fail = 256, FailHard }},
	{"id", AlgoID, func(o *Options[*tnode]) {}},
	{"id-tt", AlgoID, func(o *Options[*tnode]) { o.TT = 256 }},
	{"id-aspiration", AlgoID, func(o *Options[*tnode]) { o.Aspiration = 1 }},
	{"id-aspiration-tt-history", AlgoID, func(o *Options[*tnode]) { o.Aspiration, o.TT, o.Order = 2, 64, OrderHistory }},
	{"minimax-tt", AlgoMinimax, func(o *Options[*tnode]) { o.TT = 64 }},
}

// TestNegamaxFamilyAgreesWithAlphaBeta: on thousands of random trees, with
// and without a depth limit, every algorithm and option of the searches
// on real games returns alpha-beta's root value, the same best move where
// the best value is unique, and, traced, the same result through events
// that replay.
func TestNegamaxFamilyAgreesWithAlphaBeta(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 15))
	trees := 1000
	if testing.Short() || raceDetector {
		trees = 300
	}
	for n := range trees {
		kind, depth, base := propertyCase(n, 4)
		root := randomTree(r, 4, 5, kind, 0)
		want, err := AlphaBeta(tgame{}, root, base, nil)
		if err != nil {
			t.Fatal(err)
		}
		unique := uniqueBest(root, base)
		for _, v := range realVariants {
			opt := base
			opt.Eval = teval // iterative deepening's shallow passes need it
			if v.algo != AlgoID {
				opt.Eval = base.Eval
			}
			v.opt(&opt)
			got, err := Run(v.algo, tgame{}, root, opt, nil)
			if err != nil {
				t.Fatalf("tree %d, %s: %v", n, v.name, err)
			}
			if got.Value != want.Value {
				t.Fatalf("tree %d (depth %d), %s: value %v, want %v", n, depth, v.name, got.Value, want.Value)
			}
			if unique != "" && got.Best != unique {
				t.Fatalf("tree %d (depth %d), %s: best %q, want %q (the only best move)", n, depth, v.name, got.Best, unique)
			}
			if n%10 == 0 {
				evs, traced, err := Collect(v.algo, tgame{}, root, opt)
				if err != nil {
					t.Fatalf("tree %d, %s traced: %v", n, v.name, err)
				}
				if traced.Value != got.Value || traced.Best != got.Best || traced.Stats.Nodes != got.Stats.Nodes ||
					traced.Stats.TTStored != got.Stats.TTStored || traced.Stats.Researches != got.Stats.Researches {
					t.Fatalf("tree %d, %s: traced %+v, untraced %+v", n, v.name, traced, got)
				}
				f, err := trace.Replay(evs)
				if err != nil {
					t.Fatalf("tree %d, %s: %v", n, v.name, err)
				}
				if f.Stats.Nodes != got.Stats.Nodes || f.Stats.TTHits != got.Stats.TTHits || f.Stats.Iterations != got.Stats.Iterations {
					t.Fatalf("tree %d, %s: replayed stats %+v, search's %+v", n, v.name, f.Stats, got.Stats)
				}
			}
		}
	}
}

// propertyCase is the kind of the root and the depth limit of the n-th
// random tree of a property test (a MIN root one time in three; limits
// 0, 1, …, limits−1 in turn, 0 meaning none), with the options of that
// limit.
func propertyCase(n, limits int) (trace.Kind, int, Options[*tnode]) {
	kind := trace.Max
	if n%3 == 0 {
		kind = trace.Min
	}
	depth := n % limits
	base := Options[*tnode]{Depth: depth}
	if depth > 0 {
		base.Eval = teval
	}
	return kind, depth, base
}

// uniqueBest returns the id of the root child whose value beats every
// other child's, or "" when the best value is shared.
func uniqueBest(root *tnode, opt Options[*tnode]) string {
	if len(root.kids) == 0 {
		return ""
	}
	best, id, ties := math.NaN(), "", 0
	for i, c := range root.kids {
		o := opt
		if o.Depth > 0 {
			o.Depth--
			if o.Depth == 0 {
				// A child at the limit is valued as it stands.
				v := teval.Evaluate(c)
				if len(c.kids) == 0 {
					v = c.val
				}
				best, id, ties = pick(root.kind, v, best, id, ties, i)
				continue
			}
		}
		r, _ := AlphaBeta(tgame{}, c, o, nil)
		best, id, ties = pick(root.kind, float64(r.Value), best, id, ties, i)
	}
	if ties > 1 {
		return ""
	}
	return id
}

func pick(k trace.Kind, v, best float64, id string, ties, i int) (float64, string, int) {
	switch {
	case math.IsNaN(best) || betterFor(k, v, best):
		return v, fmt.Sprint(i), 1
	case v == best:
		return best, id, ties + 1
	}
	return best, id, ties
}

// TestRealGamesValidate: options that make no sense together are refused
// with a reason.
func TestRealGamesValidate(t *testing.T) {
	cases := []struct {
		algo Algorithm
		opt  Options[*tnode]
		want string
	}{
		{AlgoMTDF, Options[*tnode]{}, "MTD(f) needs a transposition table"},
		{AlgoAlphaBeta, Options[*tnode]{TT: 10}, "not alphabeta"},
		{AlgoNegamax, Options[*tnode]{TT: MaxTTSize + 1}, "table size"},
		{AlgoNegamax, Options[*tnode]{Symmetry: true}, "give it a size"},
		{AlgoNegamax, Options[*tnode]{Aspiration: 2}, "belong to iterative deepening"},
		{AlgoMinimax, Options[*tnode]{Order: OrderKiller}, "learns from cutoffs"},
		{AlgoID, Options[*tnode]{Aspiration: -1}, "positive number"},
	}
	for _, c := range cases {
		t.Run(c.want, func(t *testing.T) {
			err := c.opt.Validate(c.algo)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Validate(%v) = %v, want an error containing %q", c.algo, err, c.want)
			}
		})
	}
}

// Every key the negamax family emits is on exactly one line of its
// listing, and every event of real searches carries a key it holds.
func TestNegamaxFamilyPseudocode(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	for _, algo := range []Algorithm{AlgoNegamax, AlgoPVS, AlgoMTDF, AlgoID} {
		for _, root := range []trace.Kind{trace.Max, trace.Min} {
			l := Pseudocode(algo, FormNegamax, PruneGE, FailSoft, root)
			for _, k := range Keys(algo) {
				if n := linesWith(l, k); n != 1 {
					t.Errorf("%v: key %q is on %d lines; want 1", algo, k, n)
				}
			}
		}
		for range 30 {
			root := randomTree(r, 3, 4, trace.Max, 0)
			opt := Options[*tnode]{Eval: teval, TT: 32}
			if algo == AlgoID {
				opt.Aspiration = 1
			} else {
				opt.Depth = 3
			}
			l := Pseudocode(algo, FormNegamax, PruneGE, FailSoft, trace.Max)
			evs, _, err := Collect(algo, tgame{}, root, opt)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range evs {
				if l.LineOf(e.Line) < 0 {
					t.Fatalf("%v event %v has line %q, not in the listing", algo, e, e.Line)
				}
			}
		}
	}
}

// linesWith counts the lines of l that hold key.
func linesWith(l Listing, key string) int {
	n := 0
	for _, ln := range l.Lines {
		for _, lk := range ln.Keys {
			if lk == key {
				n++
			}
		}
	}
	return n
}
