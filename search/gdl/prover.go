package gdl

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// MaxProofSteps bounds the work of one question to the Prover (the
// unifications it tries); a question that needs more fails with a
// *LimitError.
const MaxProofSteps = 1 << 22

// MaxProofFrames bounds how deep one question's proof may nest (each
// condition proved waits, in continuation-passing style, for the rest of
// its conjunction: a long chain of proofs is a deep stack); a question
// that needs more fails with a *LimitError instead of exhausting the
// goroutine's stack.
const MaxProofFrames = 1 << 15

// MaxExplainDepth bounds how deep Explain follows a derivation: below it a
// condition's own derivation is not written out (Kind "cut"), though it is
// proved. It never changes an answer: a question (Ask, Legal, Next,
// Terminal, Goal, and whether a condition holds) follows its rules as deep
// as they go, within MaxProofSteps and MaxProofFrames, and fails with a
// *LimitError naming the limit it reaches rather than answer from a proof
// cut short.
const MaxExplainDepth = 32

// Prover is the simple reasoner: a top-down prover (SLD resolution with
// negation as failure) over the rules as written, unground. It is slow, and
// it is independent of the grounding and the network, which is why the
// tests check the fast reasoner against it; and it can say why a fact
// holds (Explain). Within a rule it proves the positive conditions first,
// in the order written, then the negations and distinct. A recursive
// relation is followed as deep as it goes: a recursion that does not end
// under SLD resolution (a left-recursive rule) fails with the
// *LimitError of MaxProofFrames or MaxProofSteps, never with a partial
// answer.
//
// It reasons over the rules compiled once (see pterm): symbols are
// numbers, a rule's variables are numbered within the rule, and a rule
// used in a proof gets a frame of bindings, a run of slots in one slice,
// instead of a copy of itself with its variables renamed apart. It is for
// one caller at a time.
type Prover struct {
	d *Description
	// syms numbers the symbols (constants, function and relation names);
	// names are their texts by number
	syms  map[string]int32
	names []string
	// byHead lists, by the head's symbol, the rules in the text's order
	byHead [][]int
	rules  []prule
	// tab holds the answers of the calls already proved (nil: none are
	// kept; see NewTablingProver).
	tab *tables
	// vars are each rule's variables, without repeats, in order of first
	// appearance (a variable's number in the rule is its index here)
	vars [][]string
	// the facts of the state last asked about, compiled (see facts)
	lastState []Term
	last      known
	// symbols the compiled rules match on
	symTrue, symDoes, symDistinct int32
}

// pterm is a term compiled for the Prover: sym ≥ 0 is a symbol's number
// (Args its arguments), sym < 0 the variable number −1−sym of the rule or
// question it belongs to, whose slot is at that offset from the
// frame's first slot. ground says it holds no variable.
type pterm struct {
	sym    int32
	ground bool
	args   []pterm
}

// prule is a rule compiled: its head, its body with the positive
// conditions first (as proved) and as written (as explained), and how
// many variables it has.
type prule struct {
	head    pterm
	body    []plit
	written []plit
	nvars   int32
}

// plit is a condition compiled, with what kind of condition it is.
type plit struct {
	kind uint8
	atom pterm
}

// Kinds of condition.
const (
	pRule     = iota // a relation proved by its rules (or tables)
	pTrue            // (true f): a fact of the state
	pDoes            // (does r m): a move being made
	pNot             // a negation
	pDistinct        // (distinct a b)
)

// NewProver returns the simple reasoner of a checked description.
func NewProver(d *Description) *Prover {
	p := &Prover{d: d, syms: map[string]int32{}}
	p.symTrue, p.symDoes, p.symDistinct = p.sym("true"), p.sym("does"), p.sym("distinct")
	for i, r := range d.Rules {
		var vs []string
		for _, v := range vars(r.Head, nil) {
			vs = addName(vs, v.Name)
		}
		for _, l := range r.Body {
			for _, v := range vars(l.Atom, nil) {
				vs = addName(vs, v.Name)
			}
		}
		p.vars = append(p.vars, vs)
		c := prule{head: p.compile(r.Head, vs), nvars: int32(len(vs))}
		var rest []plit
		for _, l := range r.Body {
			cl := p.compileLit(l, vs)
			c.written = append(c.written, cl)
			if l.Neg || l.IsDistinct() {
				rest = append(rest, cl)
			} else {
				c.body = append(c.body, cl)
			}
		}
		c.body = append(c.body, rest...)
		p.rules = append(p.rules, c)
		h := c.head.sym
		for int(h) >= len(p.byHead) {
			p.byHead = append(p.byHead, nil)
		}
		p.byHead[h] = append(p.byHead[h], i)
	}
	return p
}

