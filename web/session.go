package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"log/slog"
	"math/bits"
	"net/url"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

// Timing and size of a websocket session. Each has a reason.
const (
	// writeWait is how long one message may take to reach the viewer. A
	// frame of a large tree is a few hundred KB; on a classroom network
	// that is well under a second, so ten seconds means the peer is gone.
	writeWait = 10 * time.Second
	// pongWait is how long the server waits for any message or pong before
	// it decides the viewer has gone (a closed laptop lid, a dead network).
	pongWait = 60 * time.Second
	// pingPeriod must be shorter than pongWait so a live viewer always
	// answers in time.
	pingPeriod = pongWait * 9 / 10
	// maxMessageBytes is the read limit: a load command carries the
	// scenario's query, which can hold a tree of up to tree.MaxTextBytes
	// (percent-encoding can triple it), plus room for the other fields.
	maxMessageBytes = 3*tree.MaxTextBytes + 64<<10
	// inboxSize is how many commands may wait while the session works on
	// one (a held-down arrow key sends many).
	inboxSize = 64
	// firstCheckpoint is the first step at which a session keeps a copy of
	// its frame; later copies are at twice the step of the one before, so
	// going back costs at most half the steps taken, and the copies take at
	// most about twice the memory of the current frame.
	firstCheckpoint = 256
	// countEvery is how often (in events) the background count of a
	// search's steps looks whether the viewer is still there.
	countEvery = 4096
)

type inbound struct {
	cmd Command
	err error
}

type countResult struct {
	gen   int
	total int
}

// session is one viewer's connection. The reader goroutine only reads and
// parses; the writer goroutine owns the viewer state and every write.
type session struct {
	hub      *Hub
	conn     *websocket.Conn
	logger   *slog.Logger
	in       chan inbound
	done     chan struct{} // closed when the session must end
	stopOnce sync.Once
	counted  chan countResult

	// Owned by the writer goroutine.
	v       *viewer
	gen     int // load generation, so a stale count is ignored
	playing bool
	speed   float64
}

func (s *session) stop() { s.stopOnce.Do(func() { close(s.done) }) }

func (s *session) recoverIn(where string) {
	if r := recover(); r != nil {
		s.logger.Error("websocket session panic", "in", where, "panic", r, "stack", string(debug.Stack()))
		s.stop()
	}
}

func (s *session) readLoop() {
	defer s.hub.wg.Done()
	defer s.stop()
	defer s.recoverIn("reader")
	s.conn.SetReadLimit(maxMessageBytes)
	s.conn.SetReadDeadline(time.Now().Add(pongWait))
	s.conn.SetPongHandler(func(string) error {
		return s.conn.SetReadDeadline(time.Now().Add(pongWait))
	})
	for {
		_, data, err := s.conn.ReadMessage()
		if err != nil {
			if websocket.IsUnexpectedCloseError(err, websocket.CloseGoingAway, websocket.CloseNormalClosure, websocket.CloseNoStatusReceived) {
				s.logger.Info("websocket read", "err", err)
			}
			return
		}
		s.conn.SetReadDeadline(time.Now().Add(pongWait))
		cmd, perr := ParseCommand(data)
		select {
		case s.in <- inbound{cmd, perr}:
		case <-s.done:
			return
		}
	}
}

