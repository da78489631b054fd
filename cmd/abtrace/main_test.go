package main

import (
	"bytes"
	"encoding/json"
	"github.com/abtrace/abtrace/search/tree"
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
	code, out, errOut := runCmd("solve", "--tree", tree.TwoPlyGameTreePlain, "--json")
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
		{"minimax textbook", []string{"--tree", tree.TwoPlyGameTreePlain, "--algo", "minimax"}, 3, "0", 13},
		{"min root", []string{"--tree", tree.TwoPlyGameTreePlain, "--root", "min"}, 6, "1", 0},
		{"decimals and negatives", []string{"--tree", "((-1.5 2) (0.25 -3))"}, -1.5, "0", 0},
		{"single leaf", []string{"--tree", "7"}, 7, "", 1},
		{"matchsticks", []string{"--game", "nim", "--matches", "5", "--take", "2"}, 1, "0", 0},
		{"tictactoe win in one", []string{"--game", "tictactoe", "--position", "xx.oo....", "--algo", "minimax"}, 1, "0", 0}, // child 0 is cell 2, the win,
		{"tictactoe depth", []string{"--game", "tictactoe", "--depth", "2", "--eval", "aima"}, 0, "", 0},
		{"random best", []string{"--random", "3,3", "--seed", "9", "--order", "best"}, 0, "", 0},
		{"reversed gt", []string{"--tree", tree.TwoPlyGameTreePlain, "--order", "reversed", "--prune", "gt"}, 3, "0", 0},
		{"fail hard", []string{"--tree", tree.TwoPlyGameTreePlain, "--fail", "hard"}, 3, "0", 11},
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
		{[]string{"solve", "--tree", "(1 2)", "--algo", "sss-star"}, 2, "unknown algorithm"},
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
	code, out, errOut := runCmd("trace", "--tree", tree.TwoPlyGameTreePlain)
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

// solveOut is solve --json with "value" as it comes: a number, or a list
// for max^n.
type solveOut struct {
	Value     json.RawMessage `json:"value"`
	Best      string          `json:"best"`
	PV        []string        `json:"pv"`
	Stats     statsJSON       `json:"stats"`
	Evaluated []string        `json:"evaluated"`
	Pruned    []string        `json:"pruned"`
	Transform *transformJSON  `json:"transform"`
}

func TestSolveNewAlgorithms(t *testing.T) {
	const chance = "A(B[chance](3 12 8) C[chance](2 4 6) D[chance](14 5 2))"
	const players = "((<3,1,2> <1,5,2>) (<6,1,2> <2,2,9>))"
	const aima = "([chance](0.9:(2 2) 0.1:(3 3)) [chance](0.9:(1 1) 0.1:(4 4)))"
	cases := []struct {
		name   string
		args   []string
		value  string
		best   string
		pruned string
	}{
		{"expectiminimax", []string{"--tree", chance, "--algo", "expectiminimax"}, "7.666666666666666", "0", ""},
		{"star1", []string{"--tree", chance, "--algo", "star1", "--bounds", "2,14"}, "7.666666666666666", "0", "1.2"},
		{"star1 strict", []string{"--tree", chance, "--algo", "star1", "--bounds", "0,20", "--prune", "gt"}, "7.666666666666666", "0", ""},
		{"maxn", []string{"--tree", players, "--algo", "maxn"}, "[2,2,9]", "1", ""},
		{"paranoid", []string{"--tree", players, "--algo", "paranoid", "--player", "3"}, "2", "0", ""},
		{"dice", []string{"--game", "dice", "--depth", "4", "--algo", "expectiminimax"}, "-0.0625", "1", ""},
		{"dice star1", []string{"--game", "dice", "--depth", "6", "--algo", "star1", "--position", "max=1,3 min=2,4 turn=max roll=1"}, "0.09375", "0", ""},
		{"transform flips", []string{"--tree", aima, "--algo", "expectiminimax", "--transform", "1:1,2:20,3:30,4:400"}, "40.9", "1", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errOut := runCmd(append(append([]string{"solve"}, c.args...), "--json")...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			var got solveOut
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("%v in %s", err, out)
			}
			if string(got.Value) != c.value || got.Best != c.best {
				t.Errorf("got value %s best %q, want %s %q", got.Value, got.Best, c.value, c.best)
			}
			if c.pruned != "" && strings.Join(got.Pruned, " ") != c.pruned {
				t.Errorf("got pruned %v, want %s", got.Pruned, c.pruned)
			}
			if c.name == "transform flips" {
				if tr := got.Transform; tr == nil || !tr.Changed || tr.BestBefore != "0" || float64(tr.ValueBefore) != 2.1 || !tr.OrderPreserving {
					t.Errorf("got transform %+v, want the decision changed from 0 at 2.1", tr)
				}
			}
		})
	}
	code, out, _ := runCmd("solve", "--tree", players, "--algo", "maxn")
	if code != 0 || !strings.Contains(out, "max^n") || !strings.Contains(out, "value (2, 2, 9), best move 1") {
		t.Errorf("maxn summary: exit %d, %q", code, out)
	}
	code, out, _ = runCmd("solve", "--game", "tictactoe", "--position", "xox.o....", "--transform", "wld:1,0,0")
	if code != 0 || !strings.Contains(out, "transform wld:1,0,0 (monotone, not order-preserving): value 0 before, 0 after; the decision changed: best move 3 before, 0 after") {
		t.Errorf("tictactoe transform summary: exit %d, %q", code, out)
	}
	code, out, _ = runCmd("solve", "--game", "tictactoe", "--position", "xox.o....", "--transform", "wld:100,10,50")
	if code != 0 || !strings.Contains(out, "value 0 before, 50 after; the decision is unchanged") {
		t.Errorf("tictactoe strict transform summary: exit %d, %q", code, out)
	}
}

