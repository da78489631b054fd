package gdl

import (
	"strings"
	"testing"
)

func TestShippedGamesLoad(t *testing.T) {
	for _, name := range Games() {
		src, _ := GameText(name)
		if _, err := Load(src); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestParseTermsAndSpans(t *testing.T) {
	src := "; comment\n(ROLE White)\n(<= (Legal ?R (Move ?X))\n    (TRUE (At ?X)) ; here\n    (or (p ?x) (q ?x)))\n"
	d, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Rules) != 3 {
		t.Fatalf("%d rules, want 3 (the or expanded)", len(d.Rules))
	}
	if got := d.Rules[0].Head.String(); got != "(role white)" {
		t.Errorf("fact = %q", got)
	}
	r := d.Rules[1]
	if got := r.String(); got != "(<= (legal ?r (move ?x)) (true (at ?x)) (p ?x))" {
		t.Errorf("rule = %q", got)
	}
	if r.Span != (Span{Pos{3, 1}, Pos{5, 23}}) || d.Rules[2].Span != r.Span || r.Sentence != 1 {
		t.Errorf("span = %v sentence %d", r.Span, r.Sentence)
	}
	if p := r.Body[0].Atom.Args[0].Pos; p != (Pos{4, 12}) {
		t.Errorf("(at ?x) at %v, want line 4, column 12", p)
	}
	if got := d.Roles(); len(got) != 1 || got[0] != "white" {
		t.Errorf("roles = %v", got)
	}
}

// TestErrors checks that each broken rule is reported with its name, line
// and column.
func TestErrors(t *testing.T) {
	for _, c := range []struct{ src, rule, want string }{
		{"(role x)\n(p a", "syntax", "line 2, column 1: '(' is never closed"},
		{"(role x))", "syntax", "line 1, column 9: unexpected ')'"},
		{"(role x)\n(r\x00w 1)", "syntax", "line 2, column 3: character"},
		{"(role x)\n(<= (p ?x) (q ?y))\n(q a)", RuleSafety, "line 2, column 8: variable ?x"},
		{"(role x)\n(<= (p ?x) (q ?x) (not (r ?y)))\n(q a)\n(r a)", RuleSafety, "line 2, column 27: variable ?y"},
		{"(role x)\n(<= p (not q))\n(<= q (not p))", RuleStratification, "line 2, column 12: p depends on the negation of q"},
		{"(role x)\n(p a)\n(p a b)", RuleArity, "line 3, column 2: relation p has arity 2 here but 1 at line 2, column 2"},
		{"(role x)\n(<= (role ?x) (p ?x))\n(p a)", RuleRole, "line 2, column 6"},
		{"(role x)\n(<= (init (c a)) (true (c b)))", RuleInit, "line 2, column 19: init depends on true"},
		{"(role x)\n(true (c a))", RuleTrue, "line 2, column 2"},
		{"(role x)\n(<= terminal (does x a))", RuleDoes, "line 2, column 15: terminal depends on does"},
		{"(role x)\n(<= (legal x a) (p a))\n(<= (p ?x) (does x ?x))", RuleDoes, "legal depends on does"},
		{"(role x)\n(<= p (next q))", RuleNext, "line 2, column 8"},
		{"(p a)", RuleRoles, "no role"},
		{"(role x)\n(succ 1 2)\n(<= (q ?x) (succ ?x ?y) (q ?y))\n(<= (q ?x) (p ?x))\n(p 1)\n(<= (q ?x) (q (f ?x ?z)) (succ ?x ?w))", RuleRecursion, "line 6, column 16: argument (f ?x ?z)"},
	} {
		_, err := Load(c.src)
		if err == nil {
			t.Errorf("%q: no error, want %s", c.src, c.want)
			continue
		}
		list, ok := err.(ErrorList)
		if !ok || len(list) == 0 {
			t.Errorf("%q: %v is not an ErrorList", c.src, err)
			continue
		}
		found := false
		for _, e := range list {
			if e.Rule == c.rule && strings.Contains(e.Error(), c.want) {
				found = true
			}
		}
		if !found {
			t.Errorf("%q:\n%v\nwant a %s error containing %q", c.src, err, c.rule, c.want)
		}
	}
}
