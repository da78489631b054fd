package view

import (
	"crypto/sha256"
	"encoding/base64"
	"slices"

	"github.com/abtrace/abtrace/trace"
)

// NodeAttrs is everything about one drawn node that changes as the search
// goes, with the edge into it, its cut mark and its fold glyph: what the
// page's script writes into the drawing. Coordinates are written as the
// page's SVG writes them.
type NodeAttrs struct {
	ID    string `json:"id"`
	State string `json:"state"` // data-state of the node, the edge into it and its probability
	Value string `json:"value"` // data-value
	Shown string `json:"shown"` // the label beside the node
	Who   string `json:"who,omitempty"`
	Alpha string `json:"alpha,omitempty"`
	Beta  string `json:"beta,omitempty"`
	Class string `json:"class"`          // the node group's class list
	Edge  string `json:"edge,omitempty"` // the class list of the edge into the node; "" for the root
	// Cut is the cut mark on the edge into the node; nil when there is
	// none.
	Cut *CutAttrs `json:"cut,omitempty"`
	// Fold is the fold glyph's counts; nil when the node is not folded.
	Fold *FoldAttrs `json:"fold,omitempty"`
}

// CutAttrs is a cut mark: the stroke across an edge, and the test that
// fired when this is the cutoff's first pruned child: whole (Full, the
// mark's title) and as the drawing writes it (Test, at TestX, TestY in
// Size; see Edge).
type CutAttrs struct {
	X1    string `json:"x1"`
	Y1    string `json:"y1"`
	X2    string `json:"x2"`
	Y2    string `json:"y2"`
	Full  string `json:"full,omitempty"`
	Test  string `json:"test,omitempty"`
	TestX string `json:"tx,omitempty"`
	TestY string `json:"ty,omitempty"`
	Size  string `json:"size,omitempty"`
}

// FoldAttrs is a fold glyph's counts and their two lines of text.
type FoldAttrs struct {
	FoldCount
	Seen  string `json:"seen"`
	Of    string `json:"of"`
	Title string `json:"title"`
}

// DrawingPatch is what changed from the drawing at step From to the one
// at Step: the attributes of every node that changed, whole. A patch from
// no drawing lists every node.
type DrawingPatch struct {
	From  int         `json:"from"`
	Step  int         `json:"step"`
	Nodes []NodeAttrs `json:"nodes"`
	// Kept, in a whole drawing, says that the page already shows it (the
	// page was rendered with the drawing whose Print it sent): Nodes is
	// then empty, and the page keeps what it has.
	Kept bool `json:"kept,omitempty"`
}

// PrintLen is the length of a drawing's Print.
const PrintLen = 22

// Print is a short fingerprint of a whole drawing's attributes (Attrs): a
// page rendered with a drawing names it when it loads, and a first frame
// whose drawing has the same print need not list its nodes again (Kept).
// Two drawings with the same print have the same attributes, but for a
// collision of SHA-256 cut to 128 bits.
func Print(attrs []NodeAttrs) string {
	// The attributes as encoding/json encodes them (appendAttrsJSON).
	h := sha256.New()
	digestAttrsJSON(h, attrs)
	var sum [sha256.Size]byte
	return base64.RawURLEncoding.EncodeToString(h.Sum(sum[:0])[:16])
}

// Attrs returns the attributes of every node, in preorder. They are
// computed once per drawing; the slice belongs to the drawing.
func (d *Drawing) Attrs() []NodeAttrs {
	if d.attrs != nil {
		return d.attrs
	}
	out := make([]NodeAttrs, len(d.Nodes))
	// Folds with the same counts share their attributes, worded once (the
	// full tic-tac-toe tree's 513 folds have 37 counts).
	folds := map[FoldCount]*FoldAttrs{}
	for i := range d.Nodes {
		var e *Edge
		if i > 0 {
			// One edge per node but the root, in the nodes' order.
			e = &d.Edges[i-1]
		}
		n := &d.Nodes[i]
		var prev *NodeAttrs
		if n.Fold != nil && folds[*n.Fold] != nil {
			prev = &NodeAttrs{Fold: folds[*n.Fold]}
		}
		out[i] = attrsSince(n, e, prev, d.words)
		if a := out[i].Fold; a != nil {
			folds[a.FoldCount] = a
		}
	}
	d.attrs = out
	return out
}

