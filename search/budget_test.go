package search

import (
	"context"
	"errors"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/abtrace/abtrace/trace"
)

// budgetCase is one algorithm on a tree it can search.
type budgetCase struct {
	name string
	run  func(opt Options[struct{}], rec trace.Recorder) (trace.Result, error)
}

// budgetCases gives every algorithm a tree of a few thousand nodes, in
// natural order and in the best order (whose ranking searches count too).
func budgetCases() []budgetCase {
	r := rand.New(rand.NewPCG(8, 8))
	two := uniformTree(r, 4, 6) // 5,461 nodes
	chance := alternating(r, 5, 7)
	vec := vecTree(r, 5, 7, 3, 0)
	vecNoChance := vecTreeNoChance(r, 6, 9, 3)
	var out []budgetCase
	for _, ord := range []Ordering{OrderNatural, OrderBest} {
		conv := func(o Options[struct{}]) (Options[*tnode], Options[*cnode]) {
			return Options[*tnode]{Order: ord, Budget: o.Budget}, Options[*cnode]{Order: ord, Budget: o.Budget, Bounds: Bounds{0, 10}}
		}
		for _, algo := range []Algorithm{AlgoMinimax, AlgoAlphaBeta} {
			out = append(out, budgetCase{algo.String() + "/" + ord.String(), func(o Options[struct{}], rec trace.Recorder) (trace.Result, error) {
				t, _ := conv(o)
				return Run(algo, tgame{}, two, t, rec)
			}})
		}
		for _, algo := range []Algorithm{AlgoExpectiminimax, AlgoStar1} {
			out = append(out, budgetCase{algo.String() + "/" + ord.String(), func(o Options[struct{}], rec trace.Recorder) (trace.Result, error) {
				_, c := conv(o)
				return Run(algo, cgame{}, chance, c, rec)
			}})
		}
		if ord == OrderNatural { // max^n takes no value ordering
			out = append(out, budgetCase{"maxn/natural", func(o Options[struct{}], rec trace.Recorder) (trace.Result, error) {
				_, c := conv(o)
				return MaxN(cgame{}, vec, c, rec)
			}})
		}
		out = append(out, budgetCase{"paranoid/" + ord.String(), func(o Options[struct{}], rec trace.Recorder) (trace.Result, error) {
			_, c := conv(o)
			return Paranoid(cgame{}, vecNoChance, c, rec)
		}})
	}
	return out
}

// TestBudgetNodes: a search may enter exactly Budget.Nodes nodes, and
// gives the same result as without a budget; one node less stops it with
// a *BudgetError. In the best order the searches that rank children count
// too, so a budget of the main search's nodes alone is too small.
func TestBudgetNodes(t *testing.T) {
	for _, c := range budgetCases() {
		for _, traced := range []bool{false, true} {
			var rec trace.Recorder
			name := c.name
			if traced {
				rec = func(*trace.Event) bool { return true }
				name += "/traced"
			}
			t.Run(name, func(t *testing.T) {
				want, err := c.run(Options[struct{}]{}, rec)
				if err != nil {
					t.Fatal(err)
				}
				// The total work: find the least budget that lets it through.
				lo, hi := int64(1), int64(1)<<40
				for lo < hi {
					mid := (lo + hi) / 2
					if _, err := c.run(Options[struct{}]{Budget: Budget{Nodes: mid}}, rec); err == nil {
						hi = mid
					} else if !IsBudget(err) {
						t.Fatalf("budget %d: got err %v, want a *BudgetError", mid, err)
					} else {
						lo = mid + 1
					}
				}
				work := lo
				nodes := int64(want.Stats.Nodes)
				if c.name[len(c.name)-len("natural"):] == "natural" && work != nodes {
					t.Errorf("least budget that completes: got %d, want the %d nodes the search entered", work, nodes)
				}
				if c.name[len(c.name)-len("best"):] == "best" && work <= nodes {
					t.Errorf("least budget that completes: got %d, want more than the %d nodes of the main search (ranking counts)", work, nodes)
				}
				got, err := c.run(Options[struct{}]{Budget: Budget{Nodes: work}}, rec)
				if err != nil || got.Value != want.Value || got.Best != want.Best || got.Stats.Nodes != want.Stats.Nodes {
					t.Errorf("with budget %d: got %v (%d nodes), %v; want %v (%d nodes)", work, got.Value, got.Stats.Nodes, err, want.Value, want.Stats.Nodes)
				}
				_, err = c.run(Options[struct{}]{Budget: Budget{Nodes: work - 1}}, rec)
				var be *BudgetError
				if !errors.As(err, &be) || be.Nodes != work-1 {
					t.Errorf("with budget %d: got err %v, want a *BudgetError of %d nodes", work-1, err, work-1)
				}
			})
		}
	}
}

