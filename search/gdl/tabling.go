package gdl

import (
	"encoding/binary"
)

// A tabling prover keeps the answers of every call it has proved (the call
// written with its variables renamed in order, such as (sum 3 ?0 ?1)), so
// that a call made again is answered from its table instead of being
// proved again: a relation that depends on no state and no move (the
// game's arithmetic, its board geometry) keeps its tables for the whole
// game, one that depends on the state (but on no move) for as long as
// questions are asked about the same state, and one that depends on a
// move is not tabled.
//
// A call met again while its own table is being made (a recursion through
// the same call, such as a left-recursive rule) takes the answers found so
// far, and the table is made again until it finds no new answer (the least
// fixpoint, as a bottom-up evaluation finds it); a table made from another
// call's unfinished table is used but not kept. So a left recursion, which
// the plain Prover follows until MaxProofFrames, ends, and every kept
// table holds all of its call's answers. Negation meets only finished
// tables: a stratified game negates no relation of its own recursion.
//
// It gives the plain Prover's answers (and more of them, where the plain
// Prover would run into its limits), far faster on games whose rules prove
// the same helper again and again (the public repositories' amazons, racer,
// chess and two-thirds games); it is the Prover the command line's
// playouts fall back on. It is not safe for concurrent use.
type tables struct {
	// kind of each relation by its symbol: tabledStatic, tabledState or
	// tabledNot (a symbol past its end: tabledNot)
	kind    []int8
	static  map[string][]pterm
	state   map[string][]pterm
	stateOf []Term
	// busy are the tables being made, innermost last
	busy []*making
	// key is the buffer the calls' keys are written in; vars the
	// variables' slots met while writing one
	key  []byte
	vars []int32
	// ansKey is the buffer answers' keys are written in; pool the tables
	// made at each depth of busy, to be made again
	ansKey []byte
	pool   []*making
}

// making is a table being made.
type making struct {
	key     string
	answers []pterm
	seen    map[string]bool
	// self: its unfinished answers were taken during the last pass; low:
	// the outermost unfinished table its answers were made from
	self bool
	low  int
	// inner are the tables made in the last pass from an unfinished
	// table, this one's or one within it, kept when this one is complete
	inner []madeTable
	// the proof, the call (goal) and its frame, and the continuation
	// that adds what the call proves
	q       *proof
	goal    [1]plit
	base    int32
	collect func() bool
}

// equalC reports whether two compiled terms are the same.
func equalC(a, b pterm) bool {
	if a.sym != b.sym || len(a.args) != len(b.args) {
		return false
	}
	for i := range a.args {
		if !equalC(a.args[i], b.args[i]) {
			return false
		}
	}
	return true
}

// fewAnswers is how many answers a table compares one by one before it
// keeps their keys in a map.
const fewAnswers = 8

// madeTable is a table made, with the map (static or state) it is kept in.
type madeTable struct {
	key     string
	m       map[string][]pterm
	answers []pterm
}

const (
	tabledStatic = iota
	tabledState
	tabledNot
)

// NewTablingProver returns the simple reasoner of a checked description
// with tabling (see tables): the same answers as NewProver's, for one
// caller at a time.
func NewTablingProver(d *Description) *Prover {
	p := NewProver(d)
	t := &tables{static: map[string][]pterm{}, state: map[string][]pterm{}}
	names, deps := dependencies(d)
	for _, n := range names {
		r := reach(deps, n)
		_, onMove := r["does"]
		_, onState := r["true"]
		kind := int8(tabledStatic)
		switch {
		case onMove || n == "does" || n == "true":
			kind = tabledNot
		case onState:
			kind = tabledState
		}
		s := p.sym(n)
		for int(s) >= len(t.kind) {
			t.kind = append(t.kind, tabledNot)
		}
		t.kind[s] = kind
	}
	p.tab = t
	return p
}

// sameState reports whether a and b are the same slice of facts.
func sameState(a, b []Term) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// tabled answers a positive condition a (in the frame at base) of a
// tabled relation from its table, making the table first when there is
// none; done is false when a is to be proved as the plain Prover does.
func (q *proof) tabled(a pterm, base int32, rest []plit, k func() bool) (done, more bool) {
	t := q.p.tab
	if q.expand {
		// the call whose table is being made: by its rules
		q.expand = false
		return false, false
	}
	if int(a.sym) >= len(t.kind) || t.kind[a.sym] == tabledNot {
		return false, false
	}
	m := t.static
	if t.kind[a.sym] == tabledState {
		if !sameState(q.input, t.stateOf) {
			clear(t.state)
			t.stateOf = q.input
		}
		m = t.state
	}
	t.vars = t.vars[:0]
	t.key = q.variantKey(t.key[:0], a, base)
	answers, ok := m[string(t.key)]
	if !ok {
		key := string(t.key)
		if i := t.making(key); i >= 0 {
			return true, q.fromUnfinished(a, base, i, rest, k)
		}
		answers = q.table(a, base, key, m)
		if q.err != nil {
			return true, false
		}
	}
	for _, ans := range answers {
		mark := len(q.trail)
		if q.unify(a, base, ans, 0) && !q.solve(rest, base, k) {
			q.undo(mark)
			return true, false
		}
		q.undo(mark)
	}
	return true, true
}

// making returns the index in busy of the table being made for the call
// with key, −1 where there is none (the tables being made are few: the
// calls within one another).
func (t *tables) making(key string) int {
	for i, e := range t.busy {
		if e.key == key {
			return i
		}
	}
	return -1
}

