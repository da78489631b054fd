package exercise

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

// params builds Params from the defaults, changed by f.
func params(f func(p *Params)) Params {
	p := DefaultParams()
	f(&p)
	return p
}

// propertySets are parameter sets that cover fixed and ranged branching,
// both roots, both prune rules, distinct and repeated values, narrow and
// negative ranges, and deep cutoffs.
var propertySets = []struct {
	name string
	p    Params
}{
	{"textbook-shape", params(func(p *Params) { p.MinCutoffs, p.Deep = 3, true })},
	{"binary-min-gt-distinct", params(func(p *Params) {
		p.BMin, p.BMax, p.Depth, p.MinCutoffs, p.Deep = 2, 2, 4, 4, true
		p.Root, p.Prune, p.Distinct, p.Min, p.Max = trace.Min, search.PruneGT, true, 0, 50
	})},
	{"range-distinct-negative", params(func(p *Params) {
		p.BMin, p.BMax, p.MinCutoffs, p.Deep = 2, 4, 3, true
		p.Min, p.Max, p.Distinct = -20, 20, true
	})},
	{"wide-ties", params(func(p *Params) { p.BMin, p.BMax, p.Depth, p.MinCutoffs, p.Min, p.Max = 4, 4, 2, 2, 1, 5 })},
	{"range-min-gt", params(func(p *Params) {
		p.BMin, p.BMax, p.Depth, p.MinCutoffs = 2, 3, 4, 5
		p.Root, p.Prune = trace.Min, search.PruneGT
	})},
	{"two-values-gt", params(func(p *Params) {
		p.BMin, p.BMax, p.Depth, p.MinCutoffs, p.Min, p.Max, p.Prune = 2, 2, 2, 1, 0, 1, search.PruneGT
	})},
}

// TestGenerateProperties generates exercises for 1000 seeds of each set
// and checks every constraint independently of the generator: the shape,
// the values, and the cutoffs counted from the engine's trace.
func TestGenerateProperties(t *testing.T) {
	seeds := 1000
	if testing.Short() {
		seeds = 100
	}
	for _, set := range propertySets {
		t.Run(set.name, func(t *testing.T) {
			t.Parallel()
			for seed := range seeds {
				p := set.p
				p.Seed = uint64(seed)
				ex, err := Generate(p)
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				checkExercise(t, ex)
				if t.Failed() {
					t.Fatalf("seed %d: tree %s", seed, ex.Text)
				}
			}
		})
	}
}

