package trace

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// Type is the kind of a step.
type Type uint8

const (
	// Enter: a call begins at Node. Alpha and Beta are the window as passed in.
	Enter Type = iota + 1
	// Expand: the successors of Node were generated. Order lists their
	// natural indices in the order they will be searched; By names the
	// ordering and Keys holds its key for each child (by natural index).
	Expand
	// Leaf: a value was computed without searching deeper: a terminal
	// utility (Terminal true) or a heuristic evaluation at the depth limit,
	// whose named parts are in Terms.
	Leaf
	// Update: after Child returned ChildValue, the node's running value is
	// Value and its window is Alpha, Beta. Changed names what moved:
	// "value", "alpha" or "beta" ("" when nothing did).
	Update
	// Prune: the test in Test fired (v ≥ β at MAX, v ≤ α at MIN) and the
	// children in Pruned are skipped; Pruned is empty when the test fired
	// at the last child.
	Prune
	// Exit: the call at Node returns Value, which is exact or a bound.
	Exit
	// Done: the search finished; Result holds the root value, best move,
	// principal variation and statistics.
	Done
	// Select (MCTS): the selection step at Node chose Child, the child with
	// the greatest UCB1 score; Scores holds every child's score and Visits
	// the node's visits N. Iter numbers the iteration (1-based).
	Select
	// Grow (MCTS): the expansion step added Node to the tree (and at the
	// start, the root); Kind and Label are the new node's.
	Grow
	// Simulate (MCTS): a playout from Node to the end of the game; Playout
	// names its moves, Value is the outcome (the utility for MAX) and
	// Reward that outcome scaled to [0, 1] for MAX.
	Simulate
	// Backprop (MCTS): Node's counts after the playout: Wins (w, for the
	// player who moved into Node) and Visits (n); Reward is what w gained.
	Backprop
	// TTProbe: the transposition table was looked up for Node, which was
	// just entered. Hit says an entry for the position (or a symmetric
	// one, Sym > 0) was found: its Value, Bound and Draft (the depth it
	// was searched to) and its best move Child. Cut says the entry settles
	// the node without a search: the node returns Value (its exit
	// follows). Otherwise Alpha and Beta are the window after the entry's
	// bound narrowed it. Node is the position reached again; Stored is the
	// id of the node where the entry was made, when known.
	TTProbe
	// TTStore: Node's result was written to the table: Value with its
	// Bound, Draft and best move Child. Replaced says an entry of another
	// position was overwritten.
	TTStore
	// Research: Child of Node is searched again with the window Alpha,
	// Beta, because a null-window probe (PVS) failed high, or, at the
	// root (Node and Child ""), because the aspiration window failed low
	// or high: Test says which. Everything below Child (the whole tree
	// for the root) is searched afresh.
	Research
	// Pass: a new pass over the tree begins: iterative deepening to the
	// depth limit Draft, or an MTD(f) null-window test at Beta (with
	// Alpha just below it). Pass counts from 1; the tree is searched
	// afresh from the root.
	Pass
	// StandPat (quiescence search): Node, at or past the depth limit and
	// not terminal, is valued by the evaluation Eval (Value, for MAX, with
	// its Terms): what the player to move can "stand pat" on without
	// capturing. Cut says that value already reaches the window (Test is
	// the comparison, "5 ≥ β = 3"), so no capture is searched and Node
	// returns it as a bound (its exit follows). Otherwise the captures are
	// searched next (an expand event listing only them), each of them
	// searched the same way until the position is quiet.
	StandPat
	// Extend (singular extension): Child of Node is searched one ply
	// deeper than the depth limit would allow, because its static value
	// Value (for MAX) is better for the player to move than every other
	// child's by at least the margin; Test is the comparison ("9 ≥ 1 + 3").
	Extend
	// Forward (forward pruning): the children of Node listed in Pruned are
	// dropped before the search, without being looked at; Test says why
	// ("mirror image of b2-b3", "not among the 2 best by evaluation").
	// Expand's order lists only the children kept.
	Forward
)

var typeNames = [...]string{Enter: "enter", Expand: "expand", Leaf: "leaf", Update: "update", Prune: "prune", Exit: "exit", Done: "done",
	Select: "select", Grow: "grow", Simulate: "simulate", Backprop: "backprop",
	TTProbe: "tt-probe", TTStore: "tt-store", Research: "research", Pass: "pass",
	StandPat: "stand-pat", Extend: "extend", Forward: "forward"}

