package web

import (
	"context"
	"encoding/json"
	"github.com/abtrace/abtrace/search/tree"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/view"
)

func compareCmd(q url.Values, step any) map[string]any {
	return map[string]any{"v": 1, "cmd": "compare", "query": q.Encode(), "step": step}
}

// paneAttrs is what a page holds of one pane's drawing: the attributes of
// every drawn node, by id, as the patches wrote them.
type paneAttrs map[string]view.NodeAttrs

func (a paneAttrs) apply(t *testing.T, d *view.DrawingPatch) {
	t.Helper()
	if d == nil {
		t.Fatal("a pane without its drawing patch")
	}
	for _, n := range d.Nodes {
		a[n.ID] = n
	}
}

// pageAt is the comparison at a shared step as the page's own path (the
// HTTP handler's) computes it.
func pageAt(t *testing.T, q url.Values, step int) *comparison {
	t.Helper()
	r, err := parseCompare(q)
	if err != nil {
		t.Fatal(err)
	}
	cmp, err := openComparison(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(cmp.panes.Close)
	cmp.seekTo(step, false)
	if err := cmp.workAll(context.Background()); err != nil {
		t.Fatal(err)
	}
	return cmp
}

// TestCompareSessionMatchesPage steps a comparison over the websocket,
// by event and by node, forward, back, to cutoffs and by seeks, and checks
// after every answer that the drawings rebuilt from the patches and the
// counters are those the page shows at that step.
func TestCompareSessionMatchesPage(t *testing.T) {
	leakCheck(t)
	_, srv := newHubServer(t)
	for _, tc := range []struct{ name, tree, by string }{
		{"textbook-node", tree.TwoPlyGameTreePlain, "node"},
		{"textbook-event", tree.TwoPlyGameTreePlain, "event"},
		{"chance-star1-event", tree.TwoPlyGameTreeChance, "event"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := url.Values{"tree": {tc.tree}, "orders": {"natural,best,worst"}, "by": {tc.by}}
			if strings.Contains(tc.name, "star1") {
				q.Set("algo", "star1")
				q.Set("bounds", "0,15")
			}
			c := dial(t, srv)
			defer c.conn.Close()
			c.send(compareCmd(q, 0))
			attrs := []paneAttrs{{}, {}, {}}
			check := func(what string, want int) {
				t.Helper()
				m := c.recv()
				if m.Type != "panes" || m.Compare == nil {
					t.Fatalf("%s: got %+v, want a panes message", what, m)
				}
				st := m.Compare
				if st.Step != want {
					t.Fatalf("%s: got step %d, want %d", what, st.Step, want)
				}
				page := pageAt(t, q, want)
				if st.Total != page.panes.Total() || m.Total == nil || *m.Total != st.Total {
					t.Fatalf("%s: got total %d, want %d", what, st.Total, page.panes.Total())
				}
				for i, p := range page.panes.Panes() {
					attrs[i].apply(t, st.Panes[i].Draw)
					want := paneAttrs{}
					for _, a := range p.Drawing().Attrs() {
						want[a.ID] = a
					}
					if !reflect.DeepEqual(attrs[i], want) {
						t.Fatalf("%s: pane %s: the drawing rebuilt from the patches differs from the page's", what, p.Name)
					}
					s := p.Frame().Stats
					if got := st.Panes[i].Counts; got != [3]int{s.Nodes, s.Leaves, s.Cutoffs} {
						t.Fatalf("%s: pane %s: got counts %v, want %d nodes, %d leaves, %d cutoffs", what, p.Name, got, s.Nodes, s.Leaves, s.Cutoffs)
					}
				}
			}
			check("load", 0)
			total := pageAt(t, q, 0).panes.Total()
			for k := 1; k <= total; k++ {
				c.send(`{"v":1,"cmd":"step"}`)
				check("step", k)
			}
			c.send(`{"v":1,"cmd":"back","n":3}`)
			check("back 3", total-3)
			c.send(`{"v":1,"cmd":"seek","step":2}`)
			check("seek 2", 2)
			c.send(`{"v":1,"cmd":"next-cutoff"}`)
			m := c.recv()
			if m.Type != "panes" || m.Compare.Step <= 2 {
				t.Fatalf("next cutoff: got %+v", m)
			}
			c.send(`{"v":1,"cmd":"seek","step":"end"}`)
			end := c.recv()
			if !end.End || !end.Compare.Done {
				t.Fatalf("seek end: got end %v, done %v; want both", end.End, end.Compare.Done)
			}
		})
	}
}

