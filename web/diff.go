package web

import (
	"bytes"
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
	var ref []trace.Event
	_, err = p.Run(func(e *trace.Event) bool {
		if len(ref) == trace.MaxReferenceEvents {
			return false
		}
		ref = append(ref, *e)
		return true
	})
	if err == nil && len(ref) == trace.MaxReferenceEvents {
		err = say("error.diff-reference", "Max", trace.MaxReferenceEvents)
	}
	if err != nil {
		return err
	}
	labels := map[string]string{}
	if p.Tree != nil {
		for n := range p.Tree.All() {
			if n.Label != "" {
				labels[n.ID] = n.Label
			}
		}
	}
	treeNames := p.Tree.Names()
	dep := trace.CompareStudent(ref, st, treeNames)
	var refEnters []int
	for i, e := range ref {
		if e.Type == trace.Enter {
			refEnters = append(refEnters, i)
		}
	}
	// The student's visits as node ids ("?" for a name that is no node),
	// and how many of them lie before the departure (it included).
	var visits []string
	var names []string
	limit := -1
	if st.Events != nil {
		d.Mode = "diff.agree.events"
		for i, e := range st.Events {
			if dep != nil && i > dep.Index {
				break
			}
			if e.Type == trace.Enter {
				visits = append(visits, e.Node)
				names = append(names, nodeName(loc, labels, e.Node))
			}
		}
		d.Compared = len(st.Events)
	} else {
		d.Mode = "diff.agree.visits"
		ids := trace.StudentNodes(ref, st, treeNames)
		for i, v := range st.Visits {
			if dep != nil && i > dep.Index {
				break
			}
			visits = append(visits, ids[i])
			names = append(names, v.Name)
		}
		d.Compared = len(st.Visits)
	}
	if dep != nil {
		limit = len(visits)
	}
	if len(visits) > maxDiffSteps {
		return say("error.diff-steps", "Max", maxDiffSteps)
	}
	scene, err := view.NewScene(p, nil)
	if err != nil {
		return err
	}
	rf := trace.NewFrame()
	rf.Words = wordsFor(string(loc.Lang()))
	rf.Leaf = p.Leaf
	applied := 0
	refAt := func(step int) *trace.Frame {
		for applied < len(ref) && applied < step {
			if err := rf.Apply(ref[applied]); err != nil {
				break
			}
			applied++
		}
		return rf
	}
	svg := func(dr *view.Drawing) string {
		var b bytes.Buffer
		export.SVG(&b, dr, export.SVGOptions{Inline: true})
		return b.String()
	}
	// The first step's drawings tell what one step costs (the whole tree
	// is drawn at every step, faint where unvisited; values and marks add
	// a quarter at most): the steps before first are not drawn.
	per := (len(svg(scene.Draw(refAt(0), view.FoldsAt(p, scene, refAt(0))))) + len(svg(scene.Draw(trace.NewFrame(), nil)))) * 5 / 4
	steps := len(visits) + 1
	first := max(0, steps-maxDiffPageBytes/max(per, 1))
	size := 0
	sf := trace.NewFrame()
	for k := 0; k <= len(visits); k++ {
		step := templates.DiffStep{}
		refStep := 0
		if k > 0 && k-1 < len(refEnters) {
			refStep = ref[refEnters[k-1]].Step
		} else if k > 0 {
			refStep = len(ref)
		}
		last := dep != nil && k == limit
		if last && dep.Step > 0 {
			refStep = max(refStep, dep.Step)
		} else if last {
			refStep = len(ref)
		}
		if !last && k == len(visits) && dep == nil {
			refStep = len(ref)
		}
		f := refAt(refStep)
		if k < first {
			advanceStudent(sf, k, visits, labels)
			continue
		}
		step.Ref = svg(scene.Draw(f, view.FoldsAt(p, scene, f)))
		step.RefSay = f.Narration
		if k == 0 {
			step.RefSay, step.StudentSay = loc.T("diff.say.start"), loc.T("diff.say.step")
		}
		if advanceStudent(sf, k, visits, labels) {
			step.StudentSay = loc.T("diff.say.visits", "Node", names[k-1])
		} else if k > 0 {
			step.StudentSay = loc.T("diff.say.stray", "Node", strconv.Quote(names[k-1]))
		}
		step.Student = svg(scene.Draw(sf, nil))
		if last {
			step.Departure = true
			step.RefSay = loc.T("diff.say.want", "Want", loc.Phrase(dep.WantSay), "Why", loc.Phrase(dep.WhySay))
			step.StudentSay = loc.T("diff.say.got", "Got", loc.Phrase(dep.GotSay))
		}
		d.Steps = append(d.Steps, step)
		// Should the estimate fall short, the earliest steps drawn go.
		for size += len(step.Ref) + len(step.Student); size > maxDiffPageBytes && len(d.Steps) > 1; d.Steps = d.Steps[1:] {
			size -= len(d.Steps[0].Ref) + len(d.Steps[0].Student)
			first++
		}
	}
	if first > 0 {
		d.Cut = loc.T("diff.cut", "Shown", len(d.Steps), "Steps", steps, "MB", (int64(per)*int64(steps)+1<<20-1)>>20, "Max", maxDiffPageBytes>>20)
	}
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
