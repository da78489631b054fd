package exercise

import (
	"strconv"

	"github.com/abtrace/abtrace/search/tree"
)

// Feedback is what the page shows of a verdict, decided here so that the
// browser only paints it: one line per node, in search order (the root
// first, then depth first), with the marks and classes of the node and of
// the edge above it, and the score in words.
type Feedback struct {
	Lines []FeedbackLine `json:"lines"`
	// Score is the score in words: "Score 7 / 9", or "Score 9 / 9: all
	// right!" when Full.
	Score string `json:"score"`
	Full  bool   `json:"full"`
}

// FeedbackLine is the feedback on one node.
type FeedbackLine struct {
	Node string `json:"node"`
	// Class is "right" or "wrong": the line's, and the class the node's
	// drawing takes when NodeClass is set, the edge's when EdgeClass is.
	Class string `json:"class"`
	// NodeClass and EdgeClass are the classes of the node's drawing and of
	// the edge from its parent ("" leaves them plain). A node never
	// visited is graded on its edge; its input stays plain.
	NodeClass string `json:"node_class,omitempty"`
	EdgeClass string `json:"edge_class,omitempty"`
	// Mark is the ✓ or ✗ beside an inner node's input; "" for leaves.
	Mark string `json:"mark,omitempty"`
	// Head ("node 1: wrong"), Want (" — expected 3, you gave 4."), Notes
	// and Why ("Why: …") are the line's parts, in order.
	Head  string   `json:"head"`
	Want  string   `json:"want"`
	Notes []string `json:"notes,omitempty"`
	Why   string   `json:"why,omitempty"`
}

// feedback writes the page's feedback on a graded submission, worded
// with w (nil: English).
func feedback(t *tree.Tree, res *Result, w Words) Feedback {
	var fb Feedback
	for n := range t.All() {
		if r, ok := res.Nodes[n.ID]; ok {
			fb.Lines = append(fb.Lines, feedbackLine(n, r, w))
		}
	}
	fb.Full = res.Correct
	id := "exercise.feedback.score"
	if res.Correct {
		id = "exercise.feedback.score-full"
	}
	fb.Score = w.word(say(id, "Score", strconv.Itoa(res.Score), "Total", strconv.Itoa(res.Total)))
	return fb
}

// feedbackLine writes the line of feedback on node n, graded r.
func feedbackLine(n *tree.Node, r *NodeResult, w Words) FeedbackLine {
	l := FeedbackLine{Node: n.ID, Class: "wrong", Head: w.word(say("exercise.feedback.wrong", "Node", nameOf(n)))}
	if r.OK {
		l.Class, l.Head = "right", w.word(say("exercise.feedback.right", "Node", nameOf(n)))
	}
	if n.ID != "" && (r.Want == "pruned" || r.Marked) {
		l.EdgeClass = l.Class
	}
	switch {
	case !n.IsLeaf():
		if r.Want != "pruned" || r.Got != "" {
			l.NodeClass = l.Class
		}
		l.Mark = "✗"
		if r.OK {
			l.Mark = "✓"
		}
	case !r.OK:
		l.NodeClass = l.Class
	}
	switch {
	case valueWrong(r):
		l.Want = w.word(say("exercise.feedback.expected", "Want", wantText(r.Want), "Got", given(r.Got)))
	case r.OK:
		l.Want = w.word(say("exercise.feedback.ok", "Want", wantText(r.Want)))
	default:
		l.Want = w.word(say("exercise.feedback.window-wrong", "Want", r.Want))
	}
	if !r.OK && r.Note != "" {
		l.Notes = append(l.Notes, " "+r.Note)
	}
	for _, x := range []struct {
		name string
		r    *WindowResult
	}{{"α", r.Alpha}, {"β", r.Beta}} {
		if x.r != nil && !x.r.OK && r.Note == "" {
			l.Notes = append(l.Notes, w.word(say("exercise.feedback.window", "Name", x.name, "Want", x.r.Want, "Got", given(x.r.Got))))
		}
	}
	if r.Why != "" {
		l.Why = w.word(say("exercise.feedback.why", "Why", r.Why))
	}
	return l
}

// valueWrong tells whether r has a mistake in the node's value (not only
// in its window).
func valueWrong(r *NodeResult) bool {
	for _, m := range r.Mistakes {
		if m != WrongWindow && m != Missing || m == Missing && r.Got == "" {
			return true
		}
	}
	return false
}

// given is what the student gave, got, as the feedback words it.
func given(got string) any {
	if got == "" {
		return say("exercise.feedback.nothing")
	}
	return wantText(got)
}
