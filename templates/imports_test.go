package templates

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// allowedImports are what the pages may import besides the standard
// library: view decides everything they show, i18n words it, templ writes
// it (docs/design-notes.md: "view decides every drawing").
var allowedImports = map[string]bool{
	"github.com/abtrace/abtrace/view": true,
	"github.com/abtrace/abtrace/i18n": true,
	"github.com/a-h/templ":            true,
	"github.com/a-h/templ/runtime":    true,
}

// TestImportsOnlyView fails when a file of the package (its templ sources'
// generated code included, its tests not) imports anything but the
// standard library, view, i18n and templ: a page that reached into the
// search or the trace would decide what view should.
func TestImportsOnlyView(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if first, _, _ := strings.Cut(path, "/"); !strings.Contains(first, ".") {
				continue // the standard library
			}
			if !allowedImports[path] {
				t.Errorf("%s imports %s: the pages import only view, i18n and templ", name, path)
			}
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no file checked")
	}
}