// checkExercise checks that ex meets its parameters.
func checkExercise(t *testing.T, ex *Exercise) {
	t.Helper()
	p := ex.Params
	// The text is canonical and names the same tree.
	back, err := tree.Options{Root: p.Root}.Parse(ex.Text)
	if err != nil {
		t.Fatalf("the text %q does not parse: %v", ex.Text, err)
	}
	if !tree.Equal(back, ex.Tree) || back.String() != ex.Text || ex.Tree.String() != ex.Text {
		t.Errorf("the text %q does not round-trip", ex.Text)
	}
	if back.Root.Kind != p.Root {
		t.Errorf("root kind %s, want %s", back.Root.Kind, p.Root)
	}
	// Shape and values.
	seen := map[float64]bool{}
	for n := range back.All() {
		if n.IsLeaf() {
			if n.Depth != p.Depth {
				t.Errorf("leaf %q at depth %d, want %d", n.ID, n.Depth, p.Depth)
			}
			if n.Value != math.Trunc(n.Value) || n.Value < float64(p.Min) || n.Value > float64(p.Max) {
				t.Errorf("leaf %q has value %v, want a whole number in %d..%d", n.ID, n.Value, p.Min, p.Max)
			}
			if p.Distinct && seen[n.Value] {
				t.Errorf("leaf %q repeats the value %v", n.ID, n.Value)
			}
			seen[n.Value] = true
			continue
		}
		if k := len(n.Children); k < p.BMin || k > p.BMax {
			t.Errorf("node %q has %d children, want %d..%d", n.ID, k, p.BMin, p.BMax)
		}
	}
	// Cutoffs, counted from the trace: prunes that skip children, deep
	// when a skipped child is an inner node.
	evs, res, err := search.Collect(search.AlgoAlphaBeta, tree.Game{}, back.Root, search.Options[*tree.Node]{Prune: p.Prune})
	if err != nil {
		t.Fatal(err)
	}
	cuts, deep, leaves := 0, 0, 0
	for _, e := range evs {
		switch e.Type {
		case trace.Leaf:
			leaves++
		case trace.Prune:
			if len(e.Pruned) == 0 {
				continue
			}
			cuts++
			for _, id := range e.Pruned {
				if !back.Find(id).IsLeaf() {
					deep++
					break
				}
			}
		}
	}
	if cuts < p.MinCutoffs {
		t.Errorf("%d cutoffs, want at least %d", cuts, p.MinCutoffs)
	}
	if p.Deep && deep == 0 {
		t.Errorf("no deep cutoff")
	}
	if most := MostCutoffs(p.BMax, p.Depth); cuts > most {
		t.Errorf("%d cutoffs, more than MostCutoffs(%d, %d) = %d", cuts, p.BMax, p.Depth, most)
	}
	s := ex.Solution
	if s.Cutoffs != cuts || s.DeepCutoffs != deep || s.Leaves != leaves {
		t.Errorf("solution says %d cutoffs, %d deep, %d leaves; the trace has %d, %d, %d", s.Cutoffs, s.DeepCutoffs, s.Leaves, cuts, deep, leaves)
	}
	if mm := minimax(back.Root); float64(s.Value) != mm || res.Value != s.Value {
		t.Errorf("solution value %v, want the minimax value %v", s.Value, mm)
	}
	if s.TreeLeaves != back.Leaves || s.TreeNodes != back.Size {
		t.Errorf("solution says %d leaves and %d nodes in the tree, want %d and %d", s.TreeLeaves, s.TreeNodes, back.Leaves, back.Size)
	}
}

// minimax is the plain minimax value of n, computed without the engine.
func minimax(n *tree.Node) float64 {
	if n.IsLeaf() {
		return n.Value
	}
	best := math.Inf(1)
	if n.Kind == trace.Max {
		best = math.Inf(-1)
	}
	for _, c := range n.Children {
		v := minimax(c)
		if n.Kind == trace.Max {
			best = max(best, v)
		} else {
			best = min(best, v)
		}
	}
	return best
}

// TestGenerateGolden pins generated trees: a change here changes every
// exercise a lecturer has handed out.
func TestGenerateGolden(t *testing.T) {
	textbook := params(func(p *Params) { p.Seed, p.MinCutoffs, p.Deep, p.Distinct, p.Max = 42, 3, true, true, 30 })
	variantB := textbook
	variantB.Variant = "B"
	tests := []struct {
		name string
		p    Params
		want string
	}{
		{"seed42-A", textbook, "(((19 27 0) (17 1 8) (21 29 4)) ((12 9 25) (26 18 24) (5 15 30)) ((16 14 2) (6 3 23) (13 28 11)))"},
		{"seed42-B", variantB, "(((6 21 17) (18 24 14) (4 13 10)) ((26 25 29) (12 3 7) (9 0 5)) ((27 22 1) (20 19 15) (11 23 28)))"},
		{"range-min-gt", params(func(p *Params) {
			p.Seed, p.BMin, p.BMax, p.Min, p.Max, p.Root, p.Prune, p.MinCutoffs = 7, 2, 4, -9, 9, trace.Min, search.PruneGT, 2
		}), "(((1 5 -5) (6 7 8 -8)) ((6 0 6) (9 -4 4)) ((0 8) (8 -1 -3 -1) (-5 -7)))"},
		{"binary-deep", params(func(p *Params) { p.Seed, p.BMin, p.BMax, p.Depth, p.MinCutoffs, p.Deep = 1, 2, 2, 4, 4, true }),
			"((((7 13) (1 0)) ((18 11) (10 19))) (((2 2) (10 6)) ((9 5) (1 16))))"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ex, err := Generate(tt.p)
			if err != nil {
				t.Fatal(err)
			}
			if ex.Text != tt.want {
				t.Errorf("Generate(%v) =\n%s\nwant\n%s", tt.p.Query().Encode(), ex.Text, tt.want)
			}
		})
	}
}

