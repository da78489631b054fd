package web

import (
	"context"
	"errors"
	"math"
	"net/http"
	"net/url"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search/exercise"
	"github.com/abtrace/abtrace/search/gdl"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/templates"
	"github.com/abtrace/abtrace/trace"
)

// The exercise pages: the fill-in exercise, where a student works an
// alpha-beta search by hand on a generated tree and has it checked node by
// node by POST /api/exercise/check (the script does the posting).

// exerciseLevelSpacing is the distance between levels of an exercise tree:
// more than the viewer's, to leave room for the inputs under each node.
const exerciseLevelSpacing = 130

// exerciseLeafSpacing is the least distance between neighbouring leaves:
// a leaf's box and a gap.
const exerciseLeafSpacing = 44

// exerciseInnerSpacing is the least distance between neighbouring inner
// nodes: an input box (88 units) and a gap. The leaf spacing grows where
// the fewest children of a node would bring two inner nodes closer.
const exerciseInnerSpacing = 100

// exerciseSpacing is the leaf spacing for an exercise whose inner nodes
// have at least bmin children.
func exerciseSpacing(bmin int) float64 {
	return max(exerciseLeafSpacing, math.Ceil(exerciseInnerSpacing/float64(max(bmin, 1))))
}

// exercisePage renders the fill-in exercise:
//
//	GET /exercise?seed=42&b=3&d=3&min_cutoffs=3
//
// with the parameters of GET /api/exercise. A parameter the generator
// refuses is a 400 page naming it, the form kept as typed.
func (s *Server) exercisePage(c echo.Context) error {
	q := c.QueryParams()
	form := exerciseForm(q)
	page := &templates.ExercisePage{Assets: s.assets, Script: s.assetURL("exercise.js"), CSS: s.assetURL("exercise.css"), Form: form}
	fail := func(err error) error {
		var xe *exercise.Error
		if !errors.As(err, &xe) {
			return err
		}
		page.Error, page.Field = errorText(langOf(c), xe), xe.Field
		return s.render(c, http.StatusBadRequest, templates.ExerciseFillPage(page))
	}
	p, err := exercise.ParseQuery(q, "lang", "gdlz")
	if err != nil {
		return fail(err)
	}
	ex, err := generateExercise(c, p)
	if err != nil {
		return fail(err)
	}
	if err := buildExercise(c.Request().Context(), page, ex, apiWords(c)); err != nil {
		return err
	}
	// The page's links open in its language, English too.
	add := "&lang=" + string(langOf(c))
	page.RoomScenario = s.exerciseRoom(c, page.RoomScenario)
	if z := q.Get("gdlz"); z != "" {
		// The solution and the worksheet are of the same game.
		page.Form.GDLNote = gdlExerciseNote(i18n.For(langOf(c)), z)
		page.SolutionURL += "&gdlz=" + url.QueryEscape(z)
		page.WorksheetURL += "&gdlz=" + url.QueryEscape(z)
	}
	page.SolutionURL += add
	page.WorksheetURL += add
	page.PredictURL += add
	page.OrderingURL += add
	for i := range page.Steps {
		page.Steps[i].URL += add
	}
	return s.render(c, http.StatusOK, templates.ExerciseFillPage(page))
}

