package flight

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"testing"
)

func TestConcurrentCallersShareOneRun(t *testing.T) {
	for _, callers := range []int{1, 2, 50} {
		t.Run(fmt.Sprint(callers), func(t *testing.T) {
			c := New[int](4)
			release := make(chan struct{})
			started := make(chan struct{}, callers)
			var mu sync.Mutex
			runs := 0
			fn := func(context.Context) (int, error) {
				mu.Lock()
				runs++
				mu.Unlock()
				started <- struct{}{}
				<-release
				return 42, nil
			}
			var wg sync.WaitGroup
			got := make([]int, callers)
			for i := range callers {
				wg.Go(func() {
					v, err := c.Do(context.Background(), "k", fn, nil)
					if err != nil {
						t.Errorf("caller %d: got error %v, want none", i, err)
					}
					got[i] = v
				})
			}
			<-started
			close(release)
			wg.Wait()
			if runs != 1 {
				t.Errorf("got %d runs of the work, want 1", runs)
			}
			for i, v := range got {
				if v != 42 {
					t.Errorf("caller %d: got %d, want 42", i, v)
				}
			}
			// Kept: a later caller does not run it again.
			if v, _ := c.Do(context.Background(), "k", fn, nil); v != 42 || runs != 1 {
				t.Errorf("later caller: got %d after %d runs, want 42 after 1", v, runs)
			}
		})
	}
}

func TestCallerWhoLeavesIsNotCharged(t *testing.T) {
	c := New[string](4)
	release := make(chan struct{})
	started := make(chan struct{})
	workCtx := make(chan context.Context, 1)
	fn := func(ctx context.Context) (string, error) {
		workCtx <- ctx
		close(started)
		<-release
		return "scene", nil
	}
	first, leave := context.WithCancel(context.Background())
	firstDone := make(chan error, 1)
	go func() {
		_, err := c.Do(first, "k", fn, nil)
		firstDone <- err
	}()
	<-started
	second := make(chan string, 1)
	go func() {
		v, err := c.Do(context.Background(), "k", fn, nil)
		if err != nil {
			t.Errorf("second caller: got error %v, want none", err)
		}
		second <- v
	}()
	// Wait until the second caller waits too.
	for c.waiting("k") < 2 {
		runtime.Gosched()
	}
	leave()
	if err := <-firstDone; !errors.Is(err, context.Canceled) {
		t.Errorf("the caller who left: got %v, want context.Canceled", err)
	}
	ctx := <-workCtx
	if ctx.Err() != nil {
		t.Errorf("the work stopped when one of two callers left: %v", ctx.Err())
	}
	close(release)
	if v := <-second; v != "scene" {
		t.Errorf("second caller: got %q, want %q", v, "scene")
	}
}

func TestWorkStopsWhenEveryCallerLeft(t *testing.T) {
	c := New[int](4)
	started := make(chan struct{})
	stopped := make(chan struct{})
	fn := func(ctx context.Context) (int, error) {
		close(started)
		<-ctx.Done()
		close(stopped)
		return 0, ctx.Err()
	}
	ctx, leave := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := c.Do(ctx, "k", fn, nil)
		done <- err
	}()
	<-started
	leave()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, want context.Canceled", err)
	}
	<-stopped // the work saw its context end (else the test times out)
	// The stopped work is not kept: the next caller works it out afresh.
	v, err := c.Do(context.Background(), "k", func(context.Context) (int, error) { return 7, nil }, nil)
	if v != 7 || err != nil {
		t.Errorf("next caller: got %d, %v, want 7, nil", v, err)
	}
}

