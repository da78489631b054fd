package exercise

import (
	"errors"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

// exercise42 is the exercise the page tests use.
const exercise42 = "seed=42&b=3&d=3&min_cutoffs=3"

func mustExercise(t testing.TB, query string) *Exercise {
	t.Helper()
	q, err := url.ParseQuery(query)
	if err != nil {
		t.Fatal(err)
	}
	p, err := ParseQuery(q)
	if err != nil {
		t.Fatal(err)
	}
	ex, err := Generate(p)
	if err != nil {
		t.Fatal(err)
	}
	return ex
}

// TestQuestions: every node entered but the root is asked for; every
// cutoff is a yes that skips what the checker calls pruned; every window
// move is asked for at the node whose α (MAX) or β (MIN) moves; the last
// question reveals the root's value.
func TestQuestions(t *testing.T) {
	for _, query := range []string{exercise42, "seed=7&b=2&d=4&min_cutoffs=2&root=min", "seed=3&bmin=2&bmax=4&d=3&prune=gt"} {
		t.Run(query, func(t *testing.T) {
			ex := mustExercise(t, query)
			qs, err := Questions(ex)
			if err != nil {
				t.Fatal(err)
			}
			key, err := AnswerKey(ex, Symbols)
			if err != nil {
				t.Fatal(err)
			}
			type move struct{ at, child, which, answer, shown string }
			var moves []move
			if _, err := search.AlphaBeta(tree.Game{}, ex.Tree.Root, search.Options[*tree.Node]{Prune: ex.Params.Prune}, func(e *trace.Event) bool {
				switch e.Changed {
				case "alpha":
					moves = append(moves, move{e.Node, e.Child, "alpha", e.Alpha.Plain(), e.Alpha.String()})
				case "beta":
					moves = append(moves, move{e.Node, e.Child, "beta", e.Beta.Plain(), e.Beta.String()})
				}
				return true
			}); err != nil {
				t.Fatal(err)
			}
			enters, yes := 0, 0
			var skipped []string
			var windows []move
			for i, q := range qs {
				if q.Prompt == "" || q.Say == "" {
					t.Errorf("question %d (%s at %q): prompt %q, narration %q", i, q.Kind, q.At, q.Prompt, q.Say)
				}
				switch q.Kind {
				case AskEnter:
					enters++
					if ParentID(q.Answer) != q.At || q.Entered != q.Answer {
						t.Errorf("enter question %d at %q answers %q, enters %q", i, q.At, q.Answer, q.Entered)
					}
				case AskCut:
					if q.Answer == "yes" {
						yes++
						skipped = append(skipped, q.Pruned...)
					} else if len(q.Pruned) > 0 {
						t.Errorf("cut question %d answers no but skips %v", i, q.Pruned)
					}
				case AskWindow:
					windows = append(windows, move{q.At, q.Child, q.Which, q.Answer, q.Shown})
					// Nodes are named as drawn: letters, leaves by value.
					child := ex.Tree.Find(q.Child).Name
					if ex.Tree.Find(q.Child).IsLeaf() {
						child = "leaf " + tree.Game{}.Label(ex.Tree.Find(q.Child))
					}
					at := ex.Tree.Find(q.At).Name
					if g := greek(q.Which); !strings.HasPrefix(q.Prompt, at+" has") || !strings.Contains(q.Prompt, "its child "+child+",") || !strings.Contains(q.Prompt, "What is "+g) {
						t.Errorf("window question %d prompt %q", i, q.Prompt)
					}
				default:
					t.Errorf("question %d of kind %q", i, q.Kind)
				}
			}
			if enters != ex.Solution.Nodes-1 {
				t.Errorf("got %d enter questions, want %d", enters, ex.Solution.Nodes-1)
			}
			if yes != ex.Solution.Cutoffs {
				t.Errorf("got %d cutoffs asked, want %d", yes, ex.Solution.Cutoffs)
			}
			slices.Sort(skipped)
			want := slices.Sorted(slices.Values(key.Pruned))
			if !slices.Equal(skipped, want) {
				t.Errorf("cutoffs skip %v, want %v", skipped, want)
			}
			if !slices.Equal(windows, moves) {
				t.Errorf("window questions %v, want %v", windows, moves)
			}
			last := qs[len(qs)-1].Reveal
			if len(last) == 0 || last[len(last)-1] != (Reveal{Node: "", Text: ex.Solution.Value.String()}) {
				t.Errorf("the last question reveals %v, want the root's %s", last, ex.Solution.Value)
			}
		})
	}
}

// TestGrade grades every kind of answer: right, wrong, and not an answer.
func TestGrade(t *testing.T) {
	why := say("exercise.predict.goes-on", "Node", nameID("1"))
	const because = "Node 1 goes on to its next child."
	enter := Question{Kind: AskEnter, At: "", Answer: "0", say: why}
	cutYes := Question{Kind: AskCut, At: "1", Child: "1.0", Answer: "yes", say: why}
	cutNo := Question{Kind: AskCut, At: "1", Child: "1.0", Answer: "no", say: why}
	win := func(v trace.Num) Question {
		return Question{Kind: AskWindow, At: "0", Child: "0.1", Which: "beta", Answer: v.Plain(), Shown: v.String(),
			say: why, answerWindow: v, answerIsValue: true}
	}
	tests := []struct {
		name    string
		q       Question
		given   string
		counted bool
		right   bool
		text    string
	}{
		{"enter right", enter, "0", true, true, "Right! It enters node 0. " + because},
		{"enter wrong", enter, "2", true, false, "Not quite. It enters node 0. " + because},
		{"cut yes", cutYes, "yes", true, true, "Right! It cuts off. " + because},
		{"cut said no", cutYes, "no", true, false, "Not quite. It cuts off. " + because},
		{"go on", cutNo, "no", true, true, "Right! It goes on. " + because},
		{"window", win(3), "3", true, true, "Right! β becomes 3. " + because},
		{"window decimal", win(3), " 3.0 ", true, true, "Right! β becomes 3. " + because},
		{"window minus sign", win(-2.5), "−2.5", true, true, "Right! β becomes −2.5. " + because},
		{"window infinity", win(trace.Inf(1)), "inf", true, true, "Right! β becomes +∞. " + because},
		{"window ∞", win(trace.Inf(-1)), "-∞", true, true, "Right! β becomes −∞. " + because},
		{"window wrong", win(3), "4", true, false, "Not quite. β becomes 3. " + because},
		{"window wrong infinity", win(3), "∞", true, false, "Not quite. β becomes 3. " + because},
		{"window word", win(3), "three", false, false, "“three” is not a value: write a number such as 3 or −2.5, or ∞ or −∞."},
		{"window empty", win(3), "  ", false, false, "“” is not a value: write a number such as 3 or −2.5, or ∞ or −∞."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.q.Grade(tt.given)
			if got.Counted != tt.counted || got.Right != tt.right || got.Text != tt.text {
				t.Errorf("Grade(%q) = %+v, want counted %v, right %v, text %q", tt.given, got, tt.counted, tt.right, tt.text)
			}
			wantClass := map[bool]string{true: "right", false: "wrong"}[tt.right]
			if !tt.counted {
				wantClass = "note"
			}
			if got.Class != wantClass {
				t.Errorf("class %q, want %q", got.Class, wantClass)
			}
		})
	}
}

