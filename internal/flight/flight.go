// Package flight keeps the results of work that many callers ask for at
// once: the first caller of a key starts the work, the others wait for
// it, and the result is kept for the next callers, up to a named number
// of keys. A class of students opening the lecturer's link asks for the
// same scenario's size check and scene five hundred times in a second;
// they are worked out once.
package flight

import (
	"context"
	"fmt"
	"sync"
)

// Cache keeps at most Max results by key; the least recently used is
// forgotten first. Its methods are safe for concurrent use.
type Cache[V any] struct {
	max int
	// maxBytes bounds the sum of the kept results' sizes, as size
	// measures them, when size is not nil (see NewSized); bytes is that
	// sum.
	maxBytes, bytes int64
	size            func(V) int64

	mu   sync.Mutex
	m    map[string]*call[V]
	runs int // computations started (see Runs)
	// kept lists the finished results in c.m, the most recently used
	// first: a use moves a result to the front and the bound forgets from
	// the back, each at a constant cost, so that the lock is held for
	// moments however many results are kept (a class of 300 viewers asks
	// for a step's answer 300 times a second).
	kept list[V]
}

// call is one key's computation, under way or finished.
type call[V any] struct {
	key  string
	done chan struct{} // closed when v and err are set
	v    V
	err  error
	// waiters counts the callers waiting for the computation; when the
	// last one leaves, cancel stops it.
	waiters int
	cancel  context.CancelFunc
	// prev and next link a finished result into Cache.kept.
	prev, next *call[V]
	// size is the result's size while it is kept (see NewSized).
	size int64
}

// list is a doubly linked list of finished results; root links its
// first (root.next) and last (root.prev) elements.
type list[V any] struct {
	root call[V]
	n    int
}

// front puts cl first, taking it out of where it was.
func (l *list[V]) front(cl *call[V]) {
	if l.root.next == nil {
		l.root.next, l.root.prev = &l.root, &l.root
	}
	if cl.next != nil {
		l.remove(cl)
	}
	cl.prev, cl.next = &l.root, l.root.next
	l.root.next.prev = cl
	l.root.next = cl
	l.n++
}

// remove takes cl out of the list, if it is in it.
func (l *list[V]) remove(cl *call[V]) {
	if cl.next == nil {
		return
	}
	cl.prev.next, cl.next.prev = cl.next, cl.prev
	cl.prev, cl.next = nil, nil
	l.n--
}

// last is the least recently used result, or nil.
func (l *list[V]) last() *call[V] {
	if l.n == 0 {
		return nil
	}
	return l.root.prev
}

// New returns a cache that keeps the results of at most n keys (at least
// one).
func New[V any](n int) *Cache[V] {
	return &Cache[V]{max: max(1, n), m: map[string]*call[V]{}}
}

// NewSized returns a cache that keeps the results of at most n keys (at
// least one) and, beyond the most recently used, at most maxBytes of them
// as size measures each result: a bound on the memory of results whose
// sizes differ by orders of magnitude.
func NewSized[V any](n int, maxBytes int64, size func(V) int64) *Cache[V] {
	c := New[V](n)
	c.maxBytes, c.size = maxBytes, size
	return c
}

// Do returns the result kept for key, or works it out with fn.
//
// Callers that ask for a key while its work is under way wait for that
// work instead of starting their own. fn runs in a goroutine of its own,
// under a context that keeps ctx's values and ends when every caller
// waiting for it has left: a caller whose ctx ends returns ctx's error at
// once, and the work goes on only while someone still waits for it. So a
// caller is never charged for work that others asked for, and work nobody
// waits for any more stops.
//
// A result is kept when fn returns no error, or an error for which keep
// reports true (an error that the same key would give again: a scenario
// that is too large); other errors reach the callers that waited and are
// forgotten.
func (c *Cache[V]) Do(ctx context.Context, key string, fn func(context.Context) (V, error), keep func(error) bool) (V, error) {
	var zero V
	if err := ctx.Err(); err != nil {
		return zero, err
	}
	c.mu.Lock()
	cl := c.m[key]
	if cl == nil {
		wctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
		cl = &call[V]{key: key, done: make(chan struct{}), cancel: cancel}
		c.m[key] = cl
		c.runs++
		go c.run(wctx, key, cl, fn, keep)
	}
	select {
	case <-cl.done:
		c.used(cl)
		c.mu.Unlock()
		return cl.v, cl.err
	default:
	}
	cl.waiters++
	c.mu.Unlock()
	select {
	case <-cl.done:
		c.mu.Lock()
		cl.waiters--
		c.mu.Unlock()
		return cl.v, cl.err
	case <-ctx.Done():
		c.mu.Lock()
		if cl.waiters--; cl.waiters == 0 {
			select {
			case <-cl.done:
			default:
				// Nobody waits any more: stop the work, and let the next
				// caller start afresh.
				cl.cancel()
				c.drop(cl)
			}
		}
		c.mu.Unlock()
		return zero, ctx.Err()
	}
}

