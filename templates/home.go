package templates

import (
	"context"
	"net/url"
	"strings"

	"github.com/a-h/templ"
)

// Home is the home page: the form that chooses a search, as the user last
// filled it in, and the error that sent them back, if any.
type Home struct {
	Form  Form
	Error *FormError
	// Examples are ready-made searches, each a link to the viewer.
	Examples []Example
	Assets   Assets
	// Limits are the largest values the server takes in the form's
	// number fields, so that the browser refuses what the server would.
	Limits FormLimits
	// GDLGames are the games written in GDL that abtrace ships, by name
	// (search/gdl.Games), offered to fill the GDL text box.
	GDLGames []string
}

// FormLimits are the form's bounds as the inputs' max attributes print
// them: the same named limits the server checks.
type FormLimits struct {
	Matches, Take string // nim.MaxMatches, nim.MaxTake
}

// Form holds the fields of the home page's form as text, exactly as typed,
// so that nothing a user wrote is lost when the page comes back with an
// error. The names are those of the command line's flags (a game's
// position in a field of its own: dice-position, connect4-position).
type Form struct {
	// Source is the chosen source: "tree" (the default), "random" or a
	// game of Sources.
	Source string
	// Fields are the form's values by field name.
	Fields url.Values
	// Sources are the tabs, Options the options of how to search, each
	// marked with what it applies to (decided by package scenario).
	Sources []FormSource
	Options []FormOption
	// Evals are the evaluations the sources know, suggested for eval.
	Evals []string
}

// FormSource is a tab of the form: a source and the algorithms that
// search it (space-separated, for the script to show and hide).
type FormSource struct {
	Name, Algos string
}

// FormOption is one option of how to search: its name (the flag's), its
// kind ("text", "number", "decimal", "choice" or "flag"), its choices,
// the value that stands for the default, the placeholder showing it, and
// the sources and algorithms it applies to (space-separated; "" for
// every one).
type FormOption struct {
	Name, Kind, Default, Placeholder string
	Choices                          []FormChoice
	Sources, Algos                   string
}

// FormChoice is one value of a choice with the sources and algorithms it
// applies to (space-separated; "" for every one).
type FormChoice struct {
	Value, Sources, Algos string
}

// Get is the value of field name as typed.
func (f Form) Get(name string) string { return f.Fields.Get(name) }

// value is the value option o shows: as typed, or its default.
func (f Form) value(o FormOption) string {
	if v := f.Get(o.Name); v != "" {
		return v
	}
	return o.Default
}

// Tree is the tree text as typed.
func (f Form) Tree() string { return f.Get("tree") }

// minichessPosition is the form's minichess preset, "horizon" when none
// is chosen or the position is one of the reader's own.
func (f Form) minichessPosition() string {
	if f.Get("minichess-position") == "start" {
		return "start"
	}
	return "horizon"
}

// minichessOwn is the position the reader typed, as typed.
func (f Form) minichessOwn() string { return f.Get("minichess-own") }

// FormError is a problem with the submitted scenario.
type FormError struct {
	Message string
	// Line and Col locate an error in the tree text (1-based; 0 when the
	// error has no position). Excerpt is that line of the text and Caret
	// the same number of characters as precede the column, as spaces.
	Line, Col int
	Excerpt   string
	Caret     string
}

// Example is a ready-made search. Name and Note are message IDs (the
// page words them in its language).
type Example struct {
	Name, Note, URL string
}

// NewFormError builds the error shown for a tree error at line, col of
// text (line 0: no position).
func NewFormError(msg, text string, line, col int) *FormError {
	e := &FormError{Message: msg, Line: line, Col: col}
	if line <= 0 {
		return e
	}
	lines := strings.Split(text, "\n")
	if line > len(lines) {
		return e
	}
	l := strings.ReplaceAll(strings.TrimRight(lines[line-1], "\r"), "\t", " ")
	runes := []rune(l)
	// Keep long lines readable: show at most 60 characters around the column.
	start := 0
	if col > 50 {
		start = col - 40
	}
	end := min(len(runes), start+80)
	if start > len(runes) {
		start = len(runes)
	}
	e.Excerpt = string(runes[start:end])
	e.Caret = strings.Repeat(" ", max(col-1-start, 0)) + "^"
	return e
}

