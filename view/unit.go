package view

import (
	"fmt"

	"github.com/abtrace/abtrace/trace"
)

// A step size of the viewer is a By: one event (the default), one node
// entered (ByNode), or one cutoff (ByCutoff: a prune that skips at least
// one child); a comparison aligns its panes by event or by node. A
// lecturer goes through the textbook tree in 11 presses by node (the
// nodes alpha-beta enters), against 50 by event.

// ByCutoff moves the viewer to its next cutoff per step.
const ByCutoff By = "cutoff"

// Units lists the step sizes in the order a key cycles through them.
var Units = []By{ByEvent, ByNode, ByCutoff}

// ParseUnit reads the viewer's step size (by=); "" is ByEvent.
func ParseUnit(s string) (By, error) {
	switch u := By(s); u {
	case "":
		return ByEvent, nil
	case ByEvent, ByNode, ByCutoff:
		return u, nil
	}
	return ByEvent, fmt.Errorf("step by event, node or cutoff, not %q", s)
}

// Next is the step size after u in Units, the last followed by the first.
func (u By) Next() By {
	for i, x := range Units {
		if x == u {
			return Units[(i+1)%len(Units)]
		}
	}
	return ByEvent
}

// marks reports whether an event ends a step of this size.
func (u By) marks(e *trace.Event) bool {
	switch u {
	case ByNode:
		return e.Type == trace.Enter || e.Type == trace.Grow
	case ByCutoff:
		return isCutoff(e)
	}
	return true
}

// Done is how many steps of this size a frame has gone: its step, the
// nodes entered, or the cutoffs made.
func (u By) Done(f *trace.Frame) int {
	switch u {
	case ByNode:
		return f.Stats.Nodes
	case ByCutoff:
		return f.Stats.Cutoffs
	}
	return f.Step
}

// Move sets the cursor's goal n steps of size u away: forward for n > 0,
// back for n < 0. Forward, it stops at the event that completes the n-th
// node or cutoff (or the end); back, at the event of the node or cutoff n
// before the one the cursor is at or after (step 0 before the first).
func (c *Cursor) Move(u By, n int) {
	if u == ByEvent || u == "" {
		c.Seek(max(satAdd(c.frame.Step, n), 0))
		return
	}
	k := u.Done(c.frame)
	if n < 0 && !c.lastMarks(u) {
		// Between two marks: the first step back lands on the last one.
		k++
	}
	c.seekMark(u, max(k+n, 0))
}

// lastMarks reports whether the event of the cursor's step ends a step of
// size u.
func (c *Cursor) lastMarks(u By) bool {
	if c.lastStep != c.frame.Step || c.lastStep == 0 {
		return false
	}
	switch u {
	case ByNode:
		return c.lastEnter
	case ByCutoff:
		return c.lastCut
	}
	return true
}

// seekMark sets the goal at the event that makes u.Done k (step 0 for
// k = 0), restarting from the latest checkpoint before it when it lies
// behind the cursor.
func (c *Cursor) seekMark(u By, k int) {
	if k == 0 {
		c.Seek(0)
		return
	}
	if k <= u.Done(c.frame) {
		var cp *checkpoint
		for i := range c.checkpoints {
			if u.Done(c.checkpoints[i].frame) < k {
				cp = &c.checkpoints[i]
			}
		}
		c.restart(cp)
	}
	c.forwardMark(u, k)
}
