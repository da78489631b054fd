package search

import (
	"fmt"
	"math"
	"strconv"
	"unsafe"

	"github.com/abtrace/abtrace/trace"
)

// ply is what the search keeps for one depth of the current path.
type ply struct {
	node // the node at this depth on the current path, while its children run (node.go)

	moves   []Move
	perm    []int
	keys    []float64
	pv      []int32 // pv[:pvn] is the best line below this node, as natural child indices
	pvn     int
	hash    uint64 // path hash, for the random ordering
	id      string // tracing only: id of the node on the current path
	nodes   int    // nodes entered at this depth
	leaves  int    // leaves valued at this depth
	cutoffs int    // cutoffs at this depth

	// Selective search (quiescence.go): the extensions granted on the
	// path to this node, the children dropped by forward pruning, and the
	// singular child (−1: none) with its static value and the next best.
	ext                         int
	dropped                     []int
	singular                    int
	singularValue, singularNext float64

	// Skipping subtrees (skip.go): the step, budget work, window and
	// counts (nodes, leaves, cutoffs per depth from here down to the
	// deepest ply reached) when this ply's node was entered.
	subWant           bool
	subCount          bool // the recorder asked to count the children's subtrees (trace.CountSubtree)
	subStep           int
	subWork           int64
	subAlpha, subBeta trace.Num
	subAt             []int
	subEvaluated      int // core.evaluated when the node was entered

	// Chance nodes and max^n (chance.go): the buffers of the probabilities
	// (by natural index), of Star1's sums of the probabilities still to
	// come, and of the vector the node returns.
	probBuf, restBuf, vec []float64
}

// engine holds what one search needs per ply, allocated once and reused,
// so that the untraced search allocates nothing per node. G is the game's
// concrete type; S its state type.
type engine[S any, G Game[S]] struct {
	core
	g   G
	opt Options[S]

	// Tracing only.
	labeler Labeler[S]
	explain Explainer[S]

	oracle *engine[S, G] // computes true values for the best and worst orderings (alpha-beta, or expectiminimax where chance nodes are)

	rg *realGames[S] // the table, killers, history and passes; nil when unused (realgames.go)

	// Selective search (quiescence.go): the game's captures.
	noisy Noisy[S]

	// steps makes a child (makeSteps): the game's own Stepper, or Result
	// alone, or with what the child is for a plain search.
	steps Stepper[S]
	// kids makes every child of a node at once (the game's Expander) in
	// a plain minimax, into brood[depth]; nil otherwise.
	kids  Expander[S]
	brood [][]Child[S]

	// Chance nodes and max^n (chance.go, maxn.go).
	prober Prober[S]
	vg     VectorGame[S]
	ve     VectorEvaluation[S]
}

