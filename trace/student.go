package trace

import (
	"cmp"
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Limits of a student's trace.
const (
	// MaxStudentBytes bounds the text of a student's trace.
	MaxStudentBytes = 4 << 20
	// MaxStudentSteps bounds its events or visited names.
	MaxStudentSteps = 200_000
	// MaxReferenceEvents bounds the reference trace a student's trace is
	// compared with (its events are kept in memory, a few hundred bytes
	// each): searches larger than this are refused by the diff's callers.
	MaxReferenceEvents = 300_000
)

// StudentTrace is the trace of a student's own engine: either events in
// abtrace's JSON lines (Events), or only the nodes it visited, in order, by
// name or id (Visits). Exactly one is set.
type StudentTrace struct {
	Events []Event
	Visits []Visit
	// At holds the position in the text of each event or visit.
	At []Pos
}

// Visit is one visited node named by the student: a label (a state name)
// or a node id.
type Visit struct{ Name string }

// Pos is a line and column (1-based, in characters) in a text.
type Pos struct{ Line, Col int }

// DiffError is an error in a student's trace, at its line and column.
type DiffError struct {
	Line, Col int
	Msg       string
	Err       error // ErrStudentLimit when a limit is exceeded
	// Say is the error as a phrase of English (student.err.*), for a
	// page to word in its language; Msg is its English, with the
	// JSON decoder's own account where there is one.
	Say Phrase
}

// diffError is the DiffError at line and col worded from English[id]
// with the arguments kv (name, value, …); detail, when not "", follows
// its English after a colon.
func diffError(line, col int, limit error, detail, id string, kv ...any) *DiffError {
	p := PhraseOf(id, kv...)
	msg := p.WordIn(English)
	if detail != "" {
		msg += ": " + detail
	}
	return &DiffError{Line: line, Col: col, Msg: msg, Err: limit, Say: p}
}

// ErrStudentLimit is wrapped by errors about MaxStudentBytes and
// MaxStudentSteps.
var ErrStudentLimit = errors.New("limit exceeded")

func (e *DiffError) Error() string {
	if e.Line <= 0 {
		return "trace: " + e.Msg
	}
	return "trace: line " + strconv.Itoa(e.Line) + ", column " + strconv.Itoa(e.Col) + ": " + e.Msg
}

func (e *DiffError) Unwrap() error { return e.Err }

// ParseStudent reads a student's trace. Text whose first character (after
// space and # comments) is '{' is abtrace's JSON lines, one event per line
// (the format of docs/trace-format.md; steps and pseudocode keys may be
// left out). Anything else is a list of visited nodes, by name or id,
// separated by spaces, commas or newlines, with # comments; write the root
// as its label, or as "" or "root" when it has none.
func ParseStudent(text string) (*StudentTrace, error) {
	if len(text) > MaxStudentBytes {
		return nil, diffError(0, 0, ErrStudentLimit, "", "student.err.bytes", "Got", len(text), "Max", MaxStudentBytes)
	}
	text = strings.TrimPrefix(text, "\ufeff")
	st := &StudentTrace{}
	lines := strings.Split(text, "\n")
	jsonLines := false
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if l == "" || l[0] == '#' {
			continue
		}
		jsonLines = l[0] == '{'
		break
	}
	for i, raw := range lines {
		l := strings.TrimRight(raw, "\r")
		if jsonLines {
			trimmed := strings.TrimSpace(l)
			if trimmed == "" || trimmed[0] == '#' {
				continue
			}
			col := utf8.RuneCountInString(l[:strings.Index(l, trimmed)]) + 1
			var e Event
			if err := json.Unmarshal([]byte(trimmed), &e); err != nil {
				var se *json.SyntaxError
				if errors.As(err, &se) && se.Offset > 0 {
					col += utf8.RuneCountInString(trimmed[:min(int(se.Offset)-1, len(trimmed))])
				}
				return nil, diffError(i+1, col, nil, err.Error(), "student.err.event")
			}
			if e.Type == 0 {
				return nil, diffError(i+1, col, nil, "", "student.err.type")
			}
			st.Events = append(st.Events, e)
			st.At = append(st.At, Pos{i + 1, col})
		} else {
			if c := strings.IndexByte(l, '#'); c >= 0 {
				l = l[:c]
			}
			col := 1
			start, startCol := -1, 0
			flush := func(end int) {
				if start >= 0 {
					st.Visits = append(st.Visits, Visit{l[start:end]})
					st.At = append(st.At, Pos{i + 1, startCol})
					start = -1
				}
			}
			for j, r := range l {
				if r == ' ' || r == '\t' || r == ',' || r == '\r' {
					flush(j)
				} else if start < 0 {
					start, startCol = j, col
				}
				col++
			}
			flush(len(l))
		}
		if len(st.At) > MaxStudentSteps {
			return nil, diffError(i+1, 1, ErrStudentLimit, "", "student.err.steps", "Max", MaxStudentSteps)
		}
	}
	if len(st.At) == 0 {
		return nil, diffError(0, 0, nil, "", "student.err.empty")
	}
	return st, nil
}

