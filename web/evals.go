package web

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search/fuzzy"
	"github.com/abtrace/abtrace/search/gdl"
	"github.com/abtrace/abtrace/search/parallel"
	"github.com/abtrace/abtrace/search/play"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/search/tictactoe"
	"github.com/abtrace/abtrace/search/tournament"
	"github.com/abtrace/abtrace/templates"
	"github.com/abtrace/abtrace/trace"
	"github.com/abtrace/abtrace/view"
)

// Limits of the evaluation pages, below the packages' own, so that a
// page's request stays within a minute of work on a lecturer's laptop.
const (
	// pageMaxGames is the most games one tournament page plays.
	pageMaxGames = 400
	// pageMaxTournamentDepth is the deepest search of a tournament page.
	pageMaxTournamentDepth = 4
	// pageMaxParallelDepth is the deepest a worker of the coordinated
	// search page goes.
	pageMaxParallelDepth = 6
	// maxStreams is how many tournaments and coordinated searches run at
	// once; another is answered 503 with Retry-After.
	maxStreams = 2
	// StreamPrefix starts the paths of the event streams, which are sent
	// as they are made (not compressed, no write deadline).
	StreamPrefix = "/api/stream/"
)

// streams counts the running event streams.
var streams = make(chan struct{}, maxStreams)

// fuzzyPage shows tic-tac-toe's goal formulas evaluated in a position.
func (s *Server) fuzzyPage(c echo.Context) error {
	q := c.QueryParams()
	pos := strings.TrimSpace(q.Get("position"))
	if pos == "" {
		pos = "x...o...."
	}
	fz := q.Get("fuzzy")
	if fz == "" && q.Get("tnorm") != "" {
		fz = fuzzyFromFields(q, 4)
	}
	p := &templates.FuzzyPage{Assets: s.assets}
	params, perr := fuzzy.ParseParams(fz)
	if perr != nil {
		params = fuzzy.Default
	}
	loc := i18n.For(langOf(c))
	p.Fields = fuzzyFields(loc, pos, params)
	if perr != nil {
		// The package's account in English; what the parameters are in
		// the page's language.
		perr = &scenario.UsageError{Err: perr, Say: trace.PhraseOf("scenario.err.fuzzy", "Got", strconv.Quote(fz), "Default", fuzzy.Default.String()),
			Param: fuzzyParam(q)}
		p.Error = errorText(langOf(c), perr)
		return s.render(c, http.StatusBadRequest, templates.FuzzyGoalPage(p))
	}
	st, err := tictactoe.Parse(pos)
	if err != nil {
		err = &scenario.UsageError{Err: err, Say: trace.PhraseOf("scenario.err.position.tictactoe", "Got", strconv.Quote(pos)), Param: "position"}
		p.Error = errorText(langOf(c), err)
		return s.render(c, http.StatusBadRequest, templates.FuzzyGoalPage(p))
	}
	buildFuzzyPage(loc, p, st, params)
	return s.render(c, http.StatusOK, templates.FuzzyGoalPage(p))
}

// fuzzyParam names the parameter of the fuzzy page's query whose value
// the goal's parameters do not take: fuzzy= when it is given, else the
// first of the form's fields tnorm, p, t and q that, added to those before
// it, fails.
func fuzzyParam(q url.Values) string {
	if q.Get("fuzzy") != "" {
		return "fuzzy"
	}
	for i, k := range []string{"tnorm", "p", "t", "q"} {
		if _, err := fuzzy.ParseParams(fuzzyFromFields(q, i+1)); err != nil {
			return k
		}
	}
	return "tnorm"
}

// fuzzyFromFields joins the first n of the form's fields tnorm, p, t and
// q as the fuzzy goal's parameters are written (tnorm,p,t,q); a number
// left empty is its default.
func fuzzyFromFields(q url.Values, n int) string {
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	parts := []string{q.Get("tnorm")}
	for i, k := range []string{"p", "t", "q"}[:n-1] {
		v := strings.TrimSpace(q.Get(k))
		if v == "" {
			v = f([]float64{fuzzy.Default.P, fuzzy.Default.T, fuzzy.Default.Q}[i])
		}
		parts = append(parts, v)
	}
	return strings.Join(parts, ",")
}

func fuzzyFields(loc *i18n.Localizer, pos string, p fuzzy.Params) []templates.FormField {
	var norms []string
	for _, n := range fuzzy.Norms() {
		norms = append(norms, n.String())
	}
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	return []templates.FormField{
		{Name: "position", Label: loc.T("fz.field.position"), Value: pos},
		{Name: "tnorm", Label: loc.T("fz.field.tnorm"), Value: p.Norm.String(), Options: norms},
		{Name: "p", Label: loc.T("fz.field.p"), Value: f(p.P)},
		{Name: "t", Label: loc.T("fz.field.t"), Value: f(p.T)},
		{Name: "q", Label: loc.T("fz.field.q"), Value: f(p.Q)},
	}
}