// TestGradePrediction grades the questions of a real exercise by number,
// and refuses a number past the last.
func TestGradePrediction(t *testing.T) {
	ex := mustExercise(t, exercise42)
	qs, err := Questions(ex)
	if err != nil {
		t.Fatal(err)
	}
	for i, q := range qs {
		v, err := GradePrediction(ex, PredictAnswer{Question: i, Answer: q.Answer}, nil)
		if err != nil || !v.Right {
			t.Fatalf("question %d answered %q: %+v, %v; want right", i, q.Answer, v, err)
		}
		// The verdict names the node entered as the tree draws it, never
		// by its id.
		if q.Kind == AskEnter {
			n := ex.Tree.Find(q.Answer)
			name := n.Name
			if n.IsLeaf() {
				name = "leaf " + tree.Game{}.Label(n)
			}
			if !strings.HasPrefix(v.Text, "Right! It enters "+name+".") {
				t.Errorf("question %d: verdict %q, want it to say it enters %s", i, v.Text, name)
			}
		}
	}
	_, err = GradePrediction(ex, PredictAnswer{Question: len(qs), Answer: "yes"}, nil)
	var xe *Error
	if !errors.As(err, &xe) || xe.Field != "question" {
		t.Errorf("question %d: got %v, want an error naming question", len(qs), err)
	}
}

