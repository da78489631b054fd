package gdl

import (
	"encoding/binary"
	"fmt"
	"slices"
)

// Limits of the grounding (New): named, documented in the README, and
// enforced with an error that names the limit.
const (
	// MaxGroundAtoms bounds the ground atoms the relaxed fixpoint may find.
	MaxGroundAtoms = 1 << 20
	// MaxGroundRules bounds the ground rules of the compiled network.
	MaxGroundRules = 1 << 21
	// MaxGroundWork bounds the matching steps of the grounding (the
	// reasoning work before the first state is seen).
	MaxGroundWork = 1 << 24
	// MaxStateProps bounds the base propositions (the state's size, in bits).
	MaxStateProps = 1 << 16
)

// The grounding's limits for the command line's playouts (abtrace gdl
// playout, PlayoutText), where one game is played once and a few seconds
// and a few hundred megabytes of grounding are worth it: a game that
// passes the limits above is grounded again within these before it is
// left to the Prover, which is far slower on such games.
const (
	MaxPlayoutGroundAtoms = 1 << 22
	MaxPlayoutGroundRules = 1 << 23
	MaxPlayoutGroundWork  = 1 << 27
)

// groundLimits are the limits one grounding runs within, with their names.
type groundLimits struct {
	atoms, rules, work             int
	atomsName, rulesName, workName string
}

var (
	defaultLimits = groundLimits{MaxGroundAtoms, MaxGroundRules, MaxGroundWork, "MaxGroundAtoms", "MaxGroundRules", "MaxGroundWork"}
	playoutLimits = groundLimits{MaxPlayoutGroundAtoms, MaxPlayoutGroundRules, MaxPlayoutGroundWork, "MaxPlayoutGroundAtoms", "MaxPlayoutGroundRules", "MaxPlayoutGroundWork"}
)

func (l groundLimits) rulesError() *LimitError {
	return &LimitError{l.rulesName, l.rules, "the number of the game's ground rules"}
}

// LimitError is a limit of the reader or the reasoner that a game passes:
// Limit is the constant's name, such as "MaxGroundAtoms".
type LimitError struct {
	Limit string
	Value int
	What  string
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("gdl: %s exceeds %d (%s)", e.What, e.Value, e.Limit)
}

// terms is a table of interned ground terms: every distinct ground term
// (an atom is a term whose function is its relation) gets one id.
type terms struct {
	names []string         // symbol id → name
	sym   map[string]int32 // name → symbol id
	fn    []int32          // term id → function symbol (or the constant's)
	args  [][]int32        // term id → argument term ids (nil for a constant)
	ids   map[string]int32 // key → term id
	key   []byte
}

func newTerms() *terms {
	return &terms{sym: map[string]int32{}, ids: map[string]int32{}}
}

func (t *terms) symbol(name string) int32 {
	if id, ok := t.sym[name]; ok {
		return id
	}
	id := int32(len(t.names))
	t.names = append(t.names, name)
	t.sym[name] = id
	return id
}

// intern returns the id of the term fn(args…), adding it when new.
func (t *terms) intern(fn int32, args []int32) int32 {
	k := t.key[:0]
	k = binary.AppendUvarint(k, uint64(fn))
	k = binary.AppendUvarint(k, uint64(len(args)))
	for _, a := range args {
		k = binary.AppendUvarint(k, uint64(a))
	}
	t.key = k
	if id, ok := t.ids[string(k)]; ok {
		return id
	}
	id := int32(len(t.fn))
	t.ids[string(k)] = id
	t.fn = append(t.fn, fn)
	t.args = append(t.args, slices.Clone(args))
	return id
}

// text writes term id as KIF, in lower case with single spaces.
func (t *terms) text(id int32) string {
	var b []byte
	var w func(id int32)
	w = func(id int32) {
		if len(t.args[id]) == 0 {
			b = append(b, t.names[t.fn[id]]...)
			return
		}
		b = append(b, '(')
		b = append(b, t.names[t.fn[id]]...)
		for _, a := range t.args[id] {
			b = append(b, ' ')
			w(a)
		}
		b = append(b, ')')
	}
	w(id)
	return string(b)
}

