package scenario

import (
	"errors"
	"strconv"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/fuzzy"
	"github.com/abtrace/abtrace/search/gdl"
	"github.com/abtrace/abtrace/search/gdleval"
	"github.com/abtrace/abtrace/trace"
)

// prepareGDL makes the search of a game written in GDL (Scenario.GDL, the
// game's text) from its initial state. A game of two roles whose goals sum
// to a constant is searched as MAX (the first role) and MIN; max^n and
// paranoid see one player per role. Depth-limited searches estimate with
// the goals that hold (gdl.GoalEvaluation).
func (p *Search) prepareGDL() error {
	s := p.Scenario
	if s.Matches != 0 || s.Take != 0 {
		return usageSay("scenario.err.nim-only", "Game", "GDL")
	}
	if s.Position != "" {
		return usageSay("scenario.err.gdl-position")
	}
	g, err := gdl.CompileCached(s.GDL)
	if err != nil {
		return &UsageError{Err: err, Say: gdlErrorPhrase(err), Param: "gdl"}
	}
	if err := g.CheckTurns(); err != nil {
		// Roles that choose at once: decoupled UCT, the others refuse.
		return p.prepareDUCT(g, err)
	}
	vector := p.Algorithm == search.AlgoMaxN || p.Algorithm == search.AlgoParanoid
	if !vector && !g.ZeroSum() {
		return &UsageError{Err: errors.New("scenario: the GDL game is not for two players whose goals sum to a constant: search it with maxn or paranoid"),
			Say: trace.Phrase{ID: "scenario.err.gdl-players", Args: map[string]any{"Algo": p.Algorithm.String()}}}
	}
	if vector {
		g = g.Players()
	}
	root := g.Init()
	opt := search.Options[gdl.State]{Prune: p.PruneRule, Fail: p.FailMode, Order: p.Ordering, Seed: s.Seed, Depth: s.Depth, Bounds: p.Bounds}
	if s.Eval != "" && s.Eval != "goals" {
		// An evaluation built from the rules (package gdleval) estimates
		// the first role's goal: the game is searched on that scale.
		if vector {
			return evalError("GDL", s.Eval, []string{"goals"}, errors.New("scenario: max^n and paranoid search a GDL game with one evaluation: goals"))
		}
		ev, err := gdlEvaluation(g, s.Eval, s.Fuzzy)
		if err != nil {
			return err
		}
		opt.Eval, opt.EvalName = ev, ev.Name()
		p.RootKind = g.ToMove(root)
		p.outcomes = search.Bounds{L: ev.Goals().Lo, U: ev.Goals().Hi}
		gs := gdleval.GoalScale{Game: g}
		p.shaper = newGameShaper(search.Game[gdl.State](gs), root, s.Depth, true, gdlFacts(g))
		name := pathNames(search.Game[gdl.State](gs), root, g.Name)
		p.names = func() func(string) string { return name }
		p.moveName = name
		return setRun(p, gs, root, opt)
	}
	if s.Fuzzy != "" {
		return InParam("fuzzy", usageSay("scenario.err.fuzzy-eval"))
	}
	if s.Depth > 0 || p.Ordering == search.OrderEval || s.Eval != "" || p.Algorithm == search.AlgoID {
		ev := gdl.GoalEvaluation{G: g}
		opt.Eval, opt.EvalName = ev, ev.Name()
	}
	p.RootKind = g.ToMove(root)
	if !vector {
		p.outcomes = search.Bounds{L: -1, U: 1}
	}
	p.shaper = newGameShaper(search.Game[gdl.State](g), root, s.Depth, true, gdlFacts(g))
	name := pathNames(search.Game[gdl.State](g), root, g.Name)
	p.names = func() func(string) string { return name }
	p.moveName = name
	if err := setRun(p, g, root, opt); err != nil {
		return err
	}
	// A search that met a state the rules leave without a usable answer
	// (roles choosing at once, a role without a legal move or a goal)
	// fails with the reason instead of answering (gdl.Game.Err).
	run := p.run
	p.run = func(algo search.Algorithm, rec trace.Recorder) (trace.Result, error) {
		r, err := run(algo, rec)
		if err == nil {
			err = gdlRunError(g.Err())
		}
		return r, err
	}
	return nil
}

// gdlRunError is the error of a search that met a state the game's rules
// leave without a usable answer, with a phrase for a page to word in its
// language (nil for nil).
func gdlRunError(err error) error {
	var ill *gdl.IllFormedError
	switch {
	case errors.As(err, &ill):
		return &UsageError{Err: err, Say: trace.Phrase{ID: "scenario.err.gdl", Args: map[string]any{"Error": ill.Say}}}
	case errors.Is(err, gdl.ErrSimultaneous):
		return &UsageError{Err: err, Say: trace.Phrase{ID: "scenario.err.gdl-simultaneous"}}
	}
	return err
}

// gdlErrorPhrase words why a GDL game cannot be played: the first error of
// its text at its line and column, with the rule it breaks and the
// reader's or checker's account, each a message the page words in its
// language; any other error (a limit of the reasoner) as the engine says
// it.
func gdlErrorPhrase(err error) trace.Phrase {
	var list gdl.ErrorList
	var one *gdl.Error
	switch {
	case errors.As(err, &list) && len(list) > 0:
		one = list[0]
	case errors.As(err, &one):
	default:
		return trace.Phrase{ID: "scenario.err.gdl", Args: map[string]any{"Error": err.Error()}}
	}
	rule := one.Rule
	if rule == "" {
		rule = "syntax"
	}
	return trace.Phrase{ID: "scenario.err.gdl-at", Args: map[string]any{"Line": one.Pos.Line, "Col": one.Pos.Col,
		"Rule": trace.Phrase{ID: "gdl.rule." + rule}, "Msg": one.Say}}
}

// gdlEvaluation makes the evaluation named name from the game's rules
// (gdleval: mobility, inverse-mobility, goal-fuzzy, kuhlmann:F:max, …),
// the fuzzy goal evaluation with the parameters fz ("tnorm,p,t,q").
func gdlEvaluation(g *gdl.Game, name, fz string) (*gdleval.Eval, error) {
	a, err := gdleval.Analyze(g)
	if err != nil {
		return nil, evalError("GDL", name, []string{"goals"}, err)
	}
	params, err := fuzzy.ParseParams(fz)
	if err != nil {
		return nil, InParam("fuzzy", sayWith(err, "scenario.err.fuzzy", "Got", strconv.Quote(fz), "Default", fuzzy.Default.String()))
	}
	ev, err := a.Evaluation(name, params)
	if err != nil {
		return nil, evalError("GDL", name, a.Names(), err)
	}
	return ev, nil
}
