package scenario

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/trace"
)

func TestCardsScenario(t *testing.T) {
	tests := []struct {
		name      string
		s         Scenario
		value     float64
		method    string  // "" when the scenario has no hidden method
		best      string  // the method's chosen move
		bestValue float64 // and its value
	}{
		{"the lecture's open deal", Scenario{Game: "cards"}, 2, "", "", 0},
		{"the other deal, minimax", Scenario{Game: "cards", World: 2, Algo: "minimax"}, 2, "", "", 0},
		{"clairvoyance", Scenario{Game: "cards", Algo: "clairvoyance"}, 2, "clairvoyance", "♥6", 2},
		{"information sets", Scenario{Game: "cards", Algo: "infoset"}, 2, "infoset", "♥6", 2},
		{"a typed deal", Scenario{Game: "cards", Deal: "max: ♠A ♥2; min: ♠K ♥3", Algo: "infoset"}, 1, "infoset", "♠A", 1},
		{"roads, clairvoyance", Scenario{Game: "roads", Algo: "clairvoyance"}, 2, "clairvoyance", "B", 2},
		{"roads, information sets", Scenario{Game: "roads", Algo: "infoset", World: 2}, 2, "infoset", "A", 1},
		{"roads, determinised MCTS", Scenario{Game: "roads", Algo: "determinized", Iterations: 200, Samples: 10, Seed: 1}, 2, "determinized", "B", -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			back, err := FromQuery(tt.s.Query())
			if err != nil || back != tt.s {
				t.Fatalf("query round trip: got %+v (%v), want %+v", back, err, tt.s)
			}
			p, err := tt.s.Prepare()
			if err != nil {
				t.Fatal(err)
			}
			r, err := p.Run(nil)
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case tt.method == "determinized":
				// The viewer steps a sample's MCTS search: its value is an
				// estimate (TestDeterminizedSteps checks it against the table).
				if p.Algorithm != search.AlgoMCTS {
					t.Errorf("determinized steps %v, want mcts", p.Algorithm)
				}
			case float64(r.Value) != tt.value:
				t.Errorf("open value %v, want %v", r.Value, tt.value)
			}
			if tt.method == "" {
				if p.Method != nil {
					t.Errorf("method %v, want none", *p.Method)
				}
				if _, err := p.HiddenReport(); err == nil || !IsUsage(err) {
					t.Errorf("HiddenReport error = %v, want a usage error", err)
				}
				return
			}
			if p.Method == nil || p.Method.String() != tt.method {
				t.Fatalf("method %v, want %s", p.Method, tt.method)
			}
			rep, err := p.HiddenReport()
			if err != nil {
				t.Fatal(err)
			}
			if got := rep.Moves[rep.Best]; got.Name != tt.best || (tt.bestValue >= 0 && got.Value != tt.bestValue) {
				t.Errorf("%s chooses %s worth %v, want %s worth %v", tt.method, got.Name, got.Value, tt.best, tt.bestValue)
			}
		})
	}
}

func TestCardsScenarioErrors(t *testing.T) {
	tests := []struct {
		s    Scenario
		want string
	}{
		{Scenario{Game: "cards", Deal: "max: ♥6\nmin: ♥X"}, `cards: line 2, column 6`},
		{Scenario{Game: "cards", World: 3}, "world must be from 1 to 2"},
		{Scenario{Game: "roads", World: -1}, "world must be from 1 to 2"},
		{Scenario{Game: "cards", Depth: 2}, "takes no depth limit"},
		{Scenario{Game: "cards", Algo: "expectiminimax"}, "has no CHANCE nodes"},
		{Scenario{Game: "cards", Algo: "maxn"}, "two-player game"},
		{Scenario{Game: "cards", Algo: "id"}, "has no evaluation, which iterative deepening (id) needs"},
		{Scenario{Game: "roads", Algo: "id"}, "has no evaluation, which iterative deepening (id) needs"},
		{Scenario{Game: "nim", Algo: "infoset"}, "use it with --game cards or --game roads"},
		{Scenario{Game: "nim", Deal: "max: ♥6"}, "deal belongs to the card game"},
		{Scenario{Game: "roads", Deal: "max: ♥6"}, "deal belongs to the card game"},
		{Scenario{Game: "nim", World: 2}, "world belongs to the card game and the roads"},
		{Scenario{Game: "cards", Position: "x"}, "do not apply to the card game"},
		{Scenario{Game: "cards", Algo: "infoset", Samples: 3}, "samples belongs to --algo determinized"},
		{Scenario{Game: "cards", Algo: "determinized", Samples: -3}, "samples must be from 1 to 1000"},
		{Scenario{Game: "cards", Algo: "determinized", Samples: 1000, Iterations: 200000}, "samples × iterations may be at most 2,000,000, not 1000 × 200000 = 200,000,000"},
		{Scenario{Game: "roads", Algo: "determinized", Samples: 1000, Iterations: 2001}, "at most 2,000,000"},
		{Scenario{Game: "cards", Algo: "infoset", Iterations: 3}, "iterations, c and playout belong"},
	}
	for _, tt := range tests {
		t.Run(url.Values(tt.s.Query()).Encode(), func(t *testing.T) {
			_, err := tt.s.Prepare()
			if err == nil || !IsUsage(err) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Prepare error = %v, want a usage error containing %q", err, tt.want)
			}
		})
	}
}

