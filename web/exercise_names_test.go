package web

import (
	"net/http"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/i18n"
)

// The exercise pages name every node as the tree draws it, for a screen
// reader too (an edge to a leaf is "edge from E to leaf 4", never "to
// 0.0.0"), in every language.
func TestExercisePagesNameNoPathID(t *testing.T) {
	s := newTestServer(t)
	for _, l := range i18n.Langs {
		for _, page := range []string{"/exercise?seed=1", "/exercise/predict?seed=1", "/exercise/worksheet?seed=1&key=1",
			"/exercise/ordering?seed=3&check=1&goal=least", "/exercise/matchsticks?check=1&a.=1&a.1=1&a.2=-1&move=1"} {
			t.Run(string(l)+" "+page, func(t *testing.T) {
				rec := httpGet(t, s, page+"&lang="+string(l))
				if rec.Code != http.StatusOK {
					t.Fatalf("GET = %d", rec.Code)
				}
				text := visibleText(parsePage(t, rec.Body.String()))
				for _, i := range pathID.FindAllStringIndex(text, 3) {
					t.Errorf("shows a path id: %q", text[max(0, i[0]-60):min(len(text), i[1]+20)])
				}
			})
		}
	}
}

// The key caps on the controls are labelled as the page's language labels
// its keyboard (Pos1, Ende, Leertaste in German), never in English where
// the language says them otherwise.
func TestKeyCapsInThePagesLanguage(t *testing.T) {
	s := newTestServer(t)
	en := i18n.For(i18n.English)
	for _, l := range []i18n.Lang{i18n.German, i18n.Czech} {
		loc := i18n.For(l)
		for _, page := range []string{"/view?random=3,3&step=2", "/compare?random=3,3&orders=natural,best"} {
			rec := httpGet(t, s, page+"&lang="+string(l))
			if rec.Code != http.StatusOK {
				t.Fatalf("GET %s = %d", page, rec.Code)
			}
			var caps []string
			for _, k := range parsePage(t, rec.Body.String()).all(isTag("kbd")) {
				caps = append(caps, strings.TrimSpace(textOf(k)))
			}
			for _, id := range []string{"key.home", "key.end", "key.space"} {
				if en.T(id) == loc.T(id) {
					continue
				}
				for _, c := range caps {
					if c == en.T(id) {
						t.Errorf("%s in %s: key cap %q, want %q", page, l, c, loc.T(id))
					}
				}
			}
		}
	}
}
