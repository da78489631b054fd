package exercise

import (
	"github.com/abtrace/abtrace/trace"
)

// Questions asked of any search at any step (a lecturer's questions to a
// class, see package classroom), beside predict mode's: what a node
// returns, which node the next cutoff skips, and which move the root's
// player chooses. They are graded by Question.GradeIn like predict mode's,
// and explained by Explain.
const (
	// AskValue: what does node At return? The answer is a value or a
	// bound as ParseAnswer reads it (3, ≤ 2, ≥ 5).
	AskValue = "value"
	// AskPrune: which node does the next cutoff skip? Any of Pruned is
	// right.
	AskPrune = "prune"
	// AskMove: which move does the root's player choose? The answer is
	// the id of the root's child it moves to.
	AskMove = "move"
)

// EnterAsked is the question "which node does the search enter next?"
// whose answer is the node entered, named name, and why the search
// enters it (the narration of its enter event).
func EnterAsked(entered string, name any, why trace.Phrase) Question {
	return Question{Kind: AskEnter, At: ParentID(entered), Answer: entered, Entered: entered, say: why, answerName: name}.Word(nil)
}

// WindowAsked is the question "what is α (which "alpha") or β ("beta")
// at node at?", whose answer is v, and why (the narration of the update
// that set it).
func WindowAsked(at, which string, v trace.Num, why trace.Phrase) Question {
	return Question{Kind: AskWindow, At: at, Which: which, Answer: v.Plain(), Shown: v.String(), say: why, answerWindow: v, answerIsValue: true}.Word(nil)
}

// ValueAsked is the question "what does node at (named name) return?",
// whose answer is v with bound b, and why (the narration of its exit).
func ValueAsked(at string, name any, v trace.Num, b trace.Bound, why trace.Phrase) Question {
	return Question{Kind: AskValue, At: at, Answer: b.Text(v), Shown: b.Text(v), say: why, answerWindow: v, answerBound: b, answerName: name, answerIsValue: true}.Word(nil)
}

// PruneAsked is the question "which node does the next cutoff skip?",
// whose answers are the skipped nodes (the first named name), and why
// (the narration of the prune).
func PruneAsked(pruned []string, name any, why trace.Phrase) Question {
	return Question{Kind: AskPrune, At: ParentID(pruned[0]), Answer: pruned[0], Pruned: append([]string(nil), pruned...), say: why, answerName: name}.Word(nil)
}

// MoveAsked is the question "which move does the root's player choose?",
// whose answer is the root's child best (named name), and why (the
// narration of the search's end).
func MoveAsked(best string, name any, why trace.Phrase) Question {
	return Question{Kind: AskMove, Answer: best, say: why, answerName: name}.Word(nil)
}

// want is what the search does, as the verdict and the reveal say it.
func (q Question) want() trace.Phrase {
	n := q.answerName
	if n == nil {
		n = nameID(q.Answer)
	}
	switch {
	case q.Kind == AskEnter:
		return say("exercise.predict.it-enters", "Node", n)
	case q.Kind == AskWindow:
		return say("exercise.predict.becomes", "Name", greek(q.Which), "Want", q.Shown)
	case q.Kind == AskValue:
		return say("exercise.predict.returns", "Node", n, "Want", q.Shown)
	case q.Kind == AskPrune:
		return say("exercise.predict.skips", "Node", n)
	case q.Kind == AskMove:
		return say("exercise.predict.moves", "Node", n)
	case q.Answer == "yes":
		return say("exercise.predict.cuts-off")
	}
	return say("exercise.predict.no-cut")
}

// Explain words the answer and the sentence that explains it (the
// narration of the step that decides it), as a reveal shows them to the
// whole class; w nil words it in English.
func (q Question) Explain(w Words) string {
	return w.word(say("exercise.predict.explain", "Want", q.want(), "Why", q.say))
}
