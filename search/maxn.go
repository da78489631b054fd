package search

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/abtrace/abtrace/trace"
)

// VectorGame is an optional extension of Game for games of n ≥ 2 players
// (max^n): the value of a terminal state for every player, player k's at
// index k−1. Its ToMove names the players trace.Player(1) … Player(n), and
// trace.Chance for chance events. The slice may belong to the game: the
// search copies it and never changes it.
type VectorGame[S any] interface {
	UtilityVec(s S) []float64
}

// VectorEvaluation is the estimate of a non-terminal state for every
// player, used by max^n at the depth limit (and, by the paranoid reduction,
// one player's component of it). It returns nil where it has no estimate,
// which a search reports as an error.
type VectorEvaluation[S any] interface {
	EvaluateVec(s S) []float64
}

// MaxN returns the max^n value of root (Luckhardt and Irani, "An
// algorithmic solution of N-person games", AAAI 1986): the value of a node
// is a vector with one value per player; at a node of player k the child
// whose vector has the largest k-th component is backed up (on ties the
// first in search order), and at a chance node the probability-weighted
// sum of the children's vectors. g must implement VectorGame, and with a
// depth limit opt.Eval must implement VectorEvaluation. Every leaf vector
// must have as many values as the first one, and every player node's
// player must be one of them. Nothing is pruned; the orderings are
// natural, reversed and random.
//
// The result's Vec is the root's vector and Value its component for the
// player to move at the root (player 1 when the root is a chance node).
// Events carry the vector behind their value in Vec, and Value is the
// component of the node's player: at a player node the update events show
// which child's vector it keeps (Changed is "value" when it picks a new
// one). The events carry no window.
//
// As with the other searches, a nil rec costs nothing and allocates
// nothing per node (beyond one vector per depth), and a recorder that
// returns false stops the search.
func MaxN[S any, G Game[S]](g G, root S, opt Options[S], rec trace.Recorder) (trace.Result, error) {
	if err := opt.Validate(AlgoMaxN); err != nil {
		return trace.Result{}, err
	}
	vg, ok := any(g).(VectorGame[S])
	if !ok {
		return trace.Result{}, fmt.Errorf("search: max^n needs a game that values every player (a search.VectorGame); %T gives one value", g)
	}
	e := newEngine[S, G](g, AlgoMaxN, opt, rec)
	e.vg = vg
	if opt.Depth > 0 {
		if e.ve, ok = opt.Eval.(VectorEvaluation[S]); !ok {
			return trace.Result{}, fmt.Errorf("search: max^n with a depth limit needs an evaluation that values every player (a search.VectorEvaluation); %T gives one value", opt.Eval)
		}
	}
	rk := g.ToMove(root)
	if e.rootPlayer = rk.PlayerIndex(); e.rootPlayer == 0 {
		e.rootPlayer = 1
	}
	e.skip = e.canSkip()
	v := e.maxn(root, 0)
	return e.finishVec(rk, v)
}

// component is the value an event or result reports for a vector: the
// component of the node's player, or the root player's at other nodes.
func (e *core) component(vec []float64, kind trace.Kind) float64 {
	k := kind.PlayerIndex()
	if k == 0 || k > len(vec) {
		k = min(e.rootPlayer, len(vec))
	}
	if k == 0 {
		return math.NaN()
	}
	return vec[k-1]
}

// vecOf returns the vector buffer of the ply p, as long as the number of
// players (allocated once per depth).
func (e *core) vecOf(p *ply) []float64 {
	if len(p.vec) != e.players {
		p.vec = make([]float64, e.players)
	}
	return p.vec
}

// maxn returns the max^n vector of s, a node at the given depth, in the
// vector buffer of that depth (valid until the next node at that depth
// returns): the lecture's MAX^N over the steps of node.go, whose update
// backs up a vector (updateVec).
func (e *engine[S, G]) maxn(s S, depth int) []float64 {
	nd, vec := e.openVec(s, depth)
	if nd == nil {
		return vec // terminal, depth limit, or a subtree handed back
	}
	for k := 0; k < nd.n; k++ {
		i := e.child(nd, depth, k)
		cv := e.maxn(e.g.Result(s, nd.moves[i]), depth+1)
		if e.stopped || !e.updateVec(nd, depth, k, i, cv) {
			return nil
		}
	}
	if nd.kind == trace.Chance {
		tidyAll(nd.vec)
	}
	if nd.tracing {
		e.exitVec(depth, nd.kind, lineKey(nd.kind, lineReturn), nd.vec)
	} else {
		e.step++
	}
	return nd.vec
}

// openVec is open for max^n, whose nodes return vectors: it returns the
// node's ply, or nil and the node's vector when it is settled already.
func (e *engine[S, G]) openVec(s S, depth int) (*ply, []float64) {
	if depth > MaxSearchDepth {
		e.tooDeep()
		return nil, nil
	}
	p := e.ply(depth) // begin, written out: every node takes this way
	p.nodes++
	p.pvn = 0
	if !e.visit() {
		return nil, nil
	}
	p.tracing = e.traces(depth)
	inf := math.Inf(1)
	p.kind = e.g.ToMove(s)
	if e.rec != nil {
		p.lines = linesOf(p.kind, false) // its events are made or counted
	}
	p.c, p.neg, p.q, p.alpha, p.beta = 1, false, false, -inf, inf
	if p.tracing {
		e.enterEvent(s, p, depth, p.kind, -inf, inf)
		if e.skip && e.subAsked(p, depth) {
			if sub := e.subTake(depth); sub != nil {
				return nil, e.skipVec(depth, sub)
			}
		}
	} else {
		e.counted(depth, 1)
	}
	if !e.handles(p.kind, true) {
		e.kindError(depth, p.kind)
		return nil, nil
	}
	if terminal := e.g.Terminal(s); terminal || depth >= e.limit {
		return nil, e.leafVec(s, depth, p.kind, terminal)
	}
	if !e.expand(s, p, depth) {
		return nil, nil
	}
	e.start(p, depth)
	return p, nil
}

