package nim

import (
	"math"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/trace"
)

func TestNew(t *testing.T) {
	tests := []struct {
		matches, take int
		wantErr       string
	}{
		{5, 2, ""},
		{1, 1, ""},
		{MaxMatches, MaxTake, ""},
		{0, 2, "nim: 0 matches: want 1 to 64"},
		{-3, 2, "nim: -3 matches: want 1 to 64"},
		{65, 2, "nim: 65 matches: want 1 to 64"},
		{5, 0, "nim: take 0: a move takes 1 to k matches, want k from 1 to 8"},
		{5, 9, "nim: take 9: a move takes 1 to k matches, want k from 1 to 8"},
	}
	for _, tt := range tests {
		g, s, err := New(tt.matches, tt.take)
		if tt.wantErr != "" {
			if err == nil || err.Error() != tt.wantErr {
				t.Errorf("New(%d, %d) error = %v, want %q", tt.matches, tt.take, err, tt.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("New(%d, %d): %v", tt.matches, tt.take, err)
			continue
		}
		if want := (State{Left: int16(tt.matches), MaxToMove: true}); s != want || g.Take != tt.take {
			t.Errorf("New(%d, %d) = %+v, %+v; want Take %d, %+v", tt.matches, tt.take, g, s, tt.take, want)
		}
	}
}

func TestRules(t *testing.T) {
	g := Game{} // Take 0 means 2
	s := State{Left: 5, MaxToMove: true}
	if got := g.Moves(s, nil); len(got) != 2 || got[0] != 1 || got[1] != 2 {
		t.Errorf("Moves(5) = %v, want [1 2]", got)
	}
	if got := (Game{Take: 4}).Moves(State{Left: 3}, nil); len(got) != 3 || got[2] != 3 {
		t.Errorf("Take 4: Moves(3) = %v, want [1 2 3]", got)
	}
	if got := g.Moves(State{Left: 0}, nil); len(got) != 0 {
		t.Errorf("Moves(0) = %v, want none", got)
	}
	if got, want := g.Result(s, 2), (State{Left: 3, MaxToMove: false}); got != want {
		t.Errorf("Result(5, take 2) = %+v, want %+v", got, want)
	}
	if g.ToMove(s) != trace.Max || g.ToMove(State{Left: 4}) != trace.Min {
		t.Errorf("ToMove wrong")
	}
	if g.Terminal(s) || !g.Terminal(State{}) {
		t.Errorf("Terminal wrong")
	}
	if g.Utility(State{MaxToMove: true}) != 1 || g.Utility(State{}) != -1 {
		t.Errorf("Utility: want +1 when MAX is to move at 0 matches, −1 when MIN is")
	}
	if got := g.Label(s); got != "5" {
		t.Errorf("Label = %q, want \"5\"", got)
	}
	if got := s.String(); got != "5 left, max to move" {
		t.Errorf("String = %q", got)
	}
}

// minimax is plain textbook minimax, written here independently of the
// engine; it also counts nodes and leaves.
func minimax(g Game, s State, nodes, leaves *int) float64 {
	*nodes++
	if g.Terminal(s) {
		*leaves++
		return g.Utility(s)
	}
	best := math.Inf(-1)
	if !s.MaxToMove {
		best = math.Inf(1)
	}
	for _, m := range g.Moves(s, nil) {
		v := minimax(g, g.Result(s, m), nodes, leaves)
		if s.MaxToMove && v > best || !s.MaxToMove && v < best {
			best = v
		}
	}
	return best
}

// The lecture's exercise: 5 matches, take 1 or 2. The first player wins,
// and only by taking 1 (leaving 4 = 1 + 3, a losing state for MIN).
func TestLectureExercise(t *testing.T) {
	g, s, err := New(5, 2)
	if err != nil {
		t.Fatal(err)
	}
	var nodes, leaves int
	if v := minimax(g, s, &nodes, &leaves); v != 1 {
		t.Errorf("minimax(5, take 1..2) = %v, want +1", v)
	}
	// The tree has T(n) = 1 + T(n−1) + T(n−2) nodes, T(0) = 1, T(1) = 2:
	// 20 nodes and 8 leaves (a Fibonacci number) for n = 5.
	if nodes != 20 || leaves != 8 {
		t.Errorf("tree of 5 matches: %d nodes, %d leaves; want 20, 8", nodes, leaves)
	}
	for _, tt := range []struct {
		take search.Move
		want float64
	}{{1, 1}, {2, -1}} {
		var n, l int
		c := g.Result(s, tt.take)
		if v := minimax(g, c, &n, &l); v != tt.want {
			t.Errorf("after taking %d (%s left): value %v, want %v", tt.take, g.Label(c), v, tt.want)
		}
	}
}

// The theory evaluation is exact: it agrees with minimax everywhere.
func TestTheoryAgreesWithMinimax(t *testing.T) {
	for k := 1; k <= 4; k++ {
		g := Game{Take: k}
		e, err := Evaluation("theory", g)
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; n <= 20; n++ {
			for _, maxToMove := range []bool{true, false} {
				s := State{Left: int16(n), MaxToMove: maxToMove}
				var nodes, leaves int
				want := minimax(g, s, &nodes, &leaves)
				if got := e.Evaluate(s); got != want {
					t.Errorf("k=%d %v: theory = %v, minimax = %v", k, s, got, want)
				}
				sum := 0.0
				for _, term := range e.Explain(s) {
					sum += term.Count * term.Weight
				}
				if sum != want {
					t.Errorf("k=%d %v: terms %v sum to %v, want %v", k, s, e.Explain(s), sum, want)
				}
			}
		}
	}
}

func TestExplain(t *testing.T) {
	got := Theory{}.Explain(State{Left: 4, MaxToMove: false})
	want := []trace.Term{{Name: "(left−1) mod 3", Count: 0}, {Name: "MAX wins", Count: 1, Weight: 1}}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("Explain(4, min to move) = %v, want %v", got, want)
	}
}

func TestEvaluationRegistry(t *testing.T) {
	if got := EvaluationNames(); len(got) != 1 || got[0] != "theory" {
		t.Errorf("EvaluationNames() = %v, want [theory]", got)
	}
	e, err := Evaluation("theory", Game{Take: 3})
	if err != nil || e.Name() != "theory" || e.(Theory).Take != 3 {
		t.Errorf("Evaluation(theory) = %v, %v", e, err)
	}
	_, err = Evaluation("lines", Game{})
	if err == nil || !strings.Contains(err.Error(), `nim: unknown evaluation "lines" (valid: theory)`) {
		t.Errorf("Evaluation(lines) error = %v", err)
	}
}

func TestNoAllocs(t *testing.T) {
	g := Game{Take: 3}
	s := State{Left: 10, MaxToMove: true}
	buf := make([]search.Move, 0, MaxTake)
	if n := testing.AllocsPerRun(100, func() {
		for _, m := range g.Moves(s, buf[:0]) {
			c := g.Result(s, m)
			_ = g.Terminal(c)
			_ = g.ToMove(c)
			_ = g.Utility(c)
			_ = Theory{Take: 3}.Evaluate(c)
		}
	}); n != 0 {
		t.Errorf("game methods allocate %v times per run, want 0", n)
	}
}