// term converts ground term id back to a Term (without positions).
func (t *terms) term(id int32) Term {
	out := Term{Name: t.names[t.fn[id]]}
	for _, a := range t.args[id] {
		out.Args = append(out.Args, t.term(a))
	}
	return out
}

// pattern is a rule's term compiled for matching: a variable (v ≥ 0), a
// ground term (id ≥ 0) or a compound with variables inside.
type pattern struct {
	v    int32 // variable number, or −1
	id   int32 // ground term id, or −1
	fn   int32
	args []pattern
}

// lit kinds of a compiled rule's body.
const (
	litPos = iota
	litNeg
	litDistinct
)

type clit struct {
	kind int
	rel  int32 // the atom's relation symbol (litPos, litNeg)
	p    pattern
	q    pattern // the second term of a distinct
}

type crule struct {
	head  pattern
	body  []clit
	nvars int
	src   int // index in Description.Rules; −1 for the virtual rules
	// full joins every positive literal over all atoms found; delta[i]
	// is the plan that starts with the i-th positive literal (the one
	// matched against the atoms of the last round, in the relaxation).
	full  joinPlan
	delta []joinPlan
}

// joinPlan is an order of a rule's positive literals: order[k] is joined
// k-th, after[k] are the negations and distinct that can be tested once it
// has bound its variables, and first those testable before the join.
type joinPlan struct {
	order []int
	after [][]int
	first []int
}

// grounder computes the relaxed reachable atoms and the ground rules.
type grounder struct {
	t     *terms
	rules []crule
	// the atoms found, per relation in the order found, with the round
	// each atom was found in
	byRel  map[int32][]int32
	index  map[uint64][]int32 // (relation, argument, value) → atoms
	round  []int32            // term id → round its atom was found in; −1: not in M
	natoms int
	work   int
	relTru int32
	relDoe int32
	lim    groundLimits
}

func (g *grounder) compile(t Term, vars map[string]int32) pattern {
	if t.IsVar() {
		v, ok := vars[t.Name]
		if !ok {
			v = int32(len(vars))
			vars[t.Name] = v
		}
		return pattern{v: v, id: -1}
	}
	p := pattern{v: -1, id: -1, fn: g.t.symbol(t.Name)}
	ground := true
	for _, a := range t.Args {
		ap := g.compile(a, vars)
		ground = ground && ap.v < 0 && ap.id >= 0
		p.args = append(p.args, ap)
	}
	if ground {
		ids := make([]int32, len(p.args))
		for i, a := range p.args {
			ids[i] = a.id
		}
		p.id = g.t.intern(p.fn, ids)
		p.args = nil
	}
	return p
}

func patVars(p pattern, out map[int32]bool) {
	if p.v >= 0 {
		out[p.v] = true
	}
	for _, a := range p.args {
		patVars(a, out)
	}
}

func (g *grounder) addRule(r Rule, src int) {
	vars := map[string]int32{}
	cr := crule{src: src}
	for _, l := range r.Body {
		switch {
		case l.IsDistinct():
			cr.body = append(cr.body, clit{kind: litDistinct, p: g.compile(l.Atom.Args[0], vars), q: g.compile(l.Atom.Args[1], vars)})
		case l.Neg:
			cr.body = append(cr.body, clit{kind: litNeg, rel: g.t.symbol(l.Atom.Name), p: g.compile(l.Atom, vars)})
		default:
			cr.body = append(cr.body, clit{kind: litPos, rel: g.t.symbol(l.Atom.Name), p: g.compile(l.Atom, vars)})
		}
	}
	cr.head = g.compile(r.Head, vars)
	cr.nvars = len(vars)
	cr.full = g.plan(&cr, -1)
	for i, l := range cr.body {
		if l.kind == litPos {
			cr.delta = append(cr.delta, g.plan(&cr, i))
		}
	}
	g.rules = append(g.rules, cr)
}

