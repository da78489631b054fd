package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/abtrace/abtrace/search/tree"
	"net/http/httptest"
	"net/url"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/abtrace/abtrace/view"
)

// Benchmarks of a viewer session on the full tic-tac-toe minimax
// (2,199,784 steps, 586 nodes drawn, 504 folds). Figures and the commands
// that produced them are in docs/performance.md.

const tttMinimax = "game=tictactoe&algo=minimax"

func loadedViewer(b *testing.B, query string, at StepArg) *viewer {
	b.Helper()
	v, err := newViewer(context.Background(), query)
	if err != nil {
		b.Fatal(err)
	}
	if m := seek(b, v, at); m.Type != "frame" {
		b.Fatalf("seek %v: %+v", at, m)
	}
	return v
}

// BenchmarkSessionHeapAtEnd reports the live heap one session holds at the
// end of the full tic-tac-toe minimax: its cursor (frame and
// checkpoints) and the drawing last sent.
func BenchmarkSessionHeapAtEnd(b *testing.B) {
	for b.Loop() {
		view.ForgetSummaries()
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		v := loadedViewer(b, tttMinimax, StepArg{Set: true, End: true})
		runtime.GC()
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(after.HeapAlloc)-float64(before.HeapAlloc), "live-bytes")
		runtime.KeepAlive(v)
		v.close()
	}
}

// BenchmarkSessionBackFromEnd is one step back from the end, the answer
// (a whole frame with the drawing) included.
func BenchmarkSessionBackFromEnd(b *testing.B) {
	v := loadedViewer(b, tttMinimax, StepArg{Set: true, End: true})
	defer v.close()
	end := v.cur.Step()
	for b.Loop() {
		seek(b, v, StepArg{Set: true, Value: end - 1})
		b.StopTimer()
		seek(b, v, StepArg{Set: true, End: true})
		b.StartTimer()
	}
}

// BenchmarkSessionSeekBack seeks to steps spread over the whole search,
// from the end, where the session has been (the checkpoints cover it).
func BenchmarkSessionSeekBack(b *testing.B) {
	v := loadedViewer(b, tttMinimax, StepArg{Set: true, End: true})
	defer v.close()
	end := v.cur.Step()
	i := 0
	for b.Loop() {
		i++
		to := int(uint64(i)*2654435761) % end
		seek(b, v, StepArg{Set: true, Value: to})
	}
}

// BenchmarkSessionSeekEnd seeks from step 0 to the end. Cold, the search
// is met for the first time and every step is replayed once; warm, an
// earlier session has been to the end and handed on the summaries of its
// subtrees (view.SummaryLevels).
func BenchmarkSessionSeekEnd(b *testing.B) {
	coldWarm(b, func() {
		v := loadedViewer(b, tttMinimax, StepArg{Set: true})
		seek(b, v, StepArg{Set: true, End: true})
		v.close()
	})
}

// coldWarm runs op in a loop as two benchmarks: cold, every search met
// for the first time (no summaries kept from an earlier visit); warm,
// after two earlier ops of the same search (a random tree is kept once it
// is asked for a second time: after one earlier op, the first op measured
// would make the tree again, and B/op would fall with b.N).
func coldWarm(b *testing.B, op func()) {
	for _, warm := range []bool{false, true} {
		b.Run(map[bool]string{false: "cold", true: "warm"}[warm], func(b *testing.B) {
			view.ForgetSummaries()
			if warm {
				op()
				op()
			}
			loopCPU(b, func() {
				if !warm {
					view.ForgetSummaries()
				}
				op()
			})
		})
	}
}

