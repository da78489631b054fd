package web

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/templates"
	"github.com/abtrace/abtrace/trace"
	"github.com/abtrace/abtrace/view"
	"github.com/abtrace/abtrace/view/export"
)

// maxDiffSteps bounds the steps the diff page draws (two drawings each);
// longer traces are compared on the command line (abtrace diff).
const maxDiffSteps = 600

// maxDiffPageBytes bounds the drawings of the diff page, in bytes: every
// step holds two drawings of the whole tree, so a tic-tac-toe trace of a
// few hundred steps made a 192 MB page. When the steps' drawings would
// pass it, the page draws the last steps that fit (the departure among
// them), says so, and points at abtrace diff for the whole trace. The
// verdict (what each did, and why) is never cut.
const maxDiffPageBytes = 16 << 20

// Limits of the trace the diff page is sent.
const (
	// maxDiffText is the most of a pasted or uploaded trace the diff page
	// compares, in bytes: 64 KB, the body limit of every other request.
	// A longer trace comes back in the form, its first maxDiffText bytes,
	// with a 413 that says how to compare the whole trace from its file.
	maxDiffText = 64 << 10
	// maxDiffBody is the largest body POST /diff reads (1 MB), so that a
	// trace too long to compare still comes back; beyond it the 413 page
	// says how to compare it from its file on the command line.
	maxDiffBody = 1 << 20
)

// diffPage answers GET /diff (the form, for the scenario in the query) and
// POST /diff (the form submitted: the student's trace pasted in "student"
// or uploaded as "file").
func (s *Server) diffPage(c echo.Context) error {
	q := c.QueryParams()
	sc, err := scenario.FromQuery(q)
	d := &templates.DiffPage{Assets: s.assets, Query: sc.Query().Encode(), Script: s.assetURL("diff.js")}
	if err != nil {
		d.Error = errorText(langOf(c), err)
		return s.render(c, http.StatusBadRequest, templates.DiffPageView(d))
	}
	p, err := prepare(c, sc)
	if err != nil {
		d.Error = errorText(langOf(c), err)
		return s.render(c, http.StatusBadRequest, templates.DiffPageView(d))
	}
	loc := i18n.For(langOf(c))
	algo := search.Pseudocode(p.Algorithm, search.Forms(p.Algorithm)[0], p.PruneRule, p.FailMode, p.RootKind).Title
	d.Title = loc.T("diff.title", "Algo", loc.Pseudocode(algo), "Source", sourceTextIn(loc, p))
	if c.Request().Method != http.MethodPost {
		return s.render(c, http.StatusOK, templates.DiffPageView(d))
	}
	text := c.FormValue("student")
	if fh, err := c.FormFile("file"); err == nil && fh.Size > 0 {
		f, err := fh.Open()
		if err != nil {
			return err
		}
		b, err := io.ReadAll(io.LimitReader(f, trace.MaxStudentBytes+1))
		f.Close()
		if err != nil {
			return err
		}
		text = string(b)
	}
	d.Student = text
	if len(text) > maxDiffText {
		// Nothing pasted is lost: the first maxDiffText bytes stay in
		// the form, and the message says how to compare the rest.
		d.Student = cutText(text, maxDiffText)
		d.Error = errorText(langOf(c), badParam("student", "diff.err.too-long", "KB", len(text)>>10, "Max", maxDiffText>>10))
		return s.render(c, http.StatusRequestEntityTooLarge, templates.DiffPageView(d))
	}
	if err := s.fillDiff(d, p, text, loc); err != nil {
		d.Error = errorText(langOf(c), err)
		return s.render(c, http.StatusBadRequest, templates.DiffPageView(d))
	}
	return s.render(c, http.StatusOK, templates.DiffPageView(d))
}

// cutText is the first at most n bytes of s, ended at the last line
// break among them when there is one (a whole event per line), and never
// inside a character.
func cutText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = strings.ToValidUTF8(s[:n], "")
	if i := strings.LastIndexByte(s, '\n'); i > 0 {
		s = s[:i+1]
	}
	return s
}

