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

// outgoing is one message the scheduler hands the pump: a text message,
// or the close message that says goodbye.
type outgoing struct {
	kind int
	b    []byte
}

// session is one viewer's connection, built as gorilla's examples build
// them: the reader goroutine only reads and parses; the scheduler
// goroutine owns the driver (the viewer or comparison the commands move)
// and decides what the session does next; the pump only writes, the
// scheduler's messages and the pings. Long moves run in slices of
// workSlice events, between which the scheduler answers pause, a newer
// seek and the end of the session; each message's work is charged to its
// own allowance (moveWork).
type session struct {
	hub    *Hub
	conn   *websocket.Conn
	logger *slog.Logger
	// in carries the reader's commands by pointer: a channel of
	// inboxSize whole commands would be 15 KB of every session, a room's
	// hundreds of followers included (BenchmarkRoomStep500).
	in       chan *inbound
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
	// out hands the pump a message and wrote says whether it was written;
	// pumped is closed once the pump has ended.
	out    chan outgoing
	wrote  chan bool
	pumped chan struct{}

	// Owned by the scheduler goroutine.
	v       driver
	playing bool
	speed   float64
	play    *time.Ticker // the ticks of play, nil while not playing
	queue   []inbound    // commands that came in while a move was in progress
	newTick bool         // play was asked again: the ticker takes the new speed
	// mv is the work of the message whose move is under way, count that
	// of the step count under way (see moveWork); nil when none.
	mv, count *moveWork
	// loading says the session holds a load's turn (see loadCoresFree)
	// until its first answer is made: the seek to the asked step and the
	// whole first drawing are most of a load's work once the scenario's
	// scene is shared.
	loading bool
	// working says the session holds a turn to work (see maxWorking).
	working bool
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
	// room_session.go); owned by the scheduler.
	fol *following
}

// newSession opens a session whose errors are worded in lang (the page's
// language, from the websocket address's lang=) until a load or a
// comparison names its own.
func newSession(h *Hub, conn *websocket.Conn, lang i18n.Lang) *session {
	ctx, cancel := context.WithCancel(h.Context())
	return &session{hub: h, conn: conn, in: make(chan *inbound, inboxSize), done: make(chan struct{}),
		logger: h.logger, ctx: ctx, cancel: cancel, lang: lang,
		out: make(chan outgoing), wrote: make(chan bool, 1), pumped: make(chan struct{})}
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
		case s.in <- &in:
		case <-s.done:
			return
		}
	}
}

// schedule is the session's scheduler: it runs the pump, then does one
// thing at a time (next) until the session ends, and then leaves the hub.
func (s *session) schedule() {
	defer s.hub.wg.Done()
	defer s.hub.remove(s)
	defer s.conn.Close()
	defer s.endPump()
	defer s.stop()
	defer s.closeDriver()
	defer s.recoverIn("scheduler")
	defer s.loadDone()
	defer s.unfollow()
	defer s.setTicker(false)
	go s.pump()
	for s.next() {
	}
}

// next waits for the next thing to do and does it: the end of the
// session first, even when work is waiting; then whichever is ready of a
// room's update, a tick of play, a command, and (when nothing else waits)
// the work under way or waiting. It reports whether the session goes on.
func (s *session) next() bool {
	select {
	case <-s.done:
		s.goodbye()
		return false
	default:
	}
	busy := s.v != nil && s.v.busy()
	select {
	case <-s.done:
		s.goodbye()
		return false
	case b, ok := <-s.updates():
		if !ok {
			s.fol = nil
			return true
		}
		return s.write(websocket.TextMessage, b)
	case <-s.ticks():
		if busy || len(s.queue) > 0 {
			return true // a tick is skipped while the viewer's own commands wait
		}
		return s.answer(s.work(func() []Message { return s.handle(Command{V: ProtocolVersion, Cmd: "step", N: 1}) }))
	case in := <-s.inbox(busy):
		c := *in
		switch {
		case !busy || c.err == nil && c.cmd.Cmd == "pause":
		case s.supersedes(c):
			s.dropQueue()
		default:
			s.queue = append(s.queue, c)
			return true
		}
		return s.answer(s.work(func() []Message { return s.receive(c) }))
	case <-s.waiting(busy):
		return s.answer(s.work(func() []Message { return s.doWaiting(busy) }))
	}
}

