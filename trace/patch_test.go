package trace

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// checkDiff checks that for every pair a ≤ b of steps, Diff then ApplyPatch
// takes the frame at a to the frame at b, directly or through JSON.
func checkDiff(t *testing.T, fs []*Frame, viaJSON bool) {
	t.Helper()
	for a := range fs {
		for b := a; b < len(fs); b++ {
			checkPatch(t, fs, a, b, viaJSON)
		}
	}
}

// checkPatch checks that Diff then ApplyPatch takes fs[a] to fs[b].
func checkPatch(t *testing.T, fs []*Frame, a, b int, viaJSON bool) {
	t.Helper()
	p := Diff(fs[a], fs[b])
	if p.From != a || p.Step != b {
		t.Fatalf("%d→%d: got patch %d→%d", a, b, p.From, p.Step)
	}
	if viaJSON {
		data, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		p = new(Patch)
		if err := json.Unmarshal(data, p); err != nil {
			t.Fatal(err)
		}
	}
	got := fs[a].Clone()
	if err := got.ApplyPatch(p); err != nil {
		t.Fatalf("%d→%d: %v", a, b, err)
	}
	want := fs[b]
	if viaJSON {
		// The evaluation's panel is the server's: the page's patches do
		// not carry what it reads.
		w := *want
		w.Evaluated, w.Estimated = got.Evaluated, got.Estimated
		want = &w
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%d→%d: got %+v, want %+v", a, b, got, want)
	}
}

func TestDiffTextbook(t *testing.T) {
	fs := frames(t, textbookEvents())
	checkDiff(t, fs, false)
	checkDiff(t, fs, true)
}

// TestDiffRandom checks every pair of steps of random traces of up to 100
// events, and the one-step and whole-trace patches of longer ones (all pairs
// of a 200-event trace take too long under -race).
func TestDiffRandom(t *testing.T) {
	n := 60
	if testing.Short() || raceDetector {
		n = 15
	}
	short := 0
	for i, s := range seeds(4 * n) {
		ev := genTrace(s)
		fs := frames(t, ev)
		if len(ev) > 100 {
			t.Run(seedName(s), func(t *testing.T) {
				for a := range len(fs) - 1 {
					checkPatch(t, fs, a, a+1, false)
					checkPatch(t, fs, a, len(fs)-1, a%10 == 0)
				}
			})
			continue
		}
		if short++; short > n {
			break
		}
		t.Run(seedName(s), func(t *testing.T) { checkDiff(t, fs, i%10 == 0) })
	}
}

func TestDiffFromNil(t *testing.T) {
	want, err := Replay(textbookEvents())
	if err != nil {
		t.Fatal(err)
	}
	got := NewFrame()
	if err := got.ApplyPatch(Diff(nil, want)); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

// TestDiffNodes checks which nodes a one-step patch carries.
func TestDiffNodes(t *testing.T) {
	fs := frames(t, textbookEvents())
	tests := []struct {
		step  int
		nodes []string
	}{
		{1, []string{""}},
		{2, []string{""}},
		{9, []string{"0"}},
		{27, []string{"1", "1.1", "1.2"}},
		{46, []string{"2"}},
		{50, nil},
	}
	for _, tt := range tests {
		p := Diff(fs[tt.step-1], fs[tt.step])
		var got []string
		for id := range p.Nodes {
			got = append(got, id)
		}
		slices.Sort(got)
		if !slices.Equal(got, tt.nodes) {
			t.Errorf("step %d: got nodes %q, want %q", tt.step, got, tt.nodes)
		}
	}
}

func TestApplyPatchErrors(t *testing.T) {
	fs := frames(t, textbookEvents())
	tests := []struct {
		name  string
		frame *Frame
		patch *Patch
		want  string
	}{
		{"wrong from", fs[3], Diff(fs[2], fs[5]), "patch from step 2 applied to the frame at step 3"},
		{"backwards", fs[5], &Patch{From: 5, Step: 4}, "goes back"},
		{"nil node", fs[0], &Patch{From: 0, Step: 1, Nodes: map[string]*NodeView{"": nil}}, "no view of node"},
		{"nil patch", fs[0], nil, "nil patch"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := tt.frame.Clone()
			err := f.ApplyPatch(tt.patch)
			if err == nil || !strings.HasPrefix(err.Error(), "trace: ") || !strings.Contains(err.Error(), tt.want) || !errors.Is(err, ErrBadTrace) {
				t.Fatalf("got %v, want a trace: error containing %q", err, tt.want)
			}
			if !reflect.DeepEqual(f, tt.frame) {
				t.Errorf("a failed ApplyPatch changed the frame")
			}
		})
	}
}

