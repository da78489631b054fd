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

// pathID is a path id of three or more child indices (0.0.1): a person
// never reads one (view's TestNoPathIDReachesAPerson checks the names of
// every node; this checks what the pages make of them).
var pathID = regexp.MustCompile(`(^|[^0-9.])[0-9]+\.[0-9]+\.[0-9]+`)

// TestEveryPageWritesNumbersAndNames: the pages, panels, outlines and
// exports of the sources whose values are fractions (the dice game, Star1,
// MCTS's averages, Reversi's table) and whose nodes are deep show no number
// with more than two decimals and no path id.
func TestEveryPageWritesNumbersAndNames(t *testing.T) {
	s := newTestServer(t)
	for _, path := range []string{
		"/view?game=dice&depth=4&algo=expectiminimax&step=30",
		"/view?game=dice&depth=4&algo=star1&step=end&lang=de",
		"/view?game=reversi&depth=3&algo=pvs&tt=1024&step=60",
		"/view?game=connect4&depth=3&algo=mtdf&step=60&lang=cs",
		"/view?game=tictactoe&algo=mcts&iterations=200&step=200",
		"/view?game=cards&step=20",
		"/export.svg?game=dice&depth=4&algo=expectiminimax&step=end",
		"/export.html?game=dice&depth=4&algo=star1&step=40",
		"/export.tex?tree=" + url.QueryEscape(chanceTextbook) + "&algo=expectiminimax&step=end",
		"/compare?tree=" + url.QueryEscape(chanceTextbook) + "&algo=star1&bounds=0,15&orders=natural,best,worst&step=end",
	} {
		t.Run(path, func(t *testing.T) {
			rec := httpGet(t, s, path)
			if rec.Code != http.StatusOK {
				t.Fatalf("GET = %d", rec.Code)
			}
			text := rec.Body.String()
			if strings.HasPrefix(path, "/view") || strings.HasPrefix(path, "/compare") {
				text = visibleText(parsePage(t, text))
			} else {
				text = tagsAndAttributes.ReplaceAllString(text, " ")
			}
			checkCutoffsOffered(t, path, rec.Body.String())
			if m := longNumber.FindAllString(text, 3); m != nil {
				t.Errorf("shows %v", m)
			}
			for _, i := range pathID.FindAllStringIndex(text, 3) {
				t.Errorf("shows a path id: %q", text[max(0, i[0]-80):min(len(text), i[1]+40)])
			}
		})
	}
}

// checkCutoffsOffered: a view offers the next-cutoff button and its key
// where the search makes cutoffs and nowhere else; a Monte-Carlo view's
// outline lists the nodes its search grew (201 for 200 iterations), not
// the game's.
func checkCutoffsOffered(t *testing.T, path, body string) {
	t.Helper()
	if !strings.HasPrefix(path, "/view") {
		return
	}
	none := strings.Contains(path, "algo=mcts") || strings.Contains(path, "algo=expectiminimax")
	prunes := strings.Contains(path, "algo=star1") || strings.Contains(path, "algo=pvs") || strings.Contains(path, "algo=mtdf")
	button, key := strings.Contains(body, `data-cmd="next-cutoff"`), strings.Contains(body, "<kbd>n</kbd></dt>")
	if none && (button || key) || prunes && !(button && key) {
		t.Errorf("next-cutoff button %v, its key %v", button, key)
	}
	if n := strings.Count(body, "data-outline="); strings.Contains(path, "algo=mcts") && n > 202 {
		t.Errorf("the outline lists %d nodes", n)
	}
}

// tagsAndAttributes is the markup of an export, whose coordinates are not
// read by a person.
var tagsAndAttributes = regexp.MustCompile(`<[^>]*>|\\[a-z]+(\[[^\]]*\])?(\{[^}]*\})?|\([0-9.,\- ]+\)|[a-z]+=[0-9.]+`)
