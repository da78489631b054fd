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
	"tournament.err.eval":  {Other: "{{.Got}} is not an evaluation of {{.Game}} (want {{.Want}}, or random)"},
}

// Error is a configuration that cannot be played: its message as a
// phrase of English, for a page to word in its language, and the game's
// own error behind it, if any (an evaluation the game cannot make), which
// the English message gives in full.
type Error struct {
	Say trace.Phrase
	Err error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return "tournament: " + e.Err.Error()
	}
	return "tournament: " + e.Say.WordIn(English)
}

// Unwrap returns the game's error behind the message (nil if none).
func (e *Error) Unwrap() error { return e.Err }

// sayError is an Error worded from English[id] with the arguments kv
// (name, value, …), each written with fmt.Sprint.
func sayError(id string, kv ...any) error {
	p := trace.Phrase{ID: id, Args: map[string]any{}}
	for i := 0; i+1 < len(kv); i += 2 {
		p.Args[kv[i].(string)] = fmt.Sprint(kv[i+1])
	}
	return &Error{Say: p}
}
