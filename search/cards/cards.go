// Package cards is the lecture's four-trick card game for the abtrace
// engine, and the example behind its lesson on imperfect information.
//
// Two players hold the same number of cards. MAX leads the first trick and
// the lead alternates from trick to trick (MIN leads the second, MAX the
// third, ...), whoever took the last trick; a deal may ask instead for the
// winner of a trick to lead the next one. The player who does not lead must
// follow suit when able; the higher card of the led suit takes the trick, so
// a card of another suit never takes it. MAX counts its tricks: the utility
// of a finished game is the number of tricks MAX took.
//
// A deal is written in a notation of its own (see Parse):
//
//	max: ♥6 ♦6 ♣9 ♣8
//	min: ♥4 ♠2 ♣10 ♣5 | ♦4 ♠2 ♣10 ♣5
//
// The first MIN hand is the open deal that is searched like any game; the
// hands after "|" are the others MIN might hold, which MAX cannot tell
// apart. The methods for imperfect information (search.Clairvoyance,
// search.InfoSets) treat every MIN hand as one world.
//
// A move (search.Move) is a card's number (Card).
package cards

import (
	"strings"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/trace"
)

// Lecture is the lecture's deal: MAX holds ♥6 ♦6 ♣9 ♣8, MIN holds ♥4 ♠2
// ♣10 ♣5 or ♦4 ♠2 ♣10 ♣5.
const Lecture = "max: ♥6 ♦6 ♣9 ♣8\nmin: ♥4 ♠2 ♣10 ♣5 | ♦4 ♠2 ♣10 ♣5"

// Trap is a deal where averaging over clairvoyance picks the worse card:
// it rates ♣9 at 2⅓ tricks and every other first card at 2, but MAX, who
// cannot tell MIN's three hands apart, is guaranteed only 1⅔ after ♣9 and
// 2 after any other card (search.InfoSets). The winner of a trick leads
// the next. TestFindTrap found it by a seeded search over random deals.
const Trap = "max: ♦7 ♠6 ♣9 ♠3\nmin: ♠8 ♣5 ♥9 ♣8 | ♦8 ♣5 ♥9 ♣8 | ♠8 ♠7 ♥9 ♣8\nlead: winner"

// Presets are the deals known by name: the lecture's and the trap.
var Presets = map[string]string{"lecture": Lecture, "trap": Trap}

// Limits Parse enforces, so that every method stays exact and quick: an
// open deal of MaxCards cards each has at most (MaxCards!)² lines of play.
const (
	MaxCards = 6 // most cards in one hand
	MaxHands = 4 // most MIN hands MAX cannot tell apart
	MaxText  = 1024
)

// Card is one playing card: Suit()*13 + Rank(). Ranks run from 0 (a two)
// to 12 (an ace).
type Card int8

// Suits, in the order ♠ ♥ ♦ ♣.
const (
	Spades = iota
	Hearts
	Diamonds
	Clubs
)

var suitSymbols = [4]string{"♠", "♥", "♦", "♣"}
var rankNames = [13]string{"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"}

// NewCard returns the card of suit s (Spades..Clubs) and rank r (0 for a
// two, 12 for an ace).
func NewCard(s, r int) Card { return Card(s*13 + r) }

// Suit returns Spades, Hearts, Diamonds or Clubs.
func (c Card) Suit() int { return int(c) / 13 }

// Rank returns 0 for a two up to 12 for an ace.
func (c Card) Rank() int { return int(c) % 13 }

// String writes the card as the lecture does: "♣9", "♥10", "♠A".
func (c Card) String() string {
	if c < 0 || c >= 52 {
		return "?"
	}
	return suitSymbols[c.Suit()] + rankNames[c.Rank()]
}

// LeadRule says who leads the next trick.
type LeadRule uint8

const (
	// LeadAlternate: the lead passes to the other player after every
	// trick, whoever took it (the lecture's rule, and the default).
	LeadAlternate LeadRule = iota
	// LeadWinner: whoever took a trick leads the next one.
	LeadWinner
)

func (r LeadRule) String() string {
	if r == LeadWinner {
		return "winner"
	}
	return "alternate"
}

// Deal is MAX's hand and the MIN hands MAX cannot tell apart, each in the
// order the deal writes it (which is the natural order of the moves).
type Deal struct {
	Max  []Card
	Min  [][]Card
	Lead LeadRule
}

// String writes the deal in the notation Parse reads; the result parses to
// the same deal.
func (d Deal) String() string {
	var b strings.Builder
	b.WriteString("max: ")
	b.WriteString(handText(d.Max))
	b.WriteString("\nmin: ")
	for i, h := range d.Min {
		if i > 0 {
			b.WriteString(" | ")
		}
		b.WriteString(handText(h))
	}
	if d.Lead != LeadAlternate {
		b.WriteString("\nlead: " + d.Lead.String())
	}
	return b.String()
}

func handText(h []Card) string {
	parts := make([]string, len(h))
	for i, c := range h {
		parts[i] = c.String()
	}
	return strings.Join(parts, " ")
}

// HandText writes the i-th MIN hand as the deal does: "♥4 ♠2 ♣10 ♣5".
func (d Deal) HandText(i int) string { return handText(d.Min[i]) }

