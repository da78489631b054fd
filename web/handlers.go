package web

import (
	"context"
	"errors"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/dice"
	"github.com/abtrace/abtrace/search/gdl"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/search/tree/importer"
	"github.com/abtrace/abtrace/templates"
	"github.com/abtrace/abtrace/trace"
	"github.com/abtrace/abtrace/view"
)

// WSPath is where the viewer's websocket is served.
const WSPath = "/ws"

// Limits of what the viewer page computes on the server.
const (
	// countLimit bounds the events a page render runs through to tell the
	// number of steps ("step 17 of 50"). Beyond it the page says "step 17"
	// and the websocket session reports the total when its count is done.
	countLimit = 500_000
	// maxOpen bounds the folds opened in one view (each may draw up to
	// scenario.MaxOpen more nodes).
	maxOpen = 64
)

// home renders the home page: the setup with the scenario of its query
// filled in (the viewer's "change" link sends it here), else with the
// textbook tree.
func (s *Server) home(c echo.Context) error {
	q := c.QueryParams()
	f := newForm("tree", url.Values{"tree": {tree.TwoPlyGameTree}})
	if hasScenario(q) {
		f = formFrom(q)
		if f.Source == "tree" && strings.TrimSpace(f.Tree()) == "" {
			f.Fields.Set("tree", tree.TwoPlyGameTree)
		}
	}
	h := templates.Home{Form: f, Examples: examples(), Assets: s.assets, Limits: formLimits, GDLGames: gdl.Games()}
	return s.render(c, http.StatusOK, templates.HomePage(h))
}

// hasScenario reports whether a query names any part of a scenario.
func hasScenario(q url.Values) bool {
	for _, k := range scenario.Names {
		if q.Has(k) {
			return true
		}
	}
	return q.Has("source") || q.Has("dice-position")
}

// hasSource reports whether a query names what to search: a tree, a game
// (by name, or as GDL text) or a random recipe.
func hasSource(q url.Values) bool {
	return q.Has("tree") || q.Has("game") || q.Has("random") || q.Has("gdl") || q.Has("gdlz")
}

// healthz reports that the server is up, with what bounds its work: the
// open websocket sessions, the heavy requests running and the live heap;
// with runtime=1 the collector's and the scheduler's figures too.
func (s *Server) healthz(c echo.Context) error {
	h := s.health()
	if c.QueryParam("runtime") == "1" {
		h.Runtime = readRuntimeHealth()
	}
	return c.JSON(http.StatusOK, h)
}

// websocket hands the connection to the hub of viewer sessions.
func (s *Server) websocket(c echo.Context) error {
	s.hub.ServeHTTP(c.Response(), c.Request())
	return nil
}

// validateResult is the answer of /api/validate.
type validateResult struct {
	OK        bool   `json:"ok"`
	Nodes     int    `json:"nodes,omitempty"`
	Leaves    int    `json:"leaves,omitempty"`
	Canonical string `json:"canonical,omitempty"`
	Error     string `json:"error,omitempty"`
	Line      int    `json:"line,omitempty"`
	Col       int    `json:"col,omitempty"`
	// Summary is the line shown above the canonical text, in the page's
	// language ("✓ 13 nodes. Reads as").
	Summary string `json:"summary,omitempty"`
	// Problems are every error of a GDL text, each at its line and
	// column, in the page's language.
	Problems []gdlProblem `json:"problems,omitempty"`
	// Play is the address of a GDL game of two roles against the engine,
	// PlayText its link's text.
	Play     string `json:"play,omitempty"`
	PlayText string `json:"play_text,omitempty"`
	// Evals is /gdl/eval on the game (the evaluations a player builds
	// from its rules), EvalsText the link's words.
	Evals     string `json:"evals,omitempty"`
	EvalsText string `json:"evals_text,omitempty"`
	// Step is the viewer's address of decoupled UCT on a GDL game whose
	// roles choose at once, StepText its link's text and StepNote why the
	// other searches refuse the game.
	Step     string `json:"step,omitempty"`
	StepText string `json:"step_text,omitempty"`
	StepNote string `json:"step_note,omitempty"`
}

