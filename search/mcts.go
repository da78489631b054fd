package search

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"

	"github.com/abtrace/abtrace/trace"
)

// Playout is how a Monte-Carlo simulation chooses its moves.
type Playout uint8

const (
	// PlayoutRandom picks each move uniformly at random (the default).
	PlayoutRandom Playout = iota
	// PlayoutEval picks the move whose position the evaluation rates best
	// for the player to move, ties broken at random.
	PlayoutEval
)

var playoutNames = []string{PlayoutRandom: "random", PlayoutEval: "eval"}

func (p Playout) String() string { return nameOf(playoutNames, int(p), "playout") }

// ParsePlayout accepts "random" and "eval".
func ParsePlayout(s string) (Playout, error) {
	i, err := parseName(playoutNames, s, "playout")
	return Playout(i), err
}

// Limits and defaults of MCTS.
const (
	// DefaultIterations is the number of iterations when none is given.
	DefaultIterations = 1000
	// MaxIterations bounds the iterations of one search: each adds a node
	// to the tree, which a search keeps whole.
	MaxIterations = 200_000
)

// DefaultC is the exploration constant when none is given: √2, the
// constant of Kocsis and Szepesvári's UCT for rewards in [0, 1].
var DefaultC = math.Sqrt2

// MCTSOptions configure a Monte-Carlo tree search.
type MCTSOptions[S any] struct {
	// Iterations is the number of selection–expansion–simulation–
	// backpropagation rounds; 0 means DefaultIterations.
	Iterations int
	// C is the exploration constant of UCB1; 0 means DefaultC.
	C float64
	// Seed drives the playouts: the same seed gives the same search.
	Seed uint64
	// Playout is the simulation policy; PlayoutEval needs Eval.
	Playout Playout
	Eval    Evaluation[S]
	// Bounds are the least and greatest outcome (utility), which scale an
	// outcome v to the reward (v − L) / (U − L) in [0, 1] for MAX. The
	// zero value means [−1, 1].
	Bounds Bounds
	// Budget bounds the work: the nodes added and the moves played out.
	Budget Budget
	// Progress, when not nil, is called after every iteration with the move
	// the search would choose then and its estimate (for the chart of MCTS
	// against alpha-beta).
	Progress func(Progress)
}

// MCTSParams are the parameters of Monte-Carlo tree search that Options
// carries for Run (see MCTSOptions for their meaning).
type MCTSParams struct {
	Iterations int
	C          float64
	Playout    Playout
}

// MCTSOptions returns the options of MCTS that o describes: its MCTS
// parameters, with Seed, Eval, Bounds and Budget.
func (o Options[S]) MCTSOptions() MCTSOptions[S] {
	return MCTSOptions[S]{Iterations: o.MCTS.Iterations, C: o.MCTS.C, Playout: o.MCTS.Playout, Seed: o.Seed,
		Eval: o.Eval, Bounds: o.Bounds, Budget: o.Budget}
}

// Progress is the state of a Monte-Carlo search after an iteration.
type Progress struct {
	Iter int
	// Best is the id of the root child visited most ("" before any).
	Best string
	// Value is Best's estimate for MAX, on the scale of the outcomes.
	Value float64
}

// mnode is one node of the Monte-Carlo search tree.
type mnode[S any] struct {
	s        S
	parent   int32
	depth    int32
	kind     trace.Kind
	terminal bool
	moves    []Move
	children []int32 // the tried moves' nodes, in natural order (moves[:len(children)])
	w, n     float64 // wins for the player who moved into the node, and visits
	id       string  // tracing only
}

type mcts[S any, G Game[S]] struct {
	g        G
	opt      MCTSOptions[S]
	c        float64
	lo, span float64
	rng      *rand.Rand
	nodes    []mnode[S]
	rec      trace.Recorder
	ev       trace.Event
	step     int
	iter     int
	meter    *meter
	err      error
	labeler  Labeler[S]
	namer    func(S, Move) string // how the game names its moves (moveNamer)
	buf      []Move
	playouts int
	leavesAt []int
}