// IsMCTS reports whether t is one of the steps of Monte-Carlo tree search.
func (t Type) IsMCTS() bool { return t >= Select && t <= Backprop }

func (t Type) String() string {
	if int(t) < len(typeNames) && typeNames[t] != "" {
		return typeNames[t]
	}
	return "type(" + strconv.Itoa(int(t)) + ")"
}

// ParseType is the inverse of Type.String.
func ParseType(s string) (Type, error) {
	for i, n := range typeNames {
		if n != "" && n == s {
			return Type(i), nil
		}
	}
	return 0, fmt.Errorf("trace: unknown event type %q", s)
}

func (t Type) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

func (t *Type) UnmarshalText(b []byte) error {
	v, err := ParseType(string(b))
	if err != nil {
		return err
	}
	*t = v
	return nil
}

// Event is one step of a search. Which fields are meaningful depends on
// Type; see the constants. Every event carries its Step number (1-based),
// the Node it concerns, and the key of the pseudocode Line it belongs to.
type Event struct {
	Step  int
	Type  Type
	Line  string
	Node  string
	Kind  Kind
	Depth int
	Label string // the node's label, where the source gives one (enter; for extend, the extended child's)

	// Window is true for algorithms that keep an α-β window; Alpha and
	// Beta are then meaningful on enter, update, prune and exit.
	Window      bool
	Alpha, Beta Num
	Value       Num       // leaf, update, prune, exit: the (running) value
	Vec         []float64 // max^n: the vector behind Value
	Bound       Bound     // exit: what Value means

	// Expand.
	Order []int     // natural child indices in search order
	By    string    // the ordering's name
	Keys  []Num     // the ordering's key per child, by natural index; nil for natural order
	Probs []float64 // chance nodes: probability per child, by natural index

	// Killers (expand and prune of the killer ordering only) are the two
	// killer slots of the node's depth after the event, newest first, the
	// empty ones left out: on an expand, the slots its keys came from; on
	// a prune, the slots after the move that cut was put in the first.
	Killers []Killer

	// Leaf.
	Terminal bool
	Eval     string // name of the evaluation when not Terminal
	Terms    []Term

	// Update.
	Child      string
	ChildValue Num
	ChildBound Bound
	Changed    string

	// Range is true when Low and High are set: on the update, prune and
	// exit events of a chance node searched by Star1, the interval
	// [Low, High] that holds the node's value given the children searched
	// so far, each child not yet searched counted at the least (L) and the
	// greatest (U) leaf value.
	Range     bool
	Low, High Num

	// Prune.
	Test   string   // the comparison that fired, with numbers: "2 ≤ α = 3"
	Pruned []string // ids of the skipped children, in search order

	// MCTS (select, grow, simulate, backprop). Iter is the iteration.
	Iter         int
	Scores       []Score  // select: every child's UCB1 score, in natural order
	Visits, Wins float64  // select: the node's visits N; backprop: n and w after the update
	Playout      []string // simulate: the moves of the playout, named
	Reward       Num      // simulate, backprop: the outcome scaled to [0, 1]
	// Decoupled is set on the steps of decoupled UCT, the MCTS of roles
	// that move at once: every role's table, the joint move, the goals
	// (see Decoupled). Visits and Wins are then the node's visits and the
	// first role's rewards.
	Decoupled *Decoupled
	// Transposition table (tt-probe, tt-store) and passes (pass).
	Hit      bool   // tt-probe: an entry was found
	Cut      bool   // tt-probe: the entry settles the node
	Replaced bool   // tt-store: another position's entry was overwritten
	Sym      int    // tt-probe, tt-store: the symmetry that maps the position to the one stored (0: itself)
	Draft    int    // tt-probe, tt-store: depth searched below the node; pass: the pass's depth limit
	Stored   string // tt-probe: id of the node where the entry was made ("" when unknown)
	Pass     int    // pass: the pass number, from 1

	// Done.
	Result *Result

	// Subtree is the hook by which a recorder skips a subtree it has seen
	// before (see Subtree); it is never part of the JSON form. On an enter
	// event it is nil when the recorder is called. A recorder that sets it
	// to WantSubtree asks for the node's summary: a search that can skip
	// then sets it, on the node's exit event, to the summary of the node's
	// subtree, lent like the event. A recorder that sets it to a summary
	// it kept of that node makes the search go on as if the whole subtree
	// had been emitted, without descending.
	Subtree *Subtree
}

