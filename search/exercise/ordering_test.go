package exercise

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search/tree"
)

func TestParseGoal(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Goal
		ok   bool
	}{{"", GoalMost, true}, {"most", GoalMost, true}, {"least", GoalLeast, true}, {"Most", "", false}, {"fewest", "", false}} {
		got, err := ParseGoal(tt.in)
		var xe *Error
		if got != tt.want || (err == nil) != tt.ok || (err != nil && (!errors.As(err, &xe) || xe.Field != "goal")) {
			t.Errorf("ParseGoal(%q) = %q, %v; want %q, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

func TestArrange(t *testing.T) {
	ex := mustExercise(t, exercise42)
	same, err := Arrange(ex, "  ")
	if err != nil || same != ex.Tree {
		t.Fatalf(`Arrange("  ") = %v, %v; want the exercise's tree`, same, err)
	}
	rev := mustParse(t, ex.Text)
	slices.Reverse(rev.Root.Children)
	got, err := Arrange(ex, rev.String())
	if err != nil || got.String() != rev.String() {
		t.Fatalf("a reordering: got %v, %v", got, err)
	}
	changed := strings.Replace(ex.Text, "(", "(999 ", 1)
	for name, text := range map[string]string{
		"another tree": changed,
		"broken":       ex.Text + ")",
		"too long":     strings.Repeat("(", MaxArrangementLen+1),
		"one leaf":     "3",
	} {
		t.Run(name, func(t *testing.T) {
			_, err := Arrange(ex, text)
			var xe *Error
			if !errors.As(err, &xe) || xe.Field != "tree" {
				t.Errorf("got %v, want an error naming tree", err)
			}
		})
	}
}

func mustParse(t testing.TB, text string) *tree.Tree {
	t.Helper()
	tr, err := tree.Options{}.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// TestMoves: every node but the root has its swaps, the first child no
// left one and the last no right one; every swap is a reordering that
// moves the node one place.
func TestMoves(t *testing.T) {
	ex := mustExercise(t, "seed=5&bmin=2&bmax=3&d=3")
	moves, err := Moves(ex.Tree, ex.Params.Root)
	if err != nil {
		t.Fatal(err)
	}
	if len(moves) != ex.Tree.Size-1 {
		t.Fatalf("got %d moves, want %d", len(moves), ex.Tree.Size-1)
	}
	for _, m := range moves {
		par := ex.Tree.Find(ParentID(m.Node))
		idx := slices.IndexFunc(par.Children, func(c *tree.Node) bool { return c.ID == m.Node })
		if (m.Left == "") != (idx == 0) || (m.Right == "") != (idx == len(par.Children)-1) {
			t.Errorf("node %q (child %d of %d): left %q, right %q", m.Node, idx, len(par.Children), m.Left, m.Right)
		}
		for dir, text := range map[int]string{-1: m.Left, 1: m.Right} {
			if text == "" {
				continue
			}
			got, err := Arrange(ex, text)
			if err != nil {
				t.Fatalf("node %q swap %d: %v", m.Node, dir, err)
			}
			moved := got.Find(ParentID(m.Node)).Children[idx+dir]
			if Canonical(moved) != Canonical(ex.Tree.Find(m.Node)) {
				t.Errorf("node %q swap %d: %s stands there, want %s", m.Node, dir, Canonical(moved), Canonical(ex.Tree.Find(m.Node)))
			}
		}
	}
	if _, err := Swap(ex.Tree, ex.Params.Root, "0", 5); err == nil {
		t.Error("Swap past the last child: no error")
	}
}

// TestGradeOrdering over many exercises: the exercise's own order
// evaluates Start leaves; the optimal arrangement it returns evaluates the
// optimum, reaches the goal, and prunes the edges it says; no count
// exceeds the tree's leaves.
func TestGradeOrdering(t *testing.T) {
	for seed := range 60 {
		for _, goal := range []Goal{GoalMost, GoalLeast} {
			query := fmt.Sprintf("seed=%d&bmin=2&bmax=3&d=%d&min=0&max=9&prune=%s", seed, 2+seed%3, []string{"ge", "gt"}[seed%2])
			t.Run(query+"/"+string(goal), func(t *testing.T) {
				ex := mustExercise(t, query)
				r, err := GradeOrdering(ex, ex.Tree, goal)
				if err != nil {
					t.Fatal(err)
				}
				if r.Leaves != r.Start || r.Leaves != ex.Solution.Leaves {
					t.Errorf("own order: %d leaves, start %d, want %d", r.Leaves, r.Start, ex.Solution.Leaves)
				}
				// The best ordering (children sorted by their true values)
				// need not evaluate the fewest leaves where values tie, so
				// only the bounds by the whole tree hold for every tree.
				if r.Best > r.All || r.Start > r.All || r.Worst > r.All || r.Best > r.Worst {
					t.Errorf("counts best %d, start %d, worst %d, all %d", r.Best, r.Start, r.Worst, r.All)
				}
				opt, err := Arrange(ex, r.Optimal)
				if err != nil {
					t.Fatalf("the optimal arrangement %q: %v", r.Optimal, err)
				}
				o, err := GradeOrdering(ex, opt, goal)
				if err != nil {
					t.Fatal(err)
				}
				if o.Leaves != r.Optimum || !o.Reached {
					t.Errorf("the optimal arrangement evaluates %d (reached %v), want %d", o.Leaves, o.Reached, r.Optimum)
				}
				if !slices.Equal(o.Pruned, r.OptimalPruned) {
					t.Errorf("the optimal arrangement prunes %v, said %v", o.Pruned, r.OptimalPruned)
				}
				for _, id := range r.OptimalPruned {
					if opt.Find(id) == nil {
						t.Errorf("pruned id %q names no node", id)
					}
				}
				if r.Verdict == "" || r.Score == "" || r.Counts == "" {
					t.Errorf("no words: %+v", r)
				}
			})
		}
	}
}

// FuzzArrange: any text is an arrangement or an *Error naming tree; an
// arrangement grades.
func FuzzArrange(f *testing.F) {
	ex := mustExercise(f, "seed=1&b=2&d=3&min=0&max=9")
	rev := mustParse(f, ex.Text)
	slices.Reverse(rev.Root.Children)
	for _, s := range []string{"", ex.Text, rev.String(), "((1 2) (3 4))", "(((", "[min](1 2)", "((1 2) (3 4)) x", strings.Repeat("(", 300)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		a, err := Arrange(ex, text)
		if err != nil {
			var xe *Error
			if !errors.As(err, &xe) || xe.Field != "tree" {
				t.Fatalf("error %v does not name tree", err)
			}
			return
		}
		if Canonical(a.Root) != Canonical(ex.Tree.Root) {
			t.Fatalf("%q accepted but not a reordering", text)
		}
		if _, err := GradeOrdering(ex, a, GoalMost); err != nil {
			t.Fatal(err)
		}
	})
}

// The verdict says which nodes are badly ordered and why: for the most
// pruning, each node whose first child is not its best, the root first;
// for the least, each cutoff with its test; none once the optimum is
// reached. Nodes are named as the tree draws them.
func TestOrderingReasons(t *testing.T) {
	ex := mustExercise(t, exercise42)
	most, err := GradeOrdering(ex, ex.Tree, GoalMost)
	if err != nil {
		t.Fatal(err)
	}
	if most.Reached || len(most.Reasons) == 0 || len(most.Reasons) > MaxOrderingReasons {
		t.Fatalf("most pruning from the start: reached %v, %d reasons %q", most.Reached, len(most.Reasons), most.Reasons)
	}
	for _, r := range most.Reasons {
		if !strings.Contains(r, "is better for M") || strings.Contains(r, "0.") {
			t.Errorf("a reason for the most pruning: %q", r)
		}
	}
	// Each node named is one whose first child is not its best.
	for n := range ex.Tree.All() {
		if n.IsLeaf() || n.Name == "" {
			continue
		}
		bad := false
		for _, c := range n.Children[1:] {
			bad = bad || better(n.Kind, minimaxValue(c), minimaxValue(n.Children[0]))
		}
		said := slices.ContainsFunc(most.Reasons, func(r string) bool { return strings.HasPrefix(r, n.Name+" (") })
		if said && !bad {
			t.Errorf("%s is well ordered, but a reason names it", n.Name)
		}
		if bad && n.ID == "" && !said {
			t.Errorf("the root is badly ordered, and no reason says so: %q", most.Reasons)
		}
	}
	opt, err := Arrange(ex, most.Optimal)
	if err != nil {
		t.Fatal(err)
	}
	if best, err := GradeOrdering(ex, opt, GoalMost); err != nil || !best.Reached || len(best.Reasons) != 0 {
		t.Errorf("the best ordering: reached %v, reasons %q (%v); want none", best != nil && best.Reached, best.Reasons, err)
	}
	least, err := GradeOrdering(ex, ex.Tree, GoalLeast)
	if err != nil {
		t.Fatal(err)
	}
	if !least.Reached && len(least.Reasons) == 0 {
		t.Fatal("the least pruning not reached, and no reason")
	}
	for _, r := range least.Reasons {
		if !strings.Contains(r, "≥ β") && !strings.Contains(r, "≤ α") {
			t.Errorf("a reason for the least pruning without its test: %q", r)
		}
	}
}
