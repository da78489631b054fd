package cards

import (
	"strings"
	"testing"
)

// FuzzParse checks that Parse never panics, that every error is prefixed
// "cards: ", and that every deal it accepts keeps its limits and prints
// canonically: the text parses to the same deal and prints the same again.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		Lecture,
		"max: h6 D6 c9 C8; min: H4 S2 CT C5",
		"max: ♠A\nmin: ♠K\nlead: winner",
		"# c\nmax: ♡6, ♢6\nmin: ♤2, ♧10 | ♥2 ♥3",
		"max: ♥6 ♥\nmin: ♥4",
		"max: ♥6\nmin: ♥4 | ♥6",
		"max ♥6",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		d, err := Parse(src)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "cards: ") {
				t.Fatalf("error %q lacks the cards: prefix", err)
			}
			return
		}
		if len(d.Max) == 0 || len(d.Max) > MaxCards || len(d.Min) == 0 || len(d.Min) > MaxHands {
			t.Fatalf("accepted a deal past the limits: %q", d)
		}
		text := d.String()
		again, err := Parse(text)
		if err != nil {
			t.Fatalf("canonical text %q does not parse: %v", text, err)
		}
		if again.String() != text {
			t.Fatalf("canonical text %q prints as %q", text, again.String())
		}
	})
}