// core is the part of the engine that does not depend on the game: the
// plies, the path, the events and their counting, the budget. Its methods
// are plain (not generic) functions, which the compiler inlines into the
// search where they are small: the steps of node.go that every node takes
// live here.
type core struct {
	algo Algorithm
	rec  trace.Recorder // nil: nobody listens
	ev   trace.Event    // the event being emitted, handed to rec by pointer
	hot  *hotEvents     // the events most nodes make (nil: nobody listens)
	// plies points to the ply at each depth the search has reached; the
	// plies are allocated plyChunk at a time (see ply): a search of
	// tic-tac-toe reaches 10 of MaxSearchDepth.
	plies []*ply

	stopped bool
	err     error // first search error (e.g. no evaluation where the depth limit cuts)

	limit    int       // the depth at which positions are evaluated: opt.Depth, or past any depth without a limit
	window   bool      // algo.HasWindow(), for every event
	neg      bool      // algo.Negamax(): values for the player to move
	quick    bool      // an untraced terminal needs nothing but its utility (no table, no bounds to check)
	pathHash bool      // children's path hashes key the random ordering, and the table of a game without keys
	selects  bool      // opt.isSelective(): forward pruning or an extension
	tt       bool      // a transposition table is kept (realgames.go)
	kinds    uint64    // the kinds of node the search handles (handledKinds)
	anyEnd   bool      // it handles a terminal node of any kind
	rule     PruneRule // opt.Prune
	grain    float64   // opt.Grain: the null window's width (above), 0 for the least step
	failMode FailMode  // opt.Fail
	extend   Extension // opt.Extend
	line     *passLine // the negamax family: the previous pass's line (realgames.go)

	step  int     // the number of the last event, made or counted
	meter *meter  // the work done against opt.Budget, shared with the oracle
	ids   idArena // tracing only

	// Selective search (quiescence.go): the counts of quiescence nodes,
	// extensions and moves dropped.
	qnodes     int
	extensions int
	forwarded  int

	// Skipping subtrees (skip.go): whether this search may, the deepest
	// ply entered, and the summary lent to the recorder on exit events.
	skip    bool
	deepest int
	// evaluated counts the leaves valued by the evaluation rather than by
	// the game's end, for the summaries (trace.Subtree.Evaluated).
	evaluated int
	// plain is set when every node takes the lecture's steps only (see
	// plainNodes); inner, that the next node opened is known not to be
	// terminal (valued).
	plain, inner bool
	innerKind    trace.Kind // where inner: who moves at that node (Step said)
	plainTo      int        // MaxSearchDepth when plain, else 0: a plain node above it values its terminal children
	sub          trace.Subtree

	// max^n (maxn.go): the number of players, once the first value
	// vector is seen, and the component Result.Value reports.
	players, rootPlayer int
	// quietFrom is the depth from which the search counts its events
	// instead of making them (inside the children of a node whose
	// recorder asked for trace.CountSubtree), or past any depth.
	quietFrom int
}

func newEngine[S any, G Game[S]](g G, algo Algorithm, opt Options[S], rec trace.Recorder) *engine[S, G] {
	e := &engine[S, G]{g: g, opt: opt, core: core{algo: algo, rec: rec, limit: math.MaxInt, window: algo.HasWindow(),
		neg: algo.Negamax(), selects: opt.isSelective(), quick: algo == AlgoAlphaBeta || algo == AlgoMinimax, pathHash: opt.Order == OrderRandom,
		rule: opt.Prune, grain: opt.Grain, failMode: opt.Fail, extend: opt.Extend, meter: newMeter(opt.Budget), quietFrom: math.MaxInt}}
	e.prober, _ = any(g).(Prober[S])
	e.kinds, e.anyEnd = handledKinds(algo)
	if opt.Depth > 0 {
		e.limit = opt.Depth
	}
	e.noisy, _ = any(g).(Noisy[S])
	if rec != nil {
		e.hot = newHotEvents(opt.Order.String(), e.window)
		e.labeler, _ = any(g).(Labeler[S])
		if opt.Eval != nil {
			e.explain, _ = opt.Eval.(Explainer[S])
		}
	}
	// The plies are allocated as the search reaches them (see ply).
	e.plies = make([]*ply, plyCount)
	return e
}

// ways decides how the nodes of the search go: whether it may skip
// subtrees (canSkip), whether every node takes the plain way (plainNodes),
// and so whether a child's Step must say if it is terminal.
func (e *engine[S, G]) ways() {
	e.skip, e.plain = e.canSkip(), e.plainNodes()
	if e.plain {
		e.plainTo = MaxSearchDepth
	}
	e.makeSteps()
	if e.plain && e.algo == AlgoMinimax {
		if e.kids = expanderOf[S](&e.g); e.kids != nil {
			e.brood = make([][]Child[S], plyCount)
		}
	}
}

// expanderOf is the game's Expander, on the game or on a pointer to it,
// or nil.
func expanderOf[S any, G Game[S]](g *G) Expander[S] {
	if x, ok := any(*g).(Expander[S]); ok {
		return x
	}
	x, _ := any(g).(Expander[S])
	return x
}