// buildFuzzyPage fills in the position's board, value, formula trees and
// moves.
func buildFuzzyPage(loc *i18n.Localizer, p *templates.FuzzyPage, st tictactoe.State, params fuzzy.Params) {
	e := tictactoe.Fuzzy{Params: params}
	for _, c := range st.String() {
		switch c {
		case 'x', 'o':
			p.Cells = append(p.Cells, string(c))
		default:
			p.Cells = append(p.Cells, "")
		}
	}
	p.Params = loc.T("fz.params", "Norm", params.Norm.String(), "P", degree(params.P), "T", degree(params.T), "Q", degree(params.Q))
	if params.Norm != fuzzy.Threshold {
		p.Params = loc.T("fz.params.no-threshold", "Norm", params.Norm.String(), "P", degree(params.P))
	}
	x, o := e.Degrees(st)
	p.Value = fmt.Sprintf("%s = %d · (%s − %s) = %s", loc.T("fz.value"), tictactoe.FuzzyScale, degree(x), degree(o), trace.Num(round4(e.Evaluate(st))).Plain())
	for _, d := range e.Tree(st) {
		p.Goals = append(p.Goals, fuzzyNode(loc, d))
	}
	g := tictactoe.Game{Win: 100}
	moves := g.Moves(st, nil)
	best := 0.0
	xMoves := g.ToMove(st) == trace.Max
	vals := make([]float64, len(moves))
	for i, m := range moves {
		next := g.Result(st, m)
		if g.Terminal(next) {
			vals[i] = g.Utility(next)
		} else {
			// Rounded as shown, so that symmetric moves tie.
			vals[i] = round4(e.Evaluate(next))
		}
		if i == 0 || xMoves && vals[i] > best || !xMoves && vals[i] < best {
			best = vals[i]
		}
	}
	lang := string(loc.Lang())
	q := url.Values{"tnorm": {params.Norm.String()}, "p": {degree(params.P)}, "t": {degree(params.T)}, "q": {degree(params.Q)}, "lang": {lang}}
	for i, m := range moves {
		next := g.Result(st, m)
		q.Set("position", next.String())
		text := trace.Num(vals[i]).Plain()
		if g.Terminal(next) {
			text += " " + loc.T("fz.over")
		}
		p.Moves = append(p.Moves, templates.FuzzyMove{Name: tictactoe.MoveString(m), Value: text, URL: "/fuzzy?" + q.Encode(), Best: vals[i] == best})
	}
	vq := url.Values{"game": {"tictactoe"}, "position": {st.String()}, "depth": {"2"}, "eval": {"fuzzy"}, "fuzzy": {params.String()}, "step": {"0"}, "lang": {lang}}
	p.ViewURL = "/view?" + vq.Encode()
}

// degree writes a degree of truth as a lecturer does (trace.Written).
func degree(x float64) string { return trace.Written(x) }

// round4 rounds to four decimals, as the fuzzy page shows numbers.
func round4(x float64) float64 { return math.Round(x*10000) / 10000 }

var opSymbols = map[fuzzy.Op]string{fuzzy.And: "∧", fuzzy.Or: "∨", fuzzy.Not: "¬"}

func fuzzyNode(loc *i18n.Localizer, d fuzzy.Degree) templates.FuzzyNode {
	text := d.Text
	if d.Say.ID != "" {
		text = loc.Phrase(d.Say)
	}
	n := templates.FuzzyNode{Text: text, Op: opSymbols[d.Op], Degree: degree(d.Value), Holds: d.Holds,
		Bar: strconv.FormatFloat(d.Value*templates.FuzzyBar, 'f', 2, 64)}
	for _, k := range d.Args {
		n.Kids = append(n.Kids, fuzzyNode(loc, k))
	}
	return n
}

