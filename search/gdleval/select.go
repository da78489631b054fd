package gdleval

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/abtrace/abtrace/search/feature"
	"github.com/abtrace/abtrace/search/gdl"
	"github.com/abtrace/abtrace/trace"
)

// SelectGames is how many random games Select plays by default, and
// MaxSelectGames the most it may be asked for.
const (
	SelectGames    = 200
	MaxSelectGames = 5000
)

// Candidate is one feature with its score: how well its value in the
// states of random games foretells the first role's final goal.
type Candidate struct {
	Feature string `json:"feature"`
	// Score is Pearson's correlation of V(s), over every non-terminal
	// state of the games, with the first role's goal at the game's end
	// (0 where either does not vary).
	Score float64 `json:"score"`
	// Direction is "max" where the feature goes with a better goal (Score
	// ≥ 0), "min" where against it, and Evaluation the evaluation that
	// follows it: kuhlmann:FEATURE:max or :min.
	Direction  string `json:"direction"`
	Evaluation string `json:"evaluation"`
	Reason     string `json:"reason"`
	// Say is Reason as a phrase a page words in its language.
	Say trace.Phrase `json:"-"`
}

// Selection is the table of candidates, best (greatest |Score|) first.
type Selection struct {
	Games  int    `json:"games"`
	Seed   uint64 `json:"seed"`
	States int    `json:"states"` // the states scored
	// Goals are R⁻ and R⁺ of the first role, from the goal rules.
	Goals      [2]float64  `json:"goals"`
	Candidates []Candidate `json:"candidates"`
}

// Select scores every candidate feature by its correlation with the
// final goal values of games random games (seeded): the selection by
// simulation of Kuhlmann et al. and the work after them.
func (a *Analysis) Select(games int, seed uint64) (Selection, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if sel, ok := a.selected[[2]uint64{uint64(games), seed}]; ok {
		return sel, nil
	}
	sel, err := a.selectBy(games, seed)
	if err == nil {
		if a.selected == nil || len(a.selected) >= 4 {
			a.selected = map[[2]uint64]Selection{}
		}
		a.selected[[2]uint64{uint64(games), seed}] = sel
	}
	return sel, err
}

func (a *Analysis) selectBy(games int, seed uint64) (Selection, error) {
	if games < 1 || games > MaxSelectGames {
		return Selection{}, fmt.Errorf("gdleval: %d games for the selection (want 1 to %d, MaxSelectGames)", games, MaxSelectGames)
	}
	g := a.G
	rng := rand.New(rand.NewPCG(seed, 0x5e1ec7))
	n := len(a.Features)
	sx, sxx, sxy := make([]float64, n), make([]float64, n), make([]float64, n)
	sy, syy, count := 0.0, 0.0, 0
	for range games {
		var states []gdl.State
		s := g.Init()
		for step := 0; step < gdl.MaxPlayoutSteps && !g.Terminal(s); step++ {
			states = append(states, s)
			joint := make([]int, len(g.Roles()))
			for r := range joint {
				l := g.LegalMoves(s, r)
				if len(l) == 0 {
					return Selection{}, fmt.Errorf("gdleval: role %s has no legal move in a state that is not terminal", g.Roles()[r])
				}
				joint[r] = l[rng.IntN(len(l))]
			}
			s = g.Next(s, joint)
		}
		y := g.UtilityVec(s)[0]
		for _, st := range states {
			for i := range a.Features {
				x := share(&a.Features[i], st)
				sx[i] += x
				sxx[i] += x * x
				sxy[i] += x * y
			}
			sy += y
			syy += y * y
			count++
		}
	}
	sel := Selection{Games: games, Seed: seed, States: count, Goals: [2]float64{a.Goals.Lo, a.Goals.Hi}}
	for i, f := range a.Features {
		sel.Candidates = append(sel.Candidates, a.candidate(f.Name, pearson(float64(count), sx[i], sxx[i], sy, syy, sxy[i])))
	}
	slices.SortStableFunc(sel.Candidates, func(x, y Candidate) int {
		switch ax, ay := math.Abs(x.Score), math.Abs(y.Score); {
		case ax > ay:
			return -1
		case ax < ay:
			return 1
		}
		return 0
	})
	return sel, nil
}

// share is the feature's V(s) in [0, 1].
func share(f *feature.Feature[gdl.State], s gdl.State) float64 {
	if f.Share != nil {
		return f.Share(s)
	}
	if f.Bound == 0 {
		return 0.5
	}
	return (f.Diff(s) + f.Bound) / (2 * f.Bound)
}

func (a *Analysis) candidate(name string, r float64) Candidate {
	dir := "max"
	if r < 0 {
		dir = "min"
	}
	return Candidate{Feature: name, Score: math.Round(r*1e4) / 1e4, Direction: dir, Evaluation: "kuhlmann:" + name + ":" + dir, Reason: a.Reasons[name], Say: a.Says[name]}
}

// pearson is the correlation of x and y from their sums over n pairs.
func pearson(n, sx, sxx, sy, syy, sxy float64) float64 {
	if n < 2 {
		return 0
	}
	cov := sxy - sx*sy/n
	vx, vy := sxx-sx*sx/n, syy-sy*sy/n
	if vx <= 1e-12 || vy <= 1e-12 {
		return 0
	}
	return cov / math.Sqrt(vx*vy)
}
