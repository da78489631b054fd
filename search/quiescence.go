package search

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/abtrace/abtrace/trace"
)

// Noisy is an optional extension of Game for games with captures: it
// tells the moves that make a position unstable (a capture) from the
// quiet ones. Quiescence search follows only noisy moves past the depth
// limit.
type Noisy[S any] interface {
	Noisy(s S, m Move) bool
}

// MaxQuiescenceDepth bounds how many plies quiescence search may follow
// captures past the depth limit. Every capture removes a piece, so on a
// small board the captures run out long before; the bound keeps any game
// finite. A node this far past the limit is valued by standing pat.
const MaxQuiescenceDepth = 32

// Extension is a rule that searches some moves deeper than the depth
// limit.
type Extension uint8

const (
	ExtendNone Extension = iota // no extension (the default)
	// ExtendSingular extends a singular move: at a node inside the depth
	// limit, the child whose static value (Eval, or the utility of a
	// terminal child) is better for the player to move than every other
	// child's by at least Options.Margin is searched one ply deeper. At
	// most MaxExtensions plies are added on any path.
	ExtendSingular
)

var extensionNames = []string{ExtendNone: "none", ExtendSingular: "singular"}

func (x Extension) String() string { return nameOf(extensionNames, int(x), "extension") }

// ParseExtension accepts "none" and "singular".
func ParseExtension(s string) (Extension, error) {
	i, err := parseName(extensionNames, s, "extension")
	return Extension(i), err
}

// DefaultMargin is the margin of the singular extension when none is
// given: a move is singular when it is 3 better than every other (a
// minor piece in minichess's material count, a threat less a pair in
// Connect Four's).
const DefaultMargin = 3

// MaxExtensions bounds the plies that singular extensions add on one
// path, so that a line of forced moves cannot make the search endless.
const MaxExtensions = 2

// ForwardPruning is a rule that drops moves before they are searched.
type ForwardPruning uint8

const (
	ForwardNone ForwardPruning = iota // search every move (the default)
	// ForwardSymmetric drops a move whose position is a symmetric image
	// of (or the same as) the position of a move before it in the game's
	// order: the two have the same value, so nothing is lost. The game
	// must be Symmetric and a Keyer.
	ForwardSymmetric
	// ForwardBeam keeps only the Options.Beam moves whose positions the
	// evaluation rates best for the player to move and drops the rest
	// unsearched. It is unsafe: a move that looks bad at once but is best
	// is lost, and with it the true value.
	ForwardBeam
)

var forwardNames = []string{ForwardNone: "none", ForwardSymmetric: "symmetric", ForwardBeam: "beam"}

func (f ForwardPruning) String() string { return nameOf(forwardNames, int(f), "forward pruning") }

// ParseForwardPruning accepts "none", "symmetric" and "beam".
func ParseForwardPruning(s string) (ForwardPruning, error) {
	i, err := parseName(forwardNames, s, "forward pruning")
	return ForwardPruning(i), err
}

// Beam widths.
const (
	DefaultBeam = 2  // moves kept by the beam when no width is given
	MaxBeam     = 64 // the widest beam that still drops anything in these games
)

// validateSelective checks the options of quiescence search, extensions
// and forward pruning.
func (o Options[S]) validateSelective(a Algorithm) error {
	selective := o.Quiescence || o.Extend != ExtendNone || o.Forward != ForwardNone
	switch {
	case !selective:
		return nil
	case a != AlgoAlphaBeta && !a.Negamax():
		return optionError("search.err.selective-algo", "Algo", a)
	case o.Extend > ExtendSingular:
		return fmt.Errorf("search: unknown extension %d", o.Extend)
	case o.Forward > ForwardBeam:
		return fmt.Errorf("search: unknown forward pruning %d", o.Forward)
	case o.Quiescence && o.Depth == 0:
		return optionError("search.err.quiescence-depth")
	case o.Extend == ExtendSingular && o.Depth == 0:
		return optionError("search.err.singular-depth")
	case o.Extend == ExtendSingular && (o.Margin < 0 || math.IsNaN(o.Margin) || math.IsInf(o.Margin, 0)):
		return optionError("search.err.margin", "Got", o.Margin, "Default", DefaultMargin)
	case o.Extend == ExtendSingular && o.TT > 0:
		return optionError("search.err.singular-tt")
	case o.Extend == ExtendSingular && o.Eval == nil:
		return optionError("search.err.singular-eval")
	case o.Forward == ForwardBeam && o.Eval == nil:
		return optionError("search.err.beam-eval")
	case o.Forward == ForwardBeam && (o.Beam < 0 || o.Beam > MaxBeam):
		return optionError("search.err.beam", "Got", o.Beam, "Max", MaxBeam, "Default", DefaultBeam)
	}
	return nil
}