// updates are the room's updates the session forwards, nil when it
// follows none.
func (s *session) updates() <-chan []byte {
	if s.fol == nil {
		return nil
	}
	return s.fol.f.Updates()
}

// ticks are play's ticks, nil while not playing.
func (s *session) ticks() <-chan time.Time {
	if s.play == nil {
		return nil
	}
	return s.play.C
}

// inbox is where the next command comes from: none while a move is under
// way and the queue is full (the reader then waits until it has room).
func (s *session) inbox(busy bool) <-chan *inbound {
	if busy && len(s.queue) >= inboxSize {
		return nil
	}
	return s.in
}

// waiting is ready when there is work to do: a move under way, a command
// queued, or a count.
func (s *session) waiting(busy bool) <-chan time.Time {
	if busy || len(s.queue) > 0 || s.counting() {
		return closedTimer
	}
	return nil
}

// doWaiting does the work that waits: a slice of the move under way, else
// the first command queued, else a slice of the count.
func (s *session) doWaiting(busy bool) []Message {
	switch {
	case busy:
		return s.workSlice()
	case len(s.queue) > 0:
		c := s.queue[0]
		s.queue = s.queue[1:]
		return s.receive(c)
	}
	return s.countSlice()
}

// answer hands the pump the answers, with what they change in play, and
// then, when nothing else waits, the step made ahead. It reports whether
// they were written.
func (s *session) answer(msgs []Message) bool {
	if s.v != nil && s.playing && s.v.ended() && !s.v.busy() {
		s.playing = false
		f := false
		msgs = append(msgs, Message{Type: "playing", Playing: &f})
	}
	s.setTicker(s.playing)
	ok := s.sendAll(msgs)
	if s.v != nil && s.v.busy() {
		return ok
	}
	s.loadDone()
	// The step made ahead is work of the message just answered, charged
	// to its allowance.
	ahead := s.work(s.readyAhead)
	s.endMove()
	return ok && s.sendAll(ahead)
}

// setTicker starts, stops or resets play's ticker to match on and the
// speed asked for.
func (s *session) setTicker(on bool) {
	switch {
	case on && s.play == nil:
		s.play = time.NewTicker(time.Duration(float64(time.Second) / s.speed))
	case !on && s.play != nil:
		s.play.Stop()
		s.play = nil
	case on && s.newTick:
		s.play.Reset(time.Duration(float64(time.Second) / s.speed))
	}
	s.newTick = false
}

// closeDriver closes the driver, if any.
func (s *session) closeDriver() {
	if s.v != nil {
		s.v.close()
	}
}

// pump is the session's writer, gorilla's write pump: it writes the
// messages the scheduler hands it, one at a time, and a ping every
// pingPeriod, and nothing else. It ends when the scheduler closes out, or
// at the first write that fails (the viewer has gone), which ends the
// session.
func (s *session) pump() {
	defer close(s.pumped)
	defer s.recoverIn("pump")
	ping := time.NewTicker(pingPeriod)
	defer ping.Stop()
	for {
		select {
		case o, ok := <-s.out:
			if !ok {
				return
			}
			s.conn.SetWriteDeadline(time.Now().Add(writeWait))
			err := s.conn.WriteMessage(o.kind, o.b)
			s.wrote <- err == nil
			if err != nil {
				s.stop()
				return
			}
		case <-ping.C:
			s.conn.SetWriteDeadline(time.Now().Add(writeWait))
			if err := s.conn.WriteMessage(websocket.PingMessage, nil); err != nil {
				s.stop()
				return
			}
		}
	}
}

// write hands the pump one message and waits until it is written (the
// encoder's buffer is then free again); false when it was not, or the
// pump has ended.
func (s *session) write(kind int, b []byte) bool {
	select {
	case s.out <- outgoing{kind, b}:
		return <-s.wrote
	case <-s.pumped:
		return false
	}
}

// endPump ends the pump and waits until it has.
func (s *session) endPump() {
	close(s.out)
	<-s.pumped
}

// work does do in one of the hub's turns to work (see maxWorking),
// waiting for one first; a session that ends meanwhile does nothing.
func (s *session) work(do func() []Message) []Message {
	if !s.takeTurn() {
		return nil
	}
	defer s.leaveTurn()
	return do()
}

