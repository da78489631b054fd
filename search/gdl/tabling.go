package gdl

import (
	"slices"
	"strconv"
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
	// kind of each relation: tabledStatic, tabledState or tabledNot
	kind    map[string]int
	static  map[string][]Term
	state   map[string][]Term
	stateOf []Term
	// busy are the tables being made, innermost last; at their index in
	// busy by key
	busy  []*making
	index map[string]int
	// key is the buffer the calls' keys are written in
	key []byte
}

// making is a table being made.
type making struct {
	answers []Term
	seen    map[string]bool
	// self: its unfinished answers were taken during the last pass; low:
	// the outermost unfinished table its answers were made from
	self bool
	low  int
	// inner are the tables made in the last pass from an unfinished
	// table, this one's or one within it, kept when this one is complete
	inner []madeTable
}

// add adds ans to the answers unless it is one of them already: compared
// one by one while they are few, by their text in seen once they are more.
func (e *making) add(ans Term) {
	if e.seen == nil {
		for _, a := range e.answers {
			if equalTerms(a, ans) {
				return
			}
		}
		e.answers = append(e.answers, ans)
		if len(e.answers) == fewAnswers {
			e.seen = make(map[string]bool, 2*fewAnswers)
			for _, a := range e.answers {
				e.seen[a.String()] = true
			}
		}
		return
	}
	if s := ans.String(); !e.seen[s] {
		e.seen[s] = true
		e.answers = append(e.answers, ans)
	}
}

// fewAnswers is how many answers a table compares one by one before it
// keeps their text in a map.
const fewAnswers = 8

// madeTable is a table made, with the map (static or state) it is kept in.
type madeTable struct {
	key     string
	m       map[string][]Term
	answers []Term
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
	t := &tables{kind: map[string]int{}, static: map[string][]Term{}, state: map[string][]Term{}, index: map[string]int{}}
	names, deps := dependencies(d)
	for _, n := range names {
		r := reach(deps, n)
		_, onMove := r["does"]
		_, onState := r["true"]
		switch {
		case onMove || n == "does" || n == "true":
			t.kind[n] = tabledNot
		case onState:
			t.kind[n] = tabledState
		default:
			t.kind[n] = tabledStatic
		}
	}
	p.tab = t
	return p
}

// sameState reports whether a and b are the same slice of facts.
func sameState(a, b []Term) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// tabled answers a positive condition a of a tabled relation from its
// table, making the table first when there is none; done is false when a
// is to be proved as the plain Prover does.
func (q *proof) tabled(a Term, rest []Literal, k func() bool) (done, more bool) {
	t := q.p.tab
	kind, ok := t.kind[a.Name]
	if q.expand {
		// the call whose table is being made: by its rules
		q.expand = false
		return false, false
	}
	if !ok || kind == tabledNot {
		return false, false
	}
	m := t.static
	if kind == tabledState {
		if !sameState(q.state, t.stateOf) {
			clear(t.state)
			t.stateOf = q.state
		}
		m = t.state
	}
	t.key = variantKey(t.key[:0], a, q.walk)
	answers, ok := m[string(t.key)]
	if !ok {
		key := string(t.key)
		if i, busy := t.index[key]; busy {
			return true, q.fromUnfinished(a, i, rest, k)
		}
		answers = q.table(q.subst(a), key, m)
		if q.err != nil {
			return true, false
		}
	}
	for _, ans := range answers {
		mark := len(q.trail)
		if q.unify(a, ans) && !q.solve(rest, k) {
			q.undo(mark)
			return true, false
		}
		q.undo(mark)
	}
	return true, true
}

// fromUnfinished answers call from the answers found so far by the table
// being made at busy[i].
func (q *proof) fromUnfinished(call Term, i int, rest []Literal, k func() bool) bool {
	t := q.p.tab
	e := t.busy[i]
	e.self = true
	top := t.busy[len(t.busy)-1]
	top.low = min(top.low, i)
	for n := 0; n < len(e.answers); n++ {
		mark := len(q.trail)
		if q.unify(call, e.answers[n]) && !q.solve(rest, k) {
			q.undo(mark)
			return false
		}
		q.undo(mark)
	}
	return true
}

// table proves call to the end, again while a pass finds new answers
// after taking its own unfinished ones, and returns its answers without
// repeats. It keeps them in m when they were made from no outer
// unfinished table; otherwise they are handed to the table being made
// around it, which keeps them with its own once it is complete (the last
// pass of a table finds no new answer, so the tables made in it from its
// unfinished answers were made from all of its answers): a recursion
// through several calls (the torus games' rows that wrap around) is
// proved once per state, not again for every call into it.
func (q *proof) table(call Term, key string, m map[string][]Term) []Term {
	t := q.p.tab
	j := len(t.busy)
	e := &making{low: j}
	t.busy = append(t.busy, e)
	t.index[key] = j
	for {
		e.self = false
		e.inner = e.inner[:0]
		before := len(e.answers)
		sub := &proof{p: q.p, state: q.state, does: q.does, env: map[string]Term{},
			fresh: q.fresh, steps: q.steps, frames: q.frames, expand: true}
		sub.solve([]Literal{{Atom: call}}, func() bool {
			e.add(sub.subst(call))
			return true
		})
		q.fresh, q.steps = sub.fresh, sub.steps
		if sub.err != nil {
			q.err = sub.err
			break
		}
		if !e.self || len(e.answers) == before {
			break
		}
	}
	t.busy = t.busy[:j]
	delete(t.index, key)
	if q.err != nil {
		return e.answers
	}
	e.inner = append(e.inner, madeTable{key, m, e.answers})
	if e.low < j {
		outer := t.busy[j-1]
		outer.low = min(outer.low, e.low)
		outer.inner = append(outer.inner, e.inner...)
		return e.answers
	}
	for _, in := range e.inner {
		in.m[in.key] = in.answers
	}
	return e.answers
}

// variantKey writes t, its variables replaced by their values (walk),
// with the variables left numbered in order of appearance: two calls that
// differ only in the names of their variables have one key. It appends to
// b and returns it.
func variantKey(b []byte, t Term, walk func(Term) Term) []byte {
	var names []string
	return appendVariant(b, t, walk, &names)
}

func appendVariant(b []byte, t Term, walk func(Term) Term, names *[]string) []byte {
	t = walk(t)
	if t.IsVar() {
		n := slices.Index(*names, t.Name)
		if n < 0 {
			n = len(*names)
			*names = append(*names, t.Name)
		}
		b = append(b, '?')
		return strconv.AppendInt(b, int64(n), 10)
	}
	if len(t.Args) == 0 {
		return append(b, t.Name...)
	}
	b = append(b, '(')
	b = append(b, t.Name...)
	for _, a := range t.Args {
		b = append(b, ' ')
		b = appendVariant(b, a, walk, names)
	}
	return append(b, ')')
}
