package web

import (
	"errors"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search/play"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/templates"
	"github.com/abtrace/abtrace/trace"
)

// gdlPlayAlgos are the engine's algorithms offered for a game written in
// GDL: alpha-beta with the goals as evaluation, and decoupled UCT (the one
// for games whose roles choose at once).
var gdlPlayAlgos = []string{"alphabeta", "mcts"}

// playGDL is a game written in GDL against the engine (/play?gdlz=…): its
// state as the facts that hold, the human's legal moves by their GDL term,
// the engine's reply. A text typed as gdl= is sent on to its permalink.
func (s *Server) playGDL(c echo.Context, q url.Values) error {
	if text := q.Get("gdl"); text != "" {
		q = maps.Clone(q)
		q.Del("gdl")
		q.Set("gdlz", scenario.CompressGDL(text))
		return c.Redirect(http.StatusSeeOther, "/play?"+q.Encode())
	}
	get := func(k, d string) string {
		if v := strings.TrimSpace(q.Get(k)); v != "" {
			return v
		}
		return d
	}
	z, algo, depth, you := q.Get("gdlz"), get("algo", "alphabeta"), get("depth", "3"), get("you", "first")
	loc := i18n.For(langOf(c))
	lang := langOf(c)
	p := &templates.PlayPage{Assets: s.assets, Title: loc.T("pl.title.gdl"), Sub: loc.T("pl.sub.gdl")}
	p.Fields = []templates.FormField{
		{Name: "gdlz", Value: z, Hidden: true},
		{Name: "algo", Label: loc.T("pl.field.algo"), Value: algo, Options: gdlPlayAlgos, Texts: []string{"alpha-beta", loc.T("pl.algo.mcts")}},
		{Name: "depth", Label: loc.T("pl.field.gdl-depth"), Value: depth},
		{Name: "you", Label: loc.T("pl.field.you"), Value: you, Options: []string{"first", "second"}, Texts: []string{loc.T("pl.you.first"), loc.T("pl.you.second")}},
	}
	fail := func(err error) error {
		p.Error = err.Error()
		return s.render(c, http.StatusBadRequest, templates.PlayGamePage(p))
	}
	text, err := scenario.ExpandGDL(z)
	if err != nil {
		return fail(errors.New(errorText(lang, err)))
	}
	d, err := strconv.Atoi(depth)
	if err != nil {
		return fail(errors.New(errorText(lang, badParam("depth", "param.err.play-depth", "Got", strconv.Quote(depth)))))
	}
	spec := play.Spec{Game: play.GDL, GDL: text, Moves: play.ParseMoves(q.Get("moves")), Algo: algo, Depth: d, HumanFirst: you != "second", Nodes: scenario.MaxWork}
	g, err := play.New(spec)
	if err != nil {
		return fail(errors.New(gdlPlayErrorText(loc, lang, err)))
	}
	said := ""
	g, m, v, err := engineReply(c.Request().Context(), &spec, g)
	switch {
	case err != nil:
		return err
	case m != "" && spec.Algo == "mcts":
		said = loc.T("pl.gdl.engine-mcts", "Move", m, "Iterations", d*play.GDLIterationsPerDepth, "Value", trace.Num(v).String())
	case m != "":
		said = loc.T("pl.engine-played", "Move", m, "Depth", d, "Value", trace.Num(v).String())
	}
	pos := g.Position()
	picked, err := gdlPick(q.Get("sel"), pos.GDL)
	if err != nil {
		return fail(errors.New(errorText(lang, err)))
	}
	buildGDLPlayPage(loc, p, spec, z, pos, said, picked)
	return s.render(c, http.StatusOK, templates.PlayGamePage(p))
}

// gdlPlayErrorText words why a game written in GDL cannot be played as
// asked, naming the query's field.
func gdlPlayErrorText(loc *i18n.Localizer, lang i18n.Lang, err error) string {
	var ge *play.GDLError
	if errors.As(err, &ge) {
		msg := loc.T("pl.gdl.err."+ge.Why, "N", ge.N, "Move", ge.Move, "Roles", ge.Roles, "Legal", strings.Join(ge.Legal, ", "))
		return shortenValues(leadWith(msg, ge.Field))
	}
	if list := gdlErrors(err); len(list) > 0 {
		return shortenValues(leadWith(gdlErrorText(loc, list[0]), "gdl"))
	}
	return connect4ErrorText(loc, lang, err)
}

