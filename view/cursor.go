package view

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math"
	"strings"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/trace"
)

// Limits of a cursor.
const (
	// MaxCheckpoints is the most copies of its frame a cursor keeps for
	// going back. A copy holds the drawn nodes and the open path, so the
	// copies cost at most MaxCheckpoints drawings' worth of memory; when
	// they are all used, every other one is dropped and the distance
	// between copies doubles, so going back replays at most
	// 2·Steps/MaxCheckpoints events after the silent rerun to the copy.
	MaxCheckpoints = 32
	// FirstCheckpointEvery is the distance between the first copies.
	FirstCheckpointEvery = 256
	// DefaultSlice is how many events Work passes over at most before it
	// returns to its caller, so that a session can answer pause, close
	// and pings between slices of a long seek (a subtree passed over by
	// its summary counts as one; the events the search counts without
	// making them count as made, once their subtree is done). On this
	// project's machines it is a few milliseconds of work.
	DefaultSlice = 1 << 15
	// MaxBytes bounds the memory of a cursor: its frame and its
	// checkpoints, estimated at NodeBytes per node view they hold. The
	// checkpoints are thinned to stay within it; a frame that alone
	// would exceed it (a drawing of more than MaxBytes/NodeBytes nodes
	// with its open path) stops the cursor with ErrTooLarge.
	MaxBytes = 48 << 20
	// NodeBytes is the memory of one node view in a frame (the view, its
	// id, its map entry and its order of children), measured on
	// tic-tac-toe frames and rounded up.
	NodeBytes = 320

	// SummaryLevels is how many levels below the drawing a cursor keeps
	// the summaries of finished subtrees (trace.Subtree), to pass over
	// them on a later run: the nodes whose children are not drawn (a fold,
	// or a drawn leaf) and SummaryLevels levels of nodes below those. With
	// 1, a step back from the end of tic-tac-toe minimax reruns the search
	// over 3,528 summaries and applies the events of one subtree of about
	// 180 nodes, instead of passing over two million events.
	SummaryLevels = 1
	// MinSummaryEvents is the fewest events a subtree must make for its
	// summary to be kept: passing over fewer saves less than the summary
	// costs.
	MinSummaryEvents = 16
	// MaxSummaries bounds the summaries a cursor keeps, at SummaryBytes
	// each; beyond it, later subtrees are rerun event by event.
	MaxSummaries = 8192
	// SummaryBytes is the memory of one summary (its node's view, its
	// counts and best line, its map entry), estimated on tic-tac-toe and
	// rounded up.
	SummaryBytes = 640
	// PassAhead is how far ahead of a folded subtree's enter the cursor's
	// goal must lie for the cursor to pass over the subtree's events
	// without applying them, the first time it meets the subtree (see
	// Cursor.passBegin): a goal that turns out to lie inside the subtree
	// costs a rerun up to the subtree, so nearer goals apply every event.
	PassAhead = 1 << 12
)

// ErrTooLarge stops a cursor whose frame alone would take more than
// MaxBytes.
var ErrTooLarge = errors.New("view: the drawing of this search is too large for one viewer session; open fewer folds or set a depth limit")

// End stands for the last step of a search in Seek.
const End = math.MaxInt

// ErrStopped is returned by Work when its context ends before the cursor
// reached where it was going.
var ErrStopped = errors.New("view: the cursor was stopped")

// checkpoint is a copy of the frame at one step, with its fold counts.
type checkpoint struct {
	frame *trace.Frame
	folds map[string]FoldCount
}