func TestGenerateDeterministic(t *testing.T) {
	for _, set := range propertySets {
		p := set.p
		p.Seed = 12345
		a, err := Generate(p)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Generate(p)
		if err != nil {
			t.Fatal(err)
		}
		if a.Text != b.Text || a.Attempt != b.Attempt {
			t.Errorf("%s: two runs give %s and %s", set.name, a.Text, b.Text)
		}
	}
}

// TestVariants checks that neighbours get different trees: variants A and
// B of one exercise differ, and so do neighbouring seeds.
func TestVariants(t *testing.T) {
	for _, set := range propertySets[:3] {
		for seed := range uint64(200) {
			p := set.p
			p.Seed = seed
			texts := map[string]string{}
			for _, v := range []string{"A", "B", "C"} {
				p.Variant = v
				ex, err := Generate(p)
				if err != nil {
					t.Fatal(err)
				}
				if other, dup := texts[ex.Text]; dup {
					t.Errorf("%s seed %d: variants %s and %s get the same tree %s", set.name, seed, other, v, ex.Text)
				}
				texts[ex.Text] = v
			}
			p.Variant, p.Seed = "A", seed+1
			next, err := Generate(p)
			if err != nil {
				t.Fatal(err)
			}
			if _, dup := texts[next.Text]; dup {
				t.Errorf("%s: seeds %d and %d get the same tree", set.name, seed, seed+1)
			}
		}
	}
}

// TestGenerateRefusesFast checks that impossible or malformed requests are
// refused before the first attempt, naming the parameter.
func TestGenerateRefusesFast(t *testing.T) {
	tests := []struct {
		name  string
		p     Params
		field string
		kind  error
	}{
		{"too many cutoffs", params(func(p *Params) { p.MinCutoffs = 7 }), "min_cutoffs", ErrImpossible},
		{"cutoffs on depth 1", params(func(p *Params) { p.Depth, p.MinCutoffs = 1, 1 }), "min_cutoffs", ErrImpossible},
		{"cutoffs way beyond", params(func(p *Params) { p.MinCutoffs = 1 << 40 }), "min_cutoffs", ErrImpossible},
		{"deep on depth 2", params(func(p *Params) { p.Depth, p.Deep = 2, true }), "deep", ErrImpossible},
		{"distinct 27 leaves in 0..20", params(func(p *Params) { p.Distinct = true }), "distinct", ErrImpossible},
		{"distinct range too small", params(func(p *Params) { p.BMin, p.BMax, p.Distinct, p.Max = 3, 4, true, 25 }), "distinct", ErrImpossible},
		{"tree too large", params(func(p *Params) { p.BMin, p.BMax, p.Depth = 5, 5, 4 }), "b", ErrInvalid},
		{"range too large", params(func(p *Params) { p.BMin, p.BMax, p.Depth = 2, 5, 4 }), "bmax", ErrInvalid},
		{"branching 1", params(func(p *Params) { p.BMin, p.BMax = 1, 1 }), "b", ErrInvalid},
		{"branching 9", params(func(p *Params) { p.BMin, p.BMax = 9, 9 }), "b", ErrInvalid},
		{"bmin above bmax", params(func(p *Params) { p.BMin, p.BMax = 4, 3 }), "bmin", ErrInvalid},
		{"depth 0", params(func(p *Params) { p.Depth = 0 }), "d", ErrInvalid},
		{"depth 9", params(func(p *Params) { p.Depth = 9 }), "d", ErrInvalid},
		{"one value", params(func(p *Params) { p.Min, p.Max = 5, 5 }), "max", ErrInvalid},
		{"empty range", params(func(p *Params) { p.Min, p.Max = 5, 4 }), "max", ErrInvalid},
		{"min too low", params(func(p *Params) { p.Min = -1000 }), "min", ErrInvalid},
		{"max too high", params(func(p *Params) { p.Max = 1000 }), "max", ErrInvalid},
		{"negative cutoffs", params(func(p *Params) { p.MinCutoffs = -1 }), "min_cutoffs", ErrInvalid},
		{"variant two letters", params(func(p *Params) { p.Variant = "AB" }), "variant", ErrInvalid},
		{"variant lower case", params(func(p *Params) { p.Variant = "a" }), "variant", ErrInvalid},
		{"seed too large", params(func(p *Params) { p.Seed = MaxSeed + 1 }), "seed", ErrInvalid},
		{"root chance", params(func(p *Params) { p.Root = trace.Chance }), "root", ErrInvalid},
		{"prune unknown", params(func(p *Params) { p.Prune = 7 }), "prune", ErrInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			attempts := 0
			ex, err := generate(tt.p, search.Budget{}, func(int) { attempts++ })
			if err == nil {
				t.Fatalf("Generate gave %s, want an error", ex.Text)
			}
			if attempts != 0 {
				t.Errorf("%d attempts before refusing, want 0", attempts)
			}
			var xe *Error
			if !errors.As(err, &xe) || xe.Field != tt.field {
				t.Errorf("error %q names field %q, want %q", err, fieldOf(err), tt.field)
			}
			if !errors.Is(err, tt.kind) {
				t.Errorf("error %q is not %v", err, tt.kind)
			}
			if !strings.HasPrefix(err.Error(), "exercise: "+tt.field+": ") {
				t.Errorf("error %q lacks the prefix exercise: %s:", err, tt.field)
			}
		})
	}
}