// validate checks a tree typed on the home page, for feedback while typing:
// the node count and canonical text when it is a tree the viewer can
// search, or the error with its line and column. It answers 200 either
// way; the ok field tells.
func (s *Server) validate(c echo.Context) error {
	if c.QueryParams().Has("gdl") {
		return s.validateGDL(c, c.QueryParam("gdl"))
	}
	sc := scenario.Scenario{Tree: c.QueryParam("tree"), Root: c.QueryParam("root"), Format: c.QueryParam("format")}
	p, err := sc.Prepare()
	if err != nil {
		r := validateResult{Error: errorText(langOf(c), err)}
		r.Line, r.Col = errorPosition(err)
		return c.JSON(http.StatusOK, r)
	}
	summary := i18n.For(langOf(c)).N("home.check.ok", p.Tree.Size)
	return c.JSON(http.StatusOK, validateResult{OK: true, Nodes: p.Tree.Size, Leaves: p.Tree.Leaves, Canonical: p.Tree.String(), Summary: summary})
}

// viewRequest is a decoded /view query.
type viewRequest struct {
	scenario scenario.Scenario
	step     int
	end      bool // step=end
	open     []string
	form     search.Form
	lang     i18n.Lang // the page's language, kept in its permalinks
	by       view.By   // step size of the step buttons and arrow keys
	present  bool      // presenter mode: the tree takes the screen
}

// permalink is the query of the scenario's address in the page's
// language: lang= names it in every language, English too, so that a link
// sent on opens in the language it was made in whatever the receiver's
// browser prefers.
func (r viewRequest) permalink(p *scenario.Search) string {
	q := p.Scenario.Query()
	if r.lang != "" {
		q.Set("lang", string(r.lang))
	}
	return q.Encode()
}

// parseView decodes the viewer's query: the scenario, and step (a number
// or "end"; 0 when absent), open (fold ids, comma-separated) and form
// (textbook or negamax).
func parseView(q url.Values) (viewRequest, error) {
	var r viewRequest
	var err error
	if r.scenario, err = scenario.FromQuery(q); err != nil {
		return r, err
	}
	if r.step, r.end, err = parseStep(q.Get("step")); err != nil {
		return r, err
	}
	if r.open = OpenList(q.Get("open")); len(r.open) > maxOpen {
		return r, badParam("open", "param.err.open", "Max", maxOpen, "Got", len(r.open))
	}
	if f := q.Get("form"); f != "" {
		if r.form, err = search.ParseForm(f); err != nil {
			return r, scenario.InParam("form", err)
		}
	}
	if r.by, err = view.ParseUnit(q.Get("by")); err != nil {
		return r, badParam("by", "param.err.by-view", "Got", strconv.Quote(q.Get("by")))
	}
	switch q.Get("present") {
	case "", "0":
	case "1":
		r.present = true
	default:
		return r, badParam("present", "param.err.present", "Got", strconv.Quote(q.Get("present")))
	}
	return r, nil
}

// view renders the viewer at the requested step. A form submission from
// the home page (it carries source=) is first checked, then redirected to
// the scenario's clean address, so the address bar holds a permalink with
// the command line's names only.
func (s *Server) view(c echo.Context) error {
	q := c.QueryParams()
	if q.Has("source") {
		return s.submit(c, q)
	}
	if !hasSource(q) {
		// No source: the textbook tree, with whatever else was asked.
		q = maps.Clone(q)
		q.Set("tree", tree.TwoPlyGameTree)
	}
	return s.showView(c, q, q)
}

// showView renders the viewer page of the query q; a problem with it
// brings back the home page with the form filled from form (the query as
// typed).
func (s *Server) showView(c echo.Context, q, form url.Values) error {
	key := pageKey(c)
	if ok, err := s.pages.serve(c, key); ok {
		return err
	}
	r, err := parseView(q)
	if err != nil {
		return s.homeWithError(c, form, err)
	}
	r.lang = langOf(c)
	p, err := prepare(c, r.scenario)
	if err != nil {
		return s.homeWithError(c, form, err)
	}
	v, err := s.buildView(p, r)
	if err != nil {
		if scenario.IsUsage(err) {
			return s.homeWithError(c, form, err)
		}
		return err
	}
	return s.renderKept(c, key, v)
}

