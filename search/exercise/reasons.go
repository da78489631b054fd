package exercise

import (
	"fmt"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

// MaxOrderingReasons is how many nodes the ordering exercise's verdict
// explains at most: the ones nearest the root first, where an ordering
// matters most.
const MaxOrderingReasons = 5

// orderingReasons says node by node why the arrangement t prunes more or
// less than the goal asks, for the nodes its search enters:
//
//   - for GoalMost, every node whose first child is not its best (the
//     highest value at MAX, the lowest at MIN): searched first, the best
//     child sets the bound at once, and the others can be cut off as soon
//     as they cannot beat it;
//   - for GoalLeast, every node that cuts off, with the test that fired:
//     its children worst first would reach the bound as late as possible.
//
// The nodes are named as the tree draws them, in t.All's order (the root
// first), at most MaxOrderingReasons of them.
func orderingReasons(t *tree.Tree, prune search.PruneRule, goal Goal) ([]trace.Phrase, error) {
	entered := map[string]bool{}
	cuts := map[string]trace.Phrase{}
	frame := trace.NewFrame()
	var said trace.Phrase
	frame.Words = keepPhrase(&said)
	frame.Leaf = leafOf(t)
	var applyErr error
	if _, err := search.AlphaBeta(tree.Game{}, t.Root, search.Options[*tree.Node]{Prune: prune}, func(e *trace.Event) bool {
		if applyErr = frame.Apply(*e); applyErr != nil {
			return false
		}
		switch e.Type {
		case trace.Enter:
			entered[e.Node] = true
		case trace.Prune:
			if len(e.Pruned) > 0 {
				cuts[e.Node] = said
			}
		}
		return true
	}); err != nil {
		return nil, fmt.Errorf("exercise: searching the arrangement: %w", err)
	}
	if applyErr != nil {
		return nil, fmt.Errorf("exercise: replaying the arrangement: %w", applyErr)
	}
	var out []trace.Phrase
	for n := range t.All() {
		if len(out) == MaxOrderingReasons {
			break
		}
		if n.IsLeaf() || !entered[n.ID] {
			continue
		}
		if goal == GoalLeast {
			if cut, ok := cuts[n.ID]; ok {
				out = append(out, say("exercise.ord.why-least", "Cut", cut, "Node", nameOf(n), "Kind", kindWord(n.Kind)))
			}
			continue
		}
		values := make([]float64, len(n.Children))
		best := 0
		for i, c := range n.Children {
			values[i] = minimaxValue(c)
			if better(n.Kind, values[i], values[best]) {
				best = i
			}
		}
		if values[best] != values[0] {
			out = append(out, say("exercise.ord.why-most", "Node", nameOf(n), "Kind", kindWord(n.Kind),
				"First", nameOf(n.Children[0]), "FirstValue", trace.Num(values[0]).String(),
				"Best", nameOf(n.Children[best]), "BestValue", trace.Num(values[best]).String()))
		}
	}
	return out, nil
}

// kindWord is MAX or MIN, as the pages write a node's player.
func kindWord(k trace.Kind) string {
	if k == trace.Min {
		return "MIN"
	}
	return "MAX"
}

// better reports whether value v is better than w for the player of a
// node of kind k.
func better(k trace.Kind, v, w float64) bool {
	if k == trace.Min {
		return v < w
	}
	return v > w
}

// minimaxValue is a subtree's minimax value (an exercise's trees are small).
func minimaxValue(n *tree.Node) float64 {
	if n.IsLeaf() {
		return n.Value
	}
	v := minimaxValue(n.Children[0])
	for _, c := range n.Children[1:] {
		if w := minimaxValue(c); better(n.Kind, w, v) {
			v = w
		}
	}
	return v
}
