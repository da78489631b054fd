package gdleval

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/abtrace/abtrace/search/feature"
	"github.com/abtrace/abtrace/search/fuzzy"
	"github.com/abtrace/abtrace/search/gdl"
	"github.com/abtrace/abtrace/trace"
)

// Goal is one goal of one role, (goal role value), expanded over the rules
// into a formula over the state's facts.
type Goal struct {
	Role  int
	Value int
	// Formula is nil where the goal is a constant: Const.
	Formula *fuzzy.Formula
	Const   bool
}

// Fuzzy is Schiffel and Thielscher's fuzzy goal evaluation of a GDL game:
// the game's goal and terminal rules, expanded into formulas over the
// facts of a state (every rule an instance of its body's conditions, every
// derived atom the disjunction of the bodies that derive it), evaluated
// with degrees of truth (package fuzzy, its t-norms and p, t, q).
//
// The value of role r in s is the mean of its goal values weighted by
// their degrees, h(gv) the degree of (goal r gv) ∧ terminal for a goal
// value of 50 or more (a goal worth ending the game in) and of
// (goal r gv) ∧ ¬terminal below 50 (an outcome the role would rather play
// on than end in):
//
//	h_r(s) = Σ gv·h(gv, s) / Σ h(gv, s)
//
// scaled to V_r = (h_r − R⁻) / (R⁺ − R⁻). The evaluation, for the first
// role against the second, is Kuhlmann's construction on
// V = (V_0 + 1 − V_1) / 2.
type Fuzzy struct {
	G        *gdl.Game
	Params   fuzzy.Params
	Goals    []Goal // by role, then value (ascending)
	Terminal Goal   // Role −1
	goals    feature.Goals
	fluents  []gdl.Term
	index    map[string]int
	maxDist  int
}

// NewFuzzy expands g's goal and terminal rules over the facts seen in
// random games (seeded, AnalysisStates states) and the boards' cells.
// goals are R⁻ and R⁺. Errors are the limits of the expansion
// (*LimitError).
func NewFuzzy(g *gdl.Game, goals feature.Goals) (*Fuzzy, error) {
	fl := fluentsOf(g)
	x := newExpander(g.Description(), fl)
	fz := &Fuzzy{G: g, Params: fuzzy.Default, goals: goals, fluents: fl, index: x.index}
	gis, err := x.all("goal")
	if err != nil {
		return nil, err
	}
	for r, role := range g.Roles() {
		for _, in := range gis {
			if len(in.atom.Args) != 2 || in.atom.Args[0].Name != role {
				continue
			}
			v, err := strconv.Atoi(in.atom.Args[1].Name)
			if err != nil {
				continue
			}
			fz.Goals = append(fz.Goals, Goal{Role: r, Value: v, Formula: in.e.f, Const: in.e.truth})
		}
	}
	slices.SortStableFunc(fz.Goals, func(a, b Goal) int {
		if a.Role != b.Role {
			return a.Role - b.Role
		}
		return a.Value - b.Value
	})
	t, err := x.atom(gdl.Term{Name: "terminal"})
	if err != nil {
		return nil, err
	}
	fz.Terminal = Goal{Role: -1, Formula: t.f, Const: t.truth}
	if n := fz.Size(); n > MaxFormulaNodes {
		return nil, &LimitError{Limit: "MaxFormulaNodes", What: fmt.Sprintf("%d nodes, more than %d", n, MaxFormulaNodes)}
	}
	for r := range g.Roles() {
		if b := fz.best(r); b != nil && b.Formula != nil {
			fz.maxDist = max(fz.maxDist, maxDistance(b.Formula))
		}
	}
	return fz, nil
}

// Size is the number of nodes of the goal and terminal formulas.
func (fz *Fuzzy) Size() int {
	n := size(fz.Terminal.Formula)
	for _, g := range fz.Goals {
		n += size(g.Formula)
	}
	return n
}

// fluentsOf returns the facts that held in random games of g (seeded), and
// every cell of every board with every marker, in byte order.
func fluentsOf(g *gdl.Game) []gdl.Term {
	seen := map[string]gdl.Term{}
	rng := rand.New(rand.NewPCG(AnalysisSeed, 0xf1))
	for n := 0; n < AnalysisStates; {
		s := g.Init()
		for step := 0; n < AnalysisStates && step < gdl.MaxPlayoutSteps; step++ {
			for _, f := range g.FactTerms(s) {
				seen[f.String()] = f
			}
			n++
			if g.Terminal(s) {
				break
			}
			joint := make([]int, len(g.Roles()))
			for r := range joint {
				l := g.LegalMoves(s, r)
				if len(l) == 0 {
					return sortedTerms(seen)
				}
				joint[r] = l[rng.IntN(len(l))]
			}
			s = g.Next(s, joint)
		}
	}
	boardCells(seen)
	return sortedTerms(seen)
}

// boardCells adds, for every relation of three arguments seen, each
// combination of the values seen in its arguments when there are few: the
// cells of a board with each of its contents.
func boardCells(seen map[string]gdl.Term) {
	vals := map[string][3]map[string]bool{}
	for _, f := range seen {
		if len(f.Args) != 3 {
			continue
		}
		v, ok := vals[f.Name]
		if !ok {
			v = [3]map[string]bool{{}, {}, {}}
			vals[f.Name] = v
		}
		for i, a := range f.Args {
			if len(a.Args) > 0 {
				return
			}
			v[i][a.Name] = true
		}
	}
	for name, v := range vals {
		if len(v[0])*len(v[1])*len(v[2]) > 4096 {
			continue
		}
		for a := range v[0] {
			for b := range v[1] {
				for c := range v[2] {
					t := gdl.Term{Name: name, Args: []gdl.Term{{Name: a}, {Name: b}, {Name: c}}}
					seen[t.String()] = t
				}
			}
		}
	}
}

