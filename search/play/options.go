package play

import (
	"fmt"
	"strings"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/connect4"
)

// Why an engine's option is refused (OptionError.Why).
const (
	// OutOfRange: a number outside its range (depth, tt).
	OutOfRange = "out-of-range"
	// NotANumber: a number's text is not a whole number (depth, tt).
	NotANumber = "not-a-number"
	// Unknown: a name that is not offered (algo, order, eval).
	Unknown = "unknown"
	// NeedsTableAlgo: a table (tt, symmetry) with an algorithm that uses
	// none; Algo names it.
	NeedsTableAlgo = "needs-table-algo"
	// NeedsCutoffAlgo: an ordering that learns from cutoffs (order) with
	// an algorithm that has none; Algo names it.
	NeedsCutoffAlgo = "needs-cutoff-algo"
)

// OptionError is an option of the engine that cannot be used: the option
// (depth, tt, algo, order, eval, symmetry), its value as given, why (one
// of the constants above), the algorithm it clashes with, and the values
// that would do (Want) where there is a list, or its bounds.
type OptionError struct {
	Option string
	Value  string
	Why    string
	Algo   string
	Want   string
	// Min and Max bound a number (OutOfRange, NotANumber).
	Min, Max int
}

func (e *OptionError) Error() string {
	switch e.Why {
	case OutOfRange:
		return fmt.Sprintf("play: %s must be from %d to %d, not %s", e.Option, e.Min, e.Max, e.Value)
	case NotANumber:
		return fmt.Sprintf("play: %s must be a whole number from %d to %d, not %q", e.Option, e.Min, e.Max, e.Value)
	case Unknown:
		return fmt.Sprintf("play: unknown %s %q (want %s)", e.Option, e.Value, e.Want)
	case NeedsTableAlgo:
		return fmt.Sprintf("play: %s needs a transposition table, which minimax and the negamax family (%s) use, not %s", e.Option, e.Want, e.Algo)
	case NeedsCutoffAlgo:
		return fmt.Sprintf("play: the %s ordering learns from cutoffs; it needs alphabeta or the negamax family (%s), not %s", e.Value, e.Want, e.Algo)
	}
	return fmt.Sprintf("play: %s %q: %s", e.Option, e.Value, e.Why)
}

// negamaxFamily names the algorithms that use a table, besides minimax.
func negamaxFamily() string {
	var out []string
	for _, a := range search.Algorithms() {
		if a.Negamax() {
			out = append(out, a.String())
		}
	}
	return strings.Join(out, ", ")
}

// checkConnect4Options checks the options of Connect Four's engine before
// the search is prepared, so that each refusal names its option.
func checkConnect4Options(s Spec) error {
	algoName := s.Algo
	if algoName == "" {
		algoName = "alphabeta"
	}
	a, err := search.ParseAlgorithm(algoName)
	if err != nil {
		var names []string
		for _, a := range search.Algorithms() {
			names = append(names, a.String())
		}
		return &OptionError{Option: "algo", Value: s.Algo, Why: Unknown, Want: strings.Join(names, ", ")}
	}
	o := search.OrderNatural
	if s.Order != "" {
		if o, err = search.ParseOrdering(s.Order); err != nil {
			var names []string
			for _, o := range search.Orderings() {
				names = append(names, o.String())
			}
			return &OptionError{Option: "order", Value: s.Order, Why: Unknown, Want: strings.Join(names, ", ")}
		}
	}
	if _, err := connect4.Evaluation(s.Eval); err != nil {
		return &OptionError{Option: "eval", Value: s.Eval, Why: Unknown, Want: strings.Join(connect4.EvaluationNames(), ", ")}
	}
	if s.TT < 0 || s.TT > search.MaxTTSize {
		return &OptionError{Option: "tt", Value: fmt.Sprint(s.TT), Why: OutOfRange, Min: 0, Max: search.MaxTTSize}
	}
	tables := a == search.AlgoMinimax || a.Negamax()
	switch {
	case s.TT > 0 && !tables:
		return &OptionError{Option: "tt", Value: fmt.Sprint(s.TT), Why: NeedsTableAlgo, Algo: a.String(), Want: negamaxFamily()}
	case s.Symmetry && !tables:
		return &OptionError{Option: "symmetry", Value: "1", Why: NeedsTableAlgo, Algo: a.String(), Want: negamaxFamily()}
	case (o == search.OrderKiller || o == search.OrderHistory) && a != search.AlgoAlphaBeta && !a.Negamax():
		return &OptionError{Option: "order", Value: o.String(), Why: NeedsCutoffAlgo, Algo: a.String(), Want: negamaxFamily()}
	}
	return nil
}
