package view

import (
	"slices"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/trace"
)

// Focus and context. A tree too large to read whole in the viewer's pane
// (see Scene.NeedsFocus) is shown as its focus: the path from the root to
// the current node, every node of it with all its children (the current
// node's siblings among them), drawn at the base sizes, and the subtree of
// every other node folded into a fold glyph with its counts. The overview
// of the whole tree stays one key away. Each level of the focus is a row
// centred on the root's axis, so a step that moves the search within a
// level redraws only the rows below it: the path above stays in place.
//
// A Monte-Carlo search draws its own tree here: the nodes it has created,
// each with its wins and visits (W/N), the path to the node of the step
// marked; the rest of its tree folded with the number of nodes it holds.

// Legible sizes, in CSS pixels, at which the focus draws what it shows
// (see FocusScale): values and names, α/β, boards across, fold counts.
const (
	LegibleValuePx = 14
	LegibleABPx    = 12
	LegibleBoardPx = 40
	LegibleCountPx = 12
)

// FocusScale is the CSS pixels per layout unit at which the focus is
// drawn: the base label sizes (ValueFont, ABFont, a board of 40 units,
// FocusCountFont) then read at least the legible sizes, with a margin for
// rounding.
const FocusScale = 1.1

// FocusCountFont is the font size of a fold's counts in the focus, in
// layout units (the overview's are smaller).
const FocusCountFont = 12

// ViewerPaneWidth and ViewerPaneHeight are the viewer's tree pane at
// 1280×720 out of presenter mode, and PhonePaneWidth and PhonePaneHeight
// at 390×844, in CSS pixels: a tree whose whole drawing, fitted there,
// draws its values or boards below the legible sizes is shown as its
// focus (see NeedsFocus).
const (
	ViewerPaneWidth, ViewerPaneHeight = 860, 380
	PhonePaneWidth, PhonePaneHeight   = 374, 388
)

// FocusMaxRow is the most children of one node the focus draws in a row;
// a node with more (a Reversi position with many moves) shows the
// FocusMaxRow nearest the path, in natural order.
const FocusMaxRow = 12

// NeedsFocus reports whether the scene's whole drawing, fitted to a pane
// of w × h CSS pixels, would draw a value below LegibleValuePx or a board
// below LegibleBoardPx, so that the viewer shows the focus first and the
// overview on a key. A Monte-Carlo search always shows its own tree.
func (s *Scene) NeedsFocus(w, h float64) bool {
	if s == nil || s.sketch == nil || len(s.sketch.glyphs) <= 1 {
		return false
	}
	sc := s.readScale(w, h)
	if ValueFont*s.sketch.k*sc < LegibleValuePx {
		return true
	}
	for _, g := range s.sketch.glyphs {
		if g.Board() && 2*g.Half()*sc < LegibleBoardPx {
			return true
		}
		if (g == GlyphMax || g == GlyphMin || g == GlyphChance) && InFont*sc < LegibleValuePx {
			// The name in the glyph (A, B, …) is drawn at InFont.
			return true
		}
	}
	return false
}

// focusTree is what the focus draws of a search at one frame: where each
// node's children come from.
type focusTree struct {
	p    *scenario.Search
	f    *trace.Frame
	mcts bool
	// kids are, for a Monte-Carlo search, the children each node of its
	// tree has, by natural index; below the number of nodes under each.
	kids  map[string][]int
	below map[string]int
}

func newFocusTree(p *scenario.Search, f *trace.Frame) *focusTree {
	t := &focusTree{p: p, f: f, mcts: p.Algorithm == search.AlgoMCTS}
	if t.mcts {
		t.kids, t.below = map[string][]int{}, map[string]int{}
		for id, nv := range f.Nodes {
			if !nv.Counts {
				continue
			}
			for at, ok := trace.ParentID(id); ok; at, ok = trace.ParentID(at) {
				t.below[at]++
			}
			if parent, ok := trace.ParentID(id); ok {
				k, _ := strconv.Atoi(id[strings.LastIndexByte(id, '.')+1:])
				t.kids[parent] = append(t.kids[parent], k)
			}
		}
		for _, ks := range t.kids {
			slices.Sort(ks)
		}
	}
	return t
}

