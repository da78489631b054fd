package templates

import (
	"context"
	"math"
	"slices"
	"strings"

	"github.com/abtrace/abtrace/view"
)

// ExercisePage is the fill-in exercise: a generated tree to work by hand,
// with an input for every inner node's value or bound (and, if asked, its
// α and β), every edge markable as never followed, and the controls that
// check, hint and show the solution (static/exercise.js).
type ExercisePage struct {
	// ShowsWindows is set for predict mode, which writes each inner
	// node's α and β beside its box: its inner nodes then stand at least
	// PrInnerSpacing apart.
	ShowsWindows bool
	// Exports is the answer key's export menu (the worksheet's).
	Exports Exports
	// RoomScenario is what the page's "start a room" button sends: the
	// exercise's search in the viewer, for a room whose students follow
	// the lecturer's step on the exercise's tree and answer the room's
	// questions (empty leaves the button out).
	RoomScenario string
	Assets       Assets
	Script       string // address of exercise.js or predict.js
	CSS          string // address of exercise.css
	Form         ExerciseForm
	// Error and Field are set when the parameters are refused: the page
	// shows the form with the error and no tree.
	Error, Field string
	Title        string
	// Number is the exercise's number and variant ("42A"), "" before one
	// is made.
	Number string
	// Key is the exercise's full parameter query: it names the attempt in
	// the browser's storage.
	Key         string
	Tree        string // the tree text, canonical
	Root, Prune string // "max"/"min", "ge"/"gt"
	Nodes       []ExerciseNode
	Edges       []ExerciseEdge
	// Width and Height are the layout's extent (layout units).
	Width, Height float64
	// Steps are the search's steps, for the hints, in order.
	Steps []ExerciseStep
	// SolutionURL opens the viewer on the exercise's search.
	SolutionURL string
	// WorksheetURL is the exercise's print view; PredictURL its predict mode.
	WorksheetURL, PredictURL string
	// OrderingURL is the ordering exercise on the same tree.
	OrderingURL string
	// Rule says the pruning rule in words; Notation is "symbols" (≤ ≥) or
	// "ascii" (<= >=): how the worksheet's key writes bounds.
	Rule, Notation string
	// Notate writes a text in the worksheet's notation (the exercises'
	// Notation.Write: ASCII for ≤ ≥ − α β, or as it is); nil writes it as
	// it is.
	Notate func(string) string
	// Pruned counts the edges a cutoff never follows (the key's).
	Pruned int
	// ShowKey shows the worksheet's answer key on screen (key=1); KeyURL
	// shows it, NoKeyURL hides it.
	ShowKey          bool
	KeyURL, NoKeyURL string
	// BoxW is the width of the worksheet's answer boxes (SVG units): as
	// wide as the room between neighbouring inner nodes allows, so that a
	// printed box is wide enough to write in. Zero is the input's width.
	BoxW float64
	// Landscape prints the worksheet across the long side of the paper:
	// set when even the widest boxes would print narrower than
	// MinBoxMM across the short side.
	Landscape bool
}

// Printed sizes of the worksheet.
const (
	// MinBoxMM is the least width, in millimetres, of a printed answer
	// box: room for a handwritten "≤ 12".
	MinBoxMM = 12
	// printWidthMM is the narrower printable width of A4 (210 mm) and
	// Letter (215.9 mm) upright, with exercise.css's 12 mm margins.
	printWidthMM = 210 - 2*12
	// maxBoxW caps the answer boxes: wider ones only spread the tree.
	maxBoxW = 180
)

// FitWorksheet sizes the worksheet's answer boxes to the room between
// neighbouring inner nodes, and turns the page when they would still print
// narrower than MinBoxMM upright.
func (p *ExercisePage) FitWorksheet() {
	gap := math.Inf(1)
	last := map[float64]float64{} // the last inner node's x, by level
	for _, n := range p.Nodes {
		if n.Leaf {
			continue
		}
		if x, ok := last[n.Y]; ok {
			gap = min(gap, n.X-x)
		}
		last[n.Y] = n.X
	}
	p.BoxW = exInputW
	if !math.IsInf(gap, 1) {
		p.BoxW = max(exInputW, min(gap-14, maxBoxW))
	}
	p.Landscape = p.boxMM(printWidthMM) < MinBoxMM
}

