package roads

import (
	"slices"
	"testing"

	"github.com/abtrace/abtrace/search"
)

// TestRoads: knowing the world, road B leads to diamonds (2) in both, so
// clairvoyance takes B. Not knowing it, the traveller must pick one side
// at the fork for both worlds: left gives (2, −10), right (−10, 2), −4 on
// average, less than the gold of road A (1); so the information-set method
// takes A, and the risk of B is the fork, where the worlds need different
// sides.
func TestRoads(t *testing.T) {
	c, err := search.Clairvoyance(Worlds(), search.Budget{})
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Moves[c.Best].Name; got != "B" || c.Value != Diamonds {
		t.Errorf("clairvoyance takes %s worth %v, want B worth %v", got, c.Value, Diamonds)
	}
	in, err := search.InfoSets(Worlds(), search.Budget{})
	if err != nil {
		t.Fatal(err)
	}
	if got := in.Moves[in.Best].Name; got != "A" || in.Value != Gold {
		t.Errorf("infoset takes %s worth %v, want A worth %v", got, in.Value, Gold)
	}
	if got, want := in.Moves[1].Value, float64(Diamonds+Bus)/2; got != want {
		t.Errorf("infoset values B at %v, want %v", got, want)
	}
	risk := in.Risk[1]
	if risk == nil || !slices.Equal(risk.Line, []string{"B"}) || !slices.Equal(risk.Best[0], []string{"left"}) || !slices.Equal(risk.Best[1], []string{"right"}) {
		t.Errorf("risk of B = %+v, want at B: left in world 1, right in world 2", risk)
	}
	for _, w := range Worlds() {
		r, err := search.Minimax(w.Game, w.Root, search.Options[State]{}, nil)
		if err != nil || r.Value != Diamonds || r.Best != "1" {
			t.Errorf("%s open: value %v best %q (%v), want %v by road B", w.Name, r.Value, r.Best, err, Diamonds)
		}
	}
}

// TestRoadsDeterminized: determinised MCTS searches each sampled world as
// if the traveller knew it, so it takes road B (diamonds in every sample)
// although B is worth −4 without that knowledge: strategy fusion. 10
// samples of 200 iterations, seed 0.
func TestRoadsDeterminized(t *testing.T) {
	r, err := search.Determinized(Worlds(), 10, search.MCTSOptions[State]{Iterations: 200, Bounds: search.Bounds{L: Bus, U: Diamonds}})
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Moves[r.Best].Name; got != "B" || r.Moves[1].Value <= Gold {
		t.Errorf("determinized takes %s, B estimated %v; want B above the gold's %v", got, r.Moves[1].Value, Gold)
	}
	if _, err := search.Determinized(Worlds(), 0, search.MCTSOptions[State]{}); err == nil {
		t.Error("0 samples: no error")
	}
}
