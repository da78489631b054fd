package minichess

import (
	"fmt"
	"strings"
)

// MaxPositionText bounds the length of a position's text, far above the
// longest position (25 letters, 4 separators and the side to move).
const MaxPositionText = 1 << 10

// String writes the position as Parse reads it: the ranks from 5 down to
// 1 separated by "/", each a run of piece letters (White upper case,
// Black lower case) and digits counting empty squares, then " w" or " b"
// for the side to move: Start is "rnbqk/ppppp/5/PPPPP/RNBQK w".
func (s State) String() string {
	var b strings.Builder
	for r := Ranks - 1; r >= 0; r-- {
		empty := 0
		for f := range Files {
			p := s.Board[r*Files+f]
			if p == Empty {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(p.Letter())
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	if s.Black {
		b.WriteString(" b")
	} else {
		b.WriteString(" w")
	}
	return b.String()
}

// ParseError is a position that cannot be read: what is wrong and where
// (line and column from 1, counting characters; 0 when the whole position
// is at fault).
type ParseError struct {
	Line, Col int
	Msg       string
}

func (e *ParseError) Error() string {
	if e.Line == 0 {
		return "minichess: " + e.Msg
	}
	return fmt.Sprintf("minichess: line %d, column %d: %s", e.Line, e.Col, e.Msg)
}

// Parse reads a position: five ranks from rank 5 (Black's side) down to
// rank 1, separated by "/" or line breaks, each of five squares written
// as piece letters (K Q R B N P for White, k q r b n p for Black) and
// digits 1–5 for runs of empty squares, as in chess's FEN; then,
// optionally, "w" or "b" for the side to move (White when left out).
// "start" (or an empty text) is Gardner's opening position, Start;
// "horizon" is the lecture's horizon position, Horizon.
//
// Each side must have exactly one king, and no pawn may stand on the rank
// where it would have promoted. Errors start with "minichess: " and give
// the line and column of the character at fault.
func Parse(text string) (State, error) {
	switch strings.ToLower(strings.TrimSpace(text)) {
	case "", "start":
		text = Start
	case "horizon":
		text = Horizon
	}
	if len(text) > MaxPositionText {
		return State{}, &ParseError{Msg: fmt.Sprintf("the position is %d bytes long, more than the limit of %d", len(text), MaxPositionText)}
	}
	var s State
	line, col := 1, 0
	rank, file := Ranks-1, 0 // where the next square goes
	side := false            // the side to move was given
	kings := [2]int{}
	endRank := func() error {
		if file != Files {
			return &ParseError{line, col, fmt.Sprintf("rank %d has %d squares, want %d", rank+1, file, Files)}
		}
		rank, file = rank-1, 0
		return nil
	}
	for _, ch := range text {
		col++
		switch {
		case ch == '\n':
			if rank >= 0 && file > 0 {
				if err := endRank(); err != nil {
					return State{}, err
				}
			}
			line, col = line+1, 0
			continue
		case ch == ' ' || ch == '\t' || ch == '\r':
			continue
		case side:
			return State{}, &ParseError{line, col, fmt.Sprintf("unexpected %q after the side to move", ch)}
		case ch == '/':
			if rank < 0 {
				return State{}, &ParseError{line, col, fmt.Sprintf("more than %d ranks", Ranks)}
			}
			if err := endRank(); err != nil {
				return State{}, err
			}
			continue
		}
		if rank < 0 || rank == 0 && file == Files {
			// All five ranks are read: what follows is the side to move.
			if rank == 0 {
				rank, file = -1, 0
			}
			switch ch {
			case 'w', 'W':
			case 'b', 'B':
				s.Black = true
			default:
				return State{}, &ParseError{line, col, fmt.Sprintf("bad side to move %q (want w or b after the %d ranks)", ch, Ranks)}
			}
			side = true
			continue
		}
		if (ch == 'w' || ch == 'W') && (file == 0 || file == Files) {
			n := Ranks - 1 - rank
			if file == Files {
				n++
			}
			return State{}, &ParseError{line, col, fmt.Sprintf("only %d ranks before the side to move, want %d", n, Ranks)}
		}
		if ch >= '1' && ch <= '5' {
			n := int(ch - '0')
			if file+n > Files {
				return State{}, &ParseError{line, col, fmt.Sprintf("rank %d has more than %d squares", rank+1, Files)}
			}
			file += n
			continue
		}
		i := strings.IndexRune(letters, ch)
		black := false
		if i < 0 {
			i = strings.IndexRune(letters, ch-'a'+'A')
			black = ch >= 'a' && ch <= 'z'
			if !black {
				i = -1
			}
		}
		if i <= 0 {
			return State{}, &ParseError{line, col, fmt.Sprintf("bad character %q (want K Q R B N P, k q r b n p, a digit 1-5, / or w/b)", ch)}
		}
		if file >= Files {
			return State{}, &ParseError{line, col, fmt.Sprintf("rank %d has more than %d squares", rank+1, Files)}
		}
		p := Piece(i)
		if p == Pawn && (!black && rank == Ranks-1 || black && rank == 0) {
			return State{}, &ParseError{line, col, fmt.Sprintf("a pawn on %s, the rank where it would have become a queen", SquareName(rank*Files+file))}
		}
		if p == King {
			k := 0
			if black {
				k = 1
			}
			if kings[k]++; kings[k] > 1 {
				return State{}, &ParseError{line, col, fmt.Sprintf("a second %s king on %s", sideName(black), SquareName(rank*Files+file))}
			}
		}
		if black {
			p = -p
		}
		s.Board[rank*Files+file] = p
		file++
	}
	if file == Files {
		rank, file = rank-1, 0
	}
	if rank >= 0 {
		if file > 0 {
			return State{}, &ParseError{line, col, fmt.Sprintf("rank %d has %d squares, want %d", rank+1, file, Files)}
		}
		return State{}, &ParseError{line, col, fmt.Sprintf("only %d ranks, want %d (from rank 5 down to rank 1)", Ranks-1-rank, Ranks)}
	}
	for k, n := range kings {
		if n == 0 {
			return State{}, &ParseError{Msg: fmt.Sprintf("%s has no king", sideName(k == 1))}
		}
	}
	return s, nil
}

func sideName(black bool) string {
	if black {
		return "Black"
	}
	return "White"
}
