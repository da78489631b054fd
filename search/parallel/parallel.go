// Package parallel searches one position with several evaluations at
// once, the lecture's distributed search: one worker per evaluation
// deepens its own alpha-beta search and reports each depth it completes;
// a coordinator hands every worker the state, gathers the reports and
// picks the move to play.
//
// A Worker is a small interface, so a worker on another machine (behind
// HTTP, say) can take the place of a goroutine: it needs only to search
// the state it is given and report.
package parallel

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/trace"
)

// Report is what a worker says after completing a search to some depth.
type Report struct {
	Worker int    `json:"worker"` // index of the worker among the coordinator's
	Eval   string `json:"eval"`   // the worker's evaluation
	Depth  int    `json:"depth"`  // the depth limit of the search completed
	// Move is the move the search chose, by index in the game's natural
	// order, and Name is how the game writes it.
	Move int    `json:"move"`
	Name string `json:"name"`
	// Value is the search's value for MAX in the worker's own scale (the
	// values of different evaluations are not comparable).
	Value float64 `json:"value"`
	// Complete is true when the search reached the end of the game on
	// every line it searched, so Value is exact, not an estimate: no
	// position was evaluated at the depth limit.
	Complete bool `json:"complete"`
	// Solved is true when the search proved a win for the side to move.
	Solved bool `json:"solved"`
	// Nodes is how many nodes the search entered.
	Nodes int `json:"nodes"`
	// Final marks the worker's last report: it has gone as deep as it
	// may, or proved the value.
	Final bool `json:"final"`
}

// Worker searches a state deeper and deeper, calling report after each
// depth it completes, until it has searched to its limit, proved the
// value, or ctx ends. report is safe to call from any goroutine.
type Worker[S any] interface {
	Name() string
	Search(ctx context.Context, s S, report func(Report)) error
}

// Deepening is a local worker: iterative deepening alpha-beta from depth
// 1 to MaxDepth with one evaluation. Win and Loss are Game's utilities of
// a win and a loss for MAX: a value at Win with MAX to move, or at Loss
// with MIN to move, is a proven win. (Both zero: no value counts as
// proven.)
type Deepening[S any, G search.Game[S]] struct {
	Eval      search.Evaluation[S]
	EvalName  string
	Game      G
	Win, Loss float64
	MaxDepth  int
	// Nodes is the node budget of each search (search.Budget.Nodes); 0
	// sets none.
	Nodes int64
	// MoveName names a move as the game writes it.
	MoveName func(search.Move) string
	// Cores, when not nil, holds a slot for each search running: a
	// worker waits for a free one before each depth. The workers of one
	// coordinated search share search.Workers slots (Run), so that they
	// take turns depth by depth and leave search.CoresLeftFree cores to
	// the rest.
	Cores chan struct{}
}

// shareCores sets the slots the worker's searches take (Deepening.Cores).
func (w *Deepening[S, G]) shareCores(c chan struct{}) { w.Cores = c }

// Name returns the evaluation's name.
func (w *Deepening[S, G]) Name() string { return w.EvalName }

// counting counts the evaluations at the depth limit of one search.
type counting[S any] struct {
	e search.Evaluation[S]
	n *int
}

func (c counting[S]) Evaluate(s S) float64 { *c.n++; return c.e.Evaluate(s) }

// Search deepens from 1 to MaxDepth, stopping early when a search is
// complete (deeper ones would say the same) or proves a win.
func (w *Deepening[S, G]) Search(ctx context.Context, s S, report func(Report)) error {
	moves := w.Game.Moves(s, nil)
	if len(moves) == 0 {
		return errors.New("parallel: the game is over; there is no move to choose")
	}
	mover := w.Game.ToMove(s)
	for d := 1; d <= w.MaxDepth; d++ {
		evals := 0
		if w.Cores != nil {
			select {
			case w.Cores <- struct{}{}:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		res, err := search.AlphaBeta(w.Game, s, search.Options[S]{Depth: d, Eval: counting[S]{w.Eval, &evals},
			Budget: search.Budget{Nodes: w.Nodes, Context: ctx}}, nil)
		if w.Cores != nil {
			<-w.Cores
		}
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return err
		}
		i, err := strconv.Atoi(res.Best)
		if err != nil || i < 0 || i >= len(moves) {
			return fmt.Errorf("parallel: the search chose %q, not a move", res.Best)
		}
		v := float64(res.Value)
		r := Report{Eval: w.EvalName, Depth: d, Move: i, Name: w.MoveName(moves[i]), Value: v,
			Complete: evals == 0, Nodes: res.Stats.Nodes}
		r.Solved = w.Win != w.Loss && (mover == trace.Max && v >= w.Win || mover == trace.Min && v <= w.Loss)
		r.Final = r.Complete || r.Solved || d == w.MaxDepth
		report(r)
		if r.Final {
			return nil
		}
	}
	return nil
}

// Pick chooses among the workers' latest reports: a solved search first
// (a proven win), then a complete one (an exact value), then the deepest;
// among equals the worker listed first. It returns -1 when there is no
// report.
func Pick(latest []*Report) int {
	best := -1
	rank := func(r *Report) [3]int {
		b := func(x bool) int {
			if x {
				return 1
			}
			return 0
		}
		return [3]int{b(r.Solved), b(r.Complete), r.Depth}
	}
	for i, r := range latest {
		if r == nil {
			continue
		}
		if best < 0 || less(rank(latest[best]), rank(r)) {
			best = i
		}
	}
	return best
}

func less(a, b [3]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

// Update is what the coordinator passes on as reports arrive: the report
// and the choice it makes with it (the index of the worker whose move it
// would play now).
type Update struct {
	Report Report `json:"report"`
	Choice int    `json:"choice"`
}

// Coordinate gives every worker the state, each on its own goroutine,
// passes every report on to update as it arrives (update may be nil; it
// is called from one goroutine at a time), and returns each worker's last
// report and the index of the one whose move to play. It returns when
// every worker has finished or ctx ends; a worker's error ends the
// others and is returned.
func Coordinate[S any](ctx context.Context, s S, workers []Worker[S], update func(Update)) ([]*Report, int, error) {
	if len(workers) == 0 {
		return nil, -1, errors.New("parallel: no workers")
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	latest := make([]*Report, len(workers))
	var mu sync.Mutex
	var wg sync.WaitGroup
	errs := make([]error, len(workers))
	for i, w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if r := recover(); r != nil {
					errs[i] = fmt.Errorf("parallel: worker %s failed: %v", w.Name(), r)
					cancel()
				}
			}()
			err := w.Search(ctx, s, func(r Report) {
				r.Worker = i
				mu.Lock()
				defer mu.Unlock()
				latest[i] = &r
				if update != nil {
					update(Update{Report: r, Choice: Pick(latest)})
				}
			})
			if err != nil && !errors.Is(err, context.Canceled) {
				errs[i] = fmt.Errorf("parallel: worker %s: %w", w.Name(), err)
				cancel()
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return latest, Pick(latest), err
		}
	}
	return latest, Pick(latest), context.Cause(ctx)
}