func attrsOf(n *Node, e *Edge, words func(trace.Phrase) string) NodeAttrs {
	return attrsSince(n, e, nil, words)
}

// attrsSince is attrsOf for a node whose attributes were prev (nil: none):
// a cut mark or a fold's counts that did not change keep prev's, which
// are never written once made, so that a step re-deciding a node that
// did not change allocates and formats nothing for them.
func attrsSince(n *Node, e *Edge, prev *NodeAttrs, words func(trace.Phrase) string) NodeAttrs {
	a := NodeAttrs{ID: n.ID, State: n.State, Value: n.Value, Shown: n.Shown, Who: n.Who,
		Alpha: n.Alpha, Beta: n.Beta, Class: n.Class}
	if e != nil {
		a.Edge = e.Class
		if e.Cut {
			c := CutAttrs{X1: Num(e.CutX1), Y1: Num(e.CutY1), X2: Num(e.CutX2), Y2: Num(e.CutY2), Full: e.TestFull, Test: e.Test}
			if e.Test != "" {
				c.TestX, c.TestY, c.Size = Num(e.TestX), Num(e.TestY), Num(e.TestFont)
			}
			if prev != nil && prev.Cut != nil && *prev.Cut == c {
				a.Cut = prev.Cut
			} else {
				a.Cut = new(CutAttrs)
				*a.Cut = c
			}
		}
	}
	if n.Fold != nil {
		if prev != nil && prev.Fold != nil && prev.Fold.FoldCount == *n.Fold {
			a.Fold = prev.Fold
		} else {
			a.Fold = &FoldAttrs{FoldCount: *n.Fold}
			a.Fold.Seen, a.Fold.Of, a.Fold.Title = n.Fold.Texts(words)
		}
	}
	return a
}

// Diff returns the patch from drawing a to drawing b, two drawings of the
// same scene. A nil a lists every node of b.
func Diff(a, b *Drawing) *DrawingPatch {
	p := &DrawingPatch{Step: b.Step}
	now := b.Attrs()
	if a == nil {
		p.Nodes = slices.Clone(now)
		return p
	}
	p.From = a.Step
	before := a.Attrs()
	p.Nodes = []NodeAttrs{}
	for i := range now {
		if i >= len(before) || !now[i].equal(&before[i]) {
			p.Nodes = append(p.Nodes, now[i])
		}
	}
	return p
}

func (a *NodeAttrs) equal(b *NodeAttrs) bool {
	return a.ID == b.ID && a.State == b.State && a.Value == b.Value && a.Shown == b.Shown && a.Who == b.Who &&
		a.Alpha == b.Alpha && a.Beta == b.Beta && a.Class == b.Class && a.Edge == b.Edge &&
		ptrEqual(a.Cut, b.Cut) && ptrEqual(a.Fold, b.Fold)
}

func ptrEqual[T comparable](a, b *T) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// Painter hands out the drawing patches of a cursor's moves. It keeps
// the attributes the viewer has, and makes each patch from the nodes the
// moves since the last one could have changed: those the events touched
// (among them every node that joined or left the stack), the current node
// before and after, the folded nodes whose fold holds the current node,
// the folds whose counts changed, the drawn subtrees of pruned nodes, and,
// for the cut marks, every sibling and child of those nodes. It
// re-decides only them, so a step costs what it changes, not what is
// drawn (after a restart of the cursor's search, going back, it
// re-decides every node); its patch is the one Diff gives from the
// drawing before to the drawing after.
type Painter struct {
	c     *Cursor
	s     *sketch
	attrs []NodeAttrs // what the viewer has; nil before Whole
	// shared says attrs is another viewer's too (TakeShared): it is
	// copied before the first change (own).
	shared   bool
	step     int
	restarts int
	// the current node and the folded node holding it at step
	current, inside string
	hasCurrent      bool
	// scratch: the nodes to re-decide (mark[i] == gen when i is listed),
	// the parents whose children's edges to re-decide, and those edges
	list, groups []int
	mark, gmark  []uint32
	gen          uint32
	// version counts the changes of the record above, so that an Ahead
	// made before one of them is never committed.
	version int
}

