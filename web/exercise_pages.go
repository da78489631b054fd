package web

import (
	"errors"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/abtrace/abtrace/search/exercise"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/templates"
	"github.com/abtrace/abtrace/trace"
)

// The exercise pages: the fill-in exercise, where a student works an
// alpha-beta search by hand on a generated tree and has it checked node by
// node by POST /api/exercise/check (the script does the posting).

// exerciseLevelSpacing is the distance between levels of an exercise tree:
// more than the viewer's, to leave room for the inputs under each node.
const exerciseLevelSpacing = 130

// exerciseNodeSpacing is the least distance between neighbouring leaves.
const exerciseNodeSpacing = 72

// exercisePageRoutes registers the exercise pages. routes() calls it.
func (s *Server) exercisePageRoutes() {
	s.e.GET("/exercise", s.exercisePage)
	s.e.GET("/exercise/worksheet", s.worksheetPage)
	s.e.GET("/exercise/matchsticks", s.matchstickPage)
	s.e.GET("/exercise/predict", s.predictPage)
	s.e.GET("/exercise/ordering", s.orderingPage)
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
	page := &templates.ExercisePage{Assets: s.assets, Script: s.assetURL("exercise.js"), Form: form}
	fail := func(err error) error {
		var xe *exercise.Error
		if !errors.As(err, &xe) {
			return err
		}
		page.Error, page.Field = xe.Error(), xe.Field
		return s.render(c, http.StatusBadRequest, templates.ExerciseFillPage(page))
	}
	p, err := exercise.ParseQuery(q)
	if err != nil {
		return fail(err)
	}
	ex, err := exercise.Generate(p)
	if err != nil {
		return fail(err)
	}
	if err := buildExercise(page, ex); err != nil {
		return err
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
	page := &templates.ExercisePage{Assets: s.assets, Form: exerciseForm(q)}
	fail := func(err error) error {
		var xe *exercise.Error
		if !errors.As(err, &xe) {
			return err
		}
		page.Error, page.Field = xe.Error(), xe.Field
		return s.render(c, http.StatusBadRequest, templates.ExerciseWorksheetPage(page))
	}
	switch n := q.Get("notation"); n {
	case "", "symbols", "ascii":
		page.Notation = n
	default:
		return fail(&exercise.Error{Field: "notation", Msg: fmt.Sprintf("%q is not a notation: give symbols (≤ ≥) or ascii (<= >=)", n), Kind: exercise.ErrInvalid})
	}
	p, err := exercise.ParseQuery(q, "notation")
	if err != nil {
		return fail(err)
	}
	ex, err := exercise.Generate(p)
	if err != nil {
		return fail(err)
	}
	if err := buildExercise(page, ex); err != nil {
		return err
	}
	// The key is the checker's own: what it wants of an empty submission.
	res, err := exercise.Check(exercise.Submission{Tree: page.Tree, Root: page.Root, Prune: page.Prune})
	if err != nil {
		return err
	}
	ascii := page.Notation == "ascii"
	for i, n := range page.Nodes {
		if r, ok := res.Nodes[n.ID]; ok && !n.Leaf && r.Want != "pruned" {
			page.Nodes[i].Want = keyNotation(r.Want, ascii)
		}
	}
	for i, e := range page.Edges {
		if r, ok := res.Nodes[e.Child]; ok && r.Want == "pruned" {
			page.Edges[i].Pruned = true
			page.Pruned++
		}
	}
	page.Rule = ruleText(page.Prune, ascii)
	return s.render(c, http.StatusOK, templates.ExerciseWorksheetPage(page))
}

// keyNotation writes a value or bound in the chosen notation.
func keyNotation(want string, ascii bool) string {
	if !ascii {
		return want
	}
	return strings.NewReplacer("≤", "<=", "≥", ">=", "−", "-").Replace(want)
}

// ruleText says the pruning rule in words.
func ruleText(prune string, ascii bool) string {
	ge, gt := "α ≥ β", "α > β"
	if ascii {
		ge, gt = "alpha >= beta", "alpha > beta"
	}
	if prune == "gt" {
		return "Cut off only when " + gt + " (not when they are equal)."
	}
	return "Cut off as soon as " + ge + "."
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
		Root: get("root"), Prune: get("prune"), Distinct: flagOn(get("distinct"))}
}