// boxMM is how wide an answer box prints when the tree spans widthMM.
func (p *ExercisePage) boxMM(widthMM float64) float64 {
	return p.boxW() / p.wsWidth() * widthMM
}

func (p *ExercisePage) boxW() float64 {
	if p.BoxW == 0 {
		return exInputW
	}
	return p.BoxW
}

// wsPad is the room the worksheet adds left and right of the exercise's
// margin for its wider boxes.
func (p *ExercisePage) wsPad() float64 { return max(0, p.boxW()/2+8-exMargin) }

func (p *ExercisePage) wsWidth() float64 { return p.Width + 2*exMargin + 2*p.wsPad() }

// wsViewBox is the worksheet drawing's viewBox: the exercise's, widened
// on both sides for the boxes.
func (p *ExercisePage) wsViewBox() string {
	return num(-p.wsPad()) + " 0 " + num(p.wsWidth()) + " " + num(p.Height+exMarginTop+70)
}

func (p *ExercisePage) wsBoxX() string { return num(-p.boxW() / 2) }

// SetKey fills in the answer key: every inner node's value or bound by id,
// the ids of the nodes a cutoff skips, and the prune rule in words.
func (p *ExercisePage) SetKey(values map[string]string, pruned []string, rule string) {
	for i, n := range p.Nodes {
		p.Nodes[i].Want = values[n.ID]
	}
	p.MarkPruned(pruned)
	p.Rule = rule
}

// MarkPruned crosses out the edges to the nodes with the given ids.
func (p *ExercisePage) MarkPruned(ids []string) {
	skip := map[string]bool{}
	for _, id := range ids {
		skip[id] = true
	}
	p.Pruned = 0
	for i, e := range p.Edges {
		p.Edges[i].Pruned = skip[e.Child]
		if skip[e.Child] {
			p.Pruned++
		}
	}
}

// ExerciseForm holds the exercise parameters as typed.
type ExerciseForm struct {
	Seed, Variant, B, D, Min, Max, MinCutoffs, Root, Prune string
	Deep, Distinct                                         bool
	// GDLZ is the game written in GDL the exercise is made of (its text
	// compressed, as /view takes it), "" for a random tree; GDLNote says
	// what the tree is then.
	GDLZ, GDLNote string
}

// ExerciseNode is one node of the exercise tree.
type ExerciseNode struct {
	ID, Name string
	X, Y     float64
	Leaf     bool
	Text     string // a leaf's value
	Max      bool   // a MAX node (else MIN)
	// MarkLeft puts the ✓ or ✗ left of the node's glyph: the side away
	// from the edge that comes in from a parent on its right.
	MarkLeft bool
	// Want is the answer key's entry for an inner node: its value or bound
	// in the worksheet's notation, "" when never visited.
	Want string
	// Window is the α and β predict mode shows at the start (the root's).
	Window string
	// Short is the name as drawn where it is wider than ExNameMax (a long
	// GDL move), shortened with "…"; the drawing's tooltip holds Name.
	// "" draws Name.
	Short string
}

// Names beside the exercise's triangles (.ex-name, bold, 18 units: 12.6
// px on a phone, at ExPhoneScale).
const (
	exNameFont = 18
	// ExNameMax is the widest name drawn whole beside a triangle: a GDL
	// move such as move_1_1_2_3 (about 140 units) still is; the tree's
	// spacing grows so that neighbours' names stand clear of each other.
	ExNameMax = 150
	exNameGap = 8 // the least room between two neighbours' names
)

