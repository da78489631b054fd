package gdl

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// agreeStates is how many random states per shipped game the fast and the
// simple reasoner are compared on.
func agreeStates() int {
	if raceDetector || testing.Short() {
		return 200
	}
	return 2000
}

// TestReasonersAgree plays random games of every shipped game and checks,
// at every state met, that the fast reasoner (Game) and the simple one
// (Prover, plain and tabling) agree on each role's legal moves, terminal,
// the goals and the next state after a random joint move.
func TestReasonersAgree(t *testing.T) {
	for _, name := range Games() {
		t.Run(name, func(t *testing.T) { agree(t, name, NewProver(mustGame(t, name).Description()), agreeStates()) })
		t.Run(name+"/tabling", func(t *testing.T) {
			agree(t, name, NewTablingProver(mustGame(t, name).Description()), agreeStates()/8)
		})
	}
}

// agree compares the fast reasoner with p over states random states of
// game name (see TestReasonersAgree).
func agree(t *testing.T, name string, p *Prover, states int) {
	g := mustGame(t, name)
	rng := rand.New(rand.NewPCG(7, uint64(len(name))))
	init, err := p.Init()
	if err != nil {
		t.Fatal(err)
	}
	if got := g.FactList(g.Init()); !slices.Equal(got, init) {
		t.Fatalf("init: fast %v, simple %v", got, init)
	}
	s := g.Init()
	for n := 0; n < states; n++ {
		facts := g.FactTerms(s)
		term, err := p.Terminal(facts)
		if err != nil {
			t.Fatal(err)
		}
		if term != g.Terminal(s) {
			t.Fatalf("%s: terminal fast %v, simple %v", g.Facts(s), g.Terminal(s), term)
		}
		goals := g.Goals(s)
		for r, role := range g.Roles() {
			v, err := p.Goal(facts, role)
			if err != nil {
				t.Fatal(err)
			}
			if v != goals[r] {
				t.Fatalf("%s: goal of %s fast %d, simple %d", g.Facts(s), role, goals[r], v)
			}
		}
		if term {
			s = g.Init()
			continue
		}
		joint := make([]int, len(g.Roles()))
		var does []Term
		for r, role := range g.Roles() {
			want, err := p.Legal(facts, role)
			if err != nil {
				t.Fatal(err)
			}
			if got := g.Legal(s, r); !slices.Equal(got, want) {
				t.Fatalf("%s: legal for %s fast %v, simple %v", g.Facts(s), role, got, want)
			}
			legal := g.LegalMoves(s, r)
			joint[r] = legal[rng.IntN(len(legal))]
			does = append(does, Term{Name: "does", Args: []Term{{Name: role}, g.MoveTerm(r, joint[r])}})
		}
		want, err := p.Next(facts, does)
		if err != nil {
			t.Fatal(err)
		}
		s2 := g.Next(s, joint)
		if got := g.FactList(s2); !slices.Equal(got, want) {
			t.Fatalf("%s, moves %v:\nnext fast   %s\nnext simple %s", g.Facts(s), does, strings.Join(got, " "), strings.Join(want, " "))
		}
		s = s2
	}
}

func TestExplain(t *testing.T) {
	g := mustGame(t, "tictactoe")
	p := NewProver(g.Description())
	s := g.Init()
	d, ok, err := p.Explain(Term{Name: "legal", Args: []Term{{Name: "x"}, {Name: "mark", Args: []Term{{Name: "2"}, {Name: "2"}}}}}, g.FactTerms(s), nil)
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	want := "(legal x (mark 2 2))   [rule, lines 23–25]\n  (true (control x))   [state]\n  (true (cell 2 2 b))   [state]\n"
	if d.String() != want {
		t.Errorf("derivation:\n%s\nwant\n%s", d, want)
	}
	if len(d.Bindings) != 3 || d.Bindings[0] != (Binding{"?r", "x"}) {
		t.Errorf("bindings %v", d.Bindings)
	}
	if _, ok, _ := p.Explain(Term{Name: "legal", Args: []Term{{Name: "o"}, {Name: "mark", Args: []Term{{Name: "2"}, {Name: "2"}}}}}, g.FactTerms(s), nil); ok {
		t.Error("o may mark at the start?")
	}
}

// TestExplainTablingSame: the tabling prover, which "why?" asks, explains
// every legal move, every fact of the next state and every goal of random
// states of every shipped game with the same derivation as the plain
// prover (the same rules fired, the same bindings, the same facts used),
// and within the prover's limits (no error). A tabled call answers in the
// order in which the plain prover finds its answers, so the first
// derivation found is the same.
func TestExplainTablingSame(t *testing.T) {
	for _, name := range Games() {
		t.Run(name, func(t *testing.T) {
			g := mustGame(t, name)
			plain, tab := NewProver(g.Description()), NewTablingProver(g.Description())
			rng := rand.New(rand.NewPCG(11, uint64(len(name))))
			same := func(s State, fact Term, does []Term) {
				t.Helper()
				facts := g.FactTerms(s)
				want, wok, werr := plain.Explain(fact, facts, does)
				got, gok, gerr := tab.Explain(fact, facts, does)
				if werr != nil || gerr != nil || wok != gok {
					t.Fatalf("%s at %s: plain %v %v, tabling %v %v", fact, g.Facts(s), wok, werr, gok, gerr)
				}
				if wok && (got.String() != want.String() || !slices.Equal(got.Bindings, want.Bindings)) {
					t.Fatalf("%s at %s:\ntabling\n%s%v\nplain\n%s%v", fact, g.Facts(s), got, got.Bindings, want, want.Bindings)
				}
			}
			s := g.Init()
			for range agreeStates() / 50 {
				if g.Terminal(s) {
					for r, role := range g.Roles() {
						same(s, Term{Name: "goal", Args: []Term{{Name: role}, {Name: strconv.Itoa(g.Goals(s)[r])}}}, nil)
					}
					s = g.Init()
					continue
				}
				joint := make([]int, len(g.Roles()))
				var does []Term
				for r, role := range g.Roles() {
					for _, m := range g.LegalMoves(s, r) {
						same(s, Term{Name: "legal", Args: []Term{{Name: role}, g.MoveTerm(r, m)}}, nil)
					}
					legal := g.LegalMoves(s, r)
					joint[r] = legal[rng.IntN(len(legal))]
					does = append(does, Term{Name: "does", Args: []Term{{Name: role}, g.MoveTerm(r, joint[r])}})
				}
				s2 := g.Next(s, joint)
				for _, f := range g.FactTerms(s2) {
					same(s, Term{Name: "next", Args: []Term{f}}, does)
				}
				s = s2
			}
		})
	}
}
