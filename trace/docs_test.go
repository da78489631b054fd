package trace

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
)

// fencedBlocks returns the fenced code blocks of a Markdown text whose info
// string is lang, in order.
func fencedBlocks(md, lang string) []string {
	var blocks []string
	var cur []string
	in := false
	for line := range strings.Lines(md) {
		line = strings.TrimRight(line, "\n")
		switch {
		case !in && line == "```"+lang:
			in, cur = true, nil
		case in && line == "```":
			in = false
			blocks = append(blocks, strings.Join(cur, "\n"))
		case in:
			cur = append(cur, line)
		}
	}
	return blocks
}

// TestDocsExamples checks that the examples in docs/trace-format.md are
// what the code produces for the textbook trace.
func TestDocsExamples(t *testing.T) {
	md, err := os.ReadFile("../docs/trace-format.md")
	if os.IsNotExist(err) {
		t.Skip("docs/trace-format.md not found")
	}
	if err != nil {
		t.Fatal(err)
	}
	ev := textbookEvents()
	fs := frames(t, ev)

	var lines []string
	for _, b := range fencedBlocks(string(md), "jsonl") {
		lines = append(lines, strings.Split(b, "\n")...)
	}
	jsons := fencedBlocks(string(md), "json")
	if len(jsons) < 3 {
		t.Fatalf("got %d json blocks, want at least 3", len(jsons))
	}
	lines = append(lines, strings.Split(jsons[0], "\n")...)
	if len(lines) < 10 {
		t.Fatalf("got %d example events, want at least 10", len(lines))
	}
	for _, l := range lines {
		var e Event
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		if e.Step < 1 || e.Step > len(ev) {
			t.Fatalf("%s: no such step", l)
		}
		if want := ev[e.Step-1]; !reflect.DeepEqual(e, want) {
			t.Errorf("docs step %d: got %v, want %v", e.Step, e, want)
		}
	}

	var frame Frame
	if err := json.Unmarshal([]byte(jsons[1]), &frame); err != nil {
		t.Fatal(err)
	}
	if want := fs[frame.Step]; !reflect.DeepEqual(&frame, want) {
		t.Errorf("docs frame: got %+v, want %+v", &frame, want)
	}

	var patch Patch
	if err := json.Unmarshal([]byte(jsons[2]), &patch); err != nil {
		t.Fatal(err)
	}
	if want := Diff(fs[patch.From], fs[patch.Step]); !reflect.DeepEqual(&patch, want) {
		t.Errorf("docs patch: got %+v, want %+v", &patch, want)
	}

	for _, step := range []int{26, 27, 28} {
		if quote := "> " + fs[step].Narration; !strings.Contains(string(md), quote) {
			t.Errorf("docs do not quote the narration of step %d: %q", step, quote)
		}
	}
}
