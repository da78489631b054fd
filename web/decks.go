package web

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/abtrace/abtrace/classroom"
	"github.com/abtrace/abtrace/templates"
)

// The decks' pages: /decks imports a deck file (chosen or pasted),
// /deck/ID lists a kept deck's slides and starts a room from it, and
// /room/CODE/clicker is the lecturer's phone in a room.

// decksPage is /decks: the import box alone.
func (s *Server) decksPage(c echo.Context, _ *classroom.Classroom) error {
	return s.render(c, http.StatusOK, templates.Deck(templates.DeckPage{}, s.assets))
}

// deckText is the deck an import sends: the chosen file's text, else the
// pasted text; at most classroom.MaxDeckBytes (one more, so that the
// parser names a longer one).
func deckText(c echo.Context) (string, error) {
	if fh, err := c.FormFile("file"); err == nil && fh.Size > 0 {
		f, err := fh.Open()
		if err != nil {
			return "", err
		}
		defer f.Close()
		b, err := io.ReadAll(io.LimitReader(f, classroom.MaxDeckBytes+1))
		return string(b), err
	}
	return c.FormValue("text"), nil
}

// importDeck is POST /decks: the deck kept, and its page opened; a deck
// that does not read comes back with the error, its text as sent.
func (s *Server) importDeck(c echo.Context, cr *classroom.Classroom) error {
	text, err := deckText(c)
	if err == nil && strings.TrimSpace(text) == "" {
		err = say("deck.err.none")
	}
	var id string
	if err == nil {
		var d *classroom.Deck
		if d, err = classroom.ParseDeck(strings.NewReader(text)); err == nil {
			id, err = cr.SaveDeck(c.Request().Context(), d)
		}
	}
	if err != nil {
		if len(text) > classroom.MaxDeckBytes {
			text = text[:classroom.MaxDeckBytes]
		}
		page := templates.DeckPage{Text: text, Error: errorText(langOf(c), err)}
		return s.render(c, http.StatusBadRequest, templates.Deck(page, s.assets))
	}
	return c.Redirect(http.StatusSeeOther, "/deck/"+url.PathEscape(id)+"?lang="+string(langOf(c)))
}

// deckPage is /deck/ID: the deck's slides, its room and its file.
func (s *Server) deckPage(c echo.Context, cr *classroom.Classroom) error {
	d, err := cr.Deck(c.Request().Context(), c.Param("id"))
	if errors.Is(err, classroom.ErrNoDeck) {
		page := templates.DeckPage{Error: errorText(langOf(c), err)}
		return s.render(c, http.StatusNotFound, templates.Deck(page, s.assets))
	}
	if err != nil {
		return err
	}
	page := templates.DeckPage{ID: c.Param("id"), Title: d.Title}
	for i, sl := range d.Slides {
		kind := ""
		if sl.Question != nil {
			kind = sl.Question.Kind
		}
		page.Slides = append(page.Slides, templates.NewDeckSlide(i, sl.Scenario, sl.Step, kind))
	}
	var b bytes.Buffer
	if err := d.Export(&b); err == nil {
		page.Text = b.String()
	}
	return s.render(c, http.StatusOK, templates.Deck(page, s.assets))
}

// startDeckRoom is the deck page's "start a room": a room on the deck,
// the lecturer sent to it as from the viewer's "start a room".
func (s *Server) startDeckRoom(c echo.Context, cr *classroom.Classroom) error {
	return s.openRoom(c, http.StatusNotFound, func() (string, string, error) {
		return cr.CreateFromDeck(c.Request().Context(), c.Param("id"))
	})
}

// clickerPage is /room/CODE/clicker: the lecturer's phone (the secret
// comes in the address's fragment and stays in the phone's tab).
func (s *Server) clickerPage(c echo.Context, r *classroom.Room) error {
	return s.render(c, http.StatusOK, templates.Clicker(templates.ClickerPage{Code: r.Code()}, s.assets))
}