// tournamentConfig reads a tournament from the query, within the page's
// limits. An empty query gives the lecture's example.
func tournamentConfig(loc *i18n.Localizer, q url.Values) (tournament.Config, []templates.FormField, error) {
	get := func(k, d string) string {
		if v := strings.TrimSpace(q.Get(k)); v != "" {
			return v
		}
		return d
	}
	game, evals := get("game", "suicide-reversi"), get("evals", "max-discs,min-discs,max-mobility,min-mobility")
	depth, games, seed := get("depth", "2"), get("games", "5"), get("seed", "1")
	fields := []templates.FormField{
		{Name: "game", Label: loc.T("ev.field.game"), Value: game, Options: tournament.Games()},
		{Name: "evals", Label: loc.T("tn.field.evals"), Value: evals},
		{Name: "depth", Label: loc.T("tn.field.depth"), Value: depth},
		{Name: "games", Label: loc.T("tn.field.games"), Value: games},
		{Name: "seed", Label: loc.T("tn.field.seed"), Value: seed},
	}
	c := tournament.Config{Game: game, Evals: tournament.ParseEvals(evals), Nodes: scenario.MaxWork}
	var err error
	if z := q.Get("gdlz"); z != "" {
		// A game written in GDL, with the evaluations built from its rules.
		fields[0] = templates.FormField{Name: "gdlz", Value: z, Hidden: true}
		c.Game = tournament.GDLGame
		if c.GDL, err = scenario.ExpandGDL(z); err != nil {
			return c, fields, badParam("gdlz", "ge.err.game", "Got", err.Error())
		}
	}
	if c.Depth, err = strconv.Atoi(depth); err != nil || c.Depth < 1 || c.Depth > pageMaxTournamentDepth {
		return c, fields, badParam("depth", "param.err.tn-depth", "Max", pageMaxTournamentDepth, "Got", strconv.Quote(depth))
	}
	if c.Games, err = strconv.Atoi(games); err != nil || c.Games < 1 {
		return c, fields, badParam("games", "param.err.tn-games", "Got", strconv.Quote(games))
	}
	if c.Seed, err = strconv.ParseUint(seed, 10, 64); err != nil {
		return c, fields, badParam("seed", "param.err.seed", "Got", strconv.Quote(seed))
	}
	if err := c.Check(); err != nil {
		if perr, ok := combineParam("evals", err); ok {
			return c, fields, perr
		}
		if te := (*tournament.Error)(nil); errors.As(err, &te) && tournamentParams[te.Say.ID] != "" {
			err = &paramError{Param: tournamentParams[te.Say.ID], Err: err}
		}
		return c, fields, err
	}
	if c.Total() > pageMaxGames {
		return c, fields, badParam("games", "param.err.tn-total", "Total", c.Total(), "Max", pageMaxGames)
	}
	return c, fields, nil
}

// tournamentParams are the query parameters the tournament's errors
// (tournament.Error, by message id) are about.
var tournamentParams = map[string]string{
	"tournament.err.game": "game", "tournament.err.evals": "evals", "tournament.err.twice": "evals",
	"tournament.err.eval": "evals", "tournament.err.depth": "depth", "tournament.err.games": "games",
}

func tournamentQuery(c tournament.Config) url.Values {
	q := url.Values{"game": {c.Game}, "evals": {strings.Join(c.Evals, ",")}, "depth": {strconv.Itoa(c.Depth)},
		"games": {strconv.Itoa(c.Games)}, "seed": {strconv.FormatUint(c.Seed, 10)}}
	if c.GDL != "" {
		q.Del("game")
		q.Set("gdlz", scenario.CompressGDL(c.GDL))
	}
	return q
}

// tournamentPage is the form and, once asked (run=1), the running
// tournament's progress and results.
func (s *Server) tournamentPage(c echo.Context) error {
	q := c.QueryParams()
	loc := i18n.For(langOf(c))
	cfg, fields, err := tournamentConfig(loc, q)
	p := &templates.StreamPage{Assets: s.assets, Script: s.assetURL("evals.js"), Title: loc.T("tn.title"), Action: "/tournament",
		Sub:    loc.T("tn.sub"),
		Fields: fields}
	if err != nil {
		p.Error = errorText(langOf(c), err)
		return s.render(c, http.StatusBadRequest, templates.StreamRunPage(p))
	}
	if formOnly(q) {
		// The form alone, with the lecture's example filled in.
		return s.render(c, http.StatusOK, templates.StreamRunPage(p))
	}
	sq := tournamentQuery(cfg)
	sq.Set("lang", string(loc.Lang()))
	p.Stream = StreamPrefix + "tournament?" + sq.Encode()
	p.Total = cfg.Total()
	p.Note = loc.T("tn.note")
	return s.render(c, http.StatusOK, templates.StreamRunPage(p))
}

// tournamentJSON plays the tournament and answers with every game.
func (s *Server) tournamentJSON(c echo.Context) error {
	cfg, _, err := tournamentConfig(i18n.For(langOf(c)), c.QueryParams())
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, errorText(langOf(c), err))
	}
	if !takeStream() {
		return busy(c)
	}
	defer releaseStream()
	r, err := tournament.Run(c.Request().Context(), cfg, nil)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, r)
}

// failedText is what a stream that failed tells its page, in language l:
// a budget spent names its limit (budgetError), any other error is worded
// as the pages word theirs.
func failedText(l i18n.Lang, err error) string {
	if _, msg, ok := budgetError(err, l); ok {
		return msg
	}
	return errorText(l, err)
}

func takeStream() bool {
	select {
	case streams <- struct{}{}:
		return true
	default:
		return false
	}
}

