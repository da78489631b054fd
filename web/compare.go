package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/templates"
	"github.com/abtrace/abtrace/trace"
	"github.com/abtrace/abtrace/view"
)

// Limits of a comparison. The panes' own limits (view.MaxPaneEvents,
// view.ChartSamples) are in package view.
const (
	// minPanes and maxPanes bound the number of panes side by side.
	minPanes, maxPanes = 2, 4
	// labMaxSeeds is the most trees the lab page takes (see
	// scenario.MaxLabTrees).
	labMaxSeeds = scenario.MaxLabTrees
)

// compareRequest is a decoded /compare query.
type compareRequest struct {
	base  scenario.Scenario
	kind  string // "orders", "algos" or "panes" (scenario variants)
	names []string
	// variants are the panes' options when kind is "panes".
	variants []scenario.Variant
	by       view.By
	step     int
	end      bool
	lang     string // lang= as given, kept in the permalinks
}

// paramError is a bad parameter of a comparison or lab request.
type paramError struct {
	Param string
	Err   error
	// Say is the error as a phrase of the pages' catalog, for errorText
	// to word in the page's language; empty where the error is only Err.
	Say trace.Phrase
}

func (e *paramError) Error() string { return e.Param + ": " + e.Err.Error() }
func (e *paramError) Unwrap() error { return e.Err }

// badParam is the error of query parameter param, worded from the pages'
// message id with the arguments kv (name, value, …).
func badParam(param, id string, kv ...any) error {
	p := trace.Phrase{ID: id, Args: map[string]any{}}
	words := make([]any, 0, len(kv))
	for i := 0; i+1 < len(kv); i += 2 {
		p.Args[kv[i].(string)] = fmt.Sprint(kv[i+1])
		words = append(words, kv[i], p.Args[kv[i].(string)])
	}
	return &paramError{Param: param, Err: errors.New(i18n.For(i18n.English).T(id, words...)), Say: p}
}

// parseCompare decodes /compare's query: the scenario, orders=, algos=
// or panes= (two to four, comma-separated; natural,best,worst when none
// is given; panes= lists scenario variants such as plain,quiescence, see
// scenario.Variant), by= (event or node; node by default) and step= (a number or
// "end").
func parseCompare(q url.Values) (compareRequest, error) {
	r := compareRequest{kind: "orders", lang: strings.TrimSpace(q.Get("lang"))}
	var err error
	if r.base, err = scenario.FromQuery(q); err != nil {
		return r, err
	}
	orders, algos, panes := strings.TrimSpace(q.Get("orders")), strings.TrimSpace(q.Get("algos")), strings.TrimSpace(q.Get("panes"))
	switch {
	case orders != "" && algos != "":
		return r, badParam("algos", "param.err.orders-and-algos")
	case panes != "" && (orders != "" || algos != ""):
		return r, badParam("panes", "param.err.panes-and", "Other", map[bool]string{true: "orders", false: "algos"}[orders != ""])
	case panes != "":
		// The panes differ by their options; the base's own selective
		// options would only be overridden, so the permalink leaves
		// them out.
		r.kind = "panes"
		r.base.Quiescence, r.base.Extend, r.base.Forward = false, "", ""
		for _, spec := range splitList(panes) {
			v, err := scenario.ParseVariant(spec)
			if err != nil {
				return r, &paramError{Param: "panes", Err: err}
			}
			r.names = append(r.names, v.Name)
			r.variants = append(r.variants, v)
		}
	case algos != "":
		r.kind = "algos"
		for _, a := range splitList(algos) {
			al, err := search.ParseAlgorithm(a)
			if err != nil {
				return r, &paramError{Param: "algos", Err: err}
			}
			r.names = append(r.names, al.String())
		}
	default:
		if orders == "" {
			orders = "natural,best,worst"
		}
		for _, o := range splitList(orders) {
			or, err := search.ParseOrdering(o)
			if err != nil {
				return r, &paramError{Param: "orders", Err: err}
			}
			r.names = append(r.names, or.String())
		}
	}
	if n := len(r.names); n < minPanes || n > maxPanes {
		return r, badParam(r.kind, "param.err.pane-count", "Min", minPanes, "Max", maxPanes, "Got", n)
	}
	seen := map[string]bool{}
	for _, n := range r.names {
		if seen[n] {
			return r, badParam(r.kind, "param.err.twice", "Name", n)
		}
		seen[n] = true
	}
	if r.by, err = view.ParseBy(strings.TrimSpace(q.Get("by"))); err != nil {
		return r, badParam("by", "param.err.by-compare", "Got", strconv.Quote(q.Get("by")))
	}
	if r.step, r.end, err = parseStep(q.Get("step")); err != nil {
		return r, err
	}
	return r, nil
}

