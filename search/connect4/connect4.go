// Package connect4 is the rules of Connect Four (7 columns, 6 rows) for the
// abtrace engine, with a threat-based evaluation for depth-limited search.
//
// A State is a pair of bitboards passed by value; every method of Game is a
// few instructions and allocates nothing. x always starts and is MAX; o is
// MIN. A move (search.Move) is the column a disc is dropped into, 0..6 from
// the left, named "a".."g" as on a printed board.
//
// The bit of the cell in column c (0..6) and row r (0..5, from the bottom)
// is c·7 + r: each column has a seventh, always empty bit on top, so that
// shifting a board to find four in a row never runs from one column into
// the next.
package connect4

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/trace"
)

// Board size.
const (
	Columns = 7
	Rows    = 6
	// stride is the bits per column: Rows and one empty sentinel bit.
	stride = Rows + 1
	// Cells is the number of cells on the board.
	Cells = Columns * Rows
)

// column masks and the full board.
var (
	colMask [Columns]uint64 // the six cells of each column
	bottom  uint64          // the lowest cell of every column
	full    uint64          // every cell of the board
)

func init() {
	for c := range Columns {
		colMask[c] = (1<<Rows - 1) << (c * stride)
		bottom |= 1 << (c * stride)
		full |= colMask[c]
	}
}

// State is a position: bit c·7+r of X is set when the cell in column c, row
// r holds an x disc, of O when it holds an o. The zero value is the empty
// board, x to move.
type State struct{ X, O uint64 }

// mask is every occupied cell.
func (s State) mask() uint64 { return s.X | s.O }

// height is the number of discs in column c.
func (s State) height(c int) int { return bits.OnesCount64(s.mask() & colMask[c]) }

// xToMove reports whether x is to move: both sides have dropped as many
// discs.
func (s State) xToMove() bool { return bits.OnesCount64(s.X) == bits.OnesCount64(s.O) }

// fours reports whether the discs b hold four in a row in any direction:
// up a column (shift 1), along a row (shift 7) and along both diagonals
// (shifts 6 and 8). The sentinel row keeps the shifts inside the board.
func fours(b uint64) bool {
	for _, d := range [4]uint{1, stride, stride - 1, stride + 1} {
		m := b & (b >> d)
		if m&(m>>(2*d)) != 0 {
			return true
		}
	}
	return false
}

// Mirror returns the position reflected left to right: column c becomes
// column 6 − c. Connect Four's rules are the same on the mirrored board, so
// both positions have the same value.
func (s State) Mirror() State {
	var m State
	for c := range Columns {
		shift := (Columns - 1 - 2*c) * stride
		if shift >= 0 {
			m.X |= (s.X & colMask[c]) << shift
			m.O |= (s.O & colMask[c]) << shift
		} else {
			m.X |= (s.X & colMask[c]) >> -shift
			m.O |= (s.O & colMask[c]) >> -shift
		}
	}
	return m
}

// Key is a number that identifies the position exactly (no two positions
// share one): per column, the x discs plus a single marker bit just above
// the top disc. It fits in 49 bits.
func (s State) Key() uint64 { return s.X + s.mask() + bottom }

