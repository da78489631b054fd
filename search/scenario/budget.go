package scenario

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/internal/flight"
)

// MaxWork is the most nodes one search may enter on the server: the
// viewer's search, its counts and seeks, a comparison's panes, a
// transform's two searches, each search of the lab. It holds the largest
// scenarios a lecture shows — the full tic-tac-toe tree under minimax
// (549,946 nodes) and Connect Four at its deepest limit (about 5.7 million)
// — and stops anything larger within about a second of untraced search.
// A scenario whose tree is larger is refused before any search starts
// (CheckSize), with the depth limit or the smaller game that fits.
const MaxWork = 10_000_000

// CheckSize refuses, as a *UsageError, a scenario whose tree (down to its
// depth limit) has more than max nodes: a search of it could enter them
// all. The error says the size, the limit, and how to get under it: the
// deepest depth limit that fits, and for matchsticks the most matches.
func (p *Search) CheckSize(max int64) error {
	size := p.sizeUpTo(max)
	if size <= max {
		return nil
	}
	what := "has " + thousands(size) + " nodes"
	if size >= MaxTotal {
		what = "has more than " + thousands(MaxTotal) + " nodes"
	} else if !p.sizeExact() {
		what = "has more than " + thousands(max) + " nodes"
	}
	msg := fmt.Sprintf("this tree %s; one search may visit at most %s here", what, thousands(max))
	if !p.sizeExact() && size < MaxTotal {
		msg = fmt.Sprintf("this tree has more than the %s nodes one search may visit here", thousands(max))
	}
	var ways []string
	if d := p.deepestFitting(max); d > 0 {
		ways = append(ways, fmt.Sprintf("set a depth limit of at most %d (depth=%d)", d, d))
	} else if p.Tree == nil {
		ways = append(ways, "set a depth limit")
	}
	if g := p.Scenario.Game; g == "nim" || g == "matchsticks" {
		take := orDefaultInt(p.Scenario.Take, 2)
		if m := p.mostMatchesFitting(max); m > 0 {
			ways = append(ways, fmt.Sprintf("put at most %d matches on the table (matches=%d) with take %d", m, m, take))
		} else {
			ways = append(ways, "put fewer matches on the table")
		}
	}
	if len(ways) == 0 {
		ways = append(ways, "search a smaller tree")
	}
	return usage("%s: %s", msg, strings.Join(ways, ", or "))
}

// sizeOf is the size of the tree of s prepared without a budget (or a
// number above max when it is larger), or -1 when s does not prepare.
func sizeOf(s Scenario, max int64) int64 {
	s.Budget.Nodes = 0
	q, err := s.Prepare()
	if err != nil {
		return -1
	}
	return q.sizeUpTo(max)
}

// deepestFitting is the deepest depth limit, below the scenario's own,
// under which its tree has at most max nodes; 0 when there is none.
func (p *Search) deepestFitting(max int64) int {
	top := p.Scenario.Depth - 1
	if p.Scenario.Depth == 0 {
		top = maxDepthHint
	}
	return p.largestFitting(top, max, func(s *Scenario, d int) { s.Depth = d })
}

// maxDepthHint is the deepest depth limit CheckSize tries when suggesting
// one: deeper limits fit only trees that end sooner anyway.
const maxDepthHint = 64

// mostMatchesFitting is the most matches, below the scenario's own, for
// which the matchstick tree has at most max nodes; 0 when there is none.
func (p *Search) mostMatchesFitting(max int64) int {
	return p.largestFitting(orDefaultInt(p.Scenario.Matches, 5)-1, max, func(s *Scenario, m int) { s.Matches = m })
}

// largestFitting is the largest k in 1..top for which the scenario with
// set(k) has a tree of at most max nodes; 0 when there is none. Trees only
// grow with k, so it stops at the first k that is too large.
func (p *Search) largestFitting(top int, max int64, set func(*Scenario, int)) int {
	s := p.Scenario
	best := 0
	for k := 1; k <= top; k++ {
		set(&s, k)
		if n := sizeOf(s, max); n < 0 || n > max {
			break
		}
		best = k
	}
	return best
}