func (n ExerciseNode) shownName() string {
	if n.Short != "" {
		return n.Short
	}
	return n.Name
}

// FitNames shortens the names wider than ExNameMax and says by how much
// the tree's spacing must grow (1 when it need not) so that no name
// reaches into a neighbour's name, triangle, mark or input box on its
// level.
func (p *ExercisePage) FitNames() float64 {
	levels := map[float64][]int{}
	for i, n := range p.Nodes {
		if n.Leaf {
			continue
		}
		if s := view.Abbreviate(n.Name, exNameFont, ExNameMax); s != n.Name {
			p.Nodes[i].Short = s
		}
		levels[n.Y] = append(levels[n.Y], i)
	}
	grow := 1.0
	for _, at := range levels {
		slices.SortFunc(at, func(a, b int) int { return int(math.Copysign(1, p.Nodes[a].X-p.Nodes[b].X)) })
		for k := 1; k < len(at); k++ {
			a, b := p.Nodes[at[k-1]], p.Nodes[at[k]]
			if gap := b.X - a.X; gap > 0 {
				grow = max(grow, (a.reach(true)+b.reach(false)+exNameGap)/gap)
			}
		}
	}
	return grow
}

// reach is how far an inner node's drawing reaches from its centre to
// the right (right) or the left: its input box, and its name on one side
// of the triangle and its ✓ or ✗ on the other.
func (n ExerciseNode) reach(right bool) float64 {
	side := float64(exMarkX + exNameFont)
	if right == n.MarkLeft {
		side = exGlyphR + 4 + view.TextEm(n.shownName())*exNameFont
	}
	return max(side, exInputW/2)
}

// ExerciseEdge is the edge from a parent to Child.
type ExerciseEdge struct {
	Child, Name, Parent string
	X1, Y1, X2, Y2      float64
	// ToLeaf is true when Child is drawn as a leaf (a box, no glyph): the
	// edge ends at the box, not at the glyph above an input.
	ToLeaf bool
	// Text is the leaf's value when ToLeaf: a screen reader names the leaf
	// by it, as the drawing does.
	Text string
	// Pruned is true when the search never follows the edge (a cutoff
	// skipped Child): the key crosses it out.
	Pruned bool
}

// ExerciseStep is one step of the search: its narration and the viewer at it.
type ExerciseStep struct {
	N    int
	Text string
	URL  string
}

// Geometry of the exercise drawing (SVG units). An inner node is its
// input box with the MAX/MIN triangle standing on it, where the edge from
// its parent ends, and the ✓ or ✗ beside the triangle: nothing sticks out
// sideways beyond the box, so neighbours need only the box's width.
const (
	// exMargin is the room left and right of the outermost nodes: half a
	// box and a little.
	exMargin    = exInputW/2 + 8
	exMarginTop = 50
	exLeafTop   = 16 // a leaf's box reaches 16 above its centre
	exGlyphR    = 10 // the MAX/MIN triangle above the input
	exGlyphY    = -30
	exGlyphTop  = exGlyphY - exGlyphR
	exMarkX     = 24 // the ✓ or ✗ beside the triangle (font size 22)
	exMarkY     = -22
	exInputW    = 88
	exInputH    = 36
	exWindowH   = 30
	exEdgeStart = 20 // an edge leaves its parent this far below the centre
	// exSideMarkX puts the ✓ or ✗ right of the box, where the nodes stand
	// far enough apart (the matchstick states).
	exSideMarkX = exInputW/2 + 14
)

// PrWindowX is where predict mode writes a node's α and β: two lines
// ending this far left of the node's centre, beside its answer box, where
// no edge runs (the viewer too writes them beside the node, not under
// it). PrWindowFont is their font size and PrWindowW the room they take
// ("α=−∞" or "β=20" at that size, bold; a window of the generator's
// default values fits); PrInnerSpacing is the least distance between
// neighbouring inner nodes of predict mode's tree, which leaves room for
// them between two boxes, and prPad the room left of the drawing for the
// left-most node's.
const (
	PrWindowX      = -(exInputW/2 + 6)
	PrWindowFont   = 15
	PrWindowW      = 50
	PrWindowLine   = 17
	PrInnerSpacing = exInputW + 6 + PrWindowW + 8
	prPad          = PrWindowW + 6 - (exMargin - exInputW/2)
)

