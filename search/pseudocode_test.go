package search

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/trace"
)

// Every key an algorithm emits is on exactly one line of each listing of
// that algorithm, in both forms and every variant, and every event of real
// searches carries a key its listing holds.
func TestPseudocodeCoversEveryKey(t *testing.T) {
	for _, algo := range []Algorithm{AlgoMinimax, AlgoAlphaBeta} {
		for _, form := range []Form{FormTextbook, FormNegamax} {
			for _, v := range variants {
				for _, root := range []trace.Kind{trace.Max, trace.Min} {
					l := Pseudocode(algo, form, v.prune, v.fail, root)
					for _, k := range Keys(algo) {
						if n := linesWith(l, k); n != 1 {
							t.Errorf("%v %v %v: key %q is on %d lines; want 1", algo, form, v, k, n)
						}
					}
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(5, 5))
	for range 50 {
		root := randomTree(r, 3, 4, trace.Max, 0)
		for _, algo := range []Algorithm{AlgoMinimax, AlgoAlphaBeta} {
			l := Pseudocode(algo, FormNegamax, PruneGE, FailSoft, trace.Max)
			evs, _, err := Collect(algo, tgame{}, root, Options[*tnode]{Depth: 2, Eval: teval})
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range evs {
				if l.LineOf(e.Line) < 0 {
					t.Fatalf("%v event %v has line %q, not in the listing", algo, e, e.Line)
				}
			}
		}
	}
}

func TestPseudocodeFollowsVariant(t *testing.T) {
	cases := []struct {
		rule PruneRule
		fail FailMode
		form Form
		want []string
	}{
		{PruneGE, FailSoft, FormTextbook, []string{"if v ≥ β then return v", "if v ≤ α then return v", "MAX-VALUE(state, −∞, +∞, 0)"}},
		{PruneGT, FailSoft, FormTextbook, []string{"if v > β then return v", "if v < α then return v"}},
		{PruneGE, FailHard, FormTextbook, []string{"if v ≥ β then return β", "if v ≤ α then return α", "return α", "return β"}},
		{PruneGE, FailSoft, FormNegamax, []string{"−NEGAMAX(RESULT(state, a), −β, −α, −c, depth + 1)", "if v ≥ β then return v"}},
	}
	for _, c := range cases {
		text := Pseudocode(AlgoAlphaBeta, c.form, c.rule, c.fail, trace.Max).String()
		for _, w := range c.want {
			if !strings.Contains(text, w) {
				t.Errorf("%v/%v %v listing lacks %q:\n%s", c.rule, c.fail, c.form, w, text)
			}
		}
	}
	if s := Pseudocode(AlgoAlphaBeta, FormTextbook, PruneGE, FailSoft, trace.Min).String(); !strings.Contains(s, "MIN-VALUE(state, −∞, +∞, 0)") {
		t.Errorf("a MIN root starts with MIN-VALUE:\n%s", s)
	}
}

// TestSelectivePseudocode: with quiescence, the extension and forward
// pruning, every key the search emits is on exactly one line of the
// listing, in both forms and for the negamax family.
func TestSelectivePseudocode(t *testing.T) {
	for _, algo := range []Algorithm{AlgoAlphaBeta, AlgoNegamax, AlgoPVS, AlgoID} {
		for _, form := range Forms(algo) {
			for _, fwd := range []ForwardPruning{ForwardSymmetric, ForwardBeam} {
				l := WithSelective(Pseudocode(algo, form, PruneGE, FailSoft, trace.Max), true, ExtendSingular, fwd, PruneGE, FailSoft)
				for _, k := range append(Keys(algo), SelectiveKeys(true, ExtendSingular, fwd)...) {
					if n := linesWith(l, k); n != 1 {
						t.Errorf("%v %v: key %q is on %d lines; want 1", algo, form, k, n)
					}
				}
				if !strings.Contains(l.String(), "QUIESCE(state") {
					t.Errorf("%v %v: the depth limit does not call QUIESCE:\n%s", algo, form, l)
				}
			}
		}
	}
	plain := Pseudocode(AlgoAlphaBeta, FormTextbook, PruneGE, FailSoft, trace.Max)
	if got := WithSelective(plain, false, ExtendNone, ForwardNone, PruneGE, FailSoft); got.String() != plain.String() {
		t.Errorf("without options the listing changed:\n%s", got)
	}
}