func TestNewFlagUsageErrors(t *testing.T) {
	const chance = "([chance](3 12 8) [chance](2 4 6))"
	const players = "((<3,1,2> <1,5,2>) (<6,1,2> <2,2,9>))"
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"solve", "--tree", chance, "--algo", "star1"}, "star1 needs bounds L,U"},
		{[]string{"solve", "--tree", chance, "--algo", "star1", "--bounds", "1"}, "bounds"},
		{[]string{"solve", "--tree", chance, "--algo", "star1", "--bounds", "9,1"}, "L ≥ U"},
		{[]string{"solve", "--tree", chance}, "(try --algo expectiminimax or star1)"},
		{[]string{"solve", "--tree", players}, "(try --algo maxn or paranoid)"},
		{[]string{"solve", "--tree", players, "--algo", "paranoid", "--player", "5"}, "player 5 does not exist"},
		{[]string{"solve", "--tree", players, "--algo", "paranoid", "--player", "two"}, "player"},
		{[]string{"solve", "--tree", chance, "--algo", "maxn"}, "vector leaves"},
		{[]string{"solve", "--tree", chance, "--algo", "expectimax", "--transform", "3:1,2:2"}, "not monotone"},
		{[]string{"solve", "--game", "dice", "--algo", "star1"}, "needs a depth limit"},
		{[]string{"solve", "--game", "dice", "--depth", "4", "--algo", "star1", "--position", "max=1,1"}, "dice: max's two tokens share square 1"},
		{[]string{"solve", "--algo", "maxn", "--game", "tictactoe"}, "two-player game"},
		{[]string{"bench", "--algo", "star1"}, "only minimax and alphabeta"},
	}
	for _, c := range cases {
		code, _, errOut := runCmd(c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 mentioning %q", c.args, code, errOut, c.want)
		}
	}
	// A leaf outside the bounds is found while searching: exit 1, naming it.
	code, _, errOut := runCmd("solve", "--tree", chance, "--algo", "star1", "--bounds", "0,10")
	if code != 1 || !strings.Contains(errOut, `a leaf of "B" is 12, outside the bounds [0, 10]`) {
		t.Errorf("leaf outside the bounds: exit %d, %q", code, errOut)
	}
}

func TestTraceNewAlgorithms(t *testing.T) {
	for _, args := range [][]string{
		{"--tree", tree.TwoPlyGameTreeChance, "--algo", "star1", "--bounds", "2,14"},
		{"--tree", "((<3,1,2> <1,5,2>) (<6,1,2> <2,2,9>))", "--algo", "maxn"},
		{"--game", "dice", "--depth", "4", "--algo", "expectiminimax"},
	} {
		code, out, errOut := runCmd(append([]string{"trace"}, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		var evs []trace.Event
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			var e trace.Event
			if err := json.Unmarshal([]byte(l), &e); err != nil {
				t.Fatal(err)
			}
			evs = append(evs, e)
		}
		if f, err := trace.Replay(evs); err != nil || !f.Done {
			t.Errorf("%v: replay: %v", args, err)
		}
	}
	_, out, _ := runCmd("help")
	for _, w := range []string{"--bounds L,U", "--player K", "--game dice", "expectiminimax", "--transform"} {
		if !strings.Contains(out, w) {
			t.Errorf("help lacks %q", w)
		}
	}
}

func TestSolveReversi(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"solve", "--game", "reversi", "--depth", "2", "--eval", "discs:1,mobility:5"}, "on reversi\nvalue "},
		{[]string{"solve", "--game", "suicide-reversi", "--depth", "2", "--eval", "discs", "--kuhlmann", "min"}, "best move "},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			var out, errOut bytes.Buffer
			if code := run(tc.args, &out, &errOut); code != exitOK {
				t.Fatalf("exit %d, stderr %q", code, errOut.String())
			}
			if !strings.Contains(out.String(), tc.want) || !strings.Contains(out.String(), "(d3)") {
				t.Errorf("output %q, want it to contain %q and the move name (d3)", out.String(), tc.want)
			}
		})
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"solve", "--game", "reversi", "--depth", "2", "--kuhlmann", "up"}, &out, &errOut); code != exitUsage || !strings.Contains(errOut.String(), "kuhlmann direction") {
		t.Errorf("bad --kuhlmann: exit %d, stderr %q; want %d and the direction named", code, errOut.String(), exitUsage)
	}
}
