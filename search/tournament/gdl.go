package tournament

import (
	"fmt"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/fuzzy"
	"github.com/abtrace/abtrace/search/gdl"
	"github.com/abtrace/abtrace/search/gdleval"
)

// GDLBook is how many random moves open a game written in GDL.
const GDLBook = 1

// newGDLArena plays the GDL game of c.GDL: its entrants are the
// evaluations built from its rules (gdleval: mobility, inverse-mobility,
// goal-fuzzy, kuhlmann:FEATURE:max, …, each searched on the first role's
// goal scale), goals, and random.
func newGDLArena(c Config) (arena, error) {
	g, err := gdl.CompileCached(c.GDL)
	if err != nil {
		return nil, fmt.Errorf("tournament: %w", err)
	}
	if err := g.CheckTurns(); err != nil {
		return nil, fmt.Errorf("tournament: %w", err)
	}
	if !g.ZeroSum() {
		return nil, fmt.Errorf("tournament: the GDL game is not for two roles whose goals sum to a constant")
	}
	an, err := gdleval.Analyze(g)
	if err != nil {
		return nil, fmt.Errorf("tournament: %w", err)
	}
	a := &gameArena[gdl.State]{ref: g, start: g.Init(), book: GDLBook, nameAt: g.Name}
	return a, a.enter(GDLGame, an.Names(), c.Evals, func(name string) (side[gdl.State], error) {
		if name == "goals" {
			return side[gdl.State]{game: g, eval: gdl.GoalEvaluation{G: g}}, nil
		}
		ev, err := an.Evaluation(name, fuzzy.Default)
		if err != nil {
			return side[gdl.State]{}, err
		}
		return side[gdl.State]{game: search.Game[gdl.State](gdleval.GoalScale{Game: g}), eval: ev}, nil
	})
}