// makeSteps chooses how minimax and alpha-beta make a child (steps): the
// game's own Step, or Result with what the child is for a plain search,
// or Result alone.
func (e *engine[S, G]) makeSteps() {
	switch e.steps = stepperOf[S](&e.g); {
	case e.steps != nil:
	case e.plain:
		e.steps = &fullStep[S, G]{e.g}
	default:
		e.steps = &resultStep[S, G]{e.g}
	}
}

// stepperOf is the game's Stepper, on the game or on a pointer to it
// (where a game defines Step with a pointer receiver), or nil.
func stepperOf[S any, G Game[S]](g *G) Stepper[S] {
	if st, ok := any(*g).(Stepper[S]); ok {
		return st
	}
	st, _ := any(g).(Stepper[S])
	return st
}

// resultStep is the Step of a game without one, where the search does not
// look at what the child is: Result alone.
type resultStep[S any, G Game[S]] struct{ g G }

func (r *resultStep[S, G]) Step(s S, m Move) (S, bool, trace.Kind, float64) {
	return r.g.Result(s, m), false, 0, 0
}

// fullStep is the Step of a game without one for a plain search: Result,
// Terminal, and Utility or ToMove.
type fullStep[S any, G Game[S]] struct{ g G }

func (f *fullStep[S, G]) Step(s S, m Move) (S, bool, trace.Kind, float64) {
	c := f.g.Result(s, m)
	if !f.g.Terminal(c) {
		return c, false, f.g.ToMove(c), 0
	}
	return c, true, 0, f.g.Utility(c)
}

// plyCount is the number of plies a search may reach: MaxSearchDepth and
// two beyond it.
const plyCount = MaxSearchDepth + 2

// plyChunk is how many plies are allocated together, when the search
// first reaches one of them: a node keeps a pointer to its ply while its
// children run, so a ply never moves once allocated.
const plyChunk = 16

// ply returns the ply at depth d, allocating its chunk on first use.
func (e *core) ply(d int) *ply {
	if p := e.plies[d]; p != nil {
		return p
	}
	return e.newPlies(d)
}

// newPlies allocates the chunk of plies that holds depth d, each with room
// for its moves and PV before a slice must grow (the slices grow on first
// use and are reused from then on), and returns the ply at d.
func (e *core) newPlies(d int) *ply {
	const room = 16 // moves and PV entries per ply before a slice must grow
	c := new([plyChunk]ply)
	moves := make([]Move, plyChunk*room)
	pvs := make([]int32, plyChunk*room)
	var probs []float64 // chance nodes: the probabilities, and Star1's sums of them
	if e.algo == AlgoExpectiminimax || e.algo == AlgoStar1 || e.algo == AlgoMaxN {
		probs = make([]float64, 2*plyChunk*room)
	}
	first := d - d%plyChunk
	for i := range c {
		c[i].moves = moves[i*room : i*room : (i+1)*room]
		c[i].pv = pvs[i*room : (i+1)*room : (i+1)*room]
		c[i].c = 1 // values for MAX, as every node of a plain search keeps them
		if probs != nil {
			j := 2 * i * room
			c[i].probBuf, c[i].restBuf = probs[j:j:j+room], probs[j+room:j+room:j+2*room]
		}
		if first+i < len(e.plies) {
			e.plies[first+i] = &c[i]
		}
	}
	return e.plies[d]
}

// tooDeep stops a search that recursed past MaxSearchDepth.
func (e *core) tooDeep() {
	e.fail(fmt.Errorf("search: the search passed the maximum depth of %d; set a depth limit", MaxSearchDepth))
}

// stats sums the per-ply counts.
func (e *engine[S, G]) stats() trace.Stats {
	var st trace.Stats
	n := 0
	for d := range plyCount {
		if p := e.plies[d]; p != nil && p.nodes > 0 {
			n = d + 1
		}
	}
	st.NodesAt, st.LeavesAt, st.CutoffsAt = make([]int, n), make([]int, n), make([]int, n)
	for d := range n {
		p := e.ply(d)
		st.NodesAt[d], st.LeavesAt[d], st.CutoffsAt[d] = p.nodes, p.leaves, p.cutoffs
		st.Nodes += p.nodes
		st.Leaves += p.leaves
		st.Cutoffs += p.cutoffs
	}
	st.QNodes, st.Extensions, st.Forward = e.qnodes, e.extensions, e.forwarded
	if e.rg != nil {
		st.TTStored, st.TTHits, st.Researches, st.Iterations = e.rg.stored, e.rg.hits, e.rg.researches, e.rg.iterations
	}
	return st
}

