package web

import (
	"bytes"
	"encoding/json"
	"github.com/abtrace/abtrace/search/tree"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/trace"
)

func postDiff(t *testing.T, s *Server, q url.Values, student string, asFile bool) *httptest.ResponseRecorder {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	if asFile {
		fw, _ := w.CreateFormFile("file", "visited.txt")
		fw.Write([]byte(student))
	} else {
		w.WriteField("student", student)
	}
	w.Close()
	req := httptest.NewRequest(http.MethodPost, "/diff?"+q.Encode(), &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	rec := httptest.NewRecorder()
	s.Echo().ServeHTTP(rec, req)
	return rec
}

func TestDiffPage(t *testing.T) {
	s := newTestServer(t)
	cs188, err := os.ReadFile("../search/tree/importer/testdata/cs188/1-lecture-tree.test")
	if err != nil {
		t.Fatal(err)
	}
	q := url.Values{"tree": {string(cs188)}, "format": {"cs188"}}
	if rec := httpGet(t, s, "/diff?"+q.Encode()); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `data-testid="diff-form"`) {
		t.Fatalf("GET /diff = %d, want the form", rec.Code)
	}
	tests := []struct {
		name, student string
		file          bool
		steps         int
		want          []string
	}{
		{"a pruned state visited", "a b b1 b2 b3 c c1 c2 d", false, 9,
			[]string{`data-agree="false"`, "enter d with α = 3, β = +∞", "visit c2", "the reference cuts at MIN c (step 27): 2 &lt; α = 3", "at your step 8 (line 1, column 19)"}},
		{"agreeing, uploaded", "a b b1 b2 b3 c c1 d d1 d2 d3", true, 12, []string{`data-agree="true"`, "The traces agree: 11 visits compared."}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := postDiff(t, s, q, tc.student, tc.file)
			if rec.Code != http.StatusOK {
				t.Fatalf("POST /diff = %d: %s", rec.Code, rec.Body.String())
			}
			body := rec.Body.String()
			for _, w := range tc.want {
				if !strings.Contains(body, w) {
					t.Errorf("the page does not say %q", w)
				}
			}
			if got := strings.Count(body, `<template class="diff-step"`); got != tc.steps {
				t.Errorf("got %d steps, want %d", got, tc.steps)
			}
		})
	}
	rec := postDiff(t, s, q, `{"type":"enter",,}`, false)
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "line 1, column 17") {
		t.Errorf("a broken trace: %d, want 400 with its position", rec.Code)
	}
}

// TestDiffVerdictLanguages checks that the verdict (what the reference did,
// what the student did, why) is worded in the page's language.
func TestDiffVerdictLanguages(t *testing.T) {
	s := newTestServer(t)
	cs188, err := os.ReadFile("../search/tree/importer/testdata/cs188/1-lecture-tree.test")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		lang, student string
		want          []string
		english       []string
	}{
		{"de", "a b b1 b2 b3 c c1 c2 d", []string{"betritt d mit α = 3, β = +∞", "besucht c2", "die Referenz schneidet bei MIN c ab (Schritt 27): 2 &lt; α = 3"},
			[]string{"enter d", "visit c2", "the reference cuts"}},
		{"cs", "a b b1 b2 b3 c c1 c2 d", []string{"vstup do d s α = 3, β = +∞", "návštěva c2", "reference řeže v MIN c (krok 27): 2 &lt; α = 3"},
			[]string{"enter d", "visit c2", "the reference cuts"}},
		{"de", "a b b1 b2 b3 c c1 d d1 d2 d3 b", []string{"nichts mehr: die Suche ist beendet", "besucht b", "die Referenz hat b schon vorher besucht, in Schritt"},
			[]string{"nothing more", "visit b", "the reference visited"}},
		{"cs", "a b b1 b2", []string{"nic dalšího: váš záznam zde končí", "vstup do b3 s α = −∞, β = 3", "v MIN b je dosavadní hodnota ≤ 3 a okno α = −∞, β = 3: test řezu neplatí"},
			[]string{"nothing more", "enter b3", "the value so far"}},
	}
	for _, tc := range tests {
		t.Run(tc.lang+" "+tc.student, func(t *testing.T) {
			q := url.Values{"tree": {string(cs188)}, "format": {"cs188"}, "lang": {tc.lang}}
			rec := postDiff(t, s, q, tc.student, false)
			if rec.Code != http.StatusOK {
				t.Fatalf("POST /diff = %d: %s", rec.Code, rec.Body.String())
			}
			body := rec.Body.String()
			for _, w := range tc.want {
				if !strings.Contains(body, w) {
					t.Errorf("got a page without %q, want it; the page says %q", w, verdict(body))
				}
			}
			for _, e := range tc.english {
				if strings.Contains(body, e) {
					t.Errorf("got English %q on the %s page, want none", e, tc.lang)
				}
			}
		})
	}
}

// verdict is the part of a diff page that says where the traces part.
func verdict(body string) string {
	i := strings.Index(body, `data-agree=`)
	if i < 0 {
		return ""
	}
	return body[i:min(len(body), i+1500)]
}

