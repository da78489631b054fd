package gdleval

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/search/feature"
	"github.com/abtrace/abtrace/search/fuzzy"
	"github.com/abtrace/abtrace/search/gdl"
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
// The combination of the goal values with the terminal condition is
// Schiffel and Thielscher's ("Fluxplayer: A Successful General Game
// Player", AAAI 2007, section "State Evaluation Function"): for each goal
// value gv of role r, a goal that holds in s is worth reaching the end
// with, so its degree is taken together with terminal, and a goal that
// does not hold is one to work towards while the game goes on:
//
//	h(gv, s) = deg((goal r gv) ∨ terminal, s)   if (goal r gv) holds in s
//	h(gv, s) = deg((goal r gv) ∧ ¬terminal, s)  otherwise
//
// The goal values are then joined one of two ways (Combine; the paper
// writes h(s) = 1/Σ gv · ⊕ h(gv, s)·gv, and which ⊕ it means could not be
// checked against its text, see docs/design-notes.md):
//
//	Sum:     h_r(s) = Σ gv·h(gv, s) / Σ gv              (the default)
//	TConorm: h_r(s) = (⊕ gv·h(gv, s)) / Σ gv,  x ⊕ y = x + y − x·y/M
//
// with M the greatest goal value: the product t-conorm a + b − ab on the
// terms gv·h(gv, s)/M, scaled back by M. Both lie in [0, 1]; they agree
// where at most one term is above 0, and TConorm is never above Sum. The
// evaluation, for the first role against the second, is Kuhlmann's
// construction on V = (h_0 + 1 − h_1) / 2 (ours: the paper evaluates for
// one role).
type Fuzzy struct {
	G        *gdl.Game
	Params   fuzzy.Params
	Goals    []Goal // by role, then value (ascending)
	Terminal Goal   // Role −1
	// Combine joins a role's goal values (Sum unless set).
	Combine Combine
	goals   feature.Goals
	fluents []gdl.Term
	index   map[string]int
	maxDist int
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

// Value returns h_r(s), Schiffel and Thielscher's combination of role
// r's goal values with the terminal condition, joined as fz.Combine says
// (see Fuzzy); ½ where r has no goal value above 0.
func (fz *Fuzzy) Value(s gdl.State, r int) float64 {
	cs, _ := fz.Combinations(s, r)
	return fz.Combine.Join(cs)
}

// Combine is how the fuzzy goal evaluation joins a role's goal values
// (see Fuzzy).
type Combine uint8

const (
	Sum     Combine = iota // Σ gv·h(gv) / Σ gv, the default
	TConorm                // (⊕ gv·h(gv)) / Σ gv, ⊕ the product t-conorm scaled to the greatest goal value
)

var combineNames = []string{Sum: "sum", TConorm: "tconorm"}

func (c Combine) String() string {
	if int(c) < len(combineNames) {
		return combineNames[c]
	}
	return "combine(" + strconv.Itoa(int(c)) + ")"
}

// Combines lists the ways of joining the goal values, the default first.
func Combines() []Combine { return []Combine{Sum, TConorm} }

// ParseCombine reads a way of joining the goal values by its name, sum or
// tconorm ("" is Sum).
func ParseCombine(text string) (Combine, error) {
	switch strings.ToLower(strings.TrimSpace(text)) {
	case "", "sum":
		return Sum, nil
	case "tconorm", "t-conorm":
		return TConorm, nil
	}
	return Sum, fmt.Errorf("gdleval: the goal values' combination %q is not one of %s", text, strings.Join(combineNames, ", "))
}

// Join joins one role's h(gv, s) (see Fuzzy): ½ where no goal value is
// above 0.
func (c Combine) Join(cs []Combination) float64 {
	total, most := 0, 0
	for _, x := range cs {
		total += max(x.Value, 0)
		most = max(most, x.Value)
	}
	if total <= 0 {
		return 0.5
	}
	if c == TConorm {
		// The product t-conorm on the terms gv·h(gv)/M, scaled back by M.
		m := float64(most)
		v := 0.0
		for _, x := range cs {
			if x.Value > 0 {
				a := float64(x.Value) * x.H / m
				v = v + a - v*a
			}
		}
		return v * m / float64(total)
	}
	v := 0.0
	for _, x := range cs {
		if x.Value > 0 {
			v += x.H * (float64(x.Value) / float64(total))
		}
	}
	return v
}

// Combination is one goal value's h(gv, s): whether the goal holds, the
// degrees of the goal and of terminal, and h.
type Combination struct {
	Value          int
	Holds          bool
	Goal, Terminal float64
	H              float64
}

// Text is the formula h evaluates: "goal x 100 ∨ terminal" where the goal
// holds, "goal x 100 ∧ ¬terminal" where it does not.
func (c Combination) Text(role string) string {
	g := "goal " + role + " " + strconv.Itoa(c.Value)
	if c.Holds {
		return g + " ∨ terminal"
	}
	return g + " ∧ ¬terminal"
}

// Combined is h(gv, s) of goal g in the state h gives, terminal's degree
// there being term.
func (fz *Fuzzy) Combined(g Goal, h func(int) bool, term float64) Combination {
	c := Combination{Value: g.Value, Goal: fz.degree(g, h), Terminal: term}
	c.Holds = g.Const
	if g.Formula != nil {
		c.Holds = distance(g.Formula, h) == 0
	}
	if c.Holds {
		c.H = fz.Params.Or(c.Goal, term)
	} else {
		c.H = fz.Params.And(c.Goal, 1-term)
	}
	return c
}

// Combinations returns role r's h(gv, s) for each goal value, ascending,
// with the degree of terminal in s.
func (fz *Fuzzy) Combinations(s gdl.State, r int) ([]Combination, float64) {
	h := fz.holds(s)
	term := fz.degree(fz.Terminal, h)
	var out []Combination
	for _, g := range fz.Goals {
		if g.Role == r {
			out = append(out, fz.Combined(g, h, term))
		}
	}
	return out, term
}

// TerminalTree returns the terminal formula evaluated in s (nil where it
// is a constant).
func (fz *Fuzzy) TerminalTree(s gdl.State) *fuzzy.Degree { return fz.Tree(s, fz.Terminal) }

// V is the first role's share, (h_0 + 1 − h_1) / 2 (see Fuzzy).
func (fz *Fuzzy) V(s gdl.State) float64 {
	h0 := fz.Value(s, 0)
	if len(fz.G.Roles()) < 2 {
		return min(1, max(0, h0))
	}
	h1 := fz.Value(s, 1)
	return min(1, max(0, (h0+1-h1)/2))
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
