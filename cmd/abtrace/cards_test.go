package main

import (
	"encoding/json"
	"github.com/abtrace/abtrace/search/tree"
	"strings"
	"testing"
)

// TestSolveHiddenJSON: solve --json with clairvoyance or infoset lists
// every first card by name with its value under the method.
func TestSolveHiddenJSON(t *testing.T) {
	tests := []struct {
		args   []string
		best   string
		values map[string]float64
	}{
		{[]string{"--game", "cards", "--algo", "clairvoyance"}, "♥6", map[string]float64{"♥6": 2, "♦6": 2, "♣9": 2, "♣8": 2}},
		{[]string{"--game", "cards", "--algo", "infoset"}, "♥6", map[string]float64{"♥6": 2, "♦6": 2, "♣9": 1.5, "♣8": 1.5}},
		{[]string{"--game", "cards", "--deal", "max: ♥6 ♦6 ♣9 ♣8; min: ♥4 ♠2 ♣10 ♣5 | ♦4 ♠2 ♣10 ♣5", "--algo", "infoset"}, "♥6", map[string]float64{"♣9": 1.5}},
		{[]string{"--game", "roads", "--algo", "clairvoyance"}, "B", map[string]float64{"A": 1, "B": 2}},
		{[]string{"--game", "roads", "--algo", "infoset"}, "A", map[string]float64{"A": 1, "B": -4}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, errOut := runCmd(append(append([]string{"solve"}, tt.args...), "--json")...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			var got struct {
				Value      float64 `json:"value"`
				Best       string  `json:"best"`
				MoveValues []struct {
					Move  string  `json:"move"`
					ID    string  `json:"id"`
					Value float64 `json:"value"`
				} `json:"move_values"`
			}
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("%v in %s", err, out)
			}
			byName := map[string]float64{}
			bestName := ""
			for _, m := range got.MoveValues {
				byName[m.Move] = m.Value
				if m.ID == got.Best {
					bestName = m.Move
				}
			}
			if bestName != tt.best {
				t.Errorf("best %q (%s), want %s", got.Best, bestName, tt.best)
			}
			for name, v := range tt.values {
				if byName[name] != v {
					t.Errorf("move_values %s = %v, want %v (all: %s)", name, byName[name], v, out)
				}
			}
		})
	}
}

func TestSolveHiddenText(t *testing.T) {
	code, out, errOut := runCmd("solve", "--game", "cards", "--algo", "infoset")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"best move ♥6, value 2 on average", " ♣9             1        2      1.5",
		"risk of ♣9: after ♣9 ♣10 ♠2, world 1 needs ♦6, world 2 needs ♥6, and MAX cannot tell which"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// An average is written as the pages write it (2.33), not as a float.
	code, out, errOut = runCmd("solve", "--game", "cards", "--deal", "trap", "--algo", "clairvoyance")
	if code != 0 || !strings.Contains(out, "best move ♣9, value 2.33 on average") || strings.Contains(out, "2.333") {
		t.Errorf("clairvoyance on the trap: exit %d, %q, %s; want best move ♣9, value 2.33", code, errOut, out)
	}
	code, _, errOut = runCmd("solve", "--game", "cards", "--deal", "max: ♥6\nmin: ♥Z")
	if code != exitUsage || !strings.Contains(errOut, "cards: line 2, column 6") {
		t.Errorf("bad deal: exit %d, %q; want exit %d naming line 2, column 6", code, errOut, exitUsage)
	}
}

// TestSolveMCTS: --algo mcts --iterations N --c C --seed S chooses B on the
// textbook tree, and the same seed prints the same trace.
func TestSolveMCTS(t *testing.T) {
	args := []string{"--tree", tree.TwoPlyGameTree, "--algo", "mcts", "--iterations", "300", "--c", "1.2", "--seed", "4"}
	code, out, errOut := runCmd(append(append([]string{"solve"}, args...), "--json")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got struct {
		Best  string         `json:"best"`
		Stats map[string]int `json:"stats"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Best != "0" || got.Stats["leaves"] != 300 {
		t.Errorf("best %q after %d playouts, want 0 (B) after 300", got.Best, got.Stats["leaves"])
	}
	_, a, _ := runCmd(append([]string{"trace"}, args...)...)
	_, b, _ := runCmd(append([]string{"trace"}, args...)...)
	if a != b || !strings.Contains(a, `"type":"select"`) {
		t.Errorf("two traces with seed 4 differ, or have no select step")
	}
	code, _, errOut = runCmd("solve", "--tree", "(1 2)", "--algo", "mcts", "--c", "-1")
	if code != exitUsage || !strings.Contains(errOut, "c must be a positive number") {
		t.Errorf("--c -1: exit %d, %q; want a usage error", code, errOut)
	}
}

// TestSolveCurve: solve --algo mcts --curve N prints MCTS's choice as the
// iterations grow against alpha-beta's answer, and refuses other algorithms.
func TestSolveCurve(t *testing.T) {
	code, out, errOut := runCmd("solve", "--tree", tree.TwoPlyGameTree, "--algo", "mcts", "--iterations", "1000", "--curve", "8")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "alpha-beta: value 3, best 0") || !strings.Contains(out, "      1000  B") {
		t.Errorf("output lacks alpha-beta's answer or MCTS's last choice:\n%s", out)
	}
	code, _, errOut = runCmd("solve", "--tree", "(1 2)", "--curve", "8")
	if code != exitUsage || !strings.Contains(errOut, "choose --algo mcts") {
		t.Errorf("--curve with alpha-beta: exit %d, %q; want a usage error", code, errOut)
	}
}
