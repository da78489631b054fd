package tictactoe

import (
	"math"
	"testing"

	"github.com/abtrace/abtrace/search/fuzzy"
)

// TestFuzzyGoal checks the goal formulas against the rules and the
// evaluation against its bound over every reachable position, for every
// t-norm: the classical truth of "x has a line" is wins(X); with the
// thresholded t-norm a won goal has degree ≥ t and a lost one ≤ 1 − t.
func TestFuzzyGoal(t *testing.T) {
	all := reachable()
	for _, n := range fuzzy.Norms() {
		e := Fuzzy{Params: fuzzy.Params{Norm: n, P: 0.8, T: 0.6, Q: 2}}
		t.Run(n.String(), func(t *testing.T) {
			for s := range all {
				tr := e.Tree(s)
				if tr[0].Holds != wins(s.X) || tr[1].Holds != wins(s.O) {
					t.Fatalf("%v: goals hold %v, %v; want %v, %v", s, tr[0].Holds, tr[1].Holds, wins(s.X), wins(s.O))
				}
				x, o := e.Degrees(s)
				if tr[0].Value != x || tr[1].Value != o {
					t.Fatalf("%v: tree degrees %v, %v differ from Degrees %v, %v", s, tr[0].Value, tr[1].Value, x, o)
				}
				if v := e.Evaluate(s); math.Abs(v) > FuzzyScale {
					t.Fatalf("%v: value %v beyond ±%d", s, v, FuzzyScale)
				}
				if n == fuzzy.Threshold {
					if tr[0].Holds && x < 0.6 || !tr[0].Holds && x > 0.4 {
						t.Fatalf("%v: x's goal (holds %v) has degree %v; want ≥ t or ≤ 1 − t", s, tr[0].Holds, x)
					}
				}
			}
		})
	}
}

// TestFuzzyPrefersProgress is the lecture's point: a mark that brings
// more lines closer to the goal scores higher, so the centre opening
// (on four lines) beats a corner (three), which beats an edge (two).
func TestFuzzyPrefersProgress(t *testing.T) {
	e := Fuzzy{Params: fuzzy.Params{Norm: fuzzy.Product, P: 0.75, T: 0.6, Q: 2}}
	val := func(pos string) float64 {
		s, err := Parse(pos)
		if err != nil {
			t.Fatal(err)
		}
		return e.Evaluate(s)
	}
	centre, corner, edge := val("....x...."), val("x........"), val(".x.......")
	if !(centre > corner && corner > edge) {
		t.Errorf("openings: centre %v, corner %v, edge %v; want centre > corner > edge", centre, corner, edge)
	}
}

func TestFuzzyTreeShape(t *testing.T) {
	tr := (Fuzzy{Params: fuzzy.Default}).Tree(State{})
	if len(tr[0].Args) != 8 || len(tr[0].Args[0].Args) != 3 {
		t.Fatalf("x's goal has %d lines, the first %d cells; want 8 and 3", len(tr[0].Args), len(tr[0].Args[0].Args))
	}
	if got := tr[0].Args[0].Args[0].Text; got != "cell(a1, x)" {
		t.Errorf("first fluent %q, want cell(a1, x)", got)
	}
	if got := tr[1].Args[7].Text; got != "diagonal c1–a3" {
		t.Errorf("o's last line %q, want diagonal c1–a3", got)
	}
}
