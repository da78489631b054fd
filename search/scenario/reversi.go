package scenario

import (
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/feature"
	"github.com/abtrace/abtrace/search/reversi"
	"github.com/abtrace/abtrace/trace"
)

// MaxReversiDepth is the deepest depth limit a Reversi scenario takes:
// about ten moves at each of 8 levels is 10⁸ positions for minimax, the
// most a viewer or a command line should wait for.
const MaxReversiDepth = 8

// prepareReversi sets up Reversi or suicide Reversi from Position (default
// the opening), which needs a depth limit. Eval is a weighting of the
// features (reversi.ParseEvaluation; default reversi.DefaultEvaluation),
// and Kuhlmann turns it into Kuhlmann et al.'s evaluation. The game's
// utilities lie beyond every value of the evaluation (reversi.ForEvaluation).
func (p *Search) prepareReversi() error {
	s := p.Scenario
	if s.Matches != 0 || s.Take != 0 {
		return usageSay("scenario.err.nim-only", "Game", s.Game)
	}
	if s.Fuzzy != "" {
		return usageSay("scenario.err.fuzzy-game", "Game", s.Game)
	}
	st, err := reversi.Parse(s.Position)
	if err != nil {
		return positionError("reversi", s.Position, err)
	}
	if s.Depth == 0 {
		return usageSay("scenario.err.reversi-depth", "Game", s.Game)
	}
	if s.Depth > MaxReversiDepth {
		return usageSay("scenario.err.reversi-max", "Game", s.Game, "Max", MaxReversiDepth, "Got", s.Depth)
	}
	if err := p.twoPlayerGame(s.Game); err != nil {
		return err
	}
	ev, err := reversi.ParseEvaluation(s.Eval, s.Kuhlmann)
	if err != nil {
		if _, derr := feature.ParseDirection(s.Kuhlmann); s.Kuhlmann != "" && derr != nil {
			return InParam("kuhlmann", sayWith(err, "scenario.err.kuhlmann-dir", "Got", strconv.Quote(s.Kuhlmann)))
		}
		return InParam("eval", sayWith(err, "scenario.err.reversi-eval", "Got", strconv.Quote(s.Eval), "Want", strings.Join(reversi.FeatureNames(), ", ")))
	}
	g := reversi.ForEvaluation(s.Game == "suicide-reversi", ev)
	p.outcomes = search.Bounds{L: g.Loss, U: g.Win}
	opt := search.Options[reversi.State]{Prune: p.PruneRule, Fail: p.FailMode, Order: p.Ordering, Seed: s.Seed,
		Depth: s.Depth, Eval: ev, EvalName: ev.Name(), Bounds: p.Bounds}
	p.RootKind = g.ToMove(st)
	p.shaper = newGameShaper(search.Game[reversi.State](g), st, s.Depth, false, func(x reversi.State, sh *trace.Shape) {
		sh.Board = x.Board()
	})
	p.keyLabel = reversiTerm
	nameMoves(p, search.Game[reversi.State](g), st, reversiMoveName)
	return setRun(p, g, st, opt)
}
