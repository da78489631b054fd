package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search/gdl"
	"github.com/abtrace/abtrace/search/scenario"
)

// TestGDLEvalPage: the page answers for a shipped game and names the
// parameter that is wrong, in the page's language.
func TestGDLEvalPage(t *testing.T) {
	s := newTestServer(t)
	for _, c := range []struct {
		query string
		code  int
		want  string
	}{
		{"game=matchsticks&eval=inverse-mobility", http.StatusOK, "quantity(matches,1)"},
		{"game=tictactoe&eval=bogus&lang=de", http.StatusBadRequest, "eval: &#34;bogus&#34; ist keine Bewertung dieses Spiels"},
		{"game=chess&lang=cs", http.StatusBadRequest, "game: &#34;chess&#34; není hra dodávaná s abtrace"},
	} {
		rec := httpGet(t, s, "/gdl/eval?"+c.query)
		if rec.Code != c.code || !strings.Contains(rec.Body.String(), c.want) {
			t.Errorf("%s: %d, want %d with %q", c.query, rec.Code, c.code, c.want)
		}
	}
}

// TestGDLTournamentPage: the tournament page takes a game written in GDL
// (gdlz) with the evaluations built from its rules.
func TestGDLTournamentPage(t *testing.T) {
	s := newTestServer(t)
	text, _ := gdl.GameText("tictactoe")
	z := scenario.CompressGDL(text)
	rec := httpGet(t, s, "/tournament?gdlz="+url.QueryEscape(z)+"&evals=goal-fuzzy,random&depth=1&games=2")
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `name="gdlz"`) {
		t.Errorf("/tournament with gdlz: %d", rec.Code)
	}
	// The games themselves, as the page's stream and the JSON answer play them.
	rec = httpGet(t, s, "/api/tournament?gdlz="+url.QueryEscape(z)+"&evals=goal-fuzzy,random&depth=2&games=2")
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"eval":"goal-fuzzy","wins":4`) {
		t.Errorf("/api/tournament with gdlz: %d %.300s", rec.Code, rec.Body.String())
	}
	rec = httpGet(t, s, "/tournament?gdlz="+url.QueryEscape(z)+"&evals=goal-fuzzy,bogus&depth=1&games=2")
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "evals") {
		t.Errorf("/tournament with gdlz and an unknown evaluation: %d", rec.Code)
	}
}
