package gdleval

import (
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search/fuzzy"
	"github.com/abtrace/abtrace/search/gdl"
)

// TestFeaturesShippedGames lists the candidate features of every game
// abtrace ships, in order.
func TestFeaturesShippedGames(t *testing.T) {
	want := map[string]string{
		"tictactoe":   "count(cell,b) count(cell,o) count(cell,x) mobility opponent-mobility novelty goal-fuzzy goal-distance",
		"connect4":    "count(cell,b) count(cell,o) count(cell,x) mobility opponent-mobility novelty goal-fuzzy goal-distance",
		"matchsticks": "quantity(matches,1) mobility opponent-mobility novelty goal-fuzzy goal-distance",
		"breakthrough-small": "count(cell,black) count(cell,white) " +
			"distance(cell,black,1,1) distance(cell,black,1,6) distance(cell,black,2,1) distance(cell,black,2,6) " +
			"distance(cell,white,1,1) distance(cell,white,1,6) distance(cell,white,2,1) distance(cell,white,2,6) " +
			"mobility opponent-mobility novelty goal-fuzzy goal-distance",
	}
	for _, name := range gdl.Games() {
		a := analyzed(t, name)
		if got := strings.Join(a.FeatureNames(), " "); got != want[name] {
			t.Errorf("%s:\n got %s\nwant %s", name, got, want[name])
		}
		if a.Goals.Lo != 0 || a.Goals.Hi != 100 {
			t.Errorf("%s: R⁻, R⁺ = %v, want 0, 100", name, a.Goals)
		}
	}
}

// The structure features on states written out: markers counted, the
// distance of the nearest piece to an edge in steps of the successor
// order (not from the numerals), a quantity's place in its order.
func TestStructureFeatureValues(t *testing.T) {
	a := analyzed(t, "breakthrough-small")
	s := a.G.Init()
	for _, c := range []struct {
		name string
		want float64
	}{
		{"count(cell,white)", 12}, {"count(cell,black)", 12},
		// White stands on rows 1 and 2, black on 5 and 6.
		{"distance(cell,white,2,1)", 0}, {"distance(cell,white,2,6)", 4},
		{"distance(cell,black,2,1)", 4}, {"distance(cell,black,2,6)", 0},
		{"mobility", a.mobility(s)},
	} {
		f, ok := a.Feature(c.name)
		if !ok {
			t.Fatalf("no feature %s", c.name)
		}
		if got := f.Diff(s); got != c.want {
			t.Errorf("%s at the start: %v, want %v", c.name, got, c.want)
		}
	}
	m := analyzed(t, "matchsticks")
	f, _ := m.Feature("quantity(matches,1)")
	if got := f.Diff(m.G.Init()); got != 5 {
		t.Errorf("matches at the start: %v, want 5 (its place in 0 1 2 3 4 5)", got)
	}
}

// TestKuhlmannBothDirections: E = 1 + R⁻ + (R⁺ − R⁻ − 2)·V and with 1 − V,
// the terms sum to E and the written formula shows the numbers.
func TestKuhlmannBothDirections(t *testing.T) {
	a := analyzed(t, "tictactoe")
	s := a.G.Init()
	for _, c := range []struct {
		name    string
		formula string
	}{
		// x has 9 moves, o 8 after each: V = (9 − 8 + 9) / (2 · 9).
		{"mobility", "V = mobility(s) = 5/9; E = 1 + R⁻ + (R⁺ − R⁻ − 2)·V = 1 + 0 + (100 − 0 − 2) × 5/9 ≈ 55.44"},
		{"inverse-mobility", "V = mobility(s) = 5/9; E = 1 + R⁻ + (R⁺ − R⁻ − 2)·(1 − V) = 1 + 0 + (100 − 0 − 2) × (1 − 5/9) ≈ 44.56"},
		{"kuhlmann:count(cell,b):max", "V = count(cell,b)(s) = 1; E = 1 + R⁻ + (R⁺ − R⁻ − 2)·V = 1 + 0 + (100 − 0 − 2) × 1 = 99"},
		{"kuhlmann:count(cell,x):min", "V = count(cell,x)(s) = 0; E = 1 + R⁻ + (R⁺ − R⁻ − 2)·(1 − V) = 1 + 0 + (100 − 0 − 2) × (1 − 0) = 99"},
	} {
		e, err := a.Evaluation(c.name, fuzzy.Default)
		if err != nil {
			t.Fatal(err)
		}
		if got := e.Formula(s); got != c.formula {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.formula)
		}
		sum := 0.0
		for _, term := range e.Explain(s) {
			sum += term.Count * term.Weight
		}
		if math.Abs(sum-e.Evaluate(s)) > 1e-9 {
			t.Errorf("%s: terms sum to %v, E = %v", c.name, sum, e.Evaluate(s))
		}
		if v := e.Evaluate(s); v <= a.Goals.Lo || v >= a.Goals.Hi {
			t.Errorf("%s: E = %v outside (R⁻, R⁺)", c.name, v)
		}
	}
	for _, bad := range []string{"bogus", "kuhlmann:mobility", "kuhlmann:mobility:up", "kuhlmann:count(cell,z):max"} {
		if _, err := a.Evaluation(bad, fuzzy.Default); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

func TestSelectSeeded(t *testing.T) {
	a := analyzed(t, "matchsticks")
	x, err := a.Select(50, 7)
	if err != nil {
		t.Fatal(err)
	}
	y, _ := a.Select(50, 7)
	if len(x.Candidates) != len(a.Features) || x.States == 0 {
		t.Fatalf("selection %+v", x)
	}
	for i := range x.Candidates {
		if !reflect.DeepEqual(x.Candidates[i], y.Candidates[i]) {
			t.Errorf("same seed, different candidates: %+v, %+v", x.Candidates[i], y.Candidates[i])
		}
		if i > 0 && math.Abs(x.Candidates[i].Score) > math.Abs(x.Candidates[i-1].Score) {
			t.Errorf("not best first: %+v", x.Candidates)
		}
	}
	if _, err := a.Select(MaxSelectGames+1, 1); err == nil || !strings.Contains(err.Error(), "MaxSelectGames") {
		t.Errorf("over the limit: %v", err)
	}
}
