package view

import (
	"bytes"
	"encoding/json"
	"flag"
	"github.com/abtrace/abtrace/search/tree"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// patchStream steps a cursor through every step of a scenario and returns
// the drawing patches, one JSON line each: the whole drawing at step 0,
// then the patch of every step.
func patchStream(t *testing.T, query string) []byte {
	t.Helper()
	p, s := prepare(t, query)
	c := NewCursor(p, s)
	defer c.Close()
	work(t, c, 0)
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	prev := c.Drawing()
	if err := enc.Encode(Diff(nil, prev)); err != nil {
		t.Fatal(err)
	}
	for !c.AtEnd() {
		c.Forward(1)
		work(t, c, 0)
		d := c.Drawing()
		if err := enc.Encode(Diff(prev, d)); err != nil {
			t.Fatal(err)
		}
		prev = d
	}
	return out.Bytes()
}

// TestPatchStreamGolden pins the drawing attributes, step by step, of the
// textbook tree under alpha-beta and of the textbook tree with chance
// nodes under Star1: the viewer and the comparison draw from these
// patches, so both draw the same node the same way.
func TestPatchStreamGolden(t *testing.T) {
	for _, tc := range []struct{ name, query string }{
		{"textbook-alphabeta", "tree=" + tree.TwoPlyGameTreePlain},
		{"textbook-chance-star1", "tree=" + tree.TwoPlyGameTreeChance + "&algo=star1&bounds=0,15"},
		// Each pass of iterative deepening draws afresh: at a pass event
		// every node of the last pass goes back to unvisited.
		{"textbook-id", "tree=" + tree.TwoPlyGameTreeEstimates + "&algo=id&tt=64"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := patchStream(t, tc.query)
			path := filepath.Join("testdata", tc.name+".patches.jsonl")
			if *update {
				if err := os.MkdirAll("testdata", 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./view -run PatchStreamGolden -update to write it)", err)
			}
			if !bytes.Equal(got, want) {
				gl, wl := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
				for i := 0; i < min(len(gl), len(wl)); i++ {
					if !bytes.Equal(gl[i], wl[i]) {
						t.Fatalf("line %d (step %d):\ngot  %s\nwant %s", i+1, i, gl[i], wl[i])
					}
				}
				t.Fatalf("got %d lines, want %d", len(gl), len(wl))
			}
		})
	}
}

// TestPatchesRebuildDrawing applies every step's patch to the attributes
// of the step before and checks that it gives the attributes of the
// drawing at that step, on every scenario of the cursor tests.
func TestPatchesRebuildDrawing(t *testing.T) {
	for i, q := range cursorScenarios {
		if !raceShare(i+4, 1) {
			continue // under the race detector, the scenarios TestPainterEqualsDiff leaves
		}
		t.Run(q, func(t *testing.T) {
			p, s := prepare(t, q)
			c := NewCursor(p, s)
			defer c.Close()
			work(t, c, 0)
			prev := c.Drawing()
			attrs := map[string]NodeAttrs{}
			for _, a := range Diff(nil, prev).Nodes {
				attrs[a.ID] = a
			}
			for i := 0; i < 200 && !c.AtEnd(); i++ {
				c.Forward(1 + i%3)
				work(t, c, 0)
				d := c.Drawing()
				patch := Diff(prev, d)
				if patch.From != prev.Step || patch.Step != d.Step {
					t.Fatalf("patch from %d to %d, want %d to %d", patch.From, patch.Step, prev.Step, d.Step)
				}
				for _, a := range patch.Nodes {
					attrs[a.ID] = a
				}
				for _, a := range d.Attrs() {
					if got := attrs[a.ID]; !reflect.DeepEqual(got, a) {
						t.Fatalf("step %d, node %q: got %+v, want %+v", d.Step, a.ID, got, a)
					}
				}
				prev = d
			}
		})
	}
}
