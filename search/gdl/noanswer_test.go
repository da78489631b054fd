package gdl

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// chainGame is a game of one role whose goal, once it is over, is 100 when
// (reach 40) holds: reach follows a successor chain of 40 steps, deeper
// than the derivations Explain writes out (MaxExplainDepth). rule is the
// recursive rule of reach.
func chainGame(rule string) string {
	var b strings.Builder
	for i := range 40 {
		fmt.Fprintf(&b, "(succ %d %d)\n", i, i+1)
	}
	return "(role r)\n(init s)\n(<= (legal r go) (true s))\n(<= (next t) (does r go))\n(<= terminal (true t))\n" +
		"(<= (goal r 100) (true t) (reach 40))\n(<= (goal r 0) (true t) (not (reach 40)))\n" + b.String() + "(reach 0)\n" + rule + "\n"
}

// TestDeepRecursionAnswers checks that the simple reasoner follows a
// recursion as deep as it goes: its answer is the fast reasoner's, never
// one read from a proof cut short (it used to stop at MaxExplainDepth
// levels and answer that (reach 40) does not hold, so goal 0).
func TestDeepRecursionAnswers(t *testing.T) {
	src := chainGame("(<= (reach ?y) (succ ?x ?y) (reach ?x))")
	g, err := Compile(src)
	if err != nil {
		t.Fatal(err)
	}
	end := g.Next(g.Init(), []int{0})
	if !g.Terminal(end) || g.Goals(end)[0] != 100 {
		t.Fatalf("fast: terminal %v goals %v, want true [100]", g.Terminal(end), g.Goals(end))
	}
	p := NewProver(g.Description())
	v, err := p.Goal(g.FactTerms(end), "r")
	if err != nil || v != 100 {
		t.Fatalf("simple: goal %d (%v), want 100", v, err)
	}
	rep, err := PlayoutText(src, PolicyFirst, 0, 0)
	if err != nil || fmt.Sprint(rep.Goals) != "[100]" {
		t.Fatalf("playout: goals %v (%v), want [100]", rep.Goals, err)
	}
	// Explain writes the derivation out to MaxExplainDepth and says where
	// it stops; what it explains holds all the same.
	d, ok, err := p.Explain(Term{Name: "goal", Args: []Term{{Name: "r"}, {Name: "100"}}}, g.FactTerms(end), nil)
	if err != nil || !ok || !strings.Contains(d.String(), "[cut]") {
		t.Fatalf("explain: %v %v\n%v", ok, err, d)
	}
}

// TestEndlessRecursionIsAnError checks that a recursion SLD resolution
// cannot finish (left-recursive: reach asks reach first) makes the simple
// reasoner fail with a named limit, not answer.
func TestEndlessRecursionIsAnError(t *testing.T) {
	heavy(t)
	d := mustParse(t, chainGame("(<= (reach ?y) (reach ?x) (succ ?x ?y))"))
	p := NewProver(d)
	_, err := p.Goal([]Term{{Name: "t"}}, "r")
	if err == nil {
		t.Fatal("no error for a recursion that never ends")
	}
	if !strings.Contains(err.Error(), "MaxProofFrames") && !strings.Contains(err.Error(), "MaxProofSteps") {
		t.Fatalf("%v: want the limit named", err)
	}
}

