package web

import (
	"bufio"
	"context"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search/gdl"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/search/tournament"
)

func TestEvalPages(t *testing.T) {
	s := newTestServer(t)
	tests := []struct {
		path   string
		status int
		want   []string
	}{
		{"/fuzzy", http.StatusOK, []string{`data-testid="fuzzy-tree"`, "x has a line", "cell(a1, x)", "threshold t-norm", "value = 50 · ("}},
		{"/fuzzy?position=x...o....&tnorm=product&p=0.8", http.StatusOK, []string{"product t-norm, p = 0.8", `class="best"`}},
		{"/fuzzy?position=xxx", http.StatusBadRequest, []string{"position: 3 cells"}},
		{"/fuzzy?tnorm=hamacher", http.StatusBadRequest, []string{`unknown t-norm &#34;hamacher&#34;`}},
		{"/tournament", http.StatusOK, []string{"max-discs,min-discs,max-mobility,min-mobility"}},
		{"/tournament?game=suicide-reversi&evals=max-discs,min-discs&depth=1&games=2&seed=3", http.StatusOK, []string{`data-stream="/api/stream/tournament?`, `max="4"`}},
		{"/tournament?game=reversi&evals=discs&depth=1", http.StatusBadRequest, []string{"1 evaluations"}},
		{"/tournament?game=reversi&evals=discs,mobility&depth=9", http.StatusBadRequest, []string{"depth must be a whole number from 1 to 4"}},
		{"/tournament?game=reversi&evals=discs,mobility,corners,edges,novelty&games=100", http.StatusBadRequest, []string{"at most 400"}},
		{"/parallel", http.StatusOK, []string{"discs,mobility,corners:10+edges,min-discs"}},
		{"/parallel?game=reversi&evals=discs,mobility&depth=3", http.StatusOK, []string{`data-stream="/api/stream/parallel?`}},
		{"/parallel?game=reversi&evals=discs&depth=12", http.StatusBadRequest, []string{"from 1 to 6"}},
		{"/parallel?gdl-game=tictactoe", http.StatusOK, []string{`data-stream="/api/stream/parallel?`, "gdl-game=tictactoe", "goal-fuzzy,mobility,inverse-mobility,novelty", `<option value="tictactoe" selected>`}},
		{"/parallel?gdl-game=tictactoe&evals=discs", http.StatusBadRequest, []string{"evals: ", "inverse-mobility"}},
		{"/parallel?gdl-game=tictactoe&evals=goal-fuzzy,goal-fuzzy:tconorm", http.StatusOK, []string{"goal-fuzzy,goal-fuzzy:tconorm"}},
		{"/parallel?gdl-game=tictactoe&evals=goal-fuzzy:sums&lang=de", http.StatusBadRequest, []string{"evals: in goal-fuzzy:sums ist die Verknüpfung der Zielwerte"}},
		{"/parallel?gdl-game=tictactoe&position=9", http.StatusBadRequest, []string{"position: "}},
		{"/parallel?gdl-game=chess", http.StatusBadRequest, []string{"gdl-game: "}},
		{"/parallel?gdl=(role+x)&evals=goals", http.StatusSeeOther, nil},
		{"/parallel?gdlz=" + scenario.CompressGDL("(role x)") + "&evals=goals", http.StatusBadRequest, []string{"gdlz: ", "(role x)</textarea>"}},
		{"/play", http.StatusOK, []string{`data-move="d3"`, `data-move="e6"`, "Your move", "discs × 1 + mobility × 2 + corners × 10"}},
		{"/play?moves=d3", http.StatusOK, []string{"The engine played", "Moves: d3 "}},
		{"/play?game=connect4&moves=d,d", http.StatusSeeOther, nil},
		{"/play?moves=a1", http.StatusBadRequest, []string{"move 1, a1, is not legal"}},
	}
	for _, tc := range tests {
		t.Run(tc.path, func(t *testing.T) {
			rec := httpGet(t, s, tc.path)
			if rec.Code != tc.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tc.status, rec.Body.String())
			}
			for _, w := range tc.want {
				if !strings.Contains(rec.Body.String(), w) {
					t.Errorf("body lacks %q", w)
				}
			}
		})
	}
}