// worksheetPage renders the print view of an exercise: the blank tree,
// then the answer key on a page of its own:
//
//	GET /exercise/worksheet?seed=42&b=3&d=3&min_cutoffs=3&notation=ascii
//
// with the parameters of GET /api/exercise, and notation "symbols" (≤ ≥,
// the default) or "ascii" (<= >=) for the key's bounds.
func (s *Server) worksheetPage(c echo.Context) error {
	q := c.QueryParams()
	page := &templates.ExercisePage{Assets: s.assets, CSS: s.assetURL("exercise.css"), Form: exerciseForm(q)}
	fail := func(err error) error {
		var xe *exercise.Error
		if !errors.As(err, &xe) {
			return err
		}
		page.Error, page.Field = errorText(langOf(c), xe), xe.Field
		return s.render(c, http.StatusBadRequest, templates.ExerciseWorksheetPage(page))
	}
	notation, err := exercise.ParseNotation(q.Get("notation"))
	if err != nil {
		return fail(err)
	}
	page.Notation, page.Notate = string(notation), notation.Write
	p, err := exercise.ParseQuery(q, "notation", "key", "lang", "gdlz")
	if err != nil {
		return fail(err)
	}
	if q.Has("key") {
		if page.ShowKey, err = exercise.ParseFlag("key", q.Get("key")); err != nil {
			return fail(err)
		}
	}
	ex, err := generateExercise(c, p)
	if err != nil {
		return fail(err)
	}
	if err := buildExercise(c.Request().Context(), page, ex, apiWords(c)); err != nil {
		return err
	}
	key, err := exercise.AnswerKey(ex, notation)
	if err != nil {
		return err
	}
	page.SetKey(key.Values, key.Pruned, key.Rule)
	page.FitWorksheet()
	with, without := p.Query(), p.Query()
	if q.Has("notation") {
		with.Set("notation", string(notation))
		without.Set("notation", string(notation))
	}
	with.Set("key", "1")
	with.Set("lang", string(langOf(c)))
	without.Set("lang", string(langOf(c)))
	page.KeyURL, page.NoKeyURL = "/exercise/worksheet?"+with.Encode(), "/exercise/worksheet?"+without.Encode()
	page.Exports = templates.WorksheetExports(page.Tree, page.Root, page.Prune)
	return s.render(c, http.StatusOK, templates.ExerciseWorksheetPage(page))
}

// exerciseForm keeps the parameters as typed, for the form on the page.
func exerciseForm(q url.Values) templates.ExerciseForm {
	d := exercise.DefaultParams().Query()
	get := func(name string) string {
		if q.Has(name) {
			return q.Get(name)
		}
		return d.Get(name)
	}
	b := get("b")
	if q.Has("bmin") || q.Has("bmax") {
		b = q.Get("bmin") + "-" + q.Get("bmax")
	}
	return templates.ExerciseForm{Seed: get("seed"), Variant: get("variant"), B: b, D: get("d"),
		Min: get("min"), Max: get("max"), MinCutoffs: get("min_cutoffs"), Deep: flagOn(get("deep")),
		Root: get("root"), Prune: get("prune"), Distinct: flagOn(get("distinct")), GDLZ: q.Get("gdlz")}
}

func flagOn(s string) bool {
	on, err := exercise.ParseFlag("", s)
	return err == nil && on
}

// placeExercise draws the exercise's nodes and edges where layout puts
// them.
func placeExercise(page *templates.ExercisePage, layout *trace.Layout) {
	page.Width, page.Height = layout.Width, layout.Height
	page.Nodes, page.Edges = nil, nil
	pos := map[string]trace.LayoutNode{}
	for _, n := range layout.Nodes {
		pos[n.ID] = n
		node := templates.ExerciseNode{ID: n.ID, Name: templates.NodeName(n.ID, n.Label), X: n.X, Y: n.Y,
			Leaf: n.Leaf, Text: n.Text, Max: n.Kind == trace.Max}
		if n.HasParent {
			par := pos[n.Parent]
			node.MarkLeft = n.X < par.X
			page.Edges = append(page.Edges, templates.ExerciseEdge{Child: n.ID, Name: node.Name,
				Parent: templates.NodeName(par.ID, par.Label), X1: par.X, Y1: par.Y, X2: n.X, Y2: n.Y, ToLeaf: n.Leaf, Text: n.Text})
		}
		page.Nodes = append(page.Nodes, node)
	}
}

