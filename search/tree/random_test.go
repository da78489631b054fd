package tree

import (
	"errors"
	"math"
	"strings"
	"testing"
)

func TestRandomGolden(t *testing.T) {
	// These texts pin the generator: if they change, every saved
	// random-tree permalink shows a different tree.
	tests := []struct {
		r    Recipe
		want string
	}{
		{Recipe{Branching: 3, Depth: 2, Seed: 1}, golden1},
		{Recipe{Branching: 3, Depth: 3, Seed: 45, Uneven: true, Min: -9, Max: 9}, golden2},
		{Recipe{Branching: 2, Depth: 2, Seed: 7, Decimals: 1, Min: 0, Max: 1}, golden3},
		{Recipe{Branching: 2, Depth: 3, Seed: 7, Distinct: true, Min: 1, Max: 8}, golden4},
	}
	for _, tc := range tests {
		tr, err := Random(tc.r)
		if err != nil {
			t.Fatalf("Random(%+v): %v", tc.r, err)
		}
		if got := tr.String(); got != tc.want {
			t.Errorf("Random(%+v):\n got  %s\n want %s", tc.r, got, tc.want)
		}
	}
}

const (
	golden1 = "((11 5 1) (9 12 17) (12 10 2))"
	golden2 = "(((-8 0 -9) -4 (-2 -7 -2)) (8 (-6 -3)) ((8 2 3) (-5 8 -1) (7 -8 -5)))"
	golden3 = "((0 0.8) (0 0.2))"
	golden4 = "(((1 7) (3 5)) ((2 4) (6 8)))"
)

func TestRandomDeterministic(t *testing.T) {
	for seed := range uint64(50) {
		r := Recipe{Branching: 4, Depth: 4, Seed: seed, Uneven: seed%2 == 1, Distinct: seed%3 == 0, Min: -1000, Max: 1000}
		a, err := Random(r)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Random(r)
		if err != nil {
			t.Fatal(err)
		}
		if a.String() != b.String() {
			t.Fatalf("seed %d: two runs differ:\n%s\n%s", seed, a, b)
		}
		r.Seed += 1000
		c, err := Random(r)
		if err != nil {
			t.Fatal(err)
		}
		if a.String() == c.String() {
			t.Errorf("seeds %d and %d give the same tree %s", seed, r.Seed, a)
		}
	}
}

func TestRandomUniform(t *testing.T) {
	tests := []struct{ b, d int }{
		{1, 0}, {1, 1}, {1, 64}, {2, 1}, {2, 10}, {3, 2}, {3, 5}, {5, 3}, {64, 1}, {64, 3}, {10, 5}, {2, 12},
	}
	for _, tc := range tests {
		tr, err := Random(Recipe{Branching: tc.b, Depth: tc.d, Seed: uint64(tc.b*100 + tc.d)})
		if err != nil {
			t.Fatalf("b=%d d=%d: %v", tc.b, tc.d, err)
		}
		wantLeaves := int(math.Pow(float64(tc.b), float64(tc.d)))
		wantSize := 0
		for i := 0; i <= tc.d; i++ {
			wantSize += int(math.Pow(float64(tc.b), float64(i)))
		}
		if tr.Leaves != wantLeaves || tr.Size != wantSize || tr.Height != tc.d {
			t.Errorf("b=%d d=%d: leaves, size, height: got %d, %d, %d, want %d, %d, %d",
				tc.b, tc.d, tr.Leaves, tr.Size, tr.Height, wantLeaves, wantSize, tc.d)
		}
		wantB := tc.b
		if tc.d == 0 {
			wantB = 0 // a single leaf
		}
		if b, d, ok := tr.Uniform(); !ok || b != wantB || d != tc.d {
			t.Errorf("b=%d d=%d: Uniform() = %d, %d, %v, want %d, %d, true", tc.b, tc.d, b, d, ok, wantB, tc.d)
		}
		leaves := 0
		for n := range tr.All() {
			if n.Line != 0 || n.Col != 0 {
				t.Fatalf("node %q has position %d:%d, want 0:0", n.ID, n.Line, n.Col)
			}
			if n.IsLeaf() {
				leaves++
				if n.Depth != tc.d {
					t.Fatalf("b=%d d=%d: leaf %q at depth %d", tc.b, tc.d, n.ID, n.Depth)
				}
				if n.Value < DefaultMin || n.Value > DefaultMax || n.Value != math.Trunc(n.Value) {
					t.Fatalf("leaf value %v not a whole number in %d..%d", n.Value, DefaultMin, DefaultMax)
				}
			}
		}
		if leaves != wantLeaves {
			t.Errorf("b=%d d=%d: counted %d leaves, want %d", tc.b, tc.d, leaves, wantLeaves)
		}
	}
}

func TestRandomUneven(t *testing.T) {
	for seed := range uint64(300) {
		r := Recipe{Branching: 1 + int(seed%6), Depth: int(seed % 7), Seed: seed, Uneven: true}
		tr, err := Random(r)
		if err != nil {
			t.Fatal(err)
		}
		if tr.Height != r.Depth {
			t.Errorf("%+v: height %d, want %d", r, tr.Height, r.Depth)
		}
		for n := range tr.All() {
			k := len(n.Children)
			switch {
			case k == 0 && n.Depth > r.Depth:
				t.Errorf("%+v: leaf %q at depth %d", r, n.ID, n.Depth)
			case k == 0 && n.Depth == 0 && r.Depth > 0:
				t.Errorf("%+v: the root is a leaf", r)
			case k > 0 && (k > r.Branching || k < min(2, r.Branching)):
				t.Errorf("%+v: node %q has %d children, want 2..%d", r, n.ID, k, r.Branching)
			}
		}
	}
	// Uneven trees do vary: across seeds, some leaf ends early and some
	// node has fewer than Branching children.
	early, narrow := false, false
	for seed := range uint64(20) {
		tr, err := Random(Recipe{Branching: 4, Depth: 4, Seed: seed, Uneven: true})
		if err != nil {
			t.Fatal(err)
		}
		for n := range tr.All() {
			early = early || n.IsLeaf() && n.Depth < 4
			narrow = narrow || !n.IsLeaf() && len(n.Children) < 4
		}
	}
	if !early || !narrow {
		t.Errorf("uneven trees: early leaves %v, narrow nodes %v, want both", early, narrow)
	}
}