// plan orders the join: the positive literal start first (−1: none
// forced), then greedily the one with the most bound or constant
// arguments, and each negation or distinct as soon as its variables are
// bound.
func (g *grounder) plan(cr *crule, start int) joinPlan {
	var jp joinPlan
	bound := map[int32]bool{}
	var pos, rest []int
	for i, l := range cr.body {
		if l.kind == litPos {
			pos = append(pos, i)
		} else {
			rest = append(rest, i)
		}
	}
	score := func(p pattern) int {
		s := 0
		for _, a := range p.args {
			vs := map[int32]bool{}
			patVars(a, vs)
			free := 0
			for v := range vs {
				if !bound[v] {
					free++
				}
			}
			if free == 0 {
				s += 4
			} else {
				s -= free
			}
		}
		return s
	}
	ready := func(i int) bool {
		vs := map[int32]bool{}
		patVars(cr.body[i].p, vs)
		patVars(cr.body[i].q, vs)
		for v := range vs {
			if !bound[v] {
				return false
			}
		}
		return true
	}
	take := func() []int {
		var now []int
		rest = slices.DeleteFunc(rest, func(i int) bool {
			if ready(i) {
				now = append(now, i)
				return true
			}
			return false
		})
		return now
	}
	jp.first = take()
	for len(pos) > 0 {
		best := 0
		for k := 1; k < len(pos); k++ {
			if score(cr.body[pos[k]].p) > score(cr.body[pos[best]].p) {
				best = k
			}
		}
		if start >= 0 {
			best = slices.Index(pos, start)
			start = -1
		}
		i := pos[best]
		pos = slices.Delete(pos, best, best+1)
		jp.order = append(jp.order, i)
		patVars(cr.body[i].p, bound)
		jp.after = append(jp.after, take())
	}
	// Whatever is left is unsafe, which Check refuses; test it last.
	if len(rest) > 0 {
		if len(jp.after) == 0 {
			jp.first = append(jp.first, rest...)
		} else {
			jp.after[len(jp.after)-1] = append(jp.after[len(jp.after)-1], rest...)
		}
	}
	return jp
}

// match binds p's variables to match ground term id, appending the
// variables it binds to trail. It reports false on a mismatch (the caller
// undoes the trail).
func (g *grounder) match(p *pattern, id int32, env []int32, trail *[]int32) bool {
	if p.v >= 0 {
		if b := env[p.v]; b >= 0 {
			return b == id
		}
		env[p.v] = id
		*trail = append(*trail, p.v)
		return true
	}
	if p.id >= 0 {
		return p.id == id
	}
	if g.t.fn[id] != p.fn || len(g.t.args[id]) != len(p.args) {
		return false
	}
	for k := range p.args {
		if !g.match(&p.args[k], g.t.args[id][k], env, trail) {
			return false
		}
	}
	return true
}

// inst returns the ground term of p under env (all its variables bound).
func (g *grounder) inst(p *pattern, env []int32) int32 {
	if p.v >= 0 {
		return env[p.v]
	}
	if p.id >= 0 {
		return p.id
	}
	args := make([]int32, len(p.args))
	for k := range p.args {
		args[k] = g.inst(&p.args[k], env)
	}
	return g.t.intern(p.fn, args)
}

// slots of an atom that the index knows: each argument (slot k < 8) and
// each argument of an argument (slot 8 + 8k + j), so that (true (cell ?x
// 3 ?c)) is looked up by its 3.
const maxSlot = 8

// candidates returns the atoms of l's relation that may match l under
// env: those that share the value of its most selective bound slot.
func (g *grounder) candidates(l *clit, env []int32) []int32 {
	best := g.byRel[l.rel]
	try := func(slot int, val int32) {
		if c := g.index[indexKey(l.rel, slot, val)]; len(c) < len(best) {
			best = c
		}
	}
	for k := range l.p.args {
		if k >= maxSlot {
			break
		}
		a := &l.p.args[k]
		switch {
		case a.id >= 0:
			try(k, a.id)
		case a.v >= 0 && env[a.v] >= 0:
			try(k, env[a.v])
		case a.v < 0:
			for j := range a.args {
				if j >= maxSlot {
					break
				}
				b := &a.args[j]
				switch {
				case b.id >= 0:
					try(maxSlot+maxSlot*k+j, b.id)
				case b.v >= 0 && env[b.v] >= 0:
					try(maxSlot+maxSlot*k+j, env[b.v])
				}
			}
		}
	}
	return best
}

func indexKey(rel int32, slot int, val int32) uint64 {
	return uint64(rel)<<40 | uint64(slot)<<32 | uint64(uint32(val))
}

// inM reports whether atom id is in M.
func (g *grounder) inM(id int32) bool { return int(id) < len(g.round) && g.round[id] >= 0 }