// fillDiff compares the student's trace with the scenario's search and
// draws both, step by step, up to the first departure, its sentences in
// loc's language.
func (s *Server) fillDiff(d *templates.DiffPage, p *scenario.Search, text string, loc *i18n.Localizer) error {
	st, err := trace.ParseStudent(text)
	if err != nil {
		return err
	}
	ref, err := referenceEvents(p)
	if err != nil {
		return err
	}
	labels := treeLabels(p)
	treeNames := p.Tree.Names()
	dep := trace.CompareStudent(ref, st, treeNames)
	visits, names := studentVisits(d, st, ref, dep, treeNames, loc, labels)
	if len(visits) > maxDiffSteps {
		return say("error.diff-steps", "Max", maxDiffSteps)
	}
	scene, err := view.NewScene(p, nil)
	if err != nil {
		return err
	}
	dw := &diffDrawer{p: p, scene: scene, ref: ref, loc: loc, labels: labels, visits: visits, names: names, dep: dep,
		rf: trace.NewFrame(), sf: trace.NewFrame()}
	dw.rf.Words = wordsFor(string(loc.Lang()))
	dw.rf.Leaf = p.Leaf
	dw.draw(d)
	d.Agree = dep == nil
	if dep != nil {
		d.Want, d.Got, d.Why = loc.Phrase(dep.WantSay), loc.Phrase(dep.GotSay), loc.Phrase(dep.WhySay)
		if dep.At.Line > 0 {
			d.At = loc.T("diff.at", "Step", strconv.Itoa(dep.Index+1), "Line", strconv.Itoa(dep.At.Line), "Col", strconv.Itoa(dep.At.Col))
		} else {
			d.At = loc.T("diff.after", "Step", strconv.Itoa(dep.Index))
		}
	}
	return nil
}

// referenceEvents are the events of the reference search, at most
// maxReference of them (a longer search is refused).
func referenceEvents(p *scenario.Search) ([]trace.Event, error) {
	var ref []trace.Event
	_, err := p.Run(func(e *trace.Event) bool {
		if len(ref) == maxReference {
			return false
		}
		ref = append(ref, *e)
		return true
	})
	if len(ref) == maxReference && (err == nil || errors.Is(err, search.ErrStopped)) {
		// Stopped here, or ended at the limit: either way longer than a
		// diff compares.
		err = say("error.diff-reference", "Max", maxReference)
	}
	return ref, err
}

// maxReference is trace.MaxReferenceEvents; a test lowers it.
var maxReference = trace.MaxReferenceEvents

// treeLabels are the labels of the scenario's tree by node id (none for
// a game).
func treeLabels(p *scenario.Search) map[string]string {
	labels := map[string]string{}
	if p.Tree != nil {
		for n := range p.Tree.All() {
			if n.Label != "" {
				labels[n.ID] = n.Label
			}
		}
	}
	return labels
}

// studentVisits are the student's visits as node ids ("?" for a name
// that is no node) and as the student named them, up to the departure
// (it included); it fills in how the page compares (events or visits)
// and how many of the student's steps there are.
func studentVisits(d *templates.DiffPage, st *trace.StudentTrace, ref []trace.Event, dep *trace.Departure, treeNames map[string]string,
	loc *i18n.Localizer, labels map[string]string) (visits, names []string) {
	before := func(i int) bool { return dep == nil || i <= dep.Index }
	if st.Events != nil {
		d.Mode, d.Compared = "diff.agree.events", len(st.Events)
		for i, e := range st.Events {
			if !before(i) {
				break
			}
			if e.Type == trace.Enter {
				visits = append(visits, e.Node)
				names = append(names, nodeName(loc, labels, e.Node))
			}
		}
		return visits, names
	}
	d.Mode, d.Compared = "diff.agree.visits", len(st.Visits)
	ids := trace.StudentNodes(ref, st, treeNames)
	for i, v := range st.Visits {
		if !before(i) {
			break
		}
		visits = append(visits, ids[i])
		names = append(names, v.Name)
	}
	return visits, names
}

// diffDrawer draws the diff page's steps: at each, the reference's frame
// beside the student's visits so far.
type diffDrawer struct {
	p      *scenario.Search
	scene  *view.Scene
	ref    []trace.Event
	loc    *i18n.Localizer
	labels map[string]string
	visits []string // the student's visits (see studentVisits)
	names  []string
	dep    *trace.Departure // nil when the student agrees
	// rf is the reference's frame, applied events up to applied; sf the
	// student's.
	rf, sf  *trace.Frame
	applied int
	enters  []int // the reference's enters (refEnters)
}

// refAt is the reference's frame at step (frames only go forward).
func (dw *diffDrawer) refAt(step int) *trace.Frame {
	for dw.applied < len(dw.ref) && dw.applied < step {
		if err := dw.rf.Apply(dw.ref[dw.applied]); err != nil {
			break
		}
		dw.applied++
	}
	return dw.rf
}

// svg is a drawing's inline SVG.
func (dw *diffDrawer) svg(dr *view.Drawing) string {
	var b bytes.Buffer
	export.SVG(&b, dr, export.SVGOptions{Inline: true})
	return b.String()
}

