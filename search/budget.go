package search

import (
	"context"
	"errors"
	"fmt"
	"math"
)

// Budget bounds the work of one search and lets its caller stop it. A
// server runs every search with one, so that no request can keep a core
// busy after its client has gone or run a search without end. The zero
// value sets no bound.
type Budget struct {
	// Nodes is the most nodes the search may enter, counting the nodes
	// the best and worst orderings search to rank children; 0 means no
	// bound. A search that would enter more stops with a *BudgetError.
	Nodes int64
	// Context, when not nil, stops the search soon after it is done (the
	// client left, the server shuts down): the search then returns an
	// error that wraps the context's error. It is looked at every
	// CheckEvery nodes, a few microseconds of work apart.
	Context context.Context
}

// CheckEvery is how many nodes a search enters between two looks at its
// Budget's context. A node costs between a few and a few hundred
// nanoseconds (traced), so a cancelled search stops well within a
// millisecond of untraced work, while the look costs nothing measurable.
const CheckEvery = 1024

// BudgetError is the error of a search that reached its node budget.
type BudgetError struct {
	Nodes int64 // the budget
}

func (e *BudgetError) Error() string {
	return fmt.Sprintf("search: the search reached its budget of %d nodes; set a depth limit or search a smaller tree", e.Nodes)
}

// IsBudget reports whether err says a search reached its node budget.
func IsBudget(err error) bool {
	var b *BudgetError
	return errors.As(err, &b)
}

// meter counts the nodes one search enters against its budget. A search
// and the searches it starts to order children (the oracle) share one.
type meter struct {
	work    int64 // nodes entered
	checkAt int64 // work at which the budget is next looked at
	budget  Budget
	done    <-chan struct{} // the context's Done channel, or nil
}

func newMeter(b Budget) *meter {
	m := &meter{budget: b, checkAt: math.MaxInt64}
	if b.Context != nil {
		m.done = b.Context.Done()
	}
	m.next()
	if m.done != nil {
		m.checkAt = 1 // a search whose context is already done enters no node
	}
	return m
}

// next sets the work count of the next look at the budget.
func (m *meter) next() {
	at := int64(math.MaxInt64)
	if m.done != nil {
		at = m.work + CheckEvery
	}
	if n := m.budget.Nodes; n > 0 && n < at {
		at = n + 1 // the budget's last node is still entered
	}
	m.checkAt = at
}

// over is called when work reaches checkAt: it returns the error that
// stops the search, or nil to go on.
func (m *meter) over() error {
	if m.done != nil {
		select {
		case <-m.done:
			return fmt.Errorf("search: stopped: %w", context.Cause(m.budget.Context))
		default:
		}
	}
	if m.budget.Nodes > 0 && m.work > m.budget.Nodes {
		return &BudgetError{Nodes: m.budget.Nodes}
	}
	m.next()
	return nil
}

// visit counts a node the search enters against the budget and reports
// whether the search may go on; when it may not, the search has failed
// with the reason. It costs one increment and one comparison per node.
func (e *engine[S, G]) visit() bool {
	m := e.meter
	m.work++
	if m.work < m.checkAt {
		return true
	}
	if err := m.over(); err != nil {
		e.fail(err)
		return false
	}
	return true
}