func TestTournamentStream(t *testing.T) {
	s := newTestServer(t)
	rec := httpGet(t, s, "/api/stream/tournament?game=suicide-reversi&evals=max-discs,min-discs&depth=1&games=2&seed=3")
	body := rec.Body.String()
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "text/event-stream" {
		t.Fatalf("status %d, type %q", rec.Code, rec.Header().Get("Content-Type"))
	}
	for _, w := range []string{"event: progress\ndata: {\"done\":1,\"total\":4,\"text\":\"1 of 4 games played\"}", "event: progress\ndata: {\"done\":4", "event: result\ndata: <h2>suicide-reversi, depth 1", `data-testid="plot"`} {
		if !strings.Contains(body, w) {
			t.Errorf("stream lacks %q:\n%s", w, body)
		}
	}
	rec = httpGet(t, s, "/api/tournament?game=suicide-reversi&evals=max-discs,min-discs&depth=1&games=2&seed=3")
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"standings":[`) {
		t.Errorf("JSON: status %d, body %.200s", rec.Code, rec.Body.String())
	}
}

func TestParallelStream(t *testing.T) {
	s := newTestServer(t)
	for _, tc := range []struct{ path, move string }{
		{"/api/stream/parallel?game=reversi&evals=discs,min-discs&depth=2", ""},
		// A GDL game, shipped and by its permalink: x to move wins at
		// once with (mark 1 3).
		{"/api/stream/parallel?gdl-game=tictactoe&position=0.2.0.1&evals=goal-fuzzy,mobility,goals&depth=2", "(mark 1 3)"},
		{"/api/stream/parallel?gdlz=" + scenario.CompressGDL(gdlTicTacToe(t)) + "&position=0.2.0.1&evals=novelty&depth=1", "(mark 1 3)"},
	} {
		body := httpGet(t, s, tc.path).Body.String()
		for _, w := range []string{"event: table\ndata: <div class=\"par-scroll\"><table", "event: done\ndata: " + tc.move, `data-done="true"`, "The coordinator plays " + tc.move} {
			if !strings.Contains(body, w) {
				t.Errorf("%s: stream lacks %q:\n%s", tc.path, w, body)
			}
		}
	}
}

// gdlTicTacToe is the text of the GDL tic-tac-toe we ship.
func gdlTicTacToe(t *testing.T) string {
	t.Helper()
	text, ok := gdl.GameText("tictactoe")
	if !ok {
		t.Fatal("no GDL tic-tac-toe")
	}
	return text
}

// TestStreamEndsWhenClientLeaves opens the largest tournament a page may
// ask for (396 Reversi games at depth 4, many seconds of work), reads
// its first event, hangs up, and checks that the server stops the work
// and frees the stream's slot.
func TestStreamEndsWhenClientLeaves(t *testing.T) {
	s := newTestServer(t)
	srv := httptest.NewServer(s.Echo())
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/api/stream/tournament?game=reversi&evals=discs,mobility,corners,edges&depth=4&games=33&seed=1", nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(res.Body).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "event: ") {
		t.Fatalf("first line %q, %v; want an event", line, err)
	}
	if len(streams) != 1 {
		t.Errorf("%d streams running, want 1", len(streams))
	}
	cancel()
	res.Body.Close()
	// The handler notices the closed connection at its next search check
	// and returns, releasing the slot long before the games could finish.
	for i := 0; len(streams) != 0; i++ {
		if i == 2000 {
			t.Fatalf("the stream's slot is still taken after the client left")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestTournamentHeadingTranslated: a German or Czech tournament's heading
// names a GDL game and the seed in the page's language, not by the
// address's words "gdl" and "seed".
func TestTournamentHeadingTranslated(t *testing.T) {
	r := tournament.Result{Config: tournament.Config{Game: tournament.GDLGame, Evals: []string{"mobility", "goal-fuzzy"}, Depth: 1, Games: 2, Seed: 1},
		Standings: []tournament.Standing{{Eval: "mobility", Wins: 3, Losses: 1, Points: 3}, {Eval: "goal-fuzzy", Wins: 1, Losses: 3, Points: 1}}}
	english := regexp.MustCompile(`(^|\P{L})(seed|gdl)($|\P{L})`)
	for _, l := range []i18n.Lang{i18n.German, i18n.Czech} {
		got := tournamentResult(i18n.For(l), r).Heading
		if m := english.FindString(got); m != "" {
			t.Errorf("%s heading %q says %q, want it in the page's language", l, got, m)
		}
	}
}
