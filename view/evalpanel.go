package view

import (
	"math"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/trace"
)

// EvalPanel explains the last leaf an evaluation valued (the frame's
// Evaluated): the formula first, then the same formula with the numbers
// of that position, written as a lecturer writes them (trace.Written: at
// most two decimals, ≈ where a number is rounded), and each term in
// words. A Kuhlmann evaluation is written as its construction,
// E = 1 + R⁻ + (R⁺ − R⁻ − 2)·V with V the weighted mean of the features;
// every other evaluation as its weighted sum.
type EvalPanel struct {
	// Node names the leaf; Eval is the evaluation's name; Current says
	// the leaf is the current node.
	Node, Eval string
	Current    bool
	// Kuhlmann says the evaluation is Kuhlmann's construction: its lines
	// say everything, its terms are not a weighted sum.
	Kuhlmann bool
	// Lines are the formula and its numbers, one equation a line.
	Lines []string
	// Terms are the terms, each with its words where its name is a
	// symbol (Connect Four's X3).
	Terms []EvalTerm
	// Value is the result, as the leaf shows it.
	Value string
}

// EvalTerm is one term of an evaluation: its name (a symbol or a word),
// its words where they differ, its count, weight and product.
type EvalTerm struct {
	Name, Words, Count, Weight, Product string
}

// EvalPanelOf is the panel of the frame's last evaluation; nil before
// the first. named names a node as the page does, and words the
// evaluation's name in the page's language (scenario.EvalWords; English
// when nil); the frame's LabelText words a term that is a key.
func EvalPanelOf(f *trace.Frame, named func(id string) string, words func(trace.Phrase) string) *EvalPanel {
	ev := f.Evaluated
	if ev == nil {
		return nil
	}
	p := &EvalPanel{Node: named(ev.Node), Eval: scenario.EvalWords(ev.Eval, words), Current: ev.Node == f.Current, Value: ev.Value.String()}
	if lo, hi, names, ok := trace.KuhlmannParts(ev.Terms); ok {
		p.Lines = kuhlmannLines(ev.Terms, lo, hi, names, float64(ev.Value))
		p.Kuhlmann = true
	} else if len(ev.Terms) > 0 {
		p.Lines = sumLines(wordedTerms(f, ev.Terms), float64(ev.Value))
	}
	for _, t := range ev.Terms {
		et := EvalTerm{Name: t.Name, Count: trace.Written(t.Count), Weight: trace.Written(t.Weight), Product: trace.Written(t.Count * t.Weight)}
		if w := f.LabelText(t.Name); w != t.Name && symbol(t.Name) {
			et.Words = w
		} else {
			et.Name = w
		}
		p.Terms = append(p.Terms, et)
	}
	return p
}

// symbol reports whether a term's name is a symbol (Connect Four's X3),
// written as it is in every language beside its words, rather than a word
// (minichess's pawns), which is written in the viewer's language instead.
func symbol(name string) bool {
	return strings.ContainsAny(name, "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")
}

// wordedTerms are terms with each name that is a word worded in the
// frame's language (Frame.LabelText), for the formula's lines.
func wordedTerms(f *trace.Frame, terms []trace.Term) []trace.Term {
	out := make([]trace.Term, len(terms))
	for i, t := range terms {
		if !symbol(t.Name) {
			t.Name = f.LabelText(t.Name)
		}
		out[i] = t
	}
	return out
}

// EvalKey tells apart the evaluation panels of frames: the same key, the
// same panel (in one language); "" when the frame has none. A viewer sends
// the panel when its key changes.
func EvalKey(f *trace.Frame) string {
	ev := f.Evaluated
	if ev == nil {
		return ""
	}
	cur := "\x00"
	if ev.Node == f.Current {
		cur = "\x01"
	}
	return ev.Node + cur + ev.Eval + "\x00" + strconv.FormatFloat(float64(ev.Value), 'g', -1, 64)
}

// eq is "=" when x is written exactly, "≈" when it is rounded.
func eq(x float64) string {
	if trace.WrittenExactly(x) {
		return " = "
	}
	return " ≈ "
}

// probEq is eq for a number in [0, 1] written by trace.WrittenProb, whose
// fractions (1/16) are exact.
func probEq(x float64) string {
	if strings.Contains(trace.WrittenProb(x), "/") {
		return " = "
	}
	return eq(x)
}

