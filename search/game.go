// Package search is the abtrace engine: the game model, minimax and
// alpha-beta with their variants, successor orderings, and the pseudocode
// listings the viewer highlights. Every algorithm is one function with the
// trace hook inside it: given a nil trace.Recorder it runs at full speed and
// allocates nothing per node; given a recorder it emits every step.
package search

import "github.com/abtrace/abtrace/trace"

// Move is a move as a game generates it: a child index for explicit trees,
// a cell for tic-tac-toe, a number of matches for matchsticks.
type Move int32

// Game is what a source of positions must offer: the five verbs of the
// textbook. S is the state type, passed by value; it should be small (a few
// words) or a pointer to immutable data, so that making a move costs little.
type Game[S any] interface {
	// ToMove says who decides at s: trace.Max or trace.Min for two-player
	// games (trace.Chance and trace.Player(k) for the later algorithms).
	ToMove(s S) trace.Kind
	// Moves appends the moves available at s to buf, in the game's natural
	// order, and returns it. Node ids count children in this order.
	Moves(s S, buf []Move) []Move
	// Result returns the state after making move m at s.
	Result(s S, m Move) S
	// Terminal reports whether the game is over at s.
	Terminal(s S) bool
	// Utility is the value of a terminal state for MAX.
	Utility(s S) float64
}

// Stepper is an optional extension of Game for speed: one call that makes
// a move and says what the child is, where a search would otherwise ask
// Result, ToMove, Terminal and Utility in turn. A game implements it when that is
// cheaper than the three calls (tic-tac-toe checks only the mover's lines);
// the searches use it where they can and behave the same either way.
type Stepper[S any] interface {
	// Step returns c = Result(s, m), whether c is terminal and, when it is,
	// its utility, else ToMove(c) (the kind is 0 at a terminal c, the
	// utility 0 at one that is not). s is not terminal and m is one of
	// Moves(s).
	Step(s S, m Move) (c S, terminal bool, kind trace.Kind, utility float64)
}

// Expander is an optional extension of Game for speed: one call that
// makes every child of a state, where a search that visits every child
// would otherwise call Moves and then Step (or Result, Terminal, ToMove
// and Utility) for each. A game implements it when making the children
// together costs less than one call each (tic-tac-toe fills them from its
// empty cells); the searches use it where they can and behave the same
// either way.
type Expander[S any] interface {
	// Children appends to buf the children of s, one for each of
	// Moves(s) and in that order, each as Step describes it, and returns
	// buf. s is not terminal.
	Children(s S, buf []Child[S]) []Child[S]
}

// Child is one child as an Expander makes it: its state, whether it is
// terminal and, when it is, its utility, else who moves there (Kind; at a
// terminal child Kind means nothing, and Utility is 0 at one that is not).
type Child[S any] struct {
	State    S
	Terminal bool
	Kind     trace.Kind
	Utility  float64
}

// Evaluation estimates the value of a non-terminal state for MAX; a
// depth-limited search calls it at the limit. It returns NaN where it has
// no estimate, which a search reports as an error.
type Evaluation[S any] interface {
	Evaluate(s S) float64
}

// EvaluationFunc adapts a plain function to Evaluation.
type EvaluationFunc[S any] func(S) float64

func (f EvaluationFunc[S]) Evaluate(s S) float64 { return f(s) }

// Explainer is an optional extension of Evaluation: it breaks the value
// into named terms so the viewer can explain a heuristic number. It is
// called only while tracing.
type Explainer[S any] interface {
	Explain(s S) []trace.Term
}

// Labeler is an optional extension of Game: a short name for a state, such
// as the labels of a tree drawn on the board ("B", "C"). It is called only
// while tracing.
type Labeler[S any] interface {
	Label(s S) string
}

// Prober is an optional extension of Game for chance nodes: the
// probability of each move at a CHANCE state, in natural order.
type Prober[S any] interface {
	Probabilities(s S, buf []float64) []float64
}