// NewPainter returns the painter of a cursor's drawing. Its first patch
// is whole.
func NewPainter(c *Cursor) *Painter {
	n := len(c.scene.sketch.glyphs)
	return &Painter{c: c, s: c.scene.sketch, mark: make([]uint32, n), gmark: make([]uint32, n)}
}

// Forget forgets what the viewer has: the next patch is whole.
func (p *Painter) Forget() {
	p.attrs, p.shared = nil, false
	p.version++
}

// Whole returns the attributes of every node at the cursor's step (a
// patch from no drawing) and takes them as what the viewer has.
func (p *Painter) Whole() *DrawingPatch {
	p.Take()
	return &DrawingPatch{Step: p.step, Nodes: slices.Clone(p.attrs)}
}

// Take takes the whole drawing at the cursor's step as what the viewer
// has, without handing it out: the viewer got it another way (a first
// frame encoded once and shared by every viewer who loads the same
// scenario at the same step). The next patch starts from it.
func (p *Painter) Take() {
	p.TakeAttrs(p.c.Drawing().Attrs())
}

// TakeAttrs is Take with the whole drawing's attributes at the cursor's
// step already made (by another painter of the same scene at the same
// step, see Attrs): the painter keeps them, so they must not change
// afterwards. It panics when their number is not the scene's.
func (p *Painter) TakeAttrs(attrs []NodeAttrs) {
	if len(attrs) != len(p.s.glyphs) {
		panic("view: TakeAttrs got the attributes of another scene")
	}
	f := p.c.Frame()
	p.attrs, p.shared = attrs, false
	p.remember(f, p.s.insideOf(f))
}

// TakeShared is TakeAttrs with attributes that other painters hold too
// (a shared first frame's): the painter copies them before it first
// changes them, so a viewer who loads and never steps copies nothing.
func (p *Painter) TakeShared(attrs []NodeAttrs) {
	p.TakeAttrs(attrs)
	p.shared = true
}

// own makes the painter's attributes its own before a change.
func (p *Painter) own() {
	if p.shared {
		p.attrs, p.shared = slices.Clone(p.attrs), false
	}
}

// TakePatch takes d, a patch another painter of the same scene made
// (Patch) from the drawing this painter has to the one at the cursor's
// step, as what the viewer has now, without drawing. It reports false and
// changes nothing when d does not start at the painter's step, end at the
// cursor's, or names a node the scene does not draw. d's attributes are
// kept, so they must not change afterwards.
func (p *Painter) TakePatch(d *DrawingPatch) bool {
	f := p.c.Frame()
	if p.attrs == nil || d.From != p.step || d.Step != f.Step {
		return false
	}
	for _, na := range d.Nodes {
		if _, ok := p.s.find(na.ID); !ok {
			return false
		}
	}
	p.own()
	for _, na := range d.Nodes {
		i, _ := p.s.find(na.ID)
		p.attrs[i] = na
	}
	p.remember(f, p.s.insideOf(f))
	return true
}

// Attrs returns a copy of the attributes the viewer has (nil before the
// first patch): with TakeAttrs, another viewer of the same scene at the
// same step takes them without drawing.
func (p *Painter) Attrs() []NodeAttrs { return slices.Clone(p.attrs) }

// Patch returns the change of the drawing since the last patch (a whole
// one the first time or after Forget), given the drawn nodes the cursor
// touched since then (Cursor.Touched) and the folds whose counts changed
// (Cursor.FoldsChanged).
func (p *Painter) Patch(touched []string, folds map[string]FoldCount) *DrawingPatch {
	if p.attrs == nil {
		return p.Whole()
	}
	return p.patch(touched, folds, nil)
}

