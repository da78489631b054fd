package classroom

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/abtrace/abtrace/classroom/store"
)

// Limits of a deck.
const (
	// DeckVersion is the version of the deck file this server writes and
	// reads.
	DeckVersion = 1
	// MaxDeckBytes is the largest deck file: the server's request body
	// limit (64 KB), some 200 slides of classroom trees.
	MaxDeckBytes = 64 << 10
	// MaxSlides is the most slides of a deck.
	MaxSlides = 200
	// MaxTitle is the longest deck title, in characters.
	MaxTitle = 120
)

// Deck is a lecture prepared beforehand: an ordered list of slides, each
// a scenario at a step, with a question or none. A room opened on a deck
// shows its first slide; the lecturer's clicker goes from slide to slide.
type Deck struct {
	Version int     `json:"version"`
	Title   string  `json:"title"`
	Slides  []Slide `json:"slides"`
}

// Slide is one slide of a deck.
type Slide struct {
	Scenario string        `json:"scenario"`
	Step     int           `json:"step"`
	Question *QuestionSpec `json:"question,omitempty"`
}

// ParseDeck reads a deck file (as Export writes it), and says what is
// wrong with it, naming the field (slides[2].scenario: …).
func ParseDeck(r io.Reader) (*Deck, error) {
	b, err := io.ReadAll(io.LimitReader(r, MaxDeckBytes+1))
	if err != nil {
		return nil, err
	}
	if len(b) > MaxDeckBytes {
		return nil, sayErr("classroom.err.deck-large", "Max", MaxDeckBytes)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var d Deck
	if err := dec.Decode(&d); err != nil {
		return nil, sayErr("classroom.err.deck-json", "Detail", err.Error())
	}
	if dec.More() {
		return nil, sayErr("classroom.err.deck-json", "Detail", "more than one JSON value")
	}
	return &d, d.Check()
}

// Check says what is wrong with the deck, naming the field.
func (d *Deck) Check() error {
	if d.Version != DeckVersion {
		return sayErr("classroom.err.deck-version", "Got", d.Version, "Want", DeckVersion)
	}
	if strings.TrimSpace(d.Title) == "" || utf8.RuneCountInString(d.Title) > MaxTitle {
		return sayErr("classroom.err.deck-title", "Max", MaxTitle)
	}
	if len(d.Slides) == 0 || len(d.Slides) > MaxSlides {
		return sayErr("classroom.err.deck-slides", "Max", MaxSlides)
	}
	for i, s := range d.Slides {
		field := fmt.Sprintf("slides[%d]", i)
		if len(s.Scenario) > MaxScenario {
			return sayErr("classroom.err.deck-field", "Field", field+".scenario", "Why", fmt.Sprintf("longer than %d bytes", MaxScenario))
		}
		if _, _, err := Prepare(context.Background(), s.Scenario); err != nil {
			return sayErr("classroom.err.deck-field", "Field", field+".scenario", "Why", err.Error())
		}
		if s.Step < 0 {
			return sayErr("classroom.err.deck-field", "Field", field+".step", "Why", "< 0")
		}
		if s.Question != nil {
			if err := s.Question.Check(); err != nil {
				return sayErr("classroom.err.deck-field", "Field", field+".question", "Why", err.Error())
			}
		}
	}
	return nil
}

// Export writes the deck as a file ParseDeck reads.
func (d *Deck) Export(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(d)
}

// SaveDeck keeps a deck and returns its id (for its link).
func (c *Classroom) SaveDeck(ctx context.Context, d *Deck) (string, error) {
	if err := d.Check(); err != nil {
		return "", err
	}
	var b bytes.Buffer
	if err := d.Export(&b); err != nil {
		return "", err
	}
	id := NewCode() + NewCode()
	return id, c.o.Store.SaveDeck(ctx, store.Deck{ID: id, Title: d.Title, Body: b.Bytes(), Created: c.o.Now()})
}

// Deck returns a kept deck, or ErrNoDeck.
func (c *Classroom) Deck(ctx context.Context, id string) (*Deck, error) {
	k, err := c.o.Store.Deck(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, ErrNoDeck
	}
	if err != nil {
		return nil, err
	}
	return ParseDeck(bytes.NewReader(k.Body))
}

// ErrNoDeck: no deck has this id.
var ErrNoDeck = sayErr("classroom.err.no-deck")

// CreateFromDeck opens a room on a kept deck, at its first slide.
func (c *Classroom) CreateFromDeck(ctx context.Context, id string) (code, secret string, err error) {
	d, err := c.Deck(ctx, id)
	if err != nil {
		return "", "", err
	}
	return c.create(ctx, d.Slides[0].Scenario, d.Slides[0].Step, id, 0)
}

// Slide shows slide n of the room's deck (from 0): its scenario at its
// step, and then asks its question, if any.
func (r *Room) Slide(ctx context.Context, secret string, n int) error {
	r.mu.Lock()
	d := r.deck
	r.mu.Unlock()
	if d == nil {
		return sayErr("classroom.err.no-deck")
	}
	if n < 0 || n >= len(d.Slides) {
		return sayErr("classroom.err.slide", "N", len(d.Slides))
	}
	s := d.Slides[n]
	seq, err := r.command(secret)
	if err != nil {
		return err
	}
	r.mu.Lock()
	r.aim, r.aimScenario, r.aimSlide = s.Step, s.Scenario, n
	r.mu.Unlock()
	if err := r.c.o.Store.SetStep(ctx, r.code, s.Step, seq, n, s.Scenario, r.c.o.Now().Add(RoomLifetime)); err != nil {
		return err
	}
	if err := r.publish(event{Kind: "slide", Seq: seq, Step: s.Step, Scenario: s.Scenario, Slide: n}); err != nil {
		return err
	}
	if s.Question != nil {
		_, err = r.Ask(ctx, secret, *s.Question)
		if err != nil {
			r.c.o.Logger.Warn("classroom: a slide's question", "room", r.code, "slide", n, "err", err)
		}
	}
	return nil
}

// applySlide moves the room's stage to the slide's scenario and step
// (r.mu held).
func (r *Room) applySlide(ctx context.Context, e event, u *Update) error {
	if e.Scenario == r.rec.Scenario {
		reached, err := r.gotoLocked(ctx, e.Step)
		if err != nil {
			return err
		}
		u.Step = reached
	} else {
		if err := r.rescenarioLocked(ctx, e.Scenario, e.Step); err != nil {
			return err
		}
		r.rec.Scenario = e.Scenario
		u.Step = e.Step
	}
	u.Scenario = e.Scenario
	r.rec.Slide = e.Slide
	u.Slide = r.slideView()
	return nil
}
