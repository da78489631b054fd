package web

import (
	"context"
	"errors"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"github.com/abtrace/abtrace/classroom"
	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/exercise"
	"github.com/abtrace/abtrace/search/gdl"
	"github.com/abtrace/abtrace/search/minichess"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/search/tournament"
	"github.com/abtrace/abtrace/search/tree"
	"github.com/abtrace/abtrace/search/tree/importer"
	"github.com/abtrace/abtrace/templates"
	"github.com/abtrace/abtrace/trace"
	"github.com/abtrace/abtrace/view"
)

// langOf is the language of a request: its lang= parameter, else its
// Accept-Language header, else English (see i18n.Negotiate).
func langOf(c echo.Context) i18n.Lang {
	return i18n.Negotiate(c.QueryParam("lang"), c.Request().Header.Get("Accept-Language"))
}

// pageContext is the context a page renders in: the request's, with the
// localizer of its language and the header's language switch (this
// address with each language's lang=). A page whose language came from
// Accept-Language varies by that header, for caches.
func pageContext(c echo.Context) context.Context {
	r := c.Request()
	lang := langOf(c)
	if c.QueryParam("lang") == "" {
		c.Response().Header().Add("Vary", "Accept-Language")
	}
	links := make([]templates.LangLink, 0, len(i18n.Langs))
	for _, l := range i18n.Langs {
		if len(r.URL.RawQuery) > templates.MaxLinkQuery {
			// A huge tree typed as text: the switch would repeat it three
			// times; it goes to the language's start page instead.
			links = append(links, templates.LangLink{Code: string(l), Name: l.Name(), URL: "/?lang=" + string(l), Current: l == lang})
			continue
		}
		q := r.URL.Query()
		q.Set("lang", string(l))
		u := url.URL{Path: r.URL.Path, RawQuery: q.Encode()}
		links = append(links, templates.LangLink{Code: string(l), Name: l.Name(), URL: u.String(), Current: l == lang})
	}
	ctx := i18n.NewContext(r.Context(), i18n.For(lang))
	return templates.WithLangLinks(ctx, links)
}

// wordsFor returns what words a viewer's narration in language code (its
// query's lang=; English when it names none of the catalogs').
func wordsFor(code string) func(trace.Phrase) string {
	return localizerFor(code).Phrase
}

// localizerFor is the localizer of the language code (English when it is
// not one of the catalogs').
func localizerFor(code string) *i18n.Localizer {
	l, ok := i18n.Parse(code)
	if !ok {
		l = i18n.English
	}
	return i18n.For(l)
}

// MaxEchoLen is the most characters of a value as given that an error
// message repeats: a longer value (a 5,000-character parameter) is cut to
// its first MaxEchoLen characters and "…", so that the message still says
// what was given and stays a sentence.
const MaxEchoLen = 60

// errorText words err for a page in language l, naming the parameter or
// field it is about ("algo: …", "orders (natural): …") and with the
// values it repeats cut to MaxEchoLen characters: an error in tree text in
// the page's language with its position ("Zeile 2, Spalte 9: …"), any
// other error (and every error in English) as it is.
func errorText(l i18n.Lang, err error) string {
	return shortenValues(pageFields(i18n.For(l), namedText(l, err)))
}

// commandFlag is a command-line flag a message names ("try --algo maxn",
// "give --eval"), after the start or a space or parenthesis.
var commandFlag = regexp.MustCompile(`(^|[\s(])--([a-z][a-z0-9-]*)`)

// pageFields is msg with each command-line flag it names that a page's
// form has a field for said as the form labels that field, in the page's
// language ("try “Algorithm” maxn", "geben Sie „Bewertung an der Grenze“
// an"): on a page there is no flag to give. A flag no form has (--host,
// which starts the server) stays.
func pageFields(loc *i18n.Localizer, msg string) string {
	if !strings.Contains(msg, "--") {
		return msg
	}
	return commandFlag.ReplaceAllStringFunc(msg, func(m string) string {
		i := strings.Index(m, "--")
		id := fieldLabelID(m[i+2:])
		if id == "" {
			return m
		}
		return m[:i] + loc.T("error.field", "Label", loc.T(id))
	})
}

