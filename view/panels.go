package view

import (
	"strconv"

	"github.com/abtrace/abtrace/trace"
)

// StackEntry is one open call as the stack panel lists it.
type StackEntry struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Kind   string `json:"kind"`   // MAX, MIN, CHANCE, P1, …
	Window string `json:"window"` // "α=3 β=+∞", or "" without a window
	Value  string `json:"value"`  // the running value or bound
}

// Panels is what the viewer shows around the tree at one step: the
// sentence that says what happened, the call stack, the counts and, once
// the search is done, its value and what the pruning spared.
type Panels struct {
	Step      int          `json:"step"`
	Narration string       `json:"narration"`
	Stack     []StackEntry `json:"stack"`
	Nodes     int          `json:"nodes"`
	Leaves    int          `json:"leaves"`
	Cutoffs   int          `json:"cutoffs"`
	// Spared says how many leaves the search did not evaluate that the
	// baseline (the same search without pruning) evaluates, once the
	// search is done: "6 of 27 (22%)"; "—" before, or without a baseline.
	Spared string `json:"spared"`
	// Value is the root's value once the search is done; "" before.
	Value string `json:"value"`
	Done  bool   `json:"done"`
	// Line is the pseudocode key of the step's event ("" at step 0).
	Line string `json:"line"`
	// The counters of selective search so far: positions quiescence
	// search stood pat at, singular extensions, and moves forward pruning
	// dropped (0, and left out, where the search has none).
	QNodes     int `json:"q_nodes,omitempty"`
	Extensions int `json:"extensions,omitempty"`
	Forward    int `json:"forward_pruned,omitempty"`
	// Written are the counts as the page writes them, in the frame's
	// language (ThousandsIn: "1,228", "1.228", "1 228"), by their data-stat
	// name: the viewer shows these, not the numbers above.
	Written CountTexts `json:"written"`
	// Follow is the path the view keeps in view when zoomed in (set by
	// the viewer, which knows the scene; nil before the first step).
	Follow *Follow `json:"follow,omitempty"`
	// Counter is the step counter at Step ("step 3 of 40", CounterText),
	// set by the session, which knows the number of steps.
	Counter string `json:"counter,omitempty"`
	// Node is the id of the current node (the root's "" before the first
	// step), which panels about the node's state follow.
	Node string `json:"node"`
}

// CountTexts are the statistics' counts as written on the page.
type CountTexts struct {
	Nodes      string `json:"nodes"`
	Leaves     string `json:"leaves"`
	Cutoffs    string `json:"cutoffs"`
	QNodes     string `json:"q_nodes,omitempty"`
	Extensions string `json:"extensions,omitempty"`
	Forward    string `json:"forward_pruned,omitempty"`
}

// countTexts writes the counts of s in the language of words.
func countTexts(s trace.Stats, words func(trace.Phrase) string) CountTexts {
	t := CountTexts{Nodes: ThousandsIn(words, s.Nodes), Leaves: ThousandsIn(words, s.Leaves), Cutoffs: ThousandsIn(words, s.Cutoffs)}
	if s.QNodes != 0 {
		t.QNodes = ThousandsIn(words, s.QNodes)
	}
	if s.Extensions != 0 {
		t.Extensions = ThousandsIn(words, s.Extensions)
	}
	if s.Forward != 0 {
		t.Forward = ThousandsIn(words, s.Forward)
	}
	return t
}

// StartNarration is the sentence shown before the first step.
const StartNarration = "Nothing searched yet. Press → to take the first step."

// PanelsOf returns the panels at frame f. baselineLeaves is the number of
// leaves the baseline evaluates, or -1 when there is none.
func PanelsOf(f *trace.Frame, baselineLeaves int) *Panels {
	p := &Panels{Step: f.Step, Narration: NarrationOf(f), Stack: StackOf(f),
		Nodes: f.Stats.Nodes, Leaves: f.Stats.Leaves, Cutoffs: f.Stats.Cutoffs,
		Spared: "—", Done: f.Done, Line: f.Line, Node: f.Current,
		QNodes: f.Stats.QNodes, Extensions: f.Stats.Extensions, Forward: f.Stats.Forward,
		Written: countTexts(f.Stats, f.Words)}
	if baselineLeaves >= 0 && f.Done {
		p.Spared = SparedText(baselineLeaves, f.Stats.Leaves, f.Words)
	}
	if f.Result != nil {
		p.Value = ResultText(f.Result)
	}
	return p
}

// NoResult is what stands for the value of a search that has none yet.
const NoResult = "—"

// ResultText is a search's root value as every page writes it: the value
// as its label is written (7.67 where it is 7⅔), or the vector of max^n
// ("(3, 1, 2)"); NoResult when there is none. The viewer's statistics,
// the comparison's summary and its panes all write it so.
func ResultText(r *trace.Result) string {
	switch {
	case r == nil:
		return NoResult
	case len(r.Vec) > 0:
		return VecText(r.Vec)
	}
	return ShortText(r.Value.String())
}

// NarrationOf is the sentence shown at frame f, its long decimals
// shortened.
func NarrationOf(f *trace.Frame) string {
	if f.Step == 0 && f.Words != nil {
		// The start's sentence in the viewer's language (the catalog's
		// view.nothing-yet, which StartNarration is in English).
		return f.Words(trace.Phrase{ID: "view.nothing-yet"})
	}
	if f.Step == 0 {
		return StartNarration
	}
	return ShortText(f.Narration)
}

// StackOf lists the open calls of a frame from the root down.
func StackOf(f *trace.Frame) []StackEntry {
	out := make([]StackEntry, 0, len(f.Stack))
	for _, id := range f.Stack {
		nv := f.Nodes[id]
		if nv == nil {
			continue
		}
		e := StackEntry{ID: id, Name: NodeNameIn(id, f.LabelText(nv.Label), f.Words), Kind: nv.Kind.Upper(), Value: nv.Text}
		if nv.Window {
			e.Window = trace.WindowLine(nv.Alpha, nv.Beta)
		}
		out = append(out, e)
	}
	return out
}

// NodeName is how the page names a node: its label, or "root", or its id.
func NodeName(id, label string) string {
	switch {
	case label != "":
		return label
	case id == "":
		return "root"
	}
	return id
}

// NodeNameIn is [NodeName] worded by words (the viewer's language; nil
// is English): the root without a label is "root" only in English.
func NodeNameIn(id, label string, words func(trace.Phrase) string) string {
	if label == "" && id == "" && words != nil {
		return words(trace.Phrase{ID: "view.root"})
	}
	return NodeName(id, label)
}

// SparedText says how many of the baseline's leaves a search did not
// evaluate: "6 of 27 (22%)", worded by words (the viewer's language; nil
// is English: the catalog's view.spared and view.spared-none).
func SparedText(baseline, leaves int, words func(trace.Phrase) string) string {
	n := baseline - leaves
	p := trace.Phrase{ID: "view.spared-none", Args: map[string]any{"Spared": ThousandsIn(words, n), "Total": ThousandsIn(words, baseline)}}
	if baseline > 0 {
		p.ID = "view.spared"
		p.Args["Percent"] = trace.Percent(float64(n), float64(baseline))
	}
	if words != nil {
		return words(p)
	}
	s := strconv.Itoa(n) + " of " + strconv.Itoa(baseline)
	if baseline > 0 {
		s += " (" + p.Args["Percent"].(string) + "%)"
	}
	return s
}

// Percent is trace.Percent for the templates: the number of a percentage
// as a lecturer says it ("22", "0.4").
func Percent(part, whole float64) string { return trace.Percent(part, whole) }
