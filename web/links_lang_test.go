package web

import (
	"github.com/abtrace/abtrace/search/tree"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestHeaderLinksKeepLanguage: every link in the header and the footer of
// every translated page (and of its error page) keeps the page's lang=,
// so that the brand, "change", the language switch and the pages' menu
// never drop a German or Czech reader back into English.
func TestHeaderLinksKeepLanguage(t *testing.T) {
	s := newTestServer(t)
	inBar := func(n *html.Node) bool {
		for a := n.Parent; a != nil; a = a.Parent {
			if a.Type == html.ElementNode && (a.Data == "header" || a.Data == "footer") {
				return true
			}
		}
		return false
	}
	for _, pg := range translatedPages {
		t.Run(pg.name, func(t *testing.T) {
			sep := "?"
			if strings.Contains(pg.path, "?") {
				sep = "&"
			}
			rec := httpGet(t, s, pg.path+sep+"lang=cs")
			switch {
			case strings.HasPrefix(pg.name, "embed-"):
				t.Skip("the embedded player has no header: it links to nothing but its source")
			case rec.Code == http.StatusSeeOther:
				t.Skip("a redirect")
			case rec.Code != http.StatusOK && rec.Code != http.StatusBadRequest:
				t.Fatalf("GET = %d, want 200 or 400", rec.Code)
			}
			p := parsePage(t, rec.Body.String())
			n := 0
			for _, a := range p.all(isTag("a")) {
				href := attrOf(a, "href")
				if !inBar(a) || !strings.HasPrefix(href, "/") || strings.HasPrefix(href, "/static/") {
					continue
				}
				n++
				u, err := url.Parse(href)
				if err != nil {
					t.Errorf("link %q does not parse: %v", href, err)
					continue
				}
				want := "cs"
				if a.Parent != nil && strings.Contains(attrOf(a.Parent, "class"), "lang-switch") || strings.Contains(attrOf(a, "class"), "lang-") {
					want = u.Query().Get("lang") // the switch names each language
				}
				if got := u.Query().Get("lang"); got == "" || got != want {
					t.Errorf("link %q (%q) has lang=%q, want %q", href, strings.TrimSpace(textOf(a)), got, want)
				}
			}
			if n == 0 {
				t.Errorf("no link in the header or footer, want at least the brand")
			}
		})
	}
}

// TestCompareChangeKeepsScenario: the comparison's "change" opens its
// setup form with the tree, the panes, every option of the scenario and
// the page's language filled in, and submitting that form unchanged gives
// the same comparison (the same permalink).
func TestCompareChangeKeepsScenario(t *testing.T) {
	s := newTestServer(t)
	for _, tc := range []struct {
		name string
		q    url.Values
		want map[string]string // form fields a lecturer sees or carries
	}{
		{"tree, orders", url.Values{"tree": {"((3 12 8) (2 4 6))"}, "orders": {"natural,worst"}, "by": {"event"}, "step": {"3"}, "lang": {"de"}},
			map[string]string{"tree": "((3 12 8) (2 4 6))", "orders": "natural,worst", "by": "event", "lang": "de"}},
		{"tree options", url.Values{"tree": {tree.TwoPlyGameTreeEstimates}, "root": {"min"}, "prune": {"gt"},
			"algo": {"alphabeta"}, "depth": {"1"}, "eval": {"h"}, "transform": {"cube"}, "orders": {"natural,best"}, "step": {"2"}, "lang": {"cs"}},
			map[string]string{"root": "min", "prune": "gt", "algo": "alphabeta", "depth": "1", "eval": "h", "transform": "cube", "lang": "cs"}},
		{"game, algos", url.Values{"game": {"tictactoe"}, "position": {"x...o...."}, "depth": {"2"}, "eval": {"lines"}, "tt": {"1024"}, "replace": {"always"},
			"symmetry": {"1"}, "order": {"eval"}, "algos": {"negamax,pvs"}, "layout": {"across"}, "by": {"node"}},
			map[string]string{"game": "tictactoe", "position": "x...o....", "eval": "lines", "tt": "1024", "replace": "always", "symmetry": "1", "order": "eval",
				"algos": "negamax,pvs", "layout": "across"}},
		{"random, panes", url.Values{"random": {"3,3"}, "seed": {"7"}, "fail": {"hard"}, "panes": {"plain,pvs"}, "lang": {"de"}},
			map[string]string{"random": "3,3", "seed": "7", "fail": "hard", "panes": "plain,plain pvs"}},
		{"minichess, panes", url.Values{"game": {"minichess"}, "position": {"horizon"}, "depth": {"1"}, "margin": {"1.5"}, "panes": {"plain,quiescence"}, "step": {"end"}},
			map[string]string{"game": "minichess", "position": "horizon", "depth": "1", "margin": "1.5", "panes": "plain,quiescence"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := httpGet(t, s, "/compare?"+tc.q.Encode())
			if rec.Code != http.StatusOK {
				t.Fatalf("GET /compare = %d, want 200: %s", rec.Code, formError(rec.Body.String()))
			}
			change := attrOf(parsePage(t, rec.Body.String()).one("change"), "href")
			rec = httpGet(t, s, change)
			if rec.Code != http.StatusOK {
				t.Fatalf("GET %s = %d, want 200", change, rec.Code)
			}
			sent, count := formValues(t, parsePage(t, rec.Body.String()), "compare-form")
			for k, want := range tc.want {
				if got := sent.Get(k); got != want {
					t.Errorf("field %s = %q, want %q (change is %s)", k, got, want, change)
				}
			}
			u, _ := url.Parse(change)
			for k := range u.Query() {
				if count[k] != 1 && k != "setup" {
					t.Errorf("the form has %d fields named %s, want 1 (change is %s)", count[k], k, change)
				}
			}
			// Submitted unchanged, the form gives the same comparison.
			rec = httpGet(t, s, "/compare?"+sent.Encode())
			if rec.Code != http.StatusOK {
				t.Fatalf("the form submitted unchanged: GET /compare = %d, want 200: %s", rec.Code, formError(rec.Body.String()))
			}
			if again := attrOf(parsePage(t, rec.Body.String()).one("change"), "href"); again != change {
				t.Errorf("the form submitted unchanged gives %s, want %s", again, change)
			}
		})
	}
}

// formValues is what a browser sends for the form with this data-testid
// when submitted as it stands (every named field, empty ones too), and how
// many fields carry each name.
func formValues(t *testing.T, p *htmlPage, testid string) (url.Values, map[string]int) {
	t.Helper()
	form := p.one(testid)
	sent, count := url.Values{}, map[string]int{}
	for _, n := range p.all(func(n *html.Node) bool {
		return (n.Data == "input" || n.Data == "textarea" || n.Data == "select") && isInside(n, form) && attrOf(n, "name") != ""
	}) {
		v := attrOf(n, "value")
		switch n.Data {
		case "textarea":
			v = textOf(n)
		case "select":
			opts := p.all(func(o *html.Node) bool { return o.Data == "option" && isInside(o, n) })
			v = ""
			if len(opts) > 0 {
				v = attrOf(opts[0], "value")
			}
			for _, o := range opts {
				if attrHas(o, "selected") {
					v = attrOf(o, "value")
				}
			}
		}
		sent.Add(attrOf(n, "name"), v)
		count[attrOf(n, "name")]++
	}
	return sent, count
}

// formError is the error a setup form shows, if any.
func formError(body string) string {
	if i := strings.Index(body, `data-testid="form-error"`); i >= 0 {
		return body[i:min(len(body), i+400)]
	}
	return ""
}
