package search

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/trace"
)

// tnode is a minimal explicit tree for testing the engine on its own.
type tnode struct {
	val    float64
	est    float64 // static estimate of an inner node
	kind   trace.Kind
	kids   []*tnode
	label  string
	noEval bool
}

type tgame struct{}

func (tgame) ToMove(n *tnode) trace.Kind { return n.kind }
func (tgame) Moves(n *tnode, buf []Move) []Move {
	for i := range n.kids {
		buf = append(buf, Move(i))
	}
	return buf
}
func (tgame) Result(n *tnode, m Move) *tnode { return n.kids[m] }
func (tgame) Terminal(n *tnode) bool         { return len(n.kids) == 0 }
func (tgame) Utility(n *tnode) float64       { return n.val }
func (tgame) Label(n *tnode) string          { return n.label }

type tevalT struct{}

func (tevalT) Evaluate(n *tnode) float64 {
	if n.noEval {
		return math.NaN()
	}
	if len(n.kids) == 0 {
		return n.val
	}
	return n.est
}

var teval Evaluation[*tnode] = tevalT{}

// build makes a tree from nested []any of numbers, alternating kinds from root.
func build(x any, kind trace.Kind) *tnode {
	switch v := x.(type) {
	case int:
		return &tnode{val: float64(v), kind: kind}
	case []any:
		n := &tnode{kind: kind}
		for _, c := range v {
			n.kids = append(n.kids, build(c, kind.Opponent()))
		}
		return n
	}
	panic(fmt.Sprintf("build: %T", x))
}

// textbook is Russell & Norvig's Figure 5.2 tree: MAX root A over MIN nodes
// B, C, D with leaves (3 12 8), (2 4 6), (14 5 2); its value is 3.
func textbook() *tnode {
	t := build([]any{[]any{3, 12, 8}, []any{2, 4, 6}, []any{14, 5, 2}}, trace.Max)
	t.label = "A"
	for i, l := range []string{"B", "C", "D"} {
		t.kids[i].label = l
	}
	return t
}

// randomTree makes a tree with uneven branching (1..maxB), depth up to
// maxD, small integer values (so ties are common) and estimates on inner
// nodes.
func randomTree(r *rand.Rand, maxB, maxD int, kind trace.Kind, depth int) *tnode {
	n := &tnode{kind: kind, est: float64(r.IntN(11) - 5)}
	if depth >= maxD || (depth > 0 && r.IntN(5) == 0) {
		n.val = float64(r.IntN(11) - 5)
		return n
	}
	b := 1 + r.IntN(maxB)
	for range b {
		n.kids = append(n.kids, randomTree(r, maxB, maxD, kind.Opponent(), depth+1))
	}
	return n
}

// uniformTree has branching b, depth d and distinct leaf values.
func uniformTree(r *rand.Rand, b, d int) *tnode {
	leaves := int(math.Pow(float64(b), float64(d)))
	vals := r.Perm(leaves * 3)
	next := 0
	var mk func(int, trace.Kind) *tnode
	mk = func(depth int, k trace.Kind) *tnode {
		n := &tnode{kind: k}
		if depth == d {
			n.val = float64(vals[next])
			next++
			return n
		}
		for range b {
			n.kids = append(n.kids, mk(depth+1, k.Opponent()))
		}
		return n
	}
	return mk(0, trace.Max)
}

// refMinimax is an independent reference: plain recursion, no engine.
func refMinimax(n *tnode, depth, limit int) float64 {
	if len(n.kids) == 0 {
		return n.val
	}
	if limit > 0 && depth >= limit {
		return n.est
	}
	best := math.Inf(1)
	if n.kind == trace.Max {
		best = math.Inf(-1)
	}
	for _, c := range n.kids {
		v := refMinimax(c, depth+1, limit)
		if n.kind == trace.Max {
			best = math.Max(best, v)
		} else {
			best = math.Min(best, v)
		}
	}
	return best
}