// fromUnfinished answers call (in the frame at base) from the answers
// found so far by the table being made at busy[i].
func (q *proof) fromUnfinished(call pterm, base int32, i int, rest []plit, k func() bool) bool {
	t := q.p.tab
	e := t.busy[i]
	e.self = true
	top := t.busy[len(t.busy)-1]
	top.low = min(top.low, i)
	for n := 0; n < len(e.answers); n++ {
		mark := len(q.trail)
		if q.unify(call, base, e.answers[n], 0) && !q.solve(rest, base, k) {
			q.undo(mark)
			return false
		}
		q.undo(mark)
	}
	return true
}

// table proves call (in the frame at base) to the end, again while a
// pass finds new answers after taking its own unfinished ones, and
// returns its answers without repeats (every binding it makes is undone
// before it returns). It keeps them in m when they were made from no
// outer unfinished table; otherwise they are handed to the table being
// made around it, which keeps them with its own once it is complete (the
// last pass of a table finds no new answer, so the tables made in it from
// its unfinished answers were made from all of its answers): a recursion
// through several calls (the torus games' rows that wrap around) is
// proved once per state, not again for every call into it.
func (q *proof) table(call pterm, base int32, key string, m map[string][]pterm) []pterm {
	t := q.p.tab
	j := len(t.busy)
	e := t.newMaking(j)
	e.key, e.q, e.base = key, q, base
	e.goal[0] = plit{kind: pRule, atom: call}
	t.busy = append(t.busy, e)
	frames := q.frames
	for {
		e.self = false
		e.inner = e.inner[:0]
		before := len(e.answers)
		q.expand = true
		q.solve(e.goal[:], base, e.collect)
		q.expand = false
		q.frames = frames
		if q.err != nil {
			break
		}
		if !e.self || len(e.answers) == before {
			break
		}
	}
	t.busy = t.busy[:j]
	answers := e.answers
	e.q, e.answers, e.seen = nil, nil, nil
	if q.err != nil {
		return answers
	}
	e.inner = append(e.inner, madeTable{key, m, answers})
	if e.low < j {
		outer := t.busy[j-1]
		outer.low = min(outer.low, e.low)
		outer.inner = append(outer.inner, e.inner...)
		return answers
	}
	for _, in := range e.inner {
		in.m[in.key] = in.answers
	}
	return answers
}

// newMaking returns the table being made at depth j in busy, kept from
// the last table made at that depth (but for its answers) so that each
// table made allocates only its answers.
func (t *tables) newMaking(j int) *making {
	for len(t.pool) <= j {
		e := &making{}
		e.collect = func() bool {
			e.addFound()
			return true
		}
		t.pool = append(t.pool, e)
	}
	e := t.pool[j]
	e.low, e.self = j, false
	return e
}

// addFound adds the call's instance under the bindings found (ground) to
// the answers unless it is one of them already: compared one by one while
// they are few, by their key in seen once they are more.
func (e *making) addFound() {
	q, t := e.q, e.q.p.tab
	call := e.goal[0].atom
	if e.seen == nil {
		for _, a := range e.answers {
			if q.equal(a, 0, call, e.base) {
				return
			}
		}
		e.answers = append(e.answers, q.subst(call, e.base))
		if len(e.answers) == fewAnswers {
			e.seen = make(map[string]bool, 2*fewAnswers)
			for _, a := range e.answers {
				t.ansKey = appendKey(t.ansKey[:0], a)
				e.seen[string(t.ansKey)] = true
			}
		}
		return
	}
	t.vars = t.vars[:0]
	t.ansKey = q.variantKey(t.ansKey[:0], call, e.base)
	if !e.seen[string(t.ansKey)] {
		e.seen[string(t.ansKey)] = true
		e.answers = append(e.answers, q.subst(call, e.base))
	}
}

// variantKey writes the key of t (in the frame at base): t with its
// variables replaced by their values, the variables left numbered in
// order of appearance (their slots in the table's vars), so two calls
// that differ only in their variables have one key. It appends to b and
// returns it.
func (q *proof) variantKey(b []byte, t pterm, base int32) []byte {
	t, base = q.walk(t, base)
	if t.sym < 0 {
		return binary.AppendUvarint(b, uint64(2*q.varNumber(base-1-t.sym)+1))
	}
	b = binary.AppendUvarint(b, uint64(2*t.sym+2))
	if t.ground {
		return appendArgs(b, t)
	}
	b = binary.AppendUvarint(b, uint64(len(t.args)))
	for _, a := range t.args {
		b = q.variantKey(b, a, base)
	}
	return b
}

// varNumber numbers the unbound variable at slot within the call whose
// key or variant is being written.
func (q *proof) varNumber(slot int32) int {
	t := q.p.tab
	for i, s := range t.vars {
		if s == slot {
			return i
		}
	}
	t.vars = append(t.vars, slot)
	return len(t.vars) - 1
}

// appendKey writes the key of a term without bindings (its variables, if
// any, by their numbers).
func appendKey(b []byte, t pterm) []byte {
	if t.sym < 0 {
		return binary.AppendUvarint(b, uint64(2*(-1-t.sym)+1))
	}
	b = binary.AppendUvarint(b, uint64(2*t.sym+2))
	return appendArgs(b, t)
}

func appendArgs(b []byte, t pterm) []byte {
	b = binary.AppendUvarint(b, uint64(len(t.args)))
	for _, a := range t.args {
		b = appendKey(b, a)
	}
	return b
}