// Cursor runs a scenario lazily and moves over its steps.
//
// It keeps the frame at its step, the search suspended right after it,
// and at most MaxCheckpoints copies of earlier frames. The frame keeps the
// drawn nodes and the open path only: when a node returns, the views of
// its children are dropped if they are not drawn, and the fold above them
// keeps their counts. So its memory follows the drawing, not the search:
// the 549,946 nodes of tic-tac-toe minimax cost no more than its 586
// drawn ones.
//
// Moving is two calls: Forward, NextCutoff or Seek says where to go, then
// Work goes there in slices, so that the caller can answer other requests
// between slices and cancel through a context. A Cursor is not safe for
// concurrent use; Close releases its search.
type Cursor struct {
	// words words the narration in the viewer's language (nil: English);
	// every frame the cursor makes carries it (see SetWords).
	words func(trace.Phrase) string
	// labels words the game's key labels in that language (nil: as the
	// events carry them); see trace.Frame.Labels.
	labels func(string) string
	// evalNames writes an evaluation's name in words of the words' language
	// (the frame's EvalNames).
	evalNames func(string) string
	p         *scenario.Search
	scene     *Scene
	folds     *foldCounts

	frame *trace.Frame
	// The running search, pulled by Work: it applies events to frame
	// itself and suspends when the slice is used or the goal reached.
	resume func() (struct{}, bool)
	stop   func()
	ended  bool  // the search has returned: no event after frame.Step
	err    error // a search or replay error met on the way
	peeked bool  // the search is suspended holding the event after frame.Step

	// Where Work is going: apply events until frame.Step is goal, or
	// until an event for which until is true (hit).
	goal  int
	until func(*trace.Event) bool
	hit   bool
	// skip: events up to this step are passed over unapplied (the frame
	// was restored from a checkpoint at that step).
	skip   int
	budget int // events the current slice may still pass over or apply

	checkpoints []checkpoint
	every       int // distance between checkpoints
	maxBytes    int // MaxBytes, or less in tests

	// lastStep is the step of the last event applied, lastEnter and
	// lastCut whether it entered a node or made a cutoff (see Move).
	lastStep           int
	lastEnter, lastCut bool

	// touched collects the drawn nodes the applied events changed, for
	// patches (see Touched).
	touched map[string]bool
	// restarts counts the restarts (see Restarts).
	restarts int

	// Where until is the k-th mark of a step size (a node, a cutoff),
	// mark is that size and markK is k, so that a subtree with fewer
	// marks than are still missing can be passed over; "" for any other
	// until.
	mark  By
	markK int

	// sums holds the summaries of finished subtrees that a later run
	// passes over (see SummaryLevels) that this cursor made; shared those
	// that cursors of the same search made before and handed on (see
	// sharedSummaries). pending holds the summarised nodes open on the
	// path whose enter was applied.
	sums    map[string]*summary
	shared  map[string]*summary
	key     string
	pending []pendingSummary
	// passing is the folded subtree whose events the cursor passes over
	// unapplied, the first time it meets it (nil when none); noPass is the
	// enter step of a subtree not to pass over that way (its goal turned
	// out to lie inside), and passNever says the search gives no
	// summaries to pass over with. rerun asks Work to begin the search
	// again from the frame as it stands.
	passing   *passRun
	passAhead int // PassAhead, or less in tests
	noPass    int
	passNever bool
	rerun     bool
	// Events applied, passed over (before a checkpoint's step) and
	// skipped inside summarised subtrees since the cursor was made: what
	// a move costs, whatever the machine. Followed counts the events of
	// subtrees met for the first time that were passed over unapplied,
	// following only the nodes whose summaries the cursor keeps; Counted
	// the events of such subtrees that the search counted without making
	// them (below the children of a folded node, see trace.CountSubtree).
	Applied, Passed, Skipped, Followed, Counted int
}

// passRun is a folded subtree whose events a cursor passes over without
// applying them, the first time it meets it: the frame stays as it was
// before the subtree's enter until its exit, when the engine's summary
// moves the frame over the whole subtree at once (trace.Frame.Skip).
// Only the subtree's node and its children (the nodes whose summaries the
// cursor keeps) are followed, by their own events
// (trace.NodeView.Follow). Below the children the search does not even
// make the events: it counts them (trace.CountSubtree), making only the
// prunes, which the fold counts.
type passRun struct {
	enter trace.Event // the subtree's enter
	view  *trace.NodeView
	// fold is the fold the subtree lies in, with its pruned count before
	// the enter.
	fold   string
	pruned int
	// child is the summarised child of the subtree's node being searched
	// (nil when none).
	child *passChild
	// childStep is the enter step of the child being searched, and
	// childSeen the events of its subtree the search made so far: the
	// search counts the subtrees below the children (trace.CountSubtree)
	// without making their events.
	childStep, childSeen int
}

// passChild is a summarised node inside a subtree passed over.
type passChild struct {
	id     string
	view   *trace.NodeView
	pruned int // the fold's pruned count before its enter
}

// summary is what a cursor keeps of a finished subtree to pass over it on
// a later run: the engine's summary, and what the subtree did to the
// frame and to the fold it lies in. Nothing in it depends on the scene, so
// that cursors drawing the same search with other folds open can share
// it; it is never changed once made.
type summary struct {
	sub  *trace.Subtree
	view *trace.NodeView // the node right after its exit
	line string          // the exit's pseudocode key
	// nodes and cutoffs count the subtree's nodes entered (the node
	// included) and cutoffs made; pruned the nodes inside the subtrees
	// its prunes skipped (what a fold around it counts as pruned).
	nodes, cutoffs, pruned int
}