// fail stops the search with err, unless it stopped already: the first
// error is the search's (see failure).
func (e *core) fail(err error) {
	if !e.stopped {
		e.err = err
	}
	e.stopped = true
}

// failure is the error that stopped the search: the first one it failed
// with, ErrStopped where the recorder stopped it first, or nil.
func (e *core) failure() error {
	if e.stopped && e.err == nil {
		return ErrStopped
	}
	return e.err
}

// emit hands e.ev to the recorder, numbering it. Events are built in
// place in e.ev (or, the events most nodes make, in e.hot) so that
// tracing copies no event and allocates none.
func (e *core) emit() {
	e.ev.Window = e.window
	e.emitAt(&e.ev)
}

// hotEvents holds the events most nodes make, each in an Event of its
// own: enter, leaf, expand, update and exit. Their builders write every
// field such an event may carry, each time (a field it does not carry
// this time, zero), and nothing else writes them but the recorder, which
// sets only what the builders write (Subtree, a name in Label). So none
// of them is cleared between events: clearing the whole of an event,
// several hundred bytes, was a fifth of a traced search. The rarer events
// are built in e.ev, cleared whole each time (trace.Event.Reset).
type hotEvents struct {
	enter, leaf, expand, update, exit trace.Event
	by                                string // the ordering's name, for expand events
}

// newHotEvents makes the hot events of a search whose ordering is named
// by and that keeps a window or not: Window is the same for every event
// of a search, so it is written once, here.
func newHotEvents(by string, window bool) *hotEvents {
	h := &hotEvents{by: by}
	for _, ev := range []*trace.Event{&h.enter, &h.leaf, &h.expand, &h.update, &h.exit} {
		ev.Window = window
	}
	return h
}

// head sets the fields every event carries but its Step (emitAt sets it)
// and Window (set once for the hot events, by emit for the others).
func head(ev *trace.Event, t trace.Type, line, node string, kind trace.Kind, depth int) {
	ev.Type, ev.Line, ev.Node, ev.Kind, ev.Depth = t, line, node, kind, depth
}

// emitAt hands ev to the recorder, numbering it. A recorder that returns
// false stops the search (its error, ErrStopped, is the search's error
// unless another came first: failure). Small enough to be inlined into
// each event's builder: the call through rec is the only one.
func (e *core) emitAt(ev *trace.Event) {
	if !e.stopped {
		e.step++
		ev.Step = e.step
		e.stopped = !e.rec(ev)
	}
}

// emitEvent emits ev.
func (e *core) emitEvent(ev trace.Event) {
	e.ev = ev
	e.emit()
}

// leaf values a node that is not searched deeper: the utility of a
// terminal state, or the evaluation at the depth limit. Under Star1 a
// value outside the bounds is an error naming the leaf.
func (e *engine[S, G]) leaf(s S, p *ply, depth int, kind trace.Kind, terminal bool, alpha, beta float64) float64 {
	var v float64
	if terminal {
		v = e.g.Utility(s)
	} else {
		v = e.opt.Eval.Evaluate(s)
		if math.IsNaN(v) {
			e.fail(optionError("search.err.no-eval", "Node", strconv.Quote(e.nodeID(depth)), "Depth", e.opt.Depth))
			return 0
		}
	}
	if e.algo == AlgoStar1 && (v < e.opt.Bounds.L || v > e.opt.Bounds.U || math.IsNaN(v)) {
		e.outOfBounds(depth, terminal, v)
		return 0
	}
	p.leaves++
	if !terminal {
		e.evaluated++
	}
	if e.rg != nil && !terminal {
		e.rg.limitCuts++
	}
	if e.traces(depth) {
		e.leafEvents(s, p, depth, kind, terminal, v, alpha, beta)
		return v
	}
	e.step += 2 // its leaf and exit events
	if e.rg != nil && e.rg.tt != nil {
		e.ttStore(depth, kind, v, trace.Exact, -1)
	}
	return v
}

