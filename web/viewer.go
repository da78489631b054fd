package web

import (
	"context"
	"errors"
	"hash/fnv"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/templates"
	"github.com/abtrace/abtrace/trace"
	"github.com/abtrace/abtrace/view"
)

// autoCountNodes is the largest tree (in nodes) whose steps a session
// counts by itself after a load, between the viewer's commands. Larger
// searches are counted only when the viewer asks (the count command) or
// reaches the end: counting runs the whole traced search.
const autoCountNodes = 50_000

// viewer is the state of one loaded scenario in a session: the cursor
// that runs it, the drawing last sent, and the move under way. It keeps
// no list of events; the cursor's memory follows the drawing.
type viewer struct {
	// query is the scenario's query as the viewer sent it: with the step,
	// the key of its shared first frame.
	query string
	prep  *scenario.Search
	scene *view.Scene
	cur   *view.Cursor
	paint *view.Painter // the drawing the viewer has, and its patches

	job     *job          // the move under way, nil when none
	counter *view.Counter // the step count under way, nil when none
	total   int           // steps of the whole search, -1 until known
	// shown is what the page shows of the panels the server renders: a
	// step sends each only when it changes, or what changed in it.
	// tablePage is the page of the table's entries the viewer asked for
	// (the ttpage command) plus one: 0, before it asks, follows the
	// newest entries (view.NewestPage).
	shown     shownPanels
	tablePage int
	// baseline is the number of leaves the same search without pruning
	// evaluates, found the first time a frame is done: -2 until then, -1
	// when there is no baseline.
	baseline int
	// loc words the panels the server renders (the Monte-Carlo panel).
	loc *i18n.Localizer
	// ready is the step made ahead for the page (see ahead.go), nil when
	// none; tooFar is the last step from which it lay too far.
	ready  *readyStep
	tooFar farStep
	// share says the viewer answers a session's page: its forward steps'
	// answers are encoded once and shared with the other viewers of the
	// same scenario (MaxSharedPatches). canon says the page holds what
	// the answers since the viewer's load drew, by forward steps only,
	// with the cursor never begun again since (canonRestarts): its next
	// step's answer then depends on nothing but the query, the two steps
	// and the total.
	share, canon  bool
	canonRestarts int
	// drawn is the print of the drawing the page shows (the load's
	// drawn), until the load is answered: a first frame with the same
	// drawing leaves its nodes out.
	drawn string
	// enc encodes the steps' answers that are shared.
	enc encoder
	// focus says the page shows the focus of the tree (see
	// view.FocusShown): a frame sends it whole, a step what changed in
	// it since focusD, the focus drawing the page has.
	focus  bool
	focusD *view.Drawing
	// focusWidth is the width of the page's tree pane in CSS pixels, as
	// its load said (0: not said): a row of the focus wider zigzags.
	// focusHeight is its height: a focus taller keeps its lowest rows and
	// names the ancestors above them in its trail (view.FocusFit).
	focusWidth, focusHeight float64
	// sayWidth is how wide the page's narration is in ems, as its load
	// said (0: not said): the card game's narration says the information
	// set in full, in short or not at all to fit it (view.NarrationWith).
	sayWidth float64
	// focusPx is the scale every step's focus is drawn at
	// (view.SteadyFocusScale, decided at the first focus drawn; 0: not
	// yet): the same at a step however the page came to it.
	focusPx float64
}

// job is a move under way: its command, and the step it started from.
type job struct {
	cmd   string
	from  int
	to    StepArg // where a load goes
	patch bool    // answered with a patch (step, next-cutoff) rather than a frame
}

// newViewer loads a scenario for a session whose context is ctx: its
// searches run under the server's budget and stop when ctx ends.
func newViewer(ctx context.Context, query string) (*viewer, error) {
	q, err := url.ParseQuery(strings.TrimPrefix(query, "?"))
	if err != nil {
		return nil, queryError(err)
	}
	sc, err := scenario.FromQuery(q)
	if err != nil {
		return nil, err
	}
	p, err := budgeted(ctx, sc).Prepare()
	if err != nil {
		return nil, err
	}
	scene, err := view.NewScene(p, OpenList(q.Get("open")))
	if err != nil {
		return nil, err
	}
	cur := view.NewCursor(p, scene)
	v := &viewer{query: query, prep: p, scene: scene, cur: cur, paint: view.NewPainter(cur), total: -1, baseline: -2, loc: localizerFor(q.Get("lang"))}
	v.cur.SetWords(wordsFor(q.Get("lang")))
	wide, present, narrow := view.FocusShown(p, scene)
	v.focus = wide || present || narrow
	if scene.Shape.Total <= autoCountNodes {
		v.counter = view.NewCounter(p)
	}
	return v, nil
}

