package search

import (
	"fmt"
	"math"

	"github.com/abtrace/abtrace/trace"
)

// The life of one node, written once for every recursive search. A search
// is its lecture's loop over these steps; alpha-beta's reads
//
//	nd := open(state, α, β)                 ▹ terminal, depth limit, table, subtree: done
//	for each child in nd's order do
//	    v ← MAX(v, MIN-VALUE(RESULT(state, a), α, β))   ▹ child, then update
//	    if v ≥ β then return v                            ▹ cuts, then prune
//	    α ← MAX(α, v)                                     ▹ narrow
//	return v                                              ▹ exit
//
// The node lives in the ply of its depth (ply.node): nothing of it is
// allocated or zeroed per node. Each step makes its events while tracing
// and counts them otherwise, so that the step numbers of a counted or
// skipped subtree are those of the traced one.
//
// Values. Alpha-beta, minimax, expectiminimax and Star1 hold the window
// and values for MAX. The negamax family and quiescence search hold them
// for the player to move; c turns them into MAX's, as the events show
// them (c is 1 but at a MIN node of negamax).

// node is what a node keeps while its children run: what open found and,
// in the searches with a window, the window (α, β), the value v so far and
// what the children's reports prove.
type node struct {
	kind    trace.Kind
	lines   *[stepStandPatCut + 1]string // the line keys of its steps (stepLines)
	tracing bool                         // the node makes its events (see engine.traces)
	more    bool                         // its children need more than their place on the path (engine.child)
	slow    bool                         // its updates do more than compare: someone listens (events made or counted, bounds kept)
	neg     bool                         // values for the player to move (negamax, quiescence)
	q       bool                         // a node of quiescence search
	isMax   bool                         // maximises in its own terms (always under negamax)
	dir     float64                      // 1 where the node maximises, −1 where it minimises
	c       float64                      // turns the node's values into MAX's: 1, or −1 (negamax at MIN)
	n       int                          // the children to search: len(perm), or of moves
	at      int32                        // the natural index of the child being searched: names the nodes whose ids are not built (nodeID)
	order   []int                        // the search order, as natural indices; nil: natural order
	probs   []float64                    // chance nodes: the probability of each child, by natural index
	below   *ply                         // the ply of the children
	cv      float64                      // the last child's value, in the node's terms
	cb      trace.Bound
	best    int // natural index of the best child (−1: none), for the table

	alpha, beta float64 // the window now
	a0, b0      float64 // the window as entered (after the table narrowed it)
	v           float64 // the value so far
	lo, hi      float64 // when someone listens: the interval the children's reports prove
}

// The line keys of one node's steps: the pseudocode's, and quiescence
// search's own.
const (
	stepValue = iota
	stepPrune
	stepNarrow
	stepReturn
	stepStandPatCut
)

// stepLines holds the line keys of the steps, by node kind (MAX, MIN,
// CHANCE, a player's) and for quiescence search: a node takes its row
// once, when it opens (linesOf).
var stepLines = func() (t [5][stepStandPatCut + 1]string) {
	for r, k := range []trace.Kind{trace.Max, trace.Min, trace.Chance, trace.Player(1)} {
		t[r][stepValue], t[r][stepPrune], t[r][stepReturn] = lineKey(k, lineValue), lineKey(k, linePrune), lineKey(k, lineReturn)
	}
	t[0][stepNarrow], t[1][stepNarrow] = "max-alpha", "min-beta"
	t[4] = [...]string{stepValue: "q-value", stepPrune: "q-prune", stepNarrow: "q-alpha", stepReturn: "q-return", stepStandPatCut: "q-standpat-cut"}
	return t
}()

// linesOf is the row of stepLines of a node of kind (of quiescence
// search, q).
func linesOf(kind trace.Kind, q bool) *[stepStandPatCut + 1]string {
	switch {
	case q:
		return &stepLines[4]
	case kind == trace.Min:
		return &stepLines[1]
	case kind == trace.Chance:
		return &stepLines[2]
	case kind.PlayerIndex() > 0:
		return &stepLines[3]
	}
	return &stepLines[0]
}

// line is the pseudocode key of a step of the node.
func (p *ply) line(step int) string { return p.lines[step] }