// MaxRedirect is the longest address the home form's answer redirects to
// (the Location header, in bytes). Browsers refuse answers whose headers
// pass about 256 KB (Chromium: ERR_RESPONSE_HEADERS_TOO_BIG), and proxies
// far less, so a tree typed or pasted that is larger than this is not
// redirected: its view is shown at once, at the form's own address, which
// holds the whole tree and is a permalink too (loading it submits the form
// again). A student sees the search of the tree they pasted, not an error.
const MaxRedirect = 8 << 10

// submit handles the home page's form: it keeps the fields of the chosen
// source only, checks the scenario, and redirects to its permalink. On a
// problem the form comes back with the error and everything as typed.
func (s *Server) submit(c echo.Context, q url.Values) error {
	keep, ok := scenario.FormQuery(q)
	if !ok {
		return s.homeWithError(c, q, badParam("source", "param.err.source", "Got", strconv.Quote(q.Get("source"))))
	}
	r, err := parseView(keep)
	if err != nil {
		return s.homeWithError(c, q, err)
	}
	if _, err := prepare(c, r.scenario); err != nil {
		return s.homeWithError(c, q, err)
	}
	to := r.scenario.Query()
	if st := q.Get("step"); st != "" {
		to.Set("step", st)
	} else {
		to.Set("step", "0")
	}
	if f := q.Get("form"); f != "" {
		to.Set("form", f)
	}
	to.Set("lang", string(langOf(c)))
	if loc := "/view?" + to.Encode(); len(loc) <= MaxRedirect {
		return c.Redirect(http.StatusSeeOther, loc)
	}
	return s.showView(c, to, q)
}

// homeWithError answers 400 with the home page, the error shown (with its
// line and column for tree errors) and the form as the user filled it in.
func (s *Server) homeWithError(c echo.Context, q url.Values, err error) error {
	f := formFrom(q)
	msg := errorText(langOf(c), err)
	fe := templates.NewFormError(msg, "", 0, 0)
	if line, col := errorPosition(err); line > 0 && f.Source == "tree" {
		fe = templates.NewFormError(msg, f.Tree(), line, col)
	}
	if list := gdlErrors(err); len(list) > 0 && f.Source == "gdl" {
		// Named as every parameter's error is ("gdl: line 3, …").
		msg := shortenValues(leadWith(gdlErrorText(i18n.For(langOf(c)), list[0]), "gdl"))
		fe = templates.NewFormError(msg, f.Get("gdl"), list[0].Pos.Line, list[0].Pos.Col)
	}
	h := templates.Home{Form: f, Error: fe, Examples: examples(), Assets: s.assets, Limits: formLimits, GDLGames: gdl.Games()}
	return s.render(c, http.StatusBadRequest, templates.HomePage(h))
}

// formFrom fills the home page's form from a query, as typed: a submitted
// form, or a view's permalink (its "change" link).
func formFrom(q url.Values) templates.Form {
	return newForm(scenario.FormFields(q))
}

// newForm is the home page's form with source chosen and the fields
// filled in, offering the sources and options of package scenario, each
// marked with what it applies to.
func newForm(source string, fields url.Values) templates.Form {
	f := templates.Form{Source: source, Fields: fields}
	offers := map[string][]string{} // algorithm → the sources that offer it
	seen := map[string]bool{}
	for _, src := range scenario.FormSources() {
		f.Sources = append(f.Sources, templates.FormSource{Name: src.Name, Algos: strings.Join(src.Algos, " ")})
		for _, a := range src.Algos {
			offers[a] = append(offers[a], src.Name)
		}
		for _, e := range src.Evals {
			if !seen[e] {
				seen[e] = true
				f.Evals = append(f.Evals, e)
			}
		}
	}
	kinds := map[scenario.OptionKind]string{scenario.OptionText: "text", scenario.OptionNumber: "number",
		scenario.OptionDecimal: "decimal", scenario.OptionChoice: "choice", scenario.OptionFlag: "flag"}
	for _, o := range scenario.FormOptions() {
		if o.OfSource {
			continue
		}
		fo := templates.FormOption{Name: o.Name, Kind: kinds[o.Kind], Default: o.Default, Placeholder: o.Placeholder,
			Sources: strings.Join(o.Sources, " "), Algos: strings.Join(o.Algos, " ")}
		for _, c := range o.Choices {
			fc := templates.FormChoice{Value: c.Value, Algos: strings.Join(c.Algos, " ")}
			if o.Name == "algo" {
				fc.Sources = strings.Join(offers[c.Value], " ")
			}
			fo.Choices = append(fo.Choices, fc)
		}
		f.Options = append(f.Options, fo)
	}
	return f
}

