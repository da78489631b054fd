package web

import (
	"net/url"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/view"
	"github.com/gorilla/websocket"
)

// A binary message is answered with an error and not run; the session
// goes on.
func TestSessionRefusesBinaryMessages(t *testing.T) {
	leakCheck(t)
	_, srv := newHubServer(t)
	c := dial(t, srv)
	defer c.conn.Close()
	cmd := `{"v":1,"cmd":"load","query":"tree=(1 2)"}`
	if err := c.conn.WriteMessage(websocket.BinaryMessage, []byte(cmd)); err != nil {
		t.Fatal(err)
	}
	if m := c.recv(); m.Type != "error" || !strings.Contains(m.Error, "binary") {
		t.Fatalf("binary load: got %s %q, want an error about binary messages", m.Type, m.Error)
	}
	c.send(`{"v":1,"cmd":"step"}`)
	if m := c.recv(); m.Type != "error" || !strings.Contains(m.Error, "no scenario loaded") {
		t.Fatalf("step after a binary load: got %s %q, want no scenario loaded (the binary load must not have run)", m.Type, m.Error)
	}
	c.send(loadCmd(url.Values{"tree": {tree.TwoPlyGameTree}}, 0))
	if m := c.recv(); m.Type != "frame" {
		t.Fatalf("text load after a binary one: got %+v", m)
	}
	c.conn.Close()
}

// A seek through millions of steps leaves the session able to answer:
// pause stops it where it got to, and a frame of that step follows.
func TestSessionPauseStopsLongSeek(t *testing.T) {
	leakCheck(t)
	// A search met for the first time, so that the seek is long: once
	// seen to its end, its subtrees are passed over.
	view.ForgetSummaries()
	_, srv := newHubServer(t)
	c := dial(t, srv)
	defer c.conn.Close()
	c.send(loadCmd(url.Values{"game": {"tictactoe"}, "algo": {"minimax"}}, 0))
	if m := c.recv(); m.Type != "frame" {
		t.Fatalf("load: %+v", m)
	}
	c.send(`{"v":1,"cmd":"seek","step":"end"}`)
	c.send(`{"v":1,"cmd":"pause"}`)
	if m := c.recv(); m.Type != "playing" || m.Playing == nil || *m.Playing {
		t.Fatalf("pause during a seek: got %+v, want playing false", m)
	}
	m := c.recv()
	// The pause may come before the first slice or after a few: either
	// way the seek stops before the end.
	if m.Type != "frame" || m.End || m.Frame.Step >= 2199784 {
		t.Fatalf("after the pause: got a %s at step %v (end %v), want a frame before the end", m.Type, stepOf(m), m.End)
	}
	if len(m.Draw.Nodes) != 586 {
		t.Fatalf("the frame draws %d nodes, want all 586", len(m.Draw.Nodes))
	}
	// The session goes on from there.
	c.send(`{"v":1,"cmd":"step"}`)
	if p := c.recv(); p.Type != "patch" || p.Patch.From != m.Frame.Step || p.Patch.Step != m.Frame.Step+1 {
		t.Fatalf("step after the pause: got %+v", p)
	}
	c.conn.Close()
}

func stepOf(m Message) int {
	switch {
	case m.Frame != nil:
		return m.Frame.Step
	case m.Patch != nil:
		return m.Patch.Step
	}
	return -1
}

// When the viewer leaves during a long seek, the session ends and its
// search stops (leakCheck: no goroutine left).
func TestSessionLeavingStopsLongSeek(t *testing.T) {
	leakCheck(t)
	view.ForgetSummaries() // a long seek: see TestSessionPauseStopsLongSeek
	h, srv := newHubServer(t)
	c := dial(t, srv)
	c.send(loadCmd(url.Values{"game": {"tictactoe"}, "algo": {"minimax"}}, 0))
	if m := c.recv(); m.Type != "frame" {
		t.Fatalf("load: %+v", m)
	}
	c.send(`{"v":1,"cmd":"seek","step":"end"}`)
	c.conn.Close()
	if n := waitSessionsGone(h); n != 0 {
		t.Fatalf("%d sessions still open after the viewer left during a seek", n)
	}
}

// count answers with the number of steps; a small search is counted
// without being asked.
func TestSessionCount(t *testing.T) {
	leakCheck(t)
	_, srv := newHubServer(t)
	c := dial(t, srv)
	defer c.conn.Close()
	c.send(loadCmd(url.Values{"game": {"tictactoe"}, "position": {"x...o...."}, "algo": {"minimax"}}, 0))
	if m := c.recv(); m.Type != "frame" {
		t.Fatalf("load: %+v", m)
	}
	c.send(`{"v":1,"cmd":"count"}`)
	for {
		m, _ := c.recvAny()
		if m.Type == "total" {
			if *m.Total != 29328 {
				t.Fatalf("got total %d, want 29328", *m.Total)
			}
			break
		}
	}
	c.send(`{"v":1,"cmd":"count"}`)
	if m, _ := c.recvAny(); m.Type != "total" || *m.Total != 29328 {
		t.Fatalf("count again: got %+v, want total 29328 at once", m)
	}
	c.conn.Close()
}
