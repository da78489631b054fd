package gdl

import (
	"hash/maphash"
	"sync"
)

// GoalEvaluation estimates a state that is not terminal by the goal values
// that hold in it, as if the game ended there: the goal heuristic of
// general game playing, the one estimate every GDL game has. Evaluate is
// Utility's value (0 where no goal holds), EvaluateVec UtilityVec's.
type GoalEvaluation struct{ G *Game }

// Name is "goals".
func (GoalEvaluation) Name() string { return "goals" }

func (e GoalEvaluation) Evaluate(s State) float64      { return e.G.Utility(s) }
func (e GoalEvaluation) EvaluateVec(s State) []float64 { return e.G.UtilityVec(s) }

// CompiledGames is how many compiled games CompileCached keeps.
const CompiledGames = 16

var compiled struct {
	sync.Mutex
	seed  maphash.Seed
	games map[uint64]cachedGame
	order []uint64
}

type cachedGame struct {
	src string
	g   *Game
	err error
}

// CompileCached is Compile for callers that compile the same text again
// and again (every request of a page): it keeps the last CompiledGames
// games compiled, and their errors.
func CompileCached(src string) (*Game, error) {
	compiled.Lock()
	if compiled.games == nil {
		compiled.seed = maphash.MakeSeed()
		compiled.games = map[uint64]cachedGame{}
	}
	h := maphash.String(compiled.seed, src)
	if c, ok := compiled.games[h]; ok && c.src == src {
		compiled.Unlock()
		return c.g, c.err
	}
	compiled.Unlock()
	g, err := Compile(src)
	compiled.Lock()
	defer compiled.Unlock()
	if _, ok := compiled.games[h]; !ok {
		compiled.order = append(compiled.order, h)
		if len(compiled.order) > CompiledGames {
			delete(compiled.games, compiled.order[0])
			compiled.order = compiled.order[1:]
		}
	}
	compiled.games[h] = cachedGame{src, g, err}
	return g, err
}
