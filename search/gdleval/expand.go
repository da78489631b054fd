package gdleval

import (
	"fmt"
	"slices"
	"strings"

	"github.com/abtrace/abtrace/search/fuzzy"
	"github.com/abtrace/abtrace/search/gdl"
)

// Limits of the expansion of the goal and terminal rules into formulas
// over the state's facts.
const (
	// MaxFormulaNodes bounds the nodes of all the expanded formulas
	// together.
	MaxFormulaNodes = 1 << 16
	// MaxInstances bounds the ground instances of one relation (the
	// bindings of its rules' bodies, all rules together).
	MaxInstances = 1 << 14
)

// LimitError is an expansion over one of its limits.
type LimitError struct {
	Limit string // "MaxFormulaNodes", "MaxInstances" or "recursion"
	What  string
}

func (e *LimitError) Error() string {
	return "gdleval: the goal rules do not expand within " + e.Limit + ": " + e.What
}

// expr is an expanded formula, or a constant (f nil): true or false.
type expr struct {
	f     *fuzzy.Formula
	truth bool
}

var exprFalse = expr{}

// instance is one ground atom of a relation with its formula.
type instance struct {
	atom gdl.Term
	text string
	e    expr
}

// expander grounds the rules a formula needs, from the facts that can hold
// in a state (the fluents) and the game's rules, into formulas over the
// fluents: a rule's body is the conjunction of its conditions, an atom the
// disjunction of the bodies that derive it.
type expander struct {
	rules   map[string][]gdl.Rule // by relation name
	fluents []gdl.Term
	index   map[string]int // fluent text → its number
	done    map[string][]instance
	busy    map[string]bool
}

func newExpander(d *gdl.Description, fluents []gdl.Term) *expander {
	x := &expander{rules: map[string][]gdl.Rule{}, fluents: fluents, index: map[string]int{},
		done: map[string][]instance{}, busy: map[string]bool{}}
	for _, r := range d.Rules {
		x.rules[r.Head.Name] = append(x.rules[r.Head.Name], r)
	}
	for i, f := range fluents {
		x.index[f.String()] = i
	}
	return x
}

// atom returns the formula of a ground atom: the disjunction of the
// instances of its relation that are it.
func (x *expander) atom(t gdl.Term) (expr, error) {
	is, err := x.all(t.Name)
	if err != nil {
		return exprFalse, err
	}
	text := t.String()
	for _, in := range is {
		if in.text == text {
			return in.e, nil
		}
	}
	return exprFalse, nil
}