func releaseStream() { <-streams }

func busy(c echo.Context) error {
	c.Response().Header().Set("Retry-After", "10")
	return echo.NewHTTPError(http.StatusServiceUnavailable, i18n.For(langOf(c)).T("busy.streams", "N", maxStreams))
}

// eventStream answers with a text/event-stream and returns a function
// that sends one event (it reports false once the client has gone). For a
// HEAD request (headAsGet routes it as a GET whose body is dropped) it
// sends the headers alone and returns ok false: flushing would start a
// body, and there is nothing to run.
func eventStream(c echo.Context) (send func(event, data string) bool, ok bool) {
	w := c.Response()
	w.Header().Set(echo.HeaderContentType, "text/event-stream")
	w.Header().Set(echo.HeaderCacheControl, "no-cache")
	w.WriteHeader(http.StatusOK)
	if _, head := w.Writer.(headWriter); head {
		return nil, false
	}
	w.Flush()
	var mu sync.Mutex
	return func(event, data string) bool {
		mu.Lock()
		defer mu.Unlock()
		if c.Request().Context().Err() != nil {
			return false
		}
		var b bytes.Buffer
		b.WriteString("event: " + event + "\n")
		for line := range strings.SplitSeq(data, "\n") {
			b.WriteString("data: " + line + "\n")
		}
		b.WriteString("\n")
		if _, err := w.Write(b.Bytes()); err != nil {
			return false
		}
		w.Flush()
		return true
	}, true
}

// progressJSON is the data of a progress event: the bar's value and its
// text, decided here.
type progressJSON struct {
	Done  int    `json:"done"`
	Total int    `json:"total"`
	Text  string `json:"text"`
}

// renderString is renderHTML for an event's data.
func renderString(ctx context.Context, comp templ.Component) (string, error) {
	b, err := renderHTML(ctx, comp)
	return string(b), err
}

// tournamentStream plays the tournament, sending a progress event per
// game and the results as HTML at the end. It stops when the client goes.
func (s *Server) tournamentStream(c echo.Context) error {
	loc := i18n.For(langOf(c))
	cfg, _, err := tournamentConfig(loc, c.QueryParams())
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, errorText(langOf(c), err))
	}
	if !takeStream() {
		return busy(c)
	}
	defer releaseStream()
	send, ok := eventStream(c)
	if !ok {
		return nil
	}
	ctx := i18n.NewContext(c.Request().Context(), loc)
	r, err := tournament.Run(ctx, cfg, func(done, total int, g tournament.Game) {
		b, _ := json.Marshal(progressJSON{Done: done, Total: total, Text: loc.N("tn.progress", done, "Total", total)})
		send("progress", string(b))
	})
	if err != nil {
		if ctx.Err() == nil {
			send("failed", failedText(langOf(c), err))
		}
		return nil
	}
	html, err := renderString(ctx, templates.TournamentResultView(tournamentResult(loc, r)))
	if err != nil {
		send("failed", loc.T("ev.failed.draw"))
		return nil
	}
	send("result", html)
	return nil
}

// tournamentResult is the view of a finished tournament.
func tournamentResult(loc *i18n.Localizer, r tournament.Result) *templates.TournamentResult {
	c := r.Config
	out := &templates.TournamentResult{
		Heading: loc.N("tn.heading", c.Total(), "Game", tournamentGame(loc, c.Game), "Depth", c.Depth, "Games", c.Games, "Seed", c.Seed),
		JSONURL: "/api/tournament?" + tournamentQuery(c).Encode(),
	}
	for _, p := range r.Pairings {
		tp := templates.TournamentPairing{First: p.First, Second: p.Second, Wins: strconv.Itoa(p.Wins), Draws: strconv.Itoa(p.Draws), Losses: strconv.Itoa(p.Losses)}
		switch {
		case p.Wins > p.Losses:
			tp.WinClass = "lead"
		case p.Losses > p.Wins:
			tp.LossClass = "lead"
		}
		out.Pairings = append(out.Pairings, tp)
	}
	// The plot: each evaluation's name on a line of its own above its bar,
	// the bar as wide as the plot for all of the evaluation's games. The
	// plot is about as wide as a phone's screen in units, and the page
	// draws it at most 480 pixels wide (.tn-plot in abtrace.css), so the names read at
	// 14 units between about 13 and 19 pixels.
	const plotW, rowH, barY = 360.0, 42, 20
	per := float64(2 * c.Games * (len(c.Evals) - 1))
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', 1, 64) }
	for i, st := range r.Standings {
		y := float64(4 + i*rowH)
		w, d, l := plotW*float64(st.Wins)/per, plotW*float64(st.Draws)/per, plotW*float64(st.Losses)/per
		out.Standings = append(out.Standings, templates.TournamentStanding{Eval: st.Eval,
			Wins: strconv.Itoa(st.Wins), Draws: strconv.Itoa(st.Draws), Losses: strconv.Itoa(st.Losses),
			Points: strconv.FormatFloat(st.Points, 'f', -1, 64), Y: f(y + barY), TextY: f(y + 14),
			WinW: f(w), DrawX: f(w), DrawW: f(d), LossX: f(w + d), LossW: f(l)})
	}
	out.PlotWidth = f(plotW)
	out.PlotHeight = strconv.Itoa(4 + len(r.Standings)*rowH)
	return out
}

