package exercise

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

const textbook = tree.TwoPlyGameTreePlain

// textbookAnswers is the right answer to the textbook tree.
func textbookAnswers() Submission {
	return Submission{Tree: textbook, Root: "max", Prune: "ge",
		Answers: map[string]string{"": "3", "0": "3", "1": "≤ 2", "2": "2"},
		Pruned:  []string{"1.1", "1.2"}}
}

func mustCheck(t *testing.T, sub Submission) *Result {
	t.Helper()
	r, err := Check(sub)
	if err != nil {
		t.Fatalf("Check: %v", err)
	}
	return r
}

func TestCheckTextbook(t *testing.T) {
	r := mustCheck(t, textbookAnswers())
	if !r.Correct || r.Score != 6 || r.Total != 6 {
		t.Fatalf("correct=%v score %d/%d, want true 6/6 (4 inner nodes + 2 pruned edges)", r.Correct, r.Score, r.Total)
	}
	wants := map[string]string{"": "3", "0": "3", "1": "≤ 2", "2": "2", "1.1": "pruned", "1.2": "pruned"}
	if len(r.Nodes) != len(wants) {
		t.Errorf("feedback on %d nodes, want %d", len(r.Nodes), len(wants))
	}
	for id, want := range wants {
		n := r.Nodes[id]
		if n == nil || !n.OK || n.Want != want || n.Why == "" {
			t.Errorf("node %q: %+v, want ok with want %q and a why", id, n, want)
		}
	}
	if got := r.Nodes["1.1"].Why; !strings.Contains(got, "2 ≤ α = 3") || !strings.Contains(got, "pruned") {
		t.Errorf("why of 1.1 = %q, want the cutoff's narration", got)
	}
}

// TestCheckTextbookExactForBound is the classic mistake: C's value written
// as 2 where the search only knows ≤ 2.
func TestCheckTextbookExactForBound(t *testing.T) {
	sub := textbookAnswers()
	sub.Answers["1"] = "2"
	r := mustCheck(t, sub)
	if r.Correct || r.Score != 5 || r.Total != 6 {
		t.Fatalf("correct=%v score %d/%d, want false 5/6", r.Correct, r.Score, r.Total)
	}
	n := r.Nodes["1"]
	if n.OK || !slices.Equal(n.Mistakes, []Mistake{ExactForBound}) || n.Want != "≤ 2" || n.Got != "2" {
		t.Errorf("node 1: %+v, want exact-for-bound, want ≤ 2, got 2", n)
	}
	for _, s := range []string{"2 ≤ α = 3", "pruned", "returns ≤ 2"} {
		if !strings.Contains(n.Why, s) {
			t.Errorf("why %q does not mention %q", n.Why, s)
		}
	}
	for id, other := range r.Nodes {
		if id != "1" && !other.OK {
			t.Errorf("node %q is marked wrong: %+v", id, other)
		}
	}
}

// TestCheckSpellings checks that equivalent spellings of the same answer
// are accepted, and near misses are named.
func TestCheckSpellings(t *testing.T) {
	tests := []struct {
		id, answer string
		want       []Mistake
	}{
		{"1", "≤2", nil},
		{"1", "≤ 2", nil},
		{"1", "<= 2", nil},
		{"1", "<=2", nil},
		{"1", "le 2", nil},
		{"1", " ≤ 2.0 ", nil},
		{"1", "⩽2", nil},
		{"0", "3.0", nil},
		{"0", "+3", nil},
		{"1", "≥ 2", []Mistake{BoundDirection}},
		{"1", "≥ 3", []Mistake{BoundDirection, WrongValue}},
		{"1", "≤ 3", []Mistake{WrongValue}},
		{"1", "2", []Mistake{ExactForBound}},
		{"1", "4", []Mistake{ExactForBound, WrongValue}},
		{"1", "", []Mistake{Missing}},
		{"1", "-", []Mistake{Missing}},
		{"0", "≥ 3", []Mistake{BoundForExact}},
		{"0", "≤3", []Mistake{BoundForExact}},
		{"0", "4", []Mistake{WrongValue}},
		{"0", "−3", []Mistake{WrongValue}},
		{"", "12", []Mistake{WrongValue}},
	}
	for _, tt := range tests {
		t.Run(tt.id+"="+tt.answer, func(t *testing.T) {
			sub := textbookAnswers()
			sub.Answers[tt.id] = tt.answer
			r := mustCheck(t, sub)
			n := r.Nodes[tt.id]
			if !slices.Equal(n.Mistakes, tt.want) {
				t.Errorf("mistakes %v, want %v (note %q)", n.Mistakes, tt.want, n.Note)
			}
			if n.OK != (tt.want == nil) || r.Correct != (tt.want == nil) {
				t.Errorf("ok=%v correct=%v, want %v", n.OK, r.Correct, tt.want == nil)
			}
			if tt.want != nil && n.Note == "" {
				t.Error("no note for the student")
			}
		})
	}
}

