package templates

import (
	"cmp"
	"context"
	"net/url"
	"strconv"
)

// DeckPage is /decks and /deck/ID: a lecture deck's slides, the way to
// start a room from it and to export it, and the box that imports a deck
// file (Text as typed, Error what is wrong with it, in the page's
// language). ID is "" on /decks, before a deck is opened.
type DeckPage struct {
	ID, Title   string
	Slides      []DeckSlide
	Text, Error string
}

// DeckSlide is one slide as the deck's page lists it.
type DeckSlide struct {
	N, Step int
	// Algo and Tree are the slide's scenario's algorithm and its tree's
	// text (shortened); Scenario is its query.
	Algo, Tree, Scenario string
	// Question is the kind of the slide's question ("" for none).
	Question string
}

// MaxSlideTree is how much of a slide's tree text the deck's page shows.
const MaxSlideTree = 80

// NewDeckSlide is slide n (from 0) of a deck, as the page lists it.
func NewDeckSlide(n int, scenario string, step int, question string) DeckSlide {
	q, _ := url.ParseQuery(scenario)
	tree := q.Get("tree")
	if r := []rune(tree); len(r) > MaxSlideTree {
		tree = string(r[:MaxSlideTree]) + "…"
	}
	if tree == "" {
		tree = q.Get("game")
	}
	algo := q.Get("algo")
	if q.Get(StageKey) == StageCompare {
		// A comparison's slide: what its panes differ by.
		algo = cmp.Or(q.Get("orders"), q.Get("algos"), q.Get("panes"), "natural,best,worst")
	}
	return DeckSlide{N: n, Step: step, Algo: algo, Tree: tree, Scenario: scenario, Question: question}
}

// The key of a room's (or a slide's) scenario that says what its stage
// is: absent for a viewer's scenario, StageCompare for a comparison's
// query.
const (
	StageKey     = "stage"
	StageCompare = "compare"
)

// viewLink is the slide opened in the viewer (a comparison's slide in
// the comparison), at its step.
func (s DeckSlide) viewLink(ctx context.Context) string {
	q, _ := url.ParseQuery(s.Scenario)
	q.Set("step", strconv.Itoa(s.Step))
	q.Set("lang", Lang(ctx))
	if q.Get(StageKey) == StageCompare {
		q.Del(StageKey)
		return "/compare?" + q.Encode()
	}
	return "/view?" + q.Encode()
}

// questionName is the name of the slide's question's kind.
func (s DeckSlide) questionName(ctx context.Context) string {
	for _, k := range roomKinds {
		if k.Kind == s.Question {
			return T(ctx, k.ID)
		}
	}
	return T(ctx, "deck.slide.no-question")
}

// ClickerPage is /room/CODE/clicker: the lecturer's phone's big buttons.
type ClickerPage struct {
	Code string
}

// clickerTexts are the sentences the clicker's script writes.
func clickerTexts(ctx context.Context) map[string]string {
	out := map[string]string{}
	for k, id := range map[string]string{"step": "clicker.step", "slide": "clicker.slide", "noSecret": "clicker.no-secret",
		"live": "view.conn.live", "offline": "view.conn.reconnecting", "closed": "room.closed"} {
		out[k] = T(ctx, id)
	}
	out["server"] = T(ctx, "view.conn.server", "Error", "{error}")
	return out
}

// deckTitle is the page's title: the deck's, or the import page's.
func deckTitle(ctx context.Context, p DeckPage) string {
	if p.Title != "" {
		return p.Title
	}
	return T(ctx, "deck.import.title")
}
