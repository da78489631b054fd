package exercise

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

// The ordering exercise: the student reorders the children of an
// exercise's nodes so that alpha-beta, searching in the order shown, prunes
// as much as it can (GoalMost) or as little (GoalLeast). The arrangement is
// a tree text; it must be a reordering of the exercise's tree (see
// Arrange). GradeOrdering compares the leaves alpha-beta evaluates on it
// with the optimum: the engine's best ordering (children sorted best first
// by their true values) for the most pruning, its worst for the least.

// Goal is what the ordering exercise asks for.
type Goal string

const (
	// GoalMost: prune as much as possible (the default).
	GoalMost Goal = "most"
	// GoalLeast: prune as little as possible.
	GoalLeast Goal = "least"
)

// ParseGoal reads the goal parameter: "" or "most", or "least". Anything
// else is an *Error naming the field "goal".
func ParseGoal(s string) (Goal, error) {
	switch s {
	case "", "most":
		return GoalMost, nil
	case "least":
		return GoalLeast, nil
	}
	return "", invalidSay("goal", "exercise.err.goal", "Got", strconv.Quote(s))
}

// MaxArrangementLen is the longest arrangement text Arrange reads, in
// bytes: the text of the largest exercise tree (MaxLeaves leaves of at most
// four characters, with their parentheses and spaces) fits many times over.
const MaxArrangementLen = 16 << 10

// Canonical writes a subtree with every node's children sorted, so two
// trees that differ only in the order of children write the same.
func Canonical(n *tree.Node) string {
	if len(n.Children) == 0 {
		return strconv.FormatFloat(n.Value, 'g', -1, 64)
	}
	parts := make([]string, len(n.Children))
	for i, c := range n.Children {
		parts[i] = Canonical(c)
	}
	slices.Sort(parts)
	return "(" + strings.Join(parts, " ") + ")"
}

// Arrange reads a student's arrangement of the exercise's tree: its text
// in the classroom notation, which must be the exercise's tree with only
// the order of children changed. "" is the exercise's own order. A text
// that does not parse or is not a reordering is an *Error naming the field
// "tree".
func Arrange(ex *Exercise, text string) (*tree.Tree, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return ex.Tree, nil
	}
	if len(text) > MaxArrangementLen {
		return nil, invalidSay("tree", "exercise.err.arrangement-long", "N", len(text), "Max", MaxArrangementLen)
	}
	t, err := tree.Options{Root: ex.Params.Root}.Parse(text)
	if err != nil {
		return nil, &Error{Field: "tree", Msg: strings.TrimPrefix(err.Error(), "tree: "), Kind: ErrInvalid, Err: err}
	}
	if Canonical(t.Root) != Canonical(ex.Tree.Root) {
		return nil, invalidSay("tree", "exercise.err.not-reordering")
	}
	return t, nil
}

// Swap returns a copy of t with the children i and i+1 of the node at id
// par swapped, their subtrees with them. It is an error when par names no
// node or the node has no children i and i+1.
func Swap(t *tree.Tree, root trace.Kind, par string, i int) (*tree.Tree, error) {
	c, err := tree.Options{Root: root}.Parse(t.String())
	if err != nil {
		return nil, fmt.Errorf("exercise: copying the tree: %w", err)
	}
	n := c.Find(par)
	if n == nil || i < 0 || i+1 >= len(n.Children) {
		return nil, fmt.Errorf("exercise: no children %d and %d at node %q", i, i+1, par)
	}
	n.Children[i], n.Children[i+1] = n.Children[i+1], n.Children[i]
	// Parse the text again, so that every node's id is its new path.
	return tree.Options{Root: root}.Parse(c.String())
}

// Move is the pair of swaps of one node of an arrangement: Left is the
// arrangement with the node swapped with its left neighbour, Right with its
// right one; "" where there is no such neighbour.
type Move struct {
	Node        string
	Left, Right string
}