func (f Form) source() string {
	if f.Source == "" {
		return "tree"
	}
	return f.Source
}

// cells returns the 9 cells of the tic-tac-toe position (empty cells as '.').
func (f Form) cells() []string {
	out := make([]string, 9)
	p := strings.ToLower(f.Get("position"))
	for i := range out {
		out[i] = "."
		if i < len(p) && (p[i] == 'x' || p[i] == 'o') {
			out[i] = string(p[i])
		}
	}
	return out
}

// cellLabel names a cell of the board editor for screen readers.
func cellLabel(ctx context.Context, i int, mark string) string {
	what := T(ctx, "home.ttt.empty")
	if mark != "." {
		what = mark
	}
	return T(ctx, "home.ttt.cell", "Row", Itoa(i/3+1), "Col", Itoa(i%3+1), "Mark", what)
}

// markText is what a cell of the board editor shows.
func markText(mark string) string {
	if mark == "." {
		return ""
	}
	return mark
}

// formLabels are the message IDs of the labels of the options of how to
// search, by the option's name.
var formLabels = map[string]string{
	"algo": "home.algo", "bounds": "home.bounds", "player": "home.player", "prune": "home.prune", "fail": "home.fail",
	"order": "home.order", "depth": "home.depth", "eval": "home.eval", "fuzzy": "home.opt.fuzzy", "utilities": "home.opt.utilities", "kuhlmann": "home.opt.kuhlmann",
	"transform": "home.transform", "seed": "home.seed", "tt": "home.opt.tt", "replace": "home.opt.replace",
	"symmetry": "home.opt.symmetry", "aspiration": "home.opt.aspiration", "quiescence": "home.minichess.quiescence",
	"extend": "home.opt.extend", "margin": "home.opt.margin", "forward": "home.opt.forward", "beam": "home.opt.beam",
	"iterations": "home.opt.iterations", "c": "home.opt.c", "playout": "home.opt.playout", "samples": "home.opt.samples",
	"sample": "home.opt.sample", "layout": "home.opt.layout", "deal": "home.opt.deal", "world": "home.opt.world",
}

// OptionLabelID is the message ID of the label of the option called
// name ("" when it has none).
func OptionLabelID(name string) string { return formLabels[name] }

// ChoiceLabelID is the message ID of the text of a choice of the option
// called name: algorithms and orderings by their names, the default ("")
// as "none" or, for the prune rule, the source's.
func ChoiceLabelID(name, value string) string {
	switch name {
	case "algo":
		return "algo." + value
	case "order":
		return "order." + value
	case "prune":
		if value == "" {
			return "home.prune.source"
		}
		return "home.prune." + value
	case "fail":
		return "home.fail." + value
	}
	if value == "" {
		value = "none"
	}
	return "home.opt." + name + "." + value
}

// SourceLabelID is the message ID of the tab of a source.
func SourceLabelID(name string) string { return "home.tab." + name }

// placeholderOf is what an empty field of option o shows: its default.
func placeholderOf(ctx context.Context, o FormOption) string {
	switch o.Name {
	case "depth":
		return T(ctx, "home.depth.none")
	case "eval":
		return T(ctx, "home.eval.placeholder")
	case "transform":
		return T(ctx, "home.transform.placeholder")
	case "bounds":
		return "0,10"
	}
	return o.Placeholder
}

// listOf is the list attribute of option o's field: the suggestions of
// the evaluations for eval, none for the others.
func listOf(o FormOption) templ.Attributes {
	if o.Name == "eval" {
		return templ.Attributes{"list": "evals"}
	}
	return nil
}

// GDLGameLabelID is the message ID of the name of a shipped GDL game.
func GDLGameLabelID(name string) string { return "home.gdl.game." + name }
