package play

import (
	"testing"
)

// TestGDLBoardMoves: a GDL game with a board is played on it. Tic-tac-toe's
// (mark x y) is played on its cell, Connect Four's (drop c) on the cell
// the disc lands on, breakthrough's (move x y u v) from one cell to
// another; the cells the last step changed are named, and a game without
// a board (matchsticks) has none.
func TestGDLBoardMoves(t *testing.T) {
	at := func(name string, moves ...string) *GDLPosition {
		t.Helper()
		g, err := New(Spec{Game: GDL, GDL: gdlText(t, name), Depth: 1, HumanFirst: true, Moves: moves})
		if err != nil {
			t.Fatal(err)
		}
		return g.Position().GDL
	}
	move := func(gp *GDLPosition, text string) GDLMove {
		t.Helper()
		for _, m := range gp.Moves {
			if m.Text == text {
				return m
			}
		}
		t.Fatalf("no move %s in %+v", text, gp.Moves)
		return GDLMove{}
	}
	ttt := at("tictactoe")
	if ttt.Board != "........." || ttt.Cols != 3 || ttt.Rows != 3 || len(ttt.Last) != 0 {
		t.Fatalf("tic-tac-toe at the start: board %q %dx%d, last %v", ttt.Board, ttt.Cols, ttt.Rows, ttt.Last)
	}
	// (mark x y): x runs across, y down the rows.
	if m := move(ttt, "(mark 3 1)"); m.From != NoCell || m.To != 2 {
		t.Errorf("(mark 3 1) on cells %d→%d, want the top row's right cell 2", m.From, m.To)
	}
	if m := move(ttt, "(mark 2 3)"); m.To != 7 {
		t.Errorf("(mark 2 3) on cell %d, want 7", m.To)
	}
	ttt = at("tictactoe", "(mark 2 2)", "(mark 1 1)")
	if len(ttt.Last) != 1 || ttt.Last[0] != 0 || len(ttt.Moves) != 7 || ttt.Other[0] != "(control x)" {
		t.Errorf("after two moves: last %v, %d moves, other facts %v", ttt.Last, len(ttt.Moves), ttt.Other)
	}
	c4 := at("connect4", "(drop 4)", "(drop 4)")
	if c4.Cols != 7 || c4.Rows != 6 {
		t.Fatalf("Connect Four is %dx%d", c4.Cols, c4.Rows)
	}
	// The bottom row is row 5; column 4 holds two discs, so (drop 4)
	// lands on row 3.
	if m := move(c4, "(drop 4)"); m.To != 3*7+3 {
		t.Errorf("(drop 4) lands on cell %d, want %d", m.To, 3*7+3)
	}
	if m := move(c4, "(drop 1)"); m.To != 5*7 {
		t.Errorf("(drop 1) lands on cell %d, want %d", m.To, 5*7)
	}
	bt := at("breakthrough-small")
	if m := move(bt, "(move 2 2 3 3)"); m.From != 1*6+1 || m.To != 2*6+2 {
		t.Errorf("(move 2 2 3 3) from %d to %d, want 7 to 14", m.From, m.To)
	}
	for _, m := range bt.Moves {
		if m.To == NoCell || m.From == NoCell {
			t.Errorf("breakthrough's %s is not on the board: %d→%d", m.Text, m.From, m.To)
		}
	}
	if ms := at("matchsticks"); ms.Board != "" || ms.Moves[0].To != NoCell {
		t.Errorf("matchsticks has a board %q or a move on a cell %+v", ms.Board, ms.Moves[0])
	}
}
