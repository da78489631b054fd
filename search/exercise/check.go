package exercise

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/trace"
)

// Submission is a student's worked exercise.
type Submission struct {
	// Tree is the exercise tree in the classroom notation.
	Tree string
	// Root is the player at the root of an untagged tree: "max" (the
	// default when empty) or "min".
	Root string
	// Prune is the cutoff rule: "ge" (the default) or "gt".
	Prune string
	// Fail is "soft" (the default) or "hard"; "hard" needs Prune "ge".
	Fail string
	// Answers holds the value or bound of nodes by id ("" is the root),
	// in the forms ParseAnswer reads. Inner nodes are asked for; leaves
	// may be given.
	Answers map[string]string
	// Pruned lists the ids of the nodes marked pruned: the edge to them is
	// never followed.
	Pruned []string
	// Windows holds α and β by node id, for inner nodes; optional. When
	// any is given, every visited inner node's α and β are asked for.
	Windows map[string]Window
	// WindowAt says which window is asked for: "final" (the default: the
	// window the node finished with, as the viewer shows it at the end)
	// or "entry" (the window it was called with).
	WindowAt string
}

// Window is a node's α and β as a student wrote them: numbers, or
// infinities (−∞, +∞, -inf, inf); "" is missing.
type Window struct {
	Alpha, Beta string
}

// Mistake names a kind of mistake at one node.
type Mistake string

const (
	// Missing: no answer where a value or bound is due (or no α or β when
	// windows are asked for).
	Missing Mistake = "missing"
	// WrongValue: the number differs from the one the search returns.
	WrongValue Mistake = "wrong-value"
	// BoundForExact: a bound (≤ or ≥) where the search returns an exact value.
	BoundForExact Mistake = "bound-for-exact"
	// ExactForBound: an exact value where the search returns only a bound.
	ExactForBound Mistake = "exact-for-bound"
	// BoundDirection: ≤ where the search returns ≥, or the reverse.
	BoundDirection Mistake = "bound-direction"
	// MarkedButSearched: a node marked pruned that the search visited.
	MarkedButSearched Mistake = "marked-but-searched"
	// PrunedNotMarked: a node a cutoff skipped, not marked pruned.
	PrunedNotMarked Mistake = "pruned-not-marked"
	// AnswerForUnvisited: a value, bound or window for a node the search
	// never visited.
	AnswerForUnvisited Mistake = "answer-for-unvisited"
	// WrongWindow: an α or β that differs from the search's.
	WrongWindow Mistake = "wrong-window"
)

// Result is the verdict on a submission.
type Result struct {
	// Correct is true when every item is right: Score == Total.
	Correct bool `json:"correct"`
	// Score is the number of items right out of Total (see the package
	// doc for what an item is).
	Score int `json:"score"`
	Total int `json:"total"`
	// Nodes holds the feedback by node id: every node that counts as an
	// item, and every node the submission mentions.
	Nodes map[string]*NodeResult `json:"nodes"`
	// Feedback is the verdict as the page shows it: a line per node with
	// its marks and classes, and the score in words.
	Feedback Feedback `json:"feedback"`

	t *tree.Tree // the tree checked, for Word
}

// Word words the result's notes, reasons and feedback with w (a
// language's wording of phrases; nil is English).
func (r *Result) Word(w Words) {
	for _, nr := range r.Nodes {
		nr.Note, nr.Why = w.join(nr.notes), w.join(nr.why)
	}
	r.Feedback = feedback(r.t, r, w)
}

// NodeResult is the feedback on one node.
type NodeResult struct {
	// OK is true when everything about the node is right.
	OK bool `json:"ok"`
	// Want is the expected answer: the node's text in the final frame
	// ("3", "≤ 2", "≥ 5"), or "pruned" for a node the search never visited.
	Want string `json:"want"`
	// Got is the answer as given (trimmed), "pruned" for a node marked
	// pruned without a value, or "" for none.
	Got string `json:"got"`
	// Marked is true when the node is marked pruned.
	Marked bool `json:"marked,omitempty"`
	// Why is the narration of the step that decided the node: its exit,
	// after its own prune if one made the value a bound; for a node the
	// search never visited, the prune that skipped it.
	Why string `json:"why"`
	// Mistakes names what is wrong, empty when OK.
	Mistakes []Mistake `json:"mistakes,omitempty"`
	// Note says in a sentence what is wrong, for the student.
	Note string `json:"note,omitempty"`
	// Items is how many items this node counts for, and Score how many of
	// them are right.
	Items int `json:"items"`
	Score int `json:"score"`
	// Alpha and Beta are the feedback on the node's window, when windows
	// are asked for.
	Alpha *WindowResult `json:"alpha,omitempty"`
	Beta  *WindowResult `json:"beta,omitempty"`

	// why and notes are Why and Note not yet worded (see Result.Word).
	why, notes []trace.Phrase
}