func flagOn(s string) bool {
	on, err := exercise.ParseFlag("", s)
	return err == nil && on
}

// buildExercise lays out the exercise's tree and gathers the steps of its
// search for the hints.
func buildExercise(page *templates.ExercisePage, ex *exercise.Exercise) error {
	p := ex.Params
	pq := p.Query()
	sc := scenario.Scenario{Tree: ex.Text, Root: pq.Get("root"), Prune: pq.Get("prune")}
	ps, err := sc.Prepare()
	if err != nil {
		return err
	}
	shape, err := ps.Shape(scenario.ShapeOptions{})
	if err != nil {
		return err
	}
	layout := trace.NewLayout(shape, trace.LayoutOptions{NodeSep: exerciseNodeSpacing, LevelSep: exerciseLevelSpacing})
	page.Key = pq.Encode()
	page.Tree, page.Root, page.Prune = ex.Text, pq.Get("root"), pq.Get("prune")
	page.Title = "Exercise " + strconv.FormatUint(p.Seed, 10) + p.Variant
	page.Width, page.Height = layout.Width, layout.Height
	pos := map[string]trace.LayoutNode{}
	for _, n := range layout.Nodes {
		pos[n.ID] = n
		node := templates.ExerciseNode{ID: n.ID, Name: templates.NodeName(n.ID, n.Label), X: n.X, Y: n.Y,
			Leaf: n.Leaf, Text: n.Text, Max: n.Kind == trace.Max}
		page.Nodes = append(page.Nodes, node)
		if n.HasParent {
			par := pos[n.Parent]
			page.Edges = append(page.Edges, templates.ExerciseEdge{Child: n.ID, Name: node.Name,
				Parent: templates.NodeName(par.ID, par.Label), X1: par.X, Y1: par.Y, X2: n.X, Y2: n.Y})
		}
	}
	view := url.Values{}
	for k, v := range sc.Query() {
		view[k] = v
	}
	frame := trace.NewFrame()
	var applyErr error
	if _, err := ps.Run(func(e *trace.Event) bool {
		if applyErr = frame.Apply(*e); applyErr != nil {
			return false
		}
		view.Set("step", strconv.Itoa(e.Step))
		page.Steps = append(page.Steps, templates.ExerciseStep{N: e.Step, Text: frame.Narration, URL: "/view?" + view.Encode()})
		return true
	}); err != nil {
		return err
	}
	if applyErr != nil {
		return applyErr
	}
	view.Set("step", "0")
	page.SolutionURL = "/view?" + view.Encode()
	page.WorksheetURL = "/exercise/worksheet?" + page.Key
	page.PredictURL = "/exercise/predict?" + page.Key
	page.OrderingURL = "/exercise/ordering?" + page.Key
	return nil
}

// The matchstick exercise of the lecture: 5 matches, take 1 or 2, whoever
// takes the last match loses. The student gives every state's minimax value
// (+1: MAX wins, −1: MIN wins) and names MAX's winning first move; the
// answers travel in the query (a.<node id>=…, move=…), so a reload or a
// link keeps them, and check=1 grades them against the engine's minimax.

// matchNodeSpacing is the least distance between neighbouring states:
// every state, leaves too, has an input, the player's mark and the matches.
const matchNodeSpacing = 150

// matchScenario is the lecture's game.
var matchScenario = scenario.Scenario{Game: "nim", Matches: 5, Take: 2, Algo: "minimax"}

