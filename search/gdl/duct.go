package gdl

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
)

// Limits of decoupled UCT.
const (
	// MaxDUCTIterations bounds the iterations of one DUCT search.
	MaxDUCTIterations = 1 << 20
	// DefaultDUCTIterations is the iterations when none are given.
	DefaultDUCTIterations = 2000
	// DefaultDUCTC is the exploration constant of each role's UCB1.
	DefaultDUCTC = 1.4
)

// DUCTOptions are the parameters of a decoupled UCT search.
type DUCTOptions struct {
	Iterations int     // 0: DefaultDUCTIterations
	C          float64 // 0: DefaultDUCTC
	Seed       uint64
	// Context, when not nil, stops the search early (its error is returned).
	Context context.Context
	// Trace, when not nil, is called with every step of every iteration
	// (see DUCTEvent), in order; returning false stops the search after
	// that step (the result then counts the iterations finished). A traced
	// search makes at most MaxTracedDUCTIterations iterations.
	Trace func(DUCTEvent) bool
}

// MaxTracedDUCTIterations bounds the iterations of a traced DUCT search:
// each makes a few events per level of the tree, each with every role's
// table at the node.
const MaxTracedDUCTIterations = 5000

// The steps of a traced DUCT iteration (DUCTEvent.Type).
const (
	// DUCTSelect: at node Node every role chooses from its own table
	// (Tables, as they were before the choice, with each line's UCB1
	// value), and Joint is the joint move of their choices.
	DUCTSelect = "select"
	// DUCTExpand: the joint move Joint at node Parent leads to a state not
	// in the tree yet; it becomes node Node (Terminal when the game is
	// over there).
	DUCTExpand = "expand"
	// DUCTRollout: from node Node the game is played at random to its
	// end, Steps state changes; Goals are every role's goal there (−1
	// where none holds or the game was cut at MaxPlayoutSteps).
	DUCTRollout = "rollout"
	// DUCTBackup: node Node's tables take the rollout's goals, each role's
	// on the line of the move it chose there (Joint); Tables are the
	// tables after the update. From the deepest node on the path up to the
	// root.
	DUCTBackup = "backup"
)

// DUCTEvent is one step of a traced decoupled UCT search. Nodes are
// numbered in the order they are made, the root 0.
type DUCTEvent struct {
	Iteration int         `json:"iteration"`
	Type      string      `json:"type"`
	Node      int         `json:"node"`
	Parent    int         `json:"parent"` // expand only; −1 otherwise
	Joint     []string    `json:"joint,omitempty"`
	Tables    []RoleStats `json:"tables,omitempty"`
	Goals     []int       `json:"goals,omitempty"`
	Steps     int         `json:"steps,omitempty"`
	Terminal  bool        `json:"terminal,omitempty"`
}

// MoveStats is one line of a role's statistics table: a legal move at the
// root, how often the role chose it and the mean of its goal (0 to 100)
// in the games that followed.
type MoveStats struct {
	Move   string  `json:"move"`
	Visits int     `json:"visits"`
	Mean   float64 `json:"mean"`
	// UCB is the line's UCB1 value (traced selections only): the mean
	// scaled to 0..1 plus the exploration term; an untried line has none
	// (Untried) and is chosen before any tried one.
	UCB     float64 `json:"ucb,omitempty"`
	Untried bool    `json:"untried,omitempty"`
}

// RoleStats is one role's statistics table at the root and the move it
// chooses (the most visited).
type RoleStats struct {
	Role  string      `json:"role"`
	Moves []MoveStats `json:"moves"`
	Best  int         `json:"best"` // index into Moves
}

// DUCTResult is the result of a decoupled UCT search: one table per role.
type DUCTResult struct {
	Iterations int         `json:"iterations"`
	Roles      []RoleStats `json:"roles"`
}

// Joint returns the chosen move of every role, as indices into its
// possible moves (MoveText), for Next.
func (r DUCTResult) joint(legal [][]int) []int {
	out := make([]int, len(r.Roles))
	for i, rs := range r.Roles {
		out[i] = legal[i][rs.Best]
	}
	return out
}

// arm is one move's statistics in one role's table at one node.
type arm struct {
	visits int
	sum    float64
}

// ductNode is a state of the DUCT tree: for every role a table of its
// legal moves (decoupled: each role selects by UCB1 on its own table, and
// the joint move of the selections leads to a child).
type ductNode struct {
	id       int
	s        State
	terminal bool
	legal    [][]int
	arms     [][]arm
	visits   int
	children map[string]*ductNode
}

func (g *Game) ductNode(s State) *ductNode {
	n := &ductNode{s: s, terminal: g.Terminal(s), children: map[string]*ductNode{}}
	if !n.terminal {
		for r := range g.n.roles {
			l := g.LegalMoves(s, r)
			n.legal = append(n.legal, l)
			n.arms = append(n.arms, make([]arm, len(l)))
		}
	}
	return n
}