// loopCPU runs op in b's loop and reports the CPU time of the process
// (every goroutine's) per op, which a loaded machine's wall time does not
// show.
func loopCPU(b *testing.B, op func()) {
	cpu0, cpuOK := processCPU()
	for b.Loop() {
		op()
	}
	if cpu1, ok := processCPU(); ok && cpuOK {
		b.ReportMetric(float64((cpu1-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
	}
}

// BenchmarkSessionStep is one step forward with its answer (the patch,
// the drawing's changes and the panels), deep in the search.
func BenchmarkSessionStep(b *testing.B) {
	for _, q := range []string{"tree=" + url.QueryEscape(tree.TwoPlyGameTreePlain), tttMinimax, "random=12,3&seed=1&algo=minimax"} {
		b.Run(q, func(b *testing.B) {
			v := loadedViewer(b, q, StepArg{Set: true, Value: 20})
			defer v.close()
			b.ReportAllocs()
			for b.Loop() {
				if v.ended() {
					b.StopTimer()
					seek(b, v, StepArg{Set: true, Value: 20})
					b.StartTimer()
				}
				forward(b, v, 1)
			}
		})
	}
}

// BenchmarkSessionStepShared is BenchmarkSessionStep for a viewer of a
// session whose answers another viewer of the same scenario made first
// (MaxSharedPatches): the step of its cursor, and the answer taken.
func BenchmarkSessionStepShared(b *testing.B) {
	for _, q := range []string{"tree=" + url.QueryEscape(tree.TwoPlyGameTreePlain), tttMinimax} {
		b.Run(q, func(b *testing.B) {
			sharedPatches.Forget()
			load := func() *viewer {
				v, err := newViewer(context.Background(), q)
				if err != nil {
					b.Fatal(err)
				}
				v.share = true
				v.command(Command{V: ProtocolVersion, Cmd: "load", Step: StepArg{Set: true, Value: 20}})
				if msgs := v.run(context.Background()); len(msgs) != 1 {
					b.Fatalf("load: got %d messages, want 1", len(msgs))
				}
				return v
			}
			maker, v := load(), load()
			defer maker.close()
			defer v.close()
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				if maker.ended() {
					maker.close()
					v.close()
					sharedPatches.Forget()
					maker, v = load(), load()
				}
				forward(b, maker, 1)
				b.StartTimer()
				if m := forward(b, v, 1); m.encoded == nil {
					b.Fatal("the step's answer was not shared")
				}
			}
		})
	}
}

// BenchmarkRenderViewEnd renders /view at the end of the full tic-tac-toe
// minimax and of the random tree 3,12 (797,161 nodes), on the server:
// cold, the search met for the first time; warm, after an earlier render
// handed on the summaries of its subtrees (and, for the random tree, the
// tree itself: scenario's randomTrees); kept, the page asked for before
// (keptPages).
func BenchmarkRenderViewEnd(b *testing.B) {
	s := New(Config{})
	for _, q := range []string{tttMinimax, "random=3,12&seed=1"} {
		get := func() {
			rec := httptest.NewRecorder()
			req := httptest.NewRequest("GET", "/view?"+q+"&step=end", nil)
			req.Host = "127.0.0.1:8080" // the server answers its own names only
			s.Echo().ServeHTTP(rec, req)
			if rec.Code != 200 {
				b.Fatalf("got %d", rec.Code)
			}
		}
		b.Run(q, func(b *testing.B) {
			coldWarm(b, func() { s.pages.forget(); get() })
			b.Run("kept", func(b *testing.B) {
				get()
				get()
				loopCPU(b, get)
			})
		})
	}
}

// BenchmarkSessions500 opens 500 sessions of tic-tac-toe at once over
// real websockets on loopback; each loads the game and steps 40 times,
// one step after the answer to the last. It reports the 50th and 99th
// percentile of the time from a step command to its answer, and of the
// time from a load command to its first frame (the loads take turns).
//
// The clients run on the server's cores, so what they do with a message
// counts against the server's figures. Two kinds of client are measured:
// client=decode decodes every message it receives as JSON (as a browser
// does with JSON.parse, though a browser does it on its own machine);
// client=type reads every byte of every message but looks only at its
// type. The server does the same work for both. cpu-ms is the CPU time
// (user and system) of the whole run: both ends, 500 loads, 20,000 steps.
func BenchmarkSessions500(b *testing.B) {
	for _, c := range []struct {
		name string
		read func(*websocket.Conn, *bytes.Buffer, string) error
	}{{"decode", decodeType}, {"type", sniffType}} {
		b.Run("client="+c.name, func(b *testing.B) { sessions500(b, c.read, nil, false, nil) })
	}
	b.Run("client=page", func(b *testing.B) { sessions500(b, sniffType, nil, false, recordSessions(b).prints) })
}

// sessions500Steps is how many steps each client of BenchmarkSessions500
// makes after its load, and sessions500Starts how many different steps
// the clients load at (client i at step i % sessions500Starts).
const sessions500Steps, sessions500Starts = 40, 50

// BenchmarkSessions500Floor is BenchmarkSessions500 with the same clients,
// the same hub and the same session loops (reader, writer, the loads'
// turns), but a server that does no work for an answer: each load and
// each step is answered with the bytes the real server sends for it,
// recorded beforehand (the shared first frame of the query at the step,
// then the patches of the steps after it). What it measures is what this
// machine does with this transport and these clients: the floor under
// BenchmarkSessions500's figures, which no work saved on the server can
// go below.
func BenchmarkSessions500Floor(b *testing.B) {
	rec := recordSessions(b)
	for _, c := range []struct {
		name string
		read func(*websocket.Conn, *bytes.Buffer, string) error
	}{{"decode", decodeType}, {"type", sniffType}} {
		b.Run("client="+c.name, func(b *testing.B) {
			sessions500(b, c.read, func(ctx context.Context, c Command) (driver, error) { return rec.driver(c) }, false, nil)
		})
	}
	b.Run("client=page", func(b *testing.B) {
		sessions500(b, sniffType, func(ctx context.Context, c Command) (driver, error) { return rec.driver(c) }, false, rec.prints)
	})
}

// BenchmarkSessions500Apart is BenchmarkSessions500 with the type-reading
// client, the real server and the floor's, but no session steps before
// every session has loaded: the steps' percentiles without the 500 first
// frames (147 KB each) written and read on the same cores meanwhile.
func BenchmarkSessions500Apart(b *testing.B) {
	rec := recordSessions(b)
	b.Run("server=real", func(b *testing.B) { sessions500(b, sniffType, nil, true, nil) })
	b.Run("server=floor", func(b *testing.B) {
		sessions500(b, sniffType, func(ctx context.Context, c Command) (driver, error) { return rec.driver(c) }, true, nil)
	})
}

// recorded holds, for each algorithm of BenchmarkSessions500, the encoded
// first frame of a load at each starting step and the encoded patches of
// the steps after step 0.
type recorded struct {
	frames  map[string][][]byte
	patches map[string][][]byte
	// kept are the first frames for a page that shows the drawing already
	// (view.DrawingPatch.Kept), and prints the prints of those drawings,
	// as the page rendered at the step names them.
	kept   map[string][][]byte
	prints map[string][]string
}

// recordSessions records the answers the real server gives the clients of
// BenchmarkSessions500: after a load and forward steps, a page holds the
// canonical drawing of its step, so the patch from step k to k+1 is the
// same whatever step the page loaded at.
func recordSessions(b *testing.B) *recorded {
	b.Helper()
	rec := &recorded{frames: map[string][][]byte{}, patches: map[string][][]byte{}, kept: map[string][][]byte{}, prints: map[string][]string{}}
	sharedFrames.Forget()
	for _, algo := range []string{"alphabeta", "minimax"} {
		q := "game=tictactoe&algo=" + algo
		for at := range sessions500Starts {
			v, err := newViewer(context.Background(), q)
			if err != nil {
				b.Fatal(err)
			}
			v.command(Command{V: ProtocolVersion, Cmd: "load", Step: StepArg{Set: true, Value: at}})
			msgs := v.run(context.Background())
			if len(msgs) != 1 || msgs[0].encoded == nil {
				b.Fatalf("load %s at %d: got %+v", q, at, msgs)
			}
			rec.frames[algo] = append(rec.frames[algo], msgs[0].encoded)
			sf, ok := sharedFrames.Get(frameKey(q, StepArg{Set: true, Value: at}))
			if !ok {
				b.Fatalf("load %s at %d: its frame was not kept", q, at)
			}
			rec.kept[algo] = append(rec.kept[algo], sf.kept)
			rec.prints[algo] = append(rec.prints[algo], sf.print)
			if at == 0 {
				var e encoder
				for range sessions500Starts + sessions500Steps {
					wire, err := e.encode(forward(b, v, 1))
					if err != nil {
						b.Fatal(err)
					}
					rec.patches[algo] = append(rec.patches[algo], bytes.Clone(wire))
				}
			}
			v.close()
		}
	}
	return rec
}

// driver answers a load with its recorded frame, and each step after it
// with the recorded patch.
func (rec *recorded) driver(c Command) (driver, error) {
	q, err := url.ParseQuery(c.Query)
	if err != nil {
		return nil, err
	}
	d := &replay{frames: rec.frames[q.Get("algo")], patches: rec.patches[q.Get("algo")]}
	if c.Drawn != "" {
		d.frames = rec.kept[q.Get("algo")]
	}
	if d.frames == nil {
		return nil, fmt.Errorf("no recording for %q", c.Query)
	}
	return d, nil
}

// replay is a driver whose answers were recorded: it does no work.
type replay struct {
	frames, patches [][]byte
	step            int
}

func (d *replay) command(c Command) []Message {
	switch {
	case c.Cmd == "load" && c.Step.Value < len(d.frames):
		d.step = c.Step.Value
		return []Message{{encoded: d.frames[d.step]}}
	case c.Cmd == "step" && c.N == 1 && d.step < len(d.patches):
		d.step++
		return []Message{{encoded: d.patches[d.step-1]}}
	}
	return []Message{errMsg(c.Cmd, errors.New("not recorded"))}
}

func (d *replay) work(context.Context, int) []Message { return nil }
func (d *replay) halt() []Message                     { return nil }
func (d *replay) busy() bool                          { return false }
func (d *replay) ended() bool                         { return false }
func (d *replay) position() (step, total int)         { return 0, -1 }
func (d *replay) close()                              {}

// sessions500 runs the 500 sessions with clients that read messages with
// readType, against a server whose drivers are drivers (nil: the real
// viewers); with apart, the sessions step once all have loaded. With
// prints, each load names the print of the drawing at its step, by
// algorithm and step (what the page the server rendered names).
func sessions500(b *testing.B, readType func(*websocket.Conn, *bytes.Buffer, string) error,
	drivers func(context.Context, Command) (driver, error), apart bool, prints map[string][]string) {
	const sessions, steps = 500, sessions500Steps
	// The collector's target the server runs with (ApplyGCPercent: GOGC
	// when given, else DefaultGCPercent), and back after the benchmark.
	old := debug.SetGCPercent(100)
	ApplyGCPercent()
	defer debug.SetGCPercent(old)
	s := New(Config{MaxSessions: sessions + 10, MaxSessionsPerAddr: sessions + 10})
	s.hub.drivers = drivers
	srv := httptest.NewServer(s.Echo())
	defer srv.Close()
	u := "ws" + srv.URL[len("http"):] + WSPath
	for b.Loop() {
		// Every run starts from a server that has shared nothing yet, as
		// when a class opens a tree the server has not shown before.
		sharedFrames.Forget()
		sharedPatches.Forget()
		cpu0, cpuOK := processCPU()
		var mu sync.Mutex
		var lat, loads []time.Duration
		var wg, loaded sync.WaitGroup
		loaded.Add(sessions)
		errs := make(chan error, sessions)
		for i := range sessions {
			wg.Add(1)
			go func() {
				defer wg.Done()
				// Once per session, loaded or failed, so that no session
				// waits for one that failed.
				hasLoaded := sync.OnceFunc(loaded.Done)
				defer hasLoaded()
				conn, _, err := websocket.DefaultDialer.Dial(u, nil)
				if err != nil {
					errs <- err
					return
				}
				defer conn.Close()
				var buf bytes.Buffer
				algo := []string{"alphabeta", "minimax"}[i%2]
				loadStart := time.Now()
				load := map[string]any{"v": 1, "cmd": "load", "query": "game=tictactoe&algo=" + algo, "step": i % sessions500Starts}
				if prints != nil {
					load["drawn"] = prints[algo][i%sessions500Starts]
				}
				if err := conn.WriteJSON(load); err != nil {
					errs <- err
					return
				}
				if err := readType(conn, &buf, "frame"); err != nil {
					errs <- err
					return
				}
				loadTime := time.Since(loadStart)
				if hasLoaded(); apart {
					loaded.Wait()
				}
				mine := make([]time.Duration, 0, steps)
				for range steps {
					start := time.Now()
					if err := conn.WriteMessage(websocket.TextMessage, []byte(`{"v":1,"cmd":"step"}`)); err != nil {
						errs <- err
						return
					}
					if err := readType(conn, &buf, "patch"); err != nil {
						errs <- err
						return
					}
					mine = append(mine, time.Since(start))
				}
				mu.Lock()
				lat = append(lat, mine...)
				loads = append(loads, loadTime)
				mu.Unlock()
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			b.Fatal(err)
		}
		slices.Sort(lat)
		slices.Sort(loads)
		b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
		b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
		b.ReportMetric(float64(loads[len(loads)/2].Microseconds())/1000, "load-p50-ms")
		b.ReportMetric(float64(loads[len(loads)*99/100].Microseconds())/1000, "load-p99-ms")
		if cpu1, ok := processCPU(); ok && cpuOK {
			// The CPU the whole run took, server and clients: unlike the
			// latencies, it hardly depends on what else the machine runs.
			b.ReportMetric(float64((cpu1 - cpu0).Milliseconds()), "cpu-ms")
		}
	}
}

// decodeType reads messages until one of type want (skipping totals),
// decoding each whole message as JSON.
func decodeType(conn *websocket.Conn, buf *bytes.Buffer, want string) error {
	return readUntil(conn, buf, want, func(b []byte) (string, error) {
		var m struct{ Type string }
		err := json.Unmarshal(b, &m)
		return m.Type, err
	})
}

// sniffType reads messages until one of type want (skipping totals),
// reading every byte but looking only at the type, which the server
// writes second, after the version: {"v":1,"type":"patch",...}.
func sniffType(conn *websocket.Conn, buf *bytes.Buffer, want string) error {
	return readUntil(conn, buf, want, func(b []byte) (string, error) {
		const prefix = `{"v":1,"type":"`
		if !bytes.HasPrefix(b, []byte(prefix)) {
			return "", fmt.Errorf("message does not begin with %s: %.40q", prefix, b)
		}
		t, _, ok := bytes.Cut(b[len(prefix):], []byte(`"`))
		if !ok {
			return "", fmt.Errorf("message type not closed: %.40q", b)
		}
		return string(t), nil
	})
}

// readUntil reads messages into buf until typeOf says one is of type want;
// an error message fails.
func readUntil(conn *websocket.Conn, buf *bytes.Buffer, want string, typeOf func([]byte) (string, error)) error {
	for {
		conn.SetReadDeadline(time.Now().Add(time.Minute))
		_, r, err := conn.NextReader()
		if err != nil {
			return err
		}
		buf.Reset()
		if _, err := buf.ReadFrom(r); err != nil {
			return err
		}
		t, err := typeOf(buf.Bytes())
		if err != nil {
			return err
		}
		switch t {
		case want:
			return nil
		case "error":
			var m struct{ Cmd, Error string }
			if err := json.Unmarshal(buf.Bytes(), &m); err != nil {
				return err
			}
			return fmt.Errorf("%s: %s", m.Cmd, m.Error)
		}
	}
}

// BenchmarkSessionLoad is a load of tic-tac-toe (alpha-beta and minimax in
// turn, at steps 0 to 49, as in BenchmarkSessions500) with its answer
// encoded: alone, every first frame is encoded for its viewer; shared,
// the first frames were kept by an earlier load of the same query and
// step (MaxSharedFrames).
func BenchmarkSessionLoad(b *testing.B) {
	// The scenes are shared in both cases (view.MaxSharedScenes): lay
	// them out first.
	for _, algo := range []string{"alphabeta", "minimax"} {
		loadedViewer(b, "game=tictactoe&algo="+algo, StepArg{Set: true}).close()
	}
	for _, shared := range []bool{false, true} {
		b.Run(map[bool]string{false: "alone", true: "shared"}[shared], func(b *testing.B) {
			sharedFrames.Forget()
			var e encoder
			i := 0
			for b.Loop() {
				i++
				if !shared {
					sharedFrames.Forget()
				}
				v, err := newViewer(context.Background(), "game=tictactoe&algo="+[]string{"alphabeta", "minimax"}[i%2])
				if err != nil {
					b.Fatal(err)
				}
				v.command(Command{V: ProtocolVersion, Cmd: "load", Step: StepArg{Set: true, Value: i % 50}})
				msgs := v.run(context.Background())
				if len(msgs) != 1 || msgs[0].Type != "" && msgs[0].Type != "frame" {
					b.Fatalf("load: got %+v", msgs)
				}
				wire := msgs[0].encoded
				if wire == nil {
					if wire, err = e.encode(msgs[0]); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(len(wire)), "wire-B")
				v.close()
			}
		})
	}
}
