package view

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"runtime"
	"strings"
	"sync"
	"weak"

	"github.com/abtrace/abtrace/internal/flight"

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
	// moveName names a game's node by the move into it (nil for trees,
	// whose nodes carry their labels); labelIn words a name that is a key
	// ("pass") in the viewer's language.
	moveName func(id string) string
	labelIn  func(label string, words func(trace.Phrase) string) string
	// focus keeps the sketches of the focus layouts drawn last (see
	// focusSketch).
	focus *focusSketches
	// describe tells the board of any node, drawn or not
	// (scenario.Search.Describe): nil when the scene was not laid out
	// from a scenario.
	describe func(id string) (trace.Shape, error)
	// baseline remembers the leaves of the scenario's search without
	// pruning (see BaselineLeaves).
	baseline *baselineLeaves
}

// baselineLeaves is what BaselineLeaves found, once it is known.
type baselineLeaves struct {
	mu     sync.Mutex
	known  bool
	leaves int
}

// BaselineLeaves is how many leaves the same scenario searched without
// pruning (p.Baseline(): minimax, or expectiminimax for Star1), untraced,
// evaluates, to tell how many the pruning spares; ok is false when p's
// algorithm is its own baseline or the search failed. p is a search of
// the scenario the scene was laid out for. The answer is the same for
// every viewer of the scene, so the scene keeps it: the search of a
// random tree of 797,161 nodes took about 16 ms for every page and
// every viewer at the end.
func (s *Scene) BaselineLeaves(p *scenario.Search) (leaves int, ok bool) {
	base := p.Baseline()
	if base == p.Algorithm {
		return 0, false
	}
	b := &baselineLeaves{}
	if s != nil && s.baseline != nil {
		b = s.baseline
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.known {
		return b.leaves, true
	}
	res, err := p.RunAlgorithm(base, nil)
	if err != nil {
		return 0, false
	}
	b.known, b.leaves = true, res.Stats.Leaves
	return b.leaves, true
}

// NewScene lays out the tree of a prepared scenario with these folds
// opened. The spacing follows what the nodes carry: boards for
// tic-tac-toe, wide boxes for vectors, room for probabilities on the
// edges of chance trees. Problems with the open list are *scenario.UsageError.
//
// A scene is immutable, so the scene of one scenario with one open list
// is made once and shared by every viewer that asks for it (see
// MaxSharedScenes): concurrent first callers wait for one making, and a
// caller whose budget's context (p.Scenario.Budget.Context) ends stops
// waiting at once, without stopping the making for the others.
func NewScene(p *scenario.Search, open []string) (*Scene, error) {
	return NewSceneAs(p, open, p.Scenario.Layout == scenario.LayoutAcross)
}

// NewSceneAs is NewScene drawn sideways (across) or down, whatever the
// scenario's Layout says: ChooseLayout compares the two.
func NewSceneAs(p *scenario.Search, open []string, across bool) (*Scene, error) {
	ctx := p.Scenario.Budget.Context
	if ctx == nil {
		ctx = context.Background()
	}
	q := p.Scenario.Query()
	q.Del("layout")
	key := q.Encode() + "\x00" + strings.Join(open, ",") + "\x00" + orientName(across)
	s, err := sharedScenes.Do(ctx, key, func(ctx context.Context) (*Scene, error) {
		return newScene(ctx, p, open, across)
	}, func(err error) bool {
		var u *scenario.UsageError
		return errors.As(err, &u)
	})
	if err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		return nil, fmt.Errorf("laying out the tree: %w", err)
	}
	return s, err
}

// MaxSharedScenes is how many scenes (a scenario with its open folds) the
// process keeps for the next viewers who open the same: the students of a
// class loading the lecturer's link, a page rendered again. The least
// recently used is forgotten first. A scene holds its shape, layout and
// label placement: about 1 MB for the full tic-tac-toe tree (586 boards
// drawn), far less for a classroom tree.
const MaxSharedScenes = 32