// pendingSummary is a summarised node on the open path, with its fold's
// pruned count before its enter.
type pendingSummary struct {
	id     string
	fold   string
	pruned int
}

// NewCursor returns a cursor at step 0 of a prepared scenario drawn as
// scene.
func NewCursor(p *scenario.Search, scene *Scene) *Cursor {
	c := &Cursor{p: p, scene: scene, folds: newFoldCounts(p, scene), every: FirstCheckpointEvery, maxBytes: MaxBytes, touched: map[string]bool{}, passAhead: PassAhead,
		sums: map[string]*summary{}, key: p.Scenario.Query().Encode()}
	c.shared = sharedSummaries.get(c.key)
	c.labels, c.evalNames = LabelWords(p, nil), EvalWords(nil)
	c.restart(nil)
	return c
}

// SetWords makes the cursor word its narration with words (the i18n
// package's Localizer.Phrase for German or Czech; nil for English), from
// its current frame on.
func (c *Cursor) SetWords(words func(trace.Phrase) string) {
	c.words = words
	c.labels, c.evalNames = LabelWords(c.p, words), EvalWords(words)
	c.frame.Words = words
	c.frame.Labels, c.frame.EvalNames = c.labels, c.evalNames
}

// LabelWords is the trace.Frame.Labels of a scenario in the language of
// words (nil: English): nil where the game's labels are all names.
func LabelWords(p *scenario.Search, words func(trace.Phrase) string) func(string) string {
	if !p.KeyLabels() {
		return nil
	}
	return func(label string) string { return p.LabelIn(label, words) }
}

// EvalWords is the trace.Frame.EvalNames of a viewer in the language of
// words (nil: English): an evaluation's name in words
// (scenario.EvalWords).
func EvalWords(words func(trace.Phrase) string) func(string) string {
	return func(name string) string { return scenario.EvalWords(name, words) }
}

// Scene is the scene the cursor draws.
func (c *Cursor) Scene() *Scene { return c.scene }

// Frame is the frame at the cursor's step. It lists the drawn nodes and
// the open path, not the nodes below folds that have returned. It
// belongs to the cursor: it changes as the cursor moves.
func (c *Cursor) Frame() *trace.Frame { return c.frame }

// Step is the cursor's step.
func (c *Cursor) Step() int { return c.frame.Step }

// AtEnd reports whether the cursor is at the last step of the search. It
// is known once Work has returned true.
func (c *Cursor) AtEnd() bool { return c.ended }

// Err is the search's error, if it failed (not a stop).
func (c *Cursor) Err() error { return c.err }

// Folds returns the counts of every fold at the cursor's step (nil when
// the scene has no folds).
func (c *Cursor) Folds() map[string]FoldCount { return c.folds.snapshot() }

// FoldsChanged returns the counts of the folds that changed since the
// last call of FoldsChanged or Folds, or nil when none did.
func (c *Cursor) FoldsChanged() map[string]FoldCount { return c.folds.changed() }

// ClearChanged forgets which folds changed (after a whole frame was sent).
func (c *Cursor) ClearChanged() { clear(c.folds.dirty) }

// Touched returns the drawn nodes whose views the cursor's moves changed
// since the last call (or since a restart, which changes everything), and
// forgets them.
func (c *Cursor) Touched() []string {
	out := make([]string, 0, len(c.touched))
	for id := range c.touched {
		out = append(out, id)
	}
	clear(c.touched)
	return out
}

// Restarts counts the times the cursor began its search again (to go
// back, or from a checkpoint): after one, Touched no longer tells what
// changed since it was last called.
func (c *Cursor) Restarts() int { return c.restarts }

// Drawing is the scene drawn at the cursor's step.
func (c *Cursor) Drawing() *Drawing {
	set, marked := SetNode(c.p, c.frame)
	return c.scene.sketch.drawSet(c.frame, c.folds.snapshot(), set, marked)
}

// Forward sets the goal n steps ahead (as far as the search goes).
func (c *Cursor) Forward(n int) {
	c.goal, c.until, c.hit, c.mark = satAdd(c.frame.Step, n), nil, false, ""
}

// NextCutoff sets the goal at the next prune that skips at least one
// child, or the end.
func (c *Cursor) NextCutoff() { c.forwardMark(ByCutoff, c.frame.Stats.Cutoffs+1) }