// buildView runs the scenario up to the requested step and gathers what
// the viewer page shows.
func (s *Server) buildView(p *scenario.Search, r viewRequest) (*templates.View, error) {
	scene, err := openScene(p, r.open)
	if err != nil {
		return nil, err
	}
	layout := scene.Layout

	run, err := replayTo(p, scene, r.step, r.end, wordsFor(string(r.lang)))
	if err != nil {
		return nil, err
	}
	v := &templates.View{
		Scene:         scene,
		Source:        p.Scenario.Source(),
		SourceText:    sourceTextIn(i18n.For(r.lang), p),
		Options:       optionsText(i18n.For(r.lang), p),
		Query:         r.permalink(p),
		Open:          r.open,
		Form:          r.form.String(),
		By:            string(r.by),
		Present:       r.present,
		Step:          run.frame.Step,
		Total:         run.total,
		NextCutoff:    run.nextCutoff,
		NoCutoffs:     !p.Algorithm.Prunes(),
		Frame:         run.frame,
		Layout:        layout,
		MinimaxLeaves: -1,
		WSPath:        WSPath,
		Real:          view.RealGamesIn(run.frame, scene, wordsFor(string(r.lang)), view.NewestPage),
		Eval:          view.EvalPanelOf(run.frame, scene.Namer(wordsFor(string(r.lang))), wordsFor(string(r.lang))),
		InfoSet:       infoSetPanel(p, run.frame, scene.Namer(wordsFor(string(r.lang)))),
		Names:         scene.Namer(wordsFor(string(r.lang))),
	}
	v.Selective.Quiescence, v.Selective.Extend, v.Selective.Forward = p.Scenario.Quiescence, p.Extension != search.ExtendNone, p.Forward != search.ForwardNone
	for _, l := range scenario.ListingsOf(p) {
		v.Listings = append(v.Listings, listingIn(i18n.For(r.lang), l))
	}
	if !slices.Contains(search.Forms(p.Algorithm), r.form) {
		// A form the algorithm is not written in: its first.
		v.Form = v.Listings[0].Form
	}
	v.Title = v.Listings[0].Title
	if v.GDL = gdlPanel(i18n.For(r.lang), p, v.Query, run.frame.Current); v.GDL != nil {
		v.GDL.Script = s.assetURL("gdl.js")
	}
	v.Folds = run.folds
	v.Exports = templates.NewExports(strings.TrimPrefix(v.URL(strconv.Itoa(v.Step)), "/view?"), "", s.assetURL("export.js"))
	if leaves, ok := scene.BaselineLeaves(p); ok {
		// The same scenario without pruning (minimax, or expectiminimax
		// for star1), untraced: how many leaves it evaluates, to tell how
		// many the pruning spares.
		v.MinimaxLeaves, v.BaselineName = leaves, p.Baseline().String()
	}
	if p.Scenario.Transform != "" {
		rep, err := p.TransformReport()
		if err != nil {
			return nil, err
		}
		v.Transform = transformView(rep)
	}
	if p.Algorithm == search.AlgoMCTS {
		v.MCTS = view.MCTSPanelOf(run.frame, mctsC(p), scene.Namer(wordsFor(string(r.lang))))
		v.MCTS.Decoupled = p.Decoupled()
	}
	if v.InfoSet != nil {
		v.Overview = view.OverviewSet(p, scene, run.frame, run.folds)
	}
	if wide, present, narrow := view.FocusShown(p, scene); wide || present || narrow {
		v.Focus = &templates.FocusView{Drawing: view.FocusOf(p, scene, run.frame, run.folds), Wide: wide, Present: present, Narrow: narrow}
	}
	if p.Method != nil {
		rep, err := p.HiddenReport()
		if err != nil {
			return nil, err
		}
		if v.Hidden, err = hiddenView(i18n.For(r.lang), p, rep); err != nil {
			return nil, err
		}
		if h := v.Hidden; h.Samples > 0 {
			h.PrevURL, h.NextURL = sampleURL(v.Query, h.Sample-1, h.Samples), sampleURL(v.Query, h.Sample+1, h.Samples)
		}
	}
	return v, nil
}

