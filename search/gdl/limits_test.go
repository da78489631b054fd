package gdl

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// numbers is n facts (n 0) … (n k-1).
func numbers(k int) string {
	var b strings.Builder
	for i := range k {
		fmt.Fprintf(&b, "(n %d)\n", i)
	}
	return b.String()
}

// limitGame is a game of one role around extra rules: it is legal,
// terminal after one step, with a goal.
func limitGame(extra string) string {
	return "(role r)\n(init s)\n(<= (legal r go) (true s))\n(<= (next t) (does r go))\n(<= terminal (true t))\n(<= (goal r 100) (true t))\n" + extra
}

// wantLimit checks that err is the limit named, worded with its name.
func wantLimit(t *testing.T, err error, name string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want %s", name)
	}
	var le *LimitError
	var list ErrorList
	var one *Error
	switch {
	case errors.As(err, &le):
		if le.Limit != name {
			t.Fatalf("limit %s (%v), want %s", le.Limit, err, name)
		}
	case errors.As(err, &list) && len(list) > 0:
		if list[0].Rule != "limit" {
			t.Fatalf("rule %s (%v), want limit", list[0].Rule, err)
		}
	case errors.As(err, &one):
		if one.Rule != "limit" {
			t.Fatalf("rule %s (%v), want limit", one.Rule, err)
		}
	default:
		t.Fatalf("%v (%T), want %s", err, err, name)
	}
	if !strings.Contains(err.Error(), name) {
		t.Errorf("%q does not name %s", err.Error(), name)
	}
}

// TestLimits hits every limit of the reader and the reasoner with a text
// made to pass it, and checks the error names it.
func TestLimits(t *testing.T) {
	t.Run("MaxSourceBytes", func(t *testing.T) {
		_, err := Parse(limitGame(strings.Repeat(" ", MaxSourceBytes)))
		wantLimit(t, err, "MaxSourceBytes")
	})
	t.Run("MaxRules", func(t *testing.T) {
		_, err := Parse(limitGame(numbers(MaxRules + 1)))
		wantLimit(t, err, "MaxRules")
	})
	t.Run("MaxRules/or", func(t *testing.T) {
		// Each or of two doubles the rule: 15 of them make 32,768 rules.
		_, err := Parse(limitGame("(<= p" + strings.Repeat(" (or (n 1) (n 2))", 15) + ")"))
		wantLimit(t, err, "MaxRules")
	})
	t.Run("MaxDepth", func(t *testing.T) {
		_, err := Parse(limitGame("(p " + strings.Repeat("(f ", MaxDepth) + "a" + strings.Repeat(")", MaxDepth+1)))
		wantLimit(t, err, "MaxDepth")
	})
	t.Run("MaxStateProps", func(t *testing.T) {
		heavy(t)
		// 260 × 260 = 67,600 cells in the initial state.
		_, err := Compile(limitGame(numbers(260) + "(<= (init (c ?a ?b)) (n ?a) (n ?b))\n"))
		wantLimit(t, err, "MaxStateProps")
	})
	t.Run("MaxGroundAtoms", func(t *testing.T) {
		heavy(t)
		// 11⁶ = 1,771,561 atoms (w a b c d e f).
		_, err := Compile(limitGame(numbers(11) + "(<= (w ?a ?b ?c ?d ?e ?f) (n ?a) (n ?b) (n ?c) (n ?d) (n ?e) (n ?f))\n(<= terminal (w 1 1 1 1 1 1) (true t))\n"))
		wantLimit(t, err, "MaxGroundAtoms")
	})
	t.Run("MaxGroundRules", func(t *testing.T) {
		heavy(t)
		// One atom, 40⁴ = 2,560,000 ground rules.
		_, err := Compile(limitGame(numbers(40) + "(<= z (n ?a) (n ?b) (n ?c) (n ?d))\n(<= terminal z (true t))\n"))
		wantLimit(t, err, "MaxGroundRules")
	})
	t.Run("MaxGroundWork", func(t *testing.T) {
		heavy(t)
		// 20 atoms (p a), each by 20⁵ ways: 64,000,000 joins.
		_, err := Compile(limitGame(numbers(20) + "(<= (p ?a) (n ?a) (n ?b) (n ?c) (n ?d) (n ?e) (n ?f))\n(<= terminal (p 1) (true t))\n"))
		wantLimit(t, err, "MaxGroundWork")
	})
	t.Run("MaxProofFrames", func(t *testing.T) {
		// w(k) asks w(k−1) twice, proved one after the other: the chain
		// of proofs waiting for the rest nests deeper and deeper.
		var b strings.Builder
		for i := range 30 {
			fmt.Fprintf(&b, "(s %d %d)\n", i, i+1)
		}
		p := NewProver(mustParse(t, limitGame(b.String()+"(w 0)\n(<= (w ?n) (s ?m ?n) (w ?m) (w ?m))\n")))
		_, err := p.Ask(Term{Name: "w", Args: []Term{{Name: "30"}}}, nil, nil)
		wantLimit(t, err, "MaxProofFrames")
	})
	t.Run("MaxProofSteps", func(t *testing.T) {
		heavy(t)
		// Every one of 26⁵ = 11,881,376 combinations is tried and fails at
		// its last condition, without nesting.
		p := NewProver(mustParse(t, limitGame(numbers(26)+"(<= (v ?a ?b ?c ?d ?e) (n ?a) (n ?b) (n ?c) (n ?d) (n ?e) (n x))\n")))
		_, err := p.Ask(Term{Name: "v", Args: []Term{{Name: "?a"}, {Name: "?b"}, {Name: "?c"}, {Name: "?d"}, {Name: "?e"}}}, nil, nil)
		wantLimit(t, err, "MaxProofSteps")
	})
	t.Run("MaxCountStates", func(t *testing.T) {
		g := mustGame(t, "tictactoe")
		_, err := g.count(100)
		wantLimit(t, err, "MaxCountStates")
	})
	t.Run("MaxBenchPlayouts", func(t *testing.T) {
		_, err := mustGame(t, "tictactoe").Bench(MaxBenchPlayouts+1, 1)
		wantLimit(t, err, "MaxBenchPlayouts")
	})
	t.Run("MaxDUCTIterations", func(t *testing.T) {
		g := mustGame(t, "tictactoe")
		_, err := g.DUCT(g.Init(), DUCTOptions{Iterations: MaxDUCTIterations + 1})
		wantLimit(t, err, "MaxDUCTIterations")
	})
}