func TestDecodePredictAnswer(t *testing.T) {
	tests := []struct {
		body  string
		want  PredictAnswer
		field string
	}{
		{`{"query": "seed=1", "question": 3, "answer": "yes"}`, PredictAnswer{Query: "seed=1", Question: 3, Answer: "yes"}, ""},
		{`{"question": 0}`, PredictAnswer{}, ""},
		{``, PredictAnswer{}, "body"},
		{`[1]`, PredictAnswer{}, "body"},
		{`{"question": -1}`, PredictAnswer{}, "question"},
		{`{"question": "1"}`, PredictAnswer{}, "question"},
		{`{"question": 1.5}`, PredictAnswer{}, "question"},
		{`{"answer": 3}`, PredictAnswer{}, "answer"},
		{`{"answer": "` + strings.Repeat("9", MaxAnswerLen+1) + `"}`, PredictAnswer{}, "answer"},
		{`{"query": "` + strings.Repeat("a", MaxPredictQuery+1) + `"}`, PredictAnswer{}, "query"},
		{`{"tree": "(1 2)"}`, PredictAnswer{}, "tree"},
		{`{} {}`, PredictAnswer{}, "body"},
		{`{"question": 1`, PredictAnswer{}, "body"},
	}
	for _, tt := range tests {
		t.Run(tt.body, func(t *testing.T) {
			got, err := DecodePredictAnswer(strings.NewReader(tt.body))
			if tt.field == "" {
				if err != nil || got != tt.want {
					t.Errorf("got %+v, %v; want %+v", got, err, tt.want)
				}
				return
			}
			var xe *Error
			if !errors.As(err, &xe) || xe.Field != tt.field {
				t.Errorf("got error %v, want one naming %q", err, tt.field)
			}
		})
	}
}

// FuzzDecodePredictAnswer: any body decodes or is an *Error naming a
// field; what decodes is within the limits, and grading it never panics.
func FuzzDecodePredictAnswer(f *testing.F) {
	for _, s := range []string{`{"query": "seed=42&b=3&d=3&min_cutoffs=3", "question": 4, "answer": "yes"}`,
		`{"query": "seed=1", "question": 0, "answer": "0"}`, `{"question": 2, "answer": "−∞"}`, `{"answer": "three"}`,
		`{"question": 1e9}`, `{"query": 1}`, `{`, `null`, `{"question": -3}`} {
		f.Add(s)
	}
	ex := mustExercise(f, "seed=1&b=2&d=3")
	f.Fuzz(func(t *testing.T, body string) {
		a, err := DecodePredictAnswer(strings.NewReader(body))
		if err != nil {
			var xe *Error
			if !errors.As(err, &xe) || xe.Field == "" {
				t.Fatalf("error %v is not an *Error naming a field", err)
			}
			return
		}
		if a.Question < 0 || len(a.Query) > MaxPredictQuery {
			t.Fatalf("decoded %+v beyond the limits", a)
		}
		v, err := GradePrediction(ex, a, nil)
		if err != nil {
			var xe *Error
			if !errors.As(err, &xe) || xe.Field != "question" {
				t.Fatalf("grading %+v: %v", a, err)
			}
			return
		}
		if v.Text == "" || (v.Class != "right" && v.Class != "wrong" && v.Class != "note") {
			t.Fatalf("grading %+v: %+v", a, v)
		}
	})
}
