package trace

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
)

// TestNarrateRealGames checks the sentence of every event of the searches
// on real games: the table's probes (miss, hit, the cut a stored bound
// gives), its stores, re-searches, passes, and the orders the table, the
// last pass and the learned orderings give.
func TestNarrateRealGames(t *testing.T) {
	open := func(k Kind, label string, a, b Num) *NodeView {
		return &NodeView{State: StateOpen, Kind: k, Label: label, Window: true, Alpha: a, Beta: b}
	}
	// A frame in the second pass of iterative deepening to depth 2, whose
	// table holds C (stored at node 1 in pass 1) and the root.
	pass2 := func(nodes map[string]*NodeView) *Frame {
		f := frameWith(nodes)
		f.Memory = &Memory{Entries: map[string]*TableEntry{
			"1": {Node: "1", Label: "C", Value: 4, Bound: Exact, Draft: 0, Step: 15, Pass: 1},
			"":  {Node: "", Label: "A", Value: 4, Bound: Exact, Draft: 1, Best: "1", Step: 25, Pass: 1},
		}, Passes: []PassView{{Pass: 1, Draft: 1, Step: 1, Best: "1", BestLabel: "C"}, {Pass: 2, Draft: 2, Step: 27}}}
		return f
	}
	root := open(Max, "A", negInf, posInf)
	atC := func(a, b Num) *Frame {
		r := open(Max, "A", negInf, posInf)
		r.Order = []int{1, 0, 2}
		return pass2(map[string]*NodeView{"": r, "1": open(Min, "C", a, b)})
	}
	tests := []struct {
		name  string
		frame *Frame
		event Event
		want  string
	}{
		{"probe miss", frameWith(map[string]*NodeView{"": root.Clone(), "0": open(Min, "B", negInf, posInf)}),
			Event{Type: TTProbe, Node: "0", Kind: Min, Depth: 1, Window: true, Alpha: negInf, Beta: posInf},
			"The table has no entry for B, so it must be searched."},
		{"probe at the root", pass2(map[string]*NodeView{"": root.Clone()}),
			Event{Type: TTProbe, Node: "", Kind: Max, Window: true, Alpha: negInf, Beta: posInf, Hit: true, Value: 4, Bound: Exact, Draft: 1, Child: "1"},
			"The table knows the root: the exact value 4, from a search 1 ply deep. The root is always searched, to find its best move; C, the best move last time, is tried first."},
		{"probe with an entry too shallow", atC(negInf, posInf),
			Event{Type: TTProbe, Node: "1", Kind: Min, Depth: 1, Window: true, Alpha: negInf, Beta: posInf, Hit: true, Value: 4, Bound: Exact, Draft: 0, Stored: "1"},
			"The table knows C: the exact value 4, stored at this same node earlier by a search 0 plies deep, but here the search looks 1 ply deep, so the entry cannot settle the node."},
		{"probe settles with an exact value stored elsewhere", atC(3, posInf),
			Event{Type: TTProbe, Line: LineTTCut, Node: "1", Kind: Min, Depth: 1, Window: true, Alpha: 3, Beta: posInf, Hit: true, Cut: true, Value: 4, Bound: Exact, Draft: FullDraft, Stored: "0"},
			"The table already knows C: the exact value 4, stored at node 0 by a search to the end of the game, as deep as this one. The node is settled without a search."},
		{"probe settles with a lower bound", atC(3, 5),
			Event{Type: TTProbe, Line: LineTTCut, Node: "1", Kind: Min, Depth: 1, Window: true, Alpha: 5, Beta: 5, Hit: true, Cut: true, Value: 6, Bound: Lower, Draft: FullDraft, Stored: "1"},
			"The table already knows C: the lower bound ≥ 6, stored at this same node earlier by a search to the end of the game. It reaches β = 5, so the node fails high without a search."},
		{"probe settles with an upper bound of a symmetric position", atC(3, 5),
			Event{Type: TTProbe, Line: LineTTCut, Node: "1", Kind: Min, Depth: 1, Window: true, Alpha: 3, Beta: 2, Hit: true, Cut: true, Value: 2, Bound: Upper, Draft: FullDraft, Stored: "", Sym: 3},
			"The table already knows C (a symmetric image of it): the upper bound ≤ 2, stored at this same node earlier by a search to the end of the game. It is at most α = 3, so the node fails low without a search."},
		{"probe raises alpha", atC(3, 9),
			Event{Type: TTProbe, Node: "1", Kind: Min, Depth: 1, Window: true, Alpha: 5, Beta: 9, Hit: true, Value: 5, Bound: Lower, Draft: FullDraft, Stored: "1", Child: "1.2"},
			"The table knows C: the lower bound ≥ 5, stored at this same node earlier by a search to the end of the game. It raises α from 3 to 5, and node 1.2 is tried first."},
		{"probe lowers beta", atC(3, 9),
			Event{Type: TTProbe, Node: "1", Kind: Min, Depth: 1, Window: true, Alpha: 3, Beta: 7, Hit: true, Value: 7, Bound: Upper, Draft: FullDraft, Stored: "1"},
			"The table knows C: the upper bound ≤ 7, stored at this same node earlier by a search to the end of the game. It lowers β from 9 to 7."},
		{"probe that narrows nothing", frameWith(map[string]*NodeView{"": root.Clone(), "1": open(Min, "C", 3, 4)}),
			Event{Type: TTProbe, Node: "1", Kind: Min, Depth: 1, Window: true, Alpha: 3, Beta: 4, Hit: true, Value: 3, Bound: Lower, Draft: FullDraft, Stored: "1", Child: "1.0"},
			"The table knows C: the lower bound ≥ 3, stored at this same node earlier by a search to the end of the game; it neither settles the node nor narrows its window α = 3, β = 4, but its best move node 1.0 is tried first."},

		{"store exact with best move", atC(negInf, posInf),
			Event{Type: TTStore, Node: "1", Kind: Min, Depth: 1, Value: 2, Bound: Exact, Draft: 1, Child: "1.0"},
			"C goes into the table: the exact value 2, searched 1 ply deep, best move node 1.0."},
		{"store a bound over another position", atC(negInf, posInf),
			Event{Type: TTStore, Node: "1", Kind: Min, Depth: 1, Value: 2, Bound: Upper, Draft: FullDraft, Replaced: true},
			"C goes into the table: the upper bound ≤ 2, searched to the end of the game; it takes the place of another position's entry."},
		{"exit settled by the table", func() *Frame { f := atC(3, posInf); f.Nodes["1"].HasValue, f.Nodes["1"].Value = true, 4; return f }(),
			Event{Type: Exit, Line: LineTTCut, Node: "1", Kind: Min, Depth: 1, Window: true, Alpha: 3, Beta: posInf, Value: 4, Bound: Exact},
			"C returns the exact value 4 from the table, without searching below it."},
		{"exit of a leaf settled by the table is no utility", func() *Frame {
			f := atC(3, posInf)
			f.Nodes["1.0"] = &NodeView{State: StateOpen, Kind: Max, Depth: 2, Label: "2", HasValue: true, Value: 2}
			return f
		}(),
			Event{Type: Exit, Line: LineTTCut, Node: "1.0", Kind: Max, Depth: 2, Value: 2, Bound: Lower},
			"2 returns the lower bound ≥ 2 from the table, without searching below it."},

		{"PVS re-search", atC(negInf, posInf),
			Event{Type: Research, Line: "research", Node: "", Kind: Max, Child: "1", Window: true, Alpha: 3, Beta: posInf, Value: 5, Test: "5 > α = 3"},
			"C failed high on its null window (5 > α = 3): it may be better than the best so far, so it is searched again with the full window α = 3, β = +∞ to find its exact value."},
		{"aspiration fails low", NewFrame(),
			Event{Type: Research, Node: "", Kind: Max, Window: true, Alpha: negInf, Beta: posInf, Test: "fail-low: 3 ≤ α = 3"},
			"The aspiration window failed low (fail-low: 3 ≤ α = 3): the root's value lies at or below the window, so the root is searched again with α = −∞, β = +∞."},
		{"aspiration fails high", NewFrame(),
			Event{Type: Research, Node: "", Kind: Max, Window: true, Alpha: negInf, Beta: posInf, Test: "fail-high: 7 ≥ β = 6"},
			"The aspiration window failed high (fail-high: 7 ≥ β = 6): the root's value lies at or above the window, so the root is searched again with α = −∞, β = +∞."},

		{"first pass", NewFrame(),
			Event{Type: Pass, Node: "", Kind: Max, Window: true, Alpha: negInf, Beta: posInf, Draft: 1, Pass: 1},
			"Pass 1 of iterative deepening: the tree is searched afresh to depth 1."},
		{"pass with an aspiration window", NewFrame(),
			Event{Type: Pass, Node: "", Kind: Max, Window: true, Alpha: 3, Beta: 5, Draft: 2, Pass: 2},
			"Pass 2 of iterative deepening: the tree is searched afresh to depth 2 with the aspiration window α = 3, β = 5 around the last pass's value; the best moves the last pass found are tried first."},
		{"pass to the end", NewFrame(),
			Event{Type: Pass, Node: "", Kind: Max, Window: true, Alpha: negInf, Beta: posInf, Draft: FullDraft, Pass: 3},
			"Pass 3 of iterative deepening: the tree is searched afresh to the end of the game; the best moves the last pass found are tried first."},
		{"MTD(f) pass", NewFrame(),
			Event{Type: Pass, Node: "", Kind: Max, Window: true, Alpha: 3, Beta: 4, Pass: 2},
			"MTD(f) pass 2: a null-window search with α = 3, β = 4 asks whether the root's value is at least 4; the table keeps what the earlier passes learned."},

		{"the table's move first", func() *Frame {
			f := pass2(map[string]*NodeView{"": root.Clone()})
			f.Memory.Hint, f.Memory.HintNode = "1", ""
			return f
		}(),
			Event{Type: Expand, Node: "", Kind: Max, Order: []int{1, 0, 2}, By: "natural"},
			"A has 3 successors; C is tried first, the best move the table stored for this position, then the others in natural order."},
		{"the last pass's move first", pass2(map[string]*NodeView{"": root.Clone()}),
			Event{Type: Expand, Node: "", Kind: Max, Order: []int{1, 0, 2}, By: "natural"},
			"A has 3 successors; C is tried first, the best move here in the last pass, then the others in natural order."},
		{"the last pass's move before the killers", pass2(map[string]*NodeView{"": root.Clone()}),
			Event{Type: Expand, Node: "", Kind: Max, Order: []int{1, 2, 0}, By: "killer", Keys: []Num{0, 0, 2}},
			"A has 3 successors; C is tried first, the best move here in the last pass, then the others by the killer ordering (keys 0, 2, 0)."},
		{"killer ordering", frameWith(map[string]*NodeView{"": root.Clone(), "2": open(Min, "D", 3, posInf)}),
			Event{Type: Expand, Node: "2", Kind: Min, Depth: 1, Order: []int{0, 1, 2}, By: "killer", Keys: []Num{2, 0, 0}},
			"D has 3 successors, in the killer ordering: a move that caused a cutoff at this depth lately goes first (key 2 for the newest, 1 for the one before), the others keep natural order; keys 2, 0, 0."},
		{"history ordering", frameWith(map[string]*NodeView{"": root.Clone(), "2": open(Min, "D", 3, posInf)}),
			Event{Type: Expand, Node: "2", Kind: Min, Depth: 1, Order: []int{2, 0, 1}, By: "history", Keys: []Num{1, 0, 4}},
			"D has 3 successors, ordered by the history heuristic: each move scores the square of the depth left whenever it caused a cutoff, highest score first; scores 4, 1, 0."},
		{"a single history successor", frameWith(map[string]*NodeView{"": root.Clone()}),
			Event{Type: Expand, Node: "", Kind: Max, Order: []int{0}, By: "history", Keys: []Num{9}},
			"A has 1 successor, in the history ordering (score 9)."},
	}
	seen := map[string]bool{}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := NarratePhrase(tc.frame, tc.event)
			seen[p.ID] = true
			if got := p.String(); got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
	// Every sentence of the searches on real games is tested here, but the
	// pieces worded inside others and the one-successor forms.
	for id := range narrationRealGames {
		if !seen[id] && !slices.Contains(pieces, id) && !slices.Contains(untested, id) {
			t.Errorf("message %q has no test", id)
		}
	}
}

