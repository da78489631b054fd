package web

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// turnDriver answers every command at once, after a moment's work, and
// counts how many of its kind work at the same time.
type turnDriver struct {
	now, most *atomic.Int32
}

func (d turnDriver) command(c Command) []Message {
	n := d.now.Add(1)
	for m := d.most.Load(); n > m && !d.most.CompareAndSwap(m, n); m = d.most.Load() {
	}
	time.Sleep(time.Millisecond) // work that lets others run meanwhile
	d.now.Add(-1)
	return []Message{{Type: "patch", Cmd: c.Cmd}}
}

func (turnDriver) work(context.Context, int) []Message { return nil }
func (turnDriver) halt() []Message                     { return nil }
func (turnDriver) busy() bool                          { return false }
func (turnDriver) ended() bool                         { return false }
func (turnDriver) position() (step, total int)         { return 0, -1 }
func (turnDriver) close()                              {}

// TestSessionsWorkInTurns: however many sessions step at once, at most
// maxWorking of them work at a time (the others wait without being
// runnable, so the health check and the websockets' reads and writes are
// not queued behind a class's steps).
func TestSessionsWorkInTurns(t *testing.T) {
	const sessions, steps = 16, 4
	var now, most atomic.Int32
	h, srv := newHubServer(t)
	h.drivers = func(context.Context, Command) (driver, error) { return turnDriver{&now, &most}, nil }
	var wg sync.WaitGroup
	for range sessions {
		c := dial(t, srv)
		defer c.conn.Close()
		c.send(`{"v":1,"cmd":"load","query":"tree=(1 2)"}`)
		for range steps {
			c.send(`{"v":1,"cmd":"step","n":1}`)
		}
		wg.Go(func() {
			c.conn.SetReadDeadline(time.Now().Add(10 * time.Second))
			for range steps + 1 {
				if _, _, err := c.conn.ReadMessage(); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	if got, want := int(most.Load()), maxWorking(); got > want {
		t.Errorf("%d sessions worked at once, want at most one per core but workCoresFree (%d)", got, want)
	}
}
