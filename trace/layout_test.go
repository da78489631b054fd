package trace

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

const eps = 1e-9

// textbookShape is the tree of the alpha-beta figure, labelled A..D.
func textbookShape() *Shape {
	root := &Shape{ID: "", Kind: Max, Label: "A"}
	vals := [][]string{{"3", "12", "8"}, {"2", "4", "6"}, {"14", "5", "2"}}
	for i, label := range []string{"B", "C", "D"} {
		c := &Shape{ID: ChildID("", i), Kind: Min, Label: label, Total: 4}
		for j, v := range vals[i] {
			c.Children = append(c.Children, &Shape{ID: ChildID(c.ID, j), Kind: Max, Leaf: true, Text: v, Total: 1})
		}
		root.Children = append(root.Children, c)
	}
	root.Total = 13
	return root
}

// randomShape builds a shape with branching 1..maxKids (uneven: each node
// draws its own) down to depth at most maxDepth; a node stops early with
// probability 1/3. Some leaves are folded.
func randomShape(r *rand.Rand, maxKids, maxDepth int) *Shape {
	var build func(id string, depth int) *Shape
	build = func(id string, depth int) *Shape {
		s := &Shape{ID: id, Kind: Kind(depth % 2), Total: 1}
		if depth == maxDepth || (depth > 0 && r.IntN(3) == 0) {
			if r.IntN(4) == 0 {
				s.Folded = true
				s.Total = 1 + r.IntN(50)
			} else {
				s.Leaf = true
			}
			return s
		}
		for i := range 1 + r.IntN(maxKids) {
			c := build(ChildID(id, i), depth+1)
			s.Children = append(s.Children, c)
			s.Total += c.Total
		}
		return s
	}
	return build("", 0)
}

// sizedShape builds a shape of exactly n nodes, level by level, with
// uneven branching 1..5.
func sizedShape(n int, seed uint64) *Shape {
	r := rand.New(rand.NewPCG(seed, 1))
	root := &Shape{ID: "", Total: 1}
	level := []*Shape{root}
	count := 1
	for count < n {
		var next []*Shape
		for _, s := range level {
			k := r.IntN(6) // 0 leaves some nodes as leaves
			for i := 0; i < k && count < n; i++ {
				c := &Shape{ID: ChildID(s.ID, i), Kind: s.Kind.Opponent(), Total: 1}
				s.Children = append(s.Children, c)
				next = append(next, c)
				count++
			}
		}
		if len(next) == 0 { // every node drew 0: give the first one a child
			c := &Shape{ID: ChildID(level[0].ID, 0), Total: 1}
			level[0].Children = append(level[0].Children, c)
			next = append(next, c)
			count++
		}
		level = next
	}
	return root
}

func TestLayoutTextbook(t *testing.T) {
	l := NewLayout(textbookShape(), LayoutOptions{})
	want := []struct {
		id    string
		x, y  float64
		label string
	}{
		{"", 4, 0, "A"},
		{"0", 1, 1, "B"}, {"0.0", 0, 2, ""}, {"0.1", 1, 2, ""}, {"0.2", 2, 2, ""},
		{"1", 4, 1, "C"}, {"1.0", 3, 2, ""}, {"1.1", 4, 2, ""}, {"1.2", 5, 2, ""},
		{"2", 7, 1, "D"}, {"2.0", 6, 2, ""}, {"2.1", 7, 2, ""}, {"2.2", 8, 2, ""},
	}
	if got := l.Len(); got != len(want) {
		t.Fatalf("Len() = %d, want %d", got, len(want))
	}
	for i, w := range want {
		n := l.Nodes[i]
		if n.ID != w.id || n.X != w.x || n.Y != w.y || n.Label != w.label {
			t.Errorf("Nodes[%d] = %q at (%v, %v) label %q, want %q at (%v, %v) label %q",
				i, n.ID, n.X, n.Y, n.Label, w.id, w.x, w.y, w.label)
		}
	}
	if l.Width != 8 || l.Height != 2 || l.Depth != 2 {
		t.Errorf("Width, Height, Depth = %v, %v, %d, want 8, 2, 2", l.Width, l.Height, l.Depth)
	}
	b, ok := l.Node("0")
	if !ok || b.Parent != "" || !b.HasParent || b.Total != 4 || b.Kind != Min || b.Index != 0 {
		t.Errorf("Node(\"0\") = %+v, %v, want B, a MIN child of the root with Total 4", b, ok)
	}
	if leaf, _ := l.Node("2.1"); leaf.Text != "5" || !leaf.Leaf || leaf.Parent != "2" || leaf.Index != 1 {
		t.Errorf("Node(\"2.1\") = %+v, want leaf 5 under \"2\" at index 1", leaf)
	}
	if root, _ := l.Node(""); root.HasParent || root.Total != 13 {
		t.Errorf("root = %+v, want HasParent false and Total 13", root)
	}
	if _, ok := l.Node("3"); ok {
		t.Errorf("Node(\"3\") found, want not found")
	}
	if f := l.Folds(); len(f) != 0 {
		t.Errorf("Folds() = %d nodes, want none", len(f))
	}
}

