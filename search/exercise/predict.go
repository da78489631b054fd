package exercise

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

// Predict mode: before each step of the search the student says what
// alpha-beta does next — which node it enters, whether a node cuts off once
// a child has returned, what α or β becomes when a child's value moves it —
// and hears at once whether that was right, and why.

// Question kinds of predict mode.
const (
	// AskEnter: which node does the search enter next? The answer is its id.
	AskEnter = "enter"
	// AskCut: node At's child Child has just returned; does At cut off now?
	// The answer is "yes" or "no".
	AskCut = "cut"
	// AskWindow: Child's value has just moved At's α (at MAX) or β (at
	// MIN), which Which names ("alpha" or "beta"): what is it now? The
	// answer is the value in ASCII (inf and -inf for the infinities).
	AskWindow = "window"
)

// Question is one question of predict mode.
type Question struct {
	Kind    string `json:"kind"`
	At      string `json:"at"`
	Child   string `json:"child,omitempty"`
	Which   string `json:"which,omitempty"`
	Answer  string `json:"-"`
	Shown   string `json:"-"` // a window answer as the viewer writes it (−, ∞)
	Prompt  string `json:"prompt"`
	Say     string `json:"-"` // the narration of the step that answers it
	Entered string `json:"-"` // AskEnter: the node entered
	Reveal  []Reveal
	// Windows are the α and β the search passes into a node or moves to
	// once the question is answered (and before the next), each as the
	// viewer writes it ("α=3 β=+∞"): predict mode shows the windows as the
	// search goes, never before they are the answer.
	Windows       []Reveal
	Pruned        []string
	answerWindow  trace.Num
	answerIsValue bool
	// answerBound is an AskValue question's bound (with answerWindow its
	// value).
	answerBound trace.Bound
	// prompt and say are Prompt and Say not yet worded (see Word).
	prompt trace.Phrase
	say    trace.Phrase
	// answerName names the node an AskEnter question's answer enters, as
	// the tree draws it.
	answerName any
}

// Word returns the question with its prompt and narration worded by w
// (nil: English).
func (q Question) Word(w Words) Question {
	q.Prompt, q.Say = w.word(q.prompt), w.word(q.say)
	return q
}

// Reveal is a node's returned value, shown once the search has it.
type Reveal struct {
	Node string `json:"node"`
	Text string `json:"text"`
}

// Questions turns the exercise's search into predict mode's questions: one
// at every node entered (but the root), one at every child's return that
// leaves its parent more children to search (does it cut off?), and one
// wherever a child's value moves its parent's α (at MAX) or β (at MIN).
// Each question carries what the search shows until the next one: the
// values nodes return (Reveal) and the children a cutoff skips (Pruned).
func Questions(ex *Exercise) ([]Question, error) {
	evs, err := predictEvents(ex)
	if err != nil {
		return nil, err
	}
	last := map[string]string{} // a node's last child
	for n := range ex.Tree.All() {
		if len(n.Children) > 0 {
			last[n.ID] = n.Children[len(n.Children)-1].ID
		}
	}
	// Nodes are named as the tree draws them: inner nodes by their letter,
	// leaves by their value.
	name := func(id string) any {
		if n := ex.Tree.Find(id); n != nil {
			return nameOf(n)
		}
		return nameID(id)
	}
	var qs []Question
	for i, x := range evs {
		e := x.e
		switch {
		case e.Type == trace.Enter && e.Node != "":
			qs = append(qs, Question{Kind: AskEnter, At: ParentID(e.Node), Answer: e.Node, Entered: e.Node, say: x.say,
				prompt: say("exercise.predict.enter"), answerName: name(e.Node)})
		case e.Type == trace.Update && (e.Changed == "alpha" || e.Changed == "beta"):
			qs = append(qs, windowQuestion(x, name))
		case e.Type == trace.Exit:
			if len(qs) > 0 {
				qs[len(qs)-1].Reveal = append(qs[len(qs)-1].Reveal, Reveal{Node: e.Node, Text: x.text})
			}
			if e.Node != "" && last[ParentID(e.Node)] != e.Node {
				qs = append(qs, cutQuestion(evs[i+1:], e.Node, name))
			}
		}
		if len(qs) > 0 && (e.Type == trace.Enter || e.Type == trace.Update && (e.Changed == "alpha" || e.Changed == "beta")) {
			// Shown once the question asked at (or before) this step is
			// answered: the window it enters with, or the one it moved to.
			qs[len(qs)-1].Windows = append(qs[len(qs)-1].Windows, Reveal{Node: e.Node, Text: WindowText(e.Alpha, e.Beta)})
		}
	}
	for i := range qs {
		qs[i] = qs[i].Word(nil)
	}
	return qs, nil
}

// predictEvent is one event of the exercise's search, with what the
// narration said at it and, at an exit, the text of the value returned.
type predictEvent struct {
	e    trace.Event
	say  trace.Phrase
	text string
}

