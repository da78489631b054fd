package dice

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/trace"
)

func mustParse(t *testing.T, pos string) (Game, State) {
	t.Helper()
	g, s, err := Parse(pos)
	if err != nil {
		t.Fatal(err)
	}
	return g, s
}

func TestRules(t *testing.T) {
	cases := []struct {
		name  string
		pos   string
		moves []search.Move
		after []string // the position after each move, in order
	}{
		{"both tokens at the start move as one", "max=0,0 min=0,0 roll=2",
			[]search.Move{0}, []string{"max=0,2 min=0,0 turn=min roll=0"}},
		{"hit sends the token home", "max=1,3 min=2,4 roll=1",
			[]search.Move{1, 3}, []string{"max=2,3 min=0,4 turn=min roll=0", "max=1,4 min=0,2 turn=min roll=0"}},
		{"no overshooting the goal", "max=4,5 min=0,0 roll=2",
			[]search.Move{4}, []string{"max=5,6 min=0,0 turn=min roll=0"}},
		{"own token blocks", "max=1,3 min=0,0 roll=2",
			[]search.Move{3}, []string{"max=1,5 min=0,0 turn=min roll=0"}},
		{"both may share the goal", "max=4,6 min=0,0 roll=2",
			[]search.Move{4}, []string{"max=6,6 min=0,0 turn=min roll=0"}},
		{"no hit on the goal", "max=1,3 min=4,6 roll=3",
			[]search.Move{1, 3}, []string{"max=3,4 min=0,6 turn=min roll=0", "max=1,6 min=4,6 turn=min roll=0"}},
		{"pass when nothing moves", "max=5,6 min=0,0 roll=3 turn=max",
			[]search.Move{Pass}, []string{"max=5,6 min=0,0 turn=min roll=0"}},
		{"MIN moves and hits", "max=3,5 min=1,4 turn=min roll=2",
			[]search.Move{1, 4}, []string{"max=0,5 min=3,4 turn=max roll=0", "max=3,5 min=1,6 turn=max roll=0"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, s := mustParse(t, c.pos)
			if got := g.Moves(s, nil); !slices.Equal(got, c.moves) {
				t.Fatalf("got moves %v, want %v", got, c.moves)
			}
			for i, m := range c.moves {
				_, want := mustParse(t, c.after[i])
				if got := g.Result(s, m); got != want {
					t.Errorf("move %d: got %s, want %s", m, g.String(got), g.String(want))
				}
			}
		})
	}
}

func TestChanceNodes(t *testing.T) {
	g, s := mustParse(t, "max=1,3 min=2,4 turn=min")
	if k := g.ToMove(s); k != trace.Chance {
		t.Fatalf("got %v, want chance before the throw", k)
	}
	if got := g.Moves(s, nil); !slices.Equal(got, []search.Move{1, 2, 3}) {
		t.Errorf("got throws %v, want 1 2 3", got)
	}
	ps := g.Probabilities(s, nil)
	if !slices.Equal(ps, []float64{0.25, 0.5, 0.25}) {
		t.Errorf("got probabilities %v, want 1/4 1/2 1/4", ps)
	}
	after := g.Result(s, 2)
	if after.Roll != 2 || g.ToMove(after) != trace.Min || len(g.Probabilities(after, nil)) != 0 {
		t.Errorf("after the throw: %s to move %v", g.String(after), g.ToMove(after))
	}
	_, won := mustParse(t, "max=6,6 min=2,4 turn=min")
	if !g.Terminal(won) || g.Utility(won) != 1 || g.ToMove(won) != trace.Min {
		t.Errorf("MAX home: terminal %v, utility %v, to move %v", g.Terminal(won), g.Utility(won), g.ToMove(won))
	}
	_, lost := mustParse(t, "max=0,4 min=6,6")
	if !g.Terminal(lost) || g.Utility(lost) != -1 {
		t.Errorf("MIN home: terminal %v, utility %v", g.Terminal(lost), g.Utility(lost))
	}
}