// Killer is one killer slot: a move that caused a cutoff at some depth,
// given as Node, the id of the child it led to where it last cut off
// there, and Label, that child's name when the source names its moves
// ("b2", "d", "Qd1xd3"; "" otherwise: the child is then named as drawn).
// The same move may lead to a child of another node at the same depth:
// the expand event's keys say which.
type Killer struct {
	Node  string `json:"node"`
	Label string `json:"label,omitempty"`
}

// Score is one child's UCB1 score at a selection step: Exploit (w/n) plus
// C times the square root of ln N / n (Explore), the sum being Total. A
// child not yet visited has N 0 and an infinite Total.
type Score struct {
	Child   string  `json:"child"`
	Label   string  `json:"label,omitempty"`
	W       float64 `json:"w"`
	N       float64 `json:"n"`
	Exploit Num     `json:"exploit"`
	Explore Num     `json:"explore"`
	Total   Num     `json:"total"`
}

// wireEvent is the JSON shape; optional fields are omitted when empty.
type wireEvent struct {
	Step       int        `json:"step"`
	Type       Type       `json:"type"`
	Line       string     `json:"line"`
	Node       string     `json:"node"`
	Kind       Kind       `json:"kind"`
	Depth      int        `json:"depth"`
	Label      string     `json:"label,omitempty"`
	Alpha      *Num       `json:"alpha,omitempty"`
	Beta       *Num       `json:"beta,omitempty"`
	Value      *Num       `json:"value,omitempty"`
	Vec        []float64  `json:"vec,omitempty"`
	Bound      *Bound     `json:"bound,omitempty"`
	Order      []int      `json:"order,omitempty"`
	By         string     `json:"by,omitempty"`
	Keys       []Num      `json:"keys,omitempty"`
	Probs      []float64  `json:"probs,omitempty"`
	Killers    []Killer   `json:"killers,omitempty"`
	Terminal   bool       `json:"terminal,omitempty"`
	Eval       string     `json:"eval,omitempty"`
	Terms      []Term     `json:"terms,omitempty"`
	Child      string     `json:"child,omitempty"`
	ChildValue *Num       `json:"child_value,omitempty"`
	ChildBound *Bound     `json:"child_bound,omitempty"`
	Changed    string     `json:"changed,omitempty"`
	Low        *Num       `json:"low,omitempty"`
	High       *Num       `json:"high,omitempty"`
	Test       string     `json:"test,omitempty"`
	Pruned     []string   `json:"pruned,omitempty"`
	Hit        bool       `json:"hit,omitempty"`
	Cut        bool       `json:"cut,omitempty"`
	Replaced   bool       `json:"replaced,omitempty"`
	Sym        int        `json:"sym,omitempty"`
	Draft      int        `json:"draft,omitempty"`
	Stored     string     `json:"stored,omitempty"`
	Pass       int        `json:"pass,omitempty"`
	Result     *Result    `json:"result,omitempty"`
	Iter       int        `json:"iter,omitempty"`
	Scores     []Score    `json:"scores,omitempty"`
	Visits     *float64   `json:"visits,omitempty"`
	Wins       *float64   `json:"wins,omitempty"`
	Playout    []string   `json:"playout,omitempty"`
	Reward     *Num       `json:"reward,omitempty"`
	Decoupled  *Decoupled `json:"decoupled,omitempty"`
}

func (e Event) hasValue() bool {
	switch e.Type {
	case Leaf, Update, Prune, Exit, Simulate, TTStore, StandPat, Extend:
		return true
	case TTProbe:
		return e.Hit
	}
	return false
}

