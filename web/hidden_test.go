package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestHiddenTableLanguages: the table of the card-game methods is worded
// in the page's language, its deals, headings, note and risk included.
func TestHiddenTableLanguages(t *testing.T) {
	s := newTestServer(t)
	for _, c := range []struct {
		lang, algo string
		want       []string
	}{
		{"en", "infoset", []string{"Information sets", "deal 1 (MIN holds ♥4 ♠2 ♣10 ♣5)", "first move", "Risk of ♣9: after ♣9 ♣10 ♠2, deal 1 needs ♦6, deal 2 needs ♥6, and MAX cannot tell which."}},
		{"de", "infoset", []string{"Informationsmengen", "Verteilung 1 (MIN hält ♥4 ♠2 ♣10 ♣5)", "erster Zug", "Risiko von ♣9: Nach ♣9 ♣10 ♠2 gilt: Verteilung 1 braucht ♦6, Verteilung 2 braucht ♥6"}},
		{"cs", "clairvoyance", []string{"Průměrování přes jasnozřivost", "rozdání 2 (MIN drží ♦4 ♠2 ♣10 ♣5)", "průměr"}},
		{"de", "determinized", []string{"Determinisierte MCTS", "Stichprobe 1 von 4", "Strategiefusion: Determinisierte MCTS bewertet ♣9", "nur 1.5", "Diese Iteration"}},
	} {
		t.Run(c.lang+" "+c.algo, func(t *testing.T) {
			q := url.Values{"game": {"cards"}, "algo": {c.algo}, "lang": {c.lang}}
			if c.algo == "determinized" {
				q.Set("samples", "4")
				q.Set("iterations", "100")
			}
			rec := httpGet(t, s, "/view?"+q.Encode())
			if rec.Code != http.StatusOK {
				t.Fatalf("status: got %d, want 200: %.300s", rec.Code, rec.Body.String())
			}
			p := parsePage(t, rec.Body.String())
			text := textOf(p.one("hidden"))
			if c.algo == "determinized" {
				text += textOf(p.one("mcts"))
			}
			for _, w := range c.want {
				if !strings.Contains(text, w) {
					t.Errorf("the table lacks %q; it reads %q", w, text)
				}
			}
		})
	}
}