func (s *session) writeLoop() {
	defer s.hub.wg.Done()
	defer s.hub.remove(s)
	defer s.conn.Close()
	defer s.stop()
	defer func() {
		if s.v != nil {
			s.v.close()
		}
	}()
	defer s.recoverIn("writer")
	ping := time.NewTicker(pingPeriod)
	defer ping.Stop()
	var play *time.Ticker
	defer func() {
		if play != nil {
			play.Stop()
		}
	}()
	for {
		var tick <-chan time.Time
		if play != nil {
			tick = play.C
		}
		select {
		case <-s.done:
			s.conn.SetWriteDeadline(time.Now().Add(writeWait))
			s.conn.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseGoingAway, "the server is closing"))
			return
		case <-ping.C:
			s.conn.SetWriteDeadline(time.Now().Add(writeWait))
			if err := s.conn.WriteMessage(websocket.PingMessage, nil); err != nil {
				return
			}
		case c := <-s.counted:
			if s.v != nil && c.gen == s.gen {
				s.v.total = c.total
				if !s.send(Message{Type: "total", Total: &c.total}) {
					return
				}
			}
		case <-tick:
			msgs := s.handle(Command{V: ProtocolVersion, Cmd: "step", N: 1})
			if s.v == nil || s.v.ended {
				play.Stop()
				play = nil
				s.playing = false
				f := false
				msgs = append(msgs, Message{Type: "playing", Playing: &f})
			}
			if !s.sendAll(msgs) {
				return
			}
		case in := <-s.in:
			var msgs []Message
			if in.err != nil {
				msgs = []Message{{Type: "error", Error: in.err.Error(), Cmd: in.cmd.Cmd}}
			} else {
				msgs = s.handle(in.cmd)
			}
			if s.playing && play == nil {
				play = time.NewTicker(time.Duration(float64(time.Second) / s.speed))
			} else if s.playing && play != nil && in.cmd.Cmd == "play" {
				play.Reset(time.Duration(float64(time.Second) / s.speed))
			} else if !s.playing && play != nil {
				play.Stop()
				play = nil
			}
			if !s.sendAll(msgs) {
				return
			}
		}
	}
}

func (s *session) send(m Message) bool {
	m.V = ProtocolVersion
	b, err := json.Marshal(m)
	if err != nil {
		s.logger.Error("websocket encode", "err", err)
		return false
	}
	s.conn.SetWriteDeadline(time.Now().Add(writeWait))
	return s.conn.WriteMessage(websocket.TextMessage, b) == nil
}

func (s *session) sendAll(ms []Message) bool {
	for _, m := range ms {
		if !s.send(m) {
			return false
		}
	}
	return true
}

func errMsg(cmd string, format string, args ...any) Message {
	return Message{Type: "error", Error: fmt.Sprintf(format, args...), Cmd: cmd}
}

// handle carries out one command and returns the messages that answer it.
func (s *session) handle(c Command) []Message {
	if c.Cmd == "load" {
		v, err := newViewer(c.Query)
		if err != nil {
			return []Message{errMsg("load", "%v", err)}
		}
		if s.v != nil {
			s.v.close()
		}
		s.gen++
		s.v = v
		s.playing = false
		v.countSteps(s.gen, s.counted, s.done, s.logger)
		step := c.Step
		if !step.Set {
			step = StepArg{Set: true}
		}
		if err := v.seek(step); err != nil {
			return []Message{errMsg("load", "%v", err)}
		}
		return []Message{v.frameMessage()}
	}
	v := s.v
	if v == nil {
		return []Message{errMsg(c.Cmd, "no scenario loaded yet: send load first")}
	}
	switch c.Cmd {
	case "step":
		return []Message{v.forward(func(int, *trace.Event) bool { return false }, c.N)}
	case "next-cutoff":
		return []Message{v.forward(func(_ int, e *trace.Event) bool { return e.Type == trace.Prune && len(e.Pruned) > 0 }, MaxInt)}
	case "back":
		if err := v.seek(StepArg{Set: true, Value: max(0, v.frame.Step-c.N)}); err != nil {
			return []Message{errMsg("back", "%v", err)}
		}
		return []Message{v.frameMessage()}
	case "seek":
		if err := v.seek(c.Step); err != nil {
			return []Message{errMsg("seek", "%v", err)}
		}
		return []Message{v.frameMessage()}
	case "play":
		s.playing, s.speed = !v.ended, c.Speed
		p := s.playing
		return []Message{{Type: "playing", Playing: &p}}
	case "pause":
		s.playing = false
		f := false
		return []Message{{Type: "playing", Playing: &f}}
	}
	return []Message{errMsg(c.Cmd, "unknown command %q", c.Cmd)}
}

// MaxInt is the largest int, for commands that go as far as they can.
const MaxInt = 1<<(bits.UintSize-1) - 1

