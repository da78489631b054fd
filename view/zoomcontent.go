package view

import (
	"math"

	"github.com/abtrace/abtrace/trace"
)

// zoomLabelReach is how far past the glyphs' extent, in layout units at
// scale 1, a node's value or α/β lines may reach: nodes whose glyphs lie
// farther inside have their labels measured only when they might.
const zoomLabelReach = 160

// contentBox is the box of what the drawing of sketch sk draws at frame
// f: every glyph, and the values and α/β lines written at f. The scene a
// comparison's panes share keeps room for the labels of every pane's
// search (alpha-beta's α/β lines beside minimax's values): a window kept
// inside the scene's view box alone showed that room empty in a pane
// whose search writes none there.
func (sk *sketch) contentBox(f *trace.Frame) rect {
	in := math.Inf(1)
	r := rect{in, in, -in, -in}
	for i, n := range sk.l.Nodes {
		r = r.union(glyphRect(sk.glyphs[i], n, sk.k).shift(n.X, n.Y))
	}
	reach := zoomLabelReach * sk.k
	g := r
	for id := range f.Nodes {
		i, drawn := sk.find(id)
		if !drawn {
			continue
		}
		n := sk.l.Nodes[i]
		if n.X-reach > g.x0 && n.X+reach < g.x1 && n.Y-reach > g.y0 && n.Y+reach < g.y1 {
			continue
		}
		r = r.union(sk.drawnBox(i, f))
	}
	return r
}