func TestLayoutSpacing(t *testing.T) {
	l := NewLayout(textbookShape(), LayoutOptions{NodeSep: 2.5, LevelSep: 3})
	for _, c := range []struct {
		id   string
		x, y float64
	}{{"", 10, 0}, {"0", 2.5, 3}, {"0.0", 0, 6}, {"2.2", 20, 6}} {
		if n, _ := l.Node(c.id); n.X != c.x || n.Y != c.y {
			t.Errorf("node %q at (%v, %v), want (%v, %v)", c.id, n.X, n.Y, c.x, c.y)
		}
	}
	if l.Width != 20 || l.Height != 6 {
		t.Errorf("Width, Height = %v, %v, want 20, 6", l.Width, l.Height)
	}
}

// TestLayoutNodeIDs looks nodes up by ids that are not paths of child
// indices, and by paths that lead nowhere.
func TestLayoutNodeIDs(t *testing.T) {
	s := &Shape{ID: "top", Children: []*Shape{{ID: "a"}, {ID: "b", Children: []*Shape{{ID: "0"}}}}}
	l := NewLayout(s, LayoutOptions{})
	for _, c := range []struct {
		id    string
		found bool
		x     float64
	}{{"top", true, 0.5}, {"a", true, 0}, {"b", true, 1}, {"0", true, 1}, {"", false, 0}, {"1.0", false, 0}, {"x", false, 0}} {
		n, ok := l.Node(c.id)
		if ok != c.found || ok && (n.ID != c.id || n.X != c.x) {
			t.Errorf("Node(%q) = %q at %v, %v, want found %v at %v", c.id, n.ID, n.X, ok, c.found, c.x)
		}
	}
	for _, id := range []string{"", "0", "0.1", "-1", "0.0.0", "1.3", "3", "a"} {
		if n, ok := NewLayout(textbookShape(), LayoutOptions{}).Node(id); ok != (id == "" || id == "0" || id == "0.1") || ok && n.ID != id {
			t.Errorf("textbook Node(%q) = %q, %v", id, n.ID, ok)
		}
	}
	var zero Layout
	if _, ok := zero.Node(""); ok {
		t.Errorf("zero Layout: Node(\"\") found")
	}
}

func TestLayoutSmall(t *testing.T) {
	if l := NewLayout(nil, LayoutOptions{}); l.Len() != 0 || l.Width != 0 || len(l.Folds()) != 0 {
		t.Errorf("NewLayout(nil) = %+v, want empty", l)
	}
	one := NewLayout(&Shape{Leaf: true, Text: "7"}, LayoutOptions{})
	if one.Len() != 1 || one.Nodes[0].X != 0 || one.Nodes[0].Text != "7" || one.Width != 0 || one.Depth != 0 {
		t.Errorf("single leaf: %+v, want one node at 0", one)
	}
	// A folded node is drawn as a leaf even if it has children; nil
	// children are skipped.
	s := &Shape{Children: []*Shape{
		{ID: "0", Folded: true, Total: 9, Children: []*Shape{{ID: "0.0"}}},
		nil,
		{ID: "2", Leaf: true},
	}}
	l := NewLayout(s, LayoutOptions{})
	if got, want := ids(l), []string{"", "0", "2"}; !slices.Equal(got, want) {
		t.Errorf("ids = %q, want %q", got, want)
	}
	if n, _ := l.Node("2"); n.Index != 2 || n.X != 1 {
		t.Errorf("node \"2\": Index %d X %v, want 2 and 1", n.Index, n.X)
	}
	if f := l.Folds(); len(f) != 1 || f[0].ID != "0" || f[0].Total != 9 {
		t.Errorf("Folds() = %+v, want node \"0\" with Total 9", f)
	}
}

// TestLayoutNests checks compactness on a hand-made uneven tree: a leaf
// between two deep subtrees sits in their gap, and a narrow deep subtree
// tucks under its wide neighbour's gap.
func TestLayoutNests(t *testing.T) {
	leaf := func(id string) *Shape { return &Shape{ID: id, Leaf: true} }
	// Root children: a chain "0" → "0.0" → "0.0.0", a leaf "1", and "2"
	// with two leaves. Spreading by leaf count would give width 3; in the
	// tidy layout "2.0" tucks in under the gap next to "1" (width 2.5).
	s := &Shape{Children: []*Shape{
		{ID: "0", Children: []*Shape{{ID: "0.0", Children: []*Shape{leaf("0.0.0")}}}},
		leaf("1"),
		{ID: "2", Children: []*Shape{leaf("2.0"), leaf("2.1")}},
	}}
	l := NewLayout(s, LayoutOptions{})
	want := map[string]float64{"": 1, "0": 0, "0.0": 0, "0.0.0": 0, "1": 1, "2": 2, "2.0": 1.5, "2.1": 2.5}
	for id, x := range want {
		if n, _ := l.Node(id); n.X != x {
			t.Errorf("node %q: got X %v, want %v", id, n.X, x)
		}
	}
}

