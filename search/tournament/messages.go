package tournament

import (
	"fmt"

	"github.com/abtrace/abtrace/trace"
)

// English holds the errors of Config.Check that pages word in their
// language, by message ID: the source the i18n package's German and Czech
// catalogs translate. Got is the value given (quoted where it is text),
// Max a limit, Want the games known.
var English = map[string]trace.Message{
	"tournament.err.game":  {Other: "unknown game {{.Got}} (want {{.Want}})"},
	"tournament.err.evals": {Other: "{{.Got}} evaluations; give from 2 to {{.Max}}, such as --evals discs,min-discs"},
	"tournament.err.twice": {Other: "evaluation {{.Got}} is listed twice"},
	"tournament.err.depth": {Other: "depth must be from 1 to {{.Max}}, not {{.Got}}"},
	"tournament.err.games": {Other: "games must be from 1 to {{.Max}}, not {{.Got}}"},
}

// Error is a configuration that cannot be played: its message as a
// phrase of English, for a page to word in its language.
type Error struct{ Say trace.Phrase }

func (e *Error) Error() string { return "tournament: " + e.Say.WordIn(English) }

// sayError is an Error worded from English[id] with the arguments kv
// (name, value, …), each written with fmt.Sprint.
func sayError(id string, kv ...any) error {
	p := trace.Phrase{ID: id, Args: map[string]any{}}
	for i := 0; i+1 < len(kv); i += 2 {
		p.Args[kv[i].(string)] = fmt.Sprint(kv[i+1])
	}
	return &Error{Say: p}
}
