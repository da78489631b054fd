package web

import (
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
// setup form with the tree, the panes and the page's language filled in.
func TestCompareChangeKeepsScenario(t *testing.T) {
	s := newTestServer(t)
	q := url.Values{"tree": {"((3 12 8) (2 4 6))"}, "orders": {"natural,worst"}, "by": {"event"}, "step": {"3"}, "lang": {"de"}}
	rec := httpGet(t, s, "/compare?"+q.Encode())
	if rec.Code != http.StatusOK {
		t.Fatalf("GET /compare = %d, want 200", rec.Code)
	}
	change := attrOf(parsePage(t, rec.Body.String()).one("change"), "href")
	rec = httpGet(t, s, change)
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s = %d, want 200", change, rec.Code)
	}
	p := parsePage(t, rec.Body.String())
	form := p.one("compare-form")
	got := map[string]string{}
	for _, n := range p.all(func(n *html.Node) bool { return (n.Data == "input" || n.Data == "textarea") && isInside(n, form) }) {
		v := attrOf(n, "value")
		if n.Data == "textarea" {
			v = textOf(n)
		}
		got[attrOf(n, "name")] = v
	}
	for k, want := range map[string]string{"tree": "((3 12 8) (2 4 6))", "orders": "natural,worst", "by": "event", "lang": "de"} {
		if got[k] != want {
			t.Errorf("field %s = %q, want %q (change is %s)", k, got[k], want, change)
		}
	}
}
