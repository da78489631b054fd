package scenario

import (
	"strconv"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/dice"
	"github.com/abtrace/abtrace/search/nim"
	"github.com/abtrace/abtrace/search/reversi"
	"github.com/abtrace/abtrace/search/tictactoe"
	"github.com/abtrace/abtrace/trace"
)

// Every game's nodes are named by the move into them, as the game names it
// (the design's vocabulary: people see names, never the path ids that the
// trace uses to find a node): "b2" in tic-tac-toe, "d3" in Reversi, "d" for
// Connect Four's column d, "Qd1xd3" in minichess, "♣9" in the card game,
// the matches left in matchsticks, a throw of the dice game as the die face of the
// squares it moves (⚀, ⚁, ⚂) and a token's move as its squares ("1→3").
// A pass is the key "pass", worded in the viewer's language.

// PassLabel is the label of a pass (Reversi, the dice game), a key worded
// by the viewer's language (scenario.name.pass).
const PassLabel = "pass"

// dieFaces are the faces of a die, for the dice game's throws 1 to 6.
var dieFaces = [...]string{"⚀", "⚁", "⚂", "⚃", "⚄", "⚅"}

// reversiMoveName names a Reversi move as players write it ("d3"), a pass
// by PassLabel.
func reversiMoveName(_ reversi.State, m search.Move) string {
	if m == reversi.Pass {
		return PassLabel
	}
	return reversi.MoveString(m)
}

// diceMoveName names a move of the dice game: a throw by the die face of
// the squares it moves, a token's move by the squares it leaves and lands
// on ("1→3"), a pass by PassLabel.
func diceMoveName(s dice.State, m search.Move) string {
	switch {
	case s.Roll == 0 && m >= 1 && int(m) <= len(dieFaces):
		return dieFaces[m-1]
	case m == dice.Pass:
		return PassLabel
	}
	return strconv.Itoa(int(m)) + "→" + strconv.Itoa(int(m)+int(s.Roll))
}

// nimMoveName names a matchsticks node as the game labels it: by the
// matches left after the move into it (nim.Game.Label).
func nimMoveName(s nim.State, m search.Move) string { return strconv.Itoa(int(s.Left) - int(m)) }

// tictactoeMoveName names a tic-tac-toe move by its cell ("b2").
func tictactoeMoveName(_ tictactoe.State, m search.Move) string { return cellNames[m] }

// moveKeyLabel gives the phrase of a move's label that is a key rather
// than a name: a pass.
func moveKeyLabel(label string) (trace.Phrase, bool) {
	if label == PassLabel {
		return trace.Phrase{ID: "scenario.name.pass"}, true
	}
	return trace.Phrase{}, false
}

// nameMoves names the nodes of a game by the moves into them, for the
// search's events (names) and the panels (moveName); keys are worded by
// moveKeyLabel.
func nameMoves[S any](p *Search, g search.Game[S], root S, name func(S, search.Move) string) {
	namer := pathNames(g, root, name)
	p.names = func() func(string) string { return namer }
	p.moveName = namer
	if p.keyLabel == nil {
		p.keyLabel = moveKeyLabel
	}
}
