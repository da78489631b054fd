package web

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/templates"
	"github.com/abtrace/abtrace/trace"
	"github.com/abtrace/abtrace/view"
)

// Limits of a comparison, which the server runs in full for every page.
const (
	// minPanes and maxPanes bound the number of panes side by side.
	minPanes, maxPanes = 2, 4
	// compareEventLimit bounds the events of one pane's search: the page
	// replays every pane to its end (for the chart), so bigger searches
	// belong to the viewer or the ordering lab.
	compareEventLimit = 200_000
	// compareMaxDrawn bounds the nodes drawn in each pane; deeper levels
	// fold, as in the viewer.
	compareMaxDrawn = 300
	// compareMaxBoards is the same for tic-tac-toe, whose boards need
	// more room than a pane has for hundreds.
	compareMaxBoards = 60
	// chartSamples bounds the points of each line of the chart.
	chartSamples = 400
	// labMaxSeeds is the most trees the lab page takes (see
	// scenario.MaxLabTrees).
	labMaxSeeds = scenario.MaxLabTrees
)

// compareRequest is a decoded /compare query.
type compareRequest struct {
	base  scenario.Scenario
	kind  string // "orders" or "algos"
	names []string
	by    string // "event" or "node"
	step  int
	end   bool
}

// paramError is a bad parameter of a comparison or lab request.
type paramError struct {
	Param string
	Err   error
}

func (e *paramError) Error() string { return e.Param + ": " + e.Err.Error() }
func (e *paramError) Unwrap() error { return e.Err }

func badParam(param, format string, args ...any) error {
	return &paramError{Param: param, Err: fmt.Errorf(format, args...)}
}