// String returns the form Parse reads: the six rows from the top, separated
// by "/", each seven cells of "x", "o" or ".", e.g. the board after x plays
// the middle column: "......./......./......./......./......./...x...".
func (s State) String() string {
	var b strings.Builder
	for r := Rows - 1; r >= 0; r-- {
		for c := range Columns {
			bit := uint64(1) << (c*stride + r)
			switch {
			case s.X&bit != 0:
				b.WriteByte('x')
			case s.O&bit != 0:
				b.WriteByte('o')
			default:
				b.WriteByte('.')
			}
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	return b.String()
}

// Parse reads a position in one of two forms.
//
// Cells: six rows from the top, seven cells each of "x", "o" or "." (X and
// O too), rows separated by "/" or spaces, as String writes it. Discs must
// rest on discs (no hole below a disc), o must have as many discs as x or
// one fewer, and nobody may have moved after a four in a row was made.
//
// Moves: a string of column letters a..g (or digits 1..7) played in turn
// from the empty board, x first, such as "dd" or "4455". A column that is
// full or a move after the game is won is an error naming its place.
//
// Errors start with "connect4: " and give the column (1-based, counting
// characters) where a character is wrong.
func Parse(text string) (State, error) {
	t := strings.TrimSpace(text)
	if t == "" {
		return State{}, nil
	}
	if strings.ContainsAny(t, ".xXoO") {
		return parseCells(t)
	}
	return parseMoves(t)
}

func parseCells(text string) (State, error) {
	var s State
	n, col := 0, 0
	for _, ch := range text {
		col++
		if ch == '/' || ch == ' ' || ch == '\t' {
			continue
		}
		if n >= Cells {
			return State{}, fmt.Errorf("connect4: column %d: more than %d cells (6 rows of 7)", col, Cells)
		}
		r, c := Rows-1-n/Columns, n%Columns
		bit := uint64(1) << (c*stride + r)
		switch ch {
		case 'x', 'X':
			s.X |= bit
		case 'o', 'O':
			s.O |= bit
		case '.':
		default:
			return State{}, fmt.Errorf("connect4: column %d: bad character %q (want x, o or .)", col, ch)
		}
		n++
	}
	if n != Cells {
		return State{}, fmt.Errorf("connect4: %d cells, want %d (6 rows of 7 cells of x, o or ., from the top)", n, Cells)
	}
	if err := s.check(); err != nil {
		return State{}, err
	}
	return s, nil
}

func parseMoves(text string) (State, error) {
	var s State
	g := Game{}
	col := 0
	for _, ch := range text {
		col++
		var c int
		switch {
		case ch >= 'a' && ch <= 'g':
			c = int(ch - 'a')
		case ch >= 'A' && ch <= 'G':
			c = int(ch - 'A')
		case ch >= '1' && ch <= '7':
			c = int(ch - '1')
		case ch == ' ' || ch == ',':
			continue
		default:
			return State{}, fmt.Errorf("connect4: column %d: bad move %q (want a column a..g or 1..7)", col, ch)
		}
		if g.Terminal(s) {
			return State{}, fmt.Errorf("connect4: column %d: move %c after the game is over", col, ch)
		}
		if s.height(c) == Rows {
			return State{}, fmt.Errorf("connect4: column %d: column %s is full", col, MoveString(search.Move(c)))
		}
		s = g.Result(s, search.Move(c))
	}
	return s, nil
}

// check reports why s cannot arise in a game where x moves first.
func (s State) check() error {
	for c := range Columns {
		m := s.mask() & colMask[c] >> (c * stride)
		if m&(m+1) != 0 {
			return fmt.Errorf("connect4: column %s has a hole below a disc", MoveString(search.Move(c)))
		}
	}
	return search.AlternationError("connect4", bits.OnesCount64(s.X), bits.OnesCount64(s.O),
		fours(s.X), fours(s.O), "discs", "four in a row")
}

// MoveString names column m as a letter, "a" to "g" from the left; "?" for
// a number that is not a column.
func MoveString(m search.Move) string {
	if m < 0 || m >= Columns {
		return "?"
	}
	return string(rune('a' + m))
}

// ColumnName names column m by its number, "1" to "7" from the left, as
// people and the viewer name Connect Four's moves (Parse reads the
// numbers, and the letters MoveString writes); "?" for a number that is
// not a column.
func ColumnName(m search.Move) string {
	if m < 0 || m >= Columns {
		return "?"
	}
	return strconv.Itoa(int(m) + 1)
}

// Game is Connect Four for the engine. Win is the utility of a win for x
// (−Win for o); Win == 0 means 1, so the zero value scores +1 / 0 / −1.
// With a depth limit the command line uses Win = WinScore, above any value
// of the evaluation (see ThreatsBound).
type Game struct{ Win float64 }

// WinScore is the utility of a win used with a depth limit.
const WinScore = 1000

var _ search.Game[State] = Game{}

// ToMove returns trace.Max when x is to move and trace.Min when o is.
func (Game) ToMove(s State) trace.Kind {
	if s.xToMove() {
		return trace.Max
	}
	return trace.Min
}

// Moves appends the columns that are not full, left to right, and nothing
// when the game is over.
func (Game) Moves(s State, buf []search.Move) []search.Move {
	if fours(s.X) || fours(s.O) {
		return buf
	}
	m := s.mask()
	for c := range Columns {
		if m&colMask[c] != colMask[c] {
			buf = append(buf, search.Move(c))
		}
	}
	return buf
}

// Result drops the mover's disc into column m, which must not be full.
func (Game) Result(s State, m search.Move) State {
	c := int(m) % Columns
	// The lowest empty cell: adding the column's bottom bit to its discs
	// carries up to the first empty cell.
	mk := s.mask()
	bit := (mk + bottom) & ^mk & colMask[c]
	if s.xToMove() {
		s.X |= bit
	} else {
		s.O |= bit
	}
	return s
}

// Terminal reports whether someone has four in a row or the board is full.
func (Game) Terminal(s State) bool {
	return s.mask() == full || fours(s.X) || fours(s.O)
}

// Utility is +Win when x has four in a row, −Win when o has, else 0.
func (g Game) Utility(s State) float64 {
	w := g.Win
	if w == 0 {
		w = 1
	}
	switch {
	case fours(s.X):
		return w
	case fours(s.O):
		return -w
	}
	return 0
}

// Key identifies a position exactly (State.Key), for transposition tables.
func (Game) Key(s State) uint64 { return s.Key() }

// Symmetries is 2: the board and its mirror image.
func (Game) Symmetries() int { return 2 }

// Transform returns s under symmetry t: 0 is the identity, 1 the mirror.
func (Game) Transform(s State, t int) State {
	if t == 1 {
		return s.Mirror()
	}
	return s
}

// TransformMove maps a move at s to the same move at s under symmetry t:
// the mirror of column c is column 6 − c. The mirror is its own inverse.
func (Game) TransformMove(m search.Move, t int) search.Move {
	if t == 1 {
		return Columns - 1 - m
	}
	return m
}

// InverseMove undoes TransformMove.
func (g Game) InverseMove(m search.Move, t int) search.Move { return g.TransformMove(m, t) }

// MoveName names a move as people do: its column's number (ColumnName).
func (Game) MoveName(m search.Move) string { return ColumnName(m) }

// Fours returns the cells of every four in a row on the board, as column
// (0..6 from the left) and row (0..5 from the bottom) pairs, each cell
// once, left to right and bottom to top; nil when there is none. A game
// that is won has at least four.
func (s State) Fours() [][2]int {
	var cells uint64
	for _, b := range [2]uint64{s.X, s.O} {
		for _, d := range [4]uint{1, stride, stride - 1, stride + 1} {
			// m marks the lowest cell of every four along d; the four
			// are that cell and the next three along d.
			m := b & (b >> d)
			m &= m >> (2 * d)
			for k := range uint(4) {
				cells |= m << (k * d)
			}
		}
	}
	var out [][2]int
	for c := range Columns {
		for r := range Rows {
			if cells>>(c*stride+r)&1 != 0 {
				out = append(out, [2]int{c, r})
			}
		}
	}
	return out
}
