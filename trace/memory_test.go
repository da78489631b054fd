package trace

import "testing"

// TestMemoryOfPasses replays the golden traces of iterative deepening and
// checks what the frame remembers: the table's entries survive the new
// pass, the probe of C in pass 2 links to the step where C was stored in
// pass 1, and pass 2 tries first the move pass 1 found best.
func TestMemoryOfPasses(t *testing.T) {
	f := NewFrame()
	var probeC *TableHit
	for _, e := range readGolden(t, "../search/testdata/textbook-id.jsonl") {
		if err := f.Apply(e); err != nil {
			t.Fatal(err)
		}
		if e.Type == TTProbe && e.Hit && e.Node == "1" {
			h := *f.Memory.LastHit
			probeC = &h
		}
	}
	m := f.Memory
	if m == nil {
		t.Fatal("no memory after a search with a table")
	}
	if got, want := len(m.Passes), 2; got != want {
		t.Fatalf("got %d passes, want %d", got, want)
	}
	for i, want := range []PassView{
		{Pass: 1, Draft: 1, Step: 1, First: "0", Best: "1", BestLabel: "C", HasValue: true, Value: 4, Bound: Exact, Nodes: 4},
		{Pass: 2, Draft: 2, Step: 27, First: "1", FirstLabel: "C", Best: "0", BestLabel: "B", HasValue: true, Value: 3, Bound: Exact, Nodes: 13},
	} {
		got := m.Passes[i]
		got.Alpha, got.Beta, got.Window = 0, 0, false
		if got != want {
			t.Errorf("pass %d: got %+v, want %+v", i+1, got, want)
		}
	}
	if probeC == nil || probeC.Stored != "1" || probeC.StoredStep != 15 || probeC.Label != "C" || probeC.Cut {
		t.Errorf("probe of C: got %+v, want a hit stored at node 1 on step 15, not settling C", probeC)
	}
	if got, want := m.Hits, 4; got != want {
		t.Errorf("got %d hits, want %d", got, want)
	}
	if c := m.Entries["1"]; c == nil || c.Step != 53 || c.Pass != 2 || c.Value != 2 || c.Draft != 1 || c.Best != "1.0" || c.Hits != 0 {
		t.Errorf("C's entry: got %+v, want the store of step 53 in pass 2 (2, 1 ply, best 1.0, no hit since)", c)
	}
	if g := f.Clone(); !g.Memory.Equal(m) {
		t.Error("a clone's memory differs")
	} else if g.Memory.Entries["1"].Hits++; g.Memory.Equal(m) {
		t.Error("a clone shares its entries")
	}
}

// TestMemoryOfResearches replays the golden trace of iterative deepening
// with an aspiration window: the fail-low re-search is remembered, and the
// pass it belongs to begins its root afresh.
func TestMemoryOfResearches(t *testing.T) {
	f := NewFrame()
	for _, e := range readGolden(t, "../search/testdata/textbook-id-aspiration.jsonl") {
		if err := f.Apply(e); err != nil {
			t.Fatal(err)
		}
		if e.Type == Research && e.Node == "" && e.Child == "" {
			// Until the root expands again, the pass row still says
			// which move it tries first, and no longer its best.
			p := f.Memory.Passes[len(f.Memory.Passes)-1]
			if p.First != "1" || p.FirstLabel != "C" || p.Best != "" || p.BestLabel != "" || p.HasValue {
				t.Errorf("after the re-search of step %d: got %+v, want C still tried first and no best move yet", e.Step, p)
			}
		}
	}
	m := f.Memory
	if m == nil || len(m.Researches) != 1 {
		t.Fatalf("got memory %+v, want one re-search", m)
	}
	if r := m.Researches[0]; r.Step != 58 || r.Node != "" || r.Child != "" || r.Test != "fail-low: 3 ≤ α = 3" {
		t.Errorf("got %+v, want the fail-low of step 58", r)
	}
	if p := m.Passes[1]; !p.Window || p.Alpha != 3 || p.Beta != 5 || p.Best != "0" || p.Value != 3 {
		t.Errorf("pass 2: got %+v, want the window (3, 5) and B worth 3 after the re-search", p)
	}
	if len(m.Entries) != 0 || m.Hits != 0 {
		t.Errorf("got %d entries and %d hits, want none without a table", len(m.Entries), m.Hits)
	}
}

// TestNarrateDoneAfterPasses replays the golden traces made of passes and
// checks the last caption: it tells what the passes did (how many, the
// nodes of each, the leaves, the table's answers) instead of saying that
// no cutoff saved work.
func TestNarrateDoneAfterPasses(t *testing.T) {
	tests := []struct{ golden, want string }{
		{"textbook-id", "Search done after 2 passes: the root's value is 3 and MAX moves to B. Nodes entered, pass by pass: 4, 13. In all, 12 leaves were evaluated, the table answered 4 probes."},
		{"textbook-id-aspiration", "Search done after 2 passes: the root's value is 3 and MAX moves to B. Nodes entered, pass by pass: 4, 20. In all, 15 leaves were evaluated and 3 cutoffs saved work."},
		{"textbook-mtdf", "Search done after 2 passes: the root's value is 3 and MAX moves to B. Nodes entered, pass by pass: 5, 9. In all, 7 leaves were evaluated, the table answered 3 probes and 3 cutoffs saved work."},
	}
	for _, tt := range tests {
		t.Run(tt.golden, func(t *testing.T) {
			f := NewFrame()
			var got string
			for _, e := range readGolden(t, "../search/testdata/"+tt.golden+".jsonl") {
				if e.Type == Done {
					got = Narrate(f, e)
				}
				if err := f.Apply(e); err != nil {
					t.Fatal(err)
				}
			}
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
