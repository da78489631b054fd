// Package feature builds evaluations from named features of a state, the
// two ways the lectures build them:
//
//   - a weighted sum, EVAL(s) = w1·f1(s) + … + wn·fn(s), where each fi is a
//     feature seen from MAX's side (MAX's discs minus MIN's, say), and
//   - Kuhlmann et al.'s construction for general game players: a feature
//     V(s) scaled to [0, 1] becomes a maximising evaluation
//     E(s) = 1 + R⁻ + (R⁺ − R⁻ − 2)·V(s), or a minimising one with 1 − V(s)
//     in place of V(s), where R⁻ and R⁺ are the least and the greatest goal
//     value. E lies in [R⁻ + 1, R⁺ − 1], so a real win (R⁺) outranks every
//     evaluation and a real loss (R⁻) falls below every one.
//
// Both kinds explain every value as named terms (search.Explainer), so the
// viewer can show each feature where a leaf is evaluated. A game package
// lists its features; Parse reads a user's weighting such as
// "discs:1,mobility:5".
package feature

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/trace"
)

// Feature is one named, measurable property of a state S.
type Feature[S any] struct {
	// Name is how a weighting names the feature ("discs").
	Name string
	// Doc says in a few words what it measures, for help texts.
	Doc string
	// Diff is the feature seen from MAX's side: MAX's measure minus MIN's
	// (or MAX's advantage however the feature defines it). Weighted sums
	// add it up.
	Diff func(S) float64
	// Bound is the largest absolute value Diff takes.
	Bound float64
	// Share is the feature scaled to [0, 1] from MAX's side, Kuhlmann's
	// V(s): for discs, MAX's discs over the squares of the board. Nil
	// means (Diff + Bound) / (2·Bound).
	Share func(S) float64
}

// share returns V(s) in [0, 1].
func (f *Feature[S]) share(s S) float64 {
	if f.Share != nil {
		return f.Share(s)
	}
	if f.Bound == 0 {
		return 0.5
	}
	return (f.Diff(s) + f.Bound) / (2 * f.Bound)
}

// Weight is one term of a weighting: a feature's name and its weight.
type Weight struct {
	Name   string
	Weight float64
}

// MaxTerms is how many terms a weighting may have.
const MaxTerms = 16

// MaxWeight bounds the absolute value of a weight, so that sums stay
// exact and far from overflow.
const MaxWeight = 1e6

// Parse reads a weighting: terms separated by "," or "+", each a
// feature name with an optional weight after a colon ("discs:1,mobility:5",
// "discs+corners:10"; a missing weight is 1). known lists the valid names,
// for the error. A name may appear only once. Errors start with
// "feature: " and name the term (1-based) that is wrong.
func Parse(text string, known []string) ([]Weight, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil, fmt.Errorf("feature: no features given (want names such as %s, with weights as in %s:1)", strings.Join(known, ", "), first(known))
	}
	parts := strings.Split(strings.ReplaceAll(text, "+", ","), ",")
	if len(parts) > MaxTerms {
		return nil, fmt.Errorf("feature: %d terms, at most %d", len(parts), MaxTerms)
	}
	var out []Weight
	for i, p := range parts {
		if strings.TrimSpace(p) == "" {
			return nil, fmt.Errorf("feature: term %d is empty (write terms such as %s:1 separated by commas)", i+1, first(known))
		}
		name, w, hasW := strings.Cut(strings.TrimSpace(p), ":")
		name = strings.ToLower(strings.TrimSpace(name))
		wt := 1.0
		if hasW {
			x, err := strconv.ParseFloat(strings.TrimSpace(w), 64)
			if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
				return nil, fmt.Errorf("feature: term %d (%q): weight %q is not a number", i+1, p, w)
			}
			if math.Abs(x) > MaxWeight {
				return nil, fmt.Errorf("feature: term %d (%q): weight %v is beyond ±%g", i+1, p, x, MaxWeight)
			}
			wt = x
		}
		found := false
		for _, k := range known {
			if k == name {
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("feature: term %d: unknown feature %q (want %s)", i+1, name, strings.Join(known, ", "))
		}
		for _, o := range out {
			if o.Name == name {
				return nil, fmt.Errorf("feature: term %d: %s is given twice", i+1, name)
			}
		}
		out = append(out, Weight{name, wt})
	}
	return out, nil
}