func addName(names []string, n string) []string {
	if slices.Contains(names, n) {
		return names
	}
	return append(names, n)
}

// sym returns the number of a symbol, numbering it if it is new.
func (p *Prover) sym(name string) int32 {
	n, ok := p.syms[name]
	if !ok {
		n = int32(len(p.names))
		p.syms[name] = n
		p.names = append(p.names, name)
	}
	return n
}

// compile compiles t, numbering its variables by their index in vs
// (which grows with the variables not in it yet).
func (p *Prover) compile(t Term, vs []string) pterm {
	return p.compileVars(t, &vs)
}

func (p *Prover) compileVars(t Term, vs *[]string) pterm {
	if t.IsVar() {
		n := slices.Index(*vs, t.Name)
		if n < 0 {
			n = len(*vs)
			*vs = append(*vs, t.Name)
		}
		return pterm{sym: int32(-1 - n)}
	}
	c := pterm{sym: p.sym(t.Name), ground: true}
	if len(t.Args) > 0 {
		c.args = make([]pterm, len(t.Args))
		for i, a := range t.Args {
			c.args[i] = p.compileVars(a, vs)
			c.ground = c.ground && c.args[i].ground
		}
	}
	return c
}

// compileLit compiles a condition of a rule whose variables are vs.
func (p *Prover) compileLit(l Literal, vs []string) plit {
	c := plit{atom: p.compile(l.Atom, vs)}
	switch {
	case l.IsDistinct():
		c.kind = pDistinct
	case l.Neg:
		c.kind = pNot
	case l.Atom.Name == "true":
		c.kind = pTrue
	case l.Atom.Name == "does":
		c.kind = pDoes
	}
	return c
}

// term writes a ground compiled term back as a Term.
func (p *Prover) term(c pterm) Term {
	if c.sym < 0 {
		return Term{Name: "?_" + strconv.Itoa(int(-1-c.sym))}
	}
	t := Term{Name: p.names[c.sym]}
	if len(c.args) > 0 {
		t.Args = make([]Term, len(c.args))
		for i, a := range c.args {
			t.Args[i] = p.term(a)
		}
	}
	return t
}

// known are a state's facts (the arguments of true) compiled, with where
// each symbol's facts are, and the moves being made, (does r m) compiled.
type known struct {
	state []pterm
	bySym map[int32][]int32
	does  []pterm
}

// stateFacts compiles the facts of a state, once for a state asked about
// again (the same slice).
func (p *Prover) stateFacts(state []Term) known {
	if sameState(state, p.lastState) && p.last.bySym != nil {
		return p.last
	}
	f := known{state: make([]pterm, len(state)), bySym: map[int32][]int32{}}
	for i, t := range state {
		f.state[i] = p.compile(t, nil)
		s := f.state[i].sym
		f.bySym[s] = append(f.bySym[s], int32(i))
	}
	p.lastState, p.last = state, f
	return f
}

// bound is a variable's slot: unbound, or bound to a term of the frame
// that starts at base.
type bound struct {
	t    pterm
	base int32
	set  bool
}

// proof is one question's search: the state, the moves, the bindings.
type proof struct {
	p     *Prover
	known known
	// input is the state as asked (its tables are kept while the same
	// state is asked about)
	input  []Term
	env    []bound
	top    int32
	trail  []int32
	steps  int
	frames int
	err    error
	// expand: the first condition is proved by its rules, not from its
	// table (it is the call whose table is being made)
	expand bool
	// conts are the continuations of the rules being used, by the
	// nesting of the proof where each was used (see then)
	conts []*cont
}

// cont is the continuation of a rule used to prove a condition: the
// conditions after it in the frame at base, then k.
type cont struct {
	rest []plit
	base int32
	k    func() bool
	fn   func() bool
}

