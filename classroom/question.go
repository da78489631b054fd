package classroom

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/abtrace/abtrace/search/exercise"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/trace"
	"github.com/abtrace/abtrace/view"
)

// The kinds of question a lecturer asks at a step.
const (
	AskValue  = "value"  // what does node Node return (a value or a bound)?
	AskAlpha  = "alpha"  // what is α at node Node when it returns?
	AskBeta   = "beta"   // what is β at node Node when it returns?
	AskEnter  = "enter"  // which node does the search enter next? (tap)
	AskPruned = "pruned" // which node does the next cutoff skip? (tap)
	AskMove   = "move"   // which move does the root's player choose? (tap)
	AskChoice = "choice" // a free multiple choice
)

// Limits of a question and of an answer.
const (
	// MaxPrompt is the longest prompt of a multiple choice, in characters.
	MaxPrompt = 300
	// MaxOptions is the most options of a multiple choice; MaxOption the
	// longest option, in characters.
	MaxOptions = 8
	MaxOption  = 120
	// MaxNodeID is the longest node id an answer or a question names.
	MaxNodeID = 64
	// MaxKeyEvents is how many events past the question's step the search
	// may run to find its answer.
	MaxKeyEvents = 1_000_000
)

// QuestionSpec is a question as the lecturer asks it (and as a deck
// keeps it).
type QuestionSpec struct {
	Kind string `json:"kind"`
	// Node is the node asked about (value, alpha, beta).
	Node string `json:"node,omitempty"`
	// Prompt, Options and Correct are a multiple choice's: Correct is the
	// right option's index, or -1 for a poll with no right answer;
	// Explain is the sentence the reveal shows.
	Prompt  string   `json:"prompt,omitempty"`
	Options []string `json:"options,omitempty"`
	Correct int      `json:"correct,omitempty"`
	Explain string   `json:"explain,omitempty"`
}

// Check reports what is wrong with the question, naming the field.
func (q QuestionSpec) Check() error {
	switch q.Kind {
	case AskValue, AskAlpha, AskBeta:
		if !validNode(q.Node) {
			return sayErr("classroom.err.node", "Field", "node")
		}
	case AskEnter, AskPruned, AskMove:
	case AskChoice:
		if utf8.RuneCountInString(q.Prompt) > MaxPrompt || strings.TrimSpace(q.Prompt) == "" {
			return sayErr("classroom.err.prompt", "Max", MaxPrompt)
		}
		if utf8.RuneCountInString(q.Explain) > MaxPrompt {
			return sayErr("classroom.err.explain", "Max", MaxPrompt)
		}
		if len(q.Options) < 2 || len(q.Options) > MaxOptions {
			return sayErr("classroom.err.options", "Max", MaxOptions)
		}
		for _, o := range q.Options {
			if strings.TrimSpace(o) == "" || utf8.RuneCountInString(o) > MaxOption {
				return sayErr("classroom.err.option", "Max", MaxOption)
			}
		}
		if q.Correct < -1 || q.Correct >= len(q.Options) {
			return sayErr("classroom.err.correct", "N", len(q.Options))
		}
	default:
		return sayErr("classroom.err.kind", "Got", strconv.Quote(q.Kind), "Want", "value, alpha, beta, enter, pruned, move, choice")
	}
	return nil
}

// validNode says whether s is a node id: "" (the root) or child indices
// separated by dots, at most MaxNodeID bytes.
func validNode(s string) bool {
	if len(s) > MaxNodeID {
		return false
	}
	if s == "" {
		return true
	}
	for _, part := range strings.Split(s, ".") {
		if part == "" || len(part) > 4 {
			return false
		}
		for _, r := range part {
			if r < '0' || r > '9' {
				return false
			}
		}
	}
	return true
}

// taps says the question is answered by tapping a node.
func (q QuestionSpec) taps() bool {
	return q.Kind == AskEnter || q.Kind == AskPruned || q.Kind == AskMove
}

// errNoAnswer: the search has no answer to the question from this step.
func errNoAnswer(kind string, step int) error {
	return sayErr("classroom.err.no-answer", "Kind", kind, "Step", step)
}