// TestDiffPageBytes: a trace whose steps' drawings would pass
// maxDiffPageBytes (a tic-tac-toe alpha-beta trace of 400 events, 60 KB,
// made a 192 MB page) gets a page under the limit that draws its last
// steps, says so in the page's language, and keeps the whole verdict.
func TestDiffPageBytes(t *testing.T) {
	s := newTestServer(t)
	q := url.Values{"game": {"tictactoe"}, "algo": {"alphabeta"}}
	p, err := scenario.Scenario{Game: "tictactoe", Algo: "alphabeta"}.Prepare()
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	enters := 0
	p.Run(func(e *trace.Event) bool { // stopped after 400 events
		if e.Step > 400 {
			return false
		}
		if e.Type == trace.Enter {
			enters++
		}
		line, _ := json.Marshal(e)
		b.Write(line)
		b.WriteByte('\n')
		return true
	})
	for _, lang := range []string{"en", "de"} {
		q.Set("lang", lang)
		rec := postDiff(t, s, q, b.String(), true)
		body := rec.Body.String()
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: POST /diff = %d: %s", lang, rec.Code, shorten(body, 2000))
		}
		if len(body) > maxDiffPageBytes+1<<20 {
			t.Errorf("%s: the page is %d bytes, want at most maxDiffPageBytes = %d and the rest of the page", lang, len(body), maxDiffPageBytes)
		}
		steps := strings.Count(body, `<template class="diff-step"`)
		want := map[string]string{"en": "Only the last " + strconv.Itoa(steps) + " of the " + strconv.Itoa(enters+1) + " steps are drawn",
			"de": "Nur die letzten " + strconv.Itoa(steps) + " der " + strconv.Itoa(enters+1) + " Schritte"}[lang]
		if steps < 1 || steps > enters || !strings.Contains(body, want) || !strings.Contains(body, `data-testid="diff-verdict"`) {
			t.Errorf("%s: %d steps drawn, want fewer than %d with %q and the verdict", lang, steps, enters+1, want)
		}
	}
}

// TestDiffClassroomNotation: on a tree in the classroom notation (leaves
// known by their values), a student's list of visits is drawn as the
// nodes the student means, C's leaf 2 (not D, whose id is 2) and the 4
// that the reference prunes, and the verdict is the cut at C.
func TestDiffClassroomNotation(t *testing.T) {
	s := newTestServer(t)
	rec := postDiff(t, s, url.Values{"tree": {tree.TwoPlyGameTreePlain}}, "A B 3 12 8 C 2 4 6 D 14 5 2", false)
	if rec.Code != http.StatusOK {
		t.Fatalf("POST /diff = %d: %s", rec.Code, rec.Body.String())
	}
	body := rec.Body.String()
	if want := "the reference cuts at MIN C (step 27): 2 ≤ α = 3 with the window α = 3, β = +∞, so it skips 4, 6"; !strings.Contains(body, want) {
		t.Errorf("the page does not say %q", want)
	}
	steps := strings.Split(body, `<template class="diff-step"`)[1:]
	want := []string{"", "", "0", "0.0", "0.1", "0.2", "1", "1.0", "1.1"}
	if len(steps) != len(want) {
		t.Fatalf("got %d steps, want %d", len(steps), len(want))
	}
	for k, step := range steps {
		_, student, ok := strings.Cut(step, `<div class="s">`)
		if !ok {
			t.Fatalf("step %d has no student's pane", k)
		}
		open := regexp.MustCompile(`data-node="([^"]*)" data-state="open"`).FindAllStringSubmatch(student, -1)
		switch {
		case k == 0 && len(open) != 0:
			t.Errorf("step 0: the student's pane opens %q, want nothing", open)
		case k > 0 && (len(open) != 1 || open[0][1] != want[k]):
			t.Errorf("step %d: the student's pane opens %q, want node %q", k, open, want[k])
		}
	}
}

// TestDiffReferenceTooLong: a reference search longer than a diff
// compares is refused naming the limit, in the page's language (it read
// "search: stopped by the listener"; connect4 at depth 8 has more than
// trace.MaxReferenceEvents, the textbook tree more than the 20 here).
func TestDiffReferenceTooLong(t *testing.T) {
	defer func(m int) { maxReference = m }(maxReference)
	maxReference = 20
	s := newTestServer(t)
	for lang, want := range map[string]string{"en": "MaxReferenceEvents = 20", "de": "mehr als 20 Ereignisse", "cs": "víc než 20 událostí"} {
		q := url.Values{"tree": {tree.TwoPlyGameTreePlain}, "lang": {lang}}
		rec := postDiff(t, s, q, "A B 3 12 8", false)
		body := rec.Body.String()
		if rec.Code != http.StatusBadRequest || !strings.Contains(body, want) || strings.Contains(body, "listener") {
			t.Errorf("%s: POST /diff past the reference's limit = %d, want 400 saying %q", lang, rec.Code, want)
		}
	}
}
