package templates

// Connect4Page is Connect Four against the engine: the board with a
// link per playable column, whose turn it is, the engine's last move with
// its value and a link to its search in the viewer, the result with the
// winning four, and the engine's options. Every text and every class is
// decided by the server; the page's script only follows the links.
type Connect4Page struct {
	Assets Assets
	Script string // static/connect4.js, versioned
	Fields []FormField
	// Error says what is wrong with the request and where; Back, when set,
	// is the game up to the last move that could be played.
	Error, Back string
	Board       Connect4Board
	// You says which discs the human plays; Status whose turn it is or
	// how the game ended.
	You, Status string
	Over        bool
	// Engine is the engine's last move, when it made one.
	Engine *Connect4Engine
	// Terms explain the evaluation of the position for x.
	EvalCaption string
	Terms       []PlayTerm
	Total       string
	History     string
	// UndoURL takes back the human's last move (and the engine's reply);
	// NewURL starts again with the same options.
	UndoURL, NewURL string
}

// Connect4Board is the 7×6 board: the columns (each a link when the
// human may drop a disc there) and the slots row by row from the top.
type Connect4Board struct {
	ViewBox string
	Columns []Connect4Column
	Slots   []Connect4Slot
}

// Connect4Column is one column: its number, 1 to 7 from the left (its
// name and the key that plays it), its place on the board and the move's
// link ("" when full or not the human's turn).
type Connect4Column struct {
	Number    string
	X, W, H   string
	URL, Aria string
}

// Connect4Slot is one slot: its centre, its disc ("x", "o" or ""), and
// whether it holds the last disc dropped or one of the winning four.
type Connect4Slot struct {
	CX, CY, R string
	Disc      string
	Last, Win bool
	Name      string // "d1": column letter and row from the bottom
}

// Connect4Engine is the engine's last move.
type Connect4Engine struct {
	Column string // "d"
	Text   string // "The engine played column d; ..."
	// ViewURL opens the engine's search at the position before its move
	// in the viewer, with the same options.
	ViewURL string
}
