package view

import (
	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/trace"
)

// Scene is what a viewer sees of a scenario before any step: the tree laid
// out once, with its folds (the drawn nodes whose subtrees are too large
// to draw). It does not change as the viewer steps, and may be shared by
// any number of cursors and drawings.
type Scene struct {
	// Source is the scenario's source: "tree", "random", "tictactoe",
	// "nim" or "dice".
	Source string
	Shape  *trace.Shape
	Layout *trace.Layout
	// Open is the ids of the folds the viewer opened, as asked for.
	Open []string
	// spread holds the drawn nodes whose children are drawn too (drawn and
	// not folded): below every other node nothing is drawn.
	spread map[string]bool
	// folds maps each folded node to the number of nodes below it.
	folds map[string]int
	// sketch is what every drawing of the scene shares.
	sketch *sketch
}

// NewScene lays out the tree of a prepared scenario with these folds
// opened. The spacing follows what the nodes carry: boards for
// tic-tac-toe, wide boxes for vectors, room for probabilities on the
// edges of chance trees. Problems with the open list are *scenario.UsageError.
func NewScene(p *scenario.Search, open []string) (*Scene, error) {
	shape, err := p.Shape(scenario.ShapeOptions{Open: open})
	if err != nil {
		return nil, &scenario.UsageError{Err: err}
	}
	opt := trace.LayoutOptions{NodeSep: NodeSpacing, LevelSep: LevelSpacing}
	switch p.Algorithm {
	case search.AlgoMaxN, search.AlgoParanoid:
		// Vector leaves such as (5, −1, −1) need wider boxes.
		opt.NodeSep = VectorSpacing
	case search.AlgoExpectiminimax, search.AlgoStar1:
		// Room for the probabilities on the edges.
		opt.NodeSep = ChanceSpacing
	}
	src := p.Scenario.Source()
	if BoardSource(src) {
		opt = trace.LayoutOptions{NodeSep: BoardSpacing, LevelSep: BoardLevelSpacing}
	}
	return SceneOf(src, shape, presenterLayout(src, shape, opt), open), nil
}

// Spacings tried for a tree's layout, as multiples of its base node and
// level spacing (see presenterLayout).
var (
	nodeSepTries  = []float64{1, 1.25, 1.5, 1.8, 2.2, 2.7, 3.3}
	levelSepTries = []float64{1, 0.8, 1.3, 1.7, 2.1}
)

// presenterLayout lays out a shape with the spacing that lets its labels
// be largest in presenter mode's pane: wider where wide labels need room
// beside each other, lower or higher levels where the pane's height
// allows. The labels' room decides the spacing, not the reverse. Shapes of
// more than MaxPlacedNodes nodes keep the base spacing.
func presenterLayout(source string, shape *trace.Shape, opt trace.LayoutOptions) *trace.Layout {
	base := trace.NewLayout(shape, opt)
	if len(base.Nodes) > MaxPlacedNodes {
		return base
	}
	glyphs := make(map[string]Glyph, len(base.Nodes))
	for _, n := range base.Nodes {
		glyphs[n.ID] = GlyphOf(source, n)
	}
	best, bestScore := base, presenterScore(source, base, glyphs)
	for _, ln := range levelSepTries {
		for _, nd := range nodeSepTries {
			if ln == 1 && nd == 1 {
				continue
			}
			l := trace.NewLayout(shape, trace.LayoutOptions{NodeSep: opt.NodeSep * nd, LevelSep: opt.LevelSep * ln})
			if s := presenterScore(source, l, glyphs); s > bestScore*1.01 {
				best, bestScore = l, s
			}
		}
	}
	return best
}

// presenterScore is how large a layout's labels are on presenter mode's
// pane: the text scale times the scale that fits the drawing to the pane.
func presenterScore(source string, l *trace.Layout, glyphs map[string]Glyph) float64 {
	p := layoutPlacement(source, l, glyphs)
	w, h := p.box.x1-p.box.x0+2*viewPad, p.box.y1-p.box.y0+2*viewPad
	return p.k * min(PresentWidth/w, PresentHeight/h)
}

// SceneOf makes a scene of a shape already laid out (a comparison draws
// its panes smaller than the viewer).
func SceneOf(source string, shape *trace.Shape, l *trace.Layout, open []string) *Scene {
	s := &Scene{Source: source, Shape: shape, Layout: l, Open: open, spread: map[string]bool{}, folds: map[string]int{},
		sketch: newSketch(source, l)}
	for _, n := range l.Nodes {
		switch {
		case n.Folded:
			s.folds[n.ID] = max(n.Total-1, 0)
		case !n.Leaf:
			s.spread[n.ID] = true
		}
	}
	return s
}

// Draw is the drawing of the scene at frame f, with these fold counts
// (nil: every fold shows its size, nothing visited).
func (s *Scene) Draw(f *trace.Frame, folds map[string]FoldCount) *Drawing {
	return s.sketch.draw(f, folds)
}

// Folded reports whether id is a drawn node whose subtree is folded.
func (s *Scene) Folded(id string) bool { _, ok := s.folds[id]; return ok }

// HasFolds reports whether any node of the scene is folded.
func (s *Scene) HasFolds() bool { return len(s.folds) > 0 }

// Hidden reports whether id lies below a fold (or below a drawn leaf of a
// game cut by a depth limit), where nothing is drawn.
func (s *Scene) Hidden(id string) bool {
	parent, ok := trace.ParentID(id)
	// A spread parent is drawn, so its children are.
	return ok && !s.spread[parent]
}

// childrenHidden reports whether the children of id are not drawn.
func (s *Scene) childrenHidden(id string) bool { return !s.spread[id] }
