package web

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"

	"github.com/abtrace/abtrace/internal/flight"
	"github.com/abtrace/abtrace/view"
)

// maxKeptEncodeBuffer is the largest encoding buffer a session keeps
// between two messages. A step's patch is one or two KB, and the buffer
// is reused for it; a whole frame of a large drawing can be hundreds of
// KB, and a thousand idle sessions must not each hold one.
const maxKeptEncodeBuffer = 64 << 10

// encoder encodes the messages of one session into a buffer it reuses,
// so that a step's answer allocates no new buffer.
type encoder struct {
	buf bytes.Buffer
}

// encode returns m as JSON, with the protocol's version; the bytes are
// the encoder's until the next call. They are the bytes json.Marshal
// gives.
func (e *encoder) encode(m Message) ([]byte, error) {
	m.V = ProtocolVersion
	e.buf.Reset()
	if err := json.NewEncoder(&e.buf).Encode(m); err != nil {
		return nil, err
	}
	b := e.buf.Bytes()
	return b[:len(b)-1], nil // Encode ends the value with a newline
}

// trim lets go of a buffer that grew past maxKeptEncodeBuffer.
func (e *encoder) trim() {
	if e.buf.Cap() > maxKeptEncodeBuffer {
		e.buf = bytes.Buffer{}
	}
}

// Shared first frames. When a class opens the lecturer's link, hundreds of
// viewers load the same scenario at the same step, and each used to encode
// the same whole frame (about 150 KB of JSON for the 586 boards of
// tic-tac-toe, most of a load's work once the scene is shared). The first
// load's answer is now encoded once and kept, by the scenario's query and
// the step; the next viewers send those bytes. Each viewer still moves its
// own cursor to the step and takes the drawing as what its page has, so
// the patches that follow are its own.
const (
	// MaxSharedFrames is how many first frames are kept, the least
	// recently used forgotten first: one per step at which viewers
	// (re)load, for a few scenarios at once.
	MaxSharedFrames = 64
	// MaxSharedFrameBytes is the largest encoded first frame that is kept;
	// a larger one is encoded for its viewer alone. With MaxSharedFrames
	// it bounds the shared frames' JSON at 16 MB; each also keeps its
	// drawing's attributes, which take less than its JSON (about 90 KB
	// beside the 147 KB of a tic-tac-toe frame).
	MaxSharedFrameBytes = 256 << 10
)

// sharedFrame is a load's first answer, encoded, and whether it showed the
// panels of the searches on real games.
type sharedFrame struct {
	encoded []byte
	shown   shownPanels // the viewer's shown after the frame
	// attrs is the drawing the frame shows: the painter of each viewer
	// who gets the frame takes it shared (view.Painter.TakeShared).
	attrs []view.NodeAttrs
	// print is the drawing's view.Print, and kept the frame encoded for a
	// page that shows that drawing already: its nodes and folds left out.
	print string
	kept  []byte
	// focus is the focus drawing the frame shows (see viewer.focusD).
	focus *view.Drawing
}

// sharedFrames keeps the first frames of loads, by query and step.
var sharedFrames = flight.New[sharedFrame](MaxSharedFrames)

// frameKey is the key of the first frame of a load of query at step to.
func frameKey(query string, to StepArg) string {
	return stepText(to) + "\x00" + query
}

// stepText is a step number, or "end".
func stepText(to StepArg) string {
	if to.End {
		return "end"
	}
	return strconv.Itoa(to.Value)
}