// MCTS is Monte-Carlo tree search with UCT: each iteration selects a path
// down the tree by the UCB1 score w/n + C·√(ln N / n) (w the wins of the
// player who moved into a child, n its visits, N its parent's), adds one
// untried child (the next in natural order), plays the game out from it,
// and adds the outcome's reward up the path. Outcomes are utilities for
// MAX, scaled to rewards in [0, 1] by opt.Bounds; a MIN node's children
// count 1 − reward. The move chosen is the root child visited most (the
// first in natural order on ties); Result.Value is its estimate for MAX
// on the scale of the outcomes, Result.PV follows the most visited
// children, Stats counts the tree's nodes and the playouts (as leaves).
//
// With a nil rec it emits nothing. With a recorder it emits grow for the
// root, then per iteration select (one per level of the path, with every
// child's score), grow, simulate and backprop (one per node of the path,
// from the new node up to the root), and done at the end.
func MCTS[S any, G Game[S]](g G, root S, opt MCTSOptions[S], rec trace.Recorder) (trace.Result, error) {
	m, err := newMCTS(g, opt, rec)
	if err != nil {
		return trace.Result{}, err
	}
	return m.run(root)
}

// mctsTree runs an untraced MCTS and returns the search with its tree.
func mctsTree[S any, G Game[S]](g G, root S, opt MCTSOptions[S]) (*mcts[S, G], error) {
	m, err := newMCTS(g, opt, nil)
	if err != nil {
		return nil, err
	}
	_, err = m.run(root)
	return m, err
}

// estimateOf is the estimate for MAX of the root's k-th move (in natural
// order), NaN when it was never tried.
func (m *mcts[S, G]) estimateOf(k int) float64 {
	if k >= len(m.nodes[0].children) {
		return math.NaN()
	}
	return m.estimate(k)
}

func newMCTS[S any, G Game[S]](g G, opt MCTSOptions[S], rec trace.Recorder) (*mcts[S, G], error) {
	if opt.Iterations == 0 {
		opt.Iterations = DefaultIterations
	}
	if opt.Iterations < 0 || opt.Iterations > MaxIterations {
		return nil, fmt.Errorf("search: mcts iterations %d: want 1 to %d", opt.Iterations, MaxIterations)
	}
	c := opt.C
	if c == 0 {
		c = DefaultC
	}
	if c < 0 || math.IsNaN(c) || math.IsInf(c, 0) {
		return nil, fmt.Errorf("search: mcts exploration constant %v: want a positive number", opt.C)
	}
	if opt.Playout > PlayoutEval {
		return nil, fmt.Errorf("search: unknown playout %d", opt.Playout)
	}
	if opt.Playout == PlayoutEval && opt.Eval == nil {
		return nil, errors.New("search: the eval playout needs an evaluation")
	}
	b := opt.Bounds
	if !b.Set() {
		b = Bounds{-1, 1}
	} else if err := b.check(); err != nil {
		return nil, err
	}
	m := &mcts[S, G]{g: g, opt: opt, c: c, lo: b.L, span: b.U - b.L, rec: rec, meter: newMeter(opt.Budget),
		rng: rand.New(rand.NewPCG(opt.Seed, 0x6d637473))}
	if rec != nil {
		m.labeler, _ = any(g).(Labeler[S])
		m.namer = moveNamer[S](g)
	}
	return m, nil
}

// run searches from root.
func (m *mcts[S, G]) run(root S) (trace.Result, error) {
	opt, rec := m.opt, m.rec
	m.add(root, -1, "")
	for m.iter = 1; m.iter <= opt.Iterations && m.err == nil; m.iter++ {
		m.iteration()
		if m.iter%CheckEvery == 0 && m.err == nil {
			// Once the tree holds the whole game, an iteration adds no
			// node and plays no move out, so nothing else looks at the
			// context: the client who left, the server shutting down.
			if err := m.meter.stopped(); err != nil {
				m.fail(err)
			}
		}
		if opt.Progress != nil && m.err == nil {
			best := m.mostVisited(0)
			p := Progress{Iter: m.iter}
			if best >= 0 {
				p.Best, p.Value = m.childID(0, best), m.estimate(best)
			}
			opt.Progress(p)
		}
	}
	if m.err != nil {
		return trace.Result{}, m.err
	}
	r := m.result()
	if rec != nil {
		rc := r
		rc.Stats = r.Stats.Clone()
		m.ev.Reset(trace.Done, "done", "", m.nodes[0].kind, 0)
		m.ev.Value, m.ev.Result = r.Value, &rc
		m.emit()
	}
	if m.err != nil && m.err != ErrStopped {
		return trace.Result{}, m.err
	}
	return r, nil
}

