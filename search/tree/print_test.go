package tree

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/trace"
)

// checkRoundTrip checks that the canonical text of tr parses (with the
// same root option) to an equal tree whose text is the same, and that the
// indented form parses to an equal tree too.
func checkRoundTrip(t *testing.T, tr *Tree) {
	t.Helper()
	s := tr.String()
	opts := Options{Root: tr.RootOption}
	tr2, err := opts.Parse(s)
	if err != nil {
		t.Fatalf("canonical text %q does not parse: %v", s, err)
	}
	if !Equal(tr, tr2) {
		t.Fatalf("Parse(String()) differs from the tree:\n text %s\n got  %s\n want %s", s, dump(tr2), dump(tr))
	}
	if s2 := tr2.String(); s2 != s {
		t.Fatalf("String is not idempotent:\n got  %s\n want %s", s2, s)
	}
	ind := tr.Indented()
	tr3, err := opts.Parse(ind)
	if err != nil {
		t.Fatalf("indented text does not parse: %v\n%s", err, ind)
	}
	if !Equal(tr, tr3) {
		t.Fatalf("Parse(Indented()) differs from the tree:\n%s\n got  %s\n want %s", ind, dump(tr3), dump(tr))
	}
}

func TestCanonical(t *testing.T) {
	tests := []struct {
		in   string
		opts Options
		want string
	}{
		{TwoPlyGameTreePlain, Options{}, TwoPlyGameTreePlain},
		{"  ( ( 3\t12 8 )(2 4 6)\n(14 5 2) ) ", Options{}, TwoPlyGameTreePlain},
		{"A ( B(3 12 8) C(2 4 6) D(14 5 2) )", Options{}, TwoPlyGameTree},
		{"(2.50 .5 5. -0 +3 -0.0 007)", Options{}, "(2.5 0.5 5 0 3 0 7)"},
		{"(0.1 0.30000000000000004 123456.789)", Options{}, "(0.1 0.30000000000000004 123456.789)"},
		{"7", Options{}, "7"},
		{"# c\n(E = 3 F=4)", Options{}, "(E=3 F=4)"},
		// Kind tags only where they differ from the implied kind.
		{"[max]([min](3 4) [max](5 6))", Options{}, "((3 4) [max](5 6))"},
		{"[min]([max]3 [min]4)", Options{}, "[min](3 [min]4)"},
		{"[min](3 4)", Options{Root: trace.Min}, "(3 4)"},
		{"(3 4)", Options{Root: trace.Min}, "(3 4)"},
		{"[max](3 4)", Options{Root: trace.Min}, "[max](3 4)"},
		{"E[MIN]=3", Options{}, "E[min]=3"},
		// Estimates.
		{"B[h=4 min](3 12 8)", Options{}, "B[min h=4](3 12 8)"},
		{"([h=4](3 12 8) [h=.5 max](1))", Options{}, "([h=4](3 12 8) [max h=0.5](1))"},
		// Chance.
		{"[chance](0.5:3 0.25:(1 2) 1/4:7)", Options{}, "[chance](0.5:3 0.25:(1 2) 0.25:7)"},
		{"[chance](1/3:3 1/3:4 1/3:5)", Options{}, "[chance](1/3:3 1/3:4 1/3:5)"},
		{"[chance](1/6:1 5/6:2)", Options{}, "[chance](1/6:1 5/6:2)"},
		{"[chance](0.333333333333333314829616256247:3 2/3:4)", Options{}, "[chance](1/3:3 2/3:4)"},
		{"[chance](3 (1 2))", Options{}, "[chance](3 (1 2))"},
		{"([chance](1 2) [chance](3 4))", Options{}, "([chance](1 2) [chance](3 4))"},
		{"(0.5:1 0.5:2)", Options{Root: trace.Chance}, "(0.5:1 0.5:2)"},
		{"[chance](0.5:A=1 0.5:B[min](2))", Options{}, "[chance](0.5:A=1 0.5:B[min](2))"},
		{"[chance](1:(3 4))", Options{}, "[chance](1:(3 4))"},
		// Vectors.
		{"(<3 1 2> < 1 , 2 , 3 >)", Options{}, "(<3,1,2> <1,2,3>)"},
		{"[p2](<1,2> [p2]<2,1>)", Options{}, "[p2](<1,2> [p2]<2,1>)"},
		{"[h=<1 2>](<1,2>)", Options{}, "[h=<1,2>](<1,2>)"},
		{"(<1,2>)", Options{Root: trace.Player(2)}, "(<1,2>)"},
		{"[p1](<1,2>)", Options{Root: trace.Player(2)}, "[p1](<1,2>)"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			tr, err := tc.opts.Parse(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if got := tr.String(); got != tc.want {
				t.Errorf("String(): got %q, want %q", got, tc.want)
			}
			checkRoundTrip(t, tr)
		})
	}
}

