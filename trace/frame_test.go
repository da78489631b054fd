package trace

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// frames returns the frame after every prefix of ev: frames[k] has k events applied.
func frames(t testing.TB, ev []Event) []*Frame {
	t.Helper()
	f := NewFrame()
	out := []*Frame{f.Clone()}
	for _, e := range ev {
		if err := f.Apply(e); err != nil {
			t.Fatalf("%v\nevent: %v", err, e)
		}
		out = append(out, f.Clone())
	}
	return out
}

// checkResume checks that resuming from a clone of the frame at every step
// k gives the frame of the whole trace, and leaves the frame at k alone.
func checkResume(t *testing.T, ev []Event) {
	t.Helper()
	want, err := Replay(ev)
	if err != nil {
		t.Fatal(err)
	}
	for k := 0; k <= len(ev); k++ {
		pre, err := Replay(ev[:k])
		if err != nil {
			t.Fatal(err)
		}
		again := pre.Clone()
		got := pre.Clone()
		for _, e := range ev[k:] {
			if err := got.Apply(e); err != nil {
				t.Fatalf("resume at %d: %v", k, err)
			}
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("resume at %d: got %+v, want %+v", k, got, want)
		}
		if !reflect.DeepEqual(pre, again) {
			t.Fatalf("resume at %d: applying to a clone changed the original", k)
		}
	}
}

func TestResumeTextbook(t *testing.T) { checkResume(t, textbookEvents()) }

func TestResumeRandom(t *testing.T) {
	n := 150
	if testing.Short() || raceDetector {
		n = 30
	}
	for _, s := range seeds(n) {
		ev := genTrace(s)
		t.Run(seedName(s), func(t *testing.T) { checkResume(t, ev) })
	}
}

// TestRandomInvariants checks what every frame of a random trace must show.
func TestRandomInvariants(t *testing.T) {
	for _, s := range seeds(200) {
		ev := genTrace(s)
		for k, f := range frames(t, ev) {
			for i, id := range f.Stack {
				if v := f.Nodes[id]; v == nil || v.State != StateOpen {
					t.Fatalf("%s step %d: stack node %q is not open", seedName(s), k, id)
				}
				if p, _ := ParentID(id); i > 0 && p != f.Stack[i-1] {
					t.Fatalf("%s step %d: stack %q is not a path", seedName(s), k, f.Stack)
				}
			}
			open := 0
			for id, v := range f.Nodes {
				if v.State == StateOpen {
					open++
				}
				if v.Depth != DepthOf(id) {
					t.Fatalf("%s step %d: node %q has depth %d", seedName(s), k, id, v.Depth)
				}
				if v.HasValue == (v.Text == "") {
					t.Fatalf("%s step %d: node %q has value %v but text %q", seedName(s), k, id, v.HasValue, v.Text)
				}
			}
			if open != len(f.Stack) {
				t.Fatalf("%s step %d: %d open nodes, stack %q", seedName(s), k, open, f.Stack)
			}
			if k > 0 && f.Narration == "" {
				t.Fatalf("%s step %d: no narration", seedName(s), k)
			}
		}
	}
}

func TestClone(t *testing.T) {
	f, err := Replay(textbookEvents())
	if err != nil {
		t.Fatal(err)
	}
	g := f.Clone()
	if !reflect.DeepEqual(f, g) {
		t.Fatalf("got %+v, want %+v", g, f)
	}
	g.Nodes[""].Order[0] = 9
	g.Nodes["1"].Text = "x"
	g.Stack = append(g.Stack, "z")
	g.Stats.NodesAt[0] = 9
	g.Result.PV[0] = "9"
	g.Result.Stats.LeavesAt[2] = 9
	if got := f.Nodes[""].Order[0]; got != 0 {
		t.Errorf("order shared: got %d, want 0", got)
	}
	if got := f.Nodes["1"].Text; got != "≤ 2" {
		t.Errorf("node shared: got %q, want %q", got, "≤ 2")
	}
	if len(f.Stack) != 0 || f.Stats.NodesAt[0] != 1 || f.Result.PV[0] != "0" || f.Result.Stats.LeavesAt[2] != 7 {
		t.Errorf("clone shares slices with the original: %+v", f)
	}
}

