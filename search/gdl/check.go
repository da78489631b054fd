package gdl

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// The names of the specification's static rules, as Error.Rule gives them
// (Love, Hinrichs, Haley, Schkufza and Genesereth, "General Game Playing:
// Game Description Language Specification", Stanford, 2008, section 3).
const (
	RuleArity          = "arity"          // every relation and function is used with one number of arguments
	RuleSafety         = "safety"         // every variable of a rule appears in a positive atom of its body
	RuleStratification = "stratification" // no relation depends on its own negation
	RuleRole           = "role"           // role appears only in ground facts
	RuleInit           = "init"           // init is only a head and depends on no true, does, legal, next, terminal or goal
	RuleTrue           = "true"           // true appears only in bodies
	RuleDoes           = "does"           // does appears only in bodies; legal, terminal and goal do not depend on it
	RuleNext           = "next"           // next appears only in heads
	RuleRecursion      = "recursion"      // the recursion restriction
	RuleRoles          = "roles"          // a game declares at least one role
)

// fixedArity are the arities the specification gives its relations.
var fixedArity = map[string]int{"role": 1, "init": 1, "true": 1, "does": 2, "legal": 2, "next": 1,
	"terminal": 0, "goal": 2, "base": 1, "input": 2, "distinct": 2}

// Load reads and checks a game's text: Parse, then Check.
func Load(src string) (*Description, error) {
	d, err := Parse(src)
	if err != nil {
		return nil, err
	}
	if errs := Check(d); len(errs) > 0 {
		return nil, errs
	}
	return d, nil
}

// Check applies the static rules of the GDL specification to d and returns
// every broken one (nil when d is a valid game), sorted by position, each
// naming its rule (Error.Rule: RuleSafety, RuleStratification, …).
func Check(d *Description) ErrorList {
	c := &checker{seen: map[string]bool{}}
	c.arities(d)
	roles := 0
	for _, r := range d.Rules {
		c.placement(r)
		c.safety(r)
		if r.Head.Name == "role" && len(r.Body) == 0 {
			roles++
		}
	}
	if roles == 0 {
		p := Pos{1, 1}
		c.add(errAt(p, RuleRoles, "gdl.msg.no-role"))
	}
	c.graph(d)
	slices.SortStableFunc(c.errs, func(a, b *Error) int {
		return cmp.Or(cmp.Compare(a.Pos.Line, b.Pos.Line), cmp.Compare(a.Pos.Col, b.Pos.Col))
	})
	return c.errs
}

type checker struct {
	errs ErrorList
	seen map[string]bool
}

func (c *checker) add(e *Error) {
	k := e.Error()
	if !c.seen[k] {
		c.seen[k] = true
		c.errs = append(c.errs, e)
	}
}

// arities checks that every relation and every function constant keeps
// the number of arguments it is first used with (relations and functions
// are counted apart: (cell 1 1 b) is a function inside (true …)).
func (c *checker) arities(d *Description) {
	rel := map[string]Term{}
	fn := map[string]Term{}
	var walk func(t Term)
	walk = func(t Term) {
		for _, a := range t.Args {
			if a.IsVar() {
				continue
			}
			if len(a.Args) > 0 {
				c.arity(fn, a, "function")
			}
			walk(a)
		}
	}
	sentence := func(t Term) {
		if n, ok := fixedArity[t.Name]; ok && len(t.Args) != n {
			c.add(errAt(t.Pos, RuleArity, "gdl.msg.arity-fixed", "Name", t.Name, "Want", n, "Got", len(t.Args)))
		} else {
			c.arity(rel, t, "relation")
		}
		walk(t)
	}
	for _, r := range d.Rules {
		sentence(r.Head)
		for _, l := range r.Body {
			sentence(l.Atom)
		}
	}
}

func (c *checker) arity(m map[string]Term, t Term, what string) {
	first, ok := m[t.Name]
	if !ok {
		m[t.Name] = t
		return
	}
	if len(first.Args) != len(t.Args) {
		c.add(errAt(t.Pos, RuleArity, "gdl.msg.arity-"+what, "Name", t.Name, "Got", len(t.Args), "Want", len(first.Args), "Line", first.Pos.Line, "Col", first.Pos.Col))
	}
}

