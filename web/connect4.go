package web

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/connect4"
	"github.com/abtrace/abtrace/search/play"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/templates"
	"github.com/abtrace/abtrace/trace"
)

// The Connect Four page's defaults: the depth the engine searches, and its
// algorithm, alpha-beta as the lecture first teaches it (the table needs
// one of the negamax family).
const (
	connect4DefaultDepth = 4
	connect4DefaultAlgo  = "alphabeta"
)

// connect4Algos are the engine's algorithms the page offers.
var connect4Algos = []string{"alphabeta", "negamax", "pvs", "mtdf", "id"}

// connect4Orders are the successor orderings the page offers.
var connect4Orders = []string{"natural", "killer", "history"}

// connect4Query is the page's query: the game (moves, one letter a
// column) and the engine's options.
type connect4Query struct {
	moves                    string
	depth, eval, algo, order string
	tt                       string
	symmetry                 bool
	second                   bool // the human moves second
}

func readConnect4Query(q url.Values) connect4Query {
	get := func(k, d string) string {
		if v := strings.TrimSpace(q.Get(k)); v != "" {
			return v
		}
		return d
	}
	return connect4Query{
		moves: strings.ReplaceAll(strings.TrimSpace(q.Get("moves")), ",", ""),
		depth: get("depth", strconv.Itoa(connect4DefaultDepth)), eval: q.Get("eval"),
		algo: get("algo", connect4DefaultAlgo), order: get("order", "natural"), tt: get("tt", "0"),
		symmetry: q.Get("symmetry") == "1" || q.Get("symmetry") == "on" || q.Get("symmetry") == "true",
		second:   q.Get("you") == "second",
	}
}

// url is the page's address for the same options and the given moves.
func (cq connect4Query) url(lang i18n.Lang, moves []string) string {
	q := url.Values{"depth": {cq.depth}, "lang": {string(lang)}}
	if cq.eval != "" {
		q.Set("eval", cq.eval)
	}
	if cq.algo != connect4DefaultAlgo {
		q.Set("algo", cq.algo)
	}
	if cq.order != "natural" {
		q.Set("order", cq.order)
	}
	if cq.tt != "0" {
		q.Set("tt", cq.tt)
	}
	if cq.symmetry {
		q.Set("symmetry", "1")
	}
	if cq.second {
		q.Set("you", "second")
	}
	if len(moves) > 0 {
		q.Set("moves", strings.Join(moves, ""))
	}
	return "/connect4?" + q.Encode()
}

// spec is the game the query describes; the error names the parameter
// that is not a number.
func (cq connect4Query) spec() (play.Spec, error) {
	d, err := strconv.Atoi(cq.depth)
	if err != nil {
		return play.Spec{}, &play.OptionError{Option: "depth", Value: cq.depth, Why: play.NotANumber, Min: 1, Max: play.MaxDepth}
	}
	tt, err := strconv.Atoi(cq.tt)
	if err != nil {
		return play.Spec{}, &play.OptionError{Option: "tt", Value: cq.tt, Why: play.NotANumber, Min: 0, Max: search.MaxTTSize}
	}
	s := play.Spec{Game: "connect4", Eval: cq.eval, Depth: d, HumanFirst: !cq.second, TT: tt, Symmetry: cq.symmetry,
		Algo: cq.algo, Order: cq.order, Nodes: scenario.MaxWork}
	// The defaults are left out, so that the viewer's link is as short
	// as the scenario allows.
	if s.Algo == connect4DefaultAlgo {
		s.Algo = ""
	}
	if s.Order == "natural" {
		s.Order = ""
	}
	if cq.moves != "" {
		s.Moves = []string{cq.moves}
	}
	return s, nil
}

