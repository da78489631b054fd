package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/trace"
)

func runCmd(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = run(args, &o, &e)
	return code, o.String(), e.String()
}

func TestSolveJSONTextbook(t *testing.T) {
	code, out, errOut := runCmd("solve", "--tree", "((3 12 8) (2 4 6) (14 5 2))", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := `{"value":3,"best":"0","pv":["0","0.0"],"stats":{"nodes":11,"leaves":7,"cutoffs":1},` +
		`"evaluated":["0.0","0.1","0.2","1.0","2.0","2.1","2.2"],"pruned":["1.1","1.2"]}` + "\n"
	if out != want {
		t.Errorf("got  %s\nwant %s", out, want)
	}
}

func TestSolveJSONCases(t *testing.T) {
	cases := []struct {
		name  string
		args  []string
		value float64
		best  string
		nodes int
	}{
		{"minimax textbook", []string{"--tree", "((3 12 8) (2 4 6) (14 5 2))", "--algo", "minimax"}, 3, "0", 13},
		{"min root", []string{"--tree", "((3 12 8) (2 4 6) (14 5 2))", "--root", "min"}, 6, "1", 0},
		{"decimals and negatives", []string{"--tree", "((-1.5 2) (0.25 -3))"}, -1.5, "0", 0},
		{"single leaf", []string{"--tree", "7"}, 7, "", 1},
		{"matchsticks", []string{"--game", "nim", "--matches", "5", "--take", "2"}, 1, "0", 0},
		{"tictactoe win in one", []string{"--game", "tictactoe", "--position", "xx.oo....", "--algo", "minimax"}, 1, "0", 0}, // child 0 is cell 2, the win,
		{"tictactoe depth", []string{"--game", "tictactoe", "--depth", "2", "--eval", "aima"}, 0, "", 0},
		{"random best", []string{"--random", "3,3", "--seed", "9", "--order", "best"}, 0, "", 0},
		{"reversed gt", []string{"--tree", "((3 12 8) (2 4 6) (14 5 2))", "--order", "reversed", "--prune", "gt"}, 3, "0", 0},
		{"fail hard", []string{"--tree", "((3 12 8) (2 4 6) (14 5 2))", "--fail", "hard"}, 3, "0", 11},
		{"depth limit with estimates", []string{"--tree", "([h=1](3 12 8) [h=9](2 4 6) [h=5](14 5 2))", "--depth", "1"}, 9, "1", 4},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errOut := runCmd(append(append([]string{"solve"}, c.args...), "--json")...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			var got solveJSON
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("%v in %s", err, out)
			}
			if c.name == "tictactoe depth" || c.name == "random best" {
				return // only that it runs and prints valid JSON
			}
			if float64(got.Value) != c.value || got.Best != c.best {
				t.Errorf("value %v best %q; want %v %q", got.Value, got.Best, c.value, c.best)
			}
			if c.nodes != 0 && got.Stats.Nodes != c.nodes {
				t.Errorf("nodes %d; want %d", got.Stats.Nodes, c.nodes)
			}
		})
	}
}

func TestUsageErrors(t *testing.T) {
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"frobnicate"}, 2, "unknown command"},
		{[]string{"solve"}, 2, "no source"},
		{[]string{"solve", "--tree", "((3 12 8) (2 4"}, 2, "line 1, column"},
		{[]string{"solve", "--tree", "(1 2)", "--algo", "negascout"}, 2, "unknown algorithm"},
		{[]string{"solve", "--tree", "(1 2)", "--order", "sideways"}, 2, "unknown ordering"},
		{[]string{"solve", "--tree", "(1 2)", "--prune", "gt", "--fail", "hard"}, 2, "needs fail-soft"},
		{[]string{"solve", "--tree", "(1 2)", "--game", "nim"}, 2, "one source"},
		{[]string{"solve", "--game", "chess"}, 2, "unknown game"},
		{[]string{"solve", "--game", "tictactoe", "--position", "xxx"}, 2, "tictactoe"},
		{[]string{"solve", "--game", "nim", "--matches", "1000"}, 2, "nim"},
		{[]string{"solve", "--random", "3"}, 2, "B,D"},
		{[]string{"solve", "--tree", "(1 2)", "--depth", "-1"}, 2, "depth"},
		{[]string{"solve", "--tree", "(1 2)", "--bogus"}, 2, "bogus"},
		{[]string{"solve", "--tree", "(1 2)", "extra"}, 2, "unexpected argument"},
		{[]string{"solve", "--tree-file", "/nonexistent/tree.txt"}, 2, "no such file"},
		{[]string{"bench", "--game", "nim"}, 2, "only --game tictactoe"},
		// The depth limit cuts at inner nodes without estimates: a search error.
		{[]string{"solve", "--tree", "((1 2) (3 4))", "--depth", "1"}, 1, "static estimate"},
	}
	for _, c := range cases {
		code, _, errOut := runCmd(c.args...)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d mentioning %q", c.args, code, errOut, c.code, c.want)
		}
	}
}

func TestTreeFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tree.txt")
	if err := os.WriteFile(path, []byte("# the textbook tree\nA(B(3 12 8)\n  C(2 4 6)\n  D(14 5 2))\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCmd("solve", "--tree-file", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"value 3", "best move 0 (B)", "11 nodes", "1 cutoff", "pruned 1.1 1.2"} {
		if !strings.Contains(out, want) {
			t.Errorf("summary %q lacks %q", out, want)
		}
	}
}

func TestTraceJSONLines(t *testing.T) {
	code, out, errOut := runCmd("trace", "--tree", "((3 12 8) (2 4 6) (14 5 2))")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var evs []trace.Event
	for i, l := range lines {
		var e trace.Event
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		evs = append(evs, e)
	}
	if evs[0].Type != trace.Enter || evs[len(evs)-1].Type != trace.Done {
		t.Errorf("first %v, last %v; want enter ... done", evs[0].Type, evs[len(evs)-1].Type)
	}
	if r := evs[len(evs)-1].Result; r == nil || r.Value != 3 {
		t.Errorf("done result %+v; want value 3", r)
	}
	// The trace replays into the final frame.
	f, err := trace.Replay(evs)
	if err != nil {
		t.Fatal(err)
	}
	if !f.Done || f.Nodes["1.1"].State != trace.StatePruned {
		t.Errorf("replayed frame: done %v, 1.1 %v", f.Done, f.Nodes["1.1"].State)
	}
}

func TestBench(t *testing.T) {
	code, out, errOut := runCmd("bench", "--game", "tictactoe", "--algo", "alphabeta", "--json", "--time", "50ms")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var b benchJSON
	if err := json.Unmarshal([]byte(out), &b); err != nil {
		t.Fatal(err)
	}
	if b.Nodes != 18297 || b.NsPerSearch <= 0 || b.NodesPerS <= 0 {
		t.Errorf("bench = %+v; want 18297 nodes per search and positive rates", b)
	}
	code, out, _ = runCmd("bench", "--game", "tictactoe", "--algo", "minimax", "--traced", "--json", "--time", "1ms")
	if code != 0 || !strings.Contains(out, `"nodes":549946`) {
		t.Errorf("traced minimax bench: exit %d, %s", code, out)
	}
}

func TestHelp(t *testing.T) {
	code, out, _ := runCmd("help")
	if code != 0 || !strings.Contains(out, "--tree TEXT") || !strings.Contains(out, "Exit status") {
		t.Errorf("help: exit %d, %q", code, out)
	}
}
