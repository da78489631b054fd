package web

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// longNumber is a number with more than two decimals, which a lecturer
// does not write (7.666666666666666 is 7.67).
var longNumber = regexp.MustCompile(`[0-9]\.[0-9]{3,}`)

// TestNumbersAsALecturerWrites: the viewer of chance trees (whose values
// are fractions) shows no number with more than two decimals in what a
// person reads (the tree's labels, the panels, the screen reader's
// outline); Star1's cut labels are written without English words.
func TestNumbersAsALecturerWrites(t *testing.T) {
	s := newTestServer(t)
	for _, q := range []url.Values{
		{"tree": {chanceTextbook}, "algo": {"expectiminimax"}, "step": {"end"}},
		{"tree": {chanceTextbook}, "algo": {"star1"}, "bounds": {"0,15"}, "step": {"end"}, "lang": {"de"}},
		{"tree": {chanceTextbook}, "algo": {"star1"}, "bounds": {"0,15"}, "step": {"end"}, "lang": {"cs"}},
	} {
		t.Run(q.Encode(), func(t *testing.T) {
			rec := httpGet(t, s, "/view?"+q.Encode())
			if rec.Code != http.StatusOK {
				t.Fatalf("GET = %d", rec.Code)
			}
			p := parsePage(t, rec.Body.String())
			text := visibleText(p)
			if m := longNumber.FindAllString(text, 3); m != nil {
				t.Errorf("the page shows %v", m)
			}
			for _, o := range p.testid("outline") {
				if m := longNumber.FindAllString(textOf(o), 3); m != nil {
					t.Errorf("the outline says %v", m)
				}
			}
			if q.Get("lang") != "" && (strings.Contains(text, "upper bound") || strings.Contains(text, "lower bound")) {
				t.Errorf("a cut label is in English")
			}
		})
	}
}