// outOfBounds stops Star1 at a leaf whose value lies outside its bounds.
func (e *engine[S, G]) outOfBounds(depth int, terminal bool, v float64) {
	id := "search.err.star1-leaf"
	if !terminal {
		id = "search.err.star1-eval"
	}
	e.fail(optionError(id, "Node", strconv.Quote(e.nodeID(depth)), "Value", trace.Num(v).Plain(),
		"L", trace.Num(e.opt.Bounds.L).Plain(), "U", trace.Num(e.opt.Bounds.U).Plain()))
}

// leafEvents reports that the node at depth, of any kind, is valued v
// without being searched deeper (its leaf event) and returns it (its exit
// event).
func (e *engine[S, G]) leafEvents(s S, p *ply, depth int, kind trace.Kind, terminal bool, v, alpha, beta float64) {
	ev := &e.hot.leaf
	head(ev, trace.Leaf, lineKey(kind, lineTerminal), p.id, kind, depth)
	ev.Value, ev.Terminal, ev.Alpha, ev.Beta = trace.Num(v), terminal, trace.Num(alpha), trace.Num(beta)
	ev.Eval, ev.Terms = "", nil
	if !terminal {
		ev.Line = lineKey(kind, lineCutoff)
		ev.Eval = e.opt.EvalName
		if e.explain != nil {
			ev.Terms = e.explain.Explain(s)
		}
	}
	line := ev.Line
	e.emitAt(ev)
	if e.rg != nil && e.rg.tt != nil {
		e.ttStore(depth, kind, v, trace.Exact, -1)
	}
	e.exitEvent(p, depth, kind, v, trace.Exact, line, alpha, beta)
}

// exitEvent reports that the node at depth, of ply p, returns v.
func (e *core) exitEvent(p *ply, depth int, kind trace.Kind, v float64, b trace.Bound, line string, alpha, beta float64) {
	ev := &e.hot.exit
	head(ev, trace.Exit, line, p.id, kind, depth)
	ev.Value, ev.Bound, ev.Alpha, ev.Beta = trace.Num(v), b, trace.Num(alpha), trace.Num(beta)
	ev.Subtree = nil
	if e.skip && (p.subWant || p.subCount) {
		e.subEnd(ev, depth, v, b)
	}
	e.emitAt(ev)
}

// traces reports whether the node at depth makes its events: someone
// listens, and the node does not lie inside a counted subtree.
func (e *core) traces(depth int) bool { return e.rec != nil && depth < e.quietFrom }

// counted numbers n events of the node at depth that it does not make
// (untraced, or inside a counted subtree), beginning with its enter.
func (e *core) counted(depth, n int) {
	e.step += n
	if depth > e.deepest {
		e.deepest = depth
	}
}

// nodeID names the node at depth on the current path: its id while it is
// traced, else one built from the path (in the id arena).
func (e *core) nodeID(depth int) string {
	if e.traces(depth) {
		return e.ply(depth).id
	}
	a := &e.ids
	start := a.begin(4 * depth)
	for d := 1; d <= depth; d++ {
		if d > 1 {
			a.buf = append(a.buf, '.')
		}
		a.buf = strconv.AppendInt(a.buf, int64(e.plies[d-1].at), 10)
	}
	return a.end(start)
}

// enterEvent emits the enter event of the node at depth.
func (e *engine[S, G]) enterEvent(s S, p *ply, depth int, kind trace.Kind, alpha, beta float64) {
	ev := &e.hot.enter
	head(ev, trace.Enter, lineKey(kind, lineEnter), p.id, kind, depth)
	ev.Alpha, ev.Beta = trace.Num(alpha), trace.Num(beta)
	ev.Label, ev.Subtree = "", nil
	if e.labeler != nil {
		ev.Label = e.labeler.Label(s)
	}
	e.emitAt(ev)
}

