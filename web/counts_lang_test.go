package web

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// Counts of a thousand and more, as each page language writes them
// (view.ThousandsIn, trace.GroupCounts): 549,946 in English, 549 946 (no-break
// spaces) in German and Czech; never 549946.
var (
	// ungroupedCount is a run of four digits or more that no separator
	// groups and that is not part of a grouped number, a decimal, a name
	// (b2, P1) or an address.
	ungroupedCount = regexp.MustCompile(`(?:^|[^\p{L}\p{N}.,#_/=&%\x{00A0}\x{202F}-])(\p{N}{4,})(?:$|[^\p{N}])`)
	// foreignGroup is a number grouped with another language's separator:
	// by commas in German or Czech (by a point it is a decimal of three
	// places, which longNumber finds).
	foreignGroup = map[string]*regexp.Regexp{
		"de": regexp.MustCompile(`\p{N},\p{N}{3}(?:$|[^\p{N}])`),
		"cs": regexp.MustCompile(`\p{N},\p{N}{3}(?:$|[^\p{N}])`),
	}
	// texColor is a colour of the LaTeX export's preamble, not read.
	texColor = regexp.MustCompile(`\{HTML\}\{[0-9A-F]{6}\}`)
)

// TestCountsAsTheLanguageWrites renders every page and panel that shows
// counts of a thousand and more in en, de and cs: the whole tic-tac-toe's
// fold counts, the statistics and the narration at the end of its
// search, Monte-Carlo's iterations in its comparison with alpha-beta (the
// chart, the summary), the ordering lab's table, and the errors that name
// a limit. None may write such a count ungrouped, grouped as another
// language groups, or a number with more than two decimals.
func TestCountsAsTheLanguageWrites(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	paths := []string{
		"/view?game=tictactoe&algo=minimax&step=3000",
		"/view?game=tictactoe&algo=alphabeta&step=end",
		"/view?game=tictactoe&algo=mcts&iterations=2000&step=end",
		"/compare?game=tictactoe&algos=mcts,alphabeta&iterations=2000&step=end",
		"/compare?game=tictactoe&algos=minimax,alphabeta&step=end",
		"/lab?game=tictactoe&depth=4&seeds=10",
		// The exports are worded in the page's language, their title's
		// step and the fold counts' second line included.
		"/export.svg?game=tictactoe&algo=alphabeta&step=end",
		"/export.tex?game=tictactoe&algo=alphabeta&step=end",
	}
	for _, lang := range []string{"en", "de", "cs"} {
		for _, path := range paths {
			t.Run(lang+path, func(t *testing.T) {
				rec := httpGet(t, s, path+"&lang="+lang)
				if rec.Code != http.StatusOK && rec.Code != http.StatusBadRequest {
					t.Fatalf("GET = %d", rec.Code)
				}
				text := rec.Body.String()
				if strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
					p := parsePage(t, text)
					text = pageText(p.root, false) // a placeholder is typed, not read
					// The narration says the leaves the statistics count,
					// written the same (not read as a decimal and shortened).
					if leaves := p.all(hasAttr("data-stat", "leaves")); strings.HasPrefix(path, "/view?game=tictactoe&algo=alphabeta&step=end") && len(leaves) == 1 {
						if n, say := textOf(leaves[0]), textOf(p.one("narration")); !strings.Contains(say, n) {
							t.Errorf("the narration %q does not say the %s leaves the statistics count", say, n)
						}
					}
				} else {
					text = tagsAndAttributes.ReplaceAllString(texColor.ReplaceAllString(text, " "), " ")
				}
				checkCounts(t, lang, text)
				if strings.HasPrefix(path, "/export.") && lang != "en" {
					if strings.Contains(text, "?") {
						t.Errorf("a character the export cannot write: %q", text[max(0, strings.Index(text, "?")-40):][:60])
					}
					for _, w := range []string{"step ", " on ", "of "} {
						if i := strings.Index(text, w); i >= 0 {
							t.Errorf("English %q left: %q", w, text[max(0, i-40):min(len(text), i+40)])
						}
					}
				}
			})
		}
	}
}

// checkCounts reports the counts and numbers of text that lang does not
// write so.
func checkCounts(t *testing.T, lang, text string) {
	t.Helper()
	around := func(i, j int) string {
		return strings.ReplaceAll(text[max(0, i-60):min(len(text), j+20)], "\n", " | ")
	}
	for _, m := range ungroupedCount.FindAllStringSubmatchIndex(text, 5) {
		t.Errorf("%s ungrouped: %q", text[m[2]:m[3]], around(m[2], m[3]))
	}
	if re := foreignGroup[lang]; re != nil {
		for _, m := range re.FindAllStringIndex(text, 5) {
			t.Errorf("grouped as another language groups: %q", around(m[0], m[1]))
		}
	}
	for _, m := range longNumber.FindAllStringIndex(text, 5) {
		t.Errorf("more than two decimals: %q", around(m[0], m[1]))
	}
}
