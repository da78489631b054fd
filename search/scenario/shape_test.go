package scenario

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

func prepare(t testing.TB, s Scenario) *Search {
	t.Helper()
	p, err := s.Prepare()
	if err != nil {
		t.Fatalf("Prepare(%+v): %v", s, err)
	}
	return p
}

func drawShape(t testing.TB, p *Search, opt ShapeOptions) *trace.Shape {
	t.Helper()
	sh, err := p.Shape(opt)
	if err != nil {
		t.Fatalf("Shape(%+v): %v", opt, err)
	}
	return sh
}

// walkShape yields the drawn nodes of sh in preorder.
func walkShape(sh *trace.Shape, f func(*trace.Shape)) {
	f(sh)
	for _, c := range sh.Children {
		walkShape(c, f)
	}
}

// perDepth counts the drawn nodes and the folded ones at each depth.
func perDepth(sh *trace.Shape) (drawn, folded []int) {
	walkShape(sh, func(n *trace.Shape) {
		d := trace.DepthOf(n.ID)
		for len(drawn) <= d {
			drawn, folded = append(drawn, 0), append(folded, 0)
		}
		drawn[d]++
		if n.Folded {
			folded[d]++
		}
	})
	return drawn, folded
}

func count(sh *trace.Shape) int {
	n := 0
	walkShape(sh, func(*trace.Shape) { n++ })
	return n
}

// checkShape checks the contracts every drawing keeps: ids are paths of
// child indices, Children are there exactly for drawn inner nodes, Totals
// add up and agree with SubtreeSize, and Describe agrees with the drawing.
func checkShape(t *testing.T, p *Search, root *trace.Shape) {
	t.Helper()
	if root.ID != "" {
		t.Errorf("root id %q, want \"\"", root.ID)
	}
	walkShape(root, func(n *trace.Shape) {
		if (n.Leaf || n.Folded) != (n.Children == nil) {
			t.Errorf("node %q: Leaf %v, Folded %v, %d children: want children exactly for drawn inner nodes",
				n.ID, n.Leaf, n.Folded, len(n.Children))
		}
		if n.Leaf && n.Folded {
			t.Errorf("node %q is both Leaf and Folded", n.ID)
		}
		want := 1
		for i, c := range n.Children {
			if got := trace.ChildID(n.ID, i); c.ID != got {
				t.Errorf("child %d of %q: got id %q, want %q", i, n.ID, c.ID, got)
			}
			want = min(want+c.Total, MaxTotal)
		}
		if n.Children != nil && n.Total != want {
			t.Errorf("node %q: got Total %d, want %d (1 + its children's)", n.ID, n.Total, want)
		}
		if n.Leaf && n.Total != 1 {
			t.Errorf("leaf %q: got Total %d, want 1", n.ID, n.Total)
		}
		if n.Folded && n.Total < 2 {
			t.Errorf("folded node %q: got Total %d, want ≥ 2", n.ID, n.Total)
		}
	})
	// SubtreeSize and Describe on a sample (all of a small drawing).
	step := max(1, count(root)/300)
	i := 0
	walkShape(root, func(n *trace.Shape) {
		i++
		if i%step != 0 && n.ID != "" {
			return
		}
		if got, err := p.SubtreeSize(n.ID); err != nil || got != n.Total {
			t.Errorf("SubtreeSize(%q) = %d, %v, want %d", n.ID, got, err, n.Total)
		}
		d, err := p.Describe(n.ID)
		if err != nil {
			t.Errorf("Describe(%q): %v", n.ID, err)
			return
		}
		want := *n
		want.Children, want.Folded = nil, !n.Leaf
		if d.ID != want.ID || d.Kind != want.Kind || d.Label != want.Label || d.Leaf != want.Leaf ||
			d.Text != want.Text || d.Board != want.Board || d.Prob != want.Prob || d.Total != want.Total ||
			d.Folded != want.Folded || d.Children != nil {
			t.Errorf("Describe(%q) = %+v, want %+v", n.ID, d, want)
		}
	})
}

