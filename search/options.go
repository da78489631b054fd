package search

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/trace"
)

// Algorithm names a search algorithm.
type Algorithm uint8

const (
	AlgoMinimax   Algorithm = iota // plain minimax: every node is searched
	AlgoAlphaBeta                  // alpha-beta pruning (the default)
	// AlgoExpectiminimax is minimax over MAX, MIN and CHANCE nodes: a
	// chance node is worth the probability-weighted sum of its children.
	AlgoExpectiminimax
	// AlgoStar1 is Ballard's *-minimax (Star1): alpha-beta at MAX and MIN
	// nodes, and cutoffs at chance nodes from the bounds [L, U] on the leaf
	// values (Options.Bounds).
	AlgoStar1
	// AlgoMaxN is max^n over n-player games with vector values: each
	// player maximises its own component.
	AlgoMaxN
	// AlgoParanoid reduces an n-player game to two players (Options.Player
	// against all the others) and searches it with alpha-beta.
	AlgoParanoid
	// AlgoMCTS is Monte-Carlo tree search with UCT (see MCTS and
	// Options.MCTS).
	AlgoMCTS
	// AlgoNegamax is alpha-beta written as one function for both players,
	// values negated on the way up (see Negamax).
	AlgoNegamax
	// AlgoPVS is principal variation search (NegaScout): the first child
	// with the full window, the others with a null window, re-searched
	// when the probe fails high.
	AlgoPVS
	// AlgoMTDF is MTD(f): null-window passes over the root that converge
	// on its value, with a transposition table.
	AlgoMTDF
	// AlgoID is iterative deepening: passes to depth 1, 2, … with the
	// best moves of each pass searched first in the next.
	AlgoID
)

var algorithmNames = []string{AlgoMinimax: "minimax", AlgoAlphaBeta: "alphabeta",
	AlgoExpectiminimax: "expectiminimax", AlgoStar1: "star1", AlgoMaxN: "maxn", AlgoParanoid: "paranoid", AlgoMCTS: "mcts",
	AlgoNegamax: "negamax", AlgoPVS: "pvs", AlgoMTDF: "mtdf", AlgoID: "id"}

func (a Algorithm) String() string { return nameOf(algorithmNames, int(a), "algorithm") }

// Algorithms lists every algorithm the engine offers, in a stable order.
func Algorithms() []Algorithm {
	return []Algorithm{AlgoMinimax, AlgoAlphaBeta, AlgoExpectiminimax, AlgoStar1, AlgoMaxN, AlgoParanoid, AlgoMCTS,
		AlgoNegamax, AlgoPVS, AlgoMTDF, AlgoID}
}

// ParseAlgorithm accepts the names of Algorithms ("minimax", "alphabeta",
// "expectiminimax", "star1", "maxn", "paranoid"), and also "alpha-beta",
// "ab", "expectimax", "star-1", "*-minimax" and "max^n".
func ParseAlgorithm(s string) (Algorithm, error) {
	switch strings.ToLower(s) {
	case "alpha-beta", "ab":
		return AlgoAlphaBeta, nil
	case "expectimax", "expecti-minimax":
		return AlgoExpectiminimax, nil
	case "star-1", "*-minimax", "star1-minimax":
		return AlgoStar1, nil
	case "max^n", "max-n":
		return AlgoMaxN, nil
	case "uct", "monte-carlo":
		return AlgoMCTS, nil
	case "negascout", "principal-variation":
		return AlgoPVS, nil
	case "mtd(f)", "mtd-f":
		return AlgoMTDF, nil
	case "iterative-deepening", "iterative":
		return AlgoID, nil
	}
	i, err := parseName(algorithmNames, s, "algorithm")
	return Algorithm(i), err
}

// HasWindow reports whether the algorithm keeps an α-β window, so that its
// events carry α and β: alpha-beta, Star1 and paranoid (which is alpha-beta
// on the reduced game).
func (a Algorithm) HasWindow() bool {
	return a == AlgoAlphaBeta || a == AlgoStar1 || a == AlgoParanoid || a.Negamax()
}

