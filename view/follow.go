package view

import (
	"slices"

	"github.com/abtrace/abtrace/trace"
)

// Following the current node. Zoomed in, the viewer keeps the current node
// in view together with its path from the root: the whole path when the
// pane holds it at the zoom, else the current node and its parent (and as
// many more ancestors, deepest first, as the pane holds), with a trail
// above the tree that names every ancestor left out of view, with its
// kind, value and α/β as drawn. Which nodes form the path, which of them
// must stay in view and what each crumb of the trail says are decided
// here; the page only measures which of them its pane shows.

// FollowKeep is how many nodes of the path, the deepest first, always stay
// in view when the view follows the current node: the node itself and its
// parent.
const FollowKeep = 2

// Crumb is one node of the path from the root to the followed node, as the
// trail names it when the node is out of view.
type Crumb struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Kind string `json:"kind"` // MAX, MIN, CHANCE, P1, …
	// Value is the value or bound drawn beside the node ("≥ 3"), "" when
	// it has none yet.
	Value string `json:"value,omitempty"`
	// Window is its α/β as drawn ("α=3 β=+∞"), "" when none is drawn.
	Window string `json:"window,omitempty"`
}

// Follow is what the view follows at one step.
type Follow struct {
	// Path runs from the root to the followed node: the current node, or
	// the folded node whose hidden subtree holds it.
	Path []Crumb `json:"path"`
	// Keep is how many nodes at the end of Path always stay in view
	// (FollowKeep, or 1 when the followed node is the root).
	Keep int `json:"keep"`
}

// FollowOf is what the view of scene s follows at frame f, or nil before
// the first step (nothing is current). words words the root's name (nil:
// English).
func FollowOf(s *Scene, f *trace.Frame, words func(trace.Phrase) string) *Follow {
	if f.Step == 0 || s.sketch == nil {
		return nil
	}
	id := f.Current
	if _, drawn := s.sketch.find(id); !drawn {
		id = s.sketch.insideOf(f)
		if id == "" {
			return nil
		}
	}
	name := s.Namer(words)
	var path []Crumb
	for at, ok := id, true; ok; at, ok = trace.ParentID(at) {
		path = append(path, crumbOf(s, f, at, name))
	}
	slices.Reverse(path)
	return &Follow{Path: path, Keep: min(FollowKeep, len(path))}
}

// crumbOf names node id at frame f with what its drawing shows.
func crumbOf(s *Scene, f *trace.Frame, id string, name func(string) string) Crumb {
	c := Crumb{ID: id, Name: name(id)}
	n, _ := s.Layout.Node(id)
	c.Kind = n.Kind.Upper()
	if nv := f.Nodes[id]; nv != nil {
		c.Kind = nv.Kind.Upper()
		c.Value = ShortText(nv.Text)
		if nv.Window && slices.Contains(f.Stack, id) {
			a, b := trace.WindowText(nv.Alpha, nv.Beta)
			c.Window = "α=" + ShortText(a) + " β=" + ShortText(b)
		}
	}
	return c
}
