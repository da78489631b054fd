package scenario

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"io"
	"strings"

	"github.com/abtrace/abtrace/search/gdl"
)

// A GDL game's text travels in its permalink, compressed: gdlz= holds the
// text deflated and encoded in base64url (RFC 4648, no padding). The
// address is the whole record of the game, so a link survives a restart of
// the server, works on any other server and needs no store to keep or
// expire (docs/design-notes.md says why this and not a store). A game's
// text typed on the form comes as gdl= (as typed); the permalink the form
// redirects to holds gdlz=.

// MaxGDLAddress is the longest compressed text, in characters of its
// base64url, that a permalink carries: 48 KiB, about 150 KiB of GDL as the
// shipped games compress (tic-tac-toe's 2.1 KB of text is 0.9 KB in an
// address). Browsers and servers take addresses of 64 KiB and more; a
// longer game is refused with this limit named.
const MaxGDLAddress = 48 << 10

// CompressGDL is the gdlz= parameter of a game's text.
func CompressGDL(text string) string {
	var b bytes.Buffer
	w, _ := flate.NewWriter(&b, flate.BestCompression) // the level is valid
	_, _ = io.WriteString(w, text)                     // a bytes.Buffer does not fail
	_ = w.Close()
	return base64.RawURLEncoding.EncodeToString(b.Bytes())
}

// ExpandGDL is the text of a gdlz= parameter. It refuses a parameter
// longer than MaxGDLAddress, one that is not base64url or deflate, and one
// that expands past gdl.MaxSourceBytes, naming the parameter.
func ExpandGDL(z string) (string, error) {
	if len(z) > MaxGDLAddress {
		return "", usageSay("scenario.err.gdl-address", "Got", len(z), "Max", MaxGDLAddress)
	}
	raw, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(z, "="))
	if err != nil {
		return "", usageSay("scenario.err.gdlz")
	}
	r := flate.NewReader(bytes.NewReader(raw))
	defer r.Close()
	text, err := io.ReadAll(io.LimitReader(r, gdl.MaxSourceBytes+1))
	if err != nil {
		return "", usageSay("scenario.err.gdlz")
	}
	if len(text) > gdl.MaxSourceBytes {
		return "", usageSay("scenario.err.gdl-size", "Max", gdl.MaxSourceBytes)
	}
	return string(text), nil
}

// gdlFromQuery is the game's text of a query: gdl= as typed, else gdlz=
// expanded. A text whose permalink would exceed MaxGDLAddress is refused
// here, where a page's query is read, so that every page that shows it can
// give its address.
func gdlFromQuery(v interface{ Get(string) string }) (string, error) {
	text := v.Get("gdl")
	if text == "" {
		if z := v.Get("gdlz"); z != "" {
			return ExpandGDL(z)
		}
		return "", nil
	}
	if len(text) > gdl.MaxSourceBytes {
		return "", usageSay("scenario.err.gdl-size", "Max", gdl.MaxSourceBytes)
	}
	if n := len(CompressGDL(text)); n > MaxGDLAddress {
		return "", usageSay("scenario.err.gdl-address", "Got", n, "Max", MaxGDLAddress)
	}
	return text, nil
}

// compressedGDL is CompressGDL of a text, "" for none.
func compressedGDL(text string) string {
	if text == "" {
		return ""
	}
	return CompressGDL(text)
}

// gdlOfForm is the GDL text of a submitted setup form: the text typed, or,
// when it is empty, the shipped game chosen (gdl-game, gdl.Games).
func gdlOfForm(form interface{ Get(string) string }) string {
	if text := form.Get("gdl"); strings.TrimSpace(text) != "" {
		return text
	}
	if text, ok := gdl.GameText(form.Get("gdl-game")); ok {
		return text
	}
	return form.Get("gdl")
}
