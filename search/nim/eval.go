package nim

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/trace"
)

// Evaluator is a named evaluation of matchsticks positions. Evaluate
// returns a value for MAX; Explain breaks the same number into named terms
// whose Count×Weight sum to it.
type Evaluator interface {
	search.Evaluation[State]
	search.Explainer[State]
	// Name is the name Evaluation looks the evaluation up by.
	Name() string
}

// Theory is the exact value from the theory of the game: with moves of 1..K
// matches, the player to move at a state with Left ≥ 1 matches loses with
// perfect play if and only if (Left−1) mod (K+1) = 0 (the losing states
// are 1, K+2, 2K+3, ...: whatever the mover takes, the opponent takes
// enough to make K+1 and returns to a losing state, down to the last
// match). Evaluate returns +1 when MAX wins with perfect play and −1 when
// MIN does, so a depth-limited search with it finds the minimax value at
// any depth. At Left = 0 it agrees with Game.Utility.
//
// Take is K; Take ≤ 0 means 2, as for Game.
type Theory struct{ Take int }

// Name returns "theory".
func (Theory) Name() string { return "theory" }

// maxWins reports whether MAX wins s with perfect play.
func (t Theory) maxWins(s State) bool {
	moverLoses := s.Left > 0 && int(s.Left-1)%(Game(t).take()+1) == 0
	return moverLoses != s.MaxToMove
}

// Evaluate returns +1 when MAX wins s with perfect play, else −1.
func (t Theory) Evaluate(s State) float64 {
	if t.maxWins(s) {
		return 1
	}
	return -1
}

// Explain returns two terms: the remainder the rule tests, named
// "(left−1) mod (K+1)" with K+1 written out, e.g. "(left−1) mod 3", with
// weight 0 (it is shown, not added), and "MAX wins" (weight +1) or "MIN
// wins" (weight −1) with count 1. At Left = 0 only the second term is
// given.
func (t Theory) Explain(s State) []trace.Term {
	var terms []trace.Term
	if s.Left > 0 {
		k1 := Game(t).take() + 1
		terms = append(terms, trace.Term{
			Name:  "(left−1) mod " + strconv.Itoa(k1),
			Count: float64(int(s.Left-1) % k1),
		})
	}
	if t.maxWins(s) {
		return append(terms, trace.Term{Name: "MAX wins", Count: 1, Weight: 1})
	}
	return append(terms, trace.Term{Name: "MIN wins", Count: 1, Weight: -1})
}

// evaluationNames lists the names Evaluation accepts, the default first.
var evaluationNames = []string{"theory"}

// EvaluationNames returns the names Evaluation accepts, the default
// ("theory") first. The caller may modify the slice.
func EvaluationNames() []string { return append([]string(nil), evaluationNames...) }

// Evaluation returns the evaluation with the given name for game g (the
// evaluation depends on g.Take), or an error that lists the valid names.
func Evaluation(name string, g Game) (Evaluator, error) {
	switch name {
	case "theory":
		return Theory(g), nil
	}
	return nil, fmt.Errorf("nim: unknown evaluation %q (valid: %s)", name, strings.Join(evaluationNames, ", "))
}
