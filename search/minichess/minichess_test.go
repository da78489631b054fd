package minichess

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search"
)

func mustParse(t testing.TB, text string) State {
	t.Helper()
	s, err := Parse(text)
	if err != nil {
		t.Fatalf("Parse(%q): %v", text, err)
	}
	return s
}

func names(s State, ms []search.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = MoveString(s, m)
	}
	return out
}

// TestMoves checks the moves of hand-counted positions.
func TestMoves(t *testing.T) {
	cases := []struct {
		name, pos string
		want      []string
	}{
		// Gardner's start: five pawn steps and the knight's two jumps.
		{"start", Start, []string{"Nb1-c3", "Nb1-a3", "a2-a3", "b2-b3", "c2-c3", "d2-d3", "e2-e3"}},
		{"start black", "rnbqk/ppppp/5/PPPPP/RNBQK b", []string{"a4-a3", "b4-b3", "c4-c3", "d4-d3", "e4-e3", "Nb5-c3", "Nb5-a3"}},
		{"horizon", Horizon, []string{"Ka1-a2", "Ka1-b1", "Ka1-b2",
			"Qd1-d2", "Qd1xd3", "Qd1-e1", "Qd1-c1", "Qd1-b1", "Qd1-e2", "Qd1-c2", "Qd1-b3", "Qd1-a4"}},
		{"promotion and pawn captures", "k4/1P3/2p2/3P1/K4 w", []string{"Ka1-a2", "Ka1-b1", "Ka1-b2", "d2-d3", "d2xc3", "b4-b5=Q", "b4xa5=Q"}},
		{"rook stops at pieces", "k4/5/1p3/5/KR3 w", []string{"Ka1-a2", "Ka1-b2", "Rb1-b2", "Rb1xb3", "Rb1-c1", "Rb1-d1", "Rb1-e1"}},
		{"king gone: no moves", "5/5/5/5/K4 w", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var s State
			if c.pos == "5/5/5/5/K4 w" {
				s = State{}
				s.Board[0] = King
			} else {
				s = mustParse(t, c.pos)
			}
			got := names(s, Game{}.Moves(s, nil))
			if !slices.Equal(got, c.want) {
				t.Errorf("moves = %v, want %v", got, c.want)
			}
		})
	}
}

// TestCaptures checks that Captures is Moves filtered by Noisy, in order.
func TestCaptures(t *testing.T) {
	g := Game{}
	r := rand.New(rand.NewPCG(1, 2))
	for n := range 300 {
		s := mustParse(t, Start)
		for range r.IntN(20) {
			ms := g.Moves(s, nil)
			if len(ms) == 0 {
				break
			}
			s = g.Result(s, ms[r.IntN(len(ms))])
		}
		var want []search.Move
		for _, m := range g.Moves(s, nil) {
			if g.Noisy(s, m) {
				want = append(want, m)
			}
		}
		if got := g.Captures(s, nil); !slices.Equal(got, want) {
			t.Fatalf("game %d at %s: captures %v, want %v", n, s, names(s, got), names(s, want))
		}
	}
}

// TestResult checks moving, capturing and promoting.
func TestResult(t *testing.T) {
	g := Game{}
	cases := []struct{ pos, move, want string }{
		{Horizon, "Qd1xd3", "k4/4p/3Q1/5/K4 b"},
		{"k4/4p/3Q1/5/K4 b", "e4xd3", "k4/5/3p1/5/K4 w"},
		{"k4/1P3/2p2/3P1/K4 w", "b4-b5=Q", "kQ3/5/2p2/3P1/K4 b"},
		{"k4/5/5/1p3/K4 b", "b2-b1=Q", "k4/5/5/5/Kq3 w"},
	}
	for _, c := range cases {
		t.Run(c.move, func(t *testing.T) {
			s := mustParse(t, c.pos)
			for _, m := range g.Moves(s, nil) {
				if MoveString(s, m) == c.move {
					if got := g.Result(s, m).String(); got != c.want {
						t.Errorf("after %s: %s, want %s", c.move, got, c.want)
					}
					return
				}
			}
			t.Fatalf("no move %s at %s", c.move, c.pos)
		})
	}
}

