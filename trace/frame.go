package trace

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// State is where a node stands in the search at one step.
type State uint8

// The states of a node. A node moves forward only: unvisited → open → done,
// or unvisited → pruned.
const (
	// StateUnvisited: the search has not reached the node (yet).
	StateUnvisited State = iota
	// StateOpen: the node's call has begun and not returned; it is on the stack.
	StateOpen
	// StateDone: the node's call has returned its value or bound.
	StateDone
	// StatePruned: the node was skipped by a cutoff at its parent. Its
	// descendants are pruned with it but are not listed in a Frame.
	StatePruned
)

var stateNames = [...]string{StateUnvisited: "unvisited", StateOpen: "open", StateDone: "done", StatePruned: "pruned"}

// String returns the lowercase name: unvisited, open, done or pruned.
func (s State) String() string {
	if int(s) < len(stateNames) {
		return stateNames[s]
	}
	return "state(" + strconv.Itoa(int(s)) + ")"
}

// ParseState is the inverse of State.String.
func ParseState(s string) (State, error) {
	for i, n := range stateNames {
		if n == s {
			return State(i), nil
		}
	}
	return 0, fmt.Errorf("trace: unknown node state %q", s)
}

func (s State) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

func (s *State) UnmarshalText(b []byte) error {
	v, err := ParseState(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// NodeView is what the viewer shows of one node at one step.
type NodeView struct {
	State State
	// Kind and Label are those given when the node was entered. A pruned
	// node was never entered: its Kind is meaningless (zero) and its Label
	// empty.
	Kind  Kind
	Depth int // DepthOf(id): 0 for the root
	Label string

	// Window is true when the node has an α-β window; Alpha and Beta are
	// then its current window: as passed in on enter, moved by updates,
	// and kept after exit (the window it finished with).
	Window      bool
	Alpha, Beta Num

	// HasValue is true once the node has a value: from a leaf event, from
	// the first update after a child returned, or from its exit. Bound says
	// what Value means: after exit, exactly what the exit said; while the
	// node is open, a running value at MAX is a lower bound (v can only
	// rise) and at MIN an upper bound (v can only fall). Vec is the vector
	// behind Value in max^n.
	HasValue bool
	Value    Num
	Bound    Bound
	Vec      []float64

	// Text is the value as shown: "3", "≤ 2", "≥ 5", "(3, 1, 2)"; "" while
	// the node has no value. It is Bound.Text(Value), or the vector.
	Text string

	// Order is the natural indices of the children in search order, once
	// the node is expanded (non-nil, possibly empty); nil before.
	Order []int
	// Probs is, at an expanded chance node, the probability of each child
	// by natural index (from the expand event); nil elsewhere.
	Probs []float64

	// Range is true when Low and High are set: at a chance node searched by
	// Star1, the interval known to hold its value from the children seen
	// so far (see Event.Range). While the node is open, Text shows it.
	Range     bool
	Low, High Num

	// Test is the cut test that fired, with numbers ("2 ≤ α = 3"): on the
	// node where it fired, and on each child pruned by it.
	Test string

	// Counts is true for a node of a Monte-Carlo search tree: W and N are
	// its wins (for the player who moved into it) and visits, and Text
	// shows them as "w/n".
	Counts bool
	W, N   Num

	// StandPat is true for a node of quiescence search, once it was valued
	// by standing pat (its value is then the evaluation until a capture
	// does better). Extended is the id of the child that a singular
	// extension searches one ply deeper ("" for none).
	StandPat bool
	Extended string
}

// Expanded reports whether the node's successors have been generated.
func (v *NodeView) Expanded() bool { return v.Order != nil }

// Clone returns a deep copy.
func (v *NodeView) Clone() *NodeView {
	if v == nil {
		return nil
	}
	w := *v
	w.Order = slices.Clone(v.Order)
	w.Vec = slices.Clone(v.Vec)
	w.Probs = slices.Clone(v.Probs)
	return &w
}

// Equal reports whether v and w show the same thing. Num values compare
// equal when both are NaN.
func (v *NodeView) Equal(w *NodeView) bool {
	if v == nil || w == nil {
		return v == w
	}
	return v.State == w.State && v.Kind == w.Kind && v.Depth == w.Depth && v.Label == w.Label &&
		v.Window == w.Window && numEqual(v.Alpha, w.Alpha) && numEqual(v.Beta, w.Beta) &&
		v.HasValue == w.HasValue && numEqual(v.Value, w.Value) && v.Bound == w.Bound &&
		floatsEqual(v.Vec, w.Vec) && v.Text == w.Text &&
		(v.Order == nil) == (w.Order == nil) && slices.Equal(v.Order, w.Order) && v.Test == w.Test &&
		floatsEqual(v.Probs, w.Probs) && v.Range == w.Range && numEqual(v.Low, w.Low) && numEqual(v.High, w.High) &&
		v.Counts == w.Counts && numEqual(v.W, w.W) && numEqual(v.N, w.N)
}

func numEqual(a, b Num) bool { return a == b || (a != a && b != b) }

func floatsEqual(a, b []float64) bool {
	return (a == nil) == (b == nil) && slices.EqualFunc(a, b, func(x, y float64) bool { return numEqual(Num(x), Num(y)) })
}

// setText recomputes Text from HasValue, Value, Bound and Vec.
func (v *NodeView) setText() {
	switch {
	case v.Counts:
		v.Text = v.W.String() + "/" + v.N.String()
	case !v.HasValue:
		v.Text = ""
	case v.Range && v.State == StateOpen:
		if v.Low == v.High {
			v.Text = v.Low.String()
		} else {
			v.Text = "[" + v.Low.String() + ", " + v.High.String() + "]"
		}
	case v.Vec != nil:
		v.Text = vecText(v.Vec)
		switch v.Bound {
		case Lower:
			v.Text = "≥ " + v.Text
		case Upper:
			v.Text = "≤ " + v.Text
		}
	default:
		v.Text = v.Bound.Text(v.Value)
	}
}

// vecText writes a max^n value vector as "(3, 1, 2)".
func vecText(vec []float64) string {
	var b strings.Builder
	b.WriteByte('(')
	for i, x := range vec {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(Num(x).String())
	}
	b.WriteByte(')')
	return b.String()
}

// runningBound is what a running value means at an open node of kind k:
// MAX's v can only rise, so it is a lower bound; MIN's can only fall.
func runningBound(k Kind) Bound {
	switch k {
	case Max:
		return Lower
	case Min:
		return Upper
	}
	return Exact
}

// wireNode is the JSON shape of a NodeView: alpha and beta only with a
// window, value and bound only with a value, kind not for pruned nodes.
type wireNode struct {
	State State     `json:"state"`
	Kind  *Kind     `json:"kind,omitempty"`
	Depth int       `json:"depth"`
	Label string    `json:"label,omitempty"`
	Alpha *Num      `json:"alpha,omitempty"`
	Beta  *Num      `json:"beta,omitempty"`
	Value *Num      `json:"value,omitempty"`
	Bound *Bound    `json:"bound,omitempty"`
	Vec   []float64 `json:"vec,omitempty"`
	Text  string    `json:"text,omitempty"`
	Order *[]int    `json:"order,omitempty"`
	Test  string    `json:"test,omitempty"`
	Probs []float64 `json:"probs,omitempty"`
	Low   *Num      `json:"low,omitempty"`
	High  *Num      `json:"high,omitempty"`
	W     *Num      `json:"w,omitempty"`
	N     *Num      `json:"n,omitempty"`
}

func (v NodeView) MarshalJSON() ([]byte, error) {
	w := wireNode{State: v.State, Depth: v.Depth, Label: v.Label, Vec: v.Vec, Text: v.Text, Test: v.Test, Probs: v.Probs}
	if v.Range {
		w.Low, w.High = &v.Low, &v.High
	}
	if v.State != StatePruned {
		w.Kind = &v.Kind
	}
	if v.Window {
		w.Alpha, w.Beta = &v.Alpha, &v.Beta
	}
	if v.HasValue {
		w.Value, w.Bound = &v.Value, &v.Bound
	}
	if v.Order != nil {
		w.Order = &v.Order
	}
	if v.Counts {
		w.W, w.N = &v.W, &v.N
	}
	return json.Marshal(w)
}

func (v *NodeView) UnmarshalJSON(b []byte) error {
	var w wireNode
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*v = NodeView{State: w.State, Depth: w.Depth, Label: w.Label, Vec: w.Vec, Text: w.Text, Test: w.Test, Probs: w.Probs}
	if w.Low != nil && w.High != nil {
		v.Range, v.Low, v.High = true, *w.Low, *w.High
	}
	if w.Kind != nil {
		v.Kind = *w.Kind
	}
	if w.Alpha != nil || w.Beta != nil {
		v.Window, v.Alpha, v.Beta = true, Inf(-1), Inf(1)
		if w.Alpha != nil {
			v.Alpha = *w.Alpha
		}
		if w.Beta != nil {
			v.Beta = *w.Beta
		}
	}
	if w.Value != nil || w.Bound != nil {
		v.HasValue, v.Value = true, Num(math.NaN())
		if w.Value != nil {
			v.Value = *w.Value
		}
		if w.Bound != nil {
			v.Bound = *w.Bound
		}
	}
	if w.Order != nil {
		v.Order = append(make([]int, 0, len(*w.Order)), *w.Order...)
	}
	if w.W != nil && w.N != nil {
		v.Counts, v.W, v.N = true, *w.W, *w.N
	}
	return nil
}

// Frame is the view state after a prefix of a trace has been applied: every
// node the search has reached, the stack, the current pseudocode line, the
// narration of the last step and the running statistics.
//
// A Frame holds everything replay needs and nothing else: applying events
// k+1.. to a clone of the frame at step k gives the same frame as replaying
// from the start. Build one with NewFrame (or Replay) and move it forward
// with Apply or ApplyPatch.
type Frame struct {
	// Step is the number of events applied; 0 before the first.
	Step int `json:"step"`
	// Nodes holds every node that is not unvisited: the visited ones and
	// the children listed by a prune event. Descendants of a pruned node
	// are not listed; see StateOf.
	Nodes map[string]*NodeView `json:"nodes"`
	// Current is the node of the last event ("" is the root).
	Current string `json:"current"`
	// Stack is the ids of the open nodes, from the root down. After an
	// exit, the node that returned is Current but no longer on the stack.
	Stack []string `json:"stack"`
	// Line is the pseudocode key of the last event; Type is its type (0
	// before the first event).
	Line string `json:"line,omitempty"`
	Type Type   `json:"type,omitempty"`
	// Narration says in one sentence what the last event did and why.
	Narration string `json:"narration,omitempty"`
	// Words, when set, words the narration in the viewer's language
	// (Narration = Words(NarratePhrase(…))); nil words it in English.
	// Clones keep it; it is not part of the JSON form.
	Words func(Phrase) string `json:"-"`
	// Labels, when set, words a node's label as the viewer reads it: a
	// game's label that is a key rather than a name (the road story's
	// "left" and "right") comes out in the viewer's language; nil shows
	// every label as the events carry it. The narration, the stack and the
	// panels name nodes through it (LabelText), and the narration an
	// evaluation's terms (the capture game's "pawns"). Clones keep it; it
	// is not part of the JSON form.
	Labels func(label string) string `json:"-"`
	// EvalNames, when set, writes an evaluation's name as the viewer
	// reads it, in words of the viewer's language (Reversi's
	// "discs:1,mobility:2" as "discs × 1 + mobility × 2"); nil writes the
	// name as the events carry it, as the address and the command line
	// write it. The narration of a leaf at the depth limit and of a stand
	// pat names the evaluation through it (EvalText). Clones keep it; it
	// is not part of the JSON form.
	EvalNames func(name string) string `json:"-"`
	// Leaf, when set, tells the narration which nodes are leaves (terminal,
	// or cut by a depth limit): at enter the event cannot know it, but the
	// scenario does. A leaf is then narrated as reached, not as a MAX or
	// MIN call. Clones keep it; it is not part of the JSON form.
	Leaf func(id string) bool `json:"-"`
	// Stats counts nodes entered, leaves evaluated and cutoffs (prunes that
	// skipped at least one child), in total and per depth.
	Stats Stats `json:"stats"`
	// Done is true once the done event is applied; Result is its result.
	Done   bool    `json:"done,omitempty"`
	Result *Result `json:"result,omitempty"`
	// Memory is what the frame remembers of the searches on real games
	// (the table, the passes, the re-searches); nil until the first of
	// their events. Patches do not carry it.
	Memory *Memory `json:"memory,omitempty"`
	// Iteration is what the current iteration of a Monte-Carlo search has
	// shown so far (its selections and its playout), for the panels that
	// show their numbers; nil outside MCTS and after its done event.
	Iteration *Iteration `json:"-"`
	// Evaluated is the last leaf valued by an evaluation rather than by
	// the game's end (its node, the evaluation, the value and its terms),
	// for the panel that explains it; nil before the first. Estimated
	// says that some leaf was so valued: the values above it are
	// estimates, not the minimax values of the game (a viewer that skips
	// a subtree sets it for the evaluations inside).
	Evaluated *Evaluated `json:"evaluated,omitempty"`
	Estimated bool       `json:"estimated,omitempty"`
}

// Evaluated is a leaf valued by an evaluation: node, the evaluation's
// name, the value (for MAX) and the terms that sum to it.
type Evaluated struct {
	Node  string `json:"node"`
	Eval  string `json:"eval"`
	Value Num    `json:"value"`
	Terms []Term `json:"terms,omitempty"`
}

// NewFrame returns the frame before the first event: no node visited.
func NewFrame() *Frame {
	return &Frame{Nodes: map[string]*NodeView{}, Stack: []string{}}
}

// Replay applies events in order to a new frame and returns it. On error it
// returns the frame as it stood before the offending event, with the error.
func Replay(events []Event) (*Frame, error) {
	f := NewFrame()
	for _, e := range events {
		if err := f.Apply(e); err != nil {
			return f, err
		}
	}
	return f, nil
}

// LabelText is label as the viewer reads it: Labels(label) when Labels is
// set, else label itself.
func (f *Frame) LabelText(label string) string {
	if f == nil || f.Labels == nil || label == "" {
		return label
	}
	return f.Labels(label)
}

// EvalText is an evaluation's name as the viewer reads it: EvalNames(name)
// when EvalNames is set, else name itself.
func (f *Frame) EvalText(name string) string {
	if f == nil || f.EvalNames == nil || name == "" {
		return name
	}
	return f.EvalNames(name)
}

// Clone returns a deep copy of f.
func (f *Frame) Clone() *Frame {
	g := *f
	if f.Nodes != nil {
		g.Nodes = make(map[string]*NodeView, len(f.Nodes))
		for id, v := range f.Nodes {
			g.Nodes[id] = v.Clone()
		}
	}
	g.Stack = slices.Clone(f.Stack)
	g.Stats = f.Stats.Clone()
	g.Result = f.Result.Clone()
	g.Memory = f.Memory.Clone()
	return &g
}

// Clone returns a deep copy of r (nil for nil).
func (r *Result) Clone() *Result {
	if r == nil {
		return nil
	}
	c := *r
	c.Vec = slices.Clone(r.Vec)
	c.PV = slices.Clone(r.PV)
	c.Stats = r.Stats.Clone()
	return &c
}

// StateOf returns the state of node id, including the nodes a Frame does
// not list: a descendant of a pruned node is pruned, any other unlisted
// node is unvisited.
func (f *Frame) StateOf(id string) State {
	for p, ok := id, true; ok; p, ok = ParentID(p) {
		if v := f.Nodes[p]; v != nil {
			if p == id || v.State == StatePruned {
				return v.State
			}
			return StateUnvisited
		}
	}
	return StateUnvisited
}

// ErrBadTrace is wrapped by every error Apply returns: the event does not
// fit the frame (out of order, or inconsistent with what came before).
var ErrBadTrace = errors.New("bad trace")

func (f *Frame) errorf(e Event, format string, args ...any) error {
	return fmt.Errorf("trace: step %d (%s %s): %w: %s", e.Step, e.Type, nodeRef(e.Node), ErrBadTrace, fmt.Sprintf(format, args...))
}

// nodeRef writes an id for error messages: the root, or node "1.2".
func nodeRef(id string) string {
	if id == "" {
		return "at the root"
	}
	return "at node " + strconv.Quote(id)
}

// Apply moves f forward by one event. It returns an error, and leaves f
// unchanged, if e.Step is not f.Step+1 or e does not fit the frame: for
// example an exit of a node that is not the innermost open one, an enter of
// a node that is not a child of it, an update naming a child that has not
// returned, a prune listing children other than the remaining ones, or any
// event after done. The contract Apply checks is documented in
// docs/trace-format.md. Apply never panics, and keeps no reference to e or
// its slices, so e may be an event the search reuses (see Recorder).
func (f *Frame) Apply(e Event) error { return f.apply(e, true) }

// ApplyQuietly is Apply without the narration: the frame's Narration is
// left empty. Replaying a long prefix quietly and only its last event with
// Apply gives the same frame as Apply throughout, at a fraction of the
// cost (a viewer seeking to step 2,000,000 reads one sentence, not two
// million).
func (f *Frame) ApplyQuietly(e Event) error { return f.apply(e, false) }

func (f *Frame) apply(e Event, narrate bool) error {
	if e.Step != f.Step+1 {
		return fmt.Errorf("trace: step %d (%s %s): %w: out of order, want step %d", e.Step, e.Type, nodeRef(e.Node), ErrBadTrace, f.Step+1)
	}
	if f.Done {
		return f.errorf(e, "the search is already done")
	}
	if err := f.check(e); err != nil {
		return err
	}
	var said Phrase
	if narrate {
		said = NarratePhrase(f, e)
	}
	if f.Nodes == nil {
		f.Nodes = map[string]*NodeView{}
	}
	f.remember(e)
	n := f.Nodes[e.Node]
	if e.Type.IsMCTS() {
		f.applyMCTS(e)
	} else {
		f.Iteration = nil
	}
	switch e.Type {
	case Enter:
		n = &NodeView{}
		f.Nodes[e.Node] = n
		f.Stack = append(f.Stack, e.Node)
		f.Stats.CountNode(e.Depth)
		// Per-depth counts are as long as the deepest level reached, as
		// the engine reports them.
		for len(f.Stats.LeavesAt) < len(f.Stats.NodesAt) {
			f.Stats.LeavesAt = append(f.Stats.LeavesAt, 0)
		}
		for len(f.Stats.CutoffsAt) < len(f.Stats.NodesAt) {
			f.Stats.CutoffsAt = append(f.Stats.CutoffsAt, 0)
		}
	case Leaf:
		f.Stats.CountLeaf(e.Depth)
		if !e.Terminal && e.Eval != "" {
			f.Evaluated = &Evaluated{Node: e.Node, Eval: e.Eval, Value: e.Value, Terms: e.Terms}
			f.Estimated = true
		}
	case Prune:
		for _, id := range e.Pruned {
			f.Nodes[id] = &NodeView{State: StatePruned, Depth: DepthOf(id), Test: e.Test}
		}
		if len(e.Pruned) > 0 {
			f.Stats.CountCutoff(e.Depth)
		}
	case Exit:
		f.Stack = f.Stack[:len(f.Stack)-1]
	case Done:
		f.Done = true
		f.Result = e.Result.Clone()
	case TTProbe:
		if e.Hit {
			f.Stats.TTHits++
		}
	case TTStore:
		f.Stats.TTStored++
	case StandPat:
		f.Stats.CountLeaf(e.Depth)
		f.Stats.QNodes++
	case Extend:
		f.Stats.Extensions++
	case Forward:
		for _, id := range e.Pruned {
			f.Nodes[id] = &NodeView{State: StatePruned, Depth: DepthOf(id), Test: e.Test}
		}
		f.Stats.Forward += len(e.Pruned)
	case Research, Pass:
		if e.Type == Pass {
			f.Stats.Iterations++
			// A new pass of iterative deepening or MTD(f) searches
			// again: its leaves decide whether its value is an estimate.
			f.Estimated = false
		} else {
			f.Stats.Researches++
		}
		if e.Child == "" {
			// The whole tree is searched afresh.
			clear(f.Nodes)
			f.Stack = f.Stack[:0]
		} else {
			prefix := e.Child + "."
			for id := range f.Nodes {
				if id == e.Child || strings.HasPrefix(id, prefix) {
					delete(f.Nodes, id)
				}
			}
		}
	}
	if n != nil {
		n.Follow(&e)
	}
	f.Step = e.Step
	f.Current = e.Node
	f.Line = e.Line
	f.Type = e.Type
	f.Narration = ""
	switch {
	case narrate && f.Words != nil:
		f.Narration = f.Words(said)
	case narrate:
		f.Narration = said.String()
	}
	return nil
}

// Follow changes v, the view of e's node, as Apply changes it for e: what
// e says about its own node (an enter makes v the view of a node just
// entered). It checks nothing and changes nothing else — not the children
// a prune lists, the statistics or the stack — so that a viewer passing
// over a subtree's events without applying them can still follow the few
// nodes of it that it keeps.
func (v *NodeView) Follow(e *Event) {
	switch e.Type {
	case Enter:
		*v = NodeView{State: StateOpen, Kind: e.Kind, Depth: e.Depth, Label: e.Label}
	case Expand:
		v.Order = append(make([]int, 0, len(e.Order)), e.Order...)
		if len(e.Probs) > 0 {
			v.Probs = slices.Clone(e.Probs)
		}
	case Leaf:
		v.Bound = Exact
	case Update:
		v.Bound = runningBound(v.Kind)
	case Prune:
		v.Bound = runningBound(v.Kind)
		v.Test = e.Test
	case Exit:
		v.State = StateDone
		v.Bound = e.Bound
	case TTProbe:
		if e.Window {
			v.Window, v.Alpha, v.Beta = true, e.Alpha, e.Beta
		}
		if e.Cut {
			v.HasValue, v.Value, v.Bound = true, e.Value, e.Bound
			v.setText()
		}
	case StandPat:
		v.StandPat = true
		v.Bound = runningBound(v.Kind)
		if e.Cut {
			v.Test = e.Test
		}
	case Extend:
		v.Extended = e.Child
	}
	if e.Type == Expand || e.Type == Done || e.Type == Extend || e.Type == Forward || e.Type.IsMCTS() || e.Type.isRealGames() {
		return
	}
	if e.Window && e.Type != Leaf {
		v.Window, v.Alpha, v.Beta = true, e.Alpha, e.Beta
	}
	if e.Type != Enter {
		v.HasValue, v.Value = true, e.Value
		v.Vec = nil
		if len(e.Vec) > 0 {
			v.Vec = slices.Clone(e.Vec)
		}
	}
	if e.Range {
		v.Range, v.Low, v.High = true, e.Low, e.High
	}
	v.setText()
}

// check validates e against f without changing anything.
func (f *Frame) check(e Event) error {
	if e.Type == Done && f.Nodes[""] != nil && f.Nodes[""].Counts {
		if e.Node != "" || e.Result == nil {
			return f.errorf(e, "done must concern the root and carry a result")
		}
		return nil
	}
	if e.Type == Done {
		if len(f.Stack) > 0 {
			return f.errorf(e, "node %q is still open", f.Stack[len(f.Stack)-1])
		}
		if r := f.Nodes[""]; r == nil || r.State != StateDone {
			return f.errorf(e, "the root has not returned")
		}
		if e.Node != "" {
			return f.errorf(e, "done must concern the root")
		}
		if e.Result == nil {
			return f.errorf(e, "done carries no result")
		}
		return nil
	}
	if e.Depth != DepthOf(e.Node) {
		return f.errorf(e, "depth %d, but the id says %d", e.Depth, DepthOf(e.Node))
	}
	if e.Type == Enter {
		return f.checkEnter(e)
	}
	if e.Type.IsMCTS() {
		return f.checkMCTS(e)
	}
	if e.Type < Enter || e.Type > Forward {
		return f.errorf(e, "unknown event type")
	}
	if e.Type == Pass || e.Type == Research && e.Node == "" && e.Child == "" {
		// A new pass, or the root searched again: the last one is over.
		if e.Node != "" || len(f.Stack) > 0 {
			return f.errorf(e, "a new pass begins at the root when no node is open")
		}
		if r := f.Nodes[""]; len(f.Nodes) > 0 && (r == nil || r.State != StateDone) {
			return f.errorf(e, "a new pass begins before the root returned")
		}
		return nil
	}
	// Every other event concerns the innermost open node.
	n := f.Nodes[e.Node]
	if n == nil || n.State != StateOpen {
		return f.errorf(e, "the node is not open")
	}
	if len(f.Stack) == 0 || f.Stack[len(f.Stack)-1] != e.Node {
		return f.errorf(e, "the node is not the innermost open one")
	}
	if e.Kind != n.Kind {
		return f.errorf(e, "kind %s, but the node was entered as %s", e.Kind, n.Kind)
	}
	cut := n.Test != ""
	switch e.Type {
	case Expand:
		if n.Expanded() || n.HasValue && !n.StandPat || cut {
			return f.errorf(e, "the node was already expanded or evaluated")
		}
		seen := make(map[int]bool, len(e.Order))
		for _, i := range e.Order {
			if i < 0 || seen[i] {
				return f.errorf(e, "order %v is not a list of distinct child indices", e.Order)
			}
			seen[i] = true
		}
	case Leaf, StandPat:
		if n.Expanded() || n.HasValue {
			return f.errorf(e, "the node was already expanded or evaluated")
		}
		if e.Type == StandPat && e.Cut && e.Test == "" {
			return f.errorf(e, "a stand-pat cut without its test")
		}
	case Extend:
		if !n.Expanded() || cut || n.Extended != "" {
			return f.errorf(e, "an extension at a node that is not about to search its children")
		}
		idx, ok := childIndex(e.Node, e.Child)
		if !ok || !slices.Contains(n.Order, idx) || f.Nodes[e.Child] != nil {
			return f.errorf(e, "%q is not a child still to be searched", e.Child)
		}
	case Forward:
		if !n.Expanded() || cut || len(e.Pruned) == 0 || e.Test == "" {
			return f.errorf(e, "forward pruning at a node that is not about to search its children, or without children or reason")
		}
		for _, id := range e.Pruned {
			idx, ok := childIndex(e.Node, id)
			if !ok || slices.Contains(n.Order, idx) || f.Nodes[id] != nil {
				return f.errorf(e, "%q is not a child left out of the order", id)
			}
		}
	case Update:
		if !n.Expanded() || cut {
			return f.errorf(e, "update of a node that is not searching its children")
		}
		c := f.Nodes[e.Child]
		if p, ok := ParentID(e.Child); !ok || p != e.Node || c == nil || c.State != StateDone {
			return f.errorf(e, "%q is not a child that has returned", e.Child)
		}
		switch e.Changed {
		case "", "value", "alpha", "beta":
		default:
			return f.errorf(e, "unknown change %q (want value, alpha, beta or empty)", e.Changed)
		}
	case Prune:
		if !n.Expanded() || cut {
			return f.errorf(e, "prune at a node that is not searching its children")
		}
		if e.Test == "" {
			return f.errorf(e, "prune without a test")
		}
		var rest []string
		for _, i := range n.Order {
			if id := ChildID(e.Node, i); f.Nodes[id] == nil {
				rest = append(rest, id)
			}
		}
		if !slices.Equal(rest, e.Pruned) {
			return f.errorf(e, "pruned %q, but the remaining children are %q", e.Pruned, rest)
		}
	case TTProbe, TTStore:
		if e.Type == TTProbe && (n.Expanded() || n.HasValue) {
			return f.errorf(e, "the table is probed when a node is entered, before it is searched")
		}
		if e.Cut && !e.Hit {
			return f.errorf(e, "a probe that found no entry cannot settle the node")
		}
	case Research:
		if !n.Expanded() || cut {
			return f.errorf(e, "re-search below a node that is not searching its children")
		}
		c := f.Nodes[e.Child]
		if p, ok := ParentID(e.Child); !ok || p != e.Node || c == nil || c.State != StateDone {
			return f.errorf(e, "%q is not a child that has returned", e.Child)
		}
	case Exit:
		if !n.Expanded() && !n.HasValue {
			return f.errorf(e, "exit of a node that was neither evaluated nor expanded")
		}
		for _, i := range n.Order {
			if id := ChildID(e.Node, i); f.Nodes[id] == nil {
				return f.errorf(e, "child %q was neither searched nor pruned", id)
			}
		}
		if e.Bound > Upper {
			return f.errorf(e, "unknown bound %d", e.Bound)
		}
	}
	return nil
}

func (f *Frame) checkEnter(e Event) error {
	if f.Nodes[e.Node] != nil {
		return f.errorf(e, "the node was already entered or pruned")
	}
	parent, ok := ParentID(e.Node)
	if !ok { // the root
		if len(f.Nodes) > 0 {
			return f.errorf(e, "the root is entered after the search began")
		}
		return nil
	}
	if len(f.Stack) == 0 || f.Stack[len(f.Stack)-1] != parent {
		return f.errorf(e, "the parent %q is not the innermost open node", parent)
	}
	p := f.Nodes[parent]
	if p == nil || !p.Expanded() || p.Test != "" {
		return f.errorf(e, "the parent %q is not searching its children", parent)
	}
	idx, err := strconv.Atoi(e.Node[strings.LastIndexByte(e.Node, '.')+1:])
	if err != nil || ChildID(parent, idx) != e.Node || !slices.Contains(p.Order, idx) {
		return f.errorf(e, "not a child in the parent's order %v", p.Order)
	}
	for _, i := range p.Order {
		if i == idx {
			break
		}
		if c := f.Nodes[ChildID(parent, i)]; c == nil || c.State != StateDone {
			return f.errorf(e, "entered before child %q, which comes first in the order", ChildID(parent, i))
		}
	}
	return nil
}

// childIndex returns the natural index of child id of parent, and false
// when id is not a child of parent.
func childIndex(parent, id string) (int, bool) {
	p, ok := ParentID(id)
	if !ok || p != parent {
		return 0, false
	}
	i, err := strconv.Atoi(id[strings.LastIndexByte(id, '.')+1:])
	if err != nil || ChildID(parent, i) != id {
		return 0, false
	}
	return i, true
}