func TestIndented(t *testing.T) {
	tr := MustParse("A(B(3 12 8) C[min h=2](2 (4 4) 6) 0.5)")
	want := "A(\n  B(3 12 8)\n  C[h=2](\n    2\n    (4 4)\n    6\n  )\n  0.5\n)\n"
	if got := tr.Indented(); got != want {
		t.Errorf("Indented():\ngot:\n%s\nwant:\n%s", got, want)
	}
	if got, want := MustParse("(1 2)").Indented(), "(1 2)\n"; got != want {
		t.Errorf("Indented(): got %q, want %q", got, want)
	}
	var nilTree *Tree
	if got := nilTree.String() + nilTree.Indented(); got != "" {
		t.Errorf("nil tree prints as %q, want \"\"", got)
	}
}

// randomTree builds a tree in code with labels, kinds, estimates, chance
// nodes with and without probabilities, and vector leaves, all valid.
func randomTree(rng *rand.Rand) (*Node, trace.Kind) {
	players := 0
	if rng.IntN(4) == 0 {
		players = 2 + rng.IntN(trace.MaxPlayers-1)
	}
	maxDepth := rng.IntN(6)
	value := func() float64 {
		switch rng.IntN(4) {
		case 0:
			return float64(rng.IntN(41) - 20)
		case 1:
			return float64(rng.IntN(2001)-1000) / 100
		case 2:
			return (rng.Float64()*2 - 1) * MaxMagnitude
		}
		return rng.NormFloat64()
	}
	vec := func() []float64 {
		v := make([]float64, players)
		for i := range v {
			v[i] = value()
		}
		return v
	}
	label := func() string {
		if rng.IntN(3) > 0 {
			return ""
		}
		const start = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_"
		const rest = start + "0123456789'"
		b := []byte{start[rng.IntN(len(start))]}
		for range rng.IntN(MaxLabelLen) {
			b = append(b, rest[rng.IntN(len(rest))])
		}
		return string(b)
	}
	kind := func() (trace.Kind, bool) {
		if rng.IntN(3) > 0 {
			return 0, false
		}
		if rng.IntN(4) == 0 {
			return trace.Chance, true
		}
		if players == 0 {
			return trace.Kind(rng.IntN(2)), true // Max or Min
		}
		return trace.Player(1 + rng.IntN(players)), true
	}
	var gen func(depth int) *Node
	gen = func(depth int) *Node {
		n := &Node{Label: label()}
		n.Kind, n.KindSet = kind()
		if depth >= maxDepth || rng.IntN(5) == 0 {
			if players > 0 {
				n.Vec = vec()
			} else {
				n.Value = value()
			}
			return n
		}
		if rng.IntN(3) == 0 {
			n.HasEstimate = true
			if players > 0 {
				n.EstimateVec = vec()
			} else {
				n.Estimate = value()
			}
		}
		k := 1 + rng.IntN(4)
		if rng.IntN(50) == 0 {
			k = MaxChildren
		}
		for range k {
			n.Children = append(n.Children, gen(depth+1))
		}
		if n.Kind == trace.Chance && rng.IntN(2) == 0 {
			// Weights w_i / W; the float sum is within ProbTolerance of 1.
			ws := make([]int, k)
			total := 0
			for i := range ws {
				ws[i] = 1 + rng.IntN(12)
				total += ws[i]
			}
			for i, c := range n.Children {
				c.Prob, c.ProbSet = float64(ws[i])/float64(total), true
			}
		}
		return n
	}
	root := gen(0)
	var opts []trace.Kind
	if players == 0 {
		opts = []trace.Kind{trace.Max, trace.Min, trace.Chance}
	} else {
		opts = []trace.Kind{trace.Max, trace.Min, trace.Chance, trace.Player(1 + rng.IntN(players))}
	}
	opt := opts[rng.IntN(len(opts))]
	// A root whose children have probabilities must be a chance node.
	if !root.IsLeaf() && root.Children[0].ProbSet && !(root.KindSet && root.Kind == trace.Chance) {
		opt = trace.Chance
		root.KindSet = false
	}
	return root, opt
}