// checkSelective reports a game that lacks what the options need.
func (e *engine[S, G]) checkSelective() error {
	o := e.opt
	if o.Quiescence && e.noisy == nil {
		return fmt.Errorf("search: quiescence search follows captures, and this game (%T) has none to tell apart; use a game with captures (minichess)", e.g)
	}
	if o.Forward == ForwardSymmetric {
		_, sym := any(e.g).(Symmetric[S])
		_, key := any(e.g).(Keyer[S])
		if !sym || !key {
			return fmt.Errorf("search: symmetric forward pruning needs a game with symmetries (tic-tac-toe, Connect Four, minichess), not %T", e.g)
		}
	}
	return nil
}

// limitAt is the depth at which the node at depth is valued: the depth
// limit plus the extensions granted on the path to it.
func (e *core) limitAt(depth int) int {
	if e.limit == math.MaxInt {
		return e.limit
	}
	return e.limit + e.ply(depth).ext
}

// beyond reports whether the node at depth lies at or past its depth
// limit, where it is valued rather than searched.
func (e *engine[S, G]) beyond(depth int) bool { return depth >= e.limitAt(depth) }

// quiesce is quiescence search at s, a node at or past its depth limit
// that is not terminal and was entered already: it stands pat on the
// evaluation (the player to move need not capture), returns at once when
// that reaches β, and otherwise searches the captures, each the same way,
// until the position is quiet: the lecture's QUIESCE over the steps of
// node.go. The window (alpha, beta) and the value returned are for the
// player to move, as in negamax; the bound says what the value means for
// that player.
func (e *engine[S, G]) quiesce(s S, depth int, kind trace.Kind, alpha, beta float64) (float64, trace.Bound) {
	nd, v, b := e.standPat(s, depth, kind, alpha, beta)
	if nd == nil {
		return v, b // the stand-pat cut, or no captures
	}
	for k := 0; k < nd.n; k++ {
		i := e.child(nd, depth, k)
		cv, cb := e.qChild(e.g.Result(s, nd.moves[i]), depth+1, -nd.beta, -nd.alpha)
		if e.stopped {
			return 0, trace.Exact
		}
		e.update(nd, depth, i, -cv, flip(cb, -1)) // v ← MAX(v, −QUIESCE(child, −β, −α))
		if e.cuts(nd) {
			return e.prune(nd, depth, k, i) // v ≥ β
		}
		e.narrow(nd, depth) // α ← MAX(α, v)
	}
	return e.exit(nd, depth)
}

// standPat opens a node of quiescence search: it values the position
// (stand pat), cuts when that reaches β, and otherwise collects the
// captures and emits their expand event. It returns the node's ply, or nil
// when the node is settled already, with its value and bound.
func (e *engine[S, G]) standPat(s S, depth int, kind trace.Kind, alpha, beta float64) (*ply, float64, trace.Bound) {
	p := e.ply(depth)
	p.kind, p.c, p.neg, p.q, p.tracing = kind, color(kind), true, true, e.rec != nil
	p.lines = linesOf(kind, true)
	p.alpha, p.beta, p.best = alpha, beta, -1
	sp := e.opt.Eval.Evaluate(s)
	if math.IsNaN(sp) {
		e.fail(fmt.Errorf("search: no evaluation for node %q, where quiescence search stands pat", e.nodeID(depth)))
		return nil, 0, trace.Exact
	}
	p.leaves++
	e.qnodes++
	if e.rg != nil {
		e.rg.limitCuts++
	}
	stand := p.c * sp
	cut := e.opt.Prune.cuts(true, stand, alpha, beta)
	if p.tracing {
		e.standPatEvent(s, p, depth, sp, cut)
	}
	if cut {
		ret := stand
		if e.opt.Fail == FailHard {
			ret = beta
		}
		v, b := e.leave(p, depth, ret, true, stepStandPatCut)
		return nil, v, b
	}
	p.a0, p.v = alpha, stand
	moves := e.g.Moves(s, p.moves[:0])
	p.moves = moves
	caps := p.perm[:0]
	if depth+1 <= MaxSearchDepth && depth-e.limitAt(depth) < MaxQuiescenceDepth {
		for i, m := range moves {
			if e.noisy.Noisy(s, m) {
				caps = append(caps, i)
			}
		}
	}
	p.perm, p.order, p.n = caps, caps, len(caps)
	if p.n == 0 {
		v, b := e.leave(p, depth, stand, false, stepReturn)
		return nil, v, b
	}
	e.start(p, depth)
	p.v = stand
	if stand > alpha {
		p.alpha = stand
	}
	if p.tracing {
		ev := &e.ev
		ev.Reset(trace.Expand, "q-loop", p.id, kind, depth)
		ev.Order, ev.By = append([]int(nil), caps...), "captures"
		e.emit()
	}
	p.below.ext = p.ext
	return p, 0, 0
}

