package tree

import (
	"errors"
	"fmt"
	"iter"
	"math"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/trace"
)

// Limits of what the parser accepts. Exceeding one is an *Error wrapping
// ErrLimit that names the limit.
const (
	MaxTextBytes = 1 << 20 // bytes of input text
	MaxNodes     = 100_000 // nodes in a parsed or built tree
	MaxDepth     = 64      // edges from the root to the deepest node
	MaxChildren  = 64      // children of one node
	MaxLabelLen  = 32      // bytes (= characters: labels are ASCII) of a label
	MaxMagnitude = 1e9     // absolute value of a leaf value or estimate, and of a and b in a probability a/b
)

// ProbTolerance is how far from 1 the given probabilities of a chance
// node's children may sum.
const ProbTolerance = 1e-6

// TwoPlyGameTree is the textbook's tree, named as the book names it:
// Russell & Norvig's "A two-ply game tree" (Figure 5.2 of the 3rd
// edition), with its labels: MAX at A, MIN at B, C and D; its minimax
// value is 3, and alpha-beta prunes C's last two leaves. Every example
// and test of the textbook tree uses it, or one of the variants below
// where a test or a page needs the same tree written another way.
const TwoPlyGameTree = "A(B(3 12 8) C(2 4 6) D(14 5 2))"

// The textbook tree written the other ways the pages, the examples and the
// tests need it. Each is the same tree of leaves as TwoPlyGameTree.
const (
	// TwoPlyGameTreePlain is the tree in the plain classroom notation,
	// without labels. Its nodes get the same names (A at the root, B to D
	// below it), but it prints, links and hashes as the unlabelled text.
	TwoPlyGameTreePlain = "((3 12 8) (2 4 6) (14 5 2))"
	// TwoPlyGameTreeChance has chance nodes with equal probabilities in
	// place of the MIN nodes: the tree of expectiminimax and Star1.
	TwoPlyGameTreeChance = "([chance](3 12 8) [chance](2 4 6) [chance](14 5 2))"
	// TwoPlyGameTreeEstimates carries static estimates on B, C and D, for
	// the searches that stop at a depth limit (iterative deepening,
	// aspiration windows, a depth-limited search at depth 1).
	TwoPlyGameTreeEstimates = "A(B[h=3](3 12 8) C[h=4](2 4 6) D[h=2](14 5 2))"
)

// HorizonDelayTree is the horizon effect with a delaying move: MAX's
// piece is lost whatever it does. Give gives it up at once (−3); Check
// checks, MIN's Reply costs MAX a pawn (−1), and the piece is lost
// later all the same (Lost, −4). Searched to depth 2 the loss after Check
// lies past the horizon and Check looks better (−1 against −3); to depth
// 4 the search sees it and gives the piece up.
const HorizonDelayTree = "A(Give(Taken[h=-3](D(-3 -3))) Check(Reply[h=-1](Later(Lost=-4))))"

// ExpectedValueTree is the lecture's expected value by category
// (Russell & Norvig; see Categories) in a tree: searched to depth 2, C's
// category ends in a win 72 % of the time, in a loss 20 % and in a draw
// 8 %, so C is worth 0.72 × (+1) + 0.20 × (−1) + 0.08 × 0 = 0.52; MIN's B
// takes it over D's 0.55, and alpha-beta prunes G once F's 0.1 is below
// α = 0.52. The leaves below the categories (a won, lost or drawn end)
// lie past the depth limit.
const ExpectedValueTree = "A(B(C[win=72% loss=20% draw=8%](1 -1 0) D[win=60% loss=5% draw=35%](1 0)) " +
	"E(F[win=50% loss=40% draw=10%](0 -1) G[win=90% loss=5% draw=5%](1 1)))"

// ErrLimit is wrapped by every error that reports an exceeded limit, so
// callers can tell "too big" from "malformed" with errors.Is.
var ErrLimit = errors.New("limit exceeded")

