package play

import (
	"slices"

	"github.com/abtrace/abtrace/search/gdl"
	"github.com/abtrace/abtrace/search/scenario"
)

// A game written in GDL whose states hold a board (gdl.Game.Picture) is
// played on that board: the state is drawn as the viewer draws it, and a
// move of the human is put on the cells it changes. A move that fills or
// changes one cell (tic-tac-toe's (mark 2 2), Connect Four's (drop 4),
// which lands on one cell) is played by that cell; a move that empties
// one cell and fills another (breakthrough's (move 2 1 2 2)) is played
// from the first to the second; a move that changes several cells is
// played by the one its term names ((place 3 4) that also flips others).
// A move that maps to no cell, or to the same cells as another move, is
// played from the list of moves only.

// NoCell is GDLMove.From or To when the move does not map to a cell.
const NoCell = -1

// gdlCells is the contents of s's board row by row from the top (the
// order of the viewer's board cells, view.Board.Cells), "" for an empty
// cell.
func gdlCells(gr *gdl.Grid, g *gdl.Game, s gdl.State) []string {
	return slices.Concat(gr.Cells(g.FactTerms(s))...)
}

// changed is the indices of the cells whose content differs.
func changed(a, b []string) []int {
	var out []int
	for i := range a {
		if a[i] != b[i] {
			out = append(out, i)
		}
	}
	return out
}

// boardPosition adds the board of x's state to gp: its text, the cells the
// last step changed, and where each of the human's moves is played on it.
func (x *gdlGame) boardPosition(gp *GDLPosition) {
	gr := x.g.Picture()
	if gr == nil {
		return
	}
	gp.Board = scenario.GDLBoardText(x.g, x.s)
	if gp.Board == "" {
		return
	}
	gp.Cols, gp.Rows = len(gr.Cols), len(gr.Rows)
	for _, f := range x.g.FactTerms(x.s) {
		if !gr.OnBoard(f) {
			gp.Other = append(gp.Other, f.String())
		}
	}
	now := gdlCells(gr, x.g, x.s)
	if x.played {
		gp.Last = changed(gdlCells(gr, x.g, x.prev), now)
	}
	if gp.Joint {
		return
	}
	seen := map[[2]int]int{}
	for i := range gp.Moves {
		m := &gp.Moves[i]
		m.From, m.To = NoCell, NoCell
		joint, _, ok := x.joint(x.s, m.Entry)
		if !ok {
			continue
		}
		k := joint[x.human]
		m.From, m.To = moveCells(gr, x.g.MoveTerm(x.human, k), now, gdlCells(gr, x.g, x.g.Next(x.s, joint)))
		if m.To != NoCell {
			seen[[2]int{m.From, m.To}]++
		}
	}
	for i := range gp.Moves {
		m := &gp.Moves[i]
		if m.To != NoCell && seen[[2]int{m.From, m.To}] > 1 {
			m.From, m.To = NoCell, NoCell
		}
	}
}

// moveCells is where a move is played on the board, from the cells it
// changes (before and after): the one cell it changes; the cell it empties
// and the one it fills; or among several, the one its term names.
func moveCells(gr *gdl.Grid, move gdl.Term, before, after []string) (from, to int) {
	ch := changed(before, after)
	switch {
	case len(ch) == 1:
		return NoCell, ch[0]
	case len(ch) == 2 && after[ch[0]] == "" && after[ch[1]] != "":
		return ch[0], ch[1]
	case len(ch) == 2 && after[ch[1]] == "" && after[ch[0]] != "":
		return ch[1], ch[0]
	}
	named := NoCell
	for _, c := range ch {
		if names(move, gr.Cols[c%len(gr.Cols)], gr.Rows[c/len(gr.Cols)]) {
			if named != NoCell {
				return NoCell, NoCell
			}
			named = c
		}
	}
	return NoCell, named
}

// names reports whether the move's arguments hold the column's and the
// row's values, at two different places.
func names(move gdl.Term, col, row string) bool {
	for i, a := range move.Args {
		for j, b := range move.Args {
			if i != j && a.Name == col && b.Name == row && len(a.Args) == 0 && len(b.Args) == 0 {
				return true
			}
		}
	}
	return false
}
