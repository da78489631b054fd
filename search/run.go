package search

import (
	"fmt"
	"iter"

	"github.com/abtrace/abtrace/trace"
)

// Run runs the named algorithm. It is a switch over the search functions,
// for callers that choose the algorithm at run time.
func Run[S any, G Game[S]](algo Algorithm, g G, root S, opt Options[S], rec trace.Recorder) (trace.Result, error) {
	switch algo {
	case AlgoMinimax:
		return Minimax(g, root, opt, rec)
	case AlgoAlphaBeta:
		return AlphaBeta(g, root, opt, rec)
	case AlgoExpectiminimax:
		return Expectiminimax(g, root, opt, rec)
	case AlgoStar1:
		return Star1(g, root, opt, rec)
	case AlgoMaxN:
		return MaxN(g, root, opt, rec)
	case AlgoParanoid:
		return Paranoid(g, root, opt, rec)
	case AlgoMCTS:
		return MCTS(g, root, opt.MCTSOptions(), rec)
	case AlgoNegamax:
		return Negamax(g, root, opt, rec)
	case AlgoPVS:
		return PVS(g, root, opt, rec)
	case AlgoMTDF:
		return MTDF(g, root, opt, rec)
	case AlgoID:
		return IterativeDeepening(g, root, opt, rec)
	}
	return trace.Result{}, fmt.Errorf("search: unknown algorithm %v", algo)
}

// Events runs the search lazily: each event is produced when the consumer
// asks for it, and the search stops as soon as the consumer stops. A
// search error is yielded once, as the last pair, with a zero event. Pull
// it with iter.Pull2 to step through a search at the viewer's pace.
func Events[S any, G Game[S]](algo Algorithm, g G, root S, opt Options[S]) iter.Seq2[trace.Event, error] {
	return func(yield func(trace.Event, error) bool) {
		more := true
		_, err := Run(algo, g, root, opt, func(e *trace.Event) bool {
			more = yield(*e, nil)
			return more
		})
		if err != nil && err != ErrStopped && more {
			yield(trace.Event{}, err)
		}
	}
}

// Collect runs the search and returns all of its events.
func Collect[S any, G Game[S]](algo Algorithm, g G, root S, opt Options[S]) ([]trace.Event, trace.Result, error) {
	var evs []trace.Event
	r, err := Run(algo, g, root, opt, func(e *trace.Event) bool {
		evs = append(evs, *e)
		return true
	})
	return evs, r, err
}