// takeTurn waits for a turn to work, and reports whether the session got
// it before it ended.
func (s *session) takeTurn() bool {
	select {
	case s.hub.working <- struct{}{}:
		s.working = true
		return true
	case <-s.done:
		return false
	}
}

// leaveTurn gives back the turn to work the session holds, if any.
func (s *session) leaveTurn() {
	if s.working {
		s.working = false
		<-s.hub.working
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
	s.write(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseGoingAway, closeReason(s.lang, why)))
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
	ok := s.write(websocket.TextMessage, b)
	s.enc.trim()
	return ok
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
// panes of a comparison (compare), owned by the scheduler. These are the
// verbs every driver has; the optional ones are interfaces of their own,
// which the session looks for as it needs them: counting its steps
// between commands (stepCounter), choosing the tree's layout for the page
// (layoutChooser), making steps ahead (aheader).
type driver interface {
	// command starts step, back, seek, next-cutoff or count (and the
	// load itself); its answer comes at once or from work.
	command(c Command) []Message
	// work does one slice of the move under way and, when it is done,
	// returns its answer.
	work(ctx context.Context, slice int) []Message
	// halt stops the move under way where it got to.
	halt() []Message
	busy() bool
	ended() bool
	// position is the step shown and the steps of the whole search (-1
	// until known).
	position() (step, total int)
	close()
}

// stepCounter is a driver that counts its search's steps between the
// viewer's commands: the viewer (a comparison counts its panes as it
// loads).
type stepCounter interface {
	counting() bool
	// countSlice counts one slice of steps, and answers with the total
	// once it is known.
	countSlice(ctx context.Context, slice int) []Message
	// stopCount gives up the count under way.
	stopCount()
}

// tablePager is a driver whose table panel lists its entries a page at a
// time (the ttpage command).
type tablePager interface {
	setTablePage(n int) []Message
}

// paneResizer is a driver that fits what it draws to the page's pane
// when the page reports the pane again (the pane command).
type paneResizer interface {
	resizePane(p *Pane) []Message
}

// layoutChooser is a driver that can say which way its tree reads larger
// in the page's pane (view.LayoutDown or view.LayoutAcross): see
// relayout.
type layoutChooser interface {
	chooseLayout(q url.Values, p *Pane) (string, error)
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
			s.beginMove(c.Cmd)
			return msgs
		}
	}
	if c.Cmd == "load" || c.Cmd == "compare" {
		return s.load(c)
	}
	v := s.v
	if v == nil {
		return []Message{errMsg(c.Cmd, say("ws.err.no-load"))}
	}
	switch c.Cmd {
	case "step", "next-cutoff", "back", "seek":
		if err := s.tooLargeNow(c); err != nil {
			return []Message{errMsg(c.Cmd, err)}
		}
		s.beginMove(c.Cmd)
		return v.command(c)
	case "count":
		return v.command(c)
	case "pane":
		if r, ok := v.(paneResizer); ok {
			s.dropAhead() // made for the pane before
			return r.resizePane(c.Pane)
		}
		return nil
	case "ttpage":
		if p, ok := v.(tablePager); ok {
			s.dropAhead() // made with the page before
			return p.setTablePage(c.N)
		}
		return nil
	case "play":
		s.playing, s.speed, s.newTick = !v.ended(), c.Speed, true
		p := s.playing
		return []Message{{Type: "playing", Playing: &p}}
	case "pause":
		return s.pause()
	}
	return []Message{errMsg(c.Cmd, say("ws.err.unknown-cmd", "Got", strconv.Quote(c.Cmd), "Want", commandNames))}
}

// dropAhead drops the step the driver made ahead, if any: it was made
// for what the page showed before a command changed it.
func (s *session) dropAhead() {
	if a, ok := s.v.(aheader); ok {
		a.dropAhead(s.ctx, true)
	}
}

// pause stops play and a long move where it got to: the viewer sees
// that step.
func (s *session) pause() []Message {
	s.playing = false
	f := false
	msgs := []Message{{Type: "playing", Playing: &f}}
	if s.v.busy() {
		msgs = append(msgs, s.v.halt()...)
		s.beginMove("pause") // what the halt leaves to do, if anything
	}
	return msgs
}

