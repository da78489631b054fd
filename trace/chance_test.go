package trace

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// chanceTrace is a hand-written Star1-style trace: MAX root over chance
// node C (probabilities 0.5, 0.5) over leaves 3 and 12, with bounds [0, 20].
func chanceTrace() []Event {
	w := func(e Event) Event { e.Window, e.Alpha, e.Beta = true, Inf(-1), Inf(1); return e }
	return []Event{
		w(Event{Step: 1, Type: Enter, Line: "max-enter", Node: "", Kind: Max}),
		{Step: 2, Type: Expand, Line: "max-loop", Node: "", Kind: Max, Order: []int{0}, By: "natural"},
		w(Event{Step: 3, Type: Enter, Line: "chance-enter", Node: "0", Kind: Chance, Depth: 1, Label: "C"}),
		{Step: 4, Type: Expand, Line: "chance-loop", Node: "0", Kind: Chance, Depth: 1, Order: []int{0, 1}, By: "natural", Probs: []float64{0.5, 0.5}},
		{Step: 5, Type: Enter, Line: "min-enter", Node: "0.0", Kind: Min, Depth: 2, Window: true, Alpha: 0, Beta: 20},
		{Step: 6, Type: Leaf, Line: "min-terminal", Node: "0.0", Kind: Min, Depth: 2, Window: true, Value: 3, Terminal: true},
		{Step: 7, Type: Exit, Line: "min-terminal", Node: "0.0", Kind: Min, Depth: 2, Window: true, Alpha: 0, Beta: 20, Value: 3},
		w(Event{Step: 8, Type: Update, Line: "chance-value", Node: "0", Kind: Chance, Depth: 1, Value: 1.5, Child: "0.0", ChildValue: 3, Changed: "value",
			Range: true, Low: 1.5, High: 11.5}),
		{Step: 9, Type: Enter, Line: "min-enter", Node: "0.1", Kind: Min, Depth: 2, Window: true, Alpha: 0, Beta: 20},
		{Step: 10, Type: Leaf, Line: "min-terminal", Node: "0.1", Kind: Min, Depth: 2, Window: true, Value: 12, Terminal: true},
		{Step: 11, Type: Exit, Line: "min-terminal", Node: "0.1", Kind: Min, Depth: 2, Window: true, Alpha: 0, Beta: 20, Value: 12},
		w(Event{Step: 12, Type: Update, Line: "chance-value", Node: "0", Kind: Chance, Depth: 1, Value: 7.5, Child: "0.1", ChildValue: 12, Changed: "value",
			Range: true, Low: 7.5, High: 7.5}),
		w(Event{Step: 13, Type: Exit, Line: "chance-return", Node: "0", Kind: Chance, Depth: 1, Value: 7.5, Range: true, Low: 7.5, High: 7.5}),
		w(Event{Step: 14, Type: Update, Line: "max-value", Node: "", Kind: Max, Value: 7.5, Child: "0", ChildValue: 7.5, Changed: "value"}),
		w(Event{Step: 15, Type: Exit, Line: "max-return", Node: "", Kind: Max, Value: 7.5}),
		{Step: 16, Type: Done, Line: "done", Kind: Max, Result: &Result{Value: 7.5, Best: "0", PV: []string{"0"}, Stats: Stats{Nodes: 4, Leaves: 2}}},
	}
}