// identity holds 0, 1, 2, ...: the natural order of up to len(identity)
// children, shared by every expand event in natural order. Nothing writes
// to it: recorders that keep events copy what they change.
var identity = func() []int {
	s := make([]int, 256)
	for i := range s {
		s[i] = i
	}
	return s
}()

// expandEvent reports the order chosen at the node at depth, what chose
// it and its keys, and at a chance node the probabilities.
func (e *engine[S, G]) expandEvent(p *ply, depth int, kind trace.Kind, n int, perm []int, probs []float64) {
	var order []int
	switch {
	case perm != nil:
		order = append([]int(nil), perm...)
	case n <= len(identity):
		order = identity[:n:n]
	default:
		order = make([]int, n)
		for k := range order {
			order[k] = k
		}
	}
	ev := &e.hot.expand
	head(ev, trace.Expand, lineKey(kind, lineLoop), p.id, kind, depth)
	ev.Order, ev.By = order, e.hot.by
	ev.Probs, ev.Keys, ev.Killers = nil, nil, nil
	if probs != nil {
		ev.Probs = append([]float64(nil), probs...)
	}
	switch e.opt.Order {
	case OrderEval, OrderBest, OrderWorst, OrderKiller, OrderHistory:
		if kind == trace.Chance {
			ev.By = "probability"
		}
		ks := p.keys
		ev.Keys = make([]trace.Num, len(ks))
		for i, k := range ks {
			ev.Keys[i] = trace.Num(k)
		}
		ev.Killers = e.killerSlots(depth)
	}
	e.emitAt(ev)
}

// pruneList returns the ids of the children after position k of perm (or
// of natural order when perm is nil) at the node at depth.
func (e *core) pruneList(depth, k, n int, perm []int) []string {
	if k+1 >= n {
		return nil
	}
	out := make([]string, 0, n-k-1)
	for j := k + 1; j < n; j++ {
		i := j
		if perm != nil {
			i = perm[j]
		}
		out = append(out, e.ids.child(e.ply(depth).id, i))
	}
	return out
}

// setPV records that natural child i is best at the node of ply p, followed
// by the best line below it, which is in the ply below p. Lines are short
// (at most the search depth), so a plain loop beats a call to copy.
func setPV(p, below *ply, i int) {
	n := below.pvn + 1
	if len(p.pv) < n {
		p.pv = make([]int32, n+16)
	}
	pv := p.pv[:n]
	pv[0] = int32(i)
	for j, x := range below.pv[:below.pvn] {
		pv[j+1] = x
	}
	p.pvn = n
}

// result assembles the Result of a finished search.
func (e *engine[S, G]) result(v float64) trace.Result {
	r := trace.Result{Value: trace.Num(v), Stats: e.stats()}
	id := ""
	r.PV = []string{}
	for _, i := range e.ply(0).pv[:e.ply(0).pvn] {
		id = trace.ChildID(id, int(i))
		r.PV = append(r.PV, id)
	}
	if len(r.PV) > 0 {
		r.Best = r.PV[0]
	}
	return r
}

// finish assembles the result, emits the done event when tracing, and
// reports the first error the search met.
func (e *engine[S, G]) finish(rootKind trace.Kind, v float64) (trace.Result, error) {
	if err := e.failure(); err != nil {
		return trace.Result{}, err
	}
	r := e.result(v)
	if e.rec != nil {
		rc := r
		rc.Stats = r.Stats.Clone()
		e.emitEvent(trace.Event{Type: trace.Done, Line: "done", Node: "", Kind: rootKind, Value: trace.Num(v), Result: &rc})
	}
	if e.err != nil && e.err != ErrStopped {
		return trace.Result{}, e.err
	}
	return r, nil
}

// Pseudocode line keys, by node kind (MAX, MIN) and line. They are
// constants so that tracing builds no strings for them.
const (
	lineEnter = iota
	lineTerminal
	lineCutoff
	lineLoop
	lineValue
	linePrune
	lineReturn
	lineCount
)