// load answers load and compare: the new driver, at the asked step.
func (s *session) load(c Command) []Message {
	// A load waits for its turn (see loadCoresFree) and keeps it until
	// its first answer is made (see loadDone); a session that ends
	// meanwhile loads nothing.
	if !s.loading && !s.loadTurn() {
		return nil
	}
	if l, ok := queryLang(c.Query); ok {
		s.lang = l
	}
	// A load is new work: refused while the server is over its memory
	// share (Server.memoryFull), the session kept.
	if why := s.memoryFull(); why != "" {
		s.loadDone()
		return []Message{errMsg(c.Cmd, errors.New(why))}
	}
	// The load's work is one message's: the driver's making (charged
	// as the nodes it laid out), then its seek to the step asked for.
	w := s.newWork(c.Cmd)
	d, err := s.newDriver(c)
	if err == nil {
		if err = w.chargePrep(d); err != nil {
			d.close()
		}
	}
	if err != nil {
		w.cancel()
		s.loadDone()
		return []Message{errMsg(c.Cmd, err)}
	}
	if m, ok := relayout(c, d); ok {
		d.close()
		w.cancel()
		s.loadDone()
		return []Message{m}
	}
	s.closeDriver()
	s.v = d
	s.playing = false
	s.queue = s.queue[:0]
	if !c.Step.Set {
		c.Step = StepArg{Set: true}
	}
	s.endMove()
	s.mv = w
	return d.command(Command{V: c.V, Cmd: c.Cmd, Step: c.Step})
}

// loadTurn waits for a load's turn, and reports whether the session got
// it before it ended. It waits without holding its turn to work, which
// the loads under way need.
func (s *session) loadTurn() bool {
	select {
	case s.hub.loads <- struct{}{}:
		s.loading = true
		return true
	default:
	}
	held := s.working
	s.leaveTurn()
	select {
	case s.hub.loads <- struct{}{}:
		s.loading = true
		return !held || s.takeTurn()
	case <-s.done:
		return false
	}
}

// newDriver makes the driver of a load or compare command: a viewer for
// the page (its first frame shared, see sharedFrames) or a comparison;
// the hub's drivers in their place when set.
func (s *session) newDriver(c Command) (driver, error) {
	switch {
	case s.hub.drivers != nil:
		return s.hub.drivers(s.ctx, c)
	case c.Cmd == "compare":
		cmp, err := newComparer(s.ctx, c.Query)
		if err != nil {
			return nil, err
		}
		cmp.cmp.pane = c.Pane
		return cmp, nil
	}
	v, err := newViewer(s.ctx, c.Query)
	if err != nil {
		return nil, err
	}
	v.share, v.drawn = true, c.Drawn
	if c.Pane != nil {
		v.focusWidth, v.focusHeight = c.Pane.W, c.Pane.H
		v.sayWidth = c.Pane.Say
	}
	return v, nil
}

// memoryFull says, in the session's language, why new work is refused
// for memory (Server.memoryFull), or "".
func (s *session) memoryFull() string {
	if s.hub.full == nil {
		return ""
	}
	return s.hub.full(s.lang)
}

// tooLargeNow refuses a large seek (more than MaxStepsPerCommand steps
// forward, or to an end that far or not yet known) while the server is
// over its memory share: like a load, it is new work that can wait until
// viewers leave, while steps go on.
func (s *session) tooLargeNow(c Command) error {
	if c.Cmd != "seek" {
		return nil
	}
	step, total := s.v.position()
	to := c.Step.Value
	if c.Step.End {
		to = total
	}
	unknownEnd := c.Step.End && total < 0
	if !unknownEnd && to-step <= MaxStepsPerCommand {
		return nil
	}
	if why := s.memoryFull(); why != "" {
		return say("ws.err.seek-memory", "Why", why, "Max", MaxStepsPerCommand)
	}
	return nil
}

// relayout decides, for a load that names no layout= and reports its
// pane, whether the tree reads larger drawn the other way than the page
// draws it (down, the default); if so, the answer tells the page the
// query to show instead (the load's, with layout= and the step).
func relayout(c Command, d driver) (Message, bool) {
	lc, ok := d.(layoutChooser)
	if c.Pane == nil || !ok {
		return Message{}, false
	}
	q, err := url.ParseQuery(strings.TrimPrefix(c.Query, "?"))
	if err != nil || q.Get("layout") != "" {
		return Message{}, false
	}
	layout, err := lc.chooseLayout(q, c.Pane)
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
