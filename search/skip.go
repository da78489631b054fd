package search

import (
	"fmt"
	"math"

	"github.com/abtrace/abtrace/trace"
)

// canSkip reports whether this search may pass over a subtree that its
// recorder has seen before (trace.Subtree): the one place that decides it.
// A subtree can be skipped only where searching it leaves nothing behind
// that changes what its later siblings do, and where the engine counts
// everything the subtree would have changed. That holds for minimax,
// alpha-beta (and so paranoid, which is alpha-beta on the reduced game),
// expectiminimax, Star1 and max^n under the natural, reversed, evaluation,
// best, worst and seeded random orderings: what a node returns (a value
// and its bound, and under max^n the vector) is all its parent uses. It
// does not hold with a transposition table (entries stored inside the
// subtree settle later nodes), killer or history ordering (what the
// subtree learned orders later nodes), negamax and its relatives (they
// keep the table and killers), selective search (its counts of quiescence
// nodes, extensions and dropped moves are not in a summary), nor for MCTS,
// whose playouts this hook does not reach.
func (e *engine[S, G]) canSkip() bool {
	if e.rec == nil || e.rg != nil {
		return false
	}
	switch e.algo {
	case AlgoMinimax, AlgoAlphaBeta, AlgoExpectiminimax, AlgoStar1, AlgoMaxN:
	default:
		return false
	}
	o := e.opt
	return o.TT == 0 && !o.Quiescence && !o.isSelective() && o.Order != OrderKiller && o.Order != OrderHistory
}

// subAsked reports whether the recorder asked anything of the node of
// ply p just entered at depth (a summary, to count or to skip its
// subtree), or the node still holds what it asked before: then subBegin
// (or subTake) must look. Otherwise it only notes how deep the search
// went, as subTake does.
func (e *core) subAsked(p *ply, depth int) bool {
	if e.hot.enter.Subtree != nil || p.subWant || p.subCount {
		return true
	}
	e.deepest = max(e.deepest, depth)
	return false
}

// subBegin is called right after the enter event of the node at depth.
// When the recorder asked for the node's summary (trace.WantSubtree), it
// notes where the subtree begins, so that its exit can report it. When the
// recorder handed back the node's summary, it skips the subtree instead,
// and returns what the node returned and true.
func (e *core) subBegin(depth int) (float64, trace.Bound, bool) {
	if sub := e.subTake(depth); sub != nil {
		return e.skipSubtree(depth, sub)
	}
	return 0, 0, false
}

// subTake is subBegin without the skipping: it returns the summary the
// recorder handed back for the node at depth, or nil. When the recorder
// asked to count the node's children (trace.CountSubtree), the nodes below
// it count their events from here to its exit (subEnd) instead of making
// them.
func (e *core) subTake(depth int) *trace.Subtree {
	p := e.ply(depth)
	p.subWant, p.subCount = false, false
	e.deepest = max(e.deepest, depth)
	ev := &e.hot.enter
	sub := ev.Subtree
	if sub == nil || e.stopped {
		return nil
	}
	ev.Subtree = nil
	switch sub {
	case trace.CountSubtree:
		p.subCount = true
		e.quietFrom = depth + 1
	case trace.WantSubtree:
	default:
		return sub
	}
	p.subWant = true
	p.subStep, p.subWork = e.step, e.meter.work
	p.subAlpha, p.subBeta = ev.Alpha, ev.Beta
	p.subEvaluated = e.evaluated
	at := p.subAt[:0]
	for d := depth; d <= e.deepest; d++ {
		q := e.ply(d)
		at = append(at, q.nodes, q.leaves, q.cutoffs)
	}
	p.subAt = at
	return nil
}

// subEnd sets the summary of the subtree of the node at depth, which
// returns v with bound b, on the exit event being built, when the
// recorder asked for it.
func (e *core) subEnd(ev *trace.Event, depth int, v float64, b trace.Bound) {
	p := e.ply(depth)
	if p.subCount {
		p.subCount = false
		e.quietFrom = math.MaxInt
	}
	if !p.subWant {
		return
	}
	p.subWant = false
	s := &e.sub
	s.Events = e.step + 1 - p.subStep + 1 // the exit is the next step
	s.Alpha, s.Beta = p.subAlpha, p.subBeta
	s.Value, s.Bound = trace.Num(v), b
	s.Vec = s.Vec[:0] // max^n sets it after (subEndVec)
	s.PV = s.PV[:0]
	for _, i := range p.pv[:p.pvn] {
		s.PV = append(s.PV, int(i))
	}
	s.Work = e.meter.work - p.subWork + 1
	s.Evaluated = e.evaluated - p.subEvaluated
	n := e.deepest - depth + 1
	s.NodesAt, s.LeavesAt, s.CutoffsAt = resize(s.NodesAt, n), resize(s.LeavesAt, n), resize(s.CutoffsAt, n)
	for j := range n {
		q := e.ply(depth + j)
		s.NodesAt[j], s.LeavesAt[j], s.CutoffsAt[j] = q.nodes, q.leaves, q.cutoffs
		if 3*j < len(p.subAt) {
			s.NodesAt[j] -= p.subAt[3*j]
			s.LeavesAt[j] -= p.subAt[3*j+1]
			s.CutoffsAt[j] -= p.subAt[3*j+2]
		}
	}
	s.NodesAt[0]++ // the node itself was counted before subBegin
	ev.Subtree = s
}