// standPatEvent reports the stand-pat value sp of the node, and whether
// it cuts.
func (e *engine[S, G]) standPatEvent(s S, p *ply, depth int, sp float64, cut bool) {
	ma, mb := p.shown()
	ev := &e.ev
	ev.Reset(trace.StandPat, "q-standpat", p.id, p.kind, depth)
	ev.Alpha, ev.Beta, ev.Value, ev.Eval = trace.Num(ma), trace.Num(mb), trace.Num(sp), e.opt.EvalName
	if e.explain != nil {
		ev.Terms = e.explain.Explain(s)
	}
	if cut {
		ev.Cut = true
		ev.Test = e.cutTest(e.opt.Prune, p.c > 0, sp, ma, mb)
	}
	e.emit()
}

// qChild searches a capture's position, at depth past the limit, with the
// window (alpha, beta) for its player to move: a terminal position (a king
// taken) is worth its utility; any other is searched by quiesce.
func (e *engine[S, G]) qChild(s S, depth int, alpha, beta float64) (float64, trace.Bound) {
	p := e.begin(depth)
	if p == nil {
		return 0, trace.Exact
	}
	kind := e.g.ToMove(s)
	c := color(kind)
	ma, mb := forMax(c, alpha, beta)
	if p.tracing {
		e.enterEvent(s, p, depth, kind, ma, mb)
	}
	if e.g.Terminal(s) {
		return c * e.leaf(s, p, depth, kind, true, ma, mb), trace.Exact
	}
	return e.quiesce(s, depth, kind, alpha, beta)
}

// selective applies forward pruning and the singular extension at the
// node at depth, whose moves are searched in the order perm (nil: natural
// order). It returns the order without the moves dropped, and sets the
// ply's dropped moves and singular child for the events that follow the
// expand event (see selectiveEvents).
func (e *engine[S, G]) selective(s S, depth int, kind trace.Kind, moves []Move, perm []int) []int {
	p := e.ply(depth)
	p.dropped, p.singular = p.dropped[:0], -1
	o := e.opt
	if o.Forward != ForwardNone && len(moves) > 1 {
		perm = e.forwardPrune(s, depth, kind, moves, perm)
	}
	if o.Extend == ExtendSingular && p.ext < MaxExtensions {
		e.singular(s, depth, kind, moves, perm)
	}
	return perm
}

// staticValue is the value of the position after move m at s as the
// singular extension and the beam see it without searching: its utility
// when terminal, else its evaluation; for the player to move at s.
func (e *engine[S, G]) staticValue(s S, kind trace.Kind, m Move) float64 {
	child := e.g.Result(s, m)
	var v float64
	if e.g.Terminal(child) {
		v = e.g.Utility(child)
	} else {
		v = e.opt.Eval.Evaluate(child)
	}
	return color(kind) * v
}