func TestErrorsKeptOnlyWhenAsked(t *testing.T) {
	errUsage := errors.New("too large")
	errOther := errors.New("stopped")
	keep := func(err error) bool { return errors.Is(err, errUsage) }
	tests := []struct {
		name     string
		err      error
		wantRuns int
	}{
		{"kept error", errUsage, 1},
		{"forgotten error", errOther, 2},
		{"value", nil, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := New[int](4)
			runs := 0
			fn := func(context.Context) (int, error) { runs++; return 1, tt.err }
			for range 2 {
				if _, err := c.Do(context.Background(), "k", fn, keep); !errors.Is(err, tt.err) && !(err == nil && tt.err == nil) {
					t.Errorf("got error %v, want %v", err, tt.err)
				}
			}
			if runs != tt.wantRuns {
				t.Errorf("got %d runs, want %d", runs, tt.wantRuns)
			}
		})
	}
}

func TestBoundAndLeastRecentlyUsed(t *testing.T) {
	const max = 3
	c := New[int](max)
	runs := map[string]int{}
	get := func(k string) {
		c.Do(context.Background(), k, func(context.Context) (int, error) { runs[k]++; return len(k), nil }, nil)
	}
	for _, k := range []string{"a", "b", "c"} {
		get(k)
	}
	get("a") // a is now the most recently used
	get("d") // b goes
	if got := c.Len(); got != max {
		t.Errorf("got %d kept, want %d", got, max)
	}
	get("a")
	get("b")
	if runs["a"] != 1 || runs["b"] != 2 {
		t.Errorf("got a run %d times and b %d times, want 1 and 2 (b forgotten first)", runs["a"], runs["b"])
	}
	for i := range 100 {
		get(fmt.Sprint("k", i))
	}
	if got := c.Len(); got != max {
		t.Errorf("after 100 keys: got %d kept, want %d", got, max)
	}
}

func TestPanicBecomesError(t *testing.T) {
	c := New[int](2)
	_, err := c.Do(context.Background(), "k", func(context.Context) (int, error) { panic("boom") }, nil)
	if err == nil {
		t.Fatal("got no error from a panicking computation, want one")
	}
	if c.Len() != 0 {
		t.Errorf("got %d kept after a panic, want 0", c.Len())
	}
}

func TestGetAndPut(t *testing.T) {
	c := New[int](2)
	if v, ok := c.Get("a"); ok {
		t.Fatalf("Get of a key never put: got %d, true; want false", v)
	}
	c.Put("a", 1)
	c.Put("a", 2) // a result is kept: it stays
	if v, ok := c.Get("a"); !ok || v != 1 {
		t.Fatalf("Get(a): got %d, %v; want 1, true", v, ok)
	}
	// Do finds what Put kept and runs nothing.
	if v, err := c.Do(context.Background(), "a", func(context.Context) (int, error) { return 9, nil }, nil); v != 1 || err != nil {
		t.Fatalf("Do(a) after Put: got %d, %v; want 1, nil", v, err)
	}
	c.Put("b", 2)
	c.Get("a") // a is now used more recently than b
	c.Put("c", 3)
	if c.Len() != 2 {
		t.Fatalf("got %d results kept, want the bound 2", c.Len())
	}
	if _, ok := c.Get("b"); ok {
		t.Errorf("b, the least recently used, is still kept")
	}
	for _, k := range []string{"a", "c"} {
		if _, ok := c.Get(k); !ok {
			t.Errorf("%s is not kept", k)
		}
	}
	// Neither work under way nor an error is a result Get returns.
	release := make(chan struct{})
	go c.Do(context.Background(), "d", func(context.Context) (int, error) { <-release; return 4, nil }, nil)
	for c.waiting("d") == 0 {
		runtime.Gosched()
	}
	if _, ok := c.Get("d"); ok {
		t.Errorf("Get returned work still under way")
	}
	c.Put("d", 5) // work under way stays
	close(release)
	if v, _ := c.Do(context.Background(), "d", nil, nil); v != 4 {
		t.Errorf("d: got %d, want the work's 4", v)
	}
	keepAll := func(error) bool { return true }
	c.Do(context.Background(), "e", func(context.Context) (int, error) { return 0, errors.New("too large") }, keepAll)
	if _, ok := c.Get("e"); ok {
		t.Errorf("Get returned a kept error as a result")
	}
}

