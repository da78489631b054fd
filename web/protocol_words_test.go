package web

import (
	"errors"
	"net/url"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/i18n"
)

// saidID is the catalog message of a session's error, "" when it is not
// one the session words.
func saidID(err error) string {
	var se *saidError
	if !errors.As(err, &se) {
		return ""
	}
	return se.Say.ID
}

// TestMalformedCommandsSaidInWords: every way a message can fail to
// decode that we know of (not JSON, nested too deep, cut short, a value
// of the wrong kind, a number too large, an unknown field) is told in a
// message of its own, so that German and Czech pages read no English
// parser detail: none falls through to ws.err.malformed, whose detail is
// Go's own words.
func TestMalformedCommandsSaidInWords(t *testing.T) {
	deep := strings.Repeat("[", 10001) + strings.Repeat("]", 10001)
	for _, m := range []string{
		`not json`,
		`{"v":1,"cmd":"step"`,
		`{"v":1,"cmd":`,
		``,
		`   `,
		`{"v":1,"cmd":"step","n":"x"}`,
		`{"v":1,"cmd":"step","n":1.5}`,
		`{"v":1,"cmd":"step","n":1e400}`,
		`{"v":1,"cmd":"step","n":true}`,
		`{"v":1,"cmd":"step","n":99999999999999999999}`,
		`{"v":"1","cmd":"step"}`,
		`{"v":1,"cmd":["step"]}`,
		`{"v":1,"cmd":"step","bogus":1}`,
		`[1,2]`,
		`"step"`,
		`12`,
		`{"v":1,"cmd":"step"} {}`,
		`{"v":1,"cmd":"step"} x`,
		`{"v":1,"cmd":"seek","step":{}}`,
		`{"v":1,"cmd":"seek","step":"later"}`,
		"{\"v\":1,\"cmd\":\"st\x01ep\"}",
		`{"v":1,"cmd":"step",}`,
		`{"v":1 "cmd":"step"}`,
		deep,
		`{"v":1,"cmd":"load","query":"tree=(1 2)","pane":{"w":"wide"}}`,
	} {
		_, err := ParseCommand([]byte(m))
		if err == nil {
			t.Errorf("%.40q: parsed, want an error", m)
			continue
		}
		if id := saidID(err); id == "" || id == "ws.err.malformed" {
			t.Errorf("%.40q: %q (message %q), want a message of its own", m, err, id)
		}
		if de := errorText(i18n.German, err); strings.Contains(de, "json:") || strings.Contains(de, "invalid") {
			t.Errorf("%.40q in German: %q carries English detail", m, de)
		}
	}
}

// TestQueryErrorsSaidInWords: a loaded query that does not parse is told
// in words of its own, not Go's: an escape that is not one, and
// parameters separated by semicolons.
func TestQueryErrorsSaidInWords(t *testing.T) {
	for q, want := range map[string]string{
		"tree=%zz":           "ws.err.query.escape",
		"tree=(1 2)&x=%4":    "ws.err.query.escape",
		"tree=(1 2);step=3":  "ws.err.query.semicolon",
		"tree=(1%202);lang=": "ws.err.query.semicolon",
	} {
		_, err := url.ParseQuery(q)
		if err == nil {
			t.Fatalf("%q parsed", q)
		}
		got := queryError(err)
		if id := saidID(got); id != want {
			t.Errorf("%q: message %q (%q), want %s", q, id, got, want)
		}
		for _, l := range []i18n.Lang{i18n.German, i18n.Czech} {
			if s := errorText(l, got); strings.Contains(s, "invalid") || strings.Contains(s, "semicolon separator") {
				t.Errorf("%q in %s: %q carries English detail", q, l, s)
			}
		}
	}
}
