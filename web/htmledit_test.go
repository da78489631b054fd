package web

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf16"
)

// applyHTMLEdit applies e to old as the page's script does (editHTML in
// static/viewer.js): counts in UTF-16 code units.
func applyHTMLEdit(old string, e htmlEdit) string {
	u := utf16.Encode([]rune(old))
	var out []uint16
	at := 0
	for _, x := range e {
		switch x := x.(type) {
		case float64: // decoded from JSON
			n := int(x)
			if n >= 0 {
				out = append(out, u[at:at+n]...)
			}
			at += max(n, -n)
		case string:
			out = append(out, utf16.Encode([]rune(x))...)
		}
	}
	return string(utf16.Decode(out))
}

// mctsOf is the Monte-Carlo panel a message carries, whole or as an edit,
// decoded as the page decodes it.
func mctsOf(t *testing.T, m Message) (whole string, edit htmlEdit) {
	t.Helper()
	b := m.encoded
	if b == nil {
		var err error
		if b, err = json.Marshal(m); err != nil {
			t.Fatal(err)
		}
	}
	var d struct {
		MCTS     string   `json:"mcts"`
		MCTSEdit htmlEdit `json:"mctsd"`
	}
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatal(err)
	}
	return d.MCTS, d.MCTSEdit
}

// The Monte-Carlo panel of a step is sent as what changed in the panel
// the page shows, and the page, applying every message as its script
// does, always has the panel of the step the session is at: forward,
// back, after a seek, and for a viewer that takes the answers another
// viewer of the same scenario made (sharedPatches); in Czech, whose
// letters JavaScript counts as the edit does.
func TestMCTSPanelSendsWhatChanged(t *testing.T) {
	sharedPatches.Forget()
	q := ductQuery("0", "cs", 30).Encode()
	load := func() (*viewer, string) {
		v, err := newViewer(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		v.share = true
		v.command(Command{V: ProtocolVersion, Cmd: "load", Step: StepArg{Set: true, Value: 0}})
		msgs := v.run(context.Background())
		if len(msgs) != 1 {
			t.Fatalf("load: got %d messages, want 1", len(msgs))
		}
		page, _ := mctsOf(t, msgs[0])
		return v, page
	}
	maker, makerPage := load()
	taker, takerPage := load()
	defer maker.close()
	defer taker.close()
	wholeBytes, sentBytes, edits := 0, 0, 0
	check := func(what string, v *viewer, page *string, m Message) {
		t.Helper()
		whole, edit := mctsOf(t, m)
		switch {
		case whole != "":
			*page = whole
		case edit != nil:
			*page = applyHTMLEdit(*page, edit)
			edits++
		}
		if want := v.mctsHTML(); *page != want {
			t.Fatalf("%s, step %d: the page has\n%s\nwant\n%s", what, v.cur.Step(), *page, want)
		}
		b, _ := json.Marshal(edit)
		if edit == nil {
			b, _ = json.Marshal(whole)
		}
		sentBytes += len(b)
		b, _ = json.Marshal(*page)
		wholeBytes += len(b)
	}
	for range 60 {
		check("forward", maker, &makerPage, forward(t, maker, 1))
		check("forward, shared", taker, &takerPage, forward(t, taker, 1))
		if taker.shown.mcts != takerPage {
			t.Fatalf("step %d: the viewer that took the shared answer knows the panel\n%s\nthe page shows\n%s", taker.cur.Step(), taker.shown.mcts, takerPage)
		}
	}
	// The step no viewer made yet: the taker makes it from what its page
	// shows.
	check("forward, first", taker, &takerPage, forward(t, taker, 1))
	check("back", maker, &makerPage, step(t, maker, Command{Cmd: "back", N: 1}))
	check("forward after back", maker, &makerPage, forward(t, maker, 3))
	check("seek", maker, &makerPage, seek(t, maker, StepArg{Set: true, Value: 20}))
	check("forward after seek", maker, &makerPage, forward(t, maker, 1))
	if edits == 0 || !strings.Contains(makerPage, "▸") {
		t.Fatalf("%d edits sent; the panel: %s", edits, makerPage)
	}
	t.Logf("the panel: %d bytes of JSON sent, %d whole", sentBytes, wholeBytes)
	if sentBytes*2 > wholeBytes {
		t.Errorf("the panel took %d bytes of JSON, %d whole: want at most half", sentBytes, wholeBytes)
	}
}
