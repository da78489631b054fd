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
}

// MoveStats is one line of a role's statistics table: a legal move at the
// root, how often the role chose it and the mean of its goal (0 to 100)
// in the games that followed.
type MoveStats struct {
	Move   string  `json:"move"`
	Visits int     `json:"visits"`
	Mean   float64 `json:"mean"`
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
		return DUCTResult{}, &LimitError{"MaxDUCTIterations", MaxDUCTIterations, "the iterations of one decoupled UCT search"}
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
	it := 0
	for ; it < opt.Iterations; it++ {
		if opt.Context != nil && it&63 == 0 {
			if err := opt.Context.Err(); err != nil {
				return DUCTResult{}, err
			}
		}
		g.ductIterate(root, opt.C, rng)
	}
	return g.ductResult(root, it), nil
}

// ductIterate descends by each role's UCB1, adds one node, plays out at
// random and backs every role's goal up its own tables.
func (g *Game) ductIterate(root *ductNode, c float64, rng *rand.Rand) {
	var path []*ductNode
	var picks [][]int
	n := root
	for !n.terminal && len(path) < MaxPlayoutSteps {
		pick := make([]int, len(n.arms))
		for r := range n.arms {
			if len(n.arms[r]) == 0 {
				return // a role without a move: a game outside GDL's rules
			}
			pick[r] = selectArm(n.arms[r], n.visits, c, rng)
		}
		path, picks = append(path, n), append(picks, pick)
		joint := make([]int, len(pick))
		for r, k := range pick {
			joint[r] = n.legal[r][k]
		}
		key := jointKey(joint)
		child, ok := n.children[key]
		if !ok {
			child = g.ductNode(g.Next(n.s, joint))
			n.children[key] = child
			n = child
			break
		}
		n = child
	}
	reward := g.rollout(n.s, rng)
	for i, node := range path {
		node.visits++
		for r, k := range picks[i] {
			node.arms[r][k].visits++
			node.arms[r][k].sum += reward[r]
		}
	}
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
// returns every role's goal scaled to 0..1 (0 where none holds).
func (g *Game) rollout(s State, rng *rand.Rand) []float64 {
	joint := make([]int, len(g.n.roles))
	for step := 0; step < MaxPlayoutSteps && !g.Terminal(s); step++ {
		for r := range joint {
			c, first := g.legalInfo(s, r)
			if c == 0 {
				return make([]float64, len(joint))
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
	if g.Terminal(s) {
		for r, v := range g.Goals(s) {
			out[r] = float64(max(v, 0)) / 100
		}
	}
	return out
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