// WindowResult is the feedback on one α or β.
type WindowResult struct {
	OK      bool    `json:"ok"`
	Want    string  `json:"want"`
	Got     string  `json:"got"`
	Mistake Mistake `json:"mistake,omitempty"`
}

// Check compares a submission with alpha-beta's search of its tree, node
// by node (see the package doc for what is expected and what an item is).
//
// A malformed submission is an *Error naming the field, wrapping
// ErrInvalid: an unknown root, prune rule or fail mode, a tree that does not
// parse or that alpha-beta cannot search (chance nodes, vector leaves), an
// id that names no node of the tree, an answer ParseAnswer does not read, α
// or β given for a leaf. Any other error is the checker's own fault.
func Check(sub Submission) (*Result, error) {
	rootKind, err := parseRoot("root", sub.Root)
	if err != nil {
		return nil, err
	}
	prune, err := parsePrune("prune", sub.Prune)
	if err != nil {
		return nil, err
	}
	fail, err := parseFail("fail", sub.Fail)
	if err != nil {
		return nil, err
	}
	if prune == search.PruneGT && fail == search.FailHard {
		return nil, invalidSay("fail", "exercise.err.gt-fail-hard")
	}
	entry := false
	switch strings.ToLower(strings.TrimSpace(sub.WindowAt)) {
	case "", "final":
	case "entry":
		entry = true
	default:
		return nil, invalidSay("window", "exercise.err.window", "Got", strconv.Quote(sub.WindowAt))
	}
	if strings.TrimFunc(sub.Tree, unicode.IsSpace) == "" {
		return nil, invalidSay("tree", "exercise.err.no-tree", "Example", tree.TwoPlyGameTreePlain)
	}
	t, err := tree.Options{Root: rootKind}.Parse(sub.Tree)
	if err != nil {
		return nil, &Error{Field: "tree", Msg: strings.TrimPrefix(err.Error(), "tree: "), Kind: ErrInvalid, Err: err}
	}
	r, err := replay(t, prune, fail)
	if err != nil {
		return nil, err
	}
	in, err := readSubmission(t, sub)
	if err != nil {
		return nil, err
	}
	return grade(t, r, in, entry), nil
}

// input is a submission read against its tree.
type input struct {
	raw     map[string]string // answers as given, trimmed
	answers map[string]Answer
	marked  map[string]bool
	windows map[string]parsedWindow
}

type parsedWindow struct {
	alpha, beta       trace.Num
	hasAlpha, hasBeta bool
	rawAlpha, rawBeta string
}

// readSubmission parses the answers, marks and windows, checking that each
// id names a node. Ids are checked in sorted order, so the same submission
// always gets the same error.
func readSubmission(t *tree.Tree, sub Submission) (*input, error) {
	in := &input{raw: map[string]string{}, answers: map[string]Answer{}, marked: map[string]bool{}, windows: map[string]parsedWindow{}}
	for _, id := range slices.Sorted(maps.Keys(sub.Answers)) {
		field := fmt.Sprintf("answers[%q]", id)
		if t.Find(id) == nil {
			return nil, noNode(field, id)
		}
		a, err := ParseAnswer(sub.Answers[id])
		if err != nil {
			return nil, atField(field, err)
		}
		in.raw[id] = strings.TrimFunc(sub.Answers[id], unicode.IsSpace)
		in.answers[id] = a
		if a.Kind == MarkedPruned {
			in.marked[id] = true
		}
	}
	for i, id := range sub.Pruned {
		if t.Find(id) == nil {
			return nil, noNode(fmt.Sprintf("pruned[%d]", i), id)
		}
		in.marked[id] = true
	}
	for _, id := range slices.Sorted(maps.Keys(sub.Windows)) {
		field := fmt.Sprintf("windows[%q]", id)
		n := t.Find(id)
		if n == nil {
			return nil, noNode(field, id)
		}
		if n.IsLeaf() {
			return nil, invalidSay(field, "exercise.err.leaf-window", "Node", nameOf(n))
		}
		w := sub.Windows[id]
		var pw parsedWindow
		var err error
		if pw.alpha, pw.hasAlpha, err = parseWindowValue(w.Alpha); err != nil {
			return nil, atField(field+".alpha", err)
		}
		if pw.beta, pw.hasBeta, err = parseWindowValue(w.Beta); err != nil {
			return nil, atField(field+".beta", err)
		}
		pw.rawAlpha = strings.TrimFunc(w.Alpha, unicode.IsSpace)
		pw.rawBeta = strings.TrimFunc(w.Beta, unicode.IsSpace)
		if pw.hasAlpha || pw.hasBeta {
			in.windows[id] = pw
		}
	}
	return in, nil
}