// matchstickPage renders the matchstick exercise, graded when check=1.
func (s *Server) matchstickPage(c echo.Context) error {
	q := c.QueryParams()
	p, err := matchScenario.Prepare()
	if err != nil {
		return err
	}
	shape, err := p.Shape(scenario.ShapeOptions{})
	if err != nil {
		return err
	}
	layout := trace.NewLayout(shape, trace.LayoutOptions{NodeSep: matchNodeSpacing, LevelSep: exerciseLevelSpacing})
	values := map[string]trace.Num{}
	res, err := p.Run(func(e *trace.Event) bool {
		if e.Type == trace.Exit || e.Type == trace.Leaf {
			values[e.Node] = e.Value
		}
		return true
	})
	if err != nil {
		return err
	}
	m := &templates.Matchsticks{Assets: s.assets, Width: layout.Width, Height: layout.Height,
		Move: q.Get("move"), Checked: q.Get("check") == "1"}
	view := matchScenario.Query()
	view.Set("step", "0")
	m.ViewURL = "/view?" + view.Encode()
	byID := map[string]trace.LayoutNode{}
	children := map[string][]trace.LayoutNode{}
	for _, n := range layout.Nodes {
		byID[n.ID] = n
		if n.HasParent {
			children[n.Parent] = append(children[n.Parent], n)
		}
	}
	var bad []string
	for _, n := range layout.Nodes {
		mn := templates.MatchNode{ID: n.ID, X: n.X, Y: n.Y, Max: n.Kind == trace.Max, Leaf: n.Leaf, Left: n.Text,
			Value: q.Get("a." + n.ID), Want: signed(values[n.ID])}
		mn.Why = matchWhy(n, values, children[n.ID])
		if n.HasParent {
			par := byID[n.Parent]
			m.Edges = append(m.Edges, templates.ExerciseEdge{Child: n.ID, X1: par.X, Y1: par.Y, X2: n.X, Y2: n.Y,
				Name: takeText(par.Text, n.Text)})
		}
		if m.Checked {
			m.Total++
			got, err := parseSigned(mn.Value)
			switch {
			case err != nil:
				bad = append(bad, "a."+n.ID)
				mn.Note = err.Error()
			case mn.Value == "":
				mn.Note = "No value given."
			case got != float64(values[n.ID]):
				mn.Note = "Not " + strings.TrimSpace(mn.Value) + "."
			default:
				mn.OK = true
				m.Score++
			}
			mn.State = "wrong"
			if mn.OK {
				mn.State = "right"
			}
		}
		m.Nodes = append(m.Nodes, mn)
	}
	root := byID[""]
	for _, ch := range children[""] {
		take := takeCount(root.Text, ch.Text)
		m.Moves = append(m.Moves, templates.MatchMove{Take: take, Child: ch.ID, Value: signed(values[ch.ID]), Best: ch.ID == res.Best})
		if ch.ID == res.Best {
			m.BestTake = take
		}
	}
	if m.Checked {
		m.Total++
		switch {
		case m.Move == "":
			m.MoveNote = "No move named."
		case m.Move == m.BestTake:
			m.MoveOK = true
			m.Score++
		default:
			m.MoveNote = "Taking " + m.Move + " is not the winning move."
		}
	}
	if len(bad) > 0 {
		m.Error = "Some values are not +1 or −1: " + strings.Join(bad, ", ") + "."
		m.Field = bad[0]
		return s.render(c, http.StatusBadRequest, templates.MatchsticksPage(m))
	}
	return s.render(c, http.StatusOK, templates.MatchsticksPage(m))
}

// signed writes a game value with its sign: +1, −1, 0.
func signed(v trace.Num) string {
	if v > 0 {
		return "+" + v.String()
	}
	return v.String()
}