// iteration runs one round: selection, expansion, simulation, backpropagation.
func (m *mcts[S, G]) iteration() {
	// Selection: down while every move of the node has been tried.
	i := int32(0)
	for {
		nd := &m.nodes[i]
		if nd.terminal || len(nd.children) < len(nd.moves) {
			break
		}
		i = m.selectChild(i)
		if m.err != nil {
			return
		}
	}
	// Expansion: the next untried move, unless the game is over here.
	if nd := &m.nodes[i]; !nd.terminal {
		k := len(nd.children)
		s := m.g.Result(nd.s, nd.moves[k])
		i = m.add(s, i, m.childID(i, k))
		if m.err != nil {
			return
		}
	}
	// Simulation.
	v := m.simulate(i)
	if m.err != nil {
		return
	}
	// Backpropagation.
	rMax := (v - m.lo) / m.span
	for j := i; j >= 0; j = m.nodes[j].parent {
		nd := &m.nodes[j]
		r := rMax
		if m.moverInto(j) == trace.Min {
			r = 1 - rMax
		}
		nd.w += r
		nd.n++
		if m.rec != nil {
			m.ev.Reset(trace.Backprop, "backprop", nd.id, nd.kind, int(nd.depth))
			m.ev.Iter, m.ev.Wins, m.ev.Visits, m.ev.Reward = m.iter, nd.w, nd.n, trace.Num(r)
			m.emit()
		}
	}
}

// moverInto is the player who moved into node j: its parent's mover, and
// for the root the opponent of the root's.
func (m *mcts[S, G]) moverInto(j int32) trace.Kind {
	if p := m.nodes[j].parent; p >= 0 {
		return m.nodes[p].kind
	}
	return m.nodes[0].kind.Opponent()
}

// add puts state s into the tree below parent and emits its grow event.
func (m *mcts[S, G]) add(s S, parent int32, id string) int32 {
	m.meter.work++
	if m.meter.work >= m.meter.checkAt {
		if err := m.meter.over(); err != nil {
			m.fail(err)
			return parent
		}
	}
	nd := mnode[S]{s: s, parent: parent, terminal: m.g.Terminal(s), id: id}
	if parent >= 0 {
		nd.depth = m.nodes[parent].depth + 1
	}
	nd.kind = m.g.ToMove(s)
	if !nd.terminal {
		if nd.kind > trace.Min {
			m.fail(fmt.Errorf("search: mcts handles MAX and MIN nodes, but node %q is %s", id, nd.kind.Upper()))
			return parent
		}
		nd.moves = m.g.Moves(s, nil)
		if len(nd.moves) == 0 {
			m.fail(fmt.Errorf("search: node %q is not terminal but has no moves", id))
			return parent
		}
	}
	idx := int32(len(m.nodes))
	m.nodes = append(m.nodes, nd)
	if parent >= 0 {
		m.nodes[parent].children = append(m.nodes[parent].children, idx)
	}
	if m.rec != nil {
		line := "expand"
		if parent < 0 {
			line = "start"
		}
		m.ev.Reset(trace.Grow, line, id, nd.kind, int(nd.depth))
		m.ev.Iter = m.iter
		if m.labeler != nil {
			m.ev.Label = m.labeler.Label(s)
		}
		m.emit()
	}
	return idx
}

// childID is the id of the k-th child of node i (tracing only).
func (m *mcts[S, G]) childID(i int32, k int) string {
	if m.rec == nil && m.opt.Progress == nil {
		return ""
	}
	return trace.ChildID(m.nodes[i].id, k)
}

// ucb is the UCB1 score of child c of a node visited n times.
func (m *mcts[S, G]) ucb(c *mnode[S], n float64) (exploit, explore float64) {
	return c.w / c.n, m.c * math.Sqrt(math.Log(n)/c.n)
}