// parseCompare decodes /compare's query: the scenario, orders= or algos=
// (two to four, comma-separated; natural,best,worst when neither is
// given), by= (event or node; node by default) and step= (a number or
// "end").
func parseCompare(q url.Values) (compareRequest, error) {
	r := compareRequest{kind: "orders", by: "node"}
	var err error
	if r.base, err = scenario.FromQuery(q); err != nil {
		return r, err
	}
	orders, algos := strings.TrimSpace(q.Get("orders")), strings.TrimSpace(q.Get("algos"))
	switch {
	case orders != "" && algos != "":
		return r, badParam("algos", "give orders= or algos=, not both")
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
		return r, badParam(r.kind, "compare %d to %d panes, not %d", minPanes, maxPanes, n)
	}
	seen := map[string]bool{}
	for _, n := range r.names {
		if seen[n] {
			return r, badParam(r.kind, "%s is given twice", n)
		}
		seen[n] = true
	}
	switch by := strings.TrimSpace(q.Get("by")); by {
	case "":
	case "event", "node":
		r.by = by
	default:
		return r, badParam("by", "step by event or node, not %q", by)
	}
	if r.step, r.end, err = parseStep(q.Get("step")); err != nil {
		return r, badParam("step", "%v", err)
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
	q.Set("by", r.by)
	return q
}

// paneRun is one pane's whole search, replayed: its events and the
// statistics after each.
type paneRun struct {
	name   string
	p      *scenario.Search
	events []trace.Event
	result trace.Result
	// enters holds the step (1-based event number) of every enter event.
	enters []int
	// leaves[k] is the leaves evaluated after k events.
	leaves []int
}

// runPane prepares and runs one pane's search in full.
func runPane(r compareRequest, name string) (*paneRun, error) {
	sc := r.base
	param := "orders"
	if r.kind == "algos" {
		sc.Algo, param = name, "algos"
		sc = mctsParamsFor(sc)
	} else {
		sc.Order = name
	}
	p, err := sc.Prepare()
	if err != nil {
		if scenario.IsUsage(err) {
			return nil, &paramError{Param: param + " (" + name + ")", Err: err}
		}
		return nil, err
	}
	pr := &paneRun{name: name, p: p}
	res, err := p.Run(func(e *trace.Event) bool {
		pr.events = append(pr.events, *e)
		return len(pr.events) < compareEventLimit
	})
	if errors.Is(err, search.ErrStopped) {
		return nil, &paramError{Param: "tree", Err: fmt.Errorf("the %s search takes more than %d steps, too many to compare side by side: try a depth limit, a smaller tree, or the ordering lab", name, compareEventLimit)}
	}
	if err != nil {
		return nil, err
	}
	pr.result = res
	pr.leaves = make([]int, 0, len(pr.events)+1)
	pr.leaves = append(pr.leaves, 0)
	n := 0
	for i, e := range pr.events {
		if e.Type == trace.Enter {
			pr.enters = append(pr.enters, i+1)
		}
		if e.Type == trace.Leaf {
			n++
		}
		pr.leaves = append(pr.leaves, n)
	}
	return pr, nil
}

// total is the number of shared steps: by event, the longest search's
// events; by node, one more than the most nodes entered (the last step
// takes every pane to its end).
func total(runs []*paneRun, by string) int {
	t := 0
	for _, r := range runs {
		if by == "node" {
			t = max(t, len(r.enters)+1)
		} else {
			t = max(t, len(r.events))
		}
	}
	return t
}

// at is the pane's own event count at a shared step: by event, the step
// itself (or the pane's end); by node, the event of its step-th enter (or
// its end).
func (r *paneRun) at(step int, by string) int {
	switch {
	case step <= 0:
		return 0
	case by == "node" && step <= len(r.enters):
		return r.enters[step-1]
	case by == "node":
		return len(r.events)
	}
	return min(step, len(r.events))
}

// frameAt replays the pane's events up to its own step k.
func (r *paneRun) frameAt(k int) (*trace.Frame, error) {
	f := trace.NewFrame()
	for i := range k {
		var err error
		if i == k-1 {
			err = f.Apply(r.events[i])
		} else {
			err = f.ApplyQuietly(r.events[i])
		}
		if err != nil {
			return nil, fmt.Errorf("the %s search's trace does not replay: %w", r.name, err)
		}
	}
	return f, nil
}

// comparison runs every pane and gathers the page at the requested step.
func (s *Server) comparison(r compareRequest) (*templates.Compare, []*paneRun, error) {
	runs := make([]*paneRun, 0, len(r.names))
	for _, n := range r.names {
		pr, err := runPane(r, n)
		if err != nil {
			return nil, nil, err
		}
		runs = append(runs, pr)
	}
	p0 := runs[0].p
	drawn := compareMaxDrawn
	if templates.BoardSource(p0.Scenario.Source()) {
		drawn = compareMaxBoards
	}
	shape, err := p0.Shape(scenario.ShapeOptions{MaxDrawn: drawn})
	if err != nil {
		return nil, nil, &paramError{Param: "tree", Err: err}
	}
	opt := trace.LayoutOptions{NodeSep: templates.NodeSpacing, LevelSep: templates.LevelSpacing}
	if templates.BoardSource(p0.Scenario.Source()) {
		opt = trace.LayoutOptions{NodeSep: templates.BoardSpacing, LevelSep: templates.BoardLevelSpacing}
	}
	layout := trace.NewLayout(shape, opt)
	scene := view.SceneOf(p0.Scenario.Source(), shape, layout, nil)

	tot := total(runs, r.by)
	step := min(r.step, tot)
	if r.end {
		step = tot
	}
	c := &templates.Compare{
		SourceText:    sourceText(p0),
		Source:        p0.Scenario.Source(),
		Query:         r.query().Encode(),
		Kind:          r.kind,
		By:            r.by,
		Step:          step,
		Total:         tot,
		MinimaxLeaves: -1,
		Script:        s.assetURL("compare.js"),
	}
	if r.kind == "orders" {
		c.Title = p0.Algorithm.String() + ": " + strings.Join(r.names, " · ") + " order"
	} else {
		c.Title = strings.Join(r.names, " · ") + " · " + p0.Ordering.String() + " order"
	}
	c.Setup = compareSetup(r.base.Query())
	c.Setup.Orders, c.Setup.Algos, c.Setup.By = "", "", r.by
	if r.kind == "orders" {
		c.Setup.Orders = strings.Join(r.names, ",")
	} else {
		c.Setup.Algos = strings.Join(r.names, ",")
	}
	// The full tree: what the search without pruning evaluates (plain
	// minimax for alpha-beta, expectiminimax for Star1).
	if res, err := p0.RunAlgorithm(p0.Baseline(), nil); err == nil {
		c.MinimaxLeaves = res.Stats.Leaves
	}
	if p0.Tree != nil {
		if b, d, ok := p0.Tree.Uniform(); ok && d > 0 {
			c.KnuthMoore = scenario.KnuthMoore(b, d)
			c.Uniform = fmt.Sprintf("b = %d, d = %d", b, d)
		}
	}
	for _, pr := range runs {
		f, err := pr.frameAt(pr.at(step, r.by))
		if err != nil {
			return nil, nil, err
		}
		v := &templates.View{Source: c.Source, Frame: f, Layout: layout, Query: p0.Scenario.Query().Encode(), Step: f.Step, MinimaxLeaves: c.MinimaxLeaves}
		v.Folds = view.FoldsAt(pr.p, scene, f)
		v.Title, v.SourceText = pr.p.Algorithm.String()+", "+pr.name, c.SourceText
		v.Exports = templates.NewExports(strings.TrimPrefix(c.FullURL(strconv.Itoa(step)), "/compare?"), pr.name, s.assetURL("export.js"))
		res := pr.result
		c.Panes = append(c.Panes, templates.ComparePane{Name: pr.name, View: v, Length: len(pr.events), Enters: len(pr.enters),
			Result: &res, Minimax: c.MinimaxLeaves})
	}
	// The chart samples the shared steps evenly, always with the step
	// shown and the last.
	every := max(1, (tot+chartSamples-1)/chartSamples)
	for st := 0; st <= tot; st += every {
		c.Samples = append(c.Samples, st)
	}
	if c.Samples[len(c.Samples)-1] != tot {
		c.Samples = append(c.Samples, tot)
	}
	if c.MCTS, err = mctsCurve(runs); err != nil {
		return nil, nil, err
	}
	c.Series = make([][]int, len(runs))
	for i, pr := range runs {
		for _, st := range c.Samples {
			c.Series[i] = append(c.Series[i], pr.leaves[pr.at(st, r.by)])
		}
	}
	return c, runs, nil
}

// compare renders the comparison page at the requested step.
func (s *Server) compare(c echo.Context) error {
	q := c.QueryParams()
	r, err := parseCompare(q)
	if err != nil {
		return s.compareError(c, q, err)
	}
	r.base = budgeted(c.Request().Context(), r.base)
	cmp, _, err := s.comparison(r)
	if err != nil {
		return s.compareError(c, q, err)
	}
	return s.render(c, http.StatusOK, templates.ComparePage(cmp, s.assets))
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
	By        string             `json:"by"`
	Done      bool               `json:"done"`
	SameValue bool               `json:"sameValue"`
	Minimax   int                `json:"minimaxLeaves"`
	Panes     []comparePaneState `json:"panes"`
}

// compareAPI answers the state of every pane at a step, as JSON.
func (s *Server) compareAPI(c echo.Context) error {
	r, err := parseCompare(c.QueryParams())
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, err.Error())
	}
	r.base = budgeted(c.Request().Context(), r.base)
	cmp, _, err := s.comparison(r)
	if err != nil {
		var pe *paramError
		if errors.As(err, &pe) || scenario.IsUsage(err) {
			return echo.NewHTTPError(http.StatusBadRequest, err.Error())
		}
		return err
	}
	st := compareState{OK: true, Step: cmp.Step, Total: cmp.Total, By: cmp.By, Done: cmp.Done(), SameValue: cmp.SameValue(), Minimax: cmp.MinimaxLeaves}
	for _, p := range cmp.Panes {
		f := p.View.Frame
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
	setup.Error = err.Error()
	return s.render(c, http.StatusBadRequest, templates.CompareSetupPage(setup, s.assets))
}

