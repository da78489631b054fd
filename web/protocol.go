package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/url"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/classroom"
	"github.com/abtrace/abtrace/templates"
	"github.com/abtrace/abtrace/trace"
	"github.com/abtrace/abtrace/view"
)

// ProtocolVersion is the version of the websocket messages; every message
// carries it as "v". docs/session-protocol.md describes the messages.
const ProtocolVersion = 1

// Limits of the viewer's commands.
const (
	// MaxStepsPerCommand bounds n in step and back. Larger jumps are seeks.
	MaxStepsPerCommand = 100_000
	// MinSpeed and MaxSpeed bound play, in steps per second.
	MinSpeed = 0.25
	MaxSpeed = 50
)

// Command is one message from the viewer.
type Command struct {
	V     int     `json:"v"`
	Cmd   string  `json:"cmd"`
	Query string  `json:"query,omitempty"` // load, compare: the scenario's query string (with open=... or orders=...)
	Step  StepArg `json:"step,omitzero"`   // load, compare, seek: a step number or "end"
	N     int     `json:"n,omitempty"`     // step, back: how many steps
	By    string  `json:"by,omitempty"`    // step, back: event (default), node or cutoff
	Speed float64 `json:"speed,omitempty"` // play: steps per second
	// Pane is the size of the page's tree pane in CSS pixels (load,
	// compare): with no layout= in the query, the server draws the tree
	// the way that reads larger there (see view.ChooseLayout). The pane
	// command reports it again when it changed (the window resized,
	// presenter mode, a panel shown or hidden): the server fits the
	// focus to it afresh.
	Pane *Pane `json:"pane,omitempty"`
	// Ready (step): the tag of the ready patch the page applied for this
	// step; 0 when it applied none.
	Ready int `json:"ready,omitempty"`
	// Drawn (load): the print of the drawing the page shows, as the server
	// rendered it (view.Print); when the first frame's drawing has the
	// same print, the frame leaves its nodes out (view.DrawingPatch.Kept).
	Drawn string `json:"drawn,omitempty"`
	// Rooms (docs/session-protocol.md, "Rooms"): follow names the room
	// (Code), the student's nickname and browser token (Nick, Student) or
	// the lecturer's secret (Secret); ask carries the question (Ask),
	// answer the question's number (Question) and the answer (Answer);
	// slide the deck's slide (N, from 0).
	Code     string                  `json:"code,omitempty"`
	Nick     string                  `json:"nick,omitempty"`
	Student  string                  `json:"student,omitempty"`
	Secret   string                  `json:"secret,omitempty"`
	Ask      *classroom.QuestionSpec `json:"ask,omitempty"`
	Question int                     `json:"question,omitempty"`
	Answer   string                  `json:"answer,omitempty"`
}

// Pane is the size of a page's tree pane, in CSS pixels: W × H as the
// tree is drawn down, W × Across as the page would give a tree drawn
// sideways (on a phone, a taller pane; 0 means H). Say is how wide the
// viewer's narration is, in ems of its font (0: not said; see
// view.NarrationWith).
type Pane struct {
	W      float64 `json:"w"`
	H      float64 `json:"h"`
	Across float64 `json:"across,omitempty"`
	Say    float64 `json:"say,omitempty"`
}

// MaxPaneSide bounds each side of a reported pane: no screen is larger.
const MaxPaneSide = 100_000

// StepArg is a step number, or the end of the search.
type StepArg struct {
	Set   bool // given at all
	End   bool // "end"
	Value int
}

func (s StepArg) IsZero() bool { return !s.Set }

func (s StepArg) MarshalJSON() ([]byte, error) {
	if s.End {
		return []byte(`"end"`), nil
	}
	return []byte(strconv.Itoa(s.Value)), nil
}

func (s *StepArg) UnmarshalJSON(b []byte) error {
	if string(b) == `"end"` {
		*s = StepArg{Set: true, End: true}
		return nil
	}
	n, err := strconv.Atoi(string(b))
	if err != nil || n < 0 {
		return say("ws.err.step", "Got", string(b))
	}
	*s = StepArg{Set: true, Value: n}
	return nil
}

// commandNames lists the commands a viewer may send, for the error of one
// that is missing or unknown.
const commandNames = "load, compare, step, back, seek, next-cutoff, play, pause, count, ttpage, ahead, pane, follow, rejoin, snapshot, ask, reveal, answer, slide"

// MaxFollowerMessage is the largest message a room's student sends (an
// answer, a step that is refused, a snapshot asked for): a follower's
// messages are read with this limit, not the viewer's.
const MaxFollowerMessage = 4 << 10

// malformed is the error of a message that does not decode as a command:
// not JSON, a field the protocol does not have, or a field's value of the
// wrong kind, each said in the page's language; the step's own error as
// it is.
func malformed(err error) error {
	var se *saidError
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return err
	case errors.As(err, &syn):
		return say("ws.err.not-json", "Offset", syn.Offset)
	case errors.As(err, &typ):
		return say("ws.err.field-type", "Field", typ.Field, "Got", typ.Value)
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		return say("ws.err.empty")
	}
	if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return say("ws.err.unknown-field", "Field", f)
	}
	return say("ws.err.malformed", "Detail", err.Error())
}