// keyOf finds the answer to a question asked at step of the scenario: it
// runs the search with its trace and takes what it does after step, and
// returns it as package exercise's question, which grades and explains.
//
// It also returns the labels of the nodes the search names, by id (see
// nodeWords).
func keyOf(ctx context.Context, scenario string, step int, spec QuestionSpec) (*exercise.Question, map[string]string, error) {
	if spec.Kind == AskChoice {
		return nil, nil, nil
	}
	p, _, err := Prepare(ctx, scenario)
	if err != nil {
		return nil, nil, err
	}
	frame := trace.NewFrame()
	var said trace.Phrase
	frame.Words = func(ph trace.Phrase) string { said = ph; return "" }
	labels := drawnLabels(p)
	name := func(id string) any { return nodeWords(id, labels) }
	// lastWhy is, per node and bound, the narration of the last update
	// that moved it.
	lastWhy := map[string]trace.Phrase{}
	var key *exercise.Question
	var applyErr error
	// Once the key is found the search goes on to its end, so that the
	// nodes it enters later have their labels (see nodeWords).
	found := func(q exercise.Question) bool {
		key = &q
		return true
	}
	_, runErr := p.Run(func(e *trace.Event) bool {
		if applyErr = frame.Apply(*e); applyErr != nil {
			return false
		}
		if e.Label != "" && labels[e.Node] == "" {
			labels[e.Node] = e.Label
		}
		if e.Type == trace.Update && (e.Changed == "alpha" || e.Changed == "beta") {
			lastWhy[e.Node+" "+e.Changed] = said
		}
		if frame.Step > step+MaxKeyEvents {
			return false
		}
		if key != nil {
			return ctx.Err() == nil
		}
		after := frame.Step > step
		switch spec.Kind {
		case AskEnter:
			if after && e.Type == trace.Enter {
				return found(exercise.EnterAsked(e.Node, name(e.Node), said))
			}
		case AskPruned:
			if after && e.Type == trace.Prune && len(e.Pruned) > 0 {
				return found(exercise.PruneAsked(e.Pruned, name(e.Pruned[0]), said))
			}
		case AskValue:
			if e.Type == trace.Exit && e.Node == spec.Node {
				v := frame.Nodes[e.Node]
				return found(exercise.ValueAsked(e.Node, name(e.Node), v.Value, v.Bound, said))
			}
		case AskAlpha, AskBeta:
			if e.Type == trace.Exit && e.Node == spec.Node {
				v := frame.Nodes[e.Node]
				if !v.Window {
					return false
				}
				w, why := v.Alpha, lastWhy[e.Node+" "+spec.Kind]
				if spec.Kind == AskBeta {
					w = v.Beta
				}
				if why.ID == "" {
					why = said
				}
				return found(exercise.WindowAsked(e.Node, spec.Kind, w, why))
			}
		case AskMove:
			if e.Type == trace.Done && frame.Result != nil && frame.Result.Best != "" {
				return found(exercise.MoveAsked(frame.Result.Best, name(frame.Result.Best), said))
			}
		}
		return ctx.Err() == nil
	})
	if key != nil {
		return key, labels, nil
	}
	switch {
	case applyErr != nil:
		return nil, nil, applyErr
	case runErr != nil && !errors.Is(runErr, context.Canceled):
		return nil, nil, runErr
	}
	return nil, nil, errNoAnswer(spec.Kind, step)
}

// drawnLabels are the names the drawing of p gives its nodes, by id: a
// label or the textbook's letter, a leaf's value, a game's move (see
// view.Scene.Namer); a node the drawing names only by its id (the root
// without a label, a node inside a fold) has none.
func drawnLabels(p *scenario.Search) map[string]string {
	labels := map[string]string{}
	scene, err := view.NewScene(p, nil)
	if err != nil {
		return labels
	}
	named := scene.Namer(nil)
	for _, n := range scene.Layout.Nodes {
		if n.ID == "" && n.Label == "" {
			continue
		}
		if name := named(n.ID); name != "" && name != n.ID {
			labels[n.ID] = name
		}
	}
	return labels
}

