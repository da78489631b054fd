package scenario

import (
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/trace"
)

// EvalWords writes the name of an evaluation as a caption shows it, in
// words of the viewer's language (word; English when nil), where the
// address writes it for a machine: Connect Four's "threats" as "threats",
// "Drohungen", "hrozby"; a weighting of Reversi's features,
// "discs:1,mobility:2", as "discs × 1 + mobility × 2" with the features
// in words; Kuhlmann et al.'s evaluation, "max-discs:1+mobility:2", as
// "Kuhlmann's evaluation for MAX from discs × 1 + mobility × 2". A name it
// does not know (h, a GDL game's) is kept as it is written. Where a page
// echoes what was typed (an error), the name stays as typed.
func EvalWords(name string, word func(trace.Phrase) string) string {
	if word == nil {
		word = func(p trace.Phrase) string { return p.WordIn(English) }
	}
	if id, ok := evalNameIDs[name]; ok {
		return word(trace.Phrase{ID: id})
	}
	spec, dir := name, ""
	for _, d := range [...]string{"max", "min"} {
		if rest, ok := strings.CutPrefix(name, d+"-"); ok {
			spec, dir = rest, strings.ToUpper(d)
		}
	}
	parts := strings.FieldsFunc(spec, func(r rune) bool { return r == ',' || r == '+' })
	if len(parts) == 0 {
		return name
	}
	terms := make([]string, len(parts))
	for i, part := range parts {
		feature, weight, weighted := strings.Cut(part, ":")
		ph, ok := ReversiTermPhrase(feature)
		if !ok {
			return name
		}
		terms[i] = word(ph)
		if weighted {
			w, err := strconv.ParseFloat(weight, 64)
			if err != nil {
				return name
			}
			terms[i] += " × " + trace.Num(w).String()
		}
	}
	sum := strings.Join(terms, " + ")
	if dir == "" {
		return sum
	}
	return word(trace.PhraseOf("scenario.evalname.kuhlmann", "Dir", dir, "Terms", sum))
}

// evalNameIDs are the messages of the evaluations named by one word.
var evalNameIDs = map[string]string{
	"threats": "scenario.evalname.threats", "lines": "scenario.evalname.lines", "aima": "scenario.evalname.aima",
	"fuzzy": "scenario.evalname.fuzzy", "theory": "scenario.evalname.theory", "race": "scenario.evalname.race",
	"material": "scenario.evalname.material",
}

// messagesEvalNames are the English of the evaluations' names in words.
var messagesEvalNames = map[string]trace.Message{
	"scenario.evalname.threats":  {Other: "threats", Description: "Connect Four's evaluation (threats) by its name in a caption: groups of four with three discs and an empty cell"},
	"scenario.evalname.lines":    {Other: "open lines", Description: "tic-tac-toe's evaluation (lines) by its name in a caption: lines still open for x less those open for o"},
	"scenario.evalname.aima":     {Other: "AIMA's weighted lines", Description: "tic-tac-toe's evaluation (aima) by its name in a caption: Russell & Norvig's weighting of lines with one and two marks"},
	"scenario.evalname.fuzzy":    {Other: "fuzzy goal", Description: "tic-tac-toe's evaluation (fuzzy) by its name in a caption: the fuzzy goal distance"},
	"scenario.evalname.theory":   {Other: "the winning theory", Description: "matchsticks' evaluation (theory) by its name in a caption: won or lost by the remainder of the matches"},
	"scenario.evalname.race":     {Other: "the race home", Description: "the dice game's evaluation (race) by its name in a caption: how far each token has still to go"},
	"scenario.evalname.material": {Other: "material balance", Description: "the capture game's evaluation (material) by its name in a caption: the pieces' values"},
	"scenario.evalname.kuhlmann": {Other: "Kuhlmann's evaluation for {{.Dir}} from {{.Terms}}", Description: "Kuhlmann et al.'s evaluation E = 1 + R⁻ + (R⁺ − R⁻ − 2)·V; Dir: MAX or MIN; Terms: the features with their weights, in words"},
}

func init() {
	for id, m := range messagesEvalNames {
		English[id] = m
	}
}
