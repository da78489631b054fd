package view

import (
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/abtrace/abtrace/trace"
)

// Geometry of a drawing, in SVG user units (the layout's units: scenes are
// laid out with NodeSpacing and LevelSpacing or one of their variants).
const (
	// NodeSpacing is the least distance between the centres of two
	// neighbouring nodes; LevelSpacing the distance between levels.
	NodeSpacing  = 58
	LevelSpacing = 100
	// BoardSpacing and BoardLevelSpacing are the same for tic-tac-toe,
	// whose nodes are small boards.
	BoardSpacing      = 62
	BoardLevelSpacing = 112
	// ChessSpacing and ChessLevelSpacing are the spacings of minichess,
	// whose boards (GlyphChess) are larger: room for the kind marker
	// between two neighbours, and for the value and a fold glyph under a
	// board.
	ChessSpacing      = 74
	ChessLevelSpacing = 132
	// VectorSpacing is NodeSpacing for trees whose leaves hold a value
	// per player, such as (5, −1, −1).
	VectorSpacing = 100
	// ChanceSpacing is NodeSpacing for trees with CHANCE nodes, whose
	// edges carry probabilities.
	ChanceSpacing = 70

	// margins around the layout: room for α/β labels on the left, values
	// on the right, values and fold glyphs under the lowest level.
	marginLeft, marginRight, marginTop, marginBottom = 78, 64, 34, 90

	// CutLabelGap is how far below the cut marks the test that fired is
	// written.
	CutLabelGap = 24

	// LayerSize is the most nodes one layer of a drawing holds (see
	// Drawing.Layers).
	LayerSize = 150
	// AnimateNodes is the largest drawing whose changes are animated.
	AnimateNodes = 400
)

// Glyph is how a node is drawn.
type Glyph string

// The glyphs. MAX and MIN differ by shape, not only by colour: MAX is a
// triangle pointing up, MIN one pointing down; a chance node is a circle,
// an n-player node a rounded square, a node where several roles choose at
// once (decoupled UCT's, trace.Joint) a diamond, a leaf of an explicit tree a rounded
// box with its value, a tic-tac-toe position a board with a small kind
// marker.
const (
	GlyphMax    Glyph = "max"
	GlyphMin    Glyph = "min"
	GlyphChance Glyph = "chance"
	GlyphPlayer Glyph = "player"
	GlyphJoint  Glyph = "joint"
	GlyphLeaf   Glyph = "leaf"
	GlyphBoard  Glyph = "board"
	// GlyphChess is a minichess position: a 5×5 board large enough that
	// its pieces' letters can be read in a comparison's pane (see
	// ChessSquare).
	GlyphChess Glyph = "chess"
)

// JointHalf is half the diagonal of the diamond of a joint node.
const JointHalf = 18

// The minichess board glyph, in user units. A pane of the comparison at
// 1280×720 is about 600 pixels wide and holds the twelve children of the
// horizon position side by side at ChessSpacing: a piece's letter is then
// drawn at 8.6 pixels (its box 10 pixels high) where a 40-unit board drew
// it at 6 (TestBrowserCompareHorizon). The letter is a little larger than
// its square (bold capitals are narrower than an em) and sits on the
// square's middle.
const (
	// ChessSquare is the side of one square; five make the board.
	ChessSquare = 12
	// ChessHalf is half the board's side.
	ChessHalf = 2.5 * ChessSquare
	// ChessPiece is the font size of a piece's letter.
	ChessPiece = 14
	// ChessPieceY is a letter's baseline below its square's top edge: the
	// middle of the square plus half the height of a capital (0.73 em).
	ChessPieceY = ChessSquare/2 + 0.365*ChessPiece
	// ChessHalo is the width of the light outline that keeps a letter
	// readable on a dark square.
	ChessHalo = 2
)

// Half is half the side of a board glyph (the square that holds the
// board), 0 for a glyph that is no board.
func (g Glyph) Half() float64 {
	switch g {
	case GlyphBoard:
		return 20
	case GlyphChess:
		return ChessHalf
	}
	return 0
}

// Board reports whether the glyph is a board (any game's).
func (g Glyph) Board() bool { return g == GlyphBoard || g == GlyphChess }

// MarkerPoints are the corners of the small glyph left of a board glyph
// that tells MAX (a triangle pointing up) from MIN (one pointing down)
// and from roles that choose at once (a diamond) by shape, as offsets
// from the node's centre; left and top are the board's left and top
// edges.
func MarkerPoints(k trace.Kind, left, top float64) [][2]float64 {
	switch k {
	case trace.Min:
		return [][2]float64{{left - 11, top + 1}, {left - 5, top + 12}, {left + 1, top + 1}}
	case trace.Joint:
		return [][2]float64{{left - 5, top}, {left + 1, top + 6.5}, {left - 5, top + 13}, {left - 11, top + 6.5}}
	}
	return [][2]float64{{left - 11, top + 12}, {left - 5, top + 1}, {left + 1, top + 12}}
}

// BoardLayout is the layout spacing of a source whose nodes are boards
// (see BoardSource): minichess's larger boards need more room.
func BoardLayout(source string) trace.LayoutOptions {
	if source == "minichess" {
		return trace.LayoutOptions{NodeSep: ChessSpacing, LevelSep: ChessLevelSpacing}
	}
	return trace.LayoutOptions{NodeSep: BoardSpacing, LevelSep: BoardLevelSpacing}
}

// AcrossBoardSpacing is the least distance between the centres of two
// boards stacked in a column of a sideways drawing: the board and its
// outline, its value written beside it (where a board that is no leaf
// sends its edges, the layout's spacing search gives more room).
func AcrossBoardSpacing(source string) float64 {
	if source == "minichess" {
		return 2*GlyphChess.Half() + 6
	}
	return 2*GlyphBoard.Half() + 6
}

// Top and Bottom are where edges meet a glyph, as offsets from its centre.
func (g Glyph) Top() float64 {
	switch g {
	case GlyphMax:
		return -18
	case GlyphMin:
		return -13
	case GlyphLeaf:
		return -14
	case GlyphBoard, GlyphChess:
		return -g.Half() - 1
	case GlyphJoint:
		return -JointHalf
	}
	return -16
}

func (g Glyph) Bottom() float64 {
	switch g {
	case GlyphMax:
		return 13
	case GlyphMin:
		return 18
	case GlyphLeaf:
		return 14
	case GlyphBoard, GlyphChess:
		return g.Half() + 1
	case GlyphJoint:
		return JointHalf
	}
	return 16
}