func TestRandomValues(t *testing.T) {
	tests := []Recipe{
		{Branching: 3, Depth: 4, Min: -5, Max: 5},
		{Branching: 2, Depth: 3, Min: 1, Max: 8, Distinct: true},              // exactly as many values as leaves
		{Branching: 4, Depth: 4, Min: 0, Max: 400, Distinct: true},            // shuffle path
		{Branching: 4, Depth: 5, Min: -1e9, Max: 1e9, Distinct: true},         // rejection path
		{Branching: 4, Depth: 2, Min: 0, Max: 2, Decimals: 1, Distinct: true}, // 16 leaves from 21 values
		{Branching: 5, Depth: 2, Min: 7, Max: 7},
		{Branching: 3, Depth: 3, Min: -1, Max: 1, Decimals: 3},
		{Branching: 6, Depth: 6, Min: 10, Max: 20, Distinct: false, Uneven: true},
	}
	for i, r := range tests {
		r.Seed = uint64(i)
		tr, err := Random(r)
		if err != nil {
			t.Fatalf("%+v: %v", r, err)
		}
		seen := map[float64]bool{}
		scale := math.Pow(10, float64(r.Decimals))
		for n := range tr.All() {
			if !n.IsLeaf() {
				continue
			}
			v := n.Value
			if v < float64(r.Min) || v > float64(r.Max) {
				t.Errorf("%+v: leaf value %v out of range", r, v)
			}
			if s := math.Round(v * scale); math.Abs(s-v*scale) > 1e-6 {
				t.Errorf("%+v: leaf value %v has more than %d decimals", r, v, r.Decimals)
			}
			if r.Distinct && seen[v] {
				t.Errorf("%+v: value %v repeats", r, v)
			}
			seen[v] = true
		}
		if r.Distinct && len(seen) != tr.Leaves {
			t.Errorf("%+v: %d distinct values for %d leaves", r, len(seen), tr.Leaves)
		}
	}
}

func TestRandomErrors(t *testing.T) {
	tests := []struct {
		r     Recipe
		want  string
		limit bool
	}{
		{Recipe{Branching: 0, Depth: 2}, "tree: random tree: branching 0 is not between 1 and MaxChildren = 64", false},
		{Recipe{Branching: 65, Depth: 2}, "branching 65 is not between 1 and MaxChildren = 64", true},
		{Recipe{Branching: 2, Depth: -1}, "depth -1 is not between 0 and MaxDepth = 64", false},
		{Recipe{Branching: 1, Depth: 65}, "depth 65 is not between 0 and MaxDepth = 64", true},
		{Recipe{Branching: 64, Depth: 4}, "branching 64 and depth 4 give up to 17043521 nodes, more than MaxRandomNodes = 1000000", true},
		{Recipe{Branching: 2, Depth: 64}, "give up to more than 1000000000 nodes, more than MaxRandomNodes", true},
		{Recipe{Branching: 2, Depth: 20}, "give up to 2097151 nodes", true},
		{Recipe{Branching: 2, Depth: 2, Min: 5, Max: 1}, "value range 5..1 is empty (Min > Max)", false},
		{Recipe{Branching: 2, Depth: 2, Min: -2e9, Max: 1}, "value range -2000000000..1 goes beyond MaxMagnitude = 1e9", true},
		{Recipe{Branching: 2, Depth: 2, Decimals: 4}, "decimals 4 is not between 0 and MaxDecimals = 3", false},
		{Recipe{Branching: 3, Depth: 3, Distinct: true}, "Distinct needs 27 different leaf values, but the range 0..20 has only 21", false},
		{Recipe{Branching: 3, Depth: 3, Distinct: true, Min: 1, Max: 2, Decimals: 1}, "the range 1..2 has only 11", false},
	}
	for _, tc := range tests {
		_, err := Random(tc.r)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Random(%+v): got %v, want an error containing %q", tc.r, err, tc.want)
			continue
		}
		if got := errors.Is(err, ErrLimit); got != tc.limit {
			t.Errorf("Random(%+v): errors.Is(err, ErrLimit) = %v, want %v", tc.r, got, tc.limit)
		}
	}
}

func TestRandomLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("large tree")
	}
	// 4^9 + ... + 1 = 349525 nodes: above MaxNodes, below MaxRandomNodes.
	tr, err := Random(Recipe{Branching: 4, Depth: 9, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if tr.Size != 349525 {
		t.Errorf("size %d, want 349525", tr.Size)
	}
	if _, err := Parse(tr.String()); !errors.Is(err, ErrLimit) {
		t.Errorf("parsing a tree above MaxNodes: got %v, want a limit error", err)
	}
}

func BenchmarkRandom(b *testing.B) {
	for b.Loop() {
		if _, err := Random(Recipe{Branching: 4, Depth: 8, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}
