package search

import (
	"fmt"
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
// static estimates [h=…] written on inner nodes), so iterative deepening
// needs an evaluation even without a depth limit: Validate refuses it
// without one.
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
// returned (γ + ε when that is the lower bound), until the bounds meet.
// The first guess is 0. ε is Options.Grain, or the least step of a
// float64 when that is 0.
//
// Fail-hard passes return only γ − ε (the value is at most that), γ (at
// least that) or a value strictly between them (the value itself), so
// each pass moves a bound by at most ε. With a grain that is the
// textbook's walk, one grain a pass, exact on values of any precision (a
// value between two steps falls inside a window and is returned as it
// is, which the next pass confirms). Without a grain a step of one
// float64 would never reach a value such as 0.5, so fail-hard's ε is
// then 1 on the first pass and doubles on every pass after it: the
// bounds meet on the exact value after about log₂|value| + 3 passes.
// Should the passes ever exceed maxMTDFPasses the search fails rather
// than answer a value the bounds have not confirmed.
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
	// step is fail-hard's ε without a grain (see above); 0 otherwise.
	step := 0.0
	if opt.Fail == FailHard && opt.Grain == 0 {
		step = 1
	}
	for lower < upper && !e.stopped {
		if e.rg.iterations >= maxMTDFPasses {
			return trace.Result{}, fmt.Errorf("search: MTD(f) did not converge in %d passes (the bounds on the value are %v and %v): give a grain that suits the values", maxMTDFPasses, c*lower, c*upper)
		}
		gamma, alpha := guess, 0.0
		switch {
		case step > 0 && gamma == lower:
			gamma, alpha = lower+step, lower
		case step > 0:
			alpha = gamma - step
		default:
			if gamma == lower {
				gamma = e.above(gamma)
			}
			alpha = e.below(gamma)
		}
		if step > 0 && step < math.MaxFloat64/2 {
			step *= 2
		}
		e.rg.iterations++
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

// maxMTDFPasses stops MTD(f) should its bounds fail to meet: fail-soft
// passes move a bound to a value some leaf has, and there are finitely
// many; fail-hard passes move one by at most the grain, so a value
// 100,000 grains from the first guess is refused rather than answered.
// It is far above what any tree in this tool needs.
const maxMTDFPasses = 100_000
