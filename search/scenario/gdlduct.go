package scenario

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/gdl"
	"github.com/abtrace/abtrace/trace"
)

// A GDL game whose roles choose at once is searched by decoupled UCT
// (gdl.Game.DUCT), the Monte-Carlo tree search with one table per role;
// the searches that need one player to move at a time refuse it. The
// viewer steps it as any MCTS: its steps are trace's MCTS steps with
// trace.Decoupled set. The tree is the tree of joint moves (jointGame),
// so that a node's id is the path of its joint moves' indices, the same in
// the drawing, the names and the search.

// MaxJointMoves bounds the joint moves of one state of a game whose roles
// choose at once (the product of every role's legal moves): the tree of
// joint moves is drawn with one child per joint move.
const MaxJointMoves = 4096

// jointGame is a GDL game as a tree of joint moves: at a state every
// joint move of the roles' legal moves is a child, numbered with the
// first role's move varying slowest (each role's moves in the byte order
// of their text, as gdl.Game.LegalMoves gives them). Utility is the first
// role's goal.
type jointGame struct{ g *gdl.Game }

func (j jointGame) legal(s gdl.State) [][]int {
	out := make([][]int, len(j.g.Roles()))
	for r := range out {
		out[r] = j.g.LegalMoves(s, r)
	}
	return out
}

// joints is the number of joint moves of legal, at most MaxJointMoves+1.
func joints(legal [][]int) int {
	n := 1
	for _, l := range legal {
		n = min(n*len(l), MaxJointMoves+1)
	}
	return n
}

// decode is the joint move of index m (as gdl.Game.Next takes it).
func decode(legal [][]int, m int) []int {
	joint := make([]int, len(legal))
	for r := len(legal) - 1; r >= 0; r-- {
		joint[r] = legal[r][m%len(legal[r])]
		m /= len(legal[r])
	}
	return joint
}

// ToMove is who chooses at s: Joint where several roles choose at once;
// where one role alone has a choice, MAX for the first role, MIN for the
// second of two, Player(k) for the k-th of more; MAX where no role has.
func (j jointGame) ToMove(s gdl.State) trace.Kind {
	chooser := -1
	for r, l := range j.legal(s) {
		if len(l) > 1 {
			if chooser >= 0 {
				return trace.Joint
			}
			chooser = r
		}
	}
	switch {
	case chooser <= 0:
		return trace.Max
	case len(j.g.Roles()) == 2:
		return trace.Min
	}
	return trace.Player(min(chooser+1, trace.MaxPlayers))
}

func (j jointGame) Moves(s gdl.State, buf []search.Move) []search.Move {
	if j.g.Terminal(s) {
		return buf
	}
	n := joints(j.legal(s))
	for m := range min(n, MaxJointMoves) {
		buf = append(buf, search.Move(m))
	}
	return buf
}

func (j jointGame) Result(s gdl.State, m search.Move) gdl.State {
	return j.g.Next(s, decode(j.legal(s), int(m)))
}

func (j jointGame) Terminal(s gdl.State) bool { return j.g.Terminal(s) }

func (j jointGame) Utility(s gdl.State) float64 {
	return float64(max(j.g.Goals(s)[0], 0)) / 100
}

func (j jointGame) Key(s gdl.State) uint64 { return j.g.Key(s) }

// Name writes a joint move as every role's move after its role:
// "even (show 1) / odd (show 2)" (trace.JointMoveText).
func (j jointGame) Name(s gdl.State, m search.Move) string {
	return trace.JointMoveText(j.g.Roles(), j.moves(s, m))
}

// moves is every role's move of joint move m at s, in the roles' order.
func (j jointGame) moves(s gdl.State, m search.Move) []string {
	joint := decode(j.legal(s), int(m))
	parts := make([]string, len(joint))
	for r, k := range joint {
		parts[r] = j.g.MoveText(r, k)
	}
	return parts
}

// JointMoves is every role's move of the joint move into node id, in the
// order the game declares its roles, where the scenario is decoupled UCT
// (nil elsewhere, or where id names no node).
func (p *Search) JointMoves(id string) []string {
	if p.jointMoves == nil || id == "" {
		return nil
	}
	return p.jointMoves(id)
}

