package i18n

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/trace"
)

// requiredForms are the CLDR plural categories a plural message needs in
// each language (for integer and decimal counts).
var requiredForms = map[Lang][]string{
	English: {"one", "other"},
	German:  {"one", "other"},
	Czech:   {"one", "few", "many", "other"},
}

func forms(m interface {
	form(string) string
}, names []string) []string {
	var missing []string
	for _, f := range names {
		if m.form(f) == "" {
			missing = append(missing, f)
		}
	}
	return missing
}

type msg struct{ one, few, many, other string }

func (m msg) form(f string) string {
	switch f {
	case "one":
		return m.one
	case "few":
		return m.few
	case "many":
		return m.many
	}
	return m.other
}

// TestEveryMessageTranslated fails when a message of the English catalog
// lacks a translation in German or Czech, lacks a plural form the
// language needs, or when a translation has no English source.
func TestEveryMessageTranslated(t *testing.T) {
	en := cat.messages[English]
	for _, l := range Langs {
		t.Run(string(l), func(t *testing.T) {
			ms := cat.messages[l]
			for _, id := range IDs() {
				src := en[id]
				m, ok := ms[id]
				if !ok {
					t.Errorf("%s: message %q has no translation", l, id)
					continue
				}
				plural := src.One != ""
				if !plural {
					if m.Other == "" {
						t.Errorf("%s: message %q is empty", l, id)
					}
					continue
				}
				if miss := forms(msg{m.One, m.Few, m.Many, m.Other}, requiredForms[l]); len(miss) > 0 {
					t.Errorf("%s: plural message %q lacks the forms %v", l, id, miss)
				}
			}
			for id := range ms {
				if _, ok := en[id]; !ok {
					t.Errorf("%s: message %q has no English source", l, id)
				}
			}
		})
	}
}

// TestEveryMessageWords words every message in every language with
// arguments of every name the English uses, and plural messages with
// counts of every category, so that a broken template fails here.
func TestEveryMessageWords(t *testing.T) {
	argName := regexp.MustCompile(`\.([A-Z][A-Za-z]*)`)
	for _, l := range Langs {
		loc := For(l)
		for _, id := range IDs() {
			src := cat.messages[English][id]
			var text string
			for _, ll := range Langs {
				if m := cat.messages[ll][id]; m != nil {
					text += m.One + m.Few + m.Many + m.Other
				}
			}
			var kv []any
			for _, m := range argName.FindAllStringSubmatch(text, -1) {
				if m[1] != "Count" {
					kv = append(kv, m[1], "x"+m[1])
				}
			}
			counts := []int{-1}
			if src.One != "" {
				counts = []int{0, 1, 2, 5, 21}
			}
			for _, n := range counts {
				var got string
				var err error
				p := pairs(id, kv)
				if n >= 0 {
					p.Plural, p.Count = true, n
				}
				got, err = loc.localize(id, p.Data(), p.Plural, p.Count)
				if err != nil {
					t.Errorf("%s %q (count %d): %v", l, id, n, err)
					continue
				}
				if strings.Contains(got, "<no value>") || strings.Contains(got, "{{") {
					t.Errorf("%s %q (count %d) = %q: an argument is missing", l, id, n, got)
				}
			}
		}
	}
}

// TestPhraseEveryMessage: Phrase knows every message of every catalog in
// every language, English included (the pages', the errors' and the
// packages' own English, not only the narration's), and words it as T and
// N do.
func TestPhraseEveryMessage(t *testing.T) {
	argName := regexp.MustCompile(`\.([A-Z][A-Za-z]*)`)
	for _, l := range Langs {
		loc := For(l)
		for _, id := range IDs() {
			src := cat.messages[English][id]
			var kv []any
			for _, m := range argName.FindAllStringSubmatch(src.One+src.Other, -1) {
				if m[1] != "Count" {
					kv = append(kv, m[1], "x"+m[1])
				}
			}
			p, want := pairs(id, kv), ""
			if src.One != "" {
				p.Plural, p.Count = true, 2
				want = loc.N(id, 2, kv...)
			} else {
				want = loc.T(id, kv...)
			}
			if got := loc.Phrase(p); got != want || got == id {
				t.Errorf("%s: Phrase(%q) = %q, want %q", l, id, got, want)
			}
		}
	}
}

// TestIDsInCode fails when the code or the templates use a message ID
// that the English catalog lacks.
func TestIDsInCode(t *testing.T) {
	use := regexp.MustCompile(`\b(?:T|N)\((?:ctx|loc|l|c), "([a-z0-9][a-z0-9.\-]*)"|(?:Name|Note): "(example\.[a-z0-9.\-]+)"`)
	have := map[string]bool{}
	for _, id := range IDs() {
		have[id] = true
	}
	seen := 0
	for _, dir := range []string{"../templates", "../web", "../view", "../search/exercise"} {
		_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || strings.HasSuffix(path, "_templ.go") || strings.HasSuffix(path, "_test.go") ||
				!(strings.HasSuffix(path, ".go") || strings.HasSuffix(path, ".templ")) {
				return nil
			}
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range use.FindAllStringSubmatch(string(b), -1) {
				seen++
				if id := m[1] + m[2]; !have[id] {
					t.Errorf("%s uses message %q, which the English catalog lacks", path, id)
				}
			}
			return nil
		})
	}
	if seen == 0 {
		t.Error("found no message IDs in the code: the pattern is wrong")
	}
}