func (e Event) MarshalJSON() ([]byte, error) {
	w := wireEvent{
		Step: e.Step, Type: e.Type, Line: e.Line, Node: e.Node, Kind: e.Kind, Depth: e.Depth,
		Label: e.Label, Vec: e.Vec, Order: e.Order, By: e.By, Keys: e.Keys, Probs: e.Probs, Killers: e.Killers,
		Terminal: e.Terminal, Eval: e.Eval, Terms: e.Terms, Child: e.Child, Changed: e.Changed,
		Test: e.Test, Pruned: e.Pruned, Result: e.Result,
		Iter: e.Iter, Scores: e.Scores, Playout: e.Playout, Decoupled: e.Decoupled,
		Hit: e.Hit, Cut: e.Cut, Replaced: e.Replaced, Sym: e.Sym, Draft: e.Draft, Stored: e.Stored, Pass: e.Pass,
	}
	switch e.Type {
	case Select:
		w.Visits = &e.Visits
	case Backprop:
		w.Visits, w.Wins, w.Reward = &e.Visits, &e.Wins, &e.Reward
	case Simulate:
		w.Reward = &e.Reward
	}
	if e.Window && e.Type != Expand && e.Type != Leaf && e.Type != Done && e.Type != TTStore && e.Type != Extend && e.Type != Forward {
		w.Alpha, w.Beta = &e.Alpha, &e.Beta
	}
	if e.hasValue() {
		w.Value = &e.Value
	}
	if e.Type == Exit || e.Type == TTStore || e.Type == TTProbe && e.Hit {
		w.Bound = &e.Bound
	}
	if e.Type == Update {
		w.ChildValue = &e.ChildValue
		w.ChildBound = &e.ChildBound
	}
	if e.Range {
		w.Low, w.High = &e.Low, &e.High
	}
	return json.Marshal(w)
}

func (e *Event) UnmarshalJSON(b []byte) error {
	var w wireEvent
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*e = Event{
		Step: w.Step, Type: w.Type, Line: w.Line, Node: w.Node, Kind: w.Kind, Depth: w.Depth,
		Label: w.Label, Vec: w.Vec, Order: w.Order, By: w.By, Keys: w.Keys, Probs: w.Probs, Killers: w.Killers,
		Terminal: w.Terminal, Eval: w.Eval, Terms: w.Terms, Child: w.Child, Changed: w.Changed,
		Test: w.Test, Pruned: w.Pruned, Result: w.Result,
		Iter: w.Iter, Scores: w.Scores, Playout: w.Playout, Decoupled: w.Decoupled,
		Hit: w.Hit, Cut: w.Cut, Replaced: w.Replaced, Sym: w.Sym, Draft: w.Draft, Stored: w.Stored, Pass: w.Pass,
	}
	if w.Visits != nil {
		e.Visits = *w.Visits
	}
	if w.Wins != nil {
		e.Wins = *w.Wins
	}
	if w.Reward != nil {
		e.Reward = *w.Reward
	}
	if w.Alpha != nil && w.Beta != nil {
		e.Window, e.Alpha, e.Beta = true, *w.Alpha, *w.Beta
	}
	if w.Value != nil {
		e.Value = *w.Value
	}
	if w.Bound != nil {
		e.Bound = *w.Bound
	}
	if w.ChildValue != nil {
		e.ChildValue = *w.ChildValue
	}
	if w.ChildBound != nil {
		e.ChildBound = *w.ChildBound
	}
	if w.Low != nil && w.High != nil {
		e.Range, e.Low, e.High = true, *w.Low, *w.High
	}
	return nil
}

// String is a one-line, human-readable form used in logs and test failures.
func (e Event) String() string {
	s := fmt.Sprintf("#%d %s %s node=%q", e.Step, e.Type, e.Line, e.Node)
	if e.hasValue() {
		s += " v=" + e.Bound.Text(e.Value)
	}
	if e.Window {
		s += " " + WindowLine(e.Alpha, e.Beta)
	}
	if len(e.Pruned) > 0 {
		s += fmt.Sprint(" pruned=", e.Pruned)
	}
	return s
}

// Recorder receives events as a search emits them. Returning false stops
// the search: it unwinds at once and emits nothing more. A nil Recorder
// means nobody listens, and the search pays nothing for tracing.
//
// The event is lent for the duration of the call only: the search reuses
// it for later steps, so a recorder that keeps events must copy them
// (append(events, *e)). A recorder may set Subtree (see Subtree) and name
// a node in Label; it changes no other field: the search builds the
// events most nodes make each in an Event of its own and writes only the
// fields such an event carries, so another field set would stay.
type Recorder func(*Event) bool

// Reset makes e a new event with the given header and every other field
// zero: e = Event{Type: t, Line: line, Node: node, Kind: kind, Depth:
// depth}. One assignment of the whole struct (several hundred bytes,
// cleared with wide stores) costs less than asking field by field which
// ones are set. Package search uses it for its rarer events; the events
// most nodes make are built without it (see Recorder).
func (e *Event) Reset(t Type, line, node string, kind Kind, depth int) {
	*e = Event{}
	e.Type, e.Line, e.Node, e.Kind, e.Depth = t, line, node, kind, depth
}
