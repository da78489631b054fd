package web

import (
	"context"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/view"
)

// MessageWork is the most work one websocket message may start, in slices
// of workSlice events of each search it moves (a slice is a few
// milliseconds of work): a load's seek to its step and first drawing, a
// step, back, seek or next-cutoff to its answer, a count to the total.
// Each such message gets its own allowance of MessageWork slices
// (search.Allowance, charged a slice at a time) and its own context; a
// move that spends it stops where it got to, answered with a frame there
// and an error that says so. The largest search the server allows
// (scenario.MaxWork nodes, about four events a node) is about 1,200
// slices to its end: a seek through it still fits, and nothing a page can
// send keeps a core busy for much longer than that.
const MessageWork = 2048

// moveWork is the work one message started: its allowance, and its
// context, cancelled when the work is done, when a newer seek supersedes
// it, or when the session ends.
type moveWork struct {
	cmd    string
	ctx    context.Context
	cancel context.CancelFunc
	left   *search.Allowance
}

// newWork begins the work of message cmd under the session's context.
func (s *session) newWork(cmd string) *moveWork {
	limit := int64(MessageWork)
	if s.hub.messageWork > 0 {
		limit = s.hub.messageWork
	}
	return newMoveWork(s.ctx, cmd, limit)
}

// newMoveWork begins work cmd of at most limit slices under ctx, charged
// to the allowance ctx carries too (if any).
func newMoveWork(ctx context.Context, cmd string, limit int64) *moveWork {
	a := search.NewAllowance(ctx, limit)
	wctx, cancel := context.WithCancel(search.WithAllowance(ctx, a))
	return &moveWork{cmd: cmd, ctx: wctx, cancel: cancel, left: a}
}

// workCharged works cur to its goal under ctx a slice at a time, each
// charged to an allowance of MessageWork slices of its own (within the
// one ctx carries): work a message starts outside the session's moves
// (going back from a step made ahead, a classroom's stage moving to the
// lecturer's step) is bounded as a move is. Work that spends it stops
// where it got to, with the error that says so.
func workCharged(ctx context.Context, cmd string, cur *view.Cursor) error {
	w := newMoveWork(ctx, cmd, MessageWork)
	defer w.cancel()
	for {
		if err := w.spend(); err != nil {
			return err
		}
		done, err := cur.Work(w.ctx, workSlice)
		if err != nil || done {
			return err
		}
	}
}

// prepCost is a driver whose making (its scenario's shape, layout and
// label placement) costs work before its first step: the nodes it laid
// out.
type prepCost interface {
	laidOut() int
}

// chargePrep charges the making of driver d to the load's work, a node
// laid out as an event replayed (both walk the tree once), a slice at
// least; it returns the error that words the allowance spent.
func (w *moveWork) chargePrep(d driver) error {
	n := int64(1)
	if pc, ok := d.(prepCost); ok {
		n = max(1, int64(pc.laidOut()+workSlice-1)/workSlice)
	}
	return w.charge(n)
}

// spend charges one slice to the work; it returns the error that words
// the allowance spent.
func (w *moveWork) spend() error { return w.charge(1) }

// charge charges n slices to the work; it returns the error that words
// the allowance spent.
func (w *moveWork) charge(n int64) error {
	if w.left.Spend(n) != nil {
		return say("ws.err.work", "Cmd", w.cmd, "Max", w.left.Limit(), "Slice", workSlice)
	}
	return nil
}

// beginMove begins the work of a moving message, ending (superseding)
// the one before.
func (s *session) beginMove(cmd string) {
	s.endMove()
	s.mv = s.newWork(cmd)
}

// endMove ends the work of the move, if any: its context is cancelled.
func (s *session) endMove() {
	if s.mv != nil {
		s.mv.cancel()
		s.mv = nil
	}
}

// workSlice does one slice of the move under way, charged to its
// message's allowance: a move that has spent it stops where it got to,
// with an error saying so, and the halt's answer.
func (s *session) workSlice() []Message {
	if s.mv == nil {
		s.beginMove("")
	}
	if err := s.mv.spend(); err != nil {
		msgs := []Message{errMsg(s.mv.cmd, err)}
		msgs = append(msgs, s.v.halt()...)
		s.beginMove(s.mv.cmd) // what the halt leaves to do, if anything
		return msgs
	}
	return s.v.work(s.mv.ctx, workSlice)
}

// counting says whether the driver counts its steps between commands.
func (s *session) counting() bool {
	c, ok := s.v.(stepCounter)
	return ok && c.counting()
}

// countSlice counts one slice of the driver's steps, charged to the
// count's own allowance (a count started by a load or a count message): a
// count that has spent it is given up, with an error saying so.
func (s *session) countSlice() []Message {
	c, ok := s.v.(stepCounter)
	if !ok {
		return nil
	}
	if s.count == nil {
		s.count = s.newWork("count")
	}
	w := s.count
	var msgs []Message
	if err := w.spend(); err != nil {
		c.stopCount()
		msgs = []Message{errMsg("count", err)}
	} else {
		msgs = c.countSlice(w.ctx, workSlice)
	}
	if !c.counting() {
		w.cancel()
		s.count = nil
	}
	return msgs
}

// supersedes says whether command c replaces the move under way, rather
// than waiting for it: a seek goes to its step from wherever the move got
// to, and the moves it supersedes (the one under way and the moving
// commands queued behind it, none a load) would only have been drawn and
// replaced. Their answers are not sent.
func (s *session) supersedes(c inbound) bool {
	if c.err != nil || c.cmd.Cmd != "seek" || s.mv == nil || !superseded[s.mv.cmd] || s.fol != nil {
		return false
	}
	for _, q := range s.queue {
		if q.err != nil || !superseded[q.cmd.Cmd] {
			return false
		}
	}
	return true
}

// superseded are the moves a newer seek replaces.
var superseded = map[string]bool{"step": true, "back": true, "seek": true, "next-cutoff": true}

// dropQueue forgets the commands queued (each a move superseded: counted
// as received, for the steps made ahead) and ends the move under way.
func (s *session) dropQueue() {
	s.moves += len(s.queue)
	s.queue = s.queue[:0]
	s.endMove()
}

func (v *viewer) laidOut() int { return len(v.scene.Layout.Nodes) }

func (c *comparer) laidOut() int { return len(c.cmp.scene.Layout.Nodes) }