// viewer is the state of one loaded scenario: the frame at the viewer's
// step and the live search positioned right after it. It keeps no list of
// events: going back reruns the search (it is deterministic) from the
// nearest checkpoint, so memory follows the step the viewer reached.
type viewer struct {
	prep      *scenario.Search
	frame     *trace.Frame
	next      func() (trace.Event, error, bool)
	stopf     func()
	ahead     trace.Event // the next event, pulled to know whether the frame is the last
	haveAhead bool
	ended     bool  // no event after frame.Step
	err       error // a search error met while pulling
	total     int   // steps in the whole search, -1 until known

	checkpoints []*trace.Frame // frames at steps firstCheckpoint·2^i
	folds       *folds
	cancelCount context.CancelFunc
}

func newViewer(query string) (*viewer, error) {
	q, err := url.ParseQuery(strings.TrimPrefix(query, "?"))
	if err != nil {
		return nil, fmt.Errorf("the query does not parse: %v", err)
	}
	sc, err := scenario.FromQuery(q)
	if err != nil {
		return nil, err
	}
	p, err := budgeted(context.Background(), sc).Prepare()
	if err != nil {
		return nil, err
	}
	f, err := newFolds(p, OpenList(q.Get("open")))
	if err != nil {
		return nil, err
	}
	v := &viewer{prep: p, total: -1, folds: f}
	v.restart()
	return v, nil
}