// DUCT runs decoupled UCT from s: every role keeps its own statistics table
// at every node and selects its move by UCB1 on its goal (scaled to 0..1)
// as if the others' choices were part of the environment; the joint move
// of the selections is played. It is the MCTS of simultaneous-move games,
// and works for games that take turns too (a role with one move has a
// table of one line). Each role's choice at s is its most visited move.
func (g *Game) DUCT(s State, opt DUCTOptions) (DUCTResult, error) {
	if opt.Iterations == 0 {
		opt.Iterations = DefaultDUCTIterations
	}
	if opt.Iterations < 0 || opt.Iterations > MaxDUCTIterations {
		return DUCTResult{}, &LimitError{"MaxDUCTIterations", MaxDUCTIterations, "the number of iterations of one decoupled UCT search"}
	}
	if opt.Trace != nil && opt.Iterations > MaxTracedDUCTIterations {
		return DUCTResult{}, &LimitError{"MaxTracedDUCTIterations", MaxTracedDUCTIterations, "the number of iterations of one traced decoupled UCT search"}
	}
	if opt.C == 0 {
		opt.C = DefaultDUCTC
	}
	if g.Terminal(s) {
		return DUCTResult{}, errors.New("gdl: the state is terminal: no role has a move")
	}
	rng := rand.New(rand.NewPCG(opt.Seed, 0x6475637421))
	root := g.ductNode(s)
	for _, l := range root.legal {
		if len(l) == 0 {
			return DUCTResult{}, errors.New("gdl: a role has no legal move in this state")
		}
	}
	d := &ducter{g: g, c: opt.C, rng: rng, trace: opt.Trace, nodes: 1}
	it := 0
	for ; it < opt.Iterations; it++ {
		if opt.Context != nil && it&63 == 0 {
			if err := opt.Context.Err(); err != nil {
				return DUCTResult{}, err
			}
		}
		d.iteration = it
		if !d.iterate(root) {
			break
		}
	}
	return g.ductResult(root, it), nil
}

// ducter is one DUCT search: its parameters, its random source, its
// tracer and the nodes made so far.
type ducter struct {
	g         *Game
	c         float64
	rng       *rand.Rand
	trace     func(DUCTEvent) bool
	iteration int
	nodes     int
	stopped   bool
}

// emit traces one event; it reports false once the tracer asked to stop.
func (d *ducter) emit(e DUCTEvent) bool {
	if d.trace == nil || d.stopped {
		return !d.stopped
	}
	e.Iteration = d.iteration
	d.stopped = !d.trace(e)
	return !d.stopped
}

// tables returns node n's tables, with their UCB1 values when ucb.
func (d *ducter) tables(n *ductNode, ucb bool) []RoleStats {
	out := make([]RoleStats, len(n.arms))
	for r, arms := range n.arms {
		out[r].Role = d.g.n.roles[r]
		for k, a := range arms {
			m := MoveStats{Move: d.g.MoveText(r, n.legal[r][k]), Visits: a.visits, Untried: a.visits == 0}
			if a.visits > 0 {
				m.Mean = 100 * a.sum / float64(a.visits)
				if ucb {
					m.UCB = a.sum/float64(a.visits) + d.c*math.Sqrt(math.Log(float64(n.visits))/float64(a.visits))
				}
			}
			out[r].Moves = append(out[r].Moves, m)
		}
	}
	return out
}

func (d *ducter) jointText(joint []int) []string {
	out := make([]string, len(joint))
	for r, k := range joint {
		out[r] = d.g.MoveText(r, k)
	}
	return out
}

// iterate descends by each role's UCB1, adds one node, plays out at
// random and backs every role's goal up its own tables. It reports false
// when the tracer asked to stop.
func (d *ducter) iterate(root *ductNode) bool {
	g := d.g
	var path []*ductNode
	var picks, joints [][]int
	n := root
	for !n.terminal && len(path) < MaxPlayoutSteps {
		pick := make([]int, len(n.arms))
		for r := range n.arms {
			if len(n.arms[r]) == 0 {
				return true // a role without a move: a game outside GDL's rules
			}
			pick[r] = selectArm(n.arms[r], n.visits, d.c, d.rng)
		}
		joint := make([]int, len(pick))
		for r, k := range pick {
			joint[r] = n.legal[r][k]
		}
		path, picks, joints = append(path, n), append(picks, pick), append(joints, joint)
		if d.trace != nil && !d.emit(DUCTEvent{Type: DUCTSelect, Node: n.id, Parent: -1, Joint: d.jointText(joint), Tables: d.tables(n, true)}) {
			return false
		}
		key := jointKey(joint)
		child, ok := n.children[key]
		if !ok {
			child = g.ductNode(g.Next(n.s, joint))
			child.id = d.nodes
			d.nodes++
			n.children[key] = child
			if !d.emit(DUCTEvent{Type: DUCTExpand, Node: child.id, Parent: n.id, Joint: d.jointText(joint), Terminal: child.terminal}) {
				return false
			}
			n = child
			break
		}
		n = child
	}
	reward, goals, steps := g.rollout(n.s, d.rng)
	if !d.emit(DUCTEvent{Type: DUCTRollout, Node: n.id, Parent: -1, Goals: goals, Steps: steps}) {
		return false
	}
	for i := len(path) - 1; i >= 0; i-- {
		node := path[i]
		node.visits++
		for r, k := range picks[i] {
			node.arms[r][k].visits++
			node.arms[r][k].sum += reward[r]
		}
		if d.trace != nil && !d.emit(DUCTEvent{Type: DUCTBackup, Node: node.id, Parent: -1, Joint: d.jointText(joints[i]), Goals: goals, Tables: d.tables(node, false)}) {
			return false
		}
	}
	return true
}

