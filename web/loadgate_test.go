package web

import (
	"errors"
	"net"
	"net/url"
	"testing"
	"time"
)

// While every load slot is taken, a session that has loaded steps as
// before, and a session that loads waits: it is answered once a slot is
// free (see loadCoresFree).
func TestLoadsWaitTheirTurn(t *testing.T) {
	leakCheck(t)
	if got, want := maxLoads(), 1; got < want {
		t.Fatalf("maxLoads() = %d, want at least %d", got, want)
	}
	h, srv := newHubServer(t)
	a, b := dial(t, srv), dial(t, srv)
	defer a.conn.Close()
	defer b.conn.Close()
	q := url.Values{"tree": {textbookLabelled}}
	a.send(loadCmd(q, 0))
	if m := a.recv(); m.Type != "frame" {
		t.Fatalf("load: got %s message, want frame", m.Type)
	}
	for range cap(h.loads) {
		h.loads <- struct{}{}
	}
	b.send(loadCmd(q, 3))
	for k := 1; k <= 3; k++ {
		a.send(`{"v":1,"cmd":"step","n":1}`)
		if m := a.recv(); m.Type != "patch" || m.Patch.Step != k {
			t.Fatalf("step while the loads wait: got %s message %+v, want the patch to step %d", m.Type, m.Patch, k)
		}
	}
	// Nothing comes to b while the slots are taken (a wait that cannot
	// make a correct gate fail).
	b.conn.SetReadDeadline(time.Now().Add(200 * time.Millisecond))
	if _, msg, err := b.conn.ReadMessage(); !isTimeout(err) {
		t.Fatalf("a load was answered while every slot was taken: got %s, %v", msg, err)
	}
	// A read that timed out leaves the connection unusable: b is done.
	<-h.loads
	for range cap(h.loads) - 1 {
		<-h.loads
	}
	c := dial(t, srv)
	defer c.conn.Close()
	c.send(loadCmd(q, 2))
	if m := c.recv(); m.Type != "frame" || m.Frame.Step != 2 {
		t.Fatalf("load once a slot is free: got %s message, want the frame at step 2", m.Type)
	}
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}