// prViewBox is predict mode's viewBox: the exercise's, with room on the
// left for the α and β of the left-most node.
func (p *ExercisePage) prViewBox() string {
	return num(-prPad) + " 0 " + num(p.Width+2*exMargin+prPad) + " " + num(p.Height+exMarginTop+70)
}

// prPhoneWidth is predict mode's drawing's width on a phone, in px.
func (p *ExercisePage) prPhoneWidth() string {
	return num(ExPhoneScale * (p.Width + 2*exMargin + prPad))
}

// windowLines splits a window as predict mode writes it ("α=3 β=+∞") into
// its α and its β line.
func windowLines(w string) (alpha, beta string) {
	a, b, _ := strings.Cut(w, " ")
	return a, b
}

func (p *ExercisePage) viewBox() string {
	return "0 0 " + num(p.Width+2*exMargin) + " " + num(p.Height+exMarginTop+70)
}

// ExPhoneScale is the least scale at which an exercise's tree is drawn on
// a phone (its svg's width attribute, which exercise.css applies below 600
// px; wider screens fit the tree to its frame): a leaf's value of 18 units
// reads 12.6 px and an answer box of 88 units is 62 px wide, big enough to
// tap and type in. A tree wider than the phone scrolls in its frame.
const ExPhoneScale = 0.7

// phoneWidth is the drawing's width on a phone, in px.
func (p *ExercisePage) phoneWidth() string { return num(ExPhoneScale * (p.Width + 2*exMargin)) }

func exX(x float64) float64 { return x + exMargin }
func exY(y float64) float64 { return y + exMarginTop }

func (n ExerciseNode) transform() string {
	return "translate(" + num(exX(n.X)) + " " + num(exY(n.Y)) + ")"
}

func (n ExerciseNode) class() string {
	switch {
	case n.Leaf:
		return "ex-node leaf"
	case n.Max:
		return "ex-node max"
	}
	return "ex-node min"
}

// markX is where the ✓ or ✗ goes.
func (n ExerciseNode) markX() string {
	if n.MarkLeft {
		return num(-exMarkX)
	}
	return num(exMarkX)
}

// nameX and nameAnchor put the node's name beside its triangle, on the
// side the ✓ or ✗ leaves free.
func (n ExerciseNode) nameX() string {
	if n.MarkLeft {
		return num(exGlyphR + 4)
	}
	return num(-exGlyphR - 4)
}

func (n ExerciseNode) nameAnchor() string {
	if n.MarkLeft {
		return "start"
	}
	return "end"
}

func (n ExerciseNode) kindName() string {
	if n.Max {
		return "MAX"
	}
	return "MIN"
}

// glyph is the node's kind, standing on its input: a triangle pointing up
// for MAX, down for MIN; the edge from the parent ends at its top.
func (n ExerciseNode) glyph() string {
	r, y := float64(exGlyphR), float64(exGlyphY)
	if n.Max {
		return "M0 " + num(y-r) + " L" + num(r) + " " + num(y+r*0.8) + " L" + num(-r) + " " + num(y+r*0.8) + " Z"
	}
	return "M" + num(-r) + " " + num(y-r) + " L" + num(r) + " " + num(y-r) + " L0 " + num(y+r*0.8) + " Z"
}

func (e ExerciseEdge) x1() string { return num(exX(e.X1)) }
func (e ExerciseEdge) y1() string { return num(exY(e.Y1) + exEdgeStart) }
func (e ExerciseEdge) x2() string { return num(exX(e.X2)) }
func (e ExerciseEdge) y2() string {
	if e.ToLeaf {
		return num(exY(e.Y2) - exLeafTop)
	}
	return num(exY(e.Y2) + exGlyphTop)
}