// Error is a syntax or validation error in tree text, or a validation error
// in a tree built in code.
type Error struct {
	// Line and Col are 1-based; Col counts characters (runes), not bytes.
	// Both are 0 when the error has no position in a text (input too long,
	// trees built in code, random-tree recipes).
	Line, Col int
	// Offset is the byte offset in the text (meaningful when Line > 0).
	Offset int
	// Msg says what was expected and what was found, without the
	// "tree: line L, column C: " prefix.
	Msg string
	// Err is ErrLimit for exceeded limits, nil otherwise.
	Err error
	// Phrase is Msg not yet put into words (a message of [English] and
	// its arguments), for a page to word in its language; Msg is its
	// English. An Error made by hand may leave it empty.
	Phrase trace.Phrase
}

// newError makes an error whose message is phrase msg, worded in English
// in Msg.
func newError(line, col, off int, err error, msg trace.Phrase) *Error {
	return &Error{Line: line, Col: col, Offset: off, Msg: english(msg), Phrase: msg, Err: err}
}

// Error formats the error as "tree: line L, column C: msg", or "tree: msg"
// when it has no position.
func (e *Error) Error() string {
	if e.Line <= 0 {
		return "tree: " + e.Msg
	}
	return "tree: line " + strconv.Itoa(e.Line) + ", column " + strconv.Itoa(e.Col) + ": " + e.Msg
}

// Unwrap returns ErrLimit for exceeded limits, nil otherwise.
func (e *Error) Unwrap() error { return e.Err }

// Node is one node of an explicit tree.
type Node struct {
	Label string // optional label, "" if none
	// Name is what people see and read for an inner node (see nameNodes):
	// its label, else the textbook's letter; a leaf's is its label or "",
	// as a leaf is named by its value. Parsing and building set it.
	Name    string
	Kind    trace.Kind // who decides here, after resolution (see the package doc)
	KindSet bool       // the text (or the builder) gave the kind explicitly
	// Size is the number of nodes in the node's subtree, itself included,
	// as the tree was last resolved (Parse, Build, SetRoot): the drawings
	// ask for it often (fold counts), and counting the subtree of a large
	// random tree's root anew took tens of milliseconds. It is 0 in a node
	// made by hand and not resolved since. (An int32 beside Kind fills
	// what was padding; a tree has at most MaxRandomNodes nodes.)
	Size int32

	// Value is a leaf's value for MAX. In n-player trees it is Vec[0].
	// Inner nodes have Value 0.
	Value float64
	// Vec is a leaf's value vector in n-player trees (one per player); nil
	// in scalar trees and for inner nodes.
	Vec []float64

	// Estimate is the static evaluation of an inner node, valid when
	// HasEstimate; in n-player trees it is EstimateVec[0]. Leaves never
	// have an estimate: their value is their estimate.
	Estimate    float64
	EstimateVec []float64 // n-player trees: the estimate vector
	HasEstimate bool
	// Shares give an inner node's estimate as an expected value by
	// category: the percentages of the positions of its kind that end in
	// a win, a loss and a draw (tags win=72% loss=20% draw=8%), valued
	// CategoryValues. When HasShares, HasEstimate is set too and Estimate
	// is that expected value.
	Shares    [3]float64
	HasShares bool
	// Utilities are the values of a win, a loss and a draw the shares are
	// weighed with, set by Tree.SetUtilities; nil means CategoryValues.
	Utilities *[3]float64

	// Prob is the probability of this node as a child of a CHANCE node,
	// and 0 for children of other nodes and for the root. ProbSet says
	// the text gave it; when no child of a chance node gives one, each of
	// its n children has Prob 1/n and ProbSet false.
	Prob    float64
	ProbSet bool

	Children []*Node // in natural order; nil (or empty) for leaves

	ID        string // path of child indices: root "", "2", "2.0" (see trace.ChildID)
	Depth     int    // edges from the root
	Line, Col int    // position of the node in the source text (1-based); 0 if not parsed
}

// IsLeaf reports whether n has no children.
func (n *Node) IsLeaf() bool { return len(n.Children) == 0 }