// TestCheckMarks covers the pruned list: searched nodes marked, pruned
// nodes not marked, values for nodes never visited.
func TestCheckMarks(t *testing.T) {
	tests := []struct {
		name      string
		change    func(s *Submission)
		id        string
		want      []Mistake
		score     int
		total     int
		otherBad  []string
		wantField string
	}{
		{"inner node marked", func(s *Submission) { s.Pruned = append(s.Pruned, "2") }, "2", []Mistake{MarkedButSearched}, 5, 6, nil, ""},
		{"leaf marked", func(s *Submission) { s.Pruned = append(s.Pruned, "0.1") }, "0.1", []Mistake{MarkedButSearched}, 6, 7, nil, ""},
		{"root marked", func(s *Submission) { s.Pruned = append(s.Pruned, "") }, "", []Mistake{MarkedButSearched}, 5, 6, nil, ""},
		{"pruned not marked", func(s *Submission) { s.Pruned = []string{"1.1"} }, "1.2", []Mistake{PrunedNotMarked}, 5, 6, nil, ""},
		{"nothing marked", func(s *Submission) { s.Pruned = nil }, "1.1", []Mistake{PrunedNotMarked}, 4, 6, []string{"1.2"}, ""},
		{"marked by answer", func(s *Submission) { s.Pruned = []string{"1.1"}; s.Answers["1.2"] = "pruned" }, "1.2", nil, 6, 6, nil, ""},
		{"value for a pruned leaf", func(s *Submission) { s.Answers["1.1"] = "4" }, "1.1", []Mistake{AnswerForUnvisited}, 5, 6, nil, ""},
		{"value for an unmarked pruned leaf", func(s *Submission) { s.Pruned = []string{"1.2"}; s.Answers["1.1"] = "4" }, "1.1",
			[]Mistake{PrunedNotMarked, AnswerForUnvisited}, 5, 6, nil, ""},
		{"right leaf value", func(s *Submission) { s.Answers["0.1"] = "12" }, "0.1", nil, 6, 6, nil, ""},
		{"wrong leaf value", func(s *Submission) { s.Answers["0.1"] = "11" }, "0.1", []Mistake{WrongValue}, 6, 7, nil, ""},
		{"duplicate mark", func(s *Submission) { s.Pruned = append(s.Pruned, "1.1") }, "1.1", nil, 6, 6, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sub := textbookAnswers()
			tt.change(&sub)
			r := mustCheck(t, sub)
			n := r.Nodes[tt.id]
			if n == nil {
				t.Fatalf("no feedback on node %q", tt.id)
			}
			if !slices.Equal(n.Mistakes, tt.want) || n.OK != (tt.want == nil) {
				t.Errorf("node %q: ok=%v mistakes %v, want %v", tt.id, n.OK, n.Mistakes, tt.want)
			}
			if r.Score != tt.score || r.Total != tt.total || r.Correct != (tt.score == tt.total) {
				t.Errorf("score %d/%d correct=%v, want %d/%d", r.Score, r.Total, r.Correct, tt.score, tt.total)
			}
			for id, other := range r.Nodes {
				if id != tt.id && !other.OK && !slices.Contains(tt.otherBad, id) {
					t.Errorf("node %q is wrong too: %+v", id, other)
				}
			}
		})
	}
}

// deepTree has one cutoff, a deep one: MIN node 1 cuts after its first
// child, so its inner child 1.1 is skipped with the leaves below it.
const deepTree = "(((5 6) (4 3)) ((3 2) (8 9)))"