func find(root *tnode, id string) *tnode {
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

// setAll sets every leaf value and estimate in the subtree to v.
func setAll(n *tnode, v float64) {
	n.val, n.est = v, v
	for _, c := range n.kids {
		setAll(c, v)
	}
}

func clone(n *tnode) *tnode {
	c := *n
	c.kids = nil
	for _, k := range n.kids {
		c.kids = append(c.kids, clone(k))
	}
	return &c
}

type variant struct {
	prune PruneRule
	fail  FailMode
}

var variants = []variant{{PruneGE, FailSoft}, {PruneGE, FailHard}, {PruneGT, FailSoft}}

func (v variant) String() string { return v.prune.String() + "/" + v.fail.String() }

func TestTextbookTree(t *testing.T) {
	root := textbook()
	for _, v := range variants {
		t.Run(v.String(), func(t *testing.T) {
			evs, r, err := Collect(AlgoAlphaBeta, tgame{}, root, Options[*tnode]{Prune: v.prune, Fail: v.fail})
			if err != nil {
				t.Fatal(err)
			}
			if r.Value != 3 || r.Best != "0" {
				t.Errorf("value, best = %v, %q; want 3, \"0\"", r.Value, r.Best)
			}
			var evaluated, pruned []string
			for _, e := range evs {
				if e.Type == trace.Leaf {
					evaluated = append(evaluated, e.Node)
				}
				if e.Type == trace.Prune {
					pruned = append(pruned, e.Pruned...)
				}
			}
			if got, want := strings.Join(evaluated, " "), "0.0 0.1 0.2 1.0 2.0 2.1 2.2"; got != want {
				t.Errorf("evaluated = %s; want %s", got, want)
			}
			if got, want := strings.Join(pruned, " "), "1.1 1.2"; got != want {
				t.Errorf("pruned = %s; want %s", got, want)
			}
			if r.Stats.Nodes != 11 || r.Stats.Leaves != 7 || r.Stats.Cutoffs != 1 {
				t.Errorf("stats = %+v; want 11 nodes, 7 leaves, 1 cutoff", r.Stats)
			}
			if got := strings.Join(r.PV, " "); got != "0 0.0" {
				t.Errorf("pv = %s; want 0 0.0", got)
			}
		})
	}
}

func TestTextbookBounds(t *testing.T) {
	evs, _, err := Collect(AlgoAlphaBeta, tgame{}, textbook(), Options[*tnode]{})
	if err != nil {
		t.Fatal(err)
	}
	exits := map[string]string{}
	for _, e := range evs {
		if e.Type == trace.Exit {
			exits[e.Node] = e.Bound.Text(e.Value)
		}
		if e.Type == trace.Prune && len(e.Pruned) > 0 {
			if e.Test != "2 ≤ α = 3" {
				t.Errorf("prune test = %q; want %q", e.Test, "2 ≤ α = 3")
			}
		}
	}
	// D's last leaf makes the test fire with nothing left to skip: D's
	// value is exact, as the textbook figure shows it.
	for id, want := range map[string]string{"": "3", "0": "3", "1": "≤ 2", "2": "2"} {
		if exits[id] != want {
			t.Errorf("node %q exits with %q; want %q", id, exits[id], want)
		}
	}
}

// TestRandomTreesAgree is the engine's main property: on thousands of
// random trees alpha-beta's root value equals minimax's under every
// ordering, rule and fail mode; every exit's bound is true; every pruned
// subtree is irrelevant to the root value.
func TestRandomTreesAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	trees := 1500
	if testing.Short() || raceDetector {
		trees = 200
	}
	for n := range trees {
		kind := trace.Max
		if n%2 == 1 {
			kind = trace.Min
		}
		root := randomTree(r, 4, 2+r.IntN(4), kind, 0)
		limit := 0
		if n%3 == 0 {
			limit = 1 + r.IntN(3)
		}
		want := refMinimax(root, 0, limit)
		for _, ord := range Orderings() {
			opt := Options[*tnode]{Order: ord, Seed: uint64(n), Depth: limit, Eval: teval}
			mm, err := Minimax(tgame{}, root, opt, nil)
			if err != nil {
				t.Fatal(err)
			}
			if float64(mm.Value) != want {
				t.Fatalf("tree %d %v: minimax = %v; want %v", n, ord, mm.Value, want)
			}
			for _, v := range variants {
				opt.Prune, opt.Fail = v.prune, v.fail
				evs, res, err := Collect(AlgoAlphaBeta, tgame{}, root, opt)
				if err != nil {
					t.Fatal(err)
				}
				if float64(res.Value) != want {
					t.Fatalf("tree %d %v %v: alphabeta = %v; want %v", n, ord, v, res.Value, want)
				}
				checkEvents(t, fmt.Sprintf("tree %d %v %v", n, ord, v), root, limit, evs, res)
				// The untraced search must agree with the traced one.
				plain, err := AlphaBeta(tgame{}, root, opt, nil)
				if err != nil {
					t.Fatal(err)
				}
				if plain.Value != res.Value || plain.Best != res.Best || plain.Stats.Nodes != res.Stats.Nodes ||
					plain.Stats.Leaves != res.Stats.Leaves || plain.Stats.Cutoffs != res.Stats.Cutoffs ||
					strings.Join(plain.PV, " ") != strings.Join(res.PV, " ") {
					t.Fatalf("tree %d %v %v: untraced %+v differs from traced %+v", n, ord, v, plain, res)
				}
			}
		}
	}
}

