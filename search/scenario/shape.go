package scenario

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/nim"
	"github.com/abtrace/abtrace/search/tictactoe"
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

// MaxDrawn is how many nodes a drawing holds before deeper levels are folded.
const MaxDrawn = 2000

// MaxOpen is how many more nodes opening one fold may draw.
const MaxOpen = 500

// MaxOpenFolds is how many folds ShapeOptions.Open may list, so that a
// drawing stays below MaxDrawn + MaxOpenFolds·MaxOpen nodes.
const MaxOpenFolds = 32

// MaxTotal is the largest Total reported: a subtree with more nodes (only
// large matchstick games have them) reports MaxTotal. It is the largest
// integer a JSON number carries exactly to JavaScript.
const MaxTotal = 1<<53 - 1

// ShapeOptions say how much of the tree Search.Shape draws.
type ShapeOptions struct {
	MaxDrawn int      // 0 means MaxDrawn
	Open     []string // ids of folded nodes the viewer opened (each adds up to MaxOpen nodes under it)
}

// Shape enumerates the scenario's tree for drawing: whole levels from the
// root while the drawn count stays ≤ MaxDrawn; nodes of the last drawn
// level that have children become Folded. Every node's Total is the size
// of its full subtree in the game, so a fold glyph can say "visited / pruned / total".
//
// Children are in the game's natural order, so the ids are paths of
// natural child indices as in the search's events. With a depth limit the
// tree stops there: nodes at the limit that are not terminal are drawn as
// leaves with Text "" (the search evaluates them), and Totals count nodes
// down to the limit only.
//
// What a node shows: explicit and random trees give leaves their value as
// Text (trace.Num.String) and every node its Label and, below a chance
// node, its Prob; tic-tac-toe gives every node its Board and terminal
// positions their utility as Text (the search's: ±100 for a win when a
// depth limit is set, else ±1); matchsticks give every node the matches
// left as Text.
//
// Opening folds: the ids in opt.Open are taken parents first (by depth,
// then in the order given). Each one that is then a folded node of the
// drawing is opened: its subtree is drawn level by level while the nodes
// added under it stay ≤ MaxOpen (its children are drawn in any case), and
// the inner nodes of the last level drawn fold again. Ids of nodes that
// exist but are not folded at that point (already open, not drawn, leaves)
// are ignored, so a stale list does no harm. An id that names no node of
// the tree, or more than MaxOpenFolds ids, is a *UsageError.
//
// Shape may be called concurrently.
func (p *Search) Shape(opt ShapeOptions) (*trace.Shape, error) {
	if p.shaper == nil {
		return nil, errNotPrepared
	}
	return p.shaper.shape(opt)
}

// SubtreeSize is the number of nodes below and including the node id in
// the full tree (for fold counts of pruned subtrees), counted down to the
// depth limit if there is one; it equals the node's Total in Shape. An id
// that names no node is a *UsageError.
func (p *Search) SubtreeSize(id string) (int, error) {
	if p.shaper == nil {
		return 0, errNotPrepared
	}
	return p.shaper.subtreeSize(id)
}

// Describe returns the kind and display facts of any node id, drawn or not
// (the viewer names nodes in folds): a Shape as Shape would draw it, with
// Total filled, without Children, and with Folded true exactly when the
// node has children in the tree. An id that names no node is a
// *UsageError.
func (p *Search) Describe(id string) (trace.Shape, error) {
	if p.shaper == nil {
		return trace.Shape{}, errNotPrepared
	}
	return p.shaper.describe(id)
}

// ChildCount is the number of children of node id that Describe names:
// ChildID(id, 0) to ChildID(id, n-1), and not ChildID(id, n). Unlike
// Describe it counts no subtree. An id that names no node is a
// *UsageError.
func (p *Search) ChildCount(id string) (int, error) {
	if p.shaper == nil {
		return 0, errNotPrepared
	}
	return p.shaper.childCount(id)
}

// Leaf reports whether the node id is a leaf as drawn: terminal, without
// moves, or cut by the depth limit (the narration says such a node is
// reached rather than searched). It is false for an id that names no node.
// Unlike Describe it does not count the node's subtree.
func (p *Search) Leaf(id string) bool {
	if p.shaper == nil {
		return false
	}
	return p.shaper.leaf(id)
}

var errNotPrepared = usage("the search has no tree to draw: make it with Scenario.Prepare")

