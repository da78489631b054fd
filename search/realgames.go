package search

import (
	"math"

	"github.com/abtrace/abtrace/trace"
)

// realGames is what the searches on real games keep beside the plies: the
// transposition table, the killer slots and history table of the learned
// orderings, and the counts of probes, re-searches and passes.
type realGames[S any] struct {
	tt    *table
	keyer Keyer[S]     // nil: positions are keyed by their path
	sym   Symmetric[S] // nil unless Options.Symmetry

	// Per ply: the key of the position the search is at, its symmetry and
	// the table's suggested best move (−1: none).
	key  []uint64
	syms []int
	hint []Move

	killers [][2]Move // per depth: the last two moves that cut there, newest first (−1: empty)
	// killerAt (tracing only) is, per depth and slot, the id of the child
	// through which the slot's move last cut off there ("": empty).
	killerAt [][2]string
	history  [2][256]float64 // per player (MAX, MIN): score by move number

	*passLine // iterative deepening: the previous pass's line (shared with the core)

	// limitCuts counts the positions valued at the depth limit (or
	// settled by an entry that was); cutsAt[d] is its count when the node
	// at depth d was entered, so that a node knows whether its value is
	// the full game's or depends on the limit.
	limitCuts int
	cutsAt    []int
	stored    int
	hits      int
	// researches and iterations count re-searches and passes.
	researches int
	iterations int
}

// passLine is the previous pass's principal variation (natural child
// indices) and, per ply, whether the path so far follows it.
type passLine struct {
	prevPV []int32
	onPV   []bool
}

// initRealGames prepares the table and the learned orderings when the
// options ask for them.
func (e *engine[S, G]) initRealGames() {
	o := e.opt
	if o.TT == 0 && o.Order != OrderKiller && o.Order != OrderHistory && !e.algo.Negamax() {
		return
	}
	n := plyCount
	rg := &realGames[S]{key: make([]uint64, n), syms: make([]int, n), hint: make([]Move, n),
		killers: make([][2]Move, n), passLine: &passLine{onPV: make([]bool, n)}, cutsAt: make([]int, n)}
	if e.rec != nil {
		rg.killerAt = make([][2]string, n)
	}
	for i := range rg.killers {
		rg.killers[i] = [2]Move{-1, -1}
	}
	if o.TT > 0 {
		rg.tt = takeTable(o.TT, o.Replace)
		rg.keyer, _ = any(e.g).(Keyer[S])
		if o.Symmetry {
			rg.sym, _ = any(e.g).(Symmetric[S])
		}
		e.quick = false // a terminal position is looked up and stored too
		e.tt = true
		e.pathHash = e.pathHash || rg.keyer == nil
	}
	e.rg, e.line = rg, rg.passLine
}

// giveBack hands the search's table back for the next search to reuse,
// once the search is over.
func (e *engine[S, G]) giveBack() {
	if e.rg != nil && e.rg.tt != nil {
		giveTable(e.rg.tt)
		e.rg.tt, e.tt = nil, false
	}
}

// draft is how deep the search looks below a node at depth.
func (e *core) draft(depth int) int {
	if e.limit == math.MaxInt {
		return fullDraft
	}
	return e.limit - depth
}

// ttKey sets the key and symmetry of the position s at depth of a game
// with keys: the least key over its symmetric images when symmetries are
// on. (A game without keys is keyed by its path's hash, in ttProbe.)
func (e *engine[S, G]) ttKey(s S, depth int) {
	rg := e.rg
	switch {
	case rg.sym == nil:
		rg.key[depth], rg.syms[depth] = rg.keyer.Key(s), 0
	default:
		best, bt := rg.keyer.Key(s), 0
		for t := 1; t < rg.sym.Symmetries(); t++ {
			if k := rg.keyer.Key(rg.sym.Transform(s, t)); k < best {
				best, bt = k, t
			}
		}
		rg.key[depth], rg.syms[depth] = best, bt
	}
}

// ttProbe looks s (at depth, of kind) up in the table. It returns the
// window narrowed by the entry (for MAX, as alpha-beta keeps it), and, when
// the entry settles the node, its value and bound and true. The root is
// never settled by the table: its best move must be searched.
func (e *engine[S, G]) ttProbe(s S, depth int, kind trace.Kind, alpha, beta float64) (a, b, v float64, bd trace.Bound, cut bool) {
	rg := e.rg
	if rg.keyer == nil {
		rg.key[depth], rg.syms[depth] = e.ply(depth).hash, 0 // no call for a key the path gives
	} else {
		e.ttKey(s, depth)
	}
	rg.hint[depth] = -1
	rg.cutsAt[depth] = rg.limitCuts
	ent := rg.tt.slot(rg.key[depth])
	hit := rg.tt.live(ent) && ent.key == rg.key[depth]
	a, b = alpha, beta
	if hit {
		rg.hits++
		if ent.best >= 0 {
			m := ent.best
			if rg.sym != nil {
				m = rg.sym.InverseMove(m, rg.syms[depth])
			}
			rg.hint[depth] = m
		}
		// Only an entry searched exactly as deep settles the node: a
		// deeper one knows more, and would make the value differ from
		// that of the search at this depth limit.
		if depth > 0 && int(ent.draft) == e.draft(depth) {
			v, bd = ent.value, ent.bound
			switch bd {
			case trace.Exact:
				cut = true
			case trace.Lower:
				a = math.Max(a, v)
			case trace.Upper:
				b = math.Min(b, v)
			}
			if a >= b {
				cut = true
			}
			if cut && !ent.whole {
				rg.limitCuts++ // the entry's value depends on the limit too
			}
		}
	}
	if e.rec != nil {
		ev := &e.ev
		ev.Reset(trace.TTProbe, "tt-probe", e.ply(depth).id, kind, depth)
		ev.Alpha, ev.Beta, ev.Hit, ev.Cut = trace.Num(a), trace.Num(b), hit, cut
		if cut {
			ev.Line = trace.LineTTCut
		}
		if hit {
			ev.Value, ev.Bound, ev.Draft, ev.Sym, ev.Stored = trace.Num(ent.value), ent.bound, int(ent.draft), rg.syms[depth], rg.tt.storedAt(ent)
			ev.Child = e.hintID(s, depth)
		}
		e.emit()
		if cut {
			e.exitEvent(e.ply(depth), depth, kind, v, bd, trace.LineTTCut, a, b)
		}
	}
	return a, b, v, bd, cut
}

