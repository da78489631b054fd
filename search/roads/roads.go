// Package roads is the road story of the lecture on imperfect
// information, as a game for the abtrace engine: road A leads to a heap of
// gold; road B leads to a fork where one side has diamonds and the other a
// bus that runs you over. In world 1 the diamonds lie on the left, in world
// 2 on the right, and the traveller cannot tell the worlds apart. Knowing
// the world, B is best (diamonds beat gold); not knowing it, B is a gamble
// between diamonds and the bus, and A is best. So: take B only if you will
// know which side is which.
//
// Every choice is the traveller's (MAX). Moves: at the start 0 is road A
// and 1 road B; at the fork 0 is the left side and 1 the right.
package roads

import (
	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/trace"
)

// The values of the story's ends.
const (
	Gold     = 1
	Diamonds = 2
	Bus      = -10
)

// Places on the map.
const (
	Start = iota
	RoadA
	Fork
	Left
	Right
)

// The labels of the sides of the fork. They are keys, not names: a
// viewer words them in its language (the roads "A" and "B" are names).
const (
	LeftLabel  = "left"
	RightLabel = "right"
)

var placeNames = [...]string{Start: "start", RoadA: "A", Fork: "B", Left: LeftLabel, Right: RightLabel}

// State is where the traveller is; the world is the Game's.
type State struct{ Place int8 }

// Game is the story in one world: 1 (diamonds on the left) or 2 (on the
// right). It satisfies search.Game, search.Labeler and search.Observer.
type Game struct{ World int }

var (
	_ search.Game[State]     = Game{}
	_ search.Labeler[State]  = Game{}
	_ search.Observer[State] = Game{}
)

// Worlds returns the story's two worlds, for search.Clairvoyance and
// search.InfoSets.
func Worlds() []search.World[State, Game] {
	return []search.World[State, Game]{
		{Name: "diamonds on the left", Game: Game{World: 1}},
		{Name: "diamonds on the right", Game: Game{World: 2}},
	}
}

// ToMove is always MAX: the traveller decides everything.
func (Game) ToMove(State) trace.Kind { return trace.Max }

// Moves: two roads at the start, two sides at the fork.
func (g Game) Moves(s State, buf []search.Move) []search.Move {
	if s.Place == Start || s.Place == Fork {
		buf = append(buf, 0, 1)
	}
	return buf
}

// Result follows the road or side m.
func (Game) Result(s State, m search.Move) State {
	switch s.Place {
	case Start:
		if m == 0 {
			return State{RoadA}
		}
		return State{Fork}
	case Fork:
		if m == 0 {
			return State{Left}
		}
		return State{Right}
	}
	return s
}

// Terminal: the gold and both sides of the fork end the story.
func (Game) Terminal(s State) bool { return s.Place == RoadA || s.Place == Left || s.Place == Right }

// Utility: gold 1, diamonds 2, the bus −10.
func (g Game) Utility(s State) float64 {
	switch s.Place {
	case RoadA:
		return Gold
	case Left, Right:
		if (s.Place == Left) == (g.World != 2) {
			return Diamonds
		}
		return Bus
	}
	return 0
}

// Label names the place: "A", "B", "left", "right" (the start has none).
func (Game) Label(s State) string {
	if s.Place == Start {
		return ""
	}
	return placeNames[s.Place]
}

// Observe is the place alone: the traveller never sees the world.
func (Game) Observe(s State) string { return placeNames[s.Place] }

// MoveName is "A" or "B" at the start, "left" or "right" at the fork.
func (g Game) MoveName(s State, m search.Move) string {
	return g.Label(g.Result(s, m))
}
