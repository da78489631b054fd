package web

import (
	"bytes"
	"github.com/abtrace/abtrace/search/tree"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

const twoSlideDeck = `{"version":1,"title":"Lecture 3","slides":[{"scenario":"tree=(1 2)&algo=minimax","step":1},{"scenario":"tree=` + tree.TwoPlyGameTreePlain + `&algo=alphabeta","step":5,"question":{"kind":"pruned"}}]}`

// postForm posts a form (multipart when file is not "") to the server.
func postDeck(t *testing.T, s *Server, target, text, file string) *httptest.ResponseRecorder {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	w.WriteField("text", text)
	if file != "" {
		fw, _ := w.CreateFormFile("file", "deck.json")
		fw.Write([]byte(file))
	}
	w.Close()
	req := httptest.NewRequest(http.MethodPost, target, &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	rec := httptest.NewRecorder()
	s.Echo().ServeHTTP(rec, req)
	return rec
}

// A deck imported from its file opens at a link of its own, lists its
// slides, exports itself and starts a room; a deck that does not read
// comes back with the error in the page's language, the text kept; the
// clicker's page is the room's.
func TestDeckPages(t *testing.T) {
	s := roomServer(t)
	if rec := httpGet(t, s, "/decks?lang=de"); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "Foliensatz öffnen") {
		t.Fatalf("/decks: %d", rec.Code)
	}
	rec := postDeck(t, s, "/decks?lang=en", "", twoSlideDeck)
	if rec.Code != http.StatusSeeOther || !strings.HasPrefix(rec.Header().Get("Location"), "/deck/") {
		t.Fatalf("import: %d %s", rec.Code, rec.Body.String())
	}
	link := rec.Header().Get("Location")
	page := httpGet(t, s, link).Body.String()
	if strings.Count(page, `data-testid="deck-slide"`) != 2 || !strings.Contains(page, "Lecture 3") || !strings.Contains(page, "at step 5") {
		t.Fatalf("the deck's page: %s", page)
	}
	id := strings.TrimPrefix(strings.SplitN(link, "?", 2)[0], "/deck/")
	if rec := httpGet(t, s, "/api/decks/"+id); !strings.Contains(rec.Body.String(), `"title": "Lecture 3"`) {
		t.Fatalf("the deck's file: %s", rec.Body.String())
	}
	req := httptest.NewRequest(http.MethodPost, "/deck/"+id+"/rooms?lang=cs", nil)
	rec = httptest.NewRecorder()
	s.Echo().ServeHTTP(rec, req)
	loc := rec.Header().Get("Location")
	if rec.Code != http.StatusSeeOther || !strings.Contains(loc, "#secret=") || !strings.Contains(loc, "lang=cs") {
		t.Fatalf("start a room from the deck: %d %s", rec.Code, loc)
	}
	code := strings.TrimPrefix(strings.SplitN(loc, "?", 2)[0], "/room/")
	if rec := httpGet(t, s, "/room/"+code+"/clicker?lang=cs"); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "Ovladač") {
		t.Fatalf("the clicker: %d", rec.Code)
	}
	// Pasted text that does not read: the error names the field, in the
	// page's language, and the text is kept.
	bad := strings.Replace(twoSlideDeck, `"step":5`, `"step":-5`, 1)
	rec = postDeck(t, s, "/decks?lang=de", bad, "")
	body := rec.Body.String()
	if rec.Code != http.StatusBadRequest || !strings.Contains(body, "slides[1].step") || !strings.Contains(body, "&#34;step&#34;:-5") {
		t.Fatalf("a bad deck: %d %s", rec.Code, body)
	}
	if rec := postDeck(t, s, "/decks?lang=cs", "  ", ""); rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "vyberte soubor") {
		t.Fatalf("no deck: %d", rec.Code)
	}
	if rec := httpGet(t, s, "/deck/NOSUCHDECK?lang=en"); rec.Code != http.StatusNotFound {
		t.Fatalf("no such deck: %d", rec.Code)
	}
}
