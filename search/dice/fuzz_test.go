package dice

import "testing"

// FuzzParse: Parse never panics, and a position it accepts prints as text
// that parses back to the same game and state.
func FuzzParse(f *testing.F) {
	for _, s := range []string{DefaultPosition, "", "max=0,0 min=0,0", "max=6,6 min=1,2 turn=min", "goal=9 max=8,9 roll=3",
		"max=1", "roll=7", "max=2,2", "max=-1,2", "turn=MIN roll=0 goal=4 max=4,0 min=1,3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, st, err := Parse(s)
		if err != nil {
			return
		}
		g2, st2, err := Parse(g.String(st))
		if err != nil || g2 != g || st2 != st {
			t.Fatalf("%q: printed %q, which parses to %+v %+v (%v)", s, g.String(st), g2, st2, err)
		}
		// Every move from it leads to a position that prints and parses back.
		for _, m := range g.Moves(st, nil) {
			next := g.Result(st, m)
			if _, back, err := Parse(g.String(next)); err != nil || back != next {
				t.Fatalf("%q, move %d: %q does not parse back (%v)", s, m, g.String(next), err)
			}
		}
	})
}
