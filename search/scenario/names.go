package scenario

import (
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/tictactoe"
)

// tictactoeNames names a tic-tac-toe node by the cell its last move
// marked ("b2", see tictactoe.CellName), following the node's id (child
// indices in move order) from the root position. It returns "" for an
// id that is not a path of moves.
func tictactoeNames(g tictactoe.Game, root tictactoe.State) func(id string) string {
	return func(id string) string {
		s, name := root, ""
		var buf [tictactoe.Cells]search.Move
		for part := range strings.SplitSeq(id, ".") {
			i, err := strconv.Atoi(part)
			moves := g.Moves(s, buf[:0])
			if err != nil || i < 0 || i >= len(moves) {
				return ""
			}
			name = tictactoe.CellName(int(moves[i]))
			s = g.Result(s, moves[i])
		}
		return name
	}
}