func TestCheckDeepCutoff(t *testing.T) {
	right := Submission{Tree: deepTree,
		Answers: map[string]string{"": "4", "0": "4", "0.0": "6", "0.1": "4", "1": "≤ 3", "1.0": "3"},
		Pruned:  []string{"1.1"}}
	r := mustCheck(t, right)
	if !r.Correct || r.Total != 7 {
		t.Fatalf("correct=%v score %d/%d, want 7/7 (6 inner nodes, 1 pruned):\n%s", r.Correct, r.Score, r.Total, dump(r))
	}
	// Marking what lies below the pruned node as well is accepted.
	sub := right
	sub.Pruned = []string{"1.1", "1.1.0", "1.1.1"}
	if r := mustCheck(t, sub); !r.Correct || r.Total != 7 {
		t.Errorf("marking below a pruned node: correct=%v %d/%d, want 7/7", r.Correct, r.Score, r.Total)
	}
	// A value below the pruned node is named there, as an extra item.
	sub = right
	sub.Answers = map[string]string{"1.1.0": "8"}
	for k, v := range right.Answers {
		sub.Answers[k] = v
	}
	r = mustCheck(t, sub)
	n := r.Nodes["1.1.0"]
	if n == nil || n.OK || !slices.Equal(n.Mistakes, []Mistake{AnswerForUnvisited}) || n.Want != "pruned" {
		t.Fatalf("node 1.1.0: %+v, want answer-for-unvisited", n)
	}
	if !strings.Contains(n.Why, "pruned") || r.Score != 7 || r.Total != 8 {
		t.Errorf("why %q, score %d/%d; want the prune's narration and 7/8", n.Why, r.Score, r.Total)
	}
	// The inner pruned node itself is asked to be marked, not valued.
	sub = right
	sub.Pruned = nil
	sub.Answers = map[string]string{"1.1": "≥ 8"}
	for k, v := range right.Answers {
		sub.Answers[k] = v
	}
	r = mustCheck(t, sub)
	if n := r.Nodes["1.1"]; !slices.Equal(n.Mistakes, []Mistake{PrunedNotMarked, AnswerForUnvisited}) {
		t.Errorf("node 1.1: %+v", n)
	}
}

func TestCheckWindows(t *testing.T) {
	sub := textbookAnswers()
	sub.Windows = map[string]Window{
		"":  {"3", "+∞"},
		"0": {"−∞", "3"},
		"1": {"3", "inf"},
		"2": {"3", "5"},
	}
	r := mustCheck(t, sub)
	if !r.Correct || r.Total != 6+2*4 {
		t.Fatalf("final windows: correct=%v %d/%d, want 14/14\n%s", r.Correct, r.Score, r.Total, dump(r))
	}
	sub.WindowAt = "entry"
	r = mustCheck(t, sub)
	if r.Correct {
		t.Fatal("final windows accepted as entry windows")
	}
	sub.Windows = map[string]Window{"": {"-inf", "inf"}, "0": {"-inf", "inf"}, "1": {"3", "inf"}, "2": {"3", "inf"}}
	if r := mustCheck(t, sub); !r.Correct {
		t.Errorf("entry windows: %d/%d\n%s", r.Score, r.Total, dump(r))
	}
	// A wrong β and a missing α, on the right nodes.
	sub.WindowAt = ""
	sub.Windows = map[string]Window{"": {"3", "+∞"}, "0": {"−∞", "3"}, "1": {"", "+∞"}, "2": {"3", "2"}}
	r = mustCheck(t, sub)
	if n := r.Nodes["1"]; n.OK || n.Alpha.Mistake != Missing || !n.Beta.OK || n.Score != 2 || n.Items != 3 {
		t.Errorf("node 1: %+v alpha %+v beta %+v", n, n.Alpha, n.Beta)
	}
	if n := r.Nodes["2"]; n.OK || n.Beta.Mistake != WrongWindow || n.Beta.Want != "5" || !n.Alpha.OK {
		t.Errorf("node 2: %+v beta %+v", n, n.Beta)
	}
	if r.Score != 12 || r.Total != 14 {
		t.Errorf("score %d/%d, want 12/14", r.Score, r.Total)
	}
	// A window for a pruned node is an answer for a node never visited.
	sub = Submission{Tree: deepTree, Answers: map[string]string{"": "4", "0": "4", "0.0": "6", "0.1": "4", "1": "≤ 3", "1.0": "3"},
		Pruned: []string{"1.1"}, Windows: map[string]Window{"1.1": {"4", "3"}}}
	r = mustCheck(t, sub)
	if n := r.Nodes["1.1"]; n.OK || !slices.Equal(n.Mistakes, []Mistake{AnswerForUnvisited}) {
		t.Errorf("window on pruned 1.1: %+v", n)
	}
}