func first(names []string) string {
	if len(names) == 0 {
		return "f"
	}
	return names[0]
}

// Format writes a weighting as Parse reads it, with "," between terms:
// "discs:1,mobility:5".
func Format(ws []Weight) string {
	parts := make([]string, len(ws))
	for i, w := range ws {
		parts[i] = w.Name + ":" + strconv.FormatFloat(w.Weight, 'g', -1, 64)
	}
	return strings.Join(parts, ",")
}

// term is a feature with its weight.
type term[S any] struct {
	f *Feature[S]
	w float64
}

func bind[S any](all []Feature[S], ws []Weight) ([]term[S], error) {
	out := make([]term[S], 0, len(ws))
	for _, w := range ws {
		var f *Feature[S]
		for i := range all {
			if all[i].Name == w.Name {
				f = &all[i]
			}
		}
		if f == nil {
			return nil, fmt.Errorf("feature: unknown feature %q", w.Name)
		}
		out = append(out, term[S]{f, w.Weight})
	}
	return out, nil
}

// Weighted is the weighted sum w1·f1(s) + … + wn·fn(s) of features seen
// from MAX's side. It satisfies search.Evaluation and search.Explainer.
type Weighted[S any] struct {
	name  string
	terms []term[S]
}

// NewWeighted binds a weighting to the game's features.
func NewWeighted[S any](all []Feature[S], ws []Weight) (*Weighted[S], error) {
	ts, err := bind(all, ws)
	if err != nil {
		return nil, err
	}
	if len(ts) == 0 {
		return nil, fmt.Errorf("feature: a weighted sum needs at least one feature")
	}
	return &Weighted[S]{name: Format(ws), terms: ts}, nil
}

// Name is the weighting as Format writes it.
func (e *Weighted[S]) Name() string { return e.name }

// Evaluate returns Σ wi·fi(s).
func (e *Weighted[S]) Evaluate(s S) float64 {
	v := 0.0
	for _, t := range e.terms {
		v += t.w * t.f.Diff(s)
	}
	return v
}

// Explain returns one term per feature: its value fi(s) as Count and its
// weight wi as Weight, in the order of the weighting.
func (e *Weighted[S]) Explain(s S) []trace.Term {
	out := make([]trace.Term, len(e.terms))
	for i, t := range e.terms {
		out[i] = trace.Term{Name: t.f.Name, Count: t.f.Diff(s), Weight: t.w}
	}
	return out
}

// Bound is the largest absolute value Evaluate can take: Σ |wi|·Bound(fi).
func (e *Weighted[S]) Bound() float64 {
	b := 0.0
	for _, t := range e.terms {
		b += math.Abs(t.w) * t.f.Bound
	}
	return b
}

// Direction is the sense of a Kuhlmann evaluation.
type Direction uint8

const (
	Maximise Direction = iota // E grows with V: more of the feature is better
	Minimise                  // E grows with 1 − V: less of the feature is better
)

func (d Direction) String() string {
	if d == Minimise {
		return "min"
	}
	return "max"
}

// ParseDirection reads "max" or "min".
func ParseDirection(s string) (Direction, error) {
	switch strings.ToLower(s) {
	case "max", "maximise", "maximize":
		return Maximise, nil
	case "min", "minimise", "minimize":
		return Minimise, nil
	}
	return 0, fmt.Errorf("feature: kuhlmann direction %q (want max or min)", s)
}

// Goals are R⁻ and R⁺, the least and the greatest goal value a game can
// reach (in general game playing 0 and 100). They must differ by more than
// 2, so that [R⁻ + 1, R⁺ − 1] is an interval.
type Goals struct{ Lo, Hi float64 }

// GGP are the goal values of general game playing, 0 and 100.
var GGP = Goals{0, 100}

// Kuhlmann is Kuhlmann et al.'s evaluation from a feature:
//
//	E(s) = 1 + R⁻ + (R⁺ − R⁻ − 2)·V(s)        maximising
//	E(s) = 1 + R⁻ + (R⁺ − R⁻ − 2)·(1 − V(s))  minimising
//
// With several features V is their weighted mean, Σ wi·Vi / Σ wi (weights
// must be positive). It satisfies search.Evaluation and search.Explainer.
type Kuhlmann[S any] struct {
	name  string
	dir   Direction
	goals Goals
	terms []term[S]
	sum   float64
}