// atField is err, an *Error of a value read without its field (an
// answer, α or β), now naming field.
func atField(field string, err error) error {
	var xe *Error
	if !errors.As(err, &xe) {
		return invalid(field, "%s", err.Error())
	}
	e := *xe
	e.Field = field
	return &e
}

func noNode(field, id string) *Error {
	return invalidSay(field, "exercise.err.no-node", "Got", strconv.Quote(id))
}

// replayed is the engine's trace of the tree, replayed into the final
// frame, with the narrations that explain each node.
type replayed struct {
	frame   *trace.Frame
	entry   map[string][2]trace.Num // window on entry, by node
	exitWhy map[string]trace.Phrase // narration of the node's exit
	cutWhy  map[string]trace.Phrase // narration of a prune at the node that skipped children
	skipped map[string]trace.Phrase // narration of the prune that skipped the node
}

// replay searches t with alpha-beta in natural order, applying each event
// to a frame as it comes (no event is kept), and records the narrations.
func replay(t *tree.Tree, prune search.PruneRule, fail search.FailMode) (*replayed, error) {
	r := &replayed{frame: trace.NewFrame(), entry: map[string][2]trace.Num{}, exitWhy: map[string]trace.Phrase{},
		cutWhy: map[string]trace.Phrase{}, skipped: map[string]trace.Phrase{}}
	var bad error
	var said trace.Phrase
	r.frame.Words = keepPhrase(&said)
	r.frame.Leaf = leafOf(t)
	_, err := search.AlphaBeta(tree.Game{}, t.Root, search.Options[*tree.Node]{Prune: prune, Fail: fail}, func(e *trace.Event) bool {
		if err := r.frame.Apply(*e); err != nil {
			bad = err
			return false
		}
		switch e.Type {
		case trace.Enter:
			r.entry[e.Node] = [2]trace.Num{e.Alpha, e.Beta}
		case trace.Exit:
			r.exitWhy[e.Node] = said
		case trace.Prune:
			if len(e.Pruned) > 0 {
				r.cutWhy[e.Node] = said
				for _, id := range e.Pruned {
					r.skipped[id] = said
				}
			}
		}
		return true
	})
	switch {
	case bad != nil:
		return nil, fmt.Errorf("exercise: replaying the search: %w", bad)
	case errors.Is(err, search.ErrStopped):
		return nil, fmt.Errorf("exercise: the search stopped early: %w", err)
	case err != nil:
		return nil, &Error{Field: "tree", Msg: "alpha-beta cannot search this tree: " + err.Error(), Kind: ErrInvalid, Err: err}
	case !r.frame.Done:
		return nil, errors.New("exercise: the search ended without its done event")
	}
	return r, nil
}

// why is the narration that decided a visited node: its own cutoff (when
// one skipped children) followed by its exit.
func (r *replayed) why(id string) []trace.Phrase {
	if c, ok := r.cutWhy[id]; ok {
		return []trace.Phrase{c, r.exitWhy[id]}
	}
	return []trace.Phrase{r.exitWhy[id]}
}

// skippedWhy is the narration of the prune that skipped id or its nearest
// skipped ancestor.
func (r *replayed) skippedWhy(id string) []trace.Phrase {
	for p, ok := id, true; ok; p, ok = trace.ParentID(p) {
		if s, found := r.skipped[p]; found {
			return []trace.Phrase{s}
		}
	}
	return nil
}