// selectChild returns the child of node i with the greatest UCB1 score
// (the first in natural order on ties) and emits the select event.
func (m *mcts[S, G]) selectChild(i int32) int32 {
	nd := &m.nodes[i]
	best, bestScore := int32(-1), math.Inf(-1)
	for _, ci := range nd.children {
		x, y := m.ucb(&m.nodes[ci], nd.n)
		if x+y > bestScore {
			best, bestScore = ci, x+y
		}
	}
	if m.rec != nil {
		scores := make([]trace.Score, len(nd.children))
		for k, ci := range nd.children {
			c := &m.nodes[ci]
			x, y := m.ucb(c, nd.n)
			scores[k] = trace.Score{Child: c.id, W: c.w, N: c.n, Exploit: trace.Num(x), Explore: trace.Num(y), Total: trace.Num(x + y)}
			if m.labeler != nil {
				scores[k].Label = m.labeler.Label(c.s)
			}
		}
		m.ev.Reset(trace.Select, "select", nd.id, nd.kind, int(nd.depth))
		m.ev.Iter, m.ev.Child, m.ev.Visits, m.ev.Scores = m.iter, m.nodes[best].id, nd.n, scores
		m.emit()
	}
	return best
}

// simulate plays the game out from node i and returns the outcome.
func (m *mcts[S, G]) simulate(i int32) float64 {
	s := m.nodes[i].s
	var names []string
	steps := 0
	for !m.g.Terminal(s) {
		if steps++; steps > MaxSearchDepth {
			m.fail(fmt.Errorf("search: a playout passed %d moves without ending the game", MaxSearchDepth))
			return 0
		}
		m.meter.work++
		if m.meter.work >= m.meter.checkAt {
			if err := m.meter.over(); err != nil {
				m.fail(err)
				return 0
			}
		}
		m.buf = m.g.Moves(s, m.buf[:0])
		if len(m.buf) == 0 {
			m.fail(errors.New("search: a playout reached a position that is not terminal but has no moves"))
			return 0
		}
		mv := m.buf[m.rng.IntN(len(m.buf))]
		if m.opt.Playout == PlayoutEval {
			mv = m.greedy(s)
		}
		if m.rec != nil {
			names = append(names, m.moveName(s, mv))
		}
		s = m.g.Result(s, mv)
	}
	v := m.g.Utility(s)
	if v < m.lo || v > m.lo+m.span || math.IsNaN(v) {
		m.fail(fmt.Errorf("search: outcome %v lies outside the bounds [%v, %v] of the rewards", v, m.lo, m.lo+m.span))
		return 0
	}
	m.playouts++
	for len(m.leavesAt) <= int(m.nodes[i].depth) {
		m.leavesAt = append(m.leavesAt, 0)
	}
	m.leavesAt[m.nodes[i].depth]++
	if m.rec != nil {
		nd := &m.nodes[i]
		m.ev.Reset(trace.Simulate, "simulate", nd.id, nd.kind, int(nd.depth))
		m.ev.Iter, m.ev.Playout, m.ev.Value, m.ev.Reward = m.iter, names, trace.Num(v), trace.Num((v-m.lo)/m.span)
		m.emit()
	}
	return v
}

// greedy returns the move (among m.buf, the moves at s) whose result the
// evaluation rates best for the player to move, ties broken at random.
func (m *mcts[S, G]) greedy(s S) Move {
	kind := m.g.ToMove(s)
	var best Move
	bestV, ties := math.NaN(), 0
	for _, mv := range m.buf {
		c := m.g.Result(s, mv)
		var v float64
		if m.g.Terminal(c) {
			v = m.g.Utility(c)
		} else {
			v = m.opt.Eval.Evaluate(c)
		}
		switch {
		case math.IsNaN(bestV) || betterFor(kind, v, bestV):
			best, bestV, ties = mv, v, 1
		case v == bestV:
			ties++
			if m.rng.IntN(ties) == 0 {
				best = mv
			}
		}
	}
	return best
}

// moveNamer is how game g names its moves as people write them, where it
// does: MoveName(s, m) ("♣9", "Qd1xd3", "b2"), MoveName(m) ("column 4")
// or Name(s, m) (a GDL move, "(mark 2 2)"); nil for a game that does not.
func moveNamer[S any](g any) func(S, Move) string {
	switch n := g.(type) {
	case interface{ MoveName(S, Move) string }:
		return n.MoveName
	case interface{ MoveName(Move) string }:
		return func(_ S, m Move) string { return n.MoveName(m) }
	case interface{ Name(S, Move) string }:
		return n.Name
	}
	return nil
}