var lineKeys = func() (t [4][lineCount]string) {
	names := [lineCount]string{"enter", "terminal", "cutoff", "loop", "value", "prune", "return"}
	for i, n := range names {
		t[0][i] = "max-" + n
		t[1][i] = "min-" + n
		t[2][i] = "chance-" + n
		t[3][i] = "player-" + n
	}
	return t
}()

// lineRows is the row of lineKeys by the kind of the node: MIN's, CHANCE's,
// a player's, and MAX's for every other kind. A table, so that the events
// most nodes make look their line up without a branch.
var lineRows = func() (t [256]uint8) {
	for k := range t {
		switch kind := trace.Kind(k); {
		case kind == trace.Min:
			t[k] = 1
		case kind == trace.Chance:
			t[k] = 2
		case kind.PlayerIndex() > 0:
			t[k] = 3
		}
	}
	return t
}()

// lineKey is the pseudocode key of a line of the MAX-VALUE, MIN-VALUE,
// CHANCE-VALUE or PLAYER-VALUE function, by the kind of the node.
func lineKey(k trace.Kind, line int) string { return lineKeys[lineRows[k]][line] }

// betterFor reports whether a is strictly better than b for the player
// who decides at a node of this kind.
func betterFor(k trace.Kind, a, b float64) bool {
	if k == trace.Min {
		return a < b
	}
	return a > b
}

// idArena builds node ids into shared blocks of bytes, so that tracing
// does not allocate one string per node. A block is never written again
// once an id is cut from it, which is what makes the strings immutable.
type idArena struct{ buf []byte }

// idBlock is the size of one block of ids.
const idBlock = 8 << 10

// begin makes room for at least n more bytes in the current block and
// returns where the next string starts. Appending past that room is
// allowed: append then moves the block, and the strings already cut keep
// the old one.
func (a *idArena) begin(n int) int {
	if cap(a.buf)-len(a.buf) < n {
		a.buf = make([]byte, 0, max(idBlock, n))
	}
	return len(a.buf)
}

// holds reports whether the 16 bytes from the start of s lie in the
// current block (s is an id cut from it, not near its end).
func (a *idArena) holds(s string) bool {
	p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	base := uintptr(unsafe.Pointer(unsafe.SliceData(a.buf)))
	return p >= base && p+16 <= base+uintptr(cap(a.buf))
}

// end returns the bytes appended since start as a string. Those bytes are
// never written again: later strings are appended after them.
func (a *idArena) end(start int) string {
	if len(a.buf) == start {
		return ""
	}
	b := a.buf[start:len(a.buf):len(a.buf)]
	return unsafe.String(&b[0], len(b))
}

// child returns the id of the i-th child of parent (trace.ChildID).
func (a *idArena) child(parent string, i int) string {
	n := len(parent)
	if start := len(a.buf); uint(i) < 10 && uint(n-1) < 16 && cap(a.buf)-start >= 18 && a.holds(parent) {
		// The usual case, written out: a one-digit child of a node below
		// the root whose id (at most 16 bytes) lies in the block at hand.
		// Its 16 bytes are copied at once, without a call: what follows
		// the id in them is overwritten or lies past the new id.
		b := a.buf[start : start+18 : start+18]
		*(*[16]byte)(b) = *(*[16]byte)(unsafe.Pointer(unsafe.StringData(parent)))
		b[n], b[n+1] = '.', byte('0'+i)
		a.buf = a.buf[:start+n+2]
		return unsafe.String(&b[0], n+2)
	}
	start := a.begin(len(parent) + 1 + 20)
	if parent != "" {
		a.buf = append(a.buf, parent...)
		a.buf = append(a.buf, '.')
	}
	if i >= 0 && i < 10 {
		a.buf = append(a.buf, byte('0'+i))
	} else {
		a.buf = strconv.AppendInt(a.buf, int64(i), 10)
	}
	return a.end(start)
}
