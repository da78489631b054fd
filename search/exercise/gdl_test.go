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
	_, err := GenerateGDL("(role x", DefaultParams(), search.Budget{})
	var e *Error
	if !errors.As(err, &e) || e.Field != "gdlz" {
		t.Fatalf("%v: want an error naming gdlz", err)
	}
}
