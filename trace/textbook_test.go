package trace

import (
	"reflect"
	"testing"
)

var (
	negInf = Inf(-1)
	posInf = Inf(1)
)

// textbookEvents is the alpha-beta trace of the textbook tree
// A(B(3 12 8) C(2 4 6) D(14 5 2)), root MAX, natural order, fail-soft, cut
// tests v ≥ β at MAX and v ≤ α at MIN, written out by hand from the
// contract in docs/trace-format.md.
//
// At D the test 2 ≤ α = 3 fires at the last child: a prune with nothing to
// prune, not counted as a cutoff. D still returns 2 exact: every child was
// searched and returned an exact value, and the exit's bound is what counts.
// The engine's golden trace search/testdata/textbook-alphabeta.jsonl is the
// same list.
func textbookEvents() []Event {
	ev := []Event{
		{Type: Enter, Line: "max-enter", Node: "", Kind: Max, Label: "A", Window: true, Alpha: negInf, Beta: posInf},
		{Type: Expand, Line: "max-loop", Node: "", Kind: Max, Order: []int{0, 1, 2}, By: "natural"},

		{Type: Enter, Line: "min-enter", Node: "0", Kind: Min, Depth: 1, Label: "B", Window: true, Alpha: negInf, Beta: posInf},
		{Type: Expand, Line: "min-loop", Node: "0", Kind: Min, Depth: 1, Order: []int{0, 1, 2}, By: "natural"},
		{Type: Enter, Line: "max-enter", Node: "0.0", Kind: Max, Depth: 2, Window: true, Alpha: negInf, Beta: posInf},
		{Type: Leaf, Line: "max-terminal", Node: "0.0", Kind: Max, Depth: 2, Terminal: true, Value: 3},
		{Type: Exit, Line: "max-terminal", Node: "0.0", Kind: Max, Depth: 2, Window: true, Alpha: negInf, Beta: posInf, Value: 3, Bound: Exact},
		{Type: Update, Line: "min-value", Node: "0", Kind: Min, Depth: 1, Window: true, Alpha: negInf, Beta: posInf, Child: "0.0", ChildValue: 3, Value: 3, Changed: "value"},
		{Type: Update, Line: "min-beta", Node: "0", Kind: Min, Depth: 1, Window: true, Alpha: negInf, Beta: 3, Child: "0.0", ChildValue: 3, Value: 3, Changed: "beta"},
		{Type: Enter, Line: "max-enter", Node: "0.1", Kind: Max, Depth: 2, Window: true, Alpha: negInf, Beta: 3},
		{Type: Leaf, Line: "max-terminal", Node: "0.1", Kind: Max, Depth: 2, Terminal: true, Value: 12},
		{Type: Exit, Line: "max-terminal", Node: "0.1", Kind: Max, Depth: 2, Window: true, Alpha: negInf, Beta: 3, Value: 12, Bound: Exact},
		{Type: Update, Line: "min-value", Node: "0", Kind: Min, Depth: 1, Window: true, Alpha: negInf, Beta: 3, Child: "0.1", ChildValue: 12, Value: 3},
		{Type: Enter, Line: "max-enter", Node: "0.2", Kind: Max, Depth: 2, Window: true, Alpha: negInf, Beta: 3},
		{Type: Leaf, Line: "max-terminal", Node: "0.2", Kind: Max, Depth: 2, Terminal: true, Value: 8},
		{Type: Exit, Line: "max-terminal", Node: "0.2", Kind: Max, Depth: 2, Window: true, Alpha: negInf, Beta: 3, Value: 8, Bound: Exact},
		{Type: Update, Line: "min-value", Node: "0", Kind: Min, Depth: 1, Window: true, Alpha: negInf, Beta: 3, Child: "0.2", ChildValue: 8, Value: 3},
		{Type: Exit, Line: "min-return", Node: "0", Kind: Min, Depth: 1, Window: true, Alpha: negInf, Beta: 3, Value: 3, Bound: Exact},
		{Type: Update, Line: "max-value", Node: "", Kind: Max, Window: true, Alpha: negInf, Beta: posInf, Child: "0", ChildValue: 3, Value: 3, Changed: "value"},
		{Type: Update, Line: "max-alpha", Node: "", Kind: Max, Window: true, Alpha: 3, Beta: posInf, Child: "0", ChildValue: 3, Value: 3, Changed: "alpha"},

		{Type: Enter, Line: "min-enter", Node: "1", Kind: Min, Depth: 1, Label: "C", Window: true, Alpha: 3, Beta: posInf},
		{Type: Expand, Line: "min-loop", Node: "1", Kind: Min, Depth: 1, Order: []int{0, 1, 2}, By: "natural"},
		{Type: Enter, Line: "max-enter", Node: "1.0", Kind: Max, Depth: 2, Window: true, Alpha: 3, Beta: posInf},
		{Type: Leaf, Line: "max-terminal", Node: "1.0", Kind: Max, Depth: 2, Terminal: true, Value: 2},
		{Type: Exit, Line: "max-terminal", Node: "1.0", Kind: Max, Depth: 2, Window: true, Alpha: 3, Beta: posInf, Value: 2, Bound: Exact},
		{Type: Update, Line: "min-value", Node: "1", Kind: Min, Depth: 1, Window: true, Alpha: 3, Beta: posInf, Child: "1.0", ChildValue: 2, Value: 2, Changed: "value"},
		{Type: Prune, Line: "min-prune", Node: "1", Kind: Min, Depth: 1, Window: true, Alpha: 3, Beta: posInf, Value: 2, Test: "2 ≤ α = 3", Pruned: []string{"1.1", "1.2"}},
		{Type: Exit, Line: "min-prune", Node: "1", Kind: Min, Depth: 1, Window: true, Alpha: 3, Beta: posInf, Value: 2, Bound: Upper},
		{Type: Update, Line: "max-value", Node: "", Kind: Max, Window: true, Alpha: 3, Beta: posInf, Child: "1", ChildValue: 2, ChildBound: Upper, Value: 3},

		{Type: Enter, Line: "min-enter", Node: "2", Kind: Min, Depth: 1, Label: "D", Window: true, Alpha: 3, Beta: posInf},
		{Type: Expand, Line: "min-loop", Node: "2", Kind: Min, Depth: 1, Order: []int{0, 1, 2}, By: "natural"},
		{Type: Enter, Line: "max-enter", Node: "2.0", Kind: Max, Depth: 2, Window: true, Alpha: 3, Beta: posInf},
		{Type: Leaf, Line: "max-terminal", Node: "2.0", Kind: Max, Depth: 2, Terminal: true, Value: 14},
		{Type: Exit, Line: "max-terminal", Node: "2.0", Kind: Max, Depth: 2, Window: true, Alpha: 3, Beta: posInf, Value: 14, Bound: Exact},
		{Type: Update, Line: "min-value", Node: "2", Kind: Min, Depth: 1, Window: true, Alpha: 3, Beta: posInf, Child: "2.0", ChildValue: 14, Value: 14, Changed: "value"},
		{Type: Update, Line: "min-beta", Node: "2", Kind: Min, Depth: 1, Window: true, Alpha: 3, Beta: 14, Child: "2.0", ChildValue: 14, Value: 14, Changed: "beta"},
		{Type: Enter, Line: "max-enter", Node: "2.1", Kind: Max, Depth: 2, Window: true, Alpha: 3, Beta: 14},
		{Type: Leaf, Line: "max-terminal", Node: "2.1", Kind: Max, Depth: 2, Terminal: true, Value: 5},
		{Type: Exit, Line: "max-terminal", Node: "2.1", Kind: Max, Depth: 2, Window: true, Alpha: 3, Beta: 14, Value: 5, Bound: Exact},
		{Type: Update, Line: "min-value", Node: "2", Kind: Min, Depth: 1, Window: true, Alpha: 3, Beta: 14, Child: "2.1", ChildValue: 5, Value: 5, Changed: "value"},
		{Type: Update, Line: "min-beta", Node: "2", Kind: Min, Depth: 1, Window: true, Alpha: 3, Beta: 5, Child: "2.1", ChildValue: 5, Value: 5, Changed: "beta"},
		{Type: Enter, Line: "max-enter", Node: "2.2", Kind: Max, Depth: 2, Window: true, Alpha: 3, Beta: 5},
		{Type: Leaf, Line: "max-terminal", Node: "2.2", Kind: Max, Depth: 2, Terminal: true, Value: 2},
		{Type: Exit, Line: "max-terminal", Node: "2.2", Kind: Max, Depth: 2, Window: true, Alpha: 3, Beta: 5, Value: 2, Bound: Exact},
		{Type: Update, Line: "min-value", Node: "2", Kind: Min, Depth: 1, Window: true, Alpha: 3, Beta: 5, Child: "2.2", ChildValue: 2, Value: 2, Changed: "value"},
		{Type: Prune, Line: "min-prune", Node: "2", Kind: Min, Depth: 1, Window: true, Alpha: 3, Beta: 5, Value: 2, Test: "2 ≤ α = 3"},
		{Type: Exit, Line: "min-prune", Node: "2", Kind: Min, Depth: 1, Window: true, Alpha: 3, Beta: 5, Value: 2, Bound: Exact},
		{Type: Update, Line: "max-value", Node: "", Kind: Max, Window: true, Alpha: 3, Beta: posInf, Child: "2", ChildValue: 2, ChildBound: Exact, Value: 3},

		{Type: Exit, Line: "max-return", Node: "", Kind: Max, Window: true, Alpha: 3, Beta: posInf, Value: 3, Bound: Exact},
		{Type: Done, Line: "done", Node: "", Kind: Max, Result: &Result{
			Value: 3, Best: "0", PV: []string{"0", "0.0"},
			Stats: Stats{Nodes: 11, Leaves: 7, Cutoffs: 1, NodesAt: []int{1, 3, 7}, LeavesAt: []int{0, 0, 7}, CutoffsAt: []int{0, 1, 0}},
		}},
	}
	for i := range ev {
		ev[i].Step = i + 1
		// A leaf is named by its value, as it is drawn.
		if e := ev[i]; e.Type == Enter && e.Label == "" && i+1 < len(ev) && ev[i+1].Type == Leaf {
			ev[i].Label = ev[i+1].Value.String()
		}
	}
	return ev
}

