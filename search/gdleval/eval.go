package gdleval

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/feature"
	"github.com/abtrace/abtrace/search/fuzzy"
	"github.com/abtrace/abtrace/search/gdl"
	"github.com/abtrace/abtrace/trace"
)

// The evaluations by their short names: each is Kuhlmann's construction on
// one feature in one direction (kuhlmann:FEATURE:max or :min).
var shortNames = []struct{ name, feature, dir string }{
	{"mobility", "mobility", "max"},
	{"inverse-mobility", "mobility", "min"},
	{"opponent-mobility", "opponent-mobility", "min"},
	{"novelty", "novelty", "max"},
	{"goal-distance", "goal-distance", "max"},
	{"goal-fuzzy", "goal-fuzzy", "max"},
}

// Eval is an evaluation of a GDL game built from its rules: Kuhlmann's
// construction on one feature, E = 1 + R⁻ + (R⁺ − R⁻ − 2)·V maximising or
// with 1 − V minimising. Its value estimates the first role's goal, so it
// is searched on GoalScale.
type Eval struct {
	name string
	*feature.Kuhlmann[gdl.State]
	feature string
	a       *Analysis
	params  fuzzy.Params
	combine Combine
}

// FuzzyName is the fuzzy goal evaluation's name; FuzzyName + ":" + a
// Combine's name ("goal-fuzzy:tconorm") joins the goal values that way.
const FuzzyName = "goal-fuzzy"

// Name is the evaluation's name as it was asked for ("mobility",
// "kuhlmann:count(cell,x):max").
func (e *Eval) Name() string { return e.name }

// Feature is the name of the feature V is.
func (e *Eval) Feature() string { return e.feature }

// Combine is how the fuzzy goal evaluation joins the goal values (Sum for
// every other evaluation).
func (e *Eval) Combine() Combine { return e.combine }

// Fuzzy is the fuzzy goal evaluation the evaluation is built on, with its
// parameters and combination (an error where the goals could not be
// expanded).
func (e *Eval) Fuzzy() (*Fuzzy, error) {
	fz, err := e.a.Fuzzy(e.params)
	if err != nil {
		return nil, err
	}
	fz.Combine = e.combine
	return fz, nil
}

// Analysis is the analysis of the game the evaluation was built from.
func (e *Eval) Analysis() *Analysis { return e.a }

// Reason says where the feature comes from, in the game's terms.
func (e *Eval) Reason() string { return e.a.Reasons[e.feature] }

// Say is Reason as a phrase a page words in its language (English).
func (e *Eval) Say() trace.Phrase { return e.a.Says[e.feature] }

var (
	_ search.Evaluation[gdl.State] = (*Eval)(nil)
	_ search.Explainer[gdl.State]  = (*Eval)(nil)
)

// Written is an evaluation's value at a state written out as a lecturer
// does: the construction in symbols, then with its numbers, each number as
// the pages write it (trace.WrittenProb for V: 5/9 stays a fraction;
// trace.Written, at most two decimals, for the rest), with ≈ where a
// number had to be rounded.
type Written struct {
	Feature string
	// V, Lo, Hi and E are V, R⁻, R⁺ and E as written.
	V, Lo, Hi, E string
	// VEq is "=" or "≈": how V(s) is written ("V = mobility(s) = 5/9").
	VEq string
	// Symbols is the construction, "E = 1 + R⁻ + (R⁺ − R⁻ − 2)·V" (with
	// (1 − V) minimising); Numbers the same with the numbers put in,
	// "1 + 0 + (100 − 0 − 2) × 5/9", and EEq "=" or "≈" before E.
	Symbols, Numbers, EEq string
	// Minimise: the evaluation takes 1 − V (the feature's inverse).
	Minimise bool
}

// Written writes the value at s out (see Written).
func (e *Eval) Written(s gdl.State) Written {
	g := e.Goals()
	v, ev := e.V(s), e.Evaluate(s)
	w := Written{Feature: e.feature, V: trace.WrittenProb(v), Lo: trace.Written(g.Lo), Hi: trace.Written(g.Hi), E: trace.Written(ev)}
	exact := trace.WrittenExactly(v) || strings.Contains(w.V, "/")
	w.VEq, w.EEq = approx(exact), approx(exact && trace.WrittenExactly(ev))
	vt, vn := "V", w.V
	if e.Direction() == feature.Minimise {
		w.Minimise = true
		vt, vn = "(1 − V)", "(1 − "+w.V+")"
	}
	w.Symbols = "E = 1 + R⁻ + (R⁺ − R⁻ − 2)·" + vt
	w.Numbers = fmt.Sprintf("1 + %s + (%s − %s − 2) × %s", w.Lo, w.Hi, w.Lo, vn)
	if !exact {
		// V was rounded: the weighted term as the search has it, so that
		// the sum can be checked ("≈ 1 + 0 + 54.44 = 55.44").
		part := ev - 1 - g.Lo
		w.Numbers += " ≈ 1 + " + w.Lo + " + " + trace.Written(part)
		w.EEq = approx(trace.WrittenExactly(part) && trace.WrittenExactly(ev))
	}
	return w
}

// approx is "=" before a number written exactly, "≈" before one rounded.
func approx(exact bool) string {
	if exact {
		return "="
	}
	return "≈"
}