// nodeWords names node id as a student finds it in the drawing, never by
// its id: its label where the tree gives one, the root, or the how-manieth
// child of a node so named ("child 2 of B", "child 3 of the root").
//
// A label that names no node alone (a leaf's value, a letter two nodes
// share) comes with the node's place: "8 (child 3 of B)".
func nodeWords(id string, labels map[string]string) any {
	if l := labels[id]; l != "" {
		if id == "" || uniqueName(id, l, labels) {
			return trace.Name(l)
		}
		return trace.Phrase{ID: "classroom.node.placed", Args: map[string]any{"Name": trace.Name(l), "Place": placeWords(id, labels)}}
	}
	if id == "" {
		return trace.PhraseOf("narrate.root")
	}
	return placeWords(id, labels)
}

// uniqueName says whether label l of node id names it alone: it has a
// letter (a leaf's value does not) and no other node has it.
func uniqueName(id, l string, labels map[string]string) bool {
	if !strings.ContainsFunc(l, unicode.IsLetter) {
		return false
	}
	for other, m := range labels {
		if m == l && other != id {
			return false
		}
	}
	return true
}

// placeWords is node id (not the root) as the how-manieth child of its
// parent, named as nodeWords names it.
func placeWords(id string, labels map[string]string) any {
	parent, last := "", id
	if i := strings.LastIndexByte(id, '.'); i >= 0 {
		parent, last = id[:i], id[i+1:]
	}
	n, _ := strconv.Atoi(last)
	if parent == "" && labels[""] == "" {
		return trace.PhraseOf("classroom.node.root-child", "N", n+1)
	}
	return trace.Phrase{ID: "classroom.node.child", Args: map[string]any{"N": n + 1, "Parent": nodeWords(parent, labels)}}
}

// QuestionView is a question as the followers see it: without its
// answer.
type QuestionView struct {
	ID      int      `json:"id"`
	Kind    string   `json:"kind"`
	Node    string   `json:"node,omitempty"`
	Step    int      `json:"step"`
	Prompt  string   `json:"prompt"`
	Options []string `json:"options,omitempty"`
	// Taps says the answer is a node tapped in the drawing.
	Taps bool `json:"taps,omitempty"`
}

// Bar is one answer's count in a histogram; Right is set once revealed.
type Bar struct {
	Answer string `json:"answer"`
	// Label is the answer as the page shows it: a node named in words
	// (never its id), an option's text, a value.
	Label string `json:"label"`
	Count int    `json:"count"`
	Right bool   `json:"right,omitempty"`
}

// RevealView is what a reveal shows: the right answers (node ids for a
// tap, values or option indices otherwise), the sentence that explains
// them, and the histogram.
type RevealView struct {
	Question int      `json:"question"`
	Right    []string `json:"right"`
	Explain  string   `json:"explain"`
	Bars     []Bar    `json:"bars"`
	Answers  int      `json:"answers"`
}

// asked is a question asked in a room, with its answers on this server's
// record (every server gets every answer from the bus).
type asked struct {
	id       int
	spec     QuestionSpec
	step     int
	scenario string
	revealed bool
	key      *exercise.Question // nil for a multiple choice
	// labels are the search's labels of nodes by id (see nodeWords).
	labels map[string]string
	// answers is each student's canonical answer; counts and order make
	// the histogram.
	answers map[string]string
	counts  map[string]int
	order   []string
	// rights is how many answers were right.
	rights int
}

func newAsked(id int, spec QuestionSpec, step int, scenario string, key *exercise.Question, labels map[string]string) *asked {
	return &asked{id: id, spec: spec, step: step, scenario: scenario, key: key, labels: labels, answers: map[string]string{}, counts: map[string]int{}}
}