// TestEnd checks terminal positions and their utilities.
func TestEnd(t *testing.T) {
	g := Game{}
	cases := []struct {
		name     string
		s        State
		terminal bool
		utility  float64
	}{
		{"start", mustParse(t, Start), false, 0},
		{"black king taken", State{Board: [Squares]Piece{0: King, 1: Queen}, Black: true}, true, WinScore},
		{"white king taken", State{Board: [Squares]Piece{0: -King, 1: -Queen}}, true, -WinScore},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := g.Terminal(c.s); got != c.terminal {
				t.Fatalf("Terminal(%s) = %v, want %v", c.s, got, c.terminal)
			}
			if !c.terminal {
				return
			}
			if got := g.Utility(c.s); got != c.utility {
				t.Errorf("Utility(%s) = %v, want %v", c.s, got, c.utility)
			}
		})
	}
}

// TestParseErrors checks that bad positions are refused with their place.
func TestParseErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{"k4/5/5/5/K4 x", "line 1, column 13: bad side to move 'x'"},
		{"k4/5/5/5/K5 w", "line 1, column 11: rank 1 has more than 5 squares"},
		{"k4/5/5/5 w", "line 1, column 10: only 4 ranks before the side to move, want 5"},
		{"k4/5/5/5", "line 1, column 8: only 4 ranks, want 5"},
		{"k4/5/5/5/K3", "line 1, column 11: rank 1 has 4 squares, want 5"},
		{"k4/5/5/5/K4/5", "line 1, column 13: bad side to move '5'"},
		{"k4\n5\n5z3\n5\nK4", "line 3, column 2: bad character 'z'"},
		{"k4\n4\n5\n5\nK4", "line 2, column 2: rank 4 has 4 squares, want 5"},
		{"kP3/5/5/5/K4", "line 1, column 2: a pawn on b5"},
		{"k4/5/5/5/Kp3", "line 1, column 11: a pawn on b1"},
		{"kk3/5/5/5/K4", "line 1, column 2: a second Black king on b5"},
		{"k4/5/5/5/Q4", "minichess: White has no king"},
		{"k4/5/5/5/K4 w w", "line 1, column 15: unexpected 'w' after the side to move"},
		{strings.Repeat("5/", 600), "more than the limit of 1024"},
	}
	for _, c := range cases {
		t.Run(c.in[:min(len(c.in), 20)], func(t *testing.T) {
			_, err := Parse(c.in)
			if err == nil {
				t.Fatalf("Parse(%q) = nil error, want %q", c.in, c.want)
			}
			if !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "minichess: ") {
				t.Errorf("Parse(%q) error %q, want it to contain %q", c.in, err, c.want)
			}
			checkSaid(t, err)
		})
	}
}

// checkSaid: a ParseError carries its message as a phrase of English (for
// pages to word in their language) that words to the message itself.
func checkSaid(t *testing.T, err error) {
	t.Helper()
	var pe *ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("got %T (%v), want a *ParseError", err, err)
	}
	if _, ok := English[pe.Say.ID]; !ok {
		t.Errorf("got phrase %q, want one of English", pe.Say.ID)
	}
	if got := pe.Say.WordIn(English); got != pe.Msg {
		t.Errorf("got phrase worded %q, want the message %q", got, pe.Msg)
	}
}

// TestEvaluationError: an unknown evaluation is refused by name, with the
// names known, as a phrase.
func TestEvaluationError(t *testing.T) {
	_, err := Evaluation("mobility")
	if err == nil {
		t.Fatal("Evaluation(mobility) = nil error, want one")
	}
	if got, want := err.Error(), `minichess: unknown evaluation "mobility" (want material)`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	checkSaid(t, err)
}

// TestParseForms checks the named positions, line breaks and the default
// side.
func TestParseForms(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", Start},
		{"START", Start},
		{"horizon", Horizon},
		{"k4/4p/3p1/5/K2Q1", Horizon},
		{"k4\n4p\n3p1\n5\nK2Q1\nw\n", Horizon},
		{"  k4 / 4p / 3p1 / 5 / K2Q1   b ", "k4/4p/3p1/5/K2Q1 b"},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			if got := mustParse(t, c.in).String(); got != c.want {
				t.Errorf("Parse(%q) = %s, want %s", c.in, got, c.want)
			}
		})
	}
}