// loadMessage answers a load once the cursor is at the asked step: the
// whole frame, encoded once per query and step and shared (see
// MaxSharedFrames). A load's answer depends on nothing but the query and
// the step: the viewer is new, its step count not yet known unless the
// load went to the end.
//
// A page rendered by the server shows the drawing at its step already, and
// names its print in the load (drawn): when the frame's drawing has that
// print, the page gets the frame without the drawing's nodes and folds
// (view.DrawingPatch.Kept): for tic-tac-toe's 586 boards 0.35 to 2.2 KB
// instead of 147 KB.
func (v *viewer) loadMessage(ctx context.Context, to StepArg) Message {
	drawn := v.drawn
	v.drawn = ""
	key := frameKey(v.query+v.focusKey()+v.sayKey(), to)
	if sf, ok := sharedFrames.Get(key); ok {
		v.takeFrame(sf)
		if drawn != "" && drawn == sf.print {
			return Message{encoded: sf.kept}
		}
		return Message{encoded: sf.encoded}
	}
	m := v.frameMessage()
	var e, ek encoder // each keeps its bytes: the frame is not encoded again
	b, err := e.encode(m)
	if err != nil {
		return m // sent as it is, where the encoding error is reported
	}
	share := len(b) <= MaxSharedFrameBytes
	if !share && drawn == "" {
		return Message{encoded: b}
	}
	attrs := v.paint.Attrs()
	print := view.Print(attrs)
	kept, err := ek.encode(v.keptFrame(m))
	if err != nil {
		return Message{encoded: b}
	}
	if share {
		sharedFrames.Put(key, sharedFrame{encoded: b, shown: v.shown, attrs: attrs, print: print, kept: kept, focus: v.focusD})
	}
	if drawn != "" && drawn == print {
		return Message{encoded: kept}
	}
	return Message{encoded: b}
}

// keptFrame is frame m for a page that shows m's drawing already: the
// drawing's nodes left out, and the focus as what changed from the one
// the page was rendered with (view.FocusOf at the same step) to the one
// fitted to its pane.
func (v *viewer) keptFrame(m Message) Message {
	m.Draw = &view.DrawingPatch{From: m.Draw.From, Step: m.Draw.Step, Nodes: []view.NodeAttrs{}, Kept: true}
	m.Outline = nil
	if m.Focus != nil && v.focusD != nil {
		m.Focus = nil
		if p := view.DiffFocus(view.FocusOf(v.prep, v.scene, v.cur.Frame(), v.cur.Folds()), v.focusD); !p.Empty() {
			m.FocusPatch = v.focusPatchOf(p, v.focusD)
		}
	}
	return m
}

// takeFrame does to the viewer what sending frameMessage does, for a
// frame the viewer gets already encoded: the drawing and the folds it
// shows are the cursor's at its step.
func (v *viewer) takeFrame(sf sharedFrame) {
	v.cur.Touched()
	v.cur.ClearChanged()
	v.paint.TakeShared(sf.attrs)
	v.shown = sf.shown
	v.focusD = sf.focus
}

// focusKey tells apart, in the keys of shared answers, the viewers whose
// focus is drawn for panes of other widths (see viewer.focusWidth).
func (v *viewer) focusKey() string {
	if !v.focus {
		return ""
	}
	return "\x00focus=" + view.Num(v.focusWidth) + "x" + view.Num(v.focusHeight)
}

// sayKey tells apart, in the keys of shared answers, the viewers of the
// card game whose narration is of another width (see viewer.sayWidth),
// by half an em.
func (v *viewer) sayKey() string {
	if v.prep.Deal == nil || v.sayWidth <= 0 {
		return ""
	}
	return "\x00say=" + strconv.Itoa(int(v.sayWidth*2))
}

