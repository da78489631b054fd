package scenario

import (
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

// categoryTerms is the key labels of a tree: categoryTerm where some
// node of t is estimated by the expected value of its category
// (tree.Node.Shares), and nil (every label a name) otherwise.
func categoryTerms(t *tree.Tree) func(string) (trace.Phrase, bool) {
	for n := range t.All() {
		if n.HasShares {
			return categoryTerm
		}
	}
	return nil
}

// categoryTerm gives the phrase of a term of an expected value by
// category ("win", "loss", "draw"), which the narration words in the
// viewer's language; every other label of a tree is a name.
func categoryTerm(label string) (trace.Phrase, bool) {
	for _, c := range tree.Categories {
		if label == c {
			return trace.Phrase{ID: "scenario.category." + c}, true
		}
	}
	return trace.Phrase{}, false
}