// hintID is the id of the child the table suggests at depth, or "".
func (e *engine[S, G]) hintID(s S, depth int) string {
	m := e.rg.hint[depth]
	if m < 0 {
		return ""
	}
	for i, x := range e.g.Moves(s, nil) {
		if x == m {
			return e.ids.child(e.ply(depth).id, i)
		}
	}
	return ""
}

// ttStore writes the result of the node at depth: v for MAX with bound b,
// and best, the natural index of its best child (−1: none).
func (e *engine[S, G]) ttStore(depth int, kind trace.Kind, v float64, b trace.Bound, best int) {
	rg := e.rg
	key := rg.key[depth]
	ent := rg.tt.slot(key)
	d := int32(e.draft(depth))
	live := rg.tt.live(ent)
	replaced := live && ent.key != key
	if replaced && rg.tt.replace == ReplaceDepth && d < ent.draft {
		return // the slot keeps the deeper entry
	}
	m := Move(-1)
	if best >= 0 {
		m = e.ply(depth).moves[best]
		if rg.sym != nil {
			m = rg.sym.TransformMove(m, rg.syms[depth])
		}
	}
	at := int32(-1)
	if live {
		at = ent.at
	}
	*ent = ttEntry{key: key, value: v, best: m, draft: d, bound: b, gen: rg.tt.gen, at: -1, whole: rg.limitCuts == rg.cutsAt[depth]}
	rg.stored++
	if e.rec != nil {
		p := e.ply(depth)
		rg.tt.setStoredAt(ent, at, p.id)
		ev := &e.ev
		ev.Reset(trace.TTStore, "tt-store", p.id, kind, depth)
		ev.Value, ev.Bound, ev.Draft, ev.Replaced, ev.Sym = trace.Num(v), b, int(d), replaced, rg.syms[depth]
		if best >= 0 {
			ev.Child = e.ids.child(p.id, best)
		}
		e.emit()
	}
}

// noteCut teaches the learned orderings that move m cut off at depth
// (through the child on the ply below, when tracing).
func (e *engine[S, G]) noteCut(depth int, kind trace.Kind, m Move) {
	rg := e.rg
	if k := &rg.killers[depth]; k[0] != m {
		k[1], k[0] = k[0], m
		if rg.killerAt != nil {
			rg.killerAt[depth][1] = rg.killerAt[depth][0]
		}
	}
	if rg.killerAt != nil {
		rg.killerAt[depth][0] = e.ply(depth + 1).id
	}
	if m >= 0 && int(m) < len(rg.history[0]) {
		d := 1.0
		if e.limit != math.MaxInt {
			d = float64(e.limit - depth)
		}
		side := 0
		if kind == trace.Min {
			side = 1
		}
		rg.history[side][m] += d * d
	}
}

// killerSlots is the killer slots of depth for an event of the killer
// ordering (newest first, the empty ones left out), or nil for any other
// ordering or when both slots are empty. Tracing only; each event gets its
// own slice, since recorders may keep it.
func (e *engine[S, G]) killerSlots(depth int) []trace.Killer {
	if e.opt.Order != OrderKiller || e.rg == nil || e.rg.killerAt == nil {
		return nil
	}
	var out []trace.Killer
	for _, id := range e.rg.killerAt[depth] {
		if id != "" {
			out = append(out, trace.Killer{Node: id})
		}
	}
	return out
}

// learnedKeys appends to ks the key of each move for the killer or
// history ordering: 2 for the newest killer, 1 for the older, 0 for the
// rest; or the move's history score.
func (e *engine[S, G]) learnedKeys(kind trace.Kind, moves []Move, ks []float64, depth int) []float64 {
	rg := e.rg
	side := 0
	if kind == trace.Min {
		side = 1
	}
	for _, m := range moves {
		var k float64
		if e.opt.Order == OrderKiller {
			switch m {
			case rg.killers[depth][0]:
				k = 2
			case rg.killers[depth][1]:
				k = 1
			}
		} else if m >= 0 && int(m) < len(rg.history[side]) {
			k = rg.history[side][m]
		}
		ks = append(ks, k)
	}
	return ks
}
