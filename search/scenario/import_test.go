package scenario

import (
	"os"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search"
)

func TestImportFormats(t *testing.T) {
	cs188, err := os.ReadFile("../tree/importer/testdata/cs188/2-two-ghosts-ties.test")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		s       Scenario
		algo    search.Algorithm
		prune   search.PruneRule
		value   string
		best    string
		entered int
	}{
		{"aima", Scenario{Tree: "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]", Format: "aima"}, search.AlgoAlphaBeta, search.PruneGE, "3", "0", 11},
		{"cmu", Scenario{Tree: "(((3) (12) (8)) ((2) (4) (6)) ((14) (5) (2)))", Format: "cmu"}, search.AlgoAlphaBeta, search.PruneGE, "3", "0", 11},
		{"sml minimax", Scenario{Tree: "Node [Node [Esti 3, Esti ~1], Esti 2]", Format: "sml", Algo: "minimax"}, search.AlgoMinimax, search.PruneGE, "2", "1", 5},
		{"cs188 takes the course's rule", Scenario{Tree: string(cs188), Format: "cs188"}, search.AlgoAlphaBeta, search.PruneGT, "4", "0", 14},
		{"cs188 with the scenario's rule", Scenario{Tree: string(cs188), Format: "cs188", Prune: "ge"}, search.AlgoAlphaBeta, search.PruneGE, "4", "0", 11},
		{"cs188 with the scenario's algorithm", Scenario{Tree: string(cs188), Format: "cs188", Algo: "minimax"}, search.AlgoMinimax, search.PruneGT, "4", "0", 15},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := tc.s.Prepare()
			if err != nil {
				t.Fatal(err)
			}
			if p.Algorithm != tc.algo || p.PruneRule != tc.prune {
				t.Errorf("got %v with %v, want %v with %v", p.Algorithm, p.PruneRule, tc.algo, tc.prune)
			}
			res, err := p.Run(nil)
			if err != nil {
				t.Fatal(err)
			}
			if res.Value.String() != tc.value || res.Best != tc.best || res.Stats.Nodes != tc.entered {
				t.Errorf("got value %v, best %q, %d nodes, want %s, %q, %d", res.Value, res.Best, res.Stats.Nodes, tc.value, tc.best, tc.entered)
			}
			back, err := FromQuery(tc.s.Query())
			if err != nil || back != tc.s {
				t.Errorf("FromQuery(Query()) = %+v, %v; want %+v", back, err, tc.s)
			}
		})
	}
}

func TestImportFormatErrors(t *testing.T) {
	tests := []struct {
		name string
		s    Scenario
		want string
	}{
		{"unknown format", Scenario{Tree: "(1 2)", Format: "xml"}, `unknown format "xml"`},
		{"format with a game", Scenario{Game: "nim", Format: "cmu"}, "format cmu reads a tree's text"},
		{"positioned error", Scenario{Tree: "[[1, 2] [3]]", Format: "aima"}, "aima: line 1, column 9: expected ',' or ']'"},
		{"cs188 with root min", Scenario{Tree: "num_agents: \"2\"\ndepth: \"1\"\nstart_state: \"a\"\nsuccessors: \"a L b\"\nevaluation: \"b 1\"\n", Format: "cs188", Root: "min"}, "root min does not apply"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.s.Prepare()
			if err == nil || !IsUsage(err) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want a usage error containing %q", err, tc.want)
			}
		})
	}
}