// checkLevels checks that whole levels are drawn: the folded nodes are
// all on the last drawn level, and at most maxDrawn nodes are drawn. (That
// one more level would not fit is checked where its size is known.)
func checkLevels(t *testing.T, root *trace.Shape, maxDrawn int) {
	t.Helper()
	drawn, folded := perDepth(root)
	total, last := 0, len(drawn)-1
	for d := range drawn {
		total += drawn[d]
		if d < last && folded[d] > 0 {
			t.Errorf("depth %d: %d folded nodes above the last drawn level %d", d, folded[d], last)
		}
	}
	if total > maxDrawn {
		t.Errorf("drew %d nodes, want ≤ %d", total, maxDrawn)
	}
}

func TestShapeTextbook(t *testing.T) {
	for _, c := range []struct {
		text, label0 string
	}{{tree.TwoPlyGameTree, "B"}, {tree.TwoPlyGameTree, "B"}} { // unlabelled: the textbook's letters
		p := prepare(t, Scenario{Tree: c.text})
		sh := drawShape(t, p, ShapeOptions{})
		checkShape(t, p, sh)
		if got := count(sh); got != 13 {
			t.Errorf("%s: drew %d nodes, want 13", c.text, got)
		}
		if _, folded := perDepth(sh); slices.Max(folded) != 0 {
			t.Errorf("%s: folded %v, want no folds", c.text, folded)
		}
		b := sh.Children[0]
		for _, w := range []struct {
			name      string
			got, want any
		}{
			{"root Total", sh.Total, 13},
			{"root Kind", sh.Kind, trace.Max},
			{"B Total", b.Total, 4},
			{"B Kind", b.Kind, trace.Min},
			{"B Label", b.Label, c.label0},
			{"B Text", b.Text, ""},
			{"leaf 0.1 Text", b.Children[1].Text, "12"},
			{"leaf 0.1 Leaf", b.Children[1].Leaf, true},
			{"leaf 2.0 Text", sh.Children[2].Children[0].Text, "14"},
		} {
			if w.got != w.want {
				t.Errorf("%s: %s: got %v, want %v", c.text, w.name, w.got, w.want)
			}
		}
	}
}

func TestShapeTreeText(t *testing.T) {
	// Negative and fractional values print as the viewer shows numbers.
	p := prepare(t, Scenario{Tree: "((-3 0.5) (2 -0))"})
	sh := drawShape(t, p, ShapeOptions{})
	var got []string
	walkShape(sh, func(n *trace.Shape) {
		if n.Leaf {
			got = append(got, n.Text)
		}
	})
	if want := []string{"−3", "0.5", "2", "0"}; !slices.Equal(got, want) {
		t.Errorf("leaf texts %q, want %q", got, want)
	}
}

func TestShapeDepthLimitTree(t *testing.T) {
	p := prepare(t, Scenario{Tree: "(A[h=1](3 12) 5 (2 4))", Depth: 1})
	sh := drawShape(t, p, ShapeOptions{})
	checkShape(t, p, sh)
	want := []struct {
		id, text, label string
		leaf            bool
	}{{"0", "", "A", true}, {"1", "5", "", true}, {"2", "", "C", true}}
	if len(sh.Children) != len(want) || sh.Total != 4 {
		t.Fatalf("got %d children and Total %d, want %d and 4", len(sh.Children), sh.Total, len(want))
	}
	for i, w := range want {
		c := sh.Children[i]
		if c.ID != w.id || c.Text != w.text || c.Label != w.label || c.Leaf != w.leaf || c.Total != 1 {
			t.Errorf("child %d = %+v, want id %q text %q label %q leaf %v total 1", i, *c, w.id, w.text, w.label, w.leaf)
		}
	}
}