// refStep is the reference's step beside the student's k-th visit: the
// reference's k-th enter, the departure's step at the departure, the end
// after the last visit of a student who agrees.
func (dw *diffDrawer) refStep(k int, last bool) int {
	refStep := 0
	if k > 0 && k-1 < len(dw.refEnters()) {
		refStep = dw.ref[dw.refEnters()[k-1]].Step
	} else if k > 0 {
		refStep = len(dw.ref)
	}
	switch {
	case last && dw.dep.Step > 0:
		refStep = max(refStep, dw.dep.Step)
	case last, dw.dep == nil && k == len(dw.visits):
		refStep = len(dw.ref)
	}
	return refStep
}

// refEnters are the indexes of the reference's enter events.
func (dw *diffDrawer) refEnters() []int {
	if dw.enters == nil {
		dw.enters = []int{}
		for i, e := range dw.ref {
			if e.Type == trace.Enter {
				dw.enters = append(dw.enters, i)
			}
		}
	}
	return dw.enters
}

// draw draws the steps into d, the last ones that fit maxDiffPageBytes:
// the first step's drawings tell what one step costs (the whole tree is
// drawn at every step, faint where unvisited; values and marks add a
// quarter at most), and the steps before first are not drawn.
func (dw *diffDrawer) draw(d *templates.DiffPage) {
	f0 := dw.refAt(0)
	per := (len(dw.svg(dw.scene.Draw(f0, view.FoldsAt(dw.p, dw.scene, f0)))) + len(dw.svg(dw.scene.Draw(trace.NewFrame(), nil)))) * 5 / 4
	steps := len(dw.visits) + 1
	first := max(0, steps-maxDiffPageBytes/max(per, 1))
	size := 0
	for k := 0; k <= len(dw.visits); k++ {
		if k < first {
			dw.refAt(dw.refStep(k, dw.isLast(k)))
			advanceStudent(dw.sf, k, dw.visits, dw.labels)
			continue
		}
		step := dw.step(k)
		d.Steps = append(d.Steps, step)
		// Should the estimate fall short, the earliest steps drawn go.
		for size += len(step.Ref) + len(step.Student); size > maxDiffPageBytes && len(d.Steps) > 1; d.Steps = d.Steps[1:] {
			size -= len(d.Steps[0].Ref) + len(d.Steps[0].Student)
			first++
		}
	}
	if first > 0 {
		d.Cut = dw.loc.T("diff.cut", "Shown", len(d.Steps), "Steps", steps, "MB", (int64(per)*int64(steps)+1<<20-1)>>20, "Max", maxDiffPageBytes>>20)
	}
}

// isLast says whether the student's k-th visit is the departure.
func (dw *diffDrawer) isLast(k int) bool {
	return dw.dep != nil && k == len(dw.visits)
}

// step is the page's step k: both drawings and what each side says.
func (dw *diffDrawer) step(k int) templates.DiffStep {
	loc := dw.loc
	last := dw.isLast(k)
	f := dw.refAt(dw.refStep(k, last))
	step := templates.DiffStep{Ref: dw.svg(dw.scene.Draw(f, view.FoldsAt(dw.p, dw.scene, f))), RefSay: f.Narration}
	if k == 0 {
		step.RefSay, step.StudentSay = loc.T("diff.say.start"), loc.T("diff.say.step")
	}
	if advanceStudent(dw.sf, k, dw.visits, dw.labels) {
		step.StudentSay = loc.T("diff.say.visits", "Node", dw.names[k-1])
	} else if k > 0 {
		step.StudentSay = loc.T("diff.say.stray", "Node", strconv.Quote(dw.names[k-1]))
	}
	step.Student = dw.svg(dw.scene.Draw(dw.sf, nil))
	if last {
		step.Departure = true
		step.RefSay = loc.T("diff.say.want", "Want", loc.Phrase(dw.dep.WantSay), "Why", loc.Phrase(dw.dep.WhySay))
		step.StudentSay = loc.T("diff.say.got", "Got", loc.Phrase(dw.dep.GotSay))
	}
	return step
}

// advanceStudent moves the student's frame sf to step k, its k-th visit
// (visits[k-1], "?" for a name that is no node), and reports whether that
// visit is a node of the tree; step 0 is the start.
func advanceStudent(sf *trace.Frame, k int, visits []string, labels map[string]string) bool {
	if k == 0 {
		return false
	}
	sf.Step = k
	id := visits[k-1]
	if id == "?" {
		return false
	}
	for _, v := range sf.Nodes {
		if v.State == trace.StateOpen {
			v.State = trace.StateDone
		}
	}
	sf.Nodes[id] = &trace.NodeView{State: trace.StateOpen, Label: labels[id]}
	sf.Current = id
	return true
}

// nodeName is a node's label, or its id ("the root" in loc's language).
func nodeName(loc *i18n.Localizer, labels map[string]string, id string) string {
	if l := labels[id]; l != "" {
		return l
	}
	if id == "" {
		return loc.T("narrate.root")
	}
	return id
}
