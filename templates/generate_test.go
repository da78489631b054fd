package templates

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The committed *_templ.go files are exactly what `go tool templ generate`
// makes of the .templ files, so nobody edits generated code by hand and
// nobody forgets to regenerate.
func TestGeneratedFilesAreCurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the templ generator")
	}
	srcs, err := filepath.Glob("*.templ")
	if err != nil || len(srcs) == 0 {
		t.Fatalf("no .templ files found: %v", err)
	}
	dir := t.TempDir()
	for _, src := range srcs {
		b, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, src), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "tool", "templ", "generate", "-path", dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go tool templ generate: %v\n%s", err, out)
	}
	for _, src := range srcs {
		gen := strings.TrimSuffix(src, ".templ") + "_templ.go"
		want, err := os.ReadFile(filepath.Join(dir, gen))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(gen)
		if err != nil {
			t.Fatalf("%s is missing: run go tool templ generate", gen)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is not what templ generates from %s: run go tool templ generate and commit the result", gen, src)
		}
	}
}
