package web

import (
	"context"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/view"
)

// tttMinimaxDE is tic-tac-toe's whole minimax search (2,199,784 steps) on a German page.
var tttMinimaxDE = url.Values{"game": {"tictactoe"}, "algo": {"minimax"}, "lang": {"de"}}

// loadedClient is a session on srv that has loaded q at step 0.
func loadedClient(t *testing.T, srv *httptest.Server, q url.Values) *wsClient {
	t.Helper()
	c := dial(t, srv)
	c.send(loadCmd(q, 0))
	if m := c.recv(); m.Type != "frame" {
		t.Fatalf("load: %+v", m)
	}
	return c
}

// A message whose work spends its allowance (MessageWork) stops where it
// got to, with an error worded in the page's language and the frame
// there; the session goes on, and the next message has an allowance of
// its own.
func TestMessageWorkAllowance(t *testing.T) {
	leakCheck(t)
	view.ForgetSummaries() // a long seek: see TestSessionPauseStopsLongSeek
	h, srv := newHubServer(t)
	h.messageWork = 3
	c := loadedClient(t, srv, tttMinimaxDE)
	defer c.conn.Close()
	c.send(`{"v":1,"cmd":"seek","step":"end"}`)
	m := c.recv()
	if m.Type != "error" || m.Cmd != "seek" || !strings.Contains(m.Error, "3 Arbeitsscheiben") {
		t.Fatalf("a seek past its allowance: got %s %q, want an error in German naming the 3 slices", m.Type, m.Error)
	}
	f := c.recv()
	if f.Type != "frame" || f.End || f.Panels.Step == 0 || f.Panels.Step > 3*workSlice {
		t.Fatalf("after the error: got a %s at step %d (end %v), want the frame where the seek stopped, within 3 slices", f.Type, f.Panels.Step, f.End)
	}
	// A step is work of its own.
	c.send(`{"v":1,"cmd":"step"}`)
	if p := c.recv(); p.Type != "patch" || p.Draw.From != f.Panels.Step || p.Draw.Step != f.Panels.Step+1 {
		t.Fatalf("step after the stopped seek: got %s %+v", p.Type, p.Draw)
	}
	// So is the next seek: it goes on from there, as far again.
	c.send(`{"v":1,"cmd":"seek","step":"end"}`)
	if m := c.recv(); m.Type != "error" {
		t.Fatalf("the next seek: got %s, want its own allowance spent", m.Type)
	}
	if g := c.recv(); g.Type != "frame" || g.Panels.Step <= f.Panels.Step+1 {
		t.Fatalf("the next seek stopped at step %d, want beyond %d", g.Panels.Step, f.Panels.Step+1)
	}
}

// A seek that arrives while a move is under way replaces it: the move's
// answer is never sent, and the seek's comes at once.
func TestSeekSupersedesMove(t *testing.T) {
	leakCheck(t)
	view.ForgetSummaries()
	_, srv := newHubServer(t)
	c := loadedClient(t, srv, tttMinimaxDE)
	defer c.conn.Close()
	c.send(`{"v":1,"cmd":"seek","step":"end"}`)
	c.send(`{"v":1,"cmd":"step"}`)
	c.send(`{"v":1,"cmd":"seek","step":7}`)
	if m := c.recv(); m.Type != "frame" || m.End || m.Panels.Step != 7 {
		t.Fatalf("a seek during a long seek: got a %s at step %d (end %v), want the frame at step 7 first", m.Type, m.Panels.Step, m.End)
	}
	// The moves superseded count as moves (for the steps made ahead), and
	// the session goes on from step 7.
	c.send(`{"v":1,"cmd":"step"}`)
	if p := c.recv(); p.Type != "patch" || p.Draw.From != 7 || p.Draw.Step != 8 {
		t.Fatalf("step after: got %s %+v", p.Type, p.Draw)
	}
}

// Over the server's memory share (MemoryRefusePercent), a large seek in
// an open session is refused, worded in the page's language, while steps
// and short seeks go on; below it, the same seek is taken.
func TestLargeSeekRefusedForMemory(t *testing.T) {
	s := New(testConfig())
	var live atomic.Uint64
	s.memCap, s.liveHeap = 1000<<20, live.Load
	live.Store(100 << 20)
	srv := httptest.NewServer(s.Echo())
	defer srv.Close()
	c := loadedClient(t, srv, tttMinimaxDE)
	defer c.conn.Close()
	live.Store(900 << 20)
	far := MaxStepsPerCommand + 10
	c.send(map[string]any{"v": 1, "cmd": "seek", "step": far})
	if m := c.recv(); m.Type != "error" || m.Cmd != "seek" || !strings.Contains(m.Error, "Speicher des Servers ist fast voll (900 von 1\u00a0000 MB)") ||
		!strings.Contains(m.Error, "höchstens 100\u00a0000 Schritte") {
		t.Fatalf("a large seek over the share: got %s %q, want it refused in German, saying how far a seek may go", m.Type, m.Error)
	}
	c.send(`{"v":1,"cmd":"seek","step":"end"}`)
	if m := c.recv(); m.Type != "error" || !strings.Contains(m.Error, "Speicher") {
		t.Fatalf("a seek to an end not yet known over the share: got %s %q, want it refused", m.Type, m.Error)
	}
	c.send(`{"v":1,"cmd":"step"}`)
	if p := c.recv(); p.Type != "patch" || p.Draw.Step != 1 {
		t.Fatalf("a step over the share: got %s %+v, want its patch", p.Type, p.Draw)
	}
	c.send(`{"v":1,"cmd":"seek","step":500}`)
	if m := c.recv(); m.Type != "frame" || m.Panels.Step != 500 {
		t.Fatalf("a short seek over the share: got %s at %d, want the frame at 500", m.Type, m.Panels.Step)
	}
	live.Store(100 << 20)
	c.send(map[string]any{"v": 1, "cmd": "seek", "step": far})
	if m := c.recv(); m.Type != "frame" || m.Panels.Step != far {
		t.Fatalf("the large seek under the share: got %s %q at %d, want the frame at %d", m.Type, m.Error, m.Panels.Step, far)
	}
}

// A load's work is one message's from its making on: the driver's making
// is charged to it (a slice at least), then its seek. With one slice the
// making spends it, and the load stops at once, saying so.
func TestLoadPreparationCharged(t *testing.T) {
	leakCheck(t)
	h, srv := newHubServer(t)
	h.messageWork = 1
	c := dial(t, srv)
	defer c.conn.Close()
	c.send(loadCmd(tttMinimaxDE, 3))
	if m := c.recv(); m.Type != "error" || m.Cmd != "load" || !strings.Contains(m.Error, "1 Arbeitsscheibe") {
		t.Fatalf("a load whose making spends its allowance: got %s %q, want an error in German naming the 1 slice", m.Type, m.Error)
	}
}

// A classroom's stage moving to the lecturer's step is charged like a
// move: within the allowance its context carries, it stops where it got
// to once that is spent, saying so.
func TestRoomStageGotoCharged(t *testing.T) {
	st, err := newRoomStage(context.Background(), tttMinimaxDE.Encode(), 0)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := search.WithAllowance(context.Background(), search.NewAllowance(context.Background(), 2))
	_, reached, err := st.Goto(ctx, 10*workSlice)
	if err == nil || reached >= 10*workSlice {
		t.Fatalf("Goto past its allowance: reached step %d, error %v; want it stopped before step %d, saying why", reached, err, 10*workSlice)
	}
}