func TestParse(t *testing.T) {
	for _, pos := range []string{DefaultPosition, "max=0,0 min=0,0 turn=max roll=0", "max=2,7 min=1,3 turn=min roll=3 goal=7"} {
		g, s := mustParse(t, pos)
		if got := g.String(s); got != pos {
			t.Errorf("got %q, want %q back", got, pos)
		}
	}
	errs := []struct{ pos, want string }{
		{"max=1", "two tokens"},
		{"max=1,9", "off the track"},
		{"max=2,2", "share square 2"},
		{"max=2,3 min=3,4", "both have a token on square 3"},
		{"roll=4", "roll must be"},
		{"turn=p3", "turn must be max or min"},
		{"goal=20", "goal must be"},
		{"color=red", "unknown key"},
		{"max", "not key=value"},
		{"roll=1 roll=2", "given twice"},
		{"max=6,6 min=6,6", "only one can win"},
	}
	for _, e := range errs {
		_, _, err := Parse(e.pos)
		if err == nil || !strings.Contains(err.Error(), e.want) || !strings.HasPrefix(err.Error(), "dice: ") {
			t.Errorf("Parse(%q): err = %v; want it to contain %q", e.pos, err, e.want)
		}
	}
}

func TestRace(t *testing.T) {
	g, s := mustParse(t, "max=1,3 min=2,4")
	r := Race{g}
	// MAX has 5 + 3 = 8 to go, MIN 4 + 2 = 6: 0.05 × (6 − 8) = −0.1.
	if v := r.Evaluate(s); v != -0.1 {
		t.Errorf("got %v, want -0.1", v)
	}
	sum := 0.0
	for _, term := range r.Explain(s) {
		sum += term.Count * term.Weight
	}
	if math.Abs(sum-r.Evaluate(s)) > 1e-12 {
		t.Errorf("terms sum to %v, the evaluation is %v", sum, r.Evaluate(s))
	}
	if _, err := Evaluation("pips", g); err == nil {
		t.Error("unknown evaluation accepted")
	}
}

func count(g Game, s State, d, limit int) int {
	if g.Terminal(s) || d == limit {
		return 1
	}
	n := 1
	for _, m := range g.Moves(s, nil) {
		n += count(g, g.Result(s, m), d+1, limit)
	}
	return n
}

// TestTreeSizes pins the sizes the package doc gives, and checks that the
// searches agree on them: Star1 with the game's bounds equals
// expectiminimax, every leaf value lies in the bounds, and Star1 evaluates
// fewer leaves.
func TestTreeSizes(t *testing.T) {
	g, s, err := New("")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ depth, nodes int }{{4, 49}, {6, 249}, {8, 1121}, {10, 4837}} {
		if got := count(g, s, 0, c.depth); got != c.nodes {
			t.Errorf("depth %d: got %d nodes, want %d", c.depth, got, c.nodes)
		}
		opt := search.Options[State]{Depth: c.depth, Eval: Race{g}, EvalName: "race"}
		x, err := search.Expectiminimax(g, s, opt, nil)
		if err != nil {
			t.Fatal(err)
		}
		if x.Stats.Nodes != c.nodes {
			t.Errorf("depth %d: expectiminimax entered %d nodes, want %d", c.depth, x.Stats.Nodes, c.nodes)
		}
		opt.Bounds = Bounds
		st, err := search.Star1(g, s, opt, nil)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(float64(st.Value-x.Value)) > 1e-12 || st.Best != x.Best {
			t.Errorf("depth %d: star1 %v at %q, expectiminimax %v at %q", c.depth, st.Value, st.Best, x.Value, x.Best)
		}
		t.Logf("depth %d: %d nodes; value %v, best move %q; expectiminimax evaluates %d leaves, star1 %d",
			c.depth, c.nodes, x.Value, x.Best, x.Stats.Leaves, st.Stats.Leaves)
		if c.depth >= 6 && st.Stats.Leaves >= x.Stats.Leaves {
			t.Errorf("depth %d: star1 evaluated %d leaves, expectiminimax %d", c.depth, st.Stats.Leaves, x.Stats.Leaves)
		}
		// The trace replays.
		evs, res, err := search.Collect(search.AlgoStar1, g, s, opt)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := trace.Replay(evs); err != nil || res.Value != st.Value {
			t.Errorf("depth %d: replay %v, value %v", c.depth, err, res.Value)
		}
	}
}
