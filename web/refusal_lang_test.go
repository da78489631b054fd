package web

import (
	"errors"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

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
			say("ws.busy.total", "N", 1_000_000, "Seconds", 10),
			say("ws.busy.addr", "N", 1_000_000, "Seconds", 10),
			say("busy.memory", "MB", 1_000_000, "Cap", 1_000_000, "Seconds", 10),
		} {
			s := errorText(l, err)
			if len(s) > MaxCloseReason || strings.Contains(s, ".busy.") || strings.Contains(s, "ws.closing") {
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
	for deadline := time.Now().Add(5 * time.Second); h.Sessions() != 1; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the first session did not open")
		}
	}
	for lang, want := range map[string]string{"de": "Offene Ansichten von Ihrer Adresse: 1", "cs": "Otevřených prohlížečů z vaší adresy: 1", "en": "1 viewers are open from your address"} {
		c, err := dialFromIn(srv, "127.0.0.1", lang)
		if err != nil {
			t.Fatal(err)
		}
		refused(t, c, want)
	}
}
