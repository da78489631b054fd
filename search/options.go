package search

import (
	"errors"
	"fmt"
	"strings"
)

// Algorithm names a search algorithm.
type Algorithm uint8

const (
	AlgoMinimax   Algorithm = iota // plain minimax: every node is searched
	AlgoAlphaBeta                  // alpha-beta pruning (the default)
)

var algorithmNames = []string{AlgoMinimax: "minimax", AlgoAlphaBeta: "alphabeta"}

func (a Algorithm) String() string { return nameOf(algorithmNames, int(a), "algorithm") }

// ParseAlgorithm accepts "minimax" and "alphabeta" (also "alpha-beta" and "ab").
func ParseAlgorithm(s string) (Algorithm, error) {
	switch strings.ToLower(s) {
	case "alpha-beta", "ab":
		return AlgoAlphaBeta, nil
	}
	i, err := parseName(algorithmNames, s, "algorithm")
	return Algorithm(i), err
}

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
)

var orderingNames = []string{OrderNatural: "natural", OrderReversed: "reversed", OrderRandom: "random",
	OrderEval: "eval", OrderBest: "best", OrderWorst: "worst"}

func (o Ordering) String() string { return nameOf(orderingNames, int(o), "ordering") }

// Orderings lists every ordering the engine offers, in a stable order.
func Orderings() []Ordering {
	return []Ordering{OrderNatural, OrderReversed, OrderRandom, OrderEval, OrderBest, OrderWorst}
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
	if o.Order > OrderWorst {
		return fmt.Errorf("search: unknown ordering %d", o.Order)
	}
	if a == AlgoAlphaBeta && o.Prune == PruneGT && o.Fail == FailHard {
		return errors.New("search: the strict prune rule (gt) needs fail-soft: a fail-hard child never returns more than β, so v > β could never fire")
	}
	if o.Depth < 0 {
		return fmt.Errorf("search: depth limit %d is negative (0 means no limit)", o.Depth)
	}
	if o.Depth > MaxSearchDepth {
		return fmt.Errorf("search: depth limit %d is above the maximum of %d", o.Depth, MaxSearchDepth)
	}
	if o.Depth > 0 && o.Eval == nil {
		return errors.New("search: a depth limit needs an evaluation for the positions where it cuts")
	}
	if o.Order == OrderEval && o.Eval == nil {
		return errors.New("search: the eval ordering needs an evaluation")
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
	return 0, fmt.Errorf("search: unknown %s %q (want %s)", what, s, strings.Join(names, ", "))
}