// Tree is an explicit game tree.
type Tree struct {
	Root    *Node
	Players int // 0 for scalar trees, n ≥ 2 for trees with vector leaves
	Size    int // number of nodes
	Leaves  int // number of leaves
	Height  int // depth of the deepest node (0 for a single leaf)
	// RootOption is the root kind the implicit kinds were resolved with
	// (Options.Root or the last SetRoot), as given: in n-player trees Max
	// and Min stand for player 1. The printer omits exactly the kind tags
	// this resolution would restore.
	RootOption trace.Kind
}

// Options control parsing and building.
type Options struct {
	// Root is the kind of the root when it has no kind tag. The zero value
	// is trace.Max; in n-player trees trace.Max and trace.Min mean player 1.
	Root trace.Kind
}

// SetRoot re-resolves the kinds of all untagged nodes (KindSet false) as
// if the tree had been parsed with Options{Root: k}; tagged nodes keep their
// kinds, and the implied probabilities of chance nodes are set again. It
// fails, leaving the tree as it was, if k does not suit the tree (a player
// kind in a scalar tree, or p5 in a 3-player tree; Max and Min always suit,
// meaning p1 in n-player trees) or if the root's children carry
// probabilities and k makes an untagged root a non-chance node.
func (t *Tree) SetRoot(k trace.Kind) error {
	old := t.RootOption
	if err := t.resolve(k); err != nil {
		if err2 := t.resolve(old); err2 != nil {
			panic("tree: cannot restore kinds after failed SetRoot: " + err2.Error())
		}
		return err
	}
	return nil
}

// Find returns the node with the given id ("" is the root, "2.0" the first
// child of the root's third child), or nil if there is none. Ids are
// canonical: "02" and "+2" find nothing.
func (t *Tree) Find(id string) *Node {
	if t == nil || t.Root == nil {
		return nil
	}
	n := t.Root
	if id == "" {
		return n
	}
	for part := range strings.SplitSeq(id, ".") {
		i, err := strconv.Atoi(part)
		if err != nil || i < 0 || i >= len(n.Children) || strconv.Itoa(i) != part {
			return nil
		}
		n = n.Children[i]
	}
	return n
}

// All yields every node in preorder (a node before its children, children
// in natural order). Stopping the iteration early is allowed.
func (t *Tree) All() iter.Seq[*Node] {
	return func(yield func(*Node) bool) {
		if t == nil || t.Root == nil {
			return
		}
		walk(t.Root, yield)
	}
}

func walk(n *Node, yield func(*Node) bool) bool {
	if !yield(n) {
		return false
	}
	for _, c := range n.Children {
		if !walk(c, yield) {
			return false
		}
	}
	return true
}

// Names is every node's name as drawn (Game.Label: its label, else the
// textbook's letter for an inner node, else a leaf's value), by id: what a
// student who writes the nodes a search visits calls them. Nil for no tree.
func (t *Tree) Names() map[string]string {
	var names map[string]string
	for n := range t.All() {
		if names == nil {
			names = map[string]string{}
		}
		names[n.ID] = Game{}.Label(n)
	}
	return names
}

// Uniform reports whether every inner node has the same number b of
// children and every leaf is at the same depth d, and returns b and d. A
// single leaf is uniform with b = 0, d = 0.
func (t *Tree) Uniform() (b, d int, ok bool) {
	if t == nil || t.Root == nil {
		return 0, 0, false
	}
	b = len(t.Root.Children)
	d = t.Height
	for n := range t.All() {
		if n.IsLeaf() {
			if n.Depth != d {
				return 0, 0, false
			}
		} else if len(n.Children) != b {
			return 0, 0, false
		}
	}
	return b, d, true
}

// Equal reports whether a and b are the same tree: the same shape, labels,
// kinds, values, vectors, estimates and probabilities (with ProbSet), and
// the same number of players. It ignores KindSet, ids, depths and
// positions, which printing does not preserve or which follow from the
// shape.
func Equal(a, b *Tree) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a.Players != b.Players {
		return false
	}
	return equalNode(a.Root, b.Root)
}

