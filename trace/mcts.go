package trace

import (
	"strconv"
	"strings"
)

// The steps of Monte-Carlo tree search in a Frame. The tree is not
// searched depth first, so these steps keep no stack: a node is added by a
// grow step and then only counted (Counts, W, N), and the current node is
// the one the step concerns.

// checkMCTS validates a select, grow, simulate or backprop event.
func (f *Frame) checkMCTS(e Event) error {
	n := f.Nodes[e.Node]
	switch e.Type {
	case Grow:
		if n != nil {
			return f.errorf(e, "the node is already in the tree")
		}
		if parent, ok := ParentID(e.Node); ok {
			if p := f.Nodes[parent]; p == nil || !p.Counts {
				return f.errorf(e, "its parent %q is not in the tree", parent)
			}
		} else if len(f.Nodes) > 0 {
			return f.errorf(e, "the root is added after the search began")
		}
		return nil
	}
	if n == nil || !n.Counts {
		return f.errorf(e, "the node is not in the tree")
	}
	switch e.Type {
	case Select:
		c := f.Nodes[e.Child]
		if p, ok := ParentID(e.Child); !ok || p != e.Node || c == nil || !c.Counts {
			return f.errorf(e, "%q is not a child in the tree", e.Child)
		}
	case Backprop:
		if e.Visits < float64(n.N) {
			return f.errorf(e, "visits fall from %v to %v", n.N, e.Visits)
		}
	}
	return nil
}

// applyMCTS applies a checked select, grow, simulate or backprop event.
func (f *Frame) applyMCTS(e Event) {
	switch e.Type {
	case Grow:
		v := &NodeView{State: StateDone, Kind: e.Kind, Depth: e.Depth, Label: e.Label, Counts: true}
		v.setText()
		f.Nodes[e.Node] = v
		f.Stats.CountNode(e.Depth)
		for len(f.Stats.LeavesAt) < len(f.Stats.NodesAt) {
			f.Stats.LeavesAt = append(f.Stats.LeavesAt, 0)
		}
		for len(f.Stats.CutoffsAt) < len(f.Stats.NodesAt) {
			f.Stats.CutoffsAt = append(f.Stats.CutoffsAt, 0)
		}
	case Simulate:
		f.Stats.CountLeaf(e.Depth)
	case Backprop:
		v := f.Nodes[e.Node]
		v.W, v.N = Num(e.Wins), Num(e.Visits)
		v.setText()
	}
}

// selectStep narrates a selection: the child chosen and its score as
// exploitation + exploration, against the runner-up.
func (nr narrator) selectStep() string {
	e := nr.e
	var best, second *Score
	for i := range e.Scores {
		s := &e.Scores[i]
		if s.Child == e.Child {
			best = s
		} else if second == nil || float64(s.Total) > float64(second.Total) {
			second = s
		}
	}
	who := nr.kindName(e.Node, nr.kind())
	if best == nil {
		return "Iteration " + strconv.Itoa(e.Iter) + ", selection: " + who + " goes down to " + nr.short(e.Child) + "."
	}
	out := "Iteration " + strconv.Itoa(e.Iter) + ", selection: at " + who + " (N = " + Num(e.Visits).String() + "), " +
		nr.short(e.Child) + " has the greatest UCB1 score, " + scoreText(*best)
	if second != nil {
		out += ", against " + scoreText(*second) + " for " + nr.short(second.Child)
	}
	return out + "."
}

// scoreText writes a UCB1 score as "w/n + c·√(ln N / n) = 0.5 + 0.83 = 1.33".
func scoreText(s Score) string {
	return Num(s.W).String() + "/" + Num(s.N).String() + " + " + round(s.Explore) + " = " + round(s.Total)
}

// round writes x with at most two decimals.
func round(x Num) string {
	f := float64(x)
	if f != f || f > 1e15 || f < -1e15 {
		return x.String()
	}
	return Num(float64(int64(f*100+copysign(0.5, f))) / 100).String()
}

func copysign(h, f float64) float64 {
	if f < 0 {
		return -h
	}
	return h
}

// grow narrates an expansion.
func (nr narrator) grow() string {
	e := nr.e
	if e.Node == "" {
		return "The search tree starts as the root alone, with no wins and no visits."
	}
	p, _ := ParentID(e.Node)
	return "Iteration " + strconv.Itoa(e.Iter) + ", expansion: " + nr.short(p) + " still had a move never tried; " +
		nr.kindName(e.Node, e.Kind) + " joins the tree with 0/0."
}

// simulate narrates a playout.
func (nr narrator) simulate() string {
	e := nr.e
	moves := "no move: the game is already over there"
	if len(e.Playout) > 0 {
		moves = plural(len(e.Playout), "move", "moves") + " (" + joinShort(e.Playout, 8) + ")"
	}
	return "Iteration " + strconv.Itoa(e.Iter) + ", simulation: a playout from " + nr.short(e.Node) + " plays " + moves +
		" and ends with " + e.Value.String() + " for MAX, a reward of " + round(e.Reward) + "."
}

func joinShort(xs []string, k int) string {
	if len(xs) <= k {
		return strings.Join(xs, " ")
	}
	return strings.Join(xs[:k], " ") + " …"
}

// backprop narrates one node's update on the way up.
func (nr narrator) backprop() string {
	e := nr.e
	who := "MAX"
	if p, ok := ParentID(e.Node); ok {
		if v := nr.f.Nodes[p]; v != nil && v.Kind == Min {
			who = "MIN"
		}
	} else if v := nr.f.Nodes[e.Node]; v != nil && v.Kind == Max {
		who = "MIN"
	}
	return "Iteration " + strconv.Itoa(e.Iter) + ", backpropagation: " + nr.short(e.Node) + " counts " + Num(e.Wins).String() + "/" +
		Num(e.Visits).String() + " (" + who + " gained " + round(e.Reward) + ")."
}

// mctsDone narrates the end of a Monte-Carlo search.
func (nr narrator) mctsDone() string {
	r := nr.e.Result
	if r == nil || r.Best == "" {
		return "Done: the root has no move to choose."
	}
	return "Done: the move is " + nr.short(r.Best) + ", the child visited most, worth about " + round(r.Value) + " for MAX."
}