// forMax reports whether the node decides for MAX as the events show it:
// a MAX node of alpha-beta, or a node of negamax where MAX moves.
func (p *ply) forMax() bool { return p.isMax == (p.c > 0) }

// shown is the window (α, β) as the events show it: for MAX.
func (p *ply) shown() (float64, float64) { return forMax(p.c, p.alpha, p.beta) }

// handles reports whether the search handles a node of kind, and whether
// it asks of a terminal node too: the two-player searches look at the
// kind of the nodes they expand only.
func (e *core) handles(kind trace.Kind, terminal bool) bool {
	return terminal && e.anyEnd || kind < 64 && e.kinds>>kind&1 != 0
}

// handledKinds is what handles asks of a search of algo: the kinds of
// node it handles (bit k for Kind k; no search handles a kind from 64 on),
// and whether it handles a terminal node of any kind (the two-player
// searches). A set, so that every node asks it without a switch.
func handledKinds(algo Algorithm) (kinds uint64, anyEnd bool) {
	switch algo {
	case AlgoExpectiminimax, AlgoStar1:
		return 1<<trace.Max | 1<<trace.Min | 1<<trace.Chance, false
	case AlgoMaxN:
		kinds = 1 << trace.Chance
		for k := 1; k <= trace.MaxPlayers; k++ {
			kinds |= 1 << trace.Player(k)
		}
		return kinds, false
	}
	return 1<<trace.Max | 1<<trace.Min, true
}

// kindError stops the search at a node of a kind it does not handle.
func (e *engine[S, G]) kindError(depth int, kind trace.Kind) {
	what := "MAX and MIN nodes"
	switch e.algo {
	case AlgoExpectiminimax, AlgoStar1:
		what = "MAX, MIN and CHANCE nodes"
	case AlgoMaxN:
		what = "player nodes (P1, P2, …) and CHANCE nodes"
	}
	e.fail(fmt.Errorf("search: %v handles %s, but node %q is %s", e.algo, what, e.nodeID(depth), kind.Upper()))
}

// begin counts the node at depth as entered and returns its ply, or nil
// when the search stops here (too deep, or over its budget).
func (e *core) begin(depth int) *ply {
	if depth > MaxSearchDepth {
		e.tooDeep()
		return nil
	}
	p := e.ply(depth)
	p.nodes++
	p.pvn = 0
	if !e.visit() {
		return nil
	}
	p.tracing = e.traces(depth)
	return p
}

// open does everything the node s at depth, entered with the window
// (alpha, beta), does before its first child: counting, the enter event,
// a subtree handed back, the table, the kind, a terminal or the depth
// limit (quiescence past it), the moves and their order. It returns the
// node's ply, or nil when the node is settled already, with its value and
// bound.
func (e *engine[S, G]) open(s S, depth int, alpha, beta float64) (*ply, float64, trace.Bound) {
	if depth > MaxSearchDepth {
		e.tooDeep()
		return nil, 0, trace.Exact
	}
	p := e.ply(depth) // begin, written out: every node takes this way
	p.nodes++
	p.pvn = 0
	if !e.visit() {
		return nil, 0, trace.Exact
	}
	if e.plain { // the short way (plainNodes), written out: it saves a call per node
		p.kind = e.innerKind // its parent knows s is not terminal and who moves (valued)
		if !e.inner {
			if e.g.Terminal(s) {
				p.leaves++
				return nil, e.g.Utility(s), trace.Exact
			}
			p.kind = e.g.ToMove(s)
		}
		e.inner = false
		// The plies of a plain search hold no order, probabilities, negamax
		// or quiescence node, and nothing that makes a node trace, a child
		// or an update slow: those fields, and c = 1, are as newPlies left
		// them.
		p.alpha, p.beta = alpha, beta
		if e.ends(p, depth) {
			return e.openEnd(s, p, depth)
		}
		if e.kids != nil { // every child at once
			kids := e.kids.Children(s, e.brood[depth][:0])
			if p.n = len(kids); cap(kids) != cap(e.brood[depth]) {
				e.brood[depth] = kids // grown: kept from now on
			}
		} else {
			p.moves = e.g.Moves(s, p.moves[:0])
			p.n = len(p.moves)
		}
		if p.n == 0 {
			return e.openEnd(s, p, depth)
		}
		p.startValue()
		if p.below == nil {
			p.below = e.ply(depth + 1)
		}
		return p, 0, 0
	}
	p.tracing = e.traces(depth)
	terminal := e.quick && e.g.Terminal(s) // the others ask after the table (enter)
	if terminal && !p.tracing {
		// Untraced, a terminal position needs nothing but its utility.
		p.leaves++
		e.counted(depth, 3) // enter, leaf, exit
		return nil, e.g.Utility(s), trace.Exact
	}
	p.kind = e.g.ToMove(s)
	if e.rec != nil {
		p.lines = linesOf(p.kind, false) // its events are made or counted
	}
	p.c, p.neg, p.q, p.alpha, p.beta = 1, e.neg, false, alpha, beta
	if e.neg {
		p.c = color(p.kind)
	}
	if !p.tracing && !e.tt {
		e.counted(depth, 1) // its enter event
	} else if v, b, done := e.enter(s, p, depth); done {
		return nil, v, b
	}
	if !e.quick {
		terminal = e.g.Terminal(s)
	}
	if !e.handles(p.kind, terminal) {
		e.kindError(depth, p.kind)
		return nil, 0, trace.Exact
	}
	if terminal || depth >= e.limit && e.beyond(depth) {
		v, b := e.settle(s, p, depth, terminal)
		return nil, v, b
	}
	if !e.expand(s, p, depth) {
		return nil, 0, trace.Exact
	}
	e.start(p, depth)
	return p, 0, 0
}

