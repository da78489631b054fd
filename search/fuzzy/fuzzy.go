// Package fuzzy is the fuzzy goal evaluation of general game playing
// (Schiffel and Thielscher's Fluxplayer): a game's goal condition, a
// formula over the fluents of a state, is evaluated with degrees of truth
// instead of true and false, so that a state where the goal is almost
// reached scores higher than one where it is far away.
//
// A fluent that holds in the state is worth p, one that does not 1 − p
// (with ½ < p ≤ 1); a negation is 1 minus its operand; a conjunction is a
// t-norm T of its operands and a disjunction the dual t-conorm
// S(a, b) = 1 − T(1 − a, 1 − b). The t-norms offered are Gödel's (min and
// max), the product (with the probabilistic sum a + b − ab), Łukasiewicz's
// (max(0, a + b − 1) and min(1, a + b)) and the lecture's thresholded one:
// S(a, b) = min(1, (a^q + b^q)^(1/q)), T its dual, and
//
//	T'(a, b) = max(T(a, b), t)  if both a > ½ and b > ½
//	T'(a, b) = T(a, b)          otherwise
//	S'(a, b) = 1 − T'(1 − a, 1 − b)
//
// with ½ < t ≤ 1, so that a formula that is true in the state never falls
// to ½ or below however many conjuncts it has, and a false one never rises
// above ½. (T' keeps 1 as neutral element only outside (½, t): there
// T'(a, 1) = t > a, which is the point of the threshold.)
package fuzzy

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/trace"
)

// Norm names a t-norm with its dual t-conorm.
type Norm uint8

const (
	Min         Norm = iota // T = min, S = max (Gödel)
	Product                 // T = a·b, S = a + b − a·b
	Lukasiewicz             // T = max(0, a + b − 1), S = min(1, a + b)
	Threshold               // the lecture's: S = (a^q + b^q)^(1/q), T its dual, thresholded at t
)

var normNames = []string{Min: "min", Product: "product", Lukasiewicz: "lukasiewicz", Threshold: "threshold"}

func (n Norm) String() string {
	if int(n) < len(normNames) {
		return normNames[n]
	}
	return "norm(" + strconv.Itoa(int(n)) + ")"
}

// Norms lists the t-norms in a stable order.
func Norms() []Norm { return []Norm{Min, Product, Lukasiewicz, Threshold} }

// Params are the choices of a fuzzy evaluation.
type Params struct {
	Norm Norm
	// P is the degree of a fluent that holds (½ < P ≤ 1); one that does
	// not hold has 1 − P.
	P float64
	// T is the threshold of the thresholded t-norm (½ < T ≤ 1).
	T float64
	// Q is the exponent of its t-conorm (0 < Q ≤ MaxQ).
	Q float64
}

// Default are the parameters used when none are given: the thresholded
// t-norm with p = 0.75, t = 0.55 and q = 5. (With q = 2 a conjunction of
// one true and two false fluents is already 0, so tic-tac-toe's opening
// positions all score 0; q = 5 keeps them apart.)
var Default = Params{Norm: Threshold, P: 0.75, T: 0.55, Q: 5}

// MaxQ bounds the exponent q: beyond it a^q underflows for degrees that
// matter and S is max to every printed digit.
const MaxQ = 100

// String writes the parameters as ParseParams reads them.
func (p Params) String() string {
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	return p.Norm.String() + "," + f(p.P) + "," + f(p.T) + "," + f(p.Q)
}

// ParseParams reads "tnorm,p,t,q": the t-norm's name (min, product,
// lukasiewicz or łukasiewicz, threshold), then p, t and q; the numbers may
// be left off from the right, taking those of Default. "" is Default.
// Errors start with "fuzzy: " and name the part that is wrong.
func ParseParams(text string) (Params, error) {
	p := Default
	text = strings.TrimSpace(text)
	if text == "" {
		return p, nil
	}
	parts := strings.Split(text, ",")
	if len(parts) > 4 {
		return Params{}, fmt.Errorf("fuzzy: %q has %d parts; want tnorm,p,t,q", text, len(parts))
	}
	name := strings.ToLower(strings.TrimSpace(parts[0]))
	switch name {
	case "łukasiewicz", "luk":
		name = "lukasiewicz"
	case "gödel", "godel", "minmax", "min/max":
		name = "min"
	case "prod":
		name = "product"
	case "yager":
		name = "threshold"
	}
	found := false
	for i, n := range normNames {
		if n == name {
			p.Norm, found = Norm(i), true
		}
	}
	if !found {
		return Params{}, fmt.Errorf("fuzzy: unknown t-norm %q (want %s)", parts[0], strings.Join(normNames, ", "))
	}
	dst := []*float64{&p.P, &p.T, &p.Q}
	what := []string{"p", "t", "q"}
	for i, s := range parts[1:] {
		x, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil {
			return Params{}, fmt.Errorf("fuzzy: %s = %q is not a number", what[i], s)
		}
		*dst[i] = x
	}
	return p, p.Check()
}

