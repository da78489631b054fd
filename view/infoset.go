package view

import (
	"slices"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/trace"
)

// InfoSetPanel is the information set of the viewer's current node in a
// game with hidden cards (the card game): the positions, one per deal,
// that MAX cannot tell apart there, drawn side by side and enclosed
// together by one dashed outline, as the textbooks draw an information
// set. Each position says what MAX does not see (MIN's cards) and its
// value with every card open; where MAX is to move, a row per card gives
// its value in each position with every card open, and the panel says
// whether one card is best in all of them (then not seeing costs nothing
// there) or the positions need different cards (then MAX, who must play
// the same card in all, cannot follow what averaging over clairvoyance
// assumes).
type InfoSetPanel struct {
	// Node names the node as the viewer does ("" for the start); Line is
	// what MAX has seen, the cards played in order ("" at the start).
	Node, Line string
	// Kind is who is to move at the node; Over says the game is over.
	Kind trace.Kind
	Over bool
	// Positions are the positions of the set, the deal the viewer steps
	// marked Current.
	Positions []InfoSetPosition
	// Moves are MAX's cards at the node when MAX is to move; Rows give,
	// per card, its value in each position with every card open (the
	// best of each position marked).
	Rows []InfoSetRow
	// Fused says the positions' best cards with every card open have none
	// in common; Needs holds, per position, those best cards ("♦7",
	// "♠6 ♠3"); Common the cards best in all of them otherwise.
	Fused  bool
	Needs  []string
	Common string
}

// InfoSetPosition is one position of an information set: its deal
// (1-based), what MAX does not see there, its value with every card
// open, and whether it is the one the viewer steps.
type InfoSetPosition struct {
	Deal    int
	Hidden  string
	Value   string
	Current bool
}

// InfoSetRow is one card MAX may play, with its value in each position.
type InfoSetRow struct {
	Move  string
	Cells []InfoSetCell
}

// InfoSetCell is a card's value in one position; Best marks the best
// card there.
type InfoSetCell struct {
	Value string
	Best  bool
}

// Glyph is the class of the glyph the positions are drawn with, the
// tree's: "max", "min", or "leaf" where the game is over.
func (p *InfoSetPanel) Glyph() string {
	switch {
	case p.Over:
		return "leaf"
	case p.Kind == trace.Min:
		return "min"
	}
	return "max"
}

// Several says the set holds more than one position: MAX cannot tell
// them apart.
func (p *InfoSetPanel) Several() bool { return len(p.Positions) > 1 }

// InfoSetKey identifies the information set the panel shows at the
// frame's current node: "" for a source without hidden cards.
func InfoSetKey(p *scenario.Search, f *trace.Frame) string {
	if p == nil || p.Deal == nil {
		return ""
	}
	return "infoset\x00" + f.Current
}

// InfoSetPanelOf is the panel of the information set of the frame's
// current node; nil for a source without hidden cards. named names a
// node as the page does.
func InfoSetPanelOf(p *scenario.Search, f *trace.Frame, named func(id string) string) (*InfoSetPanel, error) {
	if p == nil || p.Deal == nil {
		return nil, nil
	}
	set, ok, err := p.InfoSet(f.Current)
	if !ok || err != nil {
		return nil, err
	}
	out := &InfoSetPanel{Line: strings.Join(set.Line, " "), Kind: set.Kind, Over: set.Over}
	if f.Current != "" {
		out.Node = named(f.Current)
	}
	for _, m := range set.Members {
		out.Positions = append(out.Positions, InfoSetPosition{Deal: m.World + 1, Hidden: m.Hidden,
			Value: trace.Written(m.Value), Current: m.World == set.At})
	}
	if set.Over || set.Kind != trace.Max {
		return out, nil
	}
	for i, mv := range set.Moves {
		row := InfoSetRow{Move: mv}
		for _, m := range set.Members {
			row.Cells = append(row.Cells, InfoSetCell{Value: trace.Written(m.After[i]), Best: m.After[i] == m.Value})
		}
		out.Rows = append(out.Rows, row)
	}
	common := set.Best(0)
	for k := range set.Members {
		best := set.Best(k)
		out.Needs = append(out.Needs, strings.Join(best, " "))
		common = slices.DeleteFunc(common, func(c string) bool { return !slices.Contains(best, c) })
	}
	out.Fused = len(common) == 0
	out.Common = strings.Join(common, " ")
	return out, nil
}

