package search

import (
	"fmt"

	"github.com/abtrace/abtrace/trace"
)

// canSkip reports whether this search may pass over a subtree that its
// recorder has seen before (trace.Subtree): the one place that decides it.
// A subtree can be skipped only where searching it leaves nothing behind
// that changes what its later siblings do, and where the engine counts
// everything the subtree would have changed. That holds for minimax and
// alpha-beta on a deterministic source under the natural, reversed,
// evaluation, best, worst and seeded random orderings. It does not hold
// with a transposition table (entries stored inside the subtree settle
// later nodes), killer or history ordering (what the subtree learned
// orders later nodes), negamax and its relatives (they keep the table and
// killers), selective search (its counts of quiescence nodes, extensions
// and dropped moves are not in a summary), nor for expectiminimax, Star1,
// max^n, paranoid and MCTS, which this hook does not reach.
func (e *engine[S, G]) canSkip() bool {
	if e.rec == nil || e.rg != nil || e.algo != AlgoMinimax && e.algo != AlgoAlphaBeta {
		return false
	}
	o := e.opt
	return o.TT == 0 && !o.Quiescence && !o.isSelective() && o.Order != OrderKiller && o.Order != OrderHistory
}

// subBegin is called right after the enter event of the node at depth.
// When the recorder asked for the node's summary (trace.WantSubtree), it
// notes where the subtree begins, so that its exit can report it. When the
// recorder handed back the node's summary, it skips the subtree instead,
// and returns what the node returned and true.
func (e *engine[S, G]) subBegin(depth int) (float64, trace.Bound, bool) {
	p := &e.plies[depth]
	p.subWant = false
	e.deepest = max(e.deepest, depth)
	sub := e.ev.Subtree
	if sub == nil || e.stopped {
		return 0, 0, false
	}
	e.ev.Subtree = nil
	if sub != trace.WantSubtree {
		return e.skipSubtree(depth, sub)
	}
	p.subWant = true
	p.subStep, p.subWork = e.step, e.meter.work
	p.subAlpha, p.subBeta = e.ev.Alpha, e.ev.Beta
	at := p.subAt[:0]
	for d := depth; d <= e.deepest; d++ {
		q := &e.plies[d]
		at = append(at, q.nodes, q.leaves, q.cutoffs)
	}
	p.subAt = at
	return 0, 0, false
}

// subEnd sets the summary of the subtree of the node at depth, which
// returns v with bound b, on the exit event being built, when the
// recorder asked for it.
func (e *engine[S, G]) subEnd(depth int, v float64, b trace.Bound) {
	p := &e.plies[depth]
	if !p.subWant {
		return
	}
	p.subWant = false
	s := &e.sub
	s.Events = e.step + 1 - p.subStep + 1 // the exit is the next step
	s.Alpha, s.Beta = p.subAlpha, p.subBeta
	s.Value, s.Bound = trace.Num(v), b
	s.PV = s.PV[:0]
	for _, i := range p.pv[:p.pvn] {
		s.PV = append(s.PV, int(i))
	}
	s.Work = e.meter.work - p.subWork + 1
	n := e.deepest - depth + 1
	s.NodesAt, s.LeavesAt, s.CutoffsAt = resize(s.NodesAt, n), resize(s.LeavesAt, n), resize(s.CutoffsAt, n)
	for j := range n {
		q := &e.plies[depth+j]
		s.NodesAt[j], s.LeavesAt[j], s.CutoffsAt[j] = q.nodes, q.leaves, q.cutoffs
		if 3*j < len(p.subAt) {
			s.NodesAt[j] -= p.subAt[3*j]
			s.LeavesAt[j] -= p.subAt[3*j+1]
			s.CutoffsAt[j] -= p.subAt[3*j+2]
		}
	}
	s.NodesAt[0]++ // the node itself was counted before subBegin
	e.ev.Subtree = s
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
func (e *engine[S, G]) skipSubtree(depth int, sub *trace.Subtree) (float64, trace.Bound, bool) {
	if sub.Events < 2 || len(sub.NodesAt) == 0 || depth+len(sub.NodesAt) > len(e.plies) ||
		len(sub.LeavesAt) > len(sub.NodesAt) || len(sub.CutoffsAt) > len(sub.NodesAt) {
		e.fail(fmt.Errorf("search: the summary handed back for node %q does not fit the search", e.plies[depth].id))
		return 0, trace.Exact, true
	}
	e.step += sub.Events - 1 // the enter was emitted
	for j, n := range sub.NodesAt {
		e.plies[depth+j].nodes += n
	}
	e.plies[depth].nodes-- // the node itself was counted before its enter
	for j, n := range sub.LeavesAt {
		e.plies[depth+j].leaves += n
	}
	for j, n := range sub.CutoffsAt {
		e.plies[depth+j].cutoffs += n
	}
	e.deepest = max(e.deepest, depth+len(sub.NodesAt)-1)
	p := &e.plies[depth]
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