// forwardPrune drops moves as Options.Forward says and returns the order
// of the rest.
func (e *engine[S, G]) forwardPrune(s S, depth int, kind trace.Kind, moves []Move, perm []int) []int {
	p := e.ply(depth)
	n := len(moves)
	drop := make([]bool, n)
	switch e.opt.Forward {
	case ForwardSymmetric:
		keyer := any(e.g).(Keyer[S])
		sym := any(e.g).(Symmetric[S])
		seen := make(map[uint64]int, n)
		for i, m := range moves {
			child := e.g.Result(s, m)
			k := keyer.Key(child)
			for t := 1; t < sym.Symmetries(); t++ {
				k = min(k, keyer.Key(sym.Transform(child, t)))
			}
			if _, ok := seen[k]; ok {
				drop[i] = true
			} else {
				seen[k] = i
			}
		}
	case ForwardBeam:
		w := e.opt.Beam
		if w == 0 {
			w = DefaultBeam
		}
		if w >= n {
			return perm
		}
		vals := make([]float64, n)
		for i, m := range moves {
			vals[i] = e.staticValue(s, kind, m)
		}
		// Keep the w best; on ties the earlier move in the game's order.
		for i := range n {
			better := 0
			for j := range n {
				if vals[j] > vals[i] || vals[j] == vals[i] && j < i {
					better++
				}
			}
			drop[i] = better >= w
		}
	}
	kept := make([]int, 0, n)
	for k := range n {
		i := k
		if perm != nil {
			i = perm[k]
		}
		if drop[i] {
			p.dropped = append(p.dropped, i)
		} else {
			kept = append(kept, i)
		}
	}
	if len(p.dropped) == 0 {
		return perm
	}
	e.forwarded += len(p.dropped)
	return kept
}

// singular looks for a singular move among the moves in perm (nil:
// natural order) and sets the ply's singular child.
func (e *engine[S, G]) singular(s S, depth int, kind trace.Kind, moves []Move, perm []int) {
	p := e.ply(depth)
	margin := e.opt.Margin
	if margin == 0 {
		margin = DefaultMargin
	}
	best, first, second := -1, math.Inf(-1), math.Inf(-1)
	count := len(moves)
	if perm != nil {
		count = len(perm)
	}
	if count < 2 {
		return
	}
	for k := range count {
		i := k
		if perm != nil {
			i = perm[k]
		}
		v := e.staticValue(s, kind, moves[i])
		switch {
		case v > first:
			best, first, second = i, v, first
		case v > second:
			second = v
		}
	}
	if first >= second+margin {
		p.singular = best
		p.singularValue, p.singularNext = first, second
		e.extensions++
	}
}

// selectiveEvents emits the forward pruning and the extension chosen at
// the node at depth, after its expand event.
func (e *engine[S, G]) selectiveEvents(depth int, kind trace.Kind) {
	p := e.ply(depth)
	c := color(kind)
	if len(p.dropped) > 0 {
		ev := &e.ev
		ev.Reset(trace.Forward, "forward", p.id, kind, depth)
		ids := make([]string, len(p.dropped))
		for k, i := range p.dropped {
			ids[k] = e.ids.child(p.id, i)
		}
		ev.Pruned = ids
		if e.opt.Forward == ForwardSymmetric {
			ev.Test = "symmetric"
		} else {
			w := e.opt.Beam
			if w == 0 {
				w = DefaultBeam
			}
			ev.Test = "beam " + strconv.Itoa(w)
		}
		e.emit()
	}
	if p.singular >= 0 {
		ev := &e.ev
		ev.Reset(trace.Extend, "extend", p.id, kind, depth)
		ev.Child, ev.Value = e.ids.child(p.id, p.singular), trace.Num(c*p.singularValue)
		margin := e.opt.Margin
		if margin == 0 {
			margin = DefaultMargin
		}
		if c > 0 {
			ev.Test = trace.Num(p.singularValue).String() + " ≥ " + trace.Num(p.singularNext).String() + " + " + trace.Num(margin).String()
		} else {
			ev.Test = trace.Num(-p.singularValue).String() + " ≤ " + trace.Num(-p.singularNext).String() + " − " + trace.Num(margin).String()
		}
		e.emit()
	}
}

// childExt is the extensions granted on the path to child i of the node
// at depth.
func (e *core) childExt(depth, i int) int {
	p := e.ply(depth)
	if e.extend != ExtendNone && i == p.singular {
		return p.ext + 1
	}
	return p.ext
}

// isSelective reports whether forward pruning or an extension is on.
func (o Options[S]) isSelective() bool { return o.Forward != ForwardNone || o.Extend != ExtendNone }