// fieldLabelID is the message ID of the label of the form's field for
// the command-line flag name ("" when no form has one).
func fieldLabelID(name string) string {
	switch name {
	case "game":
		return "home.source"
	case "evals":
		return "tn.field.evals"
	}
	return templates.OptionLabelID(name)
}

// namedText words err in language l, with the parameter it is about in
// front unless the words name it already.
func namedText(l i18n.Lang, err error) string {
	// A query parameter's error keeps saying which parameter (and which
	// of its names) it is about: "orders (natural): …".
	var pe *paramError
	if errors.As(err, &pe) {
		if pe.Say.ID != "" {
			return pe.Param + ": " + i18n.For(l).Phrase(pe.Say)
		}
		return pe.Param + ": " + dropPackages(wordedText(l, pe.Err))
	}
	msg := wordedText(l, err)
	param := ""
	var ue *scenario.UsageError
	var xe *exercise.Error
	var oe *search.OptionError
	switch {
	case errors.As(err, &ue) && ue.Param != "":
		param = ue.Param
	case errors.As(err, &xe) && xe.Field != "":
		param = xe.Field
	case errors.As(err, &oe) && oe.Param != "":
		param = oe.Param
	default:
		return msg
	}
	return leadWith(dropPackages(msg), param)
}

// errorPackages are the names of the packages (and games) that lead the
// command line's messages ("search: unknown ordering …", "eval: play:
// reversi: evaluation: feature: term 1: …"): on a page the parameter's
// name leads instead, and they only stand between it and what is wrong.
var errorPackages = map[string]bool{
	"scenario": true, "search": true, "exercise": true, "play": true, "feature": true, "evaluation": true,
	"trace": true, "view": true, "export": true, "parallel": true, "tournament": true, "fuzzy": true, "gdleval": true,
	"tictactoe": true, "tic-tac-toe": true, "connect4": true, "reversi": true, "minichess": true,
	"nim": true, "dice": true, "cards": true, "roads": true,
}

// dropPackages is msg without the package names in its chain of
// prefixes ("reversi: feature: term 1: unknown feature …" is "term 1:
// unknown feature …"); what the message says stays whole.
func dropPackages(msg string) string {
	parts := strings.Split(msg, ": ")
	kept := parts[:0]
	for i, p := range parts {
		if i < len(parts)-1 && errorPackages[p] {
			continue
		}
		kept = append(kept, p)
	}
	return strings.Join(kept, ": ")
}

// leadWith is msg with the parameter param in front ("algo: unknown
// algorithm …"), unless msg starts with it already ("depth must be …").
func leadWith(msg, param string) string {
	if rest, ok := strings.CutPrefix(msg, param); ok && (strings.HasPrefix(rest, ":") || strings.HasPrefix(rest, " ")) {
		return msg
	}
	return param + ": " + msg
}

// shortenValues cuts every value msg repeats to MaxEchoLen characters and
// "…": a quoted value ("…", with Go's escapes) inside its quotes, and any
// run of text without a space that is longer.
func shortenValues(msg string) string {
	var b strings.Builder
	for i := 0; i < len(msg); {
		if msg[i] == '"' {
			end := i + 1
			for end < len(msg) && msg[end] != '"' {
				if msg[end] == '\\' {
					end++
				}
				end++
			}
			if end >= len(msg) {
				b.WriteString(shortenRun(msg[i:]))
				break
			}
			b.WriteByte('"')
			b.WriteString(shortenRun(msg[i+1 : end]))
			b.WriteByte('"')
			i = end + 1
			continue
		}
		j := i
		for j < len(msg) && msg[j] != ' ' && msg[j] != '"' {
			j++
		}
		if j == i {
			b.WriteByte(msg[i])
			i++
			continue
		}
		b.WriteString(shortenRun(msg[i:j]))
		i = j
	}
	return b.String()
}

