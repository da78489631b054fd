package scenario

import (
	"errors"
	"math"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/trace"
)

// CurvePoint is what MCTS would answer after Iter iterations: the root
// move it would choose (most visited), named, and that move's estimate
// for MAX; Agrees says whether that move is one alpha-beta proves best.
type CurvePoint struct {
	Iter     int     `json:"iter"`
	Best     string  `json:"best"`
	Move     string  `json:"move"`
	Estimate float64 `json:"estimate"`
	Agrees   bool    `json:"agrees"`
}

// Curve compares MCTS with alpha-beta on one scenario: MCTS's choice and
// estimate as the iterations grow, against alpha-beta's exact value and
// the set of moves it proves best.
type Curve struct {
	Points []CurvePoint `json:"points"`
	Exact  float64      `json:"exact"`
	// ExactBest lists the ids of the root moves whose alpha-beta value
	// equals the root's.
	ExactBest []string `json:"exact_best"`
	// Low and High are the outcomes' range, the chart's vertical scale;
	// Iterations is MCTS's number of iterations, the last point's.
	Low, High  float64 `json:"-"`
	Iterations int     `json:"-"`
}

// MaxCurvePoints bounds the points of a curve.
const MaxCurvePoints = 64

// MCTSCurve runs alpha-beta for the exact answer and MCTS (the
// scenario's parameters) once, sampling it after about points iterations
// spaced evenly on a logarithmic scale, the last one included. The
// scenario's algorithm must be mcts.
func (p *Search) MCTSCurve(points int) (Curve, error) {
	if p.Algorithm != search.AlgoMCTS || p.progress == nil {
		return Curve{}, usageSay("scenario.err.curve-algo")
	}
	if points < 2 || points > MaxCurvePoints {
		return Curve{}, usageSay("scenario.err.curve-points", "Max", MaxCurvePoints, "Got", points)
	}
	exact, err := p.RunAlgorithm(search.AlgoAlphaBeta, nil)
	if err != nil {
		return Curve{}, err
	}
	c := Curve{Exact: float64(exact.Value), Low: -1, High: 1}
	if p.outcomes.Set() {
		c.Low, c.High = p.outcomes.L, p.outcomes.U
	}
	// The best moves: each root child whose exact value is the root's.
	_, err = p.RunAlgorithm(search.AlgoMinimax, func(e *trace.Event) bool {
		if e.Type == trace.Update && e.Node == "" && float64(e.ChildValue) == c.Exact {
			c.ExactBest = append(c.ExactBest, e.Child)
		}
		return true
	})
	if err != nil {
		return Curve{}, err
	}
	iters := orDefaultInt(p.Scenario.Iterations, search.DefaultIterations)
	at := samplePoints(iters, points)
	next := 0
	err = p.progress(func(pr search.Progress) {
		if next < len(at) && pr.Iter == at[next] {
			next++
			pt := CurvePoint{Iter: pr.Iter, Best: pr.Best, Move: p.MoveLabel(pr.Best), Estimate: pr.Value}
			for _, b := range c.ExactBest {
				pt.Agrees = pt.Agrees || b == pr.Best
			}
			c.Points = append(c.Points, pt)
		}
	})
	if err != nil {
		return Curve{}, err
	}
	if len(c.Points) == 0 {
		return Curve{}, errors.New("scenario: MCTS reported no iteration")
	}
	c.Iterations = iters
	return c, nil
}

// MoveLabel names a root child: as the game names the move, else by the
// node's label, else by its id.
func (p *Search) MoveLabel(id string) string {
	if name := p.MoveName(id); name != "" {
		return name
	}
	if sh, err := p.Describe(id); err == nil && sh.Label != "" {
		return sh.Label
	}
	return id
}

// samplePoints returns up to k distinct iteration counts from 1 to n,
// evenly spaced on a logarithmic scale, n included.
func samplePoints(n, k int) []int {
	var out []int
	for i := range k {
		x := int(math.Round(math.Pow(float64(n), float64(i)/float64(k-1))))
		x = max(1, min(n, x))
		if len(out) == 0 || x > out[len(out)-1] {
			out = append(out, x)
		}
	}
	return out
}