func fieldOf(err error) string {
	var xe *Error
	if errors.As(err, &xe) {
		return xe.Field
	}
	return ""
}

// TestGenerateNotMet asks for 6 cutoffs on a binary tree of depth 4 with
// leaves 0 and 1: MostCutoffs allows 6, but an exhaustive search of all
// 2^16 trees (TestMostCutoffsExhaustive's method) finds at most 5. The
// generator must try MaxAttempts trees, then name the constraint.
func TestGenerateNotMet(t *testing.T) {
	p := params(func(p *Params) { p.BMin, p.BMax, p.Depth, p.Min, p.Max, p.MinCutoffs = 2, 2, 4, 0, 1, 6 })
	if MostCutoffs(2, 4) < 6 {
		t.Fatalf("MostCutoffs(2, 4) = %d: the test needs a request the bound allows", MostCutoffs(2, 4))
	}
	attempts := 0
	_, err := generate(p, search.Budget{}, func(int) { attempts++ })
	if !errors.Is(err, ErrNotMet) || fieldOf(err) != "min_cutoffs" {
		t.Fatalf("error %v, want ErrNotMet on min_cutoffs", err)
	}
	if attempts != MaxAttempts {
		t.Errorf("%d attempts, want MaxAttempts = %d", attempts, MaxAttempts)
	}
	if !strings.Contains(err.Error(), "the most was 5") {
		t.Errorf("error %q does not say the most found was 5", err)
	}
}

func TestMostCutoffs(t *testing.T) {
	tests := []struct{ b, d, want int }{
		{1, 5, 0}, {2, 1, 0}, {3, 1, 0}, {2, 2, 1}, {3, 2, 2}, {4, 2, 3}, {2, 3, 2}, {3, 3, 6}, {2, 4, 6},
	}
	for _, tt := range tests {
		if got := MostCutoffs(tt.b, tt.d); got != tt.want {
			t.Errorf("MostCutoffs(%d, %d) = %d, want %d", tt.b, tt.d, got, tt.want)
		}
	}
}

