package search

import (
	"fmt"
	"math"

	"github.com/abtrace/abtrace/trace"
)

// ParanoidGame is the paranoid reduction of an n-player game (Sturtevant
// and Korf, "On pruning techniques for multi-player games", AAAI 2000):
// player Player assumes that all the others have allied against it. Its
// nodes become MAX, every other player's MIN, and a terminal state is
// worth Player's component of its value vector. The result is a
// two-player zero-sum game that minimax and alpha-beta search as it is.
//
// Chance nodes stay chance nodes (which alpha-beta refuses). A MAX or MIN
// node of the game, if it has any, counts as player 1 or 2. Make one with
// Reduce.
type ParanoidGame[S any, G Game[S]] struct {
	Game   G
	Player int // 1-based
	vg     VectorGame[S]
	lab    Labeler[S]
	prob   Prober[S]
	bad    *paranoidError
}

type paranoidError struct{ n int }

var (
	_ Game[int]       = ParanoidGame[int, Game[int]]{}
	_ Labeler[int]    = ParanoidGame[int, Game[int]]{}
	_ Prober[int]     = ParanoidGame[int, Game[int]]{}
	_ Evaluation[int] = paranoidEval[int]{}
)

// Reduce returns the paranoid reduction of g for the player opt.Player
// (player 1 when 0), and opt with its evaluation reduced the same way (the
// player's component of a VectorEvaluation). g must implement VectorGame.
func Reduce[S any, G Game[S]](g G, opt Options[S]) (ParanoidGame[S, G], Options[S], error) {
	k := opt.Player
	if k == 0 {
		k = 1
	}
	if k < 1 || k > trace.MaxPlayers {
		return ParanoidGame[S, G]{}, opt, fmt.Errorf("search: paranoid player %d is not between 1 and %d", k, trace.MaxPlayers)
	}
	vg, ok := any(g).(VectorGame[S])
	if !ok {
		return ParanoidGame[S, G]{}, opt, fmt.Errorf("search: the paranoid reduction needs a game that values every player (a search.VectorGame); %T gives one value", g)
	}
	pg := ParanoidGame[S, G]{Game: g, Player: k, vg: vg, bad: &paranoidError{}}
	pg.lab, _ = any(g).(Labeler[S])
	pg.prob, _ = any(g).(Prober[S])
	if opt.Eval != nil {
		ve, ok := opt.Eval.(VectorEvaluation[S])
		if !ok {
			return pg, opt, fmt.Errorf("search: the paranoid reduction needs an evaluation that values every player (a search.VectorEvaluation); %T gives one value", opt.Eval)
		}
		opt.Eval = paranoidEval[S]{ve: ve, k: k}
	}
	return pg, opt, nil
}

// Paranoid searches the paranoid reduction of g for opt.Player (player 1
// when 0) with AlphaBeta: the value is the most that player can be sure of
// when everybody else plays against it, and the trace is alpha-beta's on
// the reduced tree (MAX where the player moves, MIN elsewhere). Compare it
// with MaxN on the same tree.
func Paranoid[S any, G Game[S]](g G, root S, opt Options[S], rec trace.Recorder) (trace.Result, error) {
	if err := opt.Validate(AlgoParanoid); err != nil {
		return trace.Result{}, err
	}
	pg, ropt, err := Reduce(g, opt)
	if err != nil {
		return trace.Result{}, err
	}
	if rec != nil {
		// A subtree with a leaf that has no value for the player makes the
		// search fail at its end: it must never be skipped by a later run
		// (which would then not meet that leaf), so no subtree finished
		// after such a leaf is offered as a summary.
		inner := rec
		rec = func(e *trace.Event) bool {
			if e.Type == trace.Exit && e.Subtree != nil && pg.bad.n > 0 {
				e.Subtree = nil
			}
			return inner(e)
		}
	}
	r, err := AlphaBeta(pg, root, ropt, rec)
	if err == nil {
		err = pg.Err()
	}
	return r, err
}

// Err reports a leaf met so far whose vector has no component for the
// player.
func (p ParanoidGame[S, G]) Err() error {
	if p.bad != nil && p.bad.n > 0 {
		return fmt.Errorf("search: paranoid plays for player %d, but a leaf has only %d values", p.Player, p.bad.n)
	}
	return nil
}

// ToMove is MAX where the player moves, MIN where another player does.
func (p ParanoidGame[S, G]) ToMove(s S) trace.Kind {
	k := p.Game.ToMove(s)
	i := k.PlayerIndex()
	switch {
	case k == trace.Max:
		i = 1
	case k == trace.Min:
		i = 2
	case i == 0:
		return k
	}
	if i == p.Player {
		return trace.Max
	}
	return trace.Min
}

func (p ParanoidGame[S, G]) Moves(s S, buf []Move) []Move { return p.Game.Moves(s, buf) }
func (p ParanoidGame[S, G]) Result(s S, m Move) S         { return p.Game.Result(s, m) }
func (p ParanoidGame[S, G]) Terminal(s S) bool            { return p.Game.Terminal(s) }

// Utility is the player's component of the value vector (NaN, and an
// error from Err, when the vector is too short).
func (p ParanoidGame[S, G]) Utility(s S) float64 {
	v := p.vg.UtilityVec(s)
	if p.Player > len(v) {
		if p.bad != nil && p.bad.n == 0 {
			p.bad.n = len(v)
		}
		return math.NaN()
	}
	return v[p.Player-1]
}

// UtilityVec passes the vector through, so the reduction can be undone.
func (p ParanoidGame[S, G]) UtilityVec(s S) []float64 { return p.vg.UtilityVec(s) }

// Label passes the game's labels through.
func (p ParanoidGame[S, G]) Label(s S) string {
	if p.lab == nil {
		return ""
	}
	return p.lab.Label(s)
}

// Probabilities passes the game's probabilities through.
func (p ParanoidGame[S, G]) Probabilities(s S, buf []float64) []float64 {
	if p.prob == nil {
		return buf
	}
	return p.prob.Probabilities(s, buf)
}

// paranoidEval is player k's component of a vector evaluation.
type paranoidEval[S any] struct {
	ve VectorEvaluation[S]
	k  int
}

func (e paranoidEval[S]) Evaluate(s S) float64 {
	v := e.ve.EvaluateVec(s)
	if e.k > len(v) {
		return math.NaN()
	}
	return v[e.k-1]
}