// forwardMark sets the goal at the event that makes u.Done k, which lies
// ahead of the cursor.
func (c *Cursor) forwardMark(u By, k int) {
	c.ForwardUntil(func(e *trace.Event) bool {
		// Evaluated before the event is applied.
		return u.marks(e) && u.Done(c.frame)+1 == k
	})
	c.mark, c.markK = u, k
}

// ForwardUntil sets the goal at the next event for which until is true
// (the cursor lands on it, applied), or the end. until sees each event
// before it is applied.
func (c *Cursor) ForwardUntil(until func(*trace.Event) bool) {
	c.goal, c.until, c.hit, c.mark = End, until, false, ""
}

func isCutoff(e *trace.Event) bool { return e.Type == trace.Prune && len(e.Pruned) > 0 }

// Seek sets the goal at a step (End for the last one). A step behind the
// cursor restarts the search from the nearest checkpoint before it.
func (c *Cursor) Seek(step int) {
	if step < c.frame.Step {
		var cp *checkpoint
		for i := range c.checkpoints {
			// Strictly before: the landing step needs its narration.
			if c.checkpoints[i].frame.Step < step {
				cp = &c.checkpoints[i]
			}
		}
		c.restart(cp)
	}
	c.goal, c.until, c.hit, c.mark = step, nil, false, ""
}

// Close stops the search. The cursor keeps its frame but cannot move.
func (c *Cursor) Close() {
	if c.stop != nil {
		c.stop()
		c.stop = nil
	}
}

func satAdd(a, b int) int {
	if b > End-a {
		return End
	}
	return a + b
}

// restart begins the search again, at a checkpoint's step (nil: at 0).
func (c *Cursor) restart(cp *checkpoint) {
	c.Close()
	c.resume, c.stop = iter.Pull(c.run)
	c.ended, c.err, c.peeked = false, nil, false
	c.pending = c.pending[:0]
	c.passing, c.rerun = nil, false
	if cp == nil {
		c.frame, c.skip = trace.NewFrame(), 0
		c.frame.Words = c.words
		c.frame.Labels, c.frame.EvalNames = c.labels, c.evalNames
		c.frame.Leaf = c.p.Leaf
		c.folds.reset()
	} else {
		c.frame, c.skip = cp.frame.Clone(), cp.frame.Step
		c.folds.restore(cp.folds)
	}
	// Everything may have changed.
	c.restarts++
	clear(c.touched)
	for id := range c.folds.info {
		c.folds.dirty[id] = true
	}
}

// atGoal reports whether Work has nothing left to do.
func (c *Cursor) atGoal() bool {
	return c.ended || c.err != nil || c.peeked && (c.frame.Step >= c.goal || c.hit)
}

// Work moves the cursor towards its goal, at most slice events at a time
// (DefaultSlice when slice ≤ 0), and reports whether the goal is reached:
// the cursor is at the goal step (or the end, or the event until asked
// for), and knows whether more steps follow. It returns false after one
// slice if more work remains, so that the caller can attend to other
// things and call again. It returns ErrStopped (wrapping the context's
// error) when ctx ends first, and the search's error if it failed.
func (c *Cursor) Work(ctx context.Context, slice int) (bool, error) {
	if slice <= 0 {
		slice = DefaultSlice
	}
	if c.stop == nil && !c.atGoal() {
		return false, fmt.Errorf("%w: the cursor is closed", ErrStopped)
	}
	if c.atGoal() {
		return true, c.err
	}
	if err := ctx.Err(); err != nil {
		return false, fmt.Errorf("%w: %w", ErrStopped, err)
	}
	c.budget, c.peeked = slice, false
	if _, ok := c.resume(); !ok && c.rerun {
		// The goal lies inside a subtree being passed over: begin again
		// from the frame before it, and apply the subtree.
		fr, folds := c.frame, c.folds.snapshot()
		c.restart(&checkpoint{frame: fr, folds: folds})
		return false, nil
	} else if !ok {
		c.ended = true
		if c.err == nil && len(c.sums) > 0 {
			// The whole search has been seen: hand its summaries on to
			// the next cursor of the same search.
			c.shared = sharedSummaries.put(c.key, c.sums)
			c.sums = map[string]*summary{}
		}
	}
	return c.atGoal(), c.err
}

// WorkAll is Work until the goal is reached or ctx ends.
func (c *Cursor) WorkAll(ctx context.Context) error {
	for {
		done, err := c.Work(ctx, 0)
		if done || err != nil {
			return err
		}
	}
}