// compareSetup fills the comparison form from a query, as typed.
func compareSetup(q url.Values) templates.CompareSetup {
	return templates.CompareSetup{Tree: q.Get("tree"), Random: q.Get("random"), Seed: q.Get("seed"), Game: q.Get("game"),
		Position: q.Get("position"), Depth: q.Get("depth"), Orders: q.Get("orders"), Algos: q.Get("algos"), By: q.Get("by"),
		Order: q.Get("order"), Algo: q.Get("algo")}
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
		setup.Error = err.Error()
		return s.render(c, http.StatusBadRequest, templates.LabPage(&templates.Lab{Setup: setup}, s.assets))
	}
	if len(q) == 0 {
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
			return fail(badParam("seeds", "the number of trees must be a whole number from 1 to %d, not %q", labMaxSeeds, x))
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
		Elapsed: elapsed.Round(time.Millisecond).String(), Setup: setup}
	if p, err := res.Scenario.Prepare(); err == nil {
		l.SourceText = sourceText(p)
		if res.Random {
			l.SourceText = fmt.Sprintf("random trees %s", sc.Random)
		}
	}
	last := res.FirstSeed + uint64(trees) - 1
	l.Seeds = fmt.Sprintf("seeds %d to %d", res.FirstSeed, last)
	if !res.Random {
		l.Seeds = fmt.Sprintf("one tree; the random ordering over seeds %d to %d", res.FirstSeed, last)
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
	l.CompareURL = "/compare?" + cq.Encode()
	return s.render(c, http.StatusOK, templates.LabPage(l, s.assets))
}
