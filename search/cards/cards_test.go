package cards

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/trace"
)

func mustParse(t testing.TB, text string) Deal {
	t.Helper()
	d, err := Parse(text)
	if err != nil {
		t.Fatalf("Parse(%q): %v", text, err)
	}
	return d
}

func cardsOf(t testing.TB, text string) []Card {
	t.Helper()
	var out []Card
	for _, f := range strings.Fields(text) {
		c, err := ParseCard(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	return out
}

func TestParse(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"lecture", Lecture, Lecture},
		{"letters", "max: h6 D6 c9 C8; min: H4 S2 CT C5", "max: ♥6 ♦6 ♣9 ♣8\nmin: ♥4 ♠2 ♣10 ♣5"},
		{"white suits and commas", "max: ♡6, ♢6\nmin: ♤2, ♧10", "max: ♥6 ♦6\nmin: ♠2 ♣10"},
		{"comments and blank lines", "# the lecture\n\nmax: ♥6 ♦6 # MAX\nmin: ♥4 ♠2 | ♦4 ♠2\n", "max: ♥6 ♦6\nmin: ♥4 ♠2 | ♦4 ♠2"},
		{"winner leads", "max: ♠A\nmin: ♠K\nlead: winner", "max: ♠A\nmin: ♠K\nlead: winner"},
		{"face cards", "MAX: ♠J ♥Q ♦K ♣A; MIN: ♠2 ♠3 ♠4 ♠5", "max: ♠J ♥Q ♦K ♣A\nmin: ♠2 ♠3 ♠4 ♠5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := mustParse(t, tt.text)
			if got := d.String(); got != tt.want {
				t.Errorf("String() = %q, want %q", got, tt.want)
			}
			again := mustParse(t, d.String())
			if again.String() != d.String() {
				t.Errorf("printing and parsing again gives %q, want %q", again.String(), d.String())
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ text, want string }{
		{"", "cards: no MAX hand: write a line such as max: ♥6 ♦6 ♣9 ♣8"},
		{"max: ♥6", "cards: no MIN hand: write a line such as min: ♥4 ♠2 ♣10 ♣5"},
		{"max ♥6", "cards: line 1, column 1: expected max:, min: or lead: followed by cards"},
		{"max: ♥6\nmin: ♥X", `cards: line 2, column 6: "♥X": "X" is not a rank (2 to 10, J, Q, K or A)`},
		{"max: ♥6 x7\nmin: ♥4", `cards: line 1, column 9: "x7" is not a card: it starts with a suit, ♠ ♥ ♦ ♣ or S H D C, then a rank, such as ♣9`},
		{"max: ♥6 ♥\nmin: ♥4", `cards: line 1, column 9: "♥" has a suit but no rank (2 to 10, J, Q, K or A)`},
		{"max: ♥6 ♥6\nmin: ♥4 ♥5", "cards: line 1, column 9: ♥6 appears twice in this hand"},
		{"max: ♥6 ♦6\nmin: ♥4", "cards: line 2, column 6: MIN's hand 1 holds 1 cards and MAX's 2; both must hold the same number"},
		{"max: ♥6\nmin: ♥4 | ♥6", "cards: line 2, column 11: ♥6 is in MAX's hand and in MIN's hand 2"},
		{"max: ♥6 | ♥7\nmin: ♥4", "cards: line 1, column 5: MAX has one hand; only MIN's may list alternatives with |"},
		{"max: ♥6\nmax: ♥7", "cards: line 2, column 1: max: given twice"},
		{"max: ♥6; trump: ♠", `cards: line 1, column 10: unknown line "trump" (want max:, min: or lead:)`},
		{"max: ♥6\nmin: ♥4\nlead: left", `cards: line 3, column 7: lead is alternate or winner, not "left"`},
		{"max: ♥6\nmin: ♥4 | ", "cards: line 2, column 11: expected cards such as ♥6 ♣10 (or H6 C10)"},
		{"max: ♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8\nmin: ♥2", "cards: line 1, column 6: a hand holds at most 6 cards, this one 7"},
		{"max: ♠2\nmin: ♥2 | ♥3 | ♥4 | ♥5 | ♥6", "cards: line 2, column 26: at most 4 MIN hands"},
		{strings.Repeat(" ", MaxText+1), "cards: the deal is 1025 bytes long; at most 1024"},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			_, err := Parse(tt.text)
			if err == nil || err.Error() != tt.want {
				t.Errorf("Parse(%q) error = %v, want %q", tt.text, err, tt.want)
			}
		})
	}
}

