// Package tictactoe is the rules of tic-tac-toe for the abtrace engine, with
// the evaluation functions lecturers use for depth-limited search.
//
// A State is a pair of bitboards passed by value. Every method of Game is a
// few instructions and allocates nothing, so that the untraced engine can
// walk the full game tree (549,946 nodes from the empty board) quickly.
//
// x always starts and is MAX; o is MIN. Cells are numbered 0..8 row by row
// from the top-left corner:
//
//	0 1 2      a1 b1 c1
//	3 4 5      a2 b2 c2
//	6 7 8      a3 b3 c3
//
// A move (search.Move) is the number of the cell the mover marks.
package tictactoe

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/trace"
)

// Cells is the number of cells on the board.
const Cells = 9

// full has a bit set for every cell.
const full uint16 = 1<<Cells - 1

// State is a position: bit i of X is set when cell i holds an x, bit i of O
// when it holds an o. Bits 9..15 are always zero, and X&O is always zero.
// The zero value is the empty board, x to move.
type State struct{ X, O uint16 }

// lines are the eight rows, columns and diagonals as cell masks.
var lines = [8]uint16{
	0b000_000_111, 0b000_111_000, 0b111_000_000, // rows
	0b001_001_001, 0b010_010_010, 0b100_100_100, // columns
	0b100_010_001, 0b001_010_100, // diagonals
}

// won[b] reports whether the marks b (9 bits) contain a full line.
var won = func() (t [1 << Cells]bool) {
	for b := range t {
		for _, l := range lines {
			if uint16(b)&l == l {
				t[b] = true
			}
		}
	}
	return t
}()

// wins reports whether the marks b contain three in a row.
func wins(b uint16) bool { return won[b&full] }

// cellsOf[b] lists the cells of the mask b (9 bits) in ascending order;
// cellCount[b] is how many there are, and even[b] whether that is even.
var cellsOf, cellCount, even = func() (l [1 << Cells][Cells]search.Move, n [1 << Cells]uint8, ev [1 << Cells]bool) {
	for b := range l {
		for e := uint16(b); e != 0; e &= e - 1 {
			l[b][n[b]] = search.Move(bits.TrailingZeros16(e))
			n[b]++
		}
		ev[b] = n[b]%2 == 0
	}
	return l, n, ev
}()

// xToMove reports whether x is to move: x and o have placed as many marks,
// that is (as o never has more marks than x) an even number in all.
func (s State) xToMove() bool { return even[(s.X|s.O)&full] }

// String returns the nine-character form Parse reads, row by row from the
// top-left: "x", "o" or "." per cell, e.g. "x...o....".
func (s State) String() string {
	var b [Cells]byte
	for i := range b {
		switch {
		case s.X>>i&1 != 0:
			b[i] = 'x'
		case s.O>>i&1 != 0:
			b[i] = 'o'
		default:
			b[i] = '.'
		}
	}
	return string(b[:])
}

// Parse reads a position: nine cells row by row from the top-left, each
// "x", "o" or "." (X and O are accepted too). Spaces and "/" may separate
// the cells, so "xo./.x./..o" and "xo. .x. ..o" read like "xo..x...o".
//
// The position must be reachable from the empty board with x moving first:
// o has as many marks as x or one fewer, at most one side has three in a
// row, and nobody moved after the game was won. Errors start with
// "tictactoe: " and say what is wrong; a bad character is named with its
// column (1-based, counting characters of cells, separators included).
func Parse(cells string) (State, error) {
	var s State
	n, col := 0, 0
	for _, c := range cells {
		col++
		if c == '/' || c == ' ' || c == '\t' {
			continue
		}
		var bit uint16
		if n < Cells {
			bit = 1 << n
		}
		switch c {
		case 'x', 'X':
			s.X |= bit
		case 'o', 'O':
			s.O |= bit
		case '.':
		default:
			return State{}, fmt.Errorf("tictactoe: column %d: bad character %q (want x, o or .)", col, c)
		}
		n++
	}
	if n != Cells {
		return State{}, fmt.Errorf("tictactoe: %d cells in %q, want %d (x, o or ., row by row)", n, cells, Cells)
	}
	if err := s.check(); err != nil {
		return State{}, err
	}
	return s, nil
}

// check reports why s cannot arise in a game where x moves first. The
// checks are also enough: every board that passes is reachable. (With at
// most five x, two x lines must share a cell, which x can have marked last;
// o, with at most four, completes at most one line.) The tests confirm
// that exactly the 5,478 reachable boards of the 3⁹ pass.
func (s State) check() error {
	return search.AlternationError("tictactoe", bits.OnesCount16(s.X), bits.OnesCount16(s.O),
		wins(s.X), wins(s.O), "marks", "three in a row")
}

// MoveName names move m as MoveString does (the Monte-Carlo search's
// playouts name their moves so).
func (Game) MoveName(_ State, m search.Move) string { return MoveString(m) }

// MoveString names the cell m as lecturers write it: column a..c from the
// left, row 1..3 from the top, so cell 0 is "a1" and cell 4 is "b2". It
// returns "?" for a number that is not a cell.
func MoveString(m search.Move) string {
	if m < 0 || m >= Cells {
		return "?"
	}
	return string([]byte{'a' + byte(m%3), '1' + byte(m/3)})
}