// Get returns the result kept for key when its work is finished without
// an error, and counts as a use of it; it never waits and never starts
// work. A caller that can do the work more cheaply itself than wait for
// another's (the work needs state only it holds) asks Get first, and hands
// its result on with Put.
func (c *Cache[V]) Get(key string) (V, bool) {
	var zero V
	c.mu.Lock()
	defer c.mu.Unlock()
	cl := c.m[key]
	if cl == nil {
		return zero, false
	}
	select {
	case <-cl.done:
	default:
		return zero, false
	}
	if cl.err != nil {
		return zero, false
	}
	c.used(cl)
	return cl.v, true
}

// Put keeps v as key's result, unless a result is kept or work is under way
// for key already (that one stays). The least recently used results beyond
// the bound are forgotten.
func (c *Cache[V]) Put(key string, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m[key] != nil {
		return
	}
	done := make(chan struct{})
	close(done)
	cl := &call[V]{key: key, done: done, v: v, cancel: func() {}}
	c.m[key] = cl
	c.keep(cl)
}

// run works out one key and keeps or forgets its result.
func (c *Cache[V]) run(ctx context.Context, key string, cl *call[V], fn func(context.Context) (V, error), keep func(error) bool) {
	var v V
	var err error
	defer func() {
		if r := recover(); r != nil {
			var zero V
			v, err = zero, fmt.Errorf("flight: working out %q failed: %v", key, r)
		}
		cl.cancel()
		c.mu.Lock()
		defer c.mu.Unlock()
		cl.v, cl.err = v, err
		close(cl.done)
		if c.m[key] != cl {
			return // abandoned
		}
		if err != nil && (keep == nil || !keep(err)) {
			delete(c.m, key)
			return
		}
		c.keep(cl)
	}()
	v, err = fn(ctx)
}

// used counts a use of the finished result cl: it becomes the most
// recently used.
func (c *Cache[V]) used(cl *call[V]) {
	if cl.next != nil {
		c.kept.front(cl)
	}
}

// keep keeps the finished result cl as the most recently used, and
// forgets the least recently used finished results until at most max are
// kept. Work under way is never forgotten (it is not in c.kept).
func (c *Cache[V]) keep(cl *call[V]) {
	if c.size != nil {
		cl.size = c.size(cl.v)
		c.bytes += cl.size
	}
	c.kept.front(cl)
	for c.kept.n > c.max || c.size != nil && c.bytes > c.maxBytes && c.kept.n > 1 {
		c.drop(c.kept.last())
	}
}

// drop forgets cl.
func (c *Cache[V]) drop(cl *call[V]) {
	if cl.next != nil {
		c.bytes -= cl.size
	}
	c.kept.remove(cl)
	if c.m[cl.key] == cl {
		delete(c.m, cl.key)
	}
}

// Bytes is the sum of the kept results' sizes (0 without a size; see
// NewSized).
func (c *Cache[V]) Bytes() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.bytes
}

// Len is the number of results kept (work under way included).
func (c *Cache[V]) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.m)
}

// Runs is the number of computations the cache has started.
func (c *Cache[V]) Runs() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.runs
}

// Forget drops every kept result (work under way finishes for the callers
// waiting for it, and is not kept).
func (c *Cache[V]) Forget() {
	c.mu.Lock()
	defer c.mu.Unlock()
	clear(c.m)
	for cl := c.kept.last(); cl != nil; cl = c.kept.last() {
		c.kept.remove(cl)
	}
	c.bytes = 0
}

// waiting is the number of callers waiting for key's work (for tests).
func (c *Cache[V]) waiting(key string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	if cl := c.m[key]; cl != nil {
		return cl.waiters
	}
	return 0
}
