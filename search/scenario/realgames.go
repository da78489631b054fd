package scenario

import (
	"fmt"
	"math"
	"strconv"

	"github.com/abtrace/abtrace/search"
)

// prepareRealGames checks the options of the searches on real games.
func (p *Search) prepareRealGames() error {
	s := p.Scenario
	var err error
	if p.Replacement, err = search.ParseReplacement(orDefault(s.Replace, "depth")); err != nil {
		return InParam("replace", err)
	}
	if s.TT < 0 || s.TT > search.MaxTTSize {
		return InParam("tt", usageSay("scenario.err.tt", "Max", strconv.Itoa(search.MaxTTSize), "Got", strconv.Itoa(s.TT)))
	}
	if math.IsNaN(s.Aspiration) || math.IsInf(s.Aspiration, 0) || s.Aspiration < 0 {
		return InParam("aspiration", usageSay("scenario.err.aspiration", "Got", fmt.Sprint(s.Aspiration)))
	}
	if p.Extension, err = search.ParseExtension(orDefault(s.Extend, "none")); err != nil {
		return InParam("extend", err)
	}
	if p.Forward, err = search.ParseForwardPruning(orDefault(s.Forward, "none")); err != nil {
		return InParam("forward", err)
	}
	return nil
}

// realGameOptions sets the options of the searches on real games in opt:
// the table (mtdf gets one of search.DefaultTTSize when none is given),
// symmetries where the game has them, the aspiration window, and a null
// window one wide when every value is a whole number.
func realGameOptions[S any, G search.Game[S]](p *Search, g G, opt *search.Options[S]) error {
	s := p.Scenario
	opt.TT, opt.Replace, opt.Symmetry, opt.Aspiration = s.TT, p.Replacement, s.Symmetry, s.Aspiration
	opt.Quiescence, opt.Extend, opt.Margin, opt.Forward, opt.Beam = s.Quiescence, p.Extension, s.Margin, p.Forward, s.Beam
	if s.Quiescence {
		if _, ok := any(g).(search.Noisy[S]); !ok {
			return InParam("quiescence", usageSay("scenario.err.quiescence", "Game", p.Scenario.Source()))
		}
	}
	if p.Algorithm == search.AlgoMTDF && opt.TT == 0 {
		opt.TT = search.DefaultTTSize
	}
	if s.Symmetry {
		if _, ok := any(g).(search.Symmetric[S]); !ok {
			return InParam("symmetry", usageSay("scenario.err.symmetry", "Game", p.Scenario.Source()))
		}
		if opt.TT == 0 {
			opt.TT = search.DefaultTTSize
		}
	}
	if p.integral && p.Transform == nil {
		opt.Grain = 1
	}
	if err := opt.Validate(p.Algorithm); err != nil {
		return &UsageError{Err: err}
	}
	return nil
}
