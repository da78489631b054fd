package main

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/abtrace/abtrace/search/connect4"
	"github.com/abtrace/abtrace/search/play"
)

// TestConnect4PlayMatchesSolve checks that the move the Connect Four page
// plays (package play) is the move `abtrace solve` finds on the same
// position with the same options, and its value too, on random positions
// and option sets.
func TestConnect4PlayMatchesSolve(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 7))
	n := 300
	if testing.Short() {
		n = 40
	}
	g := connect4.Game{}
	for range n {
		var s connect4.State
		moves := ""
		for range r.IntN(30) {
			ms := g.Moves(s, nil)
			m := ms[r.IntN(len(ms))]
			if g.Terminal(g.Result(s, m)) {
				break
			}
			s, moves = g.Result(s, m), moves+connect4.MoveString(m)
		}
		spec := play.Spec{Game: "connect4", Moves: []string{moves}, Depth: 1 + r.IntN(4),
			Algo: []string{"", "negamax", "pvs", "mtdf", "id"}[r.IntN(5)], Order: []string{"", "killer", "history"}[r.IntN(3)]}
		if spec.Algo != "" {
			if r.IntN(2) == 0 {
				spec.TT = 1 << (4 + r.IntN(10))
			}
			spec.Symmetry = r.IntN(3) == 0
		}
		spec.HumanFirst = g.ToMove(s) != 1 // the engine is to move
		game, err := play.New(spec)
		if err != nil {
			t.Fatal(err)
		}
		if !game.EngineToMove() {
			spec.HumanFirst = !spec.HumanFirst
			if game, err = play.New(spec); err != nil || !game.EngineToMove() {
				t.Fatalf("%+v: the engine is not to move (%v)", spec, err)
			}
		}
		name, value, err := game.Reply(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		args := []string{"solve", "--game", "connect4", "--position", moves, "--depth", strconv.Itoa(spec.Depth), "--json"}
		if spec.Algo != "" {
			args = append(args, "--algo", spec.Algo)
		}
		if spec.Order != "" {
			args = append(args, "--order", spec.Order)
		}
		if spec.TT != 0 {
			args = append(args, "--tt-size", strconv.Itoa(spec.TT))
		}
		if spec.Symmetry {
			args = append(args, "--symmetry")
		}
		var out, errOut bytes.Buffer
		if code := run(args, &out, &errOut); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut.String())
		}
		var got struct {
			Value float64 `json:"value"`
			Best  string  `json:"best"`
		}
		if err := json.Unmarshal(out.Bytes(), &got); err != nil {
			t.Fatal(err)
		}
		i, err := strconv.Atoi(got.Best)
		if err != nil {
			t.Fatalf("%v: best %q", args, got.Best)
		}
		// The page names a column by its number, 1 to 7 from the left.
		if solved := strconv.Itoa(int(g.Moves(s, nil)[i]) + 1); solved != name || got.Value != value {
			t.Errorf("%v: solve plays %s worth %v; the page plays %s worth %v", args, solved, got.Value, name, value)
		}
	}
}