func resize(s []int, n int) []int {
	if cap(s) < n {
		return make([]int, n)
	}
	return s[:n]
}

// skipSubtree goes on as if the subtree of the node at depth had been
// searched and traced: its steps, counts, best line and work are added,
// and its value returned.
func (e *core) skipSubtree(depth int, sub *trace.Subtree) (float64, trace.Bound, bool) {
	if sub.Events < 2 || len(sub.NodesAt) == 0 || depth+len(sub.NodesAt) > plyCount ||
		len(sub.LeavesAt) > len(sub.NodesAt) || len(sub.CutoffsAt) > len(sub.NodesAt) {
		e.fail(fmt.Errorf("search: the summary handed back for node %q does not fit the search", e.ply(depth).id))
		return 0, trace.Exact, true
	}
	e.step += sub.Events - 1 // the enter was emitted
	for j, n := range sub.NodesAt {
		e.ply(depth + j).nodes += n
	}
	e.ply(depth).nodes-- // the node itself was counted before its enter
	for j, n := range sub.LeavesAt {
		e.ply(depth + j).leaves += n
	}
	for j, n := range sub.CutoffsAt {
		e.ply(depth + j).cutoffs += n
	}
	e.deepest = max(e.deepest, depth+len(sub.NodesAt)-1)
	e.evaluated += sub.Evaluated
	p := e.ply(depth)
	if len(p.pv) < len(sub.PV) {
		p.pv = make([]int32, len(sub.PV)+16)
	}
	for k, i := range sub.PV {
		p.pv[k] = int32(i)
	}
	p.pvn = len(sub.PV)
	m := e.meter
	m.work += sub.Work - 1 // the node itself was counted before its enter
	if m.work >= m.checkAt {
		if err := m.over(); err != nil {
			e.fail(err)
		}
	}
	return float64(sub.Value), sub.Bound, true
}

// subEndVec is subEnd for a node of max^n, whose summary carries the
// vector vec the node returns.
func (e *engine[S, G]) subEndVec(depth int, vec []float64, v float64) {
	e.subEnd(&e.ev, depth, v, trace.Exact)
	if e.ev.Subtree == &e.sub {
		e.sub.Vec = append(e.sub.Vec[:0], vec...)
	}
}

// countedPrune emits the prune event of the node at depth inside a
// counted subtree (trace.CountSubtree), the one event such a node makes:
// after position k of the search order (perm, or natural order when nil)
// the children up to n are skipped. It carries what the traced prune
// event carries but the test's text (and a chance node's range).
func (e *core) countedPrune(line string, depth int, kind trace.Kind, alpha, beta, v float64, k, n int, perm []int) {
	p := e.ply(depth)
	p.id = e.nodeID(depth) // ids are not built inside a counted subtree
	e.pruneEvent(line, p.id, kind, depth, alpha, beta, v, "", e.pruneList(depth, k, n, perm), nil)
}

// emitExit emits ev, an exit event, with the summary of its node's
// subtree when the recorder asked for it.
func (e *core) emitExit(ev trace.Event) {
	e.ev = ev
	if e.skip {
		e.subEnd(&e.ev, ev.Depth, float64(ev.Value), ev.Bound)
	}
	e.emit()
}

// skipVec is skipSubtree for a node of max^n: it returns the vector the
// skipped node returned, in the vector buffer of its depth.
func (e *engine[S, G]) skipVec(depth int, sub *trace.Subtree) []float64 {
	if e.players == 0 && len(sub.Vec) >= 2 && len(sub.Vec) <= trace.MaxPlayers {
		e.players = len(sub.Vec)
	}
	if len(sub.Vec) != e.players || e.players == 0 {
		e.fail(fmt.Errorf("search: the summary handed back for node %q does not fit the search", e.ply(depth).id))
		return nil
	}
	e.skipSubtree(depth, sub)
	out := e.vecOf(e.ply(depth))
	copy(out, sub.Vec)
	return out
}