// tournamentGame is a tournament's game as its heading names it: a game of
// abtrace by its id, a game written in GDL in words of the page's language.
func tournamentGame(loc *i18n.Localizer, game string) string {
	if game == tournament.GDLGame {
		return loc.T("tn.game.gdl")
	}
	return game
}

// parallelConfig reads a coordinated search from the query: a game of
// abtrace (game=) or a game written in GDL, typed or pasted (gdl=, its
// permalink gdlz=) or one we ship (gdl-game=), in that order of
// precedence, with the evaluations built from its rules.
func parallelConfig(loc *i18n.Localizer, q url.Values) (parallel.Config, []templates.FormField, error) {
	get := func(k, d string) string {
		if v := strings.TrimSpace(q.Get(k)); v != "" {
			return v
		}
		return d
	}
	text, gdlErr := parallelGDL(q)
	evals, depth := "discs,mobility,corners:10+edges,min-discs", "5"
	if text != "" {
		evals, depth = "goal-fuzzy,mobility,inverse-mobility,novelty", "3"
	}
	game, pos, gdlGame := get("game", "reversi"), strings.TrimSpace(q.Get("position")), get("gdl-game", "")
	evals, depth = get("evals", evals), get("depth", depth)
	fields := []templates.FormField{
		{Name: "game", Label: loc.T("ev.field.game"), Value: game, Options: parallel.Games()},
		{Name: "gdl-game", Label: loc.T("par.field.gdl-game"), Value: gdlGame, Options: append([]string{""}, gdl.Games()...),
			Texts: append([]string{loc.T("par.gdl.none")}, gdlGameTexts(loc)...)},
		{Name: "gdl", Label: loc.T("par.field.gdl"), Area: true},
		{Name: "position", Label: loc.T("par.field.position"), Value: pos},
		{Name: "evals", Label: loc.T("par.field.evals"), Value: evals},
		{Name: "depth", Label: loc.T("par.field.depth"), Value: depth},
	}
	c := parallel.Config{Game: game, Position: pos, Evals: tournament.ParseEvals(evals), Nodes: scenario.MaxWork}
	if gdlErr != nil {
		return c, fields, gdlErr
	}
	if text != "" {
		c.Game, c.GDL = parallel.GDLGame, text
		// The game select names the GDL game rather than a game it does
		// not play.
		fields[0].Value, fields[0].Options, fields[0].Texts = "", append([]string{""}, fields[0].Options...), []string{loc.T("par.game.gdl")}
		if q.Get("gdl") != "" || q.Get("gdlz") != "" {
			// Typed or pasted: the form keeps the text (a shipped game
			// is named by its select).
			fields[2].Value = text
		}
	}
	var err error
	if c.MaxDepth, err = strconv.Atoi(depth); err != nil || c.MaxDepth < 1 || c.MaxDepth > pageMaxParallelDepth {
		return c, fields, badParam("depth", "param.err.par-depth", "Max", pageMaxParallelDepth, "Got", strconv.Quote(depth))
	}
	if len(c.Evals) < 1 || len(c.Evals) > parallel.MaxWorkers {
		return c, fields, badParam("evals", "param.err.par-evals", "Max", parallel.MaxWorkers, "Got", len(c.Evals))
	}
	return c, fields, parallelCheck(c, gdlGame, q)
}

// parallelGDL is the text of the GDL game a coordinated search's query
// names ("" for none): gdl= as typed, else gdlz= expanded, else the
// shipped game gdl-game=.
func parallelGDL(q url.Values) (string, error) {
	if text := q.Get("gdl"); strings.TrimSpace(text) != "" {
		return text, nil
	}
	if z := q.Get("gdlz"); z != "" {
		text, err := scenario.ExpandGDL(z)
		if err != nil {
			return "", scenario.InParam("gdlz", err)
		}
		return text, nil
	}
	name := strings.TrimSpace(q.Get("gdl-game"))
	if name == "" {
		return "", nil
	}
	text, ok := gdl.GameText(name)
	if !ok {
		return "", badParam("gdl-game", "ge.err.name", "Got", strconv.Quote(name), "Want", strings.Join(gdl.Games(), ", "))
	}
	return text, nil
}