func ids(l *Layout) []string {
	var out []string
	for _, n := range l.Nodes {
		out = append(out, n.ID)
	}
	return out
}

// preorderShapes lists the drawn shapes of s in preorder, as NewLayout
// should.
func preorderShapes(s *Shape) []*Shape {
	out := []*Shape{s}
	if !s.Folded {
		for _, c := range s.Children {
			if c != nil {
				out = append(out, preorderShapes(c)...)
			}
		}
	}
	return out
}

// checkLayout checks every property a tidy layout of s must have.
func checkLayout(t *testing.T, s *Shape, l *Layout, sep float64) {
	t.Helper()
	shapes := preorderShapes(s)
	if l.Len() != len(shapes) {
		t.Fatalf("Len() = %d, want %d", l.Len(), len(shapes))
	}
	pos := map[string]LayoutNode{}
	minX, maxX := math.Inf(1), math.Inf(-1)
	for i, n := range l.Nodes {
		if n.ID != shapes[i].ID {
			t.Fatalf("Nodes[%d].ID = %q, want %q (preorder)", i, n.ID, shapes[i].ID)
		}
		pos[n.ID] = n
		if got, ok := l.Node(n.ID); !ok || got != n {
			t.Errorf("Node(%q) = %+v, %v, want Nodes[%d]", n.ID, got, ok, i)
		}
		minX, maxX = min(minX, n.X), max(maxX, n.X)
		if got, want := n.Depth, DepthOf(n.ID); got != want {
			t.Errorf("node %q: got Depth %d, want %d", n.ID, got, want)
		}
		if p, ok := ParentID(n.ID); ok != n.HasParent || p != n.Parent {
			t.Errorf("node %q: got parent %q, %v, want %q, %v", n.ID, n.Parent, n.HasParent, p, ok)
		}
	}
	if minX != 0 || maxX != l.Width {
		t.Errorf("X range [%v, %v], want [0, Width = %v]", minX, maxX, l.Width)
	}
	// Same depth: left to right in preorder, at least sep apart.
	last := map[int]LayoutNode{}
	for _, n := range l.Nodes {
		if prev, ok := last[n.Depth]; ok && n.X-prev.X < sep-eps {
			t.Fatalf("depth %d: %q at X %v and %q at X %v are closer than %v", n.Depth, prev.ID, prev.X, n.ID, n.X, sep)
		}
		last[n.Depth] = n
	}
	for _, sh := range shapes {
		kids := drawnKids(sh)
		for i, c := range kids {
			if got, want := pos[c.ID].Index, slices.Index(sh.Children, c); got != want {
				t.Errorf("node %q (drawn child %d): got Index %d, want %d", c.ID, i, got, want)
			}
		}
		if len(kids) == 0 {
			continue
		}
		// Parent centred over its first and last child.
		mid := (pos[kids[0].ID].X + pos[kids[len(kids)-1].ID].X) / 2
		if got := pos[sh.ID].X; math.Abs(got-mid) > eps {
			t.Errorf("node %q: got X %v, want %v (centred over its children)", sh.ID, got, mid)
		}
		// Compact: each child subtree touches (at distance sep) the
		// subtrees to its left on some level.
		right := map[int]float64{} // rightmost X per depth of the subtrees so far
		for i, c := range kids {
			ext := extents(c, pos)
			if i > 0 {
				gap := math.Inf(1)
				for d, e := range ext {
					if r, ok := right[d]; ok {
						gap = min(gap, e[0]-r)
					}
				}
				if math.Abs(gap-sep) > eps {
					t.Errorf("node %q: child %d is %v from its left neighbours, want %v (as far left as it goes)", sh.ID, i, gap, sep)
				}
			}
			for d, e := range ext {
				right[d] = max(right[d], e[1])
			}
		}
	}
}

func drawnKids(s *Shape) []*Shape {
	if s.Folded {
		return nil
	}
	var out []*Shape
	for _, c := range s.Children {
		if c != nil {
			out = append(out, c)
		}
	}
	return out
}

// extents returns the min and max X of the drawn subtree s per depth.
func extents(s *Shape, pos map[string]LayoutNode) map[int][2]float64 {
	out := map[int][2]float64{}
	for _, sh := range preorderShapes(s) {
		n := pos[sh.ID]
		e, ok := out[n.Depth]
		if !ok {
			e = [2]float64{n.X, n.X}
		}
		out[n.Depth] = [2]float64{min(e[0], n.X), max(e[1], n.X)}
	}
	return out
}

func TestLayoutRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 3000 {
		s := randomShape(r, 5, 6)
		sep := 1.0
		if i%3 == 1 {
			sep = 0.75
		}
		l := NewLayout(s, LayoutOptions{NodeSep: sep})
		t.Run(fmt.Sprint(i), func(t *testing.T) { checkLayout(t, s, l, sep) })
		if t.Failed() {
			break
		}
	}
}

// TestLayoutSubtreeInvariance checks that every subtree is drawn as it
// would be alone, up to translation.
func TestLayoutSubtreeInvariance(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 300 {
		s := randomShape(r, 4, 6)
		l := NewLayout(s, LayoutOptions{})
		for _, sub := range preorderShapes(s) {
			alone := NewLayout(sub, LayoutOptions{})
			base, _ := l.Node(sub.ID)
			abase := alone.Nodes[0]
			for _, a := range alone.Nodes {
				n, _ := l.Node(a.ID)
				if dx, adx := n.X-base.X, a.X-abase.X; math.Abs(dx-adx) > eps {
					t.Fatalf("shape %d, subtree %q: node %q is %v right of the subtree's root, alone %v", i, sub.ID, a.ID, dx, adx)
				}
				if dy, ady := n.Y-base.Y, a.Y-abase.Y; dy != ady {
					t.Fatalf("shape %d, subtree %q: node %q is %v below the subtree's root, alone %v", i, sub.ID, a.ID, dy, ady)
				}
			}
		}
	}
}

func TestLayoutDeterministic(t *testing.T) {
	s := sizedShape(5000, 7)
	a, b := NewLayout(s, LayoutOptions{}), NewLayout(s, LayoutOptions{})
	if !slices.Equal(a.Nodes, b.Nodes) {
		t.Errorf("two layouts of one shape differ")
	}
}

// TestLayoutDeep lays out a chain and a deep comb without recursion.
func TestLayoutDeep(t *testing.T) {
	const depth = 20000
	root := &Shape{}
	s := root
	for d := range depth {
		c := &Shape{ID: ChildID(s.ID, 0)}
		if d%2 == 0 { // a comb: every other node has a leaf sibling on the right
			s.Children = []*Shape{c, {ID: ChildID(s.ID, 1), Leaf: true}}
		} else {
			s.Children = []*Shape{c}
		}
		s = c
	}
	l := NewLayout(root, LayoutOptions{})
	if l.Depth != depth || l.Len() != depth+1+depth/2 {
		t.Errorf("got Depth %d, Len %d, want %d, %d", l.Depth, l.Len(), depth, depth+1+depth/2)
	}
	checkSeparation(t, l, 1)
	checkCentred(t, l)
}

// checkCentred checks that every parent is centred over its first and last
// child, for large layouts.
func checkCentred(t *testing.T, l *Layout) {
	t.Helper()
	span := map[string][2]float64{} // X of the first and last child
	for _, n := range l.Nodes {
		if !n.HasParent {
			continue
		}
		s, ok := span[n.Parent]
		if !ok {
			s[0] = n.X
		}
		s[1] = n.X
		span[n.Parent] = s
	}
	for _, n := range l.Nodes {
		if s, ok := span[n.ID]; ok && math.Abs(n.X-(s[0]+s[1])/2) > eps {
			t.Fatalf("node at depth %d: got X %v, want %v (centred over its children)", n.Depth, n.X, (s[0]+s[1])/2)
		}
	}
}

func TestLayoutLarge(t *testing.T) {
	s := sizedShape(100_000, 1)
	// How long this takes is BenchmarkLayout's business (docs/performance.md);
	// a test asserts only what it computes.
	l := NewLayout(s, LayoutOptions{})
	if l.Len() != 100_000 {
		t.Errorf("Len() = %d, want 100000", l.Len())
	}
	checkSeparation(t, l, 1)
	checkCentred(t, l)
}

// checkSeparation is the cheap part of checkLayout, for large layouts.
func checkSeparation(t *testing.T, l *Layout, sep float64) {
	t.Helper()
	last := map[int]float64{}
	for _, n := range l.Nodes {
		if x, ok := last[n.Depth]; ok && n.X-x < sep-eps {
			t.Fatalf("depth %d: node at X %v is %v from its left neighbour, want ≥ %v", n.Depth, n.X, n.X-x, sep)
		}
		last[n.Depth] = n.X
	}
}

func BenchmarkLayout(b *testing.B) {
	for _, n := range []int{2000, 100_000} {
		s := sizedShape(n, 1)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				NewLayout(s, LayoutOptions{})
			}
		})
	}
}