// updateVec takes the vector cv of the k-th child (natural index i): a
// player node keeps the first vector best for its player, a chance node
// adds it weighted by its probability. It returns false when the search
// stops (a player the vectors have no component for).
func (e *core) updateVec(p *ply, depth, k, i int, cv []float64) bool {
	player := p.kind.PlayerIndex()
	chance := p.kind == trace.Chance
	if k == 0 {
		p.vec = e.vecOf(p)
		if player > e.players {
			e.fail(fmt.Errorf("search: node %q is P%d, but the value vectors have %d components", e.nodeID(depth), player, e.players))
			return false
		}
	}
	out := p.vec
	changed := k == 0
	if chance {
		if k == 0 {
			clear(out)
		}
		for j, c := range cv {
			out[j] += p.probs[i] * c
		}
	} else if k == 0 || cv[player-1] > out[player-1] {
		copy(out, cv)
		setPV(p, p.below, i)
		changed = true
	}
	if !p.tracing {
		e.step++
		return true
	}
	vec := slices.Clone(out)
	if chance {
		tidyAll(vec)
	}
	ev := &e.ev
	ev.Reset(trace.Update, lineKey(p.kind, lineValue), p.id, p.kind, depth)
	ev.Value, ev.Vec = trace.Num(e.component(vec, p.kind)), vec
	ev.Child, ev.ChildValue, ev.ChildBound = p.below.id, trace.Num(e.component(cv, p.kind)), trace.Exact
	if changed || chance {
		ev.Changed = "value"
	}
	e.emit()
	return true
}

func tidyAll(v []float64) {
	for j := range v {
		v[j] = tidy(v[j])
	}
}

// leafVec values a node of max^n that is not searched deeper.
func (e *engine[S, G]) leafVec(s S, depth int, kind trace.Kind, terminal bool) []float64 {
	var src []float64
	if terminal {
		src = e.vg.UtilityVec(s)
	} else if src = e.ve.EvaluateVec(s); src == nil {
		e.fail(optionError("search.err.no-eval", "Node", strconv.Quote(e.nodeID(depth)), "Depth", e.opt.Depth))
		return nil
	}
	what := "leaf"
	if !terminal {
		what = "the evaluation of node"
	}
	if e.players == 0 {
		if len(src) < 2 || len(src) > trace.MaxPlayers {
			e.fail(fmt.Errorf("search: %s %q has %d values; max^n needs one per player, 2 to %d", what, e.nodeID(depth), len(src), trace.MaxPlayers))
			return nil
		}
		e.players = len(src)
	}
	if len(src) != e.players {
		e.fail(fmt.Errorf("search: %s %q has %d values, but the first leaf had %d", what, e.nodeID(depth), len(src), e.players))
		return nil
	}
	for _, c := range src {
		if c-c != 0 { // NaN or ±Inf: every finite c gives 0
			e.fail(fmt.Errorf("search: %s %q has the value %v; every value must be a finite number", what, e.nodeID(depth), c))
			return nil
		}
	}
	out := e.vecOf(e.ply(depth))
	copy(out, src)
	e.ply(depth).leaves++
	if !terminal {
		e.evaluated++
	}
	if !e.traces(depth) {
		e.step += 2 // its leaf and exit events
	} else {
		ev := &e.ev
		ev.Reset(trace.Leaf, lineKey(kind, lineTerminal), e.ply(depth).id, kind, depth)
		ev.Value, ev.Vec, ev.Terminal = trace.Num(e.component(out, kind)), slices.Clone(out), terminal
		if !terminal {
			ev.Line = lineKey(kind, lineCutoff)
			ev.Eval = e.opt.EvalName
			if e.explain != nil {
				ev.Terms = e.explain.Explain(s)
			}
		}
		line := ev.Line
		e.emit()
		e.exitVec(depth, kind, line, out)
	}
	return out
}

// exitVec emits the exit event of the node of max^n at depth, which
// returns the vector out, with its subtree's summary when the recorder
// asked for it.
func (e *engine[S, G]) exitVec(depth int, kind trace.Kind, line string, out []float64) {
	v := e.component(out, kind)
	e.ev = trace.Event{Type: trace.Exit, Line: line, Node: e.ply(depth).id, Kind: kind, Depth: depth,
		Value: trace.Num(v), Vec: slices.Clone(out), Bound: trace.Exact}
	if e.skip {
		e.subEndVec(depth, out, v)
	}
	e.emit()
}

// finishVec is finish for max^n: the result carries the root's vector.
func (e *engine[S, G]) finishVec(rootKind trace.Kind, vec []float64) (trace.Result, error) {
	if err := e.failure(); err != nil {
		return trace.Result{}, err
	}
	r := e.result(e.component(vec, rootKind))
	r.Vec = slices.Clone(vec)
	if e.rec != nil {
		rc := r
		rc.Stats = r.Stats.Clone()
		rc.Vec = slices.Clone(vec)
		e.emitEvent(trace.Event{Type: trace.Done, Line: "done", Node: "", Kind: rootKind, Value: r.Value, Vec: slices.Clone(vec), Result: &rc})
	}
	if e.err != nil && e.err != ErrStopped {
		return trace.Result{}, e.err
	}
	return r, nil
}
