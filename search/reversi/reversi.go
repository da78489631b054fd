// Package reversi is Reversi (Othello) on the 8×8 board for the abtrace
// engine, in two variants: the usual game, where whoever ends with more
// discs wins, and suicide Reversi, where whoever ends with fewer discs wins.
// The rules are the same in both; only the utility differs.
//
// A State is a pair of bitboards passed by value. Moves are generated with
// shifts of whole bitboards (eight directions, six steps each), so a
// position's moves cost a few dozen instructions and no allocation.
//
// Black moves first and is MAX; white is MIN. Squares are numbered 0..63
// row by row from the top-left corner, columns a..h from the left and rows
// 1..8 from the top, as Othello players write them: square 0 is a1, square
// 7 is h1, square 63 is h8. A move (search.Move) is the number of the
// square the mover places a disc on, or Pass when the mover has no legal
// square but the opponent still has one. The game ends when neither side
// can move.
package reversi

import (
	"fmt"
	"math/bits"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/trace"
)

// Squares is the number of squares on the board.
const Squares = 64

// Pass is the move of a player who has no legal square while the opponent
// has one. It changes nothing but the player to move.
const Pass search.Move = Squares

// State is a position: bit i of Black is set when square i holds a black
// disc, bit i of White when it holds a white one; Black&White is zero.
// WhiteToMove says who moves. Changed is the number of squares the move
// that led here changed (the disc placed and the discs it flipped; 0 for a
// pass and for a position given by Parse): the novelty feature reads it.
type State struct {
	Black, White uint64
	WhiteToMove  bool
	Changed      uint8
}

// Start is the opening position: white on d4 and e5, black on e4 and d5,
// black to move.
var Start = State{Black: 1<<28 | 1<<35, White: 1<<27 | 1<<36}

// Column masks: every square not in column a, and not in column h.
const (
	notA uint64 = 0xfefefefefefefefe
	notH uint64 = 0x7f7f7f7f7f7f7f7f
)

// Corner and edge masks.
const (
	corners uint64 = 1 | 1<<7 | 1<<56 | 1<<63
	// edges are the squares on the border that are not corners (24).
	edges uint64 = (0xff | 0xff<<56 | 0x0101010101010101 | 0x8080808080808080) &^ corners
)

// The eight directions: a shift that moves every disc one square that way,
// clearing what wraps around a side.
func east(b uint64) uint64      { return b << 1 & notA }
func west(b uint64) uint64      { return b >> 1 & notH }
func south(b uint64) uint64     { return b << 8 }
func north(b uint64) uint64     { return b >> 8 }
func southEast(b uint64) uint64 { return b << 9 & notA }
func southWest(b uint64) uint64 { return b << 7 & notH }
func northEast(b uint64) uint64 { return b >> 7 & notA }
func northWest(b uint64) uint64 { return b >> 9 & notH }

var dirs = [8]func(uint64) uint64{east, west, south, north, southEast, southWest, northEast, northWest}

// legal returns the squares where the player with discs p may place a disc
// against the opponent's discs o: empty squares from which a line of one or
// more of o's discs runs to one of p's.
func legal(p, o uint64) uint64 {
	empty := ^(p | o)
	var m uint64
	for _, d := range dirs {
		x := d(p) & o
		x |= d(x) & o
		x |= d(x) & o
		x |= d(x) & o
		x |= d(x) & o
		x |= d(x) & o
		m |= d(x) & empty
	}
	return m
}

// flips returns the discs of o that a disc of p placed on square sq turns.
func flips(p, o uint64, sq int) uint64 {
	var f uint64
	from := uint64(1) << sq
	for _, d := range dirs {
		var line uint64
		x := d(from)
		for x&o != 0 {
			line |= x
			x = d(x)
		}
		if x&p != 0 {
			f |= line
		}
	}
	return f
}

// mover returns the discs of the player to move and of the opponent.
func (s State) mover() (p, o uint64) {
	if s.WhiteToMove {
		return s.White, s.Black
	}
	return s.Black, s.White
}

// Legal returns the squares the player to move may place a disc on, as a
// bitboard.
func (s State) Legal() uint64 {
	p, o := s.mover()
	return legal(p, o)
}

// OpponentLegal returns the squares the other player could place a disc
// on if it were to move.
func (s State) OpponentLegal() uint64 {
	p, o := s.mover()
	return legal(o, p)
}

// Over reports whether neither player can move.
func (s State) Over() bool {
	return legal(s.Black, s.White) == 0 && legal(s.White, s.Black) == 0
}

// Discs returns the number of black and of white discs.
func (s State) Discs() (black, white int) {
	return bits.OnesCount64(s.Black), bits.OnesCount64(s.White)
}

// String returns the form Parse reads: 64 characters row by row from a1,
// "x" for black, "o" for white and "." for empty, then a space and the
// player to move ("x" or "o").
func (s State) String() string {
	b := make([]byte, Squares+2)
	s.board(b)
	b[Squares] = ' '
	b[Squares+1] = 'x'
	if s.WhiteToMove {
		b[Squares+1] = 'o'
	}
	return string(b)
}

// Board returns the 64 squares alone, as String writes them: the drawing
// of a node in the tree.
func (s State) Board() string {
	b := make([]byte, Squares)
	s.board(b)
	return string(b)
}

func (s State) board(b []byte) {
	for i := range Squares {
		switch {
		case s.Black>>i&1 != 0:
			b[i] = 'x'
		case s.White>>i&1 != 0:
			b[i] = 'o'
		default:
			b[i] = '.'
		}
	}
}

