package web

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
	"github.com/abtrace/abtrace/view"
	"github.com/gorilla/websocket"
	"go.uber.org/goleak"
)

const textbookLabelled = tree.TwoPlyGameTree

// wsClient is a test viewer on a real websocket.
type wsClient struct {
	t    testing.TB
	conn *websocket.Conn
}

func dial(t testing.TB, srv *httptest.Server) *wsClient {
	t.Helper()
	u := "ws" + strings.TrimPrefix(srv.URL, "http") + "/ws"
	h := http.Header{}
	h.Set("Origin", srv.URL)
	conn, resp, err := websocket.DefaultDialer.Dial(u, h)
	if err != nil {
		t.Fatalf("dial: %v (%v)", err, resp)
	}
	return &wsClient{t: t, conn: conn}
}

func (c *wsClient) send(v any) {
	c.t.Helper()
	var b []byte
	switch x := v.(type) {
	case string:
		b = []byte(x)
	default:
		var err error
		if b, err = json.Marshal(x); err != nil {
			c.t.Fatal(err)
		}
	}
	if err := c.conn.WriteMessage(websocket.TextMessage, b); err != nil {
		c.t.Fatal(err)
	}
}

// recv reads the next message other than a total.
func (c *wsClient) recv() Message {
	c.t.Helper()
	for {
		m, raw := c.recvAny()
		if m.Type == "total" {
			continue
		}
		_ = raw
		return m
	}
}

func (c *wsClient) recvAny() (Message, []byte) {
	c.t.Helper()
	c.conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	_, b, err := c.conn.ReadMessage()
	if err != nil {
		c.t.Fatalf("read: %v", err)
	}
	var m Message
	if err := json.Unmarshal(b, &m); err != nil {
		c.t.Fatalf("decode %s: %v", b, err)
	}
	if m.V != ProtocolVersion {
		c.t.Fatalf("message %s has version %d", b, m.V)
	}
	return m, b
}

func loadCmd(q url.Values, step any) map[string]any {
	return map[string]any{"v": 1, "cmd": "load", "query": q.Encode(), "step": step}
}

// leakCheck checks, after every other cleanup of the test has run, that
// the test left no goroutine behind.
func leakCheck(t *testing.T) {
	ignore := goleak.IgnoreCurrent()
	t.Cleanup(func() { goleak.VerifyNone(t, ignore) })
}

func newHubServer(t testing.TB) (*Hub, *httptest.Server) {
	h := NewHub(nil)
	mux := http.NewServeMux()
	mux.Handle("/ws", h)
	srv := httptest.NewServer(mux)
	t.Cleanup(func() {
		srv.Close()
		h.Close(context.Background())
	})
	return h, srv
}

func goldenEvents(t testing.TB, name string) []trace.Event {
	f, err := os.Open("../search/testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var evs []trace.Event
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var e trace.Event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatal(err)
		}
		evs = append(evs, e)
	}
	return evs
}

func framesEqual(a, b *trace.Frame) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}

// Stepping through the textbook tree over a real websocket gives, at every
// step, the frame of replaying the golden trace that far.
func TestSessionStepsMatchGoldenTrace(t *testing.T) {
	leakCheck(t)
	_, srv := newHubServer(t)
	c := dial(t, srv)
	defer c.conn.Close()
	golden := goldenEvents(t, "textbook-alphabeta.jsonl")

	c.send(loadCmd(url.Values{"tree": {textbookLabelled}}, 0))
	m := c.recv()
	if m.Type != "frame" || m.Frame.Step != 0 || m.End {
		t.Fatalf("load: got %+v", m)
	}
	view := m.Frame
	for k := 1; k <= len(golden); k++ {
		c.send(`{"v":1,"cmd":"step","n":1}`)
		m := c.recv()
		if m.Type != "patch" {
			t.Fatalf("step %d: got %s message %+v", k, m.Type, m)
		}
		if err := view.ApplyPatch(m.Patch); err != nil {
			t.Fatalf("step %d: %v", k, err)
		}
		want, err := replayTextbook(golden[:k])
		if err != nil {
			t.Fatal(err)
		}
		if !framesEqual(view, want) {
			a, _ := json.Marshal(view)
			b, _ := json.Marshal(want)
			t.Fatalf("step %d: frame differs\n got %s\nwant %s", k, a, b)
		}
		if m.End != (k == len(golden)) {
			t.Fatalf("step %d: end = %v", k, m.End)
		}
	}
	// Stepping past the end changes nothing and says end.
	c.send(`{"v":1,"cmd":"step"}`)
	if m := c.recv(); m.Type != "patch" || m.Patch.Step != len(golden) || !m.End {
		t.Fatalf("past the end: %+v", m)
	}
	// Back and seek give whole frames equal to replays.
	for _, tc := range []struct {
		cmd  string
		want int
	}{
		{`{"v":1,"cmd":"back","n":3}`, len(golden) - 3},
		{`{"v":1,"cmd":"seek","step":27}`, 27},
		{`{"v":1,"cmd":"seek","step":5}`, 5},
		{`{"v":1,"cmd":"seek","step":"end"}`, len(golden)},
		{`{"v":1,"cmd":"back","n":1000}`, 0},
	} {
		c.send(tc.cmd)
		m := c.recv()
		want, _ := replayTextbook(golden[:tc.want])
		if m.Type != "frame" || !framesEqual(m.Frame, want) {
			t.Fatalf("%s: got %s at step %v; want the frame at step %d", tc.cmd, m.Type, m.Frame.Step, tc.want)
		}
	}
	// next-cutoff stops right after the prune of C's last two leaves.
	c.send(`{"v":1,"cmd":"next-cutoff"}`)
	m = c.recv()
	if m.Type != "patch" || m.Patch.Type != trace.Prune || m.Patch.Nodes["1.1"] == nil || m.Patch.Nodes["1.1"].State != trace.StatePruned {
		t.Fatalf("next-cutoff: %+v", m.Patch)
	}
	c.conn.Close()
}