func TestApplyErrors(t *testing.T) {
	tb := textbookEvents()
	// with returns the first n textbook events followed by e, numbered.
	with := func(n int, e Event) []Event {
		ev := append(append([]Event{}, tb[:n]...), e)
		ev[n].Step = n + 1
		return ev
	}
	edit := func(i int, change func(*Event)) []Event {
		ev := append([]Event{}, tb...)
		change(&ev[i])
		return ev[:i+1]
	}
	tests := []struct {
		name   string
		events []Event
		want   string // in the error
	}{
		{"step out of order", edit(2, func(e *Event) { e.Step = 5 }), "out of order, want step 3"},
		{"step zero", edit(0, func(e *Event) { e.Step = 0 }), "out of order, want step 1"},
		{"exit of unknown node", with(6, Event{Type: Exit, Node: "7", Depth: 1, Kind: Min}), "not open"},
		{"exit of node not innermost", with(5, Event{Type: Exit, Node: "0", Depth: 1, Kind: Min}), "not the innermost open one"},
		{"exit of done node", with(7, Event{Type: Exit, Node: "0.0", Depth: 2, Kind: Max}), "not open"},
		{"exit before children", with(4, Event{Type: Exit, Node: "0", Depth: 1, Kind: Min}), "neither searched nor pruned"},
		{"exit without value", with(1, Event{Type: Exit, Node: "", Kind: Max}), "neither evaluated nor expanded"},
		{"root entered twice", with(2, Event{Type: Enter, Node: "", Kind: Max}), "already entered"},
		{"enter of non-child", with(2, Event{Type: Enter, Node: "0.0", Depth: 2, Kind: Max}), "parent \"0\" is not the innermost"},
		{"enter of child not in order", with(2, Event{Type: Enter, Node: "5", Depth: 1, Kind: Min}), "not a child"},
		{"enter of malformed id", with(2, Event{Type: Enter, Node: "01", Depth: 1, Kind: Min}), "not a child"},
		{"enter out of search order", with(2, Event{Type: Enter, Node: "1", Depth: 1, Kind: Min}), "comes first"},
		{"enter before expand", with(1, Event{Type: Enter, Node: "0", Depth: 1, Kind: Min}), "not searching"},
		{"enter after prune", with(27, Event{Type: Enter, Node: "1.1", Depth: 2, Kind: Max}), "already entered or pruned"},
		{"wrong depth", edit(2, func(e *Event) { e.Depth = 2 }), "depth 2, but the id says 1"},
		{"wrong kind", edit(3, func(e *Event) { e.Kind = Max }), "kind max, but the node was entered as min"},
		{"expand twice", with(2, Event{Type: Expand, Node: "", Kind: Max, Order: []int{0}}), "already expanded"},
		{"expand with duplicate", edit(1, func(e *Event) { e.Order = []int{0, 0} }), "distinct"},
		{"expand with negative", edit(1, func(e *Event) { e.Order = []int{-1} }), "distinct"},
		{"leaf after expand", with(2, Event{Type: Leaf, Node: "", Kind: Max, Value: 1}), "already expanded"},
		{"update before child returns", with(5, Event{Type: Update, Node: "0", Depth: 1, Kind: Min, Child: "0.0"}), "not the innermost"},
		{"update naming a non-child", with(7, Event{Type: Update, Node: "0", Depth: 1, Kind: Min, Child: "1"}), "not a child that has returned"},
		{"update with unknown change", edit(7, func(e *Event) { e.Changed = "gamma" }), "unknown change"},
		{"update after prune", with(27, Event{Type: Update, Node: "1", Depth: 1, Kind: Min, Child: "1.0"}), "not searching"},
		{"prune of wrong children", edit(26, func(e *Event) { e.Pruned = []string{"1.2"} }), "remaining children"},
		{"prune out of order", edit(26, func(e *Event) { e.Pruned = []string{"1.2", "1.1"} }), "remaining children"},
		{"prune without test", edit(26, func(e *Event) { e.Test = "" }), "without a test"},
		{"prune twice", with(27, Event{Type: Prune, Node: "1", Depth: 1, Kind: Min, Test: "x"}), "not searching"},
		{"done too early", with(48, Event{Type: Done, Result: &Result{}}), "still open"},
		{"done without result", edit(49, func(e *Event) { e.Result = nil }), "no result"},
		{"event after done", with(50, Event{Type: Enter, Node: "", Kind: Max}), "already done"},
		{"unknown type", with(2, Event{Type: 42, Node: "", Kind: Max}), "unknown event type"},
		{"unknown bound", edit(6, func(e *Event) { e.Bound = 7 }), "unknown bound"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before, err := Replay(tt.events[:len(tt.events)-1])
			if err != nil {
				t.Fatalf("prefix: %v", err)
			}
			f := before.Clone()
			err = f.Apply(tt.events[len(tt.events)-1])
			if err == nil {
				t.Fatalf("got no error, want one containing %q", tt.want)
			}
			if !strings.HasPrefix(err.Error(), "trace: ") || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %q, want an error starting \"trace: \" containing %q", err, tt.want)
			}
			if !errors.Is(err, ErrBadTrace) {
				t.Errorf("got %v, want it to wrap ErrBadTrace", err)
			}
			if !reflect.DeepEqual(f, before) {
				t.Errorf("a failed Apply changed the frame")
			}
		})
	}
}

