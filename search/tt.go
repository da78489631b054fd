package search

import (
	"errors"
	"fmt"
	"math"

	"github.com/abtrace/abtrace/trace"
)

// Keyer is an optional extension of Game: a number that identifies a
// position exactly, so that a transposition table recognises it when
// another order of moves reaches it again. Games without one are keyed by
// the path from the root, which finds no transpositions but still carries
// what a search learned into its next pass (iterative deepening, MTD(f)).
type Keyer[S any] interface {
	Key(s S) uint64
}

// Symmetric is an optional extension of Game for boards with symmetries
// (tic-tac-toe's eight rotations and reflections, Connect Four's mirror).
// Symmetry 0 is the identity.
type Symmetric[S any] interface {
	// Symmetries is the number of symmetries, the identity included.
	Symmetries() int
	// Transform returns s under symmetry t.
	Transform(s S, t int) S
	// TransformMove maps a move at s to the same move at Transform(s, t).
	TransformMove(m Move, t int) Move
	// InverseMove maps a move at Transform(s, t) back to the move at s.
	InverseMove(m Move, t int) Move
}

// Replacement is the rule by which a transposition table slot that holds
// another position is overwritten.
type Replacement uint8

const (
	// ReplaceDepth keeps the entry that was searched deeper (the default):
	// a new entry replaces an old one of another position only when its
	// draft is at least as large.
	ReplaceDepth Replacement = iota
	// ReplaceAlways lets every new entry overwrite the slot.
	ReplaceAlways
)

var replacementNames = []string{ReplaceDepth: "depth", ReplaceAlways: "always"}

func (r Replacement) String() string { return nameOf(replacementNames, int(r), "replacement rule") }

// ParseReplacement accepts "depth" and "always".
func ParseReplacement(s string) (Replacement, error) {
	i, err := parseName(replacementNames, s, "replacement rule")
	return Replacement(i), err
}

// Table sizes, in entries (about 40 bytes each).
const (
	// DefaultTTSize is the table size when a table is asked for without a
	// size: room for every tic-tac-toe position and a depth-8 Connect Four
	// search without replacing much.
	DefaultTTSize = 1 << 16
	// MaxTTSize bounds the table a search may allocate (about 40 MB).
	MaxTTSize = 1 << 20
)

// fullDraft is the draft of an entry searched without a depth limit.
const fullDraft = trace.FullDraft

// ttEntry is one slot of the table. Values are for MAX.
type ttEntry struct {
	key   uint64
	value float64
	best  Move  // in the stored representative's frame; −1: none
	draft int32 // depth searched below the position
	bound trace.Bound
	used  bool
	whole bool   // the value was found without the depth limit cutting below
	at    string // tracing only: id of the node that stored it
}

// table is a transposition table: a fixed array of slots indexed by the
// position's key.
type table struct {
	slots   []ttEntry
	replace Replacement
}

func newTable(n int, r Replacement) *table {
	return &table{slots: make([]ttEntry, n), replace: r}
}

// slot is where key lives. A key smaller than the table is its own index,
// so that a game with small exact keys (tic-tac-toe's are 18 bits) and a
// table as large as its key space never puts two positions in one slot;
// larger keys are mixed first.
func (t *table) slot(key uint64) *ttEntry {
	n := uint64(len(t.slots))
	if key < n {
		return &t.slots[key]
	}
	h := key * 0x9e3779b97f4a7c15
	h ^= h >> 29
	return &t.slots[h%n]
}

// validateRealGames checks the options of the searches on real games.
func (o Options[S]) validateRealGames(a Algorithm) error {
	switch {
	case o.TT < 0 || o.TT > MaxTTSize:
		return fmt.Errorf("search: table size %d is not between 1 and %d entries (0 for no table)", o.TT, MaxTTSize)
	case o.Replace > ReplaceAlways:
		return fmt.Errorf("search: unknown replacement rule %d", o.Replace)
	case o.Aspiration < 0 || math.IsNaN(o.Aspiration) || math.IsInf(o.Aspiration, 0):
		return fmt.Errorf("search: aspiration window %v must be a positive number (0 for none)", o.Aspiration)
	case o.Grain < 0 || math.IsNaN(o.Grain) || math.IsInf(o.Grain, 0):
		return fmt.Errorf("search: grain %v must be a positive number (0 for any precision)", o.Grain)
	case o.TT > 0 && a != AlgoMinimax && !a.Negamax():
		return fmt.Errorf("search: a transposition table is used by minimax and the negamax family (negamax, pvs, mtdf, id), not %v", a)
	case o.Symmetry && o.TT == 0:
		return errors.New("search: symmetries are used through the transposition table; give it a size")
	case o.Aspiration > 0 && a != AlgoID:
		return fmt.Errorf("search: aspiration windows belong to iterative deepening (id), not %v", a)
	case (o.Order == OrderKiller || o.Order == OrderHistory) && a != AlgoAlphaBeta && !a.Negamax():
		return fmt.Errorf("search: the %v ordering learns from cutoffs; it needs alpha-beta or the negamax family, not %v", o.Order, a)
	case a == AlgoMTDF && o.TT == 0:
		return errors.New("search: MTD(f) needs a transposition table: without one every pass searches the whole tree again")
	}
	return nil
}