func splitList(s string) []string {
	var out []string
	for _, x := range strings.Split(s, ",") {
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}

// query is the comparison's permalink query, without step.
func (r compareRequest) query() url.Values {
	q := r.base.Query()
	q.Set(r.kind, strings.Join(r.names, ","))
	q.Set("by", string(r.by))
	if r.lang != "" {
		q.Set("lang", r.lang)
	}
	return q
}

// comparison is one comparison's searches, side by side: the panes (one
// view.Cursor each, sharing one scene) and what the page says around them.
type comparison struct {
	req   compareRequest
	p0    *scenario.Search
	scene *view.Scene
	// other is the scene drawn the other way (down or sideways), made
	// when the server chooses the orientation for the page's pane.
	other  func() (*view.Scene, error)
	panes  *view.Panes
	script string // address of compare.js
	export string // address of export.js
	// minimax is the leaves of the search without pruning (plain minimax
	// for alpha-beta, expectiminimax for Star1), -1 when not known;
	// knuthMoore and uniform are set on uniform trees.
	minimax, knuthMoore int
	uniform             string
	// mcts is the chart of MCTS against alpha-beta when a pane searches
	// with MCTS, nil otherwise.
	mcts *view.CurveChart
	// pane is the size of the page's pane as the page reported it (nil
	// before it did): the panes' windows are chosen for it.
	pane *Pane
}

// openComparison prepares every pane's search under the server's budget
// (ctx ends them), and the scene they share. Nothing runs yet: the panes
// count and chart their searches in Work's first slices.
func openComparison(ctx context.Context, r compareRequest) (*comparison, error) {
	r.base = budgeted(ctx, r.base)
	var preps []*scenario.Search
	for i, name := range r.names {
		sc, param := r.base, r.kind
		switch r.kind {
		case "algos":
			sc.Algo = name
			sc = mctsParamsFor(sc)
		case "panes":
			sc = r.variants[i].Apply(sc)
		default:
			sc.Order = name
		}
		p, err := sc.Prepare()
		if err != nil {
			if scenario.IsUsage(err) && !baseFault(r.base, sc, err) {
				return nil, &paramError{Param: param + " (" + name + ")", Err: err}
			}
			return nil, err
		}
		preps = append(preps, p)
	}
	p0 := preps[0]
	// The tree is drawn from the pane that searches the most of it: past
	// the depth limit, quiescence search visits captures that the other
	// panes leave out (they stay unvisited there).
	shaper := p0
	for _, p := range preps {
		if p.Scenario.Quiescence {
			shaper = p
			break
		}
		if d := p.Scenario.Depth; d > shaper.Scenario.Depth && shaper.Scenario.Depth > 0 {
			shaper = p // panes of several depths: the deepest draws the tree
		}
	}
	shape, err := view.CompareShape(shaper)
	if err != nil {
		return nil, &paramError{Param: r.sourceParam(), Err: err}
	}
	across := r.base.Layout == scenario.LayoutAcross
	scene, err := view.CompareScene(ctx, shaper, shape, across, len(r.names))
	if err != nil {
		return nil, err
	}
	c := &comparison{req: r, p0: p0, scene: scene, panes: view.NewPanes(preps, r.names, scene, r.by),
		minimax: -1, other: func() (*view.Scene, error) { return view.CompareScene(ctx, shaper, shape, !across, len(r.names)) }}
	if res, err := p0.RunAlgorithm(p0.Baseline(), nil); err == nil {
		c.minimax = res.Stats.Leaves
	}
	if p0.Tree != nil {
		if b, d, ok := p0.Tree.Uniform(); ok && d > 0 {
			c.knuthMoore = scenario.KnuthMoore(b, d)
			c.uniform = fmt.Sprintf("b = %d, d = %d", b, d)
		}
	}
	if c.mcts, err = mctsCurve(ctx, preps); err != nil {
		c.panes.Close()
		return nil, err
	}
	return c, nil
}

// baseFault reports whether err, met preparing the pane sc of a
// comparison whose scenario is base, is about a parameter the pane keeps
// as the base has it (algo= on a comparison of orderings): the error is
// the parameter's, not the pane's.
func baseFault(base, sc scenario.Scenario, err error) bool {
	var ue *scenario.UsageError
	if !errors.As(err, &ue) || ue.Param == "" {
		return false
	}
	return base.Query().Get(ue.Param) == sc.Query().Get(ue.Param)
}

// openAtStep opens the comparison r asks for with its panes at r's step,
// worked out at once (for the page, its API and its exports). The caller
// closes the panes; on an error they are closed already.
func openAtStep(ctx context.Context, r compareRequest) (*comparison, error) {
	cmp, err := openComparison(ctx, r)
	if err != nil {
		return nil, err
	}
	// The panes name their nodes (an example tree's words) and narrate in
	// the language of ctx.
	cmp.panes.SetWords(i18n.FromContext(ctx).Phrase)
	cmp.seekTo(r.step, r.end)
	if err := cmp.workAll(ctx); err != nil {
		cmp.panes.Close()
		return nil, err
	}
	return cmp, nil
}

// workAll moves the panes to their goal, at once (for the page).
func (c *comparison) workAll(ctx context.Context) error {
	for {
		done, err := c.panes.Work(ctx, 0)
		if err != nil {
			return comparisonError(err, c.req)
		}
		if done {
			return nil
		}
	}
}

// comparisonError names a pane too long to compare as the fault of the
// request's source.
func comparisonError(err error, r compareRequest) error {
	if errors.Is(err, view.ErrPaneTooLong) {
		return &paramError{Param: r.sourceParam(), Err: err}
	}
	return err
}

// sourceParam is the parameter that holds the comparison's source, named
// when the tree it gives is too large to compare: gdlz for a game written
// in GDL (its permalink's parameter; the form's gdl= is sent on as gdlz),
// random for a random tree, else tree.
func (r compareRequest) sourceParam() string {
	switch r.base.Source() {
	case "gdl":
		return "gdlz"
	case "random":
		return "random"
	}
	return "tree"
}

// model is the page's model at the panes' step, in the language of ctx.
func (c *comparison) model(ctx context.Context) *templates.Compare {
	r := c.req
	shown := make([]string, len(r.names))
	for i, n := range r.names {
		if r.kind == "algos" {
			shown[i] = templates.AlgoName(ctx, n)
		} else {
			shown[i] = templates.OrderName(ctx, n)
		}
	}
	names := strings.Join(shown, " · ")
	title := templates.T(ctx, "compare.title.orders", "Algo", templates.AlgoName(ctx, c.p0.Algorithm.String()), "Names", names)
	switch r.kind {
	case "algos":
		title = templates.T(ctx, "compare.title.algos", "Names", names, "Order", templates.OrderName(ctx, c.p0.Ordering.String()))
	case "panes":
		titles := make([]string, len(r.names))
		for i, n := range r.names {
			titles[i] = templates.VariantTitle(ctx, n)
		}
		title = templates.T(ctx, "compare.title.panes", "Algo", templates.AlgoName(ctx, c.p0.Algorithm.String()), "Depth", strconv.Itoa(r.base.Depth), "Names", strings.Join(titles, " · "))
	}
	in := templates.CompareInput{Panes: c.panes, Scene: c.scene, Title: title, SourceText: sourceTextIn(i18n.FromContext(ctx), c.p0),
		Query: r.query().Encode(), Kind: r.kind, MinimaxLeaves: c.minimax, KnuthMoore: c.knuthMoore, Uniform: c.uniform,
		Script: c.script, Setup: compareSetup(r.base.Query())}
	in.Setup.By = string(r.by)
	switch r.kind {
	case "orders":
		in.Setup.Orders = strings.Join(r.names, ",")
	case "algos":
		in.Setup.Algos = strings.Join(r.names, ",")
	default:
		in.Setup.Panes = strings.Join(r.names, ",")
	}
	for _, p := range c.panes.Panes() {
		f := p.Frame()
		v := &templates.View{Source: c.scene.Source, Frame: f, Layout: c.scene.Layout, Folds: p.Folds(), Names: c.scene.Namer(i18n.FromContext(ctx).Phrase),
			Query: c.p0.Scenario.Query().Encode(), Step: f.Step, MinimaxLeaves: c.minimax, SourceText: in.SourceText}
		v.Title = p.Search().Algorithm.String() + ", " + p.Name
		w, h := c.paneSize()
		v.Zoom = view.ZoomOf(c.scene, f, w, h, i18n.FromContext(ctx).Phrase)
		v.Exports = templates.NewExports(strings.TrimPrefix(templates.CompareURL(in.Query, strconv.Itoa(c.panes.Step())), "/compare?"), p.Name, c.export)
		in.Views = append(in.Views, v)
	}
	m := templates.NewCompare(ctx, in)
	m.MCTS = c.mcts
	return m
}

// paneSize is the size of each pane's tree in CSS pixels: as the page
// reported it (Pane, at least MinPaneWidth wide), else a pane of a row at
// 1280×720.
func (c *comparison) paneSize() (w, h float64) {
	if c.pane != nil {
		return max(c.pane.W, MinPaneWidth), c.pane.H
	}
	return view.ComparePane(len(c.req.names))
}

// MinPaneWidth is the least width of a comparison's pane the windows of
// its trees are chosen for, in CSS pixels: a page reporting less (a pane
// not laid out yet) gets a phone's.
const MinPaneWidth = 300

// seekTo sets the panes' goal at the request's step.
func (c *comparison) seekTo(step int, end bool) {
	if end {
		step = view.End
	}
	c.panes.Seek(step)
}

// compare renders the comparison page at the requested step; the page
// then steps over the websocket (compareSession).
func (s *Server) compare(c echo.Context) error {
	q := c.QueryParams()
	// "change": the form with the comparison filled in.
	setup := q.Get("setup") == "1"
	if formOnly(q) {
		// Nothing asked yet (a typed or bookmarked address): the form,
		// filled in with the textbook tree in the three orders.
		q, setup = url.Values{"tree": {tree.TwoPlyGameTree}, "orders": {"natural,best,worst"}, "lang": q["lang"]}, true
	}
	if setup {
		return s.render(c, http.StatusOK, templates.CompareSetupPage(compareSetup(q), s.assets))
	}
	r, err := parseCompare(q)
	if err != nil {
		return s.compareError(c, q, err)
	}
	// The panes and the model's texts are worded in the page's language.
	words := i18n.NewContext(c.Request().Context(), i18n.For(langOf(c)))
	cmp, err := openAtStep(words, r)
	if err != nil {
		return s.compareError(c, q, err)
	}
	defer cmp.panes.Close()
	cmp.script, cmp.export = s.assetURL("compare.js"), s.assetURL("export.js")
	m := cmp.model(words)
	s.compareRoomButton(m, r, langOf(c))
	return s.render(c, http.StatusOK, templates.ComparePage(m, s.assets))
}

// comparePaneState is one pane in /api/compare's answer.
type comparePaneState struct {
	Pane    string `json:"pane"`
	Step    int    `json:"step"` // the pane's own event count
	Length  int    `json:"length"`
	Nodes   int    `json:"nodes"`
	Leaves  int    `json:"leaves"`
	Cutoffs int    `json:"cutoffs"`
	Done    bool   `json:"done"`
	Value   string `json:"value,omitempty"` // once done
	Best    string `json:"best,omitempty"`
}

// compareState is /api/compare's answer: every pane's counters at a
// shared step.
type compareState struct {
	OK        bool               `json:"ok"`
	Step      int                `json:"step"`
	Total     int                `json:"total"`
	By        view.By            `json:"by"`
	Done      bool               `json:"done"`
	SameValue bool               `json:"sameValue"`
	Minimax   int                `json:"minimaxLeaves"`
	Panes     []comparePaneState `json:"panes"`
}

// compareAPI answers the state of every pane at a step, as JSON.
func (s *Server) compareAPI(c echo.Context) error {
	r, err := parseCompare(c.QueryParams())
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, errorText(langOf(c), err))
	}
	ctx := c.Request().Context()
	cmp, err := openAtStep(ctx, r)
	if err != nil {
		var pe *paramError
		if errors.As(err, &pe) || scenario.IsUsage(err) {
			return echo.NewHTTPError(http.StatusBadRequest, errorText(langOf(c), err))
		}
		return err
	}
	defer cmp.panes.Close()
	m := cmp.model(i18n.NewContext(ctx, i18n.For(langOf(c))))
	st := compareState{OK: true, Step: m.Now.Step, Total: m.Now.Total, By: r.by, Done: m.Now.Done, SameValue: m.Summary.SameValue, Minimax: cmp.minimax}
	for _, p := range cmp.panes.Panes() {
		f := p.Frame()
		ps := comparePaneState{Pane: p.Name, Step: f.Step, Length: p.Length, Nodes: f.Stats.Nodes, Leaves: f.Stats.Leaves,
			Cutoffs: f.Stats.Cutoffs, Done: f.Done}
		if f.Done && f.Result != nil {
			ps.Value, ps.Best = f.Result.Value.String(), f.Result.Best
		}
		st.Panes = append(st.Panes, ps)
	}
	return c.JSON(http.StatusOK, st)
}

