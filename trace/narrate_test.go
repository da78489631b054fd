package trace

import (
	"math"
	"regexp"
	"strings"
	"testing"
)

// frameWith returns a frame holding the given nodes, for narration tests.
func frameWith(nodes map[string]*NodeView) *Frame {
	f := NewFrame()
	for id, v := range nodes {
		v.Depth = DepthOf(id)
		f.Nodes[id] = v
	}
	return f
}

func TestNarrate(t *testing.T) {
	open := func(k Kind, label string) *NodeView {
		return &NodeView{State: StateOpen, Kind: k, Label: label, Window: true, Alpha: negInf, Beta: posInf}
	}
	expanded := func(k Kind, label string, v Num) *NodeView {
		n := open(k, label)
		n.Order = []int{0, 1, 2}
		if !math.IsNaN(float64(v)) {
			n.HasValue, n.Value, n.Bound = true, v, runningBound(k)
			n.setText()
		}
		return n
	}
	none := Num(math.NaN())
	done := func(k Kind, label, text string) *NodeView {
		return &NodeView{State: StateDone, Kind: k, Label: label, HasValue: true, Text: text}
	}
	textbook := frameWith(map[string]*NodeView{"": {State: StateDone, Kind: Max, Label: "A", Window: true, HasValue: true, Value: 3, Text: "3"}, "0": done(Min, "B", "3")})
	textbook.Stats = Stats{Nodes: 11, Leaves: 7, Cutoffs: 1}

	tests := []struct {
		name  string
		frame *Frame
		event Event
		want  string
	}{
		// enter
		{"enter root", NewFrame(),
			Event{Type: Enter, Node: "", Kind: Max, Window: true, Alpha: negInf, Beta: posInf},
			"The MAX root is entered with α = −∞, β = +∞: nothing is known yet."},
		{"enter labelled MIN root", NewFrame(),
			Event{Type: Enter, Node: "", Kind: Min, Label: "R", Window: true, Alpha: negInf, Beta: posInf},
			"MIN node R is entered with α = −∞, β = +∞: nothing is known yet."},
		{"enter root with aspiration window", NewFrame(),
			Event{Type: Enter, Node: "", Kind: Max, Window: true, Alpha: 2, Beta: 4},
			"The MAX root is entered with α = 2, β = 4: the caller only cares about values between 2 and 4."},
		{"enter MIN with alpha", frameWith(map[string]*NodeView{"": expanded(Max, "A", 3)}),
			Event{Type: Enter, Node: "1", Kind: Min, Depth: 1, Label: "C", Window: true, Alpha: 3, Beta: posInf},
			"MIN node C is entered with α = 3, β = +∞: MAX already has 3 elsewhere."},
		{"enter MAX with beta", frameWith(map[string]*NodeView{"": expanded(Min, "", 3)}),
			Event{Type: Enter, Node: "1", Kind: Max, Depth: 1, Window: true, Alpha: negInf, Beta: 3},
			"MAX node 1 is entered with α = −∞, β = 3: MIN already has 3 elsewhere."},
		{"enter with both bounds", NewFrame(),
			Event{Type: Enter, Node: "2.1", Kind: Max, Depth: 2, Window: true, Alpha: 3, Beta: 14},
			"MAX node 2.1 is entered with α = 3, β = 14: MAX already has 3 elsewhere and MIN already has 14, so only values between them matter."},
		{"enter below the root, no bounds yet", NewFrame(),
			Event{Type: Enter, Node: "0", Kind: Min, Depth: 1, Window: true, Alpha: negInf, Beta: posInf},
			"MIN node 0 is entered with α = −∞, β = +∞: nothing is known yet."},
		{"enter minimax root", NewFrame(),
			Event{Type: Enter, Node: "", Kind: Max},
			"The search starts at the MAX root."},
		{"enter minimax node", NewFrame(),
			Event{Type: Enter, Node: "1.2", Kind: Min, Depth: 2},
			"MIN node 1.2 is entered at depth 2."},

		// expand
		{"expand natural", frameWith(map[string]*NodeView{"1": open(Min, "C")}),
			Event{Type: Expand, Node: "1", Kind: Min, Depth: 1, Order: []int{0, 1, 2}, By: "natural"},
			"C has 3 successors, searched in natural order."},
		{"expand root reversed", frameWith(map[string]*NodeView{"": open(Max, "")}),
			Event{Type: Expand, Node: "", Kind: Max, Order: []int{1, 0}, By: "reversed"},
			"The root has 2 successors, searched in reverse order."},
		{"expand one random", frameWith(map[string]*NodeView{"1.2": open(Max, "")}),
			Event{Type: Expand, Node: "1.2", Kind: Max, Depth: 2, Order: []int{0}, By: "random"},
			"Node 1.2 has 1 successor, searched in random order."},
		{"expand best first", frameWith(map[string]*NodeView{"1": open(Min, "C")}),
			Event{Type: Expand, Node: "1", Kind: Min, Depth: 1, Order: []int{0, 1, 2}, By: "best", Keys: []Num{2, 4, 6}},
			"C has 3 successors, ordered best first for MIN by minimax value: 2, 4, 6."},
		{"expand worst first with keys by natural index", frameWith(map[string]*NodeView{"1": open(Min, "C")}),
			Event{Type: Expand, Node: "1", Kind: Min, Depth: 1, Order: []int{2, 1, 0}, By: "worst", Keys: []Num{2, 4, 6}},
			"C has 3 successors, ordered worst first for MIN by minimax value: 6, 4, 2."},
		{"expand by evaluation with a missing key", frameWith(map[string]*NodeView{"": open(Max, "")}),
			Event{Type: Expand, Node: "", Kind: Max, Order: []int{1, 0}, By: "eval", Keys: []Num{Num(math.NaN()), -1.5}},
			"The root has 2 successors, ordered best first for MAX by evaluation: −1.5, ?."},
		{"expand without ordering name", frameWith(map[string]*NodeView{"": open(Max, "")}),
			Event{Type: Expand, Node: "", Kind: Max, Order: []int{2, 0, 1}},
			"The root has 3 successors, searched in the order 2, 0, 1."},
		{"expand chance", frameWith(map[string]*NodeView{"0": open(Chance, "")}),
			Event{Type: Expand, Node: "0", Kind: Chance, Depth: 1, Order: []int{0, 1}, By: "natural", Probs: []float64{0.25, 0.75}},
			"Node 0 has 2 successors (probabilities 0.25, 0.75), searched in natural order."},
		{"expand none", frameWith(map[string]*NodeView{"0": open(Min, "")}),
			Event{Type: Expand, Node: "0", Kind: Min, Depth: 1, Order: []int{}},
			"Node 0 has no successors."},

		// leaf
		{"leaf terminal", NewFrame(),
			Event{Type: Leaf, Node: "1.0", Kind: Max, Depth: 2, Terminal: true, Value: 2},
			"Leaf 1.0 is terminal: utility 2."},
		{"leaf terminal negative", NewFrame(),
			Event{Type: Leaf, Node: "1.0", Kind: Max, Depth: 2, Terminal: true, Value: -2},
			"Leaf 1.0 is terminal: utility −2."},
		{"leaf terminal root", NewFrame(),
			Event{Type: Leaf, Node: "", Kind: Max, Terminal: true, Value: 1},
			"The root is terminal: utility 1."},
		{"leaf depth limit", NewFrame(),
			Event{Type: Leaf, Node: "1.2", Kind: Max, Depth: 2, Eval: "lines", Value: 3, Terms: []Term{{Name: "X1", Count: 3, Weight: 1}}},
			"The depth limit stops at 1.2: evaluation lines = 3 (X1 = 3 × 1)."},
		{"leaf depth limit two terms", NewFrame(),
			Event{Type: Leaf, Node: "0", Kind: Min, Depth: 1, Eval: "aima", Value: 1, Terms: []Term{{Name: "X2", Count: 1, Weight: 3}, {Name: "O2", Count: 2, Weight: -1}}},
			"The depth limit stops at 0: evaluation aima = 1 (X2 = 1 × 3, O2 = 2 × −1)."},
		{"leaf depth limit rounded", NewFrame(),
			Event{Type: Leaf, Node: "0", Kind: Min, Depth: 1, Eval: "goal-fuzzy", Value: 50.4116, Terms: []Term{{Name: "1 + R⁻", Count: 1, Weight: 1}, {Name: "V(goal-fuzzy)", Count: 0.5042, Weight: 98}}},
			"The depth limit stops at 0: evaluation goal-fuzzy ≈ 50.41 (1 + R⁻ = 1 × 1, V(goal-fuzzy) ≈ 0.5 × 98)."},
		{"leaf depth limit unnamed", NewFrame(),
			Event{Type: Leaf, Node: "0", Kind: Min, Depth: 1, Value: 0.5},
			"The depth limit stops at 0: evaluation = 0.5."},
		{"leaf vector", frameWith(map[string]*NodeView{"0.1": {State: StateOpen, Kind: Player(2), Label: "E"}}),
			Event{Type: Leaf, Node: "0.1", Kind: Player(2), Depth: 2, Terminal: true, Value: 1, Vec: []float64{3, 1, 2}},
			"Leaf E is terminal: utility (3, 1, 2)."},

		// update
		{"update MIN value falls", frameWith(map[string]*NodeView{"1": expanded(Min, "C", none)}),
			Event{Type: Update, Node: "1", Kind: Min, Depth: 1, Child: "1.0", ChildValue: 2, Value: 2, Changed: "value"},
			"C's value falls to 2: MIN takes the smaller of +∞ and 2."},
		{"update MAX value rises", frameWith(map[string]*NodeView{"": expanded(Max, "", 3)}),
			Event{Type: Update, Node: "", Kind: Max, Child: "2", ChildValue: 5, Value: 5, Changed: "value"},
			"The root's value rises to 5: MAX takes the larger of 3 and 5."},
		{"update value rises to a child's bound", frameWith(map[string]*NodeView{"": expanded(Max, "", none), "1": done(Min, "C", "≤ 2")}),
			Event{Type: Update, Node: "", Kind: Max, Child: "1", ChildValue: 2, ChildBound: Upper, Value: 2, Changed: "value"},
			"The root's value rises to 2: MAX takes the larger of −∞ and C's bound ≤ 2."},
		{"update value stays", frameWith(map[string]*NodeView{"0": expanded(Min, "B", 3)}),
			Event{Type: Update, Node: "0", Kind: Min, Depth: 1, Child: "0.1", ChildValue: 12, Value: 3},
			"B's value stays 3: 12 is no better for MIN."},
		{"update value stays after a bound", frameWith(map[string]*NodeView{"": expanded(Max, "A", 3), "1": done(Min, "C", "≤ 2")}),
			Event{Type: Update, Node: "", Kind: Max, Child: "1", ChildValue: 2, ChildBound: Upper, Value: 3},
			"A's value stays 3: C's bound ≤ 2 is no better for MAX."},
		{"update alpha at the root", frameWith(map[string]*NodeView{"": expanded(Max, "", 3)}),
			Event{Type: Update, Node: "", Kind: Max, Window: true, Alpha: 3, Beta: posInf, Child: "0", ChildValue: 3, Value: 3, Changed: "alpha"},
			"The root's α rises to 3: MAX is now sure of at least 3."},
		{"update beta", frameWith(map[string]*NodeView{"2": expanded(Min, "D", 5)}),
			Event{Type: Update, Node: "2", Kind: Min, Depth: 1, Window: true, Alpha: 3, Beta: 5, Child: "2.1", ChildValue: 5, Value: 5, Changed: "beta"},
			"D's β falls to 5: MIN can now hold MAX to at most 5."},
		{"update chance", frameWith(map[string]*NodeView{"0": expanded(Chance, "", none), "0.1": done(Max, "", "4")}),
			Event{Type: Update, Node: "0", Kind: Chance, Depth: 1, Child: "0.1", ChildValue: 4, Value: 2, Changed: "value"},
			"Node 0's value becomes 2 after node 0.1 returns 4."},
		{"update vector stays", frameWith(map[string]*NodeView{"0": expanded(Player(1), "", 0), "0.1": done(Player(2), "", "(0, 5, 1)")}),
			Event{Type: Update, Node: "0", Kind: Player(1), Depth: 1, Child: "0.1", ChildValue: 0, Value: 3, Vec: []float64{3, 1, 2}},
			"Node 0's value stays (3, 1, 2) after node 0.1 returns (0, 5, 1)."},

		// prune
		{"prune at MIN, two children", frameWith(map[string]*NodeView{"1": expanded(Min, "C", 2)}),
			Event{Type: Prune, Node: "1", Kind: Min, Depth: 1, Value: 2, Test: "2 ≤ α = 3", Pruned: []string{"1.1", "1.2"}},
			"MIN node C has value 2 ≤ α = 3, so MAX will never come here: its last two children are pruned."},
		{"prune at MAX, one child", frameWith(map[string]*NodeView{"0.1": expanded(Max, "", 5)}),
			Event{Type: Prune, Node: "0.1", Kind: Max, Depth: 2, Value: 5, Test: "5 ≥ β = 3", Pruned: []string{"0.1.2"}},
			"MAX node 0.1 has value 5 ≥ β = 3, so MIN will never come here: its last child is pruned."},
		{"prune eleven", frameWith(map[string]*NodeView{"": expanded(Max, "", 5)}),
			Event{Type: Prune, Node: "", Kind: Max, Value: 5, Test: "5 ≥ β = 4", Pruned: make([]string, 11)},
			"The MAX root has value 5 ≥ β = 4, so MIN will never come here: its last 11 children are pruned."},
		{"prune at the last child", frameWith(map[string]*NodeView{"2": expanded(Min, "D", 2)}),
			Event{Type: Prune, Node: "2", Kind: Min, Depth: 1, Value: 2, Test: "2 ≤ α = 3"},
			"MIN node D has value 2 ≤ α = 3, but the test fires at the last child, so nothing is left to prune."},
		{"prune strict rule", frameWith(map[string]*NodeView{"1": expanded(Min, "C", 2)}),
			Event{Type: Prune, Node: "1", Kind: Min, Depth: 1, Value: 2, Test: "2 < α = 3", Pruned: []string{"1.1", "1.2", "1.3"}},
			"MIN node C has value 2 < α = 3, so MAX will never come here: its last three children are pruned."},
		{"prune at chance", frameWith(map[string]*NodeView{"0": expanded(Chance, "", 2)}),
			Event{Type: Prune, Node: "0", Kind: Chance, Depth: 1, Value: 2, Test: "2 ≥ β = 1", Pruned: []string{"0.1"}},
			"CHANCE node 0 has value 2 ≥ β = 1, so its other children cannot change the result: its last child is pruned."},

		// exit
		{"exit upper bound", frameWith(map[string]*NodeView{"1": expanded(Min, "C", 2)}),
			Event{Type: Exit, Node: "1", Kind: Min, Depth: 1, Value: 2, Bound: Upper},
			"C returns ≤ 2, an upper bound: its true value is at most 2."},
		{"exit lower bound", frameWith(map[string]*NodeView{"0.1": expanded(Max, "", 5)}),
			Event{Type: Exit, Node: "0.1", Kind: Max, Depth: 2, Value: 5, Bound: Lower},
			"Node 0.1 returns ≥ 5, a lower bound: its true value is at least 5."},
		{"exit exact", frameWith(map[string]*NodeView{"0": expanded(Min, "B", 3)}),
			Event{Type: Exit, Node: "0", Kind: Min, Depth: 1, Value: 3},
			"B returns 3, its exact minimax value."},
		{"exit root", frameWith(map[string]*NodeView{"": expanded(Max, "", 3)}),
			Event{Type: Exit, Node: "", Kind: Max, Value: 3},
			"The root returns 3, its exact minimax value."},
		{"exit terminal leaf", frameWith(map[string]*NodeView{"1.0": {State: StateOpen, Kind: Max, HasValue: true, Value: 2, Text: "2"}}),
			Event{Type: Exit, Line: "max-terminal", Node: "1.0", Kind: Max, Depth: 2, Value: 2},
			"Leaf 1.0 returns its utility 2."},
		{"exit evaluated leaf", frameWith(map[string]*NodeView{"1.2": {State: StateOpen, Kind: Max, HasValue: true, Value: 3, Text: "3"}}),
			Event{Type: Exit, Line: "max-cutoff", Node: "1.2", Kind: Max, Depth: 2, Value: 3},
			"Node 1.2 returns its evaluation 3, an estimate of its true value."},
		{"exit vector", frameWith(map[string]*NodeView{"0": expanded(Player(1), "", 3)}),
			Event{Type: Exit, Node: "0", Kind: Player(1), Depth: 1, Value: 3, Vec: []float64{3, 1, 2}},
			"Node 0 returns (3, 1, 2), its exact value."},

		// done
		{"done textbook", textbook,
			Event{Type: Done, Node: "", Kind: Max, Result: &Result{Value: 3, Best: "0", PV: []string{"0", "0.0"}}},
			"Search done: the root's value is 3 and MAX moves to B; 7 leaves were evaluated and 1 cutoff saved work."},
		{"done minimax MIN root", func() *Frame {
			f := frameWith(map[string]*NodeView{"": {State: StateDone, Kind: Min, HasValue: true, Value: -1, Text: "−1"}})
			f.Stats = Stats{Nodes: 4, Leaves: 3}
			return f
		}(),
			Event{Type: Done, Node: "", Kind: Min, Result: &Result{Value: -1, Best: "2", PV: []string{"2"}}},
			"Search done: the root's value is −1 and MIN moves to node 2; 3 leaves were evaluated."},
		{"done no cutoffs", func() *Frame {
			f := frameWith(map[string]*NodeView{"": {State: StateDone, Kind: Max, Window: true, HasValue: true, Value: 1, Text: "1"}})
			f.Stats = Stats{Nodes: 2, Leaves: 1, Cutoffs: 0}
			return f
		}(),
			Event{Type: Done, Node: "", Kind: Max, Result: &Result{Value: 1, Best: "0"}},
			"Search done: the root's value is 1 and MAX moves to node 0; 1 leaf was evaluated and no cutoff saved work."},
		{"done root leaf", func() *Frame {
			f := frameWith(map[string]*NodeView{"": {State: StateDone, Kind: Max, Window: true, HasValue: true, Value: 1, Text: "1"}})
			f.Stats = Stats{Nodes: 1, Leaves: 1}
			return f
		}(),
			Event{Type: Done, Node: "", Kind: Max, Result: &Result{Value: 1}},
			"Search done: the root's value is 1 (it is a leaf); 1 leaf was evaluated and no cutoff saved work."},
		{"done two cutoffs", func() *Frame {
			f := frameWith(map[string]*NodeView{"": {State: StateDone, Kind: Max, Window: true, HasValue: true, Value: 4, Text: "4"}})
			f.Stats = Stats{Nodes: 9, Leaves: 5, Cutoffs: 2}
			return f
		}(),
			Event{Type: Done, Node: "", Kind: Max, Result: &Result{Value: 4, Best: "1"}},
			"Search done: the root's value is 4 and MAX moves to node 1; 5 leaves were evaluated and 2 cutoffs saved work."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := tt.frame.Clone()
			if got := Narrate(tt.frame, tt.event); got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
			if !before.equalForTest(tt.frame) {
				t.Errorf("Narrate changed the frame")
			}
		})
	}
}

