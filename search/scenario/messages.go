package scenario

import "github.com/abtrace/abtrace/trace"

// English holds the scenario's errors that pages word in their language,
// by message ID: the source the i18n package's German and Czech catalogs
// translate. Arguments: Name is a parameter's name (depth, seed), Got the
// value as given (quoted where it was text), Min and Max a range, Want
// the names known, Example a tree in the classroom notation.
var English = map[string]trace.Message{
	"scenario.err.whole":          {Other: "{{.Name}} must be a whole number, not {{.Got}}"},
	"scenario.err.number":         {Other: "{{.Name}} must be a number, such as 1.41, not {{.Got}}"},
	"scenario.err.flag":           {Other: "{{.Name}} must be 1 or 0, not {{.Got}}"},
	"scenario.err.range":          {Other: "{{.Name}} must be a number from {{.Min}} to {{.Max}}, not {{.Got}}"},
	"scenario.err.depth":          {Other: "depth must be from 0 (no limit) to {{.Max}}, not {{.Got}}"},
	"scenario.err.sources":        {Other: "give one source: a tree, a game or a random recipe, not several"},
	"scenario.err.game":           {Other: "unknown game {{.Got}} (want {{.Want}})"},
	"scenario.err.no-tree":        {Other: "no tree given: write one in the classroom notation, such as {{.Example}}"},
	"scenario.err.random":         {Other: "random wants B,D (branching and depth), such as 3,4; got {{.Got}}"},
	"scenario.err.random-numbers": {Other: "random wants two whole numbers B,D, such as 3,4; got {{.Got}}"},

	// The card game, the roads and determinised MCTS. Game is the game's
	// name (a phrase: scenario.game.cards, scenario.game.roads, or the
	// game's id), It the pronoun that stands for it, What which worlds there are, Method a method's id.
	"scenario.game.cards":          {Other: "the card game"},
	"scenario.game.roads":          {Other: "the road story"},
	"scenario.game.cards.it":       {Other: "it", Description: "the pronoun standing for the card game (scenario.game.cards) in a sentence about it, as its object and as its subject"},
	"scenario.game.roads.it":       {Other: "it", Description: "the pronoun standing for the road story (scenario.game.roads) in a sentence about it, as its object and as its subject"},
	"scenario.roads.left":          {Other: "left", Description: "the left side at the fork of the road story, as a node's name (its label)"},
	"scenario.roads.right":         {Other: "right", Description: "the right side at the fork of the road story, as a node's name (its label)"},
	"scenario.world.cards":         {Other: "one per MIN hand of the deal"},
	"scenario.world.roads":         {Other: "1: diamonds on the left, 2: on the right"},
	"scenario.err.hidden-only":     {Other: "clairvoyance and infoset are methods for the card game and the roads (--game cards or roads)"},
	"scenario.err.world":           {Other: "world must be from 1 to {{.Max}} ({{.What}}), not {{.Got}}"},
	"scenario.err.hidden-position": {Other: "matches, take and position do not apply to {{.Game}}"},
	"scenario.err.hidden-depth":    {Other: "{{cap .Game}} is searched to the end; {{.It}} takes no depth limit or evaluation"},
	"scenario.err.one-method":      {Other: "choose one method: mcts or {{.Method}}"},
	"scenario.err.hidden-chance":   {Other: "{{cap .Game}} has no CHANCE nodes; search {{.It}} with minimax or alphabeta, or choose with clairvoyance or infoset"},
	"scenario.err.hidden-eval":     {Other: "{{cap .Game}} has no evaluation to order by"},
	"scenario.err.sample":          {Other: "sample must be from 1 to {{.Max}} (the samples drawn), not {{.Got}}"},
	"scenario.err.sample-world":    {Other: "determinized draws its deals; step one with sample, not world"},
	"scenario.err.sample-only":     {Other: "sample belongs to --algo determinized"},
	"scenario.err.deal-roads":      {Other: "deal belongs to the card game, not the roads"},
	"scenario.err.two-player":      {Other: "{{.Game}} is a two-player game; {{.Algo}} needs vector values, one per player (use a tree with leaves such as <3,1,2>)"},
	"scenario.err.nim-only":        {Other: "matches and take belong to nim, not {{.Game}}"},
	// MCTS. Max, Default and Got are numbers as written.
	"scenario.err.samples-only":         {Other: "samples belongs to --algo determinized"},
	"scenario.err.samples":              {Other: "samples must be from 1 to {{.Max}}, not {{.Got}}"},
	"scenario.err.mcts-only":            {Other: "iterations, c and playout belong to --algo mcts and determinized"},
	"scenario.err.determinized-playout": {Other: "determinized plays random playouts; playout does not apply"},
	"scenario.err.iterations":           {Other: "iterations must be from 1 to {{.Max}} (0 means {{.Default}}), not {{.Got}}"},
	"scenario.err.c":                    {Other: "c must be a positive number (0 means √2), not {{.Got}}"},
	"scenario.err.eval-playout":         {Other: "the eval playout needs an evaluation to guide it: give --eval"},
	// Minichess and the options of the searches on real games.
	"scenario.minichess.pawns":     {Other: "pawns", Description: "a term of the capture game's material evaluation: White's pawns less Black's"},
	"scenario.minichess.knights":   {Other: "knights", Description: "a term of the capture game's material evaluation"},
	"scenario.minichess.bishops":   {Other: "bishops", Description: "a term of the capture game's material evaluation"},
	"scenario.minichess.rooks":     {Other: "rooks", Description: "a term of the capture game's material evaluation"},
	"scenario.minichess.queens":    {Other: "queens", Description: "a term of the capture game's material evaluation"},
	"scenario.err.minichess-depth": {Other: "minichess needs a depth limit (1 shows the horizon effect on the default position; at most {{.Max}})"},
	"scenario.err.minichess-max":   {Other: "minichess searches at most {{.Max}} plies deep, not {{.Got}}"},
	"scenario.err.tt":              {Other: "tt must be a table size from 1 to {{.Max}} entries (0 for none), not {{.Got}}"},
	"scenario.err.aspiration":      {Other: "aspiration must be a positive number (0 for none), not {{.Got}}"},
	"scenario.err.quiescence":      {Other: "quiescence: {{.Game}} has no captures to follow (minichess has)"},
	"scenario.err.symmetry":        {Other: "symmetry: {{.Game}} has no symmetries to use (tictactoe and connect4 have)"},
}
