package trace

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"text/template"
)

// argKeys finds the arguments a message's text names.
var argKeys = regexp.MustCompile(`\.([A-Za-z_][A-Za-z0-9_]*)`)

// argValues are the values an argument is given: every type a phrase
// carries, and some it does not (which take text/template).
var argValues = []any{nil, "", "the root", "élan", "B", Name("b2"), Name(""), 0, 1, 7, -3, true, false, 1.5, []int{}}

// checkPlain compares the plain wording of text with text/template's over
// random arguments, and fails where they differ.
func checkPlain(t *testing.T, r *rand.Rand, name, text string, rounds int) {
	t.Helper()
	parsed, err := template.New(name).Funcs(TemplateFuncs).Option("missingkey=zero").Parse(text)
	if err != nil {
		return // the catalog tests report it
	}
	w := &wording{t: parsed, plain: compilePlain(text)}
	var keys []string
	for _, m := range argKeys.FindAllStringSubmatch(text, -1) {
		if !slices.Contains(keys, m[1]) {
			keys = append(keys, m[1])
		}
	}
	for range rounds {
		data := map[string]any{}
		for _, k := range keys {
			if v := argValues[r.IntN(len(argValues)+1)%len(argValues)]; v != nil || r.IntN(2) == 0 {
				data[k] = v
			}
		}
		got, gotOK := w.word(data)
		want, wantOK := execute(parsed, data)
		if got != want || gotOK != wantOK {
			t.Fatalf("%s %q with %v: got %q (%v), want %q (%v)", name, text, data, got, gotOK, want, wantOK)
		}
	}
}

// The plain form of a message words every phrase as text/template does:
// every English message of the narration, and templates made to reach
// each action and its edges.
func TestPlainMessageMatchesTemplate(t *testing.T) {
	rounds := 200
	if raceDetector || testing.Short() {
		rounds = 20
	}
	r := rand.New(rand.NewPCG(11, 11))
	plain := 0
	for _, id := range slices.Sorted(func(yield func(string) bool) {
		for id := range English {
			if !yield(id) {
				return
			}
		}
	}) {
		m := English[id]
		for _, text := range []string{m.One, m.Other} {
			if text == "" {
				continue
			}
			if compilePlain(text) != nil {
				plain++
			}
			checkPlain(t, r, id, text, rounds)
		}
	}
	// Nearly every message is plain: that is the point of the plain form.
	if min := len(English) * 9 / 10; plain < min {
		t.Errorf("got %d plain messages, want at least %d of %d", plain, min, len(English))
	}
	for _, tc := range []struct {
		text  string
		plain bool
	}{
		{"", true},
		{"no action", true},
		{"{{.A}}", true},
		{"{{cap .A}} and {{.B}}.", true},
		{"{{if .A}}a{{end}}", true},
		{"{{if .A}}{{else}}{{end}}", true},
		{"{{if .A}}x{{if .B}}y{{else}}{{cap .C}}{{end}}z{{else}}w{{end}}!", true},
		{"{{if eq .Count 0}}none{{else}}{{.Count}} of them{{end}}", true},
		{"{{if eq .Count 1}}one{{end}}", false},
		{"{{ .A }}", false},
		{"{{- .A}}", false},
		{"{{.A.B}}", false},
		{"{{printf \"%d\" .A}}", false},
		{"{{range .A}}x{{end}}", false},
		{"{{if .A}}open", false},
		{"close{{end}}", false},
		{"{{else}}", false},
		{"{{.A", false},
		{"{{.1A}}", false},
	} {
		t.Run(tc.text, func(t *testing.T) {
			if got := compilePlain(tc.text) != nil; got != tc.plain {
				t.Errorf("plain: got %v, want %v", got, tc.plain)
			}
			if strings.Count(tc.text, "{{")+strings.Count(tc.text, "}}") > 0 || tc.plain {
				checkPlain(t, r, "case", tc.text, rounds)
			}
		})
	}
}