// equalForTest compares frames node by node (NaN-safe).
func (f *Frame) equalForTest(g *Frame) bool {
	if len(f.Nodes) != len(g.Nodes) || f.Step != g.Step || f.Narration != g.Narration {
		return false
	}
	for id, v := range f.Nodes {
		if !v.Equal(g.Nodes[id]) {
			return false
		}
	}
	return true
}

// TestNarrateTextbook pins the narration of every step of the textbook trace.
func TestNarrateTextbook(t *testing.T) {
	want := []string{
		"MAX node A is entered with α = −∞, β = +∞: nothing is known yet.",
		"A has 3 successors, searched in natural order.",
		"MIN node B is entered with α = −∞, β = +∞: nothing is known yet.",
		"B has 3 successors, searched in natural order.",
		"MAX node 3 is entered with α = −∞, β = +∞: nothing is known yet.",
		"Leaf 3 is terminal: utility 3.",
		"Leaf 3 returns its utility 3.",
		"B's value falls to 3: MIN takes the smaller of +∞ and 3.",
		"B's β falls to 3: MIN can now hold MAX to at most 3.",
		"MAX node 12 is entered with α = −∞, β = 3: MIN already has 3 elsewhere.",
		"Leaf 12 is terminal: utility 12.",
		"Leaf 12 returns its utility 12.",
		"B's value stays 3: 12 is no better for MIN.",
		"MAX node 8 is entered with α = −∞, β = 3: MIN already has 3 elsewhere.",
		"Leaf 8 is terminal: utility 8.",
		"Leaf 8 returns its utility 8.",
		"B's value stays 3: 8 is no better for MIN.",
		"B returns 3, its exact minimax value.",
		"A's value rises to 3: MAX takes the larger of −∞ and 3.",
		"A's α rises to 3: MAX is now sure of at least 3.",
		"MIN node C is entered with α = 3, β = +∞: MAX already has 3 elsewhere.",
		"C has 3 successors, searched in natural order.",
		"MAX node 2 is entered with α = 3, β = +∞: MAX already has 3 elsewhere.",
		"Leaf 2 is terminal: utility 2.",
		"Leaf 2 returns its utility 2.",
		"C's value falls to 2: MIN takes the smaller of +∞ and 2.",
		"MIN node C has value 2 ≤ α = 3, so MAX will never come here: its last two children are pruned.",
		"C returns ≤ 2, an upper bound: its true value is at most 2.",
		"A's value stays 3: C's bound ≤ 2 is no better for MAX.",
		"MIN node D is entered with α = 3, β = +∞: MAX already has 3 elsewhere.",
		"D has 3 successors, searched in natural order.",
		"MAX node 14 is entered with α = 3, β = +∞: MAX already has 3 elsewhere.",
		"Leaf 14 is terminal: utility 14.",
		"Leaf 14 returns its utility 14.",
		"D's value falls to 14: MIN takes the smaller of +∞ and 14.",
		"D's β falls to 14: MIN can now hold MAX to at most 14.",
		"MAX node 5 is entered with α = 3, β = 14: MAX already has 3 elsewhere and MIN already has 14, so only values between them matter.",
		"Leaf 5 is terminal: utility 5.",
		"Leaf 5 returns its utility 5.",
		"D's value falls to 5: MIN takes the smaller of 14 and 5.",
		"D's β falls to 5: MIN can now hold MAX to at most 5.",
		"MAX node 2 is entered with α = 3, β = 5: MAX already has 3 elsewhere and MIN already has 5, so only values between them matter.",
		"Leaf 2 is terminal: utility 2.",
		"Leaf 2 returns its utility 2.",
		"D's value falls to 2: MIN takes the smaller of 5 and 2.",
		"MIN node D has value 2 ≤ α = 3, but the test fires at the last child, so nothing is left to prune.",
		"D returns 2, its exact minimax value.",
		"A's value stays 3: 2 is no better for MAX.",
		"A returns 3, its exact minimax value.",
		"Search done: the root's value is 3 and MAX moves to B; 7 leaves were evaluated and 1 cutoff saved work.",
	}
	ev := textbookEvents()
	if len(ev) != len(want) {
		t.Fatalf("got %d events, want %d", len(ev), len(want))
	}
	f := NewFrame()
	for i, e := range ev {
		if err := f.Apply(e); err != nil {
			t.Fatal(err)
		}
		if f.Narration != want[i] {
			t.Errorf("step %d: got  %q\nwant %q", e.Step, f.Narration, want[i])
		}
	}
}

