package trace

import (
	"math"
	"strconv"
	"strings"
)

// Narrate returns the one-sentence narration of event e in English: what
// it does and why, for the viewer's caption. It is NarratePhrase(f,
// e).String(); a viewer in another language words NarratePhrase itself.
func Narrate(f *Frame, e Event) string { return NarratePhrase(f, e).String() }

// NarratePhrase returns the narration of event e as a phrase, to be worded
// in the viewer's language. f is the frame before e is applied (Apply
// narrates first, then changes the frame); NarratePhrase does not change f.
// Nodes are named as they are drawn: by their label (the tree's own, the
// textbook's letters, a game's move), else the root as "the root", else by
// id ("node 1.2"); kinds are written in capitals (MAX, MIN) in every
// language. Sentences about α and β appear only for events that carry a
// window, so minimax is narrated without them.
//
// NarratePhrase assumes e fits f (Apply checks that first); for an event
// that does not, it still returns a sentence, though perhaps a vague one.
func NarratePhrase(f *Frame, e Event) Phrase {
	nr := narrator{f: f, e: e}
	if e.Decoupled != nil && (e.Type.IsMCTS() || e.Type == Done) {
		return nr.ductStep()
	}
	switch e.Type {
	case Enter:
		return nr.enter()
	case Expand:
		if e.By == "captures" {
			return sayN("narrate.expand.captures", len(e.Order), "Node", nr.short(e.Node))
		}
		return nr.expand()
	case StandPat:
		return nr.standPat()
	case Extend:
		return nr.extend()
	case Forward:
		return nr.forward()
	case Leaf:
		return nr.leaf()
	case Update:
		return nr.update()
	case Prune:
		return nr.prune()
	case Exit:
		return nr.exit()
	case Done:
		if v := f.Nodes[""]; v != nil && v.Counts {
			return nr.mctsDone()
		}
		return nr.done()
	case Select:
		return nr.selectStep()
	case Grow:
		return nr.grow()
	case Simulate:
		return nr.simulate()
	case Backprop:
		return nr.backprop()
	case TTProbe:
		return nr.ttProbe()
	case TTStore:
		return nr.ttStore()
	case Research:
		return nr.research()
	case Pass:
		return nr.pass()
	}
	return say("narrate.step", "Step", strconv.Itoa(e.Step), "Type", e.Type.String())
}

type narrator struct {
	f *Frame
	e Event
}

// label returns the label of node id as the viewer reads it (see
// Frame.Labels): from the event for the node it concerns, else from the
// frame.
func (nr narrator) label(id string) string {
	if id == nr.e.Node && nr.e.Label != "" {
		return nr.f.LabelText(nr.e.Label)
	}
	if v := nr.f.Nodes[id]; v != nil {
		return nr.f.LabelText(v.Label)
	}
	return ""
}

// rawLabel is the label of node id as the search gave it (before the
// viewer's words).
func (nr narrator) rawLabel(id string) string {
	if id == nr.e.Node && nr.e.Label != "" {
		return nr.e.Label
	}
	if v := nr.f.Nodes[id]; v != nil {
		return v.Label
	}
	return ""
}

// PassLabel is the label of a node reached by a pass by the player of
// kind k, "MAX passes" (Reversi, the dice game); the viewer words it in
// its language.
func PassLabel(k Kind) string { return k.Upper() + passSuffix }

// passSuffix ends a pass's label.
const passSuffix = " passes"

// IsPassLabel reports whether label is a pass's (PassLabel).
func IsPassLabel(label string) bool {
	kind, ok := strings.CutSuffix(label, passSuffix)
	return ok && (kind == Max.Upper() || kind == Min.Upper())
}

// kind returns the kind of the node the event concerns (the root for
// done), as it was entered.
func (nr narrator) kind() Kind {
	if v := nr.f.Nodes[nr.e.Node]; v != nil && v.State != StatePruned {
		return v.Kind
	}
	return nr.e.Kind
}