func TestNegotiate(t *testing.T) {
	tests := []struct {
		query, accept string
		want          Lang
	}{
		{"", "", English},
		{"de", "", German},
		{"cs", "de-DE,de;q=0.9", Czech},
		{"CS-cz", "", Czech},
		{"fr", "de-AT,de;q=0.9,en;q=0.5", German},
		{"", "cs-CZ,cs;q=0.9,en;q=0.8", Czech},
		{"", "fr-FR,fr;q=0.9", English},
		{"", "sk,cs;q=0.8", Czech},
		{"", "garbage;;;", English},
	}
	for _, tt := range tests {
		t.Run(tt.query+"|"+tt.accept, func(t *testing.T) {
			if got := Negotiate(tt.query, tt.accept); got != tt.want {
				t.Errorf("Negotiate(%q, %q) = %q, want %q", tt.query, tt.accept, got, tt.want)
			}
		})
	}
}

// TestCzechPlurals checks the CLDR categories through a real message:
// 1 one, 2–4 few, 5+ and 0 other.
func TestCzechPlurals(t *testing.T) {
	tests := []struct {
		n    int
		want string
	}{
		{1, "ohodnocen byl 1 list"},
		{3, "ohodnoceny byly 3 listy"},
		{5, "ohodnoceno bylo 5 listů"},
		{0, "ohodnoceno bylo 0 listů"},
		{22, "ohodnoceno bylo 22 listů"}, // CLDR: few is 2–4 only
	}
	for _, tt := range tests {
		p := trace.Phrase{ID: "narrate.done", Args: map[string]any{"Value": "3", "Move": "", "Cutoffs": ""}, Count: tt.n, Plural: true}
		if got := For(Czech).Phrase(p); !strings.Contains(got, tt.want) {
			t.Errorf("count %d: got %q, want it to contain %q", tt.n, got, tt.want)
		}
	}
}

// TestNarrationInEveryLanguage words every golden trace of the engine in
// each language: no sentence is left in English outside English.
func TestNarrationInEveryLanguage(t *testing.T) {
	english := textbookFrames(t, nil)
	for _, l := range []Lang{German, Czech} {
		frames := textbookFrames(t, For(l).Phrase)
		for i, f := range frames {
			got := f.Narration
			if got == "" || got == english[i].Narration {
				t.Errorf("%s step %d: got %q, the English %q", l, i+1, got, english[i].Narration)
			}
			for _, w := range []string{" the ", " is ", " node ", "returns", "value"} {
				if strings.Contains(got, w) {
					t.Errorf("%s step %d: %q still has the English %q", l, i+1, got, w)
				}
			}
		}
	}
	if got := textbookFrames(t, For(English).Phrase); got[0].Narration != english[0].Narration {
		t.Errorf("English: got %q, want %q", got[0].Narration, english[0].Narration)
	}
}

func TestLangs(t *testing.T) {
	if !slices.Equal(Langs, []Lang{English, German, Czech}) {
		t.Errorf("Langs = %v", Langs)
	}
	for _, l := range Langs {
		if got, ok := Parse(string(l)); !ok || got != l {
			t.Errorf("Parse(%q) = %q, %v", l, got, ok)
		}
	}
	if _, ok := Parse("fr"); ok {
		t.Error("Parse(fr) is ok, want not")
	}
}

// textbookFrames replays every golden trace of the engine (alpha-beta,
// minimax, chance and many-player searches) and returns each frame.
func textbookFrames(t *testing.T, words func(trace.Phrase) string) []trace.Frame {
	t.Helper()
	files, err := filepath.Glob("../search/testdata/*.jsonl")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden traces: %v", err)
	}
	var frames []trace.Frame
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		f := trace.NewFrame()
		f.Words = words
		for line := range strings.Lines(string(b)) {
			if strings.TrimSpace(line) == "" {
				continue
			}
			var e trace.Event
			if err := e.UnmarshalJSON([]byte(line)); err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			if err := f.Apply(e); err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			frames = append(frames, *f)
		}
	}
	return frames
}

// TestPseudocodeProse: every listing of every algorithm, worded in German
// and Czech, keeps no English prose (the keywords and the capitalised
// function names stay, as lectures write them).
func TestPseudocodeProse(t *testing.T) {
	english := []string{" returns a", "whose", "outcome", " when ", "seen from", "even ", "over the", "beyond", "by who",
		"reduction", "worth", "reduced", "cut on", "Alpha-beta", "negamax form", "every leaf",
		// the table's lines and the negamax family's
		"searched", "bound", "window", "nothing", "best move", "first move", "guess", "again", "share", "its value", "deepening", "passes"}
	for _, l := range []Lang{German, Czech} {
		loc := For(l)
		for _, algo := range search.Algorithms() {
			for _, form := range search.Forms(algo) {
				for _, rule := range []search.PruneRule{search.PruneGE, search.PruneGT} {
					for _, fail := range []search.FailMode{search.FailSoft, search.FailHard} {
						ls := search.Pseudocode(algo, form, rule, fail, trace.Max)
						texts := append([]string{ls.Title}, lineTexts(ls)...)
						// a minimax that keeps a table
						for _, text := range append(texts, lineTexts(search.WithTable(ls))...) {
							got := loc.Pseudocode(text)
							for _, w := range english {
								if strings.Contains(got, w) {
									t.Errorf("%s %v %v: %q still has %q", l, algo, form, got, w)
								}
							}
						}
					}
				}
			}
		}
	}
	if got := For(English).Pseudocode("return the first move whose value is v"); got != "return the first move whose value is v" {
		t.Errorf("English changed: %q", got)
	}
}

func lineTexts(l search.Listing) []string {
	out := make([]string, len(l.Lines))
	for i, ln := range l.Lines {
		out[i] = ln.Text
	}
	return out
}
