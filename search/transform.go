package search

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/trace"
)

// Transform is a monotone map of leaf values, the lectures' warning made
// visible: an order-preserving (strictly increasing) transform of the leaf
// values never changes the decision of minimax, whose values only compare,
// but it can change the decision of expectiminimax, whose values add up.
// Only a positive linear transform a·v + b is safe with chance nodes.
//
// A transform is a table of points x:y, such as 1:1,2:20,3:30,4:400 (the
// values between the points are joined by straight lines, and beyond the
// first and the last point the first and the last line go on), or a
// preset:
//
//	identity     v
//	cube         v³
//	exp          eᵛ
//	wld:W,L,D    a win (+1) is worth W, a loss (−1) L and a draw (0) D:
//	             the table -1:L,0:D,1:W, for games valued ±1 and 0
//
// A table's y values must not decrease. When they increase strictly the
// transform is order-preserving; when some are equal (as in wld:1,0,0,
// which makes a draw as bad as a loss) it is monotone but merges values,
// and then even minimax may decide differently.
type Transform struct {
	text   string
	xs, ys []float64
	fn     func(float64) float64
	strict bool
}

// ParseTransform reads a table or a preset (see Transform).
func ParseTransform(s string) (Transform, error) {
	text := strings.TrimSpace(s)
	switch strings.ToLower(text) {
	case "identity", "id":
		return Transform{text: "identity", fn: func(v float64) float64 { return v }, strict: true}, nil
	case "cube":
		return Transform{text: "cube", fn: func(v float64) float64 { return v * v * v }, strict: true}, nil
	case "exp":
		return Transform{text: "exp", fn: math.Exp, strict: true}, nil
	case "":
		return Transform{}, fmt.Errorf("search: empty transform (want a table such as 1:1,2:20,3:30,4:400, or identity, cube, exp, wld:W,L,D)")
	}
	if rest, ok := strings.CutPrefix(strings.ToLower(text), "wld:"); ok {
		parts := strings.Split(rest, ",")
		if len(parts) != 3 {
			return Transform{}, fmt.Errorf("search: transform %q: wld wants three values W,L,D (a win, a loss, a draw), such as wld:100,10,50", text)
		}
		var w [3]float64
		for i, p := range parts {
			f, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
			if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
				return Transform{}, fmt.Errorf("search: transform %q: %q is not a number", text, p)
			}
			w[i] = f
		}
		t, err := tableTransform(text, []float64{-1, 0, 1}, []float64{w[1], w[2], w[0]})
		if err != nil {
			return Transform{}, fmt.Errorf("search: transform %q: a win must be worth at least a draw, and a draw at least a loss: %w", text, err)
		}
		return t, nil
	}
	var xs, ys []float64
	for _, pair := range strings.Split(text, ",") {
		pair = strings.TrimSpace(pair)
		var a, b string
		var ok bool
		for _, sep := range []string{"→", "->", ":"} {
			if a, b, ok = strings.Cut(pair, sep); ok {
				break
			}
		}
		if !ok {
			return Transform{}, fmt.Errorf("search: transform %q: %q is not a point x:y (want a table such as 1:1,2:20,3:30,4:400, or identity, cube, exp, wld:W,L,D)", text, pair)
		}
		x, err1 := strconv.ParseFloat(strings.TrimSpace(a), 64)
		y, err2 := strconv.ParseFloat(strings.TrimSpace(b), 64)
		if err1 != nil || err2 != nil || math.IsNaN(x+y) || math.IsInf(x, 0) || math.IsInf(y, 0) {
			return Transform{}, fmt.Errorf("search: transform %q: %q is not a point x:y of two numbers", text, pair)
		}
		xs, ys = append(xs, x), append(ys, y)
	}
	t, err := tableTransform(text, xs, ys)
	if err != nil {
		return Transform{}, fmt.Errorf("search: transform %q: %w", text, err)
	}
	return t, nil
}

// tableTransform sorts the points by x and checks them.
func tableTransform(text string, xs, ys []float64) (Transform, error) {
	if len(xs) < 2 {
		return Transform{}, fmt.Errorf("a table needs at least two points")
	}
	idx := make([]int, len(xs))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case xs[a] < xs[b]:
			return -1
		case xs[a] > xs[b]:
			return 1
		}
		return 0
	})
	t := Transform{text: text, strict: true}
	for k, i := range idx {
		if k > 0 {
			px, py := t.xs[k-1], t.ys[k-1]
			switch {
			case xs[i] == px:
				return Transform{}, fmt.Errorf("%v is mapped twice", xs[i])
			case ys[i] < py:
				return Transform{}, fmt.Errorf("not monotone: %v → %v but %v → %v", trace.Num(px), trace.Num(py), trace.Num(xs[i]), trace.Num(ys[i]))
			case ys[i] == py:
				t.strict = false
			}
		}
		t.xs, t.ys = append(t.xs, xs[i]), append(t.ys, ys[i])
	}
	return t, nil
}

