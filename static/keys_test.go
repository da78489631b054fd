package static

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"
)

// TestOneKeyMap: the scripts tell a field's keys from the page's with
// keys.js's typing and plainKey alone, and step with its stepKeys: no
// script keeps a copy of its own (three once behaved three ways).
func TestOneKeyMap(t *testing.T) {
	copies := regexp.MustCompile(`function typing\(|const keys = \{|instanceof HTMLInputElement|instanceof HTMLTextAreaElement|\["INPUT"`)
	files, err := fs.Glob(FS, "*.js")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		b, err := fs.ReadFile(FS, name)
		if err != nil {
			t.Fatal(err)
		}
		src := string(b)
		if name == "keys.js" {
			if !strings.Contains(src, "export function typing(") || !strings.Contains(src, "export const stepKeys") {
				t.Error("keys.js exports no typing or stepKeys")
			}
			continue
		}
		if m := copies.FindString(src); m != "" {
			t.Errorf("%s decides for itself which keys are a field's or the page's (%q): use keys.js", name, m)
		}
		if strings.Contains(src, "keydown") && !strings.Contains(src, `from "./keys.js"`) && !strings.Contains(src, "g.addEventListener(\"keydown\"") {
			t.Errorf("%s listens to keys without keys.js", name)
		}
	}
}