// sharedScenes keeps the scenes made by NewScene, by canonical scenario
// and open list; errors about the open list are kept with them.
var sharedScenes = flight.New[*Scene](MaxSharedScenes)

// newScene makes the scene NewScene shares; it stops between two layout
// tries when ctx ends.
func newScene(ctx context.Context, p *scenario.Search, open []string, across bool) (*Scene, error) {
	if growsOwnTree(p) {
		shape, err := mctsShape(p)
		if err != nil {
			return nil, err
		}
		return layScene(ctx, p, shape, nil, laying{across: across})
	}
	shape, err := p.Shape(scenario.ShapeOptions{Open: open})
	if err != nil {
		return nil, &scenario.UsageError{Err: err}
	}
	return layScene(ctx, p, shape, open, laying{across: across})
}

// layScene makes the scene of p's shape laid out as lg says (its shows
// taken from p), with the base spacing of p's tree (see presenterLayout).
func layScene(ctx context.Context, p *scenario.Search, shape *trace.Shape, open []string, lg laying) (*Scene, error) {
	lg.shows = showsOf(p)
	src := p.Scenario.Source()
	l, err := presenterLayout(ctx, src, shape, baseSpacing(p, lg.across), lg)
	if err != nil {
		return nil, err
	}
	s := SceneOf(src, shape, l, open)
	s.moveName, s.labelIn, s.describe = p.MoveName, p.LabelIn, p.Describe
	return s, nil
}

// BoardAt is the board of the node id drawn small, as the tree draws it
// (BoardOf), whether the node is drawn or folded: nil where the scene's
// nodes are not boards, or id names no node.
func (s *Scene) BoardAt(id string) *Board {
	if !s.Boards() {
		return nil
	}
	n, ok := s.Layout.Node(id)
	if !ok {
		if s.describe == nil {
			return nil
		}
		sh, err := s.describe(id)
		if err != nil {
			return nil
		}
		n = trace.LayoutNode{Board: sh.Board, Kind: sh.Kind}
	}
	if n.Board == "" {
		return nil
	}
	b := BoardOf(Node{Glyph: GlyphBoard, LayoutNode: trace.LayoutNode{Board: n.Board, Kind: n.Kind}})
	return &b
}

// boardsOf reports whether p's nodes are drawn as boards: a source of
// boards (BoardSource), or a GDL game with a board.
func boardsOf(p *scenario.Search) bool {
	return BoardSource(p.Scenario.Source()) || p.GDLBoard()
}

// Boards reports whether the scene's nodes are drawn as boards.
func (s *Scene) Boards() bool { return s.sketch != nil && s.sketch.board }

// shows are what a search's labels show that its layout cannot tell.
type shows uint8

const (
	// showsIntervals: its CHANCE nodes show Star1's interval ("[0.67,
	// 10.67]") as their value while they are searched.
	showsIntervals shows = 1 << iota
	// showsLeafScalars: its leaves, whose text is a vector ("(5, −1,
	// −1)"), show a number as their value beside it (paranoid's: the
	// root player's component).
	showsLeafScalars
)

// showsOf is what p's labels show that its layout cannot tell.
func showsOf(p *scenario.Search) shows {
	switch p.Algorithm {
	case search.AlgoStar1:
		return showsIntervals
	case search.AlgoParanoid:
		return showsLeafScalars
	}
	return 0
}

// baseSpacing is the spacing a search's tree is laid out with before
// presenterLayout tries wider or narrower ones.
func baseSpacing(p *scenario.Search, across bool) trace.LayoutOptions {
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
	if boardsOf(p) {
		opt = BoardLayout(src)
		if across {
			opt.NodeSep = AcrossBoardSpacing(src)
		}
	}
	return opt
}

// Spacings tried for a tree's layout, as multiples of its base node and
// level spacing (see presenterLayout).
var (
	nodeSepTries  = []float64{1, 1.25, 1.5, 1.8, 2.2, 2.7, 3.3}
	levelSepTries = []float64{1, 0.8, 1.3, 1.7, 2.1}
)