// compareError answers 400 with the setup form, the error naming the
// parameter, and the fields as typed. Errors that are not the request's
// fault pass on to the error handler.
func (s *Server) compareError(c echo.Context, q url.Values, err error) error {
	var pe *paramError
	if !errors.As(err, &pe) && !scenario.IsUsage(err) {
		return err
	}
	setup := compareSetup(q)
	setup.Error = errorText(langOf(c), err)
	return s.render(c, http.StatusBadRequest, templates.CompareSetupPage(setup, s.assets))
}

// compareSetup fills the comparison form from a query, as typed: the
// form's fields, and every other option of the scenario as a hidden
// field, so that nothing of the comparison is lost on "change".
func compareSetup(q url.Values) templates.CompareSetup {
	s := templates.CompareSetup{Tree: q.Get("tree"), Random: q.Get("random"), Seed: q.Get("seed"), Game: q.Get("game"),
		Position: q.Get("position"), Depth: q.Get("depth"), Orders: q.Get("orders"), Algos: q.Get("algos"), Panes: q.Get("panes"), By: q.Get("by"),
		Order: q.Get("order"), Algo: q.Get("algo"), Root: q.Get("root"), Prune: q.Get("prune"), Fail: q.Get("fail"), Eval: q.Get("eval"), TT: q.Get("tt")}
	for _, name := range scenario.Names {
		if v := q.Get(name); v != "" && !slices.Contains(templates.CompareSetupFields, name) {
			s.Hidden = append(s.Hidden, templates.Field{Name: name, Value: v})
		}
	}
	return s
}