func TestReplayReturnsFrameBeforeError(t *testing.T) {
	ev := textbookEvents()
	ev[10].Step = 99
	f, err := Replay(ev)
	if err == nil {
		t.Fatal("got no error")
	}
	if got, want := f.Step, 10; got != want {
		t.Errorf("got frame at step %d, want %d", got, want)
	}
}

// TestApplyZeroFrame: a zero Frame (or one decoded from JSON without nodes)
// works like NewFrame.
func TestApplyZeroFrame(t *testing.T) {
	var f Frame
	for _, e := range textbookEvents() {
		if err := f.Apply(e); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := f.Nodes[""].Text, "3"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestStateText(t *testing.T) {
	for s := StateUnvisited; s <= StatePruned; s++ {
		b, err := s.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var got State
		if err := got.UnmarshalText(b); err != nil || got != s {
			t.Errorf("%s: got %s, %v, want %s", b, got, err, s)
		}
	}
	if got, want := StateDone.String(), "done"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	var s State
	if err := s.UnmarshalText([]byte("closed")); err == nil || !strings.HasPrefix(err.Error(), "trace: ") {
		t.Errorf("got %v, want a trace: error", err)
	}
}

func TestNodeViewJSON(t *testing.T) {
	tests := []struct {
		name string
		view NodeView
		want string
	}{
		{"open with window", NodeView{State: StateOpen, Kind: Min, Depth: 1, Label: "C", Window: true, Alpha: 3, Beta: Inf(1), Order: []int{0, 1, 2}},
			`{"state":"open","kind":"min","depth":1,"label":"C","alpha":3,"beta":"inf","order":[0,1,2]}`},
		{"done with bound", NodeView{State: StateDone, Kind: Min, Depth: 1, Window: true, Alpha: 3, Beta: Inf(1), HasValue: true, Value: 2, Bound: Upper, Text: "≤ 2", Order: []int{0}, Test: "2 ≤ α = 3"},
			`{"state":"done","kind":"min","depth":1,"alpha":3,"beta":"inf","value":2,"bound":"upper","text":"≤ 2","order":[0],"test":"2 ≤ α = 3"}`},
		{"minimax leaf", NodeView{State: StateDone, Kind: Max, Depth: 2, HasValue: true, Value: -1, Text: "−1"},
			`{"state":"done","kind":"max","depth":2,"value":-1,"bound":"exact","text":"−1"}`},
		{"pruned", NodeView{State: StatePruned, Depth: 2, Test: "2 ≤ α = 3"},
			`{"state":"pruned","depth":2,"test":"2 ≤ α = 3"}`},
		{"expanded without children", NodeView{State: StateOpen, Kind: Chance, Order: []int{}},
			`{"state":"open","kind":"chance","depth":0,"order":[]}`},
		{"vector", NodeView{State: StateDone, Kind: Player(2), Depth: 1, HasValue: true, Value: 1, Vec: []float64{3, 1, 2}, Text: "(3, 1, 2)"},
			`{"state":"done","kind":"p2","depth":1,"value":1,"bound":"exact","vec":[3,1,2],"text":"(3, 1, 2)"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := json.Marshal(&tt.view)
			if err != nil {
				t.Fatal(err)
			}
			if string(b) != tt.want {
				t.Errorf("got %s, want %s", b, tt.want)
			}
			var got NodeView
			if err := json.Unmarshal(b, &got); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.view) {
				t.Errorf("round trip: got %+v, want %+v", got, tt.view)
			}
		})
	}
}

func TestFrameJSONRoundTrip(t *testing.T) {
	check := func(t *testing.T, f *Frame) {
		t.Helper()
		b, err := json.Marshal(f)
		if err != nil {
			t.Fatal(err)
		}
		var got Frame
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(&got, f) {
			t.Fatalf("step %d: got %+v, want %+v\njson: %s", f.Step, &got, f, b)
		}
	}
	for _, f := range frames(t, textbookEvents()) {
		check(t, f)
	}
	for _, s := range seeds(100) {
		for _, f := range frames(t, genTrace(s)) {
			check(t, f)
		}
	}
}

func TestFrameJSONNames(t *testing.T) {
	ev := textbookEvents()
	f, err := Replay(ev[:27])
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"step", "nodes", "current", "stack", "line", "type", "narration", "stats"} {
		if _, ok := m[k]; !ok {
			t.Errorf("frame JSON has no %q: %s", k, b)
		}
	}
	for _, k := range []string{"done", "result"} {
		if _, ok := m[k]; ok {
			t.Errorf("frame JSON has %q before done: %s", k, b)
		}
	}
	if got, want := string(m["type"]), `"prune"`; got != want {
		t.Errorf("type: got %s, want %s", got, want)
	}
	if got, want := string(m["stack"]), `["","1"]`; got != want {
		t.Errorf("stack: got %s, want %s", got, want)
	}
	empty, err := json.Marshal(NewFrame())
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(empty), `{"step":0,"nodes":{},"current":"","stack":[],"stats":{"nodes":0,"leaves":0,"cutoffs":0}}`; got != want {
		t.Errorf("new frame: got %s, want %s", got, want)
	}
}

// TestEventJSONReplay: events that went through JSON replay to the same frames.
func TestEventJSONReplay(t *testing.T) {
	traces := [][]Event{textbookEvents()}
	for _, s := range seeds(100) {
		traces = append(traces, genTrace(s))
	}
	for i, ev := range traces {
		b, err := json.Marshal(ev)
		if err != nil {
			t.Fatal(err)
		}
		var back []Event
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		want, err := Replay(ev)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Replay(back)
		if err != nil {
			t.Fatalf("trace %d after JSON: %v", i, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("trace %d: got %+v, want %+v", i, got, want)
		}
	}
}

// TestApplyMutatedNeverPanics corrupts one field of one event of random
// traces and replays them: Apply must report errors, never panic, and a
// failed Apply must leave the frame as it was.
func TestApplyMutatedNeverPanics(t *testing.T) {
	mutations := []func(e *Event, i int){
		func(e *Event, i int) { e.Node = "9" },
		func(e *Event, i int) { e.Node = "0.x" },
		func(e *Event, i int) { e.Node = "." },
		func(e *Event, i int) { e.Type = Type(i % 9) },
		func(e *Event, i int) { e.Order = []int{i % 4, -i} },
		func(e *Event, i int) { e.Order = nil },
		func(e *Event, i int) { e.Child = ChildID(e.Node, i%3) },
		func(e *Event, i int) { e.Child = "" },
		func(e *Event, i int) { e.Pruned = []string{ChildID(e.Node, i%5)} },
		func(e *Event, i int) { e.Kind = Kind(i % 20) },
		func(e *Event, i int) { e.Depth = i % 3 },
		func(e *Event, i int) { e.Result = nil },
		func(e *Event, i int) { e.Bound = Bound(i % 5) },
		func(e *Event, i int) { e.Keys = []Num{1}; e.Order = []int{5, 0} },
		func(e *Event, i int) { e.Changed = "beta"; e.Test = "" },
	}
	for _, s := range seeds(60) {
		ev := genTrace(s)
		for m, mutate := range mutations {
			i := int(s+uint64(m)) % len(ev)
			bad := append([]Event{}, ev...)
			mutate(&bad[i], i)
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Fatalf("%s mutation %d at step %d: panic: %v", seedName(s), m, i+1, r)
					}
				}()
				f := NewFrame()
				for _, e := range bad {
					before := f.Clone()
					if err := f.Apply(e); err != nil {
						if !reflect.DeepEqual(f, before) {
							t.Fatalf("%s mutation %d: failed Apply changed the frame", seedName(s), m)
						}
						break
					}
					_, _ = json.Marshal(f)
				}
			}()
		}
	}
}

// FuzzReplay: Replay of any JSON trace returns or errs, never panics.
func FuzzReplay(f *testing.F) {
	for _, ev := range [][]Event{textbookEvents(), genTrace(1), genTrace(2)} {
		b, err := json.Marshal(ev)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var ev []Event
		if json.Unmarshal(data, &ev) != nil {
			return
		}
		fr, _ := Replay(ev)
		if _, err := json.Marshal(fr); err != nil && !strings.Contains(err.Error(), "unsupported value") {
			t.Fatal(err)
		}
	})
}

// Replaying quietly and narrating only the last event gives the frame of
// a full replay, at every step.
func TestApplyQuietly(t *testing.T) {
	evs := textbookEvents()
	for k := 1; k <= len(evs); k++ {
		want, err := Replay(evs[:k])
		if err != nil {
			t.Fatal(err)
		}
		f := NewFrame()
		for _, e := range evs[:k-1] {
			if err := f.ApplyQuietly(e); err != nil {
				t.Fatal(err)
			}
			if f.Narration != "" {
				t.Fatalf("step %d: a quiet step narrated %q", e.Step, f.Narration)
			}
		}
		if err := f.Apply(evs[k-1]); err != nil {
			t.Fatal(err)
		}
		if !f.equalForTest(want) || f.Narration != want.Narration {
			t.Fatalf("step %d: quiet replay differs from a full one", k)
		}
	}
}
