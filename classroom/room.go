package classroom

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"github.com/abtrace/abtrace/classroom/store"
	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search/exercise"
	"github.com/abtrace/abtrace/trace"
)

// Room is a room open on this server.
type Room struct {
	c    *Classroom
	code string
	// events holds the bus's messages for the room, applied in order by
	// run; done closes when the room stops.
	events chan []byte
	done   chan struct{}
	once   sync.Once

	mu  sync.Mutex
	rec store.Room
	// issued is the last update number this server gave a command of the
	// lecturer's (ahead of rec.Seq until the command comes back from the
	// bus).
	issued uint64
	// aim is the step of the last step command this server issued: a
	// StepBy while commands are still on their way counts from it (and a
	// question asks at it); aimScenario and aimSlide are the scenario and
	// the slide it is in.
	aim         int
	aimScenario string
	aimSlide    int
	// asking are the update numbers of this server's questions on their
	// way.
	asking []uint64
	// stages are the room's pictures by language (see langs.go); lang is
	// the room's own language, its scenario's.
	stages    map[i18n.Lang]*langStage
	lang      i18n.Lang
	followers map[*Follower]struct{}
	questions []*asked
	deck      *Deck
	// histSent is when the lecturers last got the histogram; histDue says
	// one is scheduled.
	histSent time.Time
	histDue  bool
	// tallies are the other servers' counts of the room's students, by
	// server; countDue says this server's count is to be published;
	// censusAt is when this server asked the others for theirs.
	tallies  map[string]tally
	countDue bool
	censusAt time.Time
}

// event is a room's message on the bus.
type event struct {
	Kind     string        `json:"kind"` // step, ask, reveal, slide, answer, deleted, count, census
	Seq      uint64        `json:"seq,omitempty"`
	Step     int           `json:"step"`
	Scenario string        `json:"scenario,omitempty"`
	Slide    int           `json:"slide,omitempty"`
	Question int           `json:"question,omitempty"`
	Spec     *QuestionSpec `json:"spec,omitempty"`
	Student  string        `json:"student,omitempty"`
	Given    string        `json:"given,omitempty"`
	Right    bool          `json:"right,omitempty"`
	// Server and N are a server's count of the room's students (count).
	Server string `json:"server,omitempty"`
	N      int    `json:"n,omitempty"`
}

// Update is a message to a room's followers: every change the lecturer
// makes is numbered (Seq); a snapshot carries the number it is at.
type Update struct {
	Type      string          `json:"type"` // "room"
	Kind      string          `json:"kind"` // snapshot, step, ask, reveal, slide, closed
	Code      string          `json:"code"`
	Seq       uint64          `json:"seq"`
	Step      int             `json:"step"`
	Scenario  string          `json:"scenario,omitempty"`
	Slide     *SlideView      `json:"slide,omitempty"`
	Followers int             `json:"followers,omitempty"`
	Picture   json.RawMessage `json:"picture,omitempty"`
	Question  *QuestionView   `json:"question,omitempty"`
	Reveal    *RevealView     `json:"reveal,omitempty"`
	// Mine is, in a snapshot, the follower's own answer to the question
	// open (so that a reconnect loses nothing).
	Mine string `json:"mine,omitempty"`
}

// SlideView says which slide of a deck the room shows.
type SlideView struct {
	N     int    `json:"n"`
	Of    int    `json:"of"`
	Title string `json:"title"`
}

// Histogram is the lecturers' live count of the open question's answers
// (not numbered: it only replaces the one before).
type Histogram struct {
	Type     string `json:"type"` // "histogram"
	Question int    `json:"question"`
	Answers  int    `json:"answers"`
	Bars     []Bar  `json:"bars"`
}

// Follower is a student's (or the lecturer's) connection to a room: a
// queue of the room's updates, encoded once and shared. It holds no
// cursor.
type Follower struct {
	room     *Room
	ID, Nick string
	Lecturer bool
	// Lang is the language the follower reads the room's sentences in.
	Lang i18n.Lang
	out  chan []byte
	// lost says an update was dropped because the queue was full: the
	// follower sees a gap in the numbers and asks for a snapshot.
	lost atomic.Bool
}

// Updates is the follower's queue: it closes when the follower leaves or
// the room stops.
func (f *Follower) Updates() <-chan []byte { return f.out }

// Lost reports (and forgets) whether updates were dropped.
func (f *Follower) Lost() bool { return f.lost.Swap(false) }