// patch makes the patch since the last one. With ahead nil it takes the
// patch as what the viewer has; otherwise it leaves the painter's record
// as it was and notes in ahead what Ahead.Commit must write.
func (p *Painter) patch(touched []string, folds map[string]FoldCount, ahead *Ahead) *DrawingPatch {
	f, s := p.c.Frame(), p.s
	inside := s.insideOf(f)
	out := &DrawingPatch{From: p.step, Step: f.Step, Nodes: []NodeAttrs{}}
	p.gen++
	p.list, p.groups = p.list[:0], p.groups[:0]
	if p.c.Restarts() != p.restarts {
		// The search began again: anything may have changed.
		for i := range s.glyphs {
			p.add(i)
		}
	} else {
		for _, id := range touched {
			p.addID(id)
		}
		for id := range folds {
			p.addID(id)
		}
		// The root's id is "": a current or inside node of "" is none.
		for _, id := range [...]string{p.current, p.inside, inside} {
			if id != "" {
				p.addID(id)
			}
		}
		if p.hasCurrent {
			p.addID(p.current)
		}
		if f.Step > 0 {
			p.addID(f.Current)
		}
		// A pruned node's state is its drawn descendants' state.
		for _, i := range p.list[:len(p.list):len(p.list)] {
			if p.attrs[i].State == stPruned || f.StateOf(s.l.Nodes[i].ID) == trace.StatePruned {
				for j := i + 1; j < int(s.end[i]); j++ {
					p.add(j)
				}
			}
		}
	}
	// A cut mark and its test depend on the node's siblings and on its
	// parent's order of search.
	for _, i := range p.list {
		if pi := int(s.parent[i]); pi >= 0 {
			p.addGroup(pi)
		}
		if int(s.end[i]) > i+1 {
			p.addGroup(i)
		}
	}
	a := &at{f: f, inside: inside}
	a.set, a.marked = SetNode(p.c.p, f)
	edges := s.edgeScratch()
	defer putEdgeScratch(edges)
	for _, g := range p.groups {
		s.childEdges(g, a, *edges)
		for c := g + 1; c < int(s.end[g]); c = int(s.end[c]) {
			p.add(c)
		}
	}
	slices.Sort(p.list)
	for _, i := range p.list {
		var fold FoldCount
		if s.l.Nodes[i].Folded {
			if c := p.c.folds.info[s.l.Nodes[i].ID]; c != nil {
				fold = *c
			}
		}
		n := s.node(i, a, fold)
		var e *Edge
		if i > 0 {
			e = &(*edges)[i]
		}
		if na := attrsSince(&n, e, &p.attrs[i], p.c.words); !na.equal(&p.attrs[i]) {
			if ahead == nil {
				p.own()
				p.attrs[i] = na
			} else {
				ahead.idx = append(ahead.idx, i)
			}
			out.Nodes = append(out.Nodes, na)
		}
	}
	if ahead == nil {
		p.remember(f, inside)
	} else {
		ahead.inside = inside
	}
	return out
}

// stPruned is the data-state of a pruned node.
var stPruned = trace.StatePruned.String()

func (p *Painter) remember(f *trace.Frame, inside string) {
	p.step, p.restarts, p.inside = f.Step, p.c.Restarts(), inside
	p.current, p.hasCurrent = f.Current, f.Step > 0
	p.version++
}

func (p *Painter) addID(id string) {
	if i, ok := p.s.find(id); ok {
		p.add(i)
	}
}

func (p *Painter) add(i int) {
	if p.mark[i] != p.gen {
		p.mark[i] = p.gen
		p.list = append(p.list, i)
	}
}

func (p *Painter) addGroup(i int) {
	if p.gmark[i] != p.gen {
		p.gmark[i] = p.gen
		p.groups = append(p.groups, i)
	}
}