// sideOut is where the edges to a node's children leave its glyph in a
// sideways drawing (see trace.Layout.Sideways), right of its centre.
func (g Glyph) sideOut() float64 {
	switch g {
	case GlyphMax, GlyphMin:
		// A triangle is about 12 units wide either side at mid height.
		return 13
	case GlyphBoard, GlyphChess:
		return g.Half() + 1
	case GlyphJoint:
		return JointHalf
	}
	return 16
}

// sideIn is where the edge from a node's parent meets its glyph in a
// sideways drawing, left of its centre; k is the text scale (a leaf's
// box grows with its text).
func sideIn(g Glyph, n trace.LayoutNode, k float64) float64 {
	switch g {
	case GlyphLeaf:
		return -leafWidthAt(n.Text, k) / 2
	case GlyphBoard, GlyphChess:
		return -g.Half() - 1
	}
	return -g.sideOut()
}

// edgeEnds is the edge from parent p (glyph pg) to child n (glyph g) at
// text scale k: from under the parent to the top of the child when the
// tree grows down, from the parent's right to the child's left when it
// grows across.
func edgeEnds(across bool, p trace.LayoutNode, pg Glyph, n trace.LayoutNode, g Glyph, k float64) segment {
	if across {
		return segment{p.X + pg.sideOut(), p.Y, n.X + sideIn(g, n, k), n.Y}
	}
	return segment{p.X, p.Y + pg.Bottom(), n.X, n.Y + g.Top()}
}

// Fold is where a folded node's fold glyph goes, as offsets from the
// node's centre: a fan whose apex points at the node, opening the way
// the tree grows (down, or right in a sideways drawing), and its two
// lines of counts beyond it.
type Fold struct {
	// Fan is the fan's three corners, the apex first.
	Fan [3][2]float64
	// TextX, TextY is the first line's anchor point; the second line is
	// FoldLine below it.
	TextX, TextY float64
	TextAnchor   string
	// box holds the fan and the counts.
	box rect
}

// FoldLine is the distance between the two lines of a fold's counts.
const FoldLine = 12

// foldOf is the fold glyph's place beside a node of glyph g.
func foldOf(g Glyph, across bool) Fold {
	if across {
		fx := g.sideOut() + 4
		return Fold{Fan: [3][2]float64{{fx, 0}, {fx + 16, -16}, {fx + 16, 16}}, TextX: fx + 20, TextY: -1, TextAnchor: "start",
			box: rect{fx, -17, fx + 20 + 68, 17}}
	}
	fy := g.Bottom() + g.FoldGap()
	return Fold{Fan: [3][2]float64{{0, fy}, {16, fy + 16}, {-16, fy + 16}}, TextX: 0, TextY: fy + 28, TextAnchor: "middle",
		box: rect{-34, fy, 34, fy + 44}}
}

// Below reports whether labels go under the glyph (leaves and boards,
// whose neighbours are close) rather than beside it.
func (g Glyph) Below() bool { return g == GlyphLeaf || g.Board() }

// FoldGap is the distance from a folded node's glyph to its fold glyph:
// boards have their value label in between.
func (g Glyph) FoldGap() float64 {
	if g.Below() {
		return 23
	}
	return 4
}

// FoldCount is what a fold glyph shows of the nodes below a folded node:
// how many the search entered, how many lie in pruned subtrees, and how
// many there are. In the focus of a Monte-Carlo search (Made), Total is
// the number of nodes the search made below, all visited.
type FoldCount struct {
	Visited int  `json:"visited"`
	Pruned  int  `json:"pruned"`
	Total   int  `json:"total"`
	Made    bool `json:"made,omitempty"`
	// Tight is set where the counts of a neighbouring fold in the row
	// would otherwise meet these (see tightenFolds): the first line is
	// then written without its spaces ("102/124").
	Tight bool `json:"tight,omitempty"`
	// Short is set where the second lines of a neighbouring fold in the
	// row would otherwise meet these ("von 59kvon 59k", see tightenFolds):
	// the second line is then the total alone ("59k"), its word left to
	// the legend and the tooltip.
	Short bool `json:"short,omitempty"`
}

// Seen is the first line of a fold glyph's counts: "visited / pruned";
// Of is the second: "of total". Two short lines fit between neighbouring
// folds.
func (c FoldCount) Seen() string { return c.seenIn(nil) }

// seenIn is Seen with the counts grouped as the language of words groups
// them (nil: English).
func (c FoldCount) seenIn(words func(trace.Phrase) string) string {
	if c.Tight {
		return CompactIn(words, c.Visited) + "/" + CompactIn(words, c.Pruned)
	}
	return CompactIn(words, c.Visited) + " / " + CompactIn(words, c.Pruned)
}

// Of is the second line of a fold glyph's counts: "of 12k".
// Short: the total alone, "12k".
func (c FoldCount) Of() string {
	if c.Short {
		return Compact(c.Total)
	}
	return "of " + Compact(c.Total)
}

// Title is the tooltip of a fold glyph.
func (c FoldCount) Title() string {
	return Thousands(c.Visited) + " visited, " + Thousands(c.Pruned) + " pruned, " +
		Thousands(c.Total) + " nodes below; click to open"
}

// Texts is what a fold glyph writes of its counts, worded by words (the
// page's language; nil: English): its two lines and its tooltip. A fold
// of a Monte-Carlo focus (Made) writes one line, the nodes made below.
func (c FoldCount) Texts(words func(trace.Phrase) string) (seen, of, title string) {
	if c.Made {
		p := trace.Phrase{ID: "view.fold.made.title", Plural: true, Count: c.Total}
		if words == nil {
			return Compact(c.Total), "", Thousands(c.Total) + " nodes of the search tree below; click to open"
		}
		return CompactIn(words, c.Total), "", words(p)
	}
	if words == nil {
		return c.Seen(), c.Of(), c.Title()
	}
	of = CompactIn(words, c.Total)
	if !c.Short {
		of = words(trace.Phrase{ID: "view.fold.of", Args: map[string]any{"Total": of}})
	}
	title = words(trace.Phrase{ID: "view.fold.title", Args: map[string]any{"Visited": ThousandsIn(words, c.Visited),
		"Pruned": ThousandsIn(words, c.Pruned), "Total": ThousandsIn(words, c.Total)}})
	return c.seenIn(words), of, title
}