// Departure is the first step where a student's trace parts from the
// reference.
type Departure struct {
	// Index is the 0-based position in the compared sequence: the
	// student's Index-th event or visit (of the kinds compared).
	Index int
	// Step is the reference's step number (Event.Step) of what it did
	// there, and 0 when the reference had already ended; Before is the
	// step number of the last event both agree on (0 at the start).
	Step, Before int
	// At is the place of the student's step in its text (zero when the
	// student's trace had ended).
	At Pos
	// Want says what the reference did, Got what the student did.
	Want, Got string
	// Why explains the reference's step: the cut test that fired and the
	// window, or the window that let the search go on.
	Why string
	// WantSay, GotSay and WhySay are Want, Got and Why as phrases, for a
	// page to word in its language (WhySay has no ID when Why is empty).
	WantSay, GotSay, WhySay Phrase
}

// worded sets Want, Got and Why from their phrases and returns dep.
func (dep *Departure) worded() *Departure {
	dep.Want, dep.Got, dep.Why = dep.WantSay.String(), dep.GotSay.String(), dep.WhySay.String()
	return dep
}

// CompareStudent compares a student's trace with the reference events (a complete
// trace of the same search, as abtrace emits it) and returns the first
// departure, or nil when they agree.
//
// A list of visits is compared with the reference's enter events: the
// i-th name must be the label of the i-th node entered, or its id. Events
// are compared with the reference's events of the types the student's
// trace uses (an engine that emits only enter and exit events is compared
// on those): the node, and per type the window (enter, update, prune,
// exit, when the student gives one), the value (leaf, update, prune, exit),
// the children skipped (prune), the search order (expand, when given) and
// the root value and move (done).
//
// labels names nodes by id (a tree's names as drawn, a leaf's its value;
// its state names), so that a student may name nodes the reference never
// entered, such as the ones it pruned; the labels of the reference's enter
// events are used too, and labels may be nil. A name that several nodes
// share is the node StudentNodes says.
func CompareStudent(ref []Event, st *StudentTrace, labels map[string]string) *Departure {
	d := newDiffer(ref, labels, st)
	if st.Events == nil {
		return d.visits(st)
	}
	return d.events(st)
}

// StudentNodes returns the id of the node each of a list of visits names,
// or "?" for a name that is no node's; it returns nil for a trace of
// events, whose events give ids. A list that writes ids (a node's id with
// a dot, such as 0.1, that is no node's name) is read as ids, where the
// labels are not ids; any other is read as names, where an id is a node's
// only when no node has that name (a leaf's value 2 is not the root's
// third child). While the visits agree with the
// reference, each is the node the reference enters at that step. After
// that, a name several nodes share (a leaf's value in the classroom
// notation, a state reached twice) is the node the student's own walk
// reaches: a child not yet visited of the node visited last, else of its
// parent, and so on up to the root; else the first such node in the
// tree's order not yet visited; else the first. labels are as
// CompareStudent takes them.
func StudentNodes(ref []Event, st *StudentTrace, labels map[string]string) []string {
	if st.Events != nil {
		return nil
	}
	return newDiffer(ref, labels, st).resolve(st.Visits)
}

type differ struct {
	ref    []Event
	labels map[string]string
	// ids are the nodes known; byLabel lists the nodes of each label, in
	// the tree's order; byID says the student writes ids (see
	// StudentNodes).
	ids     map[string]bool
	byLabel map[string][]string
	byID    bool
}