func TestCheckErrors(t *testing.T) {
	tests := []struct {
		name   string
		change func(s *Submission)
		field  string
		msg    string
	}{
		{"malformed answer", func(s *Submission) { s.Answers["1.2"] = "abc" }, `answers["1.2"]`,
			`exercise: answers["1.2"]: "abc" is not a value or a bound such as 3, ≤ 2 or ≥ 5`},
		{"strict bound", func(s *Submission) { s.Answers["1"] = "< 3" }, `answers["1"]`, "strict bound"},
		{"unknown answer id", func(s *Submission) { s.Answers["3"] = "1" }, `answers["3"]`, `there is no node "3"`},
		{"non-canonical id", func(s *Submission) { s.Answers["01"] = "1" }, `answers["01"]`, `there is no node "01"`},
		{"unknown pruned id", func(s *Submission) { s.Pruned = []string{"1.1", "1.5"} }, "pruned[1]", `there is no node "1.5"`},
		{"unknown window id", func(s *Submission) { s.Windows = map[string]Window{"9": {"1", "2"}} }, `windows["9"]`, "no node"},
		{"window on a leaf", func(s *Submission) { s.Windows = map[string]Window{"0.0": {"1", "2"}} }, `windows["0.0"]`, "leaf"},
		{"bad alpha", func(s *Submission) { s.Windows = map[string]Window{"0": {"x", "2"}} }, `windows["0"].alpha`, "not a number"},
		{"bad beta", func(s *Submission) { s.Windows = map[string]Window{"0": {"1", "≤ 2"}} }, `windows["0"].beta`, "not a number"},
		{"bad root", func(s *Submission) { s.Root = "chance" }, "root", "want max or min"},
		{"bad prune", func(s *Submission) { s.Prune = "lt" }, "prune", "not a prune rule"},
		{"bad fail", func(s *Submission) { s.Fail = "medium" }, "fail", "want soft or hard"},
		{"gt with fail-hard", func(s *Submission) { s.Prune, s.Fail = "gt", "hard" }, "fail", "needs fail-soft"},
		{"bad window mode", func(s *Submission) { s.WindowAt = "middle" }, "window", "want final or entry"},
		{"no tree", func(s *Submission) { s.Tree = "  " }, "tree", "missing"},
		{"tree syntax", func(s *Submission) { s.Tree = "((3 12 8) (2 4" }, "tree", "line 1, column"},
		{"chance tree", func(s *Submission) { s.Tree = "[chance](1 2)" }, "tree", "alpha-beta cannot search"},
		{"vector tree", func(s *Submission) { s.Tree = "(<1,2> <3,4>)" }, "tree", "alpha-beta cannot search"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sub := textbookAnswers()
			tt.change(&sub)
			r, err := Check(sub)
			if err == nil {
				t.Fatalf("Check gave %+v, want an error", r)
			}
			if f := fieldOf(err); f != tt.field {
				t.Errorf("error %q names field %q, want %q", err, f, tt.field)
			}
			if !errors.Is(err, ErrInvalid) {
				t.Errorf("error %q is not ErrInvalid", err)
			}
			if !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("error %q does not say %q", err, tt.msg)
			}
		})
	}
	var te *tree.Error
	if _, err := Check(Submission{Tree: "(1 2"}); !errors.As(err, &te) || te.Line != 1 {
		t.Errorf("a tree syntax error does not wrap the *tree.Error: %v", err)
	}
}

// spellings writes a value or bound in several ways a student might.
var spellings = []func(v trace.Num, b trace.Bound) string{
	func(v trace.Num, b trace.Bound) string { return b.Text(v) }, // the viewer's own text: "≤ 2", "−1"
	func(v trace.Num, b trace.Bound) string {
		return map[trace.Bound]string{trace.Exact: "", trace.Upper: "<=", trace.Lower: ">="}[b] + trace.Num(v).Plain()
	},
	func(v trace.Num, b trace.Bound) string {
		return map[trace.Bound]string{trace.Exact: " ", trace.Upper: "le ", trace.Lower: "ge "}[b] + fmt.Sprintf("%.3f ", float64(v))
	},
	func(v trace.Num, b trace.Bound) string {
		return map[trace.Bound]string{trace.Exact: "", trace.Upper: "≤", trace.Lower: "≥"}[b] + strings.ReplaceAll(trace.Num(v).Plain(), "-", "−")
	},
}

