package tree

import (
	"testing"

	"github.com/abtrace/abtrace/trace"
)

// TestNodeSizes checks that every node of a parsed, a built and a random
// tree knows the size of its subtree, and knows it again after SetRoot.
func TestNodeSizes(t *testing.T) {
	random, err := Random(Recipe{Branching: 3, Depth: 5, Seed: 7, Uneven: true})
	if err != nil {
		t.Fatal(err)
	}
	built, err := Build(&Node{Children: []*Node{{Value: 1}, {Children: []*Node{{Value: 2}, {Value: 3}}}}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for name, tr := range map[string]*Tree{"parsed": MustParse(TwoPlyGameTree), "built": built, "random": random} {
		check := func() {
			t.Helper()
			if int(tr.Root.Size) != tr.Size {
				t.Errorf("%s: the root's size is %d, want the tree's %d", name, tr.Root.Size, tr.Size)
			}
			for n := range tr.All() {
				want := int32(0)
				for range (&Tree{Root: n}).All() {
					want++
				}
				if n.Size != want {
					t.Errorf("%s: node %q has size %d, want %d", name, n.ID, n.Size, want)
				}
			}
		}
		check()
		if err := tr.SetRoot(trace.Min); err != nil {
			t.Fatal(err)
		}
		check()
	}
}
