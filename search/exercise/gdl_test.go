package exercise

import (
	"errors"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/gdl"
	"github.com/abtrace/abtrace/search/tree"
)

// TestGenerateGDL makes exercises on the GDL tic-tac-toe: the tree is the
// game's from a position (labels are its moves, leaves the first role's
// goals), its text reads back as the same tree, the same parameters give
// the same exercise, and the answers are graded as for any tree.
func TestGenerateGDL(t *testing.T) {
	src, _ := gdl.GameText("tictactoe")
	p := DefaultParams()
	p.Depth = 2
	ex, err := GenerateGDL(src, p, search.Budget{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(ex.Text, "mark_") {
		t.Errorf("labels are not the game's moves: %s", ex.Text)
	}
	for n := range ex.Tree.All() {
		if n.IsLeaf() && n.Value != 0 && n.Value != 50 && n.Value != 100 {
			t.Errorf("leaf %v: want a goal of x", n.Value)
		}
	}
	back, err := tree.Options{Root: ex.Params.Root}.Parse(ex.Text)
	if err != nil || back.String() != ex.Text {
		t.Fatalf("text does not read back: %v\n%s\n%s", err, ex.Text, back)
	}
	again, err := GenerateGDL(src, p, search.Budget{})
	if err != nil || again.Text != ex.Text {
		t.Fatalf("not deterministic: %v", err)
	}
	if ex.Solution.Cutoffs < 1 {
		t.Errorf("cutoffs %d, want ≥ 1", ex.Solution.Cutoffs)
	}
	res, err := Check(Submission{Tree: ex.Text, Root: ex.Params.Root.String(), Answers: map[string]string{"": ex.Solution.Value.String()}})
	if err != nil || res == nil {
		t.Fatalf("check: %v", err)
	}
	p.Seed = 1
	other, err := GenerateGDL(src, p, search.Budget{})
	if err != nil || other.Text == ex.Text {
		t.Errorf("seed 1 gives the same exercise (%v)", err)
	}
}

// TestGenerateGDLRefuses checks the games an exercise cannot be made of.
func TestGenerateGDLRefuses(t *testing.T) {
	// Each refusal is a phrase a page words in its language: a text that
	// does not read at its line and column, a game whose roles choose at
	// once, one not for two roles whose goals sum to a constant.
	both := "(role a)\n(role b)\n(init s)\n(<= (legal ?r go) (role ?r) (true s))\n(<= (legal ?r stay) (role ?r) (true s))\n" +
		"(<= (next t) (true s))\n(<= terminal (true t))\n(<= (goal ?r 50) (role ?r))\n"
	alone := "(role a)\n(init s)\n(<= (legal a go) (true s))\n(<= (next t) (true s))\n(<= terminal (true t))\n(<= (goal a 50) (true t))\n"
	for _, c := range []struct{ src, field, id string }{
		{"(role x", "gdlz", "exercise.err.gdl-at"},
		{both, "gdlz", "exercise.err.gdl-turns"},
		{alone, "gdlz", "exercise.err.gdl-players"},
	} {
		_, err := GenerateGDL(c.src, DefaultParams(), search.Budget{})
		var e *Error
		if !errors.As(err, &e) || e.Field != c.field || e.Say.ID != c.id {
			t.Fatalf("%q: %v (%+v), want an error naming %s saying %s", c.src, err, e, c.field, c.id)
		}
	}
	// A game whose second player never has a choice gives no tree an
	// exercise can hold: the error names the depth, not the cutoffs.
	narrow := "(role a)\n(role b)\n(init (control a))\n" +
		"(<= (legal a left) (true (control a)))\n(<= (legal a right) (true (control a)))\n(<= (legal b noop) (true (control a)))\n" +
		"(<= (legal b go) (true (control b)))\n(<= (legal a noop) (true (control b)))\n" +
		"(<= (next (control b)) (true (control a)))\n(<= (next (control a)) (true (control b)))\n(<= (next done) (true (control b)))\n" +
		"(<= terminal (true done))\n(<= (goal ?r 50) (role ?r))\n"
	_, err := GenerateGDL(narrow, DefaultParams(), search.Budget{})
	if e := (*Error)(nil); !errors.As(err, &e) || e.Field != "d" || e.Say.ID != "exercise.err.gdl-unsuitable" || e.Kind != ErrNotMet {
		t.Fatalf("a game without branching: %v (%+v), want the depth named, saying exercise.err.gdl-unsuitable", err, e)
	}
	_, err = GenerateGDL(alone, Params{Depth: MaxDepth + 1}, search.Budget{})
	var e *Error
	if !errors.As(err, &e) || e.Field != "d" || e.Say.ID != "exercise.err.gdl-depth" {
		t.Fatalf("depth: %v, want an error naming d", err)
	}
}
