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
type Prover struct {
	d      *Description
	byHead map[string][]int
	// the rules' bodies, positive conditions first
	bodies [][]Literal
	// tab holds the answers of the calls already proved (nil: none are
	// kept; see NewTablingProver).
	tab *tables
	// vars are each rule's variables, without repeats
	vars [][]string
}

// NewProver returns the simple reasoner of a checked description.
func NewProver(d *Description) *Prover {
	p := &Prover{d: d, byHead: map[string][]int{}}
	for i, r := range d.Rules {
		p.byHead[r.Head.Name] = append(p.byHead[r.Head.Name], i)
		var pos, rest []Literal
		for _, l := range r.Body {
			if l.Neg || l.IsDistinct() {
				rest = append(rest, l)
			} else {
				pos = append(pos, l)
			}
		}
		p.bodies = append(p.bodies, append(pos, rest...))
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
	}
	return p
}

func addName(names []string, n string) []string {
	if slices.Contains(names, n) {
		return names
	}
	return append(names, n)
}

// renaming renames a rule's variables apart for its n-th use, as rename
// does, making each variable's new name once (not once for each time it
// is written).
type renaming struct {
	vars   []string
	names  []string
	suffix string
}

func (r *renaming) name(v string) string {
	for i, w := range r.vars {
		if w == v {
			if r.names[i] == "" {
				r.names[i] = v + r.suffix
			}
			return r.names[i]
		}
	}
	return v + r.suffix
}

func (r *renaming) term(t Term) Term {
	if t.IsVar() {
		return Term{Name: r.name(t.Name), Pos: t.Pos}
	}
	return mapArgs(t, r.term)
}

// mapArgs returns t with f applied to each of its arguments (t itself
// where it has none).
func mapArgs(t Term, f func(Term) Term) Term {
	if len(t.Args) == 0 {
		return t
	}
	out := Term{Name: t.Name, Pos: t.Pos, Args: make([]Term, len(t.Args))}
	for i, a := range t.Args {
		out.Args[i] = f(a)
	}
	return out
}

// unifyHead unifies a rule's head h, renamed by rn, with a, making the
// renamed head's parts only where a variable of a is bound to them.
func (q *proof) unifyHead(h, a Term, rn *renaming) bool {
	if h.IsVar() {
		return q.unify(Term{Name: rn.name(h.Name), Pos: h.Pos}, a)
	}
	q.steps++
	a = q.walk(a)
	if a.IsVar() {
		q.bind(a.Name, rn.term(h))
		return true
	}
	if a.Name != h.Name || len(a.Args) != len(h.Args) {
		return false
	}
	for i := range h.Args {
		if !q.unifyHead(h.Args[i], a.Args[i], rn) {
			return false
		}
	}
	return true
}

// proof is one question's search: the state, the moves, the bindings.
type proof struct {
	p      *Prover
	state  []Term
	does   []Term
	env    map[string]Term
	trail  []string
	fresh  int
	steps  int
	frames int
	err    error
	// expand: the first condition is proved by its rules, not from its
	// table (it is the call whose table is being made)
	expand bool
}

func (p *Prover) newProof(state, does []Term) *proof {
	return &proof{p: p, state: state, does: does, env: map[string]Term{}}
}

func (q *proof) walk(t Term) Term {
	for t.IsVar() {
		b, ok := q.env[t.Name]
		if !ok {
			return t
		}
		t = b
	}
	return t
}

func (q *proof) subst(t Term) Term {
	return mapArgs(q.walk(t), q.subst)
}

func (q *proof) bind(v string, t Term) {
	q.env[v] = t
	q.trail = append(q.trail, v)
}

func (q *proof) undo(mark int) {
	for _, v := range q.trail[mark:] {
		delete(q.env, v)
	}
	q.trail = q.trail[:mark]
}