// Node is one drawn node at one frame. The embedded LayoutNode gives its
// place, kind, label, static text (a leaf's value) and board; the rest is
// what the frame makes of it.
type Node struct {
	trace.LayoutNode
	Glyph Glyph
	// State is unvisited, open, done or pruned (the data-state attribute).
	State string
	// Value is the value or bound as the frame shows it ("≤ 2"): the
	// data-value attribute. Shown is the label drawn beside the node: the
	// same with long decimals shortened, except that a leaf whose box
	// already shows it draws none.
	Value, Shown string
	// Alpha and Beta are the α/β label lines ("α=3", "β=+∞"), for nodes on
	// the stack that have a window; "" otherwise.
	Alpha, Beta string
	Current     bool
	OnStack     bool
	// Inside is true for the folded node whose hidden subtree holds the
	// current node.
	Inside bool
	// Player is k at a Player(k) node of max^n, 0 elsewhere; Who says
	// whose component the node maximised and what it is ("P2: 5"), once
	// it has a vector.
	Player int
	Who    string
	// WhoY is where the line Who is written has its baseline, as an
	// offset from the node's centre: under the value, clear of it at
	// every text scale (see whoLineAt).
	WhoY float64
	// LeafW and LeafH are the size of a leaf's box, large enough for its
	// text.
	LeafW, LeafH float64
	// In is what a MAX or MIN glyph writes inside it (its state's text or
	// its label, shortened with "…" where it is wider than the glyph);
	// InFull is then the whole text, the node's title, else "".
	In, InFull string
	// Fold is the count of the hidden subtree of a folded node; nil for a
	// node that is not folded. FoldAt is where its fold glyph goes.
	Fold   *FoldCount
	FoldAt Fold
	// Offsets of the label positions from the node's centre.
	ValueX, ValueY, ABX, ABY float64
	ValueAnchor, ABAnchor    string
	// Class is the node group's class list: the glyph, the kind's colour,
	// cur, on-stack, inside.
	Class string
}

// Edge is the line from a parent to one drawn child.
type Edge struct {
	ID             string // the child's id
	X1, Y1, X2, Y2 float64
	// BusY is where, in the focus, the edge runs along the bus of its
	// child's row (see FocusBus): above the row's first line, also for a
	// child on the second line of a zigzagged row; 0 outside the focus.
	BusY    float64
	State   string // the child's state
	Current bool   // leads into the current node
	// Class is the edge's class list: "e", or "e cur" into the current node.
	Class string
	// Cut is true when the child was pruned directly by its parent's
	// cutoff; CutX1… is then the stroke across the middle of the edge.
	Cut          bool
	CutX1, CutY1 float64
	CutX2, CutY2 float64
	// TestFull is the test that fired ("2 ≤ α = 3"), kept once per
	// cutoff, on the first child the cutoff pruned (in search order); ""
	// on every other edge. The page gives it as the cut mark's title and
	// in the screen-reader outline.
	TestFull string
	// Test is what the drawing writes of it, at TestX, TestY (near the
	// cut marks of all the children the cutoff pruned) in TestFont:
	// TestFull, or where no place clear of every edge, glyph and label
	// holds it down to MinCutFont, its short form (ShortTest), or ""
	// where neither fits (see placeTest).
	Test         string
	TestX, TestY float64
	TestFont     float64
	// Prob is the probability of the child, written on the edge at ProbX,
	// ProbY, when the parent is a CHANCE node; "" elsewhere.
	Prob         string
	ProbX, ProbY float64
}

// Fonts are the font sizes of a drawing's labels, in user units.
type Fonts struct {
	Value, LeafValue, Leaf, AB, Cut float64
	// ABLine is the distance between the α and the β line; LeafY the
	// baseline of the value in a leaf's box.
	ABLine, LeafY float64
}

// fontsAt are the base sizes at text scale k. A leaf's or board's value
// under it is a little smaller than a value beside a node.
func fontsAt(k float64) Fonts {
	return Fonts{Value: ValueFont * k, LeafValue: 16 * k, Leaf: LeafFont * k, AB: ABFont * k, Cut: CutFont * cutScale(k), ABLine: 15 * k, LeafY: 5.5 * k}
}

// cutScale is the text scale of the tests under cut marks: they sit in
// the narrow band between the marks and the pruned children, so they grow
// less than the other labels.
func cutScale(k float64) float64 { return min(k, MaxCutScale) }

// MaxCutScale bounds the text scale of the tests under cut marks.
const MaxCutScale = 1.4

// Layer is one stacked SVG element of a drawing: a run of nodes in
// preorder and the edges into them.
type Layer struct {
	Nodes []Node
	Edges []Edge
}

// Drawing is a scene at one frame: every drawn node and edge with every
// attribute a renderer needs, decided here and nowhere else.
type Drawing struct {
	Step int
	// ViewBox is the SVG view box ("x y w h"); Width and Height its size.
	ViewBox       string
	Width, Height float64
	// Board is true when the nodes are tic-tac-toe boards.
	Board bool
	// Across is true for a tree drawn sideways (layout=across): the root
	// at the left, each level a column to the right.
	Across bool
	// Nodes are in preorder; Edges in the same order (one per node but the
	// root).
	Nodes []Node
	Edges []Edge
	// Layers split the nodes, in preorder, into stacked SVG elements of at
	// most LayerSize nodes each, every node with the edge into it. A step
	// changes a few nodes; the browser then repaints only their layers,
	// not the whole tree, which keeps stepping smooth on large trees.
	Layers []Layer
	// Animate is true when the drawing is small enough (AnimateNodes) for
	// its changes to be animated.
	Animate bool
	// TextScale is the scale of the labels over their base sizes
	// (ValueFont, LeafFont, ABFont, CutFont), chosen by Draw from the
	// tree's room (see presenterK and place.go); Fonts are the sizes it gives.
	TextScale float64
	Fonts     Fonts
	// Words words the fold counts of an export in the page's language
	// (nil: English, as the page's own drawing writes them; the page
	// words them as it renders, see FoldCount.Texts).
	Words func(trace.Phrase) string `json:"-"`
	// Px is the CSS pixels per unit the drawing is shown at where it has
	// its own size: a focus's (FocusScale, or a little less to fit a
	// phone's pane, see FocusIn); 0 elsewhere.
	Px float64
	// Trail names the ancestors of a focus's current node whose rows its
	// view box leaves out, the root first (see FocusFit).
	Trail []Crumb
	// Set is the information set of the current node where MAX cannot
	// tell it from positions of other deals (the card game): those drawn
	// beside it, joined (see SetMark); nil elsewhere.
	Set *SetMark

	attrs []NodeAttrs // Attrs, once computed
	// words words the fold glyphs' texts in Attrs (the frame's words).
	words func(trace.Phrase) string
}

