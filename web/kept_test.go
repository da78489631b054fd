package web

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/templates"
	"github.com/abtrace/abtrace/view"
)

// pageInit renders the viewer's page at target and returns the state its
// script starts from.
func pageInit(t *testing.T, s *Server, target string) templates.Init {
	t.Helper()
	rec := httpGet(t, s, target)
	if rec.Code != 200 {
		t.Fatalf("%s: got %d", target, rec.Code)
	}
	m := regexp.MustCompile(`(?s)<script id="abtrace-init" type="application/json">(.*?)</script>`).FindStringSubmatch(rec.Body.String())
	if m == nil {
		t.Fatalf("%s: no starting state in the page", target)
	}
	var in templates.Init
	if err := json.Unmarshal([]byte(m[1]), &in); err != nil {
		t.Fatal(err)
	}
	return in
}

// loadDrawn loads query at step as a session does for a page that shows
// the drawing whose print is drawn, and returns the viewer and its answer.
func loadDrawn(t *testing.T, query string, to StepArg, drawn string) (*viewer, []byte) {
	t.Helper()
	v, err := newViewer(context.Background(), query)
	if err != nil {
		t.Fatal(err)
	}
	v.drawn = drawn
	v.command(Command{V: ProtocolVersion, Cmd: "load", Step: to})
	msgs := v.run(context.Background())
	if len(msgs) != 1 || msgs[0].encoded == nil {
		t.Fatalf("load: got %d messages, want one encoded frame", len(msgs))
	}
	return v, bytes.Clone(msgs[0].encoded)
}

// TestKeptFirstFrame: a page rendered by the server names the print of its
// drawing, and the session's first frame for it leaves the drawing out
// (kept), whether the frame is made for it or taken from another viewer's
// load; everything else in the frame is the whole frame's, and the
// answers after it are those of a viewer that got the whole frame. A
// print that is not the drawing's gets the whole frame.
func TestKeptFirstFrame(t *testing.T) {
	s := newTestServer(t)
	for _, q := range sharedScenarios {
		steps := []string{"0", "17", "end"}
		if strings.HasPrefix(q, "game=tictactoe&algo=") {
			steps = steps[:2]
		}
		for _, st := range steps {
			t.Run(q+"/"+st, func(t *testing.T) {
				in := pageInit(t, s, "/view?"+q+"&step="+st)
				if len(in.Drawn) != view.PrintLen {
					t.Fatalf("the page names the print %q, want %d characters", in.Drawn, view.PrintLen)
				}
				to := StepArg{Set: true, Value: in.Step}
				sharedFrames.Forget()
				alone, aloneFrame := loadAlone(t, in.Query, to)
				defer alone.close()
				whole := encodeJSON(t, func() Message { return aloneFrame })
				kept := encodeJSON(t, func() Message { return alone.keptFrame(aloneFrame) })
				first, firstBytes := loadDrawn(t, in.Query, to, in.Drawn)
				defer first.close()
				next, nextBytes := loadDrawn(t, in.Query, to, in.Drawn)
				defer next.close()
				other, otherBytes := loadDrawn(t, in.Query, to, strings.Repeat("A", view.PrintLen))
				defer other.close()
				for name, got := range map[string][]byte{"first": firstBytes, "shared": nextBytes} {
					if !bytes.Equal(got, kept) {
						t.Fatalf("%s load with the page's print: got %.300s\nwant %.300s", name, got, kept)
					}
				}
				if !bytes.Equal(otherBytes, whole) {
					t.Fatalf("load with another print: got %.300s\nwant the whole frame %.300s", otherBytes, whole)
				}
				var m Message
				if err := json.Unmarshal(firstBytes, &m); err != nil {
					t.Fatal(err)
				}
				if !m.Draw.Kept || len(m.Draw.Nodes) != 0 || m.Draw.Step != in.Step {
					t.Fatalf("kept frame: kept %v, %d nodes, step %d; want kept, no nodes, step %d",
						m.Draw.Kept, len(m.Draw.Nodes), m.Draw.Step, in.Step)
				}
				nodes, _ := json.Marshal(aloneFrame.Draw.Nodes)
				if saved := len(whole) - len(firstBytes); saved < len(nodes)-len(`[],"kept":true`) {
					t.Errorf("kept frame %d bytes beside a whole frame of %d: %d saved, want at least the drawing's %d", len(firstBytes), len(whole), saved, len(nodes))
				}
				moves := []Command{{Cmd: "step", N: 1}, {Cmd: "step", N: 3}, {Cmd: "next-cutoff"}, {Cmd: "back", N: 2}, {Cmd: "step", N: 1}}
				for i, c := range moves {
					var got [3][]byte
					for k, v := range []*viewer{alone, first, next} {
						v.command(c)
						msgs := v.run(context.Background())
						if len(msgs) != 1 {
							t.Fatalf("move %d (%s): got %d messages", i, c.Cmd, len(msgs))
						}
						got[k] = encodeJSON(t, func() Message { return msgs[0] })
					}
					if !bytes.Equal(got[1], got[0]) || !bytes.Equal(got[2], got[0]) {
						t.Fatalf("move %d (%s) after a kept frame:\n%.400s\n%.400s\nwant\n%.400s", i, c.Cmd, got[1], got[2], got[0])
					}
				}
			})
		}
	}
}

// TestKeptFirstFrameOverSession: over the websocket, a load that names
// the page's print gets the kept frame; the next load of the session
// (the page reconnecting after it has moved) names none and gets the
// whole frame.
func TestKeptFirstFrameOverSession(t *testing.T) {
	leakCheck(t)
	s := newTestServer(t)
	srv := httptest.NewServer(s.Echo())
	defer srv.Close()
	in := pageInit(t, s, "/view?game=tictactoe&algo=alphabeta&step=5")
	c := dial(t, srv)
	defer c.conn.Close()
	c.send(map[string]any{"v": 1, "cmd": "load", "query": in.Query, "step": in.Step, "drawn": in.Drawn})
	m, raw := c.recvAny()
	for m.Type == "total" {
		m, raw = c.recvAny()
	}
	if m.Type != "frame" || !m.Draw.Kept || len(m.Draw.Nodes) != 0 || m.Panels == nil || m.Panels.Step != 5 {
		t.Fatalf("got %.300s, want a kept frame at step 5 with its panels", raw)
	}
	c.send(map[string]any{"v": 1, "cmd": "load", "query": in.Query, "step": 6})
	if m := c.recv(); m.Type != "frame" || m.Draw.Kept || len(m.Draw.Nodes) != 586 {
		t.Fatalf("load without a print: got %s kept %v with %d nodes, want the whole frame of 586 boards", m.Type, m.Draw.Kept, len(m.Draw.Nodes))
	}
}
