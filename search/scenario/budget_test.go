package scenario

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/minichess"
	"github.com/abtrace/abtrace/search/tree"
)

// TestCheckSizeRefusesUpFront: a scenario whose tree is larger than its
// budget is refused by Prepare, at once, with the limit and the ways to
// get under it — and those ways really fit, while one step more does not.
func TestCheckSizeRefusesUpFront(t *testing.T) {
	cases := []struct {
		name      string
		sc        Scenario
		wantDepth bool // the error suggests a depth limit
		wantMatch bool // the error suggests fewer matches
	}{
		{"nim 64/8", Scenario{Game: "nim", Matches: 64, Take: 8}, true, true},
		{"nim 40/3 depth 30", Scenario{Game: "nim", Matches: 40, Take: 3, Depth: 30}, true, true},
		{"dice star1 depth 40", Scenario{Game: "dice", Algo: "star1", Depth: 40}, true, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sc := c.sc
			sc.Budget = search.Budget{Nodes: MaxWork}
			_, err := sc.Prepare()
			if !IsUsage(err) {
				t.Fatalf("got err %v, want a usage error", err)
			}
			msg := err.Error()
			if !strings.Contains(msg, "at most 10,000,000") {
				t.Errorf("got %q, want it to name the limit 10,000,000", msg)
			}
			check := func(param string, want bool, set func(*Scenario, int)) {
				m := regexp.MustCompile(param + `=(\d+)`).FindStringSubmatch(msg)
				if (m != nil) != want {
					t.Fatalf("got %q; want a suggestion of %s: %v", msg, param, want)
				}
				if m == nil {
					return
				}
				n, _ := strconv.Atoi(m[1])
				fits := sc
				set(&fits, n)
				if _, err := fits.Prepare(); err != nil {
					t.Errorf("the suggested %s=%d: got err %v, want it to fit", param, n, err)
				}
				over := sc
				set(&over, n+1)
				if _, err := over.Prepare(); !IsUsage(err) {
					t.Errorf("%s=%d, one more than suggested: got err %v, want a refusal", param, n+1, err)
				}
			}
			check("depth", c.wantDepth, func(s *Scenario, n int) { s.Depth = n })
			check("matches", c.wantMatch, func(s *Scenario, n int) { s.Matches = n })
		})
	}
}

// TestCheckSizeAdmitsTheLargestLectureScenarios: the full tic-tac-toe tree
// and Connect Four at its deepest limit fit the server's budget.
func TestCheckSizeAdmitsTheLargestLectureScenarios(t *testing.T) {
	for _, sc := range []Scenario{
		{Game: "tictactoe", Algo: "minimax"},
		{Game: "connect4", Depth: MaxConnect4Depth},
		{Game: "nim", Matches: 20, Take: 3},
		{Random: "4,9"},
	} {
		sc.Budget = search.Budget{Nodes: MaxWork}
		if _, err := sc.Prepare(); err != nil {
			t.Errorf("%+v: got err %v, want it to fit MaxWork", sc.Query(), err)
		}
	}
}

// TestBudgetReachesEverySearch: the scenario's budget bounds every search
// its prepared form runs, whatever the source, and a cancelled context
// stops each of them.
func TestBudgetReachesEverySearch(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, sc := range []Scenario{
		{Tree: tree.TwoPlyGameTree},
		{Tree: tree.TwoPlyGameTree, Transform: "cube"},
		{Tree: "((<3,1,2> <1,5,2>) (<6,1,2> <2,2,9>))", Algo: "maxn"},
		{Tree: "((<3,1,2> <1,5,2>) (<6,1,2> <2,2,9>))", Algo: "paranoid"},
		{Random: "3,4", Seed: 3, Order: "best"},
		{Game: "tictactoe", Position: "xo.......", Algo: "minimax"},
		{Game: "nim", Matches: 7, Take: 3},
		{Game: "dice", Algo: "star1", Depth: 4},
		{Game: "connect4", Depth: 2},
	} {
		t.Run(sc.Query().Encode(), func(t *testing.T) {
			sc.Budget = search.Budget{Nodes: MaxWork, Context: ctx}
			p, err := sc.Prepare()
			if err != nil {
				t.Fatal(err)
			}
			if _, err := p.Run(nil); !errors.Is(err, context.Canceled) {
				t.Errorf("Run: got err %v, want context.Canceled", err)
			}
			if _, err := p.RunAlgorithm(p.Baseline(), nil); !errors.Is(err, context.Canceled) {
				t.Errorf("RunAlgorithm(%v): got err %v, want context.Canceled", p.Baseline(), err)
			}
			if sc.Transform != "" {
				if _, err := p.TransformReport(); !errors.Is(err, context.Canceled) {
					t.Errorf("TransformReport: got err %v, want context.Canceled", err)
				}
			}
			// A node budget below the search's work stops it with a BudgetError.
			small := sc
			small.Budget = search.Budget{}
			q, _ := small.Prepare()
			res, err := q.Run(nil)
			if err != nil {
				t.Fatal(err)
			}
			small.Budget = search.Budget{Nodes: int64(res.Stats.Nodes) - 1}
			if q, err = small.Prepare(); err != nil {
				// The tree itself may be over the budget; then Prepare says so.
				if !IsUsage(err) {
					t.Fatalf("got err %v, want a usage error", err)
				}
				return
			}
			if _, err := q.Run(nil); !search.IsBudget(err) {
				t.Errorf("budget of %d nodes: got err %v, want a *search.BudgetError", res.Stats.Nodes-1, err)
			}
		})
	}
}