// gdlGameTexts are the names of the GDL games we ship, in the page's
// language, in the order of gdl.Games.
func gdlGameTexts(loc *i18n.Localizer) []string {
	var out []string
	for _, g := range gdl.Games() {
		out = append(out, loc.T("home.gdl.game."+g))
	}
	return out
}

// parallelCheck is Check of a coordinated search, its errors naming the
// query parameter at fault in the page's language.
func parallelCheck(c parallel.Config, gdlGame string, q url.Values) error {
	var pe *parallel.Error
	err := c.Check()
	if !errors.As(err, &pe) {
		return err
	}
	gameName := c.Game
	if c.GDL != "" {
		gameName = cmp.Or(gdlGame, "GDL")
	}
	switch pe.Field {
	case "game":
		return badParam("game", "param.err.par-game", "Got", strconv.Quote(pe.Got), "Want", strings.Join(pe.Known, ", "))
	case "evals":
		if perr, ok := combineParam("evals", pe.Err); ok {
			return perr
		}
		return badParam("evals", "param.err.par-eval", "Got", strconv.Quote(pe.Got), "Game", gameName, "Want", strings.Join(pe.Known, ", "))
	case "gdl":
		param := "gdl-game"
		switch {
		case q.Get("gdl") != "":
			param = "gdl"
		case q.Get("gdlz") != "":
			param = "gdlz"
		}
		return badParam(param, "ge.err.game", "Got", pe.Err.Error())
	}
	if c.GDL != "" {
		e := badParam("position", "ge.err.at", "Got", strconv.Quote(pe.Got)).(*paramError)
		e.Err = pe.Err
		return e
	}
	// A position: English gives the game's own account of what is
	// wrong and where; the page's language says what a position of
	// the game is.
	e := badParam("position", "scenario.err.position."+strings.TrimPrefix(c.Game, "suicide-"), "Got", strconv.Quote(pe.Got)).(*paramError)
	e.Err = pe.Err
	return e
}

// parallelQuery is the query of a coordinated search (a game written in
// GDL by its permalink gdlz=, or the shipped game's name).
func parallelQuery(c parallel.Config, q url.Values) url.Values {
	out := url.Values{"game": {c.Game}, "position": {c.Position}, "evals": {strings.Join(c.Evals, ",")}, "depth": {strconv.Itoa(c.MaxDepth)}}
	if c.GDL != "" {
		out.Del("game")
		if name := strings.TrimSpace(q.Get("gdl-game")); name != "" && q.Get("gdl") == "" && q.Get("gdlz") == "" {
			out.Set("gdl-game", name)
		} else {
			out.Set("gdlz", scenario.CompressGDL(c.GDL))
		}
	}
	return out
}

func (s *Server) parallelPage(c echo.Context) error {
	if text := c.QueryParam("gdl"); strings.TrimSpace(text) != "" {
		// A game typed or pasted is sent on to its permalink.
		q := maps.Clone(c.QueryParams())
		q.Del("gdl")
		q.Del("gdl-game")
		q.Set("gdlz", scenario.CompressGDL(text))
		return c.Redirect(http.StatusSeeOther, "/parallel?"+q.Encode())
	}
	loc := i18n.For(langOf(c))
	cfg, fields, err := parallelConfig(loc, c.QueryParams())
	p := &templates.StreamPage{Assets: s.assets, Script: s.assetURL("evals.js"), Title: loc.T("par.title"), Action: "/parallel",
		Sub:    loc.T("par.sub"),
		Fields: fields}
	if err != nil {
		p.Error = errorText(langOf(c), err)
		return s.render(c, http.StatusBadRequest, templates.StreamRunPage(p))
	}
	if formOnly(c.QueryParams()) {
		return s.render(c, http.StatusOK, templates.StreamRunPage(p))
	}
	q := parallelQuery(cfg, c.QueryParams())
	q.Set("lang", string(loc.Lang()))
	p.Stream = StreamPrefix + "parallel?" + q.Encode()
	p.Total = len(cfg.Evals) * cfg.MaxDepth
	p.Note = loc.T("par.note")
	return s.render(c, http.StatusOK, templates.StreamRunPage(p))
}