// node is the shape of node id without children, or false when there is
// no such node.
func (t *focusTree) node(id string) (*trace.Shape, bool) {
	sh, err := t.p.Describe(id)
	if err != nil {
		return nil, false
	}
	sh.Children = nil
	if t.mcts {
		// Its subtree is the nodes the search created.
		sh.Total = t.below[id] + 1
		sh.Folded = t.below[id] > 0
	}
	return &sh, true
}

// children are the child indices of id that the focus may draw.
func (t *focusTree) children(id string) []int {
	if t.mcts {
		return t.kids[id]
	}
	var ks []int
	for k := 0; ; k++ {
		if _, err := t.p.Describe(trace.ChildID(id, k)); err != nil {
			return ks
		}
		ks = append(ks, k)
	}
}

// FocusOf is the focus drawing of scene s of search p at frame f, whose
// overview has the fold counts folds (the cursor's). Every node of the
// path from the root to the current node (the root before the first
// step) carries the class "path".
func FocusOf(p *scenario.Search, s *Scene, f *trace.Frame, folds map[string]FoldCount) *Drawing {
	t := newFocusTree(p, f)
	target := ""
	if f.Step > 0 {
		target = f.Current
	}
	if _, ok := t.node(target); !ok {
		target = ""
	}
	var path []string
	for at, ok := target, true; ok; at, ok = trace.ParentID(at) {
		path = append(path, at)
	}
	slices.Reverse(path)
	root, _ := t.node("")
	shapes := map[string]*trace.Shape{"": root}
	for d, id := range path {
		sh := shapes[id]
		if sh == nil || sh.Leaf {
			break
		}
		last := d == len(path)-1
		if last {
			// The current node's children once the search has them.
			nv := f.Nodes[id]
			if !t.mcts && (nv == nil || nv.Order == nil) {
				sh.Folded = true
				break
			}
		}
		ks := t.children(id)
		next := -1
		if !last {
			next = childIndex(path[d+1])
		}
		ks = rowWindow(ks, next)
		sh.Folded = false
		for _, k := range ks {
			cid := trace.ChildID(id, k)
			c, ok := t.node(cid)
			if !ok {
				continue
			}
			if k != next {
				c.Folded = !c.Leaf
			}
			sh.Children = append(sh.Children, c)
			shapes[cid] = c
		}
		if len(sh.Children) == 0 {
			sh.Folded = !sh.Leaf && !t.mcts
		}
	}
	opt := baseSpacing(p, false)
	src := p.Scenario.Source()
	l := trace.NewLayout(root, opt)
	centreRows(l, opt.NodeSep)
	// The base text sizes: the pane is never too small for them, the
	// focus is drawn at FocusScale and scrolls if it must.
	noteLaying(l, laying{shows: showsOf(p), pane: [2]float64{1e6, 1e6}})
	counts := make(map[string]FoldCount)
	for _, n := range l.Nodes {
		if n.Folded {
			counts[n.ID] = t.foldCount(n, folds)
		}
	}
	d := Draw(src, l, f, counts)
	onPath := make(map[string]bool, len(path))
	for _, id := range path {
		onPath[id] = true
	}
	for i := range d.Nodes {
		if onPath[d.Nodes[i].ID] {
			d.Nodes[i].Class += " path"
		}
	}
	for i := range d.Edges {
		if onPath[d.Edges[i].ID] {
			d.Edges[i].Class += " path"
		}
	}
	symmetricBox(d, l)
	return d
}

// childIndex is the last index of a node id ("2.0.3" → 3).
func childIndex(id string) int {
	k, _ := strconv.Atoi(id[strings.LastIndexByte(id, '.')+1:])
	return k
}

