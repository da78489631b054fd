// Package gdleval builds evaluations from a GDL game's rules, the way a
// general game player meets a game it has never seen: the structures
// Kuhlmann, Dresner and Stone (AAAI 2006) find in the rules and in
// simulated games (gdl.Game.Structures) become features, as do the
// lecture's general ones (mobility, the opponent's mobility, novelty, the
// distance to the goal); each feature becomes an evaluation by Kuhlmann's
// construction, E = 1 + R⁻ + (R⁺ − R⁻ − 2)·V, in both directions, with R⁻
// and R⁺ read from the game's goal rules; and the goal and terminal rules
// themselves are evaluated fuzzily (Schiffel and Thielscher, AAAI 2007).
// Select ranks the features by their correlation with the final goal
// values of random games.
//
// The evaluations are search.Evaluation and search.Explainer values of
// gdl.State, for every search; they estimate the first role's goal, so a
// search that uses them sees the game through GoalScale, whose terminal
// values are the first role's goal too.
package gdleval

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"sync"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/feature"
	"github.com/abtrace/abtrace/search/gdl"
	"github.com/abtrace/abtrace/trace"
)

// AnalysisStates is how many states of random games Analyze simulates to
// find the structures and the features' bounds.
const AnalysisStates = gdl.StructureStates

// AnalysisSeed seeds those random games: an analysis is reproducible.
const AnalysisSeed = 1

// Analysis is what a player learns of a game before it plays: the
// structures, the goal values, the features and their bounds.
type Analysis struct {
	G          *gdl.Game
	Structures gdl.StructureReport
	// Goals are R⁻ and R⁺, the least and the greatest goal value of the
	// first role in the game's goal rules.
	Goals feature.Goals
	// MaxMoves is the most legal moves a role had in a simulated state,
	// MaxChanged the most facts one joint move changed.
	MaxMoves, MaxChanged int
	// Features are the candidates, structures' first, then the general
	// ones.
	Features []feature.Feature[gdl.State]
	// Reasons says, for each feature by name, where it comes from in the
	// game's own terms, in English; Says is the same as a phrase a page
	// words in its language (English holds the messages).
	Reasons map[string]string
	Says    map[string]trace.Phrase
	// coords holds each board coordinate's values in their order.
	coords map[string][]string
	fuzzy  *Fuzzy // the goal formulas, expanded once (nil: not expandable)
	fzErr  error
	// selected keeps the last selections made (Select is seeded: the
	// same games and seed give the same table).
	mu       sync.Mutex
	selected map[[2]uint64]Selection
}

// analyses keeps the analyses of the last compiled games (gdl.CompileCached
// keeps as many games).
var analyses struct {
	sync.Mutex
	m     map[*gdl.Game]*Analysis
	order []*gdl.Game
}

// Analyze returns the analysis of g (kept for the last gdl.CompiledGames
// games analysed). Errors are the simulation's (a role without a legal
// move) and goal rules without numeric values.
func Analyze(g *gdl.Game) (*Analysis, error) {
	analyses.Lock()
	if a, ok := analyses.m[g]; ok {
		analyses.Unlock()
		return a, nil
	}
	analyses.Unlock()
	a, err := analyze(g)
	if err != nil {
		return nil, err
	}
	analyses.Lock()
	defer analyses.Unlock()
	if analyses.m == nil {
		analyses.m = map[*gdl.Game]*Analysis{}
	}
	if _, ok := analyses.m[g]; !ok {
		analyses.order = append(analyses.order, g)
		if len(analyses.order) > gdl.CompiledGames {
			delete(analyses.m, analyses.order[0])
			analyses.order = analyses.order[1:]
		}
	}
	analyses.m[g] = a
	return a, nil
}

func analyze(g *gdl.Game) (*Analysis, error) {
	rep, err := g.Structures(AnalysisStates, AnalysisSeed)
	if err != nil {
		return nil, err
	}
	lo, hi, err := GoalRange(g.Description(), g.Roles()[0])
	if err != nil {
		return nil, err
	}
	a := &Analysis{G: g, Structures: rep, Goals: feature.Goals{Lo: lo, Hi: hi}, Reasons: map[string]string{}, Says: map[string]trace.Phrase{}, coords: map[string][]string{}}
	values, err := a.simulate()
	if err != nil {
		return nil, err
	}
	a.orderCoordinates(values)
	a.fuzzy, a.fzErr = NewFuzzy(g, a.Goals)
	a.structureFeatures()
	a.generalFeatures()
	return a, nil
}

