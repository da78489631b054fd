package scenario

import (
	"sync"

	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

// RandomTreesKeptNodes bounds the random trees kept for the next search of
// the same recipe (see randomTrees): at most this many nodes in all, two of
// the largest random trees (tree.MaxRandomNodes each).
const RandomTreesKeptNodes = 2 * tree.MaxRandomNodes

// randomKey is what makes a random tree: its recipe and its root's kind.
type randomKey struct {
	recipe tree.Recipe
	root   trace.Kind
}

// randomTree is one kept tree, or one being made (done closes when it is
// made; t and err are set before).
type randomTree struct {
	done chan struct{}
	t    *tree.Tree
	err  error
}

// randomTrees keeps the random trees generated last, by recipe and root
// kind: every viewer of /view?random=3,12&seed=1 searches the same tree,
// which takes longer to generate and name than to draw at its end. A
// tree is never changed after its preparation (the searches, the
// drawings and the pages only read it), so one tree serves every search
// of its recipe at once. Viewers that ask for a tree being made wait for
// it instead of making their own. The oldest trees go first when the
// kept ones hold more than RandomTreesKeptNodes nodes.
var randomTrees = struct {
	sync.Mutex
	byKey map[randomKey]*randomTree
	order []randomKey // oldest first
}{byKey: map[randomKey]*randomTree{}}

// randomTreeOf returns the random tree of the recipe with its root of
// kind rk, made by build the first time (the same tree every later time,
// while it is kept).
func randomTreeOf(r tree.Recipe, rk trace.Kind, build func() (*tree.Tree, error)) (*tree.Tree, error) {
	k := randomKey{r, rk}
	randomTrees.Lock()
	if kept, ok := randomTrees.byKey[k]; ok {
		randomTrees.Unlock()
		<-kept.done
		return kept.t, kept.err
	}
	rt := &randomTree{done: make(chan struct{})}
	randomTrees.byKey[k] = rt
	randomTrees.order = append(randomTrees.order, k)
	randomTrees.Unlock()

	t, err := build()

	randomTrees.Lock()
	defer randomTrees.Unlock()
	rt.t, rt.err = t, err
	close(rt.done)
	if err != nil {
		forgetRandom(k, rt)
		return nil, err
	}
	keepWithin(RandomTreesKeptNodes)
	return t, nil
}

// forgetRandom drops the tree kept for k if it is rt (the lock held).
func forgetRandom(k randomKey, rt *randomTree) {
	if randomTrees.byKey[k] != rt {
		return
	}
	delete(randomTrees.byKey, k)
	for i, o := range randomTrees.order {
		if o == k {
			randomTrees.order = append(randomTrees.order[:i], randomTrees.order[i+1:]...)
			break
		}
	}
}

// keepWithin drops the oldest made trees until the kept ones hold at most
// n nodes (the lock held). Trees being made count nothing yet.
func keepWithin(n int) {
	total := 0
	for _, k := range randomTrees.order {
		if rt := randomTrees.byKey[k]; rt.t != nil {
			total += rt.t.Size
		}
	}
	for i := 0; total > n && i < len(randomTrees.order); {
		k := randomTrees.order[i]
		rt := randomTrees.byKey[k]
		if rt.t == nil {
			i++
			continue
		}
		total -= rt.t.Size
		forgetRandom(k, rt)
	}
}
