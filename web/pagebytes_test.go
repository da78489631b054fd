package web

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a-h/templ"

	"github.com/abtrace/abtrace/search/tree"
)

// pageBytesAddresses are viewer pages of every kind of source whose
// rendering the server's shared caches take part in: kept random trees
// (3,10 has 88,573 nodes, over scenario.RandomTreesKeptFrom) with their
// facts and subtree sizes, explicit trees, games, depth limits.
var pageBytesAddresses = []string{
	tttMinimax + "&step=end",
	"random=3,10&seed=1&step=end",
	"random=3,10&seed=1&step=60",
	"random=3,10&seed=2&algo=alphabeta&root=min&step=end",
	"random=3,3&seed=1&step=20",
	"random=3,5&seed=4&algo=mcts&iterations=40&step=end",
	"tree=" + url.QueryEscape(tree.TwoPlyGameTree) + "&algo=alphabeta&step=7",
	"tree=" + url.QueryEscape(tree.TwoPlyGameTreeChance) + "&algo=expectiminimax&step=end",
	"tree=" + url.QueryEscape(tree.TwoPlyGameTreeEstimates) + "&algo=alphabeta&depth=1&step=end",
	"tree=" + url.QueryEscape(threePlayers) + "&algo=maxn&step=end",
	"game=tictactoe&position=xo.x.o...&step=4",
	"game=minichess&depth=1&quiescence=1&step=end",
}

// TestViewPageSameFromKeptParts renders each viewer page of
// pageBytesAddresses in en, de and cs three times: with nothing shared
// kept, then again (a random tree asked for twice is kept), then from
// what the first two kept (the scene, the random tree, its facts and
// subtree sizes). The kept page (keptPages) is forgotten before each, so
// every answer is a rendering; all three must be the same bytes. With
// ABTRACE_PAGES_DIR set it writes the pages there, so that two versions
// of the server can be compared byte for byte.
func TestViewPageSameFromKeptParts(t *testing.T) {
	s := newTestServer(t)
	dir := os.Getenv("ABTRACE_PAGES_DIR")
	addrs, langs := pageBytesAddresses, []string{"en", "de", "cs"}
	if raceDetector {
		// The larger trees and the other languages at full speed only.
		addrs, langs = addrs[4:], langs[:1]
	}
	for _, lang := range langs {
		for i, q := range addrs {
			var first string
			for round := range 3 {
				if round == 0 {
					forgetShared()
				}
				s.pages.forget()
				req := httptest.NewRequest(http.MethodGet, "/view?"+q+"&lang="+lang, nil)
				rec := httptest.NewRecorder()
				s.Echo().ServeHTTP(rec, req)
				if rec.Code != http.StatusOK {
					t.Fatalf("%s %s: got %d: %.300s", lang, q, rec.Code, rec.Body.String())
				}
				body := rec.Body.String()
				if round == 0 {
					first = body
					continue
				}
				if body != first {
					at := 0
					for at < min(len(body), len(first)) && body[at] == first[at] {
						at++
					}
					t.Errorf("%s %s: rendering %d differs from the first at byte %d: %q against %q", lang, q, round+1, at,
						body[max(at-80, 0):min(at+80, len(body))], first[max(at-80, 0):min(at+80, len(first))])
					break
				}
			}
			if dir != "" {
				name := filepath.Join(dir, fmt.Sprintf("%s-%02d.html", lang, i))
				if err := os.WriteFile(name, []byte(first), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// TestRenderHTMLOwnBytes checks that a page rendered by renderHTML keeps
// its bytes when the next page is rendered (the kept pages hold them;
// the buffer they were written in serves the next page).
func TestRenderHTMLOwnBytes(t *testing.T) {
	first, err := renderHTML(context.Background(), templ.Raw(strings.Repeat("a", 5000)))
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if _, err := renderHTML(context.Background(), templ.Raw(strings.Repeat("b", 5000))); err != nil {
			t.Fatal(err)
		}
	}
	if string(first) != strings.Repeat("a", 5000) {
		t.Fatalf("the first page changed: %.40q…", first)
	}
}
