package gdl

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/trace"
)

var update = flag.Bool("update", false, "rewrite the golden traces under testdata")

// goldenRoot is the GDL tic-tac-toe after x (mark 2 2), o (mark 1 1),
// x (mark 1 2), o (mark 3 2): x to move, five squares empty.
func goldenRoot(t *testing.T, g *Game) State {
	s := g.Init()
	for _, m := range []string{"(mark 2 2)", "(mark 1 1)", "(mark 1 2)", "(mark 3 2)"} {
		found := false
		for _, k := range g.Moves(s, nil) {
			if g.Name(s, k) == m {
				s, found = g.Result(s, k), true
				break
			}
		}
		if !found {
			t.Fatalf("%s is not legal at %s", m, g.Facts(s))
		}
	}
	return s
}

// TestGoldenTraces pins every event of alpha-beta (to the end) and of MCTS
// (40 iterations, seed 1) on the GDL tic-tac-toe from goldenRoot.
func TestGoldenTraces(t *testing.T) {
	g := mustGame(t, "tictactoe")
	root := goldenRoot(t, g)
	for _, c := range []struct {
		file string
		algo search.Algorithm
		opt  search.Options[State]
	}{
		{"tictactoe-alphabeta.jsonl", search.AlgoAlphaBeta, search.Options[State]{}},
		{"tictactoe-mcts.jsonl", search.AlgoMCTS, search.Options[State]{Seed: 1, Bounds: search.Bounds{L: -1, U: 1}, MCTS: search.MCTSParams{Iterations: 40}}},
	} {
		t.Run(c.file, func(t *testing.T) {
			evs, _, err := search.Collect(c.algo, g, root, c.opt)
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
				t.Fatalf("%v (run go test ./search/gdl -run Golden -update to create it)", err)
			}
			got, wantLines := bytes.Split(buf.Bytes(), []byte("\n")), bytes.Split(want, []byte("\n"))
			for i := 0; i < len(got) && i < len(wantLines); i++ {
				if !bytes.Equal(got[i], wantLines[i]) {
					t.Fatalf("event %d differs:\n got %s\nwant %s", i+1, got[i], wantLines[i])
				}
			}
			if len(got) != len(wantLines) {
				t.Fatalf("got %d lines, want %d", len(got), len(wantLines))
			}
			if _, err := trace.Replay(evs); err != nil {
				t.Fatal(err)
			}
		})
	}
}
