package scenario

import (
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/dice"
	"github.com/abtrace/abtrace/search/nim"
	"github.com/abtrace/abtrace/search/reversi"
	"github.com/abtrace/abtrace/search/tictactoe"
	"github.com/abtrace/abtrace/trace"
)

// Every game's nodes are named by the move into them, as the game names it
// (the design's vocabulary: people see names, never the path ids that the
// trace uses to find a node): "b2" in tic-tac-toe, "d3" in Reversi,
// "column 4" for Connect Four's fourth column from the left, "Qd1xd3" in
// minichess, "♣9" in the card game, the matches left in matchsticks, a
// throw of the dice game as the squares it moves ("throw 2") and a token's
// move as its squares ("1→3"). A pass is named by who passes ("MAX
// passes"). The names with words in them (a column, a throw, a pass) are
// keys, worded in the viewer's language by moveKeyLabel; the labels the
// events carry are their English wording.

// Labels of the moves named by words (see moveKeyLabel).
const (
	columnPrefix = "column "
	throwPrefix  = "throw "
)

// PassLabel is the label of a pass by the player of kind k ("MAX passes"),
// in Reversi and the dice game (trace.PassLabel).
func PassLabel(k trace.Kind) string { return trace.PassLabel(k) }

// ColumnLabel is the label of a Connect Four move into column col,
// counted 1 to 7 from the left ("column 4", as connect4.Parse reads the
// digits of a position).
func ColumnLabel(m search.Move) string { return columnPrefix + strconv.Itoa(int(m)+1) }

// reversiMoveName names a Reversi move as players write it ("d3"), a pass
// by PassLabel.
func reversiMoveName(s reversi.State, m search.Move) string {
	if m == reversi.Pass {
		return PassLabel(reversi.Game{}.ToMove(s))
	}
	return reversi.MoveString(m)
}

// diceMoveName names a move of the dice game: a throw by the squares it
// moves ("throw 2": two coins, 1 + the heads), a token's move by the
// squares it leaves and lands on ("1→3"), a pass by PassLabel.
func diceMoveName(s dice.State, m search.Move) string {
	switch {
	case s.Roll == 0:
		return throwPrefix + strconv.Itoa(int(m))
	case m == dice.Pass:
		return PassLabel(dice.Game{}.ToMove(s))
	}
	return strconv.Itoa(int(m)) + "→" + strconv.Itoa(int(m)+int(s.Roll))
}

// nimMoveName names a matchsticks node as the game labels it: by the
// matches left after the move into it (nim.Game.Label).
func nimMoveName(s nim.State, m search.Move) string { return strconv.Itoa(int(s.Left) - int(m)) }

// tictactoeMoveName names a tic-tac-toe move by its cell ("b2").
func tictactoeMoveName(_ tictactoe.State, m search.Move) string { return cellNames[m] }

// moveKeyLabel gives the phrase of a move's label that is a key rather
// than a name: a pass, a column, a throw.
func moveKeyLabel(label string) (trace.Phrase, bool) {
	if trace.IsPassLabel(label) {
		kind, _, _ := strings.Cut(label, " ")
		return trace.Phrase{ID: "scenario.name.pass", Args: map[string]any{"Kind": kind}}, true
	}
	for _, k := range [...]struct{ prefix, id string }{{columnPrefix, "scenario.name.column"}, {throwPrefix, "scenario.name.throw"}} {
		if n, ok := strings.CutPrefix(label, k.prefix); ok && n != "" && strings.Trim(n, "0123456789") == "" {
			return trace.Phrase{ID: k.id, Args: map[string]any{"N": n}}, true
		}
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

// reversiTerm gives the phrase of a term of Reversi's evaluation
// ("discs", "mobility", … as reversi's features are named), written in the
// viewer's language when the narration explains an evaluation, and of a
// move's key label (moveKeyLabel). The squares that name the nodes ("d3")
// are no key.
func reversiTerm(label string) (trace.Phrase, bool) {
	if ph, ok := ReversiTermPhrase(label); ok {
		return ph, true
	}
	return moveKeyLabel(label)
}

// ReversiTermPhrase gives the words of a term of Reversi's evaluation
// named as its feature is ("mobility"), for the pages that explain an
// evaluation term by term; false for any other name.
func ReversiTermPhrase(name string) (trace.Phrase, bool) {
	switch name {
	case "discs", "mobility", "invmobility", "novelty", "corners", "edges":
		return trace.Phrase{ID: "scenario.reversi.term." + name}, true
	}
	return trace.Phrase{}, false
}

// connect4Term gives the phrase of a term of Connect Four's threats
// evaluation (X3, X2, XC and O's), written out in words ("threats of x:
// three x discs and an empty cell in a row of four"), and of a move's key
// label (moveKeyLabel).
func connect4Term(label string) (trace.Phrase, bool) {
	switch label {
	case "X3", "X2", "XC", "O3", "O2", "OC":
		return trace.Phrase{ID: "scenario.connect4.term." + strings.ToLower(label)}, true
	}
	return moveKeyLabel(label)
}