// predictEvents runs the exercise's search and keeps its events.
func predictEvents(ex *Exercise) ([]predictEvent, error) {
	var evs []predictEvent
	frame := trace.NewFrame()
	var said trace.Phrase
	frame.Words = keepPhrase(&said)
	frame.Leaf = leafOf(ex.Tree)
	var applyErr error
	if _, err := search.AlphaBeta(tree.Game{}, ex.Tree.Root, search.Options[*tree.Node]{Prune: ex.Params.Prune}, func(e *trace.Event) bool {
		if applyErr = frame.Apply(*e); applyErr != nil {
			return false
		}
		x := predictEvent{e: *e, say: said}
		x.e.Pruned = append([]string(nil), e.Pruned...)
		if v, ok := frame.Nodes[e.Node]; ok && e.Type == trace.Exit {
			x.text = v.Text
		}
		evs = append(evs, x)
		return true
	}); err != nil {
		return nil, fmt.Errorf("exercise: searching for the questions: %w", err)
	}
	if applyErr != nil {
		return nil, fmt.Errorf("exercise: replaying the search: %w", applyErr)
	}
	return evs, nil
}

// windowQuestion asks for the α or β that the update x sets.
func windowQuestion(x predictEvent, name func(string) any) Question {
	e := x.e
	v := e.Alpha
	if e.Changed == "beta" {
		v = e.Beta
	}
	q := Question{Kind: AskWindow, At: e.Node, Child: e.Child, Which: e.Changed,
		Answer: v.Plain(), Shown: v.String(), say: x.say, answerWindow: v, answerIsValue: true}
	q.prompt = say("exercise.predict.window", "Node", name(q.At), "Child", name(q.Child), "Name", greek(q.Which))
	return q
}

// cutQuestion asks, at the return of child (not its parent's last),
// whether its parent cuts off; after are the events that follow.
func cutQuestion(after []predictEvent, child string, name func(string) any) Question {
	par := ParentID(child)
	q := Question{Kind: AskCut, At: par, Child: child, Answer: "no",
		prompt: say("exercise.predict.cut", "Node", name(par), "Child", name(child))}
	for _, y := range after {
		if y.e.Type == trace.Prune && y.e.Node == par && len(y.e.Pruned) > 0 {
			q.Answer, q.say, q.Pruned = "yes", y.say, y.e.Pruned
			break
		}
		if y.e.Type == trace.Enter && ParentID(y.e.Node) == par || y.e.Type == trace.Exit && y.e.Node == par {
			break
		}
		if y.e.Node == par {
			q.say = y.say // the update that tells why the search goes on
		}
	}
	if q.say.ID == "" {
		q.say = say("exercise.predict.goes-on", "Node", name(par))
	}
	return q
}

// WindowText writes a node's window as the viewer does: "α=3 β=+∞" (see
// trace.WindowText).
func WindowText(alpha, beta trace.Num) string {
	a, b := trace.WindowText(alpha, beta)
	return "α=" + a + " β=" + b
}

// greek is the letter of "alpha" or "beta".
func greek(which string) string {
	if which == "beta" {
		return "β"
	}
	return "α"
}

// Prediction is the verdict on one answer of predict mode.
type Prediction struct {
	// Counted is false when the answer is not an answer at all (a window
	// answer that is not a value): it neither scores nor breaks a streak.
	Counted bool `json:"counted"`
	Right   bool `json:"right"`
	// Class is "right", "wrong", or "note" when not counted.
	Class string `json:"class"`
	// Text says whether it was right, what the search does, and why.
	Text string `json:"text"`
	// Shows is what the search shows once the question is answered (a
	// counted answer, right or wrong); nil for an answer not counted. The
	// page learns it only here, never beforehand.
	Shows *Shows `json:"shows,omitempty"`
}

// Shows is what predict mode shows after a question is answered and
// before the next: the node entered, the values returned, the windows
// passed in or moved, the children a cutoff skipped.
type Shows struct {
	Entered string   `json:"entered,omitempty"`
	Reveal  []Reveal `json:"reveal,omitempty"`
	Windows []Reveal `json:"windows,omitempty"`
	Pruned  []string `json:"pruned,omitempty"`
}

// Shows is what the search shows once q is answered.
func (q Question) Shows() *Shows {
	return &Shows{Entered: q.Entered, Reveal: q.Reveal, Windows: q.Windows, Pruned: q.Pruned}
}

// Grade judges a student's answer to the question: a node id for
// AskEnter, "yes" or "no" for AskCut, a number or an infinity for
// AskWindow (as ParseAnswer and the α/β inputs read them: 3, −2.5, 3.0,
// ∞, -inf).
func (q Question) Grade(given string) Prediction { return q.GradeIn(given, nil) }