// Leave takes the follower out of the room.
func (f *Follower) Leave() {
	r := f.room
	r.mu.Lock()
	_, ok := r.followers[f]
	if ok {
		delete(r.followers, f)
		close(f.out)
		r.dropStageLocked(f.Lang)
	}
	r.mu.Unlock()
	if ok && !f.Lecturer {
		r.countChanged()
	}
}

// Code is the room's code.
func (r *Room) Code() string { return r.code }

// Info is what anyone may know of a room: no secret.
type Info struct {
	Code      string `json:"code"`
	Scenario  string `json:"scenario"`
	Step      int    `json:"step"`
	Followers int    `json:"followers"`
}

// Info is the room's public state; Followers counts the students on
// every server of the class (see Followers).
func (r *Room) Info(ctx context.Context) Info {
	n := r.Followers(ctx)
	r.mu.Lock()
	defer r.mu.Unlock()
	return Info{Code: r.code, Scenario: r.rec.Scenario, Step: r.rec.Step, Followers: n}
}

// Lecturer reports whether secret is the room's.
func (r *Room) Lecturer(secret string) bool {
	r.mu.Lock()
	h := r.rec.SecretHash
	r.mu.Unlock()
	return secret != "" && SecretMatches(h, secret)
}

func (r *Room) expired() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return !r.c.o.Now().Before(r.rec.Expires)
}

// Follow adds a follower who reads the room's language (see FollowIn).
func (r *Room) Follow(ctx context.Context, id, nick, secret string) (*Follower, []byte, error) {
	r.mu.Lock()
	l := r.lang
	r.mu.Unlock()
	return r.FollowIn(ctx, l, id, nick, secret)
}

// FollowIn adds a follower (a lecturer's when secret is the room's; a
// wrong secret is refused) who reads the room's sentences in language l,
// and returns it with its first update, the snapshot.
func (r *Room) FollowIn(ctx context.Context, l i18n.Lang, id, nick, secret string) (*Follower, []byte, error) {
	lect := secret != ""
	if lect && !r.Lecturer(secret) {
		return nil, nil, ErrNotLecturer
	}
	if !lect {
		var err error
		if nick, err = Nick(nick); err != nil {
			return nil, nil, err
		}
		if !validStudent(id) {
			return nil, nil, sayErr("classroom.err.student")
		}
	}
	f := &Follower{room: r, ID: id, Nick: nick, Lecturer: lect, Lang: l, out: make(chan []byte, FollowerQueue)}
	r.mu.Lock()
	if len(r.followers) >= MaxFollowers {
		r.mu.Unlock()
		return nil, nil, sayErr("classroom.err.full", "Max", MaxFollowers)
	}
	if _, err := r.stageLocked(l); err != nil {
		r.mu.Unlock()
		return nil, nil, err
	}
	r.followers[f] = struct{}{}
	r.mu.Unlock()
	if !lect {
		r.countChanged()
	}
	snap, err := r.Snapshot(ctx, f)
	if err != nil {
		f.Leave()
		return nil, nil, err
	}
	return f, snap, nil
}

