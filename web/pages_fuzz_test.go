package web

import (
	"bytes"
	"github.com/abtrace/abtrace/search/tree"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/i18n"
)

// FuzzHostCheck: every Host header is answered, 403 when it is not one of
// the server's names and never a server error; what the check lets
// through is an IP address, localhost or a name the server was given.
func FuzzHostCheck(f *testing.F) {
	for _, h := range []string{"localhost:8080", "127.0.0.1", "[::1]:8080", "lecture.lan", "LECTURE.LAN.:80", "evil.example",
		"a.localhost", "localhost.evil.example", "[::1", "]:80", ":", "", "127.0.0.1:99999", "[fe80::1%25eth0]:80", "xn--e1afmkfd", "\x00"} {
		f.Add(h)
	}
	s := New(Config{Logger: slog.New(slog.DiscardHandler), Addr: "127.0.0.1:8080", Hosts: []string{"Lecture.LAN"}})
	f.Fuzz(func(t *testing.T, host string) {
		ok := s.hostAllowed(host)
		if h := strings.TrimSuffix(hostOnly(host), "."); ok && host != "" && h != "localhost" && !strings.HasSuffix(h, ".localhost") &&
			h != "lecture.lan" && net.ParseIP(h) == nil {
			t.Fatalf("Host %q (%q) is let through", host, h)
		}
		req := httptest.NewRequest(http.MethodGet, "/healthz", nil)
		req.Host = host
		rec := httptest.NewRecorder()
		s.Echo().ServeHTTP(rec, req)
		if ok && rec.Code != http.StatusOK || !ok && rec.Code != http.StatusForbidden {
			t.Fatalf("Host %q (allowed %v): %d", host, ok, rec.Code)
		}
	})
}

// FuzzTournamentConfig: a tournament's query is a tournament within the
// page's limits or an error naming a parameter; it never panics.
func FuzzTournamentConfig(f *testing.F) {
	for _, s := range []string{"", "game=reversi&evals=discs,mobility&depth=2&games=3&seed=7", "depth=0", "depth=99999999999999999999",
		"games=-1", "games=400&evals=a,b,c,d,e,f", "seed=-1", "evals=,,,", "game=chess", "evals=max-discs,min-discs&game=suicide-reversi",
		"evals=" + strings.Repeat("discs,", 100)} {
		f.Add(s)
	}
	loc := i18n.For(i18n.English)
	f.Fuzz(func(t *testing.T, raw string) {
		q, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		c, fields, err := tournamentConfig(loc, q)
		if len(fields) == 0 {
			t.Fatalf("%q: no form fields", raw)
		}
		if err != nil {
			if errorText(i18n.English, err) == "" {
				t.Fatalf("%q: an error without a message", raw)
			}
			return
		}
		if c.Check() != nil || c.Depth < 1 || c.Depth > pageMaxTournamentDepth || c.Games < 1 || c.Total() > pageMaxGames {
			t.Fatalf("%q: accepted %+v", raw, c)
		}
	})
}

// FuzzParallelConfig: a coordinated search's query is a search within the
// page's limits or an error naming a parameter; it never panics.
func FuzzParallelConfig(f *testing.F) {
	for _, s := range []string{"", "game=reversi&evals=discs,mobility&depth=3", "game=connect4&evals=lines,center", "depth=7", "depth=x",
		"evals=" + strings.Repeat("discs,", 40), "game=reversi&position=bogus", "game=tictactoe", "evals=nope"} {
		f.Add(s)
	}
	loc := i18n.For(i18n.English)
	f.Fuzz(func(t *testing.T, raw string) {
		q, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		c, _, err := parallelConfig(loc, q)
		if err != nil {
			if errorText(i18n.English, err) == "" {
				t.Fatalf("%q: an error without a message", raw)
			}
			return
		}
		if c.Check() != nil || c.MaxDepth < 1 || c.MaxDepth > pageMaxParallelDepth || len(c.Evals) < 1 {
			t.Fatalf("%q: accepted %+v", raw, c)
		}
	})
}

// FuzzFuzzyPage: the fuzzy goal page answers every query with the page
// (200) or the page with the reason (400), never a server error.
func FuzzFuzzyPage(f *testing.F) {
	for _, s := range []string{"", "position=x...o....", "position=xxxooo...&fuzzy=min,0.5,1,2", "tnorm=product&p=2", "tnorm=yager&p=-1",
		"fuzzy=nope", "position=" + strings.Repeat("x", 100), "tnorm=hamacher&p=NaN&t=Inf&q=1e308", "position=x..o..x..&lang=cs"} {
		f.Add(s)
	}
	s := New(testConfig())
	f.Fuzz(func(t *testing.T, raw string) {
		q, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		rec := httpGet(t, s, "/fuzzy?"+q.Encode())
		if rec.Code != http.StatusOK && rec.Code != http.StatusBadRequest {
			t.Fatalf("/fuzzy?%s: %d %s", q.Encode(), rec.Code, shorten(rec.Body.String(), 500))
		}
	})
}

// FuzzDiffUpload: a student's trace sent to /diff as the form's field, as
// an uploaded file, or as a multipart body of any bytes, is compared (200)
// or refused with the reason (400, 413), never a server error.
func FuzzDiffUpload(f *testing.F) {
	for _, s := range []string{"A B 3 12 8 C 2 4 6 D 14 5 2", "root 0 0.0", `{"type":"enter","node":""}`, `{"type":"enter",,}`, "",
		"# only a comment", "\ufeffA B", "--X\r\nContent-Disposition: form-data; name=\"student\"\r\n\r\nA B\r\n--X--\r\n",
		"--X\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\n\r\n{\"type\":\"done\"}\r\n--X--\r\n", "--X--"} {
		for mode := range byte(3) {
			f.Add(mode, s)
		}
	}
	s := New(testConfig())
	q := url.Values{"tree": {tree.TwoPlyGameTreePlain}}
	f.Fuzz(func(t *testing.T, mode byte, student string) {
		var rec *httptest.ResponseRecorder
		switch mode % 3 {
		case 0, 1:
			rec = postDiff(t, s, q, student, mode%3 == 1)
		default:
			req := httptest.NewRequest(http.MethodPost, "/diff?"+q.Encode(), bytes.NewBufferString(student))
			req.Header.Set("Content-Type", "multipart/form-data; boundary=X")
			rec = httptest.NewRecorder()
			s.Echo().ServeHTTP(rec, req)
		}
		switch rec.Code {
		case http.StatusOK, http.StatusBadRequest, http.StatusRequestEntityTooLarge:
		default:
			t.Fatalf("POST /diff (mode %d) %q: %d %s", mode%3, student, rec.Code, shorten(rec.Body.String(), 500))
		}
	})
}