// Formula writes the value at s term by term: the construction, then the
// numbers, "V = mobility(s) = 5/9; E = 1 + R⁻ + (R⁺ − R⁻ − 2)·V = 1 + 0 +
// (100 − 0 − 2) × 5/9 ≈ 55.44" (with (1 − V) minimising).
func (e *Eval) Formula(s gdl.State) string {
	w := e.Written(s)
	return fmt.Sprintf("V = %s(s) %s %s; %s = %s %s %s", w.Feature, w.VEq, w.V, w.Symbols, w.Numbers, w.EEq, w.E)
}

// Names lists the evaluations of the analysed game: "goals" (the goal
// values that hold, gdl.GoalEvaluation), the short names (goal-fuzzy
// followed by goal-fuzzy:tconorm, its other combination), then
// kuhlmann:FEATURE:max and :min for every candidate feature.
func (a *Analysis) Names() []string {
	out := []string{"goals"}
	for _, s := range shortNames {
		if _, ok := a.Feature(s.feature); ok {
			out = append(out, s.name)
			if s.name == FuzzyName {
				out = append(out, FuzzyName+":"+TConorm.String())
			}
		}
	}
	for _, f := range a.Features {
		out = append(out, "kuhlmann:"+f.Name+":max", "kuhlmann:"+f.Name+":min")
	}
	return out
}

// Evaluation returns the evaluation named name (see Names; not "goals",
// which is gdl.GoalEvaluation), with the fuzzy goal evaluation's
// parameters p. goal-fuzzy:sum and goal-fuzzy:tconorm name the fuzzy goal
// evaluation with its goal values joined that way (see Combine); a
// combination of another name is a *CombineError.
func (a *Analysis) Evaluation(name string, p fuzzy.Params) (*Eval, error) {
	fname, dir := "", ""
	for _, s := range shortNames {
		if s.name == name {
			fname, dir = s.feature, s.dir
		}
	}
	combine := Sum
	if rest, ok := strings.CutPrefix(name, FuzzyName+":"); ok {
		c, err := ParseCombine(rest)
		if err != nil {
			return nil, &CombineError{Name: name, Got: rest}
		}
		fname, dir, combine = FuzzyName, "max", c
	}
	if rest, ok := strings.CutPrefix(name, "kuhlmann:"); ok {
		i := strings.LastIndex(rest, ":")
		if i < 0 {
			return nil, fmt.Errorf("gdleval: evaluation %q: want kuhlmann:FEATURE:max or kuhlmann:FEATURE:min", name)
		}
		fname, dir = rest[:i], rest[i+1:]
	}
	if fname == "" {
		return nil, fmt.Errorf("gdleval: unknown evaluation %q (want %s)", name, strings.Join(a.Names(), ", "))
	}
	d, err := feature.ParseDirection(dir)
	if err != nil {
		return nil, fmt.Errorf("gdleval: evaluation %q: %w", name, err)
	}
	fs := a.Features
	if _, ok := a.Feature(fname); !ok {
		return nil, fmt.Errorf("gdleval: evaluation %q: no feature %q in this game (want one of %s)", name, fname, strings.Join(a.FeatureNames(), ", "))
	}
	if fname == FuzzyName && (p != a.fuzzy.Params || combine != Sum) {
		// The fuzzy goal evaluation with other parameters or combination.
		if err := p.Check(); err != nil {
			return nil, err
		}
		fz := *a.fuzzy
		fz.Params, fz.Combine = p, combine
		fs = []feature.Feature[gdl.State]{{Name: FuzzyName, Diff: func(s gdl.State) float64 { return 2*fz.V(s) - 1 }, Bound: 1, Share: fz.V}}
	}
	k, err := feature.NewKuhlmann(fs, []feature.Weight{{Name: fname, Weight: 1}}, d, a.Goals)
	if err != nil {
		return nil, fmt.Errorf("gdleval: %w", err)
	}
	return &Eval{name: name, Kuhlmann: k, feature: fname, a: a, params: p, combine: combine}, nil
}

// CombineError is an evaluation goal-fuzzy:NAME whose NAME is not a way of
// joining the goal values (sum or tconorm).
type CombineError struct {
	Name string // the evaluation as asked for, "goal-fuzzy:product"
	Got  string // what follows goal-fuzzy:
}

func (e *CombineError) Error() string {
	return fmt.Sprintf("gdleval: evaluation %q: the goal values' combination %q is not one of %s (%s the default)",
		e.Name, e.Got, strings.Join(combineNames, ", "), Sum)
}

// Say is the error as a phrase a page words in its language (English).
func (e *CombineError) Say() trace.Phrase {
	return trace.PhraseOf("gdleval.err.combine", "Got", strconv.Quote(e.Got), "Eval", e.Name, "Want", strings.Join(combineNames, ", "), "Default", Sum.String())
}

// Fuzzy returns the game's goal and terminal rules expanded, with
// parameters p (an error where they could not be expanded).
func (a *Analysis) Fuzzy(p fuzzy.Params) (*Fuzzy, error) {
	if a.fuzzy == nil {
		return nil, a.fzErr
	}
	fz := *a.fuzzy
	fz.Params = p
	return &fz, nil
}

// Explain is the construction's terms (feature.Kuhlmann.Explain): 1 + R⁻,
// then V (or 1 − V) weighted by R⁺ − R⁻ − 2; they sum to E.
func (e *Eval) Explain(s gdl.State) []trace.Term { return e.Kuhlmann.Explain(s) }