// randomCase is one search setting for the property tests.
type randomCase struct {
	recipe tree.Recipe
	root   trace.Kind
	prune  search.PruneRule
	fail   search.FailMode
}

func randomCases(n int) []randomCase {
	var cs []randomCase
	for i := range n {
		r := tree.Recipe{Branching: 2 + i%3, Depth: 1 + i%4, Seed: uint64(i), Uneven: i%5 == 0}
		switch i % 4 {
		case 1:
			r.Min, r.Max = -5, 5
		case 2:
			r.Min, r.Max, r.Decimals = -3, 3, 1
		case 3:
			r.Min, r.Max = 0, 3 // many ties
		}
		c := randomCase{recipe: r, root: trace.Max, prune: search.PruneRule(i / 2 % 2), fail: search.FailMode(i / 3 % 2)}
		if i%7 < 3 {
			c.root = trace.Min
		}
		if c.prune == search.PruneGT {
			c.fail = search.FailSoft
		}
		cs = append(cs, c)
	}
	return cs
}

// engineAnswers fills in a submission from the engine's own final frame:
// every visited inner node's text in the given spelling, every skipped node
// marked, and the final windows when windows is true.
func engineAnswers(t *testing.T, c randomCase, spell int, windows bool) (Submission, *tree.Tree, *trace.Frame) {
	t.Helper()
	tr, err := tree.Random(c.recipe)
	if err != nil {
		t.Fatal(err)
	}
	if err := tr.SetRoot(c.root); err != nil {
		t.Fatal(err)
	}
	evs, _, err := search.Collect(search.AlgoAlphaBeta, tree.Game{}, tr.Root, search.Options[*tree.Node]{Prune: c.prune, Fail: c.fail})
	if err != nil {
		t.Fatal(err)
	}
	f, err := trace.Replay(evs)
	if err != nil {
		t.Fatal(err)
	}
	sub := Submission{Tree: tr.String(), Root: c.root.String(), Prune: c.prune.String(), Fail: c.fail.String(), Answers: map[string]string{}}
	if windows {
		sub.Windows = map[string]Window{}
	}
	for n := range tr.All() {
		v := f.Nodes[n.ID]
		switch {
		case v == nil:
		case v.State == trace.StatePruned:
			sub.Pruned = append(sub.Pruned, n.ID)
		case !n.IsLeaf():
			sub.Answers[n.ID] = spellings[spell%len(spellings)](v.Value, v.Bound)
			if windows {
				sub.Windows[n.ID] = Window{v.Alpha.String(), v.Beta.Plain()}
			}
		}
	}
	return sub, tr, f
}

// TestCheckEngineAnswersScoreFull feeds the engine's own answers back, in
// several spellings, for many random trees, roots, prune rules and fail
// modes: every one must score full marks, with the documented total.
func TestCheckEngineAnswersScoreFull(t *testing.T) {
	n := 400
	if testing.Short() || raceDetector {
		n = 100
	}
	for i, c := range randomCases(n) {
		for spell := range spellings {
			windows := (i+spell)%2 == 0
			sub, tr, f := engineAnswers(t, c, spell, windows)
			r, err := Check(sub)
			if err != nil {
				t.Fatalf("case %d (%s): %v", i, sub.Tree, err)
			}
			inner, pruned := 0, 0
			for n := range tr.All() {
				v := f.Nodes[n.ID]
				if v != nil && v.State == trace.StateDone && !n.IsLeaf() {
					inner++
				} else if v != nil && v.State == trace.StatePruned {
					pruned++
				}
			}
			want := inner + pruned
			if windows {
				want += 2 * inner
			}
			if !r.Correct || r.Score != want || r.Total != want {
				t.Fatalf("case %d %+v spelling %d: correct=%v %d/%d, want %d/%d\ntree %s\nanswers %q pruned %q\n%s",
					i, c, spell, r.Correct, r.Score, r.Total, want, want, sub.Tree, sub.Answers, sub.Pruned, dump(r))
			}
		}
	}
}

