package trace

import (
	"math"
	"strconv"
	"strings"
)

// Narrate returns the one-sentence narration of event e: what it does and
// why, in plain English, for the viewer's caption. f is the frame before e
// is applied (Apply calls Narrate first, then changes the frame); Narrate
// does not change f. Nodes are named by their label where they have one
// ("node C"), else "the root" or by id ("node 1.2"); kinds are written in
// capitals (MAX, MIN). Sentences about α and β appear only for events that
// carry a window, so minimax is narrated without them.
//
// Narrate assumes e fits f (Apply checks that first); for an event that
// does not, it still returns a sentence, though perhaps a vague one.
func Narrate(f *Frame, e Event) string {
	nr := narrator{f: f, e: e}
	switch e.Type {
	case Enter:
		return nr.enter()
	case Expand:
		return nr.expand()
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
	}
	return "Step " + strconv.Itoa(e.Step) + ": " + e.Type.String() + "."
}

type narrator struct {
	f *Frame
	e Event
}

// label returns the label of node id: from the event for the node it
// concerns, else from the frame.
func (nr narrator) label(id string) string {
	if id == nr.e.Node && nr.e.Label != "" {
		return nr.e.Label
	}
	if v := nr.f.Nodes[id]; v != nil {
		return v.Label
	}
	return ""
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
// "node 1.2".
func (nr narrator) short(id string) string {
	if l := nr.label(id); l != "" {
		return l
	}
	if id == "" {
		return "the root"
	}
	return "node " + id
}

// bare names node id without the word "node": "C", "the root", "1.2".
func (nr narrator) bare(id string) string {
	if l := nr.label(id); l != "" {
		return l
	}
	if id == "" {
		return "the root"
	}
	return id
}

// kindName names node id with its kind: "MIN node C", "the MAX root",
// "MAX node 1.2".
func (nr narrator) kindName(id string, k Kind) string {
	if l := nr.label(id); l != "" {
		return k.Upper() + " node " + l
	}
	if id == "" {
		return "the " + k.Upper() + " root"
	}
	return k.Upper() + " node " + id
}

func possessive(s string) string { return s + "'s" }

// capital upper-cases the first letter of s.
func capital(s string) string {
	if s != "" && s[0] >= 'a' && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}

// valueText writes the value an event carries: the vector in max^n.
func valueText(v Num, vec []float64) string {
	if len(vec) > 0 {
		return vecText(vec)
	}
	return v.String()
}

// countWord writes n in words up to ten, in digits beyond.
func countWord(n int) string {
	words := [...]string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}
	if n >= 0 && n < len(words) {
		return words[n]
	}
	return strconv.Itoa(n)
}

// plural writes "1 leaf" or "7 leaves".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

func joinNums(ns []Num) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = n.String()
	}
	return strings.Join(s, ", ")
}

func isMinimax(k Kind) bool { return k == Max || k == Min }

func (nr narrator) enter() string {
	e := nr.e
	root := e.Node == ""
	if !e.Window {
		if root {
			return "The search starts at " + nr.kindName(e.Node, e.Kind) + "."
		}
		return capital(nr.kindName(e.Node, e.Kind)) + " is entered at depth " + strconv.Itoa(e.Depth) + "."
	}
	s := capital(nr.kindName(e.Node, e.Kind)) + " is entered with α = " + e.Alpha.String() + ", β = " + e.Beta.String() + ": "
	if parent, ok := ParentID(e.Node); ok {
		if pv := nr.f.Nodes[parent]; pv != nil && pv.Kind == Chance && pv.State == StateOpen {
			// Star1: the window was derived by the chance node above.
			return capital(nr.kindName(e.Node, e.Kind)) + " is entered with α = " + e.Alpha.String() + ", β = " + e.Beta.String() +
				", the window its CHANCE parent " + nr.bare(parent) + " derived from its own window and the leaf bounds: only a value between " +
				e.Alpha.String() + " and " + e.Beta.String() + " must be found exactly; beyond them a bound lets " + nr.bare(parent) + " cut."
		}
	}
	lo, hi := !isInf(e.Alpha, -1), !isInf(e.Beta, 1)
	switch {
	case !lo && !hi:
		return s + "nothing is known yet."
	case root:
		return s + "the caller only cares about values between " + e.Alpha.String() + " and " + e.Beta.String() + "."
	case lo && hi:
		return s + "MAX already has " + e.Alpha.String() + " elsewhere and MIN already has " + e.Beta.String() + ", so only values between them matter."
	case lo:
		return s + "MAX already has " + e.Alpha.String() + " elsewhere."
	default:
		return s + "MIN already has " + e.Beta.String() + " elsewhere."
	}
}

