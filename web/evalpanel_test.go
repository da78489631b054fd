package web

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/view"
)

// The evaluation panel goes to the page when it changes and only then,
// in the page's language, also when a viewer takes a step's answer that
// another viewer of the same scenario made (sharedPatches).
func TestEvalPanelSentWhenItChanges(t *testing.T) {
	const q = "game=connect4&position=dd&depth=1&lang=de"
	sharedPatches.Forget()
	load := func() *viewer {
		v, err := newViewer(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		v.share = true
		v.command(Command{V: ProtocolVersion, Cmd: "load", Step: StepArg{Set: true, Value: 0}})
		if msgs := v.run(context.Background()); len(msgs) != 1 {
			t.Fatalf("load: got %d messages, want 1", len(msgs))
		}
		return v
	}
	maker, taker := load(), load()
	defer maker.close()
	defer taker.close()
	last, sent := "", 0
	for step := 1; step <= 40 && !maker.ended(); step++ {
		m := forward(t, maker, 1)
		forward(t, taker, 1)
		key := view.EvalKey(maker.cur.Frame())
		eval := decodedEval(t, m)
		switch {
		case eval == nil && key != last:
			t.Fatalf("step %d: the panel changed (%q) but was not sent", step, key)
		case eval != nil && key == last:
			t.Fatalf("step %d: the panel was sent unchanged", step)
		case eval != nil && key != "" && !strings.Contains(*eval, "Drohungen von x"):
			t.Fatalf("step %d: the panel does not word Connect Four's terms in German: %s", step, *eval)
		}
		if eval != nil {
			sent++
		}
		if taker.shown.eval != maker.shown.eval {
			t.Fatalf("step %d: the viewer that took the shared answer knows the panel %q, the page shows %q", step, taker.shown.eval, maker.shown.eval)
		}
		last = key
	}
	if sent == 0 {
		t.Fatal("no evaluation panel was sent")
	}
}

// decodedEval is the evaluation panel a message carries, decoded when the
// message was sent encoded.
func decodedEval(t *testing.T, m Message) *string {
	t.Helper()
	if m.encoded == nil {
		return m.Eval
	}
	var d struct {
		Eval *string `json:"eval"`
	}
	if err := json.Unmarshal(m.encoded, &d); err != nil {
		t.Fatal(err)
	}
	return d.Eval
}