// Step and back by node land on the events that enter the nodes, in
// order; by cutoff on the prunes that skip a child. Steps answer with
// patches that apply to the viewer's frame, backs with whole frames.
func TestSessionStepBy(t *testing.T) {
	leakCheck(t)
	_, srv := newHubServer(t)
	c := dial(t, srv)
	defer c.conn.Close()
	golden := goldenEvents(t, "textbook-alphabeta.jsonl")
	var enters, cuts []int
	for _, e := range golden {
		if e.Type == trace.Enter {
			enters = append(enters, e.Step)
		}
		if e.Type == trace.Prune && len(e.Pruned) > 0 {
			cuts = append(cuts, e.Step)
		}
	}
	c.send(loadCmd(url.Values{"tree": {textbookLabelled}}, 0))
	view := c.recv().Frame
	for i, w := range enters {
		c.send(`{"v":1,"cmd":"step","by":"node"}`)
		m := c.recv()
		if m.Type != "patch" {
			t.Fatalf("step by node %d: got %s message, want patch", i+1, m.Type)
		}
		if err := view.ApplyPatch(m.Patch); err != nil {
			t.Fatalf("step by node %d: %v", i+1, err)
		}
		if view.Step != w || view.Type != trace.Enter {
			t.Fatalf("step by node %d: got step %d (%v), want step %d (enter)", i+1, view.Step, view.Type, w)
		}
		if got := m.Panels.Nodes; got != i+1 {
			t.Fatalf("step by node %d: panels count %d nodes, want %d", i+1, got, i+1)
		}
	}
	for _, tc := range []struct {
		cmd  string
		want int
	}{
		{`{"v":1,"cmd":"back","by":"node"}`, enters[len(enters)-2]},
		{`{"v":1,"cmd":"back","by":"node","n":3}`, enters[len(enters)-5]},
		{`{"v":1,"cmd":"back","by":"cutoff"}`, 0},
		{`{"v":1,"cmd":"back","by":"node","n":100}`, 0},
	} {
		c.send(tc.cmd)
		m := c.recv()
		want, _ := replayTextbook(golden[:tc.want])
		if m.Type != "frame" || !framesEqual(m.Frame, want) {
			t.Fatalf("%s: got %s at step %d; want the frame at step %d", tc.cmd, m.Type, m.Frame.Step, tc.want)
		}
	}
	c.send(`{"v":1,"cmd":"step","by":"cutoff"}`)
	if m := c.recv(); m.Type != "patch" || m.Patch.Step != cuts[0] {
		t.Fatalf("step by cutoff: got %s to step %d, want a patch to step %d", m.Type, m.Patch.Step, cuts[0])
	}
	c.send(`{"v":1,"cmd":"step","by":"cutoff"}`)
	if m := c.recv(); m.Type != "patch" || m.Patch.Step != len(golden) || !m.End {
		t.Fatalf("step by cutoff past the last one: got %s to step %d, want a patch to the end (%d)", m.Type, m.Patch.Step, len(golden))
	}
}