func isInf(n Num, sign int) bool { return math.IsInf(float64(n), sign) }

func (nr narrator) expand() string {
	e := nr.e
	k := nr.kind()
	n := len(e.Order)
	s := capital(nr.short(e.Node))
	if n == 0 {
		return s + " has no successors."
	}
	s += " has " + plural(n, "successor", "successors")
	if len(e.Probs) > 0 {
		ps := make([]string, len(e.Probs))
		for i, p := range e.Probs {
			ps[i] = probText(p)
		}
		s += " (probabilities " + strings.Join(ps, ", ") + ")"
	}
	var keys []Num
	if e.Keys != nil {
		for _, i := range e.Order {
			if i >= 0 && i < len(e.Keys) {
				keys = append(keys, e.Keys[i])
			} else {
				keys = append(keys, Num(math.NaN()))
			}
		}
	}
	withKeys := func(s string) string {
		if keys != nil {
			return s + ": " + joinNums(keys) + "."
		}
		return s + "."
	}
	switch e.By {
	case "natural":
		return s + ", searched in natural order."
	case "reversed":
		return s + ", searched in reverse order."
	case "random":
		return s + ", searched in random order."
	case "eval":
		return withKeys(s + ", ordered best first for " + k.Upper() + " by evaluation")
	case "best":
		return withKeys(s + ", ordered best first for " + k.Upper() + " by minimax value")
	case "worst":
		return withKeys(s + ", ordered worst first for " + k.Upper() + " by minimax value")
	case "":
		natural := true
		for i, c := range e.Order {
			natural = natural && c == i
		}
		if natural {
			return s + ", searched in natural order."
		}
		order := make([]string, n)
		for i, c := range e.Order {
			order[i] = strconv.Itoa(c)
		}
		return s + ", searched in the order " + strings.Join(order, ", ") + "."
	}
	if keys != nil {
		return withKeys(s + ", ordered by " + e.By)
	}
	return s + ", searched in " + e.By + " order."
}

func (nr narrator) leaf() string {
	e := nr.e
	v := valueText(e.Value, e.Vec)
	if e.Terminal {
		if e.Node == "" {
			return capital(nr.short(e.Node)) + " is terminal: utility " + v + "."
		}
		return "Leaf " + nr.bare(e.Node) + " is terminal: utility " + v + "."
	}
	s := "The depth limit stops at " + nr.bare(e.Node) + ": evaluation "
	if e.Eval != "" {
		s += e.Eval + " = "
	} else {
		s = strings.TrimSuffix(s, " ") + " = "
	}
	s += v
	if len(e.Terms) > 0 {
		ts := make([]string, len(e.Terms))
		for i, t := range e.Terms {
			ts[i] = t.Name + " = " + Num(t.Count).String() + " × " + Num(t.Weight).String()
		}
		s += " (" + strings.Join(ts, ", ") + ")"
	}
	return s + "."
}

// childValue writes what a child returned: "2", or "C's bound ≤ 2".
func (nr narrator) childValue() string {
	e := nr.e
	if e.ChildBound == Exact {
		return e.ChildValue.String()
	}
	return possessive(nr.short(e.Child)) + " bound " + e.ChildBound.Text(e.ChildValue)
}

