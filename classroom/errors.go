package classroom

import (
	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/trace"
)

// Error is a refusal of the classroom's, worded in the page's language by
// whoever shows it (Say); Error words it in English.
type Error struct {
	Say trace.Phrase
}

func (e *Error) Error() string { return i18n.For(i18n.English).Phrase(e.Say) }

func sayErr(id string, kv ...any) *Error { return &Error{Say: trace.PhraseOf(id, kv...)} }

// The refusals the web shows as they are.
var (
	// ErrNoRoom: no room has this code, or it has expired.
	ErrNoRoom = sayErr("classroom.err.no-room")
	// ErrNotLecturer: a command that only the lecturer's secret may give.
	ErrNotLecturer = sayErr("classroom.err.not-lecturer")
	// ErrAnswered: the student has answered this question already.
	ErrAnswered = sayErr("classroom.err.answered")
	// ErrClosed: the question was revealed, or is not the room's open one.
	ErrClosed = sayErr("classroom.err.closed")
)
