package reversi

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestEvaluationsExplainThemselves checks over thousands of random
// positions that every feature stays within its bound, that every
// evaluation's terms (Count × Weight) add up to its value, and that the
// value stays within Bound, below the win the game is given for it.
func TestEvaluationsExplainThemselves(t *testing.T) {
	specs := []struct{ spec, kuhlmann string }{
		{"", ""}, {"discs", ""}, {"mobility:5,invmobility:-1", ""}, {"novelty:3,corners:25,edges:-4", ""},
		{"discs", "max"}, {"discs", "min"}, {"mobility:1,corners:3", "max"}, {"novelty", "min"}, {"edges", "max"},
	}
	rng := rand.New(rand.NewPCG(7, 8))
	var states []State
	for range 3000 {
		states = append(states, randomPosition(rng, Game{}, rng.IntN(70)))
	}
	for _, f := range Features {
		for _, s := range states {
			if d := f.Diff(s); math.Abs(d) > f.Bound {
				t.Fatalf("%s = %v at %v, beyond its bound %v", f.Name, d, s, f.Bound)
			}
			if f.Share != nil {
				if v := f.Share(s); v < 0 || v > 1 {
					t.Fatalf("V(%s) = %v at %v, outside [0, 1]", f.Name, v, s)
				}
			}
		}
	}
	for _, sp := range specs {
		t.Run(sp.kuhlmann+"/"+sp.spec, func(t *testing.T) {
			e, err := ParseEvaluation(sp.spec, sp.kuhlmann)
			if err != nil {
				t.Fatal(err)
			}
			g := ForEvaluation(false, e)
			for _, s := range states {
				v := e.Evaluate(s)
				sum := 0.0
				for _, term := range e.Explain(s) {
					sum += term.Count * term.Weight
				}
				if math.Abs(sum-v) > 1e-9 {
					t.Fatalf("at %v: terms sum to %v, value %v", s, sum, v)
				}
				if math.Abs(v) > e.Bound() || !(v < g.Win && v > g.Loss) {
					t.Fatalf("at %v: value %v beyond bound %v or not between loss %v and win %v", s, v, e.Bound(), g.Loss, g.Win)
				}
			}
		})
	}
}

// TestKuhlmannDiscs is the lecture's example on a real board: black on 8
// of the 64 squares gives V = 0.125, E = 13.25 maximising and 86.75
// minimising, with the goal values 0 and 100 as the game's utilities.
func TestKuhlmannDiscs(t *testing.T) {
	board := "xxxxxxxx" + strings.Repeat("o.......", 3) + strings.Repeat("........", 4)
	s, err := Parse(board)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		dir  string
		want float64
	}{{"max", 13.25}, {"min", 86.75}} {
		e, err := ParseEvaluation("discs", tc.dir)
		if err != nil {
			t.Fatal(err)
		}
		if got := e.Evaluate(s); got != tc.want {
			t.Errorf("%s-discs = %v, want %v", tc.dir, got, tc.want)
		}
		if e.Name() != tc.dir+"-discs" {
			t.Errorf("name %q, want %s-discs", e.Name(), tc.dir)
		}
		g := ForEvaluation(true, e)
		if g.Win != 100 || g.Loss != 0 {
			t.Errorf("game for %s: win %v, loss %v; want 100 and 0", e.Name(), g.Win, g.Loss)
		}
		// The prefix form names the same evaluation.
		e2, err := ParseEvaluation(tc.dir+"-discs", "")
		if err != nil || e2.Evaluate(s) != tc.want {
			t.Errorf("ParseEvaluation(%q) = %v, %v; want value %v", tc.dir+"-discs", e2, err, tc.want)
		}
	}
}

func TestFeatures(t *testing.T) {
	g := Game{}
	s := g.Result(Start, 19) // d3 flips d4
	want := map[string]float64{"discs": 4 - 1, "mobility": 0, "novelty": 2, "corners": 0, "edges": 0}
	// After d3 black could move to 3 squares... count both sides' moves.
	b, w := mobility(s)
	want["mobility"] = float64(b - w)
	want["invmobility"] = float64(w - b)
	for _, f := range Features {
		if got := f.Diff(s); got != want[f.Name] {
			t.Errorf("%s after d3 = %v, want %v", f.Name, got, want[f.Name])
		}
	}
	if w != 3 {
		t.Errorf("white has %d moves after d3, want 3 (c3, e3, c5)", w)
	}
}

func TestParseEvaluationErrors(t *testing.T) {
	tests := []struct{ spec, k, want string }{
		{"dics", "", `unknown feature "dics"`},
		{"discs", "up", "kuhlmann direction"},
		{"min-discs", "max", "is min, but kuhlmann max"},
		{"discs:-1", "max", "must be positive"},
	}
	for _, tc := range tests {
		_, err := ParseEvaluation(tc.spec, tc.k)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "reversi: ") {
			t.Errorf("ParseEvaluation(%q, %q) error %v, want one containing %q", tc.spec, tc.k, err, tc.want)
		}
	}
}