// TestBoundKeepsTheMostRecent checks the bound against a model of the
// least recently used results over many keys, uses and forgettings.
func TestBoundKeepsTheMostRecent(t *testing.T) {
	const max = 5
	c := New[int](max)
	var model []string // least recently used first
	use := func(k string) {
		model = slices.DeleteFunc(model, func(m string) bool { return m == k })
		model = append(model, k)
		if len(model) > max {
			model = model[1:]
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 5000 {
		k := fmt.Sprint(r.IntN(12))
		switch r.IntN(20) {
		case 0:
			c.Forget()
			model = nil
		case 1, 2, 3:
			c.Put(k, i)
			if !slices.Contains(model, k) {
				use(k)
			}
		case 4, 5, 6, 7:
			if _, ok := c.Get(k); ok != slices.Contains(model, k) {
				t.Fatalf("step %d: Get(%s) = %v, want %v (kept %v)", i, k, ok, !ok, model)
			}
			if slices.Contains(model, k) {
				use(k)
			}
		default:
			c.Do(context.Background(), k, func(context.Context) (int, error) { return i, nil }, nil)
			use(k)
		}
		if c.Len() != len(model) {
			t.Fatalf("step %d: %d kept, want %d (%v)", i, c.Len(), len(model), model)
		}
	}
}

// TestSizedBoundKeepsTheMostRecent checks NewSized's bound against a
// model: the most recently used results whose sizes add up to at most the
// bound (the most recent always kept), at most n of them.
func TestSizedBoundKeepsTheMostRecent(t *testing.T) {
	const max, maxBytes = 8, 100
	c := NewSized(max, maxBytes, func(v int) int64 { return int64(v) })
	type kept struct {
		k    string
		size int
	}
	var model []kept // least recently used first
	use := func(k string, size int) {
		model = slices.DeleteFunc(model, func(m kept) bool {
			if m.k == k {
				size = m.size // a kept result keeps its size
			}
			return m.k == k
		})
		model = append(model, kept{k, size})
		sum := 0
		for _, m := range model {
			sum += m.size
		}
		for len(model) > max || sum > maxBytes && len(model) > 1 {
			sum -= model[0].size
			model = model[1:]
		}
	}
	has := func(k string) bool { return slices.ContainsFunc(model, func(m kept) bool { return m.k == k }) }
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 5000 {
		k, size := fmt.Sprint(r.IntN(16)), r.IntN(60)
		switch r.IntN(10) {
		case 0:
			c.Forget()
			model = nil
		case 1, 2, 3:
			c.Put(k, size)
			if !has(k) {
				use(k, size)
			}
		case 4, 5:
			if _, ok := c.Get(k); ok != has(k) {
				t.Fatalf("step %d: Get(%s) = %v, want %v (kept %v)", i, k, ok, !ok, model)
			}
			if has(k) {
				use(k, 0)
			}
		default:
			c.Do(context.Background(), k, func(context.Context) (int, error) { return size, nil }, nil)
			use(k, size)
		}
		sum := 0
		for _, m := range model {
			sum += m.size
		}
		if c.Len() != len(model) || c.Bytes() != int64(sum) {
			t.Fatalf("step %d: %d kept of %d bytes, want %d of %d (%v)", i, c.Len(), c.Bytes(), len(model), sum, model)
		}
	}
}

// BenchmarkPutGetFull is a class stepping through more answers than are
// kept: each step looks its answer up, does not find it, and puts it.
func BenchmarkPutGetFull(b *testing.B) {
	const max = 2048
	c := New[int](max)
	keys := make([]string, 4*max)
	for i := range keys {
		keys[i] = fmt.Sprint("step ", i)
	}
	for i := 0; b.Loop(); i++ {
		k := keys[i%len(keys)]
		if _, ok := c.Get(k); !ok {
			c.Put(k, i)
		}
	}
}
