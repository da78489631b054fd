package scenario

import (
	"math"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

// treeFacts is what preparing a search asks of its whole tree, found in
// one walk: a random tree of 797,161 nodes took about 20 ms a walk, and
// preparing walked it four times for every request. A kept random tree
// keeps its facts with it (randomTree), so its viewers walk it not at all.
type treeFacts struct {
	// chance is the first chance node in preorder, nil where there is none.
	chance *tree.Node
	// shares says that some node is estimated by the expected value of its
	// category (tree.Node.Shares).
	shares bool
	// outcomes is the least and the greatest leaf value, the range of the
	// tree's outcomes (widened by one when every leaf is equal).
	outcomes search.Bounds
	// integral says that every leaf value and estimate is a whole number
	// (and the tree has no chance node and no vector).
	integral bool
}

// factsOf walks t once for its facts.
func factsOf(t *tree.Tree) *treeFacts {
	f := &treeFacts{integral: true}
	whole := func(x float64) bool { return x == math.Trunc(x) && !math.IsInf(x, 0) }
	lo, hi := math.Inf(1), math.Inf(-1)
	for n := range t.All() {
		if n.Kind == trace.Chance && f.chance == nil {
			f.chance = n
		}
		f.shares = f.shares || n.HasShares
		leaf := n.IsLeaf()
		if leaf {
			lo, hi = min(lo, n.Value), max(hi, n.Value)
		}
		if n.Kind == trace.Chance || n.Vec != nil || leaf && !whole(n.Value) || n.HasEstimate && !whole(n.Estimate) {
			f.integral = false
		}
	}
	switch {
	case lo > hi:
	case lo == hi:
		f.outcomes = search.Bounds{L: lo, U: lo + 1}
	default:
		f.outcomes = search.Bounds{L: lo, U: hi}
	}
	return f
}

// keyLabels is the key labels of the tree written as text:
// categoryTerm where some node is estimated by the expected value of its
// category, the names of an example tree (exampleTerm), and nil (every
// label a name) otherwise.
func (f *treeFacts) keyLabels(text string) func(string) (trace.Phrase, bool) {
	if f.shares {
		return categoryTerm
	}
	return exampleTerm(text)
}
