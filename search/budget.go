package search

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sync/atomic"
)

// CoresLeftFree is how many cores one piece of work that runs on many
// goroutines (the lab's trees, a tournament's games, the coordinated
// search's workers) leaves to everything else: on a server, the websocket
// sessions of a class stepping their searches. With a worker on every
// core, one lab took 50 sessions' step p99 from 17 ms to 243 ms.
const CoresLeftFree = 1

// Workers is how many goroutines such work runs at once for n jobs: one
// per core but CoresLeftFree, at least one, and no more than n.
func Workers(n int) int {
	return max(1, min(n, runtime.GOMAXPROCS(0)-CoresLeftFree))
}

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

// Allowance is the work of one whole piece of work shared by every search
// it starts: a server request or websocket message and all its searches
// (the viewer's search and count, a comparison's panes, the lab's trees,
// a tournament's games), or a method that runs many searches (the
// samples of determinised MCTS, the open searches of clairvoyance). It
// travels in a context (WithAllowance): every search whose Budget.Context
// carries one charges the nodes it enters to it, and to the allowances it
// was made within, and stops with a *BudgetError once one is spent.
// Other work (drawing a picture) charges it with Spend. Its methods are
// safe for concurrent use: the lab's and the tournament's workers share
// their request's.
type Allowance struct {
	limit  int64
	used   atomic.Int64
	parent *Allowance
}

type allowanceKey struct{}

// NewAllowance returns an allowance of limit units (nodes; 0 or less
// means no bound of its own) within the allowance ctx carries, if any:
// what is spent from it is spent from that one too.
func NewAllowance(ctx context.Context, limit int64) *Allowance {
	a := &Allowance{limit: limit}
	if ctx != nil {
		a.parent = AllowanceOf(ctx)
	}
	return a
}

// WithAllowance returns a context carrying a, for the searches started
// under it.
func WithAllowance(ctx context.Context, a *Allowance) context.Context {
	return context.WithValue(ctx, allowanceKey{}, a)
}

// AllowanceOf returns the allowance ctx carries, or nil.
func AllowanceOf(ctx context.Context) *Allowance {
	a, _ := ctx.Value(allowanceKey{}).(*Allowance)
	return a
}

// Spend charges n units to a and the allowances it was made within, and
// returns a *BudgetError naming the limit of the first one spent. A nil
// allowance spends nothing.
func (a *Allowance) Spend(n int64) error {
	var err error
	for x := a; x != nil; x = x.parent {
		if used := x.used.Add(n); x.limit > 0 && used > x.limit && err == nil {
			err = &BudgetError{Nodes: x.limit}
		}
	}
	return err
}

// Used is what has been spent from a.
func (a *Allowance) Used() int64 { return a.used.Load() }

// Limit is a's own bound (0 for none).
func (a *Allowance) Limit() int64 { return a.limit }

// Whole returns a budget under which many searches together enter at most
// b.Nodes nodes and stop with b's context: each search gets no bound of
// its own, and all charge one new allowance of b.Nodes. A method that runs
// a search per sample or per world runs each under Whole(b), so that its
// budget is the method's, not each search's.
func (b Budget) Whole() Budget {
	ctx := b.Context
	if ctx == nil {
		ctx = context.Background()
	}
	return Budget{Context: WithAllowance(ctx, NewAllowance(ctx, b.Nodes))}
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
	// pool is the allowance the context carries, or nil; charged is the
	// work paid to it, ahead of work.
	pool    *Allowance
	charged int64
}

func newMeter(b Budget) *meter {
	m := &meter{budget: b, checkAt: math.MaxInt64}
	if b.Context != nil {
		m.done = b.Context.Done()
		m.pool = AllowanceOf(b.Context)
	}
	m.next()
	if m.done != nil || m.pool != nil {
		// A search whose context is already done enters no node, and one
		// charging an allowance pays for its first nodes before it enters
		// them.
		m.checkAt = 1
	}
	return m
}

// next sets the work count of the next look at the budget.
func (m *meter) next() {
	at := int64(math.MaxInt64)
	if m.done != nil || m.pool != nil {
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
	if err := m.stopped(); err != nil {
		return err
	}
	if m.budget.Nodes > 0 && m.work > m.budget.Nodes {
		return &BudgetError{Nodes: m.budget.Nodes}
	}
	if m.pool != nil {
		// The allowance is paid ahead, for the nodes up to the next look,
		// so that a search of fewer than CheckEvery nodes is charged too
		// (as CheckEvery): many small searches cannot pass unpaid.
		paid := m.work + CheckEvery
		n := paid - m.charged
		m.charged = paid
		if err := m.pool.Spend(n); err != nil {
			return err
		}
	}
	m.next()
	return nil
}

// stopped is the error of a search whose context has ended, nil while it
// has not: a look at the budget that charges no work, for work that adds
// no node (an MCTS iteration that only walks a tree already grown).
func (m *meter) stopped() error {
	if m.done != nil {
		select {
		case <-m.done:
			return fmt.Errorf("search: stopped: %w", context.Cause(m.budget.Context))
		default:
		}
	}
	return nil
}

// visit counts a node the search enters against the budget and reports
// whether the search may go on; when it may not, the search has failed
// with the reason. It costs one increment and one comparison per node.
func (e *core) visit() bool {
	m := e.meter
	m.work++
	return m.work < m.checkAt || e.check()
}

// visits counts n nodes at once, as visit does one: the terminal
// children of a plain node that made its children together (Expander).
func (e *core) visits(n int) bool {
	m := e.meter
	m.work += int64(n)
	return m.work < m.checkAt || e.check()
}

// check looks at the budget: it reports whether the search may go on,
// and fails it with the reason when it may not.
func (e *core) check() bool {
	if err := e.meter.over(); err != nil {
		e.fail(err)
		return false
	}
	return true
}
