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
}