// TestCompareSessionErrors checks that a bad comparison is answered with
// an error naming the parameter, and the session goes on.
func TestCompareSessionErrors(t *testing.T) {
	leakCheck(t)
	_, srv := newHubServer(t)
	c := dial(t, srv)
	defer c.conn.Close()
	for _, tc := range []struct {
		q    url.Values
		want string
	}{
		{url.Values{"tree": {"((1 2) (3 4))"}, "orders": {"natural"}}, "compare 2 to 4 panes"},
		{url.Values{"tree": {"((1 2) (3 4))"}, "by": {"leaf"}}, "by: step by event or node"},
		{url.Values{"game": {"tictactoe"}, "algo": {"minimax"}, "orders": {"natural,best"}}, "too many steps"},
	} {
		c.send(compareCmd(tc.q, 0))
		m := c.recv()
		if m.Type != "error" || !strings.Contains(m.Error, tc.want) {
			t.Errorf("%v: got %+v, want an error saying %q", tc.q, m, tc.want)
		}
	}
	c.send(compareCmd(url.Values{"tree": {"((1 2) (3 4))"}}, "end"))
	if m := c.recv(); m.Type != "panes" || !m.End {
		t.Fatalf("after the errors: got %+v, want the panes at the end", m)
	}
	// The comparison steps by node (its default); another unit is refused
	// and the comparison stays loaded.
	for _, tc := range []struct{ cmd, by, want string }{
		{"step", "cutoff", "steps by node (by= in its address), not by cutoff"},
		{"back", "event", "steps by node (by= in its address), not by event"},
		{"back", "node", ""},
		{"step", "", ""},
	} {
		c.send(map[string]any{"v": 1, "cmd": tc.cmd, "by": tc.by})
		m := c.recv()
		if tc.want == "" {
			if m.Type != "panes" {
				t.Errorf("%s by %q: got %+v, want a panes message", tc.cmd, tc.by, m)
			}
			continue
		}
		if m.Type != "error" || m.Cmd != tc.cmd || !strings.Contains(m.Error, tc.want) {
			t.Errorf("%s by %q: got %+v, want an error saying %q", tc.cmd, tc.by, m, tc.want)
		}
	}
}

// TestCompareSessionEndsWhenClientLeaves leaves comparisons half-loaded
// and playing: every session and search must stop.
func TestCompareSessionEndsWhenClientLeaves(t *testing.T) {
	leakCheck(t)
	h, srv := newHubServer(t)
	for range 3 {
		c := dial(t, srv)
		c.send(compareCmd(url.Values{"random": {"3,8"}, "seed": {"1"}}, 5))
		c.send(`{"v":1,"cmd":"play","speed":50}`)
		c.conn.Close()
	}
	if n := waitSessionsGone(h); n != 0 {
		t.Fatalf("%d sessions still open after their clients left", n)
	}
}

// TestCompareStepBytes checks the size of one step's answer on the
// comparison of the issue (three panes of random=3,8): the target is at
// most 5 KB.
func TestCompareStepBytes(t *testing.T) {
	c := benchComparer(t)
	defer c.close()
	worst := 0
	for range 60 {
		n := compareStepBytes(t, c)
		worst = max(worst, n)
	}
	if worst > compareStepBudget {
		t.Fatalf("got a step of %d bytes, want at most %d", worst, compareStepBudget)
	}
}

// compareStepBudget is the most bytes one step of a three-pane comparison
// may send (docs/performance.md).
const compareStepBudget = 5 << 10

func benchComparer(t testing.TB) *comparer {
	t.Helper()
	q := url.Values{"random": {"3,8"}, "seed": {"1"}, "orders": {"natural,best,worst"}, "by": {"node"}}
	c, err := newComparer(context.Background(), q.Encode())
	if err != nil {
		t.Fatal(err)
	}
	c.command(Command{Cmd: "compare", Step: StepArg{Set: true}})
	for c.busy() {
		c.work(context.Background(), 0)
	}
	return c
}

// compareStepBytes takes one step (back to the start at the end) and
// returns the size of its answer.
func compareStepBytes(t testing.TB, c *comparer) int {
	if c.ended() {
		c.command(Command{Cmd: "seek", Step: StepArg{Set: true}})
	} else {
		c.command(Command{Cmd: "step", N: 1})
	}
	var msgs []Message
	for c.busy() {
		msgs = c.work(context.Background(), 0)
	}
	if len(msgs) != 1 || msgs[0].Type != "panes" {
		t.Fatalf("got %+v, want one panes message", msgs)
	}
	msgs[0].V = ProtocolVersion
	b, err := json.Marshal(msgs[0])
	if err != nil {
		t.Fatal(err)
	}
	return len(b)
}

// BenchmarkCompareStep is one step of a three-pane comparison on
// random=3,8 by node: the server's time and the bytes it sends.
func BenchmarkCompareStep(b *testing.B) {
	c := benchComparer(b)
	defer c.close()
	total := 0
	b.ResetTimer()
	for b.Loop() {
		total += compareStepBytes(b, c)
	}
	b.ReportMetric(float64(total)/float64(b.N), "wire-B/op")
}