// parallelStream runs the coordinated search, sending the workers' table
// as HTML whenever a report arrives.
func (s *Server) parallelStream(c echo.Context) error {
	loc := i18n.For(langOf(c))
	cfg, _, err := parallelConfig(loc, c.QueryParams())
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, errorText(langOf(c), err))
	}
	if !takeStream() {
		return busy(c)
	}
	defer releaseStream()
	send, ok := eventStream(c)
	if !ok {
		return nil
	}
	ctx := i18n.NewContext(c.Request().Context(), loc)
	latest := make([]*parallel.Report, len(cfg.Evals))
	reports := 0
	total := len(cfg.Evals) * cfg.MaxDepth
	table := func(choice int, done bool) {
		html, err := renderString(ctx, templates.WorkerTableView(workerTable(loc, cfg, latest, choice, done)))
		if err == nil {
			send("table", html)
		}
	}
	res, err := parallel.Run(ctx, cfg, func(u parallel.Update) {
		r := u.Report
		latest[r.Worker] = &r
		reports++
		b, _ := json.Marshal(progressJSON{Done: reports, Total: total, Text: loc.N("par.progress", reports)})
		send("progress", string(b))
		table(u.Choice, false)
	})
	if err != nil {
		if ctx.Err() == nil {
			send("failed", failedText(langOf(c), err))
		}
		return nil
	}
	latest = res.Latest
	b, _ := json.Marshal(progressJSON{Done: total, Total: total, Text: loc.N("par.finished", reports)})
	send("progress", string(b))
	table(res.Choice, true)
	send("done", res.Move)
	return nil
}

func workerTable(loc *i18n.Localizer, cfg parallel.Config, latest []*parallel.Report, choice int, done bool) *templates.WorkerTable {
	w := &templates.WorkerTable{Done: done}
	for i, name := range cfg.Evals {
		row := templates.WorkerRow{Eval: name, Depth: "–", Move: "–", Value: "–", Nodes: "–", Status: loc.T("par.state.searching"), Chosen: i == choice}
		if r := latest[i]; r != nil {
			row.Eval = r.Eval
			row.Depth, row.Move, row.Value, row.Nodes = strconv.Itoa(r.Depth), r.Name, trace.Written(r.Value), view.ThousandsIn(loc.Phrase, r.Nodes)
			switch {
			case r.Solved:
				row.Status = loc.T("par.state.won")
			case r.Complete:
				row.Status = loc.T("par.state.exact")
			case r.Final:
				row.Status = loc.T("par.state.deepest")
			}
		}
		w.Rows = append(w.Rows, row)
	}
	if choice >= 0 && latest[choice] != nil {
		r := latest[choice]
		why := loc.T("par.why.deepest", "Depth", r.Depth)
		switch {
		case r.Solved:
			why = loc.T("par.why.won")
		case r.Complete:
			why = loc.T("par.why.exact")
		}
		id := "par.choice.would"
		if done {
			id = "par.choice.plays"
		}
		w.Choice = loc.T(id, "Move", r.Name, "Eval", r.Eval, "Why", why)
	}
	return w
}

// playPage is a game against the engine. The query holds the whole game
// (game, moves, eval, kuhlmann, depth, you); when the engine is to move
// the page makes its reply first, so every link on the page carries the
// game including it.
func (s *Server) playPage(c echo.Context) error {
	q := c.QueryParams()
	if q.Has("gdl") || q.Has("gdlz") {
		return s.playGDL(c, q)
	}
	if strings.TrimSpace(q.Get("game")) == "connect4" {
		// Connect Four has its own page: the same game with the engine's
		// options and its search in the viewer (connect4Page).
		q = maps.Clone(q)
		q.Del("game")
		return c.Redirect(http.StatusSeeOther, "/connect4?"+q.Encode())
	}
	get := func(k, d string) string {
		if v := strings.TrimSpace(q.Get(k)); v != "" {
			return v
		}
		return d
	}
	gameName, eval, kuhl, depth, you := get("game", "reversi"), q.Get("eval"), q.Get("kuhlmann"), get("depth", "3"), get("you", "first")
	loc := i18n.For(langOf(c))
	titles := map[string]string{"reversi": "pl.title.reversi", "suicide-reversi": "pl.title.suicide-reversi", "connect4": "pl.title.connect4"}
	p := &templates.PlayPage{Assets: s.assets, Title: loc.T("pl.title")}
	if id, ok := titles[gameName]; ok {
		p.Title = loc.T(id)
	}
	p.Fields = []templates.FormField{
		{Name: "game", Label: loc.T("ev.field.game"), Value: gameName, Options: play.Games()},
		{Name: "eval", Label: loc.T("pl.field.eval"), Value: eval},
		{Name: "kuhlmann", Label: loc.T("pl.field.kuhlmann"), Value: kuhl, Options: []string{"", "max", "min"}},
		{Name: "depth", Label: loc.T("pl.field.depth"), Value: depth},
		{Name: "you", Label: loc.T("pl.field.you"), Value: you, Options: []string{"first", "second"}, Texts: []string{loc.T("pl.you.first"), loc.T("pl.you.second")}},
	}
	d, err := strconv.Atoi(depth)
	if err != nil {
		p.Error = errorText(langOf(c), badParam("depth", "param.err.play-depth", "Got", strconv.Quote(depth)))
		return s.render(c, http.StatusBadRequest, templates.PlayGamePage(p))
	}
	spec := play.Spec{Game: gameName, Moves: play.ParseMoves(q.Get("moves")), Eval: eval, Kuhlmann: kuhl, Depth: d, HumanFirst: you != "second", Nodes: scenario.MaxWork}
	g, err := play.New(spec)
	if err != nil {
		p.Error = connect4ErrorText(loc, langOf(c), err)
		return s.render(c, http.StatusBadRequest, templates.PlayGamePage(p))
	}
	said := ""
	g, m, v, err := engineReply(c.Request().Context(), &spec, g)
	if err != nil {
		return err
	}
	if m != "" {
		said = loc.T("pl.engine-played", "Move", m, "Depth", d, "Value", trace.Num(v).String())
	}
	buildPlayPage(loc, p, spec, g.Position(), said)
	return s.render(c, http.StatusOK, templates.PlayGamePage(p))
}

