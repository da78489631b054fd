package web

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/gorilla/websocket"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/trace"
	"github.com/abtrace/abtrace/view"
)

// wordedIn checks that a German or Czech error differs from the English
// one and shows no message id (a translation removed shows its id, or
// falls back to the English words).
func wordedIn(t *testing.T, l i18n.Lang, got, en string) {
	t.Helper()
	if got == "" || got == en || strings.Contains(got, ".err.") || strings.Contains(got, "error.") {
		t.Errorf("%s: got %q (English %q), want it worded in %s", l, got, en, l)
	}
}

// TestSessionErrorsInEveryLanguage: the websocket session words its
// errors (a command that does not parse, one out of order, a load whose
// query does not parse, a comparison stepped by another unit) in the
// page's language: the websocket address's lang=, then the loaded
// query's.
func TestSessionErrorsInEveryLanguage(t *testing.T) {
	leakCheck(t)
	_, srv := newHubServer(t)
	msgs := []string{
		`{"v":1,"cmd":"step"}`,
		`not json`,
		`{"v":1,"cmd":"step","n":"x"}`,
		`{"v":1,"cmd":"step","bogus":1}`,
		``,
		`{"v":1,"cmd":"step"} {}`,
		`{"v":2,"cmd":"step"}`,
		`{"v":1,"cmd":"jump"}`,
		`{"v":1}`,
		`{"v":1,"cmd":"step","n":-4}`,
		`{"v":1,"cmd":"seek"}`,
		`{"v":1,"cmd":"step","by":"leaf"}`,
		`{"v":1,"cmd":"ahead","by":"leaf"}`,
		`{"v":1,"cmd":"seek","step":"later"}`,
		`{"v":1,"cmd":"play","speed":1000}`,
		`{"v":1,"cmd":"load"}`,
		`{"v":1,"cmd":"load","query":"tree=(1 2)","pane":{"w":0,"h":5}}`,
		`{"v":1,"cmd":"load","query":"tree=(1 2)","drawn":"short"}`,
		`{"v":1,"cmd":"compare","query":"tree=(1 2)&orders=natural,best","drawn":"0123456789abcdefghijkl"}`,
		`{"v":1,"cmd":"back","ready":3}`,
		`{"v":1,"cmd":"load","query":"tree=%zz"}`,
		`{"v":1,"cmd":"compare","query":"tree=%zz"}`,
		`{"v":1,"cmd":"load","query":"tree=(1 2);step=3"}`,
		`{"v":1,"cmd":"compare","query":"tree=(1 2);orders=best"}`,
	}
	errorsIn := func(l i18n.Lang) []string {
		h := http.Header{}
		h.Set("Origin", srv.URL)
		conn, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(srv.URL, "http")+"/ws?lang="+string(l), h)
		if err != nil {
			t.Fatalf("dial: %v", err)
		}
		c := &wsClient{t: t, conn: conn}
		defer conn.Close()
		var out []string
		for _, m := range msgs {
			c.send(m)
			got := c.recv()
			if got.Type != "error" {
				t.Fatalf("%s in %s: got %s, want an error", m, l, got.Type)
			}
			out = append(out, got.Error)
		}
		// A binary message.
		if err := conn.WriteMessage(websocket.BinaryMessage, []byte(`{"v":1,"cmd":"step"}`)); err != nil {
			t.Fatal(err)
		}
		out = append(out, c.recv().Error)
		// A comparison stepped by another unit: its query's language.
		c.send(fmt.Sprintf(`{"v":1,"cmd":"compare","query":"tree=((1 2) (3 4))&orders=natural,best&lang=%s"}`, l))
		if m := c.recv(); m.Type != "panes" {
			t.Fatalf("compare in %s: got %s %q, want panes", l, m.Type, m.Error)
		}
		c.send(`{"v":1,"cmd":"step","by":"cutoff"}`)
		out = append(out, c.recv().Error)
		return out
	}
	en := errorsIn(i18n.English)
	for i, m := range en {
		if strings.Contains(m, ".err.") || m == "" {
			t.Errorf("en, message %d: got %q, want English words", i, m)
		}
	}
	for _, l := range []i18n.Lang{i18n.German, i18n.Czech} {
		t.Run(string(l), func(t *testing.T) {
			for i, got := range errorsIn(l) {
				wordedIn(t, l, got, en[i])
				// No parser's English detail after a translated prefix.
				if strings.Contains(got, "invalid") || strings.Contains(got, "json:") {
					t.Errorf("%s, message %d: %q carries English detail", l, i, got)
				}
			}
		})
	}
}