// Game is tic-tac-toe for the engine. Win is the utility of a win for x
// (and −Win of a win for o); Win == 0 means 1, so the zero value scores
// +1 / 0 / −1. With a depth limit the command line uses Win = 100, so that
// no heuristic value outranks a real win: on reachable non-terminal
// positions Lines never exceeds 16 in absolute value and AIMA never
// exceeds 10 (LinesBound, AIMABound), both well below 100.
//
// Game satisfies search.Game[State]. Its methods assume states that Parse
// accepts or that are reached from one by legal moves.
type Game struct{ Win float64 }

var (
	_ search.Game[State]     = Game{}
	_ search.Stepper[State]  = &Game{}
	_ search.Expander[State] = &Game{}
)

// ToMove returns trace.Max when x is to move (both sides have placed as
// many marks) and trace.Min when o is.
func (Game) ToMove(s State) trace.Kind {
	if s.xToMove() {
		return trace.Max
	}
	return trace.Min
}

// Moves appends the empty cells of s to buf in ascending order and returns
// it; it appends nothing when s is terminal. It may write scratch into
// buf's capacity up to Cells past its length.
func (Game) Moves(s State, buf []search.Move) []search.Move {
	if wins(s.X) || wins(s.O) {
		return buf
	}
	e := ^(s.X | s.O) & full
	n := len(buf)
	if cap(buf)-n < Cells {
		return append(buf, cellsOf[e][:cellCount[e]]...)
	}
	// Nine cells copied at once (the ones past the empty cells are scratch
	// within buf's capacity) cost less than counting them out.
	*(*[Cells]search.Move)(buf[n : n+Cells]) = cellsOf[e]
	return buf[:n+int(cellCount[e])]
}

// Result returns s with the mover's mark on cell m. m must be an empty cell
// (one of Moves(s)); other values give a state no game reaches.
func (Game) Result(s State, m search.Move) State {
	bit := uint16(1) << (uint(m) & 15)
	if s.xToMove() {
		s.X |= bit
	} else {
		s.O |= bit
	}
	return s
}

// Step is Result, Terminal, ToMove and Utility in one (search.Stepper, which the
// engine finds on a *Game: a pointer receiver spares each call the
// wrapper Go puts around a value method called through an interface): the
// state after the mover marks cell m, whether the game is over then and,
// if so, its utility, else who moves next. s is not terminal, so only the mover's new mark
// can complete a line.
func (g *Game) Step(s State, m search.Move) (State, bool, trace.Kind, float64) {
	bit := uint16(1) << (uint(m) & 15)
	if s.xToMove() {
		if s.X |= bit; won[s.X&full] {
			return s, true, 0, g.win()
		}
		return s, s.X|s.O == full, trace.Min, 0
	}
	if s.O |= bit; won[s.O&full] {
		return s, true, 0, -g.win()
	}
	return s, s.X|s.O == full, trace.Max, 0
}

// win is the utility of a win for x.
func (g *Game) win() float64 {
	if g.Win == 0 {
		return 1
	}
	return g.Win
}

// Terminal reports whether someone has three in a row or the board is full.
func (Game) Terminal(s State) bool {
	return s.X|s.O == full || wins(s.X) || wins(s.O)
}

// Utility returns +Win when x has three in a row, −Win when o has, and 0
// otherwise (a full board without a line is a draw). It is meant for
// terminal states.
func (g Game) Utility(s State) float64 {
	w := g.win()
	switch {
	case wins(s.X):
		return w
	case wins(s.O):
		return -w
	}
	return 0
}

// CellName names cell i (0..8, row by row from the top-left) as lectures
// write a move: the column a, b or c from the left and the row 1, 2 or 3
// from the top, so cell 0 is "a1", the centre "b2" and cell 8 "c3".
func CellName(i int) string {
	if i < 0 || i >= Cells {
		return strconv.Itoa(i)
	}
	return string(rune('a'+i%3)) + strconv.Itoa(i/3+1)
}

// Children makes every child of s at once (search.Expander): for each
// empty cell in ascending order, the state with the mover's mark there,
// whether the game is over then and, if so, its utility, else who moves
// next. s is not terminal, so only the mover's new mark can complete a
// line.
func (g *Game) Children(s State, buf []search.Child[State]) []search.Child[State] {
	e := ^(s.X | s.O) & full
	n := len(buf)
	buf = slices.Grow(buf, Cells)[:n+int(cellCount[e])]
	out, win := buf[n:], g.win()
	if s.xToMove() {
		for j := range out {
			x := s.X | e&-e // x's marks with the next empty cell
			e &= e - 1
			made(&out[j], State{X: x, O: s.O}, x, trace.Min, win)
		}
		return buf
	}
	for j := range out {
		o := s.O | e&-e
		e &= e - 1
		made(&out[j], State{X: s.X, O: o}, o, trace.Max, -win)
	}
	return buf
}

// made fills in the child c where the mover's marks became mine: terminal
// with the utility win when they make a line, a draw when c is full, else
// next moves.
func made(k *search.Child[State], c State, mine uint16, next trace.Kind, win float64) {
	w := won[mine&full]
	u := 0.0
	if w {
		u = win
	}
	k.State, k.Terminal, k.Kind, k.Utility = c, w || c.X|c.O == full, next, u
}