func equalNode(a, b *Node) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a.Label != b.Label || a.Kind != b.Kind || a.Value != b.Value ||
		!equalVec(a.Vec, b.Vec) || a.HasEstimate != b.HasEstimate ||
		a.Prob != b.Prob || a.ProbSet != b.ProbSet || len(a.Children) != len(b.Children) {
		return false
	}
	if a.HasEstimate && (a.Estimate != b.Estimate || !equalVec(a.EstimateVec, b.EstimateVec)) {
		return false
	}
	if a.HasShares != b.HasShares || a.Shares != b.Shares {
		return false
	}
	for i := range a.Children {
		if !equalNode(a.Children[i], b.Children[i]) {
			return false
		}
	}
	return true
}

func equalVec(a, b []float64) bool {
	if (a == nil) != (b == nil) || len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// describe names a node in messages: `min node "B"` by label, else
// `min node "2.0"` by id, or `the root min node`.
// describe names node n in a message: noun is the ID of a message that
// names it by its label or id (tree.node: node "B"); noun + ".root" names
// an unlabelled root (the root node). kv are further arguments (Kind).
func describe(n *Node, noun string, kv ...any) trace.Phrase {
	switch {
	case n.Label != "":
		return say(noun, append(kv, "Name", strconv.Quote(n.Label))...)
	case n.ID == "":
		return say(noun+".root", kv...)
	}
	return say(noun, append(kv, "Name", strconv.Quote(n.ID))...)
}

// nodeErr reports an error at node n's position: message id with argument
// pairs.
func nodeErr(n *Node, err error, id string, kv ...any) *Error {
	return newError(n.Line, n.Col, 0, err, say(id, kv...))
}

// first is the kind of the first mover: MAX, or player 1 in n-player trees.
func first(players int) trace.Kind {
	if players > 0 {
		return trace.Player(1)
	}
	return trace.Max
}

// rootKind turns a root option into the root's implied kind.
func rootKind(opt trace.Kind, players int) (trace.Kind, error) {
	switch {
	case opt == trace.Chance:
		return opt, nil
	case players == 0 && (opt == trace.Max || opt == trace.Min):
		return opt, nil
	case players > 0 && (opt == trace.Max || opt == trace.Min):
		return trace.Player(1), nil
	case opt.PlayerIndex() > 0 && players == 0:
		return 0, newError(0, 0, 0, nil, say("tree.err.root-players", "Kind", opt))
	case opt.PlayerIndex() > 0 && opt.PlayerIndex() > players:
		return 0, newError(0, 0, 0, nil, say("tree.err.root-over", "Kind", opt, "N", players))
	case opt.PlayerIndex() > 0:
		return opt, nil
	}
	return 0, newError(0, 0, 0, nil, say("tree.err.root-unknown", "Kind", opt))
}

// childImplied is the kind an untagged child of a node of kind k gets, when
// the node itself would have had kind implied without a tag.
func childImplied(k, implied trace.Kind, players int) trace.Kind {
	switch k {
	case trace.Max:
		return trace.Min
	case trace.Min:
		return trace.Max
	case trace.Chance:
		if implied == trace.Chance {
			return first(players)
		}
		return implied
	}
	if p := k.PlayerIndex(); p > 0 && players > 0 {
		return trace.Player(p%players + 1)
	}
	return first(players)
}

func checkKind(n *Node, players int) *Error {
	k := n.Kind
	switch {
	case k == trace.Chance:
		return nil
	case k == trace.Max || k == trace.Min:
		if players > 0 {
			return nodeErr(n, nil, "tree.err.kind-n", "Node", describe(n, "tree.node"), "Kind", k, "N", players)
		}
		return nil
	case k.PlayerIndex() > 0:
		if players == 0 {
			return nodeErr(n, nil, "tree.err.kind-player", "Node", describe(n, "tree.node"), "Kind", k)
		}
		if k.PlayerIndex() > players {
			return nodeErr(n, nil, "tree.err.kind-over", "Node", describe(n, "tree.node"), "Kind", k, "N", players)
		}
		return nil
	}
	return nodeErr(n, nil, "tree.err.kind-unknown", "Node", describe(n, "tree.node"), "Kind", k)
}

// resolve gives every untagged node its kind for root option opt, checks
// the tagged kinds, the estimates' shapes and the probabilities, and sets
// the implied probabilities.
func (t *Tree) resolve(opt trace.Kind) error {
	rk, err := rootKind(opt, t.Players)
	if err != nil {
		e := err.(*Error)
		return newError(t.Root.Line, t.Root.Col, 0, e.Err, e.Phrase)
	}
	t.Root.Prob, t.Root.ProbSet = 0, false
	if err := t.resolveNode(t.Root, rk); err != nil {
		return err
	}
	t.RootOption = opt
	nameNodes(t.Root)
	return nil
}

func (t *Tree) resolveNode(n *Node, implied trace.Kind) error {
	np := t.Players
	if n.KindSet {
		if err := checkKind(n, np); err != nil {
			return err
		}
	} else {
		n.Kind = implied
	}
	if err := checkEstimate(n, np); err != nil {
		return err
	}
	n.Size = 1
	if len(n.Children) == 0 {
		return nil
	}
	if err := resolveProbs(n); err != nil {
		return err
	}
	ci := childImplied(n.Kind, implied, np)
	for _, c := range n.Children {
		if err := t.resolveNode(c, ci); err != nil {
			return err
		}
		n.Size += c.Size
	}
	return nil
}

// checkEstimate checks that n's estimate, if it has one, is a number in a
// tree of one player's values and a vector of np values otherwise.
func checkEstimate(n *Node, np int) error {
	if !n.HasEstimate {
		return nil
	}
	switch {
	case np > 0 && n.EstimateVec == nil:
		return nodeErr(n, nil, "tree.err.estimate-number", "Node", describe(n, "tree.node"), "N", np)
	case np > 0 && len(n.EstimateVec) != np:
		return nodeErr(n, nil, "tree.err.estimate-len", "Node", describe(n, "tree.node"), "Want", len(n.EstimateVec), "N", np)
	case np == 0 && n.EstimateVec != nil:
		return nodeErr(n, nil, "tree.err.estimate-vector", "Node", describe(n, "tree.node"))
	}
	return nil
}

// resolveProbs gives the children of the inner node n their
// probabilities: given for all or none of a chance node's children (1/n
// each when none), summing to 1, and none below other nodes.
func resolveProbs(n *Node) error {
	if n.Kind != trace.Chance {
		for _, c := range n.Children {
			if c.ProbSet {
				return nodeErr(c, nil, "tree.err.prob-parent",
					"Node", describe(c, "tree.child"), "Parent", describe(n, "tree.kind-node", "Kind", n.Kind))
			}
			c.Prob = 0
		}
		return nil
	}
	set := 0
	for _, c := range n.Children {
		if c.ProbSet {
			set++
		}
	}
	switch {
	case set == 0:
		p := 1 / float64(len(n.Children))
		for _, c := range n.Children {
			c.Prob = p
		}
	case set < len(n.Children):
		return probsMixed(n)
	default:
		sum := 0.0
		for _, c := range n.Children {
			sum += c.Prob
		}
		if math.Abs(sum-1) > ProbTolerance {
			return nodeErr(n, nil, "tree.err.prob-sum", "Node", describe(n, "tree.chance-node"), "Number", strconv.FormatFloat(sum, 'g', 10, 64))
		}
	}
	return nil
}

// probsMixed names the first child of the chance node n that differs from
// the first child in having a probability.
func probsMixed(n *Node) error {
	c0 := n.Children[0]
	for _, c := range n.Children[1:] {
		if c.ProbSet != c0.ProbSet {
			with, without := c0, c
			if c.ProbSet {
				with, without = c, c0
			}
			return nodeErr(c, nil, "tree.err.prob-some",
				"Node", describe(n, "tree.chance-node"), "With", describe(with, "tree.child"), "Without", describe(without, "tree.child"))
		}
	}
	return nil
}

// Build completes a tree whose nodes were made in code: it fills in every
// node's ID and Depth and the tree's Size, Leaves, Height and Players (from
// the leaves' Vec), checks what the parser checks (limits, labels, finite
// values within MaxMagnitude, vector lengths, probabilities in (0, 1] summing
// to 1, kinds), and resolves the kinds of nodes with KindSet false as Parse
// does with opts. It normalises as Parse does: Value is Vec[0] for vector
// leaves, inner nodes get Value 0 and Vec nil, -0 becomes 0, the root's
// probability is cleared, and children of chance nodes without given
// probabilities get 1/n. Each node must appear in the tree once. On error
// the nodes may have been partly modified.
func Build(root *Node, opts Options) (*Tree, error) {
	return build(root, opts.Root, MaxNodes)
}

func build(root *Node, opt trace.Kind, maxNodes int) (*Tree, error) {
	if root == nil {
		return nil, newError(0, 0, 0, nil, say("tree.err.no-root"))
	}
	assignIDs(root)
	b := builder{t: &Tree{Root: root}, maxNodes: maxNodes, players: -1}
	if err := b.node(root, 0); err != nil {
		return nil, err
	}
	b.t.Players = max(b.players, 0)
	if err := b.t.resolve(opt); err != nil {
		return nil, err
	}
	return b.t, nil
}

type builder struct {
	t         *Tree
	maxNodes  int
	players   int   // -1 until the first leaf
	firstLeaf *Node // the leaf that fixed players
}

func checkValue(n *Node, what string, v float64) *Error {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return nodeErr(n, nil, "tree.err.value-nan", "What", what, "Node", describe(n, "tree.node"), "Number", fmt.Sprint(v))
	}
	if math.Abs(v) > MaxMagnitude {
		return nodeErr(n, ErrLimit, "tree.err.value-range", "What", what, "Node", describe(n, "tree.node"), "Number", fmt.Sprint(v))
	}
	return nil
}