func TestChanceFramesAndNarration(t *testing.T) {
	evs := chanceTrace()
	f := NewFrame()
	says := map[int]string{}
	texts := map[int]string{}
	for _, e := range evs {
		if err := f.Apply(e); err != nil {
			t.Fatal(err)
		}
		says[e.Step] = f.Narration
		if v := f.Nodes["0"]; v != nil {
			texts[e.Step] = v.Text
		}
	}
	cases := []struct {
		step      int
		narration string
		text      string
	}{
		{4, "C has 2 successors (probabilities 0.5, 0.5), searched in natural order.", ""},
		{5, "MIN node 0.0 is entered with α = 0, β = 20, the window its CHANCE parent C derived from its own window and the leaf bounds: only a value between 0 and 20 must be found exactly; beyond them a bound lets C cut.", ""},
		{8, "C's expected value so far: 0.5 × 3 = 1.5; with every outcome still to come between the leaf bounds, C is worth between 1.5 and 11.5.", "[1.5, 11.5]"},
		{12, "C's expected value: 0.5 × 3 + 0.5 × 12 = 7.5.", "7.5"},
		{13, "C returns 7.5, its exact value.", "7.5"},
	}
	for _, c := range cases {
		if says[c.step] != c.narration {
			t.Errorf("step %d: got narration %q, want %q", c.step, says[c.step], c.narration)
		}
		if texts[c.step] != c.text {
			t.Errorf("step %d: C shows %q, want %q", c.step, texts[c.step], c.text)
		}
	}
	c := f.Nodes["0"]
	if !reflect.DeepEqual(c.Probs, []float64{0.5, 0.5}) || !c.Range || c.Low != 7.5 || c.High != 7.5 {
		t.Errorf("C = %+v; want probabilities 0.5, 0.5 and range [7.5, 7.5]", c)
	}
	// Frames, events and patches carry the new fields through JSON.
	b, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"probs":[0.5,0.5],"low":7.5,"high":7.5`) {
		t.Errorf("frame JSON lacks probs, low and high: %s", b)
	}
	var back Frame
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !back.Nodes["0"].Equal(c) {
		t.Errorf("node C does not round-trip: %+v, want %+v", back.Nodes["0"], c)
	}
	for _, e := range evs {
		b, _ := json.Marshal(e)
		var again Event
		if err := json.Unmarshal(b, &again); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(again.Range, e.Range) || again.Low != e.Low || again.High != e.High {
			t.Errorf("step %d: range does not round-trip: %s", e.Step, b)
		}
	}
	frames := []*Frame{NewFrame()}
	for _, e := range evs {
		g := frames[len(frames)-1].Clone()
		if err := g.Apply(e); err != nil {
			t.Fatal(err)
		}
		frames = append(frames, g)
	}
	p := Diff(frames[7], frames[8])
	if v := p.Nodes["0"]; v == nil || v.Text != "[1.5, 11.5]" {
		t.Errorf("patch 7→8 sends C as %+v; want its range", v)
	}
}

func TestNarrateNewAlgorithms(t *testing.T) {
	chance := &NodeView{State: StateOpen, Kind: Chance, Label: "C", Order: []int{0, 1, 2}, Probs: []float64{0.5, 0.25, 0.25}}
	third := &NodeView{State: StateOpen, Kind: Chance, Order: []int{0, 1, 2}, Probs: []float64{1.0 / 3, 1.0 / 3, 1.0 / 3}}
	p2 := func(vec []float64) *NodeView {
		n := &NodeView{State: StateOpen, Kind: Player(2), Order: []int{0, 1}}
		if vec != nil {
			n.HasValue, n.Vec, n.Value = true, vec, Num(vec[1])
		}
		return n
	}
	done := func(v Num, vec []float64) *NodeView {
		return &NodeView{State: StateDone, Kind: Max, HasValue: true, Value: v, Vec: vec}
	}
	tests := []struct {
		name  string
		frame *Frame
		event Event
		want  string
	}{
		{"chance so far", frameWith(map[string]*NodeView{"1": chance, "1.0": done(3, nil), "1.1": done(12, nil)}),
			Event{Type: Update, Node: "1", Kind: Chance, Depth: 1, Child: "1.1", ChildValue: 12, Value: 4.5, Changed: "value"},
			"C's expected value so far: 0.5 × 3 + 0.25 × 12 = 4.5."},
		{"chance thirds", frameWith(map[string]*NodeView{"": third, "0": done(3, nil)}),
			Event{Type: Update, Node: "", Kind: Chance, Child: "0", ChildValue: 3, Value: 1, Changed: "value"},
			"The root's expected value so far: 1/3 × 3 = 1."},
		{"chance vector", frameWith(map[string]*NodeView{"1": chance, "1.0": done(1, []float64{1, 2})}),
			Event{Type: Update, Node: "1", Kind: Chance, Depth: 1, Child: "1.0", ChildValue: 1, Value: 0.5, Vec: []float64{0.5, 1}, Changed: "value"},
			"C's expected vector so far: 0.5 × (1, 2) = (0.5, 1)."},
		{"maxn first", frameWith(map[string]*NodeView{"0": p2(nil), "0.0": done(1, []float64{3, 1, 2})}),
			Event{Type: Update, Node: "0", Kind: Player(2), Depth: 1, Child: "0.0", ChildValue: 1, Value: 1, Vec: []float64{3, 1, 2}, Changed: "value"},
			"At node 0, P2 starts from (3, 1, 2), the vector of node 0.0: its second component is 1."},
		{"maxn picks", frameWith(map[string]*NodeView{"0": p2([]float64{3, 1, 2}), "0.1": done(5, []float64{1, 5, 2})}),
			Event{Type: Update, Node: "0", Kind: Player(2), Depth: 1, Child: "0.1", ChildValue: 5, Value: 5, Vec: []float64{1, 5, 2}, Changed: "value"},
			"At node 0, P2 picks (1, 5, 2): 5 is the best second component so far."},
		{"maxn keeps", frameWith(map[string]*NodeView{"0": p2([]float64{1, 5, 2}), "0.1": done(5, []float64{9, 5, 0})}),
			Event{Type: Update, Node: "0", Kind: Player(2), Depth: 1, Child: "0.1", ChildValue: 5, Value: 5, Vec: []float64{1, 5, 2}},
			"At node 0, P2 keeps (1, 5, 2): node 0.1 offers 5 as the second component, no better than 5."},
		{"star1 fail high", frameWith(map[string]*NodeView{"1": chance}),
			Event{Type: Prune, Node: "1", Kind: Chance, Depth: 1, Value: 4, Test: "lower bound 5.5 ≥ β = 5", Pruned: []string{"1.2"}},
			"CHANCE node C has lower bound 5.5 ≥ β = 5: even if every outcome still to come scored the least leaf value, its expected value would stay at β or above, and MIN can already hold MAX to β, so its last child is pruned."},
		{"star1 before any child", frameWith(map[string]*NodeView{"1": chance}),
			Event{Type: Prune, Node: "1", Kind: Chance, Depth: 1, Value: 0, Test: "upper bound 10 ≤ α = 10", Pruned: []string{"1.0", "1.1", "1.2"}},
			"CHANCE node C has upper bound 10 ≤ α = 10: even if every outcome still to come scored the greatest leaf value, its expected value could not beat α, what MAX is already sure of, so all its three children are pruned before any is searched."},
	}
	for _, c := range tests {
		if got := Narrate(c.frame, c.event); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}
