package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search/gdl"
	"github.com/abtrace/abtrace/search/scenario"
)

// gdlText is a shipped game's text, for the tests.
func gdlText(t *testing.T, name string) string {
	t.Helper()
	text, ok := gdl.GameText(name)
	if !ok {
		t.Fatalf("no shipped game %s", name)
	}
	return text
}

// TestGDLValidate checks the setup page's live check of a GDL text: a game
// that reads and passes the checks is summed up; a broken one answers every
// error at its line and column, in the page's language.
func TestGDLValidate(t *testing.T) {
	s := newTestServer(t)
	ask := func(text, lang string) validateResult {
		t.Helper()
		rec := httpGet(t, s, "/api/validate?"+url.Values{"gdl": {text}, "lang": {lang}}.Encode())
		if rec.Code != http.StatusOK {
			t.Fatalf("/api/validate = %d", rec.Code)
		}
		var r validateResult
		if err := json.Unmarshal(rec.Body.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	ttt := gdlText(t, "tictactoe")
	if r := ask(ttt, "en"); !r.OK || !strings.Contains(r.Canonical, "roles: x, o") {
		t.Errorf("tic-tac-toe: %+v, want ok with its roles", r)
	}
	// An unsafe variable on line 3, column 17.
	bad := "(role x)\n(role o)\n(<= (legal x ?m) (true (cell 1)))\n"
	for lang, word := range map[string]string{"en": "line 3", "de": "Zeile 3", "cs": "řádek 3"} {
		r := ask(bad, lang)
		if r.OK || r.Line != 3 || r.Col == 0 || len(r.Problems) == 0 {
			t.Fatalf("%s: %+v, want an error at line 3", lang, r)
		}
		if !strings.Contains(r.Error, word) {
			t.Errorf("%s: %q does not say %q", lang, r.Error, word)
		}
	}
	// A syntax error: the unclosed parenthesis.
	if r := ask("(role x)\n(init (cell 1 1 b)\n", "en"); r.OK || r.Line == 0 {
		t.Errorf("an unclosed sentence: %+v, want an error with its line", r)
	}
	if r := ask("  ", "de"); r.OK || !strings.Contains(r.Error, "leer") {
		t.Errorf("an empty text: %+v", r)
	}
}

// TestGDLFormPermalink submits the setup form with a GDL game's text and
// follows the permalink it redirects to: the text travels compressed in
// the address (gdlz), so a new server (as after a restart) shows the same
// game, and the "change" link gives the form back with the text.
func TestGDLFormPermalink(t *testing.T) {
	ttt := gdlText(t, "tictactoe")
	s := newTestServer(t)
	form := url.Values{"source": {"gdl"}, "gdl": {ttt}, "algo": {"alphabeta"}, "lang": {"de"}}
	rec := httpGet(t, s, "/view?"+form.Encode())
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("submitting a GDL game = %d\n%s", rec.Code, errorOf(rec.Body.String()))
	}
	loc, _ := url.Parse(rec.Header().Get("Location"))
	q := loc.Query()
	if q.Has("gdl") || q.Get("gdlz") == "" {
		t.Fatalf("the permalink %s does not hold the text compressed", loc)
	}
	if len(q.Get("gdlz")) >= len(ttt) {
		t.Errorf("the compressed text is %d characters, the text %d", len(q.Get("gdlz")), len(ttt))
	}
	restarted := newTestServer(t)
	page := httpGet(t, restarted, loc.String())
	if page.Code != http.StatusOK {
		t.Fatalf("the permalink on a new server = %d\n%s", page.Code, errorOf(page.Body.String()))
	}
	home := httpGet(t, restarted, "/?"+q.Encode())
	fields := formFields(t, parsePage(t, home.Body.String()), "scenario")
	if fields.Get("source") != "gdl" || fields.Get("gdl") != ttt {
		t.Errorf("the change link gives the source %q and %d bytes of text, want gdl and the game", fields.Get("source"), len(fields.Get("gdl")))
	}
	// A shipped game chosen with the box left empty is that game.
	rec = httpGet(t, s, "/view?"+url.Values{"source": {"gdl"}, "gdl": {""}, "gdl-game": {"matchsticks"}}.Encode())
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("choosing a shipped game = %d", rec.Code)
	}
}