// jointPath is JointMoves of the tree of joint moves from root.
func jointPath(jg jointGame, root gdl.State) func(id string) []string {
	return func(id string) []string {
		s := root
		var out []string
		for part := range strings.SplitSeq(id, ".") {
			i, err := strconv.Atoi(part)
			if err != nil || i < 0 || i >= len(jg.Moves(s, nil)) {
				return nil
			}
			out = jg.moves(s, search.Move(i))
			s = jg.Result(s, search.Move(i))
		}
		return out
	}
}

// GDLChild is the joint move (one move index per role, as gdl.Game.Next
// takes it) that leads from state s of g to its i-th child in the tree the
// viewer draws: in a game that takes turns the i-th move of the role to
// move, every other role playing its only move; in a game whose roles
// choose at once the i-th joint move (see jointGame). It reports false
// when s has no i-th child.
func GDLChild(g *gdl.Game, s gdl.State, i int) ([]int, bool) {
	if g.Terminal(s) || i < 0 {
		return nil, false
	}
	if g.CheckTurns() == nil {
		moves := g.Moves(s, nil)
		if i >= len(moves) {
			return nil, false
		}
		mover := g.Mover(s)
		joint := make([]int, len(g.Roles()))
		for r := range joint {
			joint[r] = int(moves[i])
			if r != mover {
				joint[r] = g.LegalMoves(s, r)[0]
			}
		}
		return joint, true
	}
	legal := jointGame{g}.legal(s)
	if i >= min(joints(legal), MaxJointMoves) {
		return nil, false
	}
	return decode(legal, i), true
}

// prepareDUCT makes the search of a GDL game whose roles choose at once:
// decoupled UCT (the scenario's mcts), drawn as the tree of joint moves.
func (p *Search) prepareDUCT(g *gdl.Game, turns error) error {
	s := p.Scenario
	if p.Algorithm != search.AlgoMCTS || p.Method != nil {
		return needsTurns(p.Algorithm, turns)
	}
	if s.Playout != "" && s.Playout != "random" {
		return InParam("playout", usageSay("scenario.err.duct-playout", "Got", strconv.Quote(s.Playout)))
	}
	if s.Depth != 0 {
		return InParam("d", usageSay("scenario.err.duct-depth"))
	}
	if s.Eval != "" {
		return InParam("eval", usageSay("scenario.err.duct-depth"))
	}
	if s.Iterations > gdl.MaxTracedDUCTIterations {
		return InParam("iterations", usageSay("scenario.err.duct-iterations", "Max", strconv.Itoa(gdl.MaxTracedDUCTIterations), "Got", strconv.Itoa(s.Iterations)))
	}
	root := g.Init()
	if n := joints(jointGame{g}.legal(root)); n > MaxJointMoves {
		return usageSay("scenario.err.duct-joints", "Max", strconv.Itoa(MaxJointMoves))
	}
	jg := jointGame{g}
	p.decoupled = true
	p.RootKind = jg.ToMove(root)
	p.outcomes = search.Bounds{L: 0, U: 1}
	p.shaper = newGameShaper(search.Game[gdl.State](jg), root, 0, true, ductFacts(g))
	name := pathNames(search.Game[gdl.State](jg), root, jg.Name)
	p.names = func() func(string) string { return name }
	p.moveName = name
	p.jointMoves = jointPath(jg, root)
	iterations := orDefaultInt(s.Iterations, search.DefaultIterations)
	c := s.C
	if c == 0 {
		c = search.DefaultC
	}
	p.run = func(algo search.Algorithm, rec trace.Recorder) (trace.Result, error) {
		if algo != search.AlgoMCTS {
			return trace.Result{}, needsTurns(algo, turns)
		}
		d := &ductTracer{g: jg, rec: rec, roles: g.Roles(), c: c, nodes: map[int]*ductAt{0: {s: root}}, grown: map[string]bool{}}
		opt := gdl.DUCTOptions{Iterations: iterations, C: c, Seed: s.Seed, Context: s.Budget.Context, Trace: d.traceStep}
		d.grow(0, "", root, nil, 0)
		res, err := g.DUCT(root, opt)
		if err != nil {
			return trace.Result{}, err
		}
		if d.stopped {
			return trace.Result{}, search.ErrStopped
		}
		return d.done(res), nil
	}
	return nil
}

