package main

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/web"
)

// TestSolveMatchesComparePage: abtrace solve with the worst ordering counts
// the nodes, leaves and cutoffs that the comparison page's worst pane shows
// at its end, on the textbook tree (the command run in this process, the
// page served by the server the command starts).
func TestSolveMatchesComparePage(t *testing.T) {
	code, out, errOut := runCmd("solve", "--tree", tree.TwoPlyGameTree, "--order", "worst", "--json")
	if code != 0 {
		t.Fatalf("abtrace solve: exit %d: %s", code, errOut)
	}
	var res struct {
		Stats struct{ Nodes, Leaves, Cutoffs int }
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("abtrace solve --json: %v\n%s", err, out)
	}
	s := web.New(web.Config{Logger: slog.New(slog.DiscardHandler), Hosts: []string{"example.com"}})
	q := url.Values{"tree": {tree.TwoPlyGameTree}, "orders": {"natural,best,worst"}, "by": {"node"}, "step": {"end"}}
	rec := httptest.NewRecorder()
	s.Echo().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/compare?"+q.Encode(), nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("GET /compare: %d: %s", rec.Code, rec.Body.String())
	}
	pane := paneAttrs(t, rec.Body.String(), "worst")
	for attr, want := range map[string]int{"data-nodes": res.Stats.Nodes, "data-leaves": res.Stats.Leaves, "data-cutoffs": res.Stats.Cutoffs} {
		if pane[attr] != strconv.Itoa(want) {
			t.Errorf("worst %s: got %q, abtrace solve says %d", attr, pane[attr], want)
		}
	}
}

// paneAttrs returns the attributes of the comparison page's pane named
// name (data-testid="pane", data-pane=name).
func paneAttrs(t *testing.T, body, name string) map[string]string {
	t.Helper()
	root, err := html.Parse(strings.NewReader(body))
	if err != nil {
		t.Fatalf("parse the page: %v", err)
	}
	var found map[string]string
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && found == nil {
			m := map[string]string{}
			for _, a := range n.Attr {
				m[a.Key] = a.Val
			}
			if m["data-testid"] == "pane" && m["data-pane"] == name {
				found = m
				return
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(root)
	if found == nil {
		t.Fatalf("no pane %q on the page", name)
	}
	return found
}