// queryError is the error of a load's query that does not parse, said in
// the page's language: an escape that is not one ("%zz"), or parameters
// separated by semicolons (url.ParseQuery's two errors); any other error
// keeps its own words after the translated prefix.
func queryError(err error) error {
	var esc url.EscapeError
	switch {
	case errors.As(err, &esc):
		return say("ws.err.query.escape", "Escape", strconv.Quote(string(esc)))
	case strings.Contains(err.Error(), "semicolon"):
		return say("ws.err.query.semicolon")
	}
	return say("ws.err.query", "Detail", err.Error())
}

// ParseCommand decodes and checks one message from the viewer. The error
// names the problem: unknown command, a missing or bad field, wrong version.
func ParseCommand(b []byte) (Command, error) {
	var c Command
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return c, malformed(err)
	}
	if dec.More() {
		return c, say("ws.err.two-values")
	}
	if c.V != ProtocolVersion {
		return c, say("ws.err.version", "Got", c.V, "Want", ProtocolVersion)
	}
	check, ok := commandChecks[c.Cmd]
	switch {
	case c.Cmd == "":
		return c, say("ws.err.no-cmd", "Want", commandNames)
	case !ok:
		return c, say("ws.err.unknown-cmd", "Got", strconv.Quote(c.Cmd), "Want", commandNames)
	}
	if check != nil {
		if err := check(&c); err != nil {
			return c, err
		}
	}
	if c.Ready != 0 && (c.Cmd != "step" || c.N != 1 || c.Ready < 0) {
		return c, say("ws.err.ready", "Cmd", c.Cmd, "Got", c.Ready)
	}
	return c, nil
}

// commandChecks are the commands a viewer may send, each with the check
// of its fields (nil: it has none), which may fill in their defaults.
var commandChecks = map[string]func(c *Command) error{
	"load": checkLoad, "compare": checkLoad,
	"step": checkSteps, "back": checkSteps,
	"ahead": func(c *Command) error {
		if _, err := view.ParseUnit(c.By); err != nil && c.By != "off" {
			return say("ws.err.ahead-by", "Got", strconv.Quote(c.By))
		}
		return nil
	},
	"seek": func(c *Command) error {
		return refuseIf(!c.Step.Set, say("ws.err.seek"))
	},
	"play": func(c *Command) error {
		if c.Speed == 0 {
			c.Speed = 2
		}
		return refuseIf(c.Speed < MinSpeed || c.Speed > MaxSpeed, say("ws.err.speed", "Min", MinSpeed, "Max", MaxSpeed, "Got", c.Speed))
	},
	"follow": func(c *Command) error { return refuseIf(c.Code == "", say("ws.err.no-code")) },
	"ask":    func(c *Command) error { return refuseIf(c.Ask == nil, say("ws.err.no-ask")) },
	"answer": func(c *Command) error { return refuseIf(c.Question < 1, say("ws.err.no-question")) },
	"slide":  func(c *Command) error { return refuseIf(c.N < 0, say("ws.err.slide")) },
	"pane":   checkPane,
	"pause":  nil, "ttpage": nil, "next-cutoff": nil, "count": nil, "rejoin": nil, "snapshot": nil, "reveal": nil,
}

// refuseIf is err when bad is true, else nil.
func refuseIf(bad bool, err error) error {
	if bad {
		return err
	}
	return nil
}

// checkLoad checks load's and compare's fields: the query, the print of
// the drawing shown (a load's only), and the pane (its sideways height
// the height unless given).
func checkLoad(c *Command) error {
	if c.Query == "" {
		return say("ws.err.no-query", "Cmd", c.Cmd)
	}
	if c.Drawn != "" && (c.Cmd != "load" || len(c.Drawn) != view.PrintLen) {
		return say("ws.err.drawn", "Cmd", c.Cmd, "Len", view.PrintLen)
	}
	if c.Pane == nil {
		return nil
	}
	return checkPane(c)
}

// checkPane checks a reported pane (load's, compare's, and pane's, which
// reports it again when it changed): each side inside MaxPaneSide, its
// sideways height the height unless given.
func checkPane(c *Command) error {
	p := c.Pane
	if p == nil {
		return say("ws.err.pane", "Cmd", c.Cmd, "Max", MaxPaneSide, "W", 0, "H", 0, "Across", 0)
	}
	if p.Across == 0 {
		p.Across = p.H
	}
	inside := func(x float64) bool { return x > 0 && x <= MaxPaneSide }
	return refuseIf(!(inside(p.W) && inside(p.H) && inside(p.Across) && (p.Say == 0 || inside(p.Say))),
		say("ws.err.pane", "Cmd", c.Cmd, "Max", MaxPaneSide, "W", p.W, "H", p.H, "Across", p.Across))
}