// TestSymmetry checks that the mirror image of a position has the
// mirrored moves and the same key class.
func TestSymmetry(t *testing.T) {
	g := Game{}
	r := rand.New(rand.NewPCG(3, 4))
	for n := range 200 {
		s := mustParse(t, Start)
		for range r.IntN(12) {
			ms := g.Moves(s, nil)
			if len(ms) == 0 {
				break
			}
			s = g.Result(s, ms[r.IntN(len(ms))])
		}
		m := g.Transform(s, 1)
		if back := g.Transform(m, 1); back != s {
			t.Fatalf("game %d: mirror twice = %s, want %s", n, back, s)
		}
		var want []string
		for _, mv := range g.Moves(s, nil) {
			want = append(want, g.Result(m, g.TransformMove(mv, 1)).String())
		}
		var got []string
		for _, mv := range g.Moves(m, nil) {
			got = append(got, g.Result(m, mv).String())
		}
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("game %d at %s: mirrored moves lead to %v, want %v", n, s, got, want)
		}
		if s != m && g.Key(s) == g.Key(m) {
			t.Errorf("game %d: %s and its mirror share a key", n, s)
		}
	}
}

// TestMaterial checks the evaluation and that its terms add up to it.
func TestMaterial(t *testing.T) {
	cases := []struct {
		pos  string
		want float64
	}{
		{Start, 0},
		{Horizon, 7},
		{"k4/5/3Q1/5/K4 b", 9},
		{"kq3/5/5/R4/K4 w", -4},
	}
	for _, c := range cases {
		t.Run(c.pos, func(t *testing.T) {
			s := mustParse(t, c.pos)
			v := Material{}.Evaluate(s)
			if v != c.want {
				t.Errorf("Evaluate = %v, want %v", v, c.want)
			}
			sum := 0.0
			for _, term := range (Material{}).Explain(s) {
				sum += term.Count * term.Weight
			}
			if sum != v {
				t.Errorf("terms sum to %v, want %v", sum, v)
			}
		})
	}
}

// TestDiagram checks the drawn board's corners.
func TestDiagram(t *testing.T) {
	d := mustParse(t, Horizon).Diagram()
	cases := []struct {
		row, file int
		want      Cell
	}{
		{0, 0, Cell{Square: "a5", Letter: "k", Figurine: "♚", Dark: true}},
		{4, 0, Cell{Square: "a1", Letter: "K", Figurine: "♔", White: true, Dark: true}},
		{4, 3, Cell{Square: "d1", Letter: "Q", Figurine: "♕", White: true}},
		{2, 3, Cell{Square: "d3", Letter: "p", Figurine: "♟"}},
	}
	for _, c := range cases {
		if got := d[c.row][c.file]; got != c.want {
			t.Errorf("cell %d,%d = %+v, want %+v", c.row, c.file, got, c.want)
		}
	}
}

// TestHorizonFixedDepth shows the misjudgement the Horizon position is
// for: at depth 1, alpha-beta takes the pawn on d3 (the recapture lies
// beyond its depth).
func TestHorizonFixedDepth(t *testing.T) {
	g := Game{}
	s := mustParse(t, Horizon)
	r, err := search.AlphaBeta(g, s, search.Options[State]{Depth: 1, Eval: Material{}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	i, _ := strconv.Atoi(r.Best)
	best := g.Moves(s, nil)[i]
	if got := MoveString(s, best); got != "Qd1xd3" || r.Value != 8 {
		t.Errorf("depth 1 plays %s worth %v, want Qd1xd3 worth 8", got, r.Value)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{Start, Horizon, "k4\n5\n5\n5\nK4 b", "kP3/5/5/5/K4", "k4/5/5/5/K5 w", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		s, err := Parse(in)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "minichess: ") {
				t.Fatalf("error %q lacks the package prefix", err)
			}
			return
		}
		back, err := Parse(s.String())
		if err != nil || back != s {
			t.Fatalf("Parse(%q) = %s, but Parse(String()) = %v, %v", in, s, back, err)
		}
	})
}

func TestBoardText(t *testing.T) {
	for _, tc := range []struct{ pos, want string }{
		{Horizon, "k..../....p/...p./...../K..Q."},
		{Start, "rnbqk/ppppp/...../PPPPP/RNBQK"},
	} {
		s, err := Parse(tc.pos)
		if err != nil {
			t.Fatal(err)
		}
		got := s.BoardText()
		if got != tc.want {
			t.Errorf("BoardText(%q): got %q, want %q", tc.pos, got, tc.want)
		}
		if len(got) != BoardLen {
			t.Errorf("BoardText(%q): got length %d, want %d", tc.pos, len(got), BoardLen)
		}
		// Every square of the diagram reads back from the text.
		d := s.Diagram()
		for row := range Ranks {
			for f := range Files {
				c := got[row*(Files+1)+f]
				want := d[row][f].Letter
				if want == "" {
					want = "."
				}
				if string(c) != want {
					t.Errorf("%s: square %s: got %c, want %s", tc.pos, d[row][f].Square, c, want)
				}
			}
		}
	}
}
