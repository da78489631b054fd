// Package minichess is a small chess game with captures for the abtrace
// engine: Gardner's 5×5 minichess (king, queen, rook, bishop, knight and
// pawns on a 5×5 board), with a material evaluation. It is the game on
// which the lecture shows the horizon effect and quiescence search: a
// fixed-depth search stops right after a capture and misses the recapture
// just beyond its depth.
//
// The rules are chess's, simplified as minichess courses do: pawns step one
// square forward and capture one square diagonally forward, and promote to
// a queen on the last rank; there is no castling, no double step and no en
// passant. Moves need not get the king out of check: the game ends when a
// king is captured (Utility ±WinScore, White being MAX), and a side with no
// move at all draws (0).
//
// A State is a 25-square board and the side to move, passed by value. A
// move (search.Move) is from·25 + to, squares counted a1 = 0, b1 = 1, …,
// e5 = 24; it is named in long algebraic notation ("Qd1xd3", "b2-b3").
package minichess

import (
	"math/rand/v2"
	"strings"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/trace"
)

// Board size.
const (
	Files   = 5
	Ranks   = 5
	Squares = Files * Ranks
)

// Piece is a square's content: 0 empty, 1..6 a white pawn, knight,
// bishop, rook, queen, king, and the negatives the black ones.
type Piece int8