// OpenList splits the open= parameter: ids of opened folds, comma-separated.
func OpenList(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

func (v *viewer) close() {
	v.cur.Close()
	if v.counter != nil {
		v.counter.Close()
		v.counter = nil
	}
}

// command starts a moving command (load, step, back, seek, next-cutoff)
// or count. Step and back by node or by cutoff go by that unit.
func (v *viewer) command(c Command) []Message {
	switch c.Cmd {
	case "count":
		return v.startCount()
	case "step", "back":
		if u, _ := view.ParseUnit(c.By); u != view.ByEvent {
			return v.move(c.Cmd, u, c.N)
		}
	}
	return v.start(c.Cmd, stepArgOf(c, v))
}

func (v *viewer) busy() bool     { return v.job != nil }
func (v *viewer) counting() bool { return v.counter != nil }
func (v *viewer) ended() bool    { return v.cur.AtEnd() }

func (v *viewer) position() (step, total int) { return v.cur.Step(), v.total }

// stopCount gives up the count under way; count asks again.
func (v *viewer) stopCount() {
	if v.counter != nil {
		v.counter.Close()
		v.counter = nil
	}
}

// chooseLayout is the way the viewer's tree reads larger in pane p.
func (v *viewer) chooseLayout(q url.Values, p *Pane) (string, error) {
	return view.ChooseLayout(v.prep, OpenList(q.Get("open")), p.W, p.H, p.Across)
}

// start begins a move: step (to.Value steps forward), next-cutoff, or a
// seek for load, back and seek. Its answer comes from work.
func (v *viewer) start(cmd string, to StepArg) []Message {
	j := &job{cmd: cmd, from: v.cur.Step(), to: to}
	v.canon = v.canon && cmd == "step"
	switch cmd {
	case "step":
		v.cur.Forward(to.Value)
		j.patch = true
	case "next-cutoff":
		v.cur.NextCutoff()
		j.patch = true
	default:
		target := to.Value
		if to.End {
			target = view.End
		}
		v.cur.Seek(target)
	}
	v.job = j
	return nil
}

// move begins a step or back by node or by cutoff: n of them. A step is
// answered with a patch, a back with a frame, as by event.
func (v *viewer) move(cmd string, u view.By, n int) []Message {
	j := &job{cmd: cmd, from: v.cur.Step(), patch: cmd == "step"}
	v.canon = false
	if cmd == "back" {
		n = -n
	}
	v.cur.Move(u, n)
	v.job = j
	return nil
}

// work does one slice of the move under way and, when it is done, returns
// its answer.
func (v *viewer) work(ctx context.Context, slice int) []Message {
	done, err := v.cur.Work(ctx, slice)
	if errors.Is(err, view.ErrStopped) {
		return nil
	}
	j := v.job
	if err != nil {
		v.job = nil
		v.canon = false
		return []Message{errMsg(j.cmd, err)}
	}
	if !done {
		return nil
	}
	v.job = nil
	var msgs []Message
	v.noteEnd()
	switch {
	case j.patch && v.canon:
		msgs = append(msgs, v.sharedPatchMessage(j.from))
	case j.patch:
		msgs = append(msgs, v.patchMessage(j.from))
	case j.cmd == "load":
		msgs = append(msgs, v.loadMessage(ctx, j.to))
		v.canon, v.canonRestarts = v.share, v.cur.Restarts()
	default:
		msgs = append(msgs, v.frameMessage())
	}
	return msgs
}

// noteEnd takes the total from the cursor once it stands at the end.
func (v *viewer) noteEnd() {
	if v.cur.AtEnd() && v.total < 0 {
		v.total = v.cur.Step()
		if v.counter != nil {
			v.counter.Close()
			v.counter = nil
		}
	}
}

// run does the move under way to its end (for tests and benchmarks).
func (v *viewer) run(ctx context.Context) []Message {
	for v.busy() {
		if msgs := v.work(ctx, 0); msgs != nil || ctx.Err() != nil {
			return msgs
		}
	}
	return nil
}

// halt stops the move under way where it got to, and answers with the
// frame there.
func (v *viewer) halt() []Message {
	v.job = nil
	v.canon = false
	v.cur.Seek(v.cur.Step())
	return []Message{v.frameMessage()}
}

// startCount answers the count command: the total at once when it is
// known, else later, from countSlice.
func (v *viewer) startCount() []Message {
	if v.total >= 0 {
		return []Message{v.totalMessage()}
	}
	if v.counter == nil {
		v.counter = view.NewCounter(v.prep)
	}
	return nil
}

// countSlice counts one slice of steps and, once the count is done,
// returns the total message.
func (v *viewer) countSlice(ctx context.Context, slice int) []Message {
	if v.counter == nil {
		return nil
	}
	n, done, err := v.counter.Work(ctx, slice)
	if err == nil && !done {
		return nil
	}
	v.counter.Close()
	v.counter = nil
	if err != nil {
		if errors.Is(err, view.ErrStopped) {
			return nil
		}
		return []Message{errMsg("count", err)}
	}
	if v.total >= 0 {
		return nil // reached the end meanwhile: already told
	}
	v.total = n
	return []Message{v.totalMessage()}
}

// totalMessage tells the page the number of steps, with the step
// counter at the steps the page may show: the one the session last sent
// it and, when there is one, the step made ahead, whose ready message was
// made before the total was known.
func (v *viewer) totalMessage() Message {
	t, step := v.total, v.cur.Step()
	counter := func(s int) view.StepCounter {
		return view.StepCounter{Step: s, Text: view.CounterText(s, t, v.loc.Phrase)}
	}
	m := Message{Type: "total", Total: &t}
	if v.ready != nil {
		m.Counters = append(m.Counters, counter(v.ready.from))
	}
	m.Counters = append(m.Counters, counter(step))
	return m
}

func (v *viewer) totalPtr() *int {
	if v.total < 0 {
		return nil
	}
	t := v.total
	return &t
}

// panels are the panels around the tree at the cursor's step.
func (v *viewer) panels() *view.Panels {
	f := v.cur.Frame()
	if f.Done && v.baseline == -2 {
		v.baseline = -1
		if leaves, ok := v.scene.BaselineLeaves(v.prep); ok {
			v.baseline = leaves
		}
	}
	p := view.PanelsOf(f, v.baseline)
	p.Follow = view.FollowOf(v.scene, f, v.loc.Phrase)
	p.Counter = view.CounterText(f.Step, v.total, v.loc.Phrase)
	if f.Step > 0 {
		p.Narration = view.NarrationWith(p.Narration, infoSetPanel(v.prep, f, v.scene.Namer(v.loc.Phrase)), v.loc.Phrase, v.sayWidth)
	}
	return p
}

// realHTML renders the panels of the searches on real games at the
// cursor's step (the table at the viewer's tablePage), or returns nil
// when they are what the page shows already (on a whole frame: when the
// page has none to show or clear).
func (v *viewer) realHTML(whole bool) *string {
	r := view.RealGamesIn(v.cur.Frame(), v.scene, v.loc.Phrase, v.tablePage-1)
	if r == nil && v.shown.real == "" {
		return nil
	}
	s := ""
	if r != nil {
		b, err := renderHTML(i18n.NewContext(context.Background(), v.loc), templates.RealGamesPanel(r))
		if err == nil {
			s = string(b)
		}
	}
	print := htmlPrint(s)
	if print == v.shown.real && !whole {
		return nil
	}
	v.shown.real = print
	return &s
}

// htmlPrint tells apart the HTML of two panels: the same print, the same
// HTML; "" for none.
func htmlPrint(s string) string {
	if s == "" {
		return ""
	}
	h := fnv.New64a()
	h.Write([]byte(s))
	return strconv.FormatUint(h.Sum64(), 36) + "/" + strconv.Itoa(len(s))
}

// setTablePage answers the ttpage command: the table panel lists page n
// of its entries, counted from the oldest (0: the ten stored first; see
// view.MaxTableRows), which keeps its entries as newer ones are stored;
// a page below 0 follows the newest entries (view.NewestPage). The answer
// carries the panels when they changed; while a move is under way, its
// answer will.
func (v *viewer) setTablePage(n int) []Message {
	v.tablePage = max(n, view.NewestPage) + 1
	v.canon = false // the panels now depend on more than the steps
	if v.busy() {
		return nil
	}
	if r := v.realHTML(false); r != nil {
		return []Message{{Type: "real", Real: r}}
	}
	return nil
}

// evalHTML renders the evaluation panel at the cursor's step (view.EvalPanelOf),
// in the card game the panel of the information set (view.InfoSetPanelOf),
// "" when there is none: on a whole frame always, on a patch only when it
// changed since the page got it (nil otherwise).
func (v *viewer) evalHTML(whole bool) *string {
	f := v.cur.Frame()
	key, infoSet := view.EvalKey(f), false
	if key == "" {
		// The card game has no evaluation: its box shows what MAX knows.
		key = view.InfoSetKey(v.prep, f)
		infoSet = key != ""
	}
	if !whole && key == v.shown.eval {
		return nil
	}
	v.shown.eval = key
	s := ""
	if key != "" {
		named := v.scene.Namer(v.loc.Phrase)
		box := templates.EvalPanelBox(view.EvalPanelOf(f, named, v.loc.Phrase))
		if infoSet {
			box = templates.InfoSetBox(infoSetPanel(v.prep, f, named))
		}
		b, err := renderHTML(i18n.NewContext(context.Background(), v.loc), box)
		if err == nil {
			s = string(b)
		}
	}
	return &s
}

// patchMessage is the patch from the viewer's frame at step from to the
// cursor's, with the drawing's changes.
func (v *viewer) patchMessage(from int) Message {
	return v.patchMessageWith(from, v.paint.Patch)
}

// patchMessageWith is patchMessage with the drawing's changes made by
// draw, from the drawn nodes touched and the folds changed since the last
// patch.
func (v *viewer) patchMessageWith(from int, draw func(touched []string, folds map[string]view.FoldCount) *view.DrawingPatch) Message {
	f := v.cur.Frame()
	p := &trace.Patch{From: from, Step: f.Step, Current: f.Current, Stack: append([]string{}, f.Stack...),
		Line: f.Line, Type: f.Type, Narration: f.Narration, Stats: f.Stats.Clone(), Done: f.Done, Result: f.Result.Clone()}
	touched := v.cur.Touched()
	for _, id := range touched {
		nv := f.Nodes[id]
		if nv == nil {
			// Back to unvisited: a new pass or a re-search.
			p.Gone = append(p.Gone, id)
			continue
		}
		if p.Nodes == nil {
			p.Nodes = map[string]*trace.NodeView{}
		}
		p.Nodes[id] = nv.Clone()
	}
	slices.Sort(p.Gone)
	folds := v.cur.FoldsChanged()
	d := draw(touched, folds)
	m := Message{Type: "patch", Patch: p, Total: v.totalPtr(), End: v.cur.AtEnd(),
		Draw: d, Outline: view.OutlineOf(d, v.loc.Phrase), Panels: v.panels(), FocusPatch: v.focusPatch(), Real: v.realHTML(false), Eval: v.evalHTML(false),
		Set: v.setHTML(false)}
	m.MCTS, m.MCTSEdit = v.mctsPanel(false)
	return m
}

// setHTML is the markup of the information set's mark in the whole tree
// at the cursor's step (view.OverviewSet), for the card game: on a whole
// frame always, on a patch only when it changed (nil otherwise, and for
// other sources).
func (v *viewer) setHTML(whole bool) *string {
	if v.prep.Deal == nil {
		return nil
	}
	f := v.cur.Frame()
	s := templates.SetMarkHTML(v.focusContext(), view.OverviewSet(v.prep, v.scene, f, v.cur.Folds()).Set)
	if !whole && s == v.shown.set {
		return nil
	}
	v.shown.set = s
	return &s
}

// frameMessage is the whole frame at the cursor's step, with the whole
// drawing.
func (v *viewer) frameMessage() Message {
	v.cur.Touched()
	v.cur.ClearChanged()
	d := v.paint.Whole()
	m := Message{Type: "frame", Frame: v.visible(), Total: v.totalPtr(), End: v.cur.AtEnd(),
		Draw: d, Outline: view.OutlineOf(d, v.loc.Phrase), Panels: v.panels(), Real: v.realHTML(true), Eval: v.evalHTML(true), Set: v.setHTML(true)}
	m.MCTS, _ = v.mctsPanel(true)
	if v.focusD != nil {
		// The page shows the focus at its step: what changed, as a step.
		m.FocusPatch = v.focusPatch()
	} else {
		m.Focus = v.focusWhole()
	}
	return m
}

// mctsPanel is the Monte-Carlo panel's body at the cursor's step for a
// message: whole on a frame (whole) or where an edit of what the page
// shows is no shorter, else that edit; neither when nothing changed or
// the search is not a Monte-Carlo one.
func (v *viewer) mctsPanel(whole bool) (string, htmlEdit) {
	s, old := v.mctsHTML(), v.shown.mcts
	v.shown.mcts = s
	switch {
	case whole:
		return s, nil
	case s == old:
		return "", nil
	}
	if e := htmlEditOf(old, s); e != nil {
		return "", e
	}
	return s, nil
}

// mctsHTML is the Monte-Carlo panel's body at the cursor's step, rendered
// in the viewer's language; "" for other searches.
func (v *viewer) mctsHTML() string {
	if v.prep.Algorithm != search.AlgoMCTS {
		return ""
	}
	var b strings.Builder
	ctx := i18n.NewContext(context.Background(), v.loc)
	if err := templates.MCTSPanelBody(view.MCTSPanelOf(v.cur.Frame(), mctsC(v.prep), v.scene.Namer(v.loc.Phrase))).Render(ctx, &b); err != nil {
		return ""
	}
	return b.String()
}

// resizePane takes the page's pane as it is now: the focus is fitted to
// it afresh, at the scale decided for it (view.SteadyFocusScale), and
// sent whole when the page shows one and no move is under way (a move's
// answer then brings what changed in it).
func (v *viewer) resizePane(p *Pane) []Message {
	if p.W == v.focusWidth && p.H == v.focusHeight && p.Say == v.sayWidth {
		return nil
	}
	v.focusWidth, v.focusHeight, v.sayWidth = p.W, p.H, p.Say
	v.focusPx = 0
	if !v.focus || v.busy() {
		return nil
	}
	return []Message{{Type: "focus", Focus: v.focusWhole()}}
}

// focusWhole is the focus of the tree at the cursor's step, rendered in
// the viewer's language, for a whole frame; nil when the page shows none.
func (v *viewer) focusWhole() *string {
	if !v.focus {
		return nil
	}
	v.focusD = v.focusNow()
	s := templates.FocusHTML(v.focusContext(), v.focusView(), v.focusD)
	return &s
}

// focusNow is the focus of the tree at the cursor's step, fitted to the
// page's pane.
func (v *viewer) focusNow() *view.Drawing {
	f := v.cur.Frame()
	if v.focusPx == 0 {
		v.focusPx = view.SteadyFocusScale(v.prep, v.scene, v.focusWidth, v.focusHeight, string(v.loc.Lang()), v.loc.Phrase)
	}
	d := view.FocusIn(v.prep, v.scene, f, v.cur.Folds(), v.focusWidth)
	view.FocusFitAt(d, v.scene, f, v.focusWidth, v.focusHeight, v.focusPx, v.loc.Phrase)
	return d
}

// focusPatch is what changed in the focus since the last message, with
// the markup of the nodes it adds or redraws; nil when nothing did or the
// page shows no focus.
func (v *viewer) focusPatch() *FocusPatch {
	if !v.focus {
		return nil
	}
	d := v.focusNow()
	p := view.DiffFocus(v.focusD, d)
	v.focusD = d
	if p.Empty() {
		return nil
	}
	return v.focusPatchOf(p, d)
}

// focusPatchOf is focus patch p to drawing d as the page takes it: the
// folds worded in its language, the markup of the nodes it draws.
func (v *viewer) focusPatchOf(p *view.FocusPatch, d *view.Drawing) *FocusPatch {
	ctx := v.focusContext()
	for i := range p.Nodes {
		if f := p.Nodes[i].Fold; f != nil {
			w := *f
			w.Seen, w.Of, w.Title = templates.FoldText(ctx, w.FoldCount)
			p.Nodes[i].Fold = &w
		}
	}
	out := &FocusPatch{FocusPatch: p, Markup: templates.FocusNodesHTML(ctx, v.focusView(), d, p.Drawn)}
	if p.Set {
		s := templates.SetMarkHTML(ctx, d.Set)
		out.Set = &s
	}
	return out
}

// focusView is what the focus's markup reads of the page: its scenario,
// step and open folds.
func (v *viewer) focusView() *templates.View {
	q, _ := url.ParseQuery(v.query)
	q.Del("step")
	return &templates.View{Source: v.prep.Scenario.Source(), Query: q.Encode(), Step: v.cur.Step(), Open: v.scene.Open,
		Names: v.scene.Namer(v.loc.Phrase)}
}

func (v *viewer) focusContext() context.Context {
	return i18n.NewContext(context.Background(), v.loc)
}

// mctsC is the exploration constant of a Monte-Carlo scenario.
func mctsC(p *scenario.Search) float64 {
	if p.Scenario.C != 0 {
		return p.Scenario.C
	}
	return search.DefaultC
}

// visible copies the cursor's frame for the viewer, leaving out the nodes
// below folds that are still on the open path: the fold counts stand for
// them.
func (v *viewer) visible() *trace.Frame {
	f := v.cur.Frame()
	if !v.scene.HasFolds() {
		return f.Clone()
	}
	g := *f
	g.Nodes = make(map[string]*trace.NodeView, len(f.Nodes))
	for id, nv := range f.Nodes {
		if !v.scene.Hidden(id) {
			g.Nodes[id] = nv
		}
	}
	return g.Clone()
}