// Saying is what the narration adds at a node whose information set
// holds more than one position: that MAX cannot tell it from the others,
// each named by its deal, MIN's hidden cards there and its value with
// every card open ("MAX cannot tell this position from 1 other: deal 2,
// where MIN holds ♦8 ♥9 ♣8, worth 3 with every card open."); "" for a
// set of one, a nil panel, or no words.
func (p *InfoSetPanel) Saying(words func(trace.Phrase) string) string {
	if p == nil || !p.Several() || words == nil {
		return ""
	}
	others := make([]string, 0, len(p.Positions)-1)
	for _, pos := range p.Positions {
		if pos.Current {
			continue
		}
		id := "infoset.say.position"
		if pos.Hidden == "" {
			id = "infoset.say.position-open"
		}
		others = append(others, words(trace.Phrase{ID: id, Args: map[string]any{"Deal": strconv.Itoa(pos.Deal), "Hidden": pos.Hidden, "Value": pos.Value}}))
	}
	return words(trace.Phrase{ID: "infoset.say", Plural: true, Count: len(others), Args: map[string]any{"Others": strings.Join(others, "; ")}})
}

// SayingShort is Saying in short, where the narration has no room for
// it: only the deals MAX cannot tell the node's position from ("Deals 2
// and 3 look the same to MAX."); the panel and the tree's mark keep MIN's
// cards and the values. "" where Saying is.
func (p *InfoSetPanel) SayingShort(words func(trace.Phrase) string) string {
	if p == nil || !p.Several() || words == nil {
		return ""
	}
	var deals []string
	for _, pos := range p.Positions {
		if !pos.Current {
			deals = append(deals, strconv.Itoa(pos.Deal))
		}
	}
	list := deals[len(deals)-1]
	if len(deals) > 1 {
		list = words(trace.Phrase{ID: "infoset.say.and", Args: map[string]any{"A": strings.Join(deals[:len(deals)-1], ", "), "B": list}})
	}
	return words(trace.Phrase{ID: "infoset.say.short", Plural: true, Count: len(deals), Args: map[string]any{"Deals": list}})
}

// NarrationLines is the most lines a step's narration takes with the
// information set's sentence (NarrationWith): on a phone's 22 ems, the
// step's own sentence and a short one fit them at most steps.
const NarrationLines = 3

// narrationEm is how wide the narration's characters are, in ems, for
// each em of TextEm's estimate (bold labels; the narration is semibold):
// over the 2,016 narrations of the card game's two deals in English,
// German and Czech, lines wrapped at this width were never fewer than
// chromium's at 390×844 (0.86 came closest).
const narrationEm = 0.88

// NarrationWith is a step's narration followed, at a node whose
// information set holds more than one position, by the set's sentence
// (InfoSetPanel.Saying), where the page's narration is width ems wide
// (0: no limit): in full where the whole fits NarrationLines lines, else
// in short (SayingShort) where that does, else not at all (the panel and
// the tree's mark say it then); the narration as it is elsewhere.
func NarrationWith(narration string, set *InfoSetPanel, words func(trace.Phrase) string, width float64) string {
	for _, say := range [...]string{set.Saying(words), set.SayingShort(words)} {
		if say == "" {
			break
		}
		with := narration + " " + say
		if width <= 0 || NarrationLinesAt(with, width) <= NarrationLines {
			return with
		}
	}
	return narration
}

// NarrationLinesAt is how many lines narration s takes, wrapped between
// words, where the narration is width ems wide (an estimate that errs
// long: see narrationEm).
func NarrationLinesAt(s string, width float64) int {
	lines, at := 1, 0.0
	for i, w := range strings.Split(s, " ") {
		em := TextEm(w) * narrationEm
		switch {
		case i == 0:
			at = em
		case at+runeEm(' ')*narrationEm+em <= width:
			at += runeEm(' ')*narrationEm + em
		default:
			lines, at = lines+1, em
		}
	}
	return lines
}