// pieces are the messages worded inside others; untested those whose
// sentence is made the same way as a tested one.
var (
	pieces   = []string{"narrate.tt.exact", "narrate.tt.lower", "narrate.tt.upper", "narrate.tt.draft", "narrate.tt.draft-full", "narrate.tt.here", "narrate.tt.sym"}
	untested = []string{"narrate.expand.rest-natural", "narrate.expand.rest-keys", "narrate.research.other"}
)

// TestTableSettledNodeIsNoLeaf replays the MTD(f) trace of the textbook
// tree: a node the table settles is never said to return a utility or an
// evaluation.
func TestTableSettledNodeIsNoLeaf(t *testing.T) {
	events := readGolden(t, "../search/testdata/textbook-mtdf.jsonl")
	f := NewFrame()
	cuts := 0
	for _, e := range events {
		if err := f.Apply(e); err != nil {
			t.Fatal(err)
		}
		if e.Type == Exit && e.Line == LineTTCut {
			cuts++
			if strings.Contains(f.Narration, "utility") || strings.Contains(f.Narration, "evaluation") || !strings.Contains(f.Narration, "from the table") {
				t.Errorf("step %d: got %q, want the table's value without a utility or an evaluation", e.Step, f.Narration)
			}
		}
	}
	if cuts == 0 {
		t.Fatal("no node settled by the table in the MTD(f) trace")
	}
}

// readGolden reads a golden trace of the engine, one JSON event per line.
func readGolden(t *testing.T, path string) []Event {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []Event
	for line := range strings.Lines(string(data)) {
		if strings.TrimSpace(line) == "" {
			continue
		}
		var e Event
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			t.Fatalf("%s line %d: %v", path, len(out)+1, err)
		}
		out = append(out, e)
	}
	return out
}
