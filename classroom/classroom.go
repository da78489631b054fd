package classroom

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/url"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/abtrace/abtrace/classroom/bus"
	"github.com/abtrace/abtrace/classroom/store"
	"github.com/abtrace/abtrace/i18n"
)

const (
	// RoomLifetime is how long a room's code stays joinable after the
	// lecturer's last command: a lecture day. After it the code is
	// refused, and the room's answers are kept for store.Retention.
	RoomLifetime = 12 * time.Hour
	// FollowerQueue is how many updates may wait for a follower's
	// connection; a follower further behind loses them and asks for a
	// snapshot.
	FollowerQueue = 32
	// MaxNick is the longest nickname, in characters.
	MaxNick = 24
	// MaxFollowers is the most followers of one room on one server.
	MaxFollowers = 2000
	// HistogramEvery is how often at most the lecturer's histogram is
	// sent while answers come in (and at least, while they do).
	HistogramEvery = 250 * time.Millisecond
	// roomEvents is how many bus messages may wait for a room.
	roomEvents = 1024
)

// Options are a classroom's.
type Options struct {
	// Store keeps rooms, decks and answers (required).
	Store store.Store
	// Bus carries the rooms' updates between servers; nil: a bus within
	// the process.
	Bus bus.Bus
	// Stage makes the rooms' pictures; nil: NewViewStage.
	Stage StageMaker
	// Asked is the viewer query and its step a question asked in a room
	// on scenario at step is about: a room whose stage is not a viewer's
	// (a comparison's panes) asks about one search of it. nil: the
	// room's scenario and step.
	Asked func(ctx context.Context, scenario string, step int) (string, int, error)
	// Now is the clock; nil: time.Now.
	Now func() time.Time
	// Logger; nil: slog.Default().
	Logger *slog.Logger
}

// Classroom is one server's rooms: those its followers are in, each
// with its stage. Every other room is in the store.
type Classroom struct {
	o Options
	// id names this server in the rooms' counts (see census.go).
	id     string
	ownBus bool
	unsub  func()
	ctx    context.Context
	cancel context.CancelFunc

	mu    sync.Mutex
	rooms map[string]*Room
	// opening holds the rooms being loaded, so that two followers of a
	// room not yet open load it once.
	opening map[string]chan struct{}
	closed  bool
}

// New starts a classroom on its store and bus.
func New(o Options) (*Classroom, error) {
	if o.Store == nil {
		return nil, errors.New("classroom: no store")
	}
	c := &Classroom{o: o, id: NewSecret()[:16], rooms: map[string]*Room{}, opening: map[string]chan struct{}{}}
	if c.o.Bus == nil {
		c.o.Bus, c.ownBus = bus.NewLocal(), true
	}
	if c.o.Stage == nil {
		c.o.Stage = NewViewStage
	}
	if c.o.Asked == nil {
		c.o.Asked = func(_ context.Context, scenario string, step int) (string, int, error) { return scenario, step, nil }
	}
	if c.o.Now == nil {
		c.o.Now = time.Now
	}
	if c.o.Logger == nil {
		c.o.Logger = slog.Default()
	}
	c.ctx, c.cancel = context.WithCancel(context.Background())
	unsub, err := c.o.Bus.Subscribe(c.receive)
	if err != nil {
		return nil, err
	}
	c.unsub = unsub
	return c, nil
}

// SetStage makes the rooms' stages with m from now on (a server that
// draws its rooms' pages sets its own). Call it before serving.
func (c *Classroom) SetStage(m StageMaker) { c.o.Stage = m }

// Close stops the classroom's rooms (their followers' update channels
// close) and its bus subscription. The store is the caller's.
func (c *Classroom) Close() {
	c.unsub()
	c.mu.Lock()
	c.closed = true
	rooms := c.rooms
	c.rooms = map[string]*Room{}
	c.mu.Unlock()
	c.cancel()
	for _, r := range rooms {
		r.stop()
		// The other servers forget this one's followers.
		r.publishCount(0)
	}
	if c.ownBus {
		c.o.Bus.Close()
	}
}

// Create opens a room on a scenario (a viewer permalink's query) and
// returns its code and the lecturer's secret.
func (c *Classroom) Create(ctx context.Context, scenario string) (code, secret string, err error) {
	return c.create(ctx, scenario, 0, "", 0)
}

func (c *Classroom) create(ctx context.Context, scenario string, step int, deck string, slide int) (code, secret string, err error) {
	scenario = strings.TrimPrefix(scenario, "?")
	if len(scenario) > MaxScenario {
		return "", "", sayErr("classroom.err.scenario-long", "Max", MaxScenario)
	}
	// The scenario must load: a room that cannot draw is refused now.
	st, err := c.o.Stage(ctx, scenario, step)
	if err != nil {
		return "", "", err
	}
	st.Close()
	secret = NewSecret()
	now := c.o.Now()
	for range 8 {
		code = NewCode()
		if _, err := c.o.Store.Room(ctx, code); errors.Is(err, store.ErrNotFound) {
			break
		} else if err != nil {
			return "", "", err
		}
	}
	rec := store.Room{Code: code, SecretHash: HashSecret(secret), Scenario: scenario, Step: step, Deck: deck, Slide: slide,
		Created: now, Expires: now.Add(RoomLifetime)}
	if err := c.o.Store.SaveRoom(ctx, rec); err != nil {
		return "", "", err
	}
	return code, secret, nil
}