// Negamax reports whether the algorithm is one of the negamax family
// (negamax, pvs, mtdf, id), which share one search function and take the
// options of the searches on real games: the transposition table,
// symmetries, aspiration windows.
func (a Algorithm) Negamax() bool {
	return a == AlgoNegamax || a == AlgoPVS || a == AlgoMTDF || a == AlgoID
}

// Prunes reports whether the algorithm may skip children: the prune rule
// and fail mode apply to it.
func (a Algorithm) Prunes() bool { return a.HasWindow() }

// PruneRule is the cutoff test. Lectures differ: the textbook cuts when
// the value reaches the bound (v ≥ β at MAX, v ≤ α at MIN); some courses cut
// only when it passes it (v > β, v < α). Both give the same root value; the
// strict rule prunes less on ties.
type PruneRule uint8

const (
	PruneGE PruneRule = iota // cut on v ≥ β at MAX and v ≤ α at MIN (the default, as in Russell & Norvig)
	PruneGT                  // cut on v > β at MAX and v < α at MIN
)

var pruneNames = []string{PruneGE: "ge", PruneGT: "gt"}

func (p PruneRule) String() string { return nameOf(pruneNames, int(p), "prune rule") }

// ParsePruneRule accepts "ge" and "gt".
func ParsePruneRule(s string) (PruneRule, error) {
	i, err := parseName(pruneNames, s, "prune rule")
	return PruneRule(i), err
}

// FailMode says what alpha-beta returns when the value falls outside the
// window. Fail-soft returns the value it found, which may lie beyond α or
// β; fail-hard clamps it to the window, returning β after a cutoff at MAX
// and α when every child failed low.
type FailMode uint8

const (
	FailSoft FailMode = iota // the default
	FailHard
)

var failNames = []string{FailSoft: "soft", FailHard: "hard"}

func (f FailMode) String() string { return nameOf(failNames, int(f), "fail mode") }

// ParseFailMode accepts "soft" and "hard".
func ParseFailMode(s string) (FailMode, error) {
	i, err := parseName(failNames, s, "fail mode")
	return FailMode(i), err
}

// Ordering is the order in which a node's successors are searched. Node
// ids do not depend on it: they always count children in natural order.
type Ordering uint8

const (
	OrderNatural  Ordering = iota // the order the game generates moves
	OrderReversed                 // natural order backwards
	OrderRandom                   // a shuffle that depends only on the seed and the node
	OrderEval                     // by the evaluation of each child, best first for the player to move
	OrderBest                     // by true minimax value, best first: Knuth and Moore's perfect ordering
	OrderWorst                    // by true minimax value, worst first
	// OrderKiller searches first the killer moves of the node's depth: the
	// last two moves that caused a cutoff at that depth (two slots, the
	// newest first), then the others in natural order.
	OrderKiller
	// OrderHistory searches moves by their history score, highest first:
	// a move that causes a cutoff with d plies searched below it scores
	// d² more (one table per player, shared by every depth).
	OrderHistory
)

var orderingNames = []string{OrderNatural: "natural", OrderReversed: "reversed", OrderRandom: "random",
	OrderEval: "eval", OrderBest: "best", OrderWorst: "worst", OrderKiller: "killer", OrderHistory: "history"}

func (o Ordering) String() string { return nameOf(orderingNames, int(o), "ordering") }

// Orderings lists every ordering the engine offers, in a stable order.
func Orderings() []Ordering {
	return []Ordering{OrderNatural, OrderReversed, OrderRandom, OrderEval, OrderBest, OrderWorst}
}

// LearnedOrderings lists the orderings that learn from the cutoffs of the
// search itself (killer moves and history), which only alpha-beta and the
// negamax family take.
func LearnedOrderings() []Ordering {
	return []Ordering{OrderKiller, OrderHistory}
}

// ParseOrdering accepts the names of Orderings.
func ParseOrdering(s string) (Ordering, error) {
	i, err := parseName(orderingNames, s, "ordering")
	return Ordering(i), err
}