// openEnd ends a plain node that open finds is not searched further: a
// kind the search does not handle, the depth limit, or no moves.
func (e *engine[S, G]) openEnd(s S, p *ply, depth int) (*ply, float64, trace.Bound) {
	switch {
	case p.kind > trace.Min:
		e.kindError(depth, p.kind)
	case depth >= e.limit:
		v, b := e.settle(s, p, depth, false)
		return nil, v, b
	default:
		e.noMoves(depth)
	}
	return nil, 0, trace.Exact
}

// ends reports whether a plain node p at depth is not searched further:
// a kind the search does not handle, or the depth limit (openEnd).
func (e *core) ends(p *ply, depth int) bool { return p.kind > trace.Min || depth >= e.limit }

// plainNodes reports whether every node of the search takes the lecture's
// steps and nothing else: untraced minimax or alpha-beta in natural
// order, without a table, quiescence, forward pruning or fail-hard
// bounds. Such a search values a terminal child without entering it
// (valued), opens a node the short way (open's plain part) and leaves it
// with its value (exit). Nobody listens, so nobody reads its step count:
// those ways do not count events.
func (e *engine[S, G]) plainNodes() bool {
	return e.rec == nil && e.quick && !e.tt && !e.neg && !e.selects && !e.pathHash &&
		e.opt.Order == OrderNatural && !e.opt.Quiescence && (e.failMode != FailHard || !e.window)
}

// valued reports whether the child that the node p at depth just made (Step said
// whether it is terminal) is valued without entering it: in a plain search
// (see plainNodes) a terminal child is its utility, counted as a node and
// a leaf. Otherwise the child is searched; in a plain search its node then
// need not ask again whether it is terminal, nor who moves there (kind).
func (e *core) valued(p *ply, depth int, terminal bool, kind trace.Kind) bool {
	if depth >= e.plainTo {
		return false
	}
	if terminal {
		return e.leafChild(p)
	}
	e.inner, e.innerKind = true, kind
	return false
}

// leafChild counts the terminal child that valued values as a node and a
// leaf of the ply below p.
func (e *core) leafChild(p *ply) bool {
	c := p.below
	c.nodes++
	c.pvn = 0
	if e.visit() {
		c.leaves++
	}
	return true
}

// noMoves stops the search at a node that is not terminal but has no
// moves.
func (e *core) noMoves(depth int) {
	e.fail(fmt.Errorf("search: node %q is not terminal but has no moves", e.nodeID(depth)))
}

