package view

import "github.com/abtrace/abtrace/trace"

// OutlineEntry is what the viewer's outline (the tree as a nested list,
// for a screen reader) says of one drawn node that changes from step to
// step, worded in the viewer's language: its state, its value, and the
// test of the cutoff that pruned it ("" where none did). The page is
// rendered with these words and writes a message's entries as they
// come.
type OutlineEntry struct {
	ID    string `json:"id"`
	State string `json:"state"`
	Value string `json:"value,omitempty"`
	Cut   string `json:"cut,omitempty"`
}

// outlineStates are the message ids of the drawn states' words.
var outlineStates = map[string]string{"open": "view.state.open", "done": "view.state.done", "pruned": "view.state.pruned"}

// OutlineEntryOf is the outline's entry of a node drawn in state with
// the value label shown (else value: a leaf writes its own) and the test
// cutFull of the cutoff that pruned it ("" for none).
func OutlineEntryOf(id, state, shown, value, cutFull string, words func(trace.Phrase) string) OutlineEntry {
	st, ok := outlineStates[state]
	if !ok {
		st = "view.state.unvisited"
	}
	e := OutlineEntry{ID: id, State: words(trace.Phrase{ID: st}), Value: shown}
	if e.Value == "" {
		e.Value = value
	}
	if cutFull != "" {
		e.Cut = words(trace.Phrase{ID: "view.outline.cut", Args: map[string]any{"Test": cutFull}})
	}
	return e
}

// OutlineOf is the outline's entries of the nodes of a drawing's patch
// (nil for a patch that changes none, or a drawing the page keeps).
func OutlineOf(p *DrawingPatch, words func(trace.Phrase) string) []OutlineEntry {
	if p == nil || len(p.Nodes) == 0 {
		return nil
	}
	out := make([]OutlineEntry, len(p.Nodes))
	for i, a := range p.Nodes {
		cut := ""
		if a.Cut != nil {
			cut = a.Cut.Full
		}
		out[i] = OutlineEntryOf(a.ID, a.State, a.Shown, a.Value, cut, words)
	}
	return out
}

// CounterText is the viewer's step counter: "step 17 of 50", or "step 17"
// while the number of steps is not known (total < 0 or 0).
func CounterText(step, total int, words func(trace.Phrase) string) string {
	if total > 0 {
		return words(trace.Phrase{ID: "view.step-of", Args: map[string]any{"Step": ThousandsIn(words, step), "Total": ThousandsIn(words, total)}})
	}
	return words(trace.Phrase{ID: "view.step-n", Args: map[string]any{"Step": ThousandsIn(words, step)}})
}

// StepCounter is the step counter of a step the page may show: the page
// writes Text when it shows Step (a number of steps that arrives while
// the page has moved on waits for the next step's panels).
type StepCounter struct {
	Step int    `json:"step"`
	Text string `json:"text"`
}