// add records atom id as found in round r; it reports whether it is new.
func (g *grounder) add(id int32, r int32) (bool, error) {
	for int(id) >= len(g.round) {
		g.round = append(g.round, -1)
	}
	if g.round[id] >= 0 {
		return false, nil
	}
	if g.natoms >= g.lim.atoms {
		return false, &LimitError{g.lim.atomsName, g.lim.atoms, "the number of ground atoms the game may reach"}
	}
	g.natoms++
	g.round[id] = r
	rel := g.t.fn[id]
	g.byRel[rel] = append(g.byRel[rel], id)
	for k, a := range g.t.args[id] {
		if k >= maxSlot {
			break
		}
		key := indexKey(rel, k, a)
		g.index[key] = append(g.index[key], id)
		for j, b := range g.t.args[a] {
			if j >= maxSlot {
				break
			}
			key := indexKey(rel, maxSlot+maxSlot*k+j, b)
			g.index[key] = append(g.index[key], id)
		}
	}
	return true, nil
}

// window is which atoms a literal may match: found in rounds [lo, hi].
type window struct{ lo, hi int32 }

// inWindow returns the part of cands (atoms in the order found, so in
// increasing rounds) found within w.
func (g *grounder) inWindow(cands []int32, w window) []int32 {
	lo, _ := slices.BinarySearchFunc(cands, w.lo, func(id int32, r int32) int { return int(g.round[id] - r) })
	hi, _ := slices.BinarySearchFunc(cands, w.hi+1, func(id int32, r int32) int { return int(g.round[id] - r) })
	return cands[lo:hi]
}

// same reports whether patterns p and q are the same ground term under env.
func (g *grounder) same(p, q *pattern, env []int32) bool {
	if p.v >= 0 || p.id >= 0 {
		a := p.id
		if p.v >= 0 {
			a = env[p.v]
		}
		if q.v >= 0 || q.id >= 0 {
			b := q.id
			if q.v >= 0 {
				b = env[q.v]
			}
			return a == b
		}
		return g.matches(q, a, env)
	}
	if q.v >= 0 || q.id >= 0 {
		return g.same(q, p, env)
	}
	if p.fn != q.fn || len(p.args) != len(q.args) {
		return false
	}
	for k := range p.args {
		if !g.same(&p.args[k], &q.args[k], env) {
			return false
		}
	}
	return true
}

// matches reports whether p, all of whose variables are bound, is term id.
func (g *grounder) matches(p *pattern, id int32, env []int32) bool {
	switch {
	case p.v >= 0:
		return env[p.v] == id
	case p.id >= 0:
		return p.id == id
	}
	if g.t.fn[id] != p.fn || len(g.t.args[id]) != len(p.args) {
		return false
	}
	for k := range p.args {
		if !g.matches(&p.args[k], g.t.args[id][k], env) {
			return false
		}
	}
	return true
}

// join enumerates the bindings of cr's body over the atoms found, joining
// in plan's order with the k-th literal restricted to win[k], and calls
// emit for each; emit returning an error stops it.
func (g *grounder) join(cr *crule, jp *joinPlan, win []window, emit func(env []int32) error) error {
	env := make([]int32, cr.nvars)
	for i := range env {
		env[i] = -1
	}
	var trail []int32
	test := func(is []int) bool {
		for _, i := range is {
			// The relaxation ignores negation.
			if l := &cr.body[i]; l.kind == litDistinct && g.same(&l.p, &l.q, env) {
				return false
			}
		}
		return true
	}
	if !test(jp.first) {
		return nil
	}
	var step func(k int) error
	step = func(k int) error {
		if k == len(jp.order) {
			return emit(env)
		}
		l := &cr.body[jp.order[k]]
		for _, id := range g.inWindow(g.candidates(l, env), win[k]) {
			g.work++
			if g.work > g.lim.work {
				return &LimitError{g.lim.workName, g.lim.work, "the work of grounding the game"}
			}
			mark := len(trail)
			if g.match(&l.p, id, env, &trail) && test(jp.after[k]) {
				if err := step(k + 1); err != nil {
					return err
				}
			}
			for _, v := range trail[mark:] {
				env[v] = -1
			}
			trail = trail[:mark]
		}
		return nil
	}
	return step(0)
}

