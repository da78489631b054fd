package web

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"github.com/abtrace/abtrace/classroom"
	"github.com/abtrace/abtrace/classroom/bus"
	"github.com/abtrace/abtrace/classroom/store"
)

// classServer is one web server of a class: its classroom on a shared
// SQLite file and a bus, its limits wide enough for a whole lecture hall
// on one loopback address (every follower of a test comes from 127.0.0.1).
type classServer struct {
	s  *Server
	cr *classroom.Classroom
	st store.Store
}

func newClassServer(t testing.TB, path string, b bus.Bus, followers int) *classServer {
	t.Helper()
	st, err := store.OpenSQLite(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	cr, err := NewClassroom(classroom.Options{Store: st, Bus: b})
	if err != nil {
		t.Fatal(err)
	}
	cfg := testConfig()
	cfg.Classroom = cr
	cfg.MaxSessions, cfg.MaxSessionsPerAddr = followers+16, followers+16
	s := New(cfg)
	wide := classroom.NewLimiter(60*(followers+16), followers+16)
	s.joins, s.hub.joins = wide, wide
	cs := &classServer{s: s, cr: cr, st: st}
	t.Cleanup(cs.stop)
	return cs
}

// stop closes the server's sessions, its classroom and its store.
func (cs *classServer) stop() {
	cs.s.Hub().Close(context.Background())
	cs.cr.Close()
	cs.st.Close()
}

// natsCluster starts n embedded NATS servers routed to each other.
func natsCluster(t testing.TB, n int) []*bus.NATS {
	t.Helper()
	var out []*bus.NATS
	for i := range n {
		o := bus.EmbeddedOptions{Cluster: "abtrace-class"}
		if i > 0 {
			o.Routes = []string{out[0].RouteURL()}
		}
		nb, err := bus.Embedded(o)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { nb.Close() })
		out = append(out, nb)
	}
	deadline := time.Now().Add(10 * time.Second)
	for _, nb := range out {
		for nb.Routes() == 0 && n > 1 {
			if time.Now().After(deadline) {
				t.Fatal("the embedded NATS servers did not form a cluster")
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	return out
}

// twoClassServers are two web servers sharing a SQLite file and an
// embedded NATS cluster.
func twoClassServers(t testing.TB, followers int) (a, b *classServer, natsA, natsB *bus.NATS) {
	t.Helper()
	ns := natsCluster(t, 2)
	path := filepath.Join(t.TempDir(), "class.db")
	a = newClassServer(t, path, ns[0], followers)
	b = newClassServer(t, path, ns[1], followers)
	// Interest in the rooms' subjects travels along the route.
	time.Sleep(200 * time.Millisecond)
	return a, b, ns[0], ns[1]
}

// Two web servers in one process, sharing a database and an embedded NATS
// cluster: followers on both see the lecturer's steps in the same order;
// the server holding the lecturer stops, the lecturer and its student
// reconnect to the other, and the class goes on where it was.
func TestRoomTwoWebServers(t *testing.T) {
	a, b, natsA, _ := twoClassServers(t, 8)
	srvA, srvB := httptest.NewServer(a.s.Echo()), httptest.NewServer(b.s.Echo())
	defer srvB.Close()
	code, secret := createRoom(t, a.s)
	follow := func(srv *httptest.Server, nick, token, secret string) roomClient {
		c := roomClient{dial(t, srv)}
		m := map[string]any{"v": 1, "cmd": "follow", "code": code}
		if secret != "" {
			m["secret"] = secret
		} else {
			m["nick"], m["student"] = nick, token
		}
		c.send(m)
		if m := c.next("room"); m["kind"] != "snapshot" {
			t.Fatalf("%s's first message: %v", nick, m)
		}
		return c
	}
	lect := follow(srvA, "lecturer", "", secret)
	onA := follow(srvA, "Ada", "token-of-Ada", "")
	onB := follow(srvB, "Bo", "token-of-Bo", "")
	if _, info := doJSON(t, b.s, http.MethodGet, "/api/rooms/"+code, ""); info["followers"] != 2.0 {
		t.Errorf("GET /api/rooms/CODE on B counts %v followers, want the 2 of both servers", info["followers"])
	}
	for i := 1; i <= 5; i++ {
		lect.send(`{"v":1,"cmd":"step","n":1}`)
	}
	for i := 1; i <= 5; i++ {
		for _, c := range []roomClient{onA, onB} {
			if m := c.next("room"); m["seq"] != float64(i) || m["step"] != float64(i) {
				t.Fatalf("update %d: %v", i, m)
			}
		}
	}
	// Server A stops: its clients' sockets close.
	srvA.CloseClientConnections()
	srvA.Close()
	a.stop()
	natsA.Close()
	lect.conn.Close()
	onA.conn.Close()
	lect = follow(srvB, "lecturer", "", secret)
	onA = follow(srvB, "Ada", "token-of-Ada", "")
	lect.send(`{"v":1,"cmd":"step","n":1}`)
	for _, c := range []roomClient{onA, onB, lect} {
		if m := c.next("room"); m["seq"] != 6.0 || m["step"] != 6.0 {
			t.Fatalf("the step from B: %v", m)
		}
	}
}