// The pieces, white; a black piece is the negative.
const (
	Empty Piece = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// letters are the pieces' letters, white (upper case) by kind.
const letters = ".PNBRQK"

// Letter is the piece's letter as a position writes it: upper case for
// White, lower case for Black, "." for an empty square.
func (p Piece) Letter() byte {
	if p < 0 {
		return letters[-p] + 'a' - 'A'
	}
	return letters[p]
}

// figurines are the chess symbols for drawing a board, white then black.
var figurines = [2][7]string{
	{"", "♙", "♘", "♗", "♖", "♕", "♔"},
	{"", "♟", "♞", "♝", "♜", "♛", "♚"},
}

// Figurine is the piece's chess symbol ("♕", "♟"), "" for an empty square.
func (p Piece) Figurine() string {
	if p < 0 {
		return figurines[1][-p]
	}
	return figurines[0][p]
}

// State is a position: Board[r·5+f] holds the piece on file f (a = 0) and
// rank r+1; Black is true when Black is to move.
type State struct {
	Board [Squares]Piece
	Black bool
}

// Start is Gardner's opening position: White's rook, knight, bishop,
// queen and king on a1..e1 behind five pawns, Black's mirrored on rank 5.
const Start = "rnbqk/ppppp/5/PPPPP/RNBQK w"

// Horizon is the lecture's horizon position: White's queen can take the
// pawn on d3, which the pawn on e4 defends. A search that stops after
// Qd1xd3 counts a pawn won; one more ply shows the queen lost. A fixed
// depth of 1 plays Qd1xd3; quiescence search sees the recapture and keeps
// the queen.
const Horizon = "k4/4p/3p1/5/K2Q1 w"

// SquareName names square i ("a1" … "e5"); "?" outside the board.
func SquareName(i int) string {
	if i < 0 || i >= Squares {
		return "?"
	}
	return string([]byte{byte('a' + i%Files), byte('1' + i/Files)})
}

// from and to split a move.
func from(m search.Move) int { return int(m) / Squares }
func to(m search.Move) int   { return int(m) % Squares }

// MoveOf is the move from square f to square t.
func MoveOf(f, t int) search.Move { return search.Move(f*Squares + t) }

// MoveString names move m made at s in long algebraic notation: the
// piece's letter (none for a pawn), its square, "-" or "x" for a capture,
// the target, and "=Q" for a promotion: "Qd1xd3", "e2-e3", "d4xe5=Q".
func MoveString(s State, m search.Move) string {
	f, t := from(m), to(m)
	if m < 0 || f >= Squares {
		return "?"
	}
	p := s.Board[f]
	var b strings.Builder
	if k := abs(p); k > Pawn {
		b.WriteByte(letters[k])
	}
	b.WriteString(SquareName(f))
	if s.Board[t] != Empty {
		b.WriteByte('x')
	} else {
		b.WriteByte('-')
	}
	b.WriteString(SquareName(t))
	if promotes(p, t) {
		b.WriteString("=Q")
	}
	return b.String()
}

func abs(p Piece) Piece {
	if p < 0 {
		return -p
	}
	return p
}

// promotes reports whether piece p, arriving on square t, is a pawn that
// reaches its last rank.
func promotes(p Piece, t int) bool {
	return p == Pawn && t/Files == Ranks-1 || p == -Pawn && t/Files == 0
}

// WinScore is the utility of capturing the enemy king, above any material
// count (all of one side's pieces are worth at most 9·9 + … < 100).
const WinScore = 1000

// Game is minichess for the engine: White is MAX.
type Game struct{}

var _ search.Game[State] = Game{}

// ToMove is trace.Max when White is to move, trace.Min when Black is.
func (Game) ToMove(s State) trace.Kind {
	if s.Black {
		return trace.Min
	}
	return trace.Max
}

// Direction steps as (file, rank) pairs.
var (
	rookDirs   = [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}
	bishopDirs = [][2]int{{1, 1}, {1, -1}, {-1, -1}, {-1, 1}}
	queenDirs  = append(append([][2]int{}, rookDirs...), bishopDirs...)
	knightJump = [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
)

// Moves appends the moves of the side to move: square by square from a1
// to e5, and for each piece its targets direction by direction (up, right,
// down, left, then the diagonals up-right, down-right, down-left,
// up-left), nearest first. Nothing when the game is over.
func (g Game) Moves(s State, buf []search.Move) []search.Move {
	if kingGone(s) {
		return buf
	}
	return moves(s, buf, false)
}

// Captures appends only the moves that capture, in the order of Moves:
// what quiescence search looks at.
func (Game) Captures(s State, buf []search.Move) []search.Move {
	if kingGone(s) {
		return buf
	}
	return moves(s, buf, true)
}

// Noisy reports whether move m at s captures a piece: the moves that
// quiescence search follows past the depth limit.
func (Game) Noisy(s State, m search.Move) bool { return s.Board[to(m)] != Empty }

// moves generates the pseudo-legal moves of the side to move (only
// captures when captures is set).
func moves(s State, buf []search.Move, captures bool) []search.Move {
	sign := Piece(1)
	if s.Black {
		sign = -1
	}
	for sq := range Squares {
		p := s.Board[sq] * sign
		if p <= 0 {
			continue
		}
		f, r := sq%Files, sq/Files
		// add adds the move to (tf, tr) if the square is on the board and
		// not the mover's own, and reports whether a slider may go on.
		add := func(tf, tr int, quiet, capture bool) bool {
			if tf < 0 || tf >= Files || tr < 0 || tr >= Ranks {
				return false
			}
			t := tr*Files + tf
			q := s.Board[t] * sign
			switch {
			case q == 0:
				if quiet && !captures {
					buf = append(buf, MoveOf(sq, t))
				}
				return true
			case q < 0 && capture:
				buf = append(buf, MoveOf(sq, t))
			}
			return false
		}
		switch p {
		case Pawn:
			dr := 1
			if s.Black {
				dr = -1
			}
			add(f, r+dr, true, false)
			add(f+1, r+dr, false, true)
			add(f-1, r+dr, false, true)
		case Knight:
			for _, d := range knightJump {
				add(f+d[0], r+d[1], true, true)
			}
		case King:
			for _, d := range queenDirs {
				add(f+d[0], r+d[1], true, true)
			}
		default:
			dirs := queenDirs
			if p == Rook {
				dirs = rookDirs
			} else if p == Bishop {
				dirs = bishopDirs
			}
			for _, d := range dirs {
				for k := 1; add(f+k*d[0], r+k*d[1], true, true); k++ {
				}
			}
		}
	}
	return buf
}

// Result makes move m at s: the piece moves (a pawn reaching its last rank
// becomes a queen), whatever stood on the target is captured, and the
// other side is to move.
func (Game) Result(s State, m search.Move) State {
	f, t := from(m), to(m)
	p := s.Board[f]
	if promotes(p, t) {
		p *= Queen
	}
	s.Board[t], s.Board[f] = p, Empty
	s.Black = !s.Black
	return s
}

// kingGone reports whether a king has been captured.
func kingGone(s State) bool {
	w, b := false, false
	for _, p := range s.Board {
		w = w || p == King
		b = b || p == -King
	}
	return !w || !b
}

// Terminal reports whether a king has been captured or the side to move
// has no move.
func (Game) Terminal(s State) bool {
	if kingGone(s) {
		return true
	}
	var buf [64]search.Move
	return len(moves(s, buf[:0], false)) == 0
}

// Utility is +WinScore when Black's king is gone, −WinScore when White's
// is, and 0 (a draw) when the side to move cannot move.
func (Game) Utility(s State) float64 {
	w, b := false, false
	for _, p := range s.Board {
		w = w || p == King
		b = b || p == -King
	}
	switch {
	case !b:
		return WinScore
	case !w:
		return -WinScore
	}
	return 0
}

// MoveName names move m at s (MoveString).
func (Game) MoveName(s State, m search.Move) string { return MoveString(s, m) }

// zobrist holds a random number per piece and square and one for Black to
// move, from a fixed seed, so that keys are the same in every run.
var zobrist = func() (z [13][Squares]uint64) {
	r := rand.New(rand.NewPCG(0x6d696e69, 0x63686573))
	for p := range z {
		for sq := range z[p] {
			z[p][sq] = r.Uint64()
		}
	}
	return z
}()

// Key is the position's Zobrist key: the exclusive or of one fixed random
// number per piece and square (and one for Black to move). Two positions
// share a key with a chance of about 2⁻⁶⁴ per pair, far below anything a
// classroom search meets.
func (Game) Key(s State) uint64 {
	var k uint64
	for sq, p := range s.Board {
		if p != Empty {
			k ^= zobrist[p+6][sq]
		}
	}
	if s.Black {
		k ^= zobrist[6][0]
	}
	return k
}

// Symmetries is 2: the position and its mirror image (files a and e
// swapped). Without castling the rules do not tell the two apart.
func (Game) Symmetries() int { return 2 }

// mirror is square sq reflected across the c file.
func mirror(sq int) int { return sq/Files*Files + Files - 1 - sq%Files }

// Transform returns s under symmetry t: 0 is the identity, 1 the mirror.
func (Game) Transform(s State, t int) State {
	if t != 1 {
		return s
	}
	var m State
	m.Black = s.Black
	for sq, p := range s.Board {
		m.Board[mirror(sq)] = p
	}
	return m
}

// TransformMove maps a move at s to the same move at Transform(s, t).
func (Game) TransformMove(m search.Move, t int) search.Move {
	if t != 1 {
		return m
	}
	return MoveOf(mirror(from(m)), mirror(to(m)))
}

// InverseMove undoes TransformMove (the mirror is its own inverse).
func (g Game) InverseMove(m search.Move, t int) search.Move { return g.TransformMove(m, t) }