// grade reads a student's answer: its canonical form and whether it is
// right, or an error saying why it is not an answer.
func (a *asked) grade(given string, words exercise.Words) (canon string, right bool, err error) {
	given = strings.TrimSpace(given)
	if utf8.RuneCountInString(given) > exercise.MaxAnswerLen {
		return "", false, sayErr("classroom.err.answer-long", "Max", exercise.MaxAnswerLen)
	}
	switch {
	case a.spec.Kind == AskChoice:
		i, err := strconv.Atoi(given)
		if err != nil || i < 0 || i >= len(a.spec.Options) {
			return "", false, sayErr("classroom.err.choice", "N", len(a.spec.Options))
		}
		return given, i == a.spec.Correct, nil
	case a.spec.taps():
		if !validNode(given) {
			return "", false, sayErr("classroom.err.node", "Field", "answer")
		}
	case a.spec.Kind == AskValue:
		ans, err := exercise.ParseAnswer(given)
		if err != nil || ans.Kind != exercise.ValueAnswer {
			return "", false, sayErr("classroom.err.value")
		}
		given = ans.Text()
	}
	p := a.key.GradeIn(given, words)
	if !p.Counted {
		return "", false, sayErr("classroom.err.value")
	}
	if a.spec.Kind == AskAlpha || a.spec.Kind == AskBeta {
		given = strings.ToLower(given)
	}
	return given, p.Right, nil
}

// add counts a student's answer; false when they had answered already.
func (a *asked) add(student, canon string, right bool) bool {
	if _, ok := a.answers[student]; ok {
		return false
	}
	a.answers[student] = canon
	if a.counts[canon] == 0 {
		a.order = append(a.order, canon)
	}
	a.counts[canon]++
	if right {
		a.rights++
	}
	return true
}

// bars is the histogram: multiple choice options in their order (every
// option, even unanswered), other answers as they first came; each
// answer's label worded by words.
func (a *asked) bars(words func(trace.Phrase) string) []Bar {
	var out []Bar
	if a.spec.Kind == AskChoice {
		for i, o := range a.spec.Options {
			s := strconv.Itoa(i)
			out = append(out, Bar{Answer: s, Label: o, Count: a.counts[s], Right: a.revealed && i == a.spec.Correct})
		}
		return out
	}
	right := map[string]bool{}
	if a.revealed {
		for _, r := range a.right() {
			right[r] = true
		}
	}
	for _, s := range a.order {
		out = append(out, Bar{Answer: s, Label: a.answerWords(s, words), Count: a.counts[s], Right: right[s]})
	}
	return out
}

// answerWords is how an answer is shown: a tapped node named as
// nodeWords names it, a value as given.
func (a *asked) answerWords(s string, words func(trace.Phrase) string) string {
	if !a.spec.taps() {
		return s
	}
	switch n := nodeWords(s, a.labels).(type) {
	case trace.Name:
		return string(n)
	case trace.Phrase:
		return words(n)
	}
	return s
}

// right is the right answers.
func (a *asked) right() []string {
	switch {
	case a.spec.Kind == AskChoice:
		if a.spec.Correct < 0 {
			return []string{}
		}
		return []string{strconv.Itoa(a.spec.Correct)}
	case a.spec.Kind == AskPruned:
		return append([]string{}, a.key.Pruned...)
	case a.spec.Kind == AskAlpha || a.spec.Kind == AskBeta:
		return []string{a.key.Shown}
	}
	return []string{a.key.Answer}
}

// view is the question as followers see it, its prompt worded by words.
func (a *asked) view(words func(trace.Phrase) string) *QuestionView {
	v := &QuestionView{ID: a.id, Kind: a.spec.Kind, Node: a.spec.Node, Step: a.step, Options: a.spec.Options, Taps: a.spec.taps()}
	if a.spec.Kind == AskChoice {
		v.Prompt = a.spec.Prompt
	} else {
		v.Prompt = words(trace.Phrase{ID: "classroom.ask." + a.spec.Kind, Args: map[string]any{"Node": nodeWords(a.spec.Node, a.labels)}})
	}
	return v
}

// reveal is the reveal's view, worded by words.
func (a *asked) reveal(words exercise.Words) *RevealView {
	r := &RevealView{Question: a.id, Right: a.right(), Bars: a.bars(words), Answers: len(a.answers)}
	switch {
	case a.key != nil:
		r.Explain = a.key.Explain(words)
	default:
		r.Explain = a.spec.Explain
	}
	return r
}

// specJSON is the spec as stored.
func (q QuestionSpec) specJSON() []byte {
	b, _ := json.Marshal(q)
	return b
}
