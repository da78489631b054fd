package search

import (
	"fmt"
	"math"
	"math/bits"
	"sync"
	"sync/atomic"

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

// Table sizes, in entries (40 bytes each).
const (
	// DefaultTTSize is the table size when a table is asked for without a
	// size: room for every tic-tac-toe position and a depth-8 Connect Four
	// search without replacing much.
	DefaultTTSize = 1 << 16
	// MaxTTSize bounds the table a search may allocate (40 MB).
	MaxTTSize = 1 << 20
)

// fullDraft is the draft of an entry searched without a depth limit.
const fullDraft = trace.FullDraft

// ttEntry is one slot of the table. Values are for MAX. It holds no
// pointer, so that the garbage collector never scans a table.
type ttEntry struct {
	key   uint64
	value float64
	best  Move   // in the stored representative's frame; −1: none
	draft int32  // depth searched below the position
	gen   uint32 // the search that wrote it: the entry is live only while that search runs
	at    int32  // tracing only: index in the table's ids of the node that stored it
	bound trace.Bound
	whole bool // the value was found without the depth limit cutting below
}

// table is a transposition table: a fixed array of slots indexed by the
// position's key. One search owns it from takeTable to giveTable; the
// next search of a size in the same class reuses it, and its generation
// makes every entry an earlier search wrote dead at once, without
// clearing the slots.
type table struct {
	slots   []ttEntry
	replace Replacement
	gen     uint32   // the owner's generation; a slot of another generation is empty
	ids     []string // tracing only: the ids of the nodes that stored entries, by ttEntry.at
}

// ttClasses is the number of size classes of reused tables: class k holds
// tables of 2^k slots, from 1 to MaxTTSize.
const ttClasses = 21

// tables keeps the tables of finished searches for reuse, by size class.
// A table that waits here costs memory only until the garbage collector
// drops it (sync.Pool's rule): two collections without a search of its
// class.
var tables [ttClasses]sync.Pool

// reuseTables is true but in the tests that compare a search on a reused
// table with the same search on a new one.
var reuseTables = true

// tablesReused counts the searches that got a table back from tables
// (tests check that reuse happens).
var tablesReused atomic.Int64

// takeTable returns a table of n slots with replacement rule r, all of
// them empty: a finished search's table of the same size class when one
// is waiting, else a new one. A table of n slots is allocated with the
// next power of two, so that searches of nearby sizes share tables.
func takeTable(n int, r Replacement) *table {
	k := bits.Len(uint(n - 1))
	var t *table
	if reuseTables {
		t, _ = tables[k].Get().(*table)
	}
	if t == nil {
		t = &table{slots: make([]ttEntry, 1<<k)}
	} else {
		tablesReused.Add(1)
	}
	t.slots, t.replace = t.slots[:n], r
	t.next()
	return t
}

// next starts a new generation: every slot written before is empty from
// now on. Once in 2³² generations the counter wraps, and the slots are
// cleared for real.
func (t *table) next() {
	t.gen++
	if t.gen == 0 {
		clear(t.slots[:cap(t.slots)])
		t.gen = 1
	}
	clear(t.ids)
	t.ids = t.ids[:0]
}

// giveTable hands a finished search's table back for reuse. The search
// must not touch it afterwards.
func giveTable(t *table) {
	clear(t.ids) // the ids belong to the search's trace: let them go
	t.ids = t.ids[:0]
	tables[bits.Len(uint(cap(t.slots)-1))].Put(t)
}

// live reports whether ent was written by the table's current search.
func (t *table) live(ent *ttEntry) bool { return ent.gen == t.gen }

// storedAt is the id of the node that stored ent (tracing only).
func (t *table) storedAt(ent *ttEntry) string {
	if ent.at < 0 || int(ent.at) >= len(t.ids) {
		return ""
	}
	return t.ids[ent.at]
}

// setStoredAt notes that the node id stored ent (tracing only): in the
// index the slot already had in this search, or a new one, so that the
// ids never outnumber the slots.
func (t *table) setStoredAt(ent *ttEntry, reuse int32, id string) {
	if reuse >= 0 && int(reuse) < len(t.ids) {
		t.ids[reuse] = id
		ent.at = reuse
		return
	}
	ent.at = int32(len(t.ids))
	t.ids = append(t.ids, id)
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
		return optionError("search.err.tt-size", "Got", o.TT, "Max", MaxTTSize)
	case o.Replace > ReplaceAlways:
		return fmt.Errorf("search: unknown replacement rule %d", o.Replace)
	case o.Aspiration < 0 || math.IsNaN(o.Aspiration) || math.IsInf(o.Aspiration, 0):
		return optionError("search.err.aspiration", "Got", o.Aspiration)
	case o.Grain < 0 || math.IsNaN(o.Grain) || math.IsInf(o.Grain, 0):
		return fmt.Errorf("search: grain %v must be a positive number (0 for any precision)", o.Grain)
	case o.TT > 0 && a != AlgoMinimax && !a.Negamax():
		return optionError("search.err.tt-algo", "Algo", a)
	case o.Symmetry && o.TT == 0:
		return optionError("search.err.symmetry")
	case o.Aspiration > 0 && a != AlgoID:
		return optionError("search.err.aspiration-algo", "Algo", a)
	case (o.Order == OrderKiller || o.Order == OrderHistory) && a != AlgoAlphaBeta && !a.Negamax():
		return optionError("search.err.learned-order", "Order", o.Order, "Algo", a)
	case a == AlgoMTDF && o.TT == 0:
		return optionError("search.err.mtdf-tt")
	}
	return nil
}