// shaper draws one source's tree. Its methods are safe for concurrent use.
type shaper interface {
	shape(opt ShapeOptions) (*trace.Shape, error)
	subtreeSize(id string) (int, error)
	describe(id string) (trace.Shape, error)
	childCount(id string) (int, error)
	leaf(id string) bool
	// sizeUpTo and memoized serve CheckSize (budget.go).
	sizeUpTo(max int64) int64
	memoized() bool
}

// gameShaper enumerates any search.Game from a root state.
type gameShaper[S comparable] struct {
	g     search.Game[S]
	root  S
	limit int // depth limit; 0 means none
	// facts fills in what a source shows beyond Kind, Leaf and a terminal
	// node's Text (which it may replace).
	facts func(s S, sh *trace.Shape)
	// memo: count subtree sizes once per (state, depth left), for games
	// with transpositions. Explicit trees have none.
	memo bool
	// noisy, when set, draws quiescence search: past the depth limit a
	// node that is not quiet has its noisy moves (captures) as children,
	// at their natural indices, until the position is quiet.
	noisy func(S, search.Move) bool
	// known, when set, is the size of the whole subtree of s when the
	// source knows it without counting (0 when it does not): an explicit
	// or random tree keeps every node's (tree.Node.Size). count asks it
	// without a depth limit or quiescence only.
	known func(s S) int

	mu    sync.Mutex
	sizes map[sizeKey[S]]int
	// countCap, when above zero, is the most subtrees count may work out
	// (memo misses) before it gives up and sets countOver: sizeUpTo's bound
	// on the work of a size check (MaxSizeCount).
	countCap, countWork int64
	countOver           bool
	lastWork            int64 // subtrees the last sizeUpTo worked out
	// inexact: the last sizeUpTo gave up before it knew the whole size.
	inexact bool
	bufs    [][]search.Move // move buffers by recursion depth of count
}

type sizeKey[S comparable] struct {
	s    S
	left int
}

func newGameShaper[S comparable](g search.Game[S], root S, limit int, memo bool, facts func(S, *trace.Shape)) *gameShaper[S] {
	gs := &gameShaper[S]{g: g, root: root, limit: limit, facts: facts, memo: memo}
	if memo {
		gs.sizes = map[sizeKey[S]]int{}
	}
	return gs
}

// treeShaper draws an explicit or random tree.
func treeShaper(t *tree.Tree, limit int) shaper {
	g := tree.Game{}
	gs := newGameShaper(search.Game[*tree.Node](g), t.Root, limit, false, func(n *tree.Node, sh *trace.Shape) {
		sh.Label, sh.Prob = n.Name, n.Prob
	})
	gs.known = nodeSize
	return gs
}

// nodeSize is the size of n's subtree as the tree keeps it (0: unknown).
func nodeSize(n *tree.Node) int { return int(n.Size) }

// tictactoeShaper draws tic-tac-toe from st, with the game the search plays
// (its Win decides the terminal Texts).
func tictactoeShaper(g tictactoe.Game, st tictactoe.State, limit int) shaper {
	return newGameShaper(search.Game[tictactoe.State](g), st, limit, true, func(s tictactoe.State, sh *trace.Shape) {
		sh.Board = s.String()
	})
}

// nimShaper draws matchsticks from st.
func nimShaper(g nim.Game, st nim.State, limit int) shaper {
	return newGameShaper(search.Game[nim.State](g), st, limit, true, func(s nim.State, sh *trace.Shape) {
		sh.Text = strconv.Itoa(int(s.Left))
	})
}

// gnode is a drawn node with its state while a drawing grows.
type gnode[S any] struct {
	s    S
	sh   *trace.Shape
	left int // levels left before the depth limit; -1 without a limit
}

// startLeft is the depth budget of the root.
func (gs *gameShaper[S]) startLeft() int {
	if gs.limit > 0 {
		return gs.limit
	}
	return -1
}

func childLeft(left int) int {
	if left > 0 {
		return left - 1
	}
	return left
}

// inner reports whether s, with left levels to go, has children in the
// drawn tree: it is not terminal and not at the depth limit.
func (gs *gameShaper[S]) inner(s S, left int) bool {
	if gs.g.Terminal(s) {
		return false
	}
	return left != 0 || gs.noisy != nil && gs.hasNoisy(s)
}

// kept reports whether move m at s, with left levels to go, leads to a
// drawn child: every move inside the limit, only the noisy ones past it.
func (gs *gameShaper[S]) kept(s S, left int, m search.Move) bool {
	return left != 0 || gs.noisy == nil || gs.noisy(s, m)
}

