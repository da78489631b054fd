package web

import (
	"github.com/abtrace/abtrace/search/tree"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/view"
)

// FuzzParseCommand checks that any message either parses into a command
// within the protocol's limits or is refused with an error that says
// something, and never panics. The seed corpus is in
// testdata/fuzz/FuzzParseCommand.
func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{
		`{"v":1,"cmd":"load","query":"tree=` + tree.TwoPlyGameTreePlain + `","step":17}`,
		`{"v":1,"cmd":"step","n":3}`,
		`{"v":1,"cmd":"seek","step":"end"}`,
		`{"v":1,"cmd":"play","speed":0.25}`,
		`{"v":1,"cmd":"count"}`,
		`{"v":1,"cmd":"back","n":100001}`,
		`{"v":1,"cmd":"step"}{"v":1}`,
		`{"v":1,"cmd":"ahead","by":"node"}`,
		`{"v":1,"cmd":"step","n":1,"by":"event","ready":3}`,
		`{"v":1,"cmd":"follow","code":"K7M2QX","nick":"Ada","student":"abcdefgh12"}`,
		`{"v":1,"cmd":"follow","code":"K7M2QX","secret":"s"}`,
		`{"v":1,"cmd":"ask","ask":{"kind":"choice","prompt":"?","options":["a","b"],"correct":1}}`,
		`{"v":1,"cmd":"answer","question":1,"answer":"≤ 2"}`,
		`{"v":1,"cmd":"slide","n":2}`,
		`{"v":1,"cmd":"reveal"}`,
		`{"v":1,"cmd":"rejoin"}`,
		`{"v":1,"cmd":"snapshot"}`,
		`{"v":1,"cmd":"answer"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		c, err := ParseCommand(b)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an error without a message")
			}
			return
		}
		if c.V != ProtocolVersion {
			t.Fatalf("accepted version %d", c.V)
		}
		switch c.Cmd {
		case "load":
			if c.Query == "" {
				t.Fatal("accepted a load without a query")
			}
		case "step", "back":
			if c.N < 1 || c.N > MaxStepsPerCommand {
				t.Fatalf("accepted n = %d", c.N)
			}
		case "seek":
			if !c.Step.Set || c.Step.Value < 0 {
				t.Fatalf("accepted seek to %+v", c.Step)
			}
		case "play":
			if c.Speed < MinSpeed || c.Speed > MaxSpeed {
				t.Fatalf("accepted speed %v", c.Speed)
			}
		case "ahead":
			if _, err := view.ParseUnit(c.By); err != nil && c.By != "off" {
				t.Fatalf("accepted ahead by %q", c.By)
			}
		case "follow":
			if c.Code == "" {
				t.Fatal("accepted a follow without a code")
			}
		case "ask":
			if c.Ask == nil {
				t.Fatal("accepted an ask without a question")
			}
		case "answer":
			if c.Question < 1 {
				t.Fatalf("accepted an answer to question %d", c.Question)
			}
		case "slide":
			if c.N < 0 {
				t.Fatalf("accepted slide %d", c.N)
			}
		case "pause", "next-cutoff", "count", "rejoin", "snapshot", "reveal":
		default:
			t.Fatalf("accepted command %q", c.Cmd)
		}
		if c.Ready != 0 && (c.Cmd != "step" || c.N != 1 || c.Ready < 0) {
			t.Fatalf("accepted ready %d with %s n=%d", c.Ready, c.Cmd, c.N)
		}
	})
}

// FuzzFoldIDs checks that any open= list either opens folds of the
// tic-tac-toe drawing or is refused with a clear error, and that a
// cursor over the scene it makes draws without panicking.
func FuzzFoldIDs(f *testing.F) {
	for _, s := range []string{"", "0.0", "4.0,4.1", "0.0.0", "9", "-1", "0..1", "0.0,0.0", strings.Repeat("0.", 40) + "0", "x", "0,1,2,3,4,5,6,7,8"} {
		f.Add(s)
	}
	sc := scenario.Scenario{Game: "tictactoe", Position: "x...o...."}
	p, err := sc.Prepare()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, open string) {
		if !utf8.ValidString(open) || len(open) > 4096 {
			return
		}
		ids := OpenList(open)
		if len(ids) > maxOpen {
			return // refused by the handler before it gets here
		}
		scene, err := view.NewScene(p, ids)
		if err != nil {
			if !scenario.IsUsage(err) || err.Error() == "" {
				t.Fatalf("open %q: got %v, want a usage error that says what is wrong", open, err)
			}
			return
		}
		for _, id := range ids {
			scene.Hidden(id)
			scene.Folded(id)
		}
		c := view.NewCursor(p, scene)
		defer c.Close()
		c.Forward(40)
		if err := c.WorkAll(t.Context()); err != nil {
			t.Fatal(err)
		}
		if d := c.Drawing(); len(d.Nodes) != len(scene.Layout.Nodes) {
			t.Fatalf("open %q: got %d nodes drawn, want %d", open, len(d.Nodes), len(scene.Layout.Nodes))
		}
	})
}