// HandName names the i-th MIN hand for people: "deal 1 (MIN holds ♥4 ♠2
// ♣10 ♣5)".
func (d Deal) HandName(i int) string {
	return "deal " + string(rune('1'+i)) + " (MIN holds " + handText(d.Min[i]) + ")"
}

// Game returns the open game in which MIN holds its i-th hand, and its
// start. Both players see every card.
func (d Deal) Game(i int) (Game, State) {
	t := &table{n: len(d.Max), rule: d.Lead}
	copy(t.hands[0][:], d.Max)
	copy(t.hands[1][:], d.Min[i])
	return Game{t: t}, State{}
}

// table is one open deal; games share it and never change it.
type table struct {
	hands [2][MaxCards]Card // MAX's, then MIN's, in written order
	n     int               // cards per hand
	rule  LeadRule
}

// Game is one open deal. It satisfies search.Game[State],
// search.Labeler[State] and search.Observer[State].
type Game struct{ t *table }

var (
	_ search.Game[State]     = Game{}
	_ search.Labeler[State]  = Game{}
	_ search.Observer[State] = Game{}
	_ search.Hider[State]    = Game{}
)

// State is a position: the cards played so far, in order, and the tricks
// MAX has taken. Side 0 is MAX, side 1 MIN.
type State struct {
	Seq       [2 * MaxCards]Card // cards played, in order (Seq[:N])
	N         int8               // cards played
	MaxTricks int8               // tricks MAX has taken
	Leader    int8               // side that leads the current trick
	played    [2]uint8           // per side, a bit per position in the hand
}

// Hand returns the cards side (0 MAX, 1 MIN) still holds, in written order.
func (g Game) Hand(s State, side int) []Card {
	var out []Card
	for i := 0; i < g.t.n; i++ {
		if s.played[side]&(1<<i) == 0 {
			out = append(out, g.t.hands[side][i])
		}
	}
	return out
}

// mover returns the side to play at s.
func mover(s State) int8 {
	if s.N%2 == 0 {
		return s.Leader
	}
	return 1 - s.Leader
}

// ToMove returns trace.Max or trace.Min.
func (Game) ToMove(s State) trace.Kind {
	if mover(s) == 0 {
		return trace.Max
	}
	return trace.Min
}

// Moves appends the cards the mover may play, in the order its hand is
// written: any card when it leads; when it follows, the cards of the led
// suit if it holds any, else any card.
func (g Game) Moves(s State, buf []search.Move) []search.Move {
	side := mover(s)
	hand := &g.t.hands[side]
	free := s.played[side]
	follow := -1
	if s.N%2 == 1 {
		led := s.Seq[s.N-1].Suit()
		for i := 0; i < g.t.n; i++ {
			if free&(1<<i) == 0 && hand[i].Suit() == led {
				follow = led
				break
			}
		}
	}
	for i := 0; i < g.t.n; i++ {
		if free&(1<<i) == 0 && (follow < 0 || hand[i].Suit() == follow) {
			buf = append(buf, search.Move(hand[i]))
		}
	}
	return buf
}

// Result plays card m, which must be one of Moves(s).
func (g Game) Result(s State, m search.Move) State {
	side := mover(s)
	c := Card(m)
	for i := 0; i < g.t.n; i++ {
		if g.t.hands[side][i] == c {
			s.played[side] |= 1 << i
			break
		}
	}
	s.Seq[s.N] = c
	s.N++
	if s.N%2 == 0 {
		lead, follow := s.Seq[s.N-2], c
		winner := s.Leader
		if follow.Suit() == lead.Suit() && follow.Rank() > lead.Rank() {
			winner = 1 - s.Leader
		}
		if winner == 0 {
			s.MaxTricks++
		}
		if g.t.rule == LeadWinner {
			s.Leader = winner
		} else {
			s.Leader = 1 - s.Leader
		}
	}
	return s
}

// Terminal reports whether every card has been played.
func (g Game) Terminal(s State) bool { return int(s.N) >= 2*g.t.n }

// Utility is the number of tricks MAX took.
func (Game) Utility(s State) float64 { return float64(s.MaxTricks) }

// Label names a state by the card just played ("♣9"); the start has no
// label.
func (Game) Label(s State) string {
	if s.N == 0 {
		return ""
	}
	return s.Seq[s.N-1].String()
}

// Observe returns what MAX has seen at s: the cards played, in order (MAX
// always knows its own hand). Two states with the same observation are one
// information set for MAX.
func (Game) Observe(s State) string {
	var b strings.Builder
	for _, c := range s.Seq[:s.N] {
		b.WriteString(c.String())
		b.WriteByte(' ')
	}
	return b.String()
}

// MoveName writes the card m as the deal writes it ("♣9").
func (Game) MoveName(_ State, m search.Move) string { return Card(m).String() }

// Tricks writes the tricks played so far: "♣9 ♣10 · ♠2 ♦6".
func (s State) Tricks() string {
	var b strings.Builder
	for i, c := range s.Seq[:s.N] {
		if i > 0 {
			if i%2 == 0 {
				b.WriteString(" · ")
			} else {
				b.WriteByte(' ')
			}
		}
		b.WriteString(c.String())
	}
	return b.String()
}

// Hidden writes the cards MIN still holds at s, which MAX does not see:
// "♠8 ♥9 ♣8" (search.Hider).
func (g Game) Hidden(s State) string { return handText(g.Hand(s, 1)) }
