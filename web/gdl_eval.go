package web

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search/fuzzy"
	"github.com/abtrace/abtrace/search/gdl"
	"github.com/abtrace/abtrace/search/gdleval"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/templates"
)

// pageSelectGames is how many random games the GDL evaluation page plays
// to score the candidate features (seed 1).
const pageSelectGames = 100

// gdlEvalPage shows what a player builds from a GDL game's rules
// (/gdl/eval?game=NAME or ?gdlz=…&eval=NAME): the structures found and
// why, the candidate features scored by simulation, the terms of one
// evaluation at the initial state, and the goal formulas' degrees there.
func (s *Server) gdlEvalPage(c echo.Context) error {
	q := c.QueryParams()
	loc := i18n.For(langOf(c))
	get := func(k, d string) string {
		if v := strings.TrimSpace(q.Get(k)); v != "" {
			return v
		}
		return d
	}
	name, eval, z := get("game", "tictactoe"), get("eval", "goal-fuzzy"), q.Get("gdlz")
	p := &templates.GDLEvalPage{Assets: s.assets, Fields: []templates.FormField{
		{Name: "eval", Label: loc.T("ge.field.eval"), Value: eval},
	}}
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
	ev, err := a.Evaluation(eval, fuzzy.Default)
	if err != nil {
		return fail(badParam("eval", "ge.err.eval", "Got", strconv.Quote(eval), "Want", strings.Join(a.Names()[1:], ", ")))
	}
	sel, err := a.Select(pageSelectGames, 1)
	if err != nil {
		return fail(badParam("game", "ge.err.game", "Got", err.Error()))
	}
	buildGDLEvalPage(loc, p, a, ev, sel)
	return s.render(c, http.StatusOK, templates.GDLEvalPageView(p))
}

func buildGDLEvalPage(loc *i18n.Localizer, p *templates.GDLEvalPage, a *gdleval.Analysis, ev *gdleval.Eval, sel gdleval.Selection) {
	p.Structures = structureTexts(loc, a.Structures)
	p.Games = loc.T("ge.games", "Games", sel.Games, "Seed", sel.Seed, "States", sel.States)
	for _, c := range sel.Candidates {
		p.Candidates = append(p.Candidates, templates.GDLCandidate{Feature: c.Feature, Score: fmt.Sprintf("%+.4f", c.Score), Evaluation: c.Evaluation})
	}
	s := a.G.Init()
	gs := ev.Goals()
	p.Eval = ev.Name()
	p.Terms = []templates.GDLTerm{
		{Name: "V", Meaning: loc.T("ge.term.v", "Feature", ev.Feature()), Value: gdlNum(ev.V(s))},
		{Name: "R⁻", Meaning: loc.T("ge.term.lo"), Value: gdlNum(gs.Lo)},
		{Name: "R⁺", Meaning: loc.T("ge.term.hi"), Value: gdlNum(gs.Hi)},
		{Name: "E", Meaning: loc.T("ge.term.e"), Value: gdlNum(ev.Evaluate(s))},
	}
	p.Formula = ev.Formula(s)
	fz, err := a.Fuzzy(fuzzy.Default)
	if err != nil {
		return
	}
	p.Params = fuzzy.Default.String()
	for _, g := range fz.Goals {
		if g.Role != 0 {
			continue
		}
		if d := fz.Tree(s, g); d != nil {
			p.Goals = append(p.Goals, fuzzyNode(loc, *d))
			p.Captions = append(p.Captions, "(goal "+a.G.Roles()[0]+" "+strconv.Itoa(g.Value)+")")
		}
	}
}

func gdlNum(x float64) string { return strconv.FormatFloat(x, 'g', 6, 64) }

// structureTexts words each structure in the page's language, in the
// game's own terms.
func structureTexts(loc *i18n.Localizer, r gdl.StructureReport) []string {
	var out []string
	for _, s := range r.Successors {
		out = append(out, loc.T("ge.successor", "Rel", s.Relation, "N", len(s.Order)-1, "Order", strings.Join(s.Order, ", ")))
	}
	for _, b := range r.Boards {
		head := b.Reason
		if i := strings.Index(head, "`"); i >= 0 {
			if j := strings.Index(head[i+1:], "`"); j >= 0 {
				head = head[i+1 : i+1+j]
			}
		}
		order := loc.T("ge.order.numbers")
		if b.OrderedBy[0] != "" && b.OrderedBy[0] == b.OrderedBy[1] {
			order = loc.T("ge.order.succ", "Succ", b.OrderedBy[0])
		} else if b.OrderedBy[0] != "" || b.OrderedBy[1] != "" {
			order = loc.T("ge.order.mixed", "A", orName(b.OrderedBy[0]), "B", orName(b.OrderedBy[1]))
		}
		t := loc.T("ge.board", "Head", head, "W", b.Size[0], "H", b.Size[1], "Order", order, "States", r.States, "Markers", strings.Join(b.Markers, ", "))
		if len(b.Pieces) > 0 {
			t += loc.T("ge.pieces", "Pieces", strings.Join(b.Pieces, ", "))
		}
		out = append(out, t)
	}
	for _, c := range r.Counters {
		out = append(out, loc.T("ge.counter", "Arg", c.Argument, "Rel", c.Relation, "Succ", c.Successor))
	}
	for _, q := range r.Quantities {
		out = append(out, loc.T("ge.quantity", "Arg", q.Argument, "Rel", q.Relation))
	}
	if len(out) == 0 {
		out = append(out, loc.T("ge.none"))
	}
	return out
}

func orName(succ string) string {
	if succ == "" {
		return "—"
	}
	return "`" + succ + "`"
}
