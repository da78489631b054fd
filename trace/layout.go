package trace

import (
	"strconv"
	"strings"
	"sync"
)

// Shape is the tree to draw: every node the viewer may show, before any
// search. It is built once per scenario (see scenario.Search.Shape) and laid
// out by NewLayout.
type Shape struct {
	ID    string // node id: path of natural child indices, "" for the root (see ChildID)
	Kind  Kind
	Label string // source label ("B"), "" if none
	Leaf  bool   // terminal: no children in the game (or cut by a depth limit)
	// Text is what the node shows before any search: a leaf's value ("12",
	// "−3", "0.5"), matchsticks left ("5"); "" otherwise.
	Text  string
	Board string  // tic-tac-toe: the 9 cells ("x.o......"); "" otherwise
	Prob  float64 // probability on the edge from a CHANCE parent, else 0
	Total int     // nodes in this subtree, this one included (also for folded nodes)
	// Folded is true when the node has children in the game that are not
	// drawn: a fold glyph stands for them.
	Folded   bool
	Children []*Shape // drawn children in natural order (nil when Leaf or Folded)
}

// LayoutOptions are the spacings of a layout. Zero (or negative) values mean
// the defaults.
type LayoutOptions struct {
	NodeSep  float64 // min horizontal distance between neighbouring nodes' centres (default 1)
	LevelSep float64 // vertical distance between levels (default 1)
}

// LayoutNode is one drawn node with its position.
type LayoutNode struct {
	ID     string
	Parent string // the parent's id; "" for the root and for the root's children: use HasParent
	// HasParent is false only for the root.
	HasParent bool
	// X, Y are the centre in layout units: the root at Y=0, depth d at
	// Y=d*LevelSep; X ≥ 0 with the leftmost node at X=0.
	X, Y   float64
	Depth  int
	Index  int // natural child index under its parent (0 for the root)
	Kind   Kind
	Label  string
	Leaf   bool
	Text   string
	Board  string
	Prob   float64
	Folded bool
	Total  int
}

// Layout is a tidy drawing of a Shape.
type Layout struct {
	Nodes  []LayoutNode // drawn nodes in preorder (a parent before its children; children in natural order)
	Width  float64      // max X (layout units)
	Height float64      // max Y (layout units)
	Depth  int          // deepest drawn level
	// Across is true for a layout drawn sideways (see Sideways): the root
	// at the left, depth d at X=d*LevelSep, siblings top to bottom.
	Across bool

	// size[i] is the number of drawn nodes in the subtree of Nodes[i]:
	// Node finds an id by walking its path through the preorder.
	size []int32
	// byID indexes the nodes by id, built on the first lookup that the
	// path walk cannot answer (shapes whose ids are not paths).
	byID *lazyIndex
}

type lazyIndex struct {
	once sync.Once
	m    map[string]int
}

// NewLayout lays out the tree root as a tidy tree in the manner of
// Reingold and Tilford:
//
//   - nodes at the same depth are at least NodeSep apart;
//   - a parent is centred over its first and last drawn child;
//   - a subtree is drawn the same wherever it appears (up to translation);
//   - children are drawn left to right in natural order;
//   - each child subtree is placed as far left as its left neighbours
//     allow, so that subtrees nest under each other's gaps.
//
// A Folded node counts as a leaf: its Children, if any, are ignored. Nil
// children are skipped (the others keep their natural Index). The shape
// must be a tree: a *Shape reachable twice is drawn twice, and a cycle
// never ends. A nil root gives an empty layout.
//
// The layout takes time linear in the number of nodes and recurses not at
// all, whatever the depth. It is deterministic.
func NewLayout(root *Shape, opt LayoutOptions) *Layout {
	nodeSep, levelSep := opt.NodeSep, opt.LevelSep
	if !(nodeSep > 0) {
		nodeSep = 1
	}
	if !(levelSep > 0) {
		levelSep = 1
	}
	l := &Layout{byID: &lazyIndex{}}
	if root == nil {
		return l
	}
	t := flatten(root)
	t.place(nodeSep)

	n := len(t.shapes)
	l.Nodes = make([]LayoutNode, n)
	l.size = t.size
	x := make([]float64, n) // absolute, before the shift that puts the leftmost node at 0
	minX := 0.0
	for i := range n {
		if p := t.parent[i]; p >= 0 {
			x[i] = x[p] + t.off[i]
		}
		minX = min(minX, x[i])
	}
	for i, s := range t.shapes {
		ln := LayoutNode{
			ID:    s.ID,
			X:     x[i] - minX,
			Y:     float64(t.depth[i]) * levelSep,
			Depth: int(t.depth[i]),
			Index: int(t.index[i]),
			Kind:  s.Kind, Label: s.Label, Leaf: s.Leaf, Text: s.Text, Board: s.Board,
			Prob: s.Prob, Folded: s.Folded, Total: s.Total,
		}
		if p := t.parent[i]; p >= 0 {
			ln.Parent, ln.HasParent = t.shapes[p].ID, true
		}
		l.Nodes[i] = ln
		l.Width = max(l.Width, ln.X)
		l.Height = max(l.Height, ln.Y)
		l.Depth = max(l.Depth, ln.Depth)
	}
	return l
}