func (nr narrator) update() string {
	e := nr.e
	k := nr.kind()
	who := possessive(nr.short(e.Node))
	prev := nr.f.Nodes[e.Node]
	switch e.Changed {
	case "alpha":
		return capital(who) + " α rises to " + e.Alpha.String() + ": MAX is now sure of at least " + e.Alpha.String() + "."
	case "beta":
		return capital(who) + " β falls to " + e.Beta.String() + ": MIN can now hold MAX to at most " + e.Beta.String() + "."
	case "value":
		if t := nr.expected(); t != "" {
			return t
		}
		if t := nr.picks(); t != "" {
			return t
		}
		if !isMinimax(k) {
			return capital(who) + " value becomes " + valueText(e.Value, e.Vec) + " after " + nr.short(e.Child) + " returns " + nr.childReturned() + "."
		}
		old := Inf(-1)
		verb, pick := "rises", "the larger"
		if k == Min {
			old = Inf(1)
			verb, pick = "falls", "the smaller"
		}
		if prev != nil && prev.HasValue {
			old = prev.Value
		}
		return capital(who) + " value " + verb + " to " + e.Value.String() + ": " + k.Upper() + " takes " + pick + " of " + old.String() + " and " + nr.childValue() + "."
	}
	if t := nr.expected(); t != "" {
		return t
	}
	if t := nr.picks(); t != "" {
		return t
	}
	if !isMinimax(k) {
		return capital(who) + " value stays " + valueText(e.Value, e.Vec) + " after " + nr.short(e.Child) + " returns " + nr.childReturned() + "."
	}
	return capital(who) + " value stays " + e.Value.String() + ": " + nr.childValue() + " is no better for " + k.Upper() + "."
}

// childReturned writes a child's returned value, with its vector in max^n.
func (nr narrator) childReturned() string {
	if c := nr.f.Nodes[nr.e.Child]; c != nil && c.Text != "" {
		return c.Text
	}
	return nr.e.ChildBound.Text(nr.e.ChildValue)
}

func (nr narrator) prune() string {
	e := nr.e
	k := nr.kind()
	test := e.Test
	if t := nr.chanceCut(); t != "" {
		return t
	}
	s := capital(nr.kindName(e.Node, k)) + " has value " + test
	if len(e.Pruned) == 0 {
		return s + ", but the test fires at the last child, so nothing is left to prune."
	}
	if isMinimax(k) {
		s += ", so " + k.Opponent().Upper() + " will never come here: "
	} else {
		s += ", so its other children cannot change the result: "
	}
	if len(e.Pruned) == 1 {
		return s + "its last child is pruned."
	}
	return s + "its last " + countWord(len(e.Pruned)) + " children are pruned."
}

func (nr narrator) exit() string {
	e := nr.e
	k := nr.kind()
	v := valueText(e.Value, e.Vec)
	prev := nr.f.Nodes[e.Node]
	if prev != nil && !prev.Expanded() && e.Bound == Exact {
		if strings.HasSuffix(e.Line, "-cutoff") {
			return capital(nr.short(e.Node)) + " returns its evaluation " + v + ", an estimate of its true value."
		}
		if e.Node == "" {
			return "The root returns its utility " + v + "."
		}
		return "Leaf " + nr.bare(e.Node) + " returns its utility " + v + "."
	}
	who := capital(nr.short(e.Node))
	switch e.Bound {
	case Lower:
		return who + " returns ≥ " + v + ", a lower bound: its true value is at least " + v + "."
	case Upper:
		return who + " returns ≤ " + v + ", an upper bound: its true value is at most " + v + "."
	}
	if isMinimax(k) {
		return who + " returns " + v + ", its exact minimax value."
	}
	return who + " returns " + v + ", its exact value."
}

func (nr narrator) done() string {
	f, e := nr.f, nr.e
	k := nr.kind()
	r := e.Result
	s := "Search done: the root's value is "
	switch {
	case f.Nodes[""] != nil && f.Nodes[""].Text != "":
		s += f.Nodes[""].Text
	case r != nil:
		s += valueText(r.Value, r.Vec)
	default:
		s += "unknown"
	}
	switch {
	case r == nil || r.Best == "":
		s += " (it is a leaf)"
	case k == Chance:
	default:
		s += " and " + k.Upper() + " moves to " + nr.short(r.Best)
	}
	leaves := f.Stats.Leaves
	s += "; " + plural(leaves, "leaf", "leaves")
	if leaves == 1 {
		s += " was evaluated"
	} else {
		s += " were evaluated"
	}
	if root := f.Nodes[""]; root == nil || !root.Window {
		return s + "."
	}
	switch c := f.Stats.Cutoffs; c {
	case 0:
		return s + " and no cutoff saved work."
	case 1:
		return s + " and 1 cutoff saved work."
	default:
		return s + " and " + strconv.Itoa(c) + " cutoffs saved work."
	}
}

