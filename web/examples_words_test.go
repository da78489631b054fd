package web

import (
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/i18n"
)

// exampleEnglish are the English words of the home page's examples' own
// texts, which a German or Czech page must word in its language: the
// names of the delaying move's tree, the tags of the expected value by
// category and of chance nodes as the tree's text writes them, the dice
// game's position as the address writes it, an evaluation as the address
// writes it, the transform report's English name of a move.
var exampleEnglish = regexp.MustCompile(`(^|\P{L})(Give|Taken|Check|Reply|Later|Lost|win=|loss=|draw=|\[chance\]|turn=|roll=|from the left|discs:|mobility:|min-discs|\(Kuhlmann\))($|\P{L})`)

// TestExamplesInTheirLanguage opens every example of the home page that
// the viewer or the comparison shows, in German and Czech, at the step
// its link opens at (and a comparison at its end, where its summary
// names the moves): what a person reads (the tree's names, the caption,
// the narration, the panels) carries none of the English the examples'
// own texts are written in. The address stays the same in every
// language.
func TestExamplesInTheirLanguage(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	var pages []string
	for _, ex := range examples() {
		if !strings.HasPrefix(ex.URL, "/view?") && !strings.HasPrefix(ex.URL, "/compare?") {
			continue
		}
		pages = append(pages, ex.URL)
		if strings.HasPrefix(ex.URL, "/compare?") {
			pages = append(pages, stepRE.ReplaceAllString(ex.URL, "step=end"))
		}
	}
	for _, l := range []i18n.Lang{i18n.German, i18n.Czech} {
		for _, page := range pages {
			target := page + "&lang=" + string(l)
			rec := httptest.NewRecorder()
			s.Echo().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
			if rec.Code != http.StatusOK {
				t.Fatalf("GET %s = %d, want 200", target, rec.Code)
			}
			for line := range strings.Lines(visibleText(parsePage(t, rec.Body.String()))) {
				if m := exampleEnglish.FindStringSubmatch(line); m != nil {
					t.Errorf("%s: %q is left in English in %q", target, m[2], strings.TrimSpace(line))
				}
			}
		}
	}
}

// stepRE is an address's step.
var stepRE = regexp.MustCompile(`step=[0-9]+`)