// mark is the cross drawn across a marked edge, three fifths of the way
// down, where neighbouring edges to leaves stand apart enough for their
// crosses not to meet.
func (e ExerciseEdge) mark() string {
	const t, h = 0.6, 7
	mx, my := exX(e.X1)+t*(exX(e.X2)-exX(e.X1)), exY(e.Y1)+t*(exY(e.Y2)-exY(e.Y1))
	return "M" + num(mx-h) + " " + num(my-h) + " L" + num(mx+h) + " " + num(my+h) +
		" M" + num(mx+h) + " " + num(my-h) + " L" + num(mx-h) + " " + num(my+h)
}

// notation picks the symbol or the ASCII form.
func notation(p *ExercisePage, symbols, ascii string) string {
	if p.Notation == "ascii" {
		return ascii
	}
	return symbols
}

func keyText(ctx context.Context, want string) string {
	if want == "" {
		return T(ctx, "worksheet.never")
	}
	return want
}

func (n ExerciseNode) box() string { return num(-exInputW / 2) }

func worksheetLabel(ctx context.Context, key bool) string {
	if key {
		return T(ctx, "worksheet.aria.key")
	}
	return T(ctx, "worksheet.aria.blank")
}

// worksheetRule is the exercise's prune rule in words, in the page's
// language and the worksheet's notation.
func worksheetRule(ctx context.Context, p *ExercisePage) string {
	rule := T(ctx, "worksheet.rule.ge")
	if p.Prune == "gt" {
		rule = T(ctx, "worksheet.rule.gt")
	}
	if p.Notate == nil {
		return rule
	}
	return p.Notate(rule)
}

// Matchsticks is the lecture's matchstick exercise: 5 matches, take 1 or 2,
// whoever takes the last match loses.
type Matchsticks struct {
	Assets        Assets
	RoomScenario  string // as ExercisePage's
	CSS           string // address of exercise.css
	Nodes         []MatchNode
	Edges         []ExerciseEdge // Name is the move ("take 2")
	Width, Height float64
	Moves         []MatchMove // MAX's first moves
	Move          string      // the move the student named (matches taken)
	BestTake      string      // the winning move
	// Checked is true once the answers are graded; Score of Total items.
	Checked      bool
	Score, Total int
	MoveOK       bool
	MoveNote     string
	MoveWhy      string // why the winning move wins
	Error, Field string
	ViewURL      string // the viewer on the game, minimax
}

// MatchNode is one state of the game: Left matches, MAX or MIN to move.
type MatchNode struct {
	ID    string
	X, Y  float64
	Max   bool
	Leaf  bool
	Left  string
	Value string // the student's answer
	// Want and Why are the engine's value and how it comes about; State
	// is "right", "wrong" or "" before a check; Note says what is wrong.
	Want, Why, State, Note string
	OK                     bool
	// Path is the matches taken on the way from the root ("1, 2"), which
	// tells two states with as many matches apart; "" at the root.
	Path string
}

// MatchMove is one of MAX's first moves.
type MatchMove struct {
	Take, Child, Value string
	Best               bool
}

// matchPad widens the matchstick drawing on both sides: every state has
// its count of matches left of its box and its ✓ or ✗ right of it, beyond
// the exercise's margin.
const matchPad = exSideMarkX + 17 - exMargin

// matchShift moves the matchstick drawing right by matchPad.
var matchShift = "translate(" + num(matchPad) + " 0)"

func (m *Matchsticks) viewBox() string {
	return "0 0 " + num(m.Width+2*exMargin+2*matchPad) + " " + num(m.Height+exMarginTop+40)
}

// phoneWidth is the drawing's width on a phone, in px (see ExPhoneScale).
func (m *Matchsticks) phoneWidth() string {
	return num(ExPhoneScale * (m.Width + 2*exMargin + 2*matchPad))
}