// NewKuhlmann binds a weighting (positive weights) to the game's features
// in the given direction with the game's goal values.
func NewKuhlmann[S any](all []Feature[S], ws []Weight, dir Direction, g Goals) (*Kuhlmann[S], error) {
	if !(g.Hi-g.Lo > 2) {
		return nil, fmt.Errorf("feature: goal values R⁻ = %v and R⁺ = %v: R⁺ − R⁻ must be more than 2", g.Lo, g.Hi)
	}
	ts, err := bind(all, ws)
	if err != nil {
		return nil, err
	}
	if len(ts) == 0 {
		return nil, fmt.Errorf("feature: Kuhlmann's evaluation needs a feature")
	}
	sum := 0.0
	for _, t := range ts {
		if t.w <= 0 {
			return nil, fmt.Errorf("feature: Kuhlmann's evaluation takes a weighted mean of features: the weight of %s must be positive, not %v (use --kuhlmann min for the other direction)", t.f.Name, t.w)
		}
		sum += t.w
	}
	name := dir.String() + "-" + strings.ReplaceAll(Format(ws), ",", "+")
	if len(ws) == 1 && ws[0].Weight == 1 {
		name = dir.String() + "-" + ws[0].Name
	}
	return &Kuhlmann[S]{name: name, dir: dir, goals: g, terms: ts, sum: sum}, nil
}

// Name is "max-discs", "min-mobility" or, for several features,
// "max-discs:1+corners:2".
func (e *Kuhlmann[S]) Name() string { return e.name }

// Direction and Goals return the construction's parameters.
func (e *Kuhlmann[S]) Direction() Direction { return e.dir }
func (e *Kuhlmann[S]) Goals() Goals         { return e.goals }

// V returns the (weighted mean) feature value V(s) in [0, 1].
func (e *Kuhlmann[S]) V(s S) float64 {
	v := 0.0
	for _, t := range e.terms {
		v += t.w * t.f.share(s)
	}
	return v / e.sum
}

// E is the construction on a value v = V(s) in [0, 1].
func E(dir Direction, g Goals, v float64) float64 {
	if dir == Minimise {
		v = 1 - v
	}
	return 1 + g.Lo + (g.Hi-g.Lo-2)*v
}

// Evaluate returns E(s).
func (e *Kuhlmann[S]) Evaluate(s S) float64 { return E(e.dir, e.goals, e.V(s)) }

// Explain returns the construction as terms that sum to E, naming both
// goal values: first "1 + R⁻ (R⁻ = 0)" with count 1 and weight 1 + R⁻,
// then one term per feature, "V(discs) (R⁺ = 100)" maximising or
// "1 − V(discs) (R⁺ = 100)" minimising, with the feature's scaled value as
// Count and (R⁺ − R⁻ − 2)·wi/Σw as Weight.
func (e *Kuhlmann[S]) Explain(s S) []trace.Term {
	k := e.goals.Hi - e.goals.Lo - 2
	out := make([]trace.Term, 0, len(e.terms)+1)
	out = append(out, trace.Term{Name: "1 + R⁻ (R⁻ = " + num(e.goals.Lo) + ")", Count: 1, Weight: 1 + e.goals.Lo})
	for _, t := range e.terms {
		v, name := t.f.share(s), "V("+t.f.Name+")"
		if e.dir == Minimise {
			v, name = 1-v, "1 − V("+t.f.Name+")"
		}
		out = append(out, trace.Term{Name: name + " (R⁺ = " + num(e.goals.Hi) + ")", Count: v, Weight: k * t.w / e.sum})
	}
	return out
}

func num(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// Bound is the largest absolute value E takes.
func (e *Kuhlmann[S]) Bound() float64 {
	return math.Max(math.Abs(e.goals.Lo+1), math.Abs(e.goals.Hi-1))
}

// WinAbove returns a round utility for a win that outranks every
// evaluation bounded by bound: the least of 100, 1000, 10000, … that is
// greater than bound.
func WinAbove(bound float64) float64 {
	w := 100.0
	for w <= bound {
		w *= 10
	}
	return w
}
