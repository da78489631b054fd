package search_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

var update = flag.Bool("update", false, "rewrite the golden traces under testdata")

// goldenCases are traces whose every event is pinned in testdata. The
// textbook tree is Russell & Norvig's alpha-beta figure (Fig. 5.2, 3rd ed.).
var goldenCases = []struct {
	file string
	text string
	algo search.Algorithm
	opt  search.Options[*tree.Node]
}{
	{"textbook-alphabeta.jsonl", tree.TwoPlyGameTree, search.AlgoAlphaBeta, search.Options[*tree.Node]{}},
	{"textbook-minimax.jsonl", tree.TwoPlyGameTree, search.AlgoMinimax, search.Options[*tree.Node]{}},
	{"textbook-alphabeta-hard.jsonl", tree.TwoPlyGameTree, search.AlgoAlphaBeta, search.Options[*tree.Node]{Fail: search.FailHard}},
	{"textbook-alphabeta-best.jsonl", tree.TwoPlyGameTree, search.AlgoAlphaBeta, search.Options[*tree.Node]{Order: search.OrderBest}},
	{"textbook-chance-expectiminimax.jsonl", textbookChance, search.AlgoExpectiminimax, search.Options[*tree.Node]{}},
	{"textbook-chance-star1.jsonl", textbookChance, search.AlgoStar1, search.Options[*tree.Node]{Bounds: search.Bounds{L: 2, U: 14}}},
	{"three-players-maxn.jsonl", threePlayers, search.AlgoMaxN, search.Options[*tree.Node]{}},
	{"three-players-paranoid.jsonl", threePlayers, search.AlgoParanoid, search.Options[*tree.Node]{Player: 1}},
	{"textbook-negamax.jsonl", tree.TwoPlyGameTree, search.AlgoNegamax, search.Options[*tree.Node]{}},
	{"textbook-pvs.jsonl", tree.TwoPlyGameTree, search.AlgoPVS, search.Options[*tree.Node]{Grain: 1}},
	{"textbook-mtdf.jsonl", tree.TwoPlyGameTree, search.AlgoMTDF, search.Options[*tree.Node]{TT: 64, Grain: 1}},
	{"textbook-id.jsonl", textbookEstimates, search.AlgoID, search.Options[*tree.Node]{TT: 64, Eval: tree.Game{}, EvalName: "h"}},
	{"textbook-id-aspiration.jsonl", textbookEstimates, search.AlgoID, search.Options[*tree.Node]{Aspiration: 1, Eval: tree.Game{}, EvalName: "h"}},
	{"textbook-negamax-killer.jsonl", tree.TwoPlyGameTree, search.AlgoNegamax, search.Options[*tree.Node]{Order: search.OrderKiller}},
}

// textbookEstimates is the textbook tree with static estimates on B, C
// and D for iterative deepening's first pass, which misjudges C as the
// best: the second pass tries C first, and finds B.
const textbookEstimates = tree.TwoPlyGameTreeEstimates

func TestGoldenTraces(t *testing.T) {
	for _, c := range goldenCases {
		t.Run(c.file, func(t *testing.T) {
			tr, err := tree.Parse(c.text)
			if err != nil {
				t.Fatal(err)
			}
			evs, _, err := search.Collect(c.algo, tree.Game{}, tr.Root, c.opt)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			for _, e := range evs {
				b, err := json.Marshal(e)
				if err != nil {
					t.Fatal(err)
				}
				buf.Write(b)
				buf.WriteByte('\n')
			}
			path := filepath.Join("testdata", c.file)
			if *update {
				if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./search -run Golden -update to create it)", err)
			}
			gotLines, wantLines := bytes.Split(buf.Bytes(), []byte("\n")), bytes.Split(want, []byte("\n"))
			for i := 0; i < len(gotLines) && i < len(wantLines); i++ {
				if !bytes.Equal(gotLines[i], wantLines[i]) {
					t.Fatalf("event %d differs:\n got %s\nwant %s", i+1, gotLines[i], wantLines[i])
				}
			}
			if len(gotLines) != len(wantLines) {
				t.Fatalf("got %d lines, want %d", len(gotLines), len(wantLines))
			}
			// The JSON decodes back to the same events, which replay.
			var back []trace.Event
			for i, line := range wantLines[:len(wantLines)-1] {
				var e trace.Event
				if err := json.Unmarshal(line, &e); err != nil {
					t.Fatalf("line %d: %v", i+1, err)
				}
				again, _ := json.Marshal(e)
				if !bytes.Equal(again, line) {
					t.Fatalf("line %d does not round-trip:\n%s\n%s", i+1, line, again)
				}
				back = append(back, e)
			}
			if _, err := trace.Replay(back); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestTextbookGoldenFacts reads the textbook trace as a lecturer would
// check it: value 3, best child B, leaves 4 and 6 of C never evaluated.
func TestTextbookGoldenFacts(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "textbook-alphabeta.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	evaluated := map[string]bool{}
	var done *trace.Result
	for _, line := range bytes.Split(bytes.TrimSpace(b), []byte("\n")) {
		var e trace.Event
		if err := json.Unmarshal(line, &e); err != nil {
			t.Fatal(err)
		}
		if e.Type == trace.Leaf {
			evaluated[e.Node] = true
		}
		if e.Type == trace.Done {
			done = e.Result
		}
	}
	if done == nil || done.Value != 3 || done.Best != "0" {
		t.Fatalf("done = %+v; want value 3, best \"0\"", done)
	}
	for _, id := range []string{"1.1", "1.2"} {
		if evaluated[id] {
			t.Errorf("leaf %s was evaluated; alpha-beta must prune it", id)
		}
	}
	if len(evaluated) != 7 {
		t.Errorf("%d leaves evaluated; want 7", len(evaluated))
	}
}
