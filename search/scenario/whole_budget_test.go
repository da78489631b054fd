package scenario

import (
	"context"
	"testing"

	"github.com/abtrace/abtrace/search"
)

// TestHiddenMethodsBudgetedAsAWhole: determinised MCTS's samples and
// clairvoyance's open searches share the scenario's budget. Each sample
// alone fits a budget the samples together do not, so the method stops
// with a *BudgetError instead of running every sample to its own budget.
func TestHiddenMethodsBudgetedAsAWhole(t *testing.T) {
	one := Scenario{Game: "cards", Algo: "determinized", Samples: 1, Iterations: 2000, Seed: 3}
	probe := search.NewAllowance(context.Background(), 0)
	one.Budget = search.Budget{Context: search.WithAllowance(context.Background(), probe)}
	p, err := one.Prepare()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.HiddenReport(); err != nil {
		t.Fatal(err)
	}
	per := probe.Used() // what one sample costs, to a CheckEvery
	if per < search.CheckEvery {
		t.Fatalf("one sample charged %d nodes, want at least %d", per, search.CheckEvery)
	}
	for _, algo := range []string{"determinized", "clairvoyance"} {
		t.Run(algo, func(t *testing.T) {
			sc := one
			sc.Algo, sc.Samples = algo, 50
			if algo == "clairvoyance" {
				sc.Samples, sc.Iterations, sc.Seed = 0, 0, 0
			}
			sc.Budget = search.Budget{Nodes: 3 * per}
			p, err := sc.Prepare()
			if err != nil {
				t.Fatal(err)
			}
			if algo == "clairvoyance" {
				// Its open searches are a few hundred nodes each: a budget
				// below their sum stops it.
				sc.Budget.Nodes = search.CheckEvery
				if p, err = sc.Prepare(); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := p.HiddenReport(); !search.IsBudget(err) {
				t.Errorf("got err %v, want a *BudgetError: the budget is the method's, not each search's", err)
			}
		})
	}
}