// checkEvents checks the trace of one alpha-beta search against the tree.
func checkEvents(t *testing.T, name string, root *tnode, limit int, evs []trace.Event, res trace.Result) {
	t.Helper()
	var nodes, leaves, cutoffs int
	var pruned []string
	for i, e := range evs {
		if e.Step != i+1 {
			t.Fatalf("%s: event %d has step %d", name, i, e.Step)
		}
		if e.Line == "" {
			t.Fatalf("%s: event %v has no line", name, e)
		}
		switch e.Type {
		case trace.Enter:
			nodes++
		case trace.Leaf:
			leaves++
		case trace.Prune:
			if len(e.Pruned) > 0 {
				cutoffs++
			}
			pruned = append(pruned, e.Pruned...)
		case trace.Exit:
			truth := refMinimax(find(root, e.Node), trace.DepthOf(e.Node), limit)
			v := float64(e.Value)
			ok := map[trace.Bound]bool{trace.Exact: truth == v, trace.Lower: truth >= v, trace.Upper: truth <= v}[e.Bound]
			if !ok {
				t.Fatalf("%s: node %q exits %s but its true value is %v", name, e.Node, e.Bound.Text(e.Value), truth)
			}
		}
	}
	if nodes != res.Stats.Nodes || leaves != res.Stats.Leaves || cutoffs != res.Stats.Cutoffs {
		t.Fatalf("%s: events count %d/%d/%d, stats say %+v", name, nodes, leaves, cutoffs, res.Stats)
	}
	if last := evs[len(evs)-1]; last.Type != trace.Done {
		t.Fatalf("%s: last event is %v, not done", name, last)
	}
	// The best child's true value is the root's.
	want := refMinimax(root, 0, limit)
	if res.Best != "" {
		if got := refMinimax(find(root, res.Best), 1, limit); got != want {
			t.Fatalf("%s: best child %q has value %v; root has %v", name, res.Best, got, want)
		}
	}
	if len(pruned) == 0 {
		return
	}
	// Minimax is monotone in the leaf values, so if the root value stays the
	// same with every pruned leaf at +M and at −M, no values there matter.
	for _, m := range []float64{1e6, -1e6} {
		c := clone(root)
		for _, id := range pruned {
			setAll(find(c, id), m)
		}
		if got := refMinimax(c, 0, limit); got != want {
			t.Fatalf("%s: pruned subtrees %v changed the root value to %v (want %v) at %v", name, pruned, got, want, m)
		}
	}
}

// TestKnuthMoore: with perfect ordering on a uniform tree with distinct
// values, alpha-beta evaluates exactly b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves
// (Knuth and Moore, "An analysis of alpha-beta pruning", 1975).
func TestKnuthMoore(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	for b := 2; b <= 4; b++ {
		for d := 1; d <= 6; d++ {
			want := ipow(b, (d+1)/2) + ipow(b, d/2) - 1
			for rep := range 5 {
				root := uniformTree(r, b, d)
				for _, v := range variants {
					res, err := AlphaBeta(tgame{}, root, Options[*tnode]{Order: OrderBest, Prune: v.prune, Fail: v.fail}, nil)
					if err != nil {
						t.Fatal(err)
					}
					if res.Stats.Leaves != want {
						t.Errorf("b=%d d=%d rep %d %v: leaves = %d; want %d", b, d, rep, v, res.Stats.Leaves, want)
					}
				}
			}
		}
	}
}

func ipow(b, e int) int {
	r := 1
	for range e {
		r *= b
	}
	return r
}

func TestRandomOrderingIsPerNode(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	root := uniformTree(r, 4, 3)
	orders := func(algo Algorithm) map[string]string {
		evs, _, err := Collect(algo, tgame{}, root, Options[*tnode]{Order: OrderRandom, Seed: 42})
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]string{}
		for _, e := range evs {
			if e.Type == trace.Expand {
				m[e.Node] = fmt.Sprint(e.Order)
			}
		}
		return m
	}
	mm, ab := orders(AlgoMinimax), orders(AlgoAlphaBeta)
	for id, o := range ab {
		if mm[id] != o {
			t.Errorf("node %q: minimax order %s, alpha-beta order %s; the same seed must shuffle a node the same way", id, mm[id], o)
		}
	}
	again := orders(AlgoAlphaBeta)
	for id, o := range ab {
		if again[id] != o {
			t.Errorf("node %q: order %s then %s on the same seed", id, o, again[id])
		}
	}
	other, _, _ := Collect(AlgoMinimax, tgame{}, root, Options[*tnode]{Order: OrderRandom, Seed: 43})
	same := true
	for _, e := range other {
		if e.Type == trace.Expand && fmt.Sprint(e.Order) != mm[e.Node] {
			same = false
		}
	}
	if same {
		t.Error("seeds 42 and 43 shuffle every node the same way")
	}
}

