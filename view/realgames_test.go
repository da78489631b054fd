package view

import (
	"github.com/abtrace/abtrace/search/tree"
	"reflect"
	"strconv"
	"testing"
)

const textbookEstimates = "tree=" + tree.TwoPlyGameTreeEstimates

// TestRealGamesPanels checks the panels of the searches on real games at
// chosen steps of the textbook tree: the table with the link from a node
// reached again to the step where it was stored, the passes and how the
// ordering improves, the re-search of an aspiration window, the killer
// slots and the history scores.
func TestRealGamesPanels(t *testing.T) {
	at := func(t *testing.T, query string, step int) *RealGames {
		t.Helper()
		p, s := prepare(t, query)
		return RealGamesOf(replayTo(t, p, step), s.Namer(nil))
	}
	t.Run("a position reached again links to its store", func(t *testing.T) {
		r := at(t, textbookEstimates+"&algo=id&tt=64", 32)
		if r == nil || r.Table == nil {
			t.Fatalf("got %+v, want a table panel", r)
		}
		want := &HitRow{Node: "C", Stored: "C", Step: 32, StoredStep: 15, Value: "4", Bound: "exact", Draft: "0", Now: true}
		if got := r.Table.Hit; !reflect.DeepEqual(got, want) {
			t.Errorf("hit: got %+v, want %+v", got, want)
		}
		if got, want := [3]int{r.Table.Entries, r.Table.Hits, r.Table.Stored}, [3]int{4, 2, 4}; got != want {
			t.Errorf("entries, hits, stores: got %v, want %v", got, want)
		}
		if len(r.Table.Rows) == 0 || r.Table.Rows[0].Node != "A" || r.Table.Rows[0].Best != "C" || r.Table.Rows[0].Step != 25 {
			t.Errorf("newest entry: got %+v, want A's of step 25 with best move C", r.Table.Rows)
		}
		var c *EntryRow
		for i := range r.Table.Rows {
			if r.Table.Rows[i].Node == "C" {
				c = &r.Table.Rows[i]
			}
		}
		if c == nil || !c.Now || c.Hits != 1 {
			t.Errorf("C's entry: got %+v, want it marked as found now, with one hit", c)
		}
	})
	t.Run("the second pass tries the first pass's best move first", func(t *testing.T) {
		r := at(t, textbookEstimates+"&algo=id&tt=64", 112)
		want := []PassRow{
			{Pass: 1, Depth: "1", First: "B", Best: "C", Value: "4", Nodes: 4, Step: 1},
			{Pass: 2, Depth: "2", First: "C", Best: "B", Reused: true, Value: "3", Nodes: 13, Step: 27},
		}
		if !reflect.DeepEqual(r.Passes, want) {
			t.Errorf("got %+v, want %+v", r.Passes, want)
		}
	})
	t.Run("MTD(f) settles a node from the table", func(t *testing.T) {
		r := at(t, "tree="+tree.TwoPlyGameTree+"&algo=mtdf", 40)
		if h := r.Table.Hit; h == nil || !h.Cut || h.Node != "3" || h.Draft != "∞" || h.StoredStep != 11 {
			t.Errorf("got %+v, want leaf 3 settled by its entry of step 11, searched to the end", h)
		}
		if got := r.Passes[1]; got.Depth != "" || got.Window != "α=3 β=4" {
			t.Errorf("pass 2: got %+v, want the null window α=3 β=4 and no depth", got)
		}
	})
	t.Run("aspiration fails low", func(t *testing.T) {
		r := at(t, textbookEstimates+"&algo=id&aspiration=1", 58)
		want := []ResearchRow{{Step: 58, Test: "fail-low: 3 ≤ α = 3", Window: "α=−∞ β=+∞", Now: true}}
		if !reflect.DeepEqual(r.Researches, want) {
			t.Errorf("got %+v, want %+v", r.Researches, want)
		}
		if r.Table != nil {
			t.Errorf("got a table panel %+v without a table", r.Table)
		}
		if got := r.Passes[1].Window; got != "α=3 β=5" {
			t.Errorf("pass 2's window: got %q, want α=3 β=5", got)
		}
		if got := r.Passes[1]; got.First != "C" || !got.Reused || got.Best != "" {
			t.Errorf("pass 2 after the re-search: got %+v, want C still tried first (the last pass's best) and no best move yet", got)
		}
	})
	// The textbook tree under negamax with killer moves, worked by hand:
	// B cuts nothing; C's first leaf 2 cuts (2 ≤ α = 3, step 27), so
	// depth 1's newest slot is "the first child", played as leaf 2 under
	// C; D (expanded at step 31) tries its first child 14 first (key 2);
	// D's last leaf 2 cuts at step 46 and becomes the newest slot, C's
	// leaf 2 the older one.
	t.Run("killer slots", func(t *testing.T) {
		const q = "tree=" + tree.TwoPlyGameTree + "&algo=negamax&order=killer"
		for _, c := range []struct {
			step int
			want []KillerRow
		}{
			{22, []KillerRow{{Depth: 0, Node: "A", Step: 2}, {Depth: 1, Node: "C", Step: 22, Now: true}}},
			{27, []KillerRow{{Depth: 0, Node: "A", Step: 2},
				{Depth: 1, Node: "C", Step: 22, Newest: KillerSlot{Move: "2", At: "C", CutStep: 27}, Now: true}}},
			{31, []KillerRow{{Depth: 0, Node: "A", Step: 2},
				{Depth: 1, Node: "D", Step: 31, Newest: KillerSlot{Move: "2", At: "C", CutStep: 27, Here: "14"}, Now: true}}},
			// At a leaf, its parent's depth is marked.
			{33, []KillerRow{{Depth: 0, Node: "A", Step: 2},
				{Depth: 1, Node: "D", Step: 31, Newest: KillerSlot{Move: "2", At: "C", CutStep: 27, Here: "14"}, Now: true}}},
			{46, []KillerRow{{Depth: 0, Node: "A", Step: 2},
				{Depth: 1, Node: "D", Step: 31, Newest: KillerSlot{Move: "2", At: "D", CutStep: 46},
					Older: KillerSlot{Move: "2", At: "C", CutStep: 27}, Now: true}}},
			{49, []KillerRow{{Depth: 0, Node: "A", Step: 2, Now: true},
				{Depth: 1, Node: "D", Step: 31, Newest: KillerSlot{Move: "2", At: "D", CutStep: 46},
					Older: KillerSlot{Move: "2", At: "C", CutStep: 27}}}},
		} {
			t.Run(strconv.Itoa(c.step), func(t *testing.T) {
				if r := at(t, q, c.step); !reflect.DeepEqual(r.Killers, c.want) {
					t.Errorf("got %+v, want %+v", r.Killers, c.want)
				}
			})
		}
	})
	t.Run("a killer that is not a move here", func(t *testing.T) {
		// C's third leaf cuts (2 ≤ α = 3); D has two children, so the
		// slot's move (the third child) is not one of D's.
		r := at(t, "tree=A(B(3 12 8) C(5 4 2) D(14 5))&algo=negamax&order=killer", 1000)
		want := []KillerRow{{Depth: 0, Node: "A", Step: 2},
			{Depth: 1, Node: "D", Step: 41, Newest: KillerSlot{Move: "2", At: "C", CutStep: 37, Absent: true}}}
		if !reflect.DeepEqual(r.Killers, want) {
			t.Errorf("got %+v, want %+v", r.Killers, want)
		}
	})
	t.Run("history scores", func(t *testing.T) {
		p, s := prepare(t, "tree="+tree.TwoPlyGameTree+"&algo=negamax&order=history")
		f := replayTo(t, p, 1000)
		r := RealGamesOf(f, s.Namer(nil))
		if r.History == nil || r.History.Node != "D" || len(r.History.Rows) != 3 || r.History.Rows[0].Move != "14" || r.History.Rows[0].Score != "1" {
			t.Errorf("got %+v, want D's children with 14 first, scored 1", r.History)
		}
	})
	t.Run("alpha-beta has none", func(t *testing.T) {
		if r := at(t, "tree="+tree.TwoPlyGameTreePlain, 20); r != nil {
			t.Errorf("got %+v, want nil", r)
		}
	})
}