// TestLabWork: a lab run over MaxLabWork is refused up front with the most
// seeds that fit, and a cancelled lab stops.
func TestLabWork(t *testing.T) {
	// A uniform 4,8 tree has 87,381 nodes.
	_, err := Lab(Scenario{Random: "4,8"}, MaxLabTrees)
	want := fmt.Sprintf("use at most %d seeds", MaxLabWork/87381)
	if !IsUsage(err) || !strings.Contains(err.Error(), want) {
		t.Errorf("got err %v, want a usage error that says %q", err, want)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Lab(Scenario{Random: "3,3", Budget: search.Budget{Nodes: MaxWork, Context: ctx}}, 50); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled lab: got err %v, want context.Canceled", err)
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 7: "7", 999: "999", 1000: "1,000", 549946: "549,946",
		10_000_000: "10,000,000", -1234: "-1,234", MaxTotal: "9,007,199,254,740,991"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d): got %q, want %q", n, got, want)
		}
	}
}

// TestZeroMatchesInQuery: matches=0 and take=0 are refused, not read as
// "not given".
func TestZeroMatchesInQuery(t *testing.T) {
	cases := []struct {
		query string
		bad   bool
	}{
		{"game=nim&matches=0", true},
		{"game=nim&take=0", true},
		{"game=nim&matches=00", true},
		{"game=nim&take=-0", true},
		{"game=nim&matches=7&take=3", false},
		{"game=nim", false},
		{"game=nim&matches=", false},
	}
	for _, c := range cases {
		q, _ := url.ParseQuery(c.query)
		_, err := FromQuery(q)
		if got := err != nil; got != c.bad || c.bad && !IsUsage(err) {
			t.Errorf("FromQuery(%s): got err %v, want an error: %v", c.query, err, c.bad)
		}
	}
}

// TestCheckSizeBoundsItsOwnWork: a game whose positions rarely repeat
// (minichess from the start with quiescence search below depth 2, hundreds
// of millions of nodes) is refused after at most MaxSizeCount subtrees are
// worked out, as "more than" the limit, not counted to its last node; the
// trees a lecture shows are still counted exactly.
func TestCheckSizeBoundsItsOwnWork(t *testing.T) {
	sc := Scenario{Game: "minichess", Position: "start", Depth: 2, Quiescence: true}
	sc.Budget = search.Budget{Nodes: MaxWork}
	_, err := sc.Prepare()
	var ue *UsageError
	if !errors.As(err, &ue) {
		t.Fatalf("Prepare: got err %v, want a *UsageError", err)
	}
	if msg := err.Error(); !strings.Contains(msg, "more than") {
		t.Errorf("got %q, want it to say the tree has more than the limit", msg)
	}
	sc.Budget = search.Budget{}
	p, err := sc.Prepare()
	if err != nil {
		t.Fatal(err)
	}
	if got := p.sizeUpTo(MaxWork); got <= MaxWork {
		t.Errorf("sizeUpTo: got %d, want more than %d", got, MaxWork)
	}
	if p.sizeExact() {
		t.Errorf("sizeExact: got true after the count gave up, want false")
	}
	gs := p.shaper.(*gameShaper[minichess.State])
	if gs.lastWork > MaxSizeCount+1 {
		t.Errorf("the size check worked out %d subtrees, want at most %d", gs.lastWork, MaxSizeCount+1)
	}
	ttt := Scenario{Game: "tictactoe", Algo: "minimax"}
	q, err := ttt.Prepare()
	if err != nil {
		t.Fatal(err)
	}
	if got := q.sizeUpTo(MaxWork); got != 549946 || !q.sizeExact() {
		t.Errorf("tic-tac-toe: got size %d (exact %v), want 549,946 exactly", got, q.sizeExact())
	}
}

// TestSizeCheckShared: the students of a class preparing one scenario at
// once have its tree counted once, and share the counted sizes; a
// scenario that is too large is refused from the remembered check too.
func TestSizeCheckShared(t *testing.T) {
	tests := []struct {
		name    string
		sc      Scenario
		wantErr bool
	}{
		{"fits", Scenario{Game: "tictactoe", Position: "x...o....", Algo: "minimax"}, false},
		{"too large", Scenario{Game: "tictactoe", Algo: "minimax"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.sc.Budget.Nodes = 100_000
			runs := sizeChecks.Runs()
			const students = 20
			var wg sync.WaitGroup
			ps := make([]*Search, students)
			errs := make([]error, students)
			for i := range students {
				wg.Go(func() { ps[i], errs[i] = tt.sc.Prepare() })
			}
			wg.Wait()
			if got := sizeChecks.Runs() - runs; got != 1 {
				t.Errorf("got %d size checks for %d students, want 1", got, students)
			}
			for i, err := range errs {
				if (err != nil) != tt.wantErr {
					t.Fatalf("student %d: got error %v, want error %v", i, err, tt.wantErr)
				}
				if err == nil && ps[i].shaper != ps[0].shaper {
					t.Errorf("student %d: got a shaper of its own, want the one that counted", i)
				}
			}
			if tt.wantErr {
				want := errs[0].Error()
				for i, err := range errs {
					if err.Error() != want {
						t.Errorf("student %d: got %q, want %q", i, err, want)
					}
				}
			}
		})
	}
}
