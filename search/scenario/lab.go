package scenario

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/trace"
)

// Limits of the ordering lab, which runs on the server while a page waits.
const (
	// MaxLabTrees is the most trees (seeds) one lab run searches.
	MaxLabTrees = 5000
	// MaxLabNodes is the most nodes one tree of a lab run may have, counted
	// by plain minimax: bigger trees belong to the command line.
	MaxLabNodes = 200_000
	// DefaultLabTrees is the number of seeds when none is given.
	DefaultLabTrees = 100
	// MaxLabWork bounds a whole lab run: the trees times the nodes of one
	// tree (counted by plain minimax). Each tree is searched seven times
	// (minimax and alpha-beta under six orderings), so a run at the limit
	// is a few seconds of both cores. A run over it is refused up front
	// with the most seeds that fit.
	MaxLabWork = 20_000_000
)

// ErrLabTooLarge is wrapped by Lab's error when a tree has more than
// MaxLabNodes nodes.
var ErrLabTooLarge = errors.New("scenario: tree too large for the ordering lab")

// LabRow is what one ordering did over every tree of a lab run: leaves
// evaluated by alpha-beta, summarised.
type LabRow struct {
	Ordering search.Ordering
	// Leaves holds the leaves evaluated on each tree, in seed order.
	Leaves               []int
	Mean, StdDev         float64
	Min, Max             int
	MeanNodes, MeanCuts  float64
	PercentOfMinimax     float64 // mean leaves / mean minimax leaves × 100
	ValueMismatches      int     // trees where the root value differs from minimax's
	DeterministicPerTree bool    // the same every seed on one tree (games: all but random)
}

// LabResult is a lab run: every ordering of search.Orderings() and
// search.LearnedOrderings() over the
// same trees.
type LabResult struct {
	Scenario Scenario // the scenario of the first tree (its Seed is the first seed)
	Trees    int      // number of trees (seeds) searched
	// FirstSeed is the seed of the first tree; the others follow it.
	FirstSeed uint64
	// Random reports whether every seed is a different tree (a random
	// recipe); otherwise the seeds vary the random ordering only.
	Random bool
	// Uniform reports whether the trees have b children at every inner
	// node and every leaf at depth d; then Full is b^d and KnuthMoore is
	// b^⌈d/2⌉ + b^⌊d/2⌋ − 1, the least number of leaves alpha-beta can
	// evaluate.
	Uniform                bool
	Branching, Depth       int
	Full                   int
	KnuthMoore             int
	MinimaxMean            float64 // mean leaves of plain minimax
	MinimaxMin, MinimaxMax int
	Rows                   []LabRow
}

// KnuthMoore is b^⌈d/2⌉ + b^⌊d/2⌋ − 1: the leaves alpha-beta evaluates
// on a uniform tree of branching b and depth d under perfect ordering.
func KnuthMoore(b, d int) int {
	return ipow(b, (d+1)/2) + ipow(b, d/2) - 1
}

func ipow(b, e int) int {
	n := 1
	for range e {
		n *= b
	}
	return n
}

// labTree is the outcome of every search on one tree (one seed).
type labTree struct {
	minimax trace.Result
	rows    []trace.Result // one per ordering, alpha-beta
	err     error
}

// Lab runs alpha-beta with every ordering over trees seeds (from base.Seed,
// or 1 when it is 0) and summarises the leaves each evaluates, beside plain
// minimax's. For a random recipe each seed is a new tree; for an explicit
// tree or a game the tree is the same and the seed moves only the random
// ordering. base's Algo and Order are ignored.
func Lab(base Scenario, trees int) (*LabResult, error) {
	if trees < 1 || trees > MaxLabTrees {
		return nil, usageSay("scenario.err.lab-trees", "Max", MaxLabTrees, "Got", trees)
	}
	first := base.Seed
	if first == 0 {
		first = 1
	}
	base.Algo, base.Order = "alphabeta", ""
	base.Seed = first
	orders := append(search.Orderings(), search.LearnedOrderings()...)
	res := &LabResult{Scenario: base, Trees: trees, FirstSeed: first, Random: base.Random != ""}

	// The first tree is searched alone: it tells whether the scenario is
	// valid and the tree small enough, before any goroutine starts.
	p0, err := base.Prepare()
	if err != nil {
		return nil, err
	}
	if p0.Tree != nil {
		if b, d, ok := p0.Tree.Uniform(); ok {
			res.Uniform, res.Branching, res.Depth = true, b, d
			res.Full = ipow(b, d)
			res.KnuthMoore = KnuthMoore(b, d)
		}
	}
	size, err := labSize(p0)
	if err != nil {
		return nil, err
	}
	if work := int64(size) * int64(trees); work > MaxLabWork {
		return nil, usageSay("scenario.err.lab-work", "Trees", trees, "Size", thousands(int64(size)), "Work", thousands(work),
			"Max", thousands(MaxLabWork), "Seeds", MaxLabWork/size)
	}
	ctx := base.Budget.Context
	out := make([]labTree, trees)
	out[0] = labOne(base, orders, nil)
	if out[0].err != nil {
		return nil, out[0].err
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	next := 1
	workers := search.Workers(trees)
	for range workers {
		wg.Go(func() {
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= trees || (ctx != nil && ctx.Err() != nil) {
					return
				}
				sc := base
				sc.Seed = first + uint64(i)
				if res.Random {
					out[i] = labOne(sc, orders, nil)
				} else {
					// The same tree: only the random ordering changes.
					out[i] = labOne(sc, orders, &out[0])
				}
			}
		})
	}
	wg.Wait()
	if ctx != nil && ctx.Err() != nil {
		return nil, fmt.Errorf("scenario: the lab stopped: %w", context.Cause(ctx))
	}
	for i := range out {
		if out[i].err != nil {
			return nil, fmt.Errorf("seed %d: %w", first+uint64(i), out[i].err)
		}
	}
	res.summarise(out, orders)
	return res, nil
}