// TestCheckExpectationsAreTrue checks the checker's expectations against
// plain minimax, without the engine: an exact answer is the node's minimax
// value, "≤ v" holds the value at most v and "≥ v" at least v (fail-soft
// and fail-hard alike).
func TestCheckExpectationsAreTrue(t *testing.T) {
	for i, c := range randomCases(400) {
		sub, tr, _ := engineAnswers(t, c, 0, false)
		r, err := Check(sub)
		if err != nil {
			t.Fatal(err)
		}
		for n := range tr.All() {
			nr := r.Nodes[n.ID]
			if nr == nil || nr.Want == "pruned" {
				continue
			}
			a, err := ParseAnswer(nr.Want)
			if err != nil {
				t.Fatalf("want %q does not parse: %v", nr.Want, err)
			}
			mm := minimax(n)
			ok := a.Bound == trace.Exact && a.Value == mm || a.Bound == trace.Upper && mm <= a.Value || a.Bound == trace.Lower && mm >= a.Value
			if !ok {
				t.Errorf("case %d %s node %q: want %q, but its minimax value is %v", i, sub.Tree, n.ID, nr.Want, mm)
			}
		}
	}
}

// TestCheckMistakesNamedOnTheRightNode makes one mistake at a time in the
// engine's own answers, on random trees, and checks that exactly that
// node is wrong, with that mistake, and that the score drops by one.
func TestCheckMistakesNamedOnTheRightNode(t *testing.T) {
	type mutation struct {
		name string
		// apply changes the submission at node n (its final view v); it
		// returns false when it does not apply to this node.
		apply func(s *Submission, n *tree.Node, v *trace.NodeView) bool
		want  []Mistake
		extra int // items the mistake adds to the total
	}
	num := func(v trace.Num) string { return v.Plain() }
	mutations := []mutation{
		{"wrong value", func(s *Submission, n *tree.Node, v *trace.NodeView) bool {
			if n.IsLeaf() || v.State != trace.StateDone {
				return false
			}
			s.Answers[n.ID] = v.Bound.Text(v.Value + 1)
			return true
		}, []Mistake{WrongValue}, 0},
		{"bound for exact", func(s *Submission, n *tree.Node, v *trace.NodeView) bool {
			if n.IsLeaf() || v.State != trace.StateDone || v.Bound != trace.Exact {
				return false
			}
			s.Answers[n.ID] = "≥ " + num(v.Value)
			return true
		}, []Mistake{BoundForExact}, 0},
		{"exact for bound", func(s *Submission, n *tree.Node, v *trace.NodeView) bool {
			if n.IsLeaf() || v.State != trace.StateDone || v.Bound == trace.Exact {
				return false
			}
			s.Answers[n.ID] = num(v.Value)
			return true
		}, []Mistake{ExactForBound}, 0},
		{"bound direction", func(s *Submission, n *tree.Node, v *trace.NodeView) bool {
			if n.IsLeaf() || v.State != trace.StateDone || v.Bound == trace.Exact {
				return false
			}
			flip := map[trace.Bound]trace.Bound{trace.Upper: trace.Lower, trace.Lower: trace.Upper}[v.Bound]
			s.Answers[n.ID] = flip.Text(v.Value)
			return true
		}, []Mistake{BoundDirection}, 0},
		{"missing", func(s *Submission, n *tree.Node, v *trace.NodeView) bool {
			if n.IsLeaf() || v.State != trace.StateDone {
				return false
			}
			delete(s.Answers, n.ID)
			return true
		}, []Mistake{Missing}, 0},
		{"searched inner node marked", func(s *Submission, n *tree.Node, v *trace.NodeView) bool {
			if n.IsLeaf() || v.State != trace.StateDone {
				return false
			}
			s.Pruned = append(s.Pruned, n.ID)
			return true
		}, []Mistake{MarkedButSearched}, 0},
		{"searched leaf marked", func(s *Submission, n *tree.Node, v *trace.NodeView) bool {
			if !n.IsLeaf() || v.State != trace.StateDone {
				return false
			}
			s.Pruned = append(s.Pruned, n.ID)
			return true
		}, []Mistake{MarkedButSearched}, 1},
		{"pruned not marked", func(s *Submission, n *tree.Node, v *trace.NodeView) bool {
			if v.State != trace.StatePruned {
				return false
			}
			s.Pruned = slices.DeleteFunc(slices.Clone(s.Pruned), func(id string) bool { return id == n.ID })
			return true
		}, []Mistake{PrunedNotMarked}, 0},
		{"value for a pruned node", func(s *Submission, n *tree.Node, v *trace.NodeView) bool {
			if v.State != trace.StatePruned {
				return false
			}
			s.Answers[n.ID] = "7"
			return true
		}, []Mistake{AnswerForUnvisited}, 0},
		{"value below a pruned node", func(s *Submission, n *tree.Node, v *trace.NodeView) bool {
			if v.State != trace.StatePruned || n.IsLeaf() {
				return false
			}
			s.Answers[n.Children[0].ID] = "≤ 1"
			return true
		}, []Mistake{AnswerForUnvisited}, 1},
	}
	applied := map[string]int{}
	for i, c := range randomCases(200) {
		sub0, tr, f := engineAnswers(t, c, i, false)
		base := mustCheck(t, sub0)
		for _, m := range mutations {
			// Mutate the i-th node (cyclically, in preorder) the mutation
			// applies to, so that different nodes are hit.
			var candidates []*tree.Node
			probe := cloneSubmission(sub0)
			for n := range tr.All() {
				if v := f.Nodes[n.ID]; v != nil && m.apply(&probe, n, v) {
					candidates = append(candidates, n)
				}
			}
			if len(candidates) == 0 {
				continue
			}
			sub := cloneSubmission(sub0)
			target := candidates[i%len(candidates)]
			m.apply(&sub, target, f.Nodes[target.ID])
			r := mustCheck(t, sub)
			id := target.ID
			if m.name == "value below a pruned node" {
				id = target.Children[0].ID
			}
			nr := r.Nodes[id]
			if nr == nil || nr.OK || !slices.Equal(nr.Mistakes, m.want) {
				t.Fatalf("case %d %s, %s at %q: feedback %+v, want mistakes %v", i, sub.Tree, m.name, id, nr, m.want)
			}
			if r.Correct || r.Score != base.Score-1+m.extra || r.Total != base.Total+m.extra {
				t.Errorf("case %d %s, %s at %q: score %d/%d, want %d/%d", i, sub.Tree, m.name, id, r.Score, r.Total, base.Score-1+m.extra, base.Total+m.extra)
			}
			for other, o := range r.Nodes {
				if other != id && !o.OK {
					t.Errorf("case %d %s, %s at %q: node %q is wrong too: %+v", i, sub.Tree, m.name, id, other, o)
				}
			}
			applied[m.name]++
		}
	}
	for _, m := range mutations {
		if applied[m.name] < 20 {
			t.Errorf("mutation %q applied only %d times", m.name, applied[m.name])
		}
	}
}

