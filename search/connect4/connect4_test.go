package connect4

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/trace"
)

// TestDistinctPositionsByPly counts the distinct positions after n plies
// from the empty board. The published counts are OEIS A212693 ("Number of
// legal 7 X 6 Connect-Four positions after n plies", John Tromp, from
// Edelkamp and Kissmann): 1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275.
func TestDistinctPositionsByPly(t *testing.T) {
	want := []int{1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275}
	if testing.Short() {
		want = want[:7]
	}
	g := Game{}
	level := map[State]bool{{}: true}
	var buf []search.Move
	for ply, w := range want {
		t.Run(string(rune('0'+ply)), func(t *testing.T) {
			if got := len(level); got != w {
				t.Fatalf("distinct positions after %d plies = %d, want %d", ply, got, w)
			}
		})
		next := make(map[State]bool, len(level)*4)
		for s := range level {
			if g.Terminal(s) {
				continue
			}
			for _, m := range g.Moves(s, buf[:0]) {
				next[g.Result(s, m)] = true
			}
		}
		level = next
	}
}

// TestMoveSequences counts move sequences (perft) from the empty board: 7ⁿ
// while no column can fill and no four can be made (n ≤ 6), and at n = 7,
// 7⁷ less the 7 sequences that filled one column with the first six moves.
func TestMoveSequences(t *testing.T) {
	g := Game{}
	var perft func(s State, n int) int
	perft = func(s State, n int) int {
		if n == 0 {
			return 1
		}
		if g.Terminal(s) {
			return 0
		}
		total := 0
		for _, m := range g.Moves(s, nil) {
			total += perft(g.Result(s, m), n-1)
		}
		return total
	}
	for n, want := range []int{1, 7, 49, 343, 2401, 16807, 117649, 823536} {
		if got := perft(State{}, n); got != want {
			t.Errorf("perft(%d) = %d, want %d", n, got, want)
		}
	}
}

// naiveFour looks for four in a row cell by cell.
func naiveFour(b uint64) bool {
	at := func(c, r int) bool {
		return c >= 0 && c < Columns && r >= 0 && r < Rows && b&(1<<(c*stride+r)) != 0
	}
	for c := range Columns {
		for r := range Rows {
			for _, d := range [][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}} {
				if at(c, r) && at(c+d[0], r+d[1]) && at(c+2*d[0], r+2*d[1]) && at(c+3*d[0], r+3*d[1]) {
					return true
				}
			}
		}
	}
	return false
}

// randomGame plays random moves from the empty board and returns every
// position of the game.
func randomGame(r *rand.Rand) []State {
	g := Game{}
	s := State{}
	out := []State{s}
	for !g.Terminal(s) {
		ms := g.Moves(s, nil)
		s = g.Result(s, ms[r.IntN(len(ms))])
		out = append(out, s)
	}
	return out
}

