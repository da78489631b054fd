package web

import (
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search/play"
	"github.com/abtrace/abtrace/search/scenario"
)

// TestGDLPlay: /play with a GDL game plays it (not Reversi): x's legal
// moves by their term, the engine's reply after one, a move that is not
// legal refused by its field in the page's language, a text typed as gdl=
// sent on to its permalink, a simultaneous game refused for alpha-beta
// and played by decoupled UCT.
func TestGDLPlay(t *testing.T) {
	s := newTestServer(t)
	z := scenario.CompressGDL(gdlText(t, "tictactoe"))
	get := func(q url.Values, status int, want ...string) string {
		t.Helper()
		return playPage(t, s, q, status, want...)
	}
	body := get(url.Values{"gdlz": {z}}, http.StatusOK, `data-move="(mark 1 1)"`, `data-move="(mark 3 3)"`, "(control x)", "You play x, the engine plays o.")
	if strings.Contains(body, `data-move="d3"`) {
		t.Error("the GDL game's page plays Reversi")
	}
	get(url.Values{"gdlz": {z}, "moves": {"(mark 2 2)"}}, http.StatusOK, "The engine played (mark", "Moves: (mark 2 2) (mark")
	get(url.Values{"gdlz": {z}, "algo": {"mcts"}, "depth": {"1"}, "moves": {"(mark 2 2)"}}, http.StatusOK, "decoupled UCT, 500 iterations")
	get(url.Values{"gdlz": {z}, "you": {"second"}}, http.StatusOK, "The engine played (mark", "You play o")
	get(url.Values{"gdlz": {z}, "moves": {"(mark 2 2),(mark 2 2)"}, "lang": {"de"}}, http.StatusBadRequest, "moves: Zug 2, (mark 2 2), ist hier nicht erlaubt")
	get(url.Values{"gdlz": {z}, "moves": {"(mark 2 2),(mark 2 2)"}, "lang": {"cs"}}, http.StatusBadRequest, "moves: Tah 2, (mark 2 2), zde není přípustný")
	rec := httpGet(t, s, "/play?"+url.Values{"gdl": {gdlText(t, "tictactoe")}}.Encode())
	if loc := rec.Header().Get("Location"); rec.Code != http.StatusSeeOther || !strings.Contains(loc, "gdlz=") || strings.Contains(loc, "gdl=") {
		t.Errorf("gdl= answers %d to %q, want a redirect to its gdlz permalink", rec.Code, loc)
	}
	get(url.Values{"gdl": {"(role x)\n(init (cell 1))\n(<= (legal x ?m) (true (cell 1)))"}, "lang": {"en"}}, http.StatusSeeOther)
	bad := scenario.CompressGDL("(role x)\n(role o)\n(<= (legal x ?m) (true (cell 1)))\n")
	get(url.Values{"gdlz": {bad}, "lang": {"de"}}, http.StatusBadRequest, "gdl: Zeile 3")
	odd, err := os.ReadFile("../search/gdl/testdata/odd-or-even.kif")
	if err != nil {
		t.Fatal(err)
	}
	oz := scenario.CompressGDL(string(odd))
	get(url.Values{"gdlz": {oz}, "lang": {"cs"}}, http.StatusBadRequest, "algo: V této hře v GDL volí několik rolí současně")
	get(url.Values{"gdlz": {oz}, "algo": {"mcts"}}, http.StatusOK, `data-move="(show 1)"`, "odd chooses at the same time")
	// After a move made at once, the engine's tables of that choice, one
	// per role; never before the human has chosen.
	g, err := play.New(play.Spec{Game: play.GDL, GDL: string(odd), Algo: "mcts", Depth: 1, HumanFirst: true})
	if err != nil {
		t.Fatal(err)
	}
	if g.Position().GDL.Tables != nil {
		t.Error("the engine's tables are shown before the human has chosen")
	}
	entry := g.Position().GDL.Moves[0].Entry
	body = get(url.Values{"gdlz": {oz}, "algo": {"mcts"}, "depth": {"1"}, "moves": {entry}, "lang": {"de"}}, http.StatusOK, `data-testid="gdl-tables"`, "mittleres Ziel", "entkoppeltes UCT: eine Tabelle je Rolle")
	if n := strings.Count(body, "<caption>"); n != 2 {
		t.Errorf("%d tables after a move made at once, want 2 (one per role)", n)
	}
}