// Moves lists the swaps of every node but the root, in the order of
// t.All (the root first, then depth first).
func Moves(t *tree.Tree, root trace.Kind) ([]Move, error) {
	var moves []Move
	for n := range t.All() {
		if n.ID == "" {
			continue
		}
		par, idx := ParentID(n.ID), lastIndex(n.ID)
		siblings := t.Find(par).Children
		m := Move{Node: n.ID}
		if idx > 0 {
			l, err := Swap(t, root, par, idx-1)
			if err != nil {
				return nil, err
			}
			m.Left = l.String()
		}
		if idx < len(siblings)-1 {
			r, err := Swap(t, root, par, idx)
			if err != nil {
				return nil, err
			}
			m.Right = r.String()
		}
		moves = append(moves, m)
	}
	return moves, nil
}

// ParentID is the id of a node's parent ("" for the root's children and
// for the root).
func ParentID(id string) string {
	if i := strings.LastIndexByte(id, '.'); i >= 0 {
		return id[:i]
	}
	return ""
}

// lastIndex is a node's index among its siblings.
func lastIndex(id string) int {
	i, _ := strconv.Atoi(id[strings.LastIndexByte(id, '.')+1:])
	return i
}

// OrderingResult is the verdict on an arrangement.
type OrderingResult struct {
	Goal Goal `json:"goal"`
	// Leaves is what alpha-beta evaluates on the arrangement; Best with
	// the engine's best ordering, Worst with its worst, Start in the
	// exercise's own order, All the tree's leaves (minimax evaluates them
	// all). Optimum is Best for GoalMost and Worst for GoalLeast.
	Leaves  int `json:"leaves"`
	Best    int `json:"best"`
	Worst   int `json:"worst"`
	Start   int `json:"start"`
	All     int `json:"all"`
	Optimum int `json:"optimum"`
	// Reached is true when the arrangement meets the goal's optimum.
	Reached bool `json:"reached"`
	// Pruned lists the ids (in the arrangement) of the nodes a cutoff
	// skips when alpha-beta searches the arrangement: the edges it never
	// follows.
	Pruned []string `json:"pruned"`
	// Optimal is the exercise's tree arranged in the order the goal's
	// optimal ordering searches it (best first for GoalMost, worst first
	// for GoalLeast), and OptimalPruned the ids, in that arrangement, of
	// the nodes its cutoffs skip.
	Optimal       string   `json:"optimal"`
	OptimalPruned []string `json:"optimal_pruned"`
	// Score ("7 leaves evaluated; the optimum is 5."), Verdict (how close
	// the arrangement comes) and Counts (every ordering's count) say the
	// result in words.
	Score   string `json:"score"`
	Verdict string `json:"verdict"`
	Counts  string `json:"counts"`
	// Reasons say which nodes of the arrangement are badly ordered for the
	// goal, and why (see orderingReasons); none once the optimum is
	// reached.
	Reasons []string `json:"reasons,omitempty"`

	score, verdict, counts trace.Phrase
	reasons                []trace.Phrase
}

// say writes the result in words, in English; Word words it again in
// another language.
func (r *OrderingResult) say() {
	r.score = sayN("exercise.ord.score", r.Leaves, "Optimum", r.Optimum)
	r.counts = say("exercise.ord.counts", "Best", r.Best, "Worst", r.Worst, "All", r.All)
	if r.Goal == GoalLeast {
		switch {
		case r.Reached:
			r.verdict = sayN("exercise.ord.optimal-least", r.All, "Leaves", r.Leaves)
		case r.Leaves > r.Start:
			r.verdict = sayN("exercise.ord.worse-to-go", r.Worst-r.Leaves, "Start", r.Start, "Worst", r.Worst)
		default:
			r.verdict = sayN("exercise.ord.not-worse", r.Start, "Worst", r.Worst)
		}
	} else {
		switch {
		case r.Reached:
			r.verdict = sayN("exercise.ord.optimal-most", r.All, "Leaves", r.Leaves)
		case r.Leaves < r.Start:
			r.verdict = sayN("exercise.ord.better-to-go", r.Leaves-r.Best, "Start", r.Start, "Best", r.Best)
		default:
			r.verdict = sayN("exercise.ord.not-better", r.Start, "Best", r.Best)
		}
	}
	r.Word(nil)
}