func TestOrderingKeys(t *testing.T) {
	root := textbook()
	cases := []struct {
		ord       Ordering
		rootOrder string
		keys      string
	}{
		{OrderNatural, "[0 1 2]", "[]"},
		{OrderReversed, "[2 1 0]", "[]"},
		{OrderBest, "[0 1 2]", "[3 2 2]"},  // MAX: 3 first; C and D tie at 2 and keep natural order
		{OrderWorst, "[1 2 0]", "[3 2 2]"}, // MAX worst first: 2, 2, then 3
	}
	for _, c := range cases {
		t.Run(c.ord.String(), func(t *testing.T) {
			evs, res, err := Collect(AlgoAlphaBeta, tgame{}, root, Options[*tnode]{Order: c.ord})
			if err != nil {
				t.Fatal(err)
			}
			if res.Value != 3 {
				t.Errorf("value = %v; want 3", res.Value)
			}
			for _, e := range evs {
				if e.Type == trace.Expand && e.Node == "" {
					if got := fmt.Sprint(e.Order); got != c.rootOrder {
						t.Errorf("root order = %s; want %s", got, c.rootOrder)
					}
					if got := fmt.Sprint(e.Keys); got != c.keys {
						t.Errorf("root keys = %s; want %s", got, c.keys)
					}
					if e.By != c.ord.String() {
						t.Errorf("by = %q; want %q", e.By, c.ord)
					}
				}
			}
		})
	}
}

func TestEvalOrdering(t *testing.T) {
	root := textbook()
	root.kids[0].est, root.kids[1].est, root.kids[2].est = 1, 9, 5
	evs, _, err := Collect(AlgoAlphaBeta, tgame{}, root, Options[*tnode]{Order: OrderEval, Eval: teval, EvalName: "h"})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range evs {
		if e.Type == trace.Expand && e.Node == "" {
			if got := fmt.Sprint(e.Order); got != "[1 2 0]" {
				t.Errorf("root order = %s; want [1 2 0] (estimates 1, 9, 5, best first for MAX)", got)
			}
		}
		if e.Type == trace.Expand && e.Node == "1" {
			// MIN node C with leaves 2 4 6: ascending is best for MIN.
			if got := fmt.Sprint(e.Order); got != "[0 1 2]" {
				t.Errorf("C order = %s; want [0 1 2]", got)
			}
		}
	}
}