// all returns every ground instance of relation name, in the order its
// rules and their bindings give them.
func (x *expander) all(name string) ([]instance, error) {
	if is, ok := x.done[name]; ok {
		return is, nil
	}
	if x.busy[name] {
		return nil, &LimitError{Limit: "recursion", What: "the relation " + name + " is defined through itself"}
	}
	x.busy[name] = true
	defer delete(x.busy, name)
	var out []instance
	var bodies [][]expr // the bodies deriving each instance, joined at the end
	at := map[string]int{}
	for _, r := range x.rules[name] {
		err := x.bodies(r.Body, map[string]gdl.Term{}, nil, func(env map[string]gdl.Term, conj []expr) error {
			head := subst(r.Head, env)
			if !head.Ground() {
				return nil
			}
			e := x.and(conj)
			text := head.String()
			if i, ok := at[text]; ok {
				bodies[i] = append(bodies[i], e)
				return nil
			}
			if len(out) >= MaxInstances {
				return &LimitError{Limit: "MaxInstances", What: fmt.Sprintf("more than %d instances of %s", MaxInstances, name)}
			}
			at[text] = len(out)
			out = append(out, instance{atom: head, text: text})
			bodies = append(bodies, []expr{e})
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	for i := range out {
		out[i].e = x.or(bodies[i])
	}
	x.done[name] = out
	return out, nil
}

// bodies enumerates the bindings of a rule's body: positive conditions
// first, in their order, then negations and distinct (ground by then, as
// GDL's safety asks), calling yield with each binding and the formulas of
// its conditions.
func (x *expander) bodies(body []gdl.Literal, env map[string]gdl.Term, conj []expr, yield func(map[string]gdl.Term, []expr) error) error {
	// The next positive condition, else the first other one.
	i := slices.IndexFunc(body, func(l gdl.Literal) bool { return !l.Neg && !l.IsDistinct() })
	if i < 0 {
		return x.rest(body, env, conj, yield)
	}
	l := body[i]
	rest := append(slices.Clone(body[:i]), body[i+1:]...)
	pat := subst(l.Atom, env)
	var cands []instance
	switch pat.Name {
	case "true":
		if len(pat.Args) != 1 {
			return nil
		}
		for _, f := range x.fluents {
			cands = append(cands, instance{atom: gdl.Term{Name: "true", Args: []gdl.Term{f}}, e: x.fluent(f)})
		}
	case "does":
		return nil // no move is made in a state
	default:
		is, err := x.all(pat.Name)
		if err != nil {
			return err
		}
		cands = is
	}
	for _, c := range cands {
		env2, ok := unify(pat, c.atom, env)
		if !ok {
			continue
		}
		if err := x.bodies(rest, env2, append(slices.Clone(conj), c.e), yield); err != nil {
			return err
		}
	}
	return nil
}

// rest evaluates the negations and distinct conditions, all ground.
func (x *expander) rest(body []gdl.Literal, env map[string]gdl.Term, conj []expr, yield func(map[string]gdl.Term, []expr) error) error {
	for _, l := range body {
		a := subst(l.Atom, env)
		if !a.Ground() {
			return nil
		}
		if l.IsDistinct() {
			if len(a.Args) != 2 || a.Args[0].String() == a.Args[1].String() {
				return nil
			}
			continue
		}
		var e expr
		var err error
		if a.Name == "true" && len(a.Args) == 1 {
			e = x.fluent(a.Args[0])
		} else if e, err = x.atom(a); err != nil {
			return err
		}
		conj = append(conj, x.not(e))
	}
	return yield(env, conj)
}

// fluent is the formula of a fact of the state: an atom, or false for a
// fact never seen to hold.
func (x *expander) fluent(f gdl.Term) expr {
	i, ok := x.index[f.String()]
	if !ok {
		return exprFalse
	}
	return expr{f: &fuzzy.Formula{Op: fuzzy.Atom, Fluent: i, Text: f.String()}}
}

func (x *expander) not(e expr) expr {
	if e.f == nil {
		return expr{truth: !e.truth}
	}
	return expr{f: &fuzzy.Formula{Op: fuzzy.Not, Args: []*fuzzy.Formula{e.f}}}
}

// and is the conjunction: true parts dropped, false if one is false, the
// operands of a conjunction taken in (it is associative).
func (x *expander) and(es []expr) expr { return x.join(fuzzy.And, es) }

func (x *expander) or(es []expr) expr { return x.join(fuzzy.Or, es) }

func (x *expander) join(op fuzzy.Op, es []expr) expr {
	absorb := op == fuzzy.Or // true absorbs a disjunction, false a conjunction
	var args []*fuzzy.Formula
	for _, e := range es {
		switch {
		case e.f == nil && e.truth == absorb:
			return expr{truth: absorb}
		case e.f == nil:
		case e.f.Op == op && e.f.Text == "":
			args = append(args, e.f.Args...)
		default:
			args = append(args, e.f)
		}
	}
	switch len(args) {
	case 0:
		return expr{truth: !absorb}
	case 1:
		return expr{f: args[0]}
	}
	return expr{f: &fuzzy.Formula{Op: op, Args: args}}
}

// subst replaces the bound variables of t.
func subst(t gdl.Term, env map[string]gdl.Term) gdl.Term {
	if t.IsVar() {
		if v, ok := env[t.Name]; ok {
			return v
		}
		return t
	}
	if len(t.Args) == 0 {
		return t
	}
	out := gdl.Term{Name: t.Name, Args: make([]gdl.Term, len(t.Args))}
	for i, a := range t.Args {
		out.Args[i] = subst(a, env)
	}
	return out
}

// unify matches pattern p (variables bound in env substituted) against the
// ground term g, returning env extended.
func unify(p, g gdl.Term, env map[string]gdl.Term) (map[string]gdl.Term, bool) {
	var added []string
	ok := match(p, g, env, &added)
	if !ok {
		for _, v := range added {
			delete(env, v)
		}
		return nil, false
	}
	out := make(map[string]gdl.Term, len(env))
	for k, v := range env {
		out[k] = v
	}
	for _, v := range added {
		delete(env, v)
	}
	return out, true
}

func match(p, g gdl.Term, env map[string]gdl.Term, added *[]string) bool {
	if p.IsVar() {
		if v, ok := env[p.Name]; ok {
			return v.String() == g.String()
		}
		env[p.Name] = g
		*added = append(*added, p.Name)
		return true
	}
	if p.Name != g.Name || len(p.Args) != len(g.Args) {
		return false
	}
	for i := range p.Args {
		if !match(p.Args[i], g.Args[i], env, added) {
			return false
		}
	}
	return true
}

// size counts the nodes of f, a shared subformula as often as it occurs.
func size(f *fuzzy.Formula) int {
	if f == nil {
		return 0
	}
	n := 1
	for _, a := range f.Args {
		n += size(a)
	}
	return n
}

// describe writes a formula as text: "(and (cell 1 1 x) (cell 1 2 x))".
func describe(f *fuzzy.Formula) string {
	var b strings.Builder
	write(&b, f)
	return b.String()
}

func write(b *strings.Builder, f *fuzzy.Formula) {
	if f.Op == fuzzy.Atom {
		b.WriteString(f.Text)
		return
	}
	b.WriteString("(" + f.Op.String())
	for _, a := range f.Args {
		b.WriteByte(' ')
		write(b, a)
	}
	b.WriteByte(')')
}
