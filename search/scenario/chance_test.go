package scenario

import (
	"math"
	"net/url"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

const (
	chanceTree   = tree.TwoPlyGameTreeChance
	playersTree  = "((<3,1,2> <1,5,2>) (<6,1,2> <2,2,9>))"
	aimaChance   = "([chance](0.9:(2 2) 0.1:(3 3)) [chance](0.9:(1 1) 0.1:(4 4)))"
	diceDepthSix = 6
)

func TestNewAlgorithmScenarios(t *testing.T) {
	cases := []struct {
		name  string
		s     Scenario
		value float64
		vec   []float64
		best  string
		root  trace.Kind
	}{
		{"expectiminimax", Scenario{Tree: chanceTree, Algo: "expectiminimax"}, 23.0 / 3, nil, "0", trace.Max},
		{"star1", Scenario{Tree: chanceTree, Algo: "star1", Bounds: "0,20"}, 23.0 / 3, nil, "0", trace.Max},
		{"expectiminimax on a plain tree", Scenario{Tree: tree.TwoPlyGameTree, Algo: "expectiminimax"}, 3, nil, "0", trace.Max},
		{"maxn", Scenario{Tree: playersTree, Algo: "maxn"}, 2, []float64{2, 2, 9}, "1", trace.Player(1)},
		{"paranoid P1", Scenario{Tree: playersTree, Algo: "paranoid"}, 2, nil, "1", trace.Max},
		{"paranoid P2", Scenario{Tree: playersTree, Algo: "paranoid", Player: 2}, 2, nil, "1", trace.Min},
		{"paranoid P3", Scenario{Tree: playersTree, Algo: "paranoid", Player: 3}, 2, nil, "0", trace.Min},
		{"transformed chance tree", Scenario{Tree: aimaChance, Algo: "expectiminimax", Transform: "1:1,2:20,3:30,4:400"}, 40.9, nil, "1", trace.Max},
		{"dice", Scenario{Game: "dice", Algo: "expectiminimax", Depth: diceDepthSix}, 0.09375, nil, "0", trace.Max},
		{"dice star1 with the game's bounds", Scenario{Game: "dice", Algo: "star1", Depth: diceDepthSix}, 0.09375, nil, "0", trace.Max},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := prepare(t, c.s)
			var evs []trace.Event
			res, err := p.Run(func(e *trace.Event) bool { evs = append(evs, *e); return true })
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(float64(res.Value)-c.value) > 1e-9 || res.Best != c.best {
				t.Errorf("got value %v best %q, want %v %q", res.Value, res.Best, c.value, c.best)
			}
			if c.vec != nil && !slicesEqual(res.Vec, c.vec) {
				t.Errorf("got vector %v, want %v", res.Vec, c.vec)
			}
			if p.RootKind != c.root {
				t.Errorf("got root kind %v, want %v", p.RootKind, c.root)
			}
			if _, err := trace.Replay(evs); err != nil {
				t.Fatal(err)
			}
			// The scenario round-trips through its query.
			back, err := FromQuery(p.Scenario.Query())
			if err != nil || back != c.s {
				t.Errorf("got %+v back from the query, want %+v (%v)", back, c.s, err)
			}
			if _, err := p.Shape(ShapeOptions{}); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func slicesEqual(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestNewAlgorithmUsageErrors(t *testing.T) {
	cases := []struct {
		s    Scenario
		want string
	}{
		{Scenario{Tree: chanceTree}, "CHANCE node; minimax and alpha-beta handle MAX and MIN nodes only (try --algo expectiminimax or star1)"},
		{Scenario{Tree: chanceTree, Algo: "star1"}, "star1 needs bounds L,U"},
		{Scenario{Tree: chanceTree, Algo: "star1", Bounds: "5"}, "bounds"},
		{Scenario{Tree: chanceTree, Algo: "star1", Bounds: "3,3"}, "L ≥ U"},
		{Scenario{Tree: playersTree}, "vector leaves for 3 players; minimax and alpha-beta need one value per leaf (try --algo maxn or paranoid)"},
		{Scenario{Tree: playersTree, Algo: "expectiminimax"}, "vector leaves"},
		{Scenario{Tree: chanceTree, Algo: "maxn"}, "maxn needs a tree with vector leaves"},
		{Scenario{Tree: playersTree, Algo: "paranoid", Player: 4}, "player 4 does not exist: this tree has 3 players"},
		{Scenario{Tree: playersTree, Algo: "paranoid", Player: -1}, "player must be"},
		{Scenario{Tree: "([chance](<1,2> <3,4>))", Algo: "paranoid"}, "CHANCE node"},
		{Scenario{Tree: playersTree, Algo: "maxn", Order: "best"}, "natural, reversed or random"},
		{Scenario{Tree: playersTree, Algo: "maxn", Transform: "cube"}, "transforms map single leaf values"},
		{Scenario{Tree: aimaChance, Algo: "expectiminimax", Transform: "2:1,1:2"}, "not monotone"},
		{Scenario{Game: "dice", Algo: "expectiminimax"}, "needs a depth limit"},
		{Scenario{Game: "dice", Depth: 4}, "minimax and alpha-beta handle MAX and MIN nodes only"},
		{Scenario{Game: "dice", Algo: "expectiminimax", Depth: 4, Position: "max=9,9"}, "dice: "},
		{Scenario{Game: "dice", Algo: "expectiminimax", Depth: 4, Eval: "pips"}, "unknown evaluation"},
		{Scenario{Game: "tictactoe", Algo: "maxn"}, "two-player game"},
		{Scenario{Game: "chess"}, "want tictactoe, connect4, nim, dice"},
	}
	for _, c := range cases {
		_, err := c.s.Prepare()
		if err == nil || !IsUsage(err) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: err = %v; want a usage error containing %q", c.s, err, c.want)
		}
	}
}

func TestBaselineAndReduction(t *testing.T) {
	for algo, want := range map[string]search.Algorithm{"alphabeta": search.AlgoMinimax, "star1": search.AlgoExpectiminimax,
		"expectiminimax": search.AlgoExpectiminimax, "maxn": search.AlgoMaxN, "paranoid": search.AlgoMinimax} {
		s := Scenario{Tree: chanceTree, Algo: algo, Bounds: "0,20"}
		switch algo {
		case "alphabeta":
			s.Tree = tree.TwoPlyGameTree
		case "maxn", "paranoid":
			s.Tree = playersTree
		}
		p := prepare(t, s)
		if got := p.Baseline(); got != want {
			t.Errorf("%s: baseline %v, want %v", algo, got, want)
		}
		if _, err := p.RunAlgorithm(p.Baseline(), nil); err != nil {
			t.Errorf("%s: baseline %v fails: %v", algo, p.Baseline(), err)
		}
	}
	// On a vector tree, minimax searches the paranoid reduction: it finds
	// paranoid's value and evaluates every leaf.
	p := prepare(t, Scenario{Tree: playersTree, Algo: "paranoid", Player: 2})
	mm, err := p.RunAlgorithm(search.AlgoMinimax, nil)
	if err != nil || mm.Value != 2 || mm.Stats.Leaves != 4 {
		t.Errorf("minimax on the reduction: %+v, %v; want value 2 over 4 leaves", mm, err)
	}
}

func TestScenarioTransformReport(t *testing.T) {
	p := prepare(t, Scenario{Tree: aimaChance, Algo: "expectiminimax", Transform: "1:1,2:20,3:30,4:400"})
	rep, err := p.TransformReport()
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Changed || rep.Before.Best != "0" || rep.After.Best != "1" || !rep.OrderPreserving {
		t.Errorf("got %+v; want the decision to flip from 0 to 1", rep)
	}
	p = prepare(t, Scenario{Game: "tictactoe", Position: "xox.o....", Transform: "wld:1,0,0"})
	rep, err = p.TransformReport()
	if err != nil || !rep.Changed || rep.OrderPreserving || rep.Before.Best != "3" || rep.After.Best != "0" {
		t.Errorf("tictactoe wld:1,0,0: %+v, %v; want best 3 → 0", rep, err)
	}
	p = prepare(t, Scenario{Game: "tictactoe", Position: "xox.o....", Transform: "wld:100,10,50"})
	if rep, err = p.TransformReport(); err != nil || rep.Changed || rep.After.Value != 50 {
		t.Errorf("tictactoe wld:100,10,50: %+v, %v; want no change, a draw worth 50", rep, err)
	}
	if _, err := prepare(t, Scenario{Tree: tree.TwoPlyGameTree}).TransformReport(); !IsUsage(err) {
		t.Errorf("no transform: err = %v; want a usage error", err)
	}
	q, _ := url.ParseQuery("tree=" + url.QueryEscape(aimaChance) + "&algo=star1&bounds=1,4&transform=cube&player=2")
	s, err := FromQuery(q)
	if err != nil || s.Bounds != "1,4" || s.Transform != "cube" || s.Player != 2 {
		t.Errorf("FromQuery = %+v, %v", s, err)
	}
}

// TestDiceShape: the dice game draws with its throws' probabilities on
// the edges below chance nodes.
func TestDiceShape(t *testing.T) {
	p := prepare(t, Scenario{Game: "dice", Algo: "expectiminimax", Depth: 4})
	sh := drawShape(t, p, ShapeOptions{})
	if n := count(sh); n != 49 {
		t.Errorf("got %d nodes drawn, want 49", n)
	}
	c := sh.Children[0]
	if c.Kind != trace.Chance || len(c.Children) != 3 || c.Children[1].Prob != 0.5 || c.Children[0].Prob != 0.25 {
		t.Errorf("first chance node %+v; want three throws with probabilities 1/4, 1/2, 1/4", c)
	}
}

// TestVectorTreeShape: the leaves of a tree for n players show their
// vectors before any search.
func TestVectorTreeShape(t *testing.T) {
	p := prepare(t, Scenario{Tree: playersTree, Algo: "maxn"})
	sh := drawShape(t, p, ShapeOptions{})
	if got := sh.Children[1].Children[1].Text; got != "(2, 2, 9)" {
		t.Errorf("leaf 1.1 shows %q, want (2, 2, 9)", got)
	}
	if k := sh.Children[0].Kind; k != trace.Player(2) {
		t.Errorf("node 0 is %v, want p2", k)
	}
}
