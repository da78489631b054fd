package tictactoe

import "github.com/abtrace/abtrace/search"

// Key identifies a position exactly: the x marks in bits 0..8, the o marks
// in bits 9..17.
func (Game) Key(s State) uint64 { return uint64(s.X) | uint64(s.O)<<Cells }

// symCells[t][i] is the cell that cell i moves to under symmetry t of the
// square: the identity, the rotations by 90°, 180° and 270°, and the
// reflections in the vertical, horizontal and both diagonal axes.
var symCells = func() (t [8][Cells]int) {
	for i := range Cells {
		r, c := i/3, i%3
		imgs := [8][2]int{
			{r, c},         // identity
			{c, 2 - r},     // rotate 90° clockwise
			{2 - r, 2 - c}, // rotate 180°
			{2 - c, r},     // rotate 270°
			{r, 2 - c},     // mirror left-right
			{2 - r, c},     // mirror top-bottom
			{c, r},         // main diagonal
			{2 - c, 2 - r}, // anti-diagonal
		}
		for k, rc := range imgs {
			t[k][i] = rc[0]*3 + rc[1]
		}
	}
	return t
}()

// symInverse[t] is the symmetry that undoes t.
var symInverse = func() (inv [8]int) {
	for t := range 8 {
		for u := range 8 {
			ok := true
			for i := range Cells {
				if symCells[u][symCells[t][i]] != i {
					ok = false
					break
				}
			}
			if ok {
				inv[t] = u
			}
		}
	}
	return inv
}()

// Symmetries is 8: the rotations and reflections of the square.
func (Game) Symmetries() int { return 8 }

// Transform returns s under symmetry t (see symCells).
func (Game) Transform(s State, t int) State {
	var out State
	for i := range Cells {
		j := uint(symCells[t][i])
		out.X |= (s.X >> i & 1) << j
		out.O |= (s.O >> i & 1) << j
	}
	return out
}

// TransformMove maps the cell m to its image under symmetry t.
func (Game) TransformMove(m search.Move, t int) search.Move {
	if m < 0 || m >= Cells {
		return m
	}
	return search.Move(symCells[t][m])
}

// InverseMove maps a cell of the transformed board back.
func (Game) InverseMove(m search.Move, t int) search.Move {
	if m < 0 || m >= Cells {
		return m
	}
	return search.Move(symCells[symInverse[t]][m])
}