// BoardSource reports whether a source's nodes are drawn as small boards:
// tic-tac-toe, Reversi, suicide Reversi and minichess.
func BoardSource(source string) bool {
	switch source {
	case "tictactoe", "reversi", "suicide-reversi", "minichess":
		return true
	}
	return false
}

// GlyphOf chooses how a node of a source ("tree", "random", "tictactoe",
// "nim", "dice") is drawn.
func GlyphOf(source string, n trace.LayoutNode) Glyph {
	if source == "minichess" {
		return GlyphChess
	}
	if n.Board != "" || BoardSource(source) {
		return GlyphBoard
	}
	if n.Leaf && source != "nim" {
		return GlyphLeaf
	}
	switch {
	case n.Kind == trace.Max:
		return GlyphMax
	case n.Kind == trace.Min:
		return GlyphMin
	case n.Kind == trace.Chance:
		return GlyphChance
	case n.Kind == trace.Joint:
		return GlyphJoint
	}
	return GlyphPlayer
}

// Draw computes the drawing of a layout of a source at frame f, with the
// fold counts of its folded nodes (a folded node missing from folds shows
// its subtree's size, nothing visited).
func Draw(source string, l *trace.Layout, f *trace.Frame, folds map[string]FoldCount) *Drawing {
	return newSketch(source, l).draw(f, folds)
}

// edgeScratch returns a slice of an edge per drawn node, for a patch to
// decide edges into; its contents are whatever the last patch left. Put
// it back with putEdgeScratch when done.
func (s *sketch) edgeScratch() *[]Edge {
	n := len(s.glyphs)
	if e, ok := edgeScratches.Get().(*[]Edge); ok && cap(*e) >= n {
		*e = (*e)[:n]
		return e
	}
	e := make([]Edge, n)
	return &e
}

// putEdgeScratch gives an edge scratch back for the next patch.
func putEdgeScratch(e *[]Edge) { edgeScratches.Put(e) }

// edgeScratches holds the painters' scratch (edgeScratch): a patch
// decides the edges of the groups it re-decides into one, and painters
// patch in turn (one at a time on each core), so a few serve every scene
// of the process. A pool per scene kept one per scene between
// collections: a class of 300 viewers of different random=12,3 trees held
// 90 MB of them (an edge of each of their 1,885 nodes).
var edgeScratches sync.Pool

// sketch is what the drawings of one layout share whatever the frame:
// each node's glyph, its place in the preorder, the text scale, the
// label offsets and the edges' geometry. A Scene keeps one, so that a
// step re-decides only what the frame changes.
type sketch struct {
	source string
	l      *trace.Layout
	board  bool
	k      float64
	pl     placement
	glyphs []Glyph
	// index finds a drawn node's position in the preorder when the
	// layout's path walk cannot (see find); nil when it can, as for
	// every tree and game whose ids are paths. parent is the position of
	// each node's parent (-1 for the root), end the position after its
	// subtree.
	index  map[string]int
	parent []int32
	end    []int32
	// geom is the geometry of the edge into each node (the root's is
	// unused); probs its probability, nil when no edge has one. The cut
	// mark across an edge is worked out from geom when drawn: a large
	// scene keeps these per node, for each of a class's viewers.
	geom  []edgeGeom
	probs []edgeProb
	// sep is the least distance between two neighbouring nodes' centres
	// at each depth (+Inf at a depth with one node).
	sep []float64
	// near is, in a sideways drawing, the right-most left edge of the
	// glyphs at each depth: where a cutoff's band may begin.
	near []float64
	// tests remembers where each cutoff's test went (testKey →
	// testPlace); the cursors sharing the scene share it.
	tests sync.Map
	// the view box and its size
	viewBox       string
	width, height float64
}

// edgeGeom is what an edge's drawing keeps of it whatever the frame (a
// large scene keeps one per node).
type edgeGeom struct {
	x1, y1, x2, y2 float64
}

// edgeProb is the probability written on an edge out of a CHANCE node,
// and where.
type edgeProb struct {
	prob         string
	probX, probY float64
}

// edge is the edge into node i as the layout places it, nothing decided
// of the frame.
func (s *sketch) edge(i int) Edge {
	g := &s.geom[i]
	e := Edge{ID: s.l.Nodes[i].ID, X1: g.x1, Y1: g.y1, X2: g.x2, Y2: g.y2}
	if s.probs != nil {
		p := &s.probs[i]
		e.Prob, e.ProbX, e.ProbY = p.prob, p.probX, p.probY
	}
	return e
}

// find is the position of the drawn node with this id in the preorder,
// and false when it is not drawn.
func (s *sketch) find(id string) (int, bool) {
	if s.index != nil {
		i, ok := s.index[id]
		return i, ok
	}
	if s.l == nil {
		return 0, false
	}
	i := s.l.Find(id)
	return i, i >= 0
}

// indexIDs sets the sketch's index when the layout's path walk does not
// find every drawn node at its own position (ids that are not paths, or
// an id drawn twice: the last one drawn is found, as before).
func (s *sketch) indexIDs() {
	for i := range s.l.Nodes {
		if s.l.Find(s.l.Nodes[i].ID) != i {
			s.index = make(map[string]int, len(s.l.Nodes))
			for j := range s.l.Nodes {
				s.index[s.l.Nodes[j].ID] = j
			}
			return
		}
	}
}