// openScene is the scene of p with the folds open lists opened; a fold
// that does not exist, or too many, is open='s error.
func openScene(p *scenario.Search, open []string) (*view.Scene, error) {
	scene, err := view.NewScene(p, open)
	if err != nil && len(open) > 0 && scenario.IsUsage(err) {
		return nil, scenario.InParam("open", err)
	}
	return scene, err
}

// transformView converts a transform report for the page.
func transformView(rep search.TransformReport) *templates.TransformView {
	best := func(r trace.Result) string {
		if r.Best == "" {
			return "—"
		}
		return r.Best
	}
	value := func(r trace.Result) string {
		if len(r.Vec) > 0 {
			return templates.VecText(r.Vec)
		}
		return r.Value.String()
	}
	return &templates.TransformView{
		Transform:       rep.Transform,
		OrderPreserving: rep.OrderPreserving,
		BeforeBest:      best(rep.Before),
		AfterBest:       best(rep.After),
		BeforeValue:     value(rep.Before),
		AfterValue:      value(rep.After),
		Changed:         rep.Changed,
	}
}

// replayed is the frame at the requested step, with what is known of the
// rest of the search.
type replayed struct {
	frame      *trace.Frame              // the drawn nodes and the open path (see view.Cursor)
	folds      map[string]view.FoldCount // the fold counts at the frame
	total      int                       // steps of the whole search; 0 when not counted
	nextCutoff int                       // step of the first cutoff after the frame's; 0 when none or not known
}

// replayTo moves a cursor to step (the end when end is true; a step
// beyond the end gives the last frame), so that the page costs the memory
// of its drawing, not of the search. Then, unless the frame is the last,
// it runs the search once more without applying anything, up to
// countLimit events, to count the steps and find the next cutoff.
func replayTo(p *scenario.Search, scene *view.Scene, step int, end bool, words func(trace.Phrase) string) (replayed, error) {
	c := view.NewCursor(p, scene)
	c.SetWords(words)
	defer c.Close()
	target := step
	if end {
		target = view.End
	}
	c.Seek(target)
	if err := c.WorkAll(context.Background()); err != nil {
		return replayed{}, err
	}
	r := replayed{frame: c.Frame(), folds: c.Folds()}
	if c.AtEnd() {
		r.total = c.Step()
		return r, nil
	}
	last, at := 0, r.frame.Step
	_, err := p.Run(func(e *trace.Event) bool {
		last = e.Step
		if r.nextCutoff == 0 && e.Step > at && e.Type == trace.Prune && len(e.Pruned) > 0 {
			r.nextCutoff = e.Step
		}
		return e.Step < countLimit
	})
	switch {
	case err == nil:
		r.total = last
	case errors.Is(err, search.ErrStopped):
	default:
		return r, err
	}
	return r, nil
}

// listing converts a pseudocode listing for the page.
func listing(l search.Listing) templates.Listing { return listingIn(i18n.For(i18n.English), l) }

// listingIn converts a pseudocode listing for a page in loc's language.
func listingIn(loc *i18n.Localizer, l search.Listing) templates.Listing {
	out := templates.Listing{Form: l.Form.String(), Title: loc.Pseudocode(l.Title), Lines: make([]templates.Line, len(l.Lines))}
	for i, ln := range l.Lines {
		out.Lines[i] = templates.Line{Text: loc.Pseudocode(ln.Text), Indent: ln.Indent, Keys: ln.Keys}
	}
	return out
}

