package search

import "testing"

func TestAlternationError(t *testing.T) {
	for _, c := range []struct {
		nx, no     int
		xWon, oWon bool
		want       string
	}{
		{3, 3, false, false, ""},
		{3, 2, false, false, ""},
		{3, 1, false, false, "g: 3 x and 1 o: x starts, so o must have as many marks as x or one fewer"},
		{2, 3, false, false, "g: 2 x and 3 o: x starts, so o must have as many marks as x or one fewer"},
		{3, 3, true, true, "g: both x and o have three in a row"},
		{3, 3, true, false, "g: x has three in a row, but o moved after the game was over (as many o as x)"},
		{3, 2, true, false, ""},
		{4, 3, false, true, "g: o has three in a row, but x moved after the game was over (one more x than o)"},
		{3, 3, false, true, ""},
	} {
		err := AlternationError("g", c.nx, c.no, c.xWon, c.oWon, "marks", "three in a row")
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("AlternationError(%d, %d, %v, %v): got %q, want %q", c.nx, c.no, c.xWon, c.oWon, got, c.want)
		}
	}
}