func newSketch(source string, l *trace.Layout) *sketch {
	s := &sketch{source: source, l: l, board: BoardSource(source) || (l != nil && len(l.Nodes) > 0 && l.Nodes[0].Board != "")}
	if l == nil || len(l.Nodes) == 0 {
		s.viewBox, s.width, s.height = "0 0 100 50", 100, 50
		return s
	}
	n := len(l.Nodes)
	glyphs := make(map[string]Glyph, n)
	s.glyphs = make([]Glyph, n)
	for i, nd := range l.Nodes {
		g := GlyphOf(source, nd)
		glyphs[nd.ID], s.glyphs[i] = g, g
	}
	s.indexIDs()
	if em := layingOf(l).winsVisits; em > 0 {
		s.pl = rowPlacement(l, glyphs, em)
	} else {
		s.pl = layoutPlacement(source, l, glyphs)
	}
	s.k = s.pl.k
	s.parent, s.end = make([]int32, n), make([]int32, n)
	s.geom = make([]edgeGeom, n)
	for i := n - 1; i >= 0; i-- {
		nd := l.Nodes[i]
		s.parent[i] = -1
		if s.end[i] == 0 {
			s.end[i] = int32(i + 1)
		}
		if !nd.HasParent {
			continue
		}
		pi, _ := s.find(nd.Parent)
		s.parent[i] = int32(pi)
		s.end[pi] = max(s.end[pi], s.end[i])
		p := l.Nodes[pi]
		se := edgeEnds(l.Across, p, s.glyphs[pi], nd, s.glyphs[i], s.k)
		if s.pl.under != nil && s.pl.under[pi] > 0 {
			se.y1 = p.Y + s.pl.under[pi] // under the parent's labels
		}
		e := Edge{ID: nd.ID, X1: se.x1, Y1: se.y1, X2: se.x2, Y2: se.y2}
		if p.Kind == trace.Chance && !p.Leaf {
			e.Prob = ProbText(nd.Prob)
			e.ProbX, e.ProbY = probPlace(e.X1, e.Y1, e.X2, e.Y2)
		}
		s.geom[i] = edgeGeom{e.X1, e.Y1, e.X2, e.Y2}
		if e.Prob != "" || e.ProbX != 0 || e.ProbY != 0 {
			if s.probs == nil {
				s.probs = make([]edgeProb, n)
			}
			s.probs[i] = edgeProb{e.Prob, e.ProbX, e.ProbY}
		}
	}
	s.sep = levelSeparations(l)
	if l.Across {
		s.near = make([]float64, l.Depth+1)
		for i := range s.near {
			s.near[i] = math.Inf(-1)
		}
		for i, nd := range l.Nodes {
			s.near[nd.Depth] = max(s.near[nd.Depth], glyphRect(s.glyphs[i], nd, s.k).x0+nd.X)
		}
	}
	// Everything drawn, labels included, with a margin for the outline
	// of the current node.
	b := s.pl.box.grow(viewPad)
	x0, y0, w, h := b.x0, b.y0, b.x1-b.x0, b.y1-b.y0
	s.viewBox = Num(x0) + " " + Num(y0) + " " + Num(w) + " " + Num(h)
	s.width, s.height = w, h
	return s
}

// at is what of a frame every node's decision reads besides its own view:
// the frame, the nodes on its stack, and the folded node whose fold holds
// the current node.
type at struct {
	f      *trace.Frame
	stack  map[string]bool // nil: look in f.Stack
	inside string
	// set is the node drawn dashed for its information set where marked
	// (see SetNode; the root's id is "").
	set    string
	marked bool
	// probes are the labels of the children whose PVS re-search is under
	// way, by id (see probeLabels); nil until the first node asks.
	probes map[string]string
}

// probe is the label of node id while its re-search is under way: what
// its null-window search returned ("null window: ≥ 3"); "" for every
// other node.
func (a *at) probe(id string) string {
	if a.probes == nil {
		a.probes = probeLabels(a.f)
	}
	return a.probes[id]
}

// probeLabels are the labels of the children of f whose re-search is
// under way: the last re-search of the child in the pass under way, which
// has not returned again, each with the value its null-window search
// returned, so that the tree keeps it until the re-search gives the new
// value (the table panel's re-search row keeps it too).
func probeLabels(f *trace.Frame) map[string]string {
	out := map[string]string{}
	m := f.Memory
	if m == nil || f.Done {
		return out
	}
	passFrom := 0
	if len(m.Passes) > 0 {
		passFrom = m.Passes[len(m.Passes)-1].Step
	}
	for _, r := range m.Researches {
		if r.Child == "" || r.Step <= passFrom {
			continue
		}
		if v := f.Nodes[r.Child]; v != nil && v.State == trace.StateDone {
			delete(out, r.Child) // returned from this re-search
			continue
		}
		out[r.Child] = nullWindowText(f.Words, r.ProbeBound.Text(r.Probe))
	}
	return out
}

// nullWindowText is the label of a null-window probe's result, worded
// by words (the page's language; nil: English).
func nullWindowText(words func(trace.Phrase) string, value string) string {
	if words == nil {
		return "null window: " + value
	}
	return words(trace.Phrase{ID: "view.null-window", Args: map[string]any{"Value": value}})
}

func (a *at) onStack(id string) bool {
	if a.stack != nil {
		return a.stack[id]
	}
	return slices.Contains(a.f.Stack, id)
}

// insideOf is the drawn node whose fold holds the current node of f, or ""
// when the current node is drawn (or there is none).
func (s *sketch) insideOf(f *trace.Frame) string {
	if f.Step == 0 {
		return ""
	}
	if _, drawn := s.find(f.Current); drawn {
		return ""
	}
	for id, ok := trace.ParentID(f.Current); ok; id, ok = trace.ParentID(id) {
		if _, drawn := s.find(id); drawn {
			return id
		}
	}
	return ""
}

// draw is the whole drawing at frame f.
func (s *sketch) draw(f *trace.Frame, folds map[string]FoldCount) *Drawing {
	return s.drawSet(f, folds, "", false)
}

// drawSet is draw with node set drawn dashed for its information set
// where marked (see SetNode).
func (s *sketch) drawSet(f *trace.Frame, folds map[string]FoldCount, set string, marked bool) *Drawing {
	d := &Drawing{Step: f.Step, Board: s.board, Across: s.l != nil && s.l.Across, ViewBox: s.viewBox, Width: s.width, Height: s.height, words: f.Words}
	if len(s.glyphs) == 0 {
		return d
	}
	d.Animate = len(s.glyphs) <= AnimateNodes
	d.TextScale, d.Fonts = s.k, fontsAt(s.k)
	a := &at{f: f, stack: make(map[string]bool, len(f.Stack)), inside: s.insideOf(f), set: set, marked: marked}
	for _, id := range f.Stack {
		a.stack[id] = true
	}
	d.Nodes = make([]Node, len(s.glyphs))
	for i := range d.Nodes {
		d.Nodes[i] = s.node(i, a, folds[s.l.Nodes[i].ID])
	}
	edges := make([]Edge, len(s.glyphs))
	for i := range edges {
		if int(s.end[i]) > i+1 {
			s.childEdges(i, a, edges)
		}
	}
	d.Edges = edges[1:]
	d.Layers = layers(d.Nodes, edges)
	return d
}

