package gdl

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// structuresJSON compiles src and returns its structures as the command
// line prints them.
func structuresJSON(t *testing.T, src string, seed uint64) (string, StructureReport) {
	t.Helper()
	g, err := Compile(src)
	if err != nil {
		t.Fatal(err)
	}
	r, err := g.Structures(StructureStates, seed)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b), r
}

// TestStructuresShippedGames lists, for every game abtrace ships, the
// structures a person sees in its rules.
func TestStructuresShippedGames(t *testing.T) {
	want := map[string]struct {
		json    string
		reasons []string
	}{
		"tictactoe": {
			`{"successors":[],"boards":[{"relation":"cell","coordinates":[1,2],"content":3,"size":[3,3],"markers":["b","o","x"],"pieces":[]}],"counters":[],"quantities":[]}`,
			[]string{"`(cell ?m ?n ?c)` is a 3×3 board: ?m and ?n are numbers, ordered by no successor relation, each cell held one content in all 500 simulated states; contents b, o, x"},
		},
		"connect4": {
			`{"successors":[{"relation":"above","order":["1","2","3","4","5","6","7"]}],"boards":[{"relation":"cell","coordinates":[1,2],"content":3,"size":[7,6],"markers":["b","o","x"],"pieces":[]}],"counters":[],"quantities":[]}`,
			[]string{
				"`above` is a successor relation: its 6 facts order 1, 2, 3, 4, 5, 6, 7 in one chain",
				"`(cell ?c ?r ?d)` is a 7×6 board: ?c and ?r are ordered by `above`, each cell held one content in all 500 simulated states; contents b, o, x",
			},
		},
		"matchsticks": {
			`{"successors":[{"relation":"less","order":["0","1","2","3","4","5"]}],"boards":[],"counters":[],"quantities":[{"relation":"matches","argument":1}]}`,
			[]string{
				"`less` is a successor relation: its 5 facts order 0, 1, 2, 3, 4, 5 in one chain",
				"argument 1 of `matches` is a quantity: at most one `matches` fact in every state, and its values lie in the order of `less` (0, 1, 2, 3, 4, 5 seen)",
			},
		},
		"breakthrough-small": {
			`{"successors":[{"relation":"next1","order":["1","2","3","4","5","6"]}],"boards":[{"relation":"cell","coordinates":[1,2],"content":3,"size":[6,6],"markers":["black","white"],"pieces":["black","white"]}],"counters":[],"quantities":[]}`,
			[]string{
				"`next1` is a successor relation: its 5 facts order 1, 2, 3, 4, 5, 6 in one chain",
				"`(cell ?x ?y ?p)` is a 6×6 board: ?x and ?y are ordered by `next1`, each cell held one content in all 500 simulated states; contents black, white; pieces (they only move: one leaves a cell as one arrives in another, and their number never grows) black, white",
			},
		},
	}
	for _, name := range Games() {
		w, ok := want[name]
		if !ok {
			t.Errorf("%s: a shipped game without its structures listed here", name)
			continue
		}
		src, _ := GameText(name)
		got, r := structuresJSON(t, src, 1)
		if got != w.json {
			t.Errorf("%s:\n got %s\nwant %s", name, got, w.json)
		}
		if reasons := r.Reasons(); strings.Join(reasons, "\n") != strings.Join(w.reasons, "\n") {
			t.Errorf("%s reasons:\n got %q\nwant %q", name, reasons, w.reasons)
		}
	}
}

// A counter that steps along a successor relation written out of order, in
// constants that are not numbers, next to relations that are no chain (a
// cycle, a fork).
const structCounterGame = `
(role p)
(nxt c d) (nxt a b) (nxt b c)
(opp r s) (opp s r)
(fork a b) (fork a c)
(init (at a))
(legal p go)
(<= (next (at ?y)) (true (at ?x)) (nxt ?x ?y))
(<= terminal (true (at d)))
(goal p 100)
`

func TestStructuresCounterAndSuccessorOutOfOrder(t *testing.T) {
	got, r := structuresJSON(t, structCounterGame, 7)
	want := `{"successors":[{"relation":"nxt","order":["a","b","c","d"]}],"boards":[],"counters":[{"relation":"at","argument":1}],"quantities":[]}`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if r.Counters[0].Successor != "nxt" || !strings.Contains(r.Counters[0].Reason, "stepped to the next constant of `nxt`") {
		t.Errorf("counter %+v", r.Counters[0])
	}
}

// boardGame is a 2×2 board whose cell (1 1) holds x and, when two is true,
// o as well.
func boardGame(two bool) string {
	extra := ""
	if two {
		extra = "(init (cell 1 1 o))"
	}
	return `
(role p)
(succ 1 2)
(init (cell 1 1 x)) ` + extra + ` (init (cell 1 2 b)) (init (cell 2 1 b)) (init (cell 2 2 b))
(init (time 1))
(legal p wait)
(<= (next (cell ?x ?y ?c)) (true (cell ?x ?y ?c)))
(<= (next (time ?n)) (true (time ?m)) (succ ?m ?n))
(<= terminal (true (time 2)))
(goal p 100)
`
}

func TestStructuresTwoContentsInACellIsNoBoard(t *testing.T) {
	got, _ := structuresJSON(t, boardGame(true), 3)
	want := `{"successors":[{"relation":"succ","order":["1","2"]}],"boards":[],"counters":[{"relation":"time","argument":1}],"quantities":[]}`
	if got != want {
		t.Errorf("two contents in (1 1):\n got %s\nwant %s", got, want)
	}
	// The same game with one content per cell has its board.
	got, _ = structuresJSON(t, boardGame(false), 3)
	want = `{"successors":[{"relation":"succ","order":["1","2"]}],"boards":[{"relation":"cell","coordinates":[1,2],"content":3,"size":[2,2],"markers":["b","x"],"pieces":[]}],"counters":[{"relation":"time","argument":1}],"quantities":[]}`
	if got != want {
		t.Errorf("one content a cell:\n got %s\nwant %s", got, want)
	}
}

func TestStructuresSeededAndLimited(t *testing.T) {
	src, _ := GameText("breakthrough-small")
	a, _ := structuresJSON(t, src, 42)
	b, _ := structuresJSON(t, src, 42)
	if a != b {
		t.Errorf("same seed, different structures:\n%s\n%s", a, b)
	}
	g, err := Compile(src)
	if err != nil {
		t.Fatal(err)
	}
	_, err = g.Structures(MaxStructureStates+1, 1)
	var le *LimitError
	if !errors.As(err, &le) || le.Limit != "MaxStructureStates" {
		t.Errorf("Structures(MaxStructureStates+1): %v, want the limit MaxStructureStates", err)
	}
	if _, err := g.Structures(0, 1); err == nil || !strings.Contains(err.Error(), "want 1 to 65536") {
		t.Errorf("Structures(0): %v", err)
	}
	if _, err := g.Structures(1, 1); err != nil {
		t.Errorf("Structures(1): %v", err)
	}
}
