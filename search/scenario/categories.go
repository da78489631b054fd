package scenario

import (
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

// categoryTerm gives the phrase of a term of an expected value by
// category ("win", "loss", "draw"), which the narration words in the
// viewer's language; every other label of a tree is a name.
func categoryTerm(label string) (trace.Phrase, bool) {
	for _, c := range tree.Categories {
		if label == c {
			return trace.Phrase{ID: "scenario.category." + c}, true
		}
	}
	return trace.Phrase{}, false
}

// UtilitiesShown is the name of the utilities the tree's expected values
// by category are valued with (tree.UtilityNames; the default written
// out), or "" when the scenario has none.
func (p *Search) UtilitiesShown() string {
	if p.Tree == nil || p.facts == nil || !p.facts.shares {
		return ""
	}
	return orDefault(p.Scenario.Utilities, tree.UtilitiesPlusMinus)
}

// checkUtilities checks the utilities option: one of
// tree.UtilityNames, given with a tree's text (whose expected values by
// category it values).
func (p *Search) checkUtilities() error {
	s := p.Scenario
	if s.Utilities == "" {
		return nil
	}
	if _, ok := tree.ParseUtilities(s.Utilities); !ok {
		return InParam("utilities", usageSay("scenario.err.utilities", "Got", strconv.Quote(s.Utilities), "Want", strings.Join(tree.UtilityNames, ", ")))
	}
	if s.Tree == "" {
		return InParam("utilities", usageSay("scenario.err.utilities-tree"))
	}
	return nil
}

// messagesUtilities are the English of the utilities option's errors.
var messagesUtilities = map[string]trace.Message{
	"scenario.err.utilities": {Other: "utilities must be plus-minus (win +1, loss −1, draw 0; the default) or zero-half-one (win 1, loss 0, draw ½), not {{.Got}}",
		Description: "Got: the value given, quoted; Want: the names accepted. The names plus-minus and zero-half-one stay as they are (they are what the address and the command line take)"},
	"scenario.err.utilities-tree": {Other: "utilities values the expected values by category of a tree's text ([win=72% loss=20% draw=8%]); it does not apply to a game or a random tree"},
}

func init() {
	for id, m := range messagesUtilities {
		English[id] = m
	}
}
