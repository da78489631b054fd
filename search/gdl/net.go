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
	nBase         int
	viewLo        int
	viewHi        int
	doesLo        int
	nextLo        int
	words         int // the scratch vector's length
	stateWords    int // a State's length
	baseWords     int
	view          program
	step          program
	byDoes        [][]int32 // per does prop (from doesLo): rules [head, n, lits…]… that need it
	baseText      []string
	baseAtoms     []int32 // term ids of the base propositions' arguments
	init          []uint64
	roles         []string
	moves         [][]move // per role, sorted by text
	legalLo       []int    // per role: its moves' legal propositions start here, in order
	goals         [][]goalProp
	terminal      int // prop, or −1 (never terminal)
	alwaysNext    []int
	groundRules   int
	relaxedAtoms  int
	propositions  int
	terms         *terms
	groundSources []int // per compiled rule kept, for statistics
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
}

func getBit(v []uint64, p int32) uint64 { return v[p>>6] >> (uint(p) & 63) & 1 }

func setBit(v []uint64, p int32, b bool) {
	if b {
		v[p>>6] |= 1 << (uint(p) & 63)
	} else {
		v[p>>6] &^= 1 << (uint(p) & 63)
	}
}

// evalRange runs code[lo:hi] on v and reports whether any bit changed.
func evalRange(code []int32, v []uint64) bool {
	changed := false
	for i := 0; i < len(code); {
		p, nr := code[i], int(code[i+1])
		i += 2
		val := false
		for ; nr > 0; nr-- {
			nl := int(code[i])
			i++
			if !val {
				ok := true
				for _, l := range code[i : i+nl] {
					if v[l>>7]>>(uint(l>>1)&63)&1 == uint64(l&1) {
						ok = false
						break
					}
				}
				val = ok
			}
			i += nl
		}
		w, b := p>>6, uint64(1)<<(uint(p)&63)
		old := v[w] & b
		if val {
			v[w] |= b
		} else {
			v[w] &^= b
		}
		if (old != 0) != val {
			changed = true
		}
	}
	return changed
}

func (pr *program) run(v []uint64) {
	for i := range pr.segs {
		s := &pr.segs[i]
		if !s.loop {
			evalRange(pr.code[s.lo:s.hi], v)
			continue
		}
		for _, p := range s.props {
			setBit(v, p, false)
		}
		for evalRange(pr.code[s.lo:s.hi], v) {
		}
	}
}

func align64(n int) int { return (n + 63) &^ 63 }