// play plays the named cards from the start of world i and returns the state.
func play(t *testing.T, d Deal, i int, line string) (Game, State) {
	t.Helper()
	g, s := d.Game(i)
	for _, c := range cardsOf(t, line) {
		legal := false
		for _, m := range g.Moves(s, nil) {
			legal = legal || Card(m) == c
		}
		if !legal {
			t.Fatalf("%s after %q is not legal (moves %v)", c, s.Tricks(), names(g, s))
		}
		s = g.Result(s, search.Move(c))
	}
	return g, s
}

func names(g Game, s State) string {
	var out []string
	for _, m := range g.Moves(s, nil) {
		out = append(out, Card(m).String())
	}
	return strings.Join(out, " ")
}

func TestRules(t *testing.T) {
	d := mustParse(t, Lecture)
	tests := []struct {
		name, line string
		world      int
		moves      string // what the player to move may play
		toMove     trace.Kind
		maxTricks  int8
	}{
		{"MAX leads any card", "", 0, "♥6 ♦6 ♣9 ♣8", trace.Max, 0},
		{"MIN must follow clubs", "♣9", 0, "♣10 ♣5", trace.Min, 0},
		{"MIN cannot follow diamonds", "♦6", 0, "♥4 ♠2 ♣10 ♣5", trace.Min, 0},
		{"MIN follows ♦ in the other deal", "♦6", 1, "♦4", trace.Min, 0},
		{"the lead alternates after MIN takes", "♣9 ♣10", 0, "♥4 ♠2 ♣5", trace.Min, 0},
		{"the lead alternates after MAX takes", "♥6 ♥4", 0, "♠2 ♣10 ♣5", trace.Min, 1},
		{"a card of another suit never takes", "♦6 ♣10", 0, "♥4 ♠2 ♣5", trace.Min, 1},
		{"MAX leads the third trick", "♥6 ♥4 ♠2 ♦6", 0, "♣9 ♣8", trace.Max, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, s := play(t, d, tt.world, tt.line)
			if got := names(g, s); got != tt.moves {
				t.Errorf("moves after %q = %q, want %q", tt.line, got, tt.moves)
			}
			if got := g.ToMove(s); got != tt.toMove {
				t.Errorf("to move after %q = %v, want %v", tt.line, got, tt.toMove)
			}
			if s.MaxTricks != tt.maxTricks {
				t.Errorf("MAX's tricks after %q = %d, want %d", tt.line, s.MaxTricks, tt.maxTricks)
			}
		})
	}
	t.Run("the winner leads when the deal says so", func(t *testing.T) {
		w := mustParse(t, "max: ♠A ♥2\nmin: ♠K ♥3\nlead: winner")
		g, s := play(t, w, 0, "♠A ♠K")
		if g.ToMove(s) != trace.Max || s.MaxTricks != 1 {
			t.Errorf("after ♠A ♠K: to move %v with %d tricks, want MAX with 1", g.ToMove(s), s.MaxTricks)
		}
	})
	t.Run("a finished game", func(t *testing.T) {
		// ♣9 ♣10 (MIN) · ♠2 ♦6 (MIN) · ♣8 ♣5 (MAX) · ♥4 ♥6 (MAX): two tricks.
		g, s := play(t, d, 0, "♣9 ♣10 ♠2 ♦6 ♣8 ♣5 ♥4 ♥6")
		if !g.Terminal(s) || g.Utility(s) != 2 {
			t.Errorf("terminal %v utility %v, want true and 2", g.Terminal(s), g.Utility(s))
		}
		if got, want := s.Tricks(), "♣9 ♣10 · ♠2 ♦6 · ♣8 ♣5 · ♥4 ♥6"; got != want {
			t.Errorf("Tricks() = %q, want %q", got, want)
		}
		if got := g.Label(s); got != "♥6" {
			t.Errorf("Label = %q, want ♥6", got)
		}
	})
}