// then returns the continuation that proves rest (in the frame at base)
// and then calls k. It is kept by the nesting of the proof (q.frames),
// which is one for every continuation alive at once: a continuation made
// at a nesting is no longer needed once the proof is back at it.
func (q *proof) then(rest []plit, base int32, k func() bool) func() bool {
	for len(q.conts) <= q.frames {
		c := &cont{}
		c.fn = func() bool { return q.solve(c.rest, c.base, c.k) }
		q.conts = append(q.conts, c)
	}
	c := q.conts[q.frames]
	c.rest, c.base, c.k = rest, base, k
	return c.fn
}

func (p *Prover) newProof(state, does []Term) *proof {
	q := &proof{p: p, input: state, known: p.stateFacts(state)}
	if len(does) > 0 {
		q.known.does = make([]pterm, len(does))
		for i, d := range does {
			q.known.does[i] = p.compile(d, nil)
		}
	}
	return q
}

// alloc makes a frame of n unbound slots and returns its first slot.
func (q *proof) alloc(n int32) int32 {
	base := q.top
	q.top += n
	for int(q.top) > len(q.env) {
		q.env = append(q.env, bound{})
	}
	clear(q.env[base:q.top])
	return base
}

// walk follows the bindings of t (in the frame at base) to a term that is
// not a bound variable, and returns it with its frame.
func (q *proof) walk(t pterm, base int32) (pterm, int32) {
	for t.sym < 0 {
		b := &q.env[base-1-t.sym]
		if !b.set {
			return t, base
		}
		t, base = b.t, b.base
	}
	return t, base
}

// subst returns t (in the frame at base) with its bound variables
// replaced by their values; an unbound variable is left as its slot's
// number written as a variable of the frame at 0.
func (q *proof) subst(t pterm, base int32) pterm {
	if t.ground {
		return t
	}
	t, base = q.walk(t, base)
	if t.sym < 0 {
		return pterm{sym: -1 - (base - 1 - t.sym)}
	}
	if t.ground {
		return t
	}
	out := pterm{sym: t.sym, ground: true, args: make([]pterm, len(t.args))}
	for i, a := range t.args {
		out.args[i] = q.subst(a, base)
		out.ground = out.ground && out.args[i].ground
	}
	return out
}

func (q *proof) bind(slot int32, t pterm, base int32) {
	q.env[slot] = bound{t, base, true}
	q.trail = append(q.trail, slot)
}

func (q *proof) undo(mark int) {
	for _, s := range q.trail[mark:] {
		q.env[s].set = false
	}
	q.trail = q.trail[:mark]
}

// unify unifies a (in the frame at ab) with b (in the frame at bb).
func (q *proof) unify(a pterm, ab int32, b pterm, bb int32) bool {
	q.steps++
	a, ab = q.walk(a, ab)
	b, bb = q.walk(b, bb)
	switch {
	case a.sym < 0 && b.sym < 0:
		if sa, sb := ab-1-a.sym, bb-1-b.sym; sa != sb {
			q.bind(sa, b, bb)
		}
		return true
	case a.sym < 0:
		q.bind(ab-1-a.sym, b, bb)
		return true
	case b.sym < 0:
		q.bind(bb-1-b.sym, a, ab)
		return true
	}
	if a.sym != b.sym || len(a.args) != len(b.args) {
		return false
	}
	for i := range a.args {
		if !q.unify(a.args[i], ab, b.args[i], bb) {
			return false
		}
	}
	return true
}

// equal reports whether a and b are the same term under the bindings (an
// unbound variable equal only to itself).
func (q *proof) equal(a pterm, ab int32, b pterm, bb int32) bool {
	a, ab = q.walk(a, ab)
	b, bb = q.walk(b, bb)
	if a.sym < 0 || b.sym < 0 {
		return a.sym < 0 && b.sym < 0 && ab-1-a.sym == bb-1-b.sym
	}
	if a.sym != b.sym || len(a.args) != len(b.args) {
		return false
	}
	for i := range a.args {
		if !q.equal(a.args[i], ab, b.args[i], bb) {
			return false
		}
	}
	return true
}

// solve proves the conditions goals (in the frame at base) in order,
// calling k for each solution; k (and solve) return false to stop the
// search.
func (q *proof) solve(goals []plit, base int32, k func() bool) bool {
	if q.frames >= MaxProofFrames && q.err == nil {
		q.err = &LimitError{"MaxProofFrames", MaxProofFrames, "the nesting of one question's proof"}
	}
	if q.err != nil {
		return false
	}
	q.frames++
	more := q.prove(goals, base, k)
	q.frames--
	return more
}

