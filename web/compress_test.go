package web

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
)

// TestCompression checks that pages and assets go out gzipped to a browser
// that accepts it, that they unpack to exactly what an uncompressed request
// gets, and that tiny answers (the health check, a 304) are sent as they
// are.
func TestCompression(t *testing.T) {
	s := newTestServer(t)
	get := func(target string, hdr map[string]string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, target, nil)
		for k, v := range hdr {
			req.Header.Set(k, v)
		}
		rec := httptest.NewRecorder()
		s.Echo().ServeHTTP(rec, req)
		return rec
	}
	gz := map[string]string{"Accept-Encoding": "gzip"}
	ttt := viewURL(url.Values{"game": {"tictactoe"}, "algo": {"minimax"}, "step": {"1"}})
	for _, target := range []string{ttt, viewURL(textbookQuery("17")), "/", s.assetURL("abtrace.css"), s.assetURL("viewer.js")} {
		plain := get(target, nil)
		packed := get(target, gz)
		if plain.Code != http.StatusOK || packed.Code != http.StatusOK {
			t.Fatalf("%s: status %d plain, %d gzip", target, plain.Code, packed.Code)
		}
		if enc := packed.Header().Get("Content-Encoding"); enc != "gzip" {
			t.Errorf("%s: Content-Encoding %q, want gzip", target, enc)
			continue
		}
		if plain.Header().Get("Content-Encoding") != "" {
			t.Errorf("%s: compressed for a client that did not ask", target)
		}
		zr, err := gzip.NewReader(bytes.NewReader(packed.Body.Bytes()))
		if err != nil {
			t.Fatalf("%s: %v", target, err)
		}
		body, err := io.ReadAll(zr)
		if err != nil {
			t.Fatalf("%s: %v", target, err)
		}
		if !bytes.Equal(body, plain.Body.Bytes()) {
			t.Errorf("%s: the gzipped body unpacks to %d bytes that differ from the plain %d", target, len(body), plain.Body.Len())
		}
		t.Logf("%s: %d bytes, %d gzipped (%.0f %%)", target, plain.Body.Len(), packed.Body.Len(), 100*float64(packed.Body.Len())/float64(plain.Body.Len()))
		if target == ttt && packed.Body.Len()*5 > plain.Body.Len() {
			t.Errorf("the tic-tac-toe page shrinks only from %d to %d bytes", plain.Body.Len(), packed.Body.Len())
		}
	}
	if enc := get("/healthz", gz).Header().Get("Content-Encoding"); enc != "" {
		t.Errorf("the health check (a few bytes) is sent with Content-Encoding %q", enc)
	}
	css := s.assetURL("abtrace.css")
	etag := get(css, nil).Header().Get("ETag")
	notModified := get(css, map[string]string{"Accept-Encoding": "gzip", "If-None-Match": etag})
	if notModified.Code != http.StatusNotModified || notModified.Body.Len() != 0 {
		t.Errorf("revalidating the style sheet: status %d with %d bytes, want 304 and none", notModified.Code, notModified.Body.Len())
	}
}