func (b *builder) node(n *Node, depth int) error {
	if err := b.check(n, depth); err != nil {
		return err
	}
	if len(n.Children) == 0 {
		if err := b.leaf(n); err != nil {
			return err
		}
	} else if err := inner(n); err != nil {
		return err
	}
	for i, c := range n.Children {
		if c == nil {
			return nodeErr(n, nil, "tree.err.nil-child", "N", i, "Node", describe(n, "tree.node"))
		}
		if err := b.node(c, depth+1); err != nil {
			return err
		}
	}
	return nil
}

// check counts n, at depth, and checks it against the tree's limits and
// its label and probability against what the parser accepts.
func (b *builder) check(n *Node, depth int) error {
	t := b.t
	t.Size++
	if t.Size > b.maxNodes {
		name := "MaxNodes"
		if b.maxNodes == MaxRandomNodes {
			name = "MaxRandomNodes"
		}
		return nodeErr(n, ErrLimit, "tree.err.nodes", "Name", name, "Max", b.maxNodes)
	}
	if depth > MaxDepth {
		return nodeErr(n, ErrLimit, "tree.err.node-depth", "Node", describe(n, "tree.node"), "Depth", depth, "Max", MaxDepth)
	}
	t.Height = max(t.Height, depth)
	if len(n.Children) > MaxChildren {
		return nodeErr(n, ErrLimit, "tree.err.node-children", "Node", describe(n, "tree.node"), "N", len(n.Children), "Max", MaxChildren)
	}
	if n.Label != "" {
		if len(n.Label) > MaxLabelLen {
			return nodeErr(n, ErrLimit, "tree.err.label-long", "Name", strconv.Quote(truncate(n.Label)), "N", len(n.Label), "Max", MaxLabelLen)
		}
		if !validLabel(n.Label) {
			return nodeErr(n, nil, "tree.err.label", "Name", strconv.Quote(n.Label), "ID", strconv.Quote(n.ID))
		}
	}
	if n.ProbSet && !(n.Prob > 0 && n.Prob <= 1) {
		return nodeErr(n, nil, "tree.err.node-prob", "Number", fmt.Sprint(n.Prob), "Node", describe(n, "tree.node"))
	}
	return nil
}

