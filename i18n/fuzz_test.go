package i18n

import (
	"slices"
	"testing"
)

// FuzzNegotiate: whatever the lang= parameter and the Accept-Language
// header say, a page gets one of Langs; a lang= that Parse reads wins, and
// Parse reads back every language's own code.
func FuzzNegotiate(f *testing.F) {
	for _, s := range [][2]string{
		{"", ""}, {"de", ""}, {"cs-CZ", "en"}, {"EN", "de"}, {" de_AT ", ""}, {"", "de-DE,de;q=0.9,en;q=0.8"},
		{"", "cs;q=0.1, fr;q=1"}, {"", "*"}, {"", "x-klingon"}, {"", "en;q=nan"}, {"", ";;;,,,q=="}, {"fr", "de;q=0"},
		{"", "zh-Hant-TW-u-co-pinyin-x-private;q=0.5"}, {"-", "-"}, {"de\x00", "\xff\xfe"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, query, accept string) {
		l := Negotiate(query, accept)
		if !slices.Contains(Langs, l) {
			t.Fatalf("Negotiate(%q, %q) = %q, not one of %v", query, accept, l, Langs)
		}
		if p, ok := Parse(query); ok {
			if p != l {
				t.Fatalf("Negotiate(%q, %q) = %q, but lang= names %q", query, accept, l, p)
			}
		} else if p != English {
			t.Fatalf("Parse(%q) = %q, false; want English when it reads nothing", query, p)
		}
		if back, ok := Parse(string(l)); !ok || back != l {
			t.Fatalf("Parse(%q) = %q, %v", l, back, ok)
		}
	})
}
