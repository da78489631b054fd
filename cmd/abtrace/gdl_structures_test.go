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
	// The reasons in the pages' languages; the JSON is the same in each.
	for _, c := range []struct{ lang, want string }{
		{"de", "`(cell ?m ?n ?c)` ist ein 3×3-Brett: ?m und ?n sind Zahlen, durch keine Nachfolgerrelation geordnet, jedes Feld hatte in allen 50 simulierten Zuständen einen Inhalt; Inhalte b, o, x\n"},
		{"cs", "`(cell ?m ?n ?c)` je deska 3×3: ?m a ?n jsou čísla, neřazená žádnou relací následníka, každé pole mělo ve všech 50 simulovaných stavech jeden obsah; obsahy b, o, x\n"},
		{"en", want},
	} {
		code, out, errOut = runCmd("gdl", "structures", gdlGames+"tictactoe.kif", "--states", "50", "--seed", "3", "--lang", c.lang)
		if code != 0 || out != c.want {
			t.Errorf("--lang %s: exit %d\n%s%s\nwant %s", c.lang, code, out, errOut, c.want)
		}
	}
	code, out, _ = runCmd("gdl", "structures", gdlGames+"breakthrough-small.kif", "--lang", "cs")
	if !strings.Contains(out, "`next1` je relace následníka: jejích 5 faktů řadí 1, 2, 3, 4, 5, 6 do jednoho řetězce") || !strings.Contains(out, "; kameny (jen se pohybují") {
		t.Errorf("breakthrough-small in Czech: exit %d\n%s", code, out)
	}
	code, out, _ = runCmd("gdl", "structures", gdlGames+"connect4.kif", "--json", "--lang", "de")
	if code != 0 || !strings.HasPrefix(out, `{"successors":[{"relation":"above"`) {
		t.Errorf("--json --lang de: exit %d %s", code, out)
	}
	code, _, errOut = runCmd("gdl", "structures", gdlGames+"tictactoe.kif", "--lang", "fr")
	if code == 0 || !strings.Contains(errOut, `--lang "fr": want en, de or cs`) {
		t.Errorf("--lang fr: exit %d, %q", code, errOut)
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