// Apply maps v.
func (t Transform) Apply(v float64) float64 {
	if t.fn != nil {
		return t.fn(v)
	}
	xs, ys := t.xs, t.ys
	n := len(xs)
	if n == 0 {
		return v
	}
	// The segment that holds v, or the first or last one beyond the ends.
	k, found := slices.BinarySearch(xs, v)
	if found {
		return ys[k]
	}
	k = min(max(k, 1), n-1)
	x0, x1, y0, y1 := xs[k-1], xs[k], ys[k-1], ys[k]
	return y0 + (v-x0)*(y1-y0)/(x1-x0)
}

// OrderPreserving reports whether the transform is strictly increasing.
func (t Transform) OrderPreserving() bool { return t.strict }

// String is the transform as given: the table or the preset.
func (t Transform) String() string { return t.text }

// TransformedGame is a game whose utilities are mapped by a transform.
// It passes the game's labels, probabilities and vectors (unmapped)
// through.
type TransformedGame[S any, G Game[S]] struct {
	Game G
	T    Transform
	lab  Labeler[S]
	prob Prober[S]
}

// Transformed returns g with its utilities mapped by t, and opt with its
// evaluation and its bounds mapped the same way.
func Transformed[S any, G Game[S]](g G, opt Options[S], t Transform) (TransformedGame[S, G], Options[S], error) {
	tg := TransformedGame[S, G]{Game: g, T: t}
	tg.lab, _ = any(g).(Labeler[S])
	tg.prob, _ = any(g).(Prober[S])
	if opt.Eval != nil {
		opt.Eval = transformedEval[S]{e: opt.Eval, t: t}
	}
	if opt.Bounds.Set() {
		b := Bounds{t.Apply(opt.Bounds.L), t.Apply(opt.Bounds.U)}
		if err := b.check(); err != nil {
			return tg, opt, fmt.Errorf("search: the transform %s maps the bounds %s to %s: %w", t, opt.Bounds, b, err)
		}
		opt.Bounds = b
	}
	return tg, opt, nil
}

func (g TransformedGame[S, G]) ToMove(s S) trace.Kind        { return g.Game.ToMove(s) }
func (g TransformedGame[S, G]) Moves(s S, buf []Move) []Move { return g.Game.Moves(s, buf) }
func (g TransformedGame[S, G]) Result(s S, m Move) S         { return g.Game.Result(s, m) }
func (g TransformedGame[S, G]) Terminal(s S) bool            { return g.Game.Terminal(s) }
func (g TransformedGame[S, G]) Utility(s S) float64          { return g.T.Apply(g.Game.Utility(s)) }
func (g TransformedGame[S, G]) Label(s S) string             { return labelOf(g.lab, s) }
func (g TransformedGame[S, G]) Probabilities(s S, b []float64) []float64 {
	return probsOf(g.prob, s, b)
}

func labelOf[S any](l Labeler[S], s S) string {
	if l == nil {
		return ""
	}
	return l.Label(s)
}

func probsOf[S any](p Prober[S], s S, buf []float64) []float64 {
	if p == nil {
		return buf
	}
	return p.Probabilities(s, buf)
}

type transformedEval[S any] struct {
	e Evaluation[S]
	t Transform
}

func (e transformedEval[S]) Evaluate(s S) float64 { return e.t.Apply(e.e.Evaluate(s)) }

// TransformReport says what a transform did to a search: the result
// before and after, and whether the decision (the best root move)
// changed.
type TransformReport struct {
	Transform       string
	OrderPreserving bool
	Before, After   trace.Result
	// Changed is true when the best root move differs.
	Changed bool
}

// CompareTransform searches root with algo as it is and with its leaf
// values mapped by t, untraced, and reports whether the decision changed.
func CompareTransform[S any, G Game[S]](algo Algorithm, g G, root S, opt Options[S], t Transform) (TransformReport, error) {
	rep := TransformReport{Transform: t.String(), OrderPreserving: t.OrderPreserving()}
	var err error
	if rep.Before, err = Run(algo, g, root, opt, nil); err != nil {
		return rep, err
	}
	tg, topt, err := Transformed(g, opt, t)
	if err != nil {
		return rep, err
	}
	if rep.After, err = Run(algo, tg, root, topt, nil); err != nil {
		return rep, err
	}
	rep.Changed = rep.Before.Best != rep.After.Best
	return rep, nil
}