// sourceTextIn says in words, in loc's language, what a scenario searches.
func sourceTextIn(loc *i18n.Localizer, p *scenario.Search) string {
	sc := p.Scenario
	switch sc.Source() {
	case "tictactoe":
		if strings.Trim(sc.Position, ".") == "" {
			return loc.T("source.ttt.empty")
		}
		return loc.T("source.ttt", "Position", sc.Position)
	case "reversi", "suicide-reversi":
		name := loc.T("source.reversi")
		if sc.Game == "suicide-reversi" {
			name = loc.T("source.suicide-reversi")
		}
		from := loc.T("source.reversi.opening")
		if sc.Position != "" && sc.Position != "start" {
			from = loc.T("source.reversi.given")
		}
		eval := sc.Eval
		if eval == "" {
			eval = "discs:1,mobility:2,corners:10"
		}
		if sc.Kuhlmann != "" {
			eval = sc.Kuhlmann + "-" + eval
		}
		return loc.T("source.reversi.text", "Name", name, "From", from, "Depth", strconv.Itoa(sc.Depth), "Eval", scenario.EvalWords(eval, loc.Phrase))
	case "nim", "matchsticks":
		n, k := sc.Matches, sc.Take
		if n == 0 {
			n = 5
		}
		if k == 0 {
			k = 2
		}
		return loc.T("source.nim", "N", strconv.Itoa(n), "K", strconv.Itoa(k))
	case "gdl":
		return gdlSourceText(loc, sc.GDL)
	case "dice":
		return diceSourceText(loc, sc.Position)
	case "minichess":
		from := sc.Position
		switch strings.TrimSpace(sc.Position) {
		case "", "horizon":
			from = loc.T("source.minichess.horizon")
		case "start":
			from = loc.T("source.minichess.start")
		}
		return loc.T("source.minichess", "From", from)
	case "connect4":
		if strings.TrimSpace(sc.Position) == "" {
			return loc.T("source.connect4.empty")
		}
		return loc.T("source.connect4", "Moves", sc.Position)
	case "random":
		return loc.N("source.random", p.Tree.Size, "Recipe", sc.Random, "Seed", strconv.FormatUint(uint64(sc.Seed), 10))
	case "roads", "cards":
		// The world the tree shows: as asked for, or the one determinised
		// MCTS drew for the stepped sample.
		n := max(sc.World, 1)
		if w, _ := p.SampleWorld(); w >= 0 {
			n = w + 1
		}
		if sc.Game == "cards" {
			return loc.T("source.cards", "N", strconv.Itoa(n))
		}
		return loc.T("source.roads", "N", strconv.Itoa(n), "World", loc.T("hidden.world.roads-"+strconv.Itoa(n)))
	}
	if id, ok := exampleTrees[strings.TrimSpace(sc.Tree)]; ok {
		return loc.T("source.tree.example", "Name", loc.T(id))
	}
	text := sc.Tree
	if p.Tree != nil {
		text = p.Tree.String()
	}
	return loc.T("source.tree", "Tree", shorten(text, 90))
}

// exampleTrees are the example trees whose text has words in it (names
// such as Give and Check, tags such as win=72% or [chance]), by their
// text: the page names such a tree by its example, in the page's
// language, rather than write the English of its text. The message is
// the example's name on the home page.
var exampleTrees = map[string]string{
	tree.HorizonDelayTree:  "example.horizon-delay",
	tree.ExpectedValueTree: "example.categories",
	chanceTextbook:         "example.dice-tree",
	transformChance:        "example.transform",
}

// diceSourceText says in words, in loc's language, which position of the
// dice game is searched: where each player's tokens stand and whose throw
// it is, or how far the thrown coins move (the position as the address
// writes it where it does not read).
func diceSourceText(loc *i18n.Localizer, position string) string {
	pos := strings.TrimSpace(position)
	if pos == "" {
		pos = dice.DefaultPosition
	}
	g, st, err := dice.Parse(pos)
	if err != nil {
		return loc.T("source.dice", "Position", pos)
	}
	squares := func(t [2]int8) string {
		return loc.T("source.dice.squares", "A", strconv.Itoa(int(t[0])), "B", strconv.Itoa(int(t[1])))
	}
	turn := loc.T("source.dice.throw", "Kind", st.Turn.Upper())
	if st.Roll > 0 {
		turn = loc.T("source.dice.thrown", "Kind", st.Turn.Upper(), "N", strconv.Itoa(int(st.Roll)))
	}
	return loc.T("source.dice.words", "Max", squares(st.Max), "Min", squares(st.Min), "Turn", turn, "Goal", strconv.Itoa(int(g.Goal)))
}

// optionsText names the ordering and the depth limit, in loc's language.
func optionsText(loc *i18n.Localizer, p *scenario.Search) string {
	s := orderText(loc, p.Ordering)
	if p.Ordering == search.OrderRandom {
		s += " " + loc.T("options.seed", "Seed", strconv.FormatUint(uint64(p.Scenario.Seed), 10))
	}
	if d := p.Scenario.Depth; d > 0 {
		s += " · " + loc.T("options.depth", "Depth", strconv.Itoa(d))
		if ev := p.Scenario.Eval; ev != "" {
			s += ", " + loc.T("options.eval", "Eval", scenario.EvalWords(ev, loc.Phrase))
		}
	} else {
		s += " · " + loc.T("options.no-depth")
	}
	if p.RootKind == trace.Min && p.Scenario.Source() != "tictactoe" && p.Scenario.Source() != "nim" {
		s += " · " + loc.T("options.min-root")
	}
	if u := p.UtilitiesShown(); u != "" {
		s += " · " + loc.T("options.utilities."+u)
	}
	return s
}