func TestShapeRandom(t *testing.T) {
	for _, c := range []struct {
		recipe string
		folds  bool
	}{{"3,3", false}, {"2,8", false}, {"3,6", false}, {"4,6", true}, {"5,7", true}} {
		for seed := range uint64(4) {
			t.Run(fmt.Sprintf("%s/seed%d", c.recipe, seed), func(t *testing.T) {
				p := prepare(t, Scenario{Random: c.recipe, Seed: seed})
				sh := drawShape(t, p, ShapeOptions{})
				checkShape(t, p, sh)
				checkLevels(t, sh, MaxDrawn)
				if sh.Total != p.Tree.Size {
					t.Errorf("root Total %d, want the tree's size %d", sh.Total, p.Tree.Size)
				}
				_, folded := perDepth(sh)
				if got := slices.Max(folded) > 0; got != c.folds {
					t.Errorf("folds: got %v, want %v", got, c.folds)
				}
				// Every drawn node shows what the tree has.
				walkShape(sh, func(n *trace.Shape) {
					tn := p.Tree.Find(n.ID)
					if tn == nil {
						t.Fatalf("node %q is not in the tree", n.ID)
					}
					text := ""
					if tn.IsLeaf() {
						text = trace.Num(tn.Value).String()
					}
					if n.Kind != tn.Kind || n.Label != tn.Name || n.Leaf != tn.IsLeaf() || n.Text != text {
						t.Errorf("node %q = %+v, want kind %v label %q leaf %v text %q", n.ID, *n, tn.Kind, tn.Name, tn.IsLeaf(), text)
					}
				})
			})
		}
	}
}

// TestShapeRandomLevels checks whole levels on a uniform tree, where the
// next level's size is known: branching 4, depth 6 has levels of 4^d.
func TestShapeRandomLevels(t *testing.T) {
	p := prepare(t, Scenario{Random: "4,6"})
	for _, c := range []struct {
		maxDrawn int
		levels   []int
	}{
		{0, []int{1, 4, 16, 64, 256, 1024}}, // 1365 ≤ 2000 < 1365 + 4096
		{1365, []int{1, 4, 16, 64, 256, 1024}},
		{1364, []int{1, 4, 16, 64, 256}},
		{5, []int{1, 4}},
		{4, []int{1}},
		{1, []int{1}},
		{10000, []int{1, 4, 16, 64, 256, 1024, 4096}},
	} {
		sh := drawShape(t, p, ShapeOptions{MaxDrawn: c.maxDrawn})
		drawn, folded := perDepth(sh)
		if !slices.Equal(drawn, c.levels) {
			t.Errorf("MaxDrawn %d: got levels %v, want %v", c.maxDrawn, drawn, c.levels)
		}
		last := len(c.levels) - 1
		wantFolded := c.levels[last]
		if last == 6 {
			wantFolded = 0 // the leaves
		}
		if folded[last] != wantFolded {
			t.Errorf("MaxDrawn %d: got %d folded on level %d, want %d", c.maxDrawn, folded[last], last, wantFolded)
		}
	}
}

func TestShapeTicTacToe(t *testing.T) {
	p := prepare(t, Scenario{Game: "tictactoe"})
	sh := drawShape(t, p, ShapeOptions{})
	checkShape(t, p, sh)
	checkLevels(t, sh, MaxDrawn)
	if sh.Total != 549946 {
		t.Errorf("root Total %d, want 549946", sh.Total)
	}
	drawn, folded := perDepth(sh)
	if want := []int{1, 9, 72, 504}; !slices.Equal(drawn, want) {
		t.Errorf("drawn per level %v, want %v", drawn, want)
	}
	if want := []int{0, 0, 0, 504}; !slices.Equal(folded, want) {
		t.Errorf("folded per level %v, want %v", folded, want)
	}
	sum := 0
	walkShape(sh, func(n *trace.Shape) {
		if n.Folded {
			sum += n.Total
		}
	})
	if want := 549946 - 82; sum != want {
		t.Errorf("folded Totals sum to %d, want %d", sum, want)
	}
	c := sh.Children[4].Children[0] // x in the centre, o in the corner
	if c.Board != "o...x...." || c.Kind != trace.Max || sh.Children[4].Kind != trace.Min || sh.Board != "........." {
		t.Errorf("node 4.0: board %q kind %v, want \"o...x....\" max", c.Board, c.Kind)
	}
	if sh.Text != "" || c.Text != "" {
		t.Errorf("inner texts %q, %q, want none", sh.Text, c.Text)
	}
}

