package trace

import "strings"

// narrationCategories is the English narration of an estimate that is an
// expected value by category (Russell & Norvig's evaluation functions;
// see search/tree's Categories): Sum is the categories' shares times their
// values, "72 % win × (+1) + 20 % loss × (−1) + 8 % draw × 0".
var narrationCategories = map[string]Message{
	"narrate.leaf.categories": {Other: "The depth limit stops at {{.Node}}: its estimate is the expected value of its category, {{.Sum}} = {{.Value}}.",
		Description: "Sum: each category's share of the positions like this one times its value (win +1, loss −1, draw 0 by default; win 1, loss 0, draw 0.5 with the utilities zero-half-one)"},
}

func init() {
	for id, m := range narrationCategories {
		narrationEnglish[id] = m
	}
}

// categoryNames are the terms of an expected value by category, in order.
var categoryNames = [...]string{"win", "loss", "draw"}

// isCategories reports whether terms are an expected value by category:
// a win, a loss and a draw, each with its share as the count.
func isCategories(terms []Term) bool {
	if len(terms) != len(categoryNames) {
		return false
	}
	for i, t := range terms {
		if t.Name != categoryNames[i] {
			return false
		}
	}
	return true
}

// categoriesText writes an expected value by category as the lecture
// does: "72 % win × (+1) + 20 % loss × (−1) + 8 % draw × 0", or with the
// utilities 1, 0 and ½ (no value below 0, no sign written) "72 % win × 1
// + 20 % loss × 0 + 8 % draw × 0.5".
func (nr narrator) categoriesText(terms []Term) string {
	signed := false
	for _, t := range terms {
		signed = signed || t.Weight < 0
	}
	parts := make([]string, len(terms))
	for i, t := range terms {
		v := Written(t.Weight)
		switch {
		case t.Weight > 0 && signed:
			v = "(+" + v + ")"
		case t.Weight < 0:
			v = "(−" + Written(-t.Weight) + ")"
		}
		parts[i] = Written(t.Count*100) + " % " + nr.f.LabelText(t.Name) + " × " + v
	}
	return strings.Join(parts, " + ")
}