// engineReply plays the engine's move when it is to move: the game with
// the move added to spec's list, the move ("" when the human is to move)
// and its search's value.
func engineReply(ctx context.Context, spec *play.Spec, g *play.Game) (*play.Game, string, float64, error) {
	if !g.EngineToMove() {
		return g, "", 0, nil
	}
	m, v, err := g.Reply(ctx)
	if err != nil {
		return nil, "", 0, err
	}
	spec.Moves = append(spec.Moves, m)
	g, err = play.New(*spec)
	return g, m, v, err
}

// playLink is the address of the play page of the game (its source and
// engine options in game) after moves, with the page's depth, language and
// side.
func playLink(loc *i18n.Localizer, spec play.Spec, game url.Values, moves []string) string {
	q := url.Values{"depth": {strconv.Itoa(spec.Depth)}, "lang": {string(loc.Lang())}}
	for k, v := range game {
		q[k] = v
	}
	if !spec.HumanFirst {
		q.Set("you", "second")
	}
	if len(moves) > 0 {
		q.Set("moves", strings.Join(moves, ","))
	}
	return "/play?" + q.Encode()
}

// buildPlayPage draws the board and says where the game stands.
func buildPlayPage(loc *i18n.Localizer, p *templates.PlayPage, spec play.Spec, pos play.Position, said string) {
	game := url.Values{"game": {spec.Game}}
	if spec.Eval != "" {
		game.Set("eval", spec.Eval)
	}
	if spec.Kuhlmann != "" {
		game.Set("kuhlmann", spec.Kuhlmann)
	}
	link := func(moves []string) string { return playLink(loc, spec, game, moves) }
	const size = 50
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	p.Board = templates.PlayBoard{ViewBox: fmt.Sprintf("0 0 %d %d", pos.Cols*size, pos.Rows*size), Reversi: spec.Game != "connect4"}
	for i, cell := range pos.Cells {
		x, y := float64(i%pos.Cols*size), float64(i/pos.Cols*size)
		pc := templates.PlayCell{X: f(x), Y: f(y), CX: f(x + size/2), CY: f(y + size/2), Size: strconv.Itoa(size), Disc: cell.Disc, Last: i == pos.Last}
		if p.Board.Reversi {
			pc.Name = string(rune('a'+i%8)) + strconv.Itoa(i/8+1)
		} else {
			pc.Name = string(rune('a' + i%pos.Cols))
		}
		if cell.Move != "" {
			pc.URL = link(append(slices.Clone(spec.Moves), cell.Move))
		}
		p.Board.Cells = append(p.Board.Cells, pc)
	}
	if pos.Pass {
		p.PassURL = link(append(slices.Clone(spec.Moves), "pass"))
	}
	switch {
	case pos.Over:
		p.Status = loc.T("pl.over.draw")
		if pos.Winner != "" {
			p.Status = loc.T("pl.over.won", "Winner", loc.T("pl.side."+pos.Winner))
		}
	case pos.Pass:
		p.Status = loc.T("pl.must-pass")
	case pos.HumanToMove:
		p.Status = loc.T("pl.your-move")
	}
	if said != "" {
		p.Status = said + " " + p.Status
	}
	if pos.Score != "" {
		p.Score = loc.T("pl.score", "Black", pos.Black, "White", pos.White)
	}
	if len(pos.Terms) > 0 {
		p.EvalName = loc.T("pl.eval-name", "Eval", scenario.EvalWords(pos.EvalName, loc.Phrase))
		_, p.Terms, p.Total = playTerms(loc, pos)
	}
	if len(spec.Moves) > 0 {
		p.History = loc.T("pl.history", "Moves", strings.Join(spec.Moves, " "))
		// Take back the human's last move and the engine's reply.
		back := len(spec.Moves) - 2
		if !pos.HumanToMove && !pos.Over {
			back = len(spec.Moves) - 1
		}
		p.UndoURL = link(spec.Moves[:max(back, 0)])
	}
	p.NewURL = link(nil)
}