// hasNoisy reports whether s has a noisy move.
func (gs *gameShaper[S]) hasNoisy(s S) bool {
	for _, m := range gs.g.Moves(s, nil) {
		if gs.noisy(s, m) {
			return true
		}
	}
	return false
}

// moves returns the moves at s in a buffer reused at recursion depth d.
func (gs *gameShaper[S]) moves(s S, d int) []search.Move {
	for len(gs.bufs) <= d {
		gs.bufs = append(gs.bufs, make([]search.Move, 0, 16))
	}
	gs.bufs[d] = gs.g.Moves(s, gs.bufs[d][:0])
	return gs.bufs[d]
}

// newShape makes the Shape of node id at s, without Total and Children.
func (gs *gameShaper[S]) newShape(s S, id string, left int) *trace.Shape {
	sh := &trace.Shape{ID: id, Kind: gs.g.ToMove(s)}
	terminal := gs.g.Terminal(s)
	if terminal {
		sh.Text = trace.Num(gs.g.Utility(s)).String()
	}
	sh.Leaf = !gs.inner(s, left)
	if !sh.Leaf && len(gs.moves(s, 0)) == 0 {
		sh.Leaf = true // not terminal yet without moves: the search reports it
	}
	gs.facts(s, sh)
	return sh
}

// count returns the number of nodes in the subtree of s, left levels to
// go, saturating at MaxTotal. d is the recursion depth (for buffers).
func (gs *gameShaper[S]) count(s S, left, d int) int {
	if !gs.inner(s, left) {
		return 1
	}
	if left < 0 && gs.noisy == nil && gs.known != nil {
		if n := gs.known(s); n > 0 {
			return n
		}
	}
	var key sizeKey[S]
	if gs.memo {
		key = sizeKey[S]{s, left}
		if n, ok := gs.sizes[key]; ok {
			return n
		}
	}
	if gs.countOver {
		return 1
	}
	if gs.countCap > 0 {
		if gs.countWork++; gs.countWork > gs.countCap {
			gs.countOver = true
			return 1
		}
	}
	total := 1
	cl := childLeft(left)
	// The recursion uses the buffers of deeper levels only, so ms stays.
	ms := gs.moves(s, d)
	for _, m := range ms {
		if gs.kept(s, left, m) {
			total = min(total+gs.count(gs.g.Result(s, m), cl, d+1), MaxTotal)
		}
	}
	if gs.memo && !gs.countOver {
		gs.sizes[key] = total
	}
	return total
}

// grow draws levels below the nodes of level (which are drawn and not yet
// expanded) while the nodes added stay ≤ budget; the first level is drawn
// whatever its size when force is set. The inner nodes of the last level
// drawn are marked Folded.
func (gs *gameShaper[S]) grow(level []gnode[S], budget int, force bool) {
	added := 0
	for len(level) > 0 {
		next := 0
		for _, n := range level {
			if !n.sh.Leaf {
				for _, m := range gs.moves(n.s, 0) {
					if gs.kept(n.s, n.left, m) {
						next++
					}
				}
			}
		}
		if next == 0 {
			return
		}
		if added+next > budget && !(force && added == 0) {
			for _, n := range level {
				if !n.sh.Leaf {
					n.sh.Folded = true
				}
			}
			return
		}
		added += next
		below := make([]gnode[S], 0, next)
		for _, n := range level {
			if n.sh.Leaf {
				continue
			}
			cl := childLeft(n.left)
			ms := slices.Clone(gs.moves(n.s, 0))
			n.sh.Children = make([]*trace.Shape, len(ms))
			for i, m := range ms {
				if !gs.kept(n.s, n.left, m) {
					continue
				}
				cs := gs.g.Result(n.s, m)
				c := gs.newShape(cs, trace.ChildID(n.sh.ID, i), cl)
				n.sh.Children[i] = c
				below = append(below, gnode[S]{cs, c, cl})
			}
		}
		level = below
	}
}

// setTotals fills in Total for the drawn subtree sh at s.
func (gs *gameShaper[S]) setTotals(sh *trace.Shape, s S, left int) int {
	if sh.Leaf || sh.Folded || len(sh.Children) == 0 {
		sh.Total = gs.count(s, left, 0)
		return sh.Total
	}
	total := 1
	cl := childLeft(left)
	ms := slices.Clone(gs.moves(s, 0))
	for i, c := range sh.Children {
		if c != nil {
			total = min(total+gs.setTotals(c, gs.g.Result(s, ms[i]), cl), MaxTotal)
		}
	}
	sh.Total = total
	return total
}