// short names node id as the subject of a sentence: "C", "the root",
// "node 1.2"; a node reached by a pass by its name as a name
// (narrate.pass-name: „MIN passt“ in German, where the words of the pass
// are a sentence of their own).
func (nr narrator) short(id string) any {
	if IsPassLabel(nr.rawLabel(id)) {
		return say("narrate.pass-name", "Name", nr.label(id))
	}
	if l := nr.label(id); l != "" {
		return Name(l)
	}
	if id == "" {
		return say("narrate.root")
	}
	return say("narrate.node-id", "ID", id)
}

// bare names node id without the word "node": "C", "the root", "1.2".
func (nr narrator) bare(id string) any {
	if IsPassLabel(nr.rawLabel(id)) {
		return say("narrate.pass-name", "Name", nr.label(id))
	}
	if l := nr.label(id); l != "" {
		return Name(l)
	}
	if id == "" {
		return say("narrate.root")
	}
	return id
}

// kindName names node id with its kind: "MIN node C", "the MAX root",
// "MAX node 1.2"; a node reached by a pass by its name alone, "MIN
// passes", which says who moved (not "MAX node MIN passes").
func (nr narrator) kindName(id string, k Kind) Phrase {
	if IsPassLabel(nr.rawLabel(id)) {
		return say("narrate.pass-node", "Name", nr.label(id))
	}
	if l := nr.label(id); l != "" {
		return say("narrate.kind-node", "Kind", k.Upper(), "Name", l)
	}
	if id == "" {
		return say("narrate.kind-root", "Kind", k.Upper())
	}
	return say("narrate.kind-node", "Kind", k.Upper(), "Name", id)
}

// valueText writes the value an event carries: the vector in max^n.
func valueText(v Num, vec []float64) string {
	if len(vec) > 0 {
		return vecText(vec)
	}
	return v.String()
}

// countWord writes n in English words up to ten, in digits beyond.
func countWord(n int) string {
	words := [...]string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}
	if n >= 0 && n < len(words) {
		return words[n]
	}
	return strconv.Itoa(n)
}

func joinNums(ns []Num) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = n.String()
	}
	return strings.Join(s, ", ")
}

func isMinimax(k Kind) bool { return k == Max || k == Min }

func (nr narrator) enter() Phrase {
	e := nr.e
	if nr.f.Leaf != nil && e.Node != "" && !nr.star1Window() {
		if nr.f.Leaf(e.Node) {
			// A lecturer says a leaf is reached, not that MIN-VALUE is
			// called on it; its value is the next event's.
			return say("narrate.enter.leaf", "Node", nr.bare(e.Node))
		}
	}
	node := nr.kindName(e.Node, e.Kind)
	if !e.Window {
		if e.Node == "" {
			return say("narrate.enter.start", "Node", node)
		}
		return say("narrate.enter.depth", "Node", node, "Depth", strconv.Itoa(e.Depth))
	}
	a, b := WindowText(e.Alpha, e.Beta)
	if nr.star1Window() {
		// Star1: the window was derived by the chance node above.
		parent, _ := ParentID(e.Node)
		return say("narrate.enter.star1", "Node", node, "Alpha", a, "Beta", b, "Parent", nr.bare(parent))
	}
	lo, hi := !isInf(e.Alpha, -1), !isInf(e.Beta, 1)
	id := "narrate.enter.beta"
	switch {
	case !lo && !hi:
		id = "narrate.enter.open"
	case e.Node == "":
		id = "narrate.enter.root-window"
	case lo && hi:
		id = "narrate.enter.window"
	case lo:
		id = "narrate.enter.alpha"
	}
	return say(id, "Node", node, "Alpha", a, "Beta", b)
}

// star1Window reports whether the enter event's window was derived by the
// open CHANCE node above it (Star1), which the narration explains even at
// a leaf.
func (nr narrator) star1Window() bool {
	if !nr.e.Window {
		return false
	}
	parent, ok := ParentID(nr.e.Node)
	if !ok {
		return false
	}
	pv := nr.f.Nodes[parent]
	return pv != nil && pv.Kind == Chance && pv.State == StateOpen
}

