package trace

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestEngineGoldenTraces replays the engine's golden traces
// (search/testdata/*.jsonl, read as files: trace does not import search).
// Each must replay without error, and the statistics replay counts must
// equal those the engine reports in its result.
func TestEngineGoldenTraces(t *testing.T) {
	files, err := filepath.Glob("../search/testdata/*.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Skip("no golden traces in ../search/testdata")
	}
	for _, name := range files {
		t.Run(filepath.Base(name), func(t *testing.T) {
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			var ev []Event
			sc := bufio.NewScanner(bytes.NewReader(data))
			sc.Buffer(nil, 1<<20)
			for sc.Scan() {
				if len(bytes.TrimSpace(sc.Bytes())) == 0 {
					continue
				}
				var e Event
				if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
					t.Fatalf("line %d: %v", len(ev)+1, err)
				}
				ev = append(ev, e)
			}
			f, err := Replay(ev)
			if err != nil {
				t.Fatal(err)
			}
			if !f.Done {
				t.Skip("trace does not reach done")
			}
			if !reflect.DeepEqual(f.Stats, f.Result.Stats) {
				t.Errorf("got replayed stats %+v, want the engine's %+v", f.Stats, f.Result.Stats)
			}
			checkResume(t, ev)
		})
	}
}

// TestTextbookMatchesEngine: the hand-written textbook trace is the engine's
// golden alpha-beta trace of the same tree, event for event, so the two
// sides of the contract agree.
func TestTextbookMatchesEngine(t *testing.T) {
	data, err := os.ReadFile("../search/testdata/textbook-alphabeta.jsonl")
	if os.IsNotExist(err) {
		t.Skip("no engine golden trace")
	}
	if err != nil {
		t.Fatal(err)
	}
	want := textbookEvents()
	lines := bytes.Split(bytes.TrimSpace(data), []byte("\n"))
	if len(lines) != len(want) {
		t.Fatalf("got %d engine events, want %d", len(lines), len(want))
	}
	for i, l := range lines {
		var got Event
		if err := json.Unmarshal(l, &got); err != nil {
			t.Fatal(err)
		}
		// Compare through JSON, which drops what the wire does not carry
		// (the window of a leaf event, for instance).
		b, err := json.Marshal(want[i])
		if err != nil {
			t.Fatal(err)
		}
		var w Event
		if err := json.Unmarshal(b, &w); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, w) {
			t.Errorf("step %d: engine %s\nhand-written %s", i+1, l, b)
		}
	}
}
