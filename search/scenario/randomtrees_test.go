package scenario

import (
	"sync"
	"testing"

	"github.com/abtrace/abtrace/search/tree"
)

// A random tree is made once per recipe and root, for every search that
// asks for it at the same time and after; another seed, another root or
// another size is another tree; the kept trees stay within their bound.
func TestRandomTreesKept(t *testing.T) {
	prepare := func(random string, seed uint64, root string) *tree.Tree {
		t.Helper()
		p, err := Scenario{Random: random, Seed: seed, Root: root}.Prepare()
		if err != nil {
			t.Fatal(err)
		}
		return p.Tree
	}
	var wg sync.WaitGroup
	got := make([]*tree.Tree, 8)
	for i := range got {
		wg.Go(func() { got[i] = prepare("3,9", 41, "") })
	}
	wg.Wait()
	for i, tr := range got {
		if tr != got[0] {
			t.Fatalf("search %d of the same recipe at once got another tree", i)
		}
	}
	if prepare(" 3, 9", 41, "max") != got[0] {
		t.Error("the same recipe written otherwise made another tree")
	}
	if other := prepare("3,9", 42, ""); other == got[0] || other.String() == got[0].String() {
		t.Error("another seed gave the same tree")
	}
	minRoot := prepare("3,9", 41, "min")
	if minRoot == got[0] || minRoot.Root.Kind == got[0].Root.Kind {
		t.Error("root=min gave the tree of root=max")
	}
	if got[0].String() != mustRandom(t, tree.Recipe{Branching: 3, Depth: 9, Seed: 41}).String() {
		t.Error("the kept tree is not the recipe's tree")
	}
	// A recipe asked for once leaves nothing behind; asked again, it is
	// kept.
	once := prepare("2,15", 9, "")
	if prepare("2,15", 9, "") == once {
		t.Error("a tree asked for once was kept")
	}
	if again := prepare("2,15", 9, ""); prepare("2,15", 9, "") != again {
		t.Error("a tree asked for a second time was not kept")
	}
	// A small tree is never kept.
	if small := prepare("2,3", 7, ""); prepare("2,3", 7, "") == small {
		t.Error("a tree smaller than RandomTreesKeptFrom was kept")
	}
	// Forgotten when the class has left.
	ForgetRandomTrees()
	if prepare("3,9", 41, "") == got[0] {
		t.Error("ForgetRandomTrees kept a tree")
	}
	// Over the bound, the oldest trees go first.
	prepare("2,15", 7, "")
	newest := prepare("2,15", 7, "")
	randomTrees.Lock()
	defer randomTrees.Unlock()
	keepWithin(newest.Size + 1)
	if len(randomTrees.byKey) != 1 || len(randomTrees.order) != 1 || randomTrees.byKey[randomTrees.order[0]].t != newest {
		t.Errorf("kept %d trees (%d in order) within %d nodes, want the newest alone", len(randomTrees.byKey), len(randomTrees.order), newest.Size+1)
	}
}

func mustRandom(t *testing.T, r tree.Recipe) *tree.Tree {
	t.Helper()
	tr, err := tree.Random(r)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}
