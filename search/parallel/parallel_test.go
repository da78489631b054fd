package parallel

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/abtrace/abtrace/search"
)

func TestPick(t *testing.T) {
	r := func(depth int, complete, solved bool) *Report {
		return &Report{Depth: depth, Complete: complete, Solved: solved}
	}
	tests := []struct {
		name   string
		latest []*Report
		want   int
	}{
		{"none", []*Report{nil, nil}, -1},
		{"deeper wins", []*Report{r(2, false, false), r(4, false, false), r(3, false, false)}, 1},
		{"complete beats deeper", []*Report{r(6, false, false), r(3, true, false)}, 1},
		{"solved beats complete", []*Report{r(4, true, false), r(2, false, true), r(7, false, false)}, 1},
		{"ties go to the first listed", []*Report{nil, r(3, false, false), r(3, false, false)}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Pick(tc.latest); got != tc.want {
				t.Errorf("Pick = %d, want %d", got, tc.want)
			}
		})
	}
}

// TestRunReversi runs three evaluations on the opening and checks that
// every worker reports every depth in order and that the choice is the
// one Pick makes of the last reports.
func TestRunReversi(t *testing.T) {
	c := Config{Game: "reversi", Evals: []string{"discs", "mobility:1,corners:10", "min-discs"}, MaxDepth: 3}
	var mu sync.Mutex
	depths := map[int][]int{}
	res, err := Run(context.Background(), c, func(u Update) {
		mu.Lock()
		defer mu.Unlock()
		depths[u.Report.Worker] = append(depths[u.Report.Worker], u.Report.Depth)
		if u.Choice < 0 || u.Choice >= len(c.Evals) {
			t.Errorf("choice %d out of range", u.Choice)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	for w := range c.Evals {
		if got := depths[w]; len(got) != 3 || got[0] != 1 || got[2] != 3 {
			t.Errorf("worker %d reported depths %v, want 1 2 3", w, got)
		}
		if !res.Latest[w].Final || res.Latest[w].Depth != 3 {
			t.Errorf("worker %d's last report %+v, want final at depth 3", w, res.Latest[w])
		}
	}
	if want := Pick(res.Latest); res.Choice != want || res.Move != res.Latest[want].Name {
		t.Errorf("choice %d (%s), want %d (%s)", res.Choice, res.Move, want, res.Latest[want].Name)
	}
	if !strings.Contains("d3 c4 f5 e6", res.Move) {
		t.Errorf("move %q is not an opening move", res.Move)
	}
}

// TestSolvedEndgame gives tic-tac-toe a position where x wins at once:
// every worker proves it at depth 1 and stops.
func TestSolvedEndgame(t *testing.T) {
	c := Config{Game: "tictactoe", Position: "xx.oo....", Evals: []string{"lines", "aima", "fuzzy"}, MaxDepth: 5}
	res, err := Run(context.Background(), c, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res.Latest {
		if !r.Solved || r.Depth != 1 || r.Name != "c1" {
			t.Errorf("%s: %+v, want solved at depth 1 with c1", r.Eval, r)
		}
	}
}

// TestCompleteStops checks that a worker stops deepening once its search
// reaches the end of the game on every line (a complete search).
func TestCompleteStops(t *testing.T) {
	c := Config{Game: "tictactoe", Position: "xoxoxo...", Evals: []string{"lines"}, MaxDepth: 7}
	res, err := Run(context.Background(), c, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := res.Latest[0]
	if !r.Complete && !r.Solved || r.Depth >= 7 {
		t.Errorf("last report %+v; want a complete or solved search before depth 7", r)
	}
}

func TestRunCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	c := Config{Game: "reversi", Evals: []string{"discs", "mobility"}, MaxDepth: MaxDepth}
	_, err := Run(ctx, c, func(u Update) {
		if u.Report.Depth >= 2 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Run after cancel = %v, want context.Canceled", err)
	}
}

func TestRunErrors(t *testing.T) {
	tests := []struct {
		c    Config
		want string
	}{
		{Config{Game: "chess", Evals: []string{"a"}, MaxDepth: 2}, "unknown game"},
		{Config{Game: "reversi", MaxDepth: 2}, "0 evaluations"},
		{Config{Game: "reversi", Evals: []string{"discs"}, MaxDepth: MaxDepth + 1}, "depth must be"},
		{Config{Game: "reversi", Evals: []string{"lines"}, MaxDepth: 2}, `unknown feature "lines"`},
		{Config{Game: "tictactoe", Position: "xxx", Evals: []string{"lines"}, MaxDepth: 2}, "tictactoe: "},
	}
	for _, tc := range tests {
		if _, err := Run(context.Background(), tc.c, nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Run(%+v) = %v, want an error containing %q", tc.c, err, tc.want)
		}
	}
}

// TestRunBudget checks that a worker's search over the node budget ends
// the run with a *search.BudgetError, and that a large enough budget
// changes nothing.
func TestRunBudget(t *testing.T) {
	for _, tc := range []struct {
		nodes int64
		over  bool
	}{{10, true}, {1 << 22, false}} {
		t.Run(fmt.Sprint(tc.nodes), func(t *testing.T) {
			c := Config{Game: "connect4", Evals: []string{"threats"}, MaxDepth: 4, Nodes: tc.nodes}
			_, err := Run(context.Background(), c, nil)
			if search.IsBudget(err) != tc.over {
				t.Errorf("over the budget: got %t (err %v), want %t", search.IsBudget(err), err, tc.over)
			}
		})
	}
}

// TestConnect4MovesByNumber: Connect Four's moves are named by their
// column's number, 1 to 7 from the left, as every page names them, not by
// a letter.
func TestConnect4MovesByNumber(t *testing.T) {
	r, err := Run(context.Background(), Config{Game: "connect4", Evals: []string{"threats"}, MaxDepth: 2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	names := []string{r.Move}
	for _, rep := range r.Latest {
		names = append(names, rep.Name)
	}
	for _, n := range names {
		if len(n) != 1 || n[0] < '1' || n[0] > '7' {
			t.Errorf("a move named %q, want a column's number 1 to 7", n)
		}
	}
}
