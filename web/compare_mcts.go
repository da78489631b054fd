package web

import (
	"context"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/view"
)

// curvePoints is how many samples the chart of MCTS against alpha-beta
// takes, evenly spaced on a logarithmic scale of the iterations.
const curvePoints = 24

// mctsCurve is the chart of MCTS against alpha-beta for a comparison
// with an MCTS pane (the first), nil for one without.
func mctsCurve(ctx context.Context, preps []*scenario.Search) (*view.CurveChart, error) {
	for _, p := range preps {
		if p.Algorithm != search.AlgoMCTS {
			continue
		}
		c, err := p.MCTSCurve(curvePoints)
		if err != nil {
			return nil, err
		}
		return view.CurveChartOf(c, p.MoveLabel, i18n.FromContext(ctx).Phrase), nil
	}
	return nil, nil
}

// mctsParamsFor keeps the MCTS parameters (iterations, c, playout) of a
// comparison's scenario for its MCTS pane only: the other algorithms
// refuse them.
func mctsParamsFor(sc scenario.Scenario) scenario.Scenario {
	if a, err := search.ParseAlgorithm(sc.Algo); err != nil || a != search.AlgoMCTS {
		sc.Iterations, sc.C, sc.Playout = 0, 0, ""
	}
	return sc
}
