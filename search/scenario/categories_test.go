package scenario

import (
	"errors"
	"testing"

	"github.com/abtrace/abtrace/search/tree"
)

// TestUtilitiesOption: utilities travels through the address like the
// other options, values the lecture's tree with win 1, loss 0, draw ½
// (0.76 where +1, −1, 0 gives 0.52), and is refused, naming itself, when
// its name is unknown or the source has no expected values by category.
func TestUtilitiesOption(t *testing.T) {
	s := Scenario{Tree: tree.ExpectedValueTree, Depth: 2, Utilities: tree.UtilitiesZeroHalfOne}
	back, err := FromQuery(s.Query())
	if err != nil || back.Utilities != s.Utilities {
		t.Fatalf("the address gives back utilities %q (%v), want %q", back.Utilities, err, s.Utilities)
	}
	for _, tc := range []struct {
		utilities string
		value     float64
	}{{"", 0.52}, {tree.UtilitiesPlusMinus, 0.52}, {tree.UtilitiesZeroHalfOne, 0.76}} {
		s.Utilities = tc.utilities
		p, err := s.Prepare()
		if err != nil {
			t.Fatal(err)
		}
		res, err := p.Run(nil)
		if err != nil {
			t.Fatal(err)
		}
		if float64(res.Value) != tc.value {
			t.Errorf("utilities %q: root value %v, want %v", tc.utilities, res.Value, tc.value)
		}
		if got := p.UtilitiesShown(); got != orDefault(tc.utilities, tree.UtilitiesPlusMinus) {
			t.Errorf("utilities %q shown as %q", tc.utilities, got)
		}
	}
	for _, bad := range []Scenario{
		{Tree: tree.ExpectedValueTree, Depth: 2, Utilities: "bogus"},
		{Game: "tictactoe", Utilities: tree.UtilitiesZeroHalfOne},
		{Random: "2,3", Utilities: tree.UtilitiesPlusMinus},
	} {
		_, err := bad.Prepare()
		var ue *UsageError
		if !errors.As(err, &ue) || ue.Param != "utilities" || ue.Say.ID == "" {
			t.Errorf("%+v: error %v, want a usage error naming utilities", bad, err)
		}
	}
}
