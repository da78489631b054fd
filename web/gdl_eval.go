package web

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search/fuzzy"
	"github.com/abtrace/abtrace/search/gdl"
	"github.com/abtrace/abtrace/search/gdleval"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/templates"
	"github.com/abtrace/abtrace/trace"
)

// pageSelectGames is how many random games the GDL evaluation page plays
// to score the candidate features (seed 1).
const pageSelectGames = 100

// gdlEvalPage shows what a player builds from a GDL game's rules
// (/gdl/eval?game=NAME or ?gdlz=…&eval=NAME&at=ID): the structures found
// and why, the candidate features scored by simulation, and one
// evaluation written out at a position (at: the path of move numbers from
// the initial state, as the viewer names nodes), with the moves that lead
// on from it and the way back.
func (s *Server) gdlEvalPage(c echo.Context) error {
	q := c.QueryParams()
	loc := i18n.For(langOf(c))
	get := func(k, d string) string {
		if v := strings.TrimSpace(q.Get(k)); v != "" {
			return v
		}
		return d
	}
	name, eval, z, at, fz := get("game", "tictactoe"), get("eval", ""), q.Get("gdlz"), get("at", ""), get("fuzzy", "")
	p := &templates.GDLEvalPage{Assets: s.assets, Fields: []templates.FormField{
		{Name: "eval", Label: loc.T("ge.field.eval"), Value: eval},
		{Name: "at", Label: loc.T("ge.field.at"), Value: at},
	}}
	if fz != "" {
		p.Fields = append(p.Fields, templates.FormField{Name: "fuzzy", Label: loc.T("ge.field.fuzzy"), Value: fz})
	}
	if z != "" {
		p.Fields = append(p.Fields, templates.FormField{Name: "gdlz", Value: z, Hidden: true})
	} else {
		p.Fields = append([]templates.FormField{{Name: "game", Label: loc.T("ev.field.game"), Value: name, Options: gdl.Games()}}, p.Fields...)
	}
	fail := func(err error) error {
		p.Error = errorText(langOf(c), err)
		return s.render(c, http.StatusBadRequest, templates.GDLEvalPageView(p))
	}
	text, ok := gdl.GameText(name)
	if z != "" {
		var err error
		if text, err = scenario.ExpandGDL(z); err != nil {
			return fail(badParam("gdlz", "ge.err.game", "Got", "gdlz"))
		}
	} else if !ok {
		return fail(badParam("game", "ge.err.name", "Got", strconv.Quote(name), "Want", strings.Join(gdl.Games(), ", ")))
	}
	g, err := gdl.CompileCached(text)
	if err != nil {
		return fail(badParam(map[bool]string{true: "gdlz", false: "game"}[z != ""], "ge.err.game", "Got", err.Error()))
	}
	a, err := gdleval.Analyze(g)
	if err != nil {
		return fail(badParam("game", "ge.err.game", "Got", err.Error()))
	}
	if eval == "" {
		// goal-fuzzy where the goals could be expanded, else the first.
		eval = a.Names()[1]
		if slices.Contains(a.Names(), "goal-fuzzy") {
			eval = "goal-fuzzy"
		}
		p.Fields[fieldIndex(p.Fields, "eval")].Value = eval
	}
	params, err := fuzzy.ParseParams(fz)
	if err != nil {
		return fail(badParam("fuzzy", "ge.err.fuzzy", "Got", strconv.Quote(fz), "Want", fuzzy.Default.String()))
	}
	ev, err := a.Evaluation(eval, params)
	if perr, ok := combineParam("eval", err); ok {
		return fail(perr)
	}
	if err != nil {
		return fail(badParam("eval", "ge.err.eval", "Got", strconv.Quote(eval), "Want", strings.Join(a.Names()[1:], ", ")))
	}
	node, err := gdlWalk(g, at)
	if err != nil {
		return fail(badParam("at", "ge.err.at", "Got", strconv.Quote(at)))
	}
	sel, err := a.Select(pageSelectGames, 1)
	if err != nil {
		return fail(badParam("game", "ge.err.game", "Got", err.Error()))
	}
	buildGDLEvalPage(loc, p, a, ev, sel)
	game := name
	if z != "" {
		game = ""
	}
	link := func(id string) string { return gdlEvalURL(game, z, eval, fz, id, string(langOf(c))) }
	gdlEvalPosition(loc, p, node, at, link)
	p.Node = gdlEvalNode(loc, ev, params, g, node.s)
	p.Node.Title = "" // the section's heading says it
	p.Node.ViewURL = gdlEvalViewURL(text, eval, fz, string(langOf(c)))
	p.Node.SetupURL = "/?" + strings.TrimPrefix(p.Node.ViewURL, "/view?")
	if f := p.Node.Fuzzy; f != nil {
		f.OtherURL = gdlEvalURL(game, z, f.Other, fz, at, string(langOf(c)))
	}
	if _, err := a.Fuzzy(params); err != nil {
		p.FuzzyError = loc.T("ge.fuzzy.none", "Why", err.Error())
	}
	return s.render(c, http.StatusOK, templates.GDLEvalPageView(p))
}