// GoalRange returns the least and the greatest value the goal rules give
// role: (goal role N) or (goal ?r N) heads with N a number from 0 to 100.
func GoalRange(d *gdl.Description, role string) (lo, hi float64, err error) {
	lo, hi = 101, -1
	for _, r := range d.Rules {
		h := r.Head
		if h.Name != "goal" || len(h.Args) != 2 || (h.Args[0].Name != role && !h.Args[0].IsVar()) {
			continue
		}
		v, err := strconv.Atoi(h.Args[1].Name)
		if err != nil || v < 0 || v > 100 {
			continue
		}
		lo, hi = min(lo, float64(v)), max(hi, float64(v))
	}
	if hi < 0 {
		return 0, 0, fmt.Errorf("gdleval: no goal rule gives %s a number from 0 to 100", role)
	}
	if hi-lo <= 2 {
		return 0, 0, fmt.Errorf("gdleval: the goal values of %s range from R⁻ = %v to R⁺ = %v; Kuhlmann's construction needs R⁺ − R⁻ > 2", role, lo, hi)
	}
	return lo, hi, nil
}

// simulate plays random games (seeded) until AnalysisStates states are
// seen: the most legal moves, the most facts changed by a move, and the
// values each board coordinate took.
func (a *Analysis) simulate() (map[string]map[string]bool, error) {
	g := a.G
	rng := rand.New(rand.NewPCG(AnalysisSeed, 0xfea7))
	values := map[string]map[string]bool{}
	a.MaxMoves, a.MaxChanged = 1, 1
	for seen := 0; seen < AnalysisStates; {
		s := g.Init()
		a.note(s, values)
		seen++
		for step := 0; seen < AnalysisStates && step < gdl.MaxPlayoutSteps && !g.Terminal(s); step++ {
			joint := make([]int, len(g.Roles()))
			for r := range joint {
				legal := g.LegalMoves(s, r)
				if len(legal) == 0 {
					return nil, fmt.Errorf("gdleval: role %s has no legal move in a state that is not terminal", g.Roles()[r])
				}
				a.MaxMoves = max(a.MaxMoves, len(legal))
				joint[r] = legal[rng.IntN(len(legal))]
			}
			t := g.Next(s, joint)
			a.MaxChanged = max(a.MaxChanged, changed(g, s, t))
			s = t
			a.note(s, values)
			seen++
		}
	}
	return values, nil
}

// note records the values of every board's coordinates in s.
func (a *Analysis) note(s gdl.State, values map[string]map[string]bool) {
	for _, f := range a.G.FactTerms(s) {
		for _, b := range a.Structures.Boards {
			if f.Name != b.Relation || len(f.Args) != 3 {
				continue
			}
			for _, c := range b.Coordinates {
				k := coordKey(b.Relation, c)
				if values[k] == nil {
					values[k] = map[string]bool{}
				}
				values[k][f.Args[c-1].Name] = true
			}
		}
	}
}

func coordKey(rel string, arg int) string { return rel + "/" + strconv.Itoa(arg) }

// orderCoordinates puts each board coordinate's values in order: the
// order of its successor relation, or, without one, numerically (the
// values are then numbers: Structures finds no board otherwise).
func (a *Analysis) orderCoordinates(values map[string]map[string]bool) {
	for _, b := range a.Structures.Boards {
		for i, c := range b.Coordinates {
			k := coordKey(b.Relation, c)
			if rel := b.OrderedBy[i]; rel != "" {
				for _, s := range a.Structures.Successors {
					if s.Relation == rel {
						a.coords[k] = s.Order
					}
				}
				continue
			}
			var vs []string
			for v := range values[k] {
				vs = append(vs, v)
			}
			slices.SortFunc(vs, func(x, y string) int {
				a, _ := strconv.Atoi(x)
				b, _ := strconv.Atoi(y)
				return a - b
			})
			a.coords[k] = vs
		}
	}
}

// changed counts the facts that hold in one of s and t but not the other.
func changed(g *gdl.Game, s, t gdl.State) int {
	a, b := g.FactList(s), g.FactList(t)
	n, i, j := 0, 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b) || (i < len(a) && a[i] < b[j]):
			n, i = n+1, i+1
		case i == len(a) || b[j] < a[i]:
			n, j = n+1, j+1
		default:
			i, j = i+1, j+1
		}
	}
	return n
}

// Feature returns the candidate feature named name.
func (a *Analysis) Feature(name string) (*feature.Feature[gdl.State], bool) {
	for i := range a.Features {
		if a.Features[i].Name == name {
			return &a.Features[i], true
		}
	}
	return nil, false
}

// FeatureNames lists the candidates' names in order.
func (a *Analysis) FeatureNames() []string {
	out := make([]string, len(a.Features))
	for i, f := range a.Features {
		out[i] = f.Name
	}
	return out
}

// GoalScale is a GDL game of two roles seen on the scale of its goal
// values: Utility is the first role's goal (R⁻ to R⁺), the scale of
// Kuhlmann's E and of the fuzzy goal evaluation, which lie strictly
// between a real loss and a real win.
type GoalScale struct{ *gdl.Game }

// Utility returns the first role's goal (0 where none holds).
func (g GoalScale) Utility(s gdl.State) float64 { return g.UtilityVec(s)[0] }

var _ search.Game[gdl.State] = GoalScale{}