// selectArm is UCB1 on one role's table: an untried move first (one at
// random), else the greatest mean plus c·√(ln N / n), ties broken at
// random. The randomness matters: two roles that break ties the same way
// choose in lockstep (in odd or even, always the same number of fingers)
// and learn a game that nobody plays.
func selectArm(arms []arm, total int, c float64, rng *rand.Rand) int {
	best, bestV, ties := 0, math.Inf(-1), 0
	for k, a := range arms {
		v := math.Inf(1)
		if a.visits > 0 {
			v = a.sum/float64(a.visits) + c*math.Sqrt(math.Log(float64(total))/float64(a.visits))
		}
		switch {
		case v > bestV:
			best, bestV, ties = k, v, 1
		case v == bestV:
			ties++
			if rng.IntN(ties) == 0 {
				best = k
			}
		}
	}
	return best
}

func jointKey(joint []int) string {
	b := make([]byte, 0, 4*len(joint))
	for _, k := range joint {
		b = append(b, byte(k), byte(k>>8), byte(k>>16), byte(k>>24))
	}
	return string(b)
}

// rollout plays at random from s to the end (or MaxPlayoutSteps) and
// returns every role's goal scaled to 0..1 (0 where none holds), the goals
// as they are (−1 where none holds or the game did not end) and the state
// changes played.
func (g *Game) rollout(s State, rng *rand.Rand) ([]float64, []int, int) {
	joint := make([]int, len(g.n.roles))
	none := func() []int {
		out := make([]int, len(joint))
		for r := range out {
			out[r] = -1
		}
		return out
	}
	step := 0
	for ; step < MaxPlayoutSteps && !g.Terminal(s); step++ {
		for r := range joint {
			c, first := g.legalInfo(s, r)
			if c == 0 {
				return make([]float64, len(joint)), none(), step
			}
			joint[r] = first
			if c > 1 {
				l := g.LegalMoves(s, r)
				joint[r] = l[rng.IntN(len(l))]
			}
		}
		s = g.Next(s, joint)
	}
	out := make([]float64, len(joint))
	if !g.Terminal(s) {
		return out, none(), step
	}
	goals := g.Goals(s)
	for r, v := range goals {
		out[r] = float64(max(v, 0)) / 100
	}
	return out, goals, step
}

func (g *Game) ductResult(root *ductNode, iterations int) DUCTResult {
	res := DUCTResult{Iterations: iterations}
	for r, arms := range root.arms {
		rs := RoleStats{Role: g.n.roles[r]}
		for k, a := range arms {
			m := MoveStats{Move: g.MoveText(r, root.legal[r][k]), Visits: a.visits}
			if a.visits > 0 {
				m.Mean = 100 * a.sum / float64(a.visits)
			}
			rs.Moves = append(rs.Moves, m)
		}
		rs.Best = slices.IndexFunc(rs.Moves, func(m MoveStats) bool {
			return m.Visits == slices.MaxFunc(rs.Moves, func(a, b MoveStats) int { return a.Visits - b.Visits }).Visits
		})
		res.Roles = append(res.Roles, rs)
	}
	return res
}

// DUCTJoint is DUCT's choice as a joint move for Next: each role's most
// visited move.
func (g *Game) DUCTJoint(s State, r DUCTResult) []int {
	legal := make([][]int, len(g.n.roles))
	for i := range legal {
		legal[i] = g.LegalMoves(s, i)
	}
	return r.joint(legal)
}

// Duel returns the game of two roles seen as MAX (the first role) and MIN
// (the second) even when their goals do not sum to a constant: each side
// then plays for the difference of the goals (Utility). Games of another
// number of roles are returned as they are.
func (g *Game) Duel() *Game {
	if len(g.n.roles) != 2 {
		return g
	}
	h := *g
	h.players = false
	return &h
}
