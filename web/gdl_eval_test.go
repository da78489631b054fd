package web

import (
	"net/http"
	"strings"
	"testing"
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