func (q *proof) unify(a, b Term) bool {
	q.steps++
	a, b = q.walk(a), q.walk(b)
	switch {
	case a.IsVar() && b.IsVar() && a.Name == b.Name:
		return true
	case a.IsVar():
		q.bind(a.Name, b)
		return true
	case b.IsVar():
		q.bind(b.Name, a)
		return true
	}
	if a.Name != b.Name || len(a.Args) != len(b.Args) {
		return false
	}
	for i := range a.Args {
		if !q.unify(a.Args[i], b.Args[i]) {
			return false
		}
	}
	return true
}

// rename returns t with its variables renamed apart for the n-th use of a
// rule.
func rename(t Term, n int) Term {
	return (&renaming{suffix: "#" + strconv.Itoa(n)}).term(t)
}

// solve proves goals in order, calling k for each solution; k (and solve)
// return false to stop the search.
func (q *proof) solve(goals []Literal, k func() bool) bool {
	if q.frames >= MaxProofFrames && q.err == nil {
		q.err = &LimitError{"MaxProofFrames", MaxProofFrames, "the nesting of one question's proof"}
	}
	if q.err != nil {
		return false
	}
	q.frames++
	more := q.prove(goals, k)
	q.frames--
	return more
}

// prove is one step of solve: the first goal, then the rest.
func (q *proof) prove(goals []Literal, k func() bool) bool {
	if q.steps > MaxProofSteps {
		q.err = &LimitError{"MaxProofSteps", MaxProofSteps, "the work of one question to the prover"}
		return false
	}
	if len(goals) == 0 {
		return k()
	}
	l, rest := goals[0], goals[1:]
	if l.rn != nil {
		l.Atom = l.rn.term(l.Atom)
	}
	switch {
	case l.IsDistinct():
		a, b := q.subst(l.Atom.Args[0]), q.subst(l.Atom.Args[1])
		if equalTerms(a, b) {
			return true
		}
		return q.solve(rest, k)
	case l.Neg:
		if q.holds(q.subst(l.Atom)) {
			return true
		}
		return q.solve(rest, k)
	}
	a := l.Atom
	var facts []Term
	switch a.Name {
	case "true":
		facts = q.state
	case "does":
		facts = q.does
	default:
		if q.p.tab != nil {
			if done, more := q.tabled(a, rest, k); done {
				return more
			}
		}
		for _, ri := range q.p.byHead[a.Name] {
			if len(q.p.d.Rules[ri].Head.Args) != len(a.Args) {
				continue
			}
			q.fresh++
			rn := &renaming{vars: q.p.vars[ri], names: make([]string, len(q.p.vars[ri])), suffix: "#" + strconv.Itoa(q.fresh)}
			mark := len(q.trail)
			if q.unifyHead(q.p.d.Rules[ri].Head, a, rn) {
				body := make([]Literal, 0, len(q.p.bodies[ri])+len(rest))
				for _, b := range q.p.bodies[ri] {
					body = append(body, Literal{Neg: b.Neg, Atom: b.Atom, rn: rn})
				}
				more := q.solve(body, func() bool { return q.solve(rest, k) })
				if !more {
					q.undo(mark)
					return false
				}
			}
			q.undo(mark)
		}
		return true
	}
	pat := a.Args[0]
	if a.Name == "does" {
		pat = Term{Name: "pair", Args: a.Args}
	}
	for _, f := range facts {
		mark := len(q.trail)
		if q.unify(pat, f) {
			if !q.solve(rest, k) {
				q.undo(mark)
				return false
			}
		}
		q.undo(mark)
	}
	return true
}

// holds reports whether ground atom a can be proved.
func (q *proof) holds(a Term) bool {
	found := false
	q.solve([]Literal{{Atom: a}}, func() bool {
		found = true
		return false
	})
	return found
}

// Ask returns every ground instance of query that holds in state with the
// moves does (atoms (does r m)), as text in byte order without repeats.
func (p *Prover) Ask(query Term, state, does []Term) ([]string, error) {
	ts, err := p.AskTerms(query, state, does)
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.String()
	}
	return out, err
}