// Check reports parameters outside their ranges.
func (p Params) Check() error {
	switch {
	case p.Norm > Threshold:
		return fmt.Errorf("fuzzy: unknown t-norm %d", p.Norm)
	case !(p.P > 0.5 && p.P <= 1):
		return fmt.Errorf("fuzzy: p = %v must be above 0.5 and at most 1 (a true fluent must count more than a false one)", p.P)
	case !(p.T > 0.5 && p.T <= 1):
		return fmt.Errorf("fuzzy: t = %v must be above 0.5 and at most 1", p.T)
	case !(p.Q > 0 && p.Q <= MaxQ):
		return fmt.Errorf("fuzzy: q = %v must be above 0 and at most %d", p.Q, MaxQ)
	}
	return nil
}

// And is the (thresholded, for Threshold) t-norm T(a, b).
func (p Params) And(a, b float64) float64 {
	switch p.Norm {
	case Min:
		return math.Min(a, b)
	case Product:
		return a * b
	case Lukasiewicz:
		return math.Max(0, a+b-1)
	}
	v := 1 - p.yager(1-a, 1-b)
	if a > 0.5 && b > 0.5 {
		v = math.Max(v, p.T)
	}
	return v
}

// Or is the dual t-conorm S(a, b) = 1 − T(1 − a, 1 − b).
func (p Params) Or(a, b float64) float64 {
	switch p.Norm {
	case Min:
		return math.Max(a, b)
	case Product:
		return a + b - a*b
	case Lukasiewicz:
		return math.Min(1, a+b)
	}
	return 1 - p.And(1-a, 1-b)
}

// yager is S(a, b) = min(1, (a^q + b^q)^(1/q)).
func (p Params) yager(a, b float64) float64 {
	return math.Min(1, math.Pow(math.Pow(a, p.Q)+math.Pow(b, p.Q), 1/p.Q))
}

// Op is the connective of a formula node.
type Op uint8

const (
	Atom Op = iota // a fluent
	Not
	And
	Or
)

var opNames = []string{Atom: "atom", Not: "not", And: "and", Or: "or"}

func (o Op) String() string {
	if int(o) < len(opNames) {
		return opNames[o]
	}
	return "op(" + strconv.Itoa(int(o)) + ")"
}

// Formula is a formula over fluents: an Atom names a fluent (Fluent, an
// index the caller's truth function understands, and Text, how it is
// written, "cell(1,1,x)"); Not has one operand; And and Or have two or
// more, combined from the left. Text of an inner node is an optional
// caption ("row 1").
type Formula struct {
	Op     Op
	Fluent int
	Text   string
	// Say is Text as a phrase of the pages' catalogs, for the pages to
	// word in their language; its ID is empty where Text is notation.
	Say  trace.Phrase
	Args []*Formula
}

// Degree is a formula evaluated in one state: every subformula with its
// degree, the tree the viewer draws.
type Degree struct {
	Op   Op
	Text string
	Say  trace.Phrase // Text as a phrase (see Formula.Say)
	// Value is the degree of truth in [0, 1]; Holds is the classical truth
	// of the subformula in the state.
	Value float64
	Holds bool
	Args  []Degree
}

// Eval evaluates f in the state whose fluents holds reports.
func (p Params) Eval(f *Formula, holds func(fluent int) bool) float64 {
	return p.eval(f, holds, nil).Value
}

// Explain evaluates f like Eval and returns every subformula's degree.
func (p Params) Explain(f *Formula, holds func(fluent int) bool) Degree {
	var d Degree
	p.eval(f, holds, &d)
	return d
}

// eval returns f's degree; when out is not nil it fills it with the tree.
func (p Params) eval(f *Formula, holds func(int) bool, out *Degree) Degree {
	var d Degree
	d.Op, d.Text, d.Say = f.Op, f.Text, f.Say
	switch f.Op {
	case Atom:
		d.Holds = holds(f.Fluent)
		d.Value = 1 - p.P
		if d.Holds {
			d.Value = p.P
		}
	case Not:
		var sub *Degree
		if out != nil {
			out.Args = make([]Degree, 1)
			sub = &out.Args[0]
		}
		a := p.eval(f.Args[0], holds, sub)
		d.Value, d.Holds = 1-a.Value, !a.Holds
	default:
		if out != nil {
			out.Args = make([]Degree, len(f.Args))
		}
		for i, g := range f.Args {
			var sub *Degree
			if out != nil {
				sub = &out.Args[i]
			}
			a := p.eval(g, holds, sub)
			switch {
			case i == 0:
				d.Value, d.Holds = a.Value, a.Holds
			case f.Op == And:
				d.Value, d.Holds = p.And(d.Value, a.Value), d.Holds && a.Holds
			default:
				d.Value, d.Holds = p.Or(d.Value, a.Value), d.Holds || a.Holds
			}
		}
	}
	if out != nil {
		args := out.Args
		*out = d
		out.Args = args
	}
	return d
}
