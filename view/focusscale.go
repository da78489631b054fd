package view

import (
	"context"
	"math"
	"strings"
	"time"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/trace"
)

// One scale for a whole search. A focus drawn at FocusScale leaves much
// of a large pane empty where its rows are few and narrow (tic-tac-toe
// from a mid-game position at 1920×1080: boards 44 px in a pane that
// holds twice that); grown at each step to fill the pane, it would zoom
// in and out while a class steps, as rows come and go. SteadyFocusScale
// decides the scale once for a search in a pane: the largest at which
// the least focus of every step it looks at fits the pane, width and
// height, with its trail; the viewer draws every step at it (FocusFitAt)
// and, where a step it did not look at needs less, keeps the smaller
// scale from then on, so the scale never grows while stepping.

// FocusMaxScale is the most CSS pixels per layout unit a focus is drawn
// at however large its pane: values at 32 px, boards 80 px across.
const FocusMaxScale = 2

// FocusProbeSteps is how many steps from the start of a search
// SteadyFocusScale looks at: a depth-first search goes down its first
// lines to its deepest level within them (tic-tac-toe from the empty
// board reaches its ninth level at step 23), where its focus has its
// longest trail.
const FocusProbeSteps = 64

// FocusProbeTime bounds the time SteadyFocusScale steps the search for:
// a search whose steps are slow (a large game's rules proved at every
// move) is looked at over the steps made by then, so that the page's
// first focus does not wait for it (tic-tac-toe's 64 steps take about
// 0.2 s on a loaded machine, a classroom tree's a few milliseconds).
const FocusProbeTime = time.Second

// SteadyFocusScale is the scale at which the focus of search p (drawn as
// scene s) is drawn at every step in a pane w × h CSS pixels, its trail
// worded with words: the largest, up to FocusMaxScale, at which the least
// focus FocusFit keeps at each of the search's first FocusProbeSteps
// steps (the current node's row and the rows under it, under the trail of
// the ancestors above them) fits the pane, its nodes drawing as far above
// and below their centres as any node of those steps does, and its
// crumbs as wide as the widest value and window they showed (a value
// under a fold, a bound in a crumb, come later in the search); never
// below FocusMinScale. Monte-Carlo searches, whose tree grows over the
// whole search, and a pane of unknown size keep FocusScale.
//
// The scene keeps the scale for the next viewer of the same search in a
// pane of the same size in the same language lang (the students of a
// class loading the lecturer's link), up to MaxSteadyScales of them.
func SteadyFocusScale(p *scenario.Search, s *Scene, w, h float64, lang string, words func(trace.Phrase) string) float64 {
	if w <= 0 || h <= 0 || p.Algorithm == search.AlgoMCTS {
		return FocusScale
	}
	key := steadyKey{w, h, lang}
	if s != nil && s.focus != nil {
		if px, ok := s.focus.scale(key); ok {
			return px
		}
	}
	px := probeFocusScale(p, s, w, h, words)
	if s != nil && s.focus != nil {
		s.focus.keepScale(key, px)
	}
	return px
}

// MaxSteadyScales is how many steady scales (see SteadyFocusScale) a
// scene keeps; when they are all used, they are forgotten.
const MaxSteadyScales = 64

// steadyKey is what a steady scale is kept for.
type steadyKey struct {
	w, h float64
	lang string
}

// scale is the steady scale kept for key.
func (fs *focusSketches) scale(key steadyKey) (float64, bool) {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	px, ok := fs.scales[key]
	return px, ok
}

// keepScale keeps steady scale px for key.
func (fs *focusSketches) keepScale(key steadyKey, px float64) {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	if fs.scales == nil || len(fs.scales) >= MaxSteadyScales {
		fs.scales = map[steadyKey]float64{}
	}
	fs.scales[key] = px
}

// probeFocusScale is SteadyFocusScale worked out.
func probeFocusScale(p *scenario.Search, s *Scene, w, h float64, words func(trace.Phrase) string) float64 {
	cur := NewCursor(p, s)
	defer cur.Close()
	ctx, cancel := context.WithTimeout(context.Background(), FocusProbeTime)
	defer cancel()
	var pr focusProbe
	for step := 0; step <= FocusProbeSteps; step++ {
		if step > 0 {
			cur.Forward(1)
			if err := cur.WorkAll(ctx); err != nil || cur.Step() < step {
				break
			}
		}
		f := cur.Frame()
		pr.look(FocusIn(p, s, f, cur.Folds(), w), s, f, words)
	}
	return max(pr.scale(w, h), FocusMinScale)
}