// TestBudgetContext: a search whose context is already cancelled enters
// no node; one cancelled while it runs enters at most CheckEvery more.
func TestBudgetContext(t *testing.T) {
	for _, c := range budgetCases() {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			enters := 0
			_, err := c.run(Options[struct{}]{Budget: Budget{Context: ctx}}, func(e *trace.Event) bool {
				if e.Type == trace.Enter {
					enters++
				}
				return true
			})
			if !errors.Is(err, context.Canceled) || enters != 0 {
				t.Errorf("cancelled before: got %d nodes entered, err %v; want 0 and context.Canceled", enters, err)
			}

			ctx, cancel = context.WithCancel(context.Background())
			defer cancel()
			enters, after := 0, -1
			_, err = c.run(Options[struct{}]{Budget: Budget{Context: ctx}}, func(e *trace.Event) bool {
				if e.Type == trace.Enter {
					enters++
					if enters == 10 {
						cancel()
						after = 0
					} else if after >= 0 {
						after++
					}
				}
				return true
			})
			if !errors.Is(err, context.Canceled) || after < 0 || after > CheckEvery {
				t.Errorf("cancelled at the 10th node: got %d more nodes entered, err %v; want at most %d and context.Canceled", after, err, CheckEvery)
			}
		})
	}
	// The untraced search stops too.
	ctx, cancel := context.WithCancelCause(context.Background())
	cause := errors.New("the viewer left")
	cancel(cause)
	r := rand.New(rand.NewPCG(9, 9))
	if _, err := AlphaBeta(tgame{}, uniformTree(r, 3, 5), Options[*tnode]{Budget: Budget{Context: ctx}}, nil); !errors.Is(err, cause) {
		t.Errorf("untraced, cancelled with a cause: got err %v, want it to wrap %v", err, cause)
	}
}

// TestBudgetEvents: Events yields the budget's error as its last pair.
func TestBudgetEvents(t *testing.T) {
	var last error
	n := 0
	for _, err := range Events(AlgoMinimax, tgame{}, textbook(), Options[*tnode]{Budget: Budget{Nodes: 5}}) {
		n++
		last = err
	}
	if !IsBudget(last) {
		t.Errorf("got last error %v after %d pairs, want a *BudgetError", last, n)
	}
}

// TestBudgetNoAllocationPerNode: a budget and a context cost no
// allocation per node.
func TestBudgetNoAllocationPerNode(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	small, big := uniformTree(r, 2, 6), uniformTree(r, 4, 6)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for _, algo := range []Algorithm{AlgoMinimax, AlgoAlphaBeta} {
		allocs := func(root *tnode) float64 {
			return testing.AllocsPerRun(20, func() {
				Run(algo, tgame{}, root, Options[*tnode]{Budget: Budget{Nodes: 1 << 30, Context: ctx}}, nil)
			})
		}
		if a, b := allocs(small), allocs(big); b > a {
			t.Errorf("%v: got %v allocations on the big tree, want no more than the %v on the small one", algo, b, a)
		}
	}
}

// TestAllowanceShared: searches run under one context carrying an
// allowance charge it together: each fits its own budget, but together
// they stop with a *BudgetError naming the allowance's limit, and every
// allowance a nested one was made within is charged too.
func TestAllowanceShared(t *testing.T) {
	r := rand.New(rand.NewPCG(10, 10))
	root := uniformTree(r, 4, 6) // 5,461 nodes
	one, err := Minimax(tgame{}, root, Options[*tnode]{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	n := int64(one.Stats.Nodes)
	outer := NewAllowance(context.Background(), 0)
	ctx := WithAllowance(context.Background(), outer)
	a := NewAllowance(ctx, 3*n)
	ctx = WithAllowance(ctx, a)
	runs := 0
	for ; runs < 10; runs++ {
		_, err = Minimax(tgame{}, root, Options[*tnode]{Budget: Budget{Nodes: n, Context: ctx}}, nil)
		if err != nil {
			break
		}
	}
	var be *BudgetError
	if !errors.As(err, &be) || be.Nodes != 3*n {
		t.Fatalf("after %d searches: got err %v, want a *BudgetError of the allowance's %d nodes", runs, err, 3*n)
	}
	// Work is charged every CheckEvery nodes, so the fourth search stops.
	if runs < 2 || runs > 3 {
		t.Errorf("searches that completed within %d nodes of allowance: got %d, want 2 or 3 (%d nodes each)", 3*n, runs, n)
	}
	if outer.Used() != a.Used() || a.Used() <= 3*n {
		t.Errorf("used: outer %d, inner %d; want the same, over %d", outer.Used(), a.Used(), 3*n)
	}
}

// TestBudgetWhole: Whole gives many searches together the budget of one.
func TestBudgetWhole(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 11))
	root := uniformTree(r, 4, 6)
	b := Budget{Nodes: 20_000}.Whole()
	if b.Nodes != 0 || AllowanceOf(b.Context).Limit() != 20_000 {
		t.Fatalf("Whole: got Nodes %d, allowance %v; want 0 and an allowance of 20000", b.Nodes, AllowanceOf(b.Context))
	}
	var err error
	for range 10 {
		if _, err = Minimax(tgame{}, root, Options[*tnode]{Budget: b}, nil); err != nil {
			break
		}
	}
	if !IsBudget(err) {
		t.Errorf("ten searches of 5,461 nodes under Whole(20000): got err %v, want a *BudgetError", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Minimax(tgame{}, root, Options[*tnode]{Budget: Budget{Context: ctx}.Whole()}, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("Whole of a cancelled budget: got err %v, want context.Canceled", err)
	}
}

// TestWorkers: work on many goroutines leaves CoresLeftFree cores to the
// rest, runs at least one worker, and no more than it has jobs.
func TestWorkers(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, c := range []struct{ procs, jobs, want int }{
		{1, 100, 1}, {2, 100, 1}, {4, 100, 3}, {8, 100, 7}, {8, 3, 3}, {8, 1, 1}, {2, 0, 1},
	} {
		runtime.GOMAXPROCS(c.procs)
		if got := Workers(c.jobs); got != c.want {
			t.Errorf("GOMAXPROCS %d, %d jobs: Workers = %d, want %d", c.procs, c.jobs, got, c.want)
		}
	}
}