// AskTerms is Ask with the answers as terms (in byte order of their text).
func (p *Prover) AskTerms(query Term, state, does []Term) ([]Term, error) {
	q := p.newProof(state, doesFacts(does))
	seen := map[string]bool{}
	var out []Term
	q.solve([]Literal{{Atom: query}}, func() bool {
		t := q.subst(query)
		if s := t.String(); !seen[s] {
			seen[s] = true
			out = append(out, t)
		}
		return true
	})
	if q.err != nil {
		return nil, q.err
	}
	slices.SortFunc(out, func(a, b Term) int { return strings.Compare(a.String(), b.String()) })
	return out, nil
}

// doesFacts turns (does r m) atoms into the pairs (pair r m) a does
// condition is unified with.
func doesFacts(does []Term) []Term {
	out := make([]Term, len(does))
	for i, d := range does {
		out[i] = Term{Name: "pair", Args: d.Args}
	}
	return out
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
	q := p.newProof(state, doesFacts(does))
	d := q.explain(fact, 0)
	return d, d != nil, q.err
}

func (q *proof) explain(fact Term, depth int) *Derivation {
	switch fact.Name {
	case "true":
		for _, f := range q.state {
			if equalTerms(f, fact.Args[0]) {
				return &Derivation{Fact: fact.String(), Kind: "state", Rule: -1}
			}
		}
		return nil
	case "does":
		for _, f := range q.does {
			if equalTerms(f, Term{Name: "pair", Args: fact.Args}) {
				return &Derivation{Fact: fact.String(), Kind: "move", Rule: -1}
			}
		}
		return nil
	}
	if depth >= MaxExplainDepth {
		if q.holds(fact) {
			return &Derivation{Fact: fact.String(), Kind: "cut", Rule: -1}
		}
		return nil
	}
	for _, ri := range q.p.byHead[fact.Name] {
		r := q.p.d.Rules[ri]
		if len(r.Head.Args) != len(fact.Args) {
			continue
		}
		q.fresh++
		n := q.fresh
		mark := len(q.trail)
		var out *Derivation
		if q.unify(rename(r.Head, n), fact) {
			body := make([]Literal, len(q.p.bodies[ri]))
			for i, b := range q.p.bodies[ri] {
				body[i] = Literal{Neg: b.Neg, Atom: rename(b.Atom, n)}
			}
			q.solve(body, func() bool {
				kind := "rule"
				if len(r.Body) == 0 {
					kind = "fact"
				}
				out = &Derivation{Fact: fact.String(), Kind: kind, Rule: ri, Span: r.Span}
				seen := map[string]bool{}
				var vs []Term
				vs = vars(r.Head, vs)
				for _, l := range r.Body {
					vs = vars(l.Atom, vs)
				}
				for _, v := range vs {
					if !seen[v.Name] {
						seen[v.Name] = true
						val := q.subst(Term{Name: v.Name + "#" + strconv.Itoa(n)})
						out.Bindings = append(out.Bindings, Binding{v.Name, val.String()})
					}
				}
				var ground []Literal
				for _, l := range r.Body {
					ground = append(ground, Literal{Neg: l.Neg, Atom: q.subst(rename(l.Atom, n))})
				}
				for _, l := range ground {
					switch {
					case l.IsDistinct():
						out.Body = append(out.Body, &Derivation{Fact: l.String(), Kind: "distinct", Rule: -1})
					case l.Neg:
						out.Body = append(out.Body, &Derivation{Fact: l.String(), Kind: "not", Rule: -1})
					default:
						sub := &proof{p: q.p, state: q.state, does: q.does, env: map[string]Term{}, fresh: q.fresh + 1}
						c := sub.explain(l.Atom, depth+1)
						q.fresh = sub.fresh
						if sub.err != nil {
							q.err = sub.err
						}
						if c == nil {
							c = &Derivation{Fact: l.String(), Kind: "cut", Rule: -1}
						}
						out.Body = append(out.Body, c)
					}
				}
				return false
			})
		}
		q.undo(mark)
		if out != nil {
			return out
		}
	}
	return nil
}

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
