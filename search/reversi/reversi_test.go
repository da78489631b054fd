package reversi

import (
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/trace"
)

// perft counts the positions reached after exactly depth moves, a pass
// counting as a move and a finished game as a position that ends its line
// early (it is counted once, at the depth where it occurs, as published).
func perft(g Game, s State, depth int, buf [][]search.Move) int {
	if depth == 0 {
		return 1
	}
	ms := g.Moves(s, buf[depth][:0])
	if len(ms) == 0 {
		return 1
	}
	if depth == 1 {
		return len(ms)
	}
	n := 0
	for _, m := range ms {
		n += perft(g, g.Result(s, m), depth-1, buf)
	}
	return n
}

// TestPerft compares the move generator with the published counts of
// positions after 1..9 moves from the opening (Aart Bik, "Perft for
// Reversi", 2009, https://aartbik.blogspot.com/2009/02/perft-for-reversi.html).
// Passes first occur at depth 9 and are counted as moves there; games that
// end before the depth occur only from depth 11.
func TestPerft(t *testing.T) {
	want := []int{1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288}
	maxDepth := len(want) - 1
	if testing.Short() {
		maxDepth = 7
	}
	buf := make([][]search.Move, maxDepth+1)
	for i := range buf {
		buf[i] = make([]search.Move, 0, 32)
	}
	for d := 0; d <= maxDepth; d++ {
		if got := perft(Game{}, Start, d, buf); got != want[d] {
			t.Errorf("perft(%d) = %d, want %d", d, got, want[d])
		}
	}
}

// slowLegal is the rule as written in the rule book, square by square:
// an empty square from which, in some direction, one or more opponent
// discs run up to a disc of the mover.
func slowLegal(p, o uint64) uint64 {
	var m uint64
	for sq := range Squares {
		if (p|o)>>sq&1 != 0 {
			continue
		}
		if slowFlips(p, o, sq) != 0 {
			m |= 1 << sq
		}
	}
	return m
}

func slowFlips(p, o uint64, sq int) uint64 {
	var f uint64
	r0, c0 := sq/8, sq%8
	for dr := -1; dr <= 1; dr++ {
		for dc := -1; dc <= 1; dc++ {
			if dr == 0 && dc == 0 {
				continue
			}
			var line uint64
			r, c := r0+dr, c0+dc
			for r >= 0 && r < 8 && c >= 0 && c < 8 && o>>(r*8+c)&1 != 0 {
				line |= 1 << (r*8 + c)
				r, c = r+dr, c+dc
			}
			if line != 0 && r >= 0 && r < 8 && c >= 0 && c < 8 && p>>(r*8+c)&1 != 0 {
				f |= line
			}
		}
	}
	return f
}

// TestRandomGames plays complete random games of both variants and checks
// every move against the rule book: the legal squares, the discs flipped,
// the disc count (one more for the mover's side per placed disc plus the
// flips, the same number fewer for the opponent), the pass rule (a pass
// exactly when the mover has no square and the opponent has one) and the
// end rule (the game ends exactly when neither can move), then the winner.
func TestRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, g := range []Game{{}, {Suicide: true}} {
		t.Run(g.Name(), func(t *testing.T) {
			passes, games := 0, 2000
			if testing.Short() {
				games = 200
			}
			for range games {
				s := Start
				for ply := 0; ; ply++ {
					if ply > 200 {
						t.Fatalf("game longer than 200 moves at %v", s)
					}
					p, o := s.mover()
					want := slowLegal(p, o)
					if got := s.Legal(); got != want {
						t.Fatalf("at %v: legal squares %x, want %x", s, got, want)
					}
					ms := g.Moves(s, nil)
					oppCan := slowLegal(o, p) != 0
					switch {
					case want == 0 && !oppCan:
						if len(ms) != 0 || !g.Terminal(s) {
							t.Fatalf("at %v: nobody can move, got moves %v and terminal %v, want none and true", s, ms, g.Terminal(s))
						}
					case want == 0:
						if len(ms) != 1 || ms[0] != Pass || g.Terminal(s) {
							t.Fatalf("at %v: got moves %v (terminal %v), want only a pass", s, ms, g.Terminal(s))
						}
					default:
						if len(ms) != bits.OnesCount64(want) || g.Terminal(s) {
							t.Fatalf("at %v: got %d moves (terminal %v), want %d", s, len(ms), g.Terminal(s), bits.OnesCount64(want))
						}
					}
					if len(ms) == 0 {
						break
					}
					m := ms[rng.IntN(len(ms))]
					b0, w0 := s.Discs()
					next := g.Result(s, m)
					b1, w1 := next.Discs()
					if next.WhiteToMove == s.WhiteToMove {
						t.Fatalf("at %v: move %s did not pass the turn", s, MoveString(m))
					}
					if m == Pass {
						passes++
						if b1 != b0 || w1 != w0 || next.Changed != 0 {
							t.Fatalf("at %v: a pass changed the board", s)
						}
					} else {
						f := bits.OnesCount64(slowFlips(p, o, int(m)))
						db, dw := f+1, -f
						if s.WhiteToMove {
							db, dw = -f, f+1
						}
						if b1-b0 != db || w1-w0 != dw || int(next.Changed) != f+1 {
							t.Fatalf("at %v: %s: discs %d–%d → %d–%d, changed %d; want %d flips", s, MoveString(m), b0, w0, b1, w1, next.Changed, f)
						}
						if next.Black&next.White != 0 {
							t.Fatalf("at %v: a square holds two discs", next)
						}
					}
					s = next
				}
				b, w := s.Discs()
				u := g.Utility(s)
				if g.Suicide {
					b, w = w, b
				}
				switch {
				case b > w && u != 1, w > b && u != -1, b == w && u != 0:
					t.Fatalf("at the end %v: utility %v for %d–%d (suicide %v)", s, u, b, w, g.Suicide)
				}
			}
			if passes == 0 {
				t.Errorf("no pass in %d random games; the test does not reach the pass rule", games)
			}
		})
	}
}

func TestParseRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	g := Game{}
	s := Start
	for range 40 {
		got, err := Parse(s.String())
		if err != nil || got.Black != s.Black || got.White != s.White || got.WhiteToMove != s.WhiteToMove {
			t.Fatalf("Parse(%q) = %v, %v; want %v", s.String(), got, err, s)
		}
		ms := g.Moves(s, nil)
		if len(ms) == 0 {
			break
		}
		s = g.Result(s, ms[rng.IntN(len(ms))])
	}
}

func TestParseErrors(t *testing.T) {
	row := "........"
	tests := []struct{ in, want string }{
		{strings.Repeat(row, 7), "56 squares"},
		{strings.Repeat(row, 8), "board is empty"},
		{"..z", "column 3: bad character 'z'"},
		{Start.Board() + " x o", "given twice"},
		{Start.Board() + " q", "after the 64 squares"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			_, err := Parse(tc.in)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "reversi: ") {
				t.Errorf("Parse(%q) error = %v, want one containing %q", tc.in, err, tc.want)
			}
		})
	}
}

func TestMoveNames(t *testing.T) {
	tests := []struct {
		m    search.Move
		want string
	}{{0, "a1"}, {7, "h1"}, {19, "d3"}, {63, "h8"}, {Pass, "pass"}, {-1, "?"}, {65, "?"}}
	for _, tc := range tests {
		if got := MoveString(tc.m); got != tc.want {
			t.Errorf("MoveString(%d) = %q, want %q", tc.m, got, tc.want)
		}
		if tc.want != "?" {
			if m, err := ParseMove(tc.want); err != nil || m != tc.m {
				t.Errorf("ParseMove(%q) = %d, %v; want %d", tc.want, m, err, tc.m)
			}
		}
	}
	// The four opening moves of black are d3, c4, f5 and e6.
	var names []string
	for _, m := range (Game{}).Moves(Start, nil) {
		names = append(names, MoveString(m))
	}
	if got := strings.Join(names, " "); got != "d3 c4 f5 e6" {
		t.Errorf("opening moves %q, want %q", got, "d3 c4 f5 e6")
	}
}

func TestToMove(t *testing.T) {
	g := Game{}
	if got := g.ToMove(Start); got != trace.Max {
		t.Errorf("ToMove(start) = %v, want MAX (black)", got)
	}
	if got := g.ToMove(g.Result(Start, 19)); got != trace.Min {
		t.Errorf("ToMove after d3 = %v, want MIN (white)", got)
	}
}

// TestAlphaBetaAgreesWithMinimax searches random midgame positions of
// both variants to depth 3 and checks that alpha-beta's root value is
// minimax's.
func TestAlphaBetaAgreesWithMinimax(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	ev, err := ParseEvaluation("discs:1,mobility:2,corners:10", "")
	if err != nil {
		t.Fatal(err)
	}
	for i := range 60 {
		g := Game{Suicide: i%2 == 1}
		g.Win, g.Loss = ev.Bound()+1, -ev.Bound()-1
		s := randomPosition(rng, g, 4+rng.IntN(40))
		opt := search.Options[State]{Depth: 3, Eval: ev}
		mm, err1 := search.Minimax(g, s, opt, nil)
		ab, err2 := search.AlphaBeta(g, s, opt, nil)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if mm.Value != ab.Value {
			t.Fatalf("at %v: alpha-beta %v, minimax %v", s, ab.Value, mm.Value)
		}
	}
}

// randomPosition plays n random moves from the start (fewer if the game
// ends).
func randomPosition(rng *rand.Rand, g Game, n int) State {
	s := Start
	for range n {
		ms := g.Moves(s, nil)
		if len(ms) == 0 {
			break
		}
		s = g.Result(s, ms[rng.IntN(len(ms))])
	}
	return s
}
