package trace_test

import (
	"encoding/json"
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

// studentEngine is alpha-beta as a student might write it, with seeded
// mistakes. It emits enter (with the window passed in), leaf and exit
// events, as a student's engine that logs its calls would.
type studentEngine struct {
	strict  bool // cut on v > β / v < α although ≥ / ≤ was asked
	noAlpha bool // never narrows the window
	hard    bool // fail-hard although fail-soft was asked
	events  []trace.Event
}

func (s *studentEngine) search(n *tree.Node, alpha, beta float64) float64 {
	s.events = append(s.events, trace.Event{Type: trace.Enter, Node: n.ID, Window: true, Alpha: trace.Num(alpha), Beta: trace.Num(beta)})
	if n.IsLeaf() {
		s.events = append(s.events, trace.Event{Type: trace.Leaf, Node: n.ID, Value: trace.Num(n.Value)})
		s.events = append(s.events, trace.Event{Type: trace.Exit, Node: n.ID, Value: trace.Num(n.Value)})
		return n.Value
	}
	a0, b0 := alpha, beta
	isMax := n.Kind == trace.Max
	v := math.Inf(1)
	if isMax {
		v = math.Inf(-1)
	}
	for _, c := range n.Children {
		cv := s.search(c, alpha, beta)
		if isMax {
			v = max(v, cv)
			if v > beta || !s.strict && v == beta {
				break
			}
			if !s.noAlpha {
				alpha = max(alpha, v)
			}
		} else {
			v = min(v, cv)
			if v < alpha || !s.strict && v == alpha {
				break
			}
			if !s.noAlpha {
				beta = min(beta, v)
			}
		}
	}
	if s.hard {
		v = min(max(v, a0), b0)
	}
	s.events = append(s.events, trace.Event{Type: trace.Exit, Node: n.ID, Value: trace.Num(v)})
	return v
}

func (s *studentEngine) run(t *tree.Tree) *trace.StudentTrace {
	s.events = nil
	s.search(t.Root, math.Inf(-1), math.Inf(1))
	st := &trace.StudentTrace{Events: s.events}
	for i := range s.events {
		st.At = append(st.At, trace.Pos{Line: i + 1, Col: 1})
	}
	return st
}

// visits is the student's trace as a list of visited node names.
func visits(t *tree.Tree, st *trace.StudentTrace) *trace.StudentTrace {
	out := &trace.StudentTrace{}
	for _, e := range st.Events {
		if e.Type == trace.Enter {
			name := e.Node
			if l := t.Find(e.Node).Label; l != "" {
				name = l
			}
			if e.Node == "" && name == "" {
				name = "root"
			}
			out.Visits = append(out.Visits, trace.Visit{Name: name})
			out.At = append(out.At, trace.Pos{Line: 1, Col: len(out.At) + 1})
		}
	}
	return out
}

func labelsOf(tr *tree.Tree) map[string]string {
	m := map[string]string{}
	for n := range tr.All() {
		if n.Label != "" {
			m[n.ID] = n.Label
		}
	}
	return m
}

func reference(t *testing.T, tr *tree.Tree) []trace.Event {
	t.Helper()
	events, _, err := search.Collect(search.AlgoAlphaBeta, tree.Game{}, tr.Root, search.Options[*tree.Node]{})
	if err != nil {
		t.Fatal(err)
	}
	return events
}

func TestCompareStudentSeededEngines(t *testing.T) {
	tests := []struct {
		name      string
		tree      string
		engine    studentEngine
		visits    bool // compare the visited names only
		want, got string
		why       []string
	}{
		{"correct", tree.TwoPlyGameTree, studentEngine{}, false, "", "", nil},
		{"correct, names only", tree.TwoPlyGameTree, studentEngine{}, true, "", "", nil},
		{"wrong prune rule", "A(B(3 12 8) C(3 4 6) D(14 5 2))", studentEngine{strict: true}, false,
			"return ≤ 3 from C with α = 3, β = +∞", "enter 1.1 with α = 3, β = 3",
			[]string{"cuts at MIN C", "3 ≤ α = 3", "skips 1.1, 1.2"}},
		{"wrong prune rule, names only", "A(B(3 12 8) C(3 4 6) D(14 5 2))", studentEngine{strict: true}, true,
			"enter D with α = 3, β = +∞", "visit 1.1", []string{"cuts at MIN C", "3 ≤ α = 3"}},
		{"no alpha update", tree.TwoPlyGameTree, studentEngine{noAlpha: true}, false,
			"enter 12 with α = −∞, β = 3", "enter 12 with α = −∞, β = +∞",
			[]string{"at MIN B the value so far is ≤ 3 and the window is α = −∞, β = 3"}},
		{"no alpha update, names only", tree.TwoPlyGameTree, studentEngine{noAlpha: true}, true,
			"enter D with α = 3, β = +∞", "visit 1.1", []string{"cuts at MIN C", "2 ≤ α = 3"}},
		{"fail-hard where soft was asked", tree.TwoPlyGameTree, studentEngine{hard: true}, false,
			"return ≤ 2 from C with α = 3, β = +∞", "return 3 from C",
			[]string{"MIN C returns ≤ 2", "a cut left it an upper bound"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr := tree.MustParse(tc.tree)
			st := tc.engine.run(tr)
			if tc.visits {
				st = visits(tr, st)
			}
			dep := trace.CompareStudent(reference(t, tr), st, labelsOf(tr))
			if tc.want == "" {
				if dep != nil {
					t.Fatalf("got a departure %+v, want none", dep)
				}
				return
			}
			if dep == nil {
				t.Fatal("got no departure, want one")
			}
			if dep.Want != tc.want || dep.Got != tc.got {
				t.Errorf("got want %q / got %q, want %q / %q", dep.Want, dep.Got, tc.want, tc.got)
			}
			for _, w := range tc.why {
				if !strings.Contains(dep.Why, w) {
					t.Errorf("why: got %q, want it to contain %q", dep.Why, w)
				}
			}
			if dep.Step == 0 || dep.Before >= dep.Step {
				t.Errorf("steps: got step %d after %d, want a reference step after the last agreed one", dep.Step, dep.Before)
			}
		})
	}
}

// TestCompareStudentRandom: over thousands of random trees a correct
// engine never departs, and a broken one departs exactly at the first
// event where its trace differs from the correct engine's.
func TestCompareStudentRandom(t *testing.T) {
	broken := []studentEngine{{strict: true}, {noAlpha: true}, {hard: true}, {strict: true, hard: true}}
	found := make([]int, len(broken))
	seeds := uint64(2000)
	if testing.Short() || trace.RaceDetectorForTests {
		seeds = 400
	}
	for seed := range seeds {
		tr, err := tree.Random(tree.Recipe{Branching: 2 + int(seed%3), Depth: 2 + int(seed%3), Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		ref := reference(t, tr)
		good := (&studentEngine{}).run(tr)
		if dep := trace.CompareStudent(ref, good, nil); dep != nil {
			t.Fatalf("seed %d: a correct engine departs: %+v", seed, dep)
		}
		if dep := trace.CompareStudent(ref, visits(tr, good), nil); dep != nil {
			t.Fatalf("seed %d: a correct engine's visits depart: %+v", seed, dep)
		}
		for i, b := range broken {
			st := b.run(tr)
			first := -1
			for j := range max(len(st.Events), len(good.Events)) {
				if j >= len(st.Events) || j >= len(good.Events) || !sameStudentEvent(st.Events[j], good.Events[j]) {
					first = j
					break
				}
			}
			dep := trace.CompareStudent(ref, st, nil)
			switch {
			case first < 0 && dep != nil:
				t.Fatalf("seed %d, engine %+v: departure %+v, but its trace is correct", seed, b, dep)
			case first >= 0 && dep == nil:
				t.Fatalf("seed %d, engine %+v: no departure, but its trace differs at %d", seed, b, first)
			case first >= 0 && dep.Index != first:
				t.Fatalf("seed %d, engine %+v: departure at %d, want %d", seed, b, dep.Index, first)
			}
			if dep != nil {
				found[i]++
			}
		}
	}
	for i, n := range found {
		if n == 0 {
			t.Errorf("engine %+v never departed on 2000 random trees", broken[i])
		}
	}
}

func sameStudentEvent(a, b trace.Event) bool {
	return a.Type == b.Type && a.Node == b.Node && a.Value == b.Value && a.Window == b.Window && a.Alpha == b.Alpha && a.Beta == b.Beta
}

func TestParseStudent(t *testing.T) {
	tests := []struct {
		name   string
		text   string
		visits []string
		events int
	}{
		{"names", "A B\nb1, b2 # a comment\n\n  C", []string{"A", "B", "b1", "b2", "C"}, 0},
		{"json lines", `{"type":"enter","node":"","alpha":"-inf","beta":"inf"}` + "\n# c\n" + `{"type":"leaf","node":"","value":3}`, nil, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, err := trace.ParseStudent(tc.text)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, v := range st.Visits {
				got = append(got, v.Name)
			}
			if strings.Join(got, " ") != strings.Join(tc.visits, " ") || len(st.Events) != tc.events {
				t.Errorf("got visits %v and %d events, want %v and %d", got, len(st.Events), tc.visits, tc.events)
			}
		})
	}
	st, _ := trace.ParseStudent("A\n  B C")
	if st.At[2] != (trace.Pos{Line: 2, Col: 5}) {
		t.Errorf("position of C: got %+v, want line 2, column 5", st.At[2])
	}
}

func TestParseStudentErrors(t *testing.T) {
	tests := []struct {
		name      string
		text      string
		line, col int
		msg       string
	}{
		{"bad json", `{"type":"enter","node":""}` + "\n  {\"type\":\"leaf\",,}", 2, 18, "not an abtrace event"},
		{"unknown type", `{"type":"visit","node":""}`, 1, 1, "unknown event type"},
		{"no type", `{"node":"0"}`, 1, 1, `no "type"`},
		{"empty", "# nothing\n", 0, 0, "the trace is empty"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := trace.ParseStudent(tc.text)
			var e *trace.DiffError
			if !errors.As(err, &e) {
				t.Fatalf("got %v, want a *DiffError", err)
			}
			if e.Line != tc.line || e.Col != tc.col || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("got %v at %d:%d, want %q at %d:%d", err, e.Line, e.Col, tc.msg, tc.line, tc.col)
			}
		})
	}
	_, err := trace.ParseStudent(strings.Repeat("A ", trace.MaxStudentSteps+1))
	if !errors.Is(err, trace.ErrStudentLimit) {
		t.Errorf("got %v, want ErrStudentLimit", err)
	}
}