// enter emits the enter event of the node (or counts it), takes a subtree
// handed back, and probes the table, which may narrow the window or
// settle the node: then it returns the node's value and bound and true.
func (e *engine[S, G]) enter(s S, p *ply, depth int) (float64, trace.Bound, bool) {
	if p.tracing {
		ma, mb := p.shown()
		e.enterEvent(s, p, depth, p.kind, ma, mb)
		if e.skip && e.subAsked(p, depth) {
			if v, b, ok := e.subBegin(depth); ok {
				return v, b, true
			}
		}
	} else {
		e.counted(depth, 1)
	}
	if e.rg == nil || e.rg.tt == nil {
		return 0, 0, false
	}
	ma, mb := p.shown()
	ma, mb, tv, tb, cut := e.ttProbe(s, depth, p.kind, ma, mb)
	if cut {
		return p.c * tv, flip(tb, p.c), true
	}
	p.alpha, p.beta = forMax(p.c, ma, mb)
	return 0, 0, false
}

// settle values the node that is not searched deeper: a terminal, or a
// position at the depth limit (its evaluation, or quiescence search past
// the limit), in the node's terms.
func (e *engine[S, G]) settle(s S, p *ply, depth int, terminal bool) (float64, trace.Bound) {
	if !terminal && e.opt.Quiescence {
		// Quiescence holds values for the player to move.
		f := p.c * color(p.kind)
		a, b := forMax(f, p.alpha, p.beta)
		v, bd := e.quiesce(s, depth, p.kind, a, b)
		return f * v, flip(bd, f)
	}
	ma, mb := p.shown()
	return p.c * e.leaf(s, p, depth, p.kind, terminal, ma, mb), trace.Exact
}

// expand generates the moves of the node, the probabilities of a chance
// node and the order in which the children are searched (without those
// forward pruning drops), and emits the expand event (or counts it). It
// returns false when the search stops here.
func (e *engine[S, G]) expand(s S, p *ply, depth int) bool {
	moves := e.g.Moves(s, p.moves[:0])
	p.moves = moves // kept whole: the table stores the best move from it
	p.n = len(moves)
	if p.n == 0 {
		e.noMoves(depth)
		return false
	}
	p.probs = nil
	if p.kind == trace.Chance {
		if p.probs = e.probabilities(s, depth, p.n); p.probs == nil {
			return false
		}
	}
	p.order = nil // natural order; the ply's perm is the orderings' buffer
	if e.opt.Order != OrderNatural {
		p.order = e.order(s, depth, p.kind, moves, p.probs)
	}
	if e.neg {
		p.order = e.front(depth, moves, p.order)
	}
	if e.stopped {
		return false
	}
	selective := e.selects
	if selective {
		if perm := e.selective(s, depth, p.kind, moves, p.order); perm != nil {
			p.order, p.n = perm, len(perm)
		}
	}
	if !p.tracing {
		e.step++ // selective search is never counted (canSkip)
		return true
	}
	e.expandEvent(p, depth, p.kind, p.n, p.order, p.probs)
	if selective {
		e.selectiveEvents(depth, p.kind)
	}
	return true
}

// start sets the value and the window's bookkeeping before the first
// child: v is −∞ where the node maximises, +∞ where it minimises; and
// what the node's steps need beyond the least.
func (e *core) start(p *ply, depth int) {
	p.startValue()
	if e.window {
		p.lo, p.hi = p.v, p.v
		p.a0, p.b0 = p.alpha, p.beta
	}
	if p.below == nil {
		p.below = e.ply(depth + 1) // plies never move: once is enough
	}
	p.more = p.order != nil || p.tracing || e.pathHash || !p.q && (e.neg && len(e.line.prevPV) > 0 || e.selects)
	p.slow = e.rec != nil
}

// startValue sets v to −∞ where the node maximises, +∞ where it
// minimises, before its first child, and no child best yet.
func (p *ply) startValue() {
	p.isMax = p.neg || p.kind == trace.Max
	p.best, p.dir = -1, -1
	if p.isMax {
		p.dir = 1
	}
	p.v = -p.dir * math.Inf(1)
}

// natural is the natural index of the k-th child in the node's order.
func (p *ply) natural(k int) int {
	if p.order != nil {
		return p.order[k]
	}
	return k
}

