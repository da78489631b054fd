package scenario

import (
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

// TestMCTSScenario: every two-player source runs MCTS through a scenario,
// which round-trips through its query, and each finds the move alpha-beta
// proves best (the iterations stated).
func TestMCTSScenario(t *testing.T) {
	tests := []struct {
		name string
		s    Scenario
		best string
	}{
		{"textbook tree, 300 iterations", Scenario{Tree: tree.TwoPlyGameTree, Algo: "mcts", Iterations: 300, Seed: 2}, "0"},
		{"tic-tac-toe win, 400 iterations, C 1", Scenario{Game: "tictactoe", Position: "xx.oo....", Algo: "mcts", Iterations: 400, C: 1}, "0"},
		{"tic-tac-toe, eval playouts", Scenario{Game: "tictactoe", Position: "xx.oo....", Algo: "mcts", Iterations: 200, Playout: "eval", Eval: "lines"}, "0"},
		{"matchsticks, 500 iterations", Scenario{Game: "nim", Matches: 7, Take: 3, Algo: "mcts", Iterations: 500}, "1"},
		{"connect four, win score outcomes", Scenario{Game: "connect4", Position: "aabbcc", Depth: 2, Algo: "mcts", Iterations: 1000}, "3"},
		{"cards, 2000 iterations", Scenario{Game: "cards", Deal: "max: ♥A ♠A ♥2; min: ♠Q ♠3 ♥6", Algo: "mcts", Iterations: 2000}, "0"},
		{"roads, 200 iterations", Scenario{Game: "roads", Algo: "mcts", Iterations: 200}, "1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			back, err := FromQuery(tt.s.Query())
			if err != nil || back != tt.s {
				t.Fatalf("query round trip: got %+v (%v), want %+v", back, err, tt.s)
			}
			p, err := tt.s.Prepare()
			if err != nil {
				t.Fatal(err)
			}
			var evs []trace.Event
			r, err := p.Run(func(e *trace.Event) bool { evs = append(evs, *e); return true })
			if err != nil {
				t.Fatal(err)
			}
			if r.Best != tt.best {
				t.Errorf("MCTS chooses %q (estimate %v), want %q", r.Best, r.Value, tt.best)
			}
			if _, err := trace.Replay(evs); err != nil {
				t.Errorf("the trace does not replay: %v", err)
			}
		})
	}
}

func TestMCTSScenarioErrors(t *testing.T) {
	tests := []struct {
		s    Scenario
		want string
	}{
		{Scenario{Tree: tree.TwoPlyGameTree, Iterations: 5}, "iterations, c and playout belong to --algo mcts and determinized"},
		{Scenario{Tree: tree.TwoPlyGameTree, Algo: "mcts", Iterations: -2}, "iterations must be from 1 to 200000"},
		{Scenario{Tree: tree.TwoPlyGameTree, Algo: "mcts", C: -1}, "c must be a positive number"},
		{Scenario{Tree: tree.TwoPlyGameTree, Algo: "mcts", Playout: "smart"}, "unknown playout"},
		{Scenario{Game: "nim", Algo: "mcts", Playout: "eval"}, "needs an evaluation"},
		{Scenario{Game: "dice", Algo: "mcts", Depth: 4}, "CHANCE nodes"},
		{Scenario{Tree: "([chance](0.5:1 0.5:2) 3)", Algo: "mcts"}, "CHANCE node"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			_, err := tt.s.Prepare()
			if err == nil || !IsUsage(err) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Prepare error = %v, want a usage error containing %q", err, tt.want)
			}
		})
	}
	if _, err := FromQuery(map[string][]string{"c": {"x"}}); err == nil || !strings.Contains(err.Error(), "c must be a number") {
		t.Errorf("c=x: error %v, want c must be a number", err)
	}
}