// orderText names an ordering: "natural order".
func orderText(loc *i18n.Localizer, o search.Ordering) string {
	switch o {
	case search.OrderReversed:
		return loc.T("options.order.reversed")
	case search.OrderRandom:
		return loc.T("options.order.random")
	case search.OrderEval:
		return loc.T("options.order.eval")
	case search.OrderBest:
		return loc.T("options.order.best")
	case search.OrderWorst:
		return loc.T("options.order.worst")
	}
	return loc.T("options.order.natural")
}

// Trees of the examples with chance nodes and many players.
const (
	// chanceTextbook is the textbook tree with a CHANCE node in place of
	// each MIN node: the chance values are 7⅔, 4 and 7, and MAX picks the
	// first.
	chanceTextbook = tree.TwoPlyGameTreeChance
	// threePlayers is a three-player tree with a vector at each leaf.
	threePlayers = "(((<1,2,3> <6,1,2>) (<4,2,1> <7,4,-1>)) ((<5,-1,-1> <-1,5,2>) (<7,7,-1> <5,4,5>)))"
	// transformChance is the lectures' two-move chance tree: a1 is worth
	// 2.1 and a2 1.3, but after the order-preserving table
	// 1:1,2:20,3:30,4:400 a1 is worth 21 and a2 40.9.
	transformChance = "A(a1[chance](0.9:(2 2) 0.1:(3 3)) a2[chance](0.9:(1 1) 0.1:(4 4)))"
	// transformBoard is a tic-tac-toe position where valuing a draw like a
	// loss changes x's move.
	transformBoard = "xox.o...."
)

// HorizonExample is the lecture's horizon effect: minichess at depth 1,
// fixed-depth alpha-beta (it plays Qd1xd3 and loses the queen) beside
// quiescence search (it keeps it).
const HorizonExample = "/compare?game=minichess&position=horizon&depth=1&panes=plain,quiescence&by=node&step=0"

// HorizonDelayExample is the horizon effect with a delaying move
// (tree.HorizonDelayTree): alpha-beta to depth 2 plays the check that
// only delays the loss, to depth 4 it gives the piece up.
var HorizonDelayExample = "/compare?" + url.Values{"tree": {tree.HorizonDelayTree}, "depth": {"4"},
	"panes": {"depth2,depth4"}, "by": {"node"}, "step": {"0"}}.Encode()

// expectedValueStep is the step at which the expected value by category
// opens: the depth limit stops at C, whose narration writes the sum out
// (0.52), so that the example opens where it is explained.
const expectedValueStep = 6

