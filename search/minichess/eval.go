package minichess

import (
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/trace"
)

// Values are the pieces' material values, by kind: the textbook's pawn 1,
// knight and bishop 3, rook 5, queen 9; the king is not counted (losing
// it ends the game).
var Values = [7]float64{Pawn: 1, Knight: 3, Bishop: 3, Rook: 5, Queen: 9}

// Material is the material evaluation: White's pieces minus Black's, each
// weighted by Values. Its terms are one per kind of piece: the count of
// White's pieces of that kind less Black's, times the piece's value.
type Material struct{}

var (
	_ search.Evaluation[State] = Material{}
	_ search.Explainer[State]  = Material{}
)

// MaterialBound bounds |Material.Evaluate| on any position: 24 pieces
// besides the kings, each worth at most a queen's 9.
const MaterialBound = 24 * 9

// Name is "material".
func (Material) Name() string { return "material" }

// Evaluate returns White's material less Black's.
func (Material) Evaluate(s State) float64 {
	v := 0.0
	for _, p := range s.Board {
		if p > 0 {
			v += Values[p]
		} else if p < 0 {
			v -= Values[-p]
		}
	}
	return v
}

// Explain breaks Evaluate into one term per kind of piece on the board:
// Count is White's pieces of that kind less Black's, Weight its value.
func (Material) Explain(s State) []trace.Term {
	var diff [7]int
	for _, p := range s.Board {
		if p > 0 {
			diff[p]++
		} else if p < 0 {
			diff[-p]--
		}
	}
	names := [7]string{Pawn: "pawns", Knight: "knights", Bishop: "bishops", Rook: "rooks", Queen: "queens"}
	var ts []trace.Term
	for k := Pawn; k < King; k++ {
		if diff[k] != 0 {
			ts = append(ts, trace.Term{Name: names[k], Count: float64(diff[k]), Weight: Values[k]})
		}
	}
	return ts
}

// EvaluationNames lists the evaluations Evaluation knows.
func EvaluationNames() []string { return []string{"material"} }

// Evaluation returns the evaluation called name ("" means material).
func Evaluation(name string) (Material, error) {
	switch name {
	case "", "material":
		return Material{}, nil
	}
	return Material{}, parseErr(0, 0, "minichess.err.eval", "Got", strconv.Quote(name), "Want", strings.Join(EvaluationNames(), ", "))
}

// Cell is one square of a drawn board: its name, the piece's letter and
// chess symbol ("" when empty) and whether it is a dark square.
type Cell struct {
	Square   string // "a1" … "e5"
	Letter   string // "Q", "p"; "" for an empty square
	Figurine string // "♕", "♟"; ""
	White    bool   // the piece is White's
	Dark     bool   // a1 is dark, as on every chessboard
}

// Diagram is the board as drawn, rank 5 first and file a first in each
// rank, the way a diagram in a book shows it from White's side.
func (s State) Diagram() [Ranks][Files]Cell {
	var d [Ranks][Files]Cell
	for row := range Ranks {
		r := Ranks - 1 - row
		for f := range Files {
			sq := r*Files + f
			p := s.Board[sq]
			c := Cell{Square: SquareName(sq), Dark: (r+f)%2 == 0, White: p > 0}
			if p != Empty {
				c.Letter, c.Figurine = string(p.Letter()), p.Figurine()
			}
			d[row][f] = c
		}
	}
	return d
}

// BoardLen is the length of State.BoardText: five ranks of five squares
// and the four "/" between them.
const BoardLen = Ranks*Files + Ranks - 1

// BoardText is the position as the drawings show it: the ranks from
// rank 5 down to rank 1, each five squares from file a to e (a piece's
// letter, upper case for White, or "." for an empty square), separated by
// "/": "k..../....p/...p./...../K..Q." is the horizon position. The side
// to move is not part of it (the node's kind shows it).
func (s State) BoardText() string {
	b := make([]byte, 0, BoardLen)
	for r := Ranks - 1; r >= 0; r-- {
		for f := range Files {
			b = append(b, s.Board[r*Files+f].Letter())
		}
		if r > 0 {
			b = append(b, '/')
		}
	}
	return string(b)
}
