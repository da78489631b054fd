package exercise

import (
	"slices"
	"testing"
)

func TestAnswerKey(t *testing.T) {
	ex := mustExercise(t, exercise42)
	for _, n := range []Notation{Symbols, ASCII} {
		t.Run(string(n), func(t *testing.T) {
			k, err := AnswerKey(ex, n)
			if err != nil {
				t.Fatal(err)
			}
			// Worked by the key, the exercise checks with full marks.
			sub := Submission{Tree: ex.Text, Answers: map[string]string{}, Pruned: k.Pruned}
			for id, v := range k.Values {
				sub.Answers[id] = v
			}
			res, err := Check(sub)
			if err != nil {
				t.Fatal(err)
			}
			if !res.Correct {
				t.Errorf("the key scores %d / %d", res.Score, res.Total)
			}
			if got := len(k.Pruned); got == 0 {
				t.Error("no pruned edges in the key")
			}
			if k.Values[""] != n.Write(ex.Solution.Value.String()) {
				t.Errorf("root %q, want %q", k.Values[""], ex.Solution.Value)
			}
			for _, v := range k.Values {
				if n == ASCII && (slices.Contains([]rune(v), '≤') || slices.Contains([]rune(v), '≥') || slices.Contains([]rune(v), '−')) {
					t.Errorf("ASCII key writes %q", v)
				}
			}
			want := map[Notation]string{Symbols: "Cut off as soon as α ≥ β.", ASCII: "Cut off as soon as alpha >= beta."}[n]
			if k.Rule != want {
				t.Errorf("rule %q, want %q", k.Rule, want)
			}
		})
	}
	if _, err := ParseNotation("latex"); err == nil {
		t.Error("ParseNotation(latex): no error")
	}
}

// TestFeedback: the textbook tree with one wrong value and one unmarked
// cutoff: the lines, their classes and marks as the page paints them.
func TestFeedback(t *testing.T) {
	sub := textbookAnswers()
	sub.Answers["1"] = "2"
	sub.Pruned = []string{"1.1"}
	res := mustCheck(t, sub)
	fb := res.Feedback
	byNode := map[string]FeedbackLine{}
	var order []string
	for _, l := range fb.Lines {
		byNode[l.Node] = l
		order = append(order, l.Node)
	}
	if want := []string{"", "0", "1", "1.1", "1.2", "2"}; !slices.Equal(order, want) {
		t.Errorf("lines for %v, want %v", order, want)
	}
	tests := []struct {
		id                          string
		class, node, edge, mark, hd string
	}{
		{"", "right", "right", "", "✓", "A: right"},
		{"1", "wrong", "wrong", "", "✗", "C: wrong"},
		{"1.1", "right", "", "right", "", "leaf 4: right"},
		{"1.2", "wrong", "wrong", "wrong", "", "leaf 6: wrong"},
	}
	for _, tt := range tests {
		l := byNode[tt.id]
		if l.Class != tt.class || l.NodeClass != tt.node || l.EdgeClass != tt.edge || l.Mark != tt.mark || l.Head != tt.hd {
			t.Errorf("node %q: %+v, want class %s, node %q, edge %q, mark %q, head %q", tt.id, l, tt.class, tt.node, tt.edge, tt.mark, tt.hd)
		}
	}
	if l := byNode["1"]; l.Want != " — expected ≤ 2, you gave 2." || len(l.Notes) == 0 || l.Why == "" {
		t.Errorf("node 1: %+v", l)
	}
	if fb.Score != "Score 4 / 6" || fb.Full {
		t.Errorf("score %q full %v", fb.Score, fb.Full)
	}
	if full := mustCheck(t, textbookAnswers()).Feedback; full.Score != "Score 6 / 6: all right!" || !full.Full {
		t.Errorf("full marks: %q %v", full.Score, full.Full)
	}
}
