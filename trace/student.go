package trace

import (
	"encoding/json"
	"errors"
	"fmt"
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
		return nil, &DiffError{Msg: fmt.Sprintf("the trace is %d bytes, more than MaxStudentBytes = %d", len(text), MaxStudentBytes), Err: ErrStudentLimit}
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
				return nil, &DiffError{Line: i + 1, Col: col, Msg: "not an abtrace event: " + err.Error()}
			}
			if e.Type == 0 {
				return nil, &DiffError{Line: i + 1, Col: col, Msg: `the event has no "type" (enter, expand, leaf, update, prune, exit or done)`}
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
			return nil, &DiffError{Line: i + 1, Col: 1, Msg: fmt.Sprintf("more than MaxStudentSteps = %d steps", MaxStudentSteps), Err: ErrStudentLimit}
		}
	}
	if len(st.At) == 0 {
		return nil, &DiffError{Msg: "the trace is empty: paste the JSON lines of your engine's events, or the names of the nodes it visits, in order"}
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
// labels names nodes by id (a tree's labels, its state names), so that a
// student may name nodes the reference never entered, such as the ones it
// pruned; the labels of the reference's enter events are used too, and
// labels may be nil.
func CompareStudent(ref []Event, st *StudentTrace, labels map[string]string) *Departure {
	labels = maps.Clone(labels)
	if labels == nil {
		labels = map[string]string{}
	}
	for _, e := range ref {
		if e.Type == Enter && e.Label != "" {
			labels[e.Node] = e.Label
		}
	}
	d := differ{ref: ref, labels: labels}
	if st.Events == nil {
		return d.visits(st)
	}
	return d.events(st)
}

type differ struct {
	ref    []Event
	labels map[string]string
}

// name is the node's label, or its id ("root" for the root).
func (d *differ) name(id string) string {
	if l := d.labels[id]; l != "" {
		return l
	}
	if id == "" {
		return "the root"
	}
	return id
}

func (d *differ) visits(st *StudentTrace) *Departure {
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
			dep.At, dep.Got = st.At[i], "visit "+st.Visits[i].Name
			dep.Want = "nothing more: the search has ended"
			dep.Why = d.whyVisit(st.Visits[i].Name, len(d.ref))
			return &dep
		case i >= len(st.Visits):
			e := d.ref[enters[i]]
			dep.Step, dep.Want, dep.Got = e.Step, d.describe(e), "nothing more: your trace ends here"
			dep.Why = d.whyGoOn(enters[i])
			return &dep
		}
		e, v := d.ref[enters[i]], st.Visits[i].Name
		if d.matches(e.Node, v) {
			continue
		}
		dep.Step, dep.At, dep.Want, dep.Got = e.Step, st.At[i], d.describe(e), "visit "+v
		if why := d.whyVisit(v, enters[i]); why != "" {
			dep.Why = why
		} else {
			dep.Why = d.whyGoOn(enters[i])
		}
		return &dep
	}
	return nil
}

// matches reports whether the student's name v names node id.
func (d *differ) matches(id, v string) bool {
	if v == id || d.labels[id] != "" && v == d.labels[id] {
		return true
	}
	// The root is "root" even when it has a name (the textbook's A).
	return id == "" && (v == `""` || strings.EqualFold(v, "root"))
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
			dep.At, dep.Got = st.At[i], d.describe(st.Events[i])
			dep.Want = "nothing more: the search has ended"
			return &dep
		case i >= len(st.Events):
			e := d.ref[ref[i]]
			dep.Step, dep.Want, dep.Got = e.Step, d.describe(e), "nothing more: your trace ends here"
			dep.Why = d.why(ref[i])
			return &dep
		}
		want, got := d.ref[ref[i]], st.Events[i]
		if sameEvent(want, got) {
			continue
		}
		dep.Step, dep.At, dep.Want, dep.Got = want.Step, st.At[i], d.describe(want), d.describe(got)
		dep.Why = d.why(ref[i])
		if got.Type == Enter && got.Node != want.Node {
			if why := d.whyVisit(got.Node, ref[i]); why != "" {
				dep.Why = why
			}
		}
		return &dep
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

