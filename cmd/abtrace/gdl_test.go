package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const gdlGames = "../../search/gdl/games/"

// TestGDLCommands checks the outputs course scripts read, exactly.
func TestGDLCommands(t *testing.T) {
	ttt := gdlGames + "tictactoe.kif"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"gdl", "playout", ttt, "--policy", "first", "--json"},
			`{"roles":["x","o"],"steps":[{"legal":[9,1],"moves":["(mark 1 1)","noop"]},{"legal":[1,8],"moves":["noop","(mark 1 2)"]},` +
				`{"legal":[7,1],"moves":["(mark 1 3)","noop"]},{"legal":[1,6],"moves":["noop","(mark 2 1)"]},{"legal":[5,1],"moves":["(mark 2 2)","noop"]},` +
				`{"legal":[1,4],"moves":["noop","(mark 2 3)"]},{"legal":[3,1],"moves":["(mark 3 1)","noop"]}],"end":"terminal","goals":[100,0]}`},
		{[]string{"gdl", "playout", ttt, "--policy", "random", "--seed", "5", "--max-steps", "2", "--json"}, `"end":"cut"}`},
		{[]string{"gdl", "count", ttt, "--json"}, `{"states":5478,"terminal":958}`},
		{[]string{"gdl", "count", gdlGames + "matchsticks.kif", "--json"}, `{"states":10,"terminal":2}`},
		{[]string{"gdl", "bench", gdlGames + "matchsticks.kif", "--playouts", "10", "--json"}, `{"rollouts":10,"state_changes":`},
		{[]string{"gdl", "check", ttt}, "roles: x, o; relations: role/1, init/1"},
		{[]string{"solve", "--gdl", ttt, "--json"}, `{"value":0,"best":"0",`},
		{[]string{"solve", "--gdl", ttt, "--algo", "mcts", "--iterations", "200", "--seed", "1"}, "mcts"},
		{[]string{"solve", "--gdl", gdlGames + "matchsticks.kif", "--algo", "maxn"}, "value"},
	} {
		code, out, errOut := runCmd(c.args...)
		if code != 0 || !strings.Contains(out, c.want) {
			t.Errorf("%v: exit %d\n%s%s\nwant %s", c.args, code, out, errOut, c.want)
		}
	}
}

func TestGDLCheckErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.kif")
	os.WriteFile(bad, []byte("(role x)\n(<= (p ?x) (q ?y))\n(q a)\n(<= r (not r))\n"), 0o644)
	code, out, _ := runCmd("gdl", "check", bad)
	want := "gdl: line 2, column 8: variable ?x in the head does not appear in a positive condition of the rule's body (it is unsafe)\n" +
		"gdl: line 4, column 12: r depends on the negation of r, which depends on r again (negation is not stratified)\n"
	if code != 1 || out != want {
		t.Errorf("exit %d\n%s\nwant exit 1\n%s", code, out, want)
	}
	for _, args := range [][]string{
		{"gdl", "playout", gdlGames + "tictactoe.kif"},
		{"gdl", "playout", gdlGames + "tictactoe.kif", "--policy", "best"},
		{"gdl", "bench", gdlGames + "tictactoe.kif"},
		{"gdl", "count"},
		{"gdl", "frobnicate", bad},
		{"solve", "--gdl", bad},
		{"solve", "--gdl", gdlGames + "tictactoe.kif", "--position", "x........"},
	} {
		if code, _, errOut := runCmd(args...); code == 0 || errOut == "" {
			t.Errorf("%v: exit %d, %q", args, code, errOut)
		}
	}
}