// leaf checks and normalises the leaf n's value (or vector), which must
// have as many players' values as the first leaf's.
func (b *builder) leaf(n *Node) error {
	b.t.Leaves++
	if n.HasEstimate {
		return nodeErr(n, nil, "tree.err.leaf-h", "Node", describe(n, "tree.node"))
	}
	n.Estimate, n.EstimateVec = 0, nil
	if n.Vec != nil {
		if len(n.Vec) < 2 || len(n.Vec) > trace.MaxPlayers {
			return nodeErr(n, nil, "tree.err.leaf-vector", "Node", describe(n, "tree.leaf"), "N", len(n.Vec), "Max", trace.MaxPlayers)
		}
		if err := checkValues(n, "value", n.Vec); err != nil {
			return err
		}
		n.Value = n.Vec[0]
	} else {
		if err := checkValue(n, "value", n.Value); err != nil {
			return err
		}
		n.Value += 0
	}
	switch {
	case b.players < 0:
		b.players, b.firstLeaf = len(n.Vec), n
	case b.players != len(n.Vec):
		return nodeErr(n, nil, "tree.err.leaf-mixed",
			"Node", describe(n, "tree.leaf"), "Found", shape(len(n.Vec)), "ID", strconv.Quote(b.firstLeaf.ID), "Want", shape(b.players))
	}
	return nil
}