// thousands writes n with commas between groups of three digits, as the
// pages write large counts: 10,000,000.
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// sizeUpTo is the number of nodes of the tree down to the depth limit,
// or, when that is more than max, some number above max: games whose
// shaper remembers subtree sizes count them all (fast, and exact), the
// others stop counting past max, so that the check costs at most a walk
// of max nodes.
func (p *Search) sizeUpTo(max int64) int64 {
	if p.shaper == nil {
		return 0
	}
	return p.shaper.sizeUpTo(max)
}

// sizeExact reports whether sizeUpTo gives the whole size even above max.
func (p *Search) sizeExact() bool {
	return p.shaper != nil && p.shaper.memoized()
}

func (gs *gameShaper[S]) memoized() bool { return gs.memo && !gs.inexact }

// MaxSizeCount is the most distinct subtrees (a position and the depth left
// below it) a size check works out for a game that remembers subtree sizes.
// Most games' trees repeat positions so often that counting them is cheap,
// but some do not (minichess with quiescence search below the limit): there
// the check stops after this many, and the tree is refused as "more than"
// the limit instead of counted to its last node. The largest lecture
// scenarios need far fewer: Connect Four at its deepest limit works out
// 76,231 subtrees, the full tic-tac-toe tree 4,520.
const MaxSizeCount = 250_000

func (gs *gameShaper[S]) sizeUpTo(max int64) int64 {
	gs.mu.Lock()
	defer gs.mu.Unlock()
	if gs.memo {
		gs.countCap, gs.countWork, gs.countOver = MaxSizeCount, 0, false
		n := int64(gs.count(gs.root, gs.startLeft(), 0))
		gs.inexact, gs.lastWork = gs.countOver, gs.countWork
		gs.countCap, gs.countWork, gs.countOver = 0, 0, false
		if gs.inexact {
			return max + 1
		}
		return n
	}
	var n int64
	var walk func(s S, left, d int) bool
	walk = func(s S, left, d int) bool {
		if n++; n > max {
			return false
		}
		if !gs.inner(s, left) {
			return true
		}
		// The recursion uses the buffers of deeper levels only, so ms stays.
		ms := gs.moves(s, d)
		for _, m := range ms {
			if !walk(gs.g.Result(s, m), childLeft(left), d+1) {
				return false
			}
		}
		return true
	}
	walk(gs.root, gs.startLeft(), 0)
	return n
}

// MaxRememberedSizeChecks is how many scenarios' size checks (CheckSize
// under one limit) the process remembers, with the subtree sizes the check
// counted: the students of a class who open the same scenario have its
// tree counted once, not once each (the full tic-tac-toe tree takes about
// a millisecond and a half to count), and their fold counts read the same
// remembered sizes. The least recently used is forgotten first. Each holds
// one shaper's sizes: about 0.3 MB for tic-tac-toe, 3 MB for Connect Four
// at its deepest limit.
const MaxRememberedSizeChecks = 32

// sizeChecks remembers, by canonical scenario and limit, the outcome of
// CheckSize (nil, or the *UsageError the same scenario gives again) and
// the shaper that counted it.
var sizeChecks = flight.New[shaper](MaxRememberedSizeChecks)

// ForgetSizeChecks drops the size checks remembered for every scenario
// (a server whose class has left hands their memory back).
func ForgetSizeChecks() { sizeChecks.Forget() }

// checkSizeShared is CheckSize, worked out once for every Search prepared
// from the same scenario under the same limit: concurrent first callers
// share one count, later ones take the shaper that counted (its methods
// are safe for concurrent use, and it depends on nothing but the
// scenario), and a caller whose budget's context ends stops waiting
// without stopping the count for the others.
func (p *Search) checkSizeShared(max int64) error {
	ctx := p.Scenario.Budget.Context
	if ctx == nil {
		ctx = context.Background()
	}
	if ctx.Err() != nil {
		// Preparing does not look at the budget's context (the searches
		// do): count alone rather than refuse.
		return p.CheckSize(max)
	}
	key := strconv.FormatInt(max, 10) + "\x00" + p.Scenario.Query().Encode()
	sh, err := sizeChecks.Do(ctx, key, func(context.Context) (shaper, error) {
		return p.shaper, p.CheckSize(max)
	}, func(err error) bool {
		var u *UsageError
		return errors.As(err, &u)
	})
	if sh != nil {
		p.shaper = sh
	}
	if err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		return fmt.Errorf("scenario: the size check was stopped: %w", err)
	}
	return err
}
