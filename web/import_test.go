package web

import (
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

func TestFormSubmitImportedTree(t *testing.T) {
	s := newTestServer(t)
	cs188, err := os.ReadFile("../search/tree/importer/testdata/cs188/2-two-ghosts-ties.test")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, format, text, prune string
		want                      url.Values
	}{
		{"cs188 keeps the course's rule", "cs188", string(cs188), "",
			url.Values{"tree": {string(cs188)}, "format": {"cs188"}, "algo": {"alphabeta"}, "step": {"0"}, "lang": {"en"}}},
		{"aima with an explicit rule", "aima", "[[3, 12, 8], [2, 4, 6]]", "gt",
			url.Values{"tree": {"[[3, 12, 8], [2, 4, 6]]"}, "format": {"aima"}, "prune": {"gt"}, "step": {"0"}, "lang": {"en"}}},
		{"the default format is left out", "abtrace", "(1 2)", "ge",
			url.Values{"tree": {"(1 2)"}, "prune": {"ge"}, "step": {"0"}, "lang": {"en"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q := url.Values{"source": {"tree"}, "tree": {tc.text}, "format": {tc.format}, "root": {""}, "algo": {"alphabeta"},
				"prune": {tc.prune}, "fail": {"soft"}, "order": {"natural"}, "depth": {""}, "eval": {""}}
			rec := httpGet(t, s, viewURL(q))
			if rec.Code != http.StatusSeeOther {
				t.Fatalf("GET = %d, want 303: %s", rec.Code, rec.Body.String())
			}
			loc, err := url.Parse(rec.Header().Get("Location"))
			if err != nil {
				t.Fatal(err)
			}
			if got := loc.Query().Encode(); got != tc.want.Encode() {
				t.Errorf("redirect to %s, want /view?%s", got, tc.want.Encode())
			}
			if rec := httpGet(t, s, loc.String()); rec.Code != http.StatusOK {
				t.Errorf("GET %s = %d, want 200", loc, rec.Code)
			}
		})
	}
}

func TestImportErrorsOnTheHomePage(t *testing.T) {
	s := newTestServer(t)
	rec := httpGet(t, s, "/api/validate?"+url.Values{"tree": {"[[1, 2] [3]]"}, "format": {"aima"}}.Encode())
	var r validateResult
	if err := json.Unmarshal(rec.Body.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	if r.OK || r.Line != 1 || r.Col != 9 || !strings.Contains(r.Error, "expected ',' or ']'") {
		t.Errorf("got %+v, want an error at line 1, column 9", r)
	}
	q := url.Values{"source": {"tree"}, "tree": {"(((3) (4))\n ((5) 6))"}, "format": {"cmu"}, "algo": {"alphabeta"}}
	rec = httpGet(t, s, viewURL(q))
	if rec.Code != http.StatusBadRequest {
		t.Fatalf("GET = %d, want 400", rec.Code)
	}
	p := parsePage(t, rec.Body.String())
	body := rec.Body.String()
	if !strings.Contains(body, "cmu: line 2, column 7") {
		t.Errorf("the page does not show the error with its position")
	}
	chosen := p.all(func(n *html.Node) bool {
		return n.Data == "option" && attrHas(n, "selected") && isInside(n, p.one("tree-format"))
	})
	if len(chosen) != 1 || attrOf(chosen[0], "value") != "cmu" {
		t.Errorf("the chosen format was not kept")
	}
}
