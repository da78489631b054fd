package web

import (
	"context"

	"github.com/abtrace/abtrace/view"
)

// Steps made ahead (design note 34). A page that asks for it (the ahead
// command) gets, after each answer, the patch of its next step forward
// in the step size it named, as a ready message tagged with the number
// of moving commands the session has received. The page applies a ready
// patch the moment the key is pressed, in the key handler, and says so
// (step with ready: the tag); only then does the session take the step
// as what the page shows. Any other moving command drops the step made
// ahead and puts the cursor back where the page is.

// aheadMaxEvents bounds the events the session applies to make one step
// ahead: a step by cutoff may lie millions of events away (minimax has
// no cutoff), and work that the page may never use must stay a small
// fraction of a step. A step further away is not made ahead; the page's
// key then takes the round trip.
const aheadMaxEvents = 4096

// movingCmds are the commands that move what the page shows (or replace
// it): the session and the page count them alike, and a ready patch is
// tagged with that count.
var movingCmds = map[string]bool{"load": true, "compare": true, "step": true, "back": true, "seek": true, "next-cutoff": true}

// aheader is a driver that can make its next step ahead: the viewer. The
// comparison does not offer it (see docs/session-protocol.md).
type aheader interface {
	// prepareAhead makes the next step by u ahead without taking it as
	// what the page shows, and returns the ready message tagged tag; nil
	// when there is none to make (at the end, a move under way, a step
	// too far, one already made).
	prepareAhead(ctx context.Context, u view.By, tag int) []Message
	// takeAhead takes the step made ahead as what the page shows, if its
	// tag and step size are these; it reports whether it did.
	takeAhead(tag int, u view.By) bool
	// dropAhead forgets the step made ahead; with undo it also puts the
	// cursor back at the page's step, for a command that moves from there.
	dropAhead(ctx context.Context, undo bool)
	// stepWhole starts step c answered with a whole frame (the page's
	// drawing is then not the one the session knows).
	stepWhole(c Command) []Message
}

// readyStep is a step the viewer made ahead for the page.
type readyStep struct {
	tag  int
	by   view.By
	from int // the page's step
	draw *view.Ahead
	// focus is the focus drawing the page has before the step (see
	// viewer.focusD), back if the step is dropped.
	focus *view.Drawing
	// shown is the viewer's shown once the page applied the step.
	shown shownPanels
}

// aheadFirst runs before a moving command: it takes the step made ahead
// when the command says the page applied it (answered = true, nothing
// more to say), and otherwise drops it. A step whose ready patch the page
// says it applied but the session no longer offers is made from the
// session's step and answered with a whole frame, as the page's drawing
// is then not the one the session knows.
func (s *session) aheadFirst(c Command) (msgs []Message, answered bool) {
	a, ok := s.v.(aheader)
	if !ok {
		return nil, false
	}
	if c.Cmd == "step" && c.Ready != 0 {
		u, _ := view.ParseUnit(c.By)
		if a.takeAhead(c.Ready, u) {
			return nil, true
		}
		a.dropAhead(s.ctx, true)
		return a.stepWhole(c), true
	}
	// A seek goes to its step from anywhere; the other moves start from
	// the page's step.
	a.dropAhead(s.ctx, c.Cmd != "seek")
	return nil, false
}

// setAhead answers the ahead command: the page wants its next step by
// (event, node or cutoff) made ahead, or none ("off").
func (s *session) setAhead(by string) []Message {
	if by == "off" {
		by = ""
	}
	if by != s.aheadBy {
		if a, ok := s.v.(aheader); ok {
			a.dropAhead(s.ctx, true)
		}
	}
	s.aheadBy = by
	return nil
}

// readyAhead is the ready message to send once the session has answered
// everything: none while the page plays, while a move is under way or
// while commands wait.
func (s *session) readyAhead() []Message {
	a, ok := s.v.(aheader)
	if !ok || s.aheadBy == "" || s.playing || s.v.busy() || len(s.queue) > 0 || len(s.in) > 0 {
		return nil
	}
	u, _ := view.ParseUnit(s.aheadBy)
	w := s.mv
	if w == nil {
		w = s.newWork("ahead")
		defer w.cancel()
	}
	if w.spend() != nil {
		return nil // the message's work is spent: no step is made ahead
	}
	return a.prepareAhead(w.ctx, u, s.moves)
}

func (v *viewer) prepareAhead(ctx context.Context, u view.By, tag int) []Message {
	from := v.cur.Step()
	if v.ready != nil || v.job != nil || v.cur.AtEnd() || v.cur.Err() != nil || v.tooFar == (farStep{u, from}) {
		return nil
	}
	v.canon = false
	v.cur.Move(u, 1)
	done, err := v.cur.Work(ctx, aheadMaxEvents)
	if err != nil || !done || v.cur.Step() == from {
		if err == nil {
			v.tooFar = farStep{u, from}
		}
		v.cur.Seek(from)
		workCharged(ctx, "ahead", v.cur)
		return nil
	}
	v.noteEnd()
	before, focus := v.shown, v.focusD
	var r *readyStep
	m := v.patchMessageWith(from, func(touched []string, folds map[string]view.FoldCount) *view.DrawingPatch {
		r = &readyStep{tag: tag, by: u, from: from, draw: v.paint.PatchAhead(touched, folds)}
		return r.draw.Patch
	})
	r.shown, v.shown = v.shown, before
	r.focus = focus
	v.ready = r
	m.Type, m.Tag, m.By = "ready", tag, string(u)
	return []Message{m}
}

func (v *viewer) stepWhole(c Command) []Message {
	// The page's focus is not the one the session knows: sent whole.
	v.focusD = nil
	msgs := v.command(c)
	if v.job != nil {
		v.job.patch = false
	}
	return msgs
}

func (v *viewer) takeAhead(tag int, u view.By) bool {
	r := v.ready
	if r == nil || r.tag != tag || r.by != u || !r.draw.Commit() {
		return false
	}
	v.ready = nil
	v.shown = r.shown
	return true
}

func (v *viewer) dropAhead(ctx context.Context, undo bool) {
	r := v.ready
	if r == nil {
		return
	}
	v.ready = nil
	v.focusD = r.focus
	if undo {
		v.cur.Seek(r.from)
		workCharged(ctx, "ahead", v.cur)
	}
}

// farStep is a step from which the next step by a unit lies beyond
// aheadMaxEvents: not tried again from there.
type farStep struct {
	by   view.By
	from int
}
