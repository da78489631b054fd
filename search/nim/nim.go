// Package nim is "matchsticks", the misère subtraction game of the lecture
// exercise, for the abtrace engine: N matches lie on the table, the players
// take turns removing 1 to K of them (never more than are left), and
// whoever takes the last match loses. MAX moves first. The lecture's
// exercise is 5 matches, take 1 or 2: New(5, 2).
//
// A move (search.Move) is the number of matches taken.
package nim

import (
	"fmt"
	"strconv"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/trace"
)

// Limits New enforces, so that a game tree stays something one can look at
// (and Left fits its type).
const (
	MaxMatches = 64 // most matches on the table at the start
	MaxTake    = 8  // most matches a move may take
)

// State is a position: Left matches on the table and whose turn it is.
// When Left is 0 the game is over and the player to move has won, since
// the other one took the last match.
type State struct {
	Left      int16
	MaxToMove bool
}

// String returns e.g. "5 left, max to move".
func (s State) String() string {
	who := "min"
	if s.MaxToMove {
		who = "max"
	}
	return strconv.Itoa(int(s.Left)) + " left, " + who + " to move"
}

// Game is matchsticks with moves of 1..Take matches; Take ≤ 0 means 2.
// It satisfies search.Game[State] and search.Labeler[State]. Its methods
// assume 0 ≤ Left; New builds a valid start.
type Game struct{ Take int }

var (
	_ search.Game[State]    = Game{}
	_ search.Labeler[State] = Game{}
)

// New returns the game with moves of 1..take matches and its start: matches
// on the table, MAX to move. It requires 1 ≤ matches ≤ MaxMatches and
// 1 ≤ take ≤ MaxTake; errors start with "nim: ".
func New(matches, take int) (Game, State, error) {
	if matches < 1 || matches > MaxMatches {
		return Game{}, State{}, fmt.Errorf("nim: %d matches: want 1 to %d", matches, MaxMatches)
	}
	if take < 1 || take > MaxTake {
		return Game{}, State{}, fmt.Errorf("nim: take %d: a move takes 1 to k matches, want k from 1 to %d", take, MaxTake)
	}
	return Game{Take: take}, State{Left: int16(matches), MaxToMove: true}, nil
}

// take returns K, the most matches a move may take.
func (g Game) take() int {
	if g.Take <= 0 {
		return 2
	}
	return g.Take
}

// ToMove returns trace.Max or trace.Min, whoever is to move at s.
func (Game) ToMove(s State) trace.Kind {
	if s.MaxToMove {
		return trace.Max
	}
	return trace.Min
}

// Moves appends 1, 2, ..., min(K, Left) to buf and returns it: the numbers
// of matches the mover may take. It appends nothing when s is terminal.
func (g Game) Moves(s State, buf []search.Move) []search.Move {
	n := min(g.take(), int(s.Left))
	for m := 1; m <= n; m++ {
		buf = append(buf, search.Move(m))
	}
	return buf
}

// Result returns the state after the mover takes m matches. m must be one
// of Moves(s).
func (Game) Result(s State, m search.Move) State {
	return State{Left: s.Left - int16(m), MaxToMove: !s.MaxToMove}
}

// Terminal reports whether the table is empty.
func (Game) Terminal(s State) bool { return s.Left <= 0 }

// Utility returns +1 when MAX is to move at a terminal state (MIN took the
// last match and lost) and −1 when MIN is.
func (Game) Utility(s State) float64 {
	if s.MaxToMove {
		return 1
	}
	return -1
}

// Label names a state by the matches left, e.g. "5", so that the viewer
// and the narration can name nodes ("MAX at 5 takes 1").
func (Game) Label(s State) string { return strconv.Itoa(int(s.Left)) }