// parseSigned reads a student's value: 1, +1, -1, −1 (and 0); "" is none.
func parseSigned(s string) (float64, error) {
	t := strings.TrimSpace(strings.ReplaceAll(s, "−", "-"))
	if t == "" {
		return 0, nil
	}
	body := strings.TrimPrefix(t, "+")
	f, err := strconv.ParseFloat(body, 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) || (body != t && strings.ContainsAny(body[:1], "+-")) {
		return 0, fmt.Errorf("%q is not a value such as +1 or −1", strings.TrimSpace(s))
	}
	return f, nil
}

func takeCount(from, to string) string {
	a, _ := strconv.Atoi(from)
	b, _ := strconv.Atoi(to)
	return strconv.Itoa(a - b)
}

func takeText(from, to string) string { return "take " + takeCount(from, to) }

// matchWhy says how a state's value comes about.
func matchWhy(n trace.LayoutNode, values map[string]trace.Num, kids []trace.LayoutNode) string {
	who, other := "MAX", "MIN"
	if n.Kind != trace.Max {
		who, other = "MIN", "MAX"
	}
	if n.Leaf {
		return fmt.Sprintf("No matches left and %s to move: %s took the last match and lost, so the value is %s.", who, other, signed(values[n.ID]))
	}
	parts := make([]string, len(kids))
	for i, k := range kids {
		parts[i] = takeText(n.Text, k.Text) + " → " + signed(values[k.ID])
	}
	pick := "the largest"
	if n.Kind != trace.Max {
		pick = "the smallest"
	}
	return fmt.Sprintf("%s to move with %s left picks %s of its moves' values (%s): %s.", who, n.Text, pick, strings.Join(parts, ", "), signed(values[n.ID]))
}

// predictPage renders predict mode: the student says before each step what
// the search does next (which node it enters; whether a node cuts off once
// a child has returned; what α or β becomes when it moves), with immediate feedback and a streak counter
// (static/predict.js). The parameters are those of GET /api/exercise.
func (s *Server) predictPage(c echo.Context) error {
	q := c.QueryParams()
	page := &templates.ExercisePage{Assets: s.assets, Script: s.assetURL("predict.js"), Form: exerciseForm(q)}
	fail := func(err error) error {
		var xe *exercise.Error
		if !errors.As(err, &xe) {
			return err
		}
		page.Error, page.Field = xe.Error(), xe.Field
		return s.render(c, http.StatusBadRequest, templates.ExercisePredictPage(page, nil))
	}
	p, err := exercise.ParseQuery(q)
	if err != nil {
		return fail(err)
	}
	ex, err := exercise.Generate(p)
	if err != nil {
		return fail(err)
	}
	if err := buildExercise(page, ex); err != nil {
		return err
	}
	qs, err := predictQuestions(page)
	if err != nil {
		return err
	}
	return s.render(c, http.StatusOK, templates.ExercisePredictPage(page, qs))
}