// Options configure one search. The zero value is the textbook search:
// prune on ≥, fail-soft, natural order, no depth limit.
type Options[S any] struct {
	Prune PruneRule
	Fail  FailMode
	Order Ordering
	// Seed drives the random ordering. The same seed shuffles the same
	// node the same way in every algorithm and every run.
	Seed uint64
	// Depth limits the search: a node at this depth (the root is depth 0)
	// that is not terminal is valued by Eval. Zero means no limit.
	Depth int
	// Eval values positions at the depth limit and keys the eval ordering.
	Eval Evaluation[S]
	// EvalName names Eval in the trace ("lines", "aima", "h").
	EvalName string
	// Bounds are the least and the greatest value a leaf may have, which
	// Star1 needs to prune at chance nodes. The zero value means not given.
	Bounds Bounds
	// Player is the player (1-based) that the paranoid reduction plays
	// for; 0 means player 1. The other algorithms ignore it.
	Player int
	// MCTS holds the parameters of Monte-Carlo tree search, which also
	// takes Seed, Eval (for the eval playout), Bounds (the outcomes'
	// range) and Budget from these options. The other algorithms ignore it.
	MCTS MCTSParams
	// Budget bounds the search's work and lets its caller cancel it
	// (see Budget). The zero value sets no bound.
	Budget Budget

	// The searches on real games (see tt.go). TT is the number of entries
	// of the transposition table, 0 for none; Replace its replacement
	// rule. Symmetry stores one representative of each class of
	// symmetric positions (the game must be Symmetric). Aspiration is the
	// half-width of iterative deepening's aspiration window around the
	// last pass's value, 0 for none. Grain is the smallest difference
	// between two values (1 for whole numbers), which sets the width of
	// the null windows of PVS and MTD(f); 0 means values of any precision
	// (the null window is then as narrow as a float64 allows).
	TT         int
	Replace    Replacement
	Symmetry   bool
	Aspiration float64
	Grain      float64

	// Selective search (see quiescence.go). Quiescence goes on past the
	// depth limit along captures until the position is quiet (the game
	// must be Noisy). Extend searches some moves deeper: ExtendSingular
	// extends a move better than every other by Margin (0 means
	// DefaultMargin). Forward drops moves before they are searched:
	// ForwardSymmetric the symmetric images of earlier moves (safe),
	// ForwardBeam all but the Beam best by evaluation (unsafe; 0 means
	// DefaultBeam).
	Quiescence bool
	Extend     Extension
	Margin     float64
	Forward    ForwardPruning
	Beam       int
}

// Bounds is the interval [L, U] that holds every leaf value (terminal
// utilities and evaluations at the depth limit alike). It is given when
// L < U; the zero value {0, 0} means no bounds.
type Bounds struct{ L, U float64 }

// Set reports whether the bounds were given.
func (b Bounds) Set() bool { return b.L != 0 || b.U != 0 }

// String writes the bounds as the command line takes them: "-1,1".
func (b Bounds) String() string {
	return strconv.FormatFloat(b.L, 'f', -1, 64) + "," + strconv.FormatFloat(b.U, 'f', -1, 64)
}

// ParseBounds reads "L,U" (such as "0,10" or "-1,1"); L must be less than U.
func ParseBounds(s string) (Bounds, error) {
	l, u, ok := strings.Cut(s, ",")
	if !ok {
		return Bounds{}, optionError("search.err.bounds", "Got", strconv.Quote(s))
	}
	lo, err1 := strconv.ParseFloat(strings.TrimSpace(l), 64)
	hi, err2 := strconv.ParseFloat(strings.TrimSpace(u), 64)
	if err1 != nil || err2 != nil {
		return Bounds{}, optionError("search.err.bounds", "Got", strconv.Quote(s))
	}
	b := Bounds{lo, hi}
	if err := b.check(); err != nil {
		return Bounds{}, err
	}
	return b, nil
}

func (b Bounds) check() error {
	switch {
	case math.IsNaN(b.L) || math.IsNaN(b.U) || math.IsInf(b.L, 0) || math.IsInf(b.U, 0):
		return optionError("search.err.bounds-finite", "L", b.L, "U", b.U)
	case b.L >= b.U:
		return optionError("search.err.bounds-order", "Got", b)
	}
	return nil
}

