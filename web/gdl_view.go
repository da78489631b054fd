package web

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search/gdl"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/templates"
	"github.com/abtrace/abtrace/trace"
	"github.com/abtrace/abtrace/view"
	"github.com/labstack/echo/v4"
)

// This file is the viewer's part of a game written in GDL: the line that
// says what is searched, the current node's panel (its board or facts and
// its moves) and why a fact holds there, with the game's rules.

// gdlSourceText says which game in GDL the viewer searches: its roles.
func gdlSourceText(loc *i18n.Localizer, text string) string {
	g, err := gdl.CompileCached(text)
	if err != nil {
		return loc.T("source.gdl", "Roles", "?")
	}
	return loc.T("source.gdl", "Roles", strings.Join(g.Roles(), ", "))
}

// MaxWhySteps bounds the lines of one answer to "why?": a derivation
// deeper or wider than this is cut, and says so.
const MaxWhySteps = 200

// gdlAt is the state of node id (a path of natural child indices) in the
// GDL game p searches, with its parent's state and the move that led
// there (index among the mover's legal moves; -1 at the root).
type gdlAt struct {
	g           *gdl.Game
	s, parent   gdl.State
	mover, move int
	root        bool
	// joint is every role's move into the node (nil at the root).
	joint []int
}

// gdlNode walks from the initial state to node id.
func gdlNode(p *scenario.Search, id string) (*gdlAt, error) {
	g, err := gdl.CompileCached(p.Scenario.GDL)
	if err != nil {
		return nil, err
	}
	return gdlWalk(g, id)
}

// gdlWalk walks g from its initial state to node id.
func gdlWalk(g *gdl.Game, id string) (*gdlAt, error) {
	at := &gdlAt{g: g, s: g.Init(), mover: -1, move: -1, root: true}
	if id == "" {
		return at, nil
	}
	for _, part := range strings.Split(id, ".") {
		i, err := strconv.Atoi(part)
		joint, ok := scenario.GDLChild(g, at.s, i)
		if err != nil || !ok {
			return nil, badParam("id", "gdl.err.id", "ID", id)
		}
		at.parent, at.root, at.joint = at.s, false, joint
		at.mover = g.Mover(at.s)
		at.move = joint[min(at.mover, len(joint)-1)]
		at.s = g.Next(at.s, joint)
	}
	return at, nil
}

// gdlNodeView is the panel's view of a node.
func gdlNodeView(at *gdlAt, id string) *templates.GDLNode {
	g := at.g
	n := &templates.GDLNode{ID: id, Board: scenario.GDLBoardText(g, at.s), Terminal: g.Terminal(at.s)}
	if n.Board != "" {
		n.Drawn = view.PositionBoard(view.Node{Glyph: view.GlyphBoard, LayoutNode: trace.LayoutNode{Board: n.Board, Kind: g.ToMove(at.s)}})
	}
	switch {
	case !at.root && g.CheckTurns() != nil:
		// The roles chose at once: every role's move.
		var made []string
		for r, k := range at.joint {
			made = append(made, g.MoveText(r, k))
		}
		n.Made = trace.JointMoveText(g.Roles(), made)
	case !at.root:
		n.Made, n.Role = g.MoveText(at.mover, at.move), g.Roles()[at.mover]
	}
	gr := g.Picture()
	before := map[string]bool{}
	if !at.root {
		for _, f := range g.FactList(at.parent) {
			before[f] = true
		}
	}
	for i, f := range g.FactTerms(at.s) {
		if n.Board != "" && gr != nil && gr.OnBoard(f) && (at.root || before[f.String()]) {
			continue
		}
		n.Facts = append(n.Facts, templates.GDLItem{Index: i, Text: f.String()})
	}
	goals := g.Goals(at.s)
	for r, name := range g.Roles() {
		role := templates.GDLRole{Index: r, Name: name}
		if !n.Terminal {
			for _, k := range g.LegalMoves(at.s, r) {
				role.Moves = append(role.Moves, templates.GDLItem{Index: k, Text: g.MoveText(r, k)})
			}
		} else if r < len(goals) && goals[r] >= 0 {
			role.Goal = strconv.Itoa(goals[r])
		}
		n.Roles = append(n.Roles, role)
	}
	if !n.Terminal && g.CheckTurns() == nil {
		// The role to move first: its moves are the node's choices, and
		// the first "why?" of the list explains one of them, not the
		// others' only move (noop), which is listed after.
		if m := g.Mover(at.s); m > 0 && m < len(n.Roles) {
			r := n.Roles[m]
			n.Roles = slices.Insert(slices.Delete(n.Roles, m, m+1), 0, r)
		}
	}
	return n
}

