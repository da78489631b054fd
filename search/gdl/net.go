package gdl

import (
	"fmt"
	"slices"
	"strconv"
)

// net is a game compiled into straight-line code over a bit vector: the
// propositional network of the ground rules, each proposition computed
// once per state in an order where everything it needs comes first.
//
// The vector's layout, in bits:
//
//	[0, nBase)                  base propositions: the state, true(x)
//	[viewLo, viewHi)            what follows from the state alone: legal,
//	                            terminal, goal and what they need
//	[doesLo, doesHi)            the joint move, does(r, m)
//	[stepLo, stepHi)            what follows from the move too
//	[nextLo, nextLo+nBase)      next(x), in the order of the base
//
// A State holds the words up to viewHi: its base and its view, computed
// once when the state is made, so that legal moves, terminal and goals are
// read, not derived, however often a search asks.
type net struct {
	nBase        int
	viewLo       int
	viewHi       int
	doesLo       int
	nextLo       int
	words        int // the scratch vector's length
	stateWords   int // a State's length
	baseWords    int
	view         program
	step         program
	byDoes       [][]int32 // per does prop (from doesLo): rules [head, n, lits…]… that need it
	byDoesMasked [][]uint64
	baseText     []string
	baseAtoms    []int32 // term ids of the base propositions' arguments
	init         []uint64
	roles        []string
	moves        [][]move // per role, sorted by text
	legalLo      []int    // per role: its moves' legal propositions start here, in order
	noop         [][]bool // per role and move: its text is noop
	goals        [][]goalProp
	terminal     int // prop, or −1 (never terminal)
	alwaysNext   []int
	groundRules  int
	relaxedAtoms int
	propositions int
	terms        *terms
}

type move struct {
	text  string
	term  int32
	legal int // prop of legal(r, m), or −1: always legal
	does  int // prop of does(r, m)
}

type goalProp struct {
	prop  int // −1: always
	value int
}

// program is straight-line code: for each proposition in order,
// [prop, nrules, (nlits, lit…)…] with lit = prop<<1 | negated. A segment
// that is a recursive component is run until nothing changes.
type program struct {
	code []int32
	segs []segment
}

type segment struct {
	lo, hi int // code offsets
	loop   bool
	props  []int32
	masked []uint64 // code[lo:hi] as it runs (see maskCode)
}

func getBit(v []uint64, p int32) uint64 { return v[p>>6] >> (uint(p) & 63) & 1 }

func setBit(v []uint64, p int32, b bool) {
	if b {
		v[p>>6] |= 1 << (uint(p) & 63)
	} else {
		v[p>>6] &^= 1 << (uint(p) & 63)
	}
}

func (pr *program) run(v []uint64) {
	for i := range pr.segs {
		s := &pr.segs[i]
		if !s.loop {
			evalMasks(s.masked, v)
			continue
		}
		for _, p := range s.props {
			setBit(v, p, false)
		}
		for evalMasks(s.masked, v) {
		}
	}
}

func align64(n int) int { return (n + 63) &^ 63 }

// compiler holds what the steps of compile share: the grounded game, its
// rules by head, which atoms depend on the state (dyn) or the move (mv),
// the static atoms' values, the atoms the network needs, and every atom's
// proposition (its bit in the vector).
type compiler struct {
	d       *Description
	g       *grounder
	t       *terms
	rules   []grule
	byHead  map[int32][]int
	heads   []int32
	dyn, mv map[int32]bool
	static  map[int32]bool
	need    map[int32]bool
	prop    map[int32]int
	baseOf  map[int32]int // argument term → base index
	roleIdx map[int32]int
	// constants are the static legal, goal and terminal atoms that hold.
	constants            []int32
	viewOrder, stepOrder [][]int32
	viewLoops, stepLoops []bool
	n                    *net
}

