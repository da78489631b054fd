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

// feedback writes the page's feedback on a graded submission.
func feedback(t *tree.Tree, res *Result) Feedback {
	var fb Feedback
	for n := range t.All() {
		r, ok := res.Nodes[n.ID]
		if !ok {
			continue
		}
		l := FeedbackLine{Node: n.ID, Class: "wrong", Head: nodeName(n) + ": wrong"}
		if r.OK {
			l.Class, l.Head = "right", nodeName(n)+": right"
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
		valueWrong := false
		for _, m := range r.Mistakes {
			if m != WrongWindow && m != Missing || m == Missing && r.Got == "" {
				valueWrong = true
			}
		}
		switch {
		case valueWrong:
			got := r.Got
			if got == "" {
				got = "nothing"
			}
			l.Want = " — expected " + r.Want + ", you gave " + got + "."
		case r.OK:
			l.Want = " — " + r.Want + "."
		default:
			l.Want = " — " + r.Want + " is right; the window is not."
		}
		if !r.OK && r.Note != "" {
			l.Notes = append(l.Notes, " "+r.Note)
		}
		for _, w := range []struct {
			name string
			r    *WindowResult
		}{{"α", r.Alpha}, {"β", r.Beta}} {
			if w.r != nil && !w.r.OK && r.Note == "" {
				got := w.r.Got
				if got == "" {
					got = "nothing"
				}
				l.Notes = append(l.Notes, " "+w.name+": expected "+w.r.Want+", you gave "+got+".")
			}
		}
		if r.Why != "" {
			l.Why = "Why: " + r.Why
		}
		fb.Lines = append(fb.Lines, l)
	}
	fb.Full = res.Correct
	fb.Score = "Score " + strconv.Itoa(res.Score) + " / " + strconv.Itoa(res.Total)
	if res.Correct {
		fb.Score += ": all right!"
	}
	return fb
}