// gdlEvalPosition fills the page's position: the way from the initial
// state (each move a link back to the position before it), the board or
// the facts, and the moves of the role to move, each a link to the
// position after it.
func gdlEvalPosition(loc *i18n.Localizer, p *templates.GDLEvalPage, at *gdlAt, id string, link func(string) string) {
	g := at.g
	n := gdlNodeView(at, id)
	p.Board, p.Drawn = n.Board, n.Drawn
	if n.Board == "" {
		for _, f := range g.FactTerms(at.s) {
			p.Facts = append(p.Facts, f.String())
		}
	}
	p.Trail = append(p.Trail, templates.GDLEvalStep{Text: loc.T("ge.start"), URL: link(""), Current: id == ""})
	s, path := g.Init(), ""
	if id != "" {
		for i, part := range strings.Split(id, ".") {
			k, _ := strconv.Atoi(part) // gdlWalk read the path
			m := g.Moves(s, nil)[k]
			if i > 0 {
				path += "."
			}
			path += part
			p.Trail = append(p.Trail, templates.GDLEvalStep{Text: g.Name(s, m), URL: link(path), Current: path == id})
			s = g.Result(s, m)
		}
	}
	if g.Terminal(at.s) {
		return
	}
	p.Mover = g.Roles()[g.Mover(at.s)]
	for i, m := range g.Moves(at.s, nil) {
		child := strconv.Itoa(i)
		if id != "" {
			child = id + "." + child
		}
		p.Moves = append(p.Moves, templates.GDLEvalStep{Text: g.Name(at.s, m), URL: link(child)})
	}
}

// fieldIndex is the index of the form field named name.
func fieldIndex(fs []templates.FormField, name string) int {
	for i, f := range fs {
		if f.Name == name {
			return i
		}
	}
	return -1
}

// gdlEvalViewURL is the viewer on the game searched with the evaluation,
// two plies deep from the initial state.
func gdlEvalViewURL(text, eval, fz, lang string) string {
	q := url.Values{"gdlz": {scenario.CompressGDL(text)}, "eval": {eval}, "depth": {"2"}, "lang": {lang}}
	if fz != "" {
		q.Set("fuzzy", fz)
	}
	return "/view?" + q.Encode()
}

func buildGDLEvalPage(loc *i18n.Localizer, p *templates.GDLEvalPage, a *gdleval.Analysis, ev *gdleval.Eval, sel gdleval.Selection) {
	p.Structures = structureTexts(loc, a.Structures)
	p.Games = loc.T("ge.games", "Games", sel.Games, "Seed", sel.Seed, "States", sel.States)
	for _, c := range sel.Candidates {
		p.Candidates = append(p.Candidates, templates.GDLCandidate{Feature: c.Feature, Score: trace.Written(c.Score), Evaluation: c.Evaluation, Why: loc.Phrase(c.Say)})
	}
	p.Eval = ev.Name()
}

// structureTexts words each structure in the page's language, in the
// game's own terms (the phrases of gdl.Structures, as the command line's
// gdl structures --lang words them).
func structureTexts(loc *i18n.Localizer, r gdl.StructureReport) []string {
	out := gdl.StructureTexts(r, loc.Phrase)
	if len(out) == 0 {
		out = append(out, loc.T("ge.none"))
	}
	return out
}
