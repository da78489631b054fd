package search

import "fmt"

// AlternationError reports why a board of a game where x moves first and
// the players alternate cannot arise: nx and no are the counts of x's and
// o's pieces, xWon and oWon whether each has a winning line. game prefixes
// the message ("tictactoe"), pieces names what is counted ("marks") and
// line the winning line ("three in a row"). It returns nil for a board
// these counts allow.
func AlternationError(game string, nx, no int, xWon, oWon bool, pieces, line string) error {
	switch {
	case no != nx && no != nx-1:
		return fmt.Errorf("%s: %d x and %d o: x starts, so o must have as many %s as x or one fewer", game, nx, no, pieces)
	case xWon && oWon:
		return fmt.Errorf("%s: both x and o have %s", game, line)
	case xWon && no == nx:
		return fmt.Errorf("%s: x has %s, but o moved after the game was over (as many o as x)", game, line)
	case oWon && nx == no+1:
		return fmt.Errorf("%s: o has %s, but x moved after the game was over (one more x than o)", game, line)
	}
	return nil
}
