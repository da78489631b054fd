package gdl

import (
	"strings"
	"testing"
)

// FuzzParse reads any text: the reader never panics, and a text it reads
// prints back to rules that read again to the same rules.
func FuzzParse(f *testing.F) {
	for _, name := range Games() {
		src, _ := GameText(name)
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		d, err := Parse(src)
		if err != nil {
			if _, ok := err.(ErrorList); !ok {
				t.Fatalf("error %v is not an ErrorList", err)
			}
			return
		}
		var b strings.Builder
		for _, r := range d.Rules {
			b.WriteString(r.String())
			b.WriteByte('\n')
		}
		again, err := Parse(b.String())
		if err != nil {
			t.Fatalf("printed rules do not read again: %v\n%s", err, b.String())
		}
		if len(again.Rules) != len(d.Rules) {
			t.Fatalf("%d rules, %d after printing", len(d.Rules), len(again.Rules))
		}
		for i := range d.Rules {
			if again.Rules[i].String() != d.Rules[i].String() {
				t.Fatalf("rule %d: %s, then %s", i, d.Rules[i], again.Rules[i])
			}
		}
	})
}

// FuzzCheck checks and, when the checker accepts, compiles any text that
// reads (within small limits): no panic, every error at a place in the
// text, and a game that compiles plays its initial state.
func FuzzCheck(f *testing.F) {
	for _, name := range Games() {
		src, _ := GameText(name)
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 4096 {
			return
		}
		d, err := Parse(src)
		if err != nil {
			return
		}
		lines := strings.Count(src, "\n") + 1
		errs := Check(d)
		for _, e := range errs {
			if e.Rule == "" || e.Pos.Line < 1 || e.Pos.Line > lines || e.Pos.Col < 1 {
				t.Fatalf("error without a rule or outside the text: %v", e)
			}
		}
		if len(errs) > 0 {
			return
		}
		g, err := New(d)
		if err != nil {
			return
		}
		s := g.Init()
		for r := range g.Roles() {
			g.Legal(s, r)
		}
		g.Terminal(s)
		g.Goals(s)
	})
}
