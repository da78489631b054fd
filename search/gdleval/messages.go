package gdleval

import "github.com/abtrace/abtrace/trace"

// English holds, by message ID, why each feature of an analysis is a
// candidate (Analysis.Says), in the game's own terms: the source the i18n
// package's German and Czech catalogs translate. Rel is a relation, Arg an
// argument's position counted from 1, Order constants in their order, Max
// the greatest value the feature takes.
var English = map[string]trace.Message{
	"gdleval.why.count": {Other: "the number of cells of the board `{{.Rel}}` that hold {{.Marker}} (of {{.Cells}})",
		Description: "feature count(REL,MARKER): Cells is the board's number of cells"},
	"gdleval.why.distance": {Other: "the Manhattan distance of the nearest {{.Piece}} of `{{.Rel}}` to the edge where argument {{.Arg}} is {{.End}}, in steps of its order {{.Order}} (0 to {{.Max}}; {{.Max}} when there is none)",
		Description: "feature distance(REL,PIECE,ARG,END): Order is the coordinate's constants, space-separated"},
	"gdleval.why.quantity": {Other: "the place of argument {{.Arg}} of `{{.Rel}}` in the order {{.Order}} (0 to {{.Max}})",
		Description: "feature quantity(REL,ARG)"},
	"gdleval.why.mobility": {Other: "the legal moves of {{.First}} minus those of {{.Second}} (the role that waits counted after each move of the other, on average), against the most seen, {{.Max}}",
		Description: "feature mobility: First and Second are the game's roles"},
	"gdleval.why.opponent-mobility": {Other: "the legal moves the opponent of the role to move has after each of its moves, on average, counted for {{.First}} as its opponent's gain (against the most seen, {{.Max}})",
		Description: "feature opponent-mobility: First is the game's first role"},
	"gdleval.why.novelty": {Other: "the facts a move of the role to move changes, on average over its moves, counted for the role that moves (against the most one move changed, {{.Max}})",
		Description: "feature novelty"},
	"gdleval.why.goal-fuzzy": {Other: "the goal and terminal rules expanded into formulas over the facts ({{.Nodes}} nodes) and evaluated with degrees of truth ({{.Params}}), the first role's mean goal against the second's",
		Description: "feature goal-fuzzy: Params is the t-norm and its parameters as written on the command line"},
	"gdleval.err.combine": {Other: "in {{.Eval}} the goal values' combination {{.Got}} is unknown (want {{.Want}}; {{.Default}} is the default, as goal-fuzzy alone)",
		Description: "an evaluation goal-fuzzy:NAME with an unknown NAME: Want is sum, tconorm"},
	"gdleval.why.goal-distance": {Other: "the fewest facts missing before the best goal ({{.Goal}}) holds, the second role's minus the first's, from the goal rules expanded (at most {{.Max}})",
		Description: "feature goal-distance: Goal is R⁺"},
}