// buildExercise lays out the exercise's tree and gathers the steps of its
// search for the hints.
//
// words words the hints (the search's narration) in the page's language;
// nil leaves them in English. Its searches run under the server's budget
// with ctx.
func buildExercise(ctx context.Context, page *templates.ExercisePage, ex *exercise.Exercise, words exercise.Words) error {
	p := ex.Params
	pq := p.Query()
	sc := scenario.Scenario{Tree: ex.Text, Root: pq.Get("root"), Prune: pq.Get("prune")}
	ps, err := budgeted(ctx, sc).Prepare()
	if err != nil {
		return err
	}
	shape, err := ps.Shape(scenario.ShapeOptions{})
	if err != nil {
		return err
	}
	page.Key = pq.Encode()
	page.Tree, page.Root, page.Prune = ex.Text, pq.Get("root"), pq.Get("prune")
	page.Number = strconv.FormatUint(p.Seed, 10) + p.Variant
	page.Title = "Exercise " + page.Number
	sep := exerciseSpacing(p.BMin)
	if page.ShowsWindows {
		sep = max(sep, math.Ceil(templates.PrInnerSpacing/float64(max(p.BMin, 1))))
	}
	placeExercise(page, trace.NewLayout(shape, trace.LayoutOptions{NodeSep: sep, LevelSep: exerciseLevelSpacing}))
	if grow := page.FitNames(); grow > 1 {
		// Long names (a GDL game's moves): the tree spreads until
		// neighbours' names stand clear of each other.
		placeExercise(page, trace.NewLayout(shape, trace.LayoutOptions{NodeSep: math.Ceil(sep * grow), LevelSep: exerciseLevelSpacing}))
		page.FitNames()
	}
	view := url.Values{}
	for k, v := range sc.Query() {
		view[k] = v
	}
	frame := trace.NewFrame()
	frame.Words = words
	frame.Leaf = ps.Leaf
	var applyErr error
	if _, err := ps.Run(func(e *trace.Event) bool {
		if applyErr = frame.Apply(*e); applyErr != nil {
			return false
		}
		view.Set("step", strconv.Itoa(e.Step))
		page.Steps = append(page.Steps, templates.ExerciseStep{N: e.Step, Text: frame.Narration, URL: "/view?" + view.Encode()})
		return true
	}); err != nil {
		if applyErr != nil {
			// A frame that could not take an event stopped the search:
			// that is what went wrong, not the stop.
			return applyErr
		}
		return err
	}
	view.Set("step", "0")
	page.SolutionURL = "/view?" + view.Encode()
	page.RoomScenario = view.Encode()
	page.WorksheetURL = "/exercise/worksheet?" + page.Key
	page.PredictURL = "/exercise/predict?" + page.Key
	page.OrderingURL = "/exercise/ordering?" + page.Key
	return nil
}

// matchNodeSpacing is the least distance between neighbouring states:
// every state, leaves too, has an input, the player's mark and the matches.
const matchNodeSpacing = 150

// matchstickPage renders the matchstick exercise (see
// exercise.GradeMatchsticks), graded when check=1.
func (s *Server) matchstickPage(c echo.Context) error {
	res, err := exercise.GradeMatchsticksIn(exercise.ParseMatchQuery(c.QueryParams()), apiWords(c))
	if err != nil {
		return err
	}
	p, err := prepare(c, exercise.MatchScenario)
	if err != nil {
		return err
	}
	shape, err := p.Shape(scenario.ShapeOptions{})
	if err != nil {
		return err
	}
	layout := trace.NewLayout(shape, trace.LayoutOptions{NodeSep: matchNodeSpacing, LevelSep: exerciseLevelSpacing})
	view := exercise.MatchScenario.Query()
	view.Set("step", "0")
	view.Set("lang", string(langOf(c)))
	m := matchView(layout, res)
	m.Assets, m.CSS, m.ViewURL = s.assets, s.assetURL("exercise.css"), "/view?"+view.Encode()
	m.RoomScenario = s.exerciseRoom(c, view.Encode())
	if res.Error != "" {
		return s.render(c, http.StatusBadRequest, templates.MatchsticksPage(m))
	}
	return s.render(c, http.StatusOK, templates.MatchsticksPage(m))
}

// predictPage renders predict mode: the student says before each step what
// the search does next (see exercise.Questions), and static/predict.js
// posts each answer to POST /api/exercise/predict and shows the verdict,
// with a streak counter. The parameters are those of GET /api/exercise.
func (s *Server) predictPage(c echo.Context) error {
	q := c.QueryParams()
	page := &templates.ExercisePage{Assets: s.assets, Script: s.assetURL("predict.js"), CSS: s.assetURL("exercise.css"), Form: exerciseForm(q), ShowsWindows: true}
	fail := func(err error) error {
		var xe *exercise.Error
		if !errors.As(err, &xe) {
			return err
		}
		page.Error, page.Field = errorText(langOf(c), xe), xe.Field
		return s.render(c, http.StatusBadRequest, templates.ExercisePredictPage(page, nil))
	}
	p, err := exercise.ParseQuery(q, "lang", "gdlz")
	if err != nil {
		return fail(err)
	}
	ex, err := generateExercise(c, p)
	if err != nil {
		return fail(err)
	}
	w := apiWords(c)
	if err := buildExercise(c.Request().Context(), page, ex, w); err != nil {
		return err
	}
	qs, err := exercise.Questions(ex)
	if err != nil {
		return err
	}
	for i := range qs {
		qs[i] = qs[i].Word(w)
	}
	for i := range page.Nodes {
		if page.Nodes[i].ID == "" {
			// The search starts at the root with the widest window.
			page.Nodes[i].Window = exercise.WindowText(trace.Num(math.Inf(-1)), trace.Num(math.Inf(1)))
		}
	}
	page.SolutionURL += "&lang=" + string(langOf(c))
	page.RoomScenario = s.exerciseRoom(c, page.RoomScenario)
	return s.render(c, http.StatusOK, templates.ExercisePredictPage(page, predictView(qs)))
}