// checkSteps checks step's and back's fields: n (1 unless given) and the
// step size.
func checkSteps(c *Command) error {
	if c.N == 0 {
		c.N = 1
	}
	if c.N < 1 || c.N > MaxStepsPerCommand {
		return say("ws.err.n", "Cmd", c.Cmd, "Max", MaxStepsPerCommand, "Got", c.N)
	}
	if _, err := view.ParseUnit(c.By); err != nil {
		return say("ws.err.by", "Cmd", c.Cmd, "Got", strconv.Quote(c.By))
	}
	return nil
}

// Message is one message to the viewer.
type Message struct {
	V     int          `json:"v"`
	Type  string       `json:"type"` // frame, patch, panes, total, playing, focus (the focus fitted to a pane reported again), error
	Frame *trace.Frame `json:"frame,omitempty"`
	Patch *trace.Patch `json:"patch,omitempty"`
	Total *int         `json:"total,omitempty"` // steps in the whole search, once known
	End   bool         `json:"end,omitempty"`   // the frame or patch is at the last step
	// Layout is the orientation the server chose for the page's pane
	// ("across" or "down") when the page's address names none and the
	// tree reads larger the other way than drawn; Query is then the page's
	// query with it (the load's query, with layout= and the step), for the
	// page to show instead.
	Layout string `json:"layout,omitempty"`
	Query  string `json:"query,omitempty"`
	// Draw is what the page draws: on a frame, every drawn node's
	// attributes; on a patch, those of the nodes that changed.
	Draw *view.DrawingPatch `json:"draw,omitempty"`
	// Outline is what the outline (the tree as a list, for a screen
	// reader) says of Draw's nodes, worded (view.OutlineOf).
	Outline []view.OutlineEntry `json:"outline,omitempty"`
	// Counters (total) are the step counter with the number of steps
	// just counted, at the steps the page may show: the one the session
	// last sent and the one it made ahead.
	Counters []view.StepCounter `json:"counters,omitempty"`
	// Panels is what the panels around the tree show at the step.
	Panels *view.Panels `json:"panels,omitempty"`
	// MCTS is the Monte-Carlo panel's body at the step, as HTML the
	// server rendered (a Monte-Carlo search only): whole on a frame, and
	// on a patch where MCTSEdit would be no shorter. MCTSEdit (patch) is
	// what changed in the body the page shows (htmlEdit); neither is sent
	// when nothing changed.
	MCTS     string   `json:"mcts,omitempty"`
	MCTSEdit htmlEdit `json:"mctsd,omitempty"`
	// Focus (frame) is the focus of a tree too large to read whole at
	// the step, as SVG markup the server rendered (see view.FocusOf);
	// absent for a tree whose page shows no focus. FocusPatch (patch) is
	// what changed in it; absent when nothing did.
	Focus      *string     `json:"focus,omitempty"`
	FocusPatch *FocusPatch `json:"fpatch,omitempty"`
	// Real is the HTML of the panels of the searches on real games (the
	// table, passes, re-searches, killers, history), rendered by the
	// server; "" clears them. Absent when they did not appear.
	Real *string `json:"real,omitempty"`
	// Eval is the HTML of the evaluation panel (view.EvalPanelOf), rendered
	// by the server; "" clears it. A frame always has it, a patch only
	// when the panel changed.
	Eval *string `json:"eval,omitempty"`
	// Set is the markup of the mark of the current node's information set
	// in the whole tree (the card game; view.OverviewSet): a frame always
	// has it, a patch only when it changed; "" clears it.
	Set *string `json:"set,omitempty"`
	// Compare is a comparison at its shared step (type panes): every
	// pane's drawing patch and counters, the step and the chart.
	Compare *templates.CompareStep `json:"compare,omitempty"`
	Playing *bool                  `json:"playing,omitempty"`
	// Tag and By (type ready): the number of moving commands the session
	// had received when it made this step ahead, and its step size.
	Tag   int    `json:"tag,omitempty"`
	By    string `json:"by,omitempty"`
	Error string `json:"error,omitempty"`
	Cmd   string `json:"cmd,omitempty"` // error: the command that failed
	// err is the error an error message words (errMsg), in the session's
	// language, as it is sent.
	err error

	// encoded, when set, is the whole message already encoded (a first
	// frame shared by the viewers who load the same scenario at the same
	// step, see sharedFrames); the fields above are then left empty.
	encoded []byte
}

// FocusPatch is what a step changes in the focus of a large tree: the
// nodes gone, the attributes of those that changed in place, and the
// markup of those added or redrawn (view.FocusPatch.Drawn), in the focus's
// three layers, which the page moves into its own.
type FocusPatch struct {
	*view.FocusPatch
	Markup string `json:"markup,omitempty"`
	// Set is the markup of the information set's mark (view.SetMark)
	// when it changed, "" when it went; absent otherwise.
	Set *string `json:"set,omitempty"`
}
