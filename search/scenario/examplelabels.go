package scenario

import (
	"strings"

	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

// The lecture's example trees name their nodes by words (the horizon
// effect with a delaying move: Give, Check, Taken, Reply, Later, Lost).
// The address holds the tree's text as it is, the same in every language,
// so that the permalink stays one; the viewer words those names in its
// language as keys (see KeyLabels), in the tree, the narration, the
// panels and the outline.

// exampleLabels are the words that name nodes of an example tree, by the
// tree's text: each label's phrase is scenario.example.<label in lower
// case>.
var exampleLabels = map[string][]string{
	tree.HorizonDelayTree: {"Give", "Taken", "Check", "Reply", "Later", "Lost"},
}

// exampleTerm gives the key label of a tree's text that is an example's
// (exampleLabels): a function wording its names, nil for any other text.
func exampleTerm(text string) func(string) (trace.Phrase, bool) {
	labels, ok := exampleLabels[strings.TrimSpace(text)]
	if !ok {
		return nil
	}
	return func(label string) (trace.Phrase, bool) {
		for _, l := range labels {
			if l == label {
				return trace.Phrase{ID: "scenario.example." + strings.ToLower(l)}, true
			}
		}
		return trace.Phrase{}, false
	}
}

// messagesExamples are the English of the example trees' names.
var messagesExamples = map[string]trace.Message{
	"scenario.example.give":  {Other: "Give", Description: "a node's name in the horizon effect with a delaying move (tree.HorizonDelayTree): MAX gives its piece up at once. Short, one word, capitalised like a name: it is drawn beside the node"},
	"scenario.example.taken": {Other: "Taken", Description: "the same tree: MIN takes the piece MAX gave up"},
	"scenario.example.check": {Other: "Check", Description: "the same tree: MAX checks instead, the delaying move"},
	"scenario.example.reply": {Other: "Reply", Description: "the same tree: MIN's reply to the check, which costs MAX a pawn"},
	"scenario.example.later": {Other: "Later", Description: "the same tree: the play after the reply, where the piece is lost all the same"},
	"scenario.example.lost":  {Other: "Lost", Description: "the same tree: the leaf where MAX's piece is lost after all (−4)"},
}

func init() {
	for id, m := range messagesExamples {
		English[id] = m
	}
}
