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
	x := newX[S, G](g, AlgoMaxN, opt, rec)
	x.vg = vg
	if opt.Depth > 0 {
		if x.ve, ok = opt.Eval.(VectorEvaluation[S]); !ok {
			return trace.Result{}, fmt.Errorf("search: max^n with a depth limit needs an evaluation that values every player (a search.VectorEvaluation); %T gives one value", opt.Eval)
		}
	}
	x.vecs = make([][]float64, plyCount)
	rk := g.ToMove(root)
	if x.rootPlayer = rk.PlayerIndex(); x.rootPlayer == 0 {
		x.rootPlayer = 1
	}
	x.skip = x.canSkip()
	v := x.maxn(root, 0)
	return x.finishVec(rk, v)
}

// component is the value an event or result reports for a vector: the
// component of the node's player, or the root player's at other nodes.
func (x *xengine[S, G]) component(vec []float64, kind trace.Kind) float64 {
	k := kind.PlayerIndex()
	if k == 0 || k > len(vec) {
		k = min(x.rootPlayer, len(vec))
	}
	if k == 0 {
		return math.NaN()
	}
	return vec[k-1]
}

// vecBuf returns the vector buffer of depth, as long as the number of
// players (allocated once per depth).
func (x *xengine[S, G]) vecBuf(depth int) []float64 {
	if len(x.vecs[depth]) != x.players {
		x.vecs[depth] = make([]float64, x.players)
	}
	return x.vecs[depth]
}

// maxn returns the max^n vector of s, a node at the given depth, in the
// vector buffer of that depth (valid until the next node at that depth
// returns).
func (x *xengine[S, G]) maxn(s S, depth int) []float64 {
	if depth > MaxSearchDepth {
		x.tooDeep()
		return nil
	}
	p := x.ply(depth)
	p.nodes++
	p.pvn = 0
	if !x.visit() {
		return nil
	}
	kind := x.g.ToMove(s)
	tracing := x.traces(depth)
	if tracing {
		inf := math.Inf(1)
		x.enterX(s, depth, kind, -inf, inf)
		if x.skip {
			if sub := x.subTake(depth); sub != nil {
				return x.skipVec(depth, sub)
			}
		}
	} else {
		x.counted(depth, 1)
	}
	player := kind.PlayerIndex()
	chance := kind == trace.Chance
	if player == 0 && !chance {
		x.fail(fmt.Errorf("search: max^n handles player nodes (P1, P2, …) and CHANCE nodes, but node %q is %s", x.nodeID(depth), kind.Upper()))
		return nil
	}
	if terminal := x.g.Terminal(s); terminal || depth >= x.limit {
		return x.leafVec(s, depth, kind, terminal)
	}
	moves := x.g.Moves(s, p.moves[:0])
	p.moves = moves
	n := len(moves)
	if n == 0 {
		x.fail(fmt.Errorf("search: node %q is not terminal but has no moves", x.nodeID(depth)))
		return nil
	}
	var probs []float64
	if chance {
		if probs = x.probabilities(s, depth, n); probs == nil {
			return nil
		}
	}
	perm, by := x.orderX(s, depth, kind, moves, probs)
	if x.stopped {
		return nil
	}
	if tracing {
		x.expandX(depth, kind, n, perm, probs, by)
	} else {
		x.step++
	}
	var out []float64
	below := x.ply(depth + 1)
	random := x.opt.Order == OrderRandom
	for k := 0; k < n; k++ {
		i := k
		if perm != nil {
			i = perm[k]
		}
		x.path[depth+1] = int32(i)
		if tracing {
			below.id = x.ids.child(p.id, i)
		}
		if random {
			below.hash = mixHash(p.hash, i)
		}
		cv := x.maxn(x.g.Result(s, moves[i]), depth+1)
		if x.stopped {
			return nil
		}
		if k == 0 {
			out = x.vecBuf(depth)
			if player > x.players {
				x.fail(fmt.Errorf("search: node %q is P%d, but the value vectors have %d components", x.nodeID(depth), player, x.players))
				return nil
			}
		}
		changed := k == 0
		if chance {
			if k == 0 {
				clear(out)
			}
			for j, c := range cv {
				out[j] += probs[i] * c
			}
		} else if k == 0 || cv[player-1] > out[player-1] {
			copy(out, cv)
			setPV(p, below, i)
			changed = true
		}
		if tracing {
			vec := slices.Clone(out)
			if chance {
				tidyAll(vec)
			}
			ev := &x.ev
			ev.Reset(trace.Update, xLineKey(kind, lineValue), p.id, kind, depth)
			ev.Value, ev.Vec = trace.Num(x.component(vec, kind)), vec
			ev.Child, ev.ChildValue, ev.ChildBound = below.id, trace.Num(x.component(cv, kind)), trace.Exact
			if changed || chance {
				ev.Changed = "value"
			}
			x.emit()
		} else {
			x.step++
		}
	}
	if chance {
		tidyAll(out)
	}
	if tracing {
		x.exitVec(depth, kind, xLineKey(kind, lineReturn), out)
	} else {
		x.step++
	}
	return out
}