func (gs *gameShaper[S]) shape(opt ShapeOptions) (*trace.Shape, error) {
	maxDrawn := opt.MaxDrawn
	if maxDrawn <= 0 {
		maxDrawn = MaxDrawn
	}
	if len(opt.Open) > MaxOpenFolds {
		return nil, usageSay("scenario.err.folds", "N", len(opt.Open), "Max", MaxOpenFolds)
	}
	type open struct {
		id   string
		path []int
	}
	opens := make([]open, 0, len(opt.Open))
	for _, id := range opt.Open {
		path, err := parseID(id)
		if err != nil {
			return nil, err
		}
		opens = append(opens, open{id, path})
	}
	slices.SortStableFunc(opens, func(a, b open) int { return cmp.Compare(len(a.path), len(b.path)) })

	gs.mu.Lock()
	defer gs.mu.Unlock()
	for _, o := range opens {
		if _, _, err := gs.find(o.id, o.path); err != nil {
			return nil, err
		}
	}
	left := gs.startLeft()
	root := gs.newShape(gs.root, "", left)
	gs.grow([]gnode[S]{{gs.root, root, left}}, maxDrawn-1, false)
	for _, o := range opens {
		sh := root
		for _, k := range o.path {
			if sh.Folded || k >= len(sh.Children) {
				sh = nil
				break
			}
			sh = sh.Children[k]
		}
		if sh == nil || !sh.Folded {
			continue
		}
		s, l, _ := gs.find(o.id, o.path)
		sh.Folded = false
		gs.grow([]gnode[S]{{s, sh, l}}, MaxOpen, true)
	}
	gs.setTotals(root, gs.root, left)
	return root, nil
}

// find returns the state of node id (with path) and its depth budget, or a
// usage error naming the id.
func (gs *gameShaper[S]) find(id string, path []int) (S, int, error) {
	s, left := gs.root, gs.startLeft()
	for _, k := range path {
		var ms []search.Move
		if gs.inner(s, left) {
			ms = gs.moves(s, 0)
		}
		if k >= len(ms) || !gs.kept(s, left, ms[k]) {
			var zero S
			return zero, 0, usageSay("scenario.err.no-node", "Got", strconv.Quote(id))
		}
		s, left = gs.g.Result(s, ms[k]), childLeft(left)
	}
	return s, left, nil
}

// at finds node id and calls do with its state and the levels left below
// it, under the shaper's lock; an id that names no node is an error.
func (gs *gameShaper[S]) at(id string, do func(s S, left int)) error {
	path, err := parseID(id)
	if err != nil {
		return err
	}
	gs.mu.Lock()
	defer gs.mu.Unlock()
	s, left, err := gs.find(id, path)
	if err != nil {
		return err
	}
	do(s, left)
	return nil
}

func (gs *gameShaper[S]) subtreeSize(id string) (int, error) {
	n := 0
	err := gs.at(id, func(s S, left int) { n = gs.count(s, left, 0) })
	return n, err
}

func (gs *gameShaper[S]) describe(id string) (trace.Shape, error) {
	var sh *trace.Shape
	if err := gs.at(id, func(s S, left int) {
		sh = gs.newShape(s, id, left)
		sh.Folded = !sh.Leaf
		sh.Total = gs.count(s, left, 0)
	}); err != nil {
		return trace.Shape{}, err
	}
	return *sh, nil
}

func (gs *gameShaper[S]) childCount(id string) (int, error) {
	n := 0
	err := gs.at(id, func(s S, left int) {
		if !gs.inner(s, left) {
			return
		}
		// find takes child k where k < len(ms) and kept(ms[k]).
		ms := gs.moves(s, 0)
		for n < len(ms) && gs.kept(s, left, ms[n]) {
			n++
		}
	})
	return n, err
}

func (gs *gameShaper[S]) leaf(id string) bool {
	leaf := false
	err := gs.at(id, func(s S, left int) { leaf = gs.newShape(s, id, left).Leaf })
	return err == nil && leaf
}

// parseID splits a node id into its child indices. Ids are canonical, as
// trace.ChildID writes them: "" is the root, "2.0" the first child of the
// third; "02", "+2" and "2." are errors.
func parseID(id string) ([]int, error) {
	if id == "" {
		return nil, nil
	}
	var path []int
	for part := range strings.SplitSeq(id, ".") {
		k, err := strconv.Atoi(part)
		if err != nil || k < 0 || strconv.Itoa(k) != part {
			return nil, usageSay("scenario.err.node-id", "Got", strconv.Quote(id))
		}
		path = append(path, k)
	}
	return path, nil
}