// TestGDLFormError submits a broken game: the form comes back with the
// error at its line and column and the text as typed.
func TestGDLFormError(t *testing.T) {
	s := newTestServer(t)
	bad := "(role x)\n(role o)\n(<= (legal x ?m) (true (cell 1)))\n"
	rec := httpGet(t, s, "/view?"+url.Values{"source": {"gdl"}, "gdl": {bad}, "lang": {"cs"}}.Encode())
	if rec.Code != http.StatusBadRequest {
		t.Fatalf("a broken game = %d, want 400", rec.Code)
	}
	body := rec.Body.String()
	if !strings.Contains(body, "řádek 3") || !strings.Contains(body, `data-testid="error-position"`) {
		t.Errorf("the form does not show the error at line 3 in Czech:\n%s", errorOf(body))
	}
	fields := formFields(t, parsePage(t, body), "scenario")
	if fields.Get("gdl") != bad {
		t.Errorf("the text typed came back as %q", fields.Get("gdl"))
	}
}

// TestGDLAddressLimits checks the permalink's limits: a gdlz longer than
// scenario.MaxGDLAddress, or not the compressed text, is refused naming it.
func TestGDLAddressLimits(t *testing.T) {
	s := newTestServer(t)
	for _, z := range []string{strings.Repeat("A", scenario.MaxGDLAddress+1), "!!notbase64", "AAAA"} {
		rec := httpGet(t, s, "/view?gdlz="+url.QueryEscape(z))
		if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "gdlz") {
			t.Errorf("gdlz=%.20s… = %d, want 400 naming gdlz", z, rec.Code)
		}
	}
	if _, err := scenario.ExpandGDL(scenario.CompressGDL("(role x)")); err != nil {
		t.Error(err)
	}
	rec := httpGet(t, s, "/api/gdl/game?name=tictactoe")
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "(role x)") {
		t.Errorf("/api/gdl/game = %d", rec.Code)
	}
	if rec := httpGet(t, s, "/api/gdl/game?name=chess"); rec.Code != http.StatusNotFound {
		t.Errorf("an unknown game = %d, want 404", rec.Code)
	}
}

// TestGDLLimitWorded: a limit of the GDL reader or reasoner that a game
// passes (the public amazons passes gdl.MaxGroundWork on the setup page's
// check) is said in the page's language, naming the limit and its value;
// every limit the pages may meet has its words in each language.
func TestGDLLimitWorded(t *testing.T) {
	err := fmt.Errorf("%w", &gdl.LimitError{Limit: "MaxGroundWork", Value: gdl.MaxGroundWork, What: "the work of grounding the game"})
	for lang, want := range map[i18n.Lang]string{
		i18n.English: "gdl: the work of grounding the game exceeds 16777216 (MaxGroundWork)",
		i18n.German:  "Der Aufwand, das Spiel zu grundieren (alle Regeln mit Grundtermen zu instanziieren), übersteigt 16777216 (MaxGroundWork)",
		i18n.Czech:   "Práce na instanciaci všech pravidel hry základními termy přesahuje 16777216 (MaxGroundWork)",
	} {
		if got := errorText(lang, err); got != want {
			t.Errorf("%s: %q, want %q", lang, got, want)
		}
	}
	for limit, id := range gdlLimitWords {
		for _, lang := range i18n.Langs {
			if w := i18n.For(lang).T(id); w == id || w == "" {
				t.Errorf("%s: %s (%s) has no words", lang, limit, id)
			}
		}
	}
}
