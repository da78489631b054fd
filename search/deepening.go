package search

import (
	"math"

	"github.com/abtrace/abtrace/trace"
)

// IterativeDeepening searches root in passes to depth 1, 2, … with the
// negamax alpha-beta of Negamax, each pass trying the previous pass's
// principal variation first (and, with Options.TT, every best move the
// table remembers). With a depth limit the last pass searches to it;
// without one, passes go on until one evaluates no position at its limit,
// that is, until a pass has searched the whole tree. Shallow passes value
// the positions at their limit with Options.Eval (on explicit trees the
// static estimates [h=…] written on inner nodes).
//
// With Options.Aspiration = W, every pass after the first searches with the
// window (v − W, v + W) around the previous pass's value v; when the value
// falls outside (fail-low or fail-high) the pass is searched again with
// the full window, reported as a research event at the root.
func IterativeDeepening[S any, G Game[S]](g G, root S, opt Options[S], rec trace.Recorder) (trace.Result, error) {
	if err := opt.Validate(AlgoID); err != nil {
		return trace.Result{}, err
	}
	e := newEngine[S, G](g, AlgoID, opt, rec)
	e.initRealGames()
	defer e.giveBack()
	if err := e.checkSelective(); err != nil {
		return trace.Result{}, err
	}
	rk := g.ToMove(root)
	c := color(rk)
	inf := math.Inf(1)
	v := 0.0
	for d := 1; d <= MaxSearchDepth && (opt.Depth == 0 || d <= opt.Depth); d++ {
		e.limit, e.opt.Depth = d, d
		e.rg.iterations++
		alpha, beta := -inf, inf
		if opt.Aspiration > 0 && d > 1 {
			alpha, beta = v-opt.Aspiration, v+opt.Aspiration
		}
		if e.rec != nil {
			ma, mb := forMax(c, alpha, beta)
			ev := &e.ev
			ev.Reset(trace.Pass, "pass", "", rk, 0)
			ev.Pass, ev.Draft, ev.Alpha, ev.Beta = e.rg.iterations, d, trace.Num(ma), trace.Num(mb)
			e.emit()
		}
		e.startPass()
		cuts := e.rg.limitCuts
		v, _ = e.negamax(root, 0, alpha, beta)
		if !e.stopped && (v <= alpha || v >= beta) {
			e.rg.researches++
			if e.rec != nil {
				ma, mb := forMax(c, alpha, beta)
				ev := &e.ev
				ev.Reset(trace.Research, "aspiration-research", "", rk, 0)
				ev.Alpha, ev.Beta, ev.Value = trace.Num(math.Inf(-1)), trace.Num(inf), trace.Num(c*v)
				if c*v <= ma {
					ev.Test = "fail-low: " + trace.Num(c*v).String() + " ≤ α = " + trace.Num(ma).String()
				} else {
					ev.Test = "fail-high: " + trace.Num(c*v).String() + " ≥ β = " + trace.Num(mb).String()
				}
				e.emit()
			}
			e.startPass()
			v, _ = e.negamax(root, 0, -inf, inf)
		}
		if e.stopped || opt.Depth == 0 && e.rg.limitCuts == cuts {
			break
		}
	}
	e.opt.Depth = opt.Depth
	return e.finish(rk, c*v)
}

// startPass begins a pass from the root: the last pass's principal
// variation is the path to try first.
func (e *engine[S, G]) startPass() {
	rg := e.rg
	rg.prevPV = append(rg.prevPV[:0], e.ply(0).pv[:e.ply(0).pvn]...)
	rg.onPV[0] = len(rg.prevPV) > 0
}

// MTDF is Plaat's MTD(f): a sequence of null-window alpha-beta passes
// (negamax, with the transposition table, which Options.TT must give)
// over the root. Each pass tests whether the value is at least γ with
// the window (γ − ε, γ): a fail-high raises the lower bound on the value,
// a fail-low lowers the upper bound, and the next γ is the value just
// returned, until the bounds meet. The first guess is 0. ε is
// Options.Grain, or the least step of a float64 when that is 0.
func MTDF[S any, G Game[S]](g G, root S, opt Options[S], rec trace.Recorder) (trace.Result, error) {
	if err := opt.Validate(AlgoMTDF); err != nil {
		return trace.Result{}, err
	}
	e := newEngine[S, G](g, AlgoMTDF, opt, rec)
	e.initRealGames()
	defer e.giveBack()
	if err := e.checkSelective(); err != nil {
		return trace.Result{}, err
	}
	rk := g.ToMove(root)
	c := color(rk)
	lower, upper := math.Inf(-1), math.Inf(1)
	guess := 0.0
	var pv []int32
	for lower < upper && !e.stopped && e.rg.iterations < maxMTDFPasses {
		gamma := guess
		if gamma == lower {
			gamma = e.above(gamma)
		}
		e.rg.iterations++
		alpha := e.below(gamma)
		if e.rec != nil {
			ma, mb := forMax(c, alpha, gamma)
			ev := &e.ev
			ev.Reset(trace.Pass, "pass", "", rk, 0)
			ev.Pass, ev.Alpha, ev.Beta = e.rg.iterations, trace.Num(ma), trace.Num(mb)
			e.emit()
		}
		guess, _ = e.negamax(root, 0, alpha, gamma)
		if guess < gamma {
			upper = guess
		} else {
			lower = guess
			pv = append(pv[:0], e.ply(0).pv[:e.ply(0).pvn]...)
		}
	}
	// The best line is that of the pass that raised the lower bound to the
	// value: a child there returned at least the value.
	p := e.ply(0)
	p.pvn = copy(p.pv[:cap(p.pv)], pv)
	if len(pv) > p.pvn {
		p.pv = append([]int32(nil), pv...)
		p.pvn = len(pv)
	}
	return e.finish(rk, c*guess)
}

// maxMTDFPasses stops MTD(f) should its bounds fail to meet (they always
// do: every pass moves one of them to a value some leaf has, and there
// are finitely many); it is far above what any tree in this tool needs.
const maxMTDFPasses = 100_000
