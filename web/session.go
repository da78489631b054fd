package web

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/url"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/view"
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
	// workSlice is how many events the session replays (or counts) before
	// it looks at its inbox, its pings and whether the viewer has gone: a
	// few milliseconds of work, so that a seek through millions of steps
	// never leaves the session deaf to pause, close or a ping.
	workSlice = view.DefaultSlice
)

type inbound struct {
	cmd Command
	err error
	// size is the message's length in bytes.
	size int
}

// session is one viewer's connection, built as gorilla's examples build
// them: the reader goroutine only reads and parses; the writer goroutine
// owns the viewer (the cursor it drives) and every write. Long moves run
// in slices of workSlice events, between which the writer answers pause,
// pings and the end of the session.
type session struct {
	hub      *Hub
	conn     *websocket.Conn
	logger   *slog.Logger
	in       chan inbound
	done     chan struct{} // closed when the session must end
	stopOnce sync.Once
	// why is the reason the session ends, for the close message the
	// viewer is sent (the server's shutdown when nil); set once, before
	// done is closed.
	why error
	// ctx ends with the session: the work in progress stops at its next
	// slice.
	ctx    context.Context
	cancel context.CancelFunc

	// Owned by the writer goroutine.
	v       driver
	playing bool
	speed   float64
	queue   []inbound // commands that came in while a move was in progress
	newTick bool      // play was asked again: the ticker takes the new speed
	// loading says the session holds a load's turn (see loadCoresFree)
	// until its first answer is made: the seek to the asked step and the
	// whole first drawing are most of a load's work once the scenario's
	// scene is shared.
	loading bool
	// enc encodes the messages to the viewer into one buffer.
	enc encoder
	// moves counts the moving commands received (movingCmds), and
	// aheadBy is the step size the page wants made ahead ("" for none):
	// see ahead.go.
	moves   int
	aheadBy string
	// lang is the language the session's errors are worded in.
	lang i18n.Lang
	// addr is the client's address (for the rooms' rate limits).
	addr string
	// fol is the room the session follows, nil when none (see
	// room_session.go); owned by the writer.
	fol *following
}

// newSession opens a session whose errors are worded in lang (the page's
// language, from the websocket address's lang=) until a load or a
// comparison names its own.
func newSession(h *Hub, conn *websocket.Conn, lang i18n.Lang) *session {
	ctx, cancel := context.WithCancel(h.Context())
	return &session{hub: h, conn: conn, in: make(chan inbound, inboxSize), done: make(chan struct{}),
		logger: h.logger, ctx: ctx, cancel: cancel, lang: lang}
}

func (s *session) stop() { s.stopFor(nil) }

// stopFor ends the session for the reason why (nil: the server is
// shutting down), the first reason given being the one the viewer is told.
func (s *session) stopFor(why error) {
	s.stopOnce.Do(func() {
		s.why = why
		s.cancel()
		close(s.done)
	})
}

// errIdle is why a session whose page has sent nothing, not even a pong,
// for pongWait ends.
var errIdle = say("ws.idle", "Seconds", int(pongWait/time.Second))

func (s *session) recoverIn(where string) {
	if r := recover(); r != nil {
		s.logger.Error("websocket session panic", "in", where, "panic", r, "stack", string(debug.Stack()))
		s.stop()
	}
}

