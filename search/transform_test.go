package search_test

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/tictactoe"
	"github.com/abtrace/abtrace/search/tree"
)

func TestParseTransform(t *testing.T) {
	cases := []struct {
		text   string
		strict bool
		apply  map[float64]float64
	}{
		{"1:1,2:20,3:30,4:400", true, map[float64]float64{1: 1, 2: 20, 2.5: 25, 4: 400, 5: 770, 0: -18}},
		{"4→400, 1→1, 3→30, 2→20", true, map[float64]float64{3: 30, 3.5: 215}},
		{"0->0, 10->5", true, map[float64]float64{4: 2, -2: -1}},
		{"wld:100,10,50", true, map[float64]float64{1: 100, -1: 10, 0: 50}},
		{"wld:1,0,0", false, map[float64]float64{1: 1, -1: 0, 0: 0}},
		{"wld:1,-1,0", true, map[float64]float64{1: 1, -1: -1, 0: 0}},
		{"cube", true, map[float64]float64{2: 8, -1: -1}},
		{"exp", true, map[float64]float64{0: 1}},
		{"identity", true, map[float64]float64{7: 7}},
	}
	for _, c := range cases {
		tr, err := search.ParseTransform(c.text)
		if err != nil {
			t.Errorf("%q: %v", c.text, err)
			continue
		}
		if tr.OrderPreserving() != c.strict {
			t.Errorf("%q: got order-preserving %v, want %v", c.text, tr.OrderPreserving(), c.strict)
		}
		for x, want := range c.apply {
			if got := tr.Apply(x); math.Abs(got-want) > 1e-9 {
				t.Errorf("%q: got %v ↦ %v, want %v", c.text, x, got, want)
			}
		}
	}
	for _, c := range []struct{ text, want string }{
		{"", "empty transform"},
		{"1:1", "at least two points"},
		{"1:5,2:3", "not monotone: 1 → 5 but 2 → 3"},
		{"1:1,1:2", "mapped twice"},
		{"1:x", "not a point"},
		{"square", "not a point x:y"},
		{"wld:1,2", "three values"},
		{"wld:1,5,0", "a win must be worth at least a draw"},
	} {
		_, err := search.ParseTransform(c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "search: transform") && c.text != "" {
			t.Errorf("%q: err = %v; want it to contain %q", c.text, err, c.want)
		}
	}
}

// randomIncreasing returns a random strictly increasing table over the
// whole numbers lo..hi.
func randomIncreasing(r *rand.Rand, lo, hi int) search.Transform {
	var b strings.Builder
	y := float64(r.IntN(100) - 50)
	for x := lo; x <= hi; x++ {
		if x > lo {
			b.WriteByte(',')
			y += 0.5 + float64(r.IntN(1000))/10
		}
		b.WriteString(strconv.Itoa(x) + ":" + strconv.FormatFloat(y, 'f', -1, 64))
	}
	tr, err := search.ParseTransform(b.String())
	if err != nil {
		panic(err)
	}
	return tr
}

// Lecture example (a): on deterministic trees an order-preserving
// transform never changes the decision, and the root value is the
// transformed value: minimax only compares.
func TestOrderPreservingKeepsDeterministicDecisions(t *testing.T) {
	r := rand.New(rand.NewPCG(61, 62))
	trees := 1000
	if testing.Short() {
		trees = 150
	}
	for n := range trees {
		tr, err := tree.Random(tree.Recipe{Branching: 2 + r.IntN(3), Depth: 1 + r.IntN(4), Seed: uint64(n), Uneven: n%2 == 0})
		if err != nil {
			t.Fatal(err)
		}
		f := randomIncreasing(r, tree.DefaultMin, tree.DefaultMax)
		for _, algo := range []search.Algorithm{search.AlgoMinimax, search.AlgoAlphaBeta} {
			for _, ord := range []search.Ordering{search.OrderNatural, search.OrderRandom} {
				rep, err := search.CompareTransform(algo, tree.Game{}, tr.Root, search.Options[*tree.Node]{Order: ord, Seed: uint64(n)}, f)
				if err != nil {
					t.Fatal(err)
				}
				if rep.Changed {
					t.Fatalf("tree %d %v %v: %s changed the decision from %q to %q", n, algo, ord, f, rep.Before.Best, rep.After.Best)
				}
				if got, want := float64(rep.After.Value), f.Apply(float64(rep.Before.Value)); got != want {
					t.Fatalf("tree %d %v: transformed value %v; want f(%v) = %v", n, algo, got, rep.Before.Value, want)
				}
			}
		}
	}
}

