package web

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/gorilla/websocket"

	"github.com/abtrace/abtrace/i18n"
)

// TestRefusalsFitACloseMessage: every refusal of a session, in every
// language and with limits far above the defaults, fits a close message
// whole (closeReason never has to cut it); a reason that does not fit is
// cut at a character's boundary.
func TestRefusalsFitACloseMessage(t *testing.T) {
	for _, l := range []i18n.Lang{i18n.English, i18n.German, i18n.Czech} {
		for _, err := range []error{
			say("ws.closing"),
			errIdle,
			say("ws.busy.total", "N", 1_000_000, "Seconds", 10),
			say("ws.busy.addr", "N", 1_000_000, "Seconds", 10),
			say("busy.memory", "MB", 1_000_000, "Cap", 1_000_000, "Seconds", 10),
		} {
			s := errorText(l, err)
			if len(s) > MaxCloseReason || strings.Contains(s, ".busy.") || strings.Contains(s, "ws.closing") || strings.Contains(s, "ws.idle") {
				t.Errorf("%s: %q is %d bytes, want a worded reason of at most %d", l, s, len(s), MaxCloseReason)
			}
		}
	}
	long := strings.Repeat("ž", 100) // 200 bytes
	got := closeReason(i18n.English, errors.New(long))
	if len(got) > MaxCloseReason || !utf8.ValidString(got) || !strings.HasSuffix(got, "…") {
		t.Errorf("a long reason cut to %d bytes (valid %v): %q", len(got), utf8.ValidString(got), got)
	}
}

// TestRefusalInPageLanguage: a session refused for too many open from one
// address is closed with a reason in the page's language (the socket
// address's lang=), and the viewer's page can show it.
func TestRefusalInPageLanguage(t *testing.T) {
	h, srv := newHubServer(t)
	h.SetLimits(10, 1)
	first, err := dialFrom(srv, "127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	waitOpen(t, h, 1)
	for lang, want := range map[string]string{"de": "Offene Ansichten von Ihrer Adresse: 1", "cs": "Otevřených prohlížečů z vaší adresy: 1", "en": "1 viewers are open from your address"} {
		c, err := dialFromIn(srv, "127.0.0.1", lang)
		if err != nil {
			t.Fatal(err)
		}
		refused(t, c, want)
	}
}

// TestCloseReasonInPageLanguage: a session ended by the server (its
// shutdown, or a page silent for longer than pongWait) is closed with a
// reason in the page's language.
func TestCloseReasonInPageLanguage(t *testing.T) {
	for _, tc := range []struct {
		name string
		why  error // nil: the hub closes
	}{{"shutdown", nil}, {"idle", errIdle}} {
		for _, l := range []i18n.Lang{i18n.English, i18n.German, i18n.Czech} {
			t.Run(tc.name+"/"+string(l), func(t *testing.T) {
				h, srv := newHubServer(t)
				c, err := dialFromIn(srv, "127.0.0.1", string(l))
				if err != nil {
					t.Fatal(err)
				}
				defer c.Close()
				waitOpen(t, h, 1)
				want := errorText(l, say("ws.closing"))
				if tc.why == nil {
					go h.Close(context.Background())
				} else {
					want = errorText(l, tc.why)
					h.mu.Lock()
					for s := range h.sessions {
						s.stopFor(tc.why)
					}
					h.mu.Unlock()
				}
				c.SetReadDeadline(time.Now().Add(5 * time.Second))
				_, _, err = c.ReadMessage()
				var ce *websocket.CloseError
				if !errors.As(err, &ce) || ce.Text != want {
					t.Fatalf("got %v, want a close with the reason %q", err, want)
				}
				if l != i18n.English {
					wordedIn(t, l, ce.Text, errorText(i18n.English, say("ws.closing")))
				}
			})
		}
	}
}

// waitOpen waits until the hub has n sessions open.
func waitOpen(t *testing.T, h *Hub, n int) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); h.Sessions() != n; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("got %d sessions open, want %d", h.Sessions(), n)
		}
	}
}
