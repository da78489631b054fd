package view

import "github.com/abtrace/abtrace/trace"

// Frame is the state of a search at one step as trace replays it, and
// Layout a tree's places: the two values a page is made from besides its
// drawing. The pages (package templates) name them through view, the room
// that decides what they show.
type (
	Frame  = trace.Frame
	Layout = trace.Layout
)

// Legend says which glyphs beyond MAX and MIN a tree's legend explains.
type Legend struct {
	// Chance is true when the tree has a chance node, Players when it has
	// the players of max^n (then MAX and MIN are not explained), Joint
	// when it has a node where several roles choose at once.
	Chance, Players, Joint bool
	// MaxMin is true when an inner node is MAX's or MIN's.
	MaxMin bool
}

// ExplainsMaxMin reports whether the legend explains MAX and MIN: not in
// max^n, nor in a tree whose inner nodes are all joint.
func (g Legend) ExplainsMaxMin() bool { return !g.Players && (g.MaxMin || !g.Joint) }

// LegendOf is the legend of a laid-out tree (nil: MAX and MIN only).
func LegendOf(l *trace.Layout) Legend {
	var g Legend
	if l == nil {
		return g
	}
	for _, n := range l.Nodes {
		if n.Leaf {
			continue
		}
		g.Chance = g.Chance || n.Kind == trace.Chance
		g.Players = g.Players || n.Kind.PlayerIndex() > 0
		g.Joint = g.Joint || n.Kind == trace.Joint
		g.MaxMin = g.MaxMin || n.Kind == trace.Max || n.Kind == trace.Min
	}
	return g
}