// predictQuestions turns the search of the page's tree into questions: one
// at every node entered (but the root), one at every child's return that
// leaves its parent more children to search (does it cut off?), and one
// wherever a child's value moves its parent's α (at MAX) or β (at MIN):
// what does it become? Each
// question carries what the search shows until the next one: the values
// nodes return, and the children a cutoff skips.
func predictQuestions(page *templates.ExercisePage) ([]templates.PredictQ, error) {
	ps, err := scenario.Scenario{Tree: page.Tree, Root: page.Root, Prune: page.Prune}.Prepare()
	if err != nil {
		return nil, err
	}
	type ev struct {
		e         trace.Event
		say, text string
	}
	var evs []ev
	frame := trace.NewFrame()
	var applyErr error
	if _, err := ps.Run(func(e *trace.Event) bool {
		if applyErr = frame.Apply(*e); applyErr != nil {
			return false
		}
		x := ev{e: *e, say: frame.Narration}
		if v, ok := frame.Nodes[e.Node]; ok && e.Type == trace.Exit {
			x.text = v.Text
		}
		evs = append(evs, x)
		return true
	}); err != nil {
		return nil, err
	}
	if applyErr != nil {
		return nil, applyErr
	}
	kids := map[string][]string{}
	for _, e := range page.Edges {
		kids[parentID(e.Child)] = append(kids[parentID(e.Child)], e.Child)
	}
	var qs []templates.PredictQ
	for i, x := range evs {
		e := x.e
		switch {
		case e.Type == trace.Enter && e.Node != "":
			qs = append(qs, templates.PredictQ{Kind: "enter", At: parentID(e.Node), Answer: e.Node, Say: x.say})
		case e.Type == trace.Update && (e.Changed == "alpha" || e.Changed == "beta"):
			// The child's value moved the node's window: what is α (at
			// MAX) or β (at MIN) now?
			v := e.Alpha
			if e.Changed == "beta" {
				v = e.Beta
			}
			qs = append(qs, templates.PredictQ{Kind: "window", At: e.Node, Child: e.Child, Which: e.Changed,
				Answer: v.Plain(), Shown: v.String(), Say: x.say})
		case e.Type == trace.Exit:
			if len(qs) > 0 {
				qs[len(qs)-1].Reveal = append(qs[len(qs)-1].Reveal, templates.Reveal{Node: e.Node, Text: x.text})
			}
			if e.Node == "" {
				continue
			}
			par := parentID(e.Node)
			sib := kids[par]
			if len(sib) == 0 || sib[len(sib)-1] == e.Node {
				continue
			}
			pq := templates.PredictQ{Kind: "cut", At: par, Child: e.Node, Answer: "no"}
			for _, y := range evs[i+1:] {
				if y.e.Type == trace.Prune && y.e.Node == par && len(y.e.Pruned) > 0 {
					pq.Answer, pq.Say, pq.Pruned = "yes", y.say, y.e.Pruned
					break
				}
				if y.e.Type == trace.Enter && parentID(y.e.Node) == par || y.e.Type == trace.Exit && y.e.Node == par {
					break
				}
				if y.e.Node == par {
					pq.Say = y.say // the update that tells why the search goes on
				}
			}
			if pq.Say == "" {
				pq.Say = "Node " + templates.NodeName(par, "") + " goes on to its next child."
			}
			qs = append(qs, pq)
		}
	}
	return qs, nil
}