// run is the search as the cursor pulls it: each event is passed over
// (up to skip), applied (up to the goal), or held while the search
// suspends (at the goal, or when the slice is used up).
func (c *Cursor) run(yield func(struct{}) bool) {
	stopped := false
	_, err := c.p.Run(func(e *trace.Event) bool {
		for {
			if c.budget <= 0 || (e.Step > c.skip && (c.frame.Step >= c.goal || c.hit)) {
				c.peeked = c.budget > 0
				if !yield(struct{}{}) {
					stopped = true
					return false
				}
				continue
			}
			c.budget--
			if c.passing != nil {
				return c.pass(e)
			}
			if e.Type == trace.Enter && (c.skipSubtree(e) || c.passBegin(e)) {
				return true
			}
			if e.Step <= c.skip {
				c.Passed++
				return true
			}
			c.Applied++
			cut := c.until != nil && c.until(e)
			// Only the step the cursor lands on needs its narration.
			narrate := e.Step == c.goal || cut || e.Type == trace.Done
			if err := c.apply(e, narrate); err != nil {
				c.err = err
				if !errors.Is(err, ErrTooLarge) {
					c.err = fmt.Errorf("the search's trace does not replay: %w", err)
				}
				return false
			}
			c.hit = cut
			return true
		}
	})
	if err != nil && !stopped && c.err == nil && !errors.Is(err, search.ErrStopped) {
		c.err = err
	}
}

// apply applies one event, keeps the fold counts and checkpoints, and
// drops what is no longer drawn.
func (c *Cursor) apply(e *trace.Event, narrate bool) error {
	// A new pass, or a re-search, takes nodes back to unvisited: their
	// views change too.
	if e.Type == trace.Pass || e.Type == trace.Research {
		c.forget(e)
	}
	if e.Type == trace.Enter {
		c.wantSummary(e)
	}
	var err error
	if narrate {
		err = c.frame.Apply(*e)
	} else {
		err = c.frame.ApplyQuietly(*e)
	}
	if err != nil {
		return err
	}
	c.folds.count(e)
	c.lastStep, c.lastEnter, c.lastCut = e.Step, ByNode.marks(e), isCutoff(e)
	if e.Type == trace.Pass || e.Type == trace.Research {
		c.folds.restart(e.Child)
	}
	c.touch(e)
	if e.Type == trace.Exit {
		c.exited(e)
	}
	if err := c.fitMemory(); err != nil {
		return err
	}
	c.checkpoint()
	return nil
}

// wantSummary asks the search for the summary of the subtree an enter
// event opens, when the cursor keeps summaries of that node.
func (c *Cursor) wantSummary(e *trace.Event) {
	if len(c.sums) >= MaxSummaries || !c.summarised(e.Node) || c.shared[e.Node] != nil {
		return
	}
	ps := pendingSummary{id: e.Node, fold: c.folds.foldOf(e.Node)}
	if f := c.folds.info[ps.fold]; f != nil {
		ps.pruned = f.Pruned
	}
	c.pending = append(c.pending, ps)
	e.Subtree = trace.WantSubtree
}

// touch marks what an event changes the view of: its own node and the
// children it prunes, nothing else.
func (c *Cursor) touch(e *trace.Event) {
	if !c.scene.Hidden(e.Node) {
		c.touched[e.Node] = true
	}
	for _, id := range e.Pruned {
		if !c.scene.Hidden(id) {
			c.touched[id] = true
		}
	}
}

// exited keeps the summary of a subtree whose exit was awaited, and
// forgets the children's views of a node whose children are folded.
func (c *Cursor) exited(e *trace.Event) {
	if len(c.pending) > 0 && c.pending[len(c.pending)-1].id == e.Node {
		c.keepSummary(e)
	}
	if c.scene.childrenHidden(e.Node) {
		// The children's views are needed only while the node searches
		// them; below a fold nothing shows them afterwards.
		if nv := c.frame.Nodes[e.Node]; nv != nil {
			for _, i := range nv.Order {
				delete(c.frame.Nodes, trace.ChildID(e.Node, i))
			}
		}
	}
}

// fitMemory keeps the frame and the summaries within the cursor's memory:
// ErrTooLarge when the frame alone outgrows it; when the frame has grown
// into the summaries' room, some summaries are dropped (later runs replay
// those subtrees event by event).
func (c *Cursor) fitMemory() error {
	if len(c.frame.Nodes)*NodeBytes > c.maxBytes {
		return ErrTooLarge
	}
	if len(c.frame.Nodes)*NodeBytes+len(c.sums)*SummaryBytes > c.maxBytes {
		for id := range c.sums {
			delete(c.sums, id)
			if len(c.frame.Nodes)*NodeBytes+len(c.sums)*SummaryBytes <= c.maxBytes {
				break
			}
		}
	}
	return nil
}