// TestMostCutoffsExhaustive searches every tree of a few small shapes with
// two or three leaf values and checks that the most cutoffs found is exactly
// MostCutoffs: the bound holds and is reached.
func TestMostCutoffsExhaustive(t *testing.T) {
	for _, c := range []struct{ b, d, values int }{{2, 2, 3}, {3, 2, 2}, {2, 3, 2}} {
		for _, rule := range []search.PruneRule{search.PruneGE, search.PruneGT} {
			leaves := int(math.Pow(float64(c.b), float64(c.d)))
			trees := int(math.Pow(float64(c.values), float64(leaves)))
			most := 0
			for code := range trees {
				vals := make([]float64, leaves)
				for i, x := 0, code; i < leaves; i, x = i+1, x/c.values {
					vals[i] = float64(x % c.values)
				}
				next := 0
				tr, err := tree.Build(levelTree(c.b, c.d, vals, &next), tree.Options{})
				if err != nil {
					t.Fatal(err)
				}
				res, err := search.AlphaBeta(tree.Game{}, tr.Root, search.Options[*tree.Node]{Prune: rule}, nil)
				if err != nil {
					t.Fatal(err)
				}
				most = max(most, res.Stats.Cutoffs)
			}
			if want := MostCutoffs(c.b, c.d); most != want {
				t.Errorf("b=%d d=%d %v: at most %d cutoffs over all trees, MostCutoffs says %d", c.b, c.d, rule, most, want)
			}
		}
	}
}

func levelTree(b, d int, vals []float64, next *int) *tree.Node {
	n := &tree.Node{}
	if d == 0 {
		n.Value = vals[*next]
		*next++
		return n
	}
	for range b {
		n.Children = append(n.Children, levelTree(b, d-1, vals, next))
	}
	return n
}

// BenchmarkGenerateImpossible measures the refusal of an impossible
// request: it must cost no search at all.
func BenchmarkGenerateImpossible(b *testing.B) {
	p := params(func(p *Params) { p.MinCutoffs = 7 })
	for b.Loop() {
		if _, err := Generate(p); !errors.Is(err, ErrImpossible) {
			b.Fatal(err)
		}
	}
}

// BenchmarkGenerate measures a typical request (b=3, d=3, 3 cutoffs, deep).
func BenchmarkGenerate(b *testing.B) {
	p := propertySets[0].p
	for b.Loop() {
		p.Seed++
		if _, err := Generate(p); err != nil {
			b.Fatal(err)
		}
	}
}

// TestGenerateWithin checks the budget of a generation: a context ended
// during attempt k stops it before attempt k+1, a node budget stops it
// with a *search.BudgetError, and a budget large enough changes nothing.
func TestGenerateWithin(t *testing.T) {
	// No tree meets these (see TestGenerateNotMet): the generation would
	// try all MaxAttempts trees.
	never := params(func(p *Params) { p.BMin, p.BMax, p.Depth, p.Min, p.Max, p.MinCutoffs = 2, 2, 4, 0, 1, 6 })
	for _, stopAt := range []int{0, 1, 17, MaxAttempts - 1} {
		t.Run(fmt.Sprintf("cancel at attempt %d", stopAt), func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			attempts := 0
			_, err := generate(never, search.Budget{Context: ctx}, func(a int) {
				attempts++
				if a == stopAt {
					cancel()
				}
			})
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("error %v, want one wrapping context.Canceled", err)
			}
			if attempts != stopAt+1 {
				t.Errorf("attempts begun: got %d, want %d", attempts, stopAt+1)
			}
		})
	}
	t.Run("node budget", func(t *testing.T) {
		for _, nodes := range []int64{1, 30, 1000} {
			_, err := GenerateWithin(never, search.Budget{Nodes: nodes})
			if !search.IsBudget(err) {
				t.Errorf("budget %d: error %v, want a *search.BudgetError", nodes, err)
			}
		}
	})
	t.Run("enough", func(t *testing.T) {
		for _, p := range []Params{DefaultParams(), params(func(p *Params) { p.Deep, p.MinCutoffs = true, 2 })} {
			want, err := Generate(p)
			if err != nil {
				t.Fatal(err)
			}
			got, err := GenerateWithin(p, search.Budget{Nodes: 1 << 30, Context: context.Background()})
			if err != nil {
				t.Fatal(err)
			}
			if got.Text != want.Text || got.Attempt != want.Attempt {
				t.Errorf("within a budget: got tree %s (attempt %d), want %s (attempt %d)", got.Text, got.Attempt, want.Text, want.Attempt)
			}
		}
	})
}