// describe says in a few words what an event does.
func (d *differ) describe(e Event) string {
	name := d.name(e.Node)
	win := ""
	if e.Window {
		win = " with α = " + e.Alpha.String() + ", β = " + e.Beta.String()
	}
	switch e.Type {
	case Enter:
		return "enter " + name + win
	case Expand:
		return "expand " + name
	case Leaf:
		return "evaluate " + name + " = " + e.Value.String()
	case Update:
		return "update " + name + ": v = " + e.Value.String() + win
	case Prune:
		skipped := make([]string, len(e.Pruned))
		for i, id := range e.Pruned {
			skipped[i] = d.name(id)
		}
		return "cut at " + name + ", skipping " + strings.Join(skipped, ", ")
	case Exit:
		return "return " + e.Bound.Text(e.Value) + " from " + name + win
	case Done:
		if e.Result != nil {
			return "finish with value " + e.Result.Value.String() + ", best move " + d.name(e.Result.Best)
		}
		return "finish"
	}
	return e.Type.String() + " " + name
}

// whyVisit explains why the reference does not visit the node the student
// named at this point: a cut skipped it (or its ancestor), or it comes
// later, or never. It returns "" when it has nothing to say.
func (d *differ) whyVisit(v string, at int) string {
	for i, e := range d.ref {
		if e.Type != Prune {
			continue
		}
		for _, id := range e.Pruned {
			if d.matches(id, v) || strings.HasPrefix(v, id+".") {
				return d.cutText(e, i)
			}
		}
	}
	for i, e := range d.ref {
		if e.Type == Enter && d.matches(e.Node, v) {
			if i < at {
				return "the reference visited " + d.name(e.Node) + " before, at step " + strconv.Itoa(e.Step)
			}
			return "the reference visits " + d.name(e.Node) + " later, at step " + strconv.Itoa(e.Step)
		}
	}
	return ""
}

// cutText explains the prune event at index i.
func (d *differ) cutText(e Event, i int) string {
	s := fmt.Sprintf("the reference cuts at %s %s (step %d): %s", e.Kind.Upper(), d.name(e.Node), e.Step, e.Test)
	if e.Window {
		s += fmt.Sprintf(" with the window α = %s, β = %s", e.Alpha, e.Beta)
	}
	skipped := make([]string, len(e.Pruned))
	for j, id := range e.Pruned {
		skipped[j] = d.name(id)
	}
	return s + ", so it skips " + strings.Join(skipped, ", ")
}

// whyGoOn explains why the reference takes its step i: the state of the
// parent that lets the search go on, or for other events the node's window.
func (d *differ) whyGoOn(i int) string {
	e := d.ref[i]
	f, _ := Replay(d.ref[:i])
	parent, ok := ParentID(e.Node)
	if !ok {
		return "the search starts at the root"
	}
	pv := f.Nodes[parent]
	if pv == nil {
		return ""
	}
	s := fmt.Sprintf("at %s %s", pv.Kind.Upper(), d.name(parent))
	if pv.HasValue {
		s += " the value so far is " + pv.Text
	} else {
		s += " no child has returned yet"
	}
	if pv.Window {
		s += fmt.Sprintf(" and the window is α = %s, β = %s", pv.Alpha, pv.Beta)
	}
	if pv.HasValue && pv.Window {
		s += ": the cut test does not fire, so the search goes on to " + d.name(e.Node) + " with that window"
	} else {
		s += ", so the search goes on to " + d.name(e.Node)
	}
	return s
}

// why explains the reference's event at index i.
func (d *differ) why(i int) string {
	e := d.ref[i]
	switch e.Type {
	case Enter:
		return d.whyGoOn(i)
	case Prune:
		return d.cutText(e, i)
	case Update:
		s := fmt.Sprintf("after %s returns %s, %s %s's value becomes %s", d.name(e.Child), e.ChildBound.Text(e.ChildValue), e.Kind.Upper(), d.name(e.Node), e.Value)
		if e.Window {
			s += fmt.Sprintf(" and its window α = %s, β = %s", e.Alpha, e.Beta)
			switch e.Kind {
			case Max:
				s += " (α = max(α, v))"
			case Min:
				s += " (β = min(β, v))"
			}
		}
		return s
	case Exit:
		s := fmt.Sprintf("%s %s returns %s", e.Kind.Upper(), d.name(e.Node), e.Bound.Text(e.Value))
		if e.Window {
			s += fmt.Sprintf(", searched with the window α = %s, β = %s", e.Alpha, e.Beta)
		}
		if e.Bound != Exact {
			article := "a"
			if e.Bound == Upper {
				article = "an"
			}
			s += fmt.Sprintf(": a cut left it %s %s bound", article, e.Bound)
		}
		return s
	case Leaf:
		if e.Terminal {
			return d.name(e.Node) + " is a terminal state, valued " + e.Value.String()
		}
		return d.name(e.Node) + " is evaluated at the depth limit: " + e.Value.String()
	}
	return ""
}
