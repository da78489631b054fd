package templates

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The committed *_templ.go files are exactly what `go tool templ generate`,
// run at the repository's top, makes of the .templ files, so nobody edits
// generated code by hand and nobody forgets to regenerate.
func TestGeneratedFilesAreCurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the templ generator")
	}
	srcs, err := filepath.Glob("*.templ")
	if err != nil || len(srcs) == 0 {
		t.Fatalf("no .templ files found: %v", err)
	}
	// A copy laid out as in the repository: the generator names each
	// source by its path from the module's top (templates/view.templ).
	top := t.TempDir()
	mod, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(top, "go.mod"), mod, 0o644); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(top, "templates")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, src := range srcs {
		b, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, src), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The module's own templ (the tool pinned in go.mod), run from the copy.
	bin, err := exec.Command("go", "tool", "-n", "templ").Output()
	if err != nil {
		t.Fatalf("go tool -n templ: %v", err)
	}
	cmd := exec.Command(strings.TrimSpace(string(bin)), "generate")
	cmd.Dir = top
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
			t.Errorf("%s is not what templ generates from %s: run go tool templ generate at the top of the repository and commit the result", gen, src)
		}
	}
}
