package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestGDLFeaturesCommand checks `abtrace gdl features`: the candidates with
// their scores, seeded, and the table without --json.
func TestGDLFeaturesCommand(t *testing.T) {
	code, out, errOut := runCmd("gdl", "features", gdlGames+"matchsticks.kif", "--json", "--games", "40", "--seed", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var sel struct {
		Games      int        `json:"games"`
		Goals      [2]float64 `json:"goals"`
		Candidates []struct {
			Feature, Evaluation, Direction string
			Score                          float64
		} `json:"candidates"`
	}
	if err := json.Unmarshal([]byte(out), &sel); err != nil {
		t.Fatal(err)
	}
	if sel.Games != 40 || sel.Goals != [2]float64{0, 100} || len(sel.Candidates) != 6 {
		t.Errorf("%s", out)
	}
	for _, c := range sel.Candidates {
		if c.Evaluation != "kuhlmann:"+c.Feature+":"+c.Direction {
			t.Errorf("candidate %+v", c)
		}
	}
	_, again, _ := runCmd("gdl", "features", gdlGames+"matchsticks.kif", "--json", "--games", "40", "--seed", "2")
	if again != out {
		t.Errorf("same seed, different output")
	}
	code, out, _ = runCmd("gdl", "features", gdlGames+"matchsticks.kif", "--games", "10")
	if code != 0 || !strings.Contains(out, "quantity(matches,1)") || !strings.Contains(out, "R⁺ = 100") {
		t.Errorf("table: exit %d\n%s", code, out)
	}
	code, out, _ = runCmd("gdl", "features", gdlGames+"matchsticks.kif", "--games", "10", "--lang", "cs")
	if code != 0 || !strings.HasPrefix(out, "Náhodné hry: 10 (semínko 0)") || !strings.Contains(out, "proč") || !strings.Contains(out, "místo argumentu 1 relace `matches` v pořadí 0 1 2 3 4 5 (0 až 5)") {
		t.Errorf("table in Czech: exit %d\n%s", code, out)
	}
	code, _, errOut = runCmd("gdl", "features", gdlGames+"matchsticks.kif", "--games", "0")
	if code == 0 || !strings.Contains(errOut, "MaxSelectGames") {
		t.Errorf("--games 0: exit %d, %q", code, errOut)
	}
}

// TestGDLEvalFlag: solve and trace take an evaluation built from the rules.
func TestGDLEvalFlag(t *testing.T) {
	code, out, errOut := runCmd("solve", "--gdl", gdlGames+"tictactoe.kif", "--depth", "2", "--eval", "goal-fuzzy", "--json")
	if code != 0 || !strings.Contains(out, `"best":"4"`) {
		t.Errorf("solve goal-fuzzy: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut = runCmd("trace", "--gdl", gdlGames+"tictactoe.kif", "--depth", "1", "--eval", "kuhlmann:count(cell,b):max")
	if code != 0 || !strings.Contains(out, `"name":"V(count(cell,b)) (R⁺ = 100)"`) {
		t.Errorf("trace kuhlmann: exit %d\n%.600s%s", code, out, errOut)
	}
	code, _, errOut = runCmd("solve", "--gdl", gdlGames+"tictactoe.kif", "--depth", "1", "--eval", "bogus")
	if code == 0 || !strings.Contains(errOut, "inverse-mobility") {
		t.Errorf("bogus: exit %d, %q", code, errOut)
	}
}

// TestTournamentGDL: tournament --gdl FILE with evaluations built from the
// rules.
func TestTournamentGDL(t *testing.T) {
	code, out, errOut := runCmd("tournament", "--gdl", gdlGames+"tictactoe.kif", "--evals", "goal-fuzzy,kuhlmann:count(cell,x):max", "--depth", "1", "--games", "1")
	if code != 0 || !strings.Contains(out, "kuhlmann:count(cell,x):max") || !strings.Contains(out, "gdl, depth 1") {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
	code, _, errOut = runCmd("tournament", "--gdl", gdlGames+"tictactoe.kif", "--game", "tictactoe", "--evals", "goals,random")
	if code == 0 || !strings.Contains(errOut, "not both") {
		t.Errorf("--game and --gdl: exit %d, %q", code, errOut)
	}
}