func isInf(n Num, sign int) bool { return math.IsInf(float64(n), sign) }

func (nr narrator) expand() Phrase {
	e := nr.e
	k := nr.kind()
	n := len(e.Order)
	node := nr.short(e.Node)
	if n == 0 {
		return say("narrate.expand.none", "Node", node)
	}
	if t, ok := nr.learnedExpand(); ok {
		return t
	}
	probs := ""
	if len(e.Probs) > 0 {
		ps := make([]string, len(e.Probs))
		for i, p := range e.Probs {
			ps[i] = probText(p)
		}
		probs = strings.Join(ps, ", ")
	}
	keys := ""
	if e.Keys != nil {
		ks := make([]Num, 0, len(e.Order))
		for _, i := range e.Order {
			if i >= 0 && i < len(e.Keys) {
				ks = append(ks, e.Keys[i])
			} else {
				ks = append(ks, Num(math.NaN()))
			}
		}
		keys = joinNums(ks)
	}
	how := ""
	switch e.By {
	case "natural", "reversed", "random":
		how = e.By
	case "eval", "best", "worst":
		how = e.By
		if keys == "" {
			how = "keyless-" + e.By
		}
	case "":
		natural := true
		for i, c := range e.Order {
			natural = natural && c == i
		}
		if natural {
			how = "natural"
		} else {
			order := make([]string, n)
			for i, c := range e.Order {
				order[i] = strconv.Itoa(c)
			}
			keys, how = strings.Join(order, ", "), "order"
		}
	default:
		how = "other"
		if keys != "" {
			how = "other-keys"
		}
	}
	return sayN("narrate.expand."+how, n, "Node", node, "Probs", probs, "Keys", keys, "Kind", k.Upper(), "By", e.By)
}

func (nr narrator) leaf() Phrase {
	e := nr.e
	v := valueText(e.Value, e.Vec)
	if e.Terminal {
		if e.Node == "" {
			return say("narrate.leaf.root", "Node", nr.short(e.Node), "Value", v)
		}
		return say("narrate.leaf.terminal", "Node", nr.bare(e.Node), "Value", v)
	}
	if isCategories(e.Terms) {
		return say("narrate.leaf.categories", "Node", nr.bare(e.Node), "Value", v, "Sum", nr.categoriesText(e.Terms))
	}
	eq := "="
	if len(e.Vec) == 0 && !WrittenExactly(float64(e.Value)) {
		eq = "≈" // the value is written rounded
	}
	if lo, hi, names, ok := KuhlmannParts(e.Terms); ok {
		// The construction written out names the features and the
		// direction: the evaluation's name would say them again.
		return say("narrate.leaf.kuhlmann", "Node", nr.bare(e.Node), "Eval", "", "Eq", eq, "Value", v, "Formula", kuhlmannText(e.Terms, lo, hi, names))
	}
	return say("narrate.leaf.depth", "Node", nr.bare(e.Node), "Eval", nr.f.EvalText(e.Eval), "Eq", eq, "Value", v, "Terms", nr.termsText(e.Terms))
}

// childValue writes what a child returned: "2", or "C's bound ≤ 2".
func (nr narrator) childValue() any {
	e := nr.e
	if e.ChildBound == Exact {
		return e.ChildValue.String()
	}
	return say("narrate.child-bound", "Child", nr.short(e.Child), "Bound", e.ChildBound.Text(e.ChildValue))
}

