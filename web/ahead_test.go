package web

import (
	"context"
	"encoding/json"
	"github.com/abtrace/abtrace/search/tree"
	"math/rand/v2"
	"net/url"
	"testing"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/view"
)

// aheadPage is a viewer page as static/viewer.js is, reduced to what
// matters for steps made ahead: the drawn nodes' attributes it has, its
// step, its step size, its count of moving commands and the ready patch
// it keeps. It talks to a session with no connection: its commands are
// served at once, the session's messages wait in a queue until the test
// delivers them, so keys can come faster than the ready patches.
type aheadPage struct {
	t       *testing.T
	rig     *aheadRig
	query   string
	step    int
	by      string
	moves   int
	ready   *Message
	attrs   map[string]view.NodeAttrs
	applied int // ready patches applied
	// racy is set while a tick of play may have crossed a ready patch
	// the page applied.
	racy bool
	// truth draws the search at the page's step, from scratch.
	truth *view.Cursor
}

// aheadRig is the session side: a session served as its writer serves
// it, one command at a time to its answer, then its ready message.
type aheadRig struct {
	t   *testing.T
	hub *Hub
	s   *session
	out []Message // sent, not yet delivered to the page
}

func (r *aheadRig) connect() {
	if r.s != nil && r.s.v != nil {
		r.s.v.close()
	}
	r.s = newSession(r.hub, nil, i18n.English)
	r.out = nil
}

// serve runs what the writer does for one command: the answer, the move
// under way to its end, and then the ready message.
func (r *aheadRig) serve(c Command, tick bool) {
	r.t.Helper()
	var msgs []Message
	if tick {
		msgs = r.s.handle(c)
	} else {
		msgs = r.s.receive(inbound{cmd: c})
	}
	for r.s.v != nil && r.s.v.busy() {
		msgs = append(msgs, r.s.v.work(r.s.ctx, 0)...)
	}
	r.s.loadDone()
	msgs = append(msgs, r.s.readyAhead()...)
	for _, m := range msgs {
		// What the page receives is the message as the session encodes it.
		b := m.encoded
		if b == nil {
			var err error
			if b, err = r.s.enc.encode(m); err != nil {
				r.t.Fatal(err)
			}
			b = append([]byte(nil), b...)
		}
		var got Message
		if err := json.Unmarshal(b, &got); err != nil {
			r.t.Fatal(err)
		}
		r.out = append(r.out, got)
	}
}

func (p *aheadPage) send(c Command) {
	p.t.Helper()
	c.V = ProtocolVersion
	if c.Cmd != "count" && c.Cmd != "ahead" && c.Ready == 0 {
		p.ready = nil
	}
	if movingCmds[c.Cmd] {
		p.moves++
	}
	// The command as the session parses it.
	b, err := json.Marshal(c)
	if err != nil {
		p.t.Fatal(err)
	}
	if c, err = ParseCommand(b); err != nil {
		p.t.Fatalf("the page sent %s: %v", b, err)
	}
	p.rig.serve(c, false)
}

// open is the page's (re)connection: load at the step shown, count, and
// the step size to make ahead.
func (p *aheadPage) open() {
	p.rig.connect()
	p.moves, p.ready = 0, nil
	p.send(Command{Cmd: "load", Query: p.query, Step: StepArg{Set: true, Value: p.step}})
	p.send(Command{Cmd: "count"})
	p.send(Command{Cmd: "ahead", By: p.by})
}

// deliver hands the page the first n messages waiting.
func (p *aheadPage) deliver(n int) {
	p.t.Helper()
	for ; n > 0 && len(p.rig.out) > 0; n-- {
		m := p.rig.out[0]
		p.rig.out = p.rig.out[1:]
		p.receive(m)
	}
}

func (p *aheadPage) receive(m Message) {
	p.t.Helper()
	switch m.Type {
	case "ready":
		if m.Tag == p.moves && m.Draw.From == p.step && m.By == p.by {
			p.ready = &m
		}
	case "frame":
		p.ready = nil
		p.attrs = map[string]view.NodeAttrs{}
		p.apply(m, "frame")
	case "patch":
		p.ready = nil
		if m.Draw.From != p.step {
			// A patch from another step: the page asks for the whole
			// frame. Only a tick of play that crossed a ready patch the
			// page applied may cause it; the session's record of the page
			// is otherwise exact.
			if !p.racy {
				p.t.Fatalf("a patch from step %d reached the page at step %d", m.Draw.From, p.step)
			}
			p.send(Command{Cmd: "seek", Step: StepArg{Set: true, Value: m.Draw.Step}})
			return
		}
		p.apply(m, "patch")
	case "error":
		p.t.Fatalf("step %d: error %s: %s", p.step, m.Cmd, m.Error)
	}
}

func (p *aheadPage) apply(m Message, what string) {
	p.t.Helper()
	for _, a := range m.Draw.Nodes {
		p.attrs[a.ID] = a
	}
	p.step = m.Draw.Step
	p.check(what)
}

// key is the step key: the ready patch when it is the one for the step
// shown, else the round trip.
func (p *aheadPage) key() {
	p.t.Helper()
	if m := p.ready; m != nil && m.By == p.by && m.Draw.From == p.step && m.Tag == p.moves {
		p.send(Command{Cmd: "step", N: 1, By: p.by, Ready: m.Tag})
		p.applied++
		p.apply(*m, "ready patch")
		return
	}
	p.send(Command{Cmd: "step", N: 1, By: p.by})
}