// validStudent: a student's token is 8 to 64 URL-safe characters.
func validStudent(id string) bool {
	if len(id) < 8 || len(id) > 64 {
		return false
	}
	for _, c := range id {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// Snapshot is the room as it stands, for follower f: the whole picture
// at the room's step, the question open and f's answer to it.
func (r *Room) Snapshot(ctx context.Context, f *Follower) ([]byte, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	ls, err := r.stageLocked(f.Lang)
	if err != nil {
		return nil, err
	}
	if ls.picture == nil {
		p, err := ls.stage.Snapshot(ctx)
		if err != nil {
			return nil, err
		}
		ls.picture = p
	}
	u := Update{Type: "room", Kind: "snapshot", Code: r.code, Seq: r.rec.Seq, Step: r.rec.Step, Scenario: r.rec.Scenario,
		Slide: r.slideView(), Followers: len(r.followers), Picture: ls.picture}
	if q := r.open(); q != nil {
		words := i18n.For(f.Lang).Phrase
		u.Question = q.view(words)
		if q.revealed {
			u.Reveal = q.reveal(words)
		}
		u.Mine = q.answers[f.ID]
	}
	return json.Marshal(u)
}

// open is the question last asked, nil when none was.
func (r *Room) open() *asked {
	if len(r.questions) == 0 {
		return nil
	}
	return r.questions[len(r.questions)-1]
}

func (r *Room) question(id int) *asked {
	if id < 1 || id > len(r.questions) {
		return nil
	}
	return r.questions[id-1]
}

func (r *Room) setLang() { r.lang = roomLang(r.rec.Scenario) }

func (r *Room) slideView() *SlideView {
	if r.deck == nil {
		return nil
	}
	return &SlideView{N: r.rec.Slide, Of: len(r.deck.Slides), Title: r.deck.Title}
}

// command checks the lecturer's secret and numbers a command.
func (r *Room) command(secret string) (uint64, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if secret == "" || !SecretMatches(r.rec.SecretHash, secret) {
		return 0, ErrNotLecturer
	}
	r.issued = max(r.issued, r.rec.Seq) + 1
	return r.issued, nil
}

// publish sends the room's event on the bus.
func (r *Room) publish(e event) error {
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	return r.c.o.Bus.Publish(r.code, b)
}

// Step moves the room to step (≥ 0; past the search's end it stops at
// the end). Only the lecturer's secret may.
func (r *Room) Step(ctx context.Context, secret string, step int) error {
	if step < 0 {
		return sayErr("classroom.err.step")
	}
	seq, err := r.command(secret)
	if err != nil {
		return err
	}
	r.mu.Lock()
	rec := r.rec
	if r.issued > r.rec.Seq+1 {
		rec.Scenario, rec.Slide = r.aimScenario, r.aimSlide
	}
	r.aim, r.aimScenario, r.aimSlide = step, rec.Scenario, rec.Slide
	r.mu.Unlock()
	if err := r.c.o.Store.SetStep(ctx, r.code, step, seq, rec.Slide, rec.Scenario, r.c.o.Now().Add(RoomLifetime)); err != nil {
		return err
	}
	return r.publish(event{Kind: "step", Seq: seq, Step: step})
}

// StepBy moves the room n steps (back when n < 0) from where it stands.
func (r *Room) StepBy(ctx context.Context, secret string, n int) error {
	r.mu.Lock()
	from := r.rec.Step
	if r.issued > r.rec.Seq {
		from = r.aim
	}
	r.mu.Unlock()
	return r.Step(ctx, secret, max(0, from+n))
}

// Ask asks the class a question at the room's step, and returns its
// number. A question the search has no answer to from this step (no more
// cutoffs, a node already returned) is refused.
func (r *Room) Ask(ctx context.Context, secret string, spec QuestionSpec) (int, error) {
	if err := spec.Check(); err != nil {
		return 0, err
	}
	if !r.Lecturer(secret) {
		return 0, ErrNotLecturer
	}
	r.mu.Lock()
	rec := r.rec
	if r.issued > r.rec.Seq {
		// A step or a slide of this server's is still on its way.
		rec.Step, rec.Scenario, rec.Slide = r.aim, r.aimScenario, r.aimSlide
	}
	r.mu.Unlock()
	// The question is about the search the stage shows (one of a
	// comparison's), at its own step.
	qScenario, qStep, err := r.c.o.Asked(ctx, rec.Scenario, rec.Step)
	if err != nil {
		return 0, err
	}
	if _, _, err := keyOf(ctx, qScenario, qStep, spec); err != nil {
		return 0, err
	}
	seq, err := r.command(secret)
	if err != nil {
		return 0, err
	}
	r.mu.Lock()
	// Questions asked on this server but not yet back from the bus come
	// before this one (other commands on their way do not count).
	asking := r.asking[:0]
	for _, n := range r.asking {
		if n > r.rec.Seq {
			asking = append(asking, n)
		}
	}
	r.asking = append(asking, seq)
	id := len(r.questions) + len(asking) + 1
	r.mu.Unlock()
	q := store.Question{Room: r.code, ID: id, Step: qStep, Scenario: qScenario, Spec: spec.specJSON(), Asked: r.c.o.Now()}
	if err := r.c.o.Store.SaveQuestion(ctx, q); err != nil {
		return 0, err
	}
	if err := r.c.o.Store.SetStep(ctx, r.code, rec.Step, seq, rec.Slide, rec.Scenario, r.c.o.Now().Add(RoomLifetime)); err != nil {
		return 0, err
	}
	return id, r.publish(event{Kind: "ask", Seq: seq, Step: qStep, Scenario: qScenario, Question: id, Spec: &spec})
}

// Reveal shows the open question's answer and the sentence that explains
// it, with the histogram; no more answers are taken.
func (r *Room) Reveal(ctx context.Context, secret string) error {
	if !r.Lecturer(secret) {
		return ErrNotLecturer
	}
	r.mu.Lock()
	q := r.open()
	rec := r.rec
	r.mu.Unlock()
	if q == nil {
		return ErrClosed
	}
	seq, err := r.command(secret)
	if err != nil {
		return err
	}
	sq := store.Question{Room: r.code, ID: q.id, Step: q.step, Scenario: q.scenario, Spec: q.spec.specJSON(), Revealed: true, Asked: r.c.o.Now()}
	if err := r.c.o.Store.SaveQuestion(ctx, sq); err != nil {
		return err
	}
	if err := r.c.o.Store.SetStep(ctx, r.code, rec.Step, seq, rec.Slide, rec.Scenario, r.c.o.Now().Add(RoomLifetime)); err != nil {
		return err
	}
	return r.publish(event{Kind: "reveal", Seq: seq, Step: rec.Step, Question: q.id})
}

// Answer takes follower f's answer to question id (the open one), once:
// a second answer is refused with ErrAnswered, an answer after the reveal
// with ErrClosed. It returns the answer as the checker reads it.
func (r *Room) Answer(ctx context.Context, f *Follower, id int, given string) (string, error) {
	if f.Lecturer {
		return "", sayErr("classroom.err.lecturer-answers")
	}
	r.mu.Lock()
	q := r.open()
	if q == nil || q.id != id || q.revealed {
		r.mu.Unlock()
		return "", ErrClosed
	}
	if _, ok := q.answers[f.ID]; ok {
		r.mu.Unlock()
		return "", ErrAnswered
	}
	canon, right, err := q.grade(given, i18n.For(f.Lang).Phrase)
	r.mu.Unlock()
	if err != nil {
		return "", err
	}
	a := store.Answer{Room: r.code, Question: id, Student: f.ID, Nick: f.Nick, Given: canon, Right: right, At: r.c.o.Now()}
	if err := r.c.o.Store.SaveAnswer(ctx, a); errors.Is(err, store.ErrDuplicate) {
		return "", ErrAnswered
	} else if err != nil {
		return "", err
	}
	return canon, r.publish(event{Kind: "answer", Question: id, Student: f.ID, Given: canon, Right: right})
}

// Delete deletes the room with its questions and answers; its followers
// get a "closed" update.
func (r *Room) Delete(ctx context.Context, secret string) error {
	if !r.Lecturer(secret) {
		return ErrNotLecturer
	}
	if err := r.c.o.Store.DeleteRoom(ctx, r.code); err != nil {
		return err
	}
	// This server's followers hear it at once, the others' from the bus.
	r.apply(event{Kind: "deleted"})
	return r.publish(event{Kind: "deleted"})
}

// forget takes the room out of the server's open rooms: the next Room
// of its code reads the store.
func (c *Classroom) forget(r *Room) {
	c.mu.Lock()
	if c.rooms[r.code] == r {
		delete(c.rooms, r.code)
	}
	c.mu.Unlock()
}

// run applies the room's bus messages in order until the room stops.
func (r *Room) run() {
	beat := time.NewTicker(censusBeat)
	defer beat.Stop()
	for {
		select {
		case <-beat.C:
			r.beat()
		case b := <-r.events:
			var e event
			if err := json.Unmarshal(b, &e); err != nil {
				r.c.o.Logger.Warn("classroom: a bus message that is not an event", "room", r.code, "err", err)
				continue
			}
			r.apply(e)
		case <-r.done:
			return
		}
	}
}

// apply carries out an event on this server's room.
func (r *Room) apply(e event) {
	ctx := r.c.ctx
	switch e.Kind {
	case "count", "census":
		r.applyCount(e)
		return
	case "answer":
		r.mu.Lock()
		if q := r.question(e.Question); q != nil && q.add(e.Student, e.Given, e.Right) {
			r.histogramLocked()
		}
		r.mu.Unlock()
		return
	case "deleted":
		r.c.forget(r)
		r.mu.Lock()
		r.fanoutLocked(Update{Type: "room", Kind: "closed", Code: r.code, Seq: r.rec.Seq + 1}, nil)
		r.mu.Unlock()
		r.stop()
		return
	}
	// A question's answer is found before the room is locked: it runs
	// the search.
	var key *exercise.Question
	var labels map[string]string
	if e.Kind == "ask" {
		if e.Spec == nil {
			return
		}
		var err error
		if key, labels, err = keyOf(ctx, e.Scenario, e.Step, *e.Spec); err != nil {
			r.c.o.Logger.Warn("classroom: a question", "room", r.code, "err", err)
			return
		}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if e.Seq <= r.rec.Seq {
		return // applied already
	}
	u := Update{Type: "room", Kind: e.Kind, Code: r.code, Seq: e.Seq, Step: r.rec.Step}
	var fill func(l i18n.Lang, ls *langStage, u *Update)
	picture := func(_ i18n.Lang, ls *langStage, u *Update) {
		if ls != nil {
			u.Picture = ls.change
		}
	}
	switch e.Kind {
	case "step":
		reached, err := r.gotoLocked(ctx, e.Step)
		if err != nil {
			r.c.o.Logger.Warn("classroom: a step", "room", r.code, "step", e.Step, "err", err)
			return
		}
		u.Step, r.rec.Step, fill = reached, reached, picture
	case "slide":
		if err := r.applySlide(ctx, e, &u); err != nil {
			r.c.o.Logger.Warn("classroom: a slide", "room", r.code, "slide", e.Slide, "err", err)
			return
		}
		r.rec.Step, fill = u.Step, picture
	case "ask":
		q := newAsked(len(r.questions)+1, *e.Spec, e.Step, e.Scenario, key, labels)
		r.questions = append(r.questions, q)
		fill = func(l i18n.Lang, _ *langStage, u *Update) { u.Question = q.view(i18n.For(l).Phrase) }
	case "reveal":
		q := r.question(e.Question)
		if q == nil {
			return
		}
		q.revealed = true
		fill = func(l i18n.Lang, _ *langStage, u *Update) {
			words := i18n.For(l).Phrase
			u.Question, u.Reveal = q.view(words), q.reveal(words)
		}
	default:
		return
	}
	r.rec.Seq = e.Seq
	r.rec.Expires = r.c.o.Now().Add(RoomLifetime)
	u.Followers = len(r.followers)
	r.fanoutLocked(u, fill)
}

// histogramLocked sends the open question's histogram to the lecturers,
// at most every HistogramEvery: at once when the last was sent longer
// ago, else once when that time is up.
func (r *Room) histogramLocked() {
	if r.histDue {
		return
	}
	wait := HistogramEvery - r.c.o.Now().Sub(r.histSent)
	if wait <= 0 {
		r.sendHistogramLocked()
		return
	}
	r.histDue = true
	time.AfterFunc(wait, func() {
		r.mu.Lock()
		defer r.mu.Unlock()
		r.histDue = false
		select {
		case <-r.done:
		default:
			r.sendHistogramLocked()
		}
	})
}

func (r *Room) sendHistogramLocked() {
	r.histSent = r.c.o.Now()
	q := r.open()
	if q == nil {
		return
	}
	enc := map[i18n.Lang][]byte{}
	for f := range r.followers {
		if !f.Lecturer {
			continue
		}
		b, ok := enc[f.Lang]
		if !ok {
			var err error
			if b, err = json.Marshal(r.histogram(q, f.Lang)); err != nil {
				return
			}
			enc[f.Lang] = b
		}
		select {
		case f.out <- b:
		default:
		}
	}
}

func (r *Room) histogram(q *asked, l i18n.Lang) Histogram {
	return Histogram{Type: "histogram", Question: q.id, Answers: len(q.answers), Bars: q.bars(i18n.For(l).Phrase)}
}

// Histogram is the open question's histogram now, its nodes named in
// language l (for a lecturer who joins or reloads); ok is false when no
// question was asked.
func (r *Room) Histogram(l i18n.Lang) (h Histogram, ok bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	q := r.open()
	if q == nil {
		return Histogram{}, false
	}
	return r.histogram(q, l), true
}

// stop closes the room on this server: its followers' queues close.
func (r *Room) stop() {
	r.once.Do(func() {
		close(r.done)
		r.mu.Lock()
		for f := range r.followers {
			delete(r.followers, f)
			close(f.out)
		}
		r.closeStagesLocked()
		r.mu.Unlock()
	})
}

// Words words a phrase in the room's language.
func (r *Room) Words(p trace.Phrase) string { return i18n.For(r.lang).Phrase(p) }
