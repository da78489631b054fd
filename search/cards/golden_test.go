package cards

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/trace"
)

var update = flag.Bool("update", false, "rewrite the golden traces under testdata/")

// goldenDeal is a two-trick deal small enough to read event by event:
// MAX leads ♠A or ♥2; MIN must follow suit. Leading ♠A takes the first
// trick (♠A over ♠K); MIN then leads ♥3 and takes the second over ♥2:
// 1 trick. Leading ♥2 loses it to ♥3, MIN leads ♠K and ♠A takes it: 1
// trick. Either way MAX takes 1, so the root's value is 1.
const goldenDeal = "max: ♠A ♥2\nmin: ♠K ♥3"

// TestGolden pins every event of alpha-beta and of three MCTS iterations
// (seed 1) on goldenDeal's open game, cards named as the deal writes them.
func TestGolden(t *testing.T) {
	d, err := Parse(goldenDeal)
	if err != nil {
		t.Fatal(err)
	}
	g, st := d.Game(0)
	for _, c := range []struct {
		name string
		run  func(trace.Recorder) (trace.Result, error)
		want float64
	}{
		{"alphabeta", func(rec trace.Recorder) (trace.Result, error) {
			return search.AlphaBeta(g, st, search.Options[State]{}, rec)
		}, 1},
		{"mcts", func(rec trace.Recorder) (trace.Result, error) {
			return search.MCTS(g, st, search.MCTSOptions[State]{Iterations: 3, Seed: 1, Bounds: search.Bounds{L: 0, U: 2}}, rec)
		}, -1},
	} {
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			var evs []trace.Event
			res, err := c.run(func(e *trace.Event) bool {
				b, err := json.Marshal(e)
				if err != nil {
					t.Fatal(err)
				}
				buf.Write(b)
				buf.WriteByte('\n')
				var back trace.Event
				if err := json.Unmarshal(b, &back); err != nil {
					t.Fatal(err)
				}
				evs = append(evs, back)
				return true
			})
			if err != nil {
				t.Fatal(err)
			}
			if c.want >= 0 && float64(res.Value) != c.want {
				t.Errorf("value %v, want %v tricks", res.Value, c.want)
			}
			if _, err := trace.Replay(evs); err != nil {
				t.Fatalf("the trace does not replay: %v", err)
			}
			path := filepath.Join("testdata", "golden-"+c.name+".jsonl")
			if *update {
				if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./search/cards -run Golden -update to create it)", err)
			}
			gl, wl := bytes.Split(buf.Bytes(), []byte("\n")), bytes.Split(want, []byte("\n"))
			for i := 0; i < len(gl) && i < len(wl); i++ {
				if !bytes.Equal(gl[i], wl[i]) {
					t.Fatalf("event %d differs:\n got %s\nwant %s", i+1, gl[i], wl[i])
				}
			}
			if len(gl) != len(wl) {
				t.Fatalf("got %d lines, want %d", len(gl), len(wl))
			}
		})
	}
}