// OpenList splits the open= parameter: ids of opened folds, comma-separated.
func OpenList(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

// events turns the scenario's search into a sequence the session pulls
// from at the viewer's pace.
func events(p *scenario.Search) iter.Seq2[trace.Event, error] {
	return func(yield func(trace.Event, error) bool) {
		more := true
		_, err := p.Run(func(e *trace.Event) bool {
			more = yield(*e, nil)
			return more
		})
		if err != nil && !errors.Is(err, search.ErrStopped) && more {
			yield(trace.Event{}, err)
		}
	}
}

// restart begins the search again from step 0.
func (v *viewer) restart() {
	if v.stopf != nil {
		v.stopf()
	}
	v.next, v.stopf = iter.Pull2(events(v.prep))
	v.frame = trace.NewFrame()
	v.haveAhead, v.ended, v.err = false, false, nil
	v.folds.reset()
}

func (v *viewer) close() {
	if v.stopf != nil {
		v.stopf()
		v.stopf = nil
	}
	if v.cancelCount != nil {
		v.cancelCount()
	}
}

// pull returns the next event of the search, or false at the end.
func (v *viewer) pull() (trace.Event, bool) {
	if v.haveAhead {
		v.haveAhead = false
		return v.ahead, true
	}
	if v.ended {
		return trace.Event{}, false
	}
	e, err, ok := v.next()
	if !ok || err != nil {
		v.ended = true
		if err != nil {
			v.err = err
		}
		return trace.Event{}, false
	}
	return e, true
}

// lookAhead pulls one event ahead so the viewer knows whether it is at the end.
func (v *viewer) lookAhead() {
	if !v.haveAhead && !v.ended {
		if e, ok := v.pull(); ok {
			v.ahead, v.haveAhead = e, true
		}
	}
	if !v.haveAhead {
		v.ended = true
	}
}

// apply applies one event to the frame and keeps checkpoints and fold
// counts up to date; touched collects the ids of the nodes it changed.
func (v *viewer) apply(e trace.Event, touched map[string]bool) error {
	return v.applyEvent(e, touched, false)
}

// applyEvent is apply, optionally without the narration (see
// trace.Frame.ApplyQuietly).
func (v *viewer) applyEvent(e trace.Event, touched map[string]bool, quiet bool) error {
	var err error
	if quiet {
		err = v.frame.ApplyQuietly(e)
	} else {
		err = v.frame.Apply(e)
	}
	if err != nil {
		return err
	}
	if touched != nil {
		// An event changes the view of its own node and of the children it
		// prunes, nothing else (TestSessionPatchesEqualDiff checks this).
		touched[e.Node] = true
		for _, id := range e.Pruned {
			touched[id] = true
		}
	}
	v.folds.count(e)
	if s := v.frame.Step; s >= firstCheckpoint && s&(s-1) == 0 && (len(v.checkpoints) == 0 || v.checkpoints[len(v.checkpoints)-1].Step < s) {
		v.checkpoints = append(v.checkpoints, v.frame.Clone())
	}
	return nil
}

// forward applies up to n events, stopping early after an event for which
// stopAfter is true, and returns the patch from the old frame to the new.
func (v *viewer) forward(stopAfter func(int, *trace.Event) bool, n int) Message {
	from := v.frame.Step
	touched := map[string]bool{}
	for i := 0; i < n; i++ {
		e, ok := v.pull()
		if !ok {
			break
		}
		if err := v.apply(e, touched); err != nil {
			return errMsg("step", "the trace could not be replayed: %v", err)
		}
		if stopAfter(i, &e) {
			break
		}
	}
	v.lookAhead()
	if v.err != nil {
		return errMsg("step", "%v", v.err)
	}
	f := v.frame
	p := &trace.Patch{From: from, Step: f.Step, Current: f.Current, Stack: append([]string{}, f.Stack...),
		Line: f.Line, Type: f.Type, Narration: f.Narration, Stats: f.Stats.Clone(), Done: f.Done, Result: f.Result.Clone()}
	for id := range touched {
		if nv := f.Nodes[id]; nv != nil && !v.folds.hidden(id) {
			if p.Nodes == nil {
				p.Nodes = map[string]*trace.NodeView{}
			}
			p.Nodes[id] = nv.Clone()
		}
	}
	return Message{Type: "patch", Patch: p, Total: v.totalPtr(), End: v.ended, Folds: v.folds.changed()}
}

func (v *viewer) totalPtr() *int {
	if v.total < 0 {
		return nil
	}
	t := v.total
	return &t
}

func (v *viewer) frameMessage() Message {
	if v.err != nil {
		return errMsg("seek", "%v", v.err)
	}
	return Message{Type: "frame", Frame: v.folds.visible(v.frame), Total: v.totalPtr(), End: v.ended, Folds: v.folds.snapshot()}
}

// seek moves the frame to a step: forward by applying events, backward by
// rerunning the search from the nearest checkpoint.
func (v *viewer) seek(to StepArg) error {
	target := to.Value
	if to.End {
		target = MaxInt
	}
	if target < v.frame.Step {
		v.restart()
		var cp *trace.Frame
		for _, c := range v.checkpoints {
			if c.Step < target { // strictly: the landing step needs its narration
				cp = c
			}
		}
		if cp != nil {
			// Run the search silently up to the checkpoint, then take its frame.
			for i := 0; i < cp.Step; i++ {
				if _, ok := v.pull(); !ok {
					return fmt.Errorf("the search ended before step %d", cp.Step)
				}
			}
			v.frame = cp.Clone()
			v.folds.recount(v.frame)
		}
	}
	for v.frame.Step < target {
		e, ok := v.pull()
		if !ok {
			break
		}
		// Only the frame the viewer lands on needs its narration; the steps
		// on the way are replayed quietly.
		quiet := v.frame.Step+1 < target
		if quiet && to.End {
			v.lookAhead() // at the end, only the last event is narrated
			quiet = !v.ended
		}
		if err := v.applyEvent(e, nil, quiet); err != nil {
			return fmt.Errorf("the trace could not be replayed: %v", err)
		}
	}
	v.lookAhead()
	return v.err
}

// countSteps counts the steps of the whole search in the background and
// sends the number to counted, unless the session ends first.
func (v *viewer) countSteps(gen int, counted chan<- countResult, done <-chan struct{}, logger *slog.Logger) {
	ctx, cancel := context.WithCancel(context.Background())
	v.cancelCount = cancel
	p := v.prep
	go func() {
		defer func() {
			if r := recover(); r != nil {
				logger.Error("step count panic", "panic", r, "stack", string(debug.Stack()))
			}
		}()
		n := 0
		_, err := p.Run(func(*trace.Event) bool {
			n++
			return n%countEvery != 0 || ctx.Err() == nil
		})
		if err != nil {
			return
		}
		select {
		case counted <- countResult{gen, n}:
		case <-done:
		case <-ctx.Done():
		}
	}()
}
