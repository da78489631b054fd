package view

import (
	"net/url"
	"slices"
	"testing"

	"github.com/abtrace/abtrace/trace"
)

// The table panel lists every entry on some page, newest first (the last
// page holds the newest, the pages counted from the oldest), each drawn
// as its position: the board of the node that stored it (the root's
// two marks and one more per ply below it).
func TestTablePanelPagesEveryEntryAsItsBoard(t *testing.T) {
	p, scene := prepare(t, "game=tictactoe&position=x...o....&algo=negamax&tt=1024")
	c := NewCursor(p, scene)
	defer c.Close()
	c.Seek(400)
	work(t, c, 0)
	f := c.Frame()
	first := RealGamesIn(f, scene, nil, NewestPage).Table
	if first.Pages < 2 || first.Entries <= MaxTableRows {
		t.Fatalf("%d entries on %d pages: want more than one page", first.Entries, first.Pages)
	}
	if first.Page != first.Pages-1 {
		t.Fatalf("the newest entries are on page %d, want the last, %d", first.Page, first.Pages-1)
	}
	var steps []int
	for page := first.Pages; page >= 0; page-- { // one past the last shows the last
		tp := RealGamesIn(f, scene, nil, page).Table
		if want := min(page, first.Pages-1); tp.Page != want {
			t.Fatalf("page %d shows page %d, want %d", page, tp.Page, want)
		}
		if page == first.Pages {
			continue
		}
		for _, r := range tp.Rows {
			steps = append(steps, r.Step)
			if r.Board == nil || r.Board.Kind != BoardTicTacToe {
				t.Fatalf("entry %s (step %d) is not drawn as a tic-tac-toe board: %+v", r.Node, r.Step, r.Board)
			}
		}
	}
	if len(steps) != first.Entries || !slices.IsSortedFunc(steps, func(a, b int) int { return b - a }) {
		t.Fatalf("the pages list %d entries (steps %v), want all %d newest first", len(steps), steps, first.Entries)
	}
	for id, e := range f.Memory.Entries {
		b := scene.BoardAt(id)
		marks := 0
		for _, cell := range b.Cells {
			if cell.Mark != "" {
				marks++
			}
		}
		if want := 2 + trace.DepthOf(e.Node); marks != want {
			t.Errorf("the entry of %s draws %d marks, want %d", id, marks, want)
		}
	}
	// A tree's nodes are not positions: its entries draw no board.
	tp, tscene := prepare(t, "tree="+url.QueryEscape("A(B[h=3](3 12 8) C[h=4](2 4 6) D[h=2](14 5 2))")+"&algo=id&tt=64")
	tc := NewCursor(tp, tscene)
	defer tc.Close()
	tc.Seek(20)
	work(t, tc, 0)
	if r := RealGamesIn(tc.Frame(), tscene, nil, 0); r == nil || r.Table == nil || len(r.Table.Rows) == 0 {
		t.Fatal("the tree's table is empty at step 20")
	} else if r.Table.Rows[0].Board != nil {
		t.Errorf("a tree's entry is drawn as a board: %+v", r.Table.Rows[0].Board)
	}
}

// A PVS re-search stays marked, with what the null-window probe returned,
// for as long as its child is searched again, not only at its own step.
func TestResearchStaysMarkedWhileUnderWay(t *testing.T) {
	p, scene := prepare(t, "game=tictactoe&position=x...o....&algo=pvs&tt=1024")
	c := NewCursor(p, scene)
	defer c.Close()
	under := 0
	for range 400 {
		c.Forward(1)
		work(t, c, 0)
		f := c.Frame()
		r := RealGamesIn(f, scene, nil, 0)
		if r == nil || len(r.Researches) == 0 {
			continue
		}
		last := f.Memory.Researches[len(f.Memory.Researches)-1]
		row := r.Researches[len(r.Researches)-1]
		if f.Step > last.Step && slices.Contains(f.Stack, last.Child) {
			under++
			if !row.Now {
				t.Fatalf("step %d: the re-search of %s (step %d) is under way but not marked", f.Step, row.Child, last.Step)
			}
		}
		if f.Step > last.Step && !slices.Contains(f.Stack, last.Child) && row.Now {
			t.Fatalf("step %d: the re-search of %s is over but still marked", f.Step, row.Child)
		}
	}
	if under == 0 {
		t.Fatal("no re-search was under way in the first 400 steps")
	}
}

// A page of the table keeps its entries while newer ones are stored: the
// pages are counted from the oldest entry, and only the newest page
// grows; before the viewer chooses a page, the panel follows the newest.
func TestTablePagesStayPut(t *testing.T) {
	p, scene := prepare(t, "game=tictactoe&position=x...o....&algo=negamax&tt=1024")
	c := NewCursor(p, scene)
	defer c.Close()
	c.Seek(300)
	work(t, c, 0)
	before := c.Frame().Clone()
	c.Seek(700)
	work(t, c, 0)
	after := c.Frame()
	then, now := RealGamesIn(before, scene, nil, NewestPage).Table, RealGamesIn(after, scene, nil, NewestPage).Table
	if now.Entries <= then.Entries+MaxTableRows {
		t.Fatalf("%d entries, then %d: want more than a page stored between", then.Entries, now.Entries)
	}
	for page := range then.Pages - 1 { // the full pages of the earlier table
		a, b := RealGamesIn(before, scene, nil, page).Table, RealGamesIn(after, scene, nil, page).Table
		if !slices.EqualFunc(a.Rows, b.Rows, func(x, y EntryRow) bool { return x.Node == y.Node && x.Step == y.Step }) {
			t.Errorf("page %d listed %v, and after more entries %v: want the same entries", page, rowSteps(a.Rows), rowSteps(b.Rows))
		}
	}
	if newest := now.Rows[0].Step; newest != maxStep(after) {
		t.Errorf("the newest page begins with the entry of step %d, want the newest, %d", newest, maxStep(after))
	}
}

func rowSteps(rows []EntryRow) []int {
	out := make([]int, len(rows))
	for i, r := range rows {
		out[i] = r.Step
	}
	return out
}

func maxStep(f *trace.Frame) int {
	m := 0
	for _, e := range f.Memory.Entries {
		m = max(m, e.Step)
	}
	return m
}