// checkpoint keeps a copy of the frame when its step is due one.
func (c *Cursor) checkpoint() {
	if s := c.frame.Step; s%c.every == 0 && (len(c.checkpoints) == 0 || c.checkpoints[len(c.checkpoints)-1].frame.Step < s) {
		c.checkpoints = append(c.checkpoints, checkpoint{c.frame.Clone(), c.folds.snapshot()})
		for len(c.checkpoints) > 0 && (len(c.checkpoints) > MaxCheckpoints || c.Bytes() > c.maxBytes) {
			c.thin()
		}
	}
}

// forget marks as touched the drawn nodes that pass or re-search event e
// takes back to unvisited: every node for a new pass or a re-search of the
// root, else the re-searched child and the nodes below it.
func (c *Cursor) forget(e *trace.Event) {
	prefix := e.Child + "."
	for id := range c.frame.Nodes {
		if (e.Child == "" || id == e.Child || strings.HasPrefix(id, prefix)) && !c.scene.Hidden(id) {
			c.touched[id] = true
		}
	}
}

// thin drops every other checkpoint and doubles the distance between
// them.
func (c *Cursor) thin() {
	c.every *= 2
	kept := c.checkpoints[:0]
	for _, cp := range c.checkpoints {
		if cp.frame.Step%c.every == 0 {
			kept = append(kept, cp)
		}
	}
	clear(c.checkpoints[len(kept):])
	c.checkpoints = kept
}

// Bytes estimates the memory of the cursor's frame, checkpoints and
// summaries, at NodeBytes per node view and SummaryBytes per summary.
func (c *Cursor) Bytes() int {
	n := len(c.frame.Nodes)
	for _, cp := range c.checkpoints {
		n += len(cp.frame.Nodes)
	}
	return n*NodeBytes + len(c.sums)*SummaryBytes
}

// summarised reports whether the cursor keeps the summary of id's subtree:
// id's children are not drawn, and id lies at most SummaryLevels levels
// below the first node on its path whose children are not drawn.
func (c *Cursor) summarised(id string) bool {
	if !c.scene.childrenHidden(id) {
		return false
	}
	for k := 0; ; k++ {
		parent, ok := trace.ParentID(id)
		if !ok || c.scene.spread[parent] {
			return true
		}
		if k == SummaryLevels {
			return false
		}
		id = parent
	}
}

// keepSummary keeps the summary of the subtree that exit event e closes
// (the innermost pending one), once its exit is applied.
func (c *Cursor) keepSummary(e *trace.Event) {
	ps := c.pending[len(c.pending)-1]
	c.pending = c.pending[:len(c.pending)-1]
	view := c.frame.Nodes[e.Node]
	f := c.folds.info[ps.fold]
	if e.Subtree == nil || e.Subtree.Events < MinSummaryEvents || view == nil || f == nil || len(c.sums) >= MaxSummaries ||
		c.Bytes()+SummaryBytes > c.maxBytes {
		return
	}
	c.sums[strings.Clone(e.Node)] = newSummary(e, view, f.Pruned-ps.pruned)
}

// newSummary is the summary of the subtree that exit event e closes, with
// view its node's view after the exit and pruned the nodes its prunes
// skipped.
func newSummary(e *trace.Event, view *trace.NodeView, pruned int) *summary {
	// The search builds ids and tests in shared blocks: a copy keeps only
	// the bytes it needs.
	v := view.Clone()
	v.Label, v.Text, v.Test, v.Extended = strings.Clone(v.Label), strings.Clone(v.Text), strings.Clone(v.Test), strings.Clone(v.Extended)
	s := &summary{sub: e.Subtree.Clone(), view: v, line: e.Line, pruned: pruned}
	for _, n := range s.sub.NodesAt {
		s.nodes += n
	}
	for _, n := range s.sub.CutoffsAt {
		s.cutoffs += n
	}
	return s
}