func TestShapeTicTacToeDepth(t *testing.T) {
	p := prepare(t, Scenario{Game: "tictactoe", Depth: 2})
	sh := drawShape(t, p, ShapeOptions{})
	checkShape(t, p, sh)
	drawn, folded := perDepth(sh)
	if want := []int{1, 9, 72}; !slices.Equal(drawn, want) || slices.Max(folded) != 0 || sh.Total != 82 {
		t.Errorf("drawn %v folded %v Total %d, want %v, no folds, 82", drawn, folded, sh.Total, want)
	}
	walkShape(sh, func(n *trace.Shape) {
		if d := trace.DepthOf(n.ID); d == 2 && (!n.Leaf || n.Text != "" || n.Total != 1) {
			t.Errorf("node %q at the limit = %+v, want a leaf without text, Total 1", n.ID, *n)
		}
	})
	// Terminal texts are the search's utilities: ±100 with a depth limit.
	const xWins = "0.2.0.1.0" // x a1, o a2, x b1, o b2, x c1
	for _, c := range []struct {
		s    Scenario
		text string
	}{{Scenario{Game: "tictactoe"}, "1"}, {Scenario{Game: "tictactoe", Depth: 6}, "100"}} {
		d, err := prepare(t, c.s).Describe(xWins)
		if err != nil || !d.Leaf || d.Text != c.text || d.Total != 1 || d.Folded || d.Board != "xxxoo...." {
			t.Errorf("depth %d: Describe(%q) = %+v, %v, want leaf %q, board xxxoo....", c.s.Depth, xWins, d, err, c.text)
		}
	}
	// o wins: o on a1, b2 and c3 after x on b1, c1 (from a position).
	p2 := prepare(t, Scenario{Game: "tictactoe", Position: "ox./.o./x.."})
	// Empty cells 2, 3, 5, 7, 8: x on c1 is child 0; then o on c3 is child 3.
	if d, err := p2.Describe("0.3"); err != nil || d.Board != "oxx.o.x.o" || !d.Leaf || d.Text != "−1" || d.Kind != trace.Max {
		t.Errorf("Describe(\"0.3\") = %+v, %v, want o's win oxx.o.x.o, text −1, x to move", d, err)
	}
}

func TestShapeOpen(t *testing.T) {
	p := prepare(t, Scenario{Game: "tictactoe"})
	base := count(drawShape(t, p, ShapeOptions{}))
	const fold = "4.0.1"
	sh := drawShape(t, p, ShapeOptions{Open: []string{fold}})
	checkShape(t, p, sh)
	opened := find(sh, fold)
	if opened == nil || opened.Folded || len(opened.Children) != 6 {
		t.Fatalf("opened node %q = %+v, want open with 6 children", fold, opened)
	}
	added := count(sh) - base
	if added <= 0 || added > MaxOpen {
		t.Errorf("opening %q added %d nodes, want 1..%d", fold, added, MaxOpen)
	}
	if got := count(opened) - 1; got != added {
		t.Errorf("%d nodes under %q, want all %d added ones", got, fold, added)
	}
	// 933 nodes below o.x.x.... (counted by an independent program).
	if sh.Total != 549946 || opened.Total != 933 || opened.Board != "o.x.x...." {
		t.Errorf("Totals %d, %d, board %q, want 549946, 933, o.x.x....: opening changes no Total", sh.Total, opened.Total, opened.Board)
	}
	// The last drawn level under the fold folds again; find one such fold
	// and open it too, listed first: parents are opened first.
	var inner *trace.Shape
	walkShape(opened, func(n *trace.Shape) {
		if n.Folded && inner == nil {
			inner = n
		}
	})
	if inner == nil {
		t.Fatalf("no fold under the opened %q", fold)
	}
	sh2 := drawShape(t, p, ShapeOptions{Open: []string{inner.ID, fold, fold, "0"}})
	checkShape(t, p, sh2)
	if n := find(sh2, inner.ID); n == nil || n.Folded {
		t.Errorf("nested fold %q = %+v, want opened", inner.ID, n)
	}
	if got := count(sh2) - count(sh); got <= 0 || got > MaxOpen {
		t.Errorf("the nested open added %d nodes, want 1..%d", got, MaxOpen)
	}
	// Ids that are not folds are ignored: an inner node, a node inside a
	// closed fold, the root.
	sh3 := drawShape(t, p, ShapeOptions{Open: []string{"0", "4.1.2.3", ""}})
	if got := count(sh3); got != base {
		t.Errorf("opening non-folds drew %d nodes, want %d", got, base)
	}
}