// examples are the ready-made searches on the home page.
func examples() []templates.Example {
	linkAt := func(sc scenario.Scenario, step int) string {
		q := sc.Query()
		q.Set("step", strconv.Itoa(step))
		return "/view?" + q.Encode()
	}
	link := func(sc scenario.Scenario) string { return linkAt(sc, 0) }
	return []templates.Example{
		{Name: "example.textbook", Note: "example.textbook.note", URL: link(scenario.Scenario{Tree: tree.TwoPlyGameTree})},
		{Name: "example.textbook-best", Note: "example.textbook-best.note", URL: link(scenario.Scenario{Tree: tree.TwoPlyGameTree, Order: "best"})},
		{Name: "example.textbook-worst", Note: "example.textbook-worst.note", URL: link(scenario.Scenario{Tree: tree.TwoPlyGameTree, Order: "worst"})},
		{Name: "example.random", Note: "example.random.note", URL: link(scenario.Scenario{Random: "3,3", Seed: 1})},
		{Name: "example.ttt-mid", Note: "example.ttt-mid.note", URL: link(scenario.Scenario{Game: "tictactoe", Position: "xo.x.o..."})},
		{Name: "example.ttt-whole", Note: "example.ttt-whole.note", URL: link(scenario.Scenario{Game: "tictactoe", Algo: "minimax"})},
		{Name: "example.nim", Note: "example.nim.note", URL: link(scenario.Scenario{Game: "nim", Matches: 5, Take: 2})},
		{Name: "example.dice-tree", Note: "example.dice-tree.note", URL: link(scenario.Scenario{Tree: chanceTextbook, Algo: "expectiminimax"})},
		{Name: "example.dice-star1", Note: "example.dice-star1.note", URL: link(scenario.Scenario{Tree: chanceTextbook, Algo: "star1", Bounds: "0,15"})},
		{Name: "example.coin-race", Note: "example.coin-race.note", URL: link(scenario.Scenario{Game: "dice", Algo: "expectiminimax", Depth: 4})},
		{Name: "example.maxn", Note: "example.maxn.note", URL: link(scenario.Scenario{Tree: threePlayers, Algo: "maxn"})},
		{Name: "example.paranoid", Note: "example.paranoid.note", URL: link(scenario.Scenario{Tree: threePlayers, Algo: "paranoid", Player: 1})},
		{Name: "example.transform", Note: "example.transform.note", URL: link(scenario.Scenario{Tree: transformChance, Algo: "expectiminimax", Transform: "1:1,2:20,3:30,4:400"})},
		{Name: "example.ttt-transform", Note: "example.ttt-transform.note", URL: link(scenario.Scenario{Game: "tictactoe", Position: transformBoard, Transform: "wld:1,0,0"})},
		{Name: "example.categories", Note: "example.categories.note", URL: linkAt(scenario.Scenario{Tree: tree.ExpectedValueTree, Depth: 2}, expectedValueStep)},
		{Name: "example.horizon", Note: "example.horizon.note", URL: HorizonExample},
		{Name: "example.horizon-delay", Note: "example.horizon-delay.note", URL: HorizonDelayExample},
		{Name: "example.cards-trap", Note: "example.cards-trap.note", URL: link(scenario.Scenario{Game: "cards", Deal: "trap", Algo: "clairvoyance"})},
		{Name: "example.reversi", Note: "example.reversi.note", URL: link(scenario.Scenario{Game: "reversi", Depth: 2})},
		{Name: "example.suicide-reversi", Note: "example.suicide-reversi.note", URL: link(scenario.Scenario{Game: "suicide-reversi", Depth: 2, Eval: "discs", Kuhlmann: "min"})},
		{Name: "example.ttt-fuzzy", Note: "example.ttt-fuzzy.note", URL: link(scenario.Scenario{Game: "tictactoe", Position: "x...o....", Depth: 2, Eval: "fuzzy"})},
		{Name: "example.fuzzy", Note: "example.fuzzy.note", URL: "/fuzzy"},
		{Name: "example.tournament", Note: "example.tournament.note", URL: "/tournament?game=suicide-reversi&evals=max-discs,min-discs,max-mobility,min-mobility&depth=2&games=5&seed=1"},
		{Name: "example.parallel", Note: "example.parallel.note", URL: "/parallel?game=reversi&evals=discs,mobility,corners:10%2Bedges,min-discs&depth=5"},
		{Name: "example.play", Note: "example.play.note", URL: "/play?game=reversi&depth=3"},
		{Name: "example.connect4", Note: "example.connect4.note", URL: "/connect4"},
		{Name: "example.gdl-duct", Note: "example.gdl-duct.note", URL: ductExampleURL()},
	}
}

// parseStep reads a step parameter: a whole number from 0, or "end"
// (absent means 0). Its error is the step parameter's, worded in every
// language.
func parseStep(st string) (step int, end bool, err error) {
	switch st = strings.TrimSpace(st); st {
	case "", "0":
		return 0, false, nil
	case "end":
		return 0, true, nil
	}
	n, err := strconv.Atoi(st)
	if err != nil || n < 0 {
		return 0, false, badParam("step", "param.err.step", "Got", strconv.Quote(st))
	}
	return n, false, nil
}

// errorPosition is the line and column of an error in tree text, in the
// classroom notation or an imported format; 0, 0 when it has none.
func errorPosition(err error) (line, col int) {
	var te *tree.Error
	var ie *importer.Error
	switch {
	case errors.As(err, &te):
		return te.Line, te.Col
	case errors.As(err, &ie):
		return ie.Line, ie.Col
	}
	return 0, 0
}
