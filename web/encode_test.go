package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"github.com/abtrace/abtrace/search/tree"
	"net/url"
	"runtime"
	"strings"
	"testing"
)

// sharedScenarios are the scenarios whose shared answers are checked
// against a viewer's own: the textbook tree in two languages, a chance
// tree, tic-tac-toe in two languages, with and without an open fold,
// Monte-Carlo, and the panels of the searches on real games.
var sharedScenarios = []string{
	"tree=" + url.QueryEscape(tree.TwoPlyGameTreePlain) + "&algo=alphabeta",
	"tree=" + url.QueryEscape(tree.TwoPlyGameTreePlain) + "&algo=alphabeta&lang=de",
	"tree=" + url.QueryEscape("(chance (0.5 (3 12) 0.5 (2 4)) (chance (0.25 (14 5) 0.75 (1 6))))") + "&algo=expectiminimax",
	"game=tictactoe&algo=alphabeta",
	"game=tictactoe&algo=minimax&lang=cs",
	"game=tictactoe&algo=alphabeta&open=0",
	"game=tictactoe&position=xo.x.o...&algo=mcts&iterations=30&seed=2",
	"tree=" + url.QueryEscape(tree.TwoPlyGameTreeEstimates) + "&algo=id&tt=64",
}

// A load's first frame is encoded once per query and step and shared: the
// next viewer who loads the same gets the same bytes as a viewer whose
// frame was encoded for it alone, and its later patches and frames are
// those of that viewer.
func TestSharedFirstFrame(t *testing.T) {
	for _, q := range sharedScenarios {
		steps := []StepArg{{Set: true}, {Set: true, Value: 17}, {Set: true, End: true}}
		if strings.HasPrefix(q, "game=tictactoe&algo=") {
			steps = steps[:2] // the end of the whole game is a long search
		}
		for _, to := range steps {
			t.Run(fmt.Sprintf("%s/%s", q, stepText(to)), func(t *testing.T) {
				sharedFrames.Forget()
				alone, aloneFrame := loadAlone(t, q, to)
				first, firstBytes := loadShared(t, q, to)
				if _, ok := sharedFrames.Get(frameKey(q+first.focusKey(), to)); !ok {
					t.Fatalf("the first load's frame was not kept")
				}
				next, nextBytes := loadShared(t, q, to)
				if strings.Contains(q, "tt=") && to.Value == 17 && next.shown.real == "" {
					t.Fatalf("the shared load does not know that its frame shows the panels of the searches on real games")
				}
				defer alone.close()
				defer first.close()
				defer next.close()
				want := encodeJSON(t, func() Message { return aloneFrame })
				if !bytes.Equal(firstBytes, want) {
					t.Fatalf("first load: got %.300s\nwant %.300s", firstBytes, want)
				}
				if !bytes.Equal(nextBytes, want) {
					t.Fatalf("shared load: got %.300s\nwant %.300s", nextBytes, want)
				}
				// What follows is each viewer's own, and the same.
				moves := []Command{{Cmd: "step", N: 1}, {Cmd: "step", N: 3}, {Cmd: "next-cutoff"}, {Cmd: "back", N: 2}, {Cmd: "step", N: 1}}
				for i, c := range moves {
					var got [3][]byte
					for k, v := range []*viewer{alone, first, next} {
						if msgs := v.command(c); msgs != nil {
							t.Fatalf("%s: got an answer before the work", c.Cmd)
						}
						msgs := v.run(context.Background())
						if len(msgs) != 1 || msgs[0].encoded != nil {
							t.Fatalf("move %d (%s): got %d messages (encoded %v), want one not shared", i, c.Cmd, len(msgs), len(msgs) > 0 && msgs[0].encoded != nil)
						}
						got[k] = encodeJSON(t, func() Message { return msgs[0] })
					}
					if !bytes.Equal(got[1], got[0]) || !bytes.Equal(got[2], got[0]) {
						t.Fatalf("move %d (%s): first load's answer\n%.400s\nshared load's answer\n%.400s\nwant\n%.400s", i, c.Cmd, got[1], got[2], got[0])
					}
				}
			})
		}
	}
}

