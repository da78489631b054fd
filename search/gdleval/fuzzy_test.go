package gdleval

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/feature"
	"github.com/abtrace/abtrace/search/fuzzy"
	"github.com/abtrace/abtrace/search/gdl"
	"github.com/abtrace/abtrace/search/tictactoe"
)

func analyzed(t *testing.T, name string) *Analysis {
	t.Helper()
	src, ok := gdl.GameText(name)
	if !ok {
		t.Fatalf("no game %s", name)
	}
	g, err := gdl.CompileCached(src)
	if err != nil {
		t.Fatal(err)
	}
	a, err := Analyze(g)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// ticTacToeState reads a GDL tic-tac-toe state into the Go game's: the
// fact (cell m n c) is the cell of row m and column n.
func ticTacToeState(t *testing.T, g *gdl.Game, s gdl.State) tictactoe.State {
	var out tictactoe.State
	for _, f := range g.FactTerms(s) {
		if f.Name != "cell" {
			continue
		}
		m, _ := strconv.Atoi(f.Args[0].Name)
		n, _ := strconv.Atoi(f.Args[1].Name)
		bit := uint16(1) << (3*(m-1) + n - 1)
		switch f.Args[2].Name {
		case "x":
			out.X |= bit
		case "o":
			out.O |= bit
		}
	}
	return out
}

// TestFuzzyTicTacToeIsTheHandWrittenOne: the goal formulas expanded from
// the GDL tic-tac-toe's rules give, on every reachable position and with
// every t-norm, the degrees the hand-written formulas of package tictactoe
// give: (goal x 100) is "x has a line", (goal x 0) "o has a line".
func TestFuzzyTicTacToeIsTheHandWrittenOne(t *testing.T) {
	a := analyzed(t, "tictactoe")
	g := a.G
	seen := map[string]bool{}
	var states []gdl.State
	var walk func(s gdl.State)
	walk = func(s gdl.State) {
		k := g.Base(s)
		if seen[k] {
			return
		}
		seen[k] = true
		states = append(states, s)
		for _, m := range g.Moves(s, nil) {
			walk(g.Result(s, m))
		}
	}
	walk(g.Init())
	if len(states) != 5478 {
		t.Fatalf("%d reachable positions, want 5478", len(states))
	}
	params := []fuzzy.Params{fuzzy.Default, {Norm: fuzzy.Min, P: 0.8, T: 0.6, Q: 2}, {Norm: fuzzy.Product, P: 0.9, T: 0.6, Q: 2},
		{Norm: fuzzy.Lukasiewicz, P: 0.7, T: 0.6, Q: 2}, {Norm: fuzzy.Threshold, P: 0.9, T: 0.8, Q: 2}}
	if raceDetector {
		params = params[:1] // every position still, with the default t-norm
	}
	for _, p := range params {
		fz, err := a.Fuzzy(p)
		if err != nil {
			t.Fatal(err)
		}
		hand := tictactoe.Fuzzy{Params: p}
		bad := 0
		for _, s := range states {
			x, o := hand.Degrees(ticTacToeState(t, g, s))
			gx, _ := fz.Degree(s, 0, 100)
			go_, _ := fz.Degree(s, 0, 0)
			if gx != x || go_ != o {
				if bad++; bad < 4 {
					t.Errorf("%s at %s: GDL degrees %v, %v; hand-written %v, %v", p, g.Facts(s), gx, go_, x, o)
				}
			}
		}
	}
}

// TestFuzzyExpansion checks the formulas of a small game written for the
// purpose: a derived relation with a free variable, a negation, distinct
// and a static relation.
func TestFuzzyExpansion(t *testing.T) {
	const src = `
(role a) (role b)
(spot 1) (spot 2)
(init (free 1)) (init (free 2)) (init (turn a))
(<= (legal ?r (take ?s)) (true (turn ?r)) (true (free ?s)))
(<= (legal ?r noop) (role ?r) (not (true (turn ?r))))
(<= (next (owns ?r ?s)) (does ?r (take ?s)))
(<= (next (owns ?r ?s)) (true (owns ?r ?s)))
(<= (next (free ?s)) (true (free ?s)) (not (taken ?s)))
(<= (taken ?s) (does ?r (take ?s)))
(<= (next (turn b)) (true (turn a)))
(<= (next (turn a)) (true (turn b)))
(<= (both ?r) (true (owns ?r 1)) (true (owns ?r 2)))
(<= (some ?r) (role ?r) (true (owns ?r ?s)) (spot ?s))
(<= (goal ?r 100) (both ?r))
(<= (goal ?r 0) (role ?r) (not (both ?r)) (distinct ?r a))
(<= (goal a 0) (not (both a)))
(<= terminal (not (some a)) (not (some b)) (true (turn b)))
(<= terminal (not (true (free 1))) (not (true (free 2))))
`
	fz := fuzzyOf(t, src)
	g := fz.G
	got := map[string]string{}
	for _, gl := range fz.Goals {
		got[g.Roles()[gl.Role]+" "+strconv.Itoa(gl.Value)] = text(gl)
	}
	got["terminal"] = text(fz.Terminal)
	want := map[string]string{
		"a 100":    "(and (owns a 1) (owns a 2))",
		"a 0":      "(not (and (owns a 1) (owns a 2)))",
		"b 100":    "(and (owns b 1) (owns b 2))",
		"b 0":      "(not (and (owns b 1) (owns b 2)))",
		"terminal": "(or (and (turn b) (not (or (owns a 1) (owns a 2))) (not (or (owns b 1) (owns b 2)))) (and (not (free 1)) (not (free 2))))",
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s:\n got %s\nwant %s", k, got[k], w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("formulas %v", got)
	}
}

// fuzzyOf compiles a game written for a test and expands its goals.
func fuzzyOf(t *testing.T, src string) *Fuzzy {
	t.Helper()
	g, err := gdl.Compile(src)
	if err != nil {
		t.Fatal(err)
	}
	fz, err := NewFuzzy(g, GoalsOf(t, g))
	if err != nil {
		t.Fatal(err)
	}
	return fz
}

func text(g Goal) string {
	if g.Formula == nil {
		return strconv.FormatBool(g.Const)
	}
	return describe(g.Formula)
}

func GoalsOf(t *testing.T, g *gdl.Game) (gs feature.Goals) {
	lo, hi, err := GoalRange(g.Description(), g.Roles()[0])
	if err != nil {
		t.Fatal(err)
	}
	gs.Lo, gs.Hi = lo, hi
	return gs
}

// TestFuzzyBeatsNothingBroken: goal-fuzzy searches tic-tac-toe through
// GoalScale and finds the win a depth-2 search sees.
func TestFuzzyEvaluationSearches(t *testing.T) {
	a := analyzed(t, "tictactoe")
	e, err := a.Evaluation("goal-fuzzy", fuzzy.Default)
	if err != nil {
		t.Fatal(err)
	}
	g := GoalScale{a.G}
	s := g.Init()
	for _, mv := range []string{"(mark 1 1)", "(mark 2 1)", "(mark 1 2)", "(mark 2 2)"} {
		found := false
		for _, m := range g.Moves(s, nil) {
			if g.Name(s, m) == mv {
				s, found = g.Result(s, m), true
				break
			}
		}
		if !found {
			t.Fatalf("no move %s", mv)
		}
	}
	res, err := search.AlphaBeta[gdl.State](g, s, search.Options[gdl.State]{Depth: 2, Eval: e}, nil)
	if err != nil {
		t.Fatal(err)
	}
	i, _ := strconv.Atoi(res.Best)
	if name := g.Name(s, g.Moves(s, nil)[i]); name != "(mark 1 3)" || float64(res.Value) != 100 {
		t.Errorf("best %s value %v, want (mark 1 3) with 100", name, res.Value)
	}
	if f := e.Formula(s); !strings.HasPrefix(f, "V = goal-fuzzy(s) ") {
		t.Errorf("formula %s", f)
	}
}

// TestFuzzyCombination: Schiffel and Thielscher's h(gv, s) in states of
// random tic-tac-toe games: a goal that holds (as the rules say) is taken
// with ∨ terminal, one that does not with ∧ ¬terminal, and h_r is
// Σ gv·h(gv, s) / Σ gv by default.
func TestFuzzyCombination(t *testing.T) {
	a := analyzed(t, "tictactoe")
	fz, err := a.Fuzzy(fuzzy.Default)
	if err != nil {
		t.Fatal(err)
	}
	g := a.G
	rng := rand.New(rand.NewPCG(3, 4))
	terminalSeen := false
	for range 20 {
		s := g.Init()
		for {
			for r, role := range g.Roles() {
				cs, term := fz.Combinations(s, r)
				want := 0.0
				for _, c := range cs {
					if holds := g.Goals(s)[r] == c.Value; c.Holds != holds {
						t.Fatalf("%v: (goal %s %d) holds %v, the rules say %v", g.FactList(s), role, c.Value, c.Holds, holds)
					}
					h := fz.Params.And(c.Goal, 1-term)
					if c.Holds {
						h = fz.Params.Or(c.Goal, term)
					}
					if c.H != h {
						t.Fatalf("h(%s) = %v, want %v", c.Text(role), c.H, h)
					}
					want += float64(c.Value) * h / 150 // 0 + 50 + 100
				}
				if got := fz.Value(s, r); math.Abs(got-want) > 1e-12 {
					t.Fatalf("h_%s = %v, want %v", role, got, want)
				}
				// The product t-conorm's h is never above the sum's, and
				// equal to it where one term at most is above 0.
				sum, tc := Sum.Join(cs), TConorm.Join(cs)
				if tc > sum+1e-12 || (nonzero(cs) <= 1 && math.Abs(tc-sum) > 1e-12) {
					t.Fatalf("h_%s: t-conorm %v, sum %v (%d terms above 0)", role, tc, sum, nonzero(cs))
				}
			}
			if g.Terminal(s) {
				terminalSeen = true
				cs, _ := fz.Combinations(s, 0)
				for _, c := range cs {
					if c.Holds && !strings.HasSuffix(c.Text("x"), "∨ terminal") {
						t.Errorf("a goal that holds at the end: %s", c.Text("x"))
					}
				}
				break
			}
			moves := g.Moves(s, nil)
			s = g.Result(s, moves[rng.IntN(len(moves))])
		}
	}
	if !terminalSeen {
		t.Error("no terminal state")
	}
}

func nonzero(cs []Combination) int {
	n := 0
	for _, c := range cs {
		if c.Value > 0 && c.H > 0 {
			n++
		}
	}
	return n
}

// TestFuzzyJoinByHand: both ways of joining the goal values on a game
// written for the purpose, with the product t-norm and p = 0.75, so that
// every number can be worked out by hand. (goal a 100) is p, (goal a 50)
// is q, (goal a 0) is ¬p ∧ ¬q, and terminal is p.
func TestFuzzyJoinByHand(t *testing.T) {
	const src = `
(role a) (role b)
(init (turn a))
(<= (legal ?r (set p)) (true (turn ?r)))
(<= (legal ?r (set q)) (true (turn ?r)))
(<= (legal ?r noop) (role ?r) (not (true (turn ?r))))
(<= (next p) (does ?r (set p)))
(<= (next p) (true p))
(<= (next q) (does ?r (set q)))
(<= (next q) (true q))
(<= (next (turn b)) (true (turn a)))
(<= (next (turn a)) (true (turn b)))
(<= (goal a 100) (true p))
(<= (goal a 50) (true q))
(<= (goal a 0) (not (true p)) (not (true q)))
(<= (goal b 0) (true p))
(<= (goal b 50) (true q))
(<= (goal b 100) (not (true p)) (not (true q)))
(<= terminal (true p))
`
	fz := fuzzyOf(t, src)
	g := fz.G
	fz.Params = fuzzy.Params{Norm: fuzzy.Product, P: 0.75, T: 0.55, Q: 5}
	setQ := -1
	for _, m := range g.LegalMoves(g.Init(), 0) {
		if g.MoveText(0, m) == "(set q)" {
			setQ = m
		}
	}
	if setQ < 0 {
		t.Fatal("no move (set q)")
	}
	qState := g.Next(g.Init(), []int{setQ, g.LegalMoves(g.Init(), 1)[0]})
	for _, c := range []struct {
		name     string
		s        gdl.State
		sum, tco float64
	}{
		// Neither p nor q: terminal 0.25; h(100) = h(50) = 0.25 × 0.75
		// = 0.1875 (not holding: ∧ ¬terminal); h(0) = 0.5625 ∨ 0.25 =
		// 0.671875 (holding). Sum: (50 + 100) × 0.1875 / 150 = 0.1875.
		// T-conorm: terms 0.09375 and 0.1875 of 100, 1 − 0.90625 ×
		// 0.8125 = 0.263671875, × 100/150 = 0.17578125.
		{"initial", g.Init(), 0.1875, 0.17578125},
		// q: h(100) = 0.1875; h(50) = 0.75 ∨ 0.25 = 0.8125 (holding);
		// h(0) = 0.1875 × 0.75 = 0.140625. Sum: (50 × 0.8125 + 100 ×
		// 0.1875) / 150 = 59.375/150. T-conorm: terms 0.40625 and
		// 0.1875, 1 − 0.59375 × 0.8125 = 0.517578125, × 100/150.
		{"q", qState, 59.375 / 150, 0.517578125 * 100 / 150},
	} {
		for _, comb := range []Combine{Sum, TConorm} {
			fz.Combine = comb
			want := map[Combine]float64{Sum: c.sum, TConorm: c.tco}[comb]
			if got := fz.Value(c.s, 0); math.Abs(got-want) > 1e-12 {
				t.Errorf("%s, %s: h_a = %v, want %v", c.name, comb, got, want)
			}
		}
	}
}

// TestFuzzyCombineNames: goal-fuzzy:tconorm is offered beside goal-fuzzy,
// goal-fuzzy:sum is goal-fuzzy, and an unknown combination is a
// *CombineError that names the evaluation and the choices.
func TestFuzzyCombineNames(t *testing.T) {
	a := analyzed(t, "tictactoe")
	names := a.Names()
	i := slices.Index(names, "goal-fuzzy")
	if i < 0 || i+1 >= len(names) || names[i+1] != "goal-fuzzy:tconorm" {
		t.Fatalf("names %v: want goal-fuzzy:tconorm after goal-fuzzy", names)
	}
	g := a.G
	s := g.Result(g.Init(), g.Moves(g.Init(), nil)[4])
	s = g.Result(s, g.Moves(s, nil)[0])
	vals := map[string]float64{}
	for _, name := range []string{"goal-fuzzy", "goal-fuzzy:sum", "goal-fuzzy:tconorm"} {
		e, err := a.Evaluation(name, fuzzy.Default)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]Combine{"goal-fuzzy": Sum, "goal-fuzzy:sum": Sum, "goal-fuzzy:tconorm": TConorm}[name]
		if e.Combine() != want {
			t.Errorf("%s: combine %s, want %s", name, e.Combine(), want)
		}
		fz, err := e.Fuzzy()
		if err != nil || fz.Combine != want {
			t.Fatalf("%s: fuzzy %v, %v", name, fz, err)
		}
		vals[name] = e.Evaluate(s)
	}
	if vals["goal-fuzzy"] != vals["goal-fuzzy:sum"] || vals["goal-fuzzy"] == vals["goal-fuzzy:tconorm"] {
		t.Errorf("values %v: want sum = goal-fuzzy ≠ tconorm", vals)
	}
	_, err := a.Evaluation("goal-fuzzy:product", fuzzy.Default)
	var ce *CombineError
	if !errors.As(err, &ce) || ce.Got != "product" || !strings.Contains(err.Error(), "sum, tconorm") {
		t.Errorf("goal-fuzzy:product: %v", err)
	}
}