// laying is what a layout's spacing is chosen for, besides its shape: its
// orientation, what its labels show that the layout cannot tell, and the
// pane its labels are sized for (zero: presentPane's).
type laying struct {
	across bool
	shows  shows
	pane   [2]float64
	// winsVisits is, in a Monte-Carlo search's focus, the width in ems of
	// the widest W/N its nodes write (see rowPlacement); 0 elsewhere.
	winsVisits float64
}

// presenterLayout lays out a shape with the spacing that lets its labels
// be largest in presenter mode's pane (or the pane lg names), every label
// clear of the others first (see chooseSpacing): wider where wide labels need room
// beside each other, lower or higher levels where the pane's height
// allows. The labels' room decides the spacing, not the reverse. Shapes of
// more than MaxPlacedNodes nodes keep the base spacing.
//
// Trying the spacings costs up to a few hundred milliseconds for the
// largest placed drawings, so the choice is remembered for the shape (many
// students load the same scenario; see MaxRememberedSpacings): concurrent
// first callers of one shape share one choice, which looks at its context
// between two tries and stops within one try once every caller waiting
// for it has left (a caller whose ctx ends returns at once).
func presenterLayout(ctx context.Context, source string, shape *trace.Shape, opt trace.LayoutOptions, lg laying) (*trace.Layout, error) {
	lay := func(o trace.LayoutOptions) *trace.Layout {
		l := trace.NewLayout(shape, o)
		if lg.across {
			l = l.Sideways()
		}
		if lg.shows != 0 || lg.pane != ([2]float64{}) {
			noteLaying(l, lg)
		}
		return l
	}
	base := lay(opt)
	if w := widestLeaf(source, base) + glyphGap; !lg.across && w > opt.NodeSep {
		// Leaves with long values (−250, 1000) need wider room than
		// the base spacing gives.
		opt.NodeSep = w
		base = lay(opt)
	}
	if len(base.Nodes) > MaxPlacedNodes {
		return base, nil
	}
	key := spacingKey(source, base, opt, lg)
	sp, err := spacings.Do(ctx, string(key[:]), func(ctx context.Context) (spacing, error) {
		return chooseSpacing(ctx, source, lay, opt, base)
	}, nil)
	if err != nil {
		return nil, fmt.Errorf("laying out the tree: %w", err)
	}
	if sp == (spacing{1, 1}) {
		return base, nil
	}
	return lay(trace.LayoutOptions{NodeSep: opt.NodeSep * sp.node, LevelSep: opt.LevelSep * sp.level}), nil
}

// widestLeaf is the width of the widest leaf box of a layout at the base
// text scale.
func widestLeaf(source string, l *trace.Layout) float64 {
	w := 0.0
	for _, n := range l.Nodes {
		if GlyphOf(source, n) == GlyphLeaf {
			w = max(w, leafWidthAt(n.Text, 1))
		}
	}
	return w
}