// Sideways is the layout turned on its side, for a pane taller than it is
// wide: every node's X and Y swapped, so that the root is at the left,
// each level a column to the right (X = depth × LevelSep) and siblings
// stacked top to bottom in natural order (Y ≥ 0, the topmost at 0).
// Width and Height swap too, and Across is set. The layout l is not
// changed; a layout already sideways is returned as it is.
func (l *Layout) Sideways() *Layout {
	if l.Across {
		return l
	}
	out := &Layout{Nodes: make([]LayoutNode, len(l.Nodes)), Width: l.Height, Height: l.Width, Depth: l.Depth,
		Across: true, size: l.size, byID: &lazyIndex{}}
	for i, n := range l.Nodes {
		n.X, n.Y = n.Y, n.X
		out.Nodes[i] = n
	}
	return out
}

// Orientation names the way the layout grows: "across" for a layout
// drawn sideways, "down" otherwise (a nil layout too).
func (l *Layout) Orientation() string {
	if l != nil && l.Across {
		return "across"
	}
	return "down"
}

// flat is a shape flattened into arrays in preorder, with the working
// state of the layout. Node i's drawn children are i+1, then each next one
// size[c] after the previous one c.
type flat struct {
	shapes []*Shape
	parent []int32 // -1 for the root
	depth  []int32
	index  []int32 // natural child index
	kids   []int32 // number of drawn children
	last   []int32 // last drawn child, -1 if none
	size   []int32 // drawn nodes in the subtree

	// off is the x offset from the parent (0 for the root).
	off []float64
	// threadL and threadR continue the left and right contours below a
	// node without children; dxL and dxR are the x offsets to them. The
	// relative positions inside a laid-out subtree never change, so the
	// offsets stay valid as the subtree moves.
	threadL, threadR []int32
	dxL, dxR         []float64
	// The deepest level of the subtree: its leftmost node bl and
	// rightmost node br, their x relative to the subtree's root, and the
	// height (levels below the root).
	bl, br   []int32
	blX, brX []float64
	height   []int32
}

func flatten(root *Shape) *flat {
	type item struct {
		s             *Shape
		parent, index int32
		depth         int32
	}
	n := countDrawn(root)
	t := &flat{
		shapes: make([]*Shape, 0, n),
		parent: make([]int32, 0, n),
		depth:  make([]int32, 0, n),
		index:  make([]int32, 0, n),
		kids:   make([]int32, 0, n),
		last:   make([]int32, 0, n),
	}
	stack := []item{{root, -1, 0, 0}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		i := int32(len(t.shapes))
		t.shapes = append(t.shapes, it.s)
		t.parent = append(t.parent, it.parent)
		t.depth = append(t.depth, it.depth)
		t.index = append(t.index, it.index)
		t.kids = append(t.kids, 0)
		t.last = append(t.last, -1)
		if it.parent >= 0 {
			t.kids[it.parent]++
			t.last[it.parent] = i // children are visited in natural order
		}
		if it.s.Folded {
			continue
		}
		for k := len(it.s.Children) - 1; k >= 0; k-- {
			if c := it.s.Children[k]; c != nil {
				stack = append(stack, item{c, i, int32(k), it.depth + 1})
			}
		}
	}
	t.size = make([]int32, n)
	for i := n - 1; i >= 0; i-- {
		t.size[i]++
		if p := t.parent[i]; p >= 0 {
			t.size[p] += t.size[i]
		}
	}
	return t
}

// countDrawn returns the number of drawn nodes of the shape root.
func countDrawn(root *Shape) int {
	n := 0
	stack := []*Shape{root}
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n++
		if s.Folded {
			continue
		}
		for _, c := range s.Children {
			if c != nil {
				stack = append(stack, c)
			}
		}
	}
	return n
}

// nextLeft and nextRight step down the left or right contour of a laid-out
// subtree: from node v to the contour's node one level deeper, returning it
// and its x offset from v, or -1 at the bottom.
func (t *flat) nextLeft(v int32) (int32, float64) {
	if t.kids[v] > 0 {
		c := v + 1
		return c, t.off[c]
	}
	return t.threadL[v], t.dxL[v]
}

func (t *flat) nextRight(v int32) (int32, float64) {
	if t.kids[v] > 0 {
		c := t.last[v]
		return c, t.off[c]
	}
	return t.threadR[v], t.dxR[v]
}