// rowWindow keeps at most FocusMaxRow of the indices ks, those nearest
// to next (the child on the path; -1 for none: the first ones).
func rowWindow(ks []int, next int) []int {
	if len(ks) <= FocusMaxRow {
		return ks
	}
	at := max(slices.Index(ks, next), 0)
	lo := min(max(at-FocusMaxRow/2, 0), len(ks)-FocusMaxRow)
	return ks[lo : lo+FocusMaxRow]
}

// centreRows places every level of a focus layout (each is the children
// of one node) as a row centred on the root's axis, NodeSep apart, so
// that a row depends only on the node above it.
func centreRows(l *trace.Layout, sep float64) {
	rows := map[int][]int{}
	for i, n := range l.Nodes {
		rows[n.Depth] = append(rows[n.Depth], i)
	}
	half := 0.0
	for _, r := range rows {
		half = max(half, float64(len(r)-1)*sep/2)
	}
	l.Width = 2 * half
	for _, r := range rows {
		for j, i := range r {
			l.Nodes[i].X = half + (float64(j)-float64(len(r)-1)/2)*sep
		}
	}
}

// symmetricBox widens the drawing's view box so that the root is at its
// middle: the root stays where it is on the page, whatever the rows
// below it.
func symmetricBox(d *Drawing, l *trace.Layout) {
	f := strings.Fields(d.ViewBox)
	if len(f) != 4 || len(l.Nodes) == 0 {
		return
	}
	x0, _ := strconv.ParseFloat(f[0], 64)
	w, _ := strconv.ParseFloat(f[2], 64)
	mid := l.Nodes[0].X
	half := max(mid-x0, x0+w-mid)
	d.Width = 2 * half
	d.ViewBox = Num(mid-half) + " " + f[1] + " " + Num(d.Width) + " " + f[3]
}

// foldCount is what the fold glyph of focus node n shows: for a
// Monte-Carlo search the nodes of its tree below n; else the nodes below
// n the search entered and pruned, from the frame and the overview's
// fold counts folds.
func (t *focusTree) foldCount(n trace.LayoutNode, folds map[string]FoldCount) FoldCount {
	c := FoldCount{Total: max(n.Total-1, 0)}
	if t.mcts {
		c.Visited = c.Total
		return c
	}
	if t.f.StateOf(n.ID) == trace.StatePruned {
		c.Pruned = c.Total
		return c
	}
	prefix := n.ID + "."
	if n.ID == "" {
		prefix = ""
	}
	for id, nv := range t.f.Nodes {
		if id == n.ID || !strings.HasPrefix(id, prefix) {
			continue
		}
		switch nv.State {
		case trace.StateOpen, trace.StateDone:
			c.Visited++
		case trace.StatePruned:
			if size, err := t.p.SubtreeSize(id); err == nil {
				c.Pruned += size
			}
		}
	}
	for id, fc := range folds {
		if id == n.ID || strings.HasPrefix(id, prefix) {
			c.Visited += fc.Visited
			c.Pruned += fc.Pruned
		}
	}
	c.Visited, c.Pruned = min(c.Visited, c.Total), min(c.Pruned, c.Total)
	return c
}

// FocusShown says in which of the viewer's panes the focus of scene s of
// search p is shown first, over the overview: at 1280×720, in presenter
// mode there, and on a phone (390×844). A Monte-Carlo search shows its own
// tree everywhere; a tree drawn sideways is judged in the phone's pane.
func FocusShown(p *scenario.Search, s *Scene) (wide, present, narrow bool) {
	if p.Algorithm == search.AlgoMCTS {
		return true, true, true
	}
	if s.Layout != nil && s.Layout.Across {
		n := s.NeedsFocus(AcrossWidth, AcrossHeight)
		return n, n, n
	}
	return s.NeedsFocus(ViewerPaneWidth, ViewerPaneHeight), s.NeedsFocus(PresentWidth, PresentHeight),
		s.NeedsFocus(PhonePaneWidth, PhonePaneHeight)
}