func TestRoundTripBuilt(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 3000 {
		root, opt := randomTree(rng)
		tr, err := Build(root, Options{Root: opt})
		if err != nil {
			t.Fatalf("tree %d: Build: %v", i, err)
		}
		checkRoundTrip(t, tr)
	}
}

func TestRoundTripRandom(t *testing.T) {
	for seed := range uint64(1000) {
		r := Recipe{Branching: 1 + int(seed%5), Depth: int(seed % 6), Seed: seed, Uneven: seed%2 == 0, Min: -50, Max: 50, Decimals: int(seed % 3)}
		tr, err := Random(r)
		if err != nil {
			t.Fatalf("Random(%+v): %v", r, err)
		}
		checkRoundTrip(t, tr)
		if seed%3 == 0 {
			if err := tr.SetRoot(trace.Min); err != nil {
				t.Fatal(err)
			}
			checkRoundTrip(t, tr)
		}
	}
}

func TestAppendProb(t *testing.T) {
	tests := []struct {
		p    float64
		want string
	}{
		{1, "1"}, {0.5, "0.5"}, {0.125, "0.125"}, {0.1, "0.1"},
		{1.0 / 3, "1/3"}, {2.0 / 3, "2/3"}, {1.0 / 7, "1/7"}, {1.0 / 36, "1/36"}, {5.0 / 36, "5/36"},
		{1.0 / 997, "1/997"}, {1.0 / 1009, "0.0009910802775024777"},
		{0.1234567, "0.1234567"},
	}
	for _, tc := range tests {
		if got := string(appendProb(nil, tc.p)); got != tc.want {
			t.Errorf("appendProb(%v): got %q, want %q", tc.p, got, tc.want)
		}
	}
}