// stepOf returns the step of the first event of type t at node id.
func stepOf(t *testing.T, ev []Event, typ Type, id string) int {
	t.Helper()
	for _, e := range ev {
		if e.Type == typ && e.Node == id {
			return e.Step
		}
	}
	t.Fatalf("no %s event at node %q", typ, id)
	return 0
}

func TestTextbookFinalFrame(t *testing.T) {
	f, err := Replay(textbookEvents())
	if err != nil {
		t.Fatal(err)
	}
	nodes := []struct {
		id          string
		state       State
		text, test  string
		alpha, beta Num
	}{
		{"", StateDone, "3", "", 3, posInf},
		{"0", StateDone, "3", "", negInf, 3},
		{"0.0", StateDone, "3", "", negInf, posInf},
		{"0.1", StateDone, "12", "", negInf, 3},
		{"0.2", StateDone, "8", "", negInf, 3},
		{"1", StateDone, "≤ 2", "2 ≤ α = 3", 3, posInf},
		{"1.0", StateDone, "2", "", 3, posInf},
		{"1.1", StatePruned, "", "2 ≤ α = 3", 0, 0},
		{"1.2", StatePruned, "", "2 ≤ α = 3", 0, 0},
		{"2", StateDone, "2", "2 ≤ α = 3", 3, 5},
		{"2.0", StateDone, "14", "", 3, posInf},
		{"2.1", StateDone, "5", "", 3, 14},
		{"2.2", StateDone, "2", "", 3, 5},
	}
	if got, want := len(f.Nodes), len(nodes); got != want {
		t.Errorf("got %d nodes, want %d", got, want)
	}
	for _, w := range nodes {
		v := f.Nodes[w.id]
		if v == nil {
			t.Errorf("node %q: missing", w.id)
			continue
		}
		if v.State != w.state || v.Text != w.text || v.Test != w.test || v.Alpha != w.alpha || v.Beta != w.beta {
			t.Errorf("node %q: got %s %q test %q window (%s, %s), want %s %q test %q window (%s, %s)",
				w.id, v.State, v.Text, v.Test, v.Alpha, v.Beta, w.state, w.text, w.test, w.alpha, w.beta)
		}
	}
	if v := f.Nodes["1"]; v.Bound != Upper || v.Value != 2 {
		t.Errorf("C: got %s %s, want upper 2", v.Bound, v.Value)
	}
	wantStats := Stats{Nodes: 11, Leaves: 7, Cutoffs: 1, NodesAt: []int{1, 3, 7}, LeavesAt: []int{0, 0, 7}, CutoffsAt: []int{0, 1, 0}}
	if !reflect.DeepEqual(f.Stats, wantStats) {
		t.Errorf("stats: got %+v, want %+v", f.Stats, wantStats)
	}
	if !reflect.DeepEqual(f.Stats, f.Result.Stats) {
		t.Errorf("replayed stats %+v differ from the engine's %+v", f.Stats, f.Result.Stats)
	}
	if !f.Done || f.Result == nil || f.Result.Best != "0" || f.Result.Value != 3 {
		t.Errorf("got done %v result %+v, want done with value 3 and best \"0\"", f.Done, f.Result)
	}
	if got, want := len(f.Stack), 0; got != want {
		t.Errorf("got stack %q, want empty", f.Stack)
	}
	if got, want := f.StateOf("1.1.0"), StatePruned; got != want {
		t.Errorf("StateOf(1.1.0): got %s, want %s", got, want)
	}
	if got, want := f.StateOf("0.0.0"), StateUnvisited; got != want {
		t.Errorf("StateOf(0.0.0): got %s, want %s", got, want)
	}
	if got, want := f.StateOf("1"), StateDone; got != want {
		t.Errorf("StateOf(1): got %s, want %s", got, want)
	}
}

