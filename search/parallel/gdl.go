package parallel

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/fuzzy"
	"github.com/abtrace/abtrace/search/gdl"
	"github.com/abtrace/abtrace/search/gdleval"
)

// GDLGame is Config.Game for a game written in GDL (Config.GDL).
const GDLGame = "gdl"

// gdlWorkers builds the workers of c for the game written in GDL of
// c.GDL: two roles taking turns whose goals sum to a constant, its
// position the path of move numbers from the initial state (the viewer's
// node names, "4.0"), its evaluations those built from its rules
// (gdleval: mobility, inverse-mobility, novelty, goal-fuzzy,
// kuhlmann:FEATURE:max, …, each searched on the first role's goal scale,
// where a value at R⁺ with the first role to move proves a win) and goals
// (the goals that hold, which proves nothing: a goal may hold before the
// game ends).
func (c Config) gdlWorkers() (gdl.State, []Worker[gdl.State], error) {
	var st gdl.State
	g, err := gdl.CompileCached(c.GDL)
	if err == nil {
		err = g.CheckTurns()
	}
	if err == nil && !g.ZeroSum() {
		err = fmt.Errorf("the game is not for two roles whose goals sum to a constant")
	}
	if err != nil {
		return st, nil, &Error{Field: "gdl", Err: err}
	}
	an, err := gdleval.Analyze(g)
	if err != nil {
		return st, nil, &Error{Field: "gdl", Err: err}
	}
	if st, err = gdlPosition(g, c.Position); err != nil {
		return st, nil, &Error{Field: "position", Got: c.Position, Err: err}
	}
	name := func(m search.Move) string { return g.Name(st, m) }
	var ws []Worker[gdl.State]
	for _, e := range c.Evals {
		if e == "goals" {
			ev := gdl.GoalEvaluation{G: g}
			ws = append(ws, &Deepening[gdl.State, *gdl.Game]{Eval: ev, EvalName: ev.Name(), Game: g,
				MaxDepth: c.MaxDepth, Nodes: c.Nodes, MoveName: name})
			continue
		}
		ev, err := an.Evaluation(e, fuzzy.Default)
		if err != nil {
			return st, nil, &Error{Field: "evals", Got: e, Known: an.Names(), Err: err}
		}
		ws = append(ws, &Deepening[gdl.State, gdleval.GoalScale]{Eval: ev, EvalName: ev.Name(), Game: gdleval.GoalScale{Game: g},
			Win: an.Goals.Hi, Loss: an.Goals.Lo, MaxDepth: c.MaxDepth, Nodes: c.Nodes, MoveName: name})
	}
	return st, ws, nil
}

// gdlPosition is the state of g a path of move numbers leads to from the
// initial state ("" is the initial state; "4.0" its fifth move's first).
func gdlPosition(g *gdl.Game, path string) (gdl.State, error) {
	s := g.Init()
	if path == "" {
		return s, nil
	}
	for part := range strings.SplitSeq(path, ".") {
		i, err := strconv.Atoi(part)
		moves := g.Moves(s, nil)
		if err != nil || i < 0 || i >= len(moves) || g.Terminal(s) {
			return s, fmt.Errorf("%q is not a position of the game: give move numbers from the initial state, dot-separated (4.0), as the viewer names nodes", path)
		}
		s = g.Result(s, moves[i])
	}
	return s, nil
}