// A malformed or unknown command is answered with an error naming the
// problem, and the session goes on.
func TestSessionBadInput(t *testing.T) {
	leakCheck(t)
	_, srv := newHubServer(t)
	c := dial(t, srv)
	defer c.conn.Close()
	cases := []struct {
		msg  string
		want string
	}{
		{`{"v":1,"cmd":"step"}`, "no scenario loaded"},
		{`not json`, "malformed command"},
		{`{"v":2,"cmd":"step"}`, "version 2"},
		{`{"v":1,"cmd":"jump"}`, `unknown command "jump"`},
		{`{"v":1}`, "missing cmd"},
		{`{"v":1,"cmd":"step","n":-4}`, "n must be"},
		{`{"v":1,"cmd":"step","bogus":1}`, "bogus"},
		{`{"v":1,"cmd":"seek"}`, "seek needs a step"},
		{`{"v":1,"cmd":"step","by":"leaf"}`, `by: step by event, node or cutoff, not "leaf"`},
		{`{"v":1,"cmd":"seek","step":"later"}`, "step must be"},
		{`{"v":1,"cmd":"play","speed":1000}`, "speed must be"},
		{`{"v":1,"cmd":"load"}`, "load needs a query"},
		{`{"v":1,"cmd":"load","query":"tree=((3 12 8) (2 4"}`, "line 1, column"},
		{`{"v":1,"cmd":"load","query":"tree=(1 2)&algo=sss-star"}`, "unknown algorithm"},
		{`{"v":1,"cmd":"load","query":"tree=(1 2)&open=7"}`, "7"},
	}
	for _, tc := range cases {
		c.send(tc.msg)
		m := c.recv()
		if m.Type != "error" || !strings.Contains(m.Error, tc.want) {
			t.Errorf("%s: got %s %q; want an error containing %q", tc.msg, m.Type, m.Error, tc.want)
		}
	}
	// Still usable.
	c.send(loadCmd(url.Values{"tree": {tree.TwoPlyGameTree}}, "end"))
	if m := c.recv(); m.Type != "frame" || !m.End || m.Frame.Nodes[""].Text != "3" {
		t.Fatalf("load after errors: %+v", m)
	}
	// An oversized message ends the session (the read limit), cleanly.
	c.send(strings.Repeat("x", maxMessageBytes+1))
	c.conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	for {
		if _, _, err := c.conn.ReadMessage(); err != nil {
			break
		}
	}
	c.conn.Close()
}

func TestSessionRefusesCrossOrigin(t *testing.T) {
	_, srv := newHubServer(t)
	u := "ws" + strings.TrimPrefix(srv.URL, "http") + "/ws"
	h := http.Header{}
	h.Set("Origin", "http://elsewhere.example")
	conn, resp, err := websocket.DefaultDialer.Dial(u, h)
	if err == nil {
		conn.Close()
		t.Fatal("a cross-origin upgrade was accepted")
	}
	if resp == nil || resp.StatusCode != http.StatusForbidden {
		t.Fatalf("cross-origin upgrade: %v; want 403", resp)
	}
}

// When the viewer goes away, the session and its search end: no goroutine
// is left behind, and the hub forgets the session.
func TestSessionEndsWhenClientLeaves(t *testing.T) {
	leakCheck(t)
	h, srv := newHubServer(t)
	for range 3 {
		c := dial(t, srv)
		// A big search, left half-way: its iterator and its step count
		// must both stop.
		c.send(loadCmd(url.Values{"game": {"tictactoe"}, "algo": {"minimax"}}, 100))
		if m := c.recv(); m.Type != "frame" {
			t.Fatalf("load: %+v", m)
		}
		c.send(`{"v":1,"cmd":"play","speed":50}`)
		c.conn.Close()
	}
	if n := waitSessionsGone(h); n != 0 {
		t.Fatalf("%d sessions still open after their clients left", n)
	}
}

// waitSessionsGone waits (up to five seconds) until the hub has no session
// open, and returns the number still open.
func waitSessionsGone(h *Hub) int {
	deadline := time.Now().Add(5 * time.Second)
	for h.Sessions() > 0 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	return h.Sessions()
}

// Closing the hub (server shutdown) closes the viewers' sockets.
func TestHubCloseEndsSessions(t *testing.T) {
	leakCheck(t)
	h := NewHub(nil)
	srv := httptest.NewServer(h)
	defer srv.Close()
	c := dial(t, srv)
	c.send(loadCmd(url.Values{"tree": {tree.TwoPlyGameTree}}, 0))
	c.recv()
	h.Close(context.Background())
	c.conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	var err error
	for err == nil {
		_, _, err = c.conn.ReadMessage() // a total may still come first
	}
	if !websocket.IsCloseError(err, websocket.CloseGoingAway) {
		t.Fatalf("after Close the viewer read %v; want a going-away close", err)
	}
	c.conn.Close()
	if h.Sessions() != 0 {
		t.Fatal("sessions left after Close")
	}
}