// node decides drawn node i at a frame; fold is its fold's counts when it
// is folded (a zero count shows the subtree's size, nothing visited).
func (s *sketch) node(i int, a *at, fold FoldCount) Node {
	n, g, k, f := s.l.Nodes[i], s.glyphs[i], s.k, a.f
	dn := Node{LayoutNode: n, Glyph: g, State: f.StateOf(n.ID).String(), Current: f.Step > 0 && f.Current == n.ID, OnStack: a.onStack(n.ID)}
	dn.Inside = a.inside != "" && n.ID == a.inside
	dn.Player = n.Kind.PlayerIndex()
	dn.LeafW, dn.LeafH = leafWidthAt(n.Text, k), leafHeightAt(k)
	if g == GlyphMax || g == GlyphMin {
		dn.In, dn.InFull = inText(n.Text, f.LabelText(n.Label))
	}
	if g == GlyphLeaf && n.Text == "" && s.source == "tree" {
		// A named node the depth limit makes a leaf ("at C") has no
		// value of its own to show: its box shows its name.
		dn.In, dn.InFull = leafName(f.LabelText(n.Label), dn.LeafW, k)
	}
	if nv := f.Nodes[n.ID]; nv != nil {
		dn.Value = nv.Text
		if nv.Window && dn.OnStack {
			a, b := trace.WindowText(nv.Alpha, nv.Beta)
			dn.Alpha, dn.Beta = "α="+ShortText(a), "β="+ShortText(b)
		}
		if g == GlyphPlayer {
			dn.Who = whoText(dn.Player, nv.Vec)
		}
	}
	dn.Shown = ShortText(shownValue(g, n.Text, dn.Value))
	if dn.Value == "" {
		if p := a.probe(n.ID); p != "" {
			dn.Shown = p
		}
	}
	// The labels' places, clear of edges, glyphs and each other (see
	// placeLabels).
	pa := s.pl.at[i]
	dn.ValueX, dn.ValueY, dn.ValueAnchor = pa.ValueX, pa.ValueY, pa.ValueAnchor.String()
	dn.ABX, dn.ABY, dn.ABAnchor = pa.ABX, pa.ABY, pa.ABAnchor.String()
	if g == GlyphPlayer {
		dn.WhoY = pa.ValueY + whoLineAt(fontsAt(k).Value)
	}
	if n.Folded {
		if fold.Total == 0 {
			fold.Total = max(n.Total-1, 0)
		}
		dn.Fold = &fold
		dn.FoldAt = foldOf(g, s.l.Across)
		if s.pl.under != nil {
			dn.FoldAt = rowFold(dn.FoldAt, g, s.pl.under[i])
		}
	}
	dn.Class = nodeClass(&dn)
	if a.marked && n.ID == a.set {
		dn.Class += " infoset"
	}
	return dn
}

// childEdges decides the edges into the children of node p at a frame,
// writing each into out at its child's position: cut marks on the edges
// into children pruned by a cutoff, and the test written once per
// cutoff, on its first pruned child in search order, centred under the
// cut marks of all the children it pruned.
func (s *sketch) childEdges(p int, a *at, out []Edge) {
	f := a.f
	pv := f.Nodes[s.l.Nodes[p].ID]
	first := -1 // the first pruned child's position in the search order
	var lo, hi, y, top, ylo float64
	// The span of the cut edges and their lowest end, for placeTest.
	elo, ehi, ebottom := math.Inf(1), math.Inf(-1), math.Inf(-1)
	cuts := 0
	var cutSet []byte                                  // the pruned children's positions, for the test's key
	grown := (leafHeightAt(s.k) - leafHeightAt(1)) / 2 // how far leaf boxes grew upwards
	for c := p + 1; c < int(s.end[p]); c = int(s.end[c]) {
		n := &s.l.Nodes[c]
		e := s.edge(c)
		e.State = f.StateOf(n.ID).String()
		e.Current = f.Step > 0 && f.Current == n.ID
		e.Class = "e"
		if e.Current {
			e.Class = "e cur"
		}
		if nv := f.Nodes[n.ID]; nv != nil && nv.State == trace.StatePruned && nv.Test != "" {
			e.Cut = true
			cutSet = append(strconv.AppendInt(cutSet, int64(c), 10), ',')
			e.CutX1, e.CutY1, e.CutX2, e.CutY2 = cutMark(e.X1, e.Y1, e.X2, e.Y2)
			e.TestFull = ShortText(CutLabel(nv.Test))
			e.Test = e.TestFull
			if pv != nil {
				if i := orderPos(pv.Order, n.Index); i >= 0 && (first < 0 || i < first) {
					first = i
				}
			}
			elo, ehi, ebottom = min(elo, e.X1, e.X2), max(ehi, e.X1, e.X2), max(ebottom, e.Y2)
			mx, my, tp := (e.X1+e.X2)/2, (e.Y1+e.Y2)/2, e.Y2-grown
			if cuts == 0 {
				lo, hi, y, top, ylo = mx, mx, my, tp, my
			} else {
				lo, hi, y, top, ylo = min(lo, mx), max(hi, mx), max(y, my), min(top, tp), min(ylo, my)
			}
			cuts++
		}
		out[c] = e
	}
	if cuts == 0 {
		return
	}
	for c := p + 1; c < int(s.end[p]); c = int(s.end[c]) {
		e := &out[c]
		if !e.Cut {
			continue
		}
		if first < 0 || pv == nil || orderPos(pv.Order, s.l.Nodes[c].Index) != first {
			e.Test, e.TestFull = "", ""
			continue
		}
		// Under the cut marks, above the pruned children's glyphs (drawn
		// down), or under the lowest mark (sideways).
		font := fontsAt(s.k).Cut
		e.TestX, e.TestY = (lo+hi)/2, y+CutLabelGap
		near := func(w float64) [][2]float64 { return uprightSpots(e.TestX, e.TestY, w, font, elo, ehi, ebottom) }
		switch {
		case s.l.Across:
			x := e.TestX
			near = func(w float64) [][2]float64 { return acrossSpots(x, ylo, y, w, font) }
		case s.k > 1:
			e.TestY = min(y+CutLabelGap*cutScale(s.k), top-4)
		}
		// The test's place depends on the layout and on which children
		// the cutoff pruned alone: found once, then remembered.
		key := testKey{p: p, test: e.Test, pruned: string(cutSet), x: e.TestX, y: e.TestY}
		if v, ok := s.tests.Load(key); ok {
			t := v.(testPlace)
			e.Test, e.TestX, e.TestY, e.TestFont = t.test, t.x, t.y, t.font
			continue
		}
		placeTest(e, s.pl, font, near, func() []rect { return s.testRooms(p, f) }, [2]int{p + 1, int(s.end[p])})
		s.tests.Store(key, testPlace{e.Test, e.TestX, e.TestY, e.TestFont})
	}
}

// testKey is what a cutoff's test's place depends on: the node that cut,
// the test, where it is first put, and the span of the pruned children.
type testKey struct {
	p      int
	test   string
	pruned string // the pruned children's positions
	x, y   float64
}

// testPlace is where a cutoff's test went, and what of it is written.
type testPlace struct {
	test       string
	x, y, font float64
}