func (nr narrator) update() Phrase {
	e := nr.e
	k := nr.kind()
	node := nr.short(e.Node)
	prev := nr.f.Nodes[e.Node]
	switch e.Changed {
	case "alpha":
		return say("narrate.update.alpha", "Node", node, "Alpha", e.Alpha.String())
	case "beta":
		return say("narrate.update.beta", "Node", node, "Beta", e.Beta.String())
	case "value":
		if t, ok := nr.expected(); ok {
			return t
		}
		if t, ok := nr.picks(); ok {
			return t
		}
		if !isMinimax(k) {
			return say("narrate.update.becomes", "Node", node, "Value", valueText(e.Value, e.Vec), "Child", nr.short(e.Child), "Returned", nr.childReturned())
		}
		old := Inf(-1)
		id := "narrate.update.max-rises"
		if k == Min {
			old = Inf(1)
			id = "narrate.update.min-falls"
		}
		if prev != nil && prev.HasValue {
			old = prev.Value
		}
		return say(id, "Node", node, "Value", e.Value.String(), "Kind", k.Upper(), "Old", old.String(), "Child", nr.childValue())
	}
	if t, ok := nr.expected(); ok {
		return t
	}
	if t, ok := nr.picks(); ok {
		return t
	}
	if !isMinimax(k) {
		return say("narrate.update.stays-vec", "Node", node, "Value", valueText(e.Value, e.Vec), "Child", nr.short(e.Child), "Returned", nr.childReturned())
	}
	return say("narrate.update.stays", "Node", node, "Value", e.Value.String(), "Child", nr.childValue(), "Kind", k.Upper())
}

// childReturned writes a child's returned value, with its vector in max^n.
func (nr narrator) childReturned() string {
	if c := nr.f.Nodes[nr.e.Child]; c != nil && c.Text != "" {
		return c.Text
	}
	return nr.e.ChildBound.Text(nr.e.ChildValue)
}

func (nr narrator) prune() Phrase {
	e := nr.e
	k := nr.kind()
	if t, ok := nr.chanceCut(); ok {
		return t
	}
	node := nr.kindName(e.Node, k)
	n := len(e.Pruned)
	switch {
	case n == 0:
		return say("narrate.prune.none", "Node", node, "Test", e.Test)
	case isMinimax(k):
		return sayN("narrate.prune.cut", n, "Node", node, "Test", e.Test, "Opponent", k.Opponent().Upper(), "Word", countWord(n))
	}
	return sayN("narrate.prune.cut-other", n, "Node", node, "Test", e.Test, "Word", countWord(n))
}

func (nr narrator) exit() Phrase {
	e := nr.e
	k := nr.kind()
	v := valueText(e.Value, e.Vec)
	prev := nr.f.Nodes[e.Node]
	if e.Line == LineTTCut {
		// Settled by the table: neither a utility nor an evaluation.
		return say("narrate.exit.table", "Node", nr.short(e.Node), "Entry", entryPhrase(e.Value, e.Bound))
	}
	if prev != nil && !prev.Expanded() && e.Bound == Exact {
		if strings.HasSuffix(e.Line, "-cutoff") {
			return say("narrate.exit.estimate", "Node", nr.short(e.Node), "Value", v)
		}
		if e.Node == "" {
			return say("narrate.exit.root-utility", "Value", v)
		}
		return say("narrate.exit.utility", "Node", nr.bare(e.Node), "Value", v)
	}
	node := nr.short(e.Node)
	switch {
	case e.Bound == Lower:
		return say("narrate.exit.lower", "Node", node, "Value", v)
	case e.Bound == Upper:
		return say("narrate.exit.upper", "Node", node, "Value", v)
	case isMinimax(k):
		return say("narrate.exit.minimax", "Node", node, "Value", v)
	}
	return say("narrate.exit.exact", "Node", node, "Value", v)
}

