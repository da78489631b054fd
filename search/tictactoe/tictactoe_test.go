package tictactoe

import (
	"math"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/trace"
)

func mustParse(t testing.TB, cells string) State {
	t.Helper()
	s, err := Parse(cells)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestParse(t *testing.T) {
	tests := []struct {
		in      string
		want    string // String() of the result when no error
		wantErr string // substring of the error
	}{
		{in: ".........", want: "........."},
		{in: "x...o....", want: "x...o...."},
		{in: "X...O....", want: "x...o...."},
		{in: "xo./.x./..o", want: "xo..x...o"},
		{in: "xo. .x. ..o", want: "xo..x...o"},
		{in: " xo.\t.x./..o ", want: "xo..x...o"},
		{in: "xxxoo....", want: "xxxoo...."},       // x has won
		{in: "ooo.xx.x.", want: "ooo.xx.x."},       // o has won
		{in: "xoxxoooxx", want: "xoxxoooxx"},       // full board, a draw
		{in: "xxoxo.x.o", want: "xxoxo.x.o"},       // x wins on a column
		{in: "xxx.o.xoo", want: "xxx.o.xoo"},       // x wins on a row
		{in: "x.ox.oxxo", wantErr: "both x and o"}, // x column a, o column c
		{in: "", wantErr: "0 cells"},
		{in: "xo..z....", wantErr: "column 5: bad character 'z'"},
		{in: "xo./.z./...", wantErr: "column 6: bad character 'z'"},
		{in: "xo..-....", wantErr: "column 5: bad character '-'"},
		{in: "xo./é", wantErr: "column 5: bad character 'é'"},
		{in: "é", wantErr: "column 1: bad character 'é'"},
		{in: "x........x", wantErr: "10 cells"},
		{in: "x.......", wantErr: "8 cells"},
		{in: "xx.......", wantErr: "2 x and 0 o: x starts"},
		{in: "o........", wantErr: "0 x and 1 o: x starts"},
		{in: "xxxooo...", wantErr: "both x and o have three in a row"},
		{in: "xxxoo.o..", wantErr: "x has three in a row, but o moved"},
		{in: "ooo.xx.xx", wantErr: "o has three in a row, but x moved"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			s, err := Parse(tt.in)
			if tt.wantErr != "" {
				if err == nil {
					t.Fatalf("Parse(%q) = %v, want error containing %q", tt.in, s, tt.wantErr)
				}
				if !strings.HasPrefix(err.Error(), "tictactoe: ") || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Parse(%q) error = %q, want prefix \"tictactoe: \" and %q", tt.in, err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.in, err)
			}
			if got := s.String(); got != tt.want {
				t.Errorf("Parse(%q).String() = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// reachable returns every distinct position reachable from the empty board
// (5,478 of them), found by walking the game tree with the Game methods.
func reachable() map[State]bool {
	g := Game{}
	seen := map[State]bool{}
	var walk func(s State)
	walk = func(s State) {
		if seen[s] {
			return
		}
		seen[s] = true
		for _, m := range g.Moves(s, nil) {
			walk(g.Result(s, m))
		}
	}
	walk(State{})
	return seen
}

func TestReachable(t *testing.T) {
	all := reachable()
	// The known count of legal tic-tac-toe positions (distinct boards
	// reachable in play, terminal ones included) is 5,478.
	if got, want := len(all), 5478; got != want {
		t.Errorf("reachable positions = %d, want %d", got, want)
	}
	g := Game{}
	for s := range all {
		if err := s.check(); err != nil {
			t.Errorf("%v: reachable but rejected: %v", s, err)
		}
		if p, err := Parse(s.String()); err != nil || p != s {
			t.Errorf("Parse(%q) = %v, %v; want %v", s.String(), p, err, s)
		}
		moves := g.Moves(s, nil)
		if term := g.Terminal(s); term != (len(moves) == 0) {
			t.Errorf("%v: Terminal = %v but %d moves", s, term, len(moves))
		}
		for i, m := range moves {
			if i > 0 && moves[i-1] >= m {
				t.Errorf("%v: moves %v not ascending", s, moves)
			}
			c := g.Result(s, m)
			if g.ToMove(c) != g.ToMove(s).Opponent() {
				t.Errorf("%v: ToMove after %d = %v, want %v", s, m, g.ToMove(c), g.ToMove(s).Opponent())
			}
			if (c.X|c.O)&^(s.X|s.O) != 1<<m {
				t.Errorf("%v: Result(%d) = %v", s, m, c)
			}
		}
	}
}

// TestCheckExact checks all 3⁹ boards: Parse accepts exactly the reachable
// ones.
func TestCheckExact(t *testing.T) {
	all := reachable()
	accepted := 0
	for code := 0; code < 19683; code++ {
		var s State
		for i, c := 0, code; i < Cells; i, c = i+1, c/3 {
			switch c % 3 {
			case 1:
				s.X |= 1 << i
			case 2:
				s.O |= 1 << i
			}
		}
		_, err := Parse(s.String())
		if (err == nil) != all[s] {
			t.Errorf("%v: reachable %v, Parse error %v", s, all[s], err)
		}
		if err == nil {
			accepted++
		}
	}
	if accepted != len(all) {
		t.Errorf("Parse accepts %d boards, want %d", accepted, len(all))
	}
}

// The full game tree from the empty board. The known count of tic-tac-toe
// game-tree nodes is 549,946 (root included), of which 255,168 are
// terminal: 131,184 won by x, 77,904 won by o and 46,080 drawn (these are
// the published counts of complete tic-tac-toe games, no symmetry reduced).
type treeCount struct{ nodes, leaves, xWins, oWins, draws int }

func countTree(g Game, s State, c *treeCount) {
	c.nodes++
	if g.Terminal(s) {
		c.leaves++
		switch u := g.Utility(s); {
		case u > 0:
			c.xWins++
		case u < 0:
			c.oWins++
		default:
			c.draws++
		}
		return
	}
	for _, m := range g.Moves(s, nil) {
		countTree(g, g.Result(s, m), c)
	}
}

func TestFullTree(t *testing.T) {
	var c treeCount
	countTree(Game{}, State{}, &c)
	want := treeCount{nodes: 549946, leaves: 255168, xWins: 131184, oWins: 77904, draws: 46080}
	if c != want {
		t.Errorf("full tree = %+v, want %+v", c, want)
	}
}

// minimax is the plain textbook minimax, written here independently of the
// engine.
func minimax(g Game, s State) float64 {
	if g.Terminal(s) {
		return g.Utility(s)
	}
	maxToMove := g.ToMove(s) == trace.Max
	best := math.Inf(1)
	if maxToMove {
		best = math.Inf(-1)
	}
	for _, m := range g.Moves(s, nil) {
		v := minimax(g, g.Result(s, m))
		if maxToMove && v > best || !maxToMove && v < best {
			best = v
		}
	}
	return best
}

func TestMinimax(t *testing.T) {
	tests := []struct {
		pos  string
		win  float64
		want float64
	}{
		{".........", 0, 0},   // perfect play draws
		{".........", 100, 0}, // and still does with a scaled win
		{"xx.oo....", 0, 1},   // x to move completes the top row
		{"xx.oo....", 100, 100},
		{"xx.oo.x..", 0, -1}, // o to move completes the middle row
		{"x...o...x", 0, 0},  // o must play an edge, then it is a draw
		{"xxxoo....", 7, 7},  // terminal: Utility itself
		{"xoxxoooxx", 0, 0},  // full board, draw
	}
	for _, tt := range tests {
		if got := minimax(Game{Win: tt.win}, mustParse(t, tt.pos)); got != tt.want {
			t.Errorf("minimax(Win=%v, %s) = %v, want %v", tt.win, tt.pos, got, tt.want)
		}
	}
}

// alphabeta is fail-soft alpha-beta in natural move order, written here
// independently of the engine: a cutoff when v ≥ β at MAX or v ≤ α at MIN.
// It counts nodes entered, leaves, and cutoffs that skipped a child.
func alphabeta(g Game, s State, alpha, beta float64, c *treeCount, cutoffs *int) float64 {
	c.nodes++
	if g.Terminal(s) {
		c.leaves++
		return g.Utility(s)
	}
	moves := g.Moves(s, nil)
	maxToMove := g.ToMove(s) == trace.Max
	v := math.Inf(1)
	if maxToMove {
		v = math.Inf(-1)
	}
	for i, m := range moves {
		w := alphabeta(g, g.Result(s, m), alpha, beta, c, cutoffs)
		if maxToMove {
			v = max(v, w)
			if v >= beta {
				if i < len(moves)-1 {
					*cutoffs++
				}
				return v
			}
			alpha = max(alpha, v)
		} else {
			v = min(v, w)
			if v <= alpha {
				if i < len(moves)-1 {
					*cutoffs++
				}
				return v
			}
			beta = min(beta, v)
		}
	}
	return v
}

// TestAlphaBetaCount pins the size of the natural-order alpha-beta search
// from the empty board; docs/bench/ttt.c prints the same numbers, so the
// engine's count can be compared with the C reference.
func TestAlphaBetaCount(t *testing.T) {
	for _, win := range []float64{0, 100} {
		var c treeCount
		cutoffs := 0
		v := alphabeta(Game{Win: win}, State{}, math.Inf(-1), math.Inf(1), &c, &cutoffs)
		if v != 0 || c.nodes != 18297 || c.leaves != 7330 || cutoffs != 4237 {
			t.Errorf("Win %v: alpha-beta = %v with %d nodes, %d leaves, %d cutoffs; want 0, 18297, 7330, 4237", win, v, c.nodes, c.leaves, cutoffs)
		}
	}
}

func TestToMoveAndUtility(t *testing.T) {
	g := Game{}
	if got := g.ToMove(State{}); got != trace.Max {
		t.Errorf("ToMove(empty) = %v, want max", got)
	}
	if got := g.ToMove(mustParse(t, "x........")); got != trace.Min {
		t.Errorf("ToMove(x........) = %v, want min", got)
	}
	for _, tt := range []struct {
		pos  string
		win  float64
		want float64
	}{
		{"xxxoo....", 0, 1},
		{"xxxoo....", 100, 100},
		{"ooo.xx.x.", 0, -1},
		{"ooo.xx.x.", 100, -100},
		{"xoxxoooxx", 100, 0},
	} {
		if got := (Game{Win: tt.win}).Utility(mustParse(t, tt.pos)); got != tt.want {
			t.Errorf("Game{Win: %v}.Utility(%s) = %v, want %v", tt.win, tt.pos, got, tt.want)
		}
	}
}

func TestMoveString(t *testing.T) {
	for m, want := range map[search.Move]string{0: "a1", 1: "b1", 2: "c1", 3: "a2", 4: "b2", 8: "c3", -1: "?", 9: "?"} {
		if got := MoveString(m); got != want {
			t.Errorf("MoveString(%d) = %q, want %q", m, got, want)
		}
	}
}

func TestEvaluations(t *testing.T) {
	tests := []struct {
		pos         string
		lines, aima float64
	}{
		// No marks, no lines.
		{".........", 0, 0},
		// A corner lies on three lines (row, column, diagonal): X1 = 3.
		{"x........", 3, 3},
		// The centre lies on four lines: X1 = 4.
		{"....x....", 4, 4},
		// An edge cell lies on two lines: X1 = 2.
		{".x.......", 2, 2},
		// x a1: row 1 and column a are X1; the main diagonal holds both
		// marks. o b2: row 2, column b and the anti-diagonal are O1.
		// X1 = 2, O1 = 3: 2 − 3 = −1 for both.
		{"x...o....", -1, -1},
		// x a1 b1, o b2: row 1 is X2, column a X1; column b and the main
		// diagonal are mixed; row 2 and the anti-diagonal are O1.
		// lines: 5 + 1 − 2 = 4; aima: 3 + 1 − 2 = 2.
		{"xx..o....", 4, 2},
		// x a1 c1 b2, o a2 c2: row 1 and both diagonals are X2, column b
		// X1; the rest are mixed or empty. lines: 3·5 + 1 = 16 (the
		// maximum); aima: 3·3 + 1 = 10 (the maximum).
		{"x.xoxo...", 16, 10},
		// Terminal, x has won row 1: X3 = 1, column c X1, row 2 O2.
		// lines: 20 + 1 − 5 = 16; aima ignores X3: 1 − 3 = −2.
		{"xxxoo....", 16, -2},
		// Full board, no line is pure: both 0.
		{"xoxxoooxx", 0, 0},
	}
	for _, tt := range tests {
		s := mustParse(t, tt.pos)
		if got := (Lines{}).Evaluate(s); got != tt.lines {
			t.Errorf("lines(%s) = %v, want %v", tt.pos, got, tt.lines)
		}
		if got := (AIMA{}).Evaluate(s); got != tt.aima {
			t.Errorf("aima(%s) = %v, want %v", tt.pos, got, tt.aima)
		}
	}
}

// TestExplainSums checks that the terms explain the number: for every
// reachable position and every evaluation, Σ count×weight = Evaluate.
func TestExplainSums(t *testing.T) {
	all := reachable()
	for _, name := range EvaluationNames() {
		e, err := Evaluation(name)
		if err != nil {
			t.Fatal(err)
		}
		for s := range all {
			sum := 0.0
			for _, term := range e.Explain(s) {
				sum += term.Count * term.Weight
			}
			if v := e.Evaluate(s); sum != v {
				t.Errorf("%s(%v): terms sum to %v, Evaluate = %v (%v)", name, s, sum, v, e.Explain(s))
			}
		}
	}
}

// TestEvaluationBounds checks the bounds stated in the doc comments over
// every reachable non-terminal position: they hold, they are attained, and
// they stay below the win of 100 the command line uses.
func TestEvaluationBounds(t *testing.T) {
	all := reachable()
	g := Game{}
	for _, tt := range []struct {
		e        Evaluator
		min, max float64
	}{
		{Lines{}, -14, LinesBound},
		{AIMA{}, -8, AIMABound},
	} {
		lo, hi := math.Inf(1), math.Inf(-1)
		for s := range all {
			if g.Terminal(s) {
				continue
			}
			v := tt.e.Evaluate(s)
			lo, hi = min(lo, v), max(hi, v)
		}
		if lo != tt.min || hi != tt.max {
			t.Errorf("%s over non-terminal positions: [%v, %v], want [%v, %v]", tt.e.Name(), lo, hi, tt.min, tt.max)
		}
		if math.Max(-lo, hi) >= 100 {
			t.Errorf("%s reaches %v, not below a win of 100", tt.e.Name(), math.Max(-lo, hi))
		}
	}
}

func TestEvaluationRegistry(t *testing.T) {
	names := EvaluationNames()
	if strings.Join(names, ",") != "lines,aima,fuzzy" {
		t.Errorf("EvaluationNames() = %v, want [lines aima fuzzy]", names)
	}
	for _, n := range names {
		e, err := Evaluation(n)
		if err != nil || e.Name() != n {
			t.Errorf("Evaluation(%q) = %v, %v", n, e, err)
		}
	}
	_, err := Evaluation("material")
	if err == nil || err.Error() != `tictactoe: unknown evaluation "material" (valid: lines, aima, fuzzy)` {
		t.Errorf("Evaluation(material) error = %v", err)
	}
}

func TestNoAllocs(t *testing.T) {
	g := Game{}
	s := mustParse(t, "x...o....")
	buf := make([]search.Move, 0, Cells)
	if n := testing.AllocsPerRun(100, func() {
		for _, m := range g.Moves(s, buf[:0]) {
			c := g.Result(s, m)
			_ = g.Terminal(c)
			_ = g.ToMove(c)
			_ = g.Utility(c)
			_ = Lines{}.Evaluate(c)
			_ = AIMA{}.Evaluate(c)
		}
	}); n != 0 {
		t.Errorf("Moves/Result/Terminal/ToMove/Utility/Evaluate allocate %v times per run, want 0", n)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{".........", "xo./.x./..o", "X...O....", "xxxooo...", "xo..z....", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		s, err := Parse(in)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "tictactoe: ") {
				t.Errorf("Parse(%q) error %q lacks the package prefix", in, err)
			}
			return
		}
		if s.X&s.O != 0 || (s.X|s.O)&^full != 0 {
			t.Fatalf("Parse(%q) = %+v: bad bitboards", in, s)
		}
		if p, err := Parse(s.String()); err != nil || p != s {
			t.Fatalf("Parse(%q) = %v, but Parse(String()) = %v, %v", in, s, p, err)
		}
	})
}

// TestChildrenAreSteps checks the Expander against the five verbs: at
// every reachable non-terminal position, Children makes one child per
// move, in the order of Moves, each the state Result makes, terminal as
// Terminal says, with Utility's value there, else ToMove's kind (a
// terminal child's kind means nothing); and it appends to what buf holds.
func TestChildrenAreSteps(t *testing.T) {
	for _, g := range []Game{{}, {Win: 100}} {
		for s := range reachable() {
			if g.Terminal(s) {
				continue
			}
			moves := g.Moves(s, nil)
			head := search.Child[State]{State: State{X: 7}}
			kids := g.Children(s, []search.Child[State]{head})
			if len(kids) != len(moves)+1 || kids[0] != head {
				t.Fatalf("%v: %d children after the one given, want %d after it unchanged", s, len(kids)-1, len(moves))
			}
			for i, m := range moves {
				c := g.Result(s, m)
				want := search.Child[State]{State: c, Terminal: g.Terminal(c)}
				if want.Terminal {
					want.Utility = g.Utility(c)
				} else {
					want.Kind = g.ToMove(c)
				}
				got := kids[i+1]
				if got.Terminal {
					got.Kind = 0
				}
				if got != want {
					t.Fatalf("%v (Win %v), move %d: child %+v, want %+v", s, g.Win, m, got, want)
				}
			}
		}
	}
}