// grade compares the input with the replayed search, node by node in
// preorder.
func grade(t *tree.Tree, r *replayed, in *input, entry bool) *Result {
	res := &Result{Nodes: map[string]*NodeResult{}}
	g := grader{r: r, in: in, entry: entry, askWindows: len(in.windows) > 0}
	f := r.frame
	for n := range t.All() {
		id := n.ID
		w, hasWindow := in.windows[id]
		ng := nodeGrade{n: n, a: in.answers[id], marked: in.marked[id], w: w, hasWindow: hasWindow, view: f.Nodes[id]}
		ng.nr = &NodeResult{Got: in.raw[id], Marked: ng.marked}
		if ng.nr.Got == "" && ng.marked {
			ng.nr.Got = "pruned"
		}
		mentioned := ng.a.Kind != NoAnswer || ng.marked || hasWindow
		switch {
		case f.StateOf(id) == trace.StateDone && !n.IsLeaf():
			g.inner(&ng)
		case f.StateOf(id) == trace.StateDone:
			// A visited leaf: nothing is asked, but what is given must be right.
			if !mentioned {
				continue
			}
			g.leaf(&ng)
		case ng.view != nil && ng.view.State == trace.StatePruned:
			g.pruned(&ng)
		default:
			// Below a skipped node: never visited; marking it is accepted.
			if !mentioned {
				continue
			}
			g.belowPruned(&ng)
		}
		nr := ng.nr
		nr.OK = len(nr.Mistakes) == 0
		nr.notes = ng.notes
		res.Nodes[id] = nr
		res.Score += nr.Score
		res.Total += nr.Items
	}
	res.Correct = res.Score == res.Total
	res.t = t
	res.Word(nil)
	return res
}

// grader grades a submission node by node against the replayed search.
type grader struct {
	r          *replayed
	in         *input
	entry      bool // windows are asked as they were when the node was entered
	askWindows bool // the exercise asks for windows
}

// nodeGrade is one node's part of a submission and its result so far.
type nodeGrade struct {
	n         *tree.Node
	a         Answer
	marked    bool
	w         parsedWindow
	hasWindow bool
	view      *trace.NodeView
	nr        *NodeResult
	notes     []trace.Phrase
}

// mistake adds the mistake m and the note that tells the student of it.
func (ng *nodeGrade) mistake(m Mistake, note trace.Phrase) {
	ng.nr.Mistakes = append(ng.nr.Mistakes, m)
	ng.notes = append(ng.notes, note)
}

// compareValue adds the mistakes of a value answer, if one was given.
func (ng *nodeGrade) compareValue() bool {
	if ng.a.Kind != ValueAnswer {
		return false
	}
	ms, note := compare(ng.n, ng.a, ng.view)
	ng.nr.Mistakes = append(ng.nr.Mistakes, ms...)
	ng.notes = append(ng.notes, note...)
	return true
}

// inner grades a visited inner node: its value or bound is one item, and
// its window two more when windows are asked.
func (g grader) inner(ng *nodeGrade) {
	n, nr, view := ng.n, ng.nr, ng.view
	nr.Want, nr.why = view.Text, g.r.why(n.ID)
	nr.Items = 1
	if ng.marked {
		ng.mistake(MarkedButSearched, say("exercise.note.searched", "Node", nameOf(n)))
	}
	if !ng.compareValue() {
		ng.mistake(Missing, say("exercise.note.no-value", "Node", nameOf(n), "Want", view.Text))
	}
	if len(nr.Mistakes) == 0 {
		nr.Score = 1
	}
	if g.askWindows {
		g.window(ng)
	}
}