// errBinary answers a binary frame: commands are JSON text.
var errBinary = say("ws.err.binary")

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
		kind, data, err := s.conn.ReadMessage()
		if err != nil {
			if ne, ok := err.(net.Error); ok && ne.Timeout() {
				s.stopFor(errIdle)
			}
			if websocket.IsUnexpectedCloseError(err, websocket.CloseGoingAway, websocket.CloseNormalClosure, websocket.CloseNoStatusReceived) {
				s.logger.Info("websocket read", "err", err)
			}
			return
		}
		s.conn.SetReadDeadline(time.Now().Add(pongWait))
		in := inbound{size: len(data)}
		if kind == websocket.BinaryMessage {
			in.err = errBinary
		} else {
			in.cmd, in.err = ParseCommand(data)
		}
		select {
		case s.in <- in:
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
	defer s.loadDone()
	defer s.unfollow()
	ping := time.NewTicker(pingPeriod)
	defer ping.Stop()
	var play *time.Ticker
	defer func() {
		if play != nil {
			play.Stop()
		}
	}()
	for {
		// The end of the session comes first, even when work is waiting.
		select {
		case <-s.done:
			s.goodbye()
			return
		default:
		}
		var tick <-chan time.Time
		if play != nil {
			tick = play.C
		}
		busy := s.v != nil && s.v.busy()
		// While a move is under way, the writer only looks at what came in
		// between two slices; otherwise it waits.
		var in <-chan inbound = s.in
		if busy && len(s.queue) >= inboxSize {
			in = nil // the reader waits until the queue has room
		}
		var idle <-chan time.Time
		if busy || s.v != nil && s.v.counting() || len(s.queue) > 0 {
			idle = closedTimer
		}
		var msgs []Message
		var updates <-chan []byte
		if s.fol != nil {
			updates = s.fol.f.Updates()
		}
		select {
		case <-s.done:
			s.goodbye()
			return
		case b, ok := <-updates:
			if !ok {
				s.fol = nil
				continue
			}
			if !s.sendRaw(b) {
				return
			}
			continue
		case <-ping.C:
			s.conn.SetWriteDeadline(time.Now().Add(writeWait))
			if err := s.conn.WriteMessage(websocket.PingMessage, nil); err != nil {
				return
			}
			continue
		case <-tick:
			if busy || len(s.queue) > 0 {
				continue // a tick is skipped while the viewer's own commands wait
			}
			msgs = s.handle(Command{V: ProtocolVersion, Cmd: "step", N: 1})
		case c := <-in:
			if busy && !(c.err == nil && c.cmd.Cmd == "pause") {
				s.queue = append(s.queue, c)
				continue
			}
			msgs = s.receive(c)
		case <-idle:
			switch {
			case busy:
				msgs = s.v.work(s.ctx, workSlice)
			case len(s.queue) > 0:
				c := s.queue[0]
				s.queue = s.queue[1:]
				msgs = s.receive(c)
			default:
				msgs = s.v.countSlice(s.ctx, workSlice)
			}
		}
		if s.v != nil && s.playing && (s.v.ended() && !s.v.busy()) {
			s.playing = false
			f := false
			msgs = append(msgs, Message{Type: "playing", Playing: &f})
		}
		switch {
		case s.playing && play == nil:
			play = time.NewTicker(time.Duration(float64(time.Second) / s.speed))
		case !s.playing && play != nil:
			play.Stop()
			play = nil
		case s.playing && s.newTick:
			play.Reset(time.Duration(float64(time.Second) / s.speed))
		}
		s.newTick = false
		ok := s.sendAll(msgs)
		if s.v == nil || !s.v.busy() {
			s.loadDone()
		}
		if ok {
			ok = s.sendAll(s.readyAhead())
		}
		if !ok {
			return
		}
	}
}

// loadDone gives back the load's turn the session holds, if any.
func (s *session) loadDone() {
	if s.loading {
		s.loading = false
		<-s.hub.loads
	}
}

// goodbye tells the viewer the session ends, and why, in the page's
// language.
func (s *session) goodbye() {
	why := s.why
	if why == nil {
		why = say("ws.closing")
	}
	s.conn.SetWriteDeadline(time.Now().Add(writeWait))
	s.conn.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseGoingAway, closeReason(s.lang, why)))
}

// queryLang is the language a load's or a comparison's query names
// (lang=), if it names one of the catalogs'.
func queryLang(query string) (i18n.Lang, bool) {
	q, err := url.ParseQuery(strings.TrimPrefix(query, "?"))
	if err != nil {
		return "", false
	}
	return i18n.Parse(q.Get("lang"))
}

// closedTimer is a channel that is always ready: the writer's select
// takes it when there is work to do and nothing else is waiting.
var closedTimer = func() <-chan time.Time {
	c := make(chan time.Time)
	close(c)
	return c
}()

// receive answers one command from the viewer.
func (s *session) receive(in inbound) []Message {
	if movingCmds[in.cmd.Cmd] {
		s.moves++
	}
	if in.err != nil {
		return []Message{errMsg(in.cmd.Cmd, in.err)}
	}
	if s.fol != nil && !s.fol.lecturer && in.size > MaxFollowerMessage {
		return []Message{errMsg(in.cmd.Cmd, say("ws.err.follower-size", "Max", MaxFollowerMessage))}
	}
	return s.handle(in.cmd)
}

func (s *session) send(m Message) bool {
	if m.err != nil {
		m.Error = errorText(s.lang, m.err)
	}
	b := m.encoded
	if b == nil {
		var err error
		if b, err = s.enc.encode(m); err != nil {
			s.logger.Error("websocket encode", "err", err)
			return false
		}
	}
	s.conn.SetWriteDeadline(time.Now().Add(writeWait))
	ok := s.conn.WriteMessage(websocket.TextMessage, b) == nil
	s.enc.trim()
	return ok
}