// aimaChance is the lecture's two-move chance tree (in the spirit of
// Russell & Norvig, Fig. 5.12 in the 3rd edition): move a₁ leads to a
// chance node with outcomes 0.9 → 2 and 0.1 → 3, worth 2.1; move a₂ to one
// with 0.9 → 1 and 0.1 → 4, worth 1.3. MAX prefers a₁. The order-preserving
// table 1:1, 2:20, 3:30, 4:400 makes a₁ worth 0.9 × 20 + 0.1 × 30 = 21 and
// a₂ worth 0.9 × 1 + 0.1 × 400 = 40.9: now MAX prefers a₂. Each outcome
// is a MIN node over two equal leaves, as in the figure.
const aimaChance = "A(a1[chance](0.9:(2 2) 0.1:(3 3)) a2[chance](0.9:(1 1) 0.1:(4 4)))"

// Lecture example (b): with chance nodes an order-preserving transform can
// change the decision.
func TestOrderPreservingFlipsChanceDecision(t *testing.T) {
	tr, err := tree.Parse(aimaChance)
	if err != nil {
		t.Fatal(err)
	}
	f, err := search.ParseTransform("1:1,2:20,3:30,4:400")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		algo search.Algorithm
		opt  search.Options[*tree.Node]
	}{
		{search.AlgoExpectiminimax, search.Options[*tree.Node]{}},
		{search.AlgoStar1, search.Options[*tree.Node]{Bounds: search.Bounds{L: 1, U: 4}}},
	} {
		rep, err := search.CompareTransform(c.algo, tree.Game{}, tr.Root, c.opt, f)
		if err != nil {
			t.Fatal(err)
		}
		if !rep.OrderPreserving || !rep.Changed || rep.Before.Best != "0" || rep.After.Best != "1" ||
			float64(rep.Before.Value) != 2.1 || float64(rep.After.Value) != 40.9 {
			t.Errorf("%v: got %+v; want a₁ at 2.1 before, a₂ at 40.9 after", c.algo, rep)
		}
	}
	// A positive linear transform is safe: 10v + 3 keeps a₁.
	lin, _ := search.ParseTransform("0:3,1:13")
	rep, err := search.CompareTransform(search.AlgoExpectiminimax, tree.Game{}, tr.Root, search.Options[*tree.Node]{}, lin)
	if err != nil || rep.Changed || math.Abs(float64(rep.After.Value)-24) > 1e-9 {
		t.Errorf("linear: %+v, %v; want a₁ kept at 24", rep, err)
	}
}

// allTicTacToe returns every reachable position that is not over.
func allTicTacToe() []tictactoe.State {
	g := tictactoe.Game{}
	seen := map[tictactoe.State]bool{}
	var all []tictactoe.State
	var walk func(s tictactoe.State)
	walk = func(s tictactoe.State) {
		if seen[s] {
			return
		}
		seen[s] = true
		if g.Terminal(s) {
			return
		}
		all = append(all, s)
		for _, m := range g.Moves(s, nil) {
			walk(g.Result(s, m))
		}
	}
	walk(tictactoe.State{})
	return all
}

// Lecture example (c): win, loss and draw valued (1, −1, 0), (100, 10, 50)
// and (1, 0, 0) on tic-tac-toe. The first two order the outcomes the same
// way (win > draw > loss), so minimax decides the same in every position.
// The third is monotone but not order-preserving: a draw is worth no more
// than a loss, and in xox/.o./... X no longer blocks O's column (cell 7)
// but plays the first empty cell, 3.
func TestTicTacToeValuations(t *testing.T) {
	g := tictactoe.Game{}
	pos, err := tictactoe.Parse("xox.o....")
	if err != nil {
		t.Fatal(err)
	}
	all := allTicTacToe()
	if len(all) != 4520 {
		t.Fatalf("got %d positions in play, want 4520", len(all))
	}
	cases := []struct {
		valuation string
		before    string // best move in xox.o.... (child index: empty cells 3 5 6 7 8)
		after     string
		changed   int // positions (of 4520) where the decision changes
	}{
		{"wld:1,-1,0", "3", "3", 0},
		{"wld:100,10,50", "3", "3", 0},
		{"wld:1,0,0", "3", "0", 274},
	}
	for _, c := range cases {
		f, err := search.ParseTransform(c.valuation)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := search.CompareTransform(search.AlgoAlphaBeta, g, pos, search.Options[tictactoe.State]{}, f)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Before.Best != c.before || rep.After.Best != c.after || rep.Changed != (c.before != c.after) {
			t.Errorf("%s on xox.o....: got best %q → %q, want %q → %q", c.valuation, rep.Before.Best, rep.After.Best, c.before, c.after)
		}
		changed := 0
		for _, s := range all {
			rep, err := search.CompareTransform(search.AlgoAlphaBeta, g, s, search.Options[tictactoe.State]{}, f)
			if err != nil {
				t.Fatal(err)
			}
			if rep.Changed {
				changed++
			}
		}
		if changed != c.changed {
			t.Errorf("%s: the decision changes in %d positions of %d, want %d", c.valuation, changed, len(all), c.changed)
		}
		t.Logf("%s (order-preserving %v): the decision changes in %d of %d positions", c.valuation, f.OrderPreserving(), changed, len(all))
	}
}