func TestSessionPlayAndTotal(t *testing.T) {
	leakCheck(t)
	_, srv := newHubServer(t)
	c := dial(t, srv)
	defer c.conn.Close()
	c.send(loadCmd(url.Values{"tree": {tree.TwoPlyGameTree}}, 0))
	total := -1
	sawFrame := false
	for !sawFrame || total < 0 {
		m, _ := c.recvAny()
		switch m.Type {
		case "frame":
			sawFrame = true
			if m.Total != nil {
				total = *m.Total
			}
		case "total":
			total = *m.Total
		}
	}
	golden := goldenEvents(t, "textbook-alphabeta.jsonl")
	if total != len(golden)-0 {
		t.Fatalf("total = %d; want %d", total, len(golden))
	}
	c.send(`{"v":1,"cmd":"play","speed":50}`)
	if m := c.recv(); m.Type != "playing" || m.Playing == nil || !*m.Playing {
		t.Fatalf("play: %+v", m)
	}
	last := 0
	for {
		m := c.recv()
		if m.Type == "playing" {
			if *m.Playing {
				t.Fatal("playing again")
			}
			break
		}
		if m.Type != "patch" || m.Patch.Step != last+1 {
			t.Fatalf("play tick: %+v", m)
		}
		last = m.Patch.Step
	}
	if last != total {
		t.Fatalf("play stopped at %d of %d", last, total)
	}
}

// forward moves a viewer n steps and returns its answer.
func forward(t testing.TB, v *viewer, n int) Message {
	t.Helper()
	v.start("step", StepArg{Set: true, Value: n})
	msgs := v.run(context.Background())
	if len(msgs) != 1 {
		t.Fatalf("step %d: got %d messages, want 1", n, len(msgs))
	}
	return msgs[0]
}

// seek moves a viewer to a step and returns its answer.
func seek(t testing.TB, v *viewer, to StepArg) Message {
	t.Helper()
	v.start("seek", to)
	msgs := v.run(context.Background())
	if len(msgs) != 1 {
		t.Fatalf("seek %v: got %d messages, want 1", to, len(msgs))
	}
	return msgs[0]
}

// The patches the session builds from the nodes each event touched take
// the previous frame exactly to the next one, on random trees and every
// ordering, and carry no node beyond those that changed plus at most the
// event's own node.
func TestSessionPatchesEqualDiff(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	for i := range 40 {
		q := url.Values{"random": {fmt.Sprintf("%d,%d", 2+r.IntN(3), 2+r.IntN(3))}, "seed": {fmt.Sprint(i)},
			"order": {[]string{"natural", "reversed", "random", "best", "worst"}[i%5]}}
		if i%3 == 0 {
			q.Set("algo", "minimax")
		}
		v, err := newViewer(context.Background(), q.Encode())
		if err != nil {
			t.Fatal(err)
		}
		seek(t, v, StepArg{Set: true})
		prev := v.cur.Frame().Clone()
		for !v.ended() {
			n := 1 + r.IntN(3)
			m := forward(t, v, n)
			if m.Type != "patch" {
				t.Fatalf("%v: %+v", q, m)
			}
			want := trace.Diff(prev, v.cur.Frame())
			if len(m.Patch.Nodes) > len(want.Nodes)+n {
				t.Fatalf("%v step %d: patch carries %d nodes, %d changed", q, v.cur.Step(), len(m.Patch.Nodes), len(want.Nodes))
			}
			if err := prev.ApplyPatch(m.Patch); err != nil {
				t.Fatal(err)
			}
			if !framesEqual(prev, v.cur.Frame()) {
				t.Fatalf("%v step %d: the patch does not give the frame", q, v.cur.Step())
			}
			prev = v.cur.Frame().Clone()
		}
		v.close()
	}
}