func tidyAll(v []float64) {
	for j := range v {
		v[j] = tidy(v[j])
	}
}

// leafVec values a node of max^n that is not searched deeper.
func (x *xengine[S, G]) leafVec(s S, depth int, kind trace.Kind, terminal bool) []float64 {
	var src []float64
	if terminal {
		src = x.vg.UtilityVec(s)
	} else if src = x.ve.EvaluateVec(s); src == nil {
		x.fail(optionError("search.err.no-eval", "Node", strconv.Quote(x.nodeID(depth)), "Depth", x.opt.Depth))
		return nil
	}
	what := "leaf"
	if !terminal {
		what = "the evaluation of node"
	}
	if x.players == 0 {
		if len(src) < 2 || len(src) > trace.MaxPlayers {
			x.fail(fmt.Errorf("search: %s %q has %d values; max^n needs one per player, 2 to %d", what, x.nodeID(depth), len(src), trace.MaxPlayers))
			return nil
		}
		x.players = len(src)
	}
	if len(src) != x.players {
		x.fail(fmt.Errorf("search: %s %q has %d values, but the first leaf had %d", what, x.nodeID(depth), len(src), x.players))
		return nil
	}
	for _, c := range src {
		if math.IsNaN(c) || math.IsInf(c, 0) {
			x.fail(fmt.Errorf("search: %s %q has the value %v; every value must be a finite number", what, x.nodeID(depth), c))
			return nil
		}
	}
	out := x.vecBuf(depth)
	copy(out, src)
	x.ply(depth).leaves++
	if !x.traces(depth) {
		x.step += 2 // its leaf and exit events
	} else {
		ev := &x.ev
		ev.Reset(trace.Leaf, xLineKey(kind, lineTerminal), x.ply(depth).id, kind, depth)
		ev.Value, ev.Vec, ev.Terminal = trace.Num(x.component(out, kind)), slices.Clone(out), terminal
		if !terminal {
			ev.Line = xLineKey(kind, lineCutoff)
			ev.Eval = x.opt.EvalName
			if x.explain != nil {
				ev.Terms = x.explain.Explain(s)
			}
		}
		line := ev.Line
		x.emit()
		x.exitVec(depth, kind, line, out)
	}
	return out
}

// exitVec emits the exit event of the node of max^n at depth, which
// returns the vector out, with its subtree's summary when the recorder
// asked for it.
func (x *xengine[S, G]) exitVec(depth int, kind trace.Kind, line string, out []float64) {
	v := x.component(out, kind)
	x.ev = trace.Event{Type: trace.Exit, Line: line, Node: x.ply(depth).id, Kind: kind, Depth: depth,
		Value: trace.Num(v), Vec: slices.Clone(out), Bound: trace.Exact}
	if x.skip {
		x.subEndVec(depth, out, v)
	}
	x.emit()
}

// finishVec is finish for max^n: the result carries the root's vector.
func (x *xengine[S, G]) finishVec(rootKind trace.Kind, vec []float64) (trace.Result, error) {
	if x.err != nil {
		return trace.Result{}, x.err
	}
	r := x.result(x.component(vec, rootKind))
	r.Vec = slices.Clone(vec)
	if x.rec != nil {
		rc := r
		rc.Stats = r.Stats.Clone()
		rc.Vec = slices.Clone(vec)
		x.emitEvent(trace.Event{Type: trace.Done, Line: "done", Node: "", Kind: rootKind, Value: r.Value, Vec: slices.Clone(vec), Result: &rc})
	}
	if x.err != nil && x.err != ErrStopped {
		return trace.Result{}, x.err
	}
	return r, nil
}