func (n MatchNode) transform() string {
	return "translate(" + num(exX(n.X)) + " " + num(exY(n.Y)) + ")"
}

func (n MatchNode) class() string {
	c := "ex-node min"
	if n.Max {
		c = "ex-node max"
	}
	if n.State != "" {
		c += " " + n.State
	}
	return c
}

func (n MatchNode) glyph() string { return ExerciseNode{Max: n.Max}.glyph() }

// labelIn names a state in the page's language as the tree draws it:
// "3 left, MAX to move (taken 1, 1)", the root without what was taken.
func (n MatchNode) labelIn(ctx context.Context) string {
	who := "MIN"
	if n.Max {
		who = "MAX"
	}
	if n.Path == "" {
		return T(ctx, "ms.state-root", "Left", n.Left, "Who", who)
	}
	return T(ctx, "ms.state", "Left", n.Left, "Who", who, "Path", n.Path)
}

func (n MatchNode) mark() string {
	switch n.State {
	case "right":
		return "✓"
	case "wrong":
		return "✗"
	}
	return ""
}

// midX and anchor place a move's label beside its edge's middle, on the
// outer side, so the labels of neighbouring edges do not meet.
func (e ExerciseEdge) midX() string {
	x := (exX(e.X1) + exX(e.X2)) / 2
	if e.X2 < e.X1 {
		return num(x - 8)
	}
	return num(x + 8)
}

func (e ExerciseEdge) anchor() string {
	if e.X2 < e.X1 {
		return "end"
	}
	return "start"
}
func (e ExerciseEdge) midY() string { return num((exY(e.Y1)+exY(e.Y2))/2 + 4) }

func matchState(ok bool) string {
	if ok {
		return "right"
	}
	return "wrong"
}

// rightID is the message that says a part of an answer is right or
// wrong.
func rightID(ok bool) string {
	if ok {
		return "exercise.feedback.right"
	}
	return "exercise.feedback.wrong"
}

// resetURL starts the matchsticks exercise over in the page's language.
func resetURL(ctx context.Context) string {
	return "/exercise/matchsticks?lang=" + Lang(ctx)
}

// PredictQ is one question of predict mode, as the page holds it: what
// it asks, never its answer nor what the search shows once it is answered
// (the server sends that with the verdict, POST /api/exercise/predict).
type PredictQ struct {
	// Kind is "enter", "cut" or "window"; At is the node asked about.
	Kind, At string
	// Prompt is the question in words.
	Prompt string
	// Which is the letter a window question asks for (α or β).
	Which string
}

// nodeName names a node of the ordering exercise as the student reads it:
// an inner node by its name, a leaf by its value.
func (o *Ordering) nodeName(ctx context.Context, id string) string {
	for _, n := range o.Page.Nodes {
		if n.ID != id {
			continue
		}
		if n.Leaf {
			return T(ctx, "ord.leaf", "Value", n.Text)
		}
		return T(ctx, "ord.node", "Name", n.Name)
	}
	return T(ctx, "ord.node", "Name", id)
}

// Ordering is the ordering exercise: the exercise's tree in the order the
// student arranged, moves that swap neighbours, and the leaf counts.
type Ordering struct {
	Page ExercisePage // the tree as arranged (Page.Tree), laid out
	// Moves holds, for every node but the root, the links that swap it
	// with its left and right neighbour ("" where there is none).
	Moves []OrderMove
	// Goal is "most" (prune as much as possible) or "least" (as little).
	Goal string
	// Leaves is what alpha-beta evaluates in the arrangement shown; Best
	// with the best ordering, Worst with the worst, Optimum the goal's.
	Leaves, Best, Worst, Optimum int
	// Reached is true when the arrangement meets the goal's optimum;
	// Score, Verdict and Counts say the result in words.
	Reached                bool
	Score, Verdict, Counts string
	// Reasons say which nodes are badly ordered for the goal, and why.
	Reasons []string
	Checked bool
	// Optimal is the tree in the goal's optimal order, its pruned edges
	// crossed out, and Page's edges are crossed out where the arrangement
	// prunes: shown side by side once checked.
	Optimal ExercisePage
	// OtherGoalURL starts the same exercise with the other goal.
	CheckURL, ResetURL, OtherGoalURL string
}