// testRoom is where the test of a cutoff at node p may go when it finds
// no place near its marks: the band between p's glyph and its children's
// glyphs, from half the level's node separation before its first child
// to as far beyond its last (drawn down: under p, from left of its first
// child to right of its last; sideways: from where the glyphs of p's
// column begin, beside p, to its children's left, from above its first
// child to under its last). Two cutoffs' rooms never meet: children of
// two nodes at one depth are in order along their level at least that
// separation apart, and the bands of two depths are apart.
func (s *sketch) testRoom(p int) rect {
	// In the tree's own axes (see turn): x along a level, y down the
	// levels.
	n := s.l.Nodes[p]
	pr := s.turn(glyphRect(s.glyphs[p], n, s.k).shift(n.X, n.Y))
	r := rect{math.Inf(1), pr.y1, math.Inf(-1), math.Inf(1)}
	if s.l.Across {
		// Sideways the levels are close and the tests wide: the band
		// starts beside p, where the glyphs of its column begin (the
		// band of p's parent ends before its children's glyphs).
		r.y0 = min(pr.y1, s.near[n.Depth])
	}
	depth := 0
	for c := p + 1; c < int(s.end[p]); c = int(s.end[c]) {
		cn := s.l.Nodes[c]
		cr := s.turn(glyphRect(s.glyphs[c], cn, s.k).shift(cn.X, cn.Y))
		at := cn.X
		if s.l.Across {
			at = cn.Y
		}
		r.x0, r.x1, r.y1 = min(r.x0, at), max(r.x1, at), min(r.y1, cr.y0)
		depth = cn.Depth
	}
	half := s.sep[depth] / 2
	if math.IsInf(half, 1) {
		box := s.turn(s.pl.box)
		return s.turn(rect{box.x0, r.y0, box.x1, r.y1})
	}
	return s.turn(rect{r.x0 - half, r.y0, r.x1 + half, r.y1})
}

// turn takes a rectangle of a sideways drawing to the tree's own axes (x
// along a level, y down the levels) and back: it swaps x and y there, and
// leaves a drawing drawn down as it is.
func (s *sketch) turn(r rect) rect {
	if s.l.Across {
		return rect{r.y0, r.x0, r.y1, r.x1}
	}
	return r
}

// testRooms are the rooms of the test of a cutoff at node p (see
// placeTest): its band (testRoom), then the room beyond its children (under
// them drawn down, right of them sideways), as wide as the band, from the
// children to the band of any other node that reaches into it (or the
// drawing's edge). A band stops every room before it that it meets, and a
// room beyond children is as wide as the band before it, so no two
// cutoffs' rooms meet.
func (s *sketch) testRooms(p int, f *trace.Frame) []rect {
	// In the tree's own axes (see turn).
	band := s.turn(s.testRoom(p))
	under := rect{band.x0, band.y1, band.x1, s.turn(s.pl.box).y1}
	pruned := func(i int) bool {
		for c := p + 1; c < int(s.end[p]); c = int(s.end[c]) {
			if i >= c && i < int(s.end[c]) {
				return f.StateOf(s.l.Nodes[c].ID) == trace.StatePruned
			}
		}
		return false
	}
	for q := range s.l.Nodes {
		if q == p || int(s.end[q]) == q+1 || pruned(q) {
			continue
		}
		if r := s.turn(s.testRoom(q)); r.overlaps(under) {
			under.y1 = min(under.y1, r.y0)
		}
	}
	if under.y1 <= under.y0 {
		return []rect{s.turn(band)}
	}
	return []rect{s.turn(band), s.turn(under)}
}

// levelSeparations is, for each depth of l, the least distance between
// the centres of two neighbouring nodes at that depth along their level
// (+Inf at a depth with one node).
func levelSeparations(l *trace.Layout) []float64 {
	sep := make([]float64, l.Depth+1)
	last := make([]float64, l.Depth+1)
	seen := make([]bool, l.Depth+1)
	for i := range sep {
		sep[i] = math.Inf(1)
	}
	// The preorder visits each level's nodes in order along it (left to
	// right, or top to bottom sideways).
	for _, n := range l.Nodes {
		at := n.X
		if l.Across {
			at = n.Y
		}
		if seen[n.Depth] {
			sep[n.Depth] = min(sep[n.Depth], at-last[n.Depth])
		}
		last[n.Depth], seen[n.Depth] = at, true
	}
	return sep
}

// layers cuts the nodes (in preorder) into runs of LayerSize, each with
// the edges into its nodes; edges holds the edge into each node at the
// node's position (the root's is not drawn).
func layers(nodes []Node, edges []Edge) []Layer {
	var out []Layer
	for lo := 0; lo < len(nodes); lo += LayerSize {
		hi := min(lo+LayerSize, len(nodes))
		out = append(out, Layer{Nodes: nodes[lo:hi], Edges: edges[max(lo, 1):hi]})
	}
	return out
}

// nodeClass is the class list of a node group.
func nodeClass(n *Node) string {
	var b strings.Builder
	b.WriteString("n g-")
	b.WriteString(string(n.Glyph))
	if n.Glyph == GlyphChess {
		// A minichess board is styled as every board is, and more.
		b.WriteString(" g-board")
	}
	switch {
	case n.Glyph == GlyphLeaf:
		// Leaves look alike, whoever would move there.
	case n.Kind == trace.Max:
		b.WriteString(" k-max")
	case n.Kind == trace.Min:
		b.WriteString(" k-min")
	case n.Kind == trace.Chance:
		b.WriteString(" k-chance")
	case n.Kind == trace.Joint:
		b.WriteString(" k-joint")
	case n.Player > 0:
		// Four colours in turn; the label P1, P2, … tells them apart too.
		b.WriteString(" k-p" + strconv.Itoa((n.Player-1)%4+1))
	}
	if n.In != "" && TextEm(n.In)*InFont > InInside {
		b.WriteString(" in-wide")
	}
	if n.Current {
		b.WriteString(" cur")
	}
	if n.OnStack {
		b.WriteString(" on-stack")
	}
	if n.Inside {
		b.WriteString(" inside")
	}
	return b.String()
}

// shownValue is the label beside a node: its value, except that a leaf
// box that already shows the same text needs none.
func shownValue(g Glyph, static, value string) string {
	if g == GlyphLeaf && value == static {
		return ""
	}
	return value
}

func orderPos(order []int, idx int) int {
	for i, x := range order {
		if x == idx {
			return i
		}
	}
	return -1
}