func find(sh *trace.Shape, id string) *trace.Shape {
	var out *trace.Shape
	walkShape(sh, func(n *trace.Shape) {
		if n.ID == id {
			out = n
		}
	})
	return out
}

func TestShapeNim(t *testing.T) {
	p := prepare(t, Scenario{Game: "nim"}) // 5 matches, take 1 or 2
	sh := drawShape(t, p, ShapeOptions{})
	checkShape(t, p, sh)
	if got := count(sh); got != 20 || sh.Total != 20 {
		t.Errorf("drew %d nodes, root Total %d, want 20 and 20", got, sh.Total)
	}
	for _, c := range []struct {
		id, text string
		kind     trace.Kind
		total    int
		leaf     bool
	}{
		{"", "5", trace.Max, 20, false},
		{"0", "4", trace.Min, 12, false},
		{"1", "3", trace.Min, 7, false},
		{"1.1.0", "0", trace.Min, 1, true}, // MAX took the last match
		{"0.0.0.0.0", "0", trace.Min, 1, true},
	} {
		n := find(sh, c.id)
		if n == nil || n.Text != c.text || n.Kind != c.kind || n.Total != c.total || n.Leaf != c.leaf || n.Label != "" {
			t.Errorf("node %q = %+v, want text %q kind %v total %d leaf %v", c.id, n, c.text, c.kind, c.total, c.leaf)
		}
	}
}

func TestShapeNimHuge(t *testing.T) {
	p := prepare(t, Scenario{Game: "nim", Matches: 64, Take: 8})
	// The shape of a 1.65e19-node tree is drawn lazily: an exhaustive walk
	// would never return, so the test's own time limit guards it.
	sh := drawShape(t, p, ShapeOptions{})
	checkShape(t, p, sh)
	checkLevels(t, sh, MaxDrawn)
	if sh.Total != MaxTotal {
		t.Errorf("root Total %d, want MaxTotal (the tree has about 1.65e19 nodes)", sh.Total)
	}
	// 20 matches, take 8: 1,024,024 nodes, counted exactly.
	if got, err := p.SubtreeSize(strings.Repeat("7.", 5) + "3"); err != nil || got != 1024024 {
		t.Errorf("SubtreeSize of 20 left = %d, %v, want 1024024", got, err)
	}
}

func TestShapeErrors(t *testing.T) {
	p := prepare(t, Scenario{Game: "tictactoe"})
	for _, id := range []string{"9", "0.8", "a", "01", "+1", "1.", ".1", "-1", "0.2.0.1.0.0"} {
		if _, err := p.SubtreeSize(id); err == nil || !IsUsage(err) || !strings.Contains(err.Error(), fmt.Sprintf("%q", id)) {
			t.Errorf("SubtreeSize(%q): got %v, want a usage error naming the id", id, err)
		}
		if _, err := p.Describe(id); err == nil || !IsUsage(err) || !strings.HasPrefix(err.Error(), "scenario: ") {
			t.Errorf("Describe(%q): got %v, want a usage error", id, err)
		}
		if _, err := p.Shape(ShapeOptions{Open: []string{"4", id}}); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("%q", id)) {
			t.Errorf("Shape(Open %q): got %v, want an error naming the id", id, err)
		}
	}
	// Below the depth limit there are no nodes.
	pd := prepare(t, Scenario{Game: "tictactoe", Depth: 2})
	if _, err := pd.SubtreeSize("0.0.0"); err == nil {
		t.Errorf("SubtreeSize below the depth limit: got no error")
	}
	many := make([]string, MaxOpenFolds+1)
	if _, err := p.Shape(ShapeOptions{Open: many}); err == nil || !IsUsage(err) {
		t.Errorf("Shape with %d opens: got %v, want a usage error", len(many), err)
	}
	var zero Search
	if _, err := zero.Shape(ShapeOptions{}); err == nil {
		t.Errorf("Shape of an unprepared Search: got no error")
	}
	if _, err := zero.SubtreeSize(""); err == nil {
		t.Errorf("SubtreeSize of an unprepared Search: got no error")
	}
	if _, err := zero.Describe(""); err == nil {
		t.Errorf("Describe of an unprepared Search: got no error")
	}
}