// compile builds the network of a grounded game.
func compile(d *Description, g *grounder, rules []grule) (*net, error) {
	t := g.t
	rel := func(id int32) string { return t.names[t.fn[id]] }
	// Which atoms depend on the state or the move (dyn), and which on the
	// move (mv): a fixpoint over the ground rules.
	byHead := map[int32][]int{}
	var heads []int32
	for i, r := range rules {
		if _, ok := byHead[r.head]; !ok {
			heads = append(heads, r.head)
		}
		byHead[r.head] = append(byHead[r.head], i)
	}
	dyn, mv := map[int32]bool{}, map[int32]bool{}
	for changed := true; changed; {
		changed = false
		for _, r := range rules {
			for _, l := range r.body {
				switch n := rel(l.atom); {
				case n == "does" || mv[l.atom]:
					if !mv[r.head] {
						mv[r.head], changed = true, true
					}
					fallthrough
				case n == "true" || dyn[l.atom]:
					if !dyn[r.head] {
						dyn[r.head], changed = true, true
					}
				}
			}
		}
	}
	// The static atoms' values: stratified evaluation over the atoms that
	// depend on neither state nor move.
	static := map[int32]bool{}
	{
		order, loops := topo(heads, byHead, rules, func(a int32) bool { return !dyn[a] })
		for k, comp := range order {
			for again := true; again; {
				again = false
				for _, h := range comp {
					if static[h] {
						continue
					}
					for _, ri := range byHead[h] {
						ok := true
						for _, l := range rules[ri].body {
							if static[l.atom] == l.neg {
								ok = false
								break
							}
						}
						if ok {
							static[h] = true
							again = loops[k]
							break
						}
					}
				}
			}
		}
	}
	n := &net{terminal: -1, terms: t, relaxedAtoms: g.natoms}
	n.roles = d.Roles()
	// The base propositions: every true(x) in M, sorted by text.
	type base struct {
		atom int32
		text string
	}
	var bases []base
	for _, id := range g.byRel[t.sym["true"]] {
		if len(t.args[id]) == 1 {
			bases = append(bases, base{id, t.text(t.args[id][0])})
		}
	}
	slices.SortFunc(bases, func(a, b base) int { return cmpString(a.text, b.text) })
	if len(bases) > MaxStateProps {
		return nil, &LimitError{"MaxStateProps", MaxStateProps, "the base propositions of a state"}
	}
	prop := map[int32]int{}
	n.nBase = len(bases)
	baseOf := map[int32]int{} // argument term → base index
	for i, b := range bases {
		prop[b.atom] = i
		baseOf[t.args[b.atom][0]] = i
		n.baseText = append(n.baseText, b.text)
		n.baseAtoms = append(n.baseAtoms, t.args[b.atom][0])
	}
	n.baseWords = (n.nBase + 63) / 64
	// The atoms the network must compute: legal, goal, terminal and next
	// that are not static, and everything they need.
	need := map[int32]bool{}
	var stack []int32
	want := func(a int32) {
		if !need[a] && dyn[a] {
			need[a] = true
			stack = append(stack, a)
		}
	}
	for _, h := range heads {
		switch rel(h) {
		case "legal", "goal", "terminal", "next":
			want(h)
		}
	}
	for len(stack) > 0 {
		a := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, ri := range byHead[a] {
			for _, l := range rules[ri].body {
				want(l.atom)
			}
		}
	}
	// simplified returns the rules of a, static literals folded away.
	simplified := func(a int32) [][]glit {
		var out [][]glit
	rules:
		for _, ri := range byHead[a] {
			var body []glit
			for _, l := range rules[ri].body {
				if dyn[l.atom] || rel(l.atom) == "true" || rel(l.atom) == "does" {
					body = append(body, l)
				} else if static[l.atom] == l.neg {
					continue rules
				}
			}
			out = append(out, body)
		}
		return out
	}
	isView := func(a int32) bool { return need[a] && !mv[a] && rel(a) != "next" }
	isStep := func(a int32) bool { return need[a] && mv[a] && rel(a) != "next" }
	viewOrder, viewLoops := topo(heads, byHead, rules, isView)
	stepOrder, stepLoops := topo(heads, byHead, rules, isStep)
	next := n.nBase
	n.viewLo = align64(next)
	next = n.viewLo
	// The legal propositions come first, role by role, each role's in the
	// byte order of the moves' text, so that a role's legal moves are a run
	// of bits (Game.Moves).
	roleIdx := map[int32]int{}
	for i, r := range n.roles {
		roleIdx[t.symbol(r)] = i
	}
	n.moves = make([][]move, len(n.roles))
	for _, id := range g.byRel[t.sym["legal"]] {
		if len(t.args[id]) != 2 || !need[id] && !(static[id] && !dyn[id]) {
			continue
		}
		ri, ok := roleIdx[t.fn[t.args[id][0]]]
		if !ok || len(t.args[t.args[id][0]]) > 0 {
			continue
		}
		n.moves[ri] = append(n.moves[ri], move{text: t.text(t.args[id][1]), term: t.args[id][1], legal: int(id)})
	}
	n.legalLo = make([]int, len(n.roles))
	for i := range n.moves {
		slices.SortFunc(n.moves[i], func(a, b move) int { return cmpString(a.text, b.text) })
		n.legalLo[i] = next
		for k := range n.moves[i] {
			prop[int32(n.moves[i][k].legal)] = next
			n.moves[i][k].legal = next
			next++
		}
	}
	for _, comp := range viewOrder {
		for _, a := range comp {
			if _, done := prop[a]; !done {
				prop[a] = next
				next++
			}
		}
	}
	// Static legal, goal and terminal atoms that hold get a proposition
	// with one rule of no condition.
	var constants []int32
	for _, h := range heads {
		switch rel(h) {
		case "legal", "goal", "terminal":
			if !dyn[h] && static[h] {
				if _, done := prop[h]; !done {
					prop[h] = next
					next++
				}
				constants = append(constants, h)
			}
		}
	}
	n.viewHi = next
	n.stateWords = (n.viewHi + 63) / 64
	n.doesLo = align64(next)
	next = n.doesLo
	for _, id := range g.byRel[t.sym["does"]] {
		prop[id] = next
		next++
	}
	for _, comp := range stepOrder {
		for _, a := range comp {
			prop[a] = next
			next++
		}
	}
	n.nextLo = align64(next)
	n.words = (n.nextLo + n.nBase + 63) / 64
	n.propositions = n.nBase + (n.viewHi - n.viewLo) + (n.nextLo - n.doesLo)
	for _, h := range heads {
		if rel(h) == "next" && len(t.args[h]) == 1 {
			if b, ok := baseOf[t.args[h][0]]; ok {
				prop[h] = n.nextLo + b
				if !dyn[h] && static[h] {
					n.alwaysNext = append(n.alwaysNext, b)
				}
			}
		}
	}
	lit := func(l glit) int32 {
		p, ok := prop[l.atom]
		if !ok {
			panic("gdl: no proposition for " + t.text(l.atom))
		}
		b := int32(p) << 1
		if l.neg {
			b |= 1
		}
		return b
	}
	emit := func(pr *program, order [][]int32, loops []bool) {
		for k, comp := range order {
			s := segment{lo: len(pr.code), loop: loops[k]}
			for _, a := range comp {
				rs := simplified(a)
				pr.code = append(pr.code, int32(prop[a]), int32(len(rs)))
				for _, body := range rs {
					pr.code = append(pr.code, int32(len(body)))
					for _, l := range body {
						pr.code = append(pr.code, lit(l))
					}
					n.groundRules++
				}
				s.props = append(s.props, int32(prop[a]))
			}
			s.hi = len(pr.code)
			// Merge runs of plain segments.
			if k > 0 && !s.loop && !pr.segs[len(pr.segs)-1].loop {
				pr.segs[len(pr.segs)-1].hi = s.hi
				continue
			}
			pr.segs = append(pr.segs, s)
		}
	}
	emit(&n.view, viewOrder, viewLoops)
	if len(constants) > 0 {
		s := segment{lo: len(n.view.code)}
		for _, a := range constants {
			n.view.code = append(n.view.code, int32(prop[a]), 1, 0)
		}
		s.hi = len(n.view.code)
		n.view.segs = append(n.view.segs, s)
	}
	emit(&n.step, stepOrder, stepLoops)
	// next: rules with a does condition are filed under that move, to be
	// run only when it is made; the others run every time.
	n.byDoes = make([][]int32, n.nextLo-n.doesLo)
	plain := segment{lo: len(n.step.code)}
	for _, h := range heads {
		if rel(h) != "next" || !need[h] {
			continue
		}
		p, ok := prop[h]
		if !ok {
			continue
		}
		var rest [][]glit
		for _, body := range simplified(h) {
			filed := false
			for k, l := range body {
				if !l.neg && rel(l.atom) == "does" {
					dp := prop[l.atom] - n.doesLo
					others := slices.Delete(slices.Clone(body), k, k+1)
					n.byDoes[dp] = append(n.byDoes[dp], int32(p), int32(len(others)))
					for _, o := range others {
						n.byDoes[dp] = append(n.byDoes[dp], lit(o))
					}
					filed = true
					break
				}
			}
			if !filed {
				rest = append(rest, body)
			}
			n.groundRules++
		}
		if len(rest) > 0 {
			// An OR into the next bit: written as a proposition whose
			// rules are these, then merged (see Game.advance).
			n.step.code = append(n.step.code, int32(p), int32(len(rest)))
			for _, body := range rest {
				n.step.code = append(n.step.code, int32(len(body)))
				for _, l := range body {
					n.step.code = append(n.step.code, lit(l))
				}
			}
		}
	}
	plain.hi = len(n.step.code)
	if plain.hi > plain.lo {
		n.step.segs = append(n.step.segs, plain)
	}
	if n.groundRules > MaxGroundRules {
		return nil, &LimitError{"MaxGroundRules", MaxGroundRules, "the ground rules of the game"}
	}
	// The initial state.
	n.init = make([]uint64, n.baseWords)
	for _, id := range g.byRel[t.sym["init"]] {
		if static[id] && len(t.args[id]) == 1 {
			if b, ok := baseOf[t.args[id][0]]; ok {
				setBit(n.init, int32(b), true)
			}
		}
	}
	// Moves, goals and terminal.
	for r := range n.moves {
		for k := range n.moves[r] {
			m := &n.moves[r][k]
			does := t.intern(t.sym["does"], []int32{t.intern(t.symbol(n.roles[r]), nil), m.term})
			dp, ok := prop[does]
			if !ok {
				return nil, fmt.Errorf("gdl: no proposition for %s", t.text(does))
			}
			m.does = dp
		}
	}
	n.goals = make([][]goalProp, len(n.roles))
	for _, id := range g.byRel[t.sym["goal"]] {
		if len(t.args[id]) != 2 {
			continue
		}
		ri, ok := roleIdx[t.fn[t.args[id][0]]]
		p, has := prop[id]
		if !ok || !has || len(t.args[t.args[id][0]]) > 0 {
			continue
		}
		v, err := strconv.Atoi(t.text(t.args[id][1]))
		if err != nil || v < 0 || v > 100 {
			return nil, fmt.Errorf("gdl: goal value %s of role %s: want a number from 0 to 100", t.text(t.args[id][1]), n.roles[ri])
		}
		n.goals[ri] = append(n.goals[ri], goalProp{prop: p, value: v})
	}
	if p, has := prop[t.intern(t.symbol("terminal"), nil)]; has {
		n.terminal = p
	}
	return n, nil
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