// fields are the engine's options as a form.
func (cq connect4Query) fields(loc *i18n.Localizer) []templates.FormField {
	sym := "0"
	if cq.symmetry {
		sym = "1"
	}
	you := "first"
	if cq.second {
		you = "second"
	}
	return []templates.FormField{
		{Name: "you", Label: loc.T("c4.field.you"), Value: you, Options: []string{"first", "second"}, Texts: []string{loc.T("c4.you.first"), loc.T("c4.you.second")}},
		{Name: "depth", Label: loc.T("c4.field.depth"), Value: cq.depth, Options: []string{"1", "2", "3", "4", "5", "6"}},
		{Name: "eval", Label: loc.T("c4.field.eval"), Value: cq.eval, Options: append([]string{""}, connect4.EvaluationNames()...),
			Texts: append([]string{loc.T("c4.eval.default")}, translated(loc, "c4.evalname.", connect4.EvaluationNames())...)},
		{Name: "algo", Label: loc.T("c4.field.algo"), Value: cq.algo, Options: connect4Algos, Texts: translated(loc, "algoname.", connect4Algos)},
		{Name: "order", Label: loc.T("c4.field.order"), Value: cq.order, Options: connect4Orders, Texts: translated(loc, "ordname.", connect4Orders)},
		{Name: "tt", Label: loc.T("c4.field.tt"), Value: cq.tt},
		{Name: "symmetry", Label: loc.T("c4.field.symmetry"), Value: sym, Options: []string{"0", "1"}, Texts: []string{loc.T("c4.no"), loc.T("c4.yes")}},
	}
}

// translated are names as a select shows them: each the message prefix+name
// in the page's language.
func translated(loc *i18n.Localizer, prefix string, names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = loc.T(prefix + n)
	}
	return out
}

// connect4Page is Connect Four against the engine. The query holds the
// whole game, so the page is a permalink and the server keeps nothing.
// When the engine is to move, it searches (under the server's budget,
// behind the heavy gate) and redirects to the game with its move; when the
// game's last move is the engine's, the page searches the position before
// it again (the search is deterministic) to say why, with its value and
// the link to that search in the viewer.
func (s *Server) connect4Page(c echo.Context) error {
	lang := langOf(c)
	loc := i18n.For(lang)
	cq := readConnect4Query(c.QueryParams())
	p := &templates.Connect4Page{Assets: s.assets, Script: s.assetURL("connect4.js"), Fields: cq.fields(loc)}
	fail := func(err error) error {
		p.Error = connect4ErrorText(loc, lang, err)
		var me *play.MoveError
		if errors.As(err, &me) {
			p.Back = cq.url(lang, me.Played)
		}
		return s.render(c, http.StatusBadRequest, templates.Connect4GamePage(p))
	}
	spec, err := cq.spec()
	if err != nil {
		return fail(err)
	}
	g, err := play.New(spec)
	if err != nil {
		return fail(err)
	}
	if g.EngineToMove() {
		// The engine answers, and the browser is sent to the game with
		// its answer: the address is then the whole game, a permalink.
		m, _, err := g.Reply(c.Request().Context())
		if err != nil {
			return err
		}
		return c.Redirect(http.StatusSeeOther, cq.url(lang, append(g.Played(), m)))
	}
	var engine *engineMove
	if n := len(g.Played()); n > 0 && !lastMoveHuman(n, spec.HumanFirst) {
		// The game's last move is the engine's: search the position
		// before it again (the search is deterministic) for its value.
		prev := spec
		prev.Moves = g.Played()[:n-1]
		if before, err := play.New(prev); err == nil {
			m, v, err := before.Reply(c.Request().Context())
			if err != nil {
				return err
			}
			engine = &engineMove{column: m, value: v, before: before, played: g.Played()[n-1]}
		}
	}
	buildConnect4Page(loc, p, cq, spec, g, engine)
	return s.render(c, http.StatusOK, templates.Connect4GamePage(p))
}

// engineMove is the engine's last move: the column it chooses at the
// position before (the game before it), its search's value, and the
// column the game's list has there when that differs (a list edited by
// hand).
type engineMove struct {
	column string
	value  float64
	before *play.Game
	played string
}