func newDiffer(ref []Event, labels map[string]string, st *StudentTrace) *differ {
	labels = maps.Clone(labels)
	if labels == nil {
		labels = map[string]string{}
	}
	ids := map[string]bool{}
	for id := range labels {
		ids[id] = true
	}
	for _, e := range ref {
		ids[e.Node] = true
		if e.Type == Enter && e.Label != "" {
			labels[e.Node] = e.Label
		}
		for _, id := range e.Pruned {
			ids[id] = true
		}
	}
	byLabel := map[string][]string{}
	for id := range ids {
		if l := normName(labels[id]); l != "" {
			byLabel[l] = append(byLabel[l], id)
		}
	}
	for _, list := range byLabel {
		slices.SortFunc(list, compareIDs)
	}
	d := &differ{ref: ref, labels: labels, ids: ids, byLabel: byLabel, byID: st.Events != nil}
	for _, v := range st.Visits {
		if strings.Contains(v.Name, ".") && ids[v.Name] && byLabel[normName(v.Name)] == nil {
			d.byID = true
			break
		}
	}
	return d
}

// normName is a name as a student types it: a leaf's value with an ASCII
// minus sign.
func normName(s string) string { return strings.ReplaceAll(s, "−", "-") }

// compareIDs orders node ids as the tree does: a parent before its
// children, children in natural order.
func compareIDs(a, b string) int {
	if a == "" || b == "" {
		return cmp.Compare(len(a), len(b)) // the root first
	}
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for k := range min(len(pa), len(pb)) {
		na, errA := strconv.Atoi(pa[k])
		nb, errB := strconv.Atoi(pb[k])
		c := cmp.Compare(na, nb)
		if errA != nil || errB != nil {
			c = strings.Compare(pa[k], pb[k])
		}
		if c != 0 {
			return c
		}
	}
	return cmp.Compare(len(pa), len(pb))
}

// candidates lists the nodes the student's name v may mean (see
// StudentNodes), in the tree's order.
func (d *differ) candidates(v string) []string {
	if v == `""` || strings.EqualFold(v, "root") {
		return []string{""}
	}
	named := d.byLabel[normName(v)]
	if d.ids[v] && (d.byID || named == nil) {
		return []string{v}
	}
	return named
}

// resolve is StudentNodes for the visits.
func (d *differ) resolve(visits []Visit) []string {
	var enters []string
	for _, e := range d.ref {
		if e.Type == Enter {
			enters = append(enters, e.Node)
		}
	}
	ids := make([]string, len(visits))
	visited := map[string]bool{}
	agree, at := true, "?"
	for i, v := range visits {
		id := "?"
		if agree && i < len(enters) && d.matches(enters[i], v.Name) {
			id = enters[i]
		} else {
			agree = false
			id = d.walk(d.candidates(v.Name), at, visited)
		}
		ids[i] = id
		if id != "?" {
			visited[id], at = true, id
		}
	}
	return ids
}

// walk picks among the nodes cands (in the tree's order) the one a walk
// from the node at (visited last; "?" for none) reaches: see StudentNodes.
func (d *differ) walk(cands []string, at string, visited map[string]bool) string {
	if len(cands) == 0 {
		return "?"
	}
	if at != "?" {
		for anc, ok := at, true; ok; anc, ok = ParentID(anc) {
			for _, c := range cands {
				if p, child := ParentID(c); child && p == anc && !visited[c] {
					return c
				}
			}
		}
	}
	for _, c := range cands {
		if !visited[c] {
			return c
		}
	}
	return cands[0]
}

// name is the node's label, or its id ("the root" for the root), as a
// phrase's argument.
func (d *differ) name(id string) any {
	if l := d.labels[id]; l != "" {
		return Name(l)
	}
	if id == "" {
		return say("narrate.root")
	}
	return Name(id)
}

// names lists nodes' names, separated by commas.
func (d *differ) names(ids []string) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		// The root is never skipped: a node here has a label or an id.
		s[i] = cmp.Or(d.labels[id], id)
	}
	return strings.Join(s, ", ")
}