// inner clears the inner node n's value and checks and normalises its
// estimate, if it has one.
func inner(n *Node) error {
	n.Value, n.Vec = 0, nil
	switch {
	case !n.HasEstimate:
		n.Estimate, n.EstimateVec = 0, nil
	case n.EstimateVec != nil:
		if err := checkValues(n, "estimate", n.EstimateVec); err != nil {
			return err
		}
		if len(n.EstimateVec) > 0 {
			n.Estimate = n.EstimateVec[0]
		}
	default:
		if err := checkValue(n, "estimate", n.Estimate); err != nil {
			return err
		}
		n.Estimate += 0
	}
	return nil
}

// checkValues checks each of n's values vs (its what: "value" or
// "estimate") and turns -0 into 0.
func checkValues(n *Node, what string, vs []float64) error {
	for i, v := range vs {
		if err := checkValue(n, what, v); err != nil {
			return err
		}
		vs[i] = v + 0 // -0 becomes 0
	}
	return nil
}

// assignIDs sets the ID and Depth of every node down to depth MaxDepth+1
// (deeper nodes are an error anyway, and a cycle must not hang it). All ids
// are cut from one string: one allocation instead of one per node.
func assignIDs(root *Node) {
	root.ID, root.Depth = "", 0
	var length func(n *Node, plen, depth int) int
	length = func(n *Node, plen, depth int) int {
		total := 0
		for i, c := range n.Children {
			if c == nil {
				continue
			}
			l := 1
			if i >= 10 {
				l = len(strconv.Itoa(i))
			}
			if depth > 0 {
				l += plen + 1
			}
			total += l
			if depth+1 <= MaxDepth {
				total += length(c, l, depth+1)
			}
		}
		return total
	}
	var sb strings.Builder
	sb.Grow(length(root, 0, 0))
	var num [20]byte
	var walk func(n *Node, depth int)
	walk = func(n *Node, depth int) {
		for i, c := range n.Children {
			if c == nil {
				continue
			}
			start := sb.Len()
			if depth > 0 {
				sb.WriteString(n.ID)
				sb.WriteByte('.')
			}
			sb.Write(strconv.AppendInt(num[:0], int64(i), 10))
			// A Builder never changes what it has written, so this
			// substring stays valid.
			c.ID, c.Depth = sb.String()[start:], depth+1
			if depth+1 <= MaxDepth {
				walk(c, depth+1)
			}
		}
	}
	walk(root, 0)
}

func shape(players int) trace.Phrase {
	if players == 0 {
		return say("tree.shape.number")
	}
	return say("tree.shape.vector", "N", players)
}

func isIdentStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
}

func isIdentChar(c byte) bool {
	return isIdentStart(c) || c >= '0' && c <= '9' || c == '\''
}

func validLabel(s string) bool {
	if s == "" || !isIdentStart(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isIdentChar(s[i]) {
			return false
		}
	}
	return true
}

// truncate shortens s for a message.
func truncate(s string) string {
	const n = 40
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
