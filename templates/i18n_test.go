package templates

import (
	"context"
	"testing"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search"
)

// TestOrderNameEveryOrdering checks that every successor ordering has a
// name of its own in every language, not the option's English word.
func TestOrderNameEveryOrdering(t *testing.T) {
	for _, l := range i18n.Langs {
		ctx := i18n.NewContext(context.Background(), i18n.For(l))
		seen := map[string]string{}
		for _, o := range append(search.Orderings(), search.LearnedOrderings()...) {
			name := o.String()
			t.Run(string(l)+"/"+name, func(t *testing.T) {
				got := OrderName(ctx, name)
				if got == name && l != i18n.English || got == "" {
					t.Errorf("got %q, want the ordering's name in %s", got, l)
				}
				if other, dup := seen[got]; dup {
					t.Errorf("got %q for both %s and %s, want distinct names", got, other, name)
				}
				seen[got] = name
			})
		}
	}
}

// TestAlgoNameEveryAlgorithm checks that every algorithm has a short name
// of its own in every language (the comparison's titles and panes).
func TestAlgoNameEveryAlgorithm(t *testing.T) {
	for _, l := range i18n.Langs {
		ctx := i18n.NewContext(context.Background(), i18n.For(l))
		seen := map[string]string{}
		for _, a := range search.Algorithms() {
			name := a.String()
			t.Run(string(l)+"/"+name, func(t *testing.T) {
				got := AlgoName(ctx, name)
				if got == "" || got == name && name != "minimax" && name != "negamax" && name != "paranoid" && name != "expectiminimax" || got == "algoname."+name {
					t.Errorf("got %q, want the algorithm's name in %s", got, l)
				}
				if other, dup := seen[got]; dup {
					t.Errorf("got %q for both %s and %s, want distinct names", got, other, name)
				}
				seen[got] = name
			})
		}
	}
	ctx := i18n.NewContext(context.Background(), i18n.For(i18n.German))
	if got, want := AlgoName(ctx, "alphabeta"), "Alpha-Beta-Suche"; got != want {
		t.Errorf("AlgoName(de, alphabeta): got %q, want %q", got, want)
	}
}