func (d *differ) visits(st *StudentTrace) *Departure {
	ids := d.resolve(st.Visits)
	var enters []int
	for i, e := range d.ref {
		if e.Type == Enter {
			enters = append(enters, i)
		}
	}
	n := max(len(enters), len(st.Visits))
	for i := range n {
		var dep Departure
		dep.Index = i
		if i > 0 {
			dep.Before = d.ref[enters[min(i, len(enters))-1]].Step
		}
		switch {
		case i >= len(enters):
			dep.At, dep.GotSay = st.At[i], say("student.visit", "Node", Name(st.Visits[i].Name))
			dep.WantSay = say("student.ref-ended")
			dep.WhySay = d.whyVisit(st.Visits[i].Name, ids[i], len(d.ref))
			return dep.worded()
		case i >= len(st.Visits):
			e := d.ref[enters[i]]
			dep.Step, dep.WantSay, dep.GotSay = e.Step, d.describe(e), say("student.student-ended")
			dep.WhySay = d.whyGoOn(enters[i])
			return dep.worded()
		}
		e, v := d.ref[enters[i]], st.Visits[i].Name
		if d.matches(e.Node, v) {
			continue
		}
		dep.Step, dep.At, dep.WantSay, dep.GotSay = e.Step, st.At[i], d.describe(e), say("student.visit", "Node", Name(v))
		if why := d.whyVisit(v, ids[i], enters[i]); why.ID != "" {
			dep.WhySay = why
		} else {
			dep.WhySay = d.whyGoOn(enters[i])
		}
		return dep.worded()
	}
	return nil
}

// matches reports whether the student's name v names node id. The root
// is "root" even when it has a name (the textbook's A).
func (d *differ) matches(id, v string) bool {
	return slices.Contains(d.candidates(v), id)
}

func (d *differ) events(st *StudentTrace) *Departure {
	used := map[Type]bool{}
	for _, e := range st.Events {
		used[e.Type] = true
	}
	var ref []int
	for i, e := range d.ref {
		if used[e.Type] {
			ref = append(ref, i)
		}
	}
	n := max(len(ref), len(st.Events))
	for i := range n {
		var dep Departure
		dep.Index = i
		if i > 0 && len(ref) > 0 {
			dep.Before = d.ref[ref[min(i, len(ref))-1]].Step
		}
		switch {
		case i >= len(ref):
			dep.At, dep.GotSay = st.At[i], d.describe(st.Events[i])
			dep.WantSay = say("student.ref-ended")
			return dep.worded()
		case i >= len(st.Events):
			e := d.ref[ref[i]]
			dep.Step, dep.WantSay, dep.GotSay = e.Step, d.describe(e), say("student.student-ended")
			dep.WhySay = d.why(ref[i])
			return dep.worded()
		}
		want, got := d.ref[ref[i]], st.Events[i]
		if sameEvent(want, got) {
			continue
		}
		dep.Step, dep.At, dep.WantSay, dep.GotSay = want.Step, st.At[i], d.describe(want), d.describe(got)
		dep.WhySay = d.why(ref[i])
		if got.Type == Enter && got.Node != want.Node {
			id := "?"
			if d.ids[got.Node] {
				id = got.Node
			}
			if why := d.whyVisit(got.Node, id, ref[i]); why.ID != "" {
				dep.WhySay = why
			}
		}
		return dep.worded()
	}
	return nil
}

// sameEvent compares what a student's event says with the reference's.
func sameEvent(want, got Event) bool {
	if want.Type != got.Type || want.Node != got.Node {
		return false
	}
	window := func() bool {
		return !got.Window || want.Window && numEqual(want.Alpha, got.Alpha) && numEqual(want.Beta, got.Beta)
	}
	switch want.Type {
	case Enter:
		return window()
	case Expand:
		return got.Order == nil || slices.Equal(want.Order, got.Order)
	case Leaf:
		return numEqual(want.Value, got.Value)
	case Update:
		return numEqual(want.Value, got.Value) && window()
	case Prune:
		return numEqual(want.Value, got.Value) && slices.Equal(want.Pruned, got.Pruned) && window()
	case Exit:
		return numEqual(want.Value, got.Value) && window()
	case Done:
		if want.Result == nil || got.Result == nil {
			return got.Result == nil
		}
		return numEqual(want.Result.Value, got.Result.Value) && want.Result.Best == got.Result.Best
	}
	return true
}

// window is the phrase id with the event's window, or "" without one.
func window(id string, e Event) any {
	if !e.Window {
		return ""
	}
	return say(id, "Alpha", e.Alpha.String(), "Beta", e.Beta.String())
}