// Fold counts follow the search into the folded levels of a game tree.
func TestSessionFoldCounts(t *testing.T) {
	v, err := newViewer(context.Background(), "game=tictactoe&algo=alphabeta")
	if err != nil {
		t.Fatal(err)
	}
	defer v.close()
	m := seek(t, v, StepArg{Set: true, End: true})
	snap := v.cur.Folds()
	if len(snap) == 0 {
		t.Fatal("the tic-tac-toe drawing has no folds")
	}
	visited, pruned, total := 0, 0, 0
	for _, c := range snap {
		if c.Visited+c.Pruned > c.Total {
			t.Fatalf("fold counts %+v exceed the total", c)
		}
		visited += c.Visited
		pruned += c.Pruned
		total += c.Total
	}
	drawnVisited := 0
	for id, nv := range m.Frame.Nodes {
		if nv.State != trace.StatePruned && !v.scene.Hidden(id) {
			drawnVisited++
		}
	}
	if visited+drawnVisited != m.Frame.Stats.Nodes {
		t.Errorf("got %d visited in folds and %d drawn, want %d in all (the statistics)", visited, drawnVisited, m.Frame.Stats.Nodes)
	}
	// The incremental counts equal a count from the whole frame.
	full := trace.NewFrame()
	if _, err := v.prep.Run(func(e *trace.Event) bool { return full.ApplyQuietly(*e) == nil }); err != nil {
		t.Fatal(err)
	}
	for id, c := range view.FoldsAt(v.prep, v.scene, full) {
		if snap[id] != c {
			t.Fatalf("fold %s: got %+v incrementally, want %+v from the whole frame", id, snap[id], c)
		}
	}
	t.Logf("tic-tac-toe alpha-beta at the end: %d folds, %d nodes visited and %d pruned inside them, of %d", len(snap), visited, pruned, total)
}

// Message sizes per step (see docs/performance.md).
func TestStepMessageBytes(t *testing.T) {
	for _, q := range []string{"tree=" + url.QueryEscape(tree.TwoPlyGameTree), "game=tictactoe&algo=alphabeta", "game=tictactoe&algo=minimax",
		ductQuery("0", "en", 60).Encode()} {
		v, err := newViewer(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		seek(t, v, StepArg{Set: true})
		n, sum, most := 0, 0, 0
		for !v.ended() && n < 1000 {
			m := forward(t, v, 1)
			m.V = ProtocolVersion
			b, _ := json.Marshal(m)
			sum += len(b)
			most = max(most, len(b))
			n++
		}
		v.close()
		t.Logf("%s: %d steps, %d bytes per step message on average, %d at most", q, n, sum/n, most)
		if sum/n > 4096 {
			t.Errorf("%s: %d bytes per step on average; a step should cost one small patch", q, sum/n)
		}
	}
}

// BenchmarkSessionMemory steps 1,000 steps into the full minimax of
// tic-tac-toe and reports the live heap the session holds.
func BenchmarkSessionMemory(b *testing.B) {
	for b.Loop() {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		v, err := newViewer(context.Background(), "game=tictactoe&algo=minimax")
		if err != nil {
			b.Fatal(err)
		}
		for range 1000 {
			forward(b, v, 1)
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(after.HeapAlloc)-float64(before.HeapAlloc), "heap-bytes")
		b.ReportMetric(float64(v.cur.Step()), "steps")
		runtime.KeepAlive(v)
		v.close()
	}
}

// Seeking to the end of the full tic-tac-toe minimax (2,199,784 steps)
// answers with a frame of the drawn nodes only, not half a million.
func TestSessionSeekEndOfHugeSearch(t *testing.T) {
	if testing.Short() {
		t.Skip("replays 2.2 million steps")
	}
	v, err := newViewer(context.Background(), "game=tictactoe&algo=minimax")
	if err != nil {
		t.Fatal(err)
	}
	defer v.close()
	start := time.Now()
	m := seek(t, v, StepArg{Set: true, End: true})
	b, _ := json.Marshal(m)
	t.Logf("seek to the end: step %d in %v, frame message %d bytes with %d nodes", m.Frame.Step, time.Since(start), len(b), len(m.Frame.Nodes))
	if !m.End || m.Frame.Step != 2199784 || m.Frame.Narration == "" {
		t.Fatalf("end frame: step %d, end %v, narration %q", m.Frame.Step, m.End, m.Frame.Narration)
	}
	if len(m.Frame.Nodes) > 3000 {
		t.Errorf("the end frame carries %d nodes; only the drawn ones should travel", len(m.Frame.Nodes))
	}
}

// replayTextbook replays events of the textbook tree into a frame as the
// viewer narrates them: its leaves (the nodes at depth 2) are reached, not
// entered as MAX or MIN.
func replayTextbook(events []trace.Event) (*trace.Frame, error) {
	f := trace.NewFrame()
	f.Leaf = func(id string) bool { return strings.Count(id, ".") == 1 }
	for _, e := range events {
		if err := f.Apply(e); err != nil {
			return f, err
		}
	}
	return f, nil
}
