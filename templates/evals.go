package templates

// The view models of the evaluation pages: the fuzzy goal formula, the
// tournament, the coordinated search and playing against the engine.
// Every text and number they hold is decided in Go (package web builds
// them); the components only print them.

import "github.com/abtrace/abtrace/view"

// FormField is one input of a settings form.
type FormField struct {
	Name, Label, Value string
	// Options, when set, make the field a select of these values; Texts,
	// when set, are what the select shows for each (else the value).
	Options, Texts []string
	// Hidden makes the field a hidden input that carries its value (a
	// GDL game's text on /play).
	Hidden bool
	// Area makes the field a text area of several lines (a GDL game's
	// text on /parallel).
	Area bool
}

// optionText is what a select shows for its i-th option.
func (f FormField) optionText(i int) string {
	if i < len(f.Texts) {
		return f.Texts[i]
	}
	return f.Options[i]
}

// FuzzyNode is one subformula of a goal formula with its degree of truth.
type FuzzyNode struct {
	Text   string // "x has a line", "row 1", "cell(a1, x)"
	Op     string // "∨", "∧", "¬", or "" for a fluent
	Degree string // "0.625"
	Bar    string // the length of the degree's bar, 0 to FuzzyBar units
	Holds  bool   // whether the subformula is true in the position
	Kids   []FuzzyNode
	// More says how many subformulas were left undrawn below this one
	// ("" when none): a large formula is drawn to MaxDrawnSubformulas.
	More string
}

// FuzzyBar is the length of the bar of degree 1.
const FuzzyBar = 60

// FuzzyMove is one move of the position with the fuzzy value after it.
type FuzzyMove struct {
	Name, Value, URL string
	Best             bool // the best value for the side to move
}

// FuzzyPage shows the fuzzy goal evaluation of a tic-tac-toe position.
type FuzzyPage struct {
	Assets Assets
	Fields []FormField
	Error  string
	// Cells are the nine marks of the board ("x", "o" or ""), row by row.
	Cells  []string
	Params string // "threshold t-norm, p = 0.75, t = 0.55, q = 2"
	Value  string // "50 · (0.61 − 0.32) = 14.5"
	Goals  []FuzzyNode
	Moves  []FuzzyMove
	// ViewURL opens the viewer on the position with the fuzzy evaluation.
	ViewURL string
}

// StreamPage is a page whose results arrive over an event stream: the
// tournament and the coordinated search.
type StreamPage struct {
	Assets Assets
	Script string // the page's script
	Title  string
	Sub    string
	Action string // where the form is sent
	Fields []FormField
	Error  string
	// Stream is the address of the event stream ("" before a run); Total
	// the number of steps the progress bar counts.
	Stream string
	Total  int
	// Note explains the results under them.
	Note string
}

// TournamentResult is a finished tournament, sent as HTML over the stream.
type TournamentResult struct {
	Heading   string
	Pairings  []TournamentPairing
	Standings []TournamentStanding
	// The plot: one bar per standing, wins, draws and losses side by side.
	PlotHeight, PlotWidth string
	JSONURL               string
}

// TournamentPairing is one row of the pairings table.
type TournamentPairing struct {
	First, Second       string
	Wins, Draws, Losses string
	WinClass, LossClass string // "lead" on the side that won more
}

// TournamentStanding is one evaluation's record with its bar in the plot.
type TournamentStanding struct {
	Eval                string
	Wins, Draws, Losses string
	Points              string
	Y, TextY            string // the bar's top and its label's baseline
	WinW, DrawX, DrawW  string // segment lengths and starts in plot units
	LossX, LossW        string
}

// WorkerRow is one worker of the coordinated search as last reported.
type WorkerRow struct {
	Eval, Depth, Move, Value, Nodes string
	Status                          string // "searching", "proven win", "exact", "deepest allowed"
	Chosen                          bool
}

// WorkerTable is the coordinated search as it stands.
type WorkerTable struct {
	Rows   []WorkerRow
	Choice string // "The coordinator would play d3 (mobility, depth 5)."
	Done   bool
}

// PlayPage is a game against the engine.
type PlayPage struct {
	Assets Assets
	Title  string
	Sub    string // the line under the title; "" for the page's usual one
	Fields []FormField
	Error  string
	Board  PlayBoard
	Status string // whose move, what the engine played, or the result
	Score  string
	// Terms explain the engine's evaluation of the position.
	EvalName string
	Terms    []PlayTerm
	Total    string
	History  string
	// PassURL is the human's pass when it has no other move.
	PassURL, NewURL, UndoURL string
	// GDL, when set, is a game written in GDL: its state and moves take
	// the board's place.
	GDL *PlayGDL
}

// PlayGDL is the state of a game written in GDL against the engine: who
// plays which role, the facts that hold, the human's legal moves.
type PlayGDL struct {
	Roles        string
	Facts        []string
	MovesCaption string
	Moves        []PlayGDLMove
	// Board, when the state holds one, is drawn as the viewer draws it,
	// with Cells over it (the cells a move is played on, the last step's
	// cells); Facts are then the facts the board does not show, under
	// FactsCaption, and Hint says how a move is made on the board.
	Board        *view.Board
	Cells        []PlayGDLCell
	FactsCaption string
	Hint         string
	// Tables are the engine's statistics of its last choice made at once
	// with the human's, one per role, under TablesCaption.
	TablesCaption string
	Tables        []PlayGDLTable
	// Legend names the contents of a grid board or Connect Four's discs
	// by their colour.
	Legend []PlayGDLMark
}

// PlayGDLCell is a cell of a GDL game's board drawn over the board: its
// square (in the board's coordinates), the link that plays a move there
// or picks the piece that moves from it, and its marks.
type PlayGDLCell struct {
	X, Y, Size, CX, CY, R string
	URL, Label, Move      string
	// Last: the last step changed the cell; Picked: its piece is the one
	// chosen to move; From: a piece that can move stands there. Hole is
	// the radius of an empty Connect Four slot's hole ("" elsewhere).
	Last, Picked, From bool
	Hole               string
}

// PlayGDLMark is a content of a grid board and its disc's colour (Fill),
// or a Connect Four player and its disc's class (Class).
type PlayGDLMark struct{ Name, Fill, Class string }

// PlayGDLMove is a legal move of the human by its GDL term, and the link
// that plays it.
type PlayGDLMove struct{ Text, URL string }

// PlayBoard is the board drawn as SVG: cells with their discs and, where
// the human may move, a link.
type PlayBoard struct {
	ViewBox string
	Cells   []PlayCell
	Reversi bool
}

// PlayCell is one square (Reversi) or one slot (Connect Four).
type PlayCell struct {
	X, Y, CX, CY string
	Size         string
	Disc         string // "b", "w" (Reversi), "x", "o" (Connect Four) or ""
	URL          string // the human's move here, when legal
	Name         string // "d3" or the column letter
	Last         bool   // the engine's last move
}

// PlayTerm is one term of the engine's evaluation of the position.
type PlayTerm struct {
	Name, Count, Weight, Product string
}

// PlayGDLTable is one role's decoupled UCT statistics: each move's visits
// and mean goal, the chosen one marked.
type PlayGDLTable struct {
	Role string
	Rows []PlayGDLStat
}

// PlayGDLStat is one line of a role's table.
type PlayGDLStat struct {
	Move, Visits, Mean string
	Chosen             bool
}