// Word words Score, Verdict and Counts with w (in English when w is nil).
func (r *OrderingResult) Word(w Words) {
	r.Score, r.Verdict, r.Counts = w.word(r.score), w.word(r.verdict), w.word(r.counts)
	r.Reasons = nil
	for _, p := range r.reasons {
		r.Reasons = append(r.Reasons, w.word(p))
	}
}

// GradeOrdering searches the arrangement and the exercise's tree under the
// engine's orderings and says how close the arrangement comes to the
// goal's optimum.
func GradeOrdering(ex *Exercise, arranged *tree.Tree, goal Goal) (*OrderingResult, error) {
	p := ex.Params
	r := &OrderingResult{Goal: goal, All: ex.Solution.TreeLeaves}
	var err error
	if r.Leaves, r.Pruned, _, err = orderedSearch(arranged, p.Prune, search.OrderNatural); err != nil {
		return nil, err
	}
	if r.Start, _, _, err = orderedSearch(ex.Tree, p.Prune, search.OrderNatural); err != nil {
		return nil, err
	}
	if r.Best, _, _, err = orderedSearch(ex.Tree, p.Prune, search.OrderBest); err != nil {
		return nil, err
	}
	if r.Worst, _, _, err = orderedSearch(ex.Tree, p.Prune, search.OrderWorst); err != nil {
		return nil, err
	}
	order := search.OrderBest
	r.Optimum, r.Reached = r.Best, r.Leaves <= r.Best
	if goal == GoalLeast {
		order = search.OrderWorst
		r.Optimum, r.Reached = r.Worst, r.Leaves >= r.Worst
	}
	_, pruned, orders, err := orderedSearch(ex.Tree, p.Prune, order)
	if err != nil {
		return nil, err
	}
	opt, ids, err := rearrange(ex.Tree, p.Root, orders)
	if err != nil {
		return nil, err
	}
	r.Optimal = opt.String()
	for _, id := range pruned {
		r.OptimalPruned = append(r.OptimalPruned, ids[id])
	}
	if !r.Reached {
		if r.reasons, err = orderingReasons(arranged, p.Prune, goal); err != nil {
			return nil, err
		}
	}
	r.say()
	return r, nil
}

// orderedSearch runs alpha-beta on t under an ordering and returns the
// leaves it evaluates, the ids of the nodes its cutoffs skip, and the order
// in which it searched the children of every node it expanded.
func orderedSearch(t *tree.Tree, prune search.PruneRule, order search.Ordering) (int, []string, map[string][]int, error) {
	var pruned []string
	orders := map[string][]int{}
	res, err := search.AlphaBeta(tree.Game{}, t.Root, search.Options[*tree.Node]{Prune: prune, Order: order}, func(e *trace.Event) bool {
		switch e.Type {
		case trace.Expand:
			orders[e.Node] = slices.Clone(e.Order)
		case trace.Prune:
			pruned = append(pruned, e.Pruned...)
		}
		return true
	})
	if err != nil {
		return 0, nil, nil, fmt.Errorf("exercise: searching the arrangement: %w", err)
	}
	return res.Stats.Leaves, pruned, orders, nil
}

// rearrange returns a copy of t whose children stand in the given search
// orders (natural where a node has none), and the id each node of t has in
// the copy.
func rearrange(t *tree.Tree, root trace.Kind, orders map[string][]int) (*tree.Tree, map[string]string, error) {
	c, err := tree.Options{Root: root}.Parse(t.String())
	if err != nil {
		return nil, nil, fmt.Errorf("exercise: copying the tree: %w", err)
	}
	ids := map[string]string{"": ""}
	var walk func(n *tree.Node, newID string)
	walk = func(n *tree.Node, newID string) {
		old := n.ID
		ids[old] = newID
		if len(n.Children) == 0 {
			return
		}
		kids := n.Children
		if o := orders[old]; len(o) == len(kids) {
			kids = make([]*tree.Node, len(o))
			for k, i := range o {
				kids[k] = n.Children[i]
			}
		}
		n.Children = kids
		for k, ch := range kids {
			walk(ch, trace.ChildID(newID, k))
		}
	}
	walk(c.Root, "")
	out, err := tree.Options{Root: root}.Parse(c.String())
	if err != nil {
		return nil, nil, fmt.Errorf("exercise: writing the arrangement: %w", err)
	}
	return out, ids, nil
}