// TestCardsShape: the drawing of the lecture's open deal counts 626
// nodes, as minimax enters them, names the first cards as the deal writes
// them and shows the tricks MAX took at the end.
func TestCardsShape(t *testing.T) {
	p, err := Scenario{Game: "cards", Algo: "minimax"}.Prepare()
	if err != nil {
		t.Fatal(err)
	}
	r, err := p.Run(nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Stats.Nodes != 626 {
		t.Errorf("minimax entered %d nodes, want 626", r.Stats.Nodes)
	}
	sh, err := p.Shape(ShapeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if sh.Total != 626 {
		t.Errorf("the drawing counts %d nodes, want 626", sh.Total)
	}
	var got []string
	for _, c := range sh.Children {
		got = append(got, c.Label)
	}
	if strings.Join(got, " ") != "♥6 ♦6 ♣9 ♣8" {
		t.Errorf("first cards %v, want ♥6 ♦6 ♣9 ♣8", got)
	}
	if got := p.MoveName("2.0"); got != "♣10" {
		t.Errorf("MoveName(2.0) = %q, want ♣10 (MIN's first answer to ♣9)", got)
	}
	d, err := p.Describe("2.0.0.0.0.0.0.0")
	if err != nil {
		t.Fatal(err)
	}
	if d.Label == "" || !d.Leaf || d.Text == "" {
		t.Errorf("a last card: %+v, want a labelled leaf with MAX's tricks", d)
	}
}

// TestHiddenBudget: the methods for hidden cards honour the scenario's
// budget: a cancelled context stops them.
func TestHiddenBudget(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, algo := range []string{"clairvoyance", "infoset"} {
		p, err := Scenario{Game: "cards", Algo: algo, Budget: search.Budget{Nodes: MaxWork, Context: ctx}}.Prepare()
		if err != nil {
			t.Fatal(err)
		}
		if _, err = p.HiddenReport(); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: got err %v, want context.Canceled", algo, err)
		}
	}
}

// TestRoadLabels: the road story's sides are labels that are keys, worded
// by the viewer's words; its roads A and B, and every label of another
// scenario, stay as they are.
func TestRoadLabels(t *testing.T) {
	words := func(p trace.Phrase) string { return "<" + p.ID + ">" }
	roads, err := Scenario{Game: "roads"}.Prepare()
	if err != nil {
		t.Fatal(err)
	}
	tree, err := Scenario{Tree: "(left=1 right=2)"}.Prepare()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		p     *Search
		label string
		words func(trace.Phrase) string
		want  string
	}{
		{"left", roads, "left", words, "<scenario.roads.left>"},
		{"right", roads, "right", words, "<scenario.roads.right>"},
		{"right in English", roads, "right", nil, "right"},
		{"road B", roads, "B", words, "B"},
		{"a tree's label", tree, "left", words, "left"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.p.LabelIn(tc.label, tc.words); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
	if !roads.KeyLabels() || tree.KeyLabels() {
		t.Errorf("got KeyLabels %v for the roads and %v for a tree, want true and false", roads.KeyLabels(), tree.KeyLabels())
	}
	for _, id := range []string{"scenario.roads.left", "scenario.roads.right"} {
		if _, ok := English[id]; !ok {
			t.Errorf("got no English for %q, want one", id)
		}
	}
}