func mustParse(t *testing.T, src string) *Description {
	t.Helper()
	d, err := Load(src)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// heavy skips a limit's test under the race detector: it does millions of
// steps of grounding or proof to reach the limit (seconds without the
// detector, a minute with it).
func heavy(t *testing.T) {
	t.Helper()
	if raceDetector {
		t.Skip("millions of steps to reach the limit: run without -race")
	}
}

// TestPlayoutGroundsLarger checks that a command-line playout grounds a
// game past MaxGroundWork again within MaxPlayoutGroundWork: q tries 19⁶
// joins, each failing at its last condition (about 10⁸ steps of grounding,
// where the Prover, the last fallback, runs out of MaxProofSteps).
func TestPlayoutGroundsLarger(t *testing.T) {
	heavy(t)
	src := "(role r)\n(init s)\n(<= (legal r go) (true s))\n(<= (next t) (does r go))\n(<= terminal (true t) (not (q 1)))\n(<= (goal r 100) (true t))\n" +
		numbers(19) + "(<= (q ?a) (n ?a) (n ?b) (n ?c) (n ?d) (n ?e) (n ?f) (distinct ?f ?f))\n"
	_, err := Compile(src)
	wantLimit(t, err, "MaxGroundWork")
	rep, err := PlayoutText(src, PolicyFirst, 0, 0)
	if err != nil || rep.End != "terminal" || fmt.Sprint(rep.Goals) != "[100]" {
		t.Fatalf("playout: %+v (%v), want terminal with goals [100]", rep, err)
	}
}
