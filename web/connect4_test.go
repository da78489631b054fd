package web

import (
	"html"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search/scenario"
)

// TestConnect4Page checks the Connect Four page through the server: whose
// turn it is, the engine's reply and its link to the viewer, the win with
// its four slots, undo, and the errors that say which move is wrong and
// keep the moves before it, in three languages.
func TestConnect4Page(t *testing.T) {
	s := newTestServer(t)
	tests := []struct {
		path   string
		status int
		want   []string
		not    []string
	}{
		{"/connect4", http.StatusOK, []string{"Your turn (x): choose a column.", `data-key="1"`, `data-key="7"`, "You play x (blue, MAX)", `data-testid="new"`},
			[]string{`data-testid="engine"`, `data-testid="undo"`}},
		{"/connect4?moves=d&depth=2", http.StatusOK, []string{`data-testid="engine"`, "The engine played column", "Moves: 4 ", `data-testid="undo"`, `data-testid="terms"`,
			`href="/view?depth=2&amp;game=connect4&amp;lang=en&amp;position=4"`}, []string{"column d", "column a"}},
		{"/connect4?you=second&depth=3&algo=negamax&tt=1024&symmetry=1&order=killer", http.StatusOK, []string{"You play o (red, MIN)", "Your turn (o)",
			"algo=negamax", "order=killer", "symmetry=1", "tt=1024", "The engine played column"}, nil},
		// A game whose last move is not the engine's choice says so.
		{"/connect4?you=second&depth=2&moves=a", http.StatusOK, []string{"This game has column 1 as the engine's last move, but the engine chooses column"}, nil},
		// x (the human) completes the bottom row.
		{"/connect4?moves=agbgcgd&depth=1", http.StatusOK, []string{"You win: four in a row from column 1, row 1 to column 4, row 1."}, []string{`data-column="5" data-key`}},
		// Upwards in one column, and written as numbers.
		{"/connect4?moves=1212121&depth=1", http.StatusOK, []string{"You win: four in a row from column 1, row 1 to column 1, row 4."}, nil},
		{"/connect4?moves=dddddddd", http.StatusBadRequest, []string{"Move 7 of the game, column 4, drops into a full column.", `href="/connect4?depth=4&amp;lang=en&amp;moves=444444"`}, nil},
		{"/connect4?moves=dz", http.StatusBadRequest, []string{"Move 2 of the game, “z”, is not a column: write the columns as numbers 1 to 7", `moves=4"`}, nil},
		{"/connect4?moves=agbgcgdg", http.StatusBadRequest, []string{"Move 8 of the game, column 7, comes after the game is over.", `moves=1727374"`}, nil},
		{"/connect4?tt=100", http.StatusBadRequest, []string{"transposition table"}, nil},
		{"/connect4?depth=deep", http.StatusBadRequest, []string{"depth must be a whole number"}, nil},
		{"/connect4?depth=9", http.StatusBadRequest, []string{"depth must be from 1 to 6"}, nil},
		// The engine's options are refused in the page's language.
		{"/connect4?tt=100&algo=alphabeta", http.StatusBadRequest, []string{"A transposition table is used by minimax and the negamax family (negamax, pvs, mtdf, id), not by alphabeta"}, nil},
		{"/connect4?lang=de&tt=100&algo=alphabeta", http.StatusBadRequest, []string{"Eine Transpositionstabelle nutzen Minimax und die Negamax-Familie (negamax, pvs, mtdf, id), nicht alphabeta"}, []string{"transposition table is used"}},
		{"/connect4?lang=cs&tt=100&algo=alphabeta", http.StatusBadRequest, []string{"Transpoziční tabulku používá minimax a rodina negamax (negamax, pvs, mtdf, id), ne alphabeta"}, []string{"transposition table is used"}},
		{"/connect4?order=sideways", http.StatusBadRequest, []string{"There is no ordering “sideways”: choose one of natural"}, nil},
		{"/connect4?lang=de&order=sideways", http.StatusBadRequest, []string{"Eine Zugsortierung „sideways“ gibt es nicht: wählen Sie eine aus natural"}, []string{"unknown"}},
		{"/connect4?lang=cs&order=sideways", http.StatusBadRequest, []string{"Řazení „sideways“ neexistuje: vyberte jedno z natural"}, []string{"unknown"}},
		{"/connect4?algo=sideways", http.StatusBadRequest, []string{"There is no algorithm “sideways”"}, nil},
		{"/connect4?lang=de&algo=sideways", http.StatusBadRequest, []string{"Einen Algorithmus „sideways“ gibt es nicht"}, nil},
		{"/connect4?lang=cs&algo=sideways", http.StatusBadRequest, []string{"Algoritmus „sideways“ neexistuje"}, nil},
		{"/connect4?depth=9", http.StatusBadRequest, []string{"The depth must be from 1 to 6, not 9."}, nil},
		{"/connect4?lang=de&depth=9", http.StatusBadRequest, []string{"Die Tiefe muss zwischen 1 und 6 liegen, nicht 9."}, []string{"must be"}},
		{"/connect4?lang=cs&depth=9", http.StatusBadRequest, []string{"Hloubka musí být od 1 do 6, ne 9."}, []string{"must be"}},
		{"/connect4?lang=de&depth=deep", http.StatusBadRequest, []string{"Die Tiefe muss eine ganze Zahl von 1 bis 6 sein, nicht „deep“."}, nil},
		{"/connect4?lang=cs&tt=big", http.StatusBadRequest, []string{"Velikost tabulky musí být celé číslo od 0 do 1\u00a0048\u00a0576"}, nil},
		{"/connect4?lang=de&algo=minimax&order=killer", http.StatusBadRequest, []string{"Die Sortierung killer lernt aus Schnitten"}, nil},
		{"/connect4?lang=cs&algo=alphabeta&symmetry=1", http.StatusBadRequest, []string{"Symetrie se uplatní přes transpoziční tabulku"}, nil},
		{"/connect4?lang=de&moves=dd", http.StatusOK, []string{"Sie sind am Zug (x)", "Vier gewinnt gegen die Engine"}, nil},
		{"/connect4?lang=cs&moves=ddddddd", http.StatusBadRequest, []string{"Tah 7 hry, sloupec 4, padá do plného sloupce."}, nil},
		{"/connect4?lang=de&moves=agbgcgd&depth=1", http.StatusOK, []string{"Sie gewinnen: vier in einer Reihe von Spalte 1, Reihe 1 bis Spalte 4, Reihe 1."}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.path, func(t *testing.T) {
			rec := httpGetFollow(t, s, tc.path)
			body := rec.Body.String()
			if rec.Code != tc.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tc.status, body)
			}
			for _, w := range tc.want {
				if !strings.Contains(body, w) && !strings.Contains(html.UnescapeString(body), w) {
					t.Errorf("body lacks %q", w)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(body, w) {
					t.Errorf("body has %q", w)
				}
			}
		})
	}
}