// window grades the window given at a visited inner node: α and β are an
// item each.
func (g grader) window(ng *nodeGrade) {
	n, nr, view, w := ng.n, ng.nr, ng.view, ng.w
	wa, wb := view.Alpha, view.Beta
	if g.entry {
		wa, wb = g.r.entry[n.ID][0], g.r.entry[n.ID][1]
	}
	nr.Alpha = checkWindow(wa, w.alpha, w.hasAlpha, w.rawAlpha)
	nr.Beta = checkWindow(wb, w.beta, w.hasBeta, w.rawBeta)
	nr.Items += 2
	for i, wr := range []*WindowResult{nr.Alpha, nr.Beta} {
		if wr.OK {
			nr.Score++
			continue
		}
		if !slices.Contains(nr.Mistakes, wr.Mistake) {
			nr.Mistakes = append(nr.Mistakes, wr.Mistake)
		}
		name := [2]string{"α", "β"}[i]
		if wr.Mistake == Missing {
			ng.notes = append(ng.notes, say("exercise.note.no-window", "Name", name, "Want", wr.Want))
		} else {
			ng.notes = append(ng.notes, say("exercise.note.wrong-window", "Node", nameOf(n), "Name", name, "Want", wr.Want, "Got", wr.Got))
		}
	}
}

// leaf grades a visited leaf that the submission mentions: nothing is
// asked, but what is given must be right.
func (g grader) leaf(ng *nodeGrade) {
	nr := ng.nr
	nr.Want, nr.why = ng.view.Text, g.r.why(ng.n.ID)
	if ng.marked {
		ng.mistake(MarkedButSearched, say("exercise.note.evaluated", "Node", nameOf(ng.n)))
	}
	ng.compareValue()
	if len(nr.Mistakes) > 0 {
		nr.Items = 1 // a stray mistake
	}
}

// pruned grades a node skipped by a cutoff: the pruned edge is one item.
func (g grader) pruned(ng *nodeGrade) {
	n, nr := ng.n, ng.nr
	nr.Want, nr.why = "pruned", g.r.skippedWhy(n.ID)
	nr.Items = 1
	if !ng.marked {
		ng.mistake(PrunedNotMarked, say("exercise.note.skipped", "Node", nameOf(n)))
	}
	if ng.a.Kind == ValueAnswer || ng.hasWindow {
		ng.mistake(AnswerForUnvisited, say("exercise.note.never-visited", "Node", nameOf(n)))
	}
	if len(nr.Mistakes) == 0 {
		nr.Score = 1
	}
}

// belowPruned grades a node below a skipped one that the submission
// mentions: never visited, so marking it is accepted and an answer is a
// stray mistake.
func (g grader) belowPruned(ng *nodeGrade) {
	n, nr := ng.n, ng.nr
	nr.Want, nr.why = "pruned", g.r.skippedWhy(n.ID)
	if ng.a.Kind == ValueAnswer || ng.hasWindow {
		ng.mistake(AnswerForUnvisited, say("exercise.note.below-pruned", "Node", nameOf(n)))
		nr.Items = 1 // a stray mistake
	}
}

// compare checks a value answer against a visited node's final view and
// returns the mistakes and the notes for the student.
func compare(n *tree.Node, a Answer, view *trace.NodeView) ([]Mistake, []trace.Phrase) {
	var ms []Mistake
	var notes []trace.Phrase
	name := nameOf(n)
	want, got := view.Bound, a.Bound
	switch {
	case want == trace.Exact && got != trace.Exact:
		ms = append(ms, BoundForExact)
		notes = append(notes, say("exercise.note.bound-for-exact", "Node", name, "Want", view.Text))
	case want != trace.Exact && got == trace.Exact:
		ms = append(ms, ExactForBound)
		notes = append(notes, say("exercise.note.exact-for-bound", "Node", name, "Want", view.Text))
	case want != got:
		ms = append(ms, BoundDirection)
		notes = append(notes, say("exercise.note.bound-direction", "Node", name, "Want", view.Text))
	}
	if trace.Num(a.Value) != view.Value {
		ms = append(ms, WrongValue)
		if len(notes) == 0 {
			notes = append(notes, say("exercise.note.wrong-value", "Node", name, "Want", view.Text, "Got", a.Text()))
		} else {
			notes = append(notes, say("exercise.note.wrong-number", "Want", view.Value.String(), "Got", trace.Num(a.Value).String()))
		}
	}
	return ms, notes
}

// checkWindow compares one α or β with the search's.
func checkWindow(want, got trace.Num, has bool, raw string) *WindowResult {
	wr := &WindowResult{Want: want.String(), Got: raw}
	switch {
	case !has:
		wr.Mistake = Missing
	case got != want:
		wr.Mistake = WrongWindow
	default:
		wr.OK = true
	}
	return wr
}