func cloneSubmission(s Submission) Submission {
	c := s
	c.Answers = map[string]string{}
	for k, v := range s.Answers {
		c.Answers[k] = v
	}
	c.Pruned = slices.Clone(s.Pruned)
	return c
}

// TestCheckGeneratedExercises checks the generator and the checker
// together: the engine's answers to a generated exercise score full marks,
// with as many pruned items as the tree has skipped nodes.
func TestCheckGeneratedExercises(t *testing.T) {
	for seed := range uint64(50) {
		p := propertySets[1].p
		p.Seed = seed
		ex, err := Generate(p)
		if err != nil {
			t.Fatal(err)
		}
		evs, _, err := search.Collect(search.AlgoAlphaBeta, tree.Game{}, ex.Tree.Root, search.Options[*tree.Node]{Prune: p.Prune})
		if err != nil {
			t.Fatal(err)
		}
		f, err := trace.Replay(evs)
		if err != nil {
			t.Fatal(err)
		}
		s := Submission{Tree: ex.Text, Root: p.Root.String(), Prune: p.Prune.String(), Answers: map[string]string{}}
		for id, v := range f.Nodes {
			if v.State == trace.StatePruned {
				s.Pruned = append(s.Pruned, id)
			} else if n := ex.Tree.Find(id); !n.IsLeaf() {
				s.Answers[id] = v.Text
			}
		}
		r := mustCheck(t, s)
		if !r.Correct || len(s.Pruned) < ex.Solution.Cutoffs {
			t.Errorf("seed %d: %d/%d with %d pruned nodes for %d cutoffs", seed, r.Score, r.Total, len(s.Pruned), ex.Solution.Cutoffs)
		}
	}
}

func dump(r *Result) string {
	var b strings.Builder
	for _, id := range slices.Sorted(maps.Keys(r.Nodes)) {
		n := r.Nodes[id]
		fmt.Fprintf(&b, "%q ok=%v want=%q got=%q mistakes=%v items=%d score=%d\n", id, n.OK, n.Want, n.Got, n.Mistakes, n.Items, n.Score)
	}
	return b.String()
}
