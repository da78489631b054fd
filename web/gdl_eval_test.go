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
		// The goal values joined by the product t-conorm, written out
		// with ⊕; an unknown combination names eval and the choices.
		{"game=tictactoe&eval=goal-fuzzy:tconorm&at=4", http.StatusOK, "h_x = (0·h(0) ⊕ 50·h(50) ⊕ 100·h(100)) / 150 = (0 × "},
		{"game=tictactoe&eval=goal-fuzzy:prod&lang=de", http.StatusBadRequest, "eval: in goal-fuzzy:prod ist die Verknüpfung der Zielwerte &#34;prod&#34; unbekannt (möglich: sum, tconorm; sum ist die Voreinstellung"},
		{"game=tictactoe&eval=goal-fuzzy:prod&lang=cs", http.StatusBadRequest, "eval: v goal-fuzzy:prod je spojení cílových hodnot &#34;prod&#34; neznámé (možné: sum, tconorm"},
		{"game=tictactoe&eval=goal-fuzzy:prod", http.StatusBadRequest, "eval: in goal-fuzzy:prod the goal values&#39; combination &#34;prod&#34; is unknown (want sum, tconorm; sum is the default"},
	} {
		rec := httpGet(t, s, "/gdl/eval?"+c.query)
		if rec.Code != c.code || !strings.Contains(rec.Body.String(), c.want) {
			t.Errorf("%s: %d, want %d with %q", c.query, rec.Code, c.code, c.want)
		}
	}
	// The position's board stands alone: no kind marker of a tree's node
	// beside its corner, outside the board's frame.
	body := httpGet(t, s, "/gdl/eval?game=tictactoe&eval=goal-fuzzy").Body.String()
	at := strings.Index(body, `data-testid="gdl-eval-board"`)
	if end := strings.Index(body[max(at, 0):], "</svg>"); at < 0 || end < 0 || strings.Contains(body[at:at+end], `class="km"`) {
		t.Errorf("the position's board is missing or draws a kind marker: %.600s", body[max(at, 0):])
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
	// Both combinations of the fuzzy goal evaluation may meet; an unknown
	// one names evals and the choices.
	rec = httpGet(t, s, "/tournament?gdlz="+url.QueryEscape(z)+"&evals=goal-fuzzy,goal-fuzzy:tconorm&depth=1&games=2")
	if rec.Code != http.StatusOK {
		t.Errorf("/tournament goal-fuzzy against goal-fuzzy:tconorm: %d", rec.Code)
	}
	rec = httpGet(t, s, "/tournament?gdlz="+url.QueryEscape(z)+"&evals=goal-fuzzy,goal-fuzzy:max&depth=1&games=2&lang=cs")
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "evals: v goal-fuzzy:max je spojení cílových hodnot") {
		t.Errorf("/tournament with goal-fuzzy:max: %d", rec.Code)
	}
}

// TestGDLEvalLinks: the setup form's check of a GDL game, the viewer's GDL
// panel at a node and /gdl/eval link to each other: the check and the
// panel to /gdl/eval (the panel at its node), the page back to the viewer
// and the setup form with the game and the evaluation.
func TestGDLEvalLinks(t *testing.T) {
	s := newTestServer(t)
	text, _ := gdl.GameText("tictactoe")
	rec := httpGet(t, s, "/api/validate?lang=de&gdl="+url.QueryEscape(text))
	if !strings.Contains(rec.Body.String(), `"evals":"/gdl/eval?game=tictactoe\u0026lang=de"`) {
		t.Errorf("the setup's check: %.400s", rec.Body.String())
	}
	z := url.QueryEscape(scenario.CompressGDL(text))
	rec = httpGet(t, s, "/api/gdl/node?gdlz="+z+"&depth=2&id=4.0")
	if !strings.Contains(rec.Body.String(), `href="/gdl/eval?at=4.0&amp;game=tictactoe&amp;lang=en"`) {
		t.Errorf("the panel without an evaluation from the rules: %.300s", rec.Body.String())
	}
	rec = httpGet(t, s, "/gdl/eval?game=tictactoe&at=4.0")
	body := rec.Body.String()
	if rec.Code != http.StatusOK || !strings.Contains(body, `name="eval" value="goal-fuzzy"`) ||
		!strings.Contains(body, `data-testid="gdl-setup-link"`) || !strings.Contains(body, `href="/view?depth=2&amp;eval=goal-fuzzy&amp;gdlz=`) {
		t.Errorf("/gdl/eval without eval: %d", rec.Code)
	}
	rec = httpGet(t, s, "/gdl/eval?game=tictactoe&at=4.9&lang=cs")
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "at: &#34;4.9&#34; není pozice této hry") {
		t.Errorf("a position the game does not have: %d", rec.Code)
	}
}