// shortenRun cuts s to MaxEchoLen characters and "…" when it is longer.
func shortenRun(s string) string {
	if utf8.RuneCountInString(s) <= MaxEchoLen {
		return s
	}
	n := 0
	for i := range s {
		if n == MaxEchoLen {
			return s[:i] + "…"
		}
		n++
	}
	return s
}

// wordedText words err in language l as it is: an error in tree text in
// the page's language with its position, any other error (and every error
// in English) as its Error says.
func wordedText(l i18n.Lang, err error) string {
	if l == i18n.English {
		return err.Error()
	}
	loc := i18n.For(l)
	// In this order: an error may wrap another of a later kind.
	for _, words := range []func(*i18n.Localizer, error) (string, bool){serverText, inputText, searchText} {
		if s, ok := words(loc, err); ok {
			return s
		}
	}
	return err.Error()
}

// serverText words the errors of the server's own rooms: the classroom's,
// the server's, the diff's, and a drawing's too large.
func serverText(loc *i18n.Localizer, err error) (string, bool) {
	var ce *classroom.Error
	var se *saidError
	var de *trace.DiffError
	var pl *view.PaneTooLongError
	switch {
	case errors.As(err, &ce):
		return loc.Phrase(ce.Say), true
	case errors.As(err, &se):
		return loc.Phrase(se.Say), true
	case errors.As(err, &de) && de.Say.ID != "":
		return placed(loc, de.Line, de.Col, loc.Phrase(de.Say)), true
	case errors.As(err, &pl):
		return loc.T("error.pane-too-long", "Pane", pl.Pane, "Max", pl.Max), true
	case errors.Is(err, view.ErrTooLarge):
		return loc.T("error.drawing-too-large"), true
	}
	return "", false
}

// inputText words the errors of what a user typed: tree text, a
// minichess position, an exercise's fields, a scenario's parameters.
func inputText(loc *i18n.Localizer, err error) (string, bool) {
	var te *tree.Error
	var xe *exercise.Error
	var ue *scenario.UsageError
	var me *minichess.ParseError
	switch {
	case errors.As(err, &xe) && xe.Say.ID == "" && xe.Field != "" && errors.As(xe.Err, &te) && te.Phrase.ID != "":
		// An exercise's field holding tree text that does not parse:
		// the field first, then where in the text and what.
		return xe.Field + ": " + placed(loc, te.Line, te.Col, loc.Phrase(te.Phrase)), true
	case errors.As(err, &te) && te.Phrase.ID != "":
		return placed(loc, te.Line, te.Col, loc.Phrase(te.Phrase)), true
	case errors.As(err, &me) && me.Say.ID != "":
		return placed(loc, me.Line, me.Col, loc.Phrase(me.Say)), true
	case errors.As(err, &xe) && xe.Say.ID != "":
		if xe.Field == "" {
			return loc.Phrase(xe.Say), true
		}
		return xe.Field + ": " + loc.Phrase(xe.Say), true
	case saidUsage(err, &ue):
		var ie *importer.Error
		if errors.As(err, &ie) {
			return placed(loc, ie.Line, ie.Col, loc.Phrase(ue.Say)), true
		}
		return loc.Phrase(ue.Say), true
	}
	return "", false
}