// MaxScenario is the longest scenario query a room takes, in bytes: a
// tree of the viewer's largest text, percent-encoded.
const MaxScenario = 256 << 10

// Room returns the room with this code, opened on this server (loaded
// from the store, at its step, if it was not), or ErrNoRoom when there is
// none or its code has expired. code is read as ParseCode reads it.
func (c *Classroom) Room(ctx context.Context, code string) (*Room, error) {
	code, err := ParseCode(code)
	if err != nil {
		return nil, err
	}
	for {
		c.mu.Lock()
		if c.closed {
			c.mu.Unlock()
			return nil, ErrNoRoom
		}
		if r := c.rooms[code]; r != nil {
			c.mu.Unlock()
			if r.expired() {
				return nil, ErrNoRoom
			}
			return r, nil
		}
		if wait, ok := c.opening[code]; ok {
			c.mu.Unlock()
			select {
			case <-wait:
				continue
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		}
		done := make(chan struct{})
		c.opening[code] = done
		c.mu.Unlock()
		r, err := c.load(ctx, code)
		c.mu.Lock()
		delete(c.opening, code)
		close(done)
		if err == nil {
			if c.closed {
				r.stop()
				err = ErrNoRoom
			} else {
				c.rooms[code] = r
			}
		}
		c.mu.Unlock()
		if err == nil {
			// The other servers tell their counts of the room's students.
			if err := r.publish(event{Kind: "census", Server: c.id}); err != nil {
				c.o.Logger.Warn("classroom: asking for a room's counts", "room", code, "err", err)
			}
		}
		return r, err
	}
}

// load opens a room from the store.
func (c *Classroom) load(ctx context.Context, code string) (*Room, error) {
	rec, err := c.o.Store.Room(ctx, code)
	if errors.Is(err, store.ErrNotFound) {
		return nil, ErrNoRoom
	}
	if err != nil {
		return nil, err
	}
	if !c.o.Now().Before(rec.Expires) {
		return nil, ErrNoRoom
	}
	r := &Room{c: c, code: code, rec: rec, issued: rec.Seq, aim: rec.Step, aimScenario: rec.Scenario, aimSlide: rec.Slide, followers: map[*Follower]struct{}{}, tallies: map[string]tally{}, censusAt: c.o.Now(), events: make(chan []byte, roomEvents), done: make(chan struct{})}
	r.setLang()
	if rec.Deck != "" {
		d, err := c.Deck(ctx, rec.Deck)
		if err != nil {
			return nil, err
		}
		r.deck = d
	}
	st, err := c.o.Stage(c.ctx, rec.Scenario, rec.Step)
	if err != nil {
		return nil, err
	}
	r.stages = map[i18n.Lang]*langStage{r.lang: {stage: st}}
	qs, err := c.o.Store.Questions(ctx, code)
	if err != nil {
		st.Close()
		return nil, err
	}
	for _, q := range qs {
		var spec QuestionSpec
		if err := json.Unmarshal(q.Spec, &spec); err != nil {
			continue
		}
		key, labels, err := keyOf(ctx, q.Scenario, q.Step, spec)
		if err != nil {
			c.o.Logger.Warn("classroom: a stored question has no answer", "room", code, "question", q.ID, "err", err)
			continue
		}
		a := newAsked(q.ID, spec, q.Step, q.Scenario, key, labels)
		a.revealed = q.Revealed
		r.questions = append(r.questions, a)
	}
	answers, err := c.o.Store.Answers(ctx, code)
	if err != nil {
		st.Close()
		return nil, err
	}
	for _, a := range answers {
		if q := r.question(a.Question); q != nil {
			q.add(a.Student, a.Given, a.Right)
		}
	}
	go r.run()
	return r, nil
}

// receive takes a bus message to the room it names, if it is open here.
func (c *Classroom) receive(code string, data []byte) {
	c.mu.Lock()
	r := c.rooms[code]
	c.mu.Unlock()
	if r == nil {
		return
	}
	select {
	case r.events <- data:
	case <-r.done:
	}
}

// Purge deletes from the store the rooms expired more than
// store.Retention ago.
func (c *Classroom) Purge(ctx context.Context) (int, error) {
	return c.o.Store.Purge(ctx, c.o.Now())
}

// Nick reads a nickname: trimmed, at most MaxNick characters, printable.
func Nick(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" || utf8.RuneCountInString(s) > MaxNick || !utf8.ValidString(s) {
		return "", sayErr("classroom.err.nick", "Max", MaxNick)
	}
	for _, r := range s {
		if r < ' ' || r == 0x7f {
			return "", sayErr("classroom.err.nick", "Max", MaxNick)
		}
	}
	return s, nil
}

// roomLang is the language a room's sentences are worded in: its
// scenario's lang=, as on the lecturer's projector.
func roomLang(scenario string) i18n.Lang {
	q, _ := url.ParseQuery(scenario)
	l, ok := i18n.Parse(q.Get("lang"))
	if !ok {
		return i18n.English
	}
	return l
}
