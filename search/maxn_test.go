package search

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/trace"
)

// vecTree makes a tree for n players: player nodes in turn (p1, p2, …),
// an occasional chance node, uneven branching up to maxB, depth up to
// maxD, whole values 0..9 (ties are common) and estimate vectors.
func vecTree(r *rand.Rand, maxB, maxD, players, depth int) *cnode {
	return vecNode(r, maxB, maxD, players, depth, 1, false)
}

func vecNode(r *rand.Rand, maxB, maxD, players, depth, player int, chance bool) *cnode {
	vec := func() []float64 {
		v := make([]float64, players)
		for i := range v {
			v[i] = float64(r.IntN(10))
		}
		return v
	}
	n := &cnode{kind: trace.Player(player), estV: vec()}
	if chance {
		n.kind = trace.Chance
	}
	if depth >= maxD || (depth > 0 && r.IntN(5) == 0) {
		n.vec = vec()
		return n
	}
	b := 1 + r.IntN(maxB)
	next := player%players + 1
	for range b {
		if !chance && r.IntN(6) == 0 {
			// A chance node before the next player moves.
			n.kids = append(n.kids, vecNode(r, maxB, maxD, players, depth+1, next, true))
			continue
		}
		p := next
		if chance {
			p = player
		}
		n.kids = append(n.kids, vecNode(r, maxB, maxD, players, depth+1, p, false))
	}
	if chance {
		n.probs = randomProbs(r, b)
	}
	return n
}

// refMaxN is the brute-force reference: every node's vector by plain
// recursion, children in the given order (nil: natural), ties to the
// first. It returns the vector and the index of the chosen child.
func refMaxN(n *cnode, depth, limit int, order func(*cnode) []int) ([]float64, int) {
	if len(n.kids) == 0 {
		return n.vec, -1
	}
	if limit > 0 && depth >= limit {
		return n.estV, -1
	}
	idx := make([]int, len(n.kids))
	for i := range idx {
		idx[i] = i
	}
	if order != nil {
		idx = order(n)
	}
	if n.kind == trace.Chance {
		var sum []float64
		for _, i := range idx {
			v, _ := refMaxN(n.kids[i], depth+1, limit, order)
			if sum == nil {
				sum = make([]float64, len(v))
			}
			for j := range v {
				sum[j] += n.prob(i) * v[j]
			}
		}
		return sum, -1
	}
	k := n.kind.PlayerIndex() - 1
	var best []float64
	pick := -1
	for _, i := range idx {
		v, _ := refMaxN(n.kids[i], depth+1, limit, order)
		if best == nil || v[k] > best[k] {
			best, pick = v, i
		}
	}
	return best, pick
}

func vecNear(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !near(a[i], b[i]) {
			return false
		}
	}
	return true
}

