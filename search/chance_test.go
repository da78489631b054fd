package search

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/trace"
)

// cnode is an explicit tree with every kind: MAX, MIN, CHANCE (children
// with probabilities) and players with vector values.
type cnode struct {
	val   float64
	vec   []float64 // n-player trees
	est   float64   // static estimate of an inner node
	estV  []float64
	kind  trace.Kind
	probs []float64 // CHANCE: one per child; nil means equal
	kids  []*cnode
	label string
}

type cgame struct{}

func (cgame) ToMove(n *cnode) trace.Kind { return n.kind }
func (cgame) Moves(n *cnode, buf []Move) []Move {
	for i := range n.kids {
		buf = append(buf, Move(i))
	}
	return buf
}
func (cgame) Result(n *cnode, m Move) *cnode                  { return n.kids[m] }
func (cgame) Terminal(n *cnode) bool                          { return len(n.kids) == 0 }
func (cgame) Utility(n *cnode) float64                        { return n.val }
func (cgame) UtilityVec(n *cnode) []float64                   { return n.vec }
func (cgame) Label(n *cnode) string                           { return n.label }
func (cgame) Probabilities(n *cnode, buf []float64) []float64 { return append(buf, n.probs...) }

type cevalT struct{}

func (cevalT) Evaluate(n *cnode) float64 {
	if len(n.kids) == 0 {
		return n.val
	}
	return n.est
}
func (cevalT) EvaluateVec(n *cnode) []float64 {
	if len(n.kids) == 0 {
		return n.vec
	}
	return n.estV
}

var ceval = cevalT{}

// prob returns the probability of child i of a chance node.
func (n *cnode) prob(i int) float64 {
	if n.probs == nil {
		return 1 / float64(len(n.kids))
	}
	return n.probs[i]
}

// randomProbs draws n probabilities summing to 1: random weights, or
// halves and quarters, or none (equal).
func randomProbs(r *rand.Rand, n int) []float64 {
	switch r.IntN(3) {
	case 0:
		return nil
	case 1:
		ws := make([]float64, n)
		sum := 0.0
		for i := range ws {
			ws[i] = 1 + float64(r.IntN(9))
			sum += ws[i]
		}
		for i := range ws {
			ws[i] /= sum
		}
		return ws
	}
	// Dyadic: split 1 in halves repeatedly.
	ps := make([]float64, n)
	left := 1.0
	for i := range n - 1 {
		ps[i] = left / 2
		left -= ps[i]
	}
	ps[n-1] = left
	r.Shuffle(n, func(i, j int) { ps[i], ps[j] = ps[j], ps[i] })
	return ps
}

// randomChanceTree makes a tree of MAX, MIN and CHANCE nodes with uneven
// branching (up to maxB), depth up to maxD, leaf values and estimates
// whole numbers in [lo, hi], and random probabilities.
func randomChanceTree(r *rand.Rand, maxB, maxD, lo, hi int, kind trace.Kind, depth int) *cnode {
	v := func() float64 { return float64(lo + r.IntN(hi-lo+1)) }
	n := &cnode{kind: kind, est: v()}
	if depth >= maxD || (depth > 0 && r.IntN(5) == 0) {
		n.val = v()
		return n
	}
	b := 1 + r.IntN(maxB)
	for range b {
		var k trace.Kind
		switch r.IntN(3) {
		case 0:
			k = trace.Chance
		case 1:
			k = trace.Max
		default:
			k = trace.Min
		}
		n.kids = append(n.kids, randomChanceTree(r, maxB, maxD, lo, hi, k, depth+1))
	}
	if kind == trace.Chance {
		n.probs = randomProbs(r, b)
	}
	return n
}

// refExpecti is an independent reference: the textbook recursion.
func refExpecti(n *cnode, depth, limit int) float64 {
	if len(n.kids) == 0 {
		return n.val
	}
	if limit > 0 && depth >= limit {
		return n.est
	}
	switch n.kind {
	case trace.Chance:
		s := 0.0
		for i, c := range n.kids {
			s += n.prob(i) * refExpecti(c, depth+1, limit)
		}
		return s
	case trace.Max:
		v := math.Inf(-1)
		for _, c := range n.kids {
			v = math.Max(v, refExpecti(c, depth+1, limit))
		}
		return v
	}
	v := math.Inf(1)
	for _, c := range n.kids {
		v = math.Min(v, refExpecti(c, depth+1, limit))
	}
	return v
}