// cutMark returns a short stroke across the middle of the edge from
// (x1, y1) to (x2, y2), square to it.
func cutMark(x1, y1, x2, y2 float64) (float64, float64, float64, float64) {
	mx, my := (x1+x2)/2, (y1+y2)/2
	dx, dy := x2-x1, y2-y1
	n := math.Hypot(dx, dy)
	if n == 0 {
		return mx - 8, my, mx + 8, my
	}
	// The unit normal, scaled to half the mark's length.
	px, py := -dy/n*9, dx/n*9
	return mx - px, my - py, mx + px, my + py
}

// probPlace is where a probability is written: on its edge.
func probPlace(x1, y1, x2, y2 float64) (float64, float64) {
	// Centred on the edge (the label's halo hides the line under it),
	// above the middle, where a pruned child's cut mark goes, and low
	// enough for the labels of neighbouring edges to stand apart.
	return x1 + (x2-x1)*0.4, y1 + (y2-y1)*0.4 + 4
}

// Num formats a coordinate compactly: at most one decimal.
//
// It writes what strconv.FormatFloat(math.Round(x*10)/10, 'f', -1, 64)
// writes, from the whole number of tenths: a drawing writes a few
// coordinates per node, and the shortest-digits search of FormatFloat
// was a tenth of a page's render.
func Num(x float64) string {
	var b [24]byte
	return string(AppendNum(b[:0], x))
}

// AppendNum appends Num(x) to b.
func AppendNum(b []byte, x float64) []byte {
	t := math.Round(x * 10)
	if !(math.Abs(t) < numExact) {
		return strconv.AppendFloat(b, t/10, 'f', -1, 64) // NaN, ±Inf and the huge
	}
	if t == 0 {
		if math.Signbit(t) {
			return append(b, "-0"...)
		}
		return append(b, '0')
	}
	n := int64(t)
	var d [24]byte
	i := len(d)
	neg := n < 0
	if neg {
		n = -n
	}
	if t := n % 10; t != 0 {
		i -= 2
		d[i], d[i+1] = '.', byte('0'+t)
	}
	n /= 10
	for {
		i--
		d[i] = byte('0' + n%10)
		if n /= 10; n == 0 {
			break
		}
	}
	if neg {
		i--
		d[i] = '-'
	}
	return append(b, d[i:]...)
}

// numExact bounds the tenths Num writes itself: below it every tenth is
// one decimal apart from the next float64, so its shortest text is its
// digits.
const numExact = 1 << 50

// Compact writes a count in at most five characters, as English groups
// its digits: 950, 1,228, 12k, 1.2M. The focus measures fold counts
// written so: a comma is as wide as the other languages' separators.
func Compact(n int) string { return CompactIn(nil, n) }

// CompactIn is Compact in the language of words (nil: English): 1.228 in
// German, 1 228 in Czech (ThousandsIn).
func CompactIn(words func(trace.Phrase) string, n int) string {
	switch {
	case n < 10_000:
		return ThousandsIn(words, n)
	case n < 1_000_000:
		return strconv.Itoa(n/1000) + "k"
	}
	return strconv.FormatFloat(math.Floor(float64(n)/100_000)/10, 'f', -1, 64) + "M"
}

// ProbText writes a probability as a lecturer does (trace.WrittenProb):
// as a decimal of at most two places (0.9, 0.25), or else as a fraction
// with a small denominator (1/6, 2/3), or else rounded to two places.
func ProbText(p float64) string { return trace.WrittenProb(p) }

// ShortText shortens the numbers of a value text for the label beside a
// node: 7.666666666666666 becomes 7.67 (the node's data-value keeps the
// whole text).
func ShortText(s string) string {
	if !hasLongDecimal(s) {
		return s // most texts: every step's narration and stack go through here
	}
	return longDecimal.ReplaceAllStringFunc(s, func(d string) string {
		x, err := strconv.ParseFloat(d, 64)
		if err != nil {
			return d
		}
		return Decimal(x)
	})
}

// CutLabel writes a cut test as the label on a cut edge: as it is, but
// for Star1's tests at a chance node ("upper bound 7 ≤ α = 7.67"), which
// are written without words, in the notation of every language: the
// chance node's value v is at most its upper bound ("v ≤ 7 ≤ α = 7.67"),
// or at least its lower bound ("v ≥ 9 ≥ β = 5").
func CutLabel(test string) string {
	if rest, ok := strings.CutPrefix(test, "upper bound "); ok {
		return "v ≤ " + rest
	}
	if rest, ok := strings.CutPrefix(test, "lower bound "); ok {
		return "v ≥ " + rest
	}
	return test
}

// longDecimal is a number with more than two decimals.
var longDecimal = regexp.MustCompile(`[0-9]+\.[0-9]{3,}`)

// hasLongDecimal says whether longDecimal matches s, without the regular
// expression: a digit, a point and three digits.
func hasLongDecimal(s string) bool {
	for i := 1; i+3 < len(s); i++ {
		if s[i] == '.' && isDigit(s[i-1]) && isDigit(s[i+1]) && isDigit(s[i+2]) && isDigit(s[i+3]) {
			return true
		}
	}
	return false
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// whoText says whose component a Player(k) node maximised: "P2: 5".
func whoText(k int, vec []float64) string {
	if k < 1 || k > len(vec) {
		return ""
	}
	return "P" + strconv.Itoa(k) + ": " + trace.Num(vec[k-1]).String()
}

// VecText writes a value vector as the trace does: "(3, 1, 2)".
func VecText(vec []float64) string {
	parts := make([]string, len(vec))
	for i, x := range vec {
		parts[i] = trace.Num(x).String()
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// leafHeightAt is the height of a leaf box at a text scale.
// leafName is the name written in a leaf box of width w at text scale k
// and, when it had to be shortened to fit, the whole name for its title.
func leafName(label string, w, k float64) (in, full string) {
	in = Abbreviate(label, LeafFont*k, w-12)
	if in != label {
		full = label
	}
	return in, full
}

// LeafText is what leaf n's box writes: its value, or, for a named node
// the depth limit makes a leaf, its name (In). The page and every export
// write it.
func (n *Node) LeafText() string {
	if n.Text == "" {
		return n.In
	}
	return n.Text
}

func leafHeightAt(k float64) float64 { return max(28, LeafFont*k+10) }

// leafWidthAt is the width of a leaf box that holds text drawn at a text
// scale (34 units at least, more for vectors): the text's
// width in bold DejaVu Sans (see TextEm) and a margin on either side.
func leafWidthAt(text string, k float64) float64 {
	return max(34, TextEm(text)*LeafFont*k+12)
}

// viewPad is the room around everything drawn, in user units.
const viewPad = 8