func (nr narrator) done() Phrase {
	f, e := nr.f, nr.e
	k := nr.kind()
	r := e.Result
	var value any
	switch {
	case f.Nodes[""] != nil && f.Nodes[""].Text != "":
		value = f.Nodes[""].Text
	case r != nil:
		value = valueText(r.Value, r.Vec)
	default:
		value = say("narrate.done.unknown")
	}
	var move any = ""
	switch {
	case r == nil || r.Best == "":
		move = say("narrate.done.leaf")
	case k == Chance:
	default:
		move = say("narrate.done.move", "Kind", k.Upper(), "Node", nr.short(r.Best))
	}
	leaves := f.Stats.Leaves
	if m := f.Memory; m != nil && len(m.Passes) > 0 && r != nil {
		// The root's text is the last pass's bound (MTD(f)'s last test
		// fails low at the value); the result is the value.
		value = valueText(r.Value, r.Vec)
	}
	if f.Estimated {
		// The depth limit cut the search: the root's value is an estimate.
		value = say("narrate.done.estimate", "Value", value)
	}
	if m := f.Memory; m != nil && len(m.Passes) > 0 {
		return nr.donePasses(value, move)
	}
	var cutoffs any = ""
	if root := f.Nodes[""]; root != nil && root.Window {
		cutoffs = sayN("narrate.done.cutoffs", f.Stats.Cutoffs)
	}
	return sayN("narrate.done", leaves, "Value", value, "Move", move, "Cutoffs", cutoffs)
}

// donePasses ends a search made of passes (iterative deepening, MTD(f)):
// how many passes, the nodes each entered, the leaves in all, the probes
// the table answered and the cutoffs, when there were any.
func (nr narrator) donePasses(value, move any) Phrase {
	f := nr.f
	nodes := make([]string, len(f.Memory.Passes))
	for i, p := range f.Memory.Passes {
		nodes[i] = strconv.Itoa(p.Nodes)
	}
	var hits, cutoffs any = "", ""
	if f.Stats.TTStored > 0 || f.Stats.TTHits > 0 {
		hits = sayN("narrate.done.tt-hits", f.Stats.TTHits)
	}
	if f.Stats.Cutoffs > 0 {
		cutoffs = sayN("narrate.done.cutoffs", f.Stats.Cutoffs)
	}
	work := sayN("narrate.done.passes-work", f.Stats.Leaves, "Hits", hits, "Cutoffs", cutoffs)
	return sayN("narrate.done.passes", len(f.Memory.Passes), "Value", value, "Move", move,
		"Nodes", strings.Join(nodes, ", "), "Work", work)
}

// probText writes a probability as a lecturer does (WrittenProb).
func probText(p float64) string { return WrittenProb(p) }

// shortText writes a value for a formula as a lecturer does (Written),
// reporting whether it rounded.
func shortText(v Num) (string, bool) {
	return v.String(), !WrittenExactly(float64(v))
}

// vecShort writes a vector like vecText, rounding long components.
func vecShort(vec []float64) (string, bool) {
	var b strings.Builder
	rounded := false
	b.WriteByte('(')
	for i, x := range vec {
		if i > 0 {
			b.WriteString(", ")
		}
		t, r := shortText(Num(x))
		rounded = rounded || r
		b.WriteString(t)
	}
	b.WriteByte(')')
	return b.String(), rounded
}

