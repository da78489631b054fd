package web

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// largeTree is a valid tree of about 250 KB in the classroom notation:
// branching 40 at three levels, 64,000 leaves.
func largeTree() string {
	var b strings.Builder
	b.WriteString("(")
	for i := range 40 {
		b.WriteString("(")
		for j := range 40 {
			b.WriteString("(")
			for k := range 40 {
				if k > 0 {
					b.WriteString(" ")
				}
				fmt.Fprintf(&b, "%d", (i*1600+j*40+k)*7919%1000)
			}
			b.WriteString(")")
		}
		b.WriteString(")")
	}
	b.WriteString(")")
	return b.String()
}

// TestHomeFormKeepsLargeTree: the home form with a tree whose permalink is
// longer than MaxRedirect is not redirected (a browser refuses a Location
// of hundreds of KB): the view of the tree is shown at once. A small tree
// is redirected to its permalink as before.
func TestHomeFormKeepsLargeTree(t *testing.T) {
	s := newTestServer(t)
	big := largeTree()
	if len(big) < 200<<10 {
		t.Fatalf("the large tree is %d bytes, want over 200 KB", len(big))
	}
	form := url.Values{"source": {"tree"}, "tree": {big}, "lang": {"de"}}
	rec := httpGet(t, s, "/view?"+form.Encode())
	if rec.Code != http.StatusOK {
		t.Fatalf("GET /view with a %d-byte tree = %d (Location %d bytes), want 200 with the view", len(big), rec.Code, len(rec.Header().Get("Location")))
	}
	if loc := rec.Header().Get("Location"); loc != "" {
		t.Errorf("Location is %d bytes, want none", len(loc))
	}
	p := parsePage(t, rec.Body.String())
	if len(p.testid("node")) == 0 || len(p.testid("form-error")) != 0 {
		t.Errorf("got no drawn tree (or an error): want the view of the tree")
	}
	form.Set("tree", "((3 12 8) (2 4 6) (14 5 2))")
	rec = httpGet(t, s, "/view?"+form.Encode())
	if loc := rec.Header().Get("Location"); rec.Code != http.StatusSeeOther || !strings.HasPrefix(loc, "/view?") || len(loc) > MaxRedirect {
		t.Errorf("a small tree: got %d to %q, want a 303 to its permalink", rec.Code, loc)
	}
}