// compile builds the network of a grounded game, step by step: which atoms
// depend on state and move, the static atoms' values, the base, the atoms
// needed, every proposition's place in the vector, the straight-line code
// of the view and of the step, the next rules by move, the initial state,
// the moves' and the goals' propositions.
func compile(d *Description, g *grounder, rules []grule) (*net, error) {
	c := &compiler{d: d, g: g, t: g.t, rules: rules, prop: map[int32]int{}, baseOf: map[int32]int{}}
	c.n = &net{terminal: -1, terms: g.t, relaxedAtoms: g.natoms, roles: d.Roles()}
	c.index()
	c.dependencies()
	c.statics()
	if err := c.bases(); err != nil {
		return nil, err
	}
	c.needed()
	c.layout()
	c.emit(&c.n.view, c.viewOrder, c.viewLoops)
	c.emitConstants()
	c.emit(&c.n.step, c.stepOrder, c.stepLoops)
	c.emitNext()
	if c.n.groundRules > g.lim.rules {
		return nil, g.lim.rulesError()
	}
	c.initial()
	if err := c.movesAndGoals(); err != nil {
		return nil, err
	}
	c.n.mask()
	return c.n, nil
}

func (c *compiler) rel(id int32) string { return c.t.names[c.t.fn[id]] }

// index files the ground rules by head.
func (c *compiler) index() {
	c.byHead = map[int32][]int{}
	for i, r := range c.rules {
		if _, ok := c.byHead[r.head]; !ok {
			c.heads = append(c.heads, r.head)
		}
		c.byHead[r.head] = append(c.byHead[r.head], i)
	}
}

// dependencies finds which atoms depend on the state or the move (dyn),
// and which on the move (mv): a fixpoint over the ground rules.
func (c *compiler) dependencies() {
	c.dyn, c.mv = map[int32]bool{}, map[int32]bool{}
	for changed := true; changed; {
		changed = false
		for _, r := range c.rules {
			for _, l := range r.body {
				switch n := c.rel(l.atom); {
				case n == "does" || c.mv[l.atom]:
					if !c.mv[r.head] {
						c.mv[r.head], changed = true, true
					}
					fallthrough
				case n == "true" || c.dyn[l.atom]:
					if !c.dyn[r.head] {
						c.dyn[r.head], changed = true, true
					}
				}
			}
		}
	}
}

// statics computes the static atoms' values: stratified evaluation over
// the atoms that depend on neither state nor move.
func (c *compiler) statics() {
	c.static = map[int32]bool{}
	order, loops := topo(c.heads, c.byHead, c.rules, func(a int32) bool { return !c.dyn[a] })
	for k, comp := range order {
		for again := true; again; {
			again = false
			for _, h := range comp {
				if !c.static[h] && c.anyRuleHolds(h) {
					c.static[h] = true
					again = loops[k]
				}
			}
		}
	}
}

