package scenario

import (
	"github.com/abtrace/abtrace/trace"
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

// TestConnect4Names checks that Connect Four nodes are named by the column
// of the move into them: by MoveName, and on every enter event of a traced
// search, where a full column shifts the child indices but not the names.
func TestConnect4Names(t *testing.T) {
	tests := []struct {
		position string
		ids      map[string]string
	}{
		{"", map[string]string{"0": "column 1", "3": "column 4", "6": "column 7", "3.4": "column 5", "7": "", "x": "", "": ""}},
		// Column a is full: the first child drops into b.
		{"aaaaaa", map[string]string{"0": "column 2", "5": "column 7", "0.0": "column 2", "6": ""}},
	}
	for _, tt := range tests {
		t.Run(tt.position, func(t *testing.T) {
			p, err := Scenario{Game: "connect4", Position: tt.position, Depth: 3}.Prepare()
			if err != nil {
				t.Fatal(err)
			}
			for id, want := range tt.ids {
				if got := p.MoveName(id); got != want {
					t.Errorf("MoveName(%q) = %q, want %q", id, got, want)
				}
			}
			entered := 0
			if _, err := p.Run(func(e *trace.Event) bool {
				if e.Type != trace.Enter || e.Node == "" {
					return true
				}
				entered++
				if want := p.MoveName(e.Node); e.Label != want || len(want) != len("column 1") || want < "column 1" || want > "column 7" {
					t.Errorf("node %q: label %q, want the column %q", e.Node, e.Label, want)
				}
				return true
			}); err != nil {
				t.Fatal(err)
			}
			if entered == 0 {
				t.Error("no node entered")
			}
		})
	}
}