// chooseSpacing tries the spacings for a shape whose layout (by lay) with
// the base spacing opt is base, and returns the one whose labels are
// largest in the pane of presentPane (presenter mode's, or a phone's for a
// sideways tree); it stops between two tries when ctx ends. A tree first
// wants a spacing at which every label finds a place clear of the other
// labels (a label that finds none may touch another): a little smaller is
// better than two values written over each other.
func chooseSpacing(ctx context.Context, source string, lay func(trace.LayoutOptions) *trace.Layout, opt trace.LayoutOptions, base *trace.Layout) (spacing, error) {
	glyphs := make(map[string]Glyph, len(base.Nodes))
	for _, n := range base.Nodes {
		glyphs[n.ID] = GlyphOf(source, n)
	}
	bestScore, bestSp := presenterScore(source, base, glyphs), spacing{1, 1}
	// A spacing at which every label finds a place clear of the others
	// beats one at which some do not.
	bestClear := layoutPlacement(source, base, glyphs).ok
	for _, ln := range levelSepTries {
		for _, nd := range nodeSepTries {
			if ln == 1 && nd == 1 {
				continue
			}
			if err := ctx.Err(); err != nil {
				return spacing{}, err
			}
			l := lay(trace.LayoutOptions{NodeSep: opt.NodeSep * nd, LevelSep: opt.LevelSep * ln})
			if bestClear && presenterBound(l) <= bestScore*1.01 {
				continue // it cannot win: its labels need no placing
			}
			s := presenterScore(source, l, glyphs)
			clear := layoutPlacement(source, l, glyphs).ok
			if clear != bestClear {
				if clear {
					bestScore, bestSp, bestClear = s, spacing{nd, ln}, true
				}
				continue
			}
			if s > bestScore*1.01 {
				bestScore, bestSp = s, spacing{nd, ln}
			}
		}
	}
	return bestSp, nil
}

// spacing is a chosen layout spacing, as multiples of the base node and
// level spacing.
type spacing struct{ node, level float64 }

// MaxRememberedSpacings is how many shapes' chosen spacings are kept; the
// least recently used is forgotten first.
const MaxRememberedSpacings = 1024

// spacings remembers the spacing chosen for each shape, by a digest of
// everything the choice depends on (spacingKey).
var spacings = flight.New[spacing](MaxRememberedSpacings)

// spacingKey digests what the spacing choice depends on: the source (it
// decides the glyphs), the base spacing and every drawn node of the base
// layout with what its labels may show.
func spacingKey(source string, l *trace.Layout, opt trace.LayoutOptions, lg laying) [32]byte {
	h := sha256.New()
	var buf [8]byte
	num := func(f float64) {
		binary.LittleEndian.PutUint64(buf[:], math.Float64bits(f))
		h.Write(buf[:])
	}
	str := func(s string) {
		num(float64(len(s)))
		h.Write([]byte(s))
	}
	str(source)
	str(orientName(l.Across))
	num(float64(lg.shows))
	num(lg.pane[0])
	num(lg.pane[1])
	num(opt.NodeSep)
	num(opt.LevelSep)
	for _, n := range l.Nodes {
		str(n.ID)
		str(n.Parent)
		str(n.Label)
		str(n.Text)
		str(n.Board)
		num(n.X)
		num(n.Y)
		num(n.Prob)
		num(float64(n.Depth))
		num(float64(n.Index))
		num(float64(n.Kind))
		num(float64(n.Total))
		flags := 0.0
		if n.HasParent {
			flags += 1
		}
		if n.Leaf {
			flags += 2
		}
		if n.Folded {
			flags += 4
		}
		num(flags)
	}
	var k [32]byte
	h.Sum(k[:0])
	return k
}

// presenterBound is a bound on presenterScore(l) that places no label: the
// text scale is at most presenterK's (and at least 1), and the box of
// everything drawn holds every node's centre, so it is at least the
// layout's width and height.
func presenterBound(l *trace.Layout) float64 {
	w, h := l.Width+2*viewPad, l.Height+2*viewPad
	pw, ph := presentPane(l)
	return max(1, presenterK(l)) * min(pw/w, ph/h)
}

// presenterScore is how large a layout's labels are on presenter mode's
// pane: the text scale times the scale that fits the drawing to the pane.
//
// Minichess boards are read too: past the labels' base sizes (a text scale
// of 1), larger labels are not worth smaller boards, so the text scale
// counts up to 1 only.
func presenterScore(source string, l *trace.Layout, glyphs map[string]Glyph) float64 {
	p := layoutPlacement(source, l, glyphs)
	w, h := p.box.x1-p.box.x0+2*viewPad, p.box.y1-p.box.y0+2*viewPad
	k := p.k
	if source == "minichess" {
		k = min(k, 1)
	}
	pw, ph := presentPane(l)
	return k * min(pw/w, ph/h)
}

