package gdleval

import (
	"errors"
	"os"
	"testing"

	"github.com/abtrace/abtrace/search/feature"
	"github.com/abtrace/abtrace/search/fuzzy"
	"github.com/abtrace/abtrace/search/gdl"
)

// limitGame is a one-role game whose goal rule needs the relation body.
func limitGame(t *testing.T, body string) *gdl.Game {
	t.Helper()
	g, err := gdl.Compile(`
(role p)
(n 1) (n 2) (n 3) (n 4) (n 5) (n 6) (n 7) (n 8) (n 9) (n 10) (n 11) (n 12)
(succ 1 2) (succ 2 3)
(init (at 1))
(legal p go)
(<= (next (at ?y)) (true (at ?x)) (succ ?x ?y))
(<= terminal (true (at 3)))
` + body)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestExpansionLimits(t *testing.T) {
	for _, c := range []struct {
		name, body, limit string
	}{
		{"recursion", `
(<= (reach ?x) (true (at ?x)))
(<= (reach ?y) (reach ?x) (succ ?x ?y))
(<= (goal p 100) (reach 3))
(<= (goal p 0) (not (reach 3)))`, "recursion"},
		// 12⁴ = 20,736 instances of quad.
		{"MaxInstances", `
(<= (quad ?a ?b ?c ?d) (n ?a) (n ?b) (n ?c) (n ?d))
(<= (goal p 100) (quad 1 1 1 1) (true (at 3)))
(<= (goal p 0) (not (true (at 3))))`, "MaxInstances"},
		// 12³ = 1,728 instances of big, each a conjunction of 21
		// conditions on the state, in two goals: some 75,000 nodes.
		{"MaxFormulaNodes", `
(<= (big ?a ?b ?c) (n ?a) (n ?b) (n ?c) (true (at 1)) (not (true (at 2))) (true (at 3)) (true (at 1)) (not (true (at 2))) (true (at 3)) (true (at 1)) (not (true (at 2))) (true (at 3)) (true (at 1)) (not (true (at 2))) (true (at 3)) (true (at 1)) (not (true (at 2))) (true (at 3)) (true (at 1)) (not (true (at 2))) (true (at 3)) (true (at 1)) (not (true (at 2))) (true (at 3)))
(<= (goal p 100) (big ?a ?b ?c))
(<= (goal p 50) (big ?a ?b ?c) (true (at 2)))
(<= (goal p 0) (not (true (at 3))))`, "MaxFormulaNodes"},
	} {
		g := limitGame(t, c.body)
		_, err := NewFuzzy(g, feature.GGP)
		var le *LimitError
		if !errors.As(err, &le) || le.Limit != c.limit {
			t.Errorf("%s: %v, want the limit %s", c.name, err, c.limit)
			continue
		}
		// The game keeps its other evaluations; goal-fuzzy says why not.
		a, err := Analyze(g)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.Evaluation("goal-fuzzy", fuzzy.Default); err == nil {
			t.Errorf("%s: goal-fuzzy without its formulas", c.name)
		}
		if _, err := a.Evaluation("kuhlmann:novelty:max", fuzzy.Default); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

// TestSuicideDomineeringStructures lists what our suicide Domineering
// shows: the successor relation, the 4×4 board and its markers.
func TestSuicideDomineeringStructures(t *testing.T) {
	src, err := os.ReadFile("games/suicide-domineering.kif")
	if err != nil {
		t.Fatal(err)
	}
	g, err := gdl.Compile(string(src))
	if err != nil {
		t.Fatal(err)
	}
	a, err := Analyze(g)
	if err != nil {
		t.Fatal(err)
	}
	r := a.Structures
	if len(r.Successors) != 1 || r.Successors[0].Relation != "succ" || len(r.Boards) != 1 || r.Boards[0].Size != [2]int{4, 4} ||
		len(r.Counters) != 0 || len(r.Quantities) != 0 {
		t.Errorf("structures %+v", r)
	}
	if got := a.Reasons["count(cell,v)"]; got != "the number of cells of the board `cell` that hold v (of 16)" {
		t.Errorf("reason %q", got)
	}
}