// prove is one step of solve: the first goal, then the rest.
func (q *proof) prove(goals []plit, base int32, k func() bool) bool {
	if q.steps > MaxProofSteps {
		q.err = &LimitError{"MaxProofSteps", MaxProofSteps, "the work of one question to the prover"}
		return false
	}
	if len(goals) == 0 {
		return k()
	}
	l, rest := &goals[0], goals[1:]
	switch l.kind {
	case pDistinct:
		if q.equal(l.atom.args[0], base, l.atom.args[1], base) {
			return true
		}
		return q.solve(rest, base, k)
	case pNot:
		if q.holds(l.atom, base) {
			return true
		}
		return q.solve(rest, base, k)
	case pTrue:
		return q.fromFacts(l.atom.args[0], base, rest, k)
	case pDoes:
		for _, f := range q.known.does {
			mark := len(q.trail)
			if q.unify(l.atom, base, f, 0) && !q.solve(rest, base, k) {
				q.undo(mark)
				return false
			}
			q.undo(mark)
		}
		return true
	}
	a := l.atom
	if q.p.tab != nil {
		if done, more := q.tabled(a, base, rest, k); done {
			return more
		}
	}
	if int(a.sym) >= len(q.p.byHead) {
		return true
	}
	for _, ri := range q.p.byHead[a.sym] {
		r := &q.p.rules[ri]
		if len(r.head.args) != len(a.args) {
			continue
		}
		rb := q.alloc(r.nvars)
		mark := len(q.trail)
		if q.unify(r.head, rb, a, base) {
			more := q.solve(r.body, rb, q.then(rest, base, k))
			if !more {
				q.undo(mark)
				q.top = rb
				return false
			}
		}
		q.undo(mark)
		q.top = rb
	}
	return true
}

// fromFacts proves (true pat) from the state's facts, those with pat's
// symbol only where pat is not a variable.
func (q *proof) fromFacts(pat pterm, base int32, rest []plit, k func() bool) bool {
	w, _ := q.walk(pat, base)
	if w.sym < 0 {
		for _, f := range q.known.state {
			if !q.fact(pat, base, f, rest, k) {
				return false
			}
		}
		return true
	}
	for _, i := range q.known.bySym[w.sym] {
		if !q.fact(pat, base, q.known.state[i], rest, k) {
			return false
		}
	}
	return true
}

// fact proves the rest of the conditions where pat unifies with fact f.
func (q *proof) fact(pat pterm, base int32, f pterm, rest []plit, k func() bool) bool {
	mark := len(q.trail)
	if q.unify(pat, base, f, 0) && !q.solve(rest, base, k) {
		q.undo(mark)
		return false
	}
	q.undo(mark)
	return true
}

// holds reports whether atom a (in the frame at base) can be proved.
func (q *proof) holds(a pterm, base int32) bool {
	found := false
	q.solve([]plit{{kind: q.p.kindOf(a), atom: a}}, base, func() bool {
		found = true
		return false
	})
	return found
}

// kindOf is the kind of a positive condition with atom a.
func (p *Prover) kindOf(a pterm) uint8 {
	switch a.sym {
	case p.symTrue:
		return pTrue
	case p.symDoes:
		return pDoes
	}
	return pRule
}

// Ask returns every ground instance of query that holds in state with the
// moves does (atoms (does r m)), as text in byte order without repeats.
func (p *Prover) Ask(query Term, state, does []Term) ([]string, error) {
	_, out, err := p.ask(query, state, does)
	return out, err
}

// AskTerms is Ask with the answers as terms (in byte order of their text).
func (p *Prover) AskTerms(query Term, state, does []Term) ([]Term, error) {
	ts, _, err := p.ask(query, state, does)
	return ts, err
}