// gdlPanel is the viewer's GDL panel at node id, or nil when p searches
// no GDL game.
func gdlPanel(loc *i18n.Localizer, p *scenario.Search, query, id string) *templates.GDLPanel {
	if p.Scenario.GDL == "" {
		return nil
	}
	at, err := gdlNode(p, id)
	if err != nil {
		return nil
	}
	panel := &templates.GDLPanel{Query: query, Node: gdlNodeView(at, id)}
	withGDLEval(loc, p, at, panel.Node)
	for i, l := range strings.Split(p.Scenario.GDL, "\n") {
		panel.Rules = append(panel.Rules, templates.GDLLine{N: i + 1, Text: strings.TrimRight(l, "\r")})
	}
	return panel
}

// gdlRequest reads the scenario and node of /api/gdl/node and /api/gdl/why.
func gdlRequest(c echo.Context) (*gdlAt, *scenario.Search, error) {
	sc, err := scenario.FromQuery(c.QueryParams())
	if err != nil {
		return nil, nil, err
	}
	if sc.GDL == "" {
		return nil, nil, badParam("gdlz", "gdl.err.none")
	}
	p, err := prepare(c, sc)
	if err != nil {
		return nil, nil, err
	}
	at, err := gdlNode(p, c.QueryParam("id"))
	return at, p, err
}

// gdlNodeFragment is /api/gdl/node: the panel's node part at node id, as
// HTML the script puts in place.
func (s *Server) gdlNodeFragment(c echo.Context) error {
	at, p, err := gdlRequest(c)
	if err != nil {
		return c.JSON(http.StatusBadRequest, map[string]string{"error": errorText(langOf(c), err)})
	}
	n := gdlNodeView(at, c.QueryParam("id"))
	withGDLEval(i18n.For(langOf(c)), p, at, n)
	return s.render(c, http.StatusOK, templates.GDLNodeBody(n))
}

// whyAnswer is /api/gdl/why's answer: what is explained, the derivation
// as indented lines in the page's language, and the lines of the game's
// text to highlight (Fired: the rule that gave the fact itself).
type whyAnswer struct {
	Title string    `json:"title"`
	Steps []whyStep `json:"steps"`
	Lines []int     `json:"lines"`
	Fired []int     `json:"fired"`
	Cut   bool      `json:"cut,omitempty"`
}

type whyStep struct {
	Depth int    `json:"depth"`
	Text  string `json:"text"`
	Line  int    `json:"line,omitempty"`
}

// gdlWhy is /api/gdl/why: why a fact holds at node id: what=legal (role,
// move), next (fact: the index of a fact of the node, made true by the
// move that led there), goal (role) or terminal.
func (s *Server) gdlWhy(c echo.Context) error {
	lang := langOf(c)
	loc := i18n.For(lang)
	at, _, err := gdlRequest(c)
	if err == nil {
		var a *whyAnswer
		if a, err = whyOf(loc, at, c.QueryParams()); err == nil {
			return c.JSON(http.StatusOK, a)
		}
	}
	return c.JSON(http.StatusBadRequest, map[string]string{"error": errorText(lang, err)})
}

// whyOf derives the fact q asks about at the node.
func whyOf(loc *i18n.Localizer, at *gdlAt, q url.Values) (*whyAnswer, error) {
	fact, state, does, err := whyQuestion(at, q)
	if err != nil {
		return nil, err
	}
	d, ok, err := gdl.NewTablingProver(at.g.Description()).Explain(fact, state, does)
	if err != nil {
		return nil, err
	}
	a := &whyAnswer{Title: loc.T("gdl.why.title", "Fact", fact.String()), Steps: []whyStep{}, Lines: []int{}, Fired: []int{}}
	if !ok {
		a.Steps = append(a.Steps, whyStep{Text: loc.T("gdl.why.fails", "Fact", fact.String())})
		return a, nil
	}
	a.Fired = ruleLines(d, a.Fired, nil)
	lines := map[int]bool{}
	var walk func(d *gdl.Derivation, depth int)
	walk = func(d *gdl.Derivation, depth int) {
		if len(a.Steps) >= MaxWhySteps {
			a.Cut = true
			return
		}
		st := whyStep{Depth: depth, Text: whyText(loc, d)}
		if d.Kind == "rule" || d.Kind == "fact" {
			st.Line = d.Span.Start.Line
			ruleLines(d, nil, lines)
		}
		a.Steps = append(a.Steps, st)
		for _, b := range d.Body {
			walk(b, depth+1)
		}
	}
	walk(d, 0)
	if a.Cut {
		a.Steps = append(a.Steps, whyStep{Text: loc.T("gdl.why.toolong", "Max", MaxWhySteps)})
	}
	for l := range lines {
		a.Lines = append(a.Lines, l)
	}
	slices.Sort(a.Lines)
	return a, nil
}

