package view

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

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
		if (g == GlyphMax || g == GlyphMin || g == GlyphChance || g == GlyphJoint) && InFont*sc < LegibleValuePx {
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

// slots is the number of places in the row of parent's children, drawn
// of which are drawn: a Monte-Carlo search keeps a place for every move.
func (t *focusTree) slots(parent string, drawn int) int {
	if !t.mcts {
		return drawn
	}
	n := 0
	for {
		if _, err := t.p.Describe(trace.ChildID(parent, n)); err != nil {
			return n
		}
		n++
	}
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
	n, _ := t.p.ChildCount(id)
	ks := make([]int, n)
	for k := range ks {
		ks[k] = k
	}
	return ks
}

// FocusOf is the focus drawing of scene s of search p at frame f, whose
// overview has the fold counts folds (the cursor's). Every node of the
// path from the root to the current node (the root before the first
// step) carries the class "path".
func FocusOf(p *scenario.Search, s *Scene, f *trace.Frame, folds map[string]FoldCount) *Drawing {
	return FocusIn(p, s, f, folds, 0)
}

// FocusLineFill is the share of the level spacing between two lines of a
// zigzagged row of the focus (see centreRows): room for a node, its value
// and its fold's counts above the next line.
const FocusLineFill = 0.75

// FocusIn is FocusOf for a pane width CSS pixels wide (0: any width): a
// row of the focus wider than that zigzags over two lines, every node
// still at the legible sizes.
func FocusIn(p *scenario.Search, s *Scene, f *trace.Frame, folds map[string]FoldCount, width float64) *Drawing {
	t := newFocusTree(p, f)
	path := t.path()
	root := t.shapes(path)
	opt := baseSpacing(p, false)
	src := p.Scenario.Source()
	board := BoardSource(src) || root.Board != ""
	opt.LevelSep += focusLevelGap(board)
	lg := laying{shows: showsOf(p), pane: [2]float64{1e6, 1e6}}
	lineSep := opt.LevelSep * FocusLineFill
	zig := opt.NodeSep // the spacing a zigzagged row's slots are laid out by
	if t.mcts {
		// Room under each row for its W/N labels (see rowPlacement), and
		// between the lines of a zigzagged row for the labels and folds
		// of the line above.
		lg.winsVisits = WinsVisitsEm(orDefault(p.Scenario.Iterations, search.DefaultIterations))
		zig = t.zigzagSep(path, opt.NodeSep, lg.winsVisits, width/FocusScale, board)
		room, reach := rowLevelRoom(lg.winsVisits, t.lineApart(path, opt.NodeSep, zig, width/FocusScale), board)
		opt.LevelSep += room
		lineSep = max(opt.LevelSep*FocusLineFill, reach+FocusBus+GlyphBoard.Half()+4)
	}
	l := trace.NewLayout(root, opt)
	centreRows(l, opt.NodeSep, zig, t.slots, width/FocusScale, lineSep)
	if t.mcts {
		raiseUnderRoot(l, board)
	}
	// The base text sizes: the pane is never too small for them, the
	// focus is drawn at FocusScale and scrolls if it must.
	sk := s.focusSketch(src, l, lg)
	counts := make(map[string]FoldCount)
	for _, n := range l.Nodes {
		if n.Folded {
			counts[n.ID] = t.foldCount(n, folds)
		}
	}
	low := tightenFolds(l, counts)
	d := sk.draw(f, counts)
	lowerFolds(d, low)
	for i := range d.Nodes {
		if n := &d.Nodes[i]; n.Glyph == GlyphJoint && n.Label != "" && n.InFull == "" {
			n.InFull = s.Namer(nil)(n.ID) // the joint move's whole name
		}
	}
	rowBuses(d, !t.mcts)
	nearWindows(d)
	markPath(d, path)
	markInfoSet(d, p, f, width/FocusMinScale)
	for i := range d.Edges {
		if e := &d.Edges[i]; e.Cut {
			// The cut mark crosses the edge's last stretch, under the bus.
			y := e.Y2 - FocusBus/2
			e.CutX1, e.CutY1, e.CutX2, e.CutY2 = e.X2-9, y-4, e.X2+9, y+4
		}
	}
	symmetricBox(d, l, width)
	d.Px = FocusScale
	if width > 0 && d.Width*FocusScale > width {
		d.Px = max(width/d.Width, FocusMinScale)
	}
	return d
}

// rootStem is the length of the edge under a Monte-Carlo focus's root
// down to the bus of its children's row.
const rootStem = 16

// raiseUnderRoot moves every row of a Monte-Carlo focus layout l under
// its root up, so that its root's children hang a stem and a bus under
// it: the root writes its W/N on its right and has no fold, so its row
// needs none of the room under it that a row of children keeps for their
// labels and folds (boards tells the glyphs).
func raiseUnderRoot(l *trace.Layout, board bool) {
	ext := GlyphMin.Bottom()
	if board {
		ext = GlyphBoard.Bottom()
	}
	top := math.Inf(1)
	for _, n := range l.Nodes {
		if n.Depth == 1 {
			top = min(top, n.Y)
		}
	}
	raise := top - (2*ext + rootStem + FocusBus)
	if math.IsInf(top, 1) || raise <= 0 {
		return
	}
	for i := range l.Nodes {
		if l.Nodes[i].Depth > 0 {
			l.Nodes[i].Y -= raise
		}
	}
	l.Height -= raise
}

// lineApart is the least distance between two neighbours on one line of
// the focus's rows of path's children, NodeSep sep apart (zig in a
// zigzagged row), in a pane room units wide (0: any): less where a row
// zigzags (see centreRows).
func (t *focusTree) lineApart(path []string, sep, zig, room float64) float64 {
	for _, id := range path {
		n := t.slots(id, len(t.children(id)))
		if room > 0 && float64(n-1)*sep+2*focusMargin > room {
			return 2 * rowStep(zig, 2)
		}
	}
	return sep
}

// zigzagSep is the spacing, over NodeSep sep, by which a Monte-Carlo
// focus lays out the slots of its zigzagged rows in a pane room units
// wide: wide enough that their W/N labels of em ems take turns over as
// few lines as the pane's width allows (on a phone a row of nine joint
// moves then writes two lines of labels, not three, and fits the pane's
// height), never closer than sep.
func (t *focusTree) zigzagSep(path []string, sep, em, room float64, board bool) float64 {
	g := GlyphMax
	if board {
		g = GlyphBoard
	}
	need := em*rowValueFont(g, fontsAt(1)) + 2*labelPad + rowLabelGap
	zig := math.Inf(1)
	for _, id := range path {
		n := t.slots(id, len(t.children(id)))
		if room <= 0 || n < 2 || float64(n-1)*sep+2*focusMargin <= room {
			continue
		}
		most := (room - 2*focusMargin) / float64(n-1) // the widest step that fits
		m := min(max(1, int(math.Ceil(need/(2*most)))), MaxRowLabelLines)
		step := min(max(rowStep(sep, 2), need/float64(2*m)+0.01), most)
		zig = min(zig, step*2/FocusZigzag)
	}
	if math.IsInf(zig, 1) {
		return sep
	}
	return max(zig, sep)
}

func orDefault(v, d int) int {
	if v == 0 {
		return d
	}
	return v
}

// MaxFocusSketches is how many focus layouts a scene keeps the sketch of
// (their labels placed), the most recently drawn: most steps of a search
// draw the focus of the step before (the same path, the same rows; 54 of
// the first 60 steps of random=12,3 minimax), and placing a focus's labels
// again at each step was most of the server's work for a class stepping
// large trees (see docs/performance.md, "The focus of a step").
const MaxFocusSketches = 2

// focusSketches are the sketches of a scene's focus layouts drawn last,
// the most recent first; the viewers of the scene share them.
type focusSketches struct {
	mu   sync.Mutex
	kept []focusKept
	// scales are the steady scales of the scene's focus (see
	// SteadyFocusScale).
	scales map[steadyKey]float64
}

// focusKept is a focus layout, what it was laid out for, and its sketch.
type focusKept struct {
	source string
	lg     laying
	s      *sketch
}

// focusSketch is the sketch of focus layout l, laid out for lg: one kept
// for a layout the same in every respect (a sketch depends on nothing
// else), else a new one, then kept.
func (s *Scene) focusSketch(source string, l *trace.Layout, lg laying) *sketch {
	var fs *focusSketches
	if s != nil {
		fs = s.focus
	}
	if fs != nil {
		fs.mu.Lock()
		for i, k := range fs.kept {
			if k.source == source && k.lg == lg && sameLayout(k.s.l, l) {
				copy(fs.kept[1:i+1], fs.kept[:i])
				fs.kept[0] = k
				fs.mu.Unlock()
				return k.s
			}
		}
		fs.mu.Unlock()
	}
	noteLaying(l, lg)
	sk := newSketch(source, l)
	if fs != nil {
		fs.mu.Lock()
		if len(fs.kept) < MaxFocusSketches {
			fs.kept = append(fs.kept, focusKept{})
		}
		copy(fs.kept[1:], fs.kept)
		fs.kept[0] = focusKept{source, lg, sk}
		fs.mu.Unlock()
	}
	return sk
}

// sameLayout reports whether a and b lay out the same nodes at the same
// places.
func sameLayout(a, b *trace.Layout) bool {
	return a.Width == b.Width && a.Height == b.Height && a.Depth == b.Depth && a.Across == b.Across && slices.Equal(a.Nodes, b.Nodes)
}

// FocusMinScale is the least CSS pixels per unit a focus is drawn at to
// fit its pane: the base sizes then still read at the legible ones
// (values 16 px, α/β 13, boards 40.8 across, fold counts 12.7).
const FocusMinScale = 1.02

// path is the path from the root to the node the focus is on: the
// current node, the root before the first step.
func (t *focusTree) path() []string {
	target := ""
	if t.f.Step > 0 {
		target = t.f.Current
	}
	if _, ok := t.node(target); !ok {
		target = ""
	}
	var path []string
	for at, ok := target, true; ok; at, ok = trace.ParentID(at) {
		path = append(path, at)
	}
	slices.Reverse(path)
	return path
}

// shapes is the root of what the focus draws: every node of path with
// its children (the current node's once the search has them), every
// child off the path folded.
func (t *focusTree) shapes(path []string) *trace.Shape {
	root, _ := t.node("")
	shapes := map[string]*trace.Shape{"": root}
	for d, id := range path {
		sh := shapes[id]
		if sh == nil || sh.Leaf {
			break
		}
		next := -1
		if d < len(path)-1 {
			next = childIndex(path[d+1])
		} else if nv := t.f.Nodes[id]; !t.mcts && (nv == nil || nv.Order == nil) {
			// The current node's children once the search has them.
			sh.Folded = true
			break
		}
		t.row(sh, id, next, shapes)
	}
	return root
}

// row gives node id's shape sh its children, those off the path (next is
// the one on it) folded, each recorded in shapes.
func (t *focusTree) row(sh *trace.Shape, id string, next int, shapes map[string]*trace.Shape) {
	sh.Folded = false
	for _, k := range rowWindow(t.children(id), next) {
		cid := trace.ChildID(id, k)
		c, ok := t.node(cid)
		if !ok {
			continue
		}
		if k != next {
			// Folded, unless a Monte-Carlo search made nothing below.
			c.Folded = !c.Leaf && (!t.mcts || t.below[cid] > 0)
		}
		sh.Children = append(sh.Children, c)
		shapes[cid] = c
	}
	if len(sh.Children) == 0 {
		sh.Folded = !sh.Leaf && !t.mcts
	}
	if sh.Kind == trace.Joint {
		t.jointLabels(sh.Children)
	}
}

// jointLabels names the children of a node whose roles choose at once,
// each a joint move ("left (show paper) / right (show rock)",
// trace.JointMoveText), inside their diamonds: for each role, the
// shortest start of its move, less the words all its moves in the row
// begin with, that tells it from that role's other moves there, joined as
// the whole name joins them ("p/r"); the whole name is the node's
// tooltip.
func (t *focusTree) jointLabels(kids []*trace.Shape) {
	moves := make([][]string, len(kids)) // each child's move of each role
	for i, c := range kids {
		moves[i] = t.p.JointMoves(c.ID)
	}
	for i, c := range kids {
		if c.Label != "" || len(moves[i]) == 0 {
			continue
		}
		parts := make([]string, len(moves[i]))
		for r := range moves[i] {
			var row []string
			for _, m := range moves {
				if r < len(m) {
					row = append(row, m[r])
				}
			}
			parts[r] = shortMove(moves[i][r], row)
		}
		c.Label = strings.Join(parts, trace.JointSep)
	}
}

// shortMove is the shortest start of move, less the leading words every
// move of row shares and its brackets, that no other move of row starts
// with.
func shortMove(move string, row []string) string {
	words := func(m string) []string { return strings.Fields(strings.Trim(m, "()")) }
	w := words(move)
	common := len(w) - 1 // keep one word at least
	for _, m := range row {
		o := words(m)
		k := 0
		for k < min(common, len(o)) && o[k] == w[k] {
			k++
		}
		common = k
	}
	rest := []rune(strings.Join(w[max(common, 0):], " "))
	for n := 1; n < len(rest); n++ {
		unique := true
		for _, m := range row {
			o := []rune(strings.Join(words(m)[min(max(common, 0), len(words(m))):], " "))
			if string(o) != string(rest) && len(o) >= n && string(o[:n]) == string(rest[:n]) {
				unique = false
				break
			}
		}
		if unique {
			return string(rest[:n])
		}
	}
	return string(rest)
}

// markPath adds the class "path" to the nodes of path and the edges into
// them.
func markPath(d *Drawing, path []string) {
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
// of one node) as a row NodeSep apart (a Monte-Carlo search's children
// each in the slot of its move, slots(parent, drawn) of them, so that a
// child made later takes its place and moves no other; a row wider than
// room, room > 0, zigzags over two lines, lineSep apart, its slots
// FocusZigzag·NodeSep/2 apart, so that it fits a phone's pane), centred under its parent as far as
// the band of the widest row, centred on the root, allows: a row depends
// only on the nodes above it and the band, and the root is at X = 0, so
// that a step keeps in place every row but those it changes.
func centreRows(l *trace.Layout, sep, zig float64, slots func(parent string, drawn int) int, room, lineSep float64) {
	rows := map[int][]int{}
	for i, n := range l.Nodes {
		rows[n.Depth] = append(rows[n.Depth], i)
	}
	half := 0.0
	width, lines := map[int]int{}, map[int]int{}
	for d, r := range rows {
		width[d], lines[d] = len(r), 1
		if n := l.Nodes[r[0]]; n.HasParent {
			width[d] = max(len(r), slots(n.Parent, len(r)))
		}
		if room > 0 && float64(width[d]-1)*sep+2*focusMargin > room {
			lines[d] = 2
		}
		half = max(half, float64(width[d]-1)*zigStep(sep, zig, lines[d])/2)
	}
	l.Width = 2 * half
	x := map[string]float64{}
	down := 0.0 // how far the lines of the rows above push this one down
	for d := 0; d <= l.Depth; d++ {
		r := rows[d]
		if len(r) == 0 {
			continue
		}
		step := zigStep(sep, zig, lines[d])
		w := float64(width[d]-1) * step / 2
		mid := 0.0
		if n := l.Nodes[r[0]]; n.HasParent {
			mid = min(max(x[n.Parent], w-half), half-w)
		}
		for j, i := range r {
			s := j
			if width[d] > len(r) {
				// A Monte-Carlo search's child stands in its move's slot.
				s = l.Nodes[i].Index
			}
			l.Nodes[i].X = mid + float64(s)*step - w
			l.Nodes[i].Y += down + float64(s%lines[d])*lineSep
			x[l.Nodes[i].ID] = l.Nodes[i].X
		}
		down += float64(lines[d]-1) * lineSep
	}
	l.Height += down
}

// FocusZigzag is the share of NodeSep between two nodes side by side on
// one line of a zigzagged row: a little closer than in a row, with room
// between them for the edge into the node of the other line.
const FocusZigzag = 0.8

// zigStep is the distance between two neighbouring slots of a row drawn
// over lines lines, sep apart in one line, by zig in a zigzag.
func zigStep(sep, zig float64, lines int) float64 {
	if lines == 1 {
		return sep
	}
	return rowStep(zig, lines)
}

// rowStep is the distance between two neighbouring slots of a row drawn
// over lines lines.
func rowStep(sep float64, lines int) float64 {
	if lines == 1 {
		return sep
	}
	return sep * FocusZigzag / float64(lines)
}

// focusMargin is the room, in layout units, kept at either side of a
// focus row: half the widest glyph and its labels.
const focusMargin = 40

// FocusBus is how far above a row of the focus the edges from its parent
// meet: each edge runs down from the parent, along the bus and down into
// its child, clear of the fold glyphs under the parent's siblings.
const FocusBus = 14

// rowBuses sets where each edge of the focus d runs along its bus:
// FocusBus above its child, and where across (not in a Monte-Carlo
// focus, whose second lines keep their own bus under the first line's
// W/N labels) for a child on the second line of a zigzagged row (see
// centreRows) FocusBus above the row's first line, so that the edge runs
// down between two nodes of that line, where FocusZigzag keeps room for
// it. A bus of its own above the second line ran through the node of the
// first line under the parent and along the fold counts of the first
// line ("59k" under the GDL tic-tac-toe's boards on a phone).
func rowBuses(d *Drawing, across bool) {
	y := make(map[string]float64, len(d.Nodes))
	top := map[string]float64{} // a parent's id → its row's first line
	for _, n := range d.Nodes {
		y[n.ID] = n.Y
		if p, ok := trace.ParentID(n.ID); ok {
			if t, seen := top[p]; !seen || n.Y < t {
				top[p] = n.Y
			}
		}
	}
	for i := range d.Edges {
		e := &d.Edges[i]
		p, _ := trace.ParentID(e.ID)
		e.BusY = e.Y2 - FocusBus
		if across {
			e.BusY -= y[e.ID] - top[p]
		}
	}
}

// focusLevelGap is the room added between two levels of the focus over
// the tree's own level spacing: a board's fold glyph and its counts, and
// the bus under them.
func focusLevelGap(board bool) float64 {
	if board {
		return 30
	}
	return 6
}

// symmetricBox sets the drawing's view box to what it draws, widened so
// that the root is at its middle: the root stays where it is on the page,
// whatever the rows below it; unless that is too wide for a pane width
// CSS pixels wide (a phone's), where it is as wide as drawn.
func symmetricBox(d *Drawing, l *trace.Layout, width float64) {
	f := strings.Fields(d.ViewBox)
	if len(f) != 4 || len(l.Nodes) == 0 {
		return
	}
	mid := l.Nodes[0].X
	half, lo, hi := 0.0, mid, mid
	for _, n := range d.Nodes {
		a, b := focusExtent(&n)
		half = max(half, mid-a, b-mid)
		lo, hi = min(lo, a), max(hi, b)
	}
	for _, e := range d.Edges {
		if e.Test != "" {
			w := TextEm(e.Test) * e.TestFont / 2
			half = max(half, mid-(e.TestX-w), e.TestX+w-mid)
		}
		if e.Prob != "" {
			w := TextEm(e.Prob) * ValueFont
			half = max(half, mid-(e.ProbX-w), e.ProbX+w-mid)
		}
	}
	if a, b, ok := d.Set.extent(); ok {
		half = max(half, mid-a, b-mid)
		lo, hi = min(lo, a), max(hi, b)
	}
	half += viewPad
	d.Width = 2 * half
	if width > 0 && d.Width*FocusScale > width {
		// Too wide for the pane about the root: as wide as drawn.
		d.Width = hi - lo + 2*viewPad
		mid = (lo + hi) / 2
	}
	d.ViewBox = Num(mid-d.Width/2) + " " + f[1] + " " + Num(d.Width) + " " + f[3]
}

// focusExtent is how far left and right node n of a focus draws: its
// glyph, its fold, and the labels it writes (an empty one takes no room).
func focusExtent(n *Node) (lo, hi float64) {
	g := max(n.Glyph.Half(), n.LeafW/2)
	if n.Fold != nil {
		g = max(g, n.FoldAt.box.x1, -n.FoldAt.box.x0)
	}
	lo, hi = n.X-g, n.X+g
	span := func(x float64, anchor, text string, font float64) {
		if text == "" {
			return
		}
		w := TextEm(text) * font
		switch anchor {
		case "end":
			lo, hi = min(lo, x-w), max(hi, x)
		case "middle":
			lo, hi = min(lo, x-w/2), max(hi, x+w/2)
		default:
			lo, hi = min(lo, x), max(hi, x+w)
		}
	}
	span(n.X+n.ValueX, n.ValueAnchor, n.Shown, ValueFont)
	ab := n.Alpha
	if len(n.Beta) > len(ab) {
		ab = n.Beta
	}
	span(n.X+n.ABX, n.ABAnchor, ab, ABFont)
	span(n.X+n.ValueX, n.ValueAnchor, n.Who, ValueFont)
	return lo, hi
}

// foldCount is what the fold glyph of focus node n shows: for a
// Monte-Carlo search the nodes of its tree below n; else the nodes below
// n the search entered and pruned, from the frame and the overview's
// fold counts folds.
func (t *focusTree) foldCount(n trace.LayoutNode, folds map[string]FoldCount) FoldCount {
	c := FoldCount{Total: max(n.Total-1, 0)}
	if t.mcts {
		c.Visited, c.Made = c.Total, true
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
