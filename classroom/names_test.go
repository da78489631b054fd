package classroom

import (
	"regexp"
	"testing"

	"github.com/abtrace/abtrace/i18n"
)

// pathID is an internal node id of two or more indices ("0.1", "1.0.2"):
// the values of the random tree asked about are whole numbers, so a dotted
// number in a question is an id that reached a person.
var pathID = regexp.MustCompile(`(^|[^\d.])\d+(\.\d+)+($|[^\d])`)

// A question on a random tree (no labels in its text) names every node as
// the drawing does: inner nodes by their textbook letters at every depth,
// leaves by their value with their place, in every language; never by an
// id, nor as a chain of "child k of child j of …".
func TestQuestionsNameNodesAsDrawn(t *testing.T) {
	const sc = "random=3,3&seed=1"
	ctx := t.Context()
	p, _, err := Prepare(ctx, sc)
	if err != nil {
		t.Fatal(err)
	}
	labels := drawnLabels(p)
	if labels["0.1"] == "" || labels["2.2"] == "" {
		t.Fatalf("the drawing's names of the deeper inner nodes: got %q and %q, want their letters", labels["0.1"], labels["2.2"])
	}
	specs := []struct {
		step int
		spec QuestionSpec
	}{
		{0, QuestionSpec{Kind: AskEnter}}, {5, QuestionSpec{Kind: AskEnter}}, {20, QuestionSpec{Kind: AskEnter}},
		{0, QuestionSpec{Kind: AskPruned}}, {0, QuestionSpec{Kind: AskValue, Node: "0.1"}},
		{0, QuestionSpec{Kind: AskValue, Node: "1.0"}}, {0, QuestionSpec{Kind: AskMove}},
	}
	for _, l := range i18n.Langs {
		words := i18n.For(l).Phrase
		for _, s := range specs {
			key, named, err := keyOf(ctx, sc, s.step, s.spec)
			if err != nil {
				t.Fatal(err)
			}
			a := newAsked(1, s.spec, s.step, sc, key, named)
			said := []string{a.view(words).Prompt, a.reveal(words).Explain}
			if a.spec.taps() {
				for id := range labels {
					said = append(said, a.answerWords(id, words))
				}
			}
			for _, x := range said {
				if pathID.MatchString(x) {
					t.Errorf("%s, %s at step %d: %q names a node by its id", l, s.spec.Kind, s.step, x)
				}
			}
		}
	}
	a := newAsked(1, QuestionSpec{Kind: AskEnter}, 0, sc, nil, labels)
	if got, want := a.answerWords("0.1", nil), labels["0.1"]; got != want {
		t.Errorf("a tap on inner node 0.1 reads %q, want its letter %q", got, want)
	}
}
