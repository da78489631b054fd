package tree

import (
	"math"
	"slices"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/trace"
)

// value is a plain expectiminimax over any search.Game, to check that a
// tree plays as its text says.
func value[S any](g search.Game[S], s S) float64 {
	if g.Terminal(s) {
		return g.Utility(s)
	}
	moves := g.Moves(s, nil)
	switch g.ToMove(s) {
	case trace.Max:
		v := math.Inf(-1)
		for _, m := range moves {
			v = max(v, value(g, g.Result(s, m)))
		}
		return v
	case trace.Min:
		v := math.Inf(1)
		for _, m := range moves {
			v = min(v, value(g, g.Result(s, m)))
		}
		return v
	case trace.Chance:
		probs := g.(search.Prober[S]).Probabilities(s, nil)
		v := 0.0
		for i, m := range moves {
			v += probs[i] * value(g, g.Result(s, m))
		}
		return v
	}
	panic("unexpected kind")
}

func TestGameValues(t *testing.T) {
	tests := []struct {
		in   string
		opts Options
		want float64
	}{
		{TwoPlyGameTree, Options{}, 3},
		{TwoPlyGameTree, Options{Root: trace.Min}, 6},
		{"7", Options{}, 7},
		{"(3 (1 (4 1) 5) 9)", Options{}, 9},
		{"(3 (1 (4 1) 5) 2)", Options{}, 3},
		{"([min](3 4) [min](5 6))", Options{}, 5},
		{"[chance](0.5:3 0.25:(1 2) 1/4:7)", Options{}, 0.5*3 + 0.25*2 + 0.25*7},
		{"([chance](2 4) [chance](1/4:0 3/4:8))", Options{}, 6},
	}
	for _, tc := range tests {
		tr, err := tc.opts.Parse(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		if got := value[*Node](Game{}, tr.Root); got != tc.want {
			t.Errorf("value of %q (root %v): got %v, want %v", tc.in, tc.opts.Root, got, tc.want)
		}
	}
}

func TestGameMethods(t *testing.T) {
	g := Game{}
	tr := MustParse("A(B[h=4](3 12 8) [chance](0.25:E=2 0.75:[h=-1](1)) 7)")
	root, b, c, e := tr.Root, tr.Find("0"), tr.Find("1"), tr.Find("1.0")
	if got := g.Moves(root, nil); !slices.Equal(got, []search.Move{0, 1, 2}) {
		t.Errorf("Moves(root): got %v, want [0 1 2]", got)
	}
	buf := make([]search.Move, 0, 8)
	if got := g.Moves(b, buf[:1]); !slices.Equal(got, []search.Move{0, 0, 1, 2}) {
		t.Errorf("Moves appends: got %v", got)
	}
	if got := g.Moves(e, nil); len(got) != 0 {
		t.Errorf("Moves(leaf): got %v, want none", got)
	}
	if g.Result(root, 1) != c || g.Result(c, 0) != e {
		t.Error("Result does not return the child")
	}
	if g.ToMove(root) != trace.Max || g.ToMove(b) != trace.Min || g.ToMove(c) != trace.Chance || g.ToMove(e) != trace.Min {
		t.Errorf("ToMove: got %v %v %v %v, want max min chance min", g.ToMove(root), g.ToMove(b), g.ToMove(c), g.ToMove(e))
	}
	if g.Terminal(root) || !g.Terminal(e) {
		t.Error("Terminal is wrong")
	}
	if got := g.Utility(e); got != 2 {
		t.Errorf("Utility(E): got %v, want 2", got)
	}
	if got := g.Evaluate(b); got != 4 {
		t.Errorf("Evaluate(B): got %v, want 4", got)
	}
	if got := g.Evaluate(tr.Find("1.1")); got != -1 {
		t.Errorf("Evaluate(1.1): got %v, want -1", got)
	}
	if got := g.Evaluate(e); got != 2 {
		t.Errorf("Evaluate(E): got %v, want 2", got)
	}
	if got := g.Evaluate(root); !math.IsNaN(got) {
		t.Errorf("Evaluate(root without estimate): got %v, want NaN", got)
	}
	if g.Label(root) != "A" || g.Label(b) != "B" || g.Label(c) != "C" {
		t.Errorf("Label: got %q %q %q, want A B C (the unlabelled chance node gets the next letter)", g.Label(root), g.Label(b), g.Label(c))
	}
	if got := g.Probabilities(c, nil); !slices.Equal(got, []float64{0.25, 0.75}) {
		t.Errorf("Probabilities(chance): got %v, want [0.25 0.75]", got)
	}
	if got := g.Probabilities(root, nil); !slices.Equal(got, []float64{0, 0, 0}) {
		t.Errorf("Probabilities(max): got %v, want [0 0 0]", got)
	}
	if got := g.Probabilities(MustParse("[chance](1 2 3 4)").Root, nil); !slices.Equal(got, []float64{0.25, 0.25, 0.25, 0.25}) {
		t.Errorf("Probabilities(implied): got %v, want quarters", got)
	}

	vt := MustParse("[h=<5,6,7>](<1,2,3> <4,5,6>)")
	leaf := vt.Find("1")
	if g.Utility(leaf) != 4 || !slices.Equal(g.UtilityVec(leaf), []float64{4, 5, 6}) {
		t.Errorf("vector leaf: Utility %v, UtilityVec %v, want 4, [4 5 6]", g.Utility(leaf), g.UtilityVec(leaf))
	}
	if g.Evaluate(vt.Root) != 5 || !slices.Equal(g.EvaluateVec(vt.Root), []float64{5, 6, 7}) {
		t.Errorf("vector root: Evaluate %v, EvaluateVec %v, want 5, [5 6 7]", g.Evaluate(vt.Root), g.EvaluateVec(vt.Root))
	}
	if !slices.Equal(g.EvaluateVec(leaf), []float64{4, 5, 6}) || g.EvaluateVec(MustParse("(<1,2>)").Root) != nil {
		t.Error("EvaluateVec of a leaf or of an inner node without estimate is wrong")
	}
	if g.UtilityVec(e) != nil {
		t.Error("UtilityVec of a scalar leaf is not nil")
	}
}

// TestChildrenAreSteps checks the Expander against Step at every inner
// node of a tree with MIN, MAX, chance, n-player and leaf children: the
// children in order, each as Step makes it, appended to what buf holds.
func TestChildrenAreSteps(t *testing.T) {
	g := &Game{}
	for _, src := range []string{
		"A(B[h=4](3 12 8) [chance](0.25:E=2 0.75:[h=-1](1)) 7)",
		"[p1](<1,2,3> [p2](<4,5,6> <0,0,1>))",
	} {
		tr := MustParse(src)
		var walk func(n *Node)
		walk = func(n *Node) {
			if len(n.Children) == 0 {
				return
			}
			head := search.Child[*Node]{State: n}
			kids := g.Children(n, []search.Child[*Node]{head})
			if len(kids) != len(n.Children)+1 || kids[0] != head {
				t.Fatalf("%s: %d children after the one given, want %d", n.ID, len(kids)-1, len(n.Children))
			}
			for i, m := range g.Moves(n, nil) {
				c, terminal, kind, u := g.Step(n, m)
				if want := (search.Child[*Node]{State: c, Terminal: terminal, Kind: kind, Utility: u}); kids[i+1] != want {
					t.Errorf("%s, move %d: child %+v, want %+v", n.ID, m, kids[i+1], want)
				}
				walk(c)
			}
		}
		walk(tr.Root)
	}
}