// Shared steps. A class steps through the lecturer's tree together: five
// hundred pages that loaded the same scenario and step forward ask for the
// same answers, and each used to make its own (the trace's patch, the
// drawing's changes, the panels, their JSON). A viewer whose page holds
// what its answers drew since its load, by forward steps only (viewer's
// canon), asks for the answer of a step from step a to step b that depends
// on nothing but the query, a, b and the total: the first such viewer
// makes it and keeps it encoded, with the drawing's changes, and the
// next ones send those bytes and take the changes into their painters
// (view.Painter.TakePatch). Each still moves its own cursor.
const (
	// MaxSharedPatches is how many steps' answers are kept, the least
	// recently used forgotten first: the first steps of a few scenarios a
	// class goes through at once (tic-tac-toe's answers are 1.4 to 1.8 KB,
	// 3 KB on average with the focus of a large tree, up to 16 KB where a
	// row of boards comes into the focus).
	MaxSharedPatches = 2048
	// MaxSharedPatchBytes is the largest encoded answer that is kept; a
	// larger one is made by each viewer for itself. With MaxSharedPatches
	// it bounds the shared answers' JSON at 32 MB; each also keeps the
	// drawing's changes, which take less than its JSON.
	MaxSharedPatchBytes = 16 << 10
	// MaxSharedPatchesMemory bounds the memory of the kept answers as a
	// whole (sharedPatchBytes: the JSON, the drawing's changes and the
	// focus drawing each keeps), beyond the most recently used. The
	// focus of a large tree makes an answer about 40 KB, so 2,048 of
	// them held 82 MB in the soak (TestSoak), whose 300 viewers each step
	// a tree of their own and never take another's answer; a class on
	// one scenario takes the answers of the last few steps.
	MaxSharedPatchesMemory = 16 << 20
)

// sharedPatch is the answer to a forward step, encoded, the drawing's
// changes in it, and whether the page shows the panels of the searches on
// real games after it.
type sharedPatch struct {
	encoded []byte
	draw    *view.DrawingPatch
	shown   shownPanels // the viewer's shown after the step
	// focus is the focus drawing at the step (see viewer.focusD).
	focus *view.Drawing
}

// sharedPatches keeps the answers of forward steps, by query, steps and
// total.
var sharedPatches = flight.NewSized(MaxSharedPatches, MaxSharedPatchesMemory, sharedPatchBytes)

// sharedPatchBytes estimates the memory a kept answer holds.
func sharedPatchBytes(sp sharedPatch) int64 {
	n := int64(cap(sp.encoded) + len(sp.shown.real) + len(sp.shown.eval) + len(sp.shown.mcts) + len(sp.shown.set))
	if sp.draw != nil {
		n += sp.draw.Bytes()
	}
	if sp.focus != nil {
		n += sp.focus.Bytes()
	}
	return n
}

// patchKey is the key of the answer to a step of query from step from to
// step to, the search's total steps being total (-1: not known).
func patchKey(query string, from, to, total int) string {
	return strconv.Itoa(from) + ">" + strconv.Itoa(to) + "/" + strconv.Itoa(total) + "\x00" + query
}

// sharedPatchMessage answers a forward step of a viewer in canon (see
// MaxSharedPatches): with the answer another viewer made, or with its own,
// which it keeps for the next ones. Both are encoded.
func (v *viewer) sharedPatchMessage(from int) Message {
	if v.cur.Restarts() != v.canonRestarts {
		v.canon = false
		return v.patchMessage(from)
	}
	key := patchKey(v.query+v.focusKey()+v.sayKey(), from, v.cur.Step(), v.total)
	if sp, ok := sharedPatches.Get(key); ok && v.paint.TakePatch(sp.draw) {
		// What patchMessage does to the viewer, for an answer made by
		// another: the cursor's changes are sent, the page's panels are
		// those of the step.
		v.cur.Touched()
		v.cur.ClearChanged()
		v.shown = sp.shown
		v.focusD = sp.focus
		return Message{encoded: sp.encoded}
	}
	m := v.patchMessage(from)
	b, err := v.enc.encode(m)
	if err != nil {
		return m // sent as it is, where the encoding error is reported
	}
	v.enc.trim() // b stays whole until it is sent
	if len(b) <= MaxSharedPatchBytes {
		sharedPatches.Put(key, sharedPatch{encoded: bytes.Clone(b), draw: m.Draw, shown: v.shown, focus: v.focusD})
	}
	return Message{encoded: b}
}