// solve is plain minimax over the card game, written here from the rules
// with hands as slices, independently of Game.
func solve(hands [2][]Card, leader, toMove int, led Card, tricks int, alternate bool) int {
	if len(hands[0]) == 0 && len(hands[1]) == 0 {
		return tricks
	}
	var legal []int
	h := hands[toMove]
	if toMove != leader {
		for i, c := range h {
			if c.Suit() == led.Suit() {
				legal = append(legal, i)
			}
		}
	}
	if legal == nil {
		for i := range h {
			legal = append(legal, i)
		}
	}
	best := -1
	for _, i := range legal {
		c := h[i]
		var next [2][]Card
		next[toMove] = slices.Delete(slices.Clone(h), i, i+1)
		next[1-toMove] = hands[1-toMove]
		var v int
		if toMove == leader {
			v = solve(next, leader, 1-toMove, c, tricks, alternate)
		} else {
			winner := leader
			if c.Suit() == led.Suit() && c.Rank() > led.Rank() {
				winner = toMove
			}
			t := tricks
			if winner == 0 {
				t++
			}
			nl := winner
			if alternate {
				nl = 1 - leader
			}
			v = solve(next, nl, nl, 0, t, alternate)
		}
		if best < 0 || (toMove == 0 && v > best) || (toMove == 1 && v < best) {
			best = v
		}
	}
	return best
}

// randomDeal deals n cards to each player from a few suits, so that
// following suit matters.
func randomDeal(r *rand.Rand, n int, rule LeadRule) Deal {
	deck := make([]Card, 0, 52)
	suits := 1 + r.IntN(4)
	for s := range suits {
		for k := range 13 {
			deck = append(deck, NewCard(s, k))
		}
	}
	r.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	return Deal{Max: slices.Clone(deck[:n]), Min: [][]Card{slices.Clone(deck[n : 2*n])}, Lead: rule}
}

// TestOpenDealAgreesWithMinimax: on thousands of random deals, the
// engine's minimax and alpha-beta over Game give the value of the
// independent solver above, and alpha-beta's best move is one of minimax's
// best moves.
func TestOpenDealAgreesWithMinimax(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 4))
	for k := range 2000 {
		n := 1 + r.IntN(4)
		rule := LeadRule(r.IntN(2))
		d := randomDeal(r, n, rule)
		g, s := d.Game(0)
		want := solve([2][]Card{d.Max, d.Min[0]}, 0, 0, 0, 0, rule == LeadAlternate)
		mm, err := search.Minimax(g, s, search.Options[State]{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		ab, err := search.AlphaBeta(g, s, search.Options[State]{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if int(mm.Value) != want || int(ab.Value) != want {
			t.Fatalf("deal %d %q: minimax %v, alpha-beta %v, want %d", k, d, mm.Value, ab.Value, want)
		}
		// The best move's child has the root value under minimax.
		var i int
		for _, c := range ab.Best {
			i = i*10 + int(c-'0')
		}
		child := g.Result(s, g.Moves(s, nil)[i])
		cv, _ := search.Minimax(g, child, search.Options[State]{}, nil)
		if cv.Value != mm.Value {
			t.Fatalf("deal %q: alpha-beta's move %s is worth %v, want %v", d, ab.Best, cv.Value, mm.Value)
		}
	}
}

// TestLectureOpenDeals: with open cards MAX takes two tricks in both of
// the lecture's deals whatever it leads first; so ♣9 is an optimal first
// card in both, which is what the clairvoyant argument starts from.
func TestLectureOpenDeals(t *testing.T) {
	d := mustParse(t, Lecture)
	for i := range d.Min {
		g, s := d.Game(i)
		for _, m := range g.Moves(s, nil) {
			r, err := search.Minimax(g, g.Result(s, m), search.Options[State]{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if r.Value != 2 {
				t.Errorf("%s, first card %s: value %v, want 2", d.HandName(i), Card(m), r.Value)
			}
		}
	}
}