// anyRuleHolds reports whether a rule of h has every condition true in
// the static values so far.
func (c *compiler) anyRuleHolds(h int32) bool {
	for _, ri := range c.byHead[h] {
		ok := true
		for _, l := range c.rules[ri].body {
			if c.static[l.atom] == l.neg {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// bases makes the base propositions: every true(x) of the relaxed
// fixpoint, sorted by text.
func (c *compiler) bases() error {
	t, n := c.t, c.n
	type base struct {
		atom int32
		text string
	}
	var bases []base
	for _, id := range c.g.byRel[t.sym["true"]] {
		if len(t.args[id]) == 1 {
			bases = append(bases, base{id, t.text(t.args[id][0])})
		}
	}
	slices.SortFunc(bases, func(a, b base) int { return cmpString(a.text, b.text) })
	if len(bases) > MaxStateProps {
		return &LimitError{"MaxStateProps", MaxStateProps, "the number of base propositions of a state"}
	}
	n.nBase = len(bases)
	for i, b := range bases {
		c.prop[b.atom] = i
		c.baseOf[t.args[b.atom][0]] = i
		n.baseText = append(n.baseText, b.text)
		n.baseAtoms = append(n.baseAtoms, t.args[b.atom][0])
	}
	n.baseWords = (n.nBase + 63) / 64
	return nil
}

// needed finds the atoms the network must compute: legal, goal, terminal
// and next that are not static, and everything they need.
func (c *compiler) needed() {
	c.need = map[int32]bool{}
	var stack []int32
	want := func(a int32) {
		if !c.need[a] && c.dyn[a] {
			c.need[a] = true
			stack = append(stack, a)
		}
	}
	for _, h := range c.heads {
		switch c.rel(h) {
		case "legal", "goal", "terminal", "next":
			want(h)
		}
	}
	for len(stack) > 0 {
		a := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, ri := range c.byHead[a] {
			for _, l := range c.rules[ri].body {
				want(l.atom)
			}
		}
	}
}

// simplified returns the rules of a, static literals folded away.
func (c *compiler) simplified(a int32) [][]glit {
	var out [][]glit
rules:
	for _, ri := range c.byHead[a] {
		var body []glit
		for _, l := range c.rules[ri].body {
			if c.dyn[l.atom] || c.rel(l.atom) == "true" || c.rel(l.atom) == "does" {
				body = append(body, l)
			} else if c.static[l.atom] == l.neg {
				continue rules
			}
		}
		out = append(out, body)
	}
	return out
}

// layout gives every atom the network computes its proposition: the
// view (legal moves first, then what follows from the state, then the
// static constants), the joint move, the step, and next in the base's
// order.
func (c *compiler) layout() {
	n := c.n
	isView := func(a int32) bool { return c.need[a] && !c.mv[a] && c.rel(a) != "next" }
	isStep := func(a int32) bool { return c.need[a] && c.mv[a] && c.rel(a) != "next" }
	c.viewOrder, c.viewLoops = topo(c.heads, c.byHead, c.rules, isView)
	c.stepOrder, c.stepLoops = topo(c.heads, c.byHead, c.rules, isStep)
	n.viewLo = align64(n.nBase)
	next := c.layoutLegal(n.viewLo)
	next = c.layoutOrder(c.viewOrder, next, true)
	next = c.layoutConstants(next)
	n.viewHi = next
	n.stateWords = (n.viewHi + 63) / 64
	n.doesLo = align64(next)
	next = n.doesLo
	for _, id := range c.g.byRel[c.t.sym["does"]] {
		c.prop[id] = next
		next++
	}
	next = c.layoutOrder(c.stepOrder, next, false)
	n.nextLo = align64(next)
	n.words = (n.nextLo + n.nBase + 63) / 64
	n.propositions = n.nBase + (n.viewHi - n.viewLo) + (n.nextLo - n.doesLo)
	c.layoutNext()
}

// layoutLegal puts the legal propositions first, role by role, each
// role's in the byte order of the moves' text, so that a role's legal
// moves are a run of bits (Game.Moves).
func (c *compiler) layoutLegal(next int) int {
	t, n := c.t, c.n
	c.roleIdx = map[int32]int{}
	for i, r := range n.roles {
		c.roleIdx[t.symbol(r)] = i
	}
	n.moves = make([][]move, len(n.roles))
	for _, id := range c.g.byRel[t.sym["legal"]] {
		if len(t.args[id]) != 2 || !c.need[id] && !(c.static[id] && !c.dyn[id]) {
			continue
		}
		ri, ok := c.roleIdx[t.fn[t.args[id][0]]]
		if !ok || len(t.args[t.args[id][0]]) > 0 {
			continue
		}
		n.moves[ri] = append(n.moves[ri], move{text: t.text(t.args[id][1]), term: t.args[id][1], legal: int(id)})
	}
	n.legalLo = make([]int, len(n.roles))
	n.noop = make([][]bool, len(n.roles))
	for i := range n.moves {
		slices.SortFunc(n.moves[i], func(a, b move) int { return cmpString(a.text, b.text) })
		for _, m := range n.moves[i] {
			n.noop[i] = append(n.noop[i], m.text == "noop")
		}
		n.legalLo[i] = next
		for k := range n.moves[i] {
			c.prop[int32(n.moves[i][k].legal)] = next
			n.moves[i][k].legal = next
			next++
		}
	}
	return next
}

// layoutOrder gives the atoms of order their propositions from next on;
// with keep, an atom that has one already keeps it.
func (c *compiler) layoutOrder(order [][]int32, next int, keep bool) int {
	for _, comp := range order {
		for _, a := range comp {
			if _, done := c.prop[a]; keep && done {
				continue
			}
			c.prop[a] = next
			next++
		}
	}
	return next
}

// layoutConstants gives the static legal, goal and terminal atoms that
// hold a proposition with one rule of no condition.
func (c *compiler) layoutConstants(next int) int {
	for _, h := range c.heads {
		switch c.rel(h) {
		case "legal", "goal", "terminal":
			if !c.dyn[h] && c.static[h] {
				if _, done := c.prop[h]; !done {
					c.prop[h] = next
					next++
				}
				c.constants = append(c.constants, h)
			}
		}
	}
	return next
}

// layoutNext puts next(x) at nextLo plus x's base index.
func (c *compiler) layoutNext() {
	t, n := c.t, c.n
	for _, h := range c.heads {
		if c.rel(h) != "next" || len(t.args[h]) != 1 {
			continue
		}
		if b, ok := c.baseOf[t.args[h][0]]; ok {
			c.prop[h] = n.nextLo + b
			if !c.dyn[h] && c.static[h] {
				n.alwaysNext = append(n.alwaysNext, b)
			}
		}
	}
}

// lit is a literal's code: its proposition shifted, the low bit set when
// negated.
func (c *compiler) lit(l glit) int32 {
	p, ok := c.prop[l.atom]
	if !ok {
		panic("gdl: no proposition for " + c.t.text(l.atom))
	}
	b := int32(p) << 1
	if l.neg {
		b |= 1
	}
	return b
}

// rulesCode appends a proposition's rules: [prop, nrules, (nlits, lit…)…].
func (c *compiler) rulesCode(code []int32, p int, rs [][]glit) []int32 {
	code = append(code, int32(p), int32(len(rs)))
	for _, body := range rs {
		code = append(code, int32(len(body)))
		for _, l := range body {
			code = append(code, c.lit(l))
		}
	}
	return code
}

// emit writes the code of order's components, merging runs of plain
// (not recursive) segments.
func (c *compiler) emit(pr *program, order [][]int32, loops []bool) {
	for k, comp := range order {
		s := segment{lo: len(pr.code), loop: loops[k]}
		for _, a := range comp {
			rs := c.simplified(a)
			pr.code = c.rulesCode(pr.code, c.prop[a], rs)
			c.n.groundRules += len(rs)
			s.props = append(s.props, int32(c.prop[a]))
		}
		s.hi = len(pr.code)
		if k > 0 && !s.loop && !pr.segs[len(pr.segs)-1].loop {
			pr.segs[len(pr.segs)-1].hi = s.hi
			continue
		}
		pr.segs = append(pr.segs, s)
	}
}

// emitConstants writes the constants: each a rule of no condition.
func (c *compiler) emitConstants() {
	if len(c.constants) == 0 {
		return
	}
	v := &c.n.view
	s := segment{lo: len(v.code)}
	for _, a := range c.constants {
		v.code = append(v.code, int32(c.prop[a]), 1, 0)
	}
	s.hi = len(v.code)
	v.segs = append(v.segs, s)
}

// emitNext writes the next rules: those with a does condition are filed
// under that move, to be run only when it is made; the others run every
// time, as a proposition whose rules they are, ORed into the next bit
// (see Game.advance).
func (c *compiler) emitNext() {
	n := c.n
	n.byDoes = make([][]int32, n.nextLo-n.doesLo)
	plain := segment{lo: len(n.step.code)}
	for _, h := range c.heads {
		p, ok := c.prop[h]
		if c.rel(h) != "next" || !c.need[h] || !ok {
			continue
		}
		var rest [][]glit
		for _, body := range c.simplified(h) {
			if !c.fileByDoes(p, body) {
				rest = append(rest, body)
			}
			n.groundRules++
		}
		if len(rest) > 0 {
			n.step.code = c.rulesCode(n.step.code, p, rest)
		}
	}
	plain.hi = len(n.step.code)
	if plain.hi > plain.lo {
		n.step.segs = append(n.step.segs, plain)
	}
}

// fileByDoes files a next rule of proposition p under its first positive
// does condition, and reports whether it had one.
func (c *compiler) fileByDoes(p int, body []glit) bool {
	n := c.n
	for k, l := range body {
		if l.neg || c.rel(l.atom) != "does" {
			continue
		}
		dp := c.prop[l.atom] - n.doesLo
		others := slices.Delete(slices.Clone(body), k, k+1)
		n.byDoes[dp] = append(n.byDoes[dp], int32(p), int32(len(others)))
		for _, o := range others {
			n.byDoes[dp] = append(n.byDoes[dp], c.lit(o))
		}
		return true
	}
	return false
}

// initial sets the initial state: the static init facts of the base.
func (c *compiler) initial() {
	t, n := c.t, c.n
	n.init = make([]uint64, n.baseWords)
	for _, id := range c.g.byRel[t.sym["init"]] {
		if c.static[id] && len(t.args[id]) == 1 {
			if b, ok := c.baseOf[t.args[id][0]]; ok {
				setBit(n.init, int32(b), true)
			}
		}
	}
}

// movesAndGoals finds each move's does proposition, each role's goal
// propositions with their values (numbers from 0 to 100), and terminal's.
func (c *compiler) movesAndGoals() error {
	t, n := c.t, c.n
	for r := range n.moves {
		for k := range n.moves[r] {
			m := &n.moves[r][k]
			does := t.intern(t.sym["does"], []int32{t.intern(t.symbol(n.roles[r]), nil), m.term})
			dp, ok := c.prop[does]
			if !ok {
				return fmt.Errorf("gdl: no proposition for %s", t.text(does))
			}
			m.does = dp
		}
	}
	n.goals = make([][]goalProp, len(n.roles))
	for _, id := range c.g.byRel[t.sym["goal"]] {
		if len(t.args[id]) != 2 {
			continue
		}
		ri, ok := c.roleIdx[t.fn[t.args[id][0]]]
		p, has := c.prop[id]
		if !ok || !has || len(t.args[t.args[id][0]]) > 0 {
			continue
		}
		v, err := strconv.Atoi(t.text(t.args[id][1]))
		if err != nil || v < 0 || v > 100 {
			return fmt.Errorf("gdl: goal value %s of role %s: want a number from 0 to 100", t.text(t.args[id][1]), n.roles[ri])
		}
		n.goals[ri] = append(n.goals[ri], goalProp{prop: p, value: v})
	}
	if p, has := c.prop[t.intern(t.symbol("terminal"), nil)]; has {
		n.terminal = p
	}
	return nil
}

func cmpString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// topo orders the atoms that keep holds for in dependency order, as
// strongly connected components (each a slice), and reports which
// components are recursive.
func topo(heads []int32, byHead map[int32][]int, rules []grule, keep func(int32) bool) ([][]int32, []bool) {
	var roots []int32
	for _, h := range heads {
		if keep(h) {
			roots = append(roots, h)
		}
	}
	return components(roots, func(a int32) []int32 {
		var out []int32
		for _, ri := range byHead[a] {
			for _, l := range rules[ri].body {
				if keep(l.atom) {
					out = append(out, l.atom)
				}
			}
		}
		return out
	})
}

// components returns the strongly connected components of the graph
// reachable from roots, each after every component it depends on
// (Tarjan's algorithm, iterative so that a long chain cannot overflow the
// stack), and which of them are recursive (more than one node, or one that
// depends on itself).
func components[N comparable](roots []N, deps func(N) []N) ([][]N, []bool) {
	index := map[N]int{}
	low := map[N]int{}
	on := map[N]bool{}
	var stack []N
	var order [][]N
	var loops []bool
	next := 0
	type frame struct {
		a    N
		deps []N
		i    int
	}
	for _, root := range roots {
		if _, ok := index[root]; ok {
			continue
		}
		index[root], low[root] = next, next
		next++
		stack = append(stack, root)
		on[root] = true
		work := []frame{{root, deps(root), 0}}
		for len(work) > 0 {
			f := &work[len(work)-1]
			if f.i < len(f.deps) {
				m := f.deps[f.i]
				f.i++
				if _, ok := index[m]; !ok {
					index[m], low[m] = next, next
					next++
					stack = append(stack, m)
					on[m] = true
					work = append(work, frame{m, deps(m), 0})
				} else if on[m] {
					low[f.a] = min(low[f.a], index[m])
				}
				continue
			}
			a := f.a
			self := slices.Contains(f.deps, a)
			work = work[:len(work)-1]
			if len(work) > 0 {
				p := work[len(work)-1].a
				low[p] = min(low[p], low[a])
			}
			if low[a] == index[a] {
				var comp []N
				for {
					m := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					on[m] = false
					comp = append(comp, m)
					if m == a {
						break
					}
				}
				order = append(order, comp)
				loops = append(loops, len(comp) > 1 || self)
			}
		}
	}
	return order, loops
}
