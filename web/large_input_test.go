package web

import (
	"fmt"
	"github.com/abtrace/abtrace/search/tree"
	"net/http"
	"net/http/httptest"
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
	form.Set("tree", tree.TwoPlyGameTreePlain)
	rec = httpGet(t, s, "/view?"+form.Encode())
	if loc := rec.Header().Get("Location"); rec.Code != http.StatusSeeOther || !strings.HasPrefix(loc, "/view?") || len(loc) > MaxRedirect {
		t.Errorf("a small tree: got %d to %q, want a 303 to its permalink", rec.Code, loc)
	}
}

// TestDiffKeepsLongTrace: a trace longer than the diff page compares
// comes back in the form (its first maxDiffText bytes, ended at a line) with
// a 413 naming the field and saying how to compare the whole trace; one too
// long even to read gets a 413 page that says so, in the page's language.
func TestDiffKeepsLongTrace(t *testing.T) {
	s := newTestServer(t)
	line := `{"type":"enter","node":"0.1.2","depth":3}` + "\n"
	long := strings.Repeat(line, 3*maxDiffText/len(line))
	post := func(student string, l string) *httptest.ResponseRecorder {
		form := url.Values{"student": {student}}
		req := httptest.NewRequest(http.MethodPost, "/diff?tree=((3+12)+(2+4))&lang="+l, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		rec := httptest.NewRecorder()
		s.Echo().ServeHTTP(rec, req)
		return rec
	}
	var en string
	for _, l := range []string{"en", "de", "cs"} {
		rec := post(long, l)
		if rec.Code != http.StatusRequestEntityTooLarge {
			t.Fatalf("%s: POST /diff with %d bytes = %d, want 413", l, len(long), rec.Code)
		}
		p := parsePage(t, rec.Body.String())
		kept := textOf(p.one("diff-input"))
		if want := strings.Join(strings.Fields(long[:maxDiffText-maxDiffText%len(line)]), " "); kept != want {
			t.Errorf("%s: the form holds %d characters, want the first %d bytes of the trace, whole lines", l, len(kept), maxDiffText)
		}
		msg := textOf(p.one("diff-error"))
		if !strings.HasPrefix(msg, "student: ") || !strings.Contains(msg, "abtrace diff") {
			t.Errorf("%s: got %q, want it to name student and abtrace diff", l, msg)
		}
		if l == "en" {
			en = msg
		} else if msg == en {
			t.Errorf("%s: got the English %q", l, msg)
		}
	}
	rec := post(strings.Repeat(line, 2*maxDiffBody/len(line)), "de")
	if rec.Code != http.StatusRequestEntityTooLarge {
		t.Fatalf("POST /diff with %d bytes = %d, want 413", 2*maxDiffBody, rec.Code)
	}
	if msg := errorMessage(t, rec); !strings.Contains(msg, "abtrace diff") || !strings.Contains(msg, "Datei") {
		t.Errorf("got %q, want the 413 page to say how to compare the trace from its file, in German", msg)
	}
}