// presentPane is the pane a layout's spacing and text scale are chosen
// for: the pane it was laid out for (a comparison's, see CompareScene);
// else presenter mode's (PresentWidth × PresentHeight) for a tree drawn
// down; for a tree drawn sideways, the viewer's pane on a phone held
// upright (AcrossWidth × AcrossHeight), where a sideways tree is shown.
func presentPane(l *trace.Layout) (w, h float64) {
	if p := layingOf(l).pane; p != ([2]float64{}) {
		return p[0], p[1]
	}
	if l.Across {
		return AcrossWidth, AcrossHeight
	}
	return PresentWidth, PresentHeight
}

// layings holds what a layout was laid out for where that is not what
// its zero value says: the comparison's pane (see presentPane), what its
// search's labels show (see showsOf). Entries go when their layout does.
var layings sync.Map // weak.Pointer[trace.Layout] → laying

// noteLaying records what l was laid out for.
func noteLaying(l *trace.Layout, lg laying) {
	key := weak.Make(l)
	if _, loaded := layings.LoadOrStore(key, lg); !loaded {
		runtime.AddCleanup(l, func(k weak.Pointer[trace.Layout]) { layings.Delete(k) }, key)
	}
}

// layingOf is what noteLaying recorded for l (the zero laying if nothing).
func layingOf(l *trace.Layout) laying {
	if v, ok := layings.Load(weak.Make(l)); ok {
		return v.(laying)
	}
	return laying{}
}

// showsAt is what the labels of l's search show that l cannot tell.
func showsAt(l *trace.Layout) shows { return layingOf(l).shows }

// CompareRow is the width of the comparison's row of panes at 1280×720,
// in CSS pixels, and CompareGap the room between two panes side by side
// (borders and padding): each of n panes draws its tree CompareRow/n
// wide, less the gaps (about 600 pixels for two panes). CompareHeight is
// the height a pane's tree gets below the controls.
const CompareRow, CompareGap, CompareHeight = 1240, 34, 450

// ComparePane is the tree pane of each of n panes side by side in the
// comparison at 1280×720, in CSS pixels.
func ComparePane(n int) (w, h float64) {
	n = max(n, 1)
	return (CompareRow - float64(n-1)*CompareGap) / float64(n), CompareHeight
}

// AcrossWidth and AcrossHeight are the tree pane of the viewer at
// 390×844 (a phone held upright) when it draws the tree sideways, in CSS
// pixels: the pane a sideways tree's spacing and text scale are chosen
// for.
const AcrossWidth, AcrossHeight = 374, 540

// orientName is the Scenario.Layout value of an orientation.
func orientName(across bool) string {
	if across {
		return scenario.LayoutAcross
	}
	return scenario.LayoutDown
}

