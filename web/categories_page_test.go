package web

import (
	"net/http"
	"strings"
	"testing"
)

// The home page's expected value by category opens where it is explained:
// the leaf's narration writes the sum with the utilities chosen (0.52 with
// +1, −1, 0; 0.76 with utilities=zero-half-one), and the caption names
// them, in the page's language.
func TestExpectedValueExampleExplains(t *testing.T) {
	s := newTestServer(t)
	url := ""
	for _, e := range examples() {
		if e.Name == "example.categories" {
			url = e.URL
		}
	}
	if url == "" {
		t.Fatal("no expected value example on the home page")
	}
	for _, tc := range []struct {
		query string
		want  []string
	}{
		{"&lang=en", []string{"72 % win × (+1) + 20 % loss × (−1) + 8 % draw × 0 = 0.52", "categories valued win +1, loss −1, draw 0"}},
		{"&lang=de&utilities=zero-half-one", []string{"72 % Sieg × 1 + 20 % Niederlage × 0 + 8 % Remis × 0.5 = 0.76", "Kategorien bewertet mit Sieg 1, Niederlage 0, Remis ½"}},
		{"&lang=cs", []string{"72 % výhra × (+1) + 20 % prohra × (−1) + 8 % remíza × 0 = 0.52", "kategorie ohodnoceny výhra +1"}},
	} {
		rec := httpGet(t, s, url+tc.query)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: status %d", url+tc.query, rec.Code)
		}
		for _, w := range tc.want {
			if !strings.Contains(rec.Body.String(), w) {
				t.Errorf("%s lacks %q", tc.query, w)
			}
		}
	}
}