func TestPatchJSONNames(t *testing.T) {
	fs := frames(t, textbookEvents())
	b, err := json.Marshal(Diff(fs[26], fs[27]))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"from":26,"step":27,"nodes":{"1":{"state":"open","kind":"min","depth":1,"label":"C","alpha":3,"beta":"inf","value":2,"bound":"upper","text":"≤ 2","order":[0,1,2],"test":"2 ≤ α = 3"},` +
		`"1.1":{"state":"pruned","depth":2,"test":"2 ≤ α = 3"},"1.2":{"state":"pruned","depth":2,"test":"2 ≤ α = 3"}},` +
		`"current":"1","stack":["","1"],"line":"min-prune","type":"prune",` +
		`"narration":"MIN node C has value 2 ≤ α = 3, so MAX will never come here: its last two children are pruned.",` +
		`"stats":{"nodes":7,"leaves":4,"cutoffs":1,"nodes_at":[1,2,4],"leaves_at":[0,0,4],"cutoffs_at":[0,1,0]}}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
}

// patchSizes returns the JSON size of every one-step patch of ev.
func patchSizes(t testing.TB, ev []Event) []int {
	f := NewFrame()
	var sizes []int
	for _, e := range ev {
		g := f.Clone()
		if err := g.Apply(e); err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(Diff(f, g))
		if err != nil {
			t.Fatal(err)
		}
		sizes = append(sizes, len(b))
		f = g
	}
	return sizes
}

// TestPatchSize logs the JSON size of the one-step patches of the textbook
// trace; run with -v to see it. It fails only if a patch is absurdly large,
// which would mean Diff sends nodes that did not change.
func TestPatchSize(t *testing.T) {
	sizes := patchSizes(t, textbookEvents())
	total := 0
	for _, n := range sizes {
		total += n
	}
	t.Logf("textbook one-step patches: %d steps, mean %d bytes, min %d, max %d, total %d",
		len(sizes), total/len(sizes), slices.Min(sizes), slices.Max(sizes), total)
	if m := slices.Max(sizes); m > 2000 {
		t.Errorf("got a %d-byte one-step patch, want well under 2000", m)
	}
}

// BenchmarkPatch measures Diff and its JSON encoding over the one-step
// patches of the textbook trace, and reports their mean size.
func BenchmarkPatch(b *testing.B) {
	fs := frames(b, textbookEvents())
	bytes := 0
	n := 0
	for b.Loop() {
		for i := 1; i < len(fs); i++ {
			data, err := json.Marshal(Diff(fs[i-1], fs[i]))
			if err != nil {
				b.Fatal(err)
			}
			bytes += len(data)
			n++
		}
	}
	b.ReportMetric(float64(bytes)/float64(n), "B/patch")
}

// BenchmarkReplay measures replaying the textbook trace from the start.
func BenchmarkReplay(b *testing.B) {
	ev := textbookEvents()
	for b.Loop() {
		if _, err := Replay(ev); err != nil {
			b.Fatal(err)
		}
	}
}

// TestDiffAcrossPasses checks the patches of the golden traces with passes
// and re-searches, where nodes go back to unvisited: a patch across a new
// pass lists them as gone, and applying it gives the frame of the pass.
// (Patches do not carry the frame's memory of the table and the passes.)
func TestDiffAcrossPasses(t *testing.T) {
	for _, name := range []string{"textbook-id", "textbook-id-aspiration", "textbook-mtdf"} {
		t.Run(name, func(t *testing.T) {
			fs := frames(t, readGolden(t, "../search/testdata/"+name+".jsonl"))
			for _, f := range fs {
				f.Memory = nil
			}
			gone := 0
			for i := 1; i < len(fs); i++ {
				gone += len(Diff(fs[i-1], fs[i]).Gone)
				checkPatch(t, fs, i-1, i, true)
				checkPatch(t, fs, 0, i, false)
				checkPatch(t, fs, i/2, i, false)
			}
			if gone == 0 {
				t.Error("no node went back to unvisited")
			}
		})
	}
}
