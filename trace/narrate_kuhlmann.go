package trace

import (
	"strconv"
	"strings"
)

// narrationKuhlmann is the English narration of a leaf valued by Kuhlmann
// et al.'s construction E = 1 + R⁻ + (R⁺ − R⁻ − 2)·V (search/feature's
// Kuhlmann.Explain gives its terms): the construction written out with
// the numbers that give the value shown.
var narrationKuhlmann = map[string]Message{
	"narrate.leaf.kuhlmann": {Other: "The depth limit stops at {{.Node}}: evaluation {{if .Eval}}{{.Eval}} {{end}}{{.Eq}} {{.Value}}, by Kuhlmann's construction {{.Formula}}.",
		Description: "Eval: the evaluation's name; Eq: = or, where Value is written rounded, ≈; Formula: E = 1 + R⁻ + (R⁺ − R⁻ − 2)·V and the same with its numbers (symbols, not words)"},
}

func init() {
	for id, m := range narrationKuhlmann {
		narrationEnglish[id] = m
	}
}

// kuhlmannFirst is how the first term of a Kuhlmann evaluation is named
// ("1 + R⁻ (R⁻ = 0)"), and kuhlmannHi how every other term's name ends
// (" (R⁺ = 100)").
const (
	kuhlmannFirst = "1 + R⁻ (R⁻ = "
	kuhlmannHi    = " (R⁺ = "
)

// KuhlmannParts reads a Kuhlmann evaluation's terms (as
// feature.Kuhlmann.Explain names them): R⁻, R⁺, and each feature's name
// ("V(discs)", or "1 − V(discs)" where the evaluation minimises); ok is
// false for any other evaluation. The narration and the viewer's
// evaluation panel both read the terms with it.
func KuhlmannParts(terms []Term) (lo, hi float64, names []string, ok bool) {
	if len(terms) < 2 || !strings.HasPrefix(terms[0].Name, kuhlmannFirst) {
		return 0, 0, nil, false
	}
	lo = terms[0].Weight - 1
	for i, t := range terms[1:] {
		name, rest, found := strings.Cut(t.Name, kuhlmannHi)
		h, err := strconv.ParseFloat(strings.TrimSuffix(rest, ")"), 64)
		if !found || err != nil || (i > 0 && h != hi) {
			return 0, 0, nil, false
		}
		hi, names = h, append(names, name)
	}
	return lo, hi, names, hi-lo-2 > 0
}

// kuhlmannText writes the construction, then its numbers: "E = 1 + R⁻ +
// (R⁺ − R⁻ − 2)·V(discs) = 1 + 0 + (100 − 0 − 2) × 0.94"; with more than
// one feature V is their weighted mean, "(0.5·V(a) + 0.5·V(b))".
func kuhlmannText(terms []Term, lo, hi float64, names []string) string {
	k := hi - lo - 2
	sym, nums := make([]string, len(names)), make([]string, len(names))
	for i, t := range terms[1:] {
		sym[i], nums[i] = names[i], Num(t.Count).String()
		if strings.Contains(sym[i], " − ") {
			sym[i] = "(" + sym[i] + ")" // a minimised feature, 1 − V(discs)
		}
		if len(names) > 1 {
			share := Num(t.Weight/k).String() + "·"
			sym[i], nums[i] = share+sym[i], share+nums[i]
		}
	}
	v, vn := strings.Join(sym, " + "), strings.Join(nums, " + ")
	if len(names) > 1 {
		v, vn = "("+v+")", "("+vn+")"
	}
	l, h := Num(lo).String(), Num(hi).String()
	if lo < 0 {
		l = "(" + l + ")"
	}
	return "E = 1 + R⁻ + (R⁺ − R⁻ − 2)·" + v + " = 1 + " + l + " + (" + h + " − " + l + " − 2) × " + vn
}
