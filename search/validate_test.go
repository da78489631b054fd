package search_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/tree"
)

// TestValidateOrRun: for every algorithm, options with and without an
// evaluation, with and without a depth limit and with each option that
// reads the evaluation, are either refused by Validate, with an error
// that names the option it lacks, or searched by Run to a result. No
// combination panics (search.Run(search.AlgoID, …, Options{}, nil) did,
// in the engine's leaf, for want of an evaluation).
func TestValidateOrRun(t *testing.T) {
	trees := map[search.Algorithm]string{
		search.AlgoExpectiminimax: "A[h=4](B[chance h=3](3 12 8) C[chance h=2](2 4 6) D[chance h=5](14 5 2))",
		search.AlgoStar1:          "A[h=4](B[chance h=3](3 12 8) C[chance h=2](2 4 6) D[chance h=5](14 5 2))",
		search.AlgoMaxN:           "A[h=<1,1,1>](B[h=<3,1,2>](<3,1,2> <1,5,2>) C[h=<2,2,9>](<6,1,2> <2,2,9>))",
		search.AlgoParanoid:       "A[h=<1,1,1>](B[h=<3,1,2>](<3,1,2> <1,5,2>) C[h=<2,2,9>](<6,1,2> <2,2,9>))",
	}
	const twoPlayers = "A[h=3](B[h=3](3 12 8) C[h=2](2 4 6) D[h=2](14 5 2))"
	type option struct {
		name string
		set  func(o *search.Options[*tree.Node])
	}
	options := []option{
		{"none", func(o *search.Options[*tree.Node]) {}},
		{"depth", func(o *search.Options[*tree.Node]) { o.Depth = 1 }},
		{"eval-order", func(o *search.Options[*tree.Node]) { o.Order = search.OrderEval }},
		{"best-order", func(o *search.Options[*tree.Node]) { o.Order = search.OrderBest }},
		{"depth-best-order", func(o *search.Options[*tree.Node]) { o.Depth, o.Order = 1, search.OrderBest }},
		{"singular", func(o *search.Options[*tree.Node]) { o.Depth, o.Extend = 1, search.ExtendSingular }},
		{"beam", func(o *search.Options[*tree.Node]) { o.Forward = search.ForwardBeam }},
		{"eval-playout", func(o *search.Options[*tree.Node]) { o.MCTS.Playout = search.PlayoutEval }},
		{"table", func(o *search.Options[*tree.Node]) { o.TT = 64 }},
		{"table-depth", func(o *search.Options[*tree.Node]) { o.TT, o.Depth = 64, 1 }},
		{"aspiration", func(o *search.Options[*tree.Node]) { o.TT, o.Aspiration = 64, 1 }},
	}
	for _, a := range search.Algorithms() {
		text, ok := trees[a]
		if !ok {
			text = twoPlayers
		}
		tr, err := tree.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range options {
			for _, withEval := range []bool{false, true} {
				opt := search.Options[*tree.Node]{Bounds: search.Bounds{L: -20, U: 20}, MCTS: search.MCTSParams{Iterations: 50}}
				if withEval {
					opt.Eval, opt.EvalName = tree.Game{}, "h"
				}
				o.set(&opt)
				name := fmt.Sprintf("%v/%s/eval=%v", a, o.name, withEval)
				verr := opt.Validate(a)
				_, rerr := runNoPanic(t, name, a, tr, opt)
				switch {
				case verr != nil && !withEval && !strings.Contains(verr.Error(), "evaluation") && !refusedForOther(verr):
					t.Errorf("%s: Validate refuses with %q, which does not name the evaluation", name, verr)
				case verr == nil && rerr != nil:
					t.Errorf("%s: Validate lets the options through but Run fails: %v", name, rerr)
				}
			}
		}
	}
}

// refusedForOther reports an error about an option other than the
// evaluation: these options are wrong with or without one.
func refusedForOther(err error) bool {
	for _, s := range []string{"transposition table", "belong to", "learns from", "max^n searches", "aspiration", "give it a size", "singular extension makes", "MTD(f) needs"} {
		if strings.Contains(err.Error(), s) {
			return true
		}
	}
	return false
}

// runNoPanic is search.Run, with a panic reported as a test failure.
func runNoPanic(t *testing.T, name string, a search.Algorithm, tr *tree.Tree, opt search.Options[*tree.Node]) (r any, err error) {
	t.Helper()
	defer func() {
		if p := recover(); p != nil {
			t.Errorf("%s: Run panics: %v", name, p)
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	return search.Run(a, tree.Game{}, tr.Root, opt, nil)
}