// GradeIn is Grade with the verdict worded by w (nil: English).
func (q Question) GradeIn(given string, w Words) Prediction {
	var right bool
	switch q.Kind {
	case AskWindow:
		v, ok, err := parseWindowValue(given)
		if err != nil || !ok {
			shown := truncateRunes(strings.TrimSpace(given), 20)
			return Prediction{Class: "note", Text: w.word(say("exercise.predict.not-a-value", "Got", shown))}
		}
		right = v == q.answerWindow
	case AskValue:
		a, err := ParseAnswer(given)
		if err != nil || a.Kind != ValueAnswer {
			shown := truncateRunes(strings.TrimSpace(given), 20)
			return Prediction{Class: "note", Text: w.word(say("exercise.predict.not-a-bound", "Got", shown))}
		}
		right = a.Same(q.answerWindow, q.answerBound)
	case AskPrune:
		right = slices.Contains(q.Pruned, given)
	default:
		right = given == q.Answer
	}
	want := q.want()
	p := Prediction{Counted: true, Right: right, Class: "wrong", Text: w.word(say("exercise.predict.wrong", "Want", want, "Why", q.say))}
	if right {
		p.Class, p.Text = "right", w.word(say("exercise.predict.right", "Want", want, "Why", q.say))
	}
	return p
}

// PredictAnswer is one answer of predict mode as the page posts it: the
// exercise's query (its parameters), the question's number from 0, and the
// answer.
type PredictAnswer struct {
	Query    string `json:"query"`
	Question int    `json:"question"`
	Answer   string `json:"answer"`
	// Replay, when above 0, asks instead for what the search showed after
	// each of the first Replay questions (a page resuming the progress the
	// browser kept: questions the student answered before the reload).
	Replay int `json:"replay,omitempty"`
}

// Replayed is the answer to a replay: what the search showed after each
// question answered, in order.
type Replayed struct {
	Shows []*Shows `json:"shows"`
}

// ReplayPrediction is what the search showed after each of the first
// a.Replay questions of the exercise. A number past the question count is
// an *Error naming "replay".
func ReplayPrediction(ex *Exercise, a PredictAnswer) (Replayed, error) {
	qs, err := Questions(ex)
	if err != nil {
		return Replayed{}, err
	}
	if a.Replay > len(qs) {
		return Replayed{}, invalidSay("replay", "exercise.err.replay", "Got", a.Replay, "N", len(qs))
	}
	r := Replayed{Shows: make([]*Shows, a.Replay)}
	for i := range r.Shows {
		r.Shows[i] = qs[i].Shows()
	}
	return r, nil
}

// MaxPredictQuery is the longest exercise query a predict answer may carry:
// every parameter at its longest fits several times over.
const MaxPredictQuery = 1 << 10

// DecodePredictAnswer reads one JSON object {"query": …, "question": …,
// "answer": …} from r. Unknown fields, wrong types, a query over
// MaxPredictQuery bytes, a negative question, an answer over MaxAnswerLen
// characters and anything after the object are an *Error naming the field.
func DecodePredictAnswer(r io.Reader) (PredictAnswer, error) {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	var a PredictAnswer
	if err := dec.Decode(&a); err != nil {
		if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
			return PredictAnswer{}, invalidSay(fieldName(unquote(name)), "exercise.err.predict-unknown")
		}
		return PredictAnswer{}, jsonError(err)
	}
	var extra json.RawMessage
	if err := dec.Decode(&extra); !errors.Is(err, io.EOF) {
		if err == nil {
			return PredictAnswer{}, invalidSay("body", "exercise.err.json-more")
		}
		return PredictAnswer{}, jsonError(err)
	}
	switch {
	case len(a.Query) > MaxPredictQuery:
		return PredictAnswer{}, invalidSay("query", "exercise.err.query-long", "N", len(a.Query), "Max", MaxPredictQuery)
	case a.Question < 0:
		return PredictAnswer{}, invalidSay("question", "exercise.err.question", "Got", a.Question)
	case a.Replay < 0:
		return PredictAnswer{}, invalidSay("replay", "exercise.err.question", "Got", a.Replay)
	case utf8.RuneCountInString(a.Answer) > MaxAnswerLen:
		return PredictAnswer{}, invalidSay("answer", "exercise.err.answer-long", "N", utf8.RuneCountInString(a.Answer), "Max", MaxAnswerLen)
	}
	return a, nil
}

// GradePrediction grades a posted answer: it makes the exercise from the
// query (the parameters ParseQuery reads), asks its questions, and grades
// the one named. A question number past the last is an *Error naming
// "question".
func GradePrediction(ex *Exercise, a PredictAnswer, w Words) (Prediction, error) {
	qs, err := Questions(ex)
	if err != nil {
		return Prediction{}, err
	}
	if a.Question >= len(qs) {
		return Prediction{}, invalidSay("question", "exercise.err.no-question", "Got", a.Question, "N", len(qs), "Last", len(qs)-1)
	}
	q := qs[a.Question]
	v := q.GradeIn(a.Answer, w)
	if v.Counted {
		v.Shows = q.Shows()
	}
	return v, nil
}

// unquote takes the quotes off a field name in a JSON error.
func unquote(name string) string {
	if n, err := strconv.Unquote(name); err == nil {
		return n
	}
	return name
}

// InvalidQuery is the *Error of a predict answer whose query does not
// parse as a query string (err, from url.ParseQuery).
func InvalidQuery(err error) *Error {
	e := invalidSay("query", "exercise.err.query")
	e.Err = err
	return e
}