// ruleLines adds the lines of the rule or fact d stands on, if it stands
// on one, to list and to set (either may be nil), and returns list.
func ruleLines(d *gdl.Derivation, list []int, set map[int]bool) []int {
	if d.Kind != "rule" && d.Kind != "fact" {
		return list
	}
	for l := d.Span.Start.Line; l <= d.Span.End.Line; l++ {
		if set != nil {
			set[l] = true
		} else {
			list = append(list, l)
		}
	}
	return list
}

// whyQuestion reads what q asks about at the node: the fact to derive,
// the state it holds in, and for a next state's fact the moves made.
func whyQuestion(at *gdlAt, q url.Values) (fact gdl.Term, state, does []gdl.Term, err error) {
	g := at.g
	index := func(name string, n int) (int, error) {
		i, err := strconv.Atoi(q.Get(name))
		if err != nil || i < 0 || i >= n {
			return 0, badParam(name, "gdl.err.index", "Got", q.Get(name), "Max", n-1)
		}
		return i, nil
	}
	state = g.FactTerms(at.s)
	switch q.Get("what") {
	case "legal":
		r, err := index("role", len(g.Roles()))
		if err != nil {
			return fact, nil, nil, err
		}
		k, err := index("move", 1<<30)
		if err != nil || !slices.Contains(g.LegalMoves(at.s, r), k) {
			return fact, nil, nil, badParam("move", "gdl.err.move", "Got", q.Get("move"))
		}
		fact = gdl.Term{Name: "legal", Args: []gdl.Term{{Name: g.Roles()[r]}, g.MoveTerm(r, k)}}
	case "goal":
		r, err := index("role", len(g.Roles()))
		if err != nil {
			return fact, nil, nil, err
		}
		fact = gdl.Term{Name: "goal", Args: []gdl.Term{{Name: g.Roles()[r]}, {Name: strconv.Itoa(g.Goals(at.s)[r])}}}
	case "terminal":
		fact = gdl.Term{Name: "terminal"}
	case "next":
		if at.root {
			return fact, nil, nil, badParam("id", "gdl.err.root")
		}
		i, err := index("fact", len(state))
		if err != nil {
			return fact, nil, nil, err
		}
		fact = gdl.Term{Name: "next", Args: []gdl.Term{state[i]}}
		state, does = g.FactTerms(at.parent), movesMade(at)
	default:
		return fact, nil, nil, badParam("what", "gdl.err.what", "Got", q.Get("what"))
	}
	return fact, state, does, nil
}

// movesMade are the does facts of the joint move that led to the node:
// the mover's move, and every other role's only legal one.
func movesMade(at *gdlAt) []gdl.Term {
	g := at.g
	var does []gdl.Term
	for r, name := range g.Roles() {
		k := at.joint[r]
		does = append(does, gdl.Term{Name: "does", Args: []gdl.Term{{Name: name}, g.MoveTerm(r, k)}})
	}
	return does
}

// whyText says one step of a derivation in loc's language.
func whyText(loc *i18n.Localizer, d *gdl.Derivation) string {
	switch d.Kind {
	case "rule":
		var bs []string
		for _, b := range d.Bindings {
			bs = append(bs, b.Var+" = "+b.Value)
		}
		if len(bs) == 0 {
			return loc.T("gdl.why.rule0", "Fact", d.Fact, "From", d.Span.Start.Line, "To", d.Span.End.Line)
		}
		return loc.T("gdl.why.rule", "Fact", d.Fact, "From", d.Span.Start.Line, "To", d.Span.End.Line, "Bindings", strings.Join(bs, ", "))
	case "fact", "state", "move", "not", "distinct", "cut":
		return loc.T("gdl.why."+d.Kind, "Fact", d.Fact, "Line", d.Span.Start.Line)
	}
	return d.Fact
}