// probText writes a probability: a short decimal as it is (0.25), else a
// fraction with a small denominator when it is one (1/3), else rounded.
func probText(p float64) string {
	s := Num(p).String()
	if len(s) <= 6 {
		return s
	}
	for d := 2; d <= 100; d++ {
		n := math.Round(p * float64(d))
		if n >= 1 && math.Abs(p-n/float64(d)) < 1e-9 {
			return strconv.Itoa(int(n)) + "/" + strconv.Itoa(d)
		}
	}
	return roundText(p)
}

// roundText writes v with at most three decimals.
func roundText(v float64) string {
	s := strconv.FormatFloat(v, 'f', 3, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return Num(mustParse(s)).String()
}

func mustParse(s string) float64 {
	f, _ := strconv.ParseFloat(s, 64)
	return f
}

// shortText writes a value for a formula: as it is when short, else
// rounded to three decimals, reporting whether it rounded.
func shortText(v Num) (string, bool) {
	if s := v.String(); len(s) <= 8 || isInf(v, 0) || v != v {
		return s, false
	}
	return roundText(float64(v)), true
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
// node's value is known to lie in. It returns "" for other updates.
func (nr narrator) expected() string {
	e := nr.e
	n := nr.f.Nodes[e.Node]
	if n == nil || n.Kind != Chance || len(n.Probs) == 0 {
		return ""
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
			return ""
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
		return ""
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
	what := "expected value"
	if len(e.Vec) > 0 {
		what = "expected vector"
	}
	s := capital(possessive(nr.short(e.Node))) + " " + what
	if !complete {
		s += " so far"
	}
	s += ": " + strings.Join(terms, " + ") + eq + total
	if e.Range && !complete {
		lo, _ := shortText(e.Low)
		hi, _ := shortText(e.High)
		s += "; with every outcome still to come between the leaf bounds, " + nr.short(e.Node) + " is worth between " + lo + " and " + hi
	}
	return s + "."
}

// ordinal writes the k-th in words up to sixteenth.
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
// component so far." It returns "" for other updates.
func (nr narrator) picks() string {
	e := nr.e
	k := nr.kind()
	p := k.PlayerIndex()
	c := nr.f.Nodes[e.Child]
	if p == 0 || len(e.Vec) < p || c == nil || len(c.Vec) < p {
		return ""
	}
	prev := nr.f.Nodes[e.Node]
	at := "At " + nr.short(e.Node) + ", " + k.Upper()
	if e.Node == "" {
		at = "At the root, " + k.Upper()
	}
	own := Num(e.Vec[p-1]).String()
	if e.Changed == "value" {
		if prev == nil || !prev.HasValue {
			return at + " starts from " + vecText(e.Vec) + ", the vector of " + nr.short(e.Child) + ": its " + ordinal(p) + " component is " + own + "."
		}
		return at + " picks " + vecText(e.Vec) + ": " + own + " is the best " + ordinal(p) + " component so far."
	}
	return at + " keeps " + vecText(e.Vec) + ": " + nr.short(e.Child) + " offers " + Num(c.Vec[p-1]).String() +
		" as the " + ordinal(p) + " component, no better than " + own + "."
}

// chanceCut narrates a Star1 cut at a chance node, whose test names the
// bound: "upper bound 2.4 ≤ α = 3". It returns "" for other prunes.
func (nr narrator) chanceCut() string {
	e := nr.e
	var why string
	switch {
	case strings.HasPrefix(e.Test, "upper bound "):
		why = "even if every outcome still to come scored the greatest leaf value, its expected value could not beat α, what MAX is already sure of"
	case strings.HasPrefix(e.Test, "lower bound "):
		why = "even if every outcome still to come scored the least leaf value, its expected value would stay at β or above, and MIN can already hold MAX to β"
	default:
		return ""
	}
	s := capital(nr.kindName(e.Node, nr.kind())) + " has " + e.Test + ": " + why
	n := nr.f.Nodes[e.Node]
	switch {
	case len(e.Pruned) == 0:
		return s + "; the test fires at the last child, so nothing is left to prune."
	case n != nil && len(e.Pruned) == len(n.Order) && len(n.Order) > 1:
		return s + ", so all its " + countWord(len(e.Pruned)) + " children are pruned before any is searched."
	case len(e.Pruned) == 1 && n != nil && len(n.Order) == 1:
		return s + ", so its only child is pruned."
	case len(e.Pruned) == 1:
		return s + ", so its last child is pruned."
	}
	return s + ", so its last " + countWord(len(e.Pruned)) + " children are pruned."
}