// skipSubtree passes over the subtree that enter event e begins when the
// cursor knows its summary and the cursor's goal lies beyond the subtree:
// the search then does not descend into it, and the frame jumps to the
// subtree's exit as if each of its events had been applied (or, before a
// checkpoint's step, stays as it is). It reports whether it skipped.
func (c *Cursor) skipSubtree(e *trace.Event) bool {
	s := c.sums[e.Node]
	if s == nil {
		s = c.shared[e.Node]
	}
	if s == nil || s.sub.Alpha != e.Alpha || s.sub.Beta != e.Beta || !c.scene.childrenHidden(e.Node) {
		return false
	}
	end := e.Step + s.sub.Events - 1
	if end <= c.skip {
		// All of it lies before the checkpoint the frame came from.
		e.Subtree = s.sub
		c.Skipped += s.sub.Events
		return true
	}
	if e.Step <= c.skip || end >= c.goal || c.hit || !c.beyondMark(s) {
		return false
	}
	if err := c.frame.Skip(*e, s.sub, s.view, s.line); err != nil {
		return false // Apply says what is wrong with the event
	}
	e.Subtree = s.sub
	c.Skipped += s.sub.Events
	c.estimatedIn(s.sub)
	// The root's fold is "" too, as is no fold: info knows which.
	if fold := c.folds.foldOf(e.Node); c.folds.info[fold] != nil {
		f := c.folds.info[fold]
		f.Visited += s.nodes
		if fold == e.Node {
			f.Visited-- // a fold does not count its own node
		}
		f.Pruned += s.pruned
		c.folds.dirty[fold] = true
	}
	if !c.scene.Hidden(e.Node) {
		c.touched[e.Node] = true
	}
	c.lastStep, c.lastEnter, c.lastCut = end, false, false
	c.checkpoint()
	return true
}

// beyondMark reports whether the event the cursor is going to (when its
// goal is a mark) lies beyond the subtree summarised by s.
func (c *Cursor) beyondMark(s *summary) bool {
	switch {
	case c.until == nil:
		return true
	case c.mark == ByNode:
		return c.frame.Stats.Nodes+s.nodes < c.markK
	case c.mark == ByCutoff:
		return c.frame.Stats.Cutoffs+s.cutoffs < c.markK
	}
	return false
}

// passBegin begins to pass over the subtree that enter event e begins,
// without applying its events, when the cursor meets it for the first
// time with its goal far beyond (PassAhead): its node's children are not
// drawn, the cursor keeps its summary, and nothing but a step goal waits
// (not a mark, which needs every event's frame). It reports whether it
// began; the frame then stays before e until the subtree's exit (see
// pass), which checks e against it.
func (c *Cursor) passBegin(e *trace.Event) bool {
	if c.passNever || e.Step <= c.skip || e.Step == c.noPass || c.until != nil || c.hit || c.goal-e.Step < c.passAhead ||
		c.scene.Hidden(e.Node) || !c.scene.childrenHidden(e.Node) || !c.summarised(e.Node) ||
		len(c.sums) >= MaxSummaries || c.shared[e.Node] != nil {
		return false
	}
	pr := &passRun{enter: *e, view: &trace.NodeView{}, fold: c.folds.foldOf(e.Node)}
	pr.enter.Node, pr.enter.Label = strings.Clone(e.Node), strings.Clone(e.Label)
	pr.enter.Subtree = nil
	if f := c.folds.info[pr.fold]; f != nil {
		pr.pruned = f.Pruned
	}
	pr.view.Follow(e)
	e.Subtree = trace.WantSubtree
	c.passing = pr
	c.Followed++
	return true
}

// pass takes one event inside the subtree being passed over: it follows
// the subtree's node and its summarised children by their own events,
// counts the pruned nodes in the fold, and at the subtree's exit moves the
// frame over the whole subtree with the engine's summary. When the goal
// turns out to lie inside the subtree, or the search gives no summary, it
// stops the search for Work to begin again before the subtree.
func (c *Cursor) pass(e *trace.Event) bool {
	pr := c.passing
	if e.Step >= c.goal || c.until != nil || c.hit || e.Type == trace.Done {
		return c.passAbort()
	}
	c.Followed++
	d := pr.enter.Depth
	switch {
	case e.Depth == d:
		pr.view.Follow(e)
	case e.Depth == d+1 && e.Type == trace.Enter:
		c.passChildEnter(pr, e)
	case e.Depth == d+1 && e.Type == trace.Exit && e.Subtree != nil:
		c.passChildCounted(pr, e)
	case e.Depth == d+1 && pr.child != nil && e.Node == pr.child.id:
		pr.child.view.Follow(e)
		if e.Type == trace.Exit {
			c.keepPassed(e, pr.child.view, pr.fold, pr.child.pruned)
			pr.child = nil
		}
	}
	if e.Depth > d {
		pr.childSeen++
	}
	if e.Type == trace.Prune {
		c.folds.count(e)
	}
	if e.Type != trace.Exit || e.Depth != d {
		return true
	}
	return c.passEnd(pr, e)
}