// ductFacts is what a node of the tree of joint moves shows: its board
// when the game has one; without, the goals at a terminal state ("100 0")
// and nothing elsewhere: a state's facts are too long to write on a node
// (the node's panel lists them), and the node is named by its joint move.
func ductFacts(g *gdl.Game) func(gdl.State, *trace.Shape) {
	return gdlShapes(g, func(x gdl.State) string {
		if !g.Terminal(x) {
			return ""
		}
		var goals []string
		for _, v := range g.Goals(x) {
			goals = append(goals, strconv.Itoa(max(v, 0)))
		}
		return strings.Join(goals, " ")
	})
}

// needsTurns is the refusal of a search that needs one player to move at
// a time, on a game whose roles choose at once (turns says where).
func needsTurns(algo search.Algorithm, turns error) error {
	say := trace.Phrase{ID: "scenario.err.gdl-simultaneous", Args: map[string]any{"Algo": algo.String()}}
	return &UsageError{Err: fmt.Errorf("scenario: %s (%w)", say.WordIn(English), turns), Say: say, Param: "algo"}
}

// Decoupled reports whether the search is decoupled UCT on a game whose
// roles choose at once: its MCTS steps carry every role's table.
func (p *Search) Decoupled() bool { return p.decoupled }

// ductAt is a node of a traced DUCT search: its id in the tree of joint
// moves and its state.
type ductAt struct {
	id    string
	s     gdl.State
	depth int
}

// ductTracer turns the events of gdl.Game.DUCT into trace's MCTS steps.
type ductTracer struct {
	g       jointGame
	rec     trace.Recorder
	roles   []string
	c       float64
	nodes   map[int]*ductAt
	grown   map[string]bool
	next    *ductAt // the child the last select chose
	steps   int
	stats   trace.Stats
	stopped bool
}

func (d *ductTracer) emit(e *trace.Event) bool {
	if d.rec == nil || d.stopped {
		return !d.stopped
	}
	d.steps++
	e.Step = d.steps
	d.stopped = !d.rec(e)
	return !d.stopped
}

// grow adds the node of DUCT id n (with its trace id, state and joint
// move) to the tree and emits its grow step.
func (d *ductTracer) grow(n int, id string, s gdl.State, joint []string, iter int) bool {
	at := &ductAt{id: id, s: s, depth: trace.DepthOf(id)}
	d.nodes[n] = at
	d.grown[id] = true
	d.stats.CountNode(at.depth)
	line := "expand"
	if id == "" {
		line = "start"
	}
	e := trace.Event{Type: trace.Grow, Line: line, Node: id, Kind: d.g.ToMove(s), Depth: at.depth, Iter: iter,
		Decoupled: &trace.Decoupled{Roles: d.roles, Joint: joint}}
	if id != "" {
		e.Label = trace.JointMoveText(d.roles, joint)
	}
	return d.emit(&e)
}

// tables turns DUCT's tables into trace's, marking each role's move of
// joint; it returns them with the chosen line of every role.
func tables(ts []gdl.RoleStats, joint []string, ucb bool) ([]trace.RoleTable, []int) {
	out := make([]trace.RoleTable, len(ts))
	chosen := make([]int, len(ts))
	for r, t := range ts {
		out[r].Role = t.Role
		chosen[r] = -1
		for k, m := range t.Moves {
			l := trace.RoleLine{Move: m.Move, N: float64(m.Visits), W: m.Mean / 100 * float64(m.Visits)}
			if ucb {
				l.UCB = m.UCB
				if m.Untried || m.Visits == 0 {
					l.UCB = math.Inf(1)
				}
			}
			if r < len(joint) && m.Move == joint[r] && chosen[r] < 0 {
				l.Chosen, chosen[r] = true, k
			}
			out[r].Lines = append(out[r].Lines, l)
		}
	}
	return out, chosen
}

// firstRole is the node's visits and the first role's rewards, read off
// its table.
func firstRole(ts []trace.RoleTable) (n, w float64) {
	if len(ts) == 0 {
		return 0, 0
	}
	for _, l := range ts[0].Lines {
		n, w = n+l.N, w+l.W
	}
	return n, w
}