func TestSetRoot(t *testing.T) {
	tr := MustParse("([min](3 4) (5 [chance](6 7)))")
	if err := tr.SetRoot(trace.Min); err != nil {
		t.Fatal(err)
	}
	want := "root:min; 0:min*; 0.0:max=3; 0.1:max=4; 1:max; 1.0:min=5; 1.1:chance*; 1.1.0:min=6 p=0.5; 1.1.1:min=7 p=0.5"
	if got := dump(tr); got != want {
		t.Errorf("after SetRoot(Min):\n got  %s\n want %s", got, want)
	}
	if got, want := tr.String(), "([min](3 4) (5 [chance](6 7)))"; got != want {
		t.Errorf("String(): got %q, want %q", got, want)
	}
	checkRoundTrip(t, tr)

	// The root becomes a chance node with equal probabilities, and back.
	if err := tr.SetRoot(trace.Chance); err != nil {
		t.Fatal(err)
	}
	if got, want := tr.Root.Children[0].Prob, 0.5; got != want {
		t.Errorf("after SetRoot(Chance): child prob %v, want %v", got, want)
	}
	if got, want := tr.Root.Children[1].Kind, trace.Max; got != want {
		t.Errorf("after SetRoot(Chance): child kind %v, want %v", got, want)
	}
	checkRoundTrip(t, tr)
	if err := tr.SetRoot(trace.Max); err != nil {
		t.Fatal(err)
	}
	if got := tr.Root.Children[0].Prob; got != 0 {
		t.Errorf("after SetRoot(Max): child prob %v, want 0", got)
	}

	// Failures leave the tree as it was.
	before := dump(tr)
	err := tr.SetRoot(trace.Player(2))
	if err == nil || !strings.Contains(err.Error(), "root kind p2 needs an n-player tree") {
		t.Errorf("SetRoot(p2) on a scalar tree: got %v, want an error", err)
	}
	if got := dump(tr); got != before || tr.RootOption != trace.Max {
		t.Errorf("after failed SetRoot:\n got  %s (%v)\n want %s (max)", got, tr.RootOption, before)
	}

	ch := Options{Root: trace.Chance}
	tr, err = ch.Parse("(0.25:1 0.75:2)")
	if err != nil {
		t.Fatal(err)
	}
	before = dump(tr)
	err = tr.SetRoot(trace.Max)
	if err == nil || !strings.Contains(err.Error(), `child "0" has a probability, but its parent is the root max node, not a chance node`) {
		t.Errorf("SetRoot(Max) with probabilities: got %v", err)
	}
	if got := dump(tr); got != before {
		t.Errorf("after failed SetRoot:\n got  %s\n want %s", got, before)
	}

	vt := MustParse("(<1,2,3> (<3,2,1>))")
	if err := vt.SetRoot(trace.Player(3)); err != nil {
		t.Fatal(err)
	}
	if got, want := dump(vt), "root:p3; 0:p1=<1,2,3>; 1:p1; 1.0:p2=<3,2,1>"; got != want {
		t.Errorf("after SetRoot(p3):\n got  %s\n want %s", got, want)
	}
	checkRoundTrip(t, vt)
}

func TestBuild(t *testing.T) {
	root := &Node{Label: "A", Children: []*Node{
		{Value: 3, Estimate: 9},
		{Value: 7, Children: []*Node{{Value: math.Copysign(0, -1)}, {Value: 2}}},
	}}
	tr, err := Build(root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := tr.String(), "A(3 (0 2))"; got != want {
		t.Errorf("String(): got %q, want %q", got, want)
	}
	if got, want := dump(tr), `root:max"A"; 0:min=3; 1:min; 1.0:max=0; 1.1:max=2`; got != want {
		t.Errorf("dump: got %s, want %s", got, want)
	}
	if tr.Size != 5 || tr.Leaves != 3 || tr.Height != 2 || tr.Players != 0 {
		t.Errorf("size, leaves, height, players: got %d, %d, %d, %d, want 5, 3, 2, 0", tr.Size, tr.Leaves, tr.Height, tr.Players)
	}
	if math.Signbit(tr.Find("1.0").Value) {
		t.Error("-0 was not normalised to 0")
	}

	deep := &Node{}
	for range MaxDepth + 1 {
		deep = &Node{Children: []*Node{deep}}
	}
	wide := &Node{Children: make([]*Node, MaxChildren+1)}
	for i := range wide.Children {
		wide.Children[i] = &Node{}
	}
	bad := []struct {
		name string
		root *Node
		want string
	}{
		{"nil root", nil, "tree: no root node"},
		{"nil child", &Node{Children: []*Node{nil}}, "child 0 of the root node is nil"},
		{"deep", deep, "deeper than MaxDepth = 64"},
		{"wide", wide, "has 65 children, more than MaxChildren = 64"},
		{"bad label", &Node{Label: "1a"}, `label "1a" of node "" is not an identifier`},
		{"long label", &Node{Label: strings.Repeat("x", 33)}, "more than MaxLabelLen = 32"},
		{"NaN", &Node{Value: math.NaN()}, "value of the root node is NaN: values must be finite"},
		{"Inf", &Node{Value: math.Inf(1)}, "values must be finite"},
		{"magnitude", &Node{Value: 2e9}, "MaxMagnitude"},
		{"estimate magnitude", &Node{HasEstimate: true, Estimate: -2e9, Children: []*Node{{}}}, "estimate of the root node is -2e+09, more than MaxMagnitude"},
		{"leaf estimate", &Node{HasEstimate: true}, "a leaf's value is its estimate"},
		{"short vector", &Node{Vec: []float64{1}}, "a vector needs one value per player, 2 to 16"},
		{"mixed leaves", &Node{Children: []*Node{{Vec: []float64{1, 2}}, {Value: 3}}}, `leaf "1" has a number, but leaf "0" has a vector of 2 values`},
		{"probability range", &Node{Kind: trace.Chance, KindSet: true, Children: []*Node{{Prob: 1.5, ProbSet: true}}}, "probability 1.5 of node \"0\" is not in (0, 1]"},
		{"probability sum", &Node{Kind: trace.Chance, KindSet: true, Children: []*Node{{Prob: 0.5, ProbSet: true}, {Prob: 0.2, ProbSet: true}}}, "probabilities of the root chance node sum to 0.7, not 1"},
		{"probability under max", &Node{Children: []*Node{{Prob: 1, ProbSet: true}}}, `child "0" has a probability, but its parent is the root max node`},
		{"unknown kind", &Node{Kind: 7, KindSet: true}, "the root node has unknown kind kind(7)"},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Build(tc.root, Options{})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Build: got %v, want an error containing %q", err, tc.want)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Errorf("got %T, want *Error", err)
			}
		})
	}
}

