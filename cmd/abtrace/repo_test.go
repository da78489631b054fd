package main

import (
	"bytes"
	"go/format"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// repoRoot is the repository's top folder, two levels above this package.
const repoRoot = "../.."

// The README starts with exactly the two commands, and .ci/run runs the
// README's test command and nothing hidden beside it.
func TestREADMECommands(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var blocks []string
	parts := strings.Split(string(readme), "```")
	for i := 1; i < len(parts); i += 2 {
		body := parts[i]
		if nl := strings.IndexByte(body, '\n'); nl >= 0 {
			body = body[nl+1:]
		}
		blocks = append(blocks, strings.TrimSpace(body))
	}
	if len(blocks) < 2 {
		t.Fatalf("README has %d code blocks; want the run and test commands first", len(blocks))
	}
	if blocks[0] != "go run ./cmd/abtrace" {
		t.Errorf("first README command = %q; want %q", blocks[0], "go run ./cmd/abtrace")
	}
	testCmd := blocks[1]
	ci, err := os.ReadFile(filepath.Join(repoRoot, ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	var cmds []string
	for _, line := range strings.Split(string(ci), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "set ") || strings.HasPrefix(line, "cd ") ||
			line == "go version" || strings.HasPrefix(line, "apt-get") || strings.HasPrefix(line, "if ") ||
			line == "fi" || strings.HasPrefix(line, "command -v") || line == ". .ci/services" {
			continue
		}
		cmds = append(cmds, line)
	}
	// .ci/services starts the services the tests need, and runs no test.
	svc, err := os.ReadFile(filepath.Join(repoRoot, ".ci", "services"))
	if err != nil {
		t.Fatal(err)
	}
	for _, hidden := range []string{"go test", "go vet", "go run", ".ci/run"} {
		if strings.Contains(string(svc), hidden) {
			t.Errorf(".ci/services runs %q; it may only start services", hidden)
		}
	}
	if len(cmds) != 1 || cmds[0] != testCmd {
		t.Errorf(".ci/run runs %q; want exactly the README's test command %q", cmds, testCmd)
	}
}

// Every Go file is gofmt'd.
func TestGofmt(t *testing.T) {
	err := filepath.WalkDir(repoRoot, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		got, err := format.Source(src)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			return nil
		}
		if !bytes.Equal(got, src) {
			t.Errorf("%s is not gofmt'd: run gofmt -w %s", path, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestWorkersLeaveACore: no work sizes its goroutines by the cores but
// through search.Workers, which leaves search.CoresLeftFree cores to the
// sessions; the server's slots for heavy requests and loads (web) leave
// theirs by their own named rules.
func TestWorkersLeaveACore(t *testing.T) {
	allowed := map[string]bool{"search/budget.go": true, "web/limits.go": true, "web/hub.go": true}
	err := filepath.WalkDir(repoRoot, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		rel, _ := filepath.Rel(repoRoot, path)
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if (bytes.Contains(b, []byte("runtime.GOMAXPROCS(")) || bytes.Contains(b, []byte("runtime.NumCPU("))) && !allowed[filepath.ToSlash(rel)] {
			t.Errorf("%s sizes work by the cores; use search.Workers, which leaves a core to the sessions", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