func TestDepthLimit(t *testing.T) {
	root := textbook()
	root.kids[0].est, root.kids[1].est, root.kids[2].est = 1, 9, 5
	res, err := AlphaBeta(tgame{}, root, Options[*tnode]{Depth: 1, Eval: teval}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Value != 9 || res.Best != "1" || res.Stats.Leaves != 3 {
		t.Errorf("depth 1: value %v best %q leaves %d; want 9, \"1\", 3", res.Value, res.Best, res.Stats.Leaves)
	}
	root.kids[1].noEval = true
	_, err = AlphaBeta(tgame{}, root, Options[*tnode]{Depth: 1, Eval: teval}, nil)
	if err == nil || !strings.Contains(err.Error(), "no evaluation") {
		t.Errorf("missing estimate: err = %v; want a 'no evaluation' error", err)
	}
	_, err = Minimax(tgame{}, root, Options[*tnode]{Depth: 1, Eval: teval}, func(*trace.Event) bool { return true })
	if err == nil || !strings.Contains(err.Error(), `"1"`) {
		t.Errorf("traced missing estimate: err = %v; want it to name node \"1\"", err)
	}
}

func TestOptionErrors(t *testing.T) {
	cases := []struct {
		name string
		opt  Options[*tnode]
		want string
	}{
		{"gt with hard", Options[*tnode]{Prune: PruneGT, Fail: FailHard}, "needs fail-soft"},
		{"depth without eval", Options[*tnode]{Depth: 2}, "needs an evaluation"},
		{"eval order without eval", Options[*tnode]{Order: OrderEval}, "needs an evaluation"},
		{"negative depth", Options[*tnode]{Depth: -1, Eval: teval}, "negative"},
	}
	for _, c := range cases {
		_, err := AlphaBeta(tgame{}, textbook(), c.opt, nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v; want it to contain %q", c.name, err, c.want)
		}
	}
}

func TestStop(t *testing.T) {
	for _, k := range []int{1, 5, 17} {
		n := 0
		_, err := AlphaBeta(tgame{}, textbook(), Options[*tnode]{}, func(*trace.Event) bool {
			n++
			return n < k
		})
		if !errors.Is(err, ErrStopped) || n != k {
			t.Errorf("stop after %d: got %d events, err %v", k, n, err)
		}
	}
	// Events stops as soon as the consumer does.
	count := 0
	for range Events(AlgoAlphaBeta, tgame{}, textbook(), Options[*tnode]{}) {
		count++
		if count == 3 {
			break
		}
	}
	if count != 3 {
		t.Errorf("count = %d", count)
	}
}

func TestNonTwoPlayerKindIsAnError(t *testing.T) {
	root := textbook()
	root.kids[1].kind = trace.Chance
	_, err := AlphaBeta(tgame{}, root, Options[*tnode]{}, nil)
	if err == nil || !strings.Contains(err.Error(), "CHANCE") {
		t.Errorf("err = %v; want it to name CHANCE", err)
	}
}

// TestNoAllocationPerNode: the untraced search allocates the same on a
// tree of 5,461 nodes as on one of 127 of the same depth (only the
// per-search setup and the principal variation, which follow the depth).
func TestNoAllocationPerNode(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	small, big := uniformTree(r, 2, 6), uniformTree(r, 4, 6)
	for _, ord := range []Ordering{OrderNatural, OrderReversed, OrderRandom} {
		for _, algo := range []Algorithm{AlgoMinimax, AlgoAlphaBeta} {
			allocs := func(root *tnode) float64 {
				return testing.AllocsPerRun(20, func() {
					Run(algo, tgame{}, root, Options[*tnode]{Order: ord}, nil)
				})
			}
			a, b := allocs(small), allocs(big)
			if b > a {
				t.Errorf("%v %v: %v allocations on the big tree, %v on the small one", algo, ord, b, a)
			}
		}
	}
}

// TestIDArena checks that strings cut from the arena never change: not
// when more are cut from the same block, not when a block fills up, and
// not when one string is longer than the room begin made for it.
func TestIDArena(t *testing.T) {
	var a idArena
	type cut struct{ got, want string }
	var cuts []cut
	parent := ""
	for i := range 3000 {
		id := a.child(parent, i%13)
		cuts = append(cuts, cut{id, trace.ChildID(parent, i%13)})
		if len(parent) < 40 {
			parent = id
		} else {
			parent = ""
		}
		if i%97 == 0 {
			// Longer than begin's room: append moves the block.
			start := a.begin(4)
			a.buf = append(a.buf, strings.Repeat("x", 300+i)...)
			cuts = append(cuts, cut{a.end(start), strings.Repeat("x", 300+i)})
		}
	}
	for k, c := range cuts {
		if c.got != c.want {
			t.Fatalf("string %d is %q, want %q", k, c.got, c.want)
		}
	}
	if s := a.end(len(a.buf)); s != "" {
		t.Errorf("an empty cut is %q", s)
	}
}

// TestCutTest checks the text of the comparison at a cutoff for both
// rules and both kinds of node.
func TestCutTest(t *testing.T) {
	e := &engine[int, Game[int]]{}
	for _, c := range []struct {
		isMax, strict  bool
		v, alpha, beta float64
		want           string
	}{
		{true, false, 5, 1, 3, "5 ≥ β = 3"},
		{true, true, 5, 1, 3, "5 > β = 3"},
		{false, false, -2.5, 3, math.Inf(1), "−2.5 ≤ α = 3"},
		{false, true, 2, 3, 4, "2 < α = 3"},
		{true, false, 1e300, 0, 1e299, trace.Num(1e300).String() + " ≥ β = " + trace.Num(1e299).String()},
	} {
		rule := PruneGE
		if c.strict {
			rule = PruneGT
		}
		if got := e.cutTest(rule, c.isMax, c.v, c.alpha, c.beta); got != c.want {
			t.Errorf("cutTest(%v, %v, %v, %v, %v) = %q, want %q", rule, c.isMax, c.v, c.alpha, c.beta, got, c.want)
		}
		// The listing writes the comparison with the same sign.
		sign, le := rule.signs()
		if !c.isMax {
			sign = le
		}
		if !strings.Contains(c.want, " "+sign+" ") {
			t.Errorf("%v's signs() gives %q, but the trace words the cut as %q", rule, sign, c.want)
		}
	}
}