// matchView places the graded matchstick states on their layout.
func matchView(layout *trace.Layout, res *exercise.MatchResult) *templates.Matchsticks {
	m := &templates.Matchsticks{Width: layout.Width, Height: layout.Height, Move: res.Move, BestTake: res.BestTake,
		Checked: res.Checked, Score: res.Score, Total: res.Total, MoveOK: res.MoveOK, MoveNote: res.MoveNote,
		MoveWhy: res.MoveWhy, Error: res.Error}
	if len(res.Fields) > 0 {
		m.Field = res.Fields[0]
	}
	pos := map[string]trace.LayoutNode{}
	for _, n := range layout.Nodes {
		pos[n.ID] = n
	}
	paths := map[string]string{} // the matches taken from the root, by state
	lefts := map[string]int{}
	for _, st := range res.States {
		n := pos[st.ID]
		lefts[st.ID], _ = strconv.Atoi(st.Left)
		if st.ID != "" {
			taken := strconv.Itoa(lefts[st.Parent] - lefts[st.ID])
			if paths[st.ID] = taken; paths[st.Parent] != "" {
				paths[st.ID] = paths[st.Parent] + ", " + taken
			}
		}
		m.Nodes = append(m.Nodes, templates.MatchNode{ID: st.ID, X: n.X, Y: n.Y, Max: st.Max, Leaf: st.Leaf, Left: st.Left,
			Value: st.Given, Want: st.Want, Why: st.Why, State: st.State, Note: st.Note, OK: st.OK, Path: paths[st.ID]})
		if st.ID != "" {
			par := pos[st.Parent]
			m.Edges = append(m.Edges, templates.ExerciseEdge{Child: st.ID, X1: par.X, Y1: par.Y, X2: n.X, Y2: n.Y, Name: st.Take})
		}
	}
	for _, mv := range res.Moves {
		m.Moves = append(m.Moves, templates.MatchMove{Take: mv.Take, Child: mv.Child, Value: mv.Value, Best: mv.Best})
	}
	return m
}

// predictView is what the page holds of predict mode's questions: what
// each asks, and nothing of its answer or of what the search shows after
// it (the server sends that once the question is answered).
func predictView(qs []exercise.Question) []templates.PredictQ {
	out := make([]templates.PredictQ, len(qs))
	for i, q := range qs {
		out[i] = templates.PredictQ{Kind: q.Kind, At: q.At, Prompt: q.Prompt, Which: greekOf(q.Which)}
	}
	return out
}

// greekOf is the letter of a window question's bound ("alpha", "beta");
// "" for other questions.
func greekOf(which string) string {
	switch which {
	case "alpha":
		return "α"
	case "beta":
		return "β"
	}
	return ""
}

// The ordering exercise: the student reorders the children of the
// exercise's nodes (each move a link: ◀ and ▶ swap a node with its
// neighbour) so that alpha-beta, searching in the order shown, prunes as
// much as it can (goal=most, the default) or as little (goal=least);
// Check compares the leaves it evaluates with the optimum: the engine's
// best ordering's count (children sorted best first by their true values)
// for most, its worst ordering's for least. The arrangement lives in the
// query (tree=…), so reloading keeps it.