// loadAlone loads q at step to the way a seek goes there, with a frame
// encoded for this viewer alone.
func loadAlone(t *testing.T, q string, to StepArg) (*viewer, Message) {
	t.Helper()
	v, err := newViewer(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	return v, seek(t, v, to)
}

// loadShared loads q at step to as a session does, and returns the
// viewer and the bytes of its answer.
func loadShared(t *testing.T, q string, to StepArg) (*viewer, []byte) {
	t.Helper()
	v, err := newViewer(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	v.command(Command{V: ProtocolVersion, Cmd: "load", Step: to})
	msgs := v.run(context.Background())
	if len(msgs) != 1 || msgs[0].encoded == nil {
		t.Fatalf("load: got %d messages (%+v), want one encoded frame", len(msgs), msgs)
	}
	return v, msgs[0].encoded
}

func encodeJSON(t *testing.T, m func() Message) []byte {
	t.Helper()
	msg := m()
	msg.V = ProtocolVersion
	b, err := json.Marshal(msg)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The encoder's bytes are json.Marshal's, and a buffer grown by a large
// frame is let go.
func TestEncoderMatchesMarshal(t *testing.T) {
	v, err := newViewer(context.Background(), "game=tictactoe&algo=alphabeta")
	if err != nil {
		t.Fatal(err)
	}
	defer v.close()
	var e encoder
	msgs := []Message{seek(t, v, StepArg{Set: true, Value: 10})}
	for range 20 {
		msgs = append(msgs, forward(t, v, 1))
	}
	msgs = append(msgs, Message{Type: "error", Error: "<a> & b", Cmd: "step"})
	for i, m := range msgs {
		got, err := e.encode(m)
		if err != nil {
			t.Fatal(err)
		}
		want := encodeJSON(t, func() Message { return m })
		if !bytes.Equal(got, want) {
			t.Fatalf("message %d: got %.200s, want %.200s", i, got, want)
		}
		if i == 0 {
			if e.buf.Cap() <= maxKeptEncodeBuffer {
				t.Fatalf("a whole frame of tic-tac-toe took %d bytes, want more than %d for this test", e.buf.Cap(), maxKeptEncodeBuffer)
			}
			e.trim()
			if c := e.buf.Cap(); c != 0 {
				t.Fatalf("after a whole frame, the encoder keeps %d bytes, want 0", c)
			}
		}
	}
}

// A first frame larger than MaxSharedFrameBytes is sent, and not kept.
func TestLargeFirstFrameNotKept(t *testing.T) {
	sharedFrames.Forget()
	const q = "random=6,5&seed=1"
	v, b := loadShared(t, q, StepArg{Set: true})
	defer v.close()
	if len(b) <= MaxSharedFrameBytes {
		t.Fatalf("the first frame of %s is %d bytes, want more than %d for this test", q, len(b), MaxSharedFrameBytes)
	}
	if _, ok := sharedFrames.Get(frameKey(q, StepArg{Set: true})); ok {
		t.Errorf("a first frame of %d bytes was kept, want none over %d", len(b), MaxSharedFrameBytes)
	}
}

// A forward step's answer is made once and shared (MaxSharedPatches): a
// viewer that loaded the same scenario, at the same step or an earlier
// one, and stepped forward gets the bytes a viewer that makes its answers
// alone gets, and what follows (back, seek, steps by cutoff, the steps
// after them) is that viewer's too.
func TestSharedPatches(t *testing.T) {
	for _, q := range sharedScenarios {
		t.Run(q, func(t *testing.T) {
			sharedPatches.Forget()
			sharedFrames.Forget()
			// The first viewer loads at step 0 and makes the answers.
			first := loadSharing(t, q, 0, true)
			defer first.close()
			for range 12 {
				if first.ended() {
					break
				}
				if m := step(t, first, Command{Cmd: "step", N: 1}); m.encoded == nil {
					t.Fatalf("a forward step's answer was not encoded to be shared")
				}
			}
			if _, ok := sharedPatches.Get(patchKey(q+first.focusKey(), 4, 5, first.total)); !ok && first.cur.Step() >= 5 {
				t.Fatalf("the answer of step 5 was not kept")
			}
			alone := loadSharing(t, q, 4, false)
			defer alone.close()
			next := loadSharing(t, q, 4, true)
			defer next.close()
			hits := 0
			moves := []Command{{Cmd: "step", N: 1}, {Cmd: "step", N: 1}, {Cmd: "step", N: 3}, {Cmd: "step", N: 1},
				{Cmd: "back", N: 2}, {Cmd: "step", N: 1}, {Cmd: "next-cutoff"}, {Cmd: "step", N: 1},
				{Cmd: "seek", Step: StepArg{Set: true, Value: 3}}, {Cmd: "step", N: 1}, {Cmd: "step", N: 1, By: "node"}, {Cmd: "step", N: 1}}
			for i, c := range moves {
				want := step(t, alone, c)
				if want.encoded != nil {
					t.Fatalf("move %d (%s): a viewer that does not share got an encoded answer", i, c.Cmd)
				}
				got := step(t, next, c)
				if sp, ok := sharedPatches.Get(patchKey(q+next.focusKey(), got.fromStep(t), next.cur.Step(), next.total)); ok && got.encoded != nil &&
					len(sp.encoded) > 0 && &sp.encoded[0] == &got.encoded[0] {
					hits++
					if i >= 4 {
						t.Fatalf("move %d (%s): shared after the page went back", i, c.Cmd)
					}
				}
				if w, g := encodeJSON(t, func() Message { return want }), got.wire(t); !bytes.Equal(g, w) {
					t.Fatalf("move %d (%s %d): got\n%.600s\nwant\n%.600s", i, c.Cmd, c.N, g, w)
				}
				if next.ended() {
					break
				}
			}
			if min := 2; first.cur.Step() >= 6 && hits < min {
				t.Errorf("got %d answers shared, want at least %d", hits, min)
			}
		})
	}
}

// The kept answers are bounded in memory (MaxSharedPatchesMemory) by
// sharedPatchBytes, an estimate: the heap they free when forgotten is
// within 40 % of it (60 steps of TestSoak's tree, whose answers carry
// its focus: about 30 KB each).
func TestSharedPatchesMemory(t *testing.T) {
	sharedPatches.Forget()
	v := loadSharing(t, "random=12,3&seed=1&algo=minimax", 0, true)
	defer v.close()
	for range 60 {
		step(t, v, Command{Cmd: "step", N: 1})
	}
	heap := func() int64 {
		var m runtime.MemStats
		runtime.GC()
		runtime.GC()
		runtime.ReadMemStats(&m)
		return int64(m.HeapAlloc)
	}
	n, est := sharedPatches.Len(), sharedPatches.Bytes()
	before := heap()
	sharedPatches.Forget()
	freed := before - heap()
	runtime.KeepAlive(v)
	if n < 50 || est > MaxSharedPatchesMemory || float64(freed) < 0.6*float64(est) || float64(freed) > 1.4*float64(est) {
		t.Errorf("%d answers kept, estimated at %d bytes (bound %d), freed %d bytes when forgotten; want the estimate within 40 %%", n, est, MaxSharedPatchesMemory, freed)
	}
}

// loadSharing loads q at step at as a session does, the viewer sharing
// its steps' answers or not.
func loadSharing(t *testing.T, q string, at int, share bool) *viewer {
	t.Helper()
	v, err := newViewer(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	v.share = share
	v.command(Command{V: ProtocolVersion, Cmd: "load", Step: StepArg{Set: true, Value: at}})
	if msgs := v.run(context.Background()); len(msgs) != 1 {
		t.Fatalf("load: got %d messages, want 1", len(msgs))
	}
	return v
}

// step gives c to v and returns its one answer.
func step(t *testing.T, v *viewer, c Command) Message {
	t.Helper()
	c.V = ProtocolVersion
	if msgs := v.command(c); msgs != nil {
		t.Fatalf("%s: got an answer before the work", c.Cmd)
	}
	msgs := v.run(context.Background())
	if len(msgs) != 1 {
		t.Fatalf("%s: got %d messages, want 1", c.Cmd, len(msgs))
	}
	return msgs[0]
}

// wire is the message as the session sends it.
func (m Message) wire(t *testing.T) []byte {
	t.Helper()
	if m.encoded != nil {
		return m.encoded
	}
	return encodeJSON(t, func() Message { return m })
}

// fromStep is the step a patch starts from, read from its bytes when it
// is encoded.
func (m Message) fromStep(t *testing.T) int {
	t.Helper()
	var p struct{ Patch *struct{ From int } }
	if err := json.Unmarshal(m.wire(t), &p); err != nil {
		t.Fatal(err)
	}
	if p.Patch == nil {
		return -1
	}
	return p.Patch.From
}