// describe says in a few words what an event does.
func (d *differ) describe(e Event) Phrase {
	name := d.name(e.Node)
	switch e.Type {
	case Enter:
		return say("student.enter", "Node", name, "Window", window("student.window", e))
	case Expand:
		return say("student.expand", "Node", name)
	case Leaf:
		return say("student.leaf", "Node", name, "Value", e.Value.String())
	case Update:
		return say("student.update", "Node", name, "Value", e.Value.String(), "Window", window("student.window", e))
	case Prune:
		return say("student.prune", "Node", name, "Skipped", d.names(e.Pruned))
	case Exit:
		return say("student.exit", "Node", name, "Value", e.Bound.Text(e.Value), "Window", window("student.window", e))
	case Done:
		if e.Result != nil {
			return say("student.done", "Value", e.Result.Value.String(), "Best", d.name(e.Result.Best))
		}
		return say("student.finish")
	}
	return say("student.other", "Type", e.Type.String(), "Node", name)
}

// whyVisit explains why the reference does not visit the node the student
// named at this point, the node id (StudentNodes; "?" when the name v
// names no node known by id): a cut skipped it (or its ancestor), or it
// comes later, or never. It returns a phrase without ID when it has
// nothing to say.
func (d *differ) whyVisit(v, id string, at int) Phrase {
	is := func(node string) bool { return d.matches(node, v) }
	if id != "?" {
		v = id
		is = func(node string) bool { return node == id }
	}
	for i, e := range d.ref {
		if e.Type != Prune {
			continue
		}
		for _, p := range e.Pruned {
			if is(p) || strings.HasPrefix(v, p+".") {
				return d.cutText(e, i)
			}
		}
	}
	for i, e := range d.ref {
		if e.Type == Enter && is(e.Node) {
			if i < at {
				return say("student.visited-before", "Node", d.name(e.Node), "Step", strconv.Itoa(e.Step))
			}
			return say("student.visits-later", "Node", d.name(e.Node), "Step", strconv.Itoa(e.Step))
		}
	}
	return Phrase{}
}

// cutText explains the prune event at index i.
func (d *differ) cutText(e Event, i int) Phrase {
	return say("student.cut", "Kind", e.Kind.Upper(), "Node", d.name(e.Node), "Step", strconv.Itoa(e.Step),
		"Test", e.Test, "Window", window("student.cut.window", e), "Skipped", d.names(e.Pruned))
}

// whyGoOn explains why the reference takes its step i: the state of the
// parent that lets the search go on, or for other events the node's window.
func (d *differ) whyGoOn(i int) Phrase {
	e := d.ref[i]
	f, _ := Replay(d.ref[:i])
	parent, ok := ParentID(e.Node)
	if !ok {
		return say("student.starts")
	}
	pv := f.Nodes[parent]
	if pv == nil {
		return Phrase{}
	}
	id := "student.goon"
	switch {
	case pv.HasValue && pv.Window:
		id = "student.goon.value-window"
	case pv.HasValue:
		id = "student.goon.value"
	case pv.Window:
		id = "student.goon.window"
	}
	return say(id, "Kind", pv.Kind.Upper(), "Parent", d.name(parent), "Node", d.name(e.Node),
		"Value", pv.Text, "Alpha", pv.Alpha.String(), "Beta", pv.Beta.String())
}

// why explains the reference's event at index i.
func (d *differ) why(i int) Phrase {
	e := d.ref[i]
	switch e.Type {
	case Enter:
		return d.whyGoOn(i)
	case Prune:
		return d.cutText(e, i)
	case Update:
		win := "student.update.window"
		switch e.Kind {
		case Max:
			win = "student.update.window-a"
		case Min:
			win = "student.update.window-b"
		}
		return say("student.update.why", "Child", d.name(e.Child), "ChildValue", e.ChildBound.Text(e.ChildValue),
			"Kind", e.Kind.Upper(), "Node", d.name(e.Node), "Value", e.Value.String(), "Window", window(win, e))
	case Exit:
		bound := any("")
		switch e.Bound {
		case Lower:
			bound = say("student.exit.lower")
		case Upper:
			bound = say("student.exit.upper")
		}
		return say("student.exit.why", "Kind", e.Kind.Upper(), "Node", d.name(e.Node), "Value", e.Bound.Text(e.Value),
			"Window", window("student.exit.window", e), "Bound", bound)
	case Leaf:
		if e.Terminal {
			return say("student.leaf.terminal", "Node", d.name(e.Node), "Value", e.Value.String())
		}
		return say("student.leaf.depth", "Node", d.name(e.Node), "Value", e.Value.String())
	}
	return Phrase{}
}
