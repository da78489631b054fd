package play

import (
	"fmt"
	"strconv"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/connect4"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/trace"
)

// Why a move of a game's list cannot be played (MoveError.Why).
const (
	// NotAColumn: the character names no column.
	NotAColumn = "not-a-column"
	// ColumnFull: the column holds six discs.
	ColumnFull = "column-full"
	// GameOver: someone has four in a row, or the board is full.
	GameOver = "game-over"
)

// MoveError is a move of a Connect Four game's list that cannot be
// played: its place in the list (1-based), as written, and why (one of
// NotAColumn, ColumnFull, GameOver). Played is the moves before it: a
// game that can go on, so that nothing already played is lost.
type MoveError struct {
	N      int
	Move   string
	Why    string
	Played []string
}

func (e *MoveError) Error() string {
	why := map[string]string{
		NotAColumn: "is not a column (want a column number from 1 to 7, or a letter from a to g)",
		ColumnFull: "drops into a full column",
		GameOver:   "comes after the end of the game",
	}[e.Why]
	return fmt.Sprintf("play: move %d, %q, %s", e.N, e.Move, why)
}

// connect4Game is Connect Four against the engine. Its moves are column
// numbers, 1 to 7 from the left, as the viewer names them ("column 4");
// letters a to g are read too. A name of several ("443") is that many
// moves, so a game is written as one word. The engine's search is the scenario that the
// viewer shows and `abtrace solve` runs (Game.Search), so the move the
// page plays is the move they show.
type connect4Game struct {
	spec  Spec
	eval  connect4.Evaluator
	s     connect4.State
	moves []byte // the columns played, as numbers
	last  int
}

var c4 = connect4.Game{Win: connect4.WinScore}

// column reads a column letter (a..g, A..G) or digit (1..7).
func column(ch rune) (search.Move, bool) {
	switch {
	case ch >= 'a' && ch <= 'g':
		return search.Move(ch - 'a'), true
	case ch >= 'A' && ch <= 'G':
		return search.Move(ch - 'A'), true
	case ch >= '1' && ch <= '7':
		return search.Move(ch - '1'), true
	}
	return 0, false
}

func (c *connect4Game) replay(names []string) error {
	for _, name := range names {
		for _, ch := range name {
			m, ok := column(ch)
			why := ""
			switch {
			case !ok:
				why = NotAColumn
			case c4.Terminal(c.s):
				why = GameOver
			case c.s.X|c.s.O == c4.Result(c.s, m).X|c4.Result(c.s, m).O:
				why = ColumnFull
			}
			if why != "" {
				if ok {
					ch = rune(columnName(m)) // a column, named as the page names it
				}
				played := make([]string, len(c.moves))
				for i, b := range c.moves {
					played[i] = string(b)
				}
				return &MoveError{N: len(c.moves) + 1, Move: string(ch), Why: why, Played: played}
			}
			before := c.s.X | c.s.O
			c.s = c4.Result(c.s, m)
			c.last = cellOfBit((c.s.X | c.s.O) &^ before)
			c.moves = append(c.moves, columnName(m))
		}
	}
	return nil
}

// columnName names column m by its number, '1' to '7' from the left.
func columnName(m search.Move) byte { return byte('1' + m) }

// played returns the moves, one column number each.
func (c *connect4Game) played() []string {
	out := make([]string, len(c.moves))
	for i, b := range c.moves {
		out[i] = string(b)
	}
	return out
}

// scenario is the engine's search from the current position to depth.
func (c *connect4Game) scenario(depth int) scenario.Scenario {
	return scenario.Scenario{Game: "connect4", Position: string(c.moves), Depth: depth, Eval: c.spec.Eval,
		Algo: c.spec.Algo, TT: c.spec.TT, Symmetry: c.spec.Symmetry, Order: c.spec.Order}
}