// labSize returns the nodes of the tree, refusing one bigger than
// MaxLabNodes: it counts the nodes minimax enters, stopping as soon as
// the limit is passed.
func labSize(p *Search) (int, error) {
	if p.Tree != nil {
		if p.Tree.Size > MaxLabNodes {
			return 0, sayWith(fmt.Errorf("%w: %d nodes, the lab takes at most %d per tree", ErrLabTooLarge, p.Tree.Size, MaxLabNodes),
				"scenario.err.lab-size", "Size", p.Tree.Size, "Max", MaxLabNodes)
		}
		return p.Tree.Size, nil
	}
	n := 0
	_, err := p.RunAlgorithm(search.AlgoMinimax, func(e *trace.Event) bool {
		if e.Type == trace.Enter {
			n++
		}
		return n <= MaxLabNodes
	})
	if errors.Is(err, search.ErrStopped) {
		return 0, sayWith(fmt.Errorf("%w: more than %d nodes; the lab takes at most %d per tree (give a depth limit or a later position)", ErrLabTooLarge, MaxLabNodes, MaxLabNodes),
			"scenario.err.lab-size-game", "Max", MaxLabNodes)
	}
	return n, err
}

// labOne searches one tree with minimax and with alpha-beta under every
// ordering. With same set, the tree is the one same was searched on, and
// only the orderings that depend on the seed are searched again.
func labOne(sc Scenario, orders []search.Ordering, same *labTree) labTree {
	var t labTree
	t.rows = make([]trace.Result, len(orders))
	// The tree is built once (for a random recipe that is most of the
	// cost) and shared by every ordering.
	p, err := sc.Prepare()
	if err != nil {
		t.err = err
		return t
	}
	for i, o := range orders {
		if same != nil && o != search.OrderRandom {
			t.rows[i] = same.rows[i]
			continue
		}
		q, err := p.withOrdering(o)
		if err != nil {
			t.err = err
			return t
		}
		if t.rows[i], err = q.Run(nil); err != nil {
			t.err = err
			return t
		}
	}
	if same != nil {
		t.minimax = same.minimax
		return t
	}
	if t.minimax, err = p.RunAlgorithm(search.AlgoMinimax, nil); err != nil {
		t.err = err
	}
	return t
}

// withOrdering returns the same search under another ordering. An
// explicit or random tree is shared, not built again; a game is prepared
// anew (it is cheap to set up).
func (p *Search) withOrdering(o search.Ordering) (*Search, error) {
	s := p.Scenario
	s.Order = o.String()
	if p.Tree == nil || p.Tree.Players > 0 || p.Transform != nil {
		return s.Prepare()
	}
	q := &Search{Scenario: s, Algorithm: p.Algorithm, PruneRule: p.PruneRule, FailMode: p.FailMode, Ordering: o,
		Bounds: p.Bounds, Player: p.Player}
	if err := q.useTree(p.Tree, p.facts); err != nil {
		return nil, err
	}
	return q, nil
}

func (r *LabResult) summarise(out []labTree, orders []search.Ordering) {
	n := float64(len(out))
	r.MinimaxMin, r.MinimaxMax = math.MaxInt, 0
	sum := 0.0
	for _, t := range out {
		l := t.minimax.Stats.Leaves
		sum += float64(l)
		r.MinimaxMin, r.MinimaxMax = min(r.MinimaxMin, l), max(r.MinimaxMax, l)
	}
	r.MinimaxMean = sum / n
	for i, o := range orders {
		row := LabRow{Ordering: o, Leaves: make([]int, len(out)), Min: math.MaxInt,
			DeterministicPerTree: !r.Random && o != search.OrderRandom}
		var s, nodes, cuts float64
		for j, t := range out {
			res := t.rows[i]
			l := res.Stats.Leaves
			row.Leaves[j] = l
			s += float64(l)
			nodes += float64(res.Stats.Nodes)
			cuts += float64(res.Stats.Cutoffs)
			row.Min, row.Max = min(row.Min, l), max(row.Max, l)
			if !sameValue(res, t.minimax) {
				row.ValueMismatches++
			}
		}
		row.Mean, row.MeanNodes, row.MeanCuts = s/n, nodes/n, cuts/n
		var ss float64
		for _, l := range row.Leaves {
			d := float64(l) - row.Mean
			ss += d * d
		}
		row.StdDev = math.Sqrt(ss / n)
		if r.MinimaxMean > 0 {
			row.PercentOfMinimax = row.Mean / r.MinimaxMean * 100
		}
		r.Rows = append(r.Rows, row)
	}
}

// sameValue reports whether two searches found the same root value.
func sameValue(a, b trace.Result) bool {
	x, y := float64(a.Value), float64(b.Value)
	return x == y || (math.IsNaN(x) && math.IsNaN(y)) || math.Abs(x-y) < 1e-9
}
