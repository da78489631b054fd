package scenario

import (
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/minichess"
	"github.com/abtrace/abtrace/trace"
)

// MaxMinichessDepth is the deepest depth limit a minichess scenario takes:
// depth 4 from Gardner's opening is some hundred thousand nodes without
// pruning, and more than a lecture steps through.
const MaxMinichessDepth = 4

// prepareMinichess sets up 5×5 minichess (package minichess) with the
// material evaluation. It needs a depth limit; the default position is
// the lecture's horizon position.
func (p *Search) prepareMinichess() error {
	s := p.Scenario
	if s.Matches != 0 || s.Take != 0 {
		return usageSay("scenario.err.nim-only", "Game", "minichess")
	}
	pos := s.Position
	if strings.TrimSpace(pos) == "" {
		pos = minichess.Horizon
	}
	st, err := minichess.Parse(pos)
	if err != nil {
		return InParam("position", err)
	}
	if s.Depth == 0 {
		return usageSay("scenario.err.minichess-depth", "Max", strconv.Itoa(MaxMinichessDepth))
	}
	if s.Depth > MaxMinichessDepth {
		return usageSay("scenario.err.minichess-max", "Max", strconv.Itoa(MaxMinichessDepth), "Got", strconv.Itoa(s.Depth))
	}
	if err := p.twoPlayerGame("minichess"); err != nil {
		return err
	}
	ev, err := minichess.Evaluation(s.Eval)
	if err != nil {
		return InParam("eval", err)
	}
	g := minichess.Game{}
	p.outcomes = search.Bounds{L: -minichess.WinScore, U: minichess.WinScore}
	p.integral = true
	opt := search.Options[minichess.State]{Prune: p.PruneRule, Fail: p.FailMode, Order: p.Ordering, Seed: s.Seed, Depth: s.Depth,
		Eval: ev, EvalName: ev.Name(), Bounds: p.Bounds}
	p.RootKind = g.ToMove(st)
	p.names = func() func(string) string { return minichessNames(g, st) }
	p.moveName = minichessNames(g, st)
	p.keyLabel = minichessTerm
	// Each position is drawn as a small board, and named by the move
	// into it ("Qd1xd3"), as the narration names it.
	label := minichessNames(g, st)
	sh := newGameShaper(search.Game[minichess.State](g), st, s.Depth, true, func(x minichess.State, sh *trace.Shape) {
		sh.Board, sh.Label = x.BoardText(), label(sh.ID)
	})
	if s.Quiescence {
		sh.noisy = func(x minichess.State, m search.Move) bool { return g.Noisy(x, m) }
	}
	p.shaper = sh
	return setRun(p, g, st, opt)
}

// minichessNames names a minichess node by the move into it ("Qd1xd3"),
// following the node's id from the root position; "" for an id that is
// not a path of moves.
func minichessNames(g minichess.Game, root minichess.State) func(id string) string {
	return pathNames(search.Game[minichess.State](g), root, minichess.MoveString)
}

// minichessTerm gives the phrase of a term of the material evaluation
// ("pawns", …): words, not names, which the narration's explanation of an
// evaluation words through the viewer's labels (trace.Frame.Labels). The
// moves that name the nodes ("Qd1xd3") are no key.
func minichessTerm(label string) (trace.Phrase, bool) {
	switch label {
	case "pawns", "knights", "bishops", "rooks", "queens":
		return trace.Phrase{ID: "scenario.minichess." + label}, true
	}
	return trace.Phrase{}, false
}