// child prepares the k-th child in the node's order and returns its
// natural index: its place on the path and, when the node asks for more
// (see start), its id while tracing, its path hash (the random ordering's,
// and the table's for a game without keys), whether it follows the
// previous pass's line, its extensions.
func (e *core) child(p *ply, depth, k int) int {
	if p.more {
		return e.childMore(p, depth, k)
	}
	p.at = int32(k)
	return k
}

func (e *core) childMore(p *ply, depth, k int) int {
	i := p.natural(k)
	p.at = int32(i)
	below := p.below
	if p.tracing {
		below.id = e.ids.child(p.id, i)
	}
	if e.pathHash {
		below.hash = mixHash(p.hash, i)
	}
	if e.neg && !p.q {
		e.followPath(depth, i)
	}
	if !p.q && e.selects {
		below.ext = e.childExt(depth, i)
	}
	return i
}

// update takes the value cv and bound cb that child i returned (in the
// node's terms): v becomes the better of v and cv for the node, and the
// update event says so.
func (e *core) update(p *ply, depth, i int, cv float64, cb trace.Bound) {
	if p.slow {
		e.updateMore(p, depth, i, cv, cb)
		return
	}
	if (cv-p.v)*p.dir > 0 { // cv > v at MAX, cv < v at MIN (a difference is 0 only between equals)
		p.better(i, cv) // nobody listens: nothing else to do
	}
}

// better makes cv, of child i, the node's value and its line the node's.
func (p *ply) better(i int, cv float64) {
	p.v, p.best = cv, i
	setPV(p, p.below, i)
}

func (e *core) updateMore(p *ply, depth, i int, cv float64, cb trace.Bound) {
	changed := (cv-p.v)*p.dir > 0 // as in update
	if changed {
		p.better(i, cv)
	}
	if !p.slow {
		return // nobody listens: nothing else to do
	}
	p.cv, p.cb = cv, cb
	if e.rec != nil && e.window && !p.neg {
		p.lo, p.hi = combine(p.isMax, p.lo, p.hi, cv, cb)
	}
	if !p.tracing {
		e.step++
		return
	}
	changes := ""
	if changed {
		changes = "value"
	}
	e.updateEvent(p, depth, stepValue, changes, cv, cb)
}

// cuts is the cut rule, decided here for every search: v ≥ β at a node
// that maximises, v ≤ α at one that minimises; strictly (v > β, v < α)
// under PruneGT. Its wording in a trace is cutTest's.
func (r PruneRule) cuts(isMax bool, v, alpha, beta float64) bool {
	switch {
	case isMax && r == PruneGT:
		return v > beta
	case isMax:
		return v >= beta
	case r == PruneGT:
		return v < alpha
	}
	return v <= alpha
}

// signs are the rule's comparisons as a listing writes them: ≥ (at a
// node that maximises) and ≤ (at one that minimises), or > and < under
// PruneGT.
func (r PruneRule) signs() (ge, le string) {
	if r == PruneGT {
		return ">", "<"
	}
	return "≥", "≤"
}

// cutTest words the comparison of rule r that fired, with its numbers
// ("5 ≥ β = 3"), for MAX (isMax) or MIN, in the id arena so that tracing
// allocates no string for it.
func (e *core) cutTest(r PruneRule, isMax bool, v, alpha, beta float64) string {
	a := &e.ids
	start := a.begin(64)
	a.buf = trace.Num(v).Append(a.buf)
	strict := r == PruneGT
	switch {
	case isMax && strict:
		a.buf = trace.Num(beta).Append(append(a.buf, " > β = "...))
	case isMax:
		a.buf = trace.Num(beta).Append(append(a.buf, " ≥ β = "...))
	case strict:
		a.buf = trace.Num(alpha).Append(append(a.buf, " < α = "...))
	default:
		a.buf = trace.Num(alpha).Append(append(a.buf, " ≤ α = "...))
	}
	return a.end(start)
}

// cuts reports whether the node's value cuts off its remaining children.
func (e *core) cuts(p *ply) bool { return e.rule.cuts(p.isMax, p.v, p.alpha, p.beta) }

// edge is the window's edge a node failing hard returns: β where it
// cut (at = true) at a node that maximises, else α; the other way round
// at a node that minimises.
func (p *ply) edge(cut bool) float64 {
	if p.isMax == cut {
		return p.beta
	}
	return p.alpha
}