// ask returns the answers to query as terms and as text, in byte order of
// their text.
func (p *Prover) ask(query Term, state, does []Term) ([]Term, []string, error) {
	q := p.newProof(state, does)
	var vs []string
	c := p.compileVars(query, &vs)
	base := q.alloc(int32(len(vs)))
	seen := map[string]bool{}
	var key []byte
	var out []pterm
	q.solve([]plit{{kind: p.kindOf(c), atom: c}}, base, func() bool {
		t := q.subst(c, base)
		key = appendKey(key[:0], t)
		if !seen[string(key)] {
			seen[string(key)] = true
			out = append(out, t)
		}
		return true
	})
	if q.err != nil {
		return nil, nil, q.err
	}
	ts := make([]Term, len(out))
	text := make([]string, len(out))
	order := make([]int, len(out))
	for i, t := range out {
		ts[i] = p.term(t)
		text[i] = ts[i].String()
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return strings.Compare(text[a], text[b]) })
	sortedT, sortedS := make([]Term, len(out)), make([]string, len(out))
	for i, o := range order {
		sortedT[i], sortedS[i] = ts[o], text[o]
	}
	return sortedT, sortedS, nil
}

// argsOf returns the ground arguments of the answers to a query, such as
// the moves of (legal r ?m).
func argsOf(answers []string, prefix string) []string {
	out := make([]string, 0, len(answers))
	for _, a := range answers {
		out = append(out, strings.TrimSuffix(strings.TrimPrefix(a, prefix), ")"))
	}
	return out
}

// AskArgs returns the first arguments of the answers to query, such as
// the facts x of (next ?x).
func (p *Prover) AskArgs(query Term, state, does []Term) ([]Term, error) {
	ts, err := p.AskTerms(query, state, does)
	out := make([]Term, len(ts))
	for i, t := range ts {
		out[i] = t.Args[0]
	}
	return out, err
}

// Init returns the initial state's facts, in byte order.
func (p *Prover) Init() ([]string, error) {
	a, err := p.Ask(Term{Name: "init", Args: []Term{{Name: "?x"}}}, nil, nil)
	return argsOf(a, "(init "), err
}

// Legal returns role's legal moves in state, as text in byte order.
func (p *Prover) Legal(state []Term, role string) ([]string, error) {
	a, err := p.Ask(Term{Name: "legal", Args: []Term{{Name: role}, {Name: "?m"}}}, state, nil)
	return argsOf(a, "(legal "+role+" "), err
}

// Next returns the next state's facts, in byte order, after the moves
// (does r m).
func (p *Prover) Next(state, does []Term) ([]string, error) {
	a, err := p.Ask(Term{Name: "next", Args: []Term{{Name: "?x"}}}, state, does)
	return argsOf(a, "(next "), err
}

// Terminal reports whether state is terminal.
func (p *Prover) Terminal(state []Term) (bool, error) {
	a, err := p.Ask(Term{Name: "terminal"}, state, nil)
	return len(a) > 0, err
}

// Goal returns role's goal value in state (the largest where several
// hold), −1 where none does.
func (p *Prover) Goal(state []Term, role string) (int, error) {
	a, err := p.Ask(Term{Name: "goal", Args: []Term{{Name: role}, {Name: "?v"}}}, state, nil)
	best := -1
	for _, v := range argsOf(a, "(goal "+role+" ") {
		if n, e := strconv.Atoi(v); e == nil {
			best = max(best, n)
		}
	}
	return best, err
}

// Derivation is why a ground fact holds: the rule that fired with its
// bindings, and why each of its conditions holds, down to the facts of the
// state (true), the moves (does), the game's facts, and the negations and
// distinct conditions that hold.
type Derivation struct {
	// Fact is the ground fact or condition, as text: "(legal x (mark 1 1))",
	// "(true (cell 1 1 b))", "(not (line o))", "(distinct 1 2)".
	Fact string
	// Kind is "rule" (a rule fired), "fact" (a fact of the game's text),
	// "state" (true in the state), "move" (a move being made), "not" (a
	// negation that holds), "distinct" or "cut" (not followed further:
	// MaxExplainDepth).
	Kind string
	// Rule is the index in Description.Rules of the rule or fact, −1
	// otherwise; Span its place in the text.
	Rule int
	Span Span
	// Bindings are the rule's variables and their values, in order of
	// first appearance in the rule.
	Bindings []Binding
	// Body explains the rule's conditions, in the order written.
	Body []*Derivation
}

// Binding is a variable of a rule and its value in a derivation.
type Binding struct{ Var, Value string }