// relax computes M, a superset of every atom true in a reachable state or
// move: the least model of the rules with negation ignored, true(x) for
// every x that init or next may give, and does(r, m) for every legal(r, m).
// It is semi-naive: each round joins at least one literal with the atoms
// found in the round before.
func (g *grounder) relax() error {
	for i := range g.rules {
		cr := &g.rules[i]
		if len(cr.delta) == 0 {
			if err := g.join(cr, &cr.full, nil, func(env []int32) error {
				_, err := g.add(g.inst(&cr.head, env), 0)
				return err
			}); err != nil {
				return err
			}
		}
	}
	for r := int32(1); ; r++ {
		grew := false
		for i := range g.rules {
			cr := &g.rules[i]
			for d := range cr.delta {
				// The d-th positive literal takes the atoms of the last
				// round; those before it in the body the older ones, those
				// after it all of them, so that each binding is found once.
				jp := &cr.delta[d]
				win := make([]window, len(jp.order))
				for k, li := range jp.order {
					switch pi := posIndex(cr, li); {
					case pi < d:
						win[k] = window{0, r - 2}
					case pi == d:
						win[k] = window{r - 1, r - 1}
					default:
						win[k] = window{0, r - 1}
					}
				}
				if err := g.join(cr, jp, win, func(env []int32) error {
					isNew, err := g.add(g.inst(&cr.head, env), r)
					grew = grew || isNew
					return err
				}); err != nil {
					return err
				}
			}
		}
		if !grew {
			return nil
		}
	}
}

// posIndex returns which positive literal of cr's body literal li is.
func posIndex(cr *crule, li int) int {
	n := 0
	for i := range li {
		if cr.body[i].kind == litPos {
			n++
		}
	}
	return n
}

// grule is a ground rule: head atom and body literals (atom, negated).
type grule struct {
	head int32
	body []glit
	src  int
}

type glit struct {
	atom int32
	neg  bool
}

// instantiate returns every ground instance of the rules over M, with
// negated atoms outside M (always false) dropped.
func (g *grounder) instantiate() ([]grule, error) {
	var out []grule
	all := window{0, 1 << 30}
	for i := range g.rules {
		cr := &g.rules[i]
		if cr.src < 0 {
			continue
		}
		win := make([]window, len(cr.full.order))
		for k := range win {
			win[k] = all
		}
		err := g.join(cr, &cr.full, win, func(env []int32) error {
			gr := grule{head: g.inst(&cr.head, env), src: cr.src}
			for _, l := range cr.body {
				switch l.kind {
				case litPos:
					gr.body = append(gr.body, glit{atom: g.inst(&l.p, env)})
				case litNeg:
					a := g.inst(&l.p, env)
					if g.inM(a) {
						gr.body = append(gr.body, glit{atom: a, neg: true})
					}
				}
			}
			out = append(out, gr)
			if len(out) > g.lim.rules {
				return g.lim.rulesError()
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// ground runs the grounding of d within lim: the relaxed atoms and the
// ground rules.
func ground(d *Description, lim groundLimits) (*grounder, []grule, error) {
	g := &grounder{t: newTerms(), byRel: map[int32][]int32{}, index: map[uint64][]int32{}, lim: lim}
	g.relTru, g.relDoe = g.t.symbol("true"), g.t.symbol("does")
	for i, r := range d.Rules {
		g.addRule(r, i)
	}
	// The virtual rules of the relaxation.
	x, rr, m := Term{Name: "?x"}, Term{Name: "?r"}, Term{Name: "?m"}
	for _, r := range []Rule{
		{Head: Term{Name: "true", Args: []Term{x}}, Body: []Literal{{Atom: Term{Name: "init", Args: []Term{x}}}}},
		{Head: Term{Name: "true", Args: []Term{x}}, Body: []Literal{{Atom: Term{Name: "next", Args: []Term{x}}}}},
		{Head: Term{Name: "does", Args: []Term{rr, m}}, Body: []Literal{{Atom: Term{Name: "legal", Args: []Term{rr, m}}}}},
	} {
		g.addRule(r, -1)
	}
	if err := g.relax(); err != nil {
		return nil, nil, err
	}
	rules, err := g.instantiate()
	if err != nil {
		return nil, nil, err
	}
	return g, rules, nil
}
