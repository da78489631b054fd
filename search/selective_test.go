package search_test

import (
	"strconv"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/minichess"
	"github.com/abtrace/abtrace/trace"
)

func TestHorizonSmoke(t *testing.T) {
	g := minichess.Game{}
	s, _ := minichess.Parse(minichess.Horizon)
	for _, q := range []bool{false, true} {
		for _, algo := range []search.Algorithm{search.AlgoAlphaBeta, search.AlgoNegamax, search.AlgoPVS} {
			opt := search.Options[minichess.State]{Depth: 1, Eval: minichess.Material{}, EvalName: "material", Quiescence: q}
			evs, r, err := search.Collect(algo, g, s, opt)
			if err != nil {
				t.Fatal(err)
			}
			f, err := trace.Replay(evs)
			if err != nil {
				t.Fatal(err)
			}
			i, _ := strconv.Atoi(r.Best)
			t.Logf("q=%v %v: value %v best %s stats %+v, frame %+v events %d", q, algo, r.Value, minichess.MoveString(s, g.Moves(s, nil)[i]), r.Stats, f.Stats, len(evs))
		}
	}
}
