// Package store keeps the classroom's rooms, decks, questions and answers
// in a SQL database: SQLite through the pure-Go modernc.org/sqlite (the
// embedded default: one file, no setup) or PostgreSQL through pgx (when
// several servers share a class). Both speak the same SQL here, through
// database/sql; only the placeholders differ.
//
// What is kept of a student is the nickname they typed and an opaque
// random token their browser holds (so that one student answers once and
// a reconnect loses nothing): no address, no name beyond the nickname.
package store

import (
	"context"
	"errors"
	"time"
)

// Retention is how long a room's questions and answers are kept after the
// room expires (its last command plus its lifetime): a term's marking
// period. Purge deletes what is older; the lecturer may delete a room at
// any time before.
const Retention = 30 * 24 * time.Hour

// ErrNotFound: no room or deck has this code or id.
var ErrNotFound = errors.New("store: not found")

// ErrDuplicate: the student has already answered this question.
var ErrDuplicate = errors.New("store: already answered")

// Room is a room as kept.
type Room struct {
	Code       string
	SecretHash string
	Scenario   string // the viewer permalink's query
	Step       int
	Seq        uint64
	Deck       string // the deck's id, "" for none
	Slide      int    // the deck's slide shown, from 0
	Created    time.Time
	Expires    time.Time // the code is joinable until then
}

// Question is a question asked in a room; Spec is its JSON (package
// classroom's QuestionSpec).
type Question struct {
	Room     string
	ID       int // from 1 in each room
	Step     int
	Scenario string
	Spec     []byte
	Revealed bool
	Asked    time.Time
}

// Answer is one student's answer to one question.
type Answer struct {
	Room     string
	Question int
	Student  string // the browser's random token
	Nick     string
	Given    string // as the checker reads it (canonical)
	Right    bool
	At       time.Time
}

// Deck is a lecture prepared beforehand; Body is its JSON.
type Deck struct {
	ID      string
	Title   string
	Body    []byte
	Created time.Time
}

// Store is where the classroom keeps its rooms. Every method may be
// called from several goroutines.
type Store interface {
	// SaveRoom creates or replaces a room.
	SaveRoom(ctx context.Context, r Room) error
	// Room returns the room with this code, or ErrNotFound.
	Room(ctx context.Context, code string) (Room, error)
	// SetStep records the room's step, its update number, its slide and
	// scenario, and its new expiry.
	SetStep(ctx context.Context, code string, step int, seq uint64, slide int, scenario string, expires time.Time) error
	// SaveQuestion creates or replaces a question.
	SaveQuestion(ctx context.Context, q Question) error
	// Questions returns a room's questions by id.
	Questions(ctx context.Context, room string) ([]Question, error)
	// SaveAnswer keeps an answer, or reports ErrDuplicate when the student
	// has answered the question already.
	SaveAnswer(ctx context.Context, a Answer) error
	// Answers returns a room's answers by question, then time.
	Answers(ctx context.Context, room string) ([]Answer, error)
	// SaveDeck creates or replaces a deck; Deck returns it or ErrNotFound.
	SaveDeck(ctx context.Context, d Deck) error
	Deck(ctx context.Context, id string) (Deck, error)
	// DeleteRoom deletes a room with its questions and answers.
	DeleteRoom(ctx context.Context, code string) error
	// Purge deletes the rooms that expired more than Retention before
	// now, with their questions and answers, and returns how many.
	Purge(ctx context.Context, now time.Time) (int, error)
	Close() error
}