// placement checks where role, init, true, does and next may appear.
func (c *checker) placement(r Rule) {
	h := r.Head
	switch h.Name {
	case "role":
		if len(r.Body) > 0 || !h.Ground() {
			c.add(errAt(h.Pos, RuleRole, "gdl.msg.role-head"))
		}
	case "true":
		c.add(errAt(h.Pos, RuleTrue, "gdl.msg.true-head"))
	case "does":
		c.add(errAt(h.Pos, RuleDoes, "gdl.msg.does-head"))
	}
	for _, l := range r.Body {
		switch l.Atom.Name {
		case "init":
			c.add(errAt(l.Atom.Pos, RuleInit, "gdl.msg.init-body"))
		case "next":
			c.add(errAt(l.Atom.Pos, RuleNext, "gdl.msg.next-body"))
		}
	}
}

// vars appends the variables of t to out.
func vars(t Term, out []Term) []Term {
	if t.IsVar() {
		return append(out, t)
	}
	for _, a := range t.Args {
		out = vars(a, out)
	}
	return out
}

// safety checks that every variable of the head, of a negated atom and of
// a distinct appears in a positive atom of the body.
func (c *checker) safety(r Rule) {
	bound := map[string]bool{}
	for _, l := range r.Body {
		if !l.Neg && !l.IsDistinct() {
			for _, v := range vars(l.Atom, nil) {
				bound[v.Name] = true
			}
		}
	}
	check := func(t Term, where string) {
		for _, v := range vars(t, nil) {
			if !bound[v.Name] {
				c.add(errAt(v.Pos, RuleSafety, "gdl.msg.unsafe-"+where, "Var", v.Name))
			}
		}
	}
	check(r.Head, "head")
	for _, l := range r.Body {
		switch {
		case l.IsDistinct():
			check(l.Atom, "distinct")
		case l.Neg:
			check(l.Atom, "negated")
		}
	}
}

// edge is one dependency: a rule for head depends on a body relation.
type edge struct {
	to  string
	neg bool
	at  Term
}

// graph builds the dependency graph of the relations and checks
// stratification, the dependencies init, legal, terminal and goal may not
// have, and the recursion restriction.
func (c *checker) graph(d *Description) {
	names, deps := dependencies(d)
	comp := scc(names, deps)
	c.stratified(names, deps, comp)
	c.forbiddenDependencies(deps)
	for _, r := range d.Rules {
		c.recursion(r, comp, deps)
	}
}

// dependencies returns the relations in order of appearance and, for each,
// the relations its rules' bodies use (distinct left out).
func dependencies(d *Description) ([]string, map[string][]edge) {
	deps := map[string][]edge{}
	var names []string
	node := func(n string) {
		if _, ok := deps[n]; !ok {
			deps[n] = nil
			names = append(names, n)
		}
	}
	for _, r := range d.Rules {
		node(r.Head.Name)
		for _, l := range r.Body {
			if l.IsDistinct() {
				continue
			}
			node(l.Atom.Name)
			deps[r.Head.Name] = append(deps[r.Head.Name], edge{to: l.Atom.Name, neg: l.Neg, at: l.Atom})
		}
	}
	return names, deps
}

// stratified names every negation inside a cycle of the graph.
func (c *checker) stratified(names []string, deps map[string][]edge, comp map[string]int) {
	for _, n := range names {
		for _, e := range deps[n] {
			if e.neg && comp[n] == comp[e.to] {
				c.add(errAt(e.at.Pos, RuleStratification, "gdl.msg.stratification", "Name", n, "Neg", e.to))
			}
		}
	}
}

// reach returns the relations n depends on, with the atom through which
// the first step was taken.
func reach(deps map[string][]edge, n string) map[string]Term {
	out := map[string]Term{}
	var stack []string
	for _, e := range deps[n] {
		if _, ok := out[e.to]; !ok {
			out[e.to] = e.at
			stack = append(stack, e.to)
		}
	}
	for len(stack) > 0 {
		m := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, e := range deps[m] {
			if _, ok := out[e.to]; !ok {
				out[e.to] = out[m]
				stack = append(stack, e.to)
			}
		}
	}
	return out
}