// focusProbe is what SteadyFocusScale gathers of the focuses it looks at.
type focusProbe struct {
	// least are their least focuses.
	least []leastFocus
	// above and below are the most any node draws above and below its
	// centre; width the widest focus.
	above, below, width float64
	// value and window are the widest value of a node and window of a
	// crumb.
	value, window string
}

// leastFocus is the least focus FocusFit keeps at a step: the centres of
// the current node's row (y0) and of the lowest row under it (y1), the
// lowest point of the information set's mark (-Inf: none), and the
// ancestors the trail names.
type leastFocus struct {
	y0, y1, set float64
	crumbs      []Crumb
}

// look adds focus drawing d of scene s at frame f to the probe.
func (pr *focusProbe) look(d *Drawing, s *Scene, f *trace.Frame, words func(trace.Phrase) string) {
	rows := focusRowsOf(d)
	cd := max(len(rows.path)-1, 0)
	lf := leastFocus{y0: math.Inf(1), y1: math.Inf(-1), set: math.Inf(-1)}
	for i := range d.Nodes {
		n := &d.Nodes[i]
		pr.above, pr.below = max(pr.above, n.Y-nodeTop(n)), max(pr.below, nodeBottom(n)-n.Y)
		if n.Depth == cd {
			lf.y0 = min(lf.y0, n.Y)
		}
		if n.Depth >= cd {
			lf.y1 = max(lf.y1, n.Y)
		}
		if TextEm(n.Shown) > TextEm(pr.value) {
			pr.value = n.Shown
		}
	}
	if d.Set != nil {
		lf.set = d.Set.Y + d.Set.H
	}
	name := s.Namer(words)
	for _, n := range rows.path[:cd] {
		c := crumbOf(s, f, n.ID, name)
		if TextEm(c.Window) > TextEm(pr.window) {
			pr.window = c.Window
		}
		lf.crumbs = append(lf.crumbs, c)
	}
	pr.width = max(pr.width, d.Width)
	if !math.IsInf(lf.y0, 1) {
		pr.least = append(pr.least, lf)
	}
}

// scale is the largest scale, up to FocusMaxScale, at which every least
// focus of the probe fits a pane w × h CSS pixels.
func (pr *focusProbe) scale(w, h float64) float64 {
	px := min(float64(FocusMaxScale), fitScale(pr.width, w))
	for _, lf := range pr.least {
		crumbs := make([]Crumb, len(lf.crumbs))
		for i, c := range lf.crumbs {
			c.Value, c.Window = pr.value, pr.window
			crumbs[i] = c
		}
		bottom := max(lf.y1+pr.below, lf.set)
		px = min(px, fitScale(bottom-(lf.y0-pr.above)+2*viewPad, h-trailHeight(crumbs, w)))
	}
	return px
}

// focusRows are what FocusFit reads of a focus drawing: the highest and
// lowest point each level draws, and the nodes of the path.
type focusRows struct {
	top, low map[int]float64
	path     []*Node
}

func focusRowsOf(d *Drawing) focusRows {
	r := focusRows{top: map[int]float64{}, low: map[int]float64{}}
	for i := range d.Nodes {
		n := &d.Nodes[i]
		t, b := nodeTop(n), nodeBottom(n)
		if v, seen := r.top[n.Depth]; !seen || t < v {
			r.top[n.Depth] = t
		}
		r.low[n.Depth] = max(r.low[n.Depth], b)
		if strings.Contains(" "+n.Class+" ", " path ") {
			r.path = append(r.path, n)
		}
	}
	return r
}

// contentBottom is the lowest point focus drawing d draws (its view box
// may reach lower): its nodes and the information set's mark.
func contentBottom(d *Drawing) float64 {
	b := math.Inf(-1)
	for i := range d.Nodes {
		b = max(b, nodeBottom(&d.Nodes[i]))
	}
	if d.Set != nil {
		b = max(b, d.Set.Y+d.Set.H)
	}
	return b
}

// FocusFitAt is FocusFit for a focus drawn at px CSS pixels per unit (the
// search's SteadyFocusScale): its view box keeps the rows that fit the
// pane at that scale; only a step whose least focus does not fit it is
// drawn smaller (d.Px says how much).
func FocusFitAt(d *Drawing, s *Scene, f *trace.Frame, w, h, px float64, words func(trace.Phrase) string) {
	if px > 0 {
		d.Px = px
	}
	FocusFit(d, s, f, w, h, words)
}
