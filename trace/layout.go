package trace

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

	index map[string]int
}

// NewLayout lays out the tree root in the manner of Reingold and Tilford.
// A nil root gives an empty layout.
func NewLayout(root *Shape, opt LayoutOptions) *Layout {
	return &Layout{}
}

// Node returns the drawn node with this id, and false if it is not drawn.
func (l *Layout) Node(id string) (LayoutNode, bool) {
	if i, ok := l.index[id]; ok {
		return l.Nodes[i], true
	}
	return LayoutNode{}, false
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
