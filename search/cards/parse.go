package cards

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Parse reads a deal. The notation is line-based; ";" also ends a line and
// "#" starts a comment that runs to the end of the line:
//
//	max: ♥6 ♦6 ♣9 ♣8                    MAX's hand
//	min: ♥4 ♠2 ♣10 ♣5 | ♦4 ♠2 ♣10 ♣5    MIN's hand, or the hands MAX cannot tell apart
//	lead: alternate                      or winner (optional; alternate is the default)
//
// A card is a suit and a rank: the suit as a symbol (♠ ♥ ♦ ♣, also ♤ ♡ ♢ ♧)
// or a letter (S H D C, either case), then 2 to 10 (T for ten), J, Q, K or A.
// Both hands hold the same number of cards, from 1 to MaxCards; there are at
// most MaxHands MIN hands; no card appears twice in a deal. Errors name the
// line and column: "cards: line 2, column 7: ...".
func Parse(text string) (Deal, error) {
	if len(text) > MaxText {
		return Deal{}, fmt.Errorf("cards: the deal is %d bytes long; at most %d", len(text), MaxText)
	}
	p := parser{}
	var d Deal
	seen := map[string]bool{}
	for ln, raw := range strings.Split(text, "\n") {
		line := raw
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		start := 0
		for _, part := range strings.Split(line, ";") {
			col := utf8.RuneCountInString(line[:start]) + 1
			start += len(part) + 1
			if strings.TrimSpace(part) == "" {
				continue
			}
			p.line = ln + 1
			key, rest, ok := strings.Cut(part, ":")
			if !ok {
				return Deal{}, p.errAt(col+leading(part), "expected max:, min: or lead: followed by cards")
			}
			name := strings.ToLower(strings.TrimSpace(key))
			restCol := col + utf8.RuneCountInString(key) + 1
			if seen[name] {
				return Deal{}, p.errAt(col+leading(part), "%s: given twice", name)
			}
			seen[name] = true
			switch name {
			case "max":
				hands, err := p.hands(rest, restCol)
				if err != nil {
					return Deal{}, err
				}
				if len(hands) != 1 {
					return Deal{}, p.errAt(restCol, "MAX has one hand; only MIN's may list alternatives with |")
				}
				d.Max = hands[0].cards
			case "min":
				hands, err := p.hands(rest, restCol)
				if err != nil {
					return Deal{}, err
				}
				if len(hands) > MaxHands {
					return Deal{}, p.errAt(hands[MaxHands].col, "at most %d MIN hands", MaxHands)
				}
				for _, h := range hands {
					d.Min = append(d.Min, h.cards)
				}
				p.minHands = hands
			case "lead":
				v := strings.ToLower(strings.TrimSpace(rest))
				switch v {
				case "alternate", "alternating":
					d.Lead = LeadAlternate
				case "winner":
					d.Lead = LeadWinner
				default:
					return Deal{}, p.errAt(restCol+leading(rest), "lead is alternate or winner, not %q", v)
				}
			default:
				return Deal{}, p.errAt(col+leading(part), "unknown line %q (want max:, min: or lead:)", strings.TrimSpace(key))
			}
		}
	}
	if d.Max == nil {
		return Deal{}, fmt.Errorf("cards: no MAX hand: write a line such as max: ♥6 ♦6 ♣9 ♣8")
	}
	if d.Min == nil {
		return Deal{}, fmt.Errorf("cards: no MIN hand: write a line such as min: ♥4 ♠2 ♣10 ♣5")
	}
	for i, h := range d.Min {
		if len(h) != len(d.Max) {
			return Deal{}, p.errLine(p.minHands[i], "MIN's hand %d holds %d cards and MAX's %d; both must hold the same number", i+1, len(h), len(d.Max))
		}
		for _, c := range h {
			for _, m := range d.Max {
				if c == m {
					return Deal{}, p.errLine(p.minHands[i], "%s is in MAX's hand and in MIN's hand %d", c, i+1)
				}
			}
		}
	}
	return d, nil
}

type parser struct {
	line     int
	minHands []hand
}

type hand struct {
	cards []Card
	line  int
	col   int
}

func (p *parser) errAt(col int, format string, args ...any) error {
	return fmt.Errorf("cards: line %d, column %d: %s", p.line, col, fmt.Sprintf(format, args...))
}

func (p *parser) errLine(h hand, format string, args ...any) error {
	return fmt.Errorf("cards: line %d, column %d: %s", h.line, h.col, fmt.Sprintf(format, args...))
}

// leading counts the runes of white space at the start of s.
func leading(s string) int {
	n := 0
	for _, r := range s {
		if !unicode.IsSpace(r) {
			break
		}
		n++
	}
	return n
}

// hands reads one or more hands separated by "|"; col is the column of
// text's first rune.
func (p *parser) hands(text string, col int) ([]hand, error) {
	var out []hand
	for _, part := range strings.Split(text, "|") {
		h := hand{line: p.line, col: col + leading(part)}
		cards, err := p.cards(part, col)
		if err != nil {
			return nil, err
		}
		if len(cards) == 0 {
			return nil, p.errAt(h.col, "expected cards such as ♥6 ♣10 (or H6 C10)")
		}
		if len(cards) > MaxCards {
			return nil, p.errAt(h.col, "a hand holds at most %d cards, this one %d", MaxCards, len(cards))
		}
		h.cards = cards
		out = append(out, h)
		col += utf8.RuneCountInString(part) + 1
	}
	return out, nil
}

// cards reads cards separated by spaces or commas.
func (p *parser) cards(text string, col int) ([]Card, error) {
	var out []Card
	rs := []rune(text)
	for i := 0; i < len(rs); {
		if unicode.IsSpace(rs[i]) || rs[i] == ',' {
			i++
			continue
		}
		j := i
		for j < len(rs) && !unicode.IsSpace(rs[j]) && rs[j] != ',' {
			j++
		}
		c, err := ParseCard(string(rs[i:j]))
		if err != nil {
			return nil, p.errAt(col+i, "%v", err)
		}
		for _, x := range out {
			if x == c {
				return nil, p.errAt(col+i, "%s appears twice in this hand", c)
			}
		}
		out = append(out, c)
		i = j
	}
	return out, nil
}

// ParseCard reads one card: a suit (♠ ♥ ♦ ♣ or S H D C) and a rank (2..10,
// T, J, Q, K, A), such as "♣10", "C10", "hq".
func ParseCard(s string) (Card, error) {
	r, size := utf8.DecodeRuneInString(s)
	suit := -1
	switch unicode.ToUpper(r) {
	case '♠', '♤', 'S':
		suit = Spades
	case '♥', '♡', 'H':
		suit = Hearts
	case '♦', '♢', 'D':
		suit = Diamonds
	case '♣', '♧', 'C':
		suit = Clubs
	}
	if suit < 0 {
		return 0, fmt.Errorf("%q is not a card: it starts with a suit, ♠ ♥ ♦ ♣ or S H D C, then a rank, such as ♣9", s)
	}
	rank := strings.ToUpper(s[size:])
	switch rank {
	case "T":
		rank = "10"
	case "":
		return 0, fmt.Errorf("%q has a suit but no rank (2 to 10, J, Q, K or A)", s)
	}
	for i, n := range rankNames {
		if n == rank {
			return NewCard(suit, i), nil
		}
	}
	return 0, fmt.Errorf("%q: %q is not a rank (2 to 10, J, Q, K or A)", s, s[size:])
}