// passChildEnter begins a child of the subtree passed over. Nothing below
// the child is followed: the search counts it without making its events
// (but its prunes, for the fold), and hands the child's summary on its
// exit.
func (c *Cursor) passChildEnter(pr *passRun, e *trace.Event) {
	e.Subtree = trace.CountSubtree
	pr.childStep, pr.childSeen = e.Step, 0
	pr.child = nil
	if len(c.sums) < MaxSummaries && c.summarised(e.Node) && c.shared[e.Node] == nil {
		ch := &passChild{id: e.Node, view: &trace.NodeView{}}
		if f := c.folds.info[pr.fold]; f != nil {
			ch.pruned = f.Pruned
		}
		ch.view.Follow(e)
		pr.child = ch
	}
}

// passChildCounted ends a child the search counted: what it counted costs
// the slice as if it had made it, and the child's summary is kept.
func (c *Cursor) passChildCounted(pr *passRun, e *trace.Event) {
	unmade := e.Step - pr.childStep + 1 - (pr.childSeen + 1)
	c.Counted += unmade
	c.budget -= unmade
	if pr.child != nil && e.Node == pr.child.id {
		pr.child.view.Follow(e)
		c.keepPassed(e, pr.child.view, pr.fold, pr.child.pruned)
		pr.child = nil
	}
}

// passEnd is the exit of the subtree passed over: the frame skips it as a
// whole, its fold counts it, and its summary is kept.
func (c *Cursor) passEnd(pr *passRun, e *trace.Event) bool {
	if e.Subtree == nil {
		// This search cannot pass over subtrees: apply every event.
		c.passNever = true
		return c.passAbort()
	}
	c.passing = nil
	if err := c.frame.Skip(pr.enter, e.Subtree, pr.view, e.Line); err != nil {
		c.err = fmt.Errorf("the search's trace does not replay: %w", err)
		return false
	}
	if c.frame.Step != e.Step {
		c.err = fmt.Errorf("the search's trace does not replay: the subtree of %q ends at step %d, its summary says %d", pr.enter.Node, e.Step, c.frame.Step)
		return false
	}
	c.estimatedIn(e.Subtree)
	c.folds.count(&pr.enter)
	nodes := 0
	for _, n := range e.Subtree.NodesAt {
		nodes += n
	}
	if f := c.folds.info[pr.fold]; f != nil {
		f.Visited += nodes - 1 // the node's own enter was counted above
		c.folds.dirty[pr.fold] = true
	}
	c.keepPassed(e, pr.view, pr.fold, pr.pruned)
	if !c.scene.Hidden(e.Node) {
		c.touched[e.Node] = true
	}
	c.lastStep, c.lastEnter, c.lastCut = e.Step, false, false
	c.checkpoint()
	return true
}

// estimatedIn marks the frame's values as estimates when the subtree it
// skipped had leaves valued by the evaluation, as the search counted them
// (the frame sees no leaf event of a skipped subtree).
func (c *Cursor) estimatedIn(sub *trace.Subtree) {
	if sub.Evaluated > 0 {
		c.frame.Estimated = true
	}
}

// passAbort gives up passing over the subtree under way: the fold's count
// goes back to before the subtree, and the search stops for Work to begin
// again from the frame (which still stands before the subtree), this time
// applying the subtree's events.
func (c *Cursor) passAbort() bool {
	pr := c.passing
	c.passing = nil
	if f := c.folds.info[pr.fold]; f != nil {
		f.Pruned = pr.pruned
	}
	c.noPass = pr.enter.Step
	c.rerun = true
	return false
}

// keepPassed keeps the summary of a subtree passed over, closed by exit
// event e, with view its node's view after the exit, in the fold whose
// pruned count was pruned before its enter.
func (c *Cursor) keepPassed(e *trace.Event, view *trace.NodeView, fold string, pruned int) {
	f := c.folds.info[fold]
	if e.Subtree == nil || e.Subtree.Events < MinSummaryEvents || f == nil || len(c.sums) >= MaxSummaries ||
		c.Bytes()+SummaryBytes > c.maxBytes {
		return
	}
	c.sums[strings.Clone(e.Node)] = newSummary(e, view, f.Pruned-pruned)
}