// OrderMove is the pair of swap links of one node.
type OrderMove struct {
	Node        string
	X, Y        float64
	Leaf        bool
	Left, Right string
}

// The swap arrows: under a leaf; right of an inner node's box, clear of
// the edges to its children.
func (m OrderMove) leftX() string {
	if m.Leaf {
		return num(exX(m.X) - 10)
	}
	return num(exX(m.X) - 30)
}

func (m OrderMove) rightX() string {
	if m.Leaf {
		return num(exX(m.X) + 10)
	}
	return num(exX(m.X) + 30)
}

func (m OrderMove) arrowY() string {
	if m.Leaf {
		return num(exY(m.Y) + 38)
	}
	return num(exY(m.Y) - 22)
}

// least is whether the student is to prune as little as possible.
func (o *Ordering) least() bool { return o.Goal == "least" }

// yoursCaption and optimalCaption say what the two trees of the checked
// ordering exercise show.
func (o *Ordering) yoursCaption(ctx context.Context) string {
	return T(ctx, "ord.caption.yours", "Leaves", N(ctx, "ord.leaves", o.Leaves), "Edges", N(ctx, "ord.edges", o.Page.Pruned))
}

func (o *Ordering) optimalCaption(ctx context.Context) string {
	id := "ord.caption.best"
	if o.least() {
		id = "ord.caption.worst"
	}
	return T(ctx, id, "Leaves", N(ctx, "ord.leaves", o.Optimum), "Edges", N(ctx, "ord.edges", o.Optimal.Pruned))
}

func prunedLabel(ctx context.Context, p *ExercisePage, which string) string {
	if which == "optimal" {
		return N(ctx, "ord.aria.optimal", p.Pruned)
	}
	return N(ctx, "ord.aria.yours", p.Pruned)
}

// worksheetHelp says how the worksheet prints.
func worksheetHelp(ctx context.Context, p *ExercisePage) string {
	if p.ShowKey {
		return T(ctx, "worksheet.help.key")
	}
	return T(ctx, "worksheet.help")
}

// exerciseTitleIn is the fill-in page's title in the page's language.
func exerciseTitleIn(ctx context.Context, p *ExercisePage) string {
	if p.Number == "" {
		return T(ctx, "exercise.title.none")
	}
	return T(ctx, "exercise.title", "Title", T(ctx, "exercise.number", "Number", p.Number))
}

// nodeLabel names an inner node with its kind, for a screen reader:
// "root (MAX)", "node 1.2 (MIN)".
func nodeLabel(ctx context.Context, n ExerciseNode) string {
	if n.ID == "" {
		return T(ctx, "exercise.node.root", "Kind", n.kindName())
	}
	return T(ctx, "exercise.node.id", "Name", n.Name, "Kind", n.kindName())
}

// edgeLabel is an edge as a screen reader says it, both ends named as the
// tree draws them (a leaf by its value, never by its id).
func edgeLabel(ctx context.Context, e ExerciseEdge) string {
	child := e.Name
	if e.ToLeaf && e.Text != "" {
		child = T(ctx, "exercise.node.leaf", "Value", e.Text)
	}
	return T(ctx, "exercise.aria.edge", "Parent", e.Parent, "Child", child)
}

// drawnName names a node as the tree draws it, for a screen reader: an
// inner node by its letter and kind, a leaf by its value.
func drawnName(ctx context.Context, n ExerciseNode) string {
	if n.Leaf {
		return T(ctx, "exercise.node.leaf", "Value", n.Text)
	}
	return nodeLabel(ctx, n)
}