func TestShapeConcurrent(t *testing.T) {
	p := prepare(t, Scenario{Game: "tictactoe"})
	var wg sync.WaitGroup
	totals := make([]int, 8)
	for i := range totals {
		wg.Go(func() {
			sh, err := p.Shape(ShapeOptions{Open: []string{"0.1.2"}})
			if err == nil {
				totals[i] = sh.Total
			}
			p.SubtreeSize("4.4")
			p.Describe("4.0.1")
		})
	}
	wg.Wait()
	for i, got := range totals {
		if got != 549946 {
			t.Errorf("goroutine %d: got Total %d, want 549946", i, got)
		}
	}
}

func TestShapeLayout(t *testing.T) {
	p := prepare(t, Scenario{Game: "tictactoe"})
	sh := drawShape(t, p, ShapeOptions{})
	l := trace.NewLayout(sh, trace.LayoutOptions{})
	if l.Len() != 586 || len(l.Folds()) != 504 || l.Depth != 3 {
		t.Errorf("layout: %d nodes, %d folds, depth %d, want 586, 504, 3", l.Len(), len(l.Folds()), l.Depth)
	}
	if l.Width != 503 {
		t.Errorf("layout Width %v, want 503 (504 folds side by side)", l.Width)
	}
	// x on c3 (cell 8), o on c2 (cell 7), x on b3 (cell 5 is the 6th empty cell).
	if n, ok := l.Node("8.7.5"); !ok || !n.Folded || n.Board != ".....x.ox" || n.Kind != trace.Min {
		t.Errorf("Node(\"8.7.5\") = %+v, %v, want a folded MIN node with board .....x.ox", n, ok)
	}
}

// BenchmarkShapeLayout draws the empty tic-tac-toe board: Shape (with its
// subtree counts) and NewLayout. "cold" prepares the scenario each time, so
// every subtree size is counted afresh; "warm" reuses the counts.
func BenchmarkShapeLayout(b *testing.B) {
	b.Run("cold", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			p := prepare(b, Scenario{Game: "tictactoe"})
			trace.NewLayout(drawShape(b, p, ShapeOptions{}), trace.LayoutOptions{})
		}
	})
	b.Run("warm", func(b *testing.B) {
		p := prepare(b, Scenario{Game: "tictactoe"})
		b.ReportAllocs()
		for b.Loop() {
			trace.NewLayout(drawShape(b, p, ShapeOptions{}), trace.LayoutOptions{})
		}
	})
	b.Run("random-5,7", func(b *testing.B) {
		p := prepare(b, Scenario{Random: "5,7"})
		b.ReportAllocs()
		for b.Loop() {
			trace.NewLayout(drawShape(b, p, ShapeOptions{}), trace.LayoutOptions{})
		}
	})
}

// TestChildCountIsWhatDescribeNames: ChildCount(id) is the number of
// children ChildID(id, 0), … that Describe names before the first it does
// not, at every node of small trees and games (minichess with quiescence,
// whose past-the-limit children are only its captures, among them), and
// an error for an id that names no node.
func TestChildCountIsWhatDescribeNames(t *testing.T) {
	for _, s := range []Scenario{
		{Tree: "(A(3 12 8) B(2 4 6) C(14 5 2))"},
		{Random: "3,3", Seed: 2},
		{Game: "tictactoe", Position: "xo.x.o..."},
		{Game: "minichess", Depth: 1, Quiescence: true},
	} {
		p := prepare(t, s)
		nodes := 0
		var walk func(id string)
		walk = func(id string) {
			if nodes++; nodes > 3000 {
				return
			}
			n := 0
			for ; ; n++ {
				if _, err := p.Describe(trace.ChildID(id, n)); err != nil {
					break
				}
			}
			if got, err := p.ChildCount(id); got != n || err != nil {
				t.Errorf("%+v: ChildCount(%q) = %d, %v; Describe names %d children", s, id, got, err, n)
			}
			for k := range n {
				walk(trace.ChildID(id, k))
			}
		}
		walk("")
		if _, err := p.ChildCount("0.99"); err == nil {
			t.Errorf("%+v: ChildCount of a node that is not: no error", s)
		}
	}
}
