package web

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestViewPagesKept: a viewer's page asked for twice is kept and answers
// the next requests of its address in its language, with the bytes a
// rendering gives; a page asked for once, or in another language, is not
// that one; forgetting drops them.
func TestViewPagesKept(t *testing.T) {
	s := newTestServer(t)
	const en, de = "/view?random=2,3&seed=5&step=end&lang=en", "/view?random=2,3&seed=5&step=end&lang=de"
	body := func(target, accept string) (string, http.Header) {
		t.Helper()
		req := httptest.NewRequest(http.MethodGet, target, nil)
		if accept != "" {
			req.Header.Set("Accept-Language", accept)
		}
		rec := httptest.NewRecorder()
		s.Echo().ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: got %d", target, rec.Code)
		}
		return rec.Body.String(), rec.Header()
	}
	first, _ := body(en, "")
	if n := s.pages.pages.Len(); n != 0 {
		t.Fatalf("after one request %d pages kept, want 0", n)
	}
	body(en, "")
	if n := s.pages.pages.Len(); n != 1 {
		t.Fatalf("after two requests %d pages kept, want 1", n)
	}
	if again, _ := body(en, ""); again != first {
		t.Error("the kept page differs from the rendered one")
	}
	body(de, "")
	german, _ := body(de, "")
	if german == first || !strings.Contains(german, `lang="de"`) {
		t.Error("the German address answered with another language's page")
	}
	// An answer from a kept page is the kept bytes, with the header a
	// rendering would give.
	const neg = "/view?random=2,3&seed=5&step=end"
	body(neg, "cs")
	body(neg, "cs")
	key := "cs random=2,3&seed=5&step=end"
	if _, ok := s.pages.pages.Get(key); !ok {
		t.Fatalf("no page kept under %q", key)
	}
	s.pages.pages.Forget()
	s.pages.pages.Put(key, []byte("<p>kept</p>"))
	if b, h := body(neg, "cs"); b != "<p>kept</p>" || !strings.Contains(strings.Join(h.Values("Vary"), ","), "Accept-Language") {
		t.Errorf("got %q with Vary %q, want the kept bytes varying by Accept-Language", b, h.Values("Vary"))
	}
	if b, _ := body(neg, "de"); b == "<p>kept</p>" {
		t.Error("another language got the kept Czech page")
	}
	s.pages.forget()
	if n := s.pages.pages.Len() + s.pages.asked.Len(); n != 0 {
		t.Errorf("%d pages or addresses left after forgetting", n)
	}
}