// expected narrates an update at a chance node whose probabilities the
// frame knows: the weighted sum so far, term by term ("C's expected value
// so far: 0.5 × 3 + 0.5 × 12 = 7.5."), and under Star1 the interval the
// node's value is known to lie in. It reports false for other updates.
func (nr narrator) expected() (Phrase, bool) {
	e := nr.e
	n := nr.f.Nodes[e.Node]
	if n == nil || n.Kind != Chance || len(n.Probs) == 0 {
		return Phrase{}, false
	}
	// The children returned so far, in search order, this one included.
	var terms []string
	rounded, complete := false, true
	for _, i := range n.Order {
		id := ChildID(e.Node, i)
		c := nr.f.Nodes[id]
		if id != e.Child && (c == nil || c.State != StateDone) {
			complete = false
			continue
		}
		if i < 0 || i >= len(n.Probs) {
			return Phrase{}, false
		}
		var v string
		var r bool
		switch {
		case id == e.Child && c != nil && len(c.Vec) > 0:
			v, r = vecShort(c.Vec)
		case id == e.Child:
			v, r = shortText(e.ChildValue)
		case len(c.Vec) > 0:
			v, r = vecShort(c.Vec)
		default:
			v, r = shortText(c.Value)
		}
		rounded = rounded || r
		terms = append(terms, probText(n.Probs[i])+" × "+v)
	}
	if len(terms) == 0 {
		return Phrase{}, false
	}
	if len(terms) > 6 {
		terms = append(terms[:2], "…", terms[len(terms)-2])
	}
	var total string
	var r bool
	if len(e.Vec) > 0 {
		total, r = vecShort(e.Vec)
	} else {
		total, r = shortText(e.Value)
	}
	eq := " = "
	if rounded || r {
		eq = " ≈ "
	}
	vector, soFar := "", ""
	if len(e.Vec) > 0 {
		vector = "yes"
	}
	if !complete {
		soFar = "yes"
	}
	lo, hi := "", ""
	if e.Range && !complete {
		lo, _ = shortText(e.Low)
		hi, _ = shortText(e.High)
	}
	return say("narrate.expected", "Node", nr.short(e.Node), "Vector", vector, "SoFar", soFar,
		"Sum", strings.Join(terms, " + ")+eq+total, "Low", lo, "High", hi), true
}

// ordinal writes the k-th in English words up to sixteenth.
func ordinal(k int) string {
	words := [...]string{"zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
		"eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth"}
	if k >= 0 && k < len(words) {
		return words[k]
	}
	return strconv.Itoa(k) + "th"
}

// picks narrates an update at a max^n player node whose child's vector
// the frame knows: "At node 0, P2 picks (1, 5, 2): 5 is the best second
// component so far." It reports false for other updates.
func (nr narrator) picks() (Phrase, bool) {
	e := nr.e
	k := nr.kind()
	p := k.PlayerIndex()
	c := nr.f.Nodes[e.Child]
	if p == 0 || len(e.Vec) < p || c == nil || len(c.Vec) < p {
		return Phrase{}, false
	}
	prev := nr.f.Nodes[e.Node]
	args := []any{"Node", nr.short(e.Node), "Kind", k.Upper(), "Vec", vecText(e.Vec), "Own", Num(e.Vec[p-1]).String(),
		"Child", nr.short(e.Child), "Ordinal", ordinal(p), "P", strconv.Itoa(p), "Offer", Num(c.Vec[p-1]).String()}
	switch {
	case e.Changed == "value" && (prev == nil || !prev.HasValue):
		return say("narrate.picks.starts", args...), true
	case e.Changed == "value":
		return say("narrate.picks.picks", args...), true
	}
	return say("narrate.picks.keeps", args...), true
}

// chanceCut narrates a Star1 cut at a chance node, whose test names the
// bound: "upper bound 2.4 ≤ α = 3". It reports false for other prunes.
func (nr narrator) chanceCut() (Phrase, bool) {
	e := nr.e
	var side string
	switch {
	case strings.HasPrefix(e.Test, "upper bound "):
		side = "upper"
	case strings.HasPrefix(e.Test, "lower bound "):
		side = "lower"
	default:
		return Phrase{}, false
	}
	test := strings.TrimPrefix(strings.TrimPrefix(e.Test, "upper bound "), "lower bound ")
	n := nr.f.Nodes[e.Node]
	how := "last"
	switch {
	case len(e.Pruned) == 0:
		how = "none"
	case n != nil && len(e.Pruned) == len(n.Order) && len(n.Order) > 1:
		how = "all"
	case len(e.Pruned) == 1 && n != nil && len(n.Order) == 1:
		how = "only"
	}
	args := []any{"Node", nr.kindName(e.Node, nr.kind()), "Test", test, "Word", countWord(len(e.Pruned)), "N", strconv.Itoa(len(e.Pruned))}
	if how == "last" {
		return sayN("narrate.chance-cut."+side+".last", len(e.Pruned), args...), true
	}
	return say("narrate.chance-cut."+side+"."+how, args...), true
}
