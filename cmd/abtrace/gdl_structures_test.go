package main

import (
	"strings"
	"testing"
)

// TestGDLStructuresCommand checks `abtrace gdl structures`, whose JSON course
// scripts read, exactly.
func TestGDLStructuresCommand(t *testing.T) {
	code, out, errOut := runCmd("gdl", "structures", gdlGames+"connect4.kif", "--json")
	want := `{"successors":[{"relation":"above","order":["1","2","3","4","5","6","7"]}],` +
		`"boards":[{"relation":"cell","coordinates":[1,2],"content":3,"size":[7,6],"markers":["b","o","x"],"pieces":[]}],` +
		`"counters":[],"quantities":[]}` + "\n"
	if code != 0 || out != want {
		t.Errorf("exit %d\n%s%s\nwant %s", code, out, errOut, want)
	}
	code, out, errOut = runCmd("gdl", "structures", gdlGames+"tictactoe.kif", "--states", "50", "--seed", "3")
	want = "`(cell ?m ?n ?c)` is a 3×3 board: ?m and ?n are numbers, ordered by no successor relation, each cell held one content in all 50 simulated states; contents b, o, x\n"
	if code != 0 || out != want {
		t.Errorf("exit %d\n%s%s\nwant %s", code, out, errOut, want)
	}
	code, _, errOut = runCmd("gdl", "structures", gdlGames+"tictactoe.kif", "--states", "0")
	if code == 0 || !strings.Contains(errOut, "simulated states for the structures: 0 (want 1 to 65536)") {
		t.Errorf("--states 0: exit %d, %q", code, errOut)
	}
}

func TestGDLStructuresLimit(t *testing.T) {
	code, _, errOut := runCmd("gdl", "structures", gdlGames+"tictactoe.kif", "--states", "65537")
	if code == 0 || !strings.Contains(errOut, "MaxStructureStates") {
		t.Errorf("--states 65537: exit %d, %q", code, errOut)
	}
}
