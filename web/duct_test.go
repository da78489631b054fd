package web

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search/scenario"
)

// ductQuery is the decoupled UCT of the home page's example, rock, paper,
// scissors (both roles show their hand at once), at step in lang.
func ductQuery(step, lang string, iterations int) url.Values {
	sc := ductScenario(rockPaperScissors)
	sc.Iterations = iterations
	q := sc.Query()
	q.Set("step", step)
	q.Set("lang", lang)
	return q
}

// TestDUCTView: the viewer steps MCTS on a GDL game whose roles choose at
// once, with one table per role in the page's language (at step 2, the
// first selection: every line never tried, UCB1 ∞), and the node's panel
// says every role's move; the searches that take turns refuse the game,
// naming algo and pointing to mcts, in the page's language; the home
// page links to the example and the setup's live check offers it for a
// game whose roles choose at once.
func TestDUCTView(t *testing.T) {
	s := newTestServer(t)
	for lang, want := range map[string][]string{
		"en": {"Role left", "Role right", "Every role chooses on its own table", "each role takes the line of its own table", "Selection at root (N = 0"},
		"de": {"Rolle left", "Rolle right", "Jede Rolle wählt in ihrer eigenen Tabelle", "Selektion – die Wurzel", "Selektion – Wurzel (N = 0"},
		"cs": {"Role left", "Role right", "Každá role volí ve vlastní tabulce", "výběr – kořen", "Výběr – kořen (N = 0"},
	} {
		rec := httpGet(t, s, "/view?"+ductQuery("2", lang, 20).Encode())
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: /view = %d: %.300s", lang, rec.Code, rec.Body.String())
		}
		body := rec.Body.String()
		for _, w := range want {
			if !strings.Contains(body, w) {
				t.Errorf("%s: the page lacks %q", lang, w)
			}
		}
		if n := strings.Count(body, `class="duct-table"`); n != 2 {
			t.Errorf("%s: %d role tables, want 2", lang, n)
		}
		// The root is a node where the roles choose at once: a diamond,
		// not MAX's triangle, and the legend says so.
		if !strings.Contains(body, "g-joint k-joint") || strings.Contains(body, "k-max") || !strings.Contains(body, `data-testid="legend-joint"`) {
			t.Errorf("%s: the root is not drawn and explained as a node where the roles choose at once", lang)
		}
		if n := strings.Count(body, `<td>∞</td>`); n != 6 {
			t.Errorf("%s: %d lines with UCB1 ∞ at the first selection, want 6", lang, n)
		}
	}
	// The node's panel: the joint move into node 4 (the middle of 3×3).
	q := ductQuery("0", "de", 20)
	q.Set("id", "4")
	rec := httpGet(t, s, "/api/gdl/node?"+q.Encode())
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "Die Rollen spielten gleichzeitig: left (show rock) / right (show rock)") {
		t.Errorf("/api/gdl/node id=4: %d %.400s", rec.Code, rec.Body.String())
	}
	for lang, want := range map[string]string{"en": "search it with mcts", "de": "Durchsuchen Sie es mit mcts", "cs": "prohledejte ji pomocí mcts"} {
		q := ductQuery("0", lang, 0)
		q.Set("algo", "alphabeta")
		q.Del("iterations")
		rec := httpGet(t, s, "/view?"+q.Encode())
		if body := rec.Body.String(); rec.Code != http.StatusBadRequest || !strings.Contains(body, want) || !strings.Contains(body, "algo") {
			t.Errorf("%s: alpha-beta on a game whose roles choose at once: %d, want 400 saying %q and naming algo", lang, rec.Code, want)
		}
	}
	if home := httpGet(t, s, "/?lang=cs").Body.String(); !strings.Contains(home, "Kámen, nůžky, papír v GDL") || !strings.Contains(home, strings.ReplaceAll(ductExampleURL(), "&", "&amp;")) {
		t.Error("the home page does not link to the example of decoupled UCT")
	}
	rec = httpGet(t, s, "/api/validate?"+url.Values{"gdl": {rockPaperScissors}, "lang": {"de"}}.Encode())
	var r validateResult
	if err := json.Unmarshal(rec.Body.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	if !r.OK || !strings.HasPrefix(r.Step, "/view?") || !strings.Contains(r.Step, "algo=mcts") || !strings.Contains(r.StepText, "entkoppeltes UCT") || r.StepNote == "" {
		t.Errorf("the live check of a game whose roles choose at once: %+v", r)
	}
	rec = httpGet(t, s, "/api/validate?"+url.Values{"gdl": {gdlText(t, "tictactoe")}}.Encode())
	r = validateResult{}
	if err := json.Unmarshal(rec.Body.Bytes(), &r); err != nil || r.Step != "" {
		t.Errorf("tic-tac-toe is offered decoupled UCT: %+v", r)
	}
	if _, err := scenario.FromQuery(ductQuery("0", "en", 0)); err != nil {
		t.Fatal(err)
	}
}
