package minichess

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/trace"
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
	// Say is Msg as a phrase of English, for a page to word in its
	// language.
	Say trace.Phrase
}

// English holds the messages of ParseError by ID, in English: the source
// the i18n package's German and Czech catalogs translate. Got is what was
// found (quoted), Max and Want numbers, Rank a rank's number, Square a
// square's name ("c5"). A message about a side has one ID per side, since
// languages write the side differently in each sentence.
var English = map[string]trace.Message{
	"minichess.err.long":             {Other: "the position is {{.Got}} bytes long, more than the limit of {{.Max}}"},
	"minichess.err.squares":          {Other: "rank {{.Rank}} has {{.Got}} squares, want {{.Want}}"},
	"minichess.err.after-side":       {Other: "unexpected {{.Got}} after the side to move"},
	"minichess.err.ranks-more":       {Other: "more than {{.Max}} ranks"},
	"minichess.err.side":             {Other: "bad side to move {{.Got}} (want w or b after the {{.Want}} ranks)"},
	"minichess.err.ranks-side":       {Other: "only {{.Got}} ranks before the side to move, want {{.Want}}"},
	"minichess.err.wide":             {Other: "rank {{.Rank}} has more than {{.Max}} squares"},
	"minichess.err.char":             {Other: "bad character {{.Got}} (want K Q R B N P, k q r b n p, a digit 1-5, / or w/b)"},
	"minichess.err.pawn":             {Other: "a pawn on {{.Square}}, the rank where it would have become a queen"},
	"minichess.err.ranks":            {Other: "only {{.Got}} ranks, want {{.Want}} (from rank 5 down to rank 1)"},
	"minichess.err.king-twice.white": {Other: "a second White king on {{.Square}}"},
	"minichess.err.king-twice.black": {Other: "a second Black king on {{.Square}}"},
	"minichess.err.no-king.white":    {Other: "White has no king"},
	"minichess.err.no-king.black":    {Other: "Black has no king"},
	"minichess.err.eval":             {Other: "unknown evaluation {{.Got}} (want {{.Want}})"},
}

// parseErr is a ParseError at line and column (0, 0: the whole text)
// worded from English[id] with the arguments kv (name, value, …), each
// written with fmt.Sprint.
func parseErr(line, col int, id string, kv ...any) *ParseError {
	p := trace.Phrase{ID: id, Args: map[string]any{}}
	for i := 0; i+1 < len(kv); i += 2 {
		p.Args[kv[i].(string)] = fmt.Sprint(kv[i+1])
	}
	return &ParseError{Line: line, Col: col, Msg: p.WordIn(English), Say: p}
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
		return State{}, parseErr(0, 0, "minichess.err.long", "Got", len(text), "Max", MaxPositionText)
	}
	r := reader{line: 1, rank: Ranks - 1}
	for _, ch := range text {
		r.col++
		if err := r.char(ch); err != nil {
			return State{}, err
		}
	}
	if err := r.end(); err != nil {
		return State{}, err
	}
	return r.s, nil
}

// reader reads a position's text a character at a time.
type reader struct {
	s          State
	line, col  int    // where the last character stands
	rank, file int    // where the next square goes
	side       bool   // the side to move was given
	kings      [2]int // kings read, White's and Black's
}

// char reads the character ch.
func (r *reader) char(ch rune) error {
	switch {
	case ch == '\n':
		if r.rank >= 0 && r.file > 0 {
			if err := r.endRank(); err != nil {
				return err
			}
		}
		r.line, r.col = r.line+1, 0
		return nil
	case ch == ' ' || ch == '\t' || ch == '\r':
		return nil
	case r.side:
		return parseErr(r.line, r.col, "minichess.err.after-side", "Got", strconv.QuoteRune(ch))
	case ch == '/':
		if r.rank < 0 {
			return parseErr(r.line, r.col, "minichess.err.ranks-more", "Max", Ranks)
		}
		return r.endRank()
	}
	if r.rank < 0 || r.rank == 0 && r.file == Files {
		return r.sideToMove(ch)
	}
	if (ch == 'w' || ch == 'W') && (r.file == 0 || r.file == Files) {
		n := Ranks - 1 - r.rank
		if r.file == Files {
			n++
		}
		return parseErr(r.line, r.col, "minichess.err.ranks-side", "Got", n, "Want", Ranks)
	}
	if ch >= '1' && ch <= '5' {
		n := int(ch - '0')
		if r.file+n > Files {
			return parseErr(r.line, r.col, "minichess.err.wide", "Rank", r.rank+1, "Max", Files)
		}
		r.file += n
		return nil
	}
	return r.piece(ch)
}

// endRank ends the rank being read, which must be full.
func (r *reader) endRank() error {
	if r.file != Files {
		return parseErr(r.line, r.col, "minichess.err.squares", "Rank", r.rank+1, "Got", r.file, "Want", Files)
	}
	r.rank, r.file = r.rank-1, 0
	return nil
}

// sideToMove reads ch, after all five ranks, as the side to move.
func (r *reader) sideToMove(ch rune) error {
	if r.rank == 0 {
		r.rank, r.file = -1, 0
	}
	switch ch {
	case 'w', 'W':
	case 'b', 'B':
		r.s.Black = true
	default:
		return parseErr(r.line, r.col, "minichess.err.side", "Got", strconv.QuoteRune(ch), "Want", Ranks)
	}
	r.side = true
	return nil
}

// piece reads ch as a piece's letter on the next square.
func (r *reader) piece(ch rune) error {
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
		return parseErr(r.line, r.col, "minichess.err.char", "Got", strconv.QuoteRune(ch))
	}
	if r.file >= Files {
		return parseErr(r.line, r.col, "minichess.err.wide", "Rank", r.rank+1, "Max", Files)
	}
	sq := r.rank*Files + r.file
	p := Piece(i)
	if p == Pawn && (!black && r.rank == Ranks-1 || black && r.rank == 0) {
		return parseErr(r.line, r.col, "minichess.err.pawn", "Square", SquareName(sq))
	}
	if p == King {
		k := 0
		if black {
			k = 1
		}
		if r.kings[k]++; r.kings[k] > 1 {
			return parseErr(r.line, r.col, "minichess.err.king-twice."+sideKey(black), "Square", SquareName(sq))
		}
	}
	if black {
		p = -p
	}
	r.s.Board[sq] = p
	r.file++
	return nil
}

// end checks, after the last character, that every rank was read and both
// kings are on the board.
func (r *reader) end() error {
	if r.file == Files {
		r.rank, r.file = r.rank-1, 0
	}
	if r.rank >= 0 {
		if r.file > 0 {
			return parseErr(r.line, r.col, "minichess.err.squares", "Rank", r.rank+1, "Got", r.file, "Want", Files)
		}
		return parseErr(r.line, r.col, "minichess.err.ranks", "Got", Ranks-1-r.rank, "Want", Ranks)
	}
	for k, n := range r.kings {
		if n == 0 {
			return parseErr(0, 0, "minichess.err.no-king."+sideKey(k == 1))
		}
	}
	return nil
}

// sideKey is the part of a message ID that names a side.
func sideKey(black bool) string {
	if black {
		return "black"
	}
	return "white"
}