func TestTextbookPruneNarration(t *testing.T) {
	ev := textbookEvents()
	k := stepOf(t, ev, Prune, "1")
	f, err := Replay(ev[:k])
	if err != nil {
		t.Fatal(err)
	}
	want := "MIN node C has value 2 ≤ α = 3, so MAX will never come here: its last two children are pruned."
	if f.Narration != want {
		t.Errorf("got %q, want %q", f.Narration, want)
	}
	if got, want := f.Line, "min-prune"; got != want {
		t.Errorf("line: got %q, want %q", got, want)
	}
	if got, want := f.Nodes["1"].Text, "≤ 2"; got != want {
		t.Errorf("C's text while open: got %q, want %q", got, want)
	}
	if got, want := f.Stats.CutoffsAt, []int{0, 1, 0}; !reflect.DeepEqual(got, want) {
		t.Errorf("cutoffs at: got %v, want %v", got, want)
	}
}

// TestTextbookFrames checks the view at chosen steps of the textbook trace.
func TestTextbookFrames(t *testing.T) {
	ev := textbookEvents()
	tests := []struct {
		step    int
		current string
		stack   []string
		typ     Type
		line    string
		id      string // a node to look at
		state   State
		text    string
	}{
		{0, "", []string{}, 0, "", "", StateUnvisited, ""},
		{1, "", []string{""}, Enter, "max-enter", "", StateOpen, ""},
		{5, "0.0", []string{"", "0", "0.0"}, Enter, "max-enter", "0.0", StateOpen, ""},
		{6, "0.0", []string{"", "0", "0.0"}, Leaf, "max-terminal", "0.0", StateOpen, "3"},
		{7, "0.0", []string{"", "0"}, Exit, "max-terminal", "0.0", StateDone, "3"},
		{8, "0", []string{"", "0"}, Update, "min-value", "0", StateOpen, "≤ 3"},
		{18, "0", []string{""}, Exit, "min-return", "0", StateDone, "3"},
		{19, "", []string{""}, Update, "max-value", "", StateOpen, "≥ 3"},
		{20, "", []string{""}, Update, "max-alpha", "", StateOpen, "≥ 3"},
		{28, "1", []string{""}, Exit, "min-prune", "1", StateDone, "≤ 2"},
		{49, "", []string{}, Exit, "max-return", "", StateDone, "3"},
		{50, "", []string{}, Done, "done", "", StateDone, "3"},
	}
	for _, tt := range tests {
		f, err := Replay(ev[:tt.step])
		if err != nil {
			t.Fatal(err)
		}
		if f.Step != tt.step || f.Current != tt.current || !reflect.DeepEqual(f.Stack, tt.stack) || f.Type != tt.typ || f.Line != tt.line {
			t.Errorf("step %d: got step %d current %q stack %q type %s line %q, want %d %q %q %s %q",
				tt.step, f.Step, f.Current, f.Stack, f.Type, f.Line, tt.step, tt.current, tt.stack, tt.typ, tt.line)
		}
		if got := f.StateOf(tt.id); got != tt.state {
			t.Errorf("step %d: node %q: got state %s, want %s", tt.step, tt.id, got, tt.state)
		}
		if v := f.Nodes[tt.id]; v != nil && v.Text != tt.text {
			t.Errorf("step %d: node %q: got text %q, want %q", tt.step, tt.id, v.Text, tt.text)
		}
	}
}