// lastMoveHuman reports whether the n-th move (from 1) was the human's:
// x makes the odd moves.
func lastMoveHuman(n int, humanFirst bool) bool { return n%2 == 1 == humanFirst }

// buildConnect4Page draws the board and says where the game stands.
func buildConnect4Page(loc *i18n.Localizer, p *templates.Connect4Page, cq connect4Query, spec play.Spec, g *play.Game, engine *engineMove) {
	lang := loc.Lang()
	pos := g.Position()
	played := g.Played()
	// The board: 100 units a slot, discs 40 across.
	const size = 100
	p.Board.ViewBox = "0 0 700 600"
	playable := map[int]bool{}
	for i, cell := range pos.Cells {
		if cell.Move != "" {
			playable[i%pos.Cols] = true
		}
	}
	win := map[int]bool{}
	for _, i := range pos.Four {
		win[i] = true
	}
	for i, cell := range pos.Cells {
		col, row := i%pos.Cols, i/pos.Cols
		p.Board.Slots = append(p.Board.Slots, templates.Connect4Slot{
			CX: strconv.Itoa(col*size + size/2), CY: strconv.Itoa(row*size + size/2), R: "40",
			Disc: cell.Disc, Last: i == pos.Last, Win: win[i],
			Name: strconv.Itoa(col+1) + "-" + strconv.Itoa(pos.Rows-row),
		})
	}
	for col := range pos.Cols {
		// A column is named by its number, 1 to 7 from the left, as the
		// viewer names it ("column 4"); its key is the same number.
		number := strconv.Itoa(col + 1)
		cc := templates.Connect4Column{Number: number, X: strconv.Itoa(col * size), W: strconv.Itoa(size), H: strconv.Itoa(pos.Rows * size)}
		if playable[col] {
			cc.URL = cq.url(lang, append(append([]string(nil), played...), number))
			cc.Aria = loc.T("c4.column-aria", "Column", number)
		}
		p.Board.Columns = append(p.Board.Columns, cc)
	}
	human, engineSide := "x", "o"
	if !spec.HumanFirst {
		human, engineSide = "o", "x"
	}
	p.You = loc.T("c4.you-play."+human, "Depth", spec.Depth)
	p.Over = pos.Over
	switch {
	case pos.Over && pos.Winner == human:
		p.Status = loc.T("c4.over.you-win", "Four", fourText(loc, pos))
	case pos.Over && pos.Winner == engineSide:
		p.Status = loc.T("c4.over.engine-wins", "Four", fourText(loc, pos))
	case pos.Over:
		p.Status = loc.T("c4.over.draw")
	case pos.HumanToMove:
		p.Status = loc.T("c4.your-turn." + human)
	}
	if engine != nil {
		sc, _ := engine.before.Search()
		q := sc.Query()
		q.Set("lang", string(lang))
		e := &templates.Connect4Engine{Column: engine.column, ViewURL: "/view?" + q.Encode()}
		value := trace.Num(engine.value).String()
		switch {
		case engine.value >= connect4.WinScore:
			e.Text = loc.T("c4.engine.win-x", "Column", engine.column, "Depth", spec.Depth, "Value", value)
		case engine.value <= -connect4.WinScore:
			e.Text = loc.T("c4.engine.win-o", "Column", engine.column, "Depth", spec.Depth, "Value", value)
		default:
			e.Text = loc.T("c4.engine.played", "Column", engine.column, "Depth", spec.Depth, "Value", value)
		}
		if engine.played != "" && engine.played != engine.column {
			e.Text = loc.T("c4.engine.other", "Played", engine.played, "Column", engine.column, "Depth", spec.Depth, "Value", value)
		}
		p.Engine = e
	}
	p.EvalCaption, p.Terms, p.Total = playTerms(loc, pos)
	if len(played) > 0 {
		p.History = loc.T("pl.history", "Moves", strings.Join(played, " "))
		// Take back the human's last move and the engine's reply to it.
		for k := len(played); k >= 1; k-- {
			if lastMoveHuman(k, spec.HumanFirst) {
				p.UndoURL = cq.url(lang, played[:k-1])
				break
			}
		}
	}
	p.NewURL = cq.url(lang, nil)
}

