package exercise

import (
	"errors"
	"strings"
	"testing"
)

// FuzzParseNotation: the notation parameter is one of the two notations
// or an *Error naming the field "notation"; writing a value in it never
// panics.
func FuzzParseNotation(f *testing.F) {
	for _, s := range []string{"", "symbols", "ascii", "ASCII", " ascii", "\x00", "symbolsascii"} {
		f.Add(s, "α ≤ v ≤ β, −∞")
	}
	f.Fuzz(func(t *testing.T, s, value string) {
		n, err := ParseNotation(s)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Field != "notation" || e.Msg == "" {
				t.Fatalf("ParseNotation(%q): %v, want an *Error naming notation", s, err)
			}
			return
		}
		if n != Symbols && n != ASCII {
			t.Fatalf("ParseNotation(%q) = %q", s, n)
		}
		if w := n.Write(value); n == Symbols && w != value {
			t.Fatalf("%q written in symbols is %q", value, w)
		}
	})
}

// FuzzParseFlag: a flag is true or false as the words say, or an *Error
// naming the field; it never panics.
func FuzzParseFlag(f *testing.F) {
	for _, s := range []string{"1", "true", " Yes ", "ON", "0", "false", "no", "off", "", "2", "tru", "\x00", "ｙｅｓ"} {
		f.Add("allow_ties", s)
	}
	f.Fuzz(func(t *testing.T, field, s string) {
		v, err := ParseFlag(field, s)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Field != field || e.Msg == "" {
				t.Fatalf("ParseFlag(%q, %q): %v, want an *Error naming the field", field, s, err)
			}
			return
		}
		want := strings.Contains("1 true yes on", strings.ToLower(strings.TrimSpace(s)))
		if v != want {
			t.Fatalf("ParseFlag(%q) = %v", s, v)
		}
	})
}