// place computes off for every node, children before parents (reverse
// preorder), merging each node's child subtrees left to right along their
// contours.
func (t *flat) place(sep float64) {
	n := len(t.shapes)
	t.off = make([]float64, n)
	t.threadL, t.threadR = make([]int32, n), make([]int32, n)
	t.dxL, t.dxR = make([]float64, n), make([]float64, n)
	t.bl, t.br = make([]int32, n), make([]int32, n)
	t.blX, t.brX = make([]float64, n), make([]float64, n)
	t.height = make([]int32, n)
	for i := range n {
		t.threadL[i], t.threadR[i] = -1, -1
	}
	for v := int32(n - 1); v >= 0; v-- {
		if t.kids[v] == 0 {
			t.bl[v], t.br[v] = v, v
			continue
		}
		// The forest of the children placed so far, in v's children's
		// frame (first child at 0): its height below the children's
		// level, rightmost child, and deepest-level extremes.
		first := v + 1
		fh := t.height[first]
		fRight := first
		fbl, fbr := t.bl[first], t.br[first]
		fblX, fbrX := t.blX[first], t.brX[first]
		t.off[first] = 0
		for c := first + t.size[first]; c < v+t.size[v]; c += t.size[c] {
			// Walk the forest's right contour (from fRight) and c's left
			// contour (from c, at x 0 for now) level by level.
			l, lx := fRight, t.off[fRight]
			r, rx := c, 0.0
			shift := lx + sep
			// Remember the last nodes of both contours to thread them.
			for {
				nl, dl := t.nextRight(l)
				nr, dr := t.nextLeft(r)
				if nl < 0 || nr < 0 {
					break
				}
				l, lx = nl, lx+dl
				r, rx = nr, rx+dr
				shift = max(shift, lx-rx+sep)
			}
			t.off[c] = shift
			ch := t.height[c]
			// Positions in the children's frame from here on.
			rx += shift
			switch {
			case ch > fh:
				// c is deeper: the forest's left contour continues
				// into c's below the forest's bottom.
				nr, dr := t.nextLeft(r)
				t.threadL[fbl], t.dxL[fbl] = nr, rx+dr-fblX
				fbl, fblX = t.bl[c], t.blX[c]+shift
				fbr, fbrX = t.br[c], t.brX[c]+shift
				fh = ch
			case ch < fh:
				// The forest is deeper: c's right contour continues
				// into the forest's below c's bottom.
				nl, dl := t.nextRight(l)
				cbr, cbrX := t.br[c], t.brX[c]+shift
				t.threadR[cbr], t.dxR[cbr] = nl, lx+dl-cbrX
			default:
				fbr, fbrX = t.br[c], t.brX[c]+shift
			}
			fRight = c
		}
		// Centre v over its first and last child; make offsets relative to v.
		mid := (t.off[first] + t.off[fRight]) / 2
		for c := first; c < v+t.size[v]; c += t.size[c] {
			t.off[c] -= mid
		}
		t.height[v] = fh + 1
		t.bl[v], t.blX[v] = fbl, fblX-mid
		t.br[v], t.brX[v] = fbr, fbrX-mid
	}
}

// Node returns the drawn node with this id, and false if it is not drawn.
// When several drawn nodes share an id, it returns one of them.
func (l *Layout) Node(id string) (LayoutNode, bool) {
	if i := l.walk(id); i >= 0 {
		return l.Nodes[i], true
	}
	if l.byID == nil { // a Layout not made by NewLayout
		return LayoutNode{}, false
	}
	l.byID.once.Do(func() {
		l.byID.m = make(map[string]int, len(l.Nodes))
		for i := len(l.Nodes) - 1; i >= 0; i-- {
			l.byID.m[l.Nodes[i].ID] = i
		}
	})
	if i, ok := l.byID.m[id]; ok {
		return l.Nodes[i], true
	}
	return LayoutNode{}, false
}

// Find returns the index in Nodes of the drawn node whose id is this
// path of child indices (see ChildID), or -1: it finds every node of a
// layout made by NewLayout whose ids are paths, without an index.
func (l *Layout) Find(id string) int { return l.walk(id) }

// walk finds id as a path of child indices from the root (see ChildID),
// returning its index in Nodes if the node found there has this id, or -1.
func (l *Layout) walk(id string) int {
	if len(l.Nodes) == 0 || len(l.size) != len(l.Nodes) {
		return -1
	}
	i := 0
	for rest := id; rest != ""; {
		part, tail, _ := strings.Cut(rest, ".")
		rest = tail
		k, err := strconv.Atoi(part)
		if err != nil {
			return -1
		}
		end := i + int(l.size[i])
		c := i + 1
		for c < end && l.Nodes[c].Index < k {
			c += int(l.size[c])
		}
		if c >= end || l.Nodes[c].Index != k {
			return -1
		}
		i = c
	}
	if l.Nodes[i].ID != id {
		return -1
	}
	return i
}

// Len returns the number of drawn nodes.
func (l *Layout) Len() int { return len(l.Nodes) }

// Folds returns the drawn nodes that are Folded, in preorder.
func (l *Layout) Folds() []LayoutNode {
	var out []LayoutNode
	for _, n := range l.Nodes {
		if n.Folded {
			out = append(out, n)
		}
	}
	return out
}