// FuzzParseStudent: no input panics, every error is a *DiffError, and
// what parses can be compared with a reference.
func FuzzParseStudent(f *testing.F) {
	for _, s := range []string{"A B b1 b2", `{"type":"enter","node":"","alpha":"-inf","beta":"inf"}`, "root, 0, 0.0\n# c", `{"type":"exit",`, "\ufeffA"} {
		f.Add(s)
	}
	tr := tree.MustParse(tree.TwoPlyGameTree)
	events, _, err := search.Collect(search.AlgoAlphaBeta, tree.Game{}, tr.Root, search.Options[*tree.Node]{})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, text string) {
		st, err := trace.ParseStudent(text)
		if err != nil {
			var e *trace.DiffError
			if !errors.As(err, &e) {
				t.Fatalf("error %T is not a *DiffError", err)
			}
			return
		}
		if dep := trace.CompareStudent(events, st, nil); dep != nil {
			if _, err := json.Marshal(dep); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// The classroom notation names a leaf by its value: the textbook tree
// written without leaf labels, and a student's list of the nodes it
// visits that does not prune at C. The reference's first divergence is
// the cut at C that skips 4 and 6 (it said the search went on to D, as
// the pruned 4 was known by no name).
func TestCompareStudentClassroomNotation(t *testing.T) {
	for _, text := range []string{tree.TwoPlyGameTree, tree.TwoPlyGameTreePlain} {
		tr := tree.MustParse(text)
		st, err := trace.ParseStudent("A B 3 12 8 C 2 4 6 D 14 5 2")
		if err != nil {
			t.Fatal(err)
		}
		ref := reference(t, tr)
		dep := trace.CompareStudent(ref, st, tr.Names())
		if dep == nil {
			t.Fatalf("%s: no departure", text)
		}
		want := trace.Departure{Index: 7, Step: 30, Before: 23, At: trace.Pos{Line: 1, Col: 16},
			Want: "enter D with α = 3, β = +∞", Got: "visit 4",
			Why: "the reference cuts at MIN C (step 27): 2 ≤ α = 3 with the window α = 3, β = +∞, so it skips 4, 6"}
		if dep.Index != want.Index || dep.Step != want.Step || dep.Before != want.Before || dep.At != want.At ||
			dep.Want != want.Want || dep.Got != want.Got || dep.Why != want.Why {
			t.Errorf("%s: departure\n%+v\nwant\n%+v", text, *dep, want)
		}
		// The nodes the student means, the 2 below D too (not C's 2, nor D
		// whose id is 2).
		got := trace.StudentNodes(ref, st, tr.Names())
		wantIDs := []string{"", "0", "0.0", "0.1", "0.2", "1", "1.0", "1.1", "1.2", "2", "2.0", "2.1", "2.2"}
		if !slices.Equal(got, wantIDs) {
			t.Errorf("%s: StudentNodes = %q, want %q", text, got, wantIDs)
		}
	}
}

// TestCompareStudentClassroomRandom: on random trees in the classroom
// notation (no labels: inner nodes are known by the textbook's letters,
// leaves by their values, which repeat), a student's list of visits in
// those names departs where its names first differ from the reference's,
// and, where the node the student visits there is the only one of its
// name, the reason is the reference's cut that skipped it (or an
// ancestor), else the step where the reference visits it.
func TestCompareStudentClassroomRandom(t *testing.T) {
	students := []studentEngine{{strict: true}, {noAlpha: true}, {hard: true}}
	seeds := uint64(1500)
	if testing.Short() || trace.RaceDetectorForTests {
		seeds = 300
	}
	cuts := 0
	for seed := range seeds {
		recipe := tree.Recipe{Branching: 2 + int(seed%3), Depth: 2 + int(seed%3), Min: 1, Max: 12, Seed: seed, Uneven: seed%2 == 1}
		rt, err := tree.Random(recipe)
		if err != nil {
			t.Fatal(err)
		}
		tr := tree.MustParse(rt.String())
		names := tr.Names()
		shared := map[string]int{}
		for id, n := range names {
			shared[n]++
			shared[id]++
		}
		ref := reference(t, tr)
		var refIDs []string
		for _, e := range ref {
			if e.Type == trace.Enter {
				refIDs = append(refIDs, e.Node)
			}
		}
		// The students: one that never prunes (minimax's visits, every
		// node in preorder) and the seeded engines, as visits.
		var walks [][]string
		var all []string
		for n := range tr.All() {
			all = append(all, n.ID)
		}
		walks = append(walks, all)
		for _, s := range students {
			var ids []string
			for _, e := range s.run(tr).Events {
				if e.Type == trace.Enter {
					ids = append(ids, e.Node)
				}
			}
			walks = append(walks, ids)
		}
		for w, ids := range walks {
			st := &trace.StudentTrace{}
			for i, id := range ids {
				st.Visits = append(st.Visits, trace.Visit{Name: names[id]})
				st.At = append(st.At, trace.Pos{Line: 1, Col: i + 1})
			}
			first := -1
			for k := range max(len(ids), len(refIDs)) {
				if k >= len(ids) || k >= len(refIDs) || names[ids[k]] != names[refIDs[k]] {
					first = k
					break
				}
			}
			dep := trace.CompareStudent(ref, st, names)
			switch {
			case first < 0 && dep != nil:
				t.Fatalf("seed %d (%s), student %d: departure %+v, but the names agree", seed, tr, w, dep)
			case first < 0:
				continue
			case dep == nil:
				t.Fatalf("seed %d (%s), student %d: no departure, but the names differ at %d", seed, tr, w, first)
			case dep.Index != first:
				t.Fatalf("seed %d (%s), student %d: departure at %d, want %d", seed, tr, w, dep.Index, first)
			}
			if first >= len(ids) || shared[names[ids[first]]] > 1 {
				continue
			}
			x := ids[first]
			wantWhy, wantStep := "", ""
		find:
			for _, e := range ref {
				for _, p := range e.Pruned {
					if p == x || strings.HasPrefix(x, p+".") {
						wantWhy, wantStep = "student.cut", strconv.Itoa(e.Step)
						break find
					}
				}
			}
			if wantWhy == "" {
				for i, id := range refIDs {
					if id == x {
						wantWhy = "student.visits-later"
						if i < first {
							wantWhy = "student.visited-before"
						}
						break
					}
				}
			}
			if wantWhy == "" {
				t.Fatalf("seed %d (%s), student %d: the reference neither visits nor skips %s", seed, tr, w, x)
			}
			if dep.WhySay.ID != wantWhy || wantStep != "" && dep.WhySay.Args["Step"] != wantStep {
				t.Fatalf("seed %d (%s), student %d visiting %s (%q) at %d: why %q %v, want %s at step %s",
					seed, tr, w, x, names[x], first, dep.WhySay.ID, dep.WhySay.Args, wantWhy, wantStep)
			}
			if wantWhy == "student.cut" {
				cuts++
			}
		}
	}
	if cuts == 0 {
		t.Error("no student departed where the reference cuts")
	}
}