// traceStep is the tracer DUCT calls.
func (d *ductTracer) traceStep(e gdl.DUCTEvent) bool {
	iter := e.Iteration + 1
	switch e.Type {
	case gdl.DUCTSelect:
		return d.selectStep(e, iter)
	case gdl.DUCTExpand:
		at := d.next
		if at == nil {
			return true
		}
		d.next = nil
		return d.grow(e.Node, at.id, at.s, e.Joint, iter)
	case gdl.DUCTRollout:
		at := d.nodes[e.Node]
		d.stats.CountLeaf(at.depth)
		reward := 0.0
		if len(e.Goals) > 0 {
			reward = float64(max(e.Goals[0], 0)) / 100
		}
		ev := trace.Event{Type: trace.Simulate, Line: "simulate", Node: at.id, Kind: d.g.ToMove(at.s), Depth: at.depth, Iter: iter,
			Value: trace.Num(reward * 100), Reward: trace.Num(reward),
			Decoupled: &trace.Decoupled{Roles: d.roles, Goals: slices.Clone(e.Goals), Steps: e.Steps}}
		return d.emit(&ev)
	case gdl.DUCTBackup:
		at := d.nodes[e.Node]
		ts, _ := tables(e.Tables, e.Joint, false)
		n, w := firstRole(ts)
		reward := 0.0
		if len(e.Goals) > 0 {
			reward = float64(max(e.Goals[0], 0)) / 100
		}
		ev := trace.Event{Type: trace.Backprop, Line: "backprop", Node: at.id, Kind: d.g.ToMove(at.s), Depth: at.depth, Iter: iter,
			Visits: n, Wins: w, Reward: trace.Num(reward),
			Decoupled: &trace.Decoupled{Roles: d.roles, Tables: ts, Joint: slices.Clone(e.Joint), Goals: slices.Clone(e.Goals)}}
		return d.emit(&ev)
	}
	return true
}

// selectStep is a DUCT selection: every role's table at the node with its
// UCB1, and the child of the joint move (new when its grow follows).
func (d *ductTracer) selectStep(e gdl.DUCTEvent, iter int) bool {
	at := d.nodes[e.Node]
	ts, chosen := tables(e.Tables, e.Joint, true)
	idx := 0
	for r, k := range chosen {
		idx = idx*len(ts[r].Lines) + max(k, 0)
	}
	child := trace.ChildID(at.id, idx)
	n, _ := firstRole(ts)
	ev := trace.Event{Type: trace.Select, Line: "select", Node: at.id, Kind: d.g.ToMove(at.s), Depth: at.depth, Iter: iter,
		Child: child, Visits: n,
		Decoupled: &trace.Decoupled{Roles: d.roles, Tables: ts, Joint: slices.Clone(e.Joint), New: !d.grown[child]}}
	if ev.Decoupled.New {
		d.next = &ductAt{id: child, s: d.g.Result(at.s, search.Move(idx))}
	} else {
		d.next = nil
	}
	return d.emit(&ev)
}

// done emits the end of the search: each role's most visited move at the
// root, as the child of that joint move, and the first role's mean goal
// there.
func (d *ductTracer) done(res gdl.DUCTResult) trace.Result {
	r := trace.Result{PV: []string{}}
	idx := 0
	var joint []string
	for _, rs := range res.Roles {
		idx = idx*len(rs.Moves) + rs.Best
		if rs.Best < len(rs.Moves) {
			joint = append(joint, rs.Moves[rs.Best].Move)
		}
	}
	if len(res.Roles) > 0 && len(res.Roles[0].Moves) > 0 {
		r.Value = trace.Num(res.Roles[0].Moves[res.Roles[0].Best].Mean)
		// The joint move of the roles' choices, when it was played.
		if best := trace.ChildID("", idx); d.grown[best] {
			r.Best, r.PV = best, []string{best}
		}
	}
	st := d.stats.Clone()
	for len(st.LeavesAt) < len(st.NodesAt) {
		st.LeavesAt = append(st.LeavesAt, 0)
	}
	st.CutoffsAt = make([]int, len(st.NodesAt))
	r.Stats = st
	if d.rec != nil && !d.stopped {
		rc := r
		rc.Stats = r.Stats.Clone()
		ev := trace.Event{Type: trace.Done, Line: "done", Kind: d.g.ToMove(d.nodes[0].s), Iter: res.Iterations, Value: r.Value, Result: &rc,
			Decoupled: &trace.Decoupled{Roles: d.roles, Joint: joint}}
		d.emit(&ev)
	}
	return r
}