// SceneOf makes a scene of a shape already laid out (a comparison draws
// its panes smaller than the viewer).
func SceneOf(source string, shape *trace.Shape, l *trace.Layout, open []string) *Scene {
	s := &Scene{Source: source, Shape: shape, Layout: l, Open: open, spread: map[string]bool{}, folds: map[string]int{},
		sketch: newSketch(source, l), focus: &focusSketches{}, baseline: &baselineLeaves{}}
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

// The orientations of a drawing, as layout= names them (see
// scenario.Scenario.Layout).
const (
	LayoutDown   = scenario.LayoutDown
	LayoutAcross = scenario.LayoutAcross
)

// AcrossGain is how much larger a sideways drawing must show its tree
// than the drawing down for ChooseLayout to choose it: down is the
// textbooks' convention, kept unless sideways is clearly better (the
// textbook tree in a comparison's pane at 1024×768 reads 1.2 times larger
// sideways, and stays down).
const AcrossGain = 1.3

// ChooseLayout is the orientation, scenario.LayoutDown or
// scenario.LayoutAcross, in which a scenario's tree (with these folds
// open) reads largest once fitted to its pane: w × h pixels drawn down,
// w × ha drawn sideways (a page may give a sideways tree a taller pane).
// How large is the scale that fits the whole drawing to the pane: glyphs,
// boards and labels at their base sizes grow with it. (The text scale
// each orientation's placement chose is left out: it is chosen for
// another pane, presenter mode's or a phone's.) Down, the textbooks'
// way, is kept unless the sideways pane is upright (taller than wide, a
// phone's, at most AcrossMaxWidth wide) and the tree reads AcrossGain times larger in it, at a scale
// of at least MinAcrossScale; a pane of no size keeps down. On a projector every tree is drawn down.
func ChooseLayout(p *scenario.Search, open []string, w, h, ha float64) (string, error) {
	if !(w > 0 && h > 0 && ha > w) {
		return scenario.LayoutDown, nil
	}
	down, err := NewSceneAs(p, open, false)
	if err != nil {
		return "", err
	}
	across, err := NewSceneAs(p, open, true)
	if err != nil {
		return "", err
	}
	return ChooseBetween(down, across, w, h, ha), nil
}

// MinAcrossScale is the least scale (pixels per layout unit) at which a
// sideways drawing is worth choosing: a tree that needs zooming either way
// (the full tic-tac-toe mid-game, Connect Four at depth 3, a random tree
// of 1,885 nodes on a phone) keeps the textbooks' way. At 0.45 a value
// is drawn at about 8 px, a minichess piece at 6.3.
const MinAcrossScale = 0.45

// AcrossMaxWidth is the widest pane, in CSS pixels, that ChooseLayout
// draws sideways: a phone's held upright (the viewer's pane at 390×844
// is 374 pixels wide). A wider pane, such as each of three panes of the
// comparison on a screen 1920 pixels wide, keeps the textbooks' way down
// however tall the window.
const AcrossMaxWidth = 480

// ChooseBetween is ChooseLayout's rule for two scenes of one tree, drawn
// down and sideways (the comparison lays out its panes its own way).
func ChooseBetween(down, across *Scene, w, h, ha float64) string {
	if w > 0 && h > 0 && ha > w && w <= AcrossMaxWidth && across.readScale(w, ha) >= MinAcrossScale && across.readScale(w, ha) > AcrossGain*down.readScale(w, h) {
		return scenario.LayoutAcross
	}
	return scenario.LayoutDown
}

// readScale is the scale, in pixels per layout unit, at which the
// scene's drawing fits a pane of w × h pixels.
func (s *Scene) readScale(w, h float64) float64 {
	return min(w/s.sketch.width, h/s.sketch.height)
}

// CompareScene is the scene the n panes of a comparison share, of a shape
// of p's tree: laid out as the viewer lays out p's tree (see
// presenterLayout), upright with its spacing and labels chosen for a pane
// of ComparePane(n), or sideways for a phone's pane. It stops between two
// layout tries when ctx ends.
func CompareScene(ctx context.Context, p *scenario.Search, shape *trace.Shape, across bool, n int) (*Scene, error) {
	lg := laying{across: across}
	if !across {
		w, h := ComparePane(n)
		lg.pane = [2]float64{w, h}
	}
	return layScene(ctx, p, shape, nil, lg)
}

// CompareMaxDrawn bounds the nodes drawn in each pane of a comparison
// (CompareShape); deeper levels fold, as in the viewer. CompareMaxBoards
// is the same for games drawn as boards, which need more room than a pane
// has for hundreds.
const CompareMaxDrawn, CompareMaxBoards = 300, 60

// CompareShape is the shape of p's tree that a comparison draws, folded
// to at most CompareMaxDrawn nodes (CompareMaxBoards for boards).
func CompareShape(p *scenario.Search) (*trace.Shape, error) {
	drawn := CompareMaxDrawn
	if boardsOf(p) {
		drawn = CompareMaxBoards
	}
	return p.Shape(scenario.ShapeOptions{MaxDrawn: drawn})
}