// orderingPage renders the ordering exercise (see exercise.GradeOrdering):
// the arrangement lives in the query (tree=…), so reloading keeps it, and
// check=1 grades it.
func (s *Server) orderingPage(c echo.Context) error {
	q := c.QueryParams()
	o := &templates.Ordering{Page: templates.ExercisePage{Assets: s.assets, CSS: s.assetURL("exercise.css"), Form: exerciseForm(q)}, Checked: q.Get("check") == "1"}
	fail := func(err error) error {
		var xe *exercise.Error
		if !errors.As(err, &xe) {
			return err
		}
		o.Page.Error, o.Page.Field = errorText(langOf(c), xe), xe.Field
		return s.render(c, http.StatusBadRequest, templates.OrderingPage(o))
	}
	goal, err := exercise.ParseGoal(q.Get("goal"))
	if err != nil {
		return fail(err)
	}
	o.Goal = string(goal)
	p, err := exercise.ParseQuery(q, "tree", "check", "goal", "lang", "gdlz")
	if err != nil {
		return fail(err)
	}
	ex, err := generateExercise(c, p)
	if err != nil {
		return fail(err)
	}
	current, err := exercise.Arrange(ex, q.Get("tree"))
	if err != nil {
		return fail(err)
	}
	cur := *ex
	cur.Text = current.String()
	if err := buildExercise(c.Request().Context(), &o.Page, &cur, apiWords(c)); err != nil {
		return err
	}
	base := p.Query()
	other := p.Query()
	if goal == exercise.GoalLeast {
		base.Set("goal", "least")
	} else {
		other.Set("goal", "least")
	}
	o.ResetURL = "/exercise/ordering?" + base.Encode()
	o.OtherGoalURL = "/exercise/ordering?" + other.Encode()
	link := func(text string, check bool) string {
		v := url.Values{}
		for k, x := range base {
			v[k] = x
		}
		v.Set("tree", text)
		if check {
			v.Set("check", "1")
		}
		return "/exercise/ordering?" + v.Encode()
	}
	o.CheckURL = link(cur.Text, true)
	moves, err := exercise.Moves(current, p.Root)
	if err != nil {
		return err
	}
	pos := map[string]templates.ExerciseNode{}
	for _, n := range o.Page.Nodes {
		pos[n.ID] = n
	}
	for _, mv := range moves {
		n := pos[mv.Node]
		m := templates.OrderMove{Node: mv.Node, X: n.X, Y: n.Y, Leaf: n.Leaf}
		if mv.Left != "" {
			m.Left = link(mv.Left, false)
		}
		if mv.Right != "" {
			m.Right = link(mv.Right, false)
		}
		o.Moves = append(o.Moves, m)
	}
	r, err := exercise.GradeOrdering(ex, current, goal)
	if err != nil {
		return err
	}
	o.Leaves, o.Best, o.Worst, o.Optimum, o.Reached = r.Leaves, r.Best, r.Worst, r.Optimum, r.Reached
	r.Word(wordsFor(string(langOf(c))))
	o.Score, o.Verdict, o.Counts, o.Reasons = r.Score, r.Verdict, r.Counts, r.Reasons
	o.Page.RoomScenario = s.exerciseRoom(c, o.Page.RoomScenario)
	if o.Checked {
		opt := cur
		opt.Text = r.Optimal
		if err := buildExercise(c.Request().Context(), &o.Optimal, &opt, apiWords(c)); err != nil {
			return err
		}
		o.Page.MarkPruned(r.Pruned)
		o.Optimal.MarkPruned(r.OptimalPruned)
	}
	return s.render(c, http.StatusOK, templates.OrderingPage(o))
}

// exerciseRoom is an exercise page's "start a room" scenario: the
// exercise's search in the viewer (query, at step 0), in the page's
// language; empty when the server keeps no rooms or the query is too long
// to stand in the page again.
func (s *Server) exerciseRoom(c echo.Context, query string) string {
	if s.cfg.Classroom == nil || query == "" {
		return ""
	}
	q, err := url.ParseQuery(query)
	if err != nil {
		return ""
	}
	q.Set("lang", string(langOf(c)))
	if rs := q.Encode(); len(rs) <= templates.MaxInlineRoomQuery {
		return rs
	}
	return ""
}

// gdlExerciseNote says what an exercise on a game written in GDL shows:
// a position of the game, its moves as labels (the game's first move as
// the example: mark_1_1 for (mark 1 1)), the first role's goals at the
// leaves.
func gdlExerciseNote(loc *i18n.Localizer, z string) string {
	role, move := "?", "(mark 1 2)"
	if text, err := scenario.ExpandGDL(z); err == nil {
		if g, err := gdl.CompileCached(text); err == nil && len(g.Roles()) > 0 {
			role = g.Roles()[0]
			if ms := g.Moves(g.Init(), nil); len(ms) > 0 && exercise.MoveLabel(g.Name(g.Init(), ms[0])) != "" {
				move = g.Name(g.Init(), ms[0])
			}
		}
	}
	return loc.T("ex.gdl.note", "Role", role, "Move", move, "Label", exercise.MoveLabel(move))
}
