package scenario

import (
	"strings"
	"testing"
)

func TestConnect4Scenario(t *testing.T) {
	tests := []struct {
		s       Scenario
		wantErr string
		best    string
	}{
		{s: Scenario{Game: "connect4", Position: "dadbd", Depth: 2}, best: "3"},
		{s: Scenario{Game: "connect4", Depth: 3, Algo: "minimax"}},
		{s: Scenario{Game: "connect4"}, wantErr: "needs a depth limit"},
		{s: Scenario{Game: "connect4", Depth: 9}, wantErr: "at most 8 plies"},
		{s: Scenario{Game: "connect4", Depth: 2, Position: "dz"}, wantErr: "connect4: column 2: bad move 'z'"},
		{s: Scenario{Game: "connect4", Depth: 2, Eval: "lines"}, wantErr: `unknown evaluation "lines"`},
		{s: Scenario{Game: "connect4", Depth: 2, Matches: 3}, wantErr: "belong to nim"},
		{s: Scenario{Game: "connect4", Depth: 2, Algo: "maxn"}, wantErr: "two-player game"},
	}
	for _, tt := range tests {
		t.Run(tt.s.Query().Encode(), func(t *testing.T) {
			p, err := tt.s.Prepare()
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !IsUsage(err) {
					t.Fatalf("Prepare() error = %v, want a usage error containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			r, err := p.Run(nil)
			if err != nil {
				t.Fatal(err)
			}
			if tt.best != "" && r.Best != tt.best {
				t.Errorf("best = %q, want %q", r.Best, tt.best)
			}
			back, err := FromQuery(tt.s.Query())
			if err != nil || back != tt.s {
				t.Errorf("FromQuery(Query()) = %+v, %v; want %+v", back, err, tt.s)
			}
			sh, err := p.Shape(ShapeOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if len(sh.Board) != 47 {
				t.Errorf("root board %q, want 6 rows of 7 cells", sh.Board)
			}
		})
	}
}
