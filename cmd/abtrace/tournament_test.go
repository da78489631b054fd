package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search/tournament"
)

func TestTournamentCommand(t *testing.T) {
	args := []string{"tournament", "--game", "suicide-reversi", "--evals", "max-discs,min-discs", "--depth", "2", "--games", "4", "--seed", "5", "--json"}
	var outs [2]string
	for i := range outs {
		var out, errOut bytes.Buffer
		if code := run(args, &out, &errOut); code != exitOK {
			t.Fatalf("exit %d, stderr %q", code, errOut.String())
		}
		outs[i] = out.String()
	}
	if outs[0] != outs[1] {
		t.Errorf("two runs with the same seed print different results")
	}
	var r tournament.Result
	if err := json.Unmarshal([]byte(outs[0]), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Games) != 8 || len(r.Pairings) != 2 || len(r.Standings) != 2 || r.Config.Seed != 5 {
		t.Errorf("%d games, %d pairings, %d standings, seed %d; want 8, 2, 2, 5", len(r.Games), len(r.Pairings), len(r.Standings), r.Config.Seed)
	}

	var out, errOut bytes.Buffer
	if code := run([]string{"tournament", "--game", "tictactoe", "--evals", "lines,aima", "--games", "2"}, &out, &errOut); code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, errOut.String())
	}
	for _, want := range []string{"tictactoe, depth 2, 2 openings per pairing with both colours, seed 1: 4 games", "standing", "lines", "aima"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output %q lacks %q", out.String(), want)
		}
	}

	for _, bad := range []struct {
		args []string
		want string
	}{
		{[]string{"tournament", "--game", "chess", "--evals", "a,b"}, "unknown game"},
		{[]string{"tournament", "--game", "reversi", "--evals", "discs"}, "1 evaluations"},
		{[]string{"tournament", "--game", "reversi", "--evals", "discs,min-discs", "--depth", "9"}, "depth must be"},
	} {
		var out, errOut bytes.Buffer
		if code := run(bad.args, &out, &errOut); code != exitUsage || !strings.Contains(errOut.String(), bad.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", bad.args, code, errOut.String(), exitUsage, bad.want)
		}
	}
}