// ErrStopped is returned when the recorder asked the search to stop.
var ErrStopped = errors.New("search: stopped by the listener")

// MaxSearchDepth bounds the depth of any search, limited or not, so that a
// game without an end cannot recurse without bound.
const MaxSearchDepth = 256

// Validate reports options that make no sense together.
func (o Options[S]) Validate(a Algorithm) error {
	if o.Prune > PruneGT {
		return fmt.Errorf("search: unknown prune rule %d", o.Prune)
	}
	if o.Fail > FailHard {
		return fmt.Errorf("search: unknown fail mode %d", o.Fail)
	}
	if err := o.validateRealGames(a); err != nil {
		return err
	}
	if err := o.validateSelective(a); err != nil {
		return err
	}
	if o.Order > OrderHistory {
		return fmt.Errorf("search: unknown ordering %d", o.Order)
	}
	if a.Prunes() && o.Prune == PruneGT && o.Fail == FailHard {
		return optionError("search.err.gt-hard")
	}
	if o.Depth < 0 {
		return fmt.Errorf("search: depth limit %d is negative (0 means no limit)", o.Depth)
	}
	if o.Depth > MaxSearchDepth {
		return fmt.Errorf("search: depth limit %d is above the maximum of %d", o.Depth, MaxSearchDepth)
	}
	if o.Depth > 0 && o.Eval == nil {
		return optionError("search.err.depth-eval")
	}
	if a == AlgoID && o.Eval == nil {
		// Every pass but the last stops above the leaves, with or without
		// a depth limit.
		return optionError("search.err.id-eval")
	}
	if o.Order == OrderEval && o.Eval == nil {
		return optionError("search.err.eval-order")
	}
	if o.Bounds.Set() {
		if err := o.Bounds.check(); err != nil {
			return err
		}
	}
	return o.validateAlgo(a)
}

// validateAlgo checks what one algorithm alone asks of the options.
func (o Options[S]) validateAlgo(a Algorithm) error {
	switch a {
	case AlgoStar1:
		if !o.Bounds.Set() {
			return optionError("search.err.star1-bounds")
		}
	case AlgoMaxN:
		if o.Order == OrderEval || o.Order == OrderBest || o.Order == OrderWorst {
			return optionError("search.err.maxn-order", "Order", o.Order)
		}
	case AlgoMCTS:
		if o.MCTS.Iterations < 0 || o.MCTS.Iterations > MaxIterations {
			return optionError("search.err.iterations", "Got", o.MCTS.Iterations, "Max", MaxIterations)
		}
		if o.MCTS.C < 0 || math.IsNaN(o.MCTS.C) || math.IsInf(o.MCTS.C, 0) {
			return optionError("search.err.c", "Got", o.MCTS.C)
		}
		if o.MCTS.Playout == PlayoutEval && o.Eval == nil {
			return optionError("search.err.eval-playout")
		}
	case AlgoParanoid:
		if o.Player < 0 || o.Player > trace.MaxPlayers {
			return optionError("search.err.paranoid-player", "Got", o.Player, "Max", trace.MaxPlayers)
		}
	}
	return nil
}

func nameOf(names []string, i int, what string) string {
	if i >= 0 && i < len(names) {
		return names[i]
	}
	return fmt.Sprintf("%s(%d)", what, i)
}

func parseName(names []string, s, what string) (int, error) {
	for i, n := range names {
		if strings.EqualFold(n, s) {
			return i, nil
		}
	}
	return 0, &NameError{What: what, Name: s, Want: names}
}

// NameError is a name that is none of the names a parser knows: an
// unknown algorithm, ordering, prune rule, fail mode and so on. Its fields
// let a page word it in its own language.
type NameError struct {
	What string   // "algorithm", "ordering", "prune rule", …
	Name string   // as given
	Want []string // the names known
}

func (e *NameError) Error() string {
	return fmt.Sprintf("search: unknown %s %q (want %s)", e.What, e.Name, strings.Join(e.Want, ", "))
}
