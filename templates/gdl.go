package templates

import "github.com/abtrace/abtrace/view"

// GDLPanel is the viewer's panel of a game written in GDL: the current
// node (its board or facts, each role's moves, its goals) with a "why?"
// beside every fact, move and goal, and the game's rules numbered by
// line, where the server's answer to "why?" highlights the rules used.
type GDLPanel struct {
	// Query is the scenario's query, which the panel's script sends with
	// the node's id to /api/gdl/node and /api/gdl/why.
	Query string
	// Script is the address of the panel's script (static/gdl.js).
	Script string
	Node   *GDLNode
	Rules  []GDLLine
}

// GDLLine is one line of the game's text.
type GDLLine struct {
	N    int
	Text string
}

// GDLNode is one node of a GDL game's tree as the panel shows it.
type GDLNode struct {
	ID string
	// Made is the move that led to the node and its role ("" at the root);
	// in a game whose roles choose at once, Role is "" and Made is every
	// role's move ("even (show 1) / odd (show 2)", trace.JointMoveText).
	Made, Role string
	// Board is the node's board text, drawn as the tree's board glyph ("":
	// the game has no board).
	Board string
	Drawn view.Board
	// Facts are the facts the panel lists: all of them without a board,
	// else those the board does not show and the cells that changed.
	Facts    []GDLItem
	Roles    []GDLRole
	Terminal bool
	// Eval is the node's evaluation written out, when the search uses one
	// built from the game's rules (nil otherwise).
	Eval *GDLEvalNode
	// EvalsURL is /gdl/eval at this node where the search uses no such
	// evaluation ("" where Eval links to it).
	EvalsURL string
}

// GDLItem is a fact or move with its index for "why?".
type GDLItem struct {
	Index int
	Text  string
}

// GDLRole is a role with its legal moves and, at a terminal node, its goal.
type GDLRole struct {
	Index int
	Name  string
	Moves []GDLItem
	// Goal is the role's goal value ("" when none holds).
	Goal string
}
