package view

import (
	"math/rand/v2"
	"testing"
)

// hasLongDecimal, ShortText's quick test, says what the regular expression
// says, so ShortText passes over exactly the texts it leaves as they are.
func TestHasLongDecimal(t *testing.T) {
	for _, c := range []struct {
		s    string
		want bool
	}{
		{"", false}, {"7", false}, {"7.5", false}, {"7.66", false}, {"7.666", true}, {"≥ 7.6666666", true},
		{".666", false}, {"a.666", false}, {"x 12.345 y", true}, {"MAX node a3 is entered at depth 8.", false},
		{"1.2.3.4", false}, {"v = 0.125.", true}, {"P2: −3.14159", true},
	} {
		if got := hasLongDecimal(c.s); got != c.want {
			t.Errorf("hasLongDecimal(%q): got %v, want %v", c.s, got, c.want)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	const alphabet = "0123456789..  a−≥"
	n := 20_000
	if raceDetector {
		n = 2_000
	}
	for range n {
		b := make([]byte, r.IntN(12))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		s := string(b)
		if got, want := hasLongDecimal(s), longDecimal.MatchString(s); got != want {
			t.Fatalf("hasLongDecimal(%q): got %v, want %v (the regular expression)", s, got, want)
		}
	}
}