// prepare prepares the engine's search to depth within b.
func (c *connect4Game) prepare(depth int, b search.Budget) (*scenario.Search, error) {
	sc := c.scenario(depth)
	sc.Budget = b
	p, err := sc.Prepare()
	if err != nil {
		return nil, fmt.Errorf("play: %w", err)
	}
	return p, nil
}

// cellOfBit maps Connect Four's bitboard (column-major, 7 bits a column,
// the bottom first) to the cell index row by row from the top.
func cellOfBit(b uint64) int {
	for i := 0; i < 64; i++ {
		if b>>i&1 != 0 {
			return cellOf(i/7, i%7)
		}
	}
	return -1
}

// cellOf is the index in Position.Cells of column col, row row (from the
// bottom).
func cellOf(col, row int) int { return (connect4.Rows-1-row)*connect4.Columns + col }

func (c *connect4Game) toMoveFirst() bool { return c4.ToMove(c.s) == trace.Max }
func (c *connect4Game) over() bool        { return c4.Terminal(c.s) }

func (c *connect4Game) position(humanFirst bool) Position {
	p := Position{Rows: connect4.Rows, Cols: connect4.Columns, Last: c.last, EvalName: c.eval.Name()}
	human := c.toMoveFirst() == humanFirst && !c.over()
	p.HumanToMove = human
	p.Cells = make([]Cell, connect4.Rows*connect4.Columns)
	for i := 0; i < connect4.Columns*7; i++ {
		col, row := i/7, i%7
		if row >= connect4.Rows {
			continue
		}
		switch idx := cellOf(col, row); {
		case c.s.X>>i&1 != 0:
			p.Cells[idx].Disc = "x"
		case c.s.O>>i&1 != 0:
			p.Cells[idx].Disc = "o"
		}
	}
	if human {
		for _, m := range c4.Moves(c.s, nil) {
			// The lowest empty slot of the column.
			for r := connect4.Rows - 1; r >= 0; r-- {
				idx := r*connect4.Columns + int(m)
				if p.Cells[idx].Disc == "" {
					p.Cells[idx].Move = string(columnName(m))
					break
				}
			}
		}
	}
	if c.over() {
		p.Over = true
		switch u := c4.Utility(c.s); {
		case u > 0:
			p.Result, p.Winner = "x wins", "x"
		case u < 0:
			p.Result, p.Winner = "o wins", "o"
		default:
			p.Result = "a draw"
		}
		for _, f := range c.s.Fours() {
			p.Four = append(p.Four, cellOf(f[0], f[1]))
		}
	} else {
		p.Value, p.Terms = c.eval.Evaluate(c.s), c.eval.Explain(c.s)
	}
	return p
}

func (c *connect4Game) reply(b search.Budget, depth int) (string, float64, error) {
	p, err := c.prepare(depth, b)
	if err != nil {
		return "", 0, err
	}
	res, err := p.Run(nil)
	if err != nil {
		return "", 0, err
	}
	// The best root move, as the game's moves write it (its column's
	// number), for the list of moves played.
	i, err := strconv.Atoi(res.Best)
	moves := c4.Moves(c.s, nil)
	if err != nil || i < 0 || i >= len(moves) {
		return "", 0, fmt.Errorf("play: the search chose %q", res.Best)
	}
	return string(columnName(moves[i])), float64(res.Value), nil
}

// Search returns the engine's search from the current position, as the
// viewer and `abtrace solve` take it (its Query is the viewer's
// permalink); ok is false for the games other than Connect Four.
func (g *Game) Search() (sc scenario.Scenario, ok bool) {
	c, ok := g.g.(*connect4Game)
	if !ok {
		return scenario.Scenario{}, false
	}
	return c.scenario(g.spec.Depth), true
}

// Played returns the moves played so far, one name each (Connect Four's
// "ddc" is d, d, c).
func (g *Game) Played() []string {
	if c, ok := g.g.(*connect4Game); ok {
		return c.played()
	}
	return append([]string(nil), g.spec.Moves...)
}