// TestServerErrorsInEveryLanguage: the host check's refusal and the
// view's limits (a drawing too large for a session, a comparison's pane
// too long) are worded in the page's language.
func TestServerErrorsInEveryLanguage(t *testing.T) {
	s := New(Config{Logger: slog.New(slog.DiscardHandler), Addr: "127.0.0.1:8080"})
	host := func(l i18n.Lang) string {
		req := httptest.NewRequest(http.MethodGet, "/view?tree=(1+2)&lang="+string(l), nil)
		req.Host = "evil.example"
		rec := httptest.NewRecorder()
		s.Echo().ServeHTTP(rec, req)
		if rec.Code != http.StatusForbidden {
			t.Fatalf("%s: got %d, want 403", l, rec.Code)
		}
		msg := textOf(parsePage(t, rec.Body.String()).one("error"))
		if !strings.Contains(msg, "--host evil.example") {
			t.Errorf("%s: got %q, want it to name --host evil.example", l, msg)
		}
		return msg
	}
	errs := []error{
		fmt.Errorf("the natural search: %w", view.ErrTooLarge),
		&paramError{Param: "tree", Err: &view.PaneTooLongError{Pane: "best", Max: view.MaxPaneEvents}},
		say("error.diff-steps", "Max", maxDiffSteps),
		say("error.diff-reference", "Max", trace.MaxReferenceEvents),
	}
	en := host(i18n.English)
	for _, l := range []i18n.Lang{i18n.German, i18n.Czech} {
		t.Run(string(l), func(t *testing.T) {
			wordedIn(t, l, host(l), en)
			for _, err := range errs {
				got := errorText(l, err)
				wordedIn(t, l, got, errorText(i18n.English, err))
				var pl *view.PaneTooLongError
				if errors.As(err, &pl) && (!strings.Contains(got, "best") || !strings.HasPrefix(got, "tree: ")) {
					t.Errorf("%s: got %q, want the pane's name and the parameter", l, got)
				}
			}
		})
	}
}

// TestDiffErrorsInEveryLanguage: a student's trace that does not read is
// refused on the diff page in the page's language, with its line and
// column.
func TestDiffErrorsInEveryLanguage(t *testing.T) {
	s := newTestServer(t)
	post := func(t *testing.T, student string, l i18n.Lang) string {
		t.Helper()
		form := url.Values{"student": {student}}
		req := httptest.NewRequest(http.MethodPost, "/diff?tree=((3+12)+(2+4))&lang="+string(l), strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		rec := httptest.NewRecorder()
		s.Echo().ServeHTTP(rec, req)
		if rec.Code != http.StatusBadRequest {
			t.Fatalf("POST /diff in %s = %d, want 400", l, rec.Code)
		}
		return textOf(parsePage(t, rec.Body.String()).one("diff-error"))
	}
	for _, tc := range []struct{ name, student, where string }{
		{"empty", "# nothing\n", ""},
		{"not an event", `{"type":"enter","node":""}` + "\n{\"type\":\"leaf\",,}", "2"},
		{"no type", `{"node":""}`, "1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			en := post(t, tc.student, i18n.English)
			for _, l := range []i18n.Lang{i18n.German, i18n.Czech} {
				got := post(t, tc.student, l)
				wordedIn(t, l, got, en)
				if tc.where != "" && !strings.Contains(got, tc.where) {
					t.Errorf("%s: got %q, want it to name line %s", l, got, tc.where)
				}
			}
		})
	}
}