// buildGDLPlayPage shows the state's facts, the human's legal moves as
// links and where the game stands.
func buildGDLPlayPage(loc *i18n.Localizer, p *templates.PlayPage, spec play.Spec, z string, pos play.Position, said string, picked int) {
	game := url.Values{"gdlz": {z}}
	if spec.Algo != "" && spec.Algo != "alphabeta" {
		game.Set("algo", spec.Algo)
	}
	link := func(moves []string) string { return playLink(loc, spec, game, moves) }
	gp := pos.GDL
	human := gp.Roles[gp.Human]
	v := &templates.PlayGDL{Facts: gp.Facts, Roles: loc.T("pl.gdl.roles", "Role", human, "Engine", gp.Engine)}
	for _, m := range gp.Moves {
		v.Moves = append(v.Moves, templates.PlayGDLMove{Text: m.Text, URL: link(append(slices.Clone(spec.Moves), m.Entry))})
	}
	if len(gp.Moves) > 0 {
		v.MovesCaption = loc.T("pl.gdl.moves", "Role", human)
	}
	for _, rs := range gp.Tables {
		tb := templates.PlayGDLTable{Role: rs.Role}
		for i, m := range rs.Moves {
			tb.Rows = append(tb.Rows, templates.PlayGDLStat{Move: m.Move, Visits: strconv.Itoa(m.Visits), Mean: strconv.FormatFloat(m.Mean, 'f', 1, 64), Chosen: i == rs.Best})
		}
		v.Tables = append(v.Tables, tb)
		v.TablesCaption = loc.T("pl.gdl.tables")
	}
	if gp.Board != "" {
		v.Facts, v.FactsCaption = gp.Other, loc.T("pl.gdl.other-facts")
		here := link(spec.Moves)
		gdlPlayBoard(loc, v, gp, picked, func(i int) string { return v.Moves[i].URL }, func(cell int) string {
			if cell < 0 {
				return here
			}
			return here + "&sel=" + strconv.Itoa(cell)
		})
	}
	p.GDL = v
	switch {
	case pos.Over:
		p.Status = loc.T("pl.over.draw")
		if pos.Winner != "" {
			p.Status = loc.T("pl.gdl.won", "Winner", pos.Winner)
		}
		p.Score = loc.T("pl.gdl.goals", "Goals", gdlGoals(gp))
	case gp.Joint:
		p.Status = loc.T("pl.gdl.your-move-joint", "Role", human, "Engine", gp.Engine)
	case pos.HumanToMove:
		p.Status = loc.T("pl.gdl.your-move", "Role", human)
	}
	if said != "" {
		p.Status = said + " " + p.Status
	}
	if len(spec.Moves) > 0 {
		p.History = loc.T("pl.history", "Moves", strings.Join(spec.Moves, " "))
		back := len(spec.Moves) - 2
		if !pos.HumanToMove && !pos.Over || gp.Joint {
			back = len(spec.Moves) - 1
		}
		p.UndoURL = link(spec.Moves[:max(back, 0)])
	}
	p.NewURL = link(nil)
}

// gdlGoals is every role's goal, "xplayer 100, oplayer 0".
func gdlGoals(gp *play.GDLPosition) string {
	var parts []string
	for r, g := range gp.Goals {
		parts = append(parts, gp.Roles[r]+" "+strconv.Itoa(g))
	}
	return strings.Join(parts, ", ")
}

// gdlPlayURL is the address of the game against the engine of a GDL text
// of two roles, "" for other games.
func gdlPlayURL(lang i18n.Lang, text string, roles int) string {
	if roles != 2 {
		return ""
	}
	return "/play?" + url.Values{"gdlz": {scenario.CompressGDL(text)}, "lang": {string(lang)}}.Encode()
}