// prune ends the node after the k-th child (natural index i) cut off the
// rest: it teaches the learned orderings, emits the prune event with the
// test that fired and the children skipped, and exits with a bound.
func (e *engine[S, G]) prune(p *ply, depth, k, i int) (float64, trace.Bound) {
	if k+1 < p.n {
		p.cutoffs++
	}
	if e.rg != nil && !p.q {
		e.noteCut(depth, p.kind, p.moves[i])
	}
	ret := p.v
	if e.opt.Fail == FailHard {
		ret = p.edge(true)
	}
	switch {
	case p.tracing:
		if k+1 < p.n {
			p.lo, p.hi = combine(p.isMax, p.lo, p.hi, math.NaN(), 0) // a skipped child could be anything
		}
		var killers []trace.Killer // a capture's cutoff teaches the killer slots nothing
		if !p.q {
			killers = e.killerSlots(depth)
		}
		ma, mb := p.shown()
		e.pruneEvent(p.line(stepPrune), p.id, p.kind, depth, ma, mb, p.c*p.v, e.cutTest(e.opt.Prune, p.forMax(), p.c*p.v, ma, mb), e.pruneList(depth, k, p.n, p.order), killers)
	case e.rec != nil && k+1 < p.n:
		// Inside a counted subtree: the prune that skips children is made.
		p.lo, p.hi = combine(p.isMax, p.lo, p.hi, math.NaN(), 0)
		e.countedPrune(p.line(stepPrune), depth, p.kind, p.alpha, p.beta, p.v, k, p.n, p.order)
	default:
		e.step++
	}
	return e.leave(p, depth, ret, true, stepPrune)
}

// narrow moves the window after a child that did not cut: α up to v at a
// node that maximises, β down to v at one that minimises.
func (e *core) narrow(p *ply, depth int) {
	switch {
	case p.isMax && p.v > p.alpha:
		p.alpha = p.v
	case !p.isMax && p.v < p.beta:
		p.beta = p.v
	default:
		return
	}
	if !p.tracing {
		e.step++
		return
	}
	what := "alpha"
	if !p.forMax() {
		what = "beta"
	}
	e.updateEvent(p, depth, stepNarrow, what, p.cv, p.cb)
}

// exit ends the node after its last child: it returns v, or under
// fail-hard the window's edge it ended with (α = max(α₀, v) where it
// maximises, β = min(β₀, v) where it minimises).
func (e *engine[S, G]) exit(p *ply, depth int) (float64, trace.Bound) {
	if e.plain {
		return p.v, trace.Exact
	}
	ret := p.v
	if e.failMode == FailHard && e.window {
		ret = p.edge(false)
	}
	return e.leave(p, depth, ret, false, stepReturn)
}

// leave returns ret from the node, after a cut or its last child: it says
// what ret means (its bound), stores it in the table, and emits the exit
// event (or counts it) with the line of the step that ends the node.
func (e *engine[S, G]) leave(p *ply, depth int, ret float64, cut bool, step int) (float64, trace.Bound) {
	b := trace.Exact
	if p.neg || e.rec != nil && e.window { // else exact (boundOf)
		b = e.boundOf(p, ret, cut)
	}
	if e.tt && (!p.q || depth == e.limitAt(depth)) {
		e.ttStore(depth, p.kind, p.c*ret, flip(b, p.c), p.best)
	}
	if !p.tracing {
		e.step++
		return ret, b
	}
	ma, mb := p.shown()
	e.exitEvent(p, depth, p.kind, p.c*ret, flip(b, p.c), p.line(step), ma, mb)
	return ret, b
}

// boundOf says what the value ret that the node returns means, after a
// cut or its last child: under negamax a cut's value is a lower bound and
// a value at most α₀ an upper one; alpha-beta's and Star1's come from
// what the children's reports prove (bound), when someone listens.
func (e *core) boundOf(p *ply, ret float64, cut bool) trace.Bound {
	switch {
	case p.neg && cut:
		return trace.Lower
	case p.neg && ret <= p.a0:
		return trace.Upper
	case !p.neg && e.rec != nil && e.window:
		return e.bound(p.isMax, ret, p.v, p.lo, p.hi, p.a0, p.b0)
	}
	return trace.Exact
}