// sumLines writes a weighted sum: E = 10·X3 + 2·X2 − 10·O3, then
// E = 10·0 + 2·1 − 10·0 = 2.
func sumLines(terms []trace.Term, value float64) []string {
	var sym, num strings.Builder
	sym.WriteString("E =")
	num.WriteString("E =")
	for i, t := range terms {
		w, sign := t.Weight, " + "
		if w < 0 {
			w, sign = -w, " − "
		}
		switch {
		case i == 0 && sign == " + ":
			sign = " "
		case i == 0:
			sign = " −"
		}
		sym.WriteString(sign + trace.Written(w) + "·" + t.Name)
		num.WriteString(sign + trace.Written(w) + "·" + paren(t.Count))
	}
	num.WriteString(eq(value) + trace.Written(value))
	return []string{sym.String(), num.String()}
}

// paren writes a number, in parentheses when it is negative.
func paren(x float64) string {
	if x < 0 {
		return "(" + trace.Written(x) + ")"
	}
	return trace.Written(x)
}

// kuhlmannLines writes Kuhlmann's construction from its terms: the goal
// values R⁻ and R⁺, V as the weighted mean of the features' values, and
// E = 1 + R⁻ + (R⁺ − R⁻ − 2)·V with the numbers.
func kuhlmannLines(terms []trace.Term, lo, hi float64, names []string, value float64) []string {
	k := hi - lo - 2
	minimise := strings.HasPrefix(names[0], "1 − V(")
	var vSym, vNum strings.Builder
	v := 0.0
	for i, t := range terms[1:] {
		name := strings.TrimPrefix(names[i], "1 − ")
		share := t.Weight / k // the feature's weight in the mean
		count := t.Count
		if minimise {
			count = 1 - count
		}
		v += share * count
		if i > 0 {
			vSym.WriteString(" + ")
			vNum.WriteString(" + ")
		}
		if len(terms) > 2 {
			vSym.WriteString(trace.WrittenProb(share) + "·")
			vNum.WriteString(trace.WrittenProb(share) + "·")
		}
		vSym.WriteString(name)
		vNum.WriteString(trace.WrittenProb(count))
	}
	// V goes into E as the exact fraction it is where it is one (17/48),
	// so that the numbers written give the result shown.
	vText, vWritten := exactText(v), probEq(v)+trace.WrittenProb(v)
	if vText != trace.WrittenProb(v) {
		vWritten = " = " + vText + eq(v) + trace.Written(v)
	}
	formula, vIn := "E = 1 + R⁻ + (R⁺ − R⁻ − 2)·V", vText
	if minimise {
		formula, vIn = "E = 1 + R⁻ + (R⁺ − R⁻ − 2)·(1 − V)", "(1 − "+vText+")"
	}
	lines := []string{formula, "R⁻ = " + trace.Written(lo) + ", R⁺ = " + trace.Written(hi)}
	if len(terms) > 2 {
		lines = append(lines, "V = "+vSym.String(), "V = "+vNum.String()+vWritten)
	} else {
		lines = append(lines, "V = "+vSym.String()+vWritten)
	}
	return append(lines, "E = 1 + "+paren(lo)+" + ("+trace.Written(hi)+" − "+paren(lo)+" − 2)·"+vIn+eq(value)+trace.Written(value))
}

// maxFractionDenominator is the largest denominator exactText writes: a
// mean of a few features' fractions (1/3·1/16 + 2/3·1/2 = 17/48).
const maxFractionDenominator = 1000

// exactText writes x in [0, 1] as a lecturer would put it into a
// formula: as written when that is exact (0.5), else as the fraction it is
// (17/48), else rounded (trace.WrittenProb).
func exactText(x float64) string {
	if trace.WrittenExactly(x) || x <= 0 || x >= 1 {
		return trace.WrittenProb(x)
	}
	for d := 3; d <= maxFractionDenominator; d++ {
		if n := math.Round(x * float64(d)); math.Abs(x*float64(d)-n) < 1e-9*float64(d) {
			return strconv.Itoa(int(n)) + "/" + strconv.Itoa(d)
		}
	}
	return trace.WrittenProb(x)
}