// Explain returns why ground fact holds in state with the moves does, or
// false when it does not hold. fact may be any relation: (legal x (mark 1
// 1)), (next (cell 1 1 x)), (goal x 100), terminal, or a helper relation.
func (p *Prover) Explain(fact Term, state, does []Term) (*Derivation, bool, error) {
	q := p.newProof(state, does)
	var vs []string
	c := p.compileVars(fact, &vs)
	base := q.alloc(int32(len(vs)))
	d := q.explain(q.subst(c, base), 0)
	return d, d != nil, q.err
}

func (q *proof) explain(fact pterm, depth int) *Derivation {
	p := q.p
	switch fact.sym {
	case p.symTrue:
		for _, f := range q.known.state {
			if len(fact.args) == 1 && equalC(f, fact.args[0]) {
				return &Derivation{Fact: p.text(fact), Kind: "state", Rule: -1}
			}
		}
		return nil
	case p.symDoes:
		for _, f := range q.known.does {
			if equalC(f, fact) {
				return &Derivation{Fact: p.text(fact), Kind: "move", Rule: -1}
			}
		}
		return nil
	}
	if depth >= MaxExplainDepth {
		if q.holds(fact, 0) {
			return &Derivation{Fact: p.text(fact), Kind: "cut", Rule: -1}
		}
		return nil
	}
	if int(fact.sym) >= len(p.byHead) {
		return nil
	}
	for _, ri := range p.byHead[fact.sym] {
		r := &p.rules[ri]
		if len(r.head.args) != len(fact.args) {
			continue
		}
		rb := q.alloc(r.nvars)
		mark := len(q.trail)
		var out *Derivation
		if q.unify(r.head, rb, fact, 0) {
			q.solve(r.body, rb, func() bool {
				out = q.derivation(fact, ri, rb, depth)
				return false
			})
		}
		q.undo(mark)
		q.top = rb
		if out != nil {
			return out
		}
	}
	return nil
}

// derivation writes why fact holds by rule ri, whose body holds with the
// bindings of the frame at rb: the rule's bindings, and each condition
// explained in turn.
func (q *proof) derivation(fact pterm, ri int, rb int32, depth int) *Derivation {
	p := q.p
	r := p.d.Rules[ri]
	kind := "rule"
	if len(r.Body) == 0 {
		kind = "fact"
	}
	out := &Derivation{Fact: p.text(fact), Kind: kind, Rule: ri, Span: r.Span}
	for i, v := range p.vars[ri] {
		val := q.subst(pterm{sym: int32(-1 - i)}, rb)
		out.Bindings = append(out.Bindings, Binding{v, p.text(val)})
	}
	for i, l := range p.rules[ri].written {
		g := q.subst(l.atom, rb)
		lit := Literal{Neg: r.Body[i].Neg, Atom: p.term(g)}
		switch l.kind {
		case pDistinct:
			out.Body = append(out.Body, &Derivation{Fact: lit.String(), Kind: "distinct", Rule: -1})
		case pNot:
			out.Body = append(out.Body, &Derivation{Fact: lit.String(), Kind: "not", Rule: -1})
		default:
			sub := &proof{p: p, known: q.known, input: q.input}
			c := sub.explain(g, depth+1)
			if sub.err != nil {
				q.err = sub.err
			}
			if c == nil {
				c = &Derivation{Fact: lit.String(), Kind: "cut", Rule: -1}
			}
			out.Body = append(out.Body, c)
		}
	}
	return out
}

// text writes a compiled term as KIF (see Term.String).
func (p *Prover) text(c pterm) string { return p.term(c).String() }

// String writes the derivation as an indented tree, one fact a line, with
// the rule's line numbers.
func (d *Derivation) String() string {
	var b strings.Builder
	var w func(d *Derivation, indent string)
	w = func(d *Derivation, indent string) {
		b.WriteString(indent + d.Fact)
		switch d.Kind {
		case "rule", "fact":
			fmt.Fprintf(&b, "   [%s, lines %d–%d]", d.Kind, d.Span.Start.Line, d.Span.End.Line)
		default:
			b.WriteString("   [" + d.Kind + "]")
		}
		b.WriteByte('\n')
		for _, c := range d.Body {
			w(c, indent+"  ")
		}
	}
	w(d, "")
	return b.String()
}