// selectiveLines returns a copy of l's lines where the depth limit calls
// QUIESCE (quiescence) and the loop goes over SELECT's moves (selecting).
func selectiveLines(l Listing, quiescence, selecting bool) []Line {
	lines := slices.Clone(l.Lines)
	for i, ln := range lines {
		switch {
		case quiescence && l.Form == FormNegamax && slices.Contains(ln.Keys, "max-cutoff"):
			lines[i].Text = "if depth = LIMIT then return QUIESCE(state, α, β, c)    ▹ captures past the limit"
		case quiescence && slices.Contains(ln.Keys, "max-cutoff"):
			lines[i].Text = "if depth = LIMIT then return QUIESCE(state, α, β, +1)    ▹ captures past the limit"
		case quiescence && slices.Contains(ln.Keys, "min-cutoff"):
			lines[i].Text = "if depth = LIMIT then return −QUIESCE(state, −β, −α, −1)    ▹ captures past the limit"
		case selecting && (slices.Contains(ln.Keys, "max-loop") || slices.Contains(ln.Keys, "min-loop")):
			lines[i].Text = "for each a in SELECT(state, ACTIONS(state)) do"
		}
	}
	return lines
}

// SelectiveKeys lists the pseudocode line keys that quiescence search,
// the singular extension and forward pruning add to a search's keys.
func SelectiveKeys(quiescence bool, extend Extension, forward ForwardPruning) []string {
	var ks []string
	if quiescence {
		ks = append(ks, "q-enter", "q-standpat", "q-standpat-cut", "q-loop", "q-value", "q-prune", "q-alpha", "q-return")
	}
	if forward != ForwardNone {
		ks = append(ks, "forward")
	}
	if extend != ExtendNone {
		ks = append(ks, "extend")
	}
	return ks
}

// WithSelective returns listing l (of alpha-beta or the negamax family)
// with the lines of quiescence search, the singular extension and forward
// pruning: the depth limit calls QUIESCE instead of EVAL, the loop over
// the moves goes over SELECT's moves, and the functions QUIESCE and
// SELECT follow. The listing is returned unchanged when none is on.
func WithSelective(l Listing, quiescence bool, extend Extension, forward ForwardPruning, rule PruneRule, fail FailMode) Listing {
	if !quiescence && extend == ExtendNone && forward == ForwardNone {
		return l
	}
	l.Lines = selectiveLines(l, quiescence, extend != ExtendNone || forward != ForwardNone)
	var b builder
	ge, _ := rule.signs()
	retCut, retEnd := "v", "v"
	if fail == FailHard {
		retCut, retEnd = "β", "α"
	}
	if quiescence {
		b.add(0, "")
		b.add(0, "function QUIESCE(state, α, β, c) returns a value for the player to move", "q-enter")
		b.add(1, "stand ← c × EVAL(state)    ▹ stand pat: the player need not capture", "q-standpat")
		b.add(1, fmt.Sprintf("if stand %s β then return %s", ge, map[bool]string{true: "β", false: "stand"}[fail == FailHard]), "q-standpat-cut")
		b.add(1, "v ← stand;  α₀ ← α;  α ← MAX(α, stand)")
		b.add(1, "for each capture a in ACTIONS(state) do    ▹ only captures, until the position is quiet", "q-loop")
		b.add(2, "v ← MAX(v, −QUIESCE(RESULT(state, a), −β, −α, −c))    ▹ a king taken: c × UTILITY", "q-value")
		b.add(2, fmt.Sprintf("if v %s β then return %s", ge, retCut), "q-prune")
		b.add(2, "α ← MAX(α, v)", "q-alpha")
		b.add(1, "return "+retEnd, "q-return")
	}
	if extend != ExtendNone || forward != ForwardNone {
		b.add(0, "")
		b.add(0, "function SELECT(state, moves) returns the moves to search")
		switch forward {
		case ForwardSymmetric:
			b.add(1, "drop each move whose position mirrors that of an earlier move    ▹ safe: the same value", "forward")
		case ForwardBeam:
			b.add(1, "keep only the W moves whose positions EVAL rates best    ▹ unsafe: the best move may be dropped", "forward")
		}
		if extend == ExtendSingular {
			b.add(1, "if one move's EVAL beats every other's by MARGIN then search it one ply deeper    ▹ singular extension", "extend")
		}
		b.add(1, "return moves")
	}
	l.Lines = append(l.Lines, b.lines...)
	return l
}
