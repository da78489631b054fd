package scenario

import (
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/trace"
)

func TestReversiScenarios(t *testing.T) {
	tests := []struct {
		name string
		s    Scenario
		eval string // the trace's evaluation name
		win  float64
	}{
		{"default evaluation", Scenario{Game: "reversi", Depth: 2}, "discs:1,mobility:2,corners:10", 1000},
		{"user weighting", Scenario{Game: "reversi", Depth: 3, Eval: "discs:1,mobility:5"}, "discs:1,mobility:5", 1000},
		{"kuhlmann min", Scenario{Game: "suicide-reversi", Depth: 2, Eval: "discs", Kuhlmann: "min"}, "min-discs", 100},
		{"kuhlmann prefix", Scenario{Game: "suicide-reversi", Depth: 2, Eval: "max-mobility"}, "max-mobility", 100},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q := tc.s.Query()
			back, err := FromQuery(q)
			if err != nil || back != tc.s {
				t.Fatalf("FromQuery(%v) = %+v, %v; want %+v", q.Encode(), back, err, tc.s)
			}
			p, err := tc.s.Prepare()
			if err != nil {
				t.Fatal(err)
			}
			var leaves []trace.Event
			res, err := p.Run(func(e *trace.Event) bool {
				if e.Type == trace.Leaf && !e.Terminal {
					leaves = append(leaves, *e)
				}
				return true
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(leaves) == 0 {
				t.Fatal("no evaluated leaf")
			}
			for _, e := range leaves {
				if e.Eval != tc.eval {
					t.Fatalf("leaf %s evaluated by %q, want %q", e.Node, e.Eval, tc.eval)
				}
				sum := 0.0
				for _, term := range e.Terms {
					sum += term.Count * term.Weight
				}
				if float64(e.Value) != sum {
					t.Fatalf("leaf %s: value %v, terms sum to %v (%v)", e.Node, e.Value, sum, e.Terms)
				}
				if v := float64(e.Value); v >= tc.win || v <= -tc.win {
					t.Fatalf("leaf %s: value %v not inside the win %v", e.Node, v, tc.win)
				}
			}
			// Untraced alpha-beta gives the same value as minimax.
			mm, err := p.RunAlgorithm(search.AlgoMinimax, nil)
			if err != nil || mm.Value != res.Value {
				t.Errorf("minimax %v (%v), alpha-beta %v", mm.Value, err, res.Value)
			}
			sh, err := p.Shape(ShapeOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if len(sh.Board) != 64 || len(sh.Children) == 0 || len(sh.Children[0].Board) != 64 {
				t.Errorf("shape: root board %q with %d children; want 64 squares drawn at every node", sh.Board, len(sh.Children))
			}
		})
	}
}

func TestReversiUsageErrors(t *testing.T) {
	tests := []struct {
		s    Scenario
		want string
	}{
		{Scenario{Game: "reversi"}, "needs a depth limit"},
		{Scenario{Game: "reversi", Depth: 9}, "at most 8"},
		{Scenario{Game: "reversi", Depth: 2, Position: "xx"}, "reversi: 2 squares"},
		{Scenario{Game: "reversi", Depth: 2, Eval: "lines"}, `unknown feature "lines"`},
		{Scenario{Game: "reversi", Depth: 2, Kuhlmann: "sideways"}, "kuhlmann direction"},
		{Scenario{Game: "tictactoe", Kuhlmann: "max"}, "kuhlmann applies to"},
		{Scenario{Game: "reversi", Depth: 2, Algo: "maxn"}, "two-player game"},
	}
	for _, tc := range tests {
		t.Run(tc.want, func(t *testing.T) {
			_, err := tc.s.Prepare()
			if err == nil || !IsUsage(err) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Prepare(%+v) = %v, want a usage error containing %q", tc.s, err, tc.want)
			}
		})
	}
}

func TestFuzzyScenario(t *testing.T) {
	s := Scenario{Game: "tictactoe", Position: "x...o....", Depth: 2, Eval: "fuzzy", Fuzzy: "product,0.8"}
	back, err := FromQuery(s.Query())
	if err != nil || back != s {
		t.Fatalf("FromQuery(Query()) = %+v, %v; want %+v", back, err, s)
	}
	p, err := s.Prepare()
	if err != nil {
		t.Fatal(err)
	}
	var terms []trace.Term
	if _, err := p.Run(func(e *trace.Event) bool {
		if e.Type == trace.Leaf && !e.Terminal && terms == nil {
			terms = e.Terms
		}
		return true
	}); err != nil {
		t.Fatal(err)
	}
	if len(terms) != 2 || terms[0].Name != "x has a line" || terms[1].Weight != -50 {
		t.Errorf("terms %v, want x has a line and o has a line (weight −50)", terms)
	}
	for _, bad := range []struct {
		s    Scenario
		want string
	}{
		{Scenario{Game: "tictactoe", Depth: 2, Fuzzy: "min"}, "give --eval fuzzy"},
		{Scenario{Game: "tictactoe", Depth: 2, Eval: "fuzzy", Fuzzy: "min,0.3"}, "p = 0.3"},
		{Scenario{Game: "nim", Fuzzy: "min"}, "fuzzy goal evaluation of tictactoe"},
	} {
		if _, err := bad.s.Prepare(); err == nil || !IsUsage(err) || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("Prepare(%+v) = %v, want a usage error containing %q", bad.s, err, bad.want)
		}
	}
}