func sortedTerms(m map[string]gdl.Term) []gdl.Term {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	out := make([]gdl.Term, len(keys))
	for i, k := range keys {
		out[i] = m[k]
	}
	return out
}

// holds returns the truth function of s's facts over the fluents.
func (fz *Fuzzy) holds(s gdl.State) func(int) bool {
	truth := make([]bool, len(fz.fluents))
	for _, f := range fz.G.FactList(s) {
		if i, ok := fz.index[f]; ok {
			truth[i] = true
		}
	}
	return func(i int) bool { return truth[i] }
}

// degree is the degree of a goal (or terminal) in the state holds gives.
func (fz *Fuzzy) degree(g Goal, h func(int) bool) float64 {
	if g.Formula == nil {
		if g.Const {
			return 1
		}
		return 0
	}
	return fz.Params.Eval(g.Formula, h)
}

// Degree returns the degree of (goal role value) in s, and whether the
// goal exists.
func (fz *Fuzzy) Degree(s gdl.State, role, value int) (float64, bool) {
	h := fz.holds(s)
	for _, g := range fz.Goals {
		if g.Role == role && g.Value == value {
			return fz.degree(g, h), true
		}
	}
	return 0, false
}

// Tree returns the formula of a goal evaluated in s, every subformula
// with its degree (nil for a constant goal).
func (fz *Fuzzy) Tree(s gdl.State, g Goal) *fuzzy.Degree {
	if g.Formula == nil {
		return nil
	}
	d := fz.Params.Explain(g.Formula, fz.holds(s))
	return &d
}

// Value returns h_r(s), the mean goal value of role r weighted by the
// degrees h(gv) (see Fuzzy), and the terms: each goal value with its h.
func (fz *Fuzzy) Value(s gdl.State, r int) (float64, []trace.Term) {
	h := fz.holds(s)
	term := fz.degree(fz.Terminal, h)
	num, den := 0.0, 0.0
	var terms []trace.Term
	for _, g := range fz.Goals {
		if g.Role != r {
			continue
		}
		d := fz.degree(g, h)
		name := "h(goal " + fz.G.Roles()[r] + " " + strconv.Itoa(g.Value) + " ∧ terminal)"
		if g.Value >= 50 {
			d = fz.Params.And(d, term)
		} else {
			d = fz.Params.And(d, 1-term)
			name = "h(goal " + fz.G.Roles()[r] + " " + strconv.Itoa(g.Value) + " ∧ ¬terminal)"
		}
		num += float64(g.Value) * d
		den += d
		terms = append(terms, trace.Term{Name: name, Count: d, Weight: float64(g.Value)})
	}
	if den == 0 {
		return (fz.goals.Lo + fz.goals.Hi) / 2, terms
	}
	return num / den, terms
}

// V is the first role's share, (V_0 + 1 − V_1) / 2 (see Fuzzy).
func (fz *Fuzzy) V(s gdl.State) float64 {
	span := fz.goals.Hi - fz.goals.Lo
	h0, _ := fz.Value(s, 0)
	v := (h0 - fz.goals.Lo) / span
	if len(fz.G.Roles()) < 2 {
		return min(1, max(0, v))
	}
	h1, _ := fz.Value(s, 1)
	v1 := (h1 - fz.goals.Lo) / span
	return min(1, max(0, (v+1-v1)/2))
}

// best returns role r's goal of the greatest value.
func (fz *Fuzzy) best(r int) *Goal {
	var b *Goal
	for i := range fz.Goals {
		if fz.Goals[i].Role == r && (b == nil || fz.Goals[i].Value > b.Value) {
			b = &fz.Goals[i]
		}
	}
	return b
}

// MaxDistance is the greatest distance (see Distance) the best goals'
// formulas can have.
func (fz *Fuzzy) MaxDistance() int { return fz.maxDist }

// Distance returns the fewest facts that must change before role r's best
// goal holds in s, from its formula: a fact 0 when it holds and 1 when
// not; a negation 0 when its formula is false, 1 when true; a
// conjunction the sum, a disjunction the least of its operands.
func (fz *Fuzzy) Distance(s gdl.State, r int) int {
	b := fz.best(r)
	if b == nil || b.Formula == nil {
		if b != nil && b.Const {
			return 0
		}
		return fz.maxDist
	}
	return distance(b.Formula, fz.holds(s))
}

func (fz *Fuzzy) distanceDiff(s gdl.State) float64 {
	if len(fz.G.Roles()) < 2 {
		return -float64(fz.Distance(s, 0))
	}
	return float64(fz.Distance(s, 1) - fz.Distance(s, 0))
}

func distance(f *fuzzy.Formula, h func(int) bool) int {
	switch f.Op {
	case fuzzy.Atom:
		if h(f.Fluent) {
			return 0
		}
		return 1
	case fuzzy.Not:
		if distance(f.Args[0], h) == 0 {
			return 1
		}
		return 0
	case fuzzy.And:
		n := 0
		for _, a := range f.Args {
			n += distance(a, h)
		}
		return n
	}
	n := -1
	for _, a := range f.Args {
		if d := distance(a, h); n < 0 || d < n {
			n = d
		}
	}
	return max(n, 0)
}

func maxDistance(f *fuzzy.Formula) int {
	switch f.Op {
	case fuzzy.Atom, fuzzy.Not:
		return 1
	case fuzzy.And:
		n := 0
		for _, a := range f.Args {
			n += maxDistance(a)
		}
		return n
	}
	n := -1
	for _, a := range f.Args {
		if d := maxDistance(a); n < 0 || d < n {
			n = d
		}
	}
	return max(n, 0)
}