// check compares the page's drawing with the search drawn at its step
// from scratch.
func (p *aheadPage) check(what string) {
	p.t.Helper()
	p.truth.Seek(p.step)
	if err := p.truth.WorkAll(context.Background()); err != nil {
		p.t.Fatal(err)
	}
	want := p.truth.Drawing().Attrs()
	if len(p.attrs) != len(want) {
		p.t.Fatalf("after a %s to step %d the page has %d nodes, want %d", what, p.step, len(p.attrs), len(want))
	}
	for _, w := range want {
		got := p.attrs[w.ID]
		g, _ := json.Marshal(got)
		wb, _ := json.Marshal(w)
		if string(g) != string(wb) {
			p.t.Fatalf("after a %s to step %d (%d ready patches applied) node %q is\n%s\nwant\n%s", what, p.step, p.applied, w.ID, g, wb)
		}
	}
}

// settled checks, once every message is delivered, that the session's
// cursor is where the page is, or one step made ahead of it.
func (p *aheadPage) settled() {
	p.t.Helper()
	p.deliver(len(p.rig.out) + 1000)
	p.racy = false
	v, ok := p.rig.s.v.(*viewer)
	if !ok {
		p.t.Fatal("no viewer loaded")
	}
	if r := v.ready; r != nil {
		if r.from != p.step {
			p.t.Fatalf("the session made a step ahead from %d; the page is at %d", r.from, p.step)
		}
	} else if v.cur.Step() != p.step {
		p.t.Fatalf("the session's cursor is at %d; the page is at %d", v.cur.Step(), p.step)
	}
}

// TestAheadPageEqualsDrawing drives a session whose page takes the steps
// made ahead, refuses them, and mixes them with back, seek, next cutoff,
// steps by node and by cutoff, changes of step size, play ticks and
// reconnections at random, with the session's messages delivered late
// at random; after every message the page applies, its drawing must be
// the search's drawing at its step.
func TestAheadPageEqualsDrawing(t *testing.T) {
	queries := []struct {
		q     string
		limit int // the steps the moves stay within
	}{
		{"tree=" + url.QueryEscape(tree.TwoPlyGameTreePlain), 60},
		{"tree=" + url.QueryEscape(tree.TwoPlyGameTreeChance) + "&algo=expectiminimax", 200},
		{"tree=" + url.QueryEscape(tree.TwoPlyGameTreeChance) + "&algo=star1&bounds=0,15", 200},
		{"game=tictactoe&algo=alphabeta", 400},
		{"game=tictactoe&position=x...o....&algo=minimax", 600},
	}
	moves := 400
	if raceDetector || testing.Short() {
		// The checks draw the whole search at every message: under the
		// race detector the tic-tac-toe position of 600 drawn nodes alone
		// took half a minute, so it runs without it only.
		moves = 40
		queries = queries[:4]
	}
	for qi, sc := range queries {
		t.Run(sc.q, func(t *testing.T) {
			h := NewHub(nil)
			defer h.Close(context.Background())
			rig := &aheadRig{t: t, hub: h}
			page := &aheadPage{t: t, rig: rig, query: sc.q, by: "event"}
			truth := truthViewer(t, sc.q)
			defer truth.close()
			page.truth = truth.cur
			page.open()
			page.settled()
			r := rand.New(rand.NewPCG(uint64(qi), 30))
			for range moves {
				switch k := r.IntN(20); {
				case k < 11:
					page.key()
				case k == 11:
					page.send(Command{Cmd: "back", N: 1 + r.IntN(2), By: page.by})
				case k == 12:
					page.send(Command{Cmd: "seek", Step: StepArg{Set: true, Value: r.IntN(sc.limit)}})
				case k == 13:
					page.send(Command{Cmd: "next-cutoff"})
				case k == 14:
					by := []string{"event", "node", "cutoff"}[r.IntN(3)]
					if by != page.by {
						page.ready = nil
						page.send(Command{Cmd: "ahead", By: by})
					}
					page.by = by
				case k == 15:
					// A tick of play: the page plays, so it takes no ready
					// patch, except now and then one it applied just before
					// the play began.
					if r.IntN(4) > 0 {
						page.deliver(len(rig.out))
						page.ready = nil
					} else {
						page.racy = true
					}
					page.rig.serve(Command{V: ProtocolVersion, Cmd: "step", N: 1}, true)
				case k == 16 && r.IntN(3) == 0:
					page.deliver(len(rig.out))
					page.open()
				default:
					page.settled()
				}
				// Some of the session's messages reach the page before the
				// next key, some after.
				page.deliver(r.IntN(3))
				if page.step > sc.limit {
					page.settled()
					page.send(Command{Cmd: "seek", Step: StepArg{Set: true, Value: r.IntN(sc.limit)}})
				}
			}
			page.settled()
			if page.applied == 0 {
				t.Fatal("the page applied no ready patch")
			}
			t.Logf("%d ready patches applied", page.applied)
			rig.s.v.close()
		})
	}
}

// truthViewer is a second viewer of the query, which no session drives:
// its cursor draws the search as the viewer draws it.
func truthViewer(t *testing.T, query string) *viewer {
	t.Helper()
	v, err := newViewer(context.Background(), query)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
