package search

import (
	"github.com/abtrace/abtrace/trace"
)

// English holds the errors of the options that pages word in their
// language, by message ID: the source the i18n package's German and Czech
// catalogs translate. Arguments are written as the command line writes
// them: Algo an algorithm's id, Order an ordering's, Got the value given,
// Max and Default numbers.
var English = map[string]trace.Message{
	"search.err.tt-size":          {Other: "table size {{.Got}} is not between 1 and {{.Max}} entries (0 for no table)"},
	"search.err.aspiration":       {Other: "aspiration window {{.Got}} must be a positive number (0 for none)"},
	"search.err.tt-algo":          {Other: "a transposition table is used by minimax and the negamax family (negamax, pvs, mtdf, id), not {{.Algo}}"},
	"search.err.symmetry":         {Other: "symmetries are used through the transposition table; give it a size"},
	"search.err.aspiration-algo":  {Other: "aspiration windows belong to iterative deepening (id), not {{.Algo}}"},
	"search.err.learned-order":    {Other: "the {{.Order}} ordering learns from cutoffs; it needs alpha-beta or the negamax family, not {{.Algo}}"},
	"search.err.mtdf-tt":          {Other: "MTD(f) needs a transposition table: without one every pass searches the whole tree again"},
	"search.err.selective-algo":   {Other: "quiescence, extensions and forward pruning belong to alpha-beta and the negamax family, not {{.Algo}}"},
	"search.err.quiescence-depth": {Other: "quiescence search goes on past the depth limit; give a depth limit"},
	"search.err.singular-depth":   {Other: "a singular extension searches past the depth limit; give a depth limit"},
	"search.err.margin":           {Other: "singular margin {{.Got}} must be a positive number (0 for {{.Default}})"},
	"search.err.singular-tt":      {Other: "a singular extension makes a position's value depend on the path to it, which a transposition table cannot tell; leave one of them out"},
	"search.err.singular-eval":    {Other: "a singular extension compares the moves' evaluations; give an evaluation"},
	"search.err.beam-eval":        {Other: "the beam keeps the moves the evaluation rates best; give an evaluation"},
	"search.err.beam":             {Other: "beam width {{.Got}}: want 1 to {{.Max}} (0 for {{.Default}})"},
	"search.err.bounds":           {Other: "bounds {{.Got}} must be two numbers L,U, such as 0,10"},
	"search.err.bounds-finite":    {Other: "bounds {{.L}},{{.U}} must be finite numbers"},
	"search.err.bounds-order":     {Other: "bounds {{.Got}} have L ≥ U; the least leaf value L must be below the greatest U"},
	"search.err.gt-hard":          {Other: "the strict prune rule (gt) needs fail-soft: a fail-hard child never returns more than β, so v > β could never fire"},
	"search.err.depth-eval":       {Other: "a depth limit needs an evaluation for the positions where it cuts"},
	"search.err.eval-order":       {Other: "the eval ordering needs an evaluation"},
	"search.err.id-eval":          {Other: "iterative deepening (id) values the positions where each pass before the last stops; it needs an evaluation (eval)"},
	"search.err.star1-bounds":     {Other: "star1 needs bounds L,U on the leaf values: without them a chance node can never be cut (give Options.Bounds, or --bounds L,U)"},
	"search.err.maxn-order":       {Other: "max^n searches in natural, reversed or random order, not {{.Order}}"},
	"search.err.iterations":       {Other: "mcts iterations {{.Got}}: want 1 to {{.Max}}"},
	"search.err.c":                {Other: "mcts exploration constant {{.Got}}: want a positive number"},
	"search.err.eval-playout":     {Other: "the eval playout needs an evaluation"},
	"search.err.paranoid-player":  {Other: "paranoid player {{.Got}} is not between 1 and {{.Max}}"},
	"search.err.no-eval":          {Other: "no evaluation for node {{.Node}}, where the depth limit of {{.Depth}} cuts; give it a static estimate"},
	"search.err.star1-leaf":       {Other: "leaf {{.Node}} is {{.Value}}, outside the bounds [{{.L}}, {{.U}}] that star1 was given; give bounds L,U that hold every leaf value"},
	"search.err.star1-leaf-under": {Other: "a leaf of {{.Node}} is {{.Value}}, outside the bounds [{{.L}}, {{.U}}] that star1 was given; give bounds L,U that hold every leaf value"},
	"search.err.star1-leaf-after": {Other: "the game ends after {{.Node}} with {{.Value}}, outside the bounds [{{.L}}, {{.U}}] that star1 was given; give bounds L,U that hold every leaf value"},
	"search.err.star1-eval-after": {Other: "the evaluation after {{.Node}} is {{.Value}}, outside the bounds [{{.L}}, {{.U}}] that star1 was given; give bounds L,U that hold every evaluation"},
	"search.err.star1-eval":       {Other: "the evaluation of node {{.Node}} is {{.Value}}, outside the bounds [{{.L}}, {{.U}}] that star1 was given; give bounds L,U that hold every evaluation"},
}

// OptionError is an option that does not fit the search: its message as
// a phrase of English, for a page to word in its language, and the option
// (query parameter and command line flag, without dashes) to change, ""
// where the message is about several alike.
type OptionError struct {
	Say   trace.Phrase
	Param string
}

// optionParams are the options the errors of English are about: where
// two options clash, the one that the algorithm or source does not take.
var optionParams = map[string]string{
	"search.err.tt-size": "tt", "search.err.tt-algo": "tt", "search.err.mtdf-tt": "tt",
	"search.err.aspiration": "aspiration", "search.err.aspiration-algo": "aspiration",
	"search.err.symmetry": "symmetry", "search.err.learned-order": "order", "search.err.maxn-order": "order",
	"search.err.quiescence-depth": "quiescence", "search.err.singular-depth": "extend",
	"search.err.singular-tt": "extend", "search.err.singular-eval": "extend", "search.err.margin": "margin",
	"search.err.beam-eval": "forward", "search.err.beam": "beam",
	"search.err.bounds": "bounds", "search.err.bounds-finite": "bounds", "search.err.bounds-order": "bounds",
	"search.err.star1-bounds": "bounds", "search.err.gt-hard": "prune",
	"search.err.depth-eval": "eval", "search.err.eval-order": "eval", "search.err.id-eval": "eval",
	"search.err.eval-playout": "eval", "search.err.iterations": "iterations", "search.err.c": "c",
	"search.err.paranoid-player": "player",
}

func (e *OptionError) Error() string { return "search: " + e.Say.WordIn(English) }

// optionError is an OptionError worded from English[id] with the
// arguments kv (name, value, …), each written with fmt.Sprint.
func optionError(id string, kv ...any) error {
	return &OptionError{Say: trace.PhraseOf(id, kv...), Param: optionParams[id]}
}
