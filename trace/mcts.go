package trace

import (
	"slices"
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
		if e.Decoupled != nil && e.Decoupled.New {
			// Decoupled UCT: the joint move is new here, its grow follows.
			if p, ok := ParentID(e.Child); !ok || p != e.Node || c != nil {
				return f.errorf(e, "%q is not a new child of the node", e.Child)
			}
			return nil
		}
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
	if e.Iter > 0 {
		f.Iteration = f.nextIteration(e)
	} else {
		f.Iteration = nil
	}
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
func (nr narrator) selectStep() Phrase {
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
	iter, who := strconv.Itoa(e.Iter), nr.kindName(e.Node, nr.kind())
	if best == nil {
		return say("narrate.mcts.select-only", "Iter", iter, "Node", who, "Child", nr.short(e.Child))
	}
	sec, other := "", any("")
	if second != nil {
		sec, other = scoreText(*second), nr.short(second.Child)
	}
	return say("narrate.mcts.select", "Iter", iter, "Node", who, "N", Num(e.Visits).String(), "Child", nr.short(e.Child),
		"Score", scoreText(*best), "Second", sec, "Other", other)
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
func (nr narrator) grow() Phrase {
	e := nr.e
	if e.Node == "" {
		return say("narrate.mcts.grow-root")
	}
	p, _ := ParentID(e.Node)
	return say("narrate.mcts.grow", "Iter", strconv.Itoa(e.Iter), "Parent", nr.short(p), "Node", nr.kindName(e.Node, e.Kind))
}

// simulate narrates a playout.
func (nr narrator) simulate() Phrase {
	e := nr.e
	args := []any{"Iter", strconv.Itoa(e.Iter), "Node", nr.short(e.Node), "Value", e.Value.String(), "Reward", round(e.Reward)}
	if len(e.Playout) == 0 {
		return say("narrate.mcts.simulate-over", args...)
	}
	moves := e.Playout
	if nr.f.Labels != nil {
		moves = make([]string, len(e.Playout))
		for i, m := range e.Playout {
			moves[i] = nr.f.LabelText(m)
		}
	}
	return sayN("narrate.mcts.simulate", len(e.Playout), append(args, "Moves", joinShort(moves, 8))...)
}

func joinShort(xs []string, k int) string {
	if len(xs) <= k {
		return strings.Join(xs, " ")
	}
	return strings.Join(xs[:k], " ") + " …"
}

// backprop narrates one node's update on the way up.
func (nr narrator) backprop() Phrase {
	e := nr.e
	who := "MAX"
	if p, ok := ParentID(e.Node); ok {
		if v := nr.f.Nodes[p]; v != nil && v.Kind == Min {
			who = "MIN"
		}
	} else if v := nr.f.Nodes[e.Node]; v != nil && v.Kind == Max {
		who = "MIN"
	}
	return say("narrate.mcts.backprop", "Iter", strconv.Itoa(e.Iter), "Node", nr.short(e.Node), "W", Num(e.Wins).String(),
		"N", Num(e.Visits).String(), "Who", who, "Reward", round(e.Reward))
}

// mctsDone narrates the end of a Monte-Carlo search.
func (nr narrator) mctsDone() Phrase {
	r := nr.e.Result
	if r == nil || r.Best == "" {
		return say("narrate.mcts.done-none")
	}
	return say("narrate.mcts.done", "Child", nr.short(r.Best), "Value", round(r.Value))
}

// Iteration is what one iteration of a Monte-Carlo search has shown up to
// a step: each selection on its path so far, and its playout once
// simulated. A frame shares it with its clones: apply replaces it, never
// changes it.
type Iteration struct {
	Iter int
	// Selections holds the select events of the iteration so far, from
	// the root down.
	Selections []Selection
	// Playout is the iteration's simulation, nil before it.
	Playout *Playout
	// Last is the type of the iteration's latest event.
	Last Type
	// Backup is the iteration's latest backprop of decoupled UCT: the
	// node and its tables after the update (nil otherwise).
	Backup *Backup
}

// Backup is one backprop step of decoupled UCT: at Node (visited N
// times) every role's table after the update.
type Backup struct {
	Node      string
	Label     string
	N         float64
	Decoupled *Decoupled
}

// Selection is one select event: at Node, visited N times, every child's
// UCB1 score, Child the one chosen.
type Selection struct {
	Node   string
	Kind   Kind
	Label  string
	N      float64
	Child  string
	Scores []Score
	// Decoupled holds every role's table of decoupled UCT.
	Decoupled *Decoupled
}

// Playout is one simulate event: from Node, the moves played (named), the
// outcome for MAX and the reward in [0, 1].
type Playout struct {
	Node   string
	Label  string
	Moves  []string
	Value  Num
	Reward Num
	// Decoupled holds every role's goal and the steps of a playout of
	// decoupled UCT.
	Decoupled *Decoupled
}

// nextIteration returns the frame's iteration after event e (select,
// grow, simulate or backprop): a new value, so that clones sharing the
// old one keep it.
func (f *Frame) nextIteration(e Event) *Iteration {
	it := &Iteration{Iter: e.Iter, Last: e.Type}
	if old := f.Iteration; old != nil && old.Iter == e.Iter {
		it.Selections, it.Playout = old.Selections, old.Playout
	}
	label := func(id string) string {
		if v := f.Nodes[id]; v != nil {
			return v.Label
		}
		return ""
	}
	switch e.Type {
	case Select:
		sel := Selection{Node: e.Node, Kind: e.Kind, Label: label(e.Node), N: e.Visits, Child: e.Child, Scores: slices.Clone(e.Scores), Decoupled: e.Decoupled.Clone()}
		it.Selections = append(slices.Clip(it.Selections), sel)
	case Simulate:
		it.Playout = &Playout{Node: e.Node, Label: label(e.Node), Moves: slices.Clone(e.Playout), Value: e.Value, Reward: e.Reward, Decoupled: e.Decoupled.Clone()}
	case Backprop:
		if e.Decoupled != nil {
			it.Backup = &Backup{Node: e.Node, Label: label(e.Node), N: e.Visits, Decoupled: e.Decoupled.Clone()}
		}
	}
	return it
}