// parentID is the id of a node's parent ("" for the root's children).
func parentID(id string) string {
	if i := strings.LastIndexByte(id, '.'); i >= 0 {
		return id[:i]
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

// orderingPage renders the ordering exercise.
func (s *Server) orderingPage(c echo.Context) error {
	q := c.QueryParams()
	o := &templates.Ordering{Page: templates.ExercisePage{Assets: s.assets, Form: exerciseForm(q)}, Checked: q.Get("check") == "1"}
	fail := func(err error) error {
		var xe *exercise.Error
		if !errors.As(err, &xe) {
			return err
		}
		o.Page.Error, o.Page.Field = xe.Error(), xe.Field
		return s.render(c, http.StatusBadRequest, templates.OrderingPage(o))
	}
	switch g := q.Get("goal"); g {
	case "", "most":
		o.Goal = "most"
	case "least":
		o.Goal = "least"
	default:
		return fail(&exercise.Error{Field: "goal", Msg: fmt.Sprintf("%q is not a goal: give most (prune as much as possible) or least (as little)", g), Kind: exercise.ErrInvalid})
	}
	p, err := exercise.ParseQuery(q, "tree", "check", "goal")
	if err != nil {
		return fail(err)
	}
	ex, err := exercise.Generate(p)
	if err != nil {
		return fail(err)
	}
	opt := tree.Options{Root: p.Root}
	current := ex.Tree
	if text := strings.TrimSpace(q.Get("tree")); text != "" {
		t, err := opt.Parse(text)
		if err != nil {
			return fail(&exercise.Error{Field: "tree", Msg: err.Error(), Kind: exercise.ErrInvalid, Err: err})
		}
		if canonical(t.Root) != canonical(ex.Tree.Root) {
			return fail(&exercise.Error{Field: "tree", Msg: "is not a reordering of the exercise's tree: only the order of children may change", Kind: exercise.ErrInvalid})
		}
		current = t
	}
	cur := *ex
	cur.Text = current.String()
	if err := buildExercise(&o.Page, &cur); err != nil {
		return err
	}
	base := url.Values{}
	for k, v := range p.Query() {
		base[k] = v
	}
	other := url.Values{}
	for k, v := range base {
		other[k] = v
	}
	if o.Goal == "least" {
		base.Set("goal", "least")
	} else {
		other.Set("goal", "least")
	}
	o.ResetURL = "/exercise/ordering?" + base.Encode()
	o.OtherGoalURL = "/exercise/ordering?" + other.Encode()
	link := func(t *tree.Tree, check bool) string {
		v := url.Values{}
		for k, x := range base {
			v[k] = x
		}
		v.Set("tree", t.String())
		if check {
			v.Set("check", "1")
		}
		return "/exercise/ordering?" + v.Encode()
	}
	o.CheckURL = link(current, true)
	for _, n := range o.Page.Nodes {
		if n.ID == "" {
			continue
		}
		par, idx := parentID(n.ID), lastIndex(n.ID)
		m := templates.OrderMove{Node: n.ID, X: n.X, Y: n.Y, Leaf: n.Leaf}
		siblings := nodeAt(current.Root, par).Children
		if idx > 0 {
			m.Left = link(swapped(current, opt, par, idx-1), false)
		}
		if idx < len(siblings)-1 {
			m.Right = link(swapped(current, opt, par, idx), false)
		}
		o.Moves = append(o.Moves, m)
	}
	leaves := func(order string, text string) (int, error) {
		ps, err := scenario.Scenario{Tree: text, Root: o.Page.Root, Prune: o.Page.Prune, Order: order}.Prepare()
		if err != nil {
			return 0, err
		}
		res, err := ps.Run(nil)
		return res.Stats.Leaves, err
	}
	if o.Leaves, err = leaves("", cur.Text); err != nil {
		return err
	}
	if o.Best, err = leaves("best", ex.Text); err != nil {
		return err
	}
	if o.Worst, err = leaves("worst", ex.Text); err != nil {
		return err
	}
	if o.Start, err = leaves("", ex.Text); err != nil {
		return err
	}
	o.All = ex.Solution.TreeLeaves
	return s.render(c, http.StatusOK, templates.OrderingPage(o))
}

// canonical writes a subtree with every node's children sorted, so two
// trees that differ only in the order of children write the same.
func canonical(n *tree.Node) string {
	if len(n.Children) == 0 {
		return strconv.FormatFloat(n.Value, 'g', -1, 64)
	}
	parts := make([]string, len(n.Children))
	for i, c := range n.Children {
		parts[i] = canonical(c)
	}
	slices.Sort(parts)
	return "(" + strings.Join(parts, " ") + ")"
}

// nodeAt follows a path id ("1.0") from n.
func nodeAt(n *tree.Node, id string) *tree.Node {
	if id == "" {
		return n
	}
	for _, part := range strings.Split(id, ".") {
		i, _ := strconv.Atoi(part)
		n = n.Children[i]
	}
	return n
}

func lastIndex(id string) int {
	i, _ := strconv.Atoi(id[strings.LastIndexByte(id, '.')+1:])
	return i
}

// swapped returns a copy of t with the children i and i+1 of the node at
// par swapped.
func swapped(t *tree.Tree, opt tree.Options, par string, i int) *tree.Tree {
	c, err := opt.Parse(t.String())
	if err != nil {
		return t
	}
	n := nodeAt(c.Root, par)
	n.Children[i], n.Children[i+1] = n.Children[i+1], n.Children[i]
	return c
}
