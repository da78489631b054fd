package scenario

import (
	"sync"

	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

// RandomTreesKeptNodes bounds the random trees kept for the next search of
// the same recipe (see randomTrees): at most this many nodes in all, one
// of the largest random trees (tree.MaxRandomNodes). The kept trees count
// in the server's memory cap like everything else live, so the bound is
// one tree, not more: a class that opens many different random trees
// (every student their own seed, a lab's 200 seeds) must not fill the
// cap with trees nobody looks at again.
const RandomTreesKeptNodes = tree.MaxRandomNodes

// RandomTreesKeptFrom is the size from which a random tree is kept: a
// smaller one is made again faster than a page is drawn, and a class of
// students each on their own seed would otherwise keep hundreds of them.
const RandomTreesKeptFrom = 20_000

// RandomTreesRemembered bounds the recipes remembered as asked for once
// (see randomTrees.asked); past it, the memory starts again.
const RandomTreesRemembered = 4096

// randomKey is what makes a random tree: its recipe and its root's kind.
type randomKey struct {
	recipe tree.Recipe
	root   trace.Kind
}

// randomTree is one kept tree, or one being made (done closes when it is
// made; t and err are set before). shared says that another search asked
// for it while it was being made.
type randomTree struct {
	done   chan struct{}
	t      *tree.Tree
	facts  *treeFacts
	err    error
	shared bool
}

// randomTrees keeps the random trees generated last, by recipe and root
// kind: every viewer of /view?random=3,12&seed=1 searches the same tree,
// which takes longer to generate and name than to draw at its end. A
// tree is never changed after its preparation (the searches, the
// drawings and the pages only read it), so one tree serves every search
// of its recipe at once. Viewers that ask for a tree being made wait for
// it instead of making their own. A tree is kept only when it is asked
// for a second time (while it is made, or later while its recipe is
// remembered in asked): a one-off search, such as one of a lab's many
// seeds, leaves nothing behind. The oldest trees go first when the kept
// ones hold more than RandomTreesKeptNodes nodes, and the server forgets
// them all when the class has left (ForgetRandomTrees).
var randomTrees = struct {
	sync.Mutex
	byKey map[randomKey]*randomTree
	order []randomKey // oldest first
	asked map[randomKey]struct{}
}{byKey: map[randomKey]*randomTree{}, asked: map[randomKey]struct{}{}}

// ForgetRandomTrees drops every kept random tree and every remembered
// recipe (the searches running on a tree keep it as long as they need).
func ForgetRandomTrees() {
	randomTrees.Lock()
	defer randomTrees.Unlock()
	clear(randomTrees.byKey)
	randomTrees.order = nil
	clear(randomTrees.asked)
}

// randomTreeOf returns the random tree of the recipe with its root of
// kind rk and its facts, made by build the first time (the same tree every
// later time, while it is kept).
func randomTreeOf(r tree.Recipe, rk trace.Kind, build func() (*tree.Tree, error)) (*tree.Tree, *treeFacts, error) {
	k := randomKey{r, rk}
	randomTrees.Lock()
	if kept, ok := randomTrees.byKey[k]; ok {
		kept.shared = true
		randomTrees.Unlock()
		<-kept.done
		return kept.t, kept.facts, kept.err
	}
	_, again := randomTrees.asked[k]
	rt := &randomTree{done: make(chan struct{})}
	randomTrees.byKey[k] = rt
	randomTrees.order = append(randomTrees.order, k)
	randomTrees.Unlock()

	t, err := build()
	var f *treeFacts
	if err == nil {
		f = factsOf(t)
	}

	randomTrees.Lock()
	defer randomTrees.Unlock()
	rt.t, rt.facts, rt.err = t, f, err
	close(rt.done)
	if err != nil {
		forgetRandom(k, rt)
		return nil, nil, err
	}
	if t.Size < RandomTreesKeptFrom {
		forgetRandom(k, rt)
		return t, f, nil
	}
	if !again && !rt.shared {
		forgetRandom(k, rt)
		if len(randomTrees.asked) >= RandomTreesRemembered {
			clear(randomTrees.asked)
		}
		randomTrees.asked[k] = struct{}{}
		return t, f, nil
	}
	delete(randomTrees.asked, k)
	keepWithin(RandomTreesKeptNodes)
	return t, f, nil
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
