package web

import (
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search/scenario"
)

// TestGDLViewPanel checks the viewer's GDL panel: the page shows the
// node's board and the numbered rules; /api/gdl/node renders a node's
// part; /api/gdl/why answers the derivation of a legal move, a next state's
// fact, a goal and terminal with the lines of the rule that fired; bad
// parameters are refused naming the parameter, in the page's language.
func TestGDLViewPanel(t *testing.T) {
	s := newTestServer(t)
	text := gdlText(t, "tictactoe")
	q := scenario.Scenario{GDL: text, Depth: 2}.Query()
	page := httpGet(t, s, "/view?"+q.Encode()+"&step=3")
	for _, want := range []string{`data-testid="gdl-panel"`, `data-testid="gdl-board"`, `data-testid="gdl-rules"`, `data-line="1"`, "(mark 1 1)"} {
		if !strings.Contains(page.Body.String(), want) {
			t.Errorf("the viewer's page lacks %s", want)
		}
	}
	line := func(prefix string) int {
		for i, l := range strings.Split(text, "\n") {
			if strings.HasPrefix(l, prefix) {
				return i + 1
			}
		}
		t.Fatalf("no line starts with %s", prefix)
		return 0
	}
	ask := func(params string) (int, whyAnswer, string) {
		t.Helper()
		rec := httpGet(t, s, "/api/gdl/why?"+q.Encode()+"&"+params)
		var a whyAnswer
		_ = json.Unmarshal(rec.Body.Bytes(), &a)
		return rec.Code, a, rec.Body.String()
	}
	// x's move (mark 1 1) at the root: by the legal rule of (mark ?m ?n).
	code, a, body := ask("id=&what=legal&role=0&move=0")
	if code != http.StatusOK || !slices.Contains(a.Fired, line("(<= (legal ?r (mark")) || len(a.Steps) < 3 {
		t.Errorf("why legal: %d %s", code, body)
	}
	// Node 4 is x's (mark 2 2): its cell's x comes from the next rule of
	// the mover's mark, using the move.
	node := httpGet(t, s, "/api/gdl/node?"+q.Encode()+"&id=4")
	if !strings.Contains(node.Body.String(), "(mark 2 2)") {
		t.Errorf("/api/gdl/node at 4: %s", node.Body.String())
	}
	// Node 0, o to move: the first "why?" of the moves explains one of
	// o's marks; x's noop comes after, still with its "why?".
	body = httpGet(t, s, "/api/gdl/node?"+q.Encode()+"&id=0").Body.String()
	first, noop := strings.Index(body, `data-why="legal" data-role="1"`), strings.Index(body, `data-why="legal" data-role="0"`)
	if first < 0 || noop < 0 || noop < first || strings.Index(body, "(mark 1 2)") > noop {
		t.Errorf("/api/gdl/node at 0 does not list o's moves, then x's noop: %s", body)
	}
	p, _ := scenario.Scenario{GDL: text}.Prepare()
	at, err := gdlNode(p, "4")
	if err != nil {
		t.Fatal(err)
	}
	fact := slices.IndexFunc(at.g.FactList(at.s), func(f string) bool { return f == "(cell 2 2 x)" })
	code, a, body = ask("id=4&what=next&fact=" + strconv.Itoa(fact) + "&lang=de")
	if code != http.StatusOK || !strings.Contains(body, "(does x (mark 2 2))") || !strings.Contains(a.Title, "Warum") || len(a.Fired) == 0 {
		t.Errorf("why next: %d %s", code, body)
	}
	for _, c := range []struct{ params, param, lang, word string }{
		{"id=9.9&what=legal&role=0&move=0", "id", "en", "no node"},
		{"id=&what=bogus", "what", "de", "erwartet"},
		{"id=&what=legal&role=5&move=0", "role", "cs", "očekává"},
		{"id=&what=next&fact=0", "id", "en", "no move"},
		{"id=&what=legal&role=0&move=99", "move", "en", "no legal move"},
	} {
		code, _, body := ask(c.params + "&lang=" + c.lang)
		var e struct{ Error string }
		_ = json.Unmarshal([]byte(body), &e)
		if code != http.StatusBadRequest || !strings.HasPrefix(e.Error, c.param+":") || !strings.Contains(e.Error, c.word) {
			t.Errorf("%s: %d %q, want 400 naming %s with %q", c.params, code, e.Error, c.param, c.word)
		}
	}
	if rec := httpGet(t, s, "/api/gdl/why?tree=(1+2)&id=&what=terminal"); rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "gdlz") {
		t.Errorf("no GDL game: %d %s", rec.Code, rec.Body.String())
	}
}