// TestMaxNEqualsBruteForce: on random three-player trees (some with chance
// nodes and a depth limit) max^n's vector and best move equal the
// brute-force reference, traced and untraced, and every exit's vector is
// the reference's for that node.
func TestMaxNEqualsBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	trees := 1500
	if testing.Short() || raceDetector {
		trees = 200
	}
	reversed := func(n *cnode) []int {
		idx := make([]int, len(n.kids))
		for i := range idx {
			idx[i] = len(idx) - 1 - i
		}
		return idx
	}
	for n := range trees {
		players := 3
		if n%5 == 0 {
			players = 2 + r.IntN(3)
		}
		root := vecTree(r, 4, 2+r.IntN(4), players, 0)
		limit := 0
		if n%4 == 0 {
			limit = 1 + r.IntN(3)
		}
		for _, c := range []struct {
			ord   Ordering
			order func(*cnode) []int
		}{{OrderNatural, nil}, {OrderReversed, reversed}} {
			want, pick := refMaxN(root, 0, limit, c.order)
			name := fmt.Sprintf("tree %d (%d players) %v", n, players, c.ord)
			opt := Options[*cnode]{Order: c.ord, Depth: limit, Eval: ceval}
			evs, res, err := Collect(AlgoMaxN, cgame{}, root, opt)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if !vecNear(res.Vec, want) {
				t.Fatalf("%s: max^n = %v; want %v", name, res.Vec, want)
			}
			if float64(res.Value) != res.Vec[0] {
				t.Fatalf("%s: value %v is not P1's component of %v", name, res.Value, res.Vec)
			}
			wantBest := ""
			if pick >= 0 {
				wantBest = trace.ChildID("", pick)
			}
			if res.Best != wantBest {
				t.Fatalf("%s: best = %q; want %q", name, res.Best, wantBest)
			}
			plain, err := MaxN(cgame{}, root, opt, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(plain.Vec, res.Vec) || plain.Best != res.Best || !slices.Equal(plain.PV, res.PV) || plain.Stats.Nodes != res.Stats.Nodes {
				t.Fatalf("%s: untraced %+v differs from traced %+v", name, plain, res)
			}
			f := replay(t, name, evs, res)
			for _, e := range evs {
				if e.Type == trace.Exit {
					w, _ := refMaxN(cfind(root, e.Node), trace.DepthOf(e.Node), limit, c.order)
					if !vecNear(e.Vec, w) {
						t.Fatalf("%s: node %q exits %v; want %v", name, e.Node, e.Vec, w)
					}
				}
			}
			// Frames show vectors on player nodes.
			if rv := f.Nodes[""]; rv.Vec == nil || !strings.HasPrefix(rv.Text, "(") {
				t.Fatalf("%s: the root shows %q, not a vector", name, rv.Text)
			}
		}
	}
}

