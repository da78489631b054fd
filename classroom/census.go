package classroom

import (
	"context"
	"time"
)

// Every server of a class counts its own followers of a room; the count
// of the room is the sum over servers, which they tell each other over
// the bus: a server publishes its count when it changes (at most every
// censusEvery), again every censusBeat while it has followers, and when
// it opens a room it asks the others for theirs (a "census").
const (
	// censusEvery is how often at most a server publishes a room's count
	// while followers come and go.
	censusEvery = 100 * time.Millisecond
	// censusBeat is how often a server with followers says its count
	// again; a count older than censusTTL is forgotten (its server is
	// gone).
	censusBeat = 20 * time.Second
	censusTTL  = 3 * censusBeat
	// censusWait is how long after opening a room its count waits for the
	// other servers' answers to the census.
	censusWait = 150 * time.Millisecond
)

// tally is another server's count of a room's followers.
type tally struct {
	n  int
	at time.Time
}

// ownCountLocked is this server's students in the room (r.mu held).
func (r *Room) ownCountLocked() int {
	n := 0
	for f := range r.followers {
		if !f.Lecturer {
			n++
		}
	}
	return n
}

// countChanged schedules the publication of this server's count.
func (r *Room) countChanged() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.countDue {
		return
	}
	r.countDue = true
	time.AfterFunc(censusEvery, func() {
		select {
		case <-r.done:
			return // the room stopped: Close said 0
		default:
		}
		r.mu.Lock()
		r.countDue = false
		n := r.ownCountLocked()
		r.mu.Unlock()
		r.publishCount(n)
	})
}

// publishCount tells the other servers this server's count.
func (r *Room) publishCount(n int) {
	select {
	case <-r.done:
		if n != 0 {
			return
		}
	default:
	}
	if err := r.publish(event{Kind: "count", Server: r.c.id, N: n}); err != nil && r.c.ctx.Err() == nil {
		r.c.o.Logger.Warn("classroom: publishing a room's count", "room", r.code, "err", err)
	}
}

// applyCount takes another server's count, or answers a census.
func (r *Room) applyCount(e event) {
	if e.Server == r.c.id {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	switch e.Kind {
	case "count":
		if e.N <= 0 || e.Server == "" {
			delete(r.tallies, e.Server)
		} else {
			r.tallies[e.Server] = tally{n: e.N, at: r.c.o.Now()}
		}
	case "census":
		if n := r.ownCountLocked(); n > 0 {
			go r.publishCount(n)
		}
	}
}

// beat says this server's count again if it has followers.
func (r *Room) beat() {
	r.mu.Lock()
	n := r.ownCountLocked()
	r.mu.Unlock()
	if n > 0 {
		r.publishCount(n)
	}
}

// Followers is the room's students on every server of the class. Just
// after the room opened on this server it waits (at most censusWait, or
// until ctx ends) for the others' answers to its census.
func (r *Room) Followers(ctx context.Context) int {
	r.mu.Lock()
	wait := r.censusAt.Add(censusWait).Sub(r.c.o.Now())
	r.mu.Unlock()
	if wait > 0 {
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
		}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	n := r.ownCountLocked()
	now := r.c.o.Now()
	for id, t := range r.tallies {
		if now.Sub(t.at) > censusTTL {
			delete(r.tallies, id)
			continue
		}
		n += t.n
	}
	return n
}