// assetURL is the versioned address of an embedded file.
func (s *Server) assetURL(name string) string {
	if f, ok := s.files[name]; ok {
		return "/static/" + name + "?v=" + f.ver
	}
	return "/static/" + name
}

// lab runs the ordering lab: every ordering over many trees.
func (s *Server) lab(c echo.Context) error {
	q := c.QueryParams()
	setup := templates.LabSetup{Tree: q.Get("tree"), Random: q.Get("random"), Seed: q.Get("seed"), Seeds: q.Get("seeds"),
		Game: q.Get("game"), Position: q.Get("position"), Depth: q.Get("depth")}
	fail := func(err error) error {
		setup.Error = errorText(langOf(c), err)
		return s.render(c, http.StatusBadRequest, templates.LabPage(&templates.Lab{Setup: setup}, s.assets))
	}
	if formOnly(q) {
		// The form alone, with the lecture's example filled in.
		setup.Random, setup.Seeds = "3,6", "1000"
		return s.render(c, http.StatusOK, templates.LabPage(&templates.Lab{Setup: setup}, s.assets))
	}
	sc, err := scenario.FromQuery(q)
	if err != nil {
		return fail(err)
	}
	trees := scenario.DefaultLabTrees
	if x := strings.TrimSpace(q.Get("seeds")); x != "" {
		n, err := strconv.Atoi(x)
		if err != nil || n < 1 || n > labMaxSeeds {
			return fail(&paramError{Param: "seeds", Err: errors.New(i18n.For(langOf(c)).T("lab.err.seeds", "Max", labMaxSeeds, "Got", strconv.Quote(x)))})
		}
		trees = n
	}
	t0 := time.Now()
	res, err := scenario.Lab(budgeted(c.Request().Context(), sc), trees)
	if err != nil {
		if scenario.IsUsage(err) {
			return fail(err)
		}
		return err
	}
	elapsed := time.Since(t0)
	l := &templates.Lab{Trees: trees, Random: res.Random, Full: res.Full, KnuthMoore: res.KnuthMoore,
		MinimaxMean: res.MinimaxMean, MinimaxMin: res.MinimaxMin, MinimaxMax: res.MinimaxMax,
		Elapsed: elapsed.Round(10 * time.Millisecond).String(), Setup: setup}
	loc := i18n.For(langOf(c))
	if p, err := res.Scenario.Prepare(); err == nil {
		l.SourceText = sourceTextIn(loc, p)
		if res.Random {
			l.SourceText = loc.T("lab.random-trees", "Recipe", sc.Random)
		}
	}
	last := res.FirstSeed + uint64(trees) - 1
	l.Seeds = loc.T("lab.seeds", "First", res.FirstSeed, "Last", last)
	if !res.Random {
		l.Seeds = loc.T("lab.seeds.one-tree", "First", res.FirstSeed, "Last", last)
	}
	if res.Uniform {
		l.Uniform = fmt.Sprintf("b = %d, d = %d", res.Branching, res.Depth)
	}
	for _, row := range res.Rows {
		l.Rows = append(l.Rows, templates.LabRow{Name: row.Ordering.String(), Mean: row.Mean, StdDev: row.StdDev, Min: row.Min,
			Max: row.Max, Percent: row.PercentOfMinimax, MeanNodes: row.MeanNodes, MeanCuts: row.MeanCuts,
			Mismatches: row.ValueMismatches, Fixed: row.DeterministicPerTree})
	}
	cq := res.Scenario.Query()
	cq.Del("algo")
	cq.Set("orders", "natural,best,worst")
	cq.Set("step", "0")
	cq.Set("lang", string(loc.Lang()))
	l.CompareURL = "/compare?" + cq.Encode()
	return s.render(c, http.StatusOK, templates.LabPage(l, s.assets))
}