// forbiddenDependencies checks that init depends on no state, move or
// rule of play, and legal, terminal and goal on no move.
func (c *checker) forbiddenDependencies(deps map[string][]edge) {
	if _, ok := deps["init"]; ok {
		r := reach(deps, "init")
		for _, bad := range []string{"true", "does", "legal", "next", "terminal", "goal"} {
			if at, ok := r[bad]; ok {
				c.add(errAt(at.Pos, RuleInit, "gdl.msg.init-depends", "Bad", bad, "Through", at.Name))
			}
		}
	}
	for _, n := range []string{"legal", "terminal", "goal"} {
		if _, ok := deps[n]; !ok {
			continue
		}
		if at, ok := reach(deps, n)["does"]; ok {
			c.add(errAt(at.Pos, RuleDoes, "gdl.msg.does-depends", "Name", n, "Through", at.Name))
		}
	}
}

// recursion checks the recursion restriction on rule r: where its head p
// is in a cycle with a body atom q, every argument of q is ground, one of
// the head's arguments, or made of variables bound by a positive atom
// whose relation is not in a cycle with p.
func (c *checker) recursion(r Rule, comp map[string]int, deps map[string][]edge) {
	p := r.Head.Name
	outside := map[string]bool{}
	for _, l := range r.Body {
		if !l.Neg && !l.IsDistinct() && comp[l.Atom.Name] != comp[p] {
			for _, v := range vars(l.Atom, nil) {
				outside[v.Name] = true
			}
		}
	}
	for _, l := range r.Body {
		if l.IsDistinct() || comp[l.Atom.Name] != comp[p] || !cyclic(p, comp, deps) {
			continue
		}
		for _, a := range l.Atom.Args {
			if !a.Ground() && !headArg(r, a) && !boundOutside(a, outside) {
				c.add(errAt(a.Pos, RuleRecursion, "gdl.msg.recursion", "Arg", a.String(), "Name", l.Atom.Name))
			}
		}
	}
}

// headArg reports whether a is one of r's head's arguments.
func headArg(r Rule, a Term) bool {
	for _, t := range r.Head.Args {
		if equalTerms(a, t) {
			return true
		}
	}
	return false
}

// boundOutside reports whether every variable of a is bound outside the
// recursion.
func boundOutside(a Term, outside map[string]bool) bool {
	for _, v := range vars(a, nil) {
		if !outside[v.Name] {
			return false
		}
	}
	return true
}

// cyclic reports whether relation p lies on a cycle of the dependency graph.
func cyclic(p string, comp map[string]int, deps map[string][]edge) bool {
	for n, c := range comp {
		if c == comp[p] && n != p {
			return true
		}
	}
	for _, e := range deps[p] {
		if e.to == p {
			return true
		}
	}
	return false
}

func equalTerms(a, b Term) bool {
	if a.Name != b.Name || len(a.Args) != len(b.Args) {
		return false
	}
	for i := range a.Args {
		if !equalTerms(a.Args[i], b.Args[i]) {
			return false
		}
	}
	return true
}

// scc numbers the strongly connected components of the graph.
func scc(names []string, deps map[string][]edge) map[string]int {
	order, _ := components(names, func(n string) []string {
		var out []string
		for _, e := range deps[n] {
			out = append(out, e.to)
		}
		return out
	})
	comp := map[string]int{}
	for i, c := range order {
		for _, n := range c {
			comp[n] = i
		}
	}
	return comp
}

// Summary describes a checked game in one line for `abtrace gdl check`:
// its roles, relations and number of rules.
func Summary(d *Description) string {
	return "roles: " + strings.Join(d.Roles(), ", ") + "; relations: " + strings.Join(d.Relations(), ", ") +
		"; " + strconv.Itoa(len(d.Rules)) + " rules"
}
