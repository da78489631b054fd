package tree

import (
	"math"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/trace"
)

// Game plays an explicit tree: a state is a *Node, move i leads to the
// node's i-th child, and node ids count moves in that order. The nodes must
// belong to a parsed, built or random tree (kinds resolved, values set).
type Game struct{}

var (
	_ search.Game[*Node]       = Game{}
	_ search.Evaluation[*Node] = Game{}
	_ search.Labeler[*Node]    = Game{}
	_ search.Prober[*Node]     = Game{}
	_ search.Stepper[*Node]    = &Game{}
	_ search.Expander[*Node]   = &Game{}
)

// ToMove returns the node's resolved kind.
func (Game) ToMove(n *Node) trace.Kind { return n.Kind }

// Moves appends 0, 1, …, len(n.Children)-1 to buf.
func (Game) Moves(n *Node, buf []search.Move) []search.Move {
	for i := range n.Children {
		buf = append(buf, search.Move(i))
	}
	return buf
}

// Result returns the child reached by move m; it panics if m is not one
// of the node's moves.
func (Game) Result(n *Node, m search.Move) *Node { return n.Children[m] }

// Step is Result, Terminal, ToMove and Utility in one (search.Stepper, on a
// *Game so that an interface calls it without a wrapper).
func (g *Game) Step(n *Node, m search.Move) (*Node, bool, trace.Kind, float64) {
	c := n.Children[m]
	if len(c.Children) > 0 {
		return c, false, c.Kind, 0
	}
	return c, true, 0, g.Utility(c)
}

// Children is Step for every move at once (search.Expander): the node's
// children in order, each a leaf with its utility or an inner node with
// its kind.
func (g *Game) Children(n *Node, buf []search.Child[*Node]) []search.Child[*Node] {
	for _, c := range n.Children {
		if len(c.Children) > 0 {
			buf = append(buf, search.Child[*Node]{State: c, Kind: c.Kind})
		} else {
			buf = append(buf, search.Child[*Node]{State: c, Terminal: true, Utility: g.Utility(c)})
		}
	}
	return buf
}

// Terminal reports whether n is a leaf.
func (Game) Terminal(n *Node) bool { return len(n.Children) == 0 }

// Utility returns a leaf's value for MAX: Value, or Vec[0] (player 1's
// value) in n-player trees.
func (Game) Utility(n *Node) float64 {
	if n.Vec != nil {
		return n.Vec[0]
	}
	return n.Value
}

// Evaluate returns the static estimate of n: a leaf's utility, an inner
// node's estimate (h=…; player 1's in n-player trees), or NaN for an inner
// node without one, which a depth-limited search reports as an error.
func (g Game) Evaluate(n *Node) float64 {
	switch {
	case len(n.Children) == 0:
		return g.Utility(n)
	case !n.HasEstimate:
		return math.NaN()
	case n.EstimateVec != nil:
		return n.EstimateVec[0]
	}
	return n.Estimate
}

// UtilityVec returns a leaf's value vector in n-player trees (nil in
// scalar trees). The slice belongs to the tree: do not modify it.
func (Game) UtilityVec(n *Node) []float64 { return n.Vec }

// EvaluateVec returns the estimate vector of n in n-player trees: a leaf's
// Vec, an inner node's h=<…>, or nil where there is none. The slice
// belongs to the tree: do not modify it.
func (Game) EvaluateVec(n *Node) []float64 {
	if len(n.Children) == 0 {
		return n.Vec
	}
	if n.HasEstimate {
		return n.EstimateVec
	}
	return nil
}

// Label returns the node's name as drawn: its label, else the
// textbook's letter for an inner node, else a leaf's value (see Node.Name).
func (Game) Label(n *Node) string {
	if n.Name == "" && n.IsLeaf() {
		return leafName(n)
	}
	return n.Name
}

// Probabilities appends the probability of each child to buf, in natural
// order. They sum to 1 at CHANCE nodes and are 0 elsewhere.
func (Game) Probabilities(n *Node, buf []float64) []float64 {
	for _, c := range n.Children {
		buf = append(buf, c.Prob)
	}
	return buf
}