func TestEqual(t *testing.T) {
	pairs := []struct {
		a, b string
		want bool
	}{
		{TwoPlyGameTree, TwoPlyGameTree, true},
		{TwoPlyGameTree, TwoPlyGameTreePlain, false},
		{"(1 2)", "(1 3)", false},
		{"(1 2)", "(1 2 3)", false},
		{"(1 2)", "(1 (2))", false},
		{"(1 2)", "[min](1 2)", false},
		{"[h=1](1 2)", "(1 2)", false},
		{"[h=1](1 2)", "[h=2](1 2)", false},
		{"[chance](1 2)", "[chance](0.5:1 0.5:2)", false},
		{"[chance](0.5:1 0.5:2)", "[chance](0.5:1 0.5:2)", true},
		{"(<1,2> <3,4>)", "(<1,2> <3,5>)", false},
		{"(<1,2> <3,4>)", "(<1,2> <3,4>)", true},
		{"[max](1 2)", "(1 2)", true},
	}
	for _, tc := range pairs {
		if got := Equal(MustParse(tc.a), MustParse(tc.b)); got != tc.want {
			t.Errorf("Equal(%q, %q): got %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
	if !Equal(nil, nil) || Equal(MustParse("1"), nil) {
		t.Error("Equal with nil trees is wrong")
	}
}

func TestUniform(t *testing.T) {
	tests := []struct {
		in   string
		b, d int
		ok   bool
	}{
		{TwoPlyGameTree, 3, 2, true},
		{"7", 0, 0, true},
		{"(1 2)", 2, 1, true},
		{"((1 2) (3))", 0, 0, false},
		{"((1 2) 3)", 0, 0, false},
		{"(((1)))", 1, 3, true},
	}
	for _, tc := range tests {
		b, d, ok := MustParse(tc.in).Uniform()
		if b != tc.b || d != tc.d || ok != tc.ok {
			t.Errorf("Uniform(%q): got %d, %d, %v, want %d, %d, %v", tc.in, b, d, ok, tc.b, tc.d, tc.ok)
		}
	}
}

func TestErrorFormat(t *testing.T) {
	e := &Error{Line: 3, Col: 7, Msg: "expected ')'"}
	if got, want := e.Error(), "tree: line 3, column 7: expected ')'"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	e = &Error{Msg: "input is too long", Err: ErrLimit}
	if got, want := e.Error(), "tree: input is too long"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if !errors.Is(e, ErrLimit) {
		t.Error("errors.Is(e, ErrLimit) = false")
	}
}