// Parse reads a position: 64 squares row by row from a1, each "x" (black),
// "o" (white) or "." (X, O, b, w, B and W are accepted too), optionally
// followed by the player to move, "x" or "o" (default black), after a
// space, a colon or a semicolon. Spaces and "/" may separate the rows.
// "start" is the opening position.
//
// Errors start with "reversi: " and say what is wrong; a bad character is
// named with its column (1-based, counting every character).
func Parse(text string) (State, error) {
	if text == "start" || text == "" {
		return Start, nil
	}
	var s State
	n, col := 0, 0
	turnSet := false
	for _, c := range text {
		col++
		if n == Squares {
			switch c {
			case ' ', '\t', ':', ';', '/':
				continue
			case 'x', 'X', 'b', 'B':
				if turnSet {
					return State{}, fmt.Errorf("reversi: column %d: the player to move is given twice", col)
				}
				turnSet = true
				continue
			case 'o', 'O', 'w', 'W':
				if turnSet {
					return State{}, fmt.Errorf("reversi: column %d: the player to move is given twice", col)
				}
				s.WhiteToMove, turnSet = true, true
				continue
			}
			return State{}, fmt.Errorf("reversi: column %d: %q after the 64 squares (want the player to move, x or o)", col, c)
		}
		if c == '/' || c == ' ' || c == '\t' {
			continue
		}
		bit := uint64(1) << n
		switch c {
		case 'x', 'X', 'b', 'B':
			s.Black |= bit
		case 'o', 'O', 'w', 'W':
			s.White |= bit
		case '.', '-':
		default:
			return State{}, fmt.Errorf("reversi: column %d: bad character %q (want x, o or .)", col, c)
		}
		n++
	}
	if n != Squares {
		return State{}, fmt.Errorf("reversi: %d squares, want %d (x, o or ., row by row from a1)", n, Squares)
	}
	if s.Black|s.White == 0 {
		return State{}, fmt.Errorf("reversi: the board is empty; a game starts from four discs (write start for the opening)")
	}
	return s, nil
}

// MoveName names move m as MoveString does (the Monte-Carlo search's
// playouts name their moves so).
func (Game) MoveName(_ State, m search.Move) string { return MoveString(m) }

// MoveString names square m as Othello players write it: column a..h
// from the left and row 1..8 from the top ("d3"), "pass" for Pass and "?"
// for anything else.
func MoveString(m search.Move) string {
	switch {
	case m == Pass:
		return "pass"
	case m < 0 || m > Pass:
		return "?"
	}
	return string([]byte{'a' + byte(m%8), '1' + byte(m/8)})
}

// ParseMove reads a square as MoveString writes it ("d3", "pass").
func ParseMove(text string) (search.Move, error) {
	if text == "pass" {
		return Pass, nil
	}
	if len(text) == 2 && text[0] >= 'a' && text[0] <= 'h' && text[1] >= '1' && text[1] <= '8' {
		return search.Move(int(text[1]-'1')*8 + int(text[0]-'a')), nil
	}
	return 0, fmt.Errorf("reversi: %q is not a square (want a1..h8 or pass)", text)
}

// Game is Reversi for the engine. With Suicide set, whoever has fewer
// discs at the end wins. Win and Loss are the utilities of a black win and
// of a white win (a draw is worth their mean); both zero means +1 and −1.
// A depth-limited search must set them beyond every value its evaluation
// takes (see Evaluator.Bound), so that a real win outranks every estimate.
//
// Game satisfies search.Game[State].
type Game struct {
	Suicide   bool
	Win, Loss float64
}

var _ search.Game[State] = Game{}

// Name returns "reversi" or "suicide-reversi".
func (g Game) Name() string {
	if g.Suicide {
		return "suicide-reversi"
	}
	return "reversi"
}

// ToMove returns trace.Max when black is to move and trace.Min when white is.
func (Game) ToMove(s State) trace.Kind {
	if s.WhiteToMove {
		return trace.Min
	}
	return trace.Max
}

// Moves appends the legal squares in ascending order, or Pass when there
// is none but the opponent can move, and nothing at the end of the game.
func (Game) Moves(s State, buf []search.Move) []search.Move {
	p, o := s.mover()
	m := legal(p, o)
	if m == 0 {
		if legal(o, p) != 0 {
			buf = append(buf, Pass)
		}
		return buf
	}
	for ; m != 0; m &= m - 1 {
		buf = append(buf, search.Move(bits.TrailingZeros64(m)))
	}
	return buf
}

// Result returns s after move m: the disc placed and every line it
// closes flipped, or for Pass only the turn passed. m must be one of
// Moves(s).
func (Game) Result(s State, m search.Move) State {
	if m == Pass {
		s.WhiteToMove = !s.WhiteToMove
		s.Changed = 0
		return s
	}
	p, o := s.mover()
	sq := int(m) & 63
	f := flips(p, o, sq)
	p |= f | 1<<sq
	o &^= f
	if s.WhiteToMove {
		s.White, s.Black = p, o
	} else {
		s.Black, s.White = p, o
	}
	s.WhiteToMove = !s.WhiteToMove
	s.Changed = uint8(bits.OnesCount64(f) + 1)
	return s
}

// Terminal reports whether neither player can move.
func (Game) Terminal(s State) bool { return s.Over() }

// Utility returns Win when black has won, Loss when white has, and their
// mean for a draw. In Reversi the side with more discs wins; in suicide
// Reversi the side with fewer.
func (g Game) Utility(s State) float64 {
	win, loss := g.Win, g.Loss
	if win == 0 && loss == 0 {
		win, loss = 1, -1
	}
	b, w := s.Discs()
	if g.Suicide {
		b, w = w, b
	}
	switch {
	case b > w:
		return win
	case w > b:
		return loss
	}
	return (win + loss) / 2
}
