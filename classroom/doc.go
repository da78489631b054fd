// Package classroom is the live classroom: a lecturer steps a search on
// the projector and every student's phone follows, and at any step the
// lecturer asks the class a question and sees the answers come in.
//
// It is plain Go, without the web: package web carries rooms over the
// same websocket transport as its sessions, and supplies the pictures.
//
// # Rooms
//
// A room is opened on a scenario (a viewer permalink's query). It has a
// short code from an alphabet without look-alikes ([CodeAlphabet]: no 0
// and O, no 1, I and L) that students type or scan, and a secret that only
// the lecturer holds: a separate random token, kept as its SHA-256 and
// compared in constant time, never derived from the code. Every command
// that changes the room (a step, a question, a reveal, a slide, deleting
// it) needs the secret; a second device of the lecturer's (a clicker on a
// phone) may hold the same secret. A code is joinable for [RoomLifetime]
// after the room's last command; its answers are kept for [Retention]
// after that, then [Classroom.Purge] deletes them, and the lecturer may
// delete a room at any time.
//
// # One cursor per room
//
// The room's step lives once per room and server: a [Stage] (the web's
// viewer of the scenario, or [ViewStage]) moves to each step the lecturer
// asks for and makes the picture's change once; the room encodes it once
// and hands the same bytes to every follower. A follower holds no cursor,
// only a queue of shared updates, so a class of hundreds costs little
// more than one viewer (BenchmarkFollowerMemory).
//
// # Numbered updates
//
// Everything the lecturer changes is an update numbered per room (Seq):
// steps, questions, reveals, slides. A follower that joins, reconnects or
// falls behind gets a snapshot (the whole picture at the room's step, the
// question open, its own answer) and then the numbered updates; an update
// whose number is not the next one tells it to ask for a new snapshot. A
// follower too slow to take its updates loses them and sees the gap.
//
// # Questions
//
// A question is tied to the step it is asked at: what a node returns
// (its value or bound), α or β at a node (the window it finishes with),
// the next node the search enters, the next node a cutoff skips, the move
// the root's player chooses, or a free multiple choice. The right answer
// comes from the search's own trace from that step on, and is graded and
// explained by package exercise's checker (exercise.Question.GradeIn and
// Explain: the answer and the narration of the step that decides it).
// Each student answers a question once; the histogram counts the answers
// as they come in, and the reveal shows the answer and its sentence.
//
// # Servers
//
// Rooms, decks and answers are kept in a [store.Store] (SQLite by
// default, PostgreSQL for several servers), so a room resumes at its step
// after a restart. A room's updates and answers travel between servers on
// a [bus.Bus] (NATS): the server that takes a lecturer's command numbers
// it and publishes it; every server, itself included, applies it when it
// comes back from the bus, so followers everywhere see the same updates
// in the same order.
package classroom
