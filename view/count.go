package view

import (
	"context"
	"errors"
	"fmt"
	"iter"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/trace"
)

// Counter counts the steps of a scenario's search, in slices, so that a
// session can count on demand between the viewer's commands. It applies
// nothing. Where the search can skip (design note 23), it asks the search
// to count the subtrees below the root's grandchildren without making
// their events (trace.CountSubtree), which costs about the untraced
// search; elsewhere it costs the traced search alone. A slice is charged
// with every step, made or counted, but one counted subtree is not
// interrupted.
type Counter struct {
	resume func() (struct{}, bool)
	stop   func()
	n      int   // events counted so far
	budget int   // events the current slice may still count
	done   bool  // the search has returned
	err    error // its error, if it failed
}

// NewCounter returns a counter of the steps of p's search. Close it when
// it is no longer needed.
func NewCounter(p *scenario.Search) *Counter { return newScan(p, nil) }

// countBelow is the depth of the nodes whose children's subtrees a
// Counter asks the search to count (trace.CountSubtree): the root's
// children, so that a slice can end between two of their children.
const countBelow = 1

// newScan is a counter that also shows every event to visit (nil: none),
// in order, as it counts it.
func newScan(p *scenario.Search, visit func(*trace.Event)) *Counter {
	c := &Counter{}
	c.resume, c.stop = iter.Pull(func(yield func(struct{}) bool) {
		stopped := false
		_, err := p.Run(func(e *trace.Event) bool {
			for c.budget <= 0 {
				if !yield(struct{}{}) {
					stopped = true
					return false
				}
			}
			// Steps are numbered from 1, made or counted.
			c.budget -= e.Step - c.n
			c.n = e.Step
			if visit != nil {
				visit(e)
			} else if e.Type == trace.Enter && e.Depth == countBelow {
				e.Subtree = trace.CountSubtree
			}
			return true
		})
		if err != nil && !stopped && !errors.Is(err, search.ErrStopped) {
			c.err = err
		}
	})
	return c
}

// Work counts at most slice more events (DefaultSlice when slice ≤ 0)
// and returns the number of steps of the whole search once it is known.
func (c *Counter) Work(ctx context.Context, slice int) (total int, done bool, err error) {
	if c.done || c.err != nil {
		return c.n, c.done, c.err
	}
	if err := ctx.Err(); err != nil {
		return 0, false, fmt.Errorf("%w: %w", ErrStopped, err)
	}
	if slice <= 0 {
		slice = DefaultSlice
	}
	c.budget = slice
	if _, ok := c.resume(); !ok {
		c.done = c.err == nil
	}
	return c.n, c.done, c.err
}

// Close stops the count.
func (c *Counter) Close() { c.stop() }