func TestRandomGames(t *testing.T) {
	g := Game{}
	r := rand.New(rand.NewPCG(1, 2))
	keys := map[uint64]State{}
	for range 2000 {
		for _, s := range randomGame(r) {
			if got, want := fours(s.X), naiveFour(s.X); got != want {
				t.Fatalf("fours(x of %s) = %v, want %v", s, got, want)
			}
			if got, want := fours(s.O), naiveFour(s.O); got != want {
				t.Fatalf("fours(o of %s) = %v, want %v", s, got, want)
			}
			if s.X&s.O != 0 || (s.X|s.O)&^full != 0 {
				t.Fatalf("%s: discs overlap or leave the board", s)
			}
			if err := s.check(); err != nil {
				t.Fatalf("%s: reached by play but check says %v", s, err)
			}
			back, err := Parse(s.String())
			if err != nil || back != s {
				t.Fatalf("Parse(%q) = %v, %v; want the same position", s.String(), back, err)
			}
			if m := s.Mirror(); m.Mirror() != s || m.Key() == s.Key() && m != s {
				t.Fatalf("%s: mirror twice gives %s, or two positions share a key", s, m.Mirror())
			}
			if o, ok := keys[s.Key()]; ok && o != s {
				t.Fatalf("positions %s and %s share the key %d", s, o, s.Key())
			}
			keys[s.Key()] = s
			if !g.Terminal(s) {
				v, terms := Threats{}.Evaluate(s), Threats{}.Explain(s)
				sum := 0.0
				for _, tm := range terms {
					sum += tm.Count * tm.Weight
				}
				if sum != v || math.Abs(v) > ThreatsBound {
					t.Fatalf("%s: Evaluate = %v, terms sum to %v (bound %d)", s, v, sum, ThreatsBound)
				}
				if mv := (Threats{}).Evaluate(s.Mirror()); mv != v {
					t.Fatalf("%s: mirror evaluates to %v, want %v", s, mv, v)
				}
			}
		}
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		in, want, wantErr string
	}{
		{in: "", want: "......./......./......./......./......./......."},
		{in: "d", want: "......./......./......./......./......./...x..."},
		{in: "44", want: "......./......./......./......./...o.../...x..."},
		{in: "dc", want: "......./......./......./......./......./..ox..."},
		{in: "......./......./......./......./......./...X...", want: "......./......./......./......./......./...x..."},
		{in: "aaaaaaa", wantErr: "column 7: column a is full"},
		{in: "ababababa", wantErr: "column 8: move b after the game is over"},
		{in: "h", wantErr: "column 1: bad move 'h'"},
		{in: "......./......./......./......./...x.../.......", wantErr: "hole below a disc"},
		{in: "......./......./......./......./......./..xx...", wantErr: "2 x and 0 o"},
		{in: "......./......./......./......./......./...z...", wantErr: "column 44: bad character 'z'"},
		{in: "......./.......", wantErr: "14 cells, want 42"},
		{in: strings.Repeat(".", 43), wantErr: "column 43: more than 42"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			s, err := Parse(tt.in)
			if tt.wantErr != "" {
				if err == nil || !strings.HasPrefix(err.Error(), "connect4: ") || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Parse(%q) = %v, %v; want an error containing %q", tt.in, s, err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.in, err)
			}
			if got := s.String(); got != tt.want {
				t.Errorf("Parse(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestExplainAndKinds(t *testing.T) {
	g := Game{}
	s, _ := Parse("ddee")
	if g.ToMove(s) != trace.Max {
		t.Fatalf("after four moves ToMove = %v, want max", g.ToMove(s))
	}
	// x on d1, e1; o on d2, e2. x: groups of two in row 1 (a-d..d-g that
	// hold d1 and e1 and no o): b1-e1, c1-f1, d1-g1 → X2 = 3 among others.
	terms := Threats{}.Explain(s)
	got := map[string]float64{}
	for _, tm := range terms {
		got[tm.Name] = tm.Count
	}
	if got["X2"] != 3 || got["O2"] != 3 || got["XC"] != 1 || got["OC"] != 1 || got["X3"] != 0 {
		t.Errorf("terms of %s = %v, want X2 = O2 = 3, XC = OC = 1, X3 = 0", s, got)
	}
	if v := (Threats{}).Evaluate(s); v != 0 {
		t.Errorf("Evaluate(%s) = %v, want 0 (the sides are alike)", s, v)
	}
	s, _ = Parse("dadbd") // x threatens d4
	if got := (Threats{}).Explain(s)[0].Count; got != 1 {
		t.Errorf("X3 of %s = %v, want 1", s, got)
	}
}

// TestWinIn finds short forced wins with alpha-beta.
func TestWinIn(t *testing.T) {
	g := Game{Win: WinScore}
	opt := search.Options[State]{Depth: 3, Eval: Threats{}, EvalName: "threats"}
	for _, tt := range []struct{ moves, best string }{
		{"dadbd", "3"},  // x completes d1-d4
		{"aabbc", "3"},  // o to move must block d1 — or lose
		{"aabbcc", "3"}, // x wins on d1
	} {
		s, err := Parse(tt.moves)
		if err != nil {
			t.Fatal(err)
		}
		r, err := search.AlphaBeta(g, s, opt, nil)
		if err != nil {
			t.Fatal(err)
		}
		if r.Best != tt.best {
			t.Errorf("%s: best move %q, want %q (value %v)", tt.moves, r.Best, tt.best, r.Value)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Fuzz(func(t *testing.T, text string) {
		s, err := Parse(text)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "connect4: ") {
				t.Fatalf("error %q lacks the package prefix", err)
			}
			return
		}
		if err := s.check(); err != nil {
			t.Fatalf("Parse(%q) accepted %s, which check refuses: %v", text, s, err)
		}
		back, err := Parse(s.String())
		if err != nil || back != s {
			t.Fatalf("Parse(String()) = %v, %v; want %s", back, err, s)
		}
	})
}

// TestFours checks the cells of the fours in a row in each direction, on
// a board with none, and against a plain scan of every line of four on
// random finished games.
func TestFours(t *testing.T) {
	tests := []struct {
		moves string
		want  string
	}{
		{"", ""},
		{"dddddd", ""},
		{"aabbccd", "a1 b1 c1 d1"},
		{"ababab" + "a", "a1 a2 a3 a4"},
		// x's diagonal from a1 to d4.
		{"abbccdcddgd", "a1 b2 c3 d4"},
	}
	name := func(cells [][2]int) string {
		var parts []string
		for _, c := range cells {
			parts = append(parts, MoveString(search.Move(c[0]))+string(rune('1'+c[1])))
		}
		return strings.Join(parts, " ")
	}
	for _, tt := range tests {
		t.Run(tt.moves, func(t *testing.T) {
			s, err := Parse(tt.moves)
			if err != nil {
				t.Fatal(err)
			}
			if got := name(s.Fours()); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
	// The reference: every line of four cells, checked cell by cell.
	g := Game{}
	r := rand.New(rand.NewPCG(15, 4))
	for range 2000 {
		var s State
		for !g.Terminal(s) {
			ms := g.Moves(s, nil)
			s = g.Result(s, ms[r.IntN(len(ms))])
		}
		in := map[[2]int]bool{}
		at := func(b uint64, c, row int) bool {
			return c >= 0 && c < Columns && row >= 0 && row < Rows && b>>(c*stride+row)&1 != 0
		}
		for _, b := range []uint64{s.X, s.O} {
			for c := range Columns {
				for row := range Rows {
					for _, d := range [][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}} {
						if at(b, c, row) && at(b, c+d[0], row+d[1]) && at(b, c+2*d[0], row+2*d[1]) && at(b, c+3*d[0], row+3*d[1]) {
							for k := range 4 {
								in[[2]int{c + k*d[0], row + k*d[1]}] = true
							}
						}
					}
				}
			}
		}
		got := s.Fours()
		if len(got) != len(in) {
			t.Fatalf("%s: got %v, want the %d cells %v", s, got, len(in), in)
		}
		for _, c := range got {
			if !in[c] {
				t.Fatalf("%s: cell %v is in no four", s, c)
			}
		}
		if won := g.Utility(s) != 0; won != (len(got) >= 4) {
			t.Fatalf("%s: won %v, but %d cells in fours", s, won, len(got))
		}
	}
}