// searchText words the errors of the searches: their options, a
// tournament's, and an unknown name.
func searchText(loc *i18n.Localizer, err error) (string, bool) {
	var ne *search.NameError
	var oe *search.OptionError
	var tne *tournament.Error
	var ill *gdl.IllFormedError
	var lim *gdl.LimitError
	switch {
	case errors.As(err, &oe):
		return loc.Phrase(oe.Say), true
	case errors.As(err, &lim) && gdlLimitWords[lim.Limit] != "":
		return loc.T("gdl.err.limit", "What", loc.T(gdlLimitWords[lim.Limit]), "Max", strconv.Itoa(lim.Value), "Limit", lim.Limit), true
	case errors.As(err, &ill):
		// /play's engine met such a state (a scenario's run says it as
		// a UsageError)
		return loc.Phrase(trace.Phrase{ID: "scenario.err.gdl", Args: map[string]any{"Error": ill.Say}}), true
	case errors.As(err, &tne):
		return loc.Phrase(tne.Say), true
	case errors.As(err, &ne):
		what := ne.What
		if id, ok := nameKinds[ne.What]; ok {
			what = loc.T(id)
		}
		return loc.T("error.unknown-name", "What", what, "Got", strconv.Quote(ne.Name), "Want", strings.Join(ne.Want, ", ")), true
	}
	return "", false
}

// gdlLimitWords are the message ids of what a limit of the GDL reader or
// reasoner (gdl.LimitError) bounds, by the limit's name, for the pages a
// game may pass it on: the setup page's check, the viewer, /play.
var gdlLimitWords = map[string]string{
	"MaxGroundAtoms": "gdl.limit.ground-atoms", "MaxPlayoutGroundAtoms": "gdl.limit.ground-atoms",
	"MaxGroundRules": "gdl.limit.ground-rules", "MaxPlayoutGroundRules": "gdl.limit.ground-rules",
	"MaxGroundWork": "gdl.limit.ground-work", "MaxPlayoutGroundWork": "gdl.limit.ground-work",
	"MaxStateProps": "gdl.limit.state-props", "MaxProofSteps": "gdl.limit.proof-steps", "MaxProofFrames": "gdl.limit.proof-frames",
	"MaxDUCTIterations": "gdl.limit.duct-iterations", "MaxTracedDUCTIterations": "gdl.limit.duct-iterations",
	"MaxStructureStates": "gdl.limit.structure-states",
}

// saidUsage finds in err's chain the first *scenario.UsageError with a
// phrase for a page (an outer one may only wrap it, as the viewer's scene
// does), and reports whether there is one.
func saidUsage(err error, dst **scenario.UsageError) bool {
	for ; err != nil; err = errors.Unwrap(err) {
		if u, ok := err.(*scenario.UsageError); ok && u.Say.ID != "" {
			*dst = u
			return true
		}
	}
	return false
}

// placed puts the line and column of an error in a text (from 1; 0 when
// the whole text is at fault) in front of its message, worded by loc.
func placed(loc *i18n.Localizer, line, col int, msg string) string {
	if line <= 0 {
		return msg
	}
	return loc.T("error.position", "Line", strconv.Itoa(line), "Col", strconv.Itoa(col)) + ": " + msg
}

// nameKinds are the message ids of what search.NameError may name.
var nameKinds = map[string]string{
	"algorithm": "error.what.algorithm", "ordering": "error.what.ordering", "prune rule": "error.what.prune",
	"fail mode": "error.what.fail", "playout": "error.what.playout", "pseudocode form": "error.what.form",
	"extension": "error.what.extension", "forward pruning": "error.what.forward", "replacement rule": "error.what.replacement",
}

// saidError is an error of the server's own (a websocket command, the
// host check, a limit) as a phrase of the pages' catalog: Error words it
// in English, errorText in the page's language.
type saidError struct{ Say trace.Phrase }

func (e *saidError) Error() string { return i18n.For(i18n.English).Phrase(e.Say) }

// say is the error of message id with the arguments kv (name, value, …),
// each value as fmt.Sprint writes it.
func say(id string, kv ...any) error {
	return &saidError{Say: trace.PhraseOf(id, kv...)}
}

// formOnly reports whether a page's query asks for nothing but its form:
// it is empty, or holds only the page's language.
func formOnly(q url.Values) bool {
	return len(q) == 0 || len(q) == 1 && q.Has("lang")
}