// fourText names the winning four by its ends, each slot by its column
// and its row counted from the bottom ("column 1, row 1 to column 4,
// row 1").
func fourText(loc *i18n.Localizer, pos play.Position) string {
	if len(pos.Four) == 0 {
		return ""
	}
	// A slot's column and row, and its order along any line: by column,
	// then by row (a vertical four differs only in the row).
	slot := func(c int) (col, row, order int) {
		col, row = c%pos.Cols+1, pos.Rows-c/pos.Cols
		return col, row, col*(pos.Rows+1) + row
	}
	first, last := pos.Four[0], pos.Four[0]
	for _, c := range pos.Four {
		_, _, o := slot(c)
		if _, _, f := slot(first); o < f {
			first = c
		}
		if _, _, l := slot(last); o > l {
			last = c
		}
	}
	name := func(c int) string {
		col, row, _ := slot(c)
		return loc.T("c4.slot", "Column", col, "Row", row)
	}
	return loc.T("c4.four", "From", name(first), "To", name(last))
}

// playTerms explains the evaluation of a position term by term: the
// table's caption, its rows and the total.
func playTerms(loc *i18n.Localizer, pos play.Position) (caption string, terms []templates.PlayTerm, total string) {
	if len(pos.Terms) == 0 {
		return "", nil, ""
	}
	for _, t := range pos.Terms {
		name := t.Name
		if ph, ok := scenario.ReversiTermPhrase(name); ok {
			name = loc.Phrase(ph) // Reversi's features in words; Connect Four's X3 is a symbol
		}
		terms = append(terms, templates.PlayTerm{Name: name, Count: trace.Num(t.Count).String(), Weight: trace.Num(t.Weight).String(), Product: trace.Num(t.Count * t.Weight).String()})
	}
	return loc.T("pl.terms-caption", "Eval", loc.T("pl.eval-name", "Eval", scenario.EvalWords(pos.EvalName, loc.Phrase))), terms, trace.Num(pos.Value).String()
}

// connect4ErrorText says what is wrong with a request in the page's
// language: a move of the list that cannot be played by its place and
// column, an option of the engine by its name and why, the other errors as
// the engine words them.
//
// Every error names the query parameter it is about: moves for a move,
// the option's name for an option, the spec's field for the rest (whose
// page-language words say what the form takes).
func connect4ErrorText(loc *i18n.Localizer, lang i18n.Lang, err error) string {
	var me *play.MoveError
	if errors.As(err, &me) {
		return errorText(lang, &paramError{Param: "moves", Err: errors.New(loc.T("c4.err."+me.Why, "N", me.N, "Move", me.Move))})
	}
	var oe *play.OptionError
	if errors.As(err, &oe) {
		return shortenValues(leadWith(loc.T("c4.opt."+oe.Option+"."+oe.Why, "Value", oe.Value, "Algo", oe.Algo, "Want", oe.Want,
			"Min", oe.Min, "Max", oe.Max), oe.Option))
	}
	var fe *play.FieldError
	if errors.As(err, &fe) {
		// The engine's account in English; what the form takes in the
		// page's language.
		say := trace.PhraseOf("pl.err.spec", "Games", strings.Join(play.Games(), ", "), "Max", play.MaxDepth, "Moves", play.MaxMoves)
		switch fe.Field {
		case "game", "eval", "kuhlmann", "moves":
			// What this field takes.
			say = trace.PhraseOf("pl.err."+fe.Field, "Games", strings.Join(play.Games(), ", "), "Moves", play.MaxMoves)
		}
		err = &scenario.UsageError{Err: err, Param: fe.Field, Say: say}
	}
	return errorText(lang, err)
}