// sendRaw writes a message encoded already (a room's update, shared by
// its followers).
func (s *session) sendRaw(b []byte) bool {
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

// errMsg is the error message of command cmd; the session words err in
// the page's language when it sends it.
func errMsg(cmd string, err error) Message {
	return Message{Type: "error", err: err, Cmd: cmd}
}

// driver is what a session drives: one viewer's cursor (load) or the
// panes of a comparison (compare). It answers the moving commands,
// works in slices, and is owned by the writer goroutine.
type driver interface {
	// command starts step, back, seek, next-cutoff or count (and the
	// load itself); its answer comes at once or from work.
	command(c Command) []Message
	// work does one slice of the move under way and, when it is done,
	// returns its answer.
	work(ctx context.Context, slice int) []Message
	// countSlice counts one slice of steps, between the viewer's commands.
	countSlice(ctx context.Context, slice int) []Message
	// halt stops the move under way where it got to.
	halt() []Message
	busy() bool
	counting() bool
	ended() bool
	close()
}

// handle carries out one command: it answers at once, or starts a move
// whose answer comes when its last slice is done.
func (s *session) handle(c Command) []Message {
	if c.Cmd == "ahead" {
		return s.setAhead(c.By)
	}
	if msgs, ok := s.roomCommand(c); ok {
		return msgs
	}
	if movingCmds[c.Cmd] {
		if msgs, answered := s.aheadFirst(c); answered {
			return msgs
		}
	}
	if c.Cmd == "load" || c.Cmd == "compare" {
		// A load waits for its turn (see loadCoresFree) and keeps it until
		// its first answer is made (see loadDone); a session that ends
		// meanwhile loads nothing.
		if !s.loading {
			select {
			case s.hub.loads <- struct{}{}:
				s.loading = true
			case <-s.done:
				return nil
			}
		}
		if l, ok := queryLang(c.Query); ok {
			s.lang = l
		}
		// A load is new work: refused while the server is over its
		// memory share (Server.memoryFull), the session kept.
		if s.hub.full != nil {
			if why := s.hub.full(s.lang); why != "" {
				s.loadDone()
				return []Message{errMsg(c.Cmd, errors.New(why))}
			}
		}
		var d driver
		var err error
		switch {
		case s.hub.drivers != nil:
			d, err = s.hub.drivers(s.ctx, c)
		case c.Cmd == "load":
			d, err = newViewer(s.ctx, c.Query)
		default:
			d, err = newComparer(s.ctx, c.Query)
		}
		if err != nil {
			s.loadDone()
			return []Message{errMsg(c.Cmd, err)}
		}
		if vw, ok := d.(*viewer); ok {
			vw.share, vw.drawn = true, c.Drawn
		}
		if m, ok := relayout(c, d); ok {
			d.close()
			s.loadDone()
			return []Message{m}
		}
		if s.v != nil {
			s.v.close()
		}
		s.v = d
		s.playing = false
		s.queue = s.queue[:0]
		if !c.Step.Set {
			c.Step = StepArg{Set: true}
		}
		return d.command(Command{V: c.V, Cmd: c.Cmd, Step: c.Step})
	}
	v := s.v
	if v == nil {
		return []Message{errMsg(c.Cmd, say("ws.err.no-load"))}
	}
	switch c.Cmd {
	case "step", "next-cutoff", "back", "seek", "count":
		return v.command(c)
	case "play":
		s.playing, s.speed, s.newTick = !v.ended(), c.Speed, true
		p := s.playing
		return []Message{{Type: "playing", Playing: &p}}
	case "pause":
		s.playing = false
		f := false
		msgs := []Message{{Type: "playing", Playing: &f}}
		if v.busy() {
			// A long move stops where it got to; the viewer sees that step.
			msgs = append(msgs, v.halt()...)
		}
		return msgs
	}
	return []Message{errMsg(c.Cmd, say("ws.err.unknown-cmd", "Got", strconv.Quote(c.Cmd), "Want", commandNames))}
}

// relayout decides, for a load that names no layout= and reports its
// pane, whether the tree reads larger drawn the other way than the page
// draws it (down, the default); if so, the answer tells the page the
// query to show instead (the load's, with layout= and the step).
func relayout(c Command, d driver) (Message, bool) {
	if c.Pane == nil {
		return Message{}, false
	}
	q, err := url.ParseQuery(strings.TrimPrefix(c.Query, "?"))
	if err != nil || q.Get("layout") != "" {
		return Message{}, false
	}
	layout := view.LayoutDown
	switch d := d.(type) {
	case *viewer:
		layout, err = view.ChooseLayout(d.prep, OpenList(q.Get("open")), c.Pane.W, c.Pane.H, c.Pane.Across)
	case *comparer:
		// Every pane has the same scene, and the same width.
		var other *view.Scene
		if other, err = d.cmp.other(); err == nil {
			layout = view.ChooseBetween(d.cmp.scene, other, c.Pane.W, c.Pane.H, c.Pane.Across)
		}
	}
	if err != nil || layout == view.LayoutDown {
		return Message{}, false
	}
	q.Set("layout", layout)
	switch {
	case c.Step.End:
		q.Set("step", "end")
	case c.Step.Value > 0:
		q.Set("step", strconv.Itoa(c.Step.Value))
	}
	return Message{Type: "layout", Layout: layout, Query: q.Encode()}, true
}

// stepArgOf is where a step, back or seek command goes.
func stepArgOf(c Command, v *viewer) StepArg {
	if c.Cmd == "load" {
		return c.Step
	}
	switch c.Cmd {
	case "step":
		return StepArg{Set: true, Value: c.N}
	case "back":
		return StepArg{Set: true, Value: max(0, v.cur.Step()-c.N)}
	}
	return c.Step
}