// TestConnect4WinHighlight checks that exactly the four winning slots are
// marked, and that no column can be played after the end.
func TestConnect4WinHighlight(t *testing.T) {
	s := newTestServer(t)
	body := httpGet(t, s, "/connect4?moves=agbgcgd&depth=1").Body.String()
	wins := regexp.MustCompile(`class="slot d-x(?: last)? win" [^>]*data-slot="([1-7]-[1-6])"`).FindAllStringSubmatch(body, -1)
	var got []string
	for _, m := range wins {
		got = append(got, m[1])
	}
	if strings.Join(got, " ") != "1-1 2-1 3-1 4-1" {
		t.Errorf("winning slots %v, want 1-1 2-1 3-1 4-1 (column-row)", got)
	}
	if n := strings.Count(body, `class="btn c4-col"`); n != 0 {
		t.Errorf("%d columns to play after the end, want 0", n)
	}
}

// TestConnect4EngineLinkIsItsSearch checks that the page's engine plays
// the move the viewer's link searches: the scenario of the link, run,
// chooses the column the page shows.
func TestConnect4EngineLinkIsItsSearch(t *testing.T) {
	s := newTestServer(t)
	for _, q := range []string{"moves=d&depth=3", "moves=dc&depth=4&algo=pvs&tt=4096&order=history", "you=second&depth=2&order=killer", "moves=ddcb&depth=5&algo=mtdf&symmetry=1"} {
		t.Run(q, func(t *testing.T) {
			body := httpGetFollow(t, s, "/connect4?"+q).Body.String()
			m := regexp.MustCompile(`data-testid="engine" data-column="([1-7])"`).FindStringSubmatch(body)
			link := regexp.MustCompile(`href="(/view\?[^"]*)" data-testid="why"`).FindStringSubmatch(body)
			if m == nil || link == nil {
				t.Fatalf("no engine move or link in %s", body)
			}
			target := html.UnescapeString(link[1])
			if rec := httpGet(t, s, target); rec.Code != http.StatusOK {
				t.Fatalf("%s: status %d", target, rec.Code)
			}
			req, _ := http.NewRequest(http.MethodGet, target, nil)
			sc, err := scenario.FromQuery(req.URL.Query())
			if err != nil {
				t.Fatal(err)
			}
			p, err := sc.Prepare()
			if err != nil {
				t.Fatal(err)
			}
			res, err := p.Run(nil)
			if err != nil {
				t.Fatal(err)
			}
			// The viewer and the page name the column by its number.
			if got, want := p.MoveName(res.Best), "column "+m[1]; got != want {
				t.Errorf("the viewer's search plays %s, the page %s", got, m[1])
			}
		})
	}
}

// httpGetFollow gets a page and follows a redirect (the engine's answer)
// once, checking that it leads to the same page.
func httpGetFollow(t *testing.T, s *Server, target string) *httptest.ResponseRecorder {
	t.Helper()
	rec := httpGet(t, s, target)
	if rec.Code != http.StatusSeeOther {
		return rec
	}
	loc := rec.Header().Get("Location")
	if !strings.HasPrefix(loc, "/connect4?") {
		t.Fatalf("%s: redirected to %q", target, loc)
	}
	rec = httpGet(t, s, loc)
	if rec.Code == http.StatusSeeOther {
		t.Fatalf("%s: redirected twice", target)
	}
	return rec
}