// TestIllFormedStatesAreErrors checks that a search meeting a state the
// rules leave without an answer it can use hears of it from Err: a
// terminal state where a role has no goal (it would count as 0), a state
// that is not terminal where a role has no legal move (the first move
// would be played for it).
func TestIllFormedStatesAreErrors(t *testing.T) {
	// a chooses l or r; after r nobody has a goal.
	noGoal := "(role a)\n(role b)\n(init s)\n(<= (legal a l) (true s))\n(<= (legal a r) (true s))\n(<= (legal b noop) (true s))\n" +
		"(<= (next (took ?m)) (does a ?m))\n(<= terminal (true (took ?m)))\n(<= (goal a 100) (true (took l)))\n(<= (goal b 0) (true (took l)))\n"
	g, err := Compile(noGoal)
	if err != nil {
		t.Fatal(err)
	}
	if g.Err() != nil {
		t.Fatalf("before any search: %v", g.Err())
	}
	g.Players().UtilityVec(g.Next(g.Init(), []int{0, 0})) // (took l): both goals hold
	if g.Err() != nil {
		t.Fatalf("after a well-formed terminal state: %v", g.Err())
	}
	g.Players().UtilityVec(g.Next(g.Init(), []int{1, 0})) // (took r)
	if err := g.Err(); !errors.Is(err, ErrIllFormed) || !strings.Contains(err.Error(), "(took r)") {
		t.Fatalf("after (took r): %v, want ErrIllFormed naming the state", err)
	}
	// b has no legal move after a's first.
	stuck := "(role a)\n(role b)\n(init s)\n(<= (legal a go) (true s))\n(<= (legal a go) (true t))\n(<= (legal b noop) (true s))\n" +
		"(<= (next t) (true s))\n(<= (next u) (true t))\n(<= terminal (true u))\n(<= (goal a 50) (true u))\n(<= (goal b 50) (true u))\n"
	g, err = Compile(stuck)
	if err != nil {
		t.Fatal(err)
	}
	g.ToMove(g.Init())
	if g.Err() != nil {
		t.Fatalf("at the initial state: %v", g.Err())
	}
	g.ToMove(g.Next(g.Init(), []int{0, 0})) // as a search asks at every node
	if err := g.Err(); !errors.Is(err, ErrIllFormed) || !strings.Contains(err.Error(), "role b has no legal move") {
		t.Fatalf("after the search: %v, want ErrIllFormed naming role b", err)
	}
}

// TestTablingEndsLeftRecursion checks that the tabling prover answers
// what the plain one cannot (a left recursion, reach asking reach first;
// a mutual one, where a table is made from another's unfinished answers)
// and agrees with the fast reasoner: (reach 40) holds, (odd 40) does not.
func TestTablingEndsLeftRecursion(t *testing.T) {
	src := chainGame("(<= (reach ?y) (reach ?x) (succ ?x ?y))\n(even 0)\n" +
		"(<= (odd ?y) (even ?x) (succ ?x ?y))\n(<= (even ?y) (odd ?x) (succ ?x ?y))\n" +
		"(<= (goal r 50) (true s) (even ?x) (odd ?y) (succ ?x ?y) (not (odd 40)))\n")
	g, err := Compile(src)
	if err != nil {
		t.Fatal(err)
	}
	p := NewTablingProver(g.Description())
	for _, s := range []State{g.Init(), g.Next(g.Init(), []int{0})} {
		facts := g.FactTerms(s)
		for range 2 { // the second time from the tables
			v, err := p.Goal(facts, "r")
			if err != nil || v != g.Goals(s)[0] {
				t.Fatalf("%s: goal %d (%v), fast %d", g.Facts(s), v, err, g.Goals(s)[0])
			}
		}
	}
	odd, err := p.Ask(Term{Name: "odd", Args: []Term{{Name: "?n"}}}, nil, nil)
	if err != nil || len(odd) != 20 || odd[0] != "(odd 1)" {
		t.Fatalf("odd: %v (%v), want the 20 odd numbers to 39", odd, err)
	}
}

// TestTablingKeepsRecursionThroughCalls: a recursion through several calls
// (around a ring, as on a torus: (path 0 ?z) asks (path 1 ?z), … (path 39
// ?z), which asks (path 0 ?z) again) keeps every call's table once the
// outermost one is complete, each with all of its answers, so a later
// question is answered from them.
func TestTablingKeepsRecursionThroughCalls(t *testing.T) {
	g, err := Compile(chainGame("(succ 40 0)\n(<= (path ?x ?y) (succ ?x ?y))\n(<= (path ?x ?z) (succ ?x ?y) (path ?y ?z))"))
	if err != nil {
		t.Fatal(err)
	}
	p := NewTablingProver(g.Description())
	call := func(n string) Term { return Term{Name: "path", Args: []Term{{Name: n}, {Name: "?z"}}} }
	if all, err := p.Ask(call("0"), nil, nil); err != nil || len(all) != 41 {
		t.Fatalf("(path 0 ?z): %d answers (%v), want 41", len(all), err)
	}
	for _, n := range []string{"1", "17", "40"} {
		kept := p.tab.static[string(appendKey(nil, p.compile(call(n), nil)))]
		if len(kept) != 41 {
			t.Errorf("the table of (path %s ?z) kept %d answers, want all 41", n, len(kept))
		}
		if all, err := p.Ask(call(n), nil, nil); err != nil || len(all) != 41 {
			t.Errorf("(path %s ?z): %d answers (%v), want 41", n, len(all), err)
		}
	}
}
