package templates

import (
	"context"
	"strings"
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
}

// FormLimits are the form's bounds as the inputs' max attributes print
// them: the same named limits the server checks.
type FormLimits struct {
	Matches, Take string // nim.MaxMatches, nim.MaxTake
}

// Form holds the fields of the home page's form as text, exactly as typed,
// so that nothing a user wrote is lost when the page comes back with an
// error. The names are those of the command line's flags.
type Form struct {
	// Source is the chosen source: "tree" (the default), "random",
	// "tictactoe", "nim", "dice" or "minichess".
	Source                                      string
	Tree, Root, Position, Matches, Take, Random string
	Seed, Algo, Prune, Fail, Order, Depth, Eval string
	// Bounds (star1's "L,U"), Player (paranoid's player) and Transform
	// (a monotone table or preset) are the options of the newer
	// algorithms; DicePosition is the dice game's position, kept apart
	// from tic-tac-toe's.
	Bounds, Player, Transform, DicePosition string
	// Format is the notation of Tree: "" or "abtrace", "cmu", "sml",
	// "cs188" or "aima".
	Format string
	// MinichessPosition is minichess's position: "horizon" (the
	// default), "start" or a position as minichess.Parse reads it;
	// MinichessOwn is a position typed in, which overrides it.
	MinichessPosition, MinichessOwn string
	// Quiescence is minichess's quiescence search, on or off.
	Quiescence bool
}

// minichessPosition is the form's minichess preset, "horizon" when none
// is chosen or the position is one of the reader's own.
func (f Form) minichessPosition() string {
	if f.MinichessPosition == "start" {
		return "start"
	}
	return "horizon"
}

// minichessOwn is the position the reader typed, as typed: the own field,
// or a position= that is no preset (a permalink, or one that came back
// with its error).
func (f Form) minichessOwn() string {
	switch {
	case f.MinichessOwn != "":
		return f.MinichessOwn
	case f.MinichessPosition == "horizon" || f.MinichessPosition == "start":
		return ""
	}
	return f.MinichessPosition
}

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
	p := strings.ToLower(f.Position)
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