// moveName names move mv at s: as the game names it, else by the label of
// the position it leads to, else by its number.
func (m *mcts[S, G]) moveName(s S, mv Move) string {
	if m.namer != nil {
		return m.namer(s, mv)
	}
	if m.labeler != nil {
		if l := m.labeler.Label(m.g.Result(s, mv)); l != "" {
			return l
		}
	}
	return strconv.Itoa(int(mv))
}

func (m *mcts[S, G]) emit() {
	if m.err != nil {
		return
	}
	m.step++
	m.ev.Step = m.step
	if !m.rec(&m.ev) {
		m.fail(ErrStopped)
	}
}

func (m *mcts[S, G]) fail(err error) {
	if m.err == nil {
		m.err = err
	}
}

// mostVisited returns the index in children of node i's most visited
// child (the first in natural order on ties), or −1 when it has none.
func (m *mcts[S, G]) mostVisited(i int32) int {
	best := -1
	for k, ci := range m.nodes[i].children {
		if best < 0 || m.nodes[ci].n > m.nodes[m.nodes[i].children[best]].n {
			best = k
		}
	}
	return best
}

// estimate is the value for MAX, on the scale of the outcomes, of the
// root's k-th child: its win rate for the root's mover, turned into MAX's.
func (m *mcts[S, G]) estimate(k int) float64 {
	c := &m.nodes[m.nodes[0].children[k]]
	r := c.w / c.n
	if m.nodes[0].kind == trace.Min {
		r = 1 - r
	}
	return m.lo + r*m.span
}

// result assembles the Result: the most visited line and the counts.
func (m *mcts[S, G]) result() trace.Result {
	r := trace.Result{PV: []string{}}
	var st trace.Stats
	for j := range m.nodes {
		st.CountNode(int(m.nodes[j].depth))
	}
	st.Leaves = m.playouts
	st.LeavesAt = append([]int(nil), m.leavesAt...)
	for len(st.LeavesAt) < len(st.NodesAt) {
		st.LeavesAt = append(st.LeavesAt, 0)
	}
	st.CutoffsAt = make([]int, len(st.NodesAt))
	r.Stats = st
	k := m.mostVisited(0)
	if k < 0 {
		r.Value = trace.Num(m.nodes[0].w / math.Max(m.nodes[0].n, 1))
		if m.g.Terminal(m.nodes[0].s) {
			r.Value = trace.Num(m.g.Utility(m.nodes[0].s))
		}
		return r
	}
	r.Value = trace.Num(m.estimate(k))
	id := ""
	for i := int32(0); ; {
		k := m.mostVisited(i)
		if k < 0 {
			break
		}
		id = trace.ChildID(id, k)
		r.PV = append(r.PV, id)
		i = m.nodes[i].children[k]
	}
	r.Best = r.PV[0]
	return r
}

// mctsListing is the pseudocode of MCTS with UCT, in the four steps of
// the lecture.
func mctsListing() Listing {
	return Listing{Title: "Monte-Carlo tree search (UCT)", Lines: []Line{
		{Text: "function MCTS(state) returns an action", Indent: 0},
		{Text: "tree ← NODE(state)    ▹ w = 0 wins, n = 0 visits", Indent: 1, Keys: []string{"start"}},
		{Text: "repeat ITERATIONS times", Indent: 1},
		{Text: "leaf ← SELECT(tree)    ▹ down by the greatest UCB1 = w/n + C·√(ln N / n)", Indent: 2, Keys: []string{"select"}},
		{Text: "child ← EXPAND(leaf)    ▹ add one move never tried", Indent: 2, Keys: []string{"expand"}},
		{Text: "result ← SIMULATE(child)    ▹ play the game out by the playout policy", Indent: 2, Keys: []string{"simulate"}},
		{Text: "BACK-PROPAGATE(result, child)    ▹ n += 1, w += reward, up to the root", Indent: 2, Keys: []string{"backprop"}},
		{Text: "return the move to the child of tree with the most visits", Indent: 1, Keys: []string{"done"}},
	}}
}