// TestMaxNThreePlayers is the lecture's picture: P1 chooses between two
// P2 nodes, each over P3's leaves; each node backs up the vector best for
// its own player.
func TestMaxNThreePlayers(t *testing.T) {
	leaf := func(v ...float64) *cnode { return &cnode{kind: trace.Player(3), vec: v} }
	root := &cnode{kind: trace.Player(1), kids: []*cnode{
		{kind: trace.Player(2), kids: []*cnode{leaf(3, 1, 2), leaf(1, 5, 2)}},
		{kind: trace.Player(2), kids: []*cnode{leaf(6, 1, 2), leaf(2, 2, 9)}},
	}}
	evs, res, err := Collect(AlgoMaxN, cgame{}, root, Options[*cnode]{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(res.Vec, []float64{2, 2, 9}) || res.Value != 2 || res.Best != "1" || strings.Join(res.PV, " ") != "1 1.1" {
		t.Errorf("result %+v; want (2, 2, 9), value 2, best 1, pv 1 1.1", res)
	}
	f := trace.NewFrame()
	var says []string
	for _, e := range evs {
		if err := f.Apply(e); err != nil {
			t.Fatal(err)
		}
		if e.Type == trace.Update {
			says = append(says, f.Narration)
		}
	}
	want := []string{
		"At node 0, P2 starts from (3, 1, 2), the vector of node 0.0: its second component is 1.",
		"At node 0, P2 picks (1, 5, 2): 5 is the best second component so far.",
		"At the root, P1 starts from (1, 5, 2), the vector of node 0: its first component is 1.",
		"At node 1, P2 starts from (6, 1, 2), the vector of node 1.0: its second component is 1.",
		"At node 1, P2 picks (2, 2, 9): 2 is the best second component so far.",
		"At the root, P1 picks (2, 2, 9): 2 is the best first component so far.",
	}
	if !slices.Equal(says, want) {
		t.Errorf("narration:\n got %q\nwant %q", says, want)
	}
	if got := f.Nodes["0"].Text; got != "(1, 5, 2)" {
		t.Errorf("node 0 shows %q; want (1, 5, 2)", got)
	}
	// Paranoid for P1 on the same tree: P2 and P3 minimise P1's value.
	// Node 0 → min(3, 1) = 1, node 1 → min(6, 2) = 2; P1 takes 2.
	pr, err := Paranoid(cgame{}, root, Options[*cnode]{Player: 1}, nil)
	if err != nil || pr.Value != 2 || pr.Best != "1" {
		t.Errorf("paranoid P1 = %+v, %v; want 2 at node 1", pr, err)
	}
	// Paranoid for P2: the root (P1) is MIN; node 0 (P2, MAX) → 5, node
	// 1 → 2; the root takes 2.
	pr, err = Paranoid(cgame{}, root, Options[*cnode]{Player: 2}, nil)
	if err != nil || pr.Value != 2 || pr.Best != "1" {
		t.Errorf("paranoid P2 = %+v, %v; want 2 at node 1", pr, err)
	}
}

// reduce builds the paranoid reduction of a vector tree for player k as
// an explicit two-player tree (the engine tests' tnode), by hand.
func reduce(n *cnode, k int) *tnode {
	t := &tnode{kind: trace.Min, label: n.label}
	if n.kind.PlayerIndex() == k {
		t.kind = trace.Max
	}
	if len(n.kids) == 0 {
		t.val = n.vec[k-1]
	}
	if n.estV != nil {
		t.est = n.estV[k-1]
	}
	for _, c := range n.kids {
		t.kids = append(t.kids, reduce(c, k))
	}
	return t
}

// TestParanoidEqualsAlphaBetaOnReducedTree: paranoid on a three-player tree
// is alpha-beta on the two-player tree reduced by hand, event for event,
// for every player, ordering and variant.
func TestParanoidEqualsAlphaBetaOnReducedTree(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	trees := 400
	if testing.Short() || raceDetector {
		trees = 60
	}
	for n := range trees {
		root := vecTreeNoChance(r, 4, 2+r.IntN(4), 3)
		limit := 0
		if n%3 == 0 {
			limit = 1 + r.IntN(3)
		}
		for k := 1; k <= 3; k++ {
			red := reduce(root, k)
			for _, ord := range Orderings() {
				for _, v := range variants {
					name := fmt.Sprintf("tree %d player %d %v %v", n, k, ord, v)
					got, gres, err := Collect(AlgoParanoid, cgame{}, root, Options[*cnode]{Player: k, Order: ord, Seed: uint64(n),
						Prune: v.prune, Fail: v.fail, Depth: limit, Eval: ceval})
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					want, wres, err := Collect(AlgoAlphaBeta, tgame{}, red, Options[*tnode]{Order: ord, Seed: uint64(n),
						Prune: v.prune, Fail: v.fail, Depth: limit, Eval: teval})
					if err != nil {
						t.Fatal(err)
					}
					if !reflect.DeepEqual(gres, wres) {
						t.Fatalf("%s: paranoid %+v; alpha-beta on the reduced tree %+v", name, gres, wres)
					}
					if !reflect.DeepEqual(got, want) {
						for i := range min(len(got), len(want)) {
							if !reflect.DeepEqual(got[i], want[i]) {
								t.Fatalf("%s: event %d is %v; alpha-beta on the reduced tree gives %v", name, i+1, got[i], want[i])
							}
						}
						t.Fatalf("%s: %d events; want %d", name, len(got), len(want))
					}
				}
			}
		}
	}
}

// vecTreeNoChance is vecTree without chance nodes (alpha-beta takes none).
func vecTreeNoChance(r *rand.Rand, maxB, maxD, players int) *cnode {
	var f func(depth, player int) *cnode
	f = func(depth, player int) *cnode {
		vec := func() []float64 {
			v := make([]float64, players)
			for i := range v {
				v[i] = float64(r.IntN(10))
			}
			return v
		}
		n := &cnode{kind: trace.Player(player), estV: vec()}
		if depth >= maxD || (depth > 0 && r.IntN(5) == 0) {
			n.vec = vec()
			return n
		}
		for range 1 + r.IntN(maxB) {
			n.kids = append(n.kids, f(depth+1, player%players+1))
		}
		return n
	}
	return f(0, 1)
}