func cfind(root *cnode, id string) *cnode {
	n := root
	if id == "" {
		return n
	}
	for _, p := range strings.Split(id, ".") {
		var i int
		fmt.Sscan(p, &i)
		n = n.kids[i]
	}
	return n
}

func cclone(n *cnode) *cnode {
	c := *n
	c.kids = nil
	for _, k := range n.kids {
		c.kids = append(c.kids, cclone(k))
	}
	return &c
}

// csetAll sets every leaf value and estimate below n to v.
func csetAll(n *cnode, v float64) {
	n.val, n.est = v, v
	for _, c := range n.kids {
		csetAll(c, v)
	}
}

// leafRange returns the least and greatest leaf value (and estimate, when
// limit cuts) of the tree as the search sees it.
func leafRange(n *cnode, depth, limit int) (float64, float64) {
	if len(n.kids) == 0 {
		return n.val, n.val
	}
	if limit > 0 && depth >= limit {
		return n.est, n.est
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, c := range n.kids {
		a, b := leafRange(c, depth+1, limit)
		lo, hi = math.Min(lo, a), math.Max(hi, b)
	}
	return lo, hi
}

const eps = 1e-9

func near(a, b float64) bool { return math.Abs(a-b) <= eps*math.Max(1, math.Abs(b)) }

// TestExpectiminimaxRandom: on random MAX/MIN/CHANCE trees the engine's
// value equals the textbook recursion, traced or not, under every
// ordering, and the trace replays.
func TestExpectiminimaxRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	trees := 800
	if testing.Short() || raceDetector {
		trees = 100
	}
	for n := range trees {
		root := randomChanceTree(r, 4, 2+r.IntN(4), 0, 10, []trace.Kind{trace.Max, trace.Min, trace.Chance}[n%3], 0)
		limit := 0
		if n%4 == 0 {
			limit = 1 + r.IntN(3)
		}
		want := refExpecti(root, 0, limit)
		for _, ord := range Orderings() {
			opt := Options[*cnode]{Order: ord, Seed: uint64(n), Depth: limit, Eval: ceval}
			plain, err := Expectiminimax(cgame{}, root, opt, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !near(float64(plain.Value), want) {
				t.Fatalf("tree %d %v: expectiminimax = %v; want %v", n, ord, plain.Value, want)
			}
			evs, res, err := Collect(AlgoExpectiminimax, cgame{}, root, opt)
			if err != nil {
				t.Fatal(err)
			}
			if res.Value != plain.Value || res.Best != plain.Best || res.Stats.Nodes != plain.Stats.Nodes {
				t.Fatalf("tree %d %v: traced %+v differs from untraced %+v", n, ord, res, plain)
			}
			replay(t, fmt.Sprintf("tree %d %v", n, ord), evs, res)
			if res.Best != "" {
				if got := refExpecti(cfind(root, res.Best), 1, limit); !near(got, want) {
					t.Fatalf("tree %d %v: best child %q is worth %v; the root %v", n, ord, res.Best, got, want)
				}
			}
		}
	}
}

// replay replays a trace and checks that the frames agree with the result.
func replay(t *testing.T, name string, evs []trace.Event, res trace.Result) *trace.Frame {
	t.Helper()
	f, err := trace.Replay(evs)
	if err != nil {
		t.Fatalf("%s: replay: %v", name, err)
	}
	if !f.Done {
		t.Fatalf("%s: replay did not reach done", name)
	}
	if f.Stats.Nodes != res.Stats.Nodes || f.Stats.Leaves != res.Stats.Leaves || f.Stats.Cutoffs != res.Stats.Cutoffs {
		t.Fatalf("%s: replay counts %+v, the engine %+v", name, f.Stats, res.Stats)
	}
	for id, v := range f.Nodes {
		if v.State == trace.StateDone && v.Text == "" {
			t.Fatalf("%s: node %q is done but shows no value", name, id)
		}
		if v.State == trace.StateOpen {
			t.Fatalf("%s: node %q is still open", name, id)
		}
	}
	return f
}

type s1variant struct {
	prune PruneRule
	fail  FailMode
}

var s1variants = []s1variant{{PruneGE, FailSoft}, {PruneGE, FailHard}, {PruneGT, FailSoft}}

// TestStar1EqualsExpectiminimax is Star1's main property: on thousands of
// random bounded trees (MAX, MIN and CHANCE mixed, random probabilities)
// its root value equals expectiminimax's under both prune rules, both fail
// modes and every ordering, with tight bounds and with loose ones; every
// exit's bound is true; every pruned subtree is irrelevant (its leaves at
// L and at U leave the root value unchanged); and with tight bounds it
// evaluates strictly fewer leaves than expectiminimax on most trees.
func TestStar1EqualsExpectiminimax(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	trees := 3000
	if testing.Short() || raceDetector {
		trees = 300
	}
	var fewer, same, total, leavesX, leavesS int
	var chanceCuts int
	for n := range trees {
		root := randomChanceTree(r, 4, 2+r.IntN(4), -5, 5, []trace.Kind{trace.Max, trace.Min, trace.Chance}[n%3], 0)
		limit := 0
		if n%4 == 0 {
			limit = 1 + r.IntN(3)
		}
		want := refExpecti(root, 0, limit)
		lo, hi := leafRange(root, 0, limit)
		if lo == hi {
			hi = lo + 1
		}
		base, err := Expectiminimax(cgame{}, root, Options[*cnode]{Depth: limit, Eval: ceval}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range []Bounds{{lo, hi}, {lo - 3, hi + 7}} {
			// Natural order on every tree, and one other ordering in turn.
			for _, ord := range []Ordering{OrderNatural, Orderings()[1+n%5]} {
				for _, v := range s1variants {
					name := fmt.Sprintf("tree %d bounds %v %v %v/%v", n, b, ord, v.prune, v.fail)
					opt := Options[*cnode]{Order: ord, Seed: uint64(n), Depth: limit, Eval: ceval, Bounds: b, Prune: v.prune, Fail: v.fail}
					evs, res, err := Collect(AlgoStar1, cgame{}, root, opt)
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					if !near(float64(res.Value), want) {
						t.Fatalf("%s: star1 = %v; want %v", name, res.Value, want)
					}
					plain, err := Star1(cgame{}, root, opt, nil)
					if err != nil {
						t.Fatal(err)
					}
					if plain.Value != res.Value || plain.Best != res.Best || plain.Stats.Leaves != res.Stats.Leaves ||
						plain.Stats.Cutoffs != res.Stats.Cutoffs || strings.Join(plain.PV, " ") != strings.Join(res.PV, " ") {
						t.Fatalf("%s: untraced %+v differs from traced %+v", name, plain, res)
					}
					replay(t, name, evs, res)
					checkStar1Events(t, name, root, limit, b, evs, res)
					if ord == OrderNatural && v.prune == PruneGE && v.fail == FailSoft && b.L == lo {
						total++
						leavesX += base.Stats.Leaves
						leavesS += res.Stats.Leaves
						switch {
						case res.Stats.Leaves < base.Stats.Leaves:
							fewer++
						case res.Stats.Leaves == base.Stats.Leaves:
							same++
						default:
							t.Fatalf("%s: star1 evaluated %d leaves, expectiminimax %d", name, res.Stats.Leaves, base.Stats.Leaves)
						}
						for _, e := range evs {
							if e.Type == trace.Prune && e.Kind == trace.Chance && len(e.Pruned) > 0 {
								chanceCuts++
							}
						}
					}
				}
			}
		}
	}
	t.Logf("tight bounds, natural order, cut on ≥, fail-soft: star1 evaluated strictly fewer leaves than expectiminimax on %d of %d trees (%.1f%%), as many on %d; %d leaves against %d (%.1f%% saved); %d cutoffs at chance nodes",
		fewer, total, 100*float64(fewer)/float64(total), same, leavesS, leavesX, 100*(1-float64(leavesS)/float64(leavesX)), chanceCuts)
	if fewer*2 <= total {
		t.Errorf("star1 saved leaves on %d of %d trees; want a clear majority", fewer, total)
	}
}

// checkStar1Events checks the exits' bounds against the truth and that
// every pruned subtree is irrelevant.
func checkStar1Events(t *testing.T, name string, root *cnode, limit int, b Bounds, evs []trace.Event, res trace.Result) {
	t.Helper()
	var pruned []string
	for _, e := range evs {
		switch e.Type {
		case trace.Prune:
			pruned = append(pruned, e.Pruned...)
			if e.Kind == trace.Chance && !strings.HasPrefix(e.Test, "upper bound ") && !strings.HasPrefix(e.Test, "lower bound ") {
				t.Fatalf("%s: chance prune test %q names no bound", name, e.Test)
			}
		case trace.Exit:
			truth := refExpecti(cfind(root, e.Node), trace.DepthOf(e.Node), limit)
			v := float64(e.Value)
			var ok bool
			switch e.Bound {
			case trace.Exact:
				ok = near(truth, v)
			case trace.Lower:
				ok = truth >= v-eps
			case trace.Upper:
				ok = truth <= v+eps
			}
			if !ok {
				t.Fatalf("%s: node %q exits %s but its true value is %v", name, e.Node, e.Bound.Text(e.Value), truth)
			}
			if e.Range && (float64(e.Low) > truth+eps || float64(e.High) < truth-eps) {
				t.Fatalf("%s: node %q claims its value lies in [%v, %v] but it is %v", name, e.Node, e.Low, e.High, truth)
			}
		}
	}
	want := refExpecti(root, 0, limit)
	if len(pruned) == 0 {
		return
	}
	// Star1's premise is that leaves lie in [L, U]: within it, the values
	// below a pruned node do not matter. Expectiminimax is monotone in the
	// leaves, so the extremes L and U cover every assignment.
	for _, m := range []float64{b.L, b.U} {
		c := cclone(root)
		for _, id := range pruned {
			csetAll(cfind(c, id), m)
		}
		if got := refExpecti(c, 0, limit); !near(got, want) {
			t.Fatalf("%s: pruned subtrees %v at %v changed the root value to %v (want %v)", name, pruned, m, got, want)
		}
	}
}

// TestStar1Textbook follows the lecture's chance tree by hand: with bounds
// [0, 14], after B = 23/3 the chance node C fails low once two of its
// outcomes are known (2/3 + 4/3 + 14/3 = 20/3 ≤ 23/3).
func TestStar1Textbook(t *testing.T) {
	root := &cnode{kind: trace.Max, label: "A"}
	for i, leaves := range [][]float64{{3, 12, 8}, {2, 4, 6}, {14, 5, 2}} {
		c := &cnode{kind: trace.Chance, label: string(rune('B' + i))}
		for _, v := range leaves {
			c.kids = append(c.kids, &cnode{kind: trace.Min, val: v})
		}
		root.kids = append(root.kids, c)
	}
	evs, res, err := Collect(AlgoStar1, cgame{}, root, Options[*cnode]{Bounds: Bounds{0, 14}})
	if err != nil {
		t.Fatal(err)
	}
	if !near(float64(res.Value), 23.0/3) || res.Best != "0" {
		t.Errorf("value, best = %v, %q; want 23/3, \"0\"", res.Value, res.Best)
	}
	var tests, pruned, windows []string
	for _, e := range evs {
		if e.Type == trace.Prune {
			tests = append(tests, e.Node+": "+e.Test)
			pruned = append(pruned, e.Pruned...)
		}
		if e.Type == trace.Enter && strings.HasPrefix(e.Node, "1.") {
			windows = append(windows, e.Node+" ("+e.Alpha.String()+", "+e.Beta.String()+")")
		}
	}
	if got, want := strings.Join(pruned, " "), "1.2"; got != want {
		t.Errorf("pruned = %s; want %s", got, want)
	}
	// α at C is 23/3 (float 7.666666666666666); its children's windows:
	// (23/3 − 2·14/3)·3 = −5 → clamped to 0, then (23/3 − 2/3 − 14/3)·3 = 7.
	if got, want := strings.Join(windows, ", "), "1.0 (0, 14), 1.1 (7, 14)"; got != want {
		t.Errorf("windows = %s; want %s", got, want)
	}
	if len(tests) != 2 || tests[0] != "1: upper bound 6.67 ≤ α = 7.67" {
		t.Errorf("prune tests = %q; want C's upper bound 20/3 ≤ α = 23/3 first, as a lecturer writes them (6.67 ≤ α = 7.67)", tests)
	}
	// D's upper bound after all three outcomes is its value 7 ≤ α: the
	// test fires at the last child and D returns exactly 7.
	for _, e := range evs {
		if e.Type == trace.Exit && e.Node == "2" && (e.Bound != trace.Exact || e.Value != 7) {
			t.Errorf("D exits %s; want exactly 7", e.Bound.Text(e.Value))
		}
	}
}

// TestStar1CutBeforeFirstChild: a chance node entered with α ≥ U is worth
// no more than α whatever it holds, and is cut before any child.
func TestStar1CutBeforeFirstChild(t *testing.T) {
	root := &cnode{kind: trace.Max, kids: []*cnode{
		{kind: trace.Min, val: 10},
		{kind: trace.Chance, kids: []*cnode{{kind: trace.Min, val: 3}, {kind: trace.Min, val: 10}}},
	}}
	evs, res, err := Collect(AlgoStar1, cgame{}, root, Options[*cnode]{Bounds: Bounds{0, 10}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Value != 10 || res.Stats.Leaves != 1 || res.Stats.Cutoffs != 1 {
		t.Errorf("result %+v; want value 10, 1 leaf, 1 cutoff", res)
	}
	var test string
	var pruned []string
	for _, e := range evs {
		if e.Type == trace.Prune {
			test, pruned = e.Test, e.Pruned
		}
	}
	if test != "upper bound 10 ≤ α = 10" || strings.Join(pruned, " ") != "1.0 1.1" {
		t.Errorf("prune %q of %v; want \"upper bound 10 ≤ α = 10\" of [1.0 1.1]", test, pruned)
	}
	f := replay(t, "before first child", evs, res)
	if f.Nodes["1"].Text != "≤ 10" {
		t.Errorf("node 1 shows %q; want ≤ 10", f.Nodes["1"].Text)
	}
	// Under the strict rule U = α is no reason to cut before the first
	// child; after it (3), the upper bound 0.5 × 3 + 0.5 × 10 = 6.5 < 10 is.
	evs, res, err = Collect(AlgoStar1, cgame{}, root, Options[*cnode]{Bounds: Bounds{0, 10}, Prune: PruneGT})
	if err != nil || res.Stats.Leaves != 2 {
		t.Errorf("strict: %+v, %v; want 2 leaves evaluated", res, err)
	}
	for _, e := range evs {
		if e.Type == trace.Prune && (e.Test != "upper bound 6.5 < α = 10" || strings.Join(e.Pruned, " ") != "1.1") {
			t.Errorf("strict: prune %q of %v; want \"upper bound 6.5 < α = 10\" of [1.1]", e.Test, e.Pruned)
		}
	}
}

func TestChanceErrors(t *testing.T) {
	leaf := func(v float64) *cnode { return &cnode{kind: trace.Min, val: v} }
	chance := func(probs []float64, kids ...*cnode) *cnode {
		return &cnode{kind: trace.Chance, probs: probs, kids: kids}
	}
	cases := []struct {
		name string
		algo Algorithm
		root *cnode
		opt  Options[*cnode]
		want string
	}{
		{"star1 without bounds", AlgoStar1, chance(nil, leaf(1)), Options[*cnode]{}, "star1 needs bounds L,U"},
		{"bounds upside down", AlgoStar1, chance(nil, leaf(1)), Options[*cnode]{Bounds: Bounds{3, 1}}, "L ≥ U"},
		{"leaf above U", AlgoStar1, &cnode{kind: trace.Max, kids: []*cnode{chance(nil, leaf(1), leaf(12))}},
			Options[*cnode]{Bounds: Bounds{0, 10}}, `leaf "0.1" is 12, outside the bounds [0, 10]`},
		{"probabilities off", AlgoExpectiminimax, &cnode{kind: trace.Max, kids: []*cnode{leaf(2), chance([]float64{0.5, 0.4}, leaf(1), leaf(2))}},
			Options[*cnode]{}, `probabilities of chance node "1" sum to 0.9`},
		{"probability zero", AlgoExpectiminimax, chance([]float64{1, 0}, leaf(1), leaf(2)), Options[*cnode]{}, "probability 0"},
		{"too few probabilities", AlgoExpectiminimax, chance([]float64{1}, leaf(1), leaf(2)), Options[*cnode]{}, "1 probabilities for its 2 outcomes"},
		{"player node", AlgoExpectiminimax, &cnode{kind: trace.Player(2), kids: []*cnode{leaf(1)}}, Options[*cnode]{}, "is P2"},
		{"alphabeta on chance", AlgoAlphaBeta, chance(nil, leaf(1)), Options[*cnode]{}, "CHANCE"},
		{"minimax on a deep chance", AlgoMinimax, &cnode{kind: trace.Max, kids: []*cnode{leaf(1), {kind: trace.Min, kids: []*cnode{leaf(2), chance(nil, leaf(1))}}}},
			Options[*cnode]{}, `node "1.1" is CHANCE`},
		{"maxn on scalar leaves", AlgoMaxN, &cnode{kind: trace.Player(1), kids: []*cnode{{kind: trace.Player(2), val: 1}}}, Options[*cnode]{}, "has 0 values"},
		{"maxn on MAX", AlgoMaxN, &cnode{kind: trace.Max, kids: []*cnode{leaf(1)}}, Options[*cnode]{}, "is MAX"},
		{"maxn mixed lengths", AlgoMaxN, &cnode{kind: trace.Player(1), kids: []*cnode{{kind: trace.Player(2), vec: []float64{1, 2}}, {kind: trace.Player(2), vec: []float64{1, 2, 3}}}},
			Options[*cnode]{}, `leaf "1" has 3 values, but the first leaf had 2`},
		{"maxn player beyond", AlgoMaxN, &cnode{kind: trace.Player(3), kids: []*cnode{{kind: trace.Player(1), vec: []float64{1, 2}}}},
			Options[*cnode]{}, `node "" is P3, but the value vectors have 2 components`},
		{"maxn eval order", AlgoMaxN, &cnode{kind: trace.Player(1)}, Options[*cnode]{Order: OrderBest}, "natural, reversed or random"},
		{"paranoid player beyond", AlgoParanoid, &cnode{kind: trace.Player(1), kids: []*cnode{{kind: trace.Player(2), vec: []float64{1, 2}}}},
			Options[*cnode]{Player: 3}, "player 3, but a leaf has only 2 values"},
		{"paranoid strict hard", AlgoParanoid, &cnode{kind: trace.Player(1)}, Options[*cnode]{Prune: PruneGT, Fail: FailHard}, "needs fail-soft"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, rec := range []trace.Recorder{nil, func(*trace.Event) bool { return true }} {
				_, err := Run(c.algo, cgame{}, c.root, c.opt, rec)
				if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "search: ") {
					t.Errorf("traced %v: err = %v; want it to contain %q", rec != nil, err, c.want)
				}
			}
		})
	}
}

// TestChanceNoAllocationPerNode: the untraced searches allocate the same
// on a big tree as on a small one of the same depth.
func TestChanceNoAllocationPerNode(t *testing.T) {
	mk := func(b, d int) *cnode {
		r := rand.New(rand.NewPCG(uint64(b), uint64(d)))
		var f func(depth int, k trace.Kind) *cnode
		f = func(depth int, k trace.Kind) *cnode {
			n := &cnode{kind: k, val: float64(r.IntN(10)), vec: []float64{float64(r.IntN(9)), float64(r.IntN(9)), float64(r.IntN(9))}}
			if depth == d {
				return n
			}
			next := map[trace.Kind]trace.Kind{trace.Max: trace.Chance, trace.Chance: trace.Min, trace.Min: trace.Max,
				trace.Player(1): trace.Player(2), trace.Player(2): trace.Player(3), trace.Player(3): trace.Player(1)}[k]
			for range b {
				n.kids = append(n.kids, f(depth+1, next))
			}
			if k == trace.Chance {
				n.probs = randomProbs(r, b)
			}
			return n
		}
		return f(0, trace.Max)
	}
	small, big := mk(2, 6), mk(4, 6)
	for _, algo := range []Algorithm{AlgoExpectiminimax, AlgoStar1, AlgoMaxN} {
		for _, ord := range []Ordering{OrderNatural, OrderReversed, OrderRandom} {
			allocs := func(root *cnode) float64 {
				if algo == AlgoMaxN {
					root = playersOf(root)
				}
				return testing.AllocsPerRun(10, func() {
					if _, err := Run(algo, cgame{}, root, Options[*cnode]{Order: ord, Bounds: Bounds{0, 9}}, nil); err != nil {
						t.Fatal(err)
					}
				})
			}
			a, b := allocs(small), allocs(big)
			if b > a {
				t.Errorf("%v %v: %v allocations on the big tree, %v on the small one", algo, ord, b, a)
			}
		}
	}
}

// playersOf relabels a MAX/MIN/CHANCE tree for three players.
func playersOf(n *cnode) *cnode {
	c := cclone(n)
	var f func(*cnode, int)
	f = func(n *cnode, depth int) {
		if n.kind != trace.Chance {
			n.kind = trace.Player(1 + depth%3)
		}
		for _, k := range n.kids {
			f(k, depth+1)
		}
	}
	f(c, 0)
	return c
}

// TestNewAlgorithmsStop: a recorder that returns false stops every new
// search at once with ErrStopped.
func TestNewAlgorithmsStop(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	root := randomChanceTree(r, 3, 4, 0, 9, trace.Max, 0)
	for _, algo := range []Algorithm{AlgoExpectiminimax, AlgoStar1, AlgoMaxN, AlgoParanoid} {
		tr := root
		switch algo {
		case AlgoMaxN:
			tr = vecTree(r, 3, 3, 3, 0)
		case AlgoParanoid:
			tr = vecTreeNoChance(r, 3, 3, 3)
		}
		for _, k := range []int{1, 4, 9} {
			n := 0
			_, err := Run(algo, cgame{}, tr, Options[*cnode]{Bounds: Bounds{0, 9}}, func(*trace.Event) bool {
				n++
				return n < k
			})
			if err != ErrStopped || n != k {
				t.Errorf("%v stop after %d: got %d events, err %v", algo, k, n, err)
			}
		}
	}
}

func TestParseAlgorithmNew(t *testing.T) {
	for s, want := range map[string]Algorithm{"expectiminimax": AlgoExpectiminimax, "expectimax": AlgoExpectiminimax,
		"star1": AlgoStar1, "*-minimax": AlgoStar1, "maxn": AlgoMaxN, "max^n": AlgoMaxN, "paranoid": AlgoParanoid} {
		got, err := ParseAlgorithm(s)
		if err != nil || got != want {
			t.Errorf("ParseAlgorithm(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	for _, a := range Algorithms() {
		if got, err := ParseAlgorithm(a.String()); err != nil || got != a {
			t.Errorf("ParseAlgorithm(%q) = %v, %v", a, got, err)
		}
	}
	b, err := ParseBounds("-1, 2.5")
	if err != nil || b != (Bounds{-1, 2.5}) || b.String() != "-1,2.5" {
		t.Errorf("ParseBounds = %v, %v", b, err)
	}
	for _, s := range []string{"1", "a,b", "2,2", "3,1", "0,inf"} {
		if _, err := ParseBounds(s); err == nil || !strings.HasPrefix(err.Error(), "search: ") {
			t.Errorf("ParseBounds(%q): err = %v; want a search error", s, err)
		}
	}
}

func TestTidy(t *testing.T) {
	cases := []struct{ in, want float64 }{
		{0.9*2 + 0.1*3, 2.1},
		{0.1 * 3, 0.3},
		{23.0 / 3, 23.0 / 3},
		{1.0 / 3, 1.0 / 3},
		{-0.7 * 3, -2.1},
		{0, 0},
		{1e-17, 1e-17},
		{123456.78901234, 123456.78901234},
		{math.Inf(1), math.Inf(1)},
	}
	for _, c := range cases {
		if got := tidy(c.in); got != c.want {
			t.Errorf("tidy(%v) = %v; want %v", c.in, got, c.want)
		}
	}
}

// Every key the new algorithms emit is on exactly one line of their
// listing, and every event of real searches carries a key the listing
// holds.
func TestPseudocodeNewAlgorithms(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	for _, algo := range []Algorithm{AlgoExpectiminimax, AlgoStar1, AlgoMaxN, AlgoParanoid} {
		for _, form := range Forms(algo) {
			for _, v := range s1variants {
				l := Pseudocode(algo, form, v.prune, v.fail, trace.Max)
				for _, k := range Keys(algo) {
					n := 0
					for _, ln := range l.Lines {
						n += strings.Count(" "+strings.Join(ln.Keys, " ")+" ", " "+k+" ")
					}
					if n != 1 {
						t.Errorf("%v %v %v: key %q is on %d lines; want 1\n%s", algo, form, v, k, n, l)
					}
				}
			}
		}
		l := Pseudocode(algo, FormTextbook, PruneGE, FailSoft, trace.Max)
		for range 40 {
			root := randomChanceTree(r, 3, 4, 0, 9, trace.Max, 0)
			switch algo {
			case AlgoMaxN:
				root = vecTree(r, 3, 4, 3, 0)
			case AlgoParanoid:
				root = vecTreeNoChance(r, 3, 4, 3)
			}
			evs, _, err := Collect(algo, cgame{}, root, Options[*cnode]{Depth: 3, Eval: ceval, Bounds: Bounds{0, 9}})
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range evs {
				if l.LineOf(e.Line) < 0 || !slices.Contains(Keys(algo), e.Line) {
					t.Fatalf("%v event %v has line %q, not in the listing or the keys", algo, e, e.Line)
				}
			}
		}
	}
	if got := Pseudocode(AlgoStar1, FormTextbook, PruneGT, FailHard, trace.Max).String(); !strings.Contains(got, "if s + R·U < α then return α") {
		t.Errorf("strict fail-hard star1 listing:\n%s", got)
	}
}

// alternating makes the backgammon shape: MAX, CHANCE, MIN, CHANCE, MAX, …
// with branching 2..maxB, depth d, whole leaf values 0..10.
func alternating(r *rand.Rand, maxB, d int) *cnode {
	kinds := []trace.Kind{trace.Max, trace.Chance, trace.Min, trace.Chance}
	var f func(depth int) *cnode
	f = func(depth int) *cnode {
		n := &cnode{kind: kinds[depth%4]}
		if depth == d {
			n.val = float64(r.IntN(11))
			return n
		}
		b := 2 + r.IntN(maxB-1)
		for range b {
			n.kids = append(n.kids, f(depth+1))
		}
		if n.kind == trace.Chance {
			n.probs = randomProbs(r, b)
		}
		return n
	}
	return f(0)
}

// TestStar1Savings measures Star1 against expectiminimax on trees of the
// backgammon shape (MAX, CHANCE, MIN, CHANCE, …; depth 4 to 6, branching
// 2 to 4) with tight bounds: the least and greatest leaf value.
func TestStar1Savings(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 52))
	trees := 2000
	if testing.Short() || raceDetector {
		trees = 200
	}
	for _, v := range s1variants {
		fewer, leavesX, leavesS, leavesLoose, fewerLoose := 0, 0, 0, 0, 0
		for range trees {
			root := alternating(r, 4, 4+r.IntN(3))
			lo, hi := leafRange(root, 0, 0)
			if lo == hi {
				hi++
			}
			x, err := Expectiminimax(cgame{}, root, Options[*cnode]{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			s, err := Star1(cgame{}, root, Options[*cnode]{Bounds: Bounds{lo, hi}, Prune: v.prune, Fail: v.fail}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !near(float64(s.Value), float64(x.Value)) {
				t.Fatalf("star1 %v, expectiminimax %v", s.Value, x.Value)
			}
			if s.Stats.Leaves < x.Stats.Leaves {
				fewer++
			}
			// Bounds so loose that chance nodes (almost) never cut: what
			// alpha-beta at MAX and MIN alone saves.
			loose, err := Star1(cgame{}, root, Options[*cnode]{Bounds: Bounds{lo - 1e6, hi + 1e6}, Prune: v.prune, Fail: v.fail}, nil)
			if err != nil {
				t.Fatal(err)
			}
			leavesLoose += loose.Stats.Leaves
			if s.Stats.Leaves < loose.Stats.Leaves {
				fewerLoose++
			}
			leavesX += x.Stats.Leaves
			leavesS += s.Stats.Leaves
		}
		t.Logf("%v/%v: star1 evaluated strictly fewer leaves than expectiminimax on %d of %d trees (%.1f%%); %d leaves against %d (%.1f%% saved); "+
			"with bounds too loose to cut at chance nodes it evaluates %d, so tight bounds save %.1f%% more, and fewer leaves on %d trees",
			v.prune, v.fail, fewer, trees, 100*float64(fewer)/float64(trees), leavesS, leavesX, 100*(1-float64(leavesS)/float64(leavesX)),
			leavesLoose, 100*(1-float64(leavesS)/float64(leavesLoose)), fewerLoose)
		if fewer*10 < trees*9 {
			t.Errorf("%v/%v: star1 saved leaves on %d of %d trees; want at least 90%%", v.prune, v.fail, fewer, trees)
		}
	}
}
