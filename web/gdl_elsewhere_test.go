package web

import (
	"errors"
	"html"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search/gdl"
	"github.com/abtrace/abtrace/search/scenario"
)

// TestGDLElsewhere: a game written in GDL goes where every source goes.
// The comparison draws its panes with moves by their GDL term; the
// narration names a move by its term in German; the SVG export draws
// tic-tac-toe's boards with their marks and the LaTeX one writes them;
// the HTML export holds the drawing.
func TestGDLElsewhere(t *testing.T) {
	s := newTestServer(t)
	ms := scenario.CompressGDL(gdlText(t, "matchsticks"))
	ttt := scenario.CompressGDL(gdlText(t, "tictactoe"))
	for _, c := range []struct {
		path string
		q    url.Values
		want []string
	}{
		{"/compare", url.Values{"gdlz": {ms}, "algos": {"minimax,alphabeta"}, "step": {"end"}, "lang": {"cs"}}, []string{"hra v GDL: role max, min", "(take 1)", "alfa-beta"}},
		{"/view", url.Values{"gdlz": {ttt}, "depth": {"2"}, "step": {"3"}, "lang": {"de"}}, []string{"MIN-Knoten (mark 1 1) wird", "Dieser Knoten in GDL"}},
		{"/export.svg", url.Values{"gdlz": {ttt}, "depth": {"2"}, "step": {"20"}}, []string{">x</text>", ">o</text>"}},
		{"/export.tex", url.Values{"gdlz": {ttt}, "depth": {"2"}, "step": {"20"}}, []string{"begin{forest}", "game in GDL: roles x, o", "[{X.. ... ...}, gmin"}},
		{"/export.html", url.Values{"gdlz": {ms}, "step": {"end"}}, []string{"<svg"}},
	} {
		rec := httpGet(t, s, c.path+"?"+c.q.Encode())
		body := html.UnescapeString(rec.Body.String())
		if rec.Code != http.StatusOK {
			t.Errorf("%s: %d %.300s", c.path, rec.Code, body)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(body, w) {
				t.Errorf("%s %v: lacks %q", c.path, c.q.Get("lang"), w)
			}
		}
	}
}

// TestGDLExercise: an exercise on a game written in GDL is made from the
// game (its moves as the tree's labels), says so in the page's language
// with the game's first move as the example, keeps the game in its form
// and its worksheet link; a gdlz= that holds no game is refused by its
// name in the page's language.
func TestGDLExercise(t *testing.T) {
	s := newTestServer(t)
	z := scenario.CompressGDL(gdlText(t, "tictactoe"))
	q := url.Values{"gdlz": {z}, "d": {"2"}, "lang": {"de"}}
	rec := httpGet(t, s, "/exercise?"+q.Encode())
	body := html.UnescapeString(rec.Body.String())
	// The note's example is the game's own first move.
	for _, w := range []string{"Ziel von x (0 bis 100)", "(mark_1_1 für (mark 1 1))", `name="gdlz" value="` + z, "mark_", "/exercise/worksheet?"} {
		if rec.Code != http.StatusOK || !strings.Contains(body, w) {
			t.Errorf("/exercise on GDL tic-tac-toe: %d, lacks %q", rec.Code, w)
		}
	}
	if !strings.Contains(body, "gdlz="+url.QueryEscape(z)) {
		t.Error("the exercise's links lose the game")
	}
	if rec := httpGet(t, s, "/api/exercise?"+q.Encode()); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"tree":"(mark_`) {
		t.Errorf("/api/exercise on GDL: %d %.200s", rec.Code, rec.Body.String())
	}
	rec = httpGet(t, s, "/exercise?gdlz=xyz&lang=cs")
	if body := html.UnescapeString(rec.Body.String()); rec.Code != http.StatusBadRequest || !strings.Contains(body, "gdlz: z této hry v GDL nelze udělat cvičení") {
		t.Errorf("a gdlz that is no game: %d", rec.Code)
	}
}

// TestGDLCompareNamesGdlz: a comparison of a game written in GDL whose
// tree is too large to compare names gdlz, the parameter that holds the
// game, in the page's language (it used to name tree, which the address
// does not hold).
func TestGDLCompareNamesGdlz(t *testing.T) {
	s := newTestServer(t)
	ttt := scenario.CompressGDL(gdlText(t, "tictactoe"))
	for _, l := range []string{"en", "de", "cs"} {
		rec := httpGet(t, s, "/compare?"+url.Values{"gdlz": {ttt}, "algos": {"minimax,alphabeta"}, "step": {"end"}, "lang": {l}}.Encode())
		if rec.Code < 400 || rec.Code >= 500 {
			t.Fatalf("%s: got %d, want a 4xx", l, rec.Code)
		}
		if msg := errorMessage(t, rec); !leadsWith(msg, "gdlz") {
			t.Errorf("%s: %q does not name gdlz", l, short(msg))
		}
	}
}

// TestGDLIllFormedWorded: a search that met a state the game's rules leave
// without an answer (a terminal state without goals) is told in the page's
// language, naming the state, whether a scenario's run met it or /play's
// engine (the bare gdl error).
func TestGDLIllFormedWorded(t *testing.T) {
	src := "(role a)\n(role b)\n(init s)\n(<= (legal a l) (true s))\n(<= (legal a r) (true s))\n(<= (legal b noop) (true s))\n" +
		"(<= (next (took ?m)) (does a ?m))\n(<= terminal (true (took ?m)))\n(<= (goal a 100) (true (took l)))\n(<= (goal b 0) (true (took l)))\n"
	p, err := scenario.Scenario{GDL: src, Algo: "maxn"}.Prepare()
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.Run(nil)
	var ill *gdl.IllFormedError
	if !errors.As(err, &ill) {
		t.Fatalf("run: %v, want a gdl.IllFormedError", err)
	}
	for _, e := range []error{err, ill} {
		de, cs := errorText(i18n.German, e), errorText(i18n.Czech, e)
		if !strings.Contains(de, "terminalen Zustand (took r)") || !strings.Contains(cs, "koncovém stavu (took r)") {
			t.Errorf("%T: de %q, cs %q", e, de, cs)
		}
	}
}