// TestNarrateLeafReached: where the frame knows the leaves (as the viewer's
// does from its scenario), a leaf's enter says the leaf is reached instead
// of calling it a MAX or MIN node; every other step of the textbook trace
// is narrated as without the knowledge.
func TestNarrateLeafReached(t *testing.T) {
	leaf := func(id string) bool { return strings.Count(id, ".") == 1 }
	plain, known := NewFrame(), NewFrame()
	known.Leaf = leaf
	changed := 0
	for _, e := range textbookEvents() {
		if err := plain.Apply(e); err != nil {
			t.Fatal(err)
		}
		if err := known.Apply(e); err != nil {
			t.Fatal(err)
		}
		if e.Type == Enter && leaf(e.Node) {
			changed++
			want := "Leaf " + e.Label + " is reached; the next step gives its value."
			if known.Narration != want {
				t.Errorf("step %d: got %q, want %q", e.Step, known.Narration, want)
			}
			continue
		}
		if known.Narration != plain.Narration {
			t.Errorf("step %d (%v at %q): got %q, want %q as without the leaves", e.Step, e.Type, e.Node, known.Narration, plain.Narration)
		}
	}
	if changed != 7 {
		t.Errorf("got %d leaves reached, want the textbook's 7", changed)
	}
}

// TestNarrateLabels: a frame with Labels names nodes through it (the road
// story's "left" in the viewer's language); every step of the textbook
// trace reads as without it, node B renamed.
func TestNarrateLabels(t *testing.T) {
	plain, named := NewFrame(), NewFrame()
	named.Labels = func(l string) string {
		if l == "B" {
			return "Bee"
		}
		return l
	}
	b := regexp.MustCompile(`\bB\b`)
	changed := 0
	for _, e := range textbookEvents() {
		if err := plain.Apply(e); err != nil {
			t.Fatal(err)
		}
		if err := named.Apply(e); err != nil {
			t.Fatal(err)
		}
		want := b.ReplaceAllString(plain.Narration, "Bee")
		if want != plain.Narration {
			changed++
		}
		if named.Narration != want {
			t.Errorf("step %d (%v at %q): got %q, want %q", e.Step, e.Type, e.Node, named.Narration, want)
		}
	}
	if changed == 0 {
		t.Error("got no narration naming B, want some")
	}
	if got := named.LabelText("C"); got != "C" {
		t.Errorf("LabelText(C) = %q, want C", got)
	}
	if got := (*Frame)(nil).LabelText("B"); got != "B" {
		t.Errorf("nil frame: LabelText(B) = %q, want B", got)
	}
}