// TestGDLPlayLink: the setup page's check of a game of two roles offers
// the game against the engine, in the page's language.
func TestGDLPlayLink(t *testing.T) {
	s := newTestServer(t)
	rec := httpGet(t, s, "/api/validate?"+url.Values{"gdl": {gdlText(t, "tictactoe")}, "lang": {"de"}}.Encode())
	var r validateResult
	if err := json.Unmarshal(rec.Body.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(r.Play, "/play?gdlz=") || r.PlayText != "Dieses Spiel gegen die Engine spielen" {
		t.Errorf("play %q %q", r.Play, r.PlayText)
	}
}

// TestGDLErrorsInLanguage: the reader's and the checker's account of an
// error is worded in the page's language on the setup page's live check
// and on the viewer, not only its frame (line, column, rule).
func TestGDLErrorsInLanguage(t *testing.T) {
	s := newTestServer(t)
	unsafe := "(role x)\n(role o)\n(<= (legal x ?m) (true (cell 1)))\n"
	unclosed := "(role x)\n(init (cell 1 1 b)\n"
	for _, c := range []struct {
		lang, text string
		want       []string
	}{
		{"en", unsafe, []string{"line 3", "(safety)", "variable ?m in the head does not appear in a positive condition"}},
		{"de", unsafe, []string{"Zeile 3", "die Variable ?m im Kopf kommt in keiner positiven Bedingung des Rumpfs vor"}},
		{"cs", unsafe, []string{"řádek 3", "proměnná ?m v hlavě se nevyskytuje v žádné kladné podmínce"}},
		{"de", unclosed, []string{"Zeile 2", "'(' wird nie geschlossen"}},
		{"cs", unclosed, []string{"řádek 2", "'(' není nikdy uzavřena"}},
	} {
		rec := httpGet(t, s, "/api/validate?"+url.Values{"gdl": {c.text}, "lang": {c.lang}}.Encode())
		var r validateResult
		if err := json.Unmarshal(rec.Body.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		rec = httpGet(t, s, "/view?"+url.Values{"gdlz": {scenario.CompressGDL(c.text)}, "lang": {c.lang}}.Encode())
		view := html.UnescapeString(rec.Body.String())
		if rec.Code != http.StatusBadRequest {
			t.Errorf("%s: /view answers %d", c.lang, rec.Code)
		}
		for _, w := range c.want {
			if !strings.Contains(r.Error, w) {
				t.Errorf("%s: the live check says %q, want %q", c.lang, r.Error, w)
			}
			if !strings.Contains(view, w) {
				t.Errorf("%s: the viewer does not say %q", c.lang, w)
			}
		}
	}
}

// TestGDLSimultaneousView: the viewer's searches that need one player to
// move at a time refuse a game whose roles choose at once, with the reason
// and the search that does take it (mcts), in the page's language; mcts
// steps it (decoupled UCT, TestDUCTView).
func TestGDLSimultaneousView(t *testing.T) {
	s := newTestServer(t)
	odd, err := os.ReadFile("../search/gdl/testdata/odd-or-even.kif")
	if err != nil {
		t.Fatal(err)
	}
	z := scenario.CompressGDL(string(odd))
	for lang, want := range map[string]string{
		"en": "in this GDL game several roles move at once; %s needs one player to move at a time: search it with mcts",
		"de": "In diesem GDL-Spiel ziehen mehrere Rollen gleichzeitig; %s braucht einen Spieler",
		"cs": "V této hře v GDL táhne několik rolí současně; %s potřebuje",
	} {
		for _, algo := range []string{"alphabeta", "minimax"} {
			rec := httpGet(t, s, "/view?"+url.Values{"gdlz": {z}, "algo": {algo}, "lang": {lang}}.Encode())
			if body := html.UnescapeString(rec.Body.String()); rec.Code != http.StatusBadRequest || !strings.Contains(body, fmt.Sprintf(want, algo)) {
				t.Errorf("%s %s: %d, the page does not say %q", lang, algo, rec.Code, fmt.Sprintf(want, algo))
			}
		}
		if rec := httpGet(t, s, "/view?"+url.Values{"gdlz": {z}, "algo": {"mcts"}, "lang": {lang}}.Encode()); rec.Code != http.StatusOK {
			t.Errorf("%s mcts: %d, want the viewer", lang, rec.Code)
		}
	}
}

// TestGDLPlayBoard: a GDL game with a board is played on it: tic-tac-toe's
// cells are the moves' links; a breakthrough pawn is picked (sel=) and
// then moved; a sel= that names no piece that can move is refused by its
// field in the page's language, the game kept.
func TestGDLPlayBoard(t *testing.T) {
	s := newTestServer(t)
	get := func(q url.Values, status int, want ...string) {
		t.Helper()
		playPage(t, s, q, status, want...)
	}
	z := scenario.CompressGDL(gdlText(t, "tictactoe"))
	get(url.Values{"gdlz": {z}, "moves": {"(mark 2 2)"}}, http.StatusOK, `data-testid="gdl-play-board"`, `aria-label="move (mark 3 3)" data-move="(mark 3 3)"`, "The other facts that hold", "(control x)")
	bz := scenario.CompressGDL(gdlText(t, "breakthrough-small"))
	get(url.Values{"gdlz": {bz}}, http.StatusOK, "choose this piece; its moves: (move 2 2 1 3), (move 2 2 2 3), (move 2 2 3 3)", "Click a piece with a ring")
	get(url.Values{"gdlz": {bz}, "sel": {"7"}, "lang": {"de"}}, http.StatusOK, `data-move="(move 2 2 3 3)"`, "Klicke jetzt auf das Feld")
	get(url.Values{"gdlz": {bz}, "sel": {"0"}, "lang": {"cs"}}, http.StatusBadRequest, `sel: "0" není pole`, `name="gdlz" value="`+bz)
	get(url.Values{"gdlz": {z}, "sel": {"x"}}, http.StatusBadRequest, `sel: "x" is no cell`)
}

// playPage gets /play with query q, checks its status and that its text
// holds every want, and returns the text.
func playPage(t *testing.T, s *Server, q url.Values, status int, want ...string) string {
	t.Helper()
	rec := httpGet(t, s, "/play?"+q.Encode())
	if rec.Code != status {
		t.Fatalf("%v: status %d, want %d: %s", q, rec.Code, status, rec.Body.String())
	}
	body := html.UnescapeString(rec.Body.String())
	for _, w := range want {
		if !strings.Contains(body, w) {
			t.Errorf("%v: the page lacks %q", q, w)
		}
	}
	return body
}
