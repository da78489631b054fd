package view

import (
	"bytes"
	"context"
	"fmt"
	"github.com/abtrace/abtrace/search/tree"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/trace"
)

// mctsPanels replays the scenario's whole trace and returns the
// Monte-Carlo panel after each step (index 0: before the first) with the
// events.
func mctsPanels(t testing.TB, query string) ([]*MCTSPanel, []trace.Event) {
	t.Helper()
	p, _ := prepare(t, query)
	f := trace.NewFrame()
	panels := []*MCTSPanel{MCTSPanelOf(f, search.DefaultC, nil)}
	var evs []trace.Event
	_, err := p.Run(func(e *trace.Event) bool {
		c := cloneEvent(e)
		c.Scores = append([]trace.Score(nil), e.Scores...)
		c.Playout = append([]string(nil), e.Playout...)
		if err := f.Apply(c); err != nil {
			t.Fatal(err)
		}
		evs = append(evs, c)
		panels = append(panels, MCTSPanelOf(f, search.DefaultC, nil))
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	return panels, evs
}

const textbookMCTS = "tree=" + tree.TwoPlyGameTree + "&algo=mcts&iterations=6&seed=1"

// TestMCTSPanelFirstSelection checks the first selection of the textbook
// tree by hand. Iterations 1 to 3 add B, C and D; their playouts end in 3,
// 2 and 2 on the outcome scale [2, 14], rewards 1/12, 0 and 0 for MAX.
// Iteration 4 selects at A (N = 3): each child has n = 1, so each gets
// the bonus √2·√(ln 3 / 1) = 1.41421 × 1.04815 = 1.48230, and B leads
// with 0.08333 + 1.48230 = 1.56564.
func TestMCTSPanelFirstSelection(t *testing.T) {
	panels, evs := mctsPanels(t, textbookMCTS)
	step := -1
	for i, e := range evs {
		if e.Type == trace.Select {
			step = i + 1
			break
		}
	}
	if step < 0 {
		t.Fatal("no select event in six iterations")
	}
	p := panels[step]
	if p.Iter != 4 || p.Phase != "select" || p.C != "1.41" || p.Playout != nil {
		t.Fatalf("panel at the first select: iter %d, phase %q, c %q, playout %v; want 4, select, 1.41, none", p.Iter, p.Phase, p.C, p.Playout)
	}
	if len(p.Selections) != 1 {
		t.Fatalf("got %d selections, want 1", len(p.Selections))
	}
	s := p.Selections[0]
	if s.Node != "A" || s.Kind != "MAX" || s.N != "3" || !s.Current {
		t.Errorf("selection: %q %q N=%q current=%v, want A MAX N=3 current", s.Node, s.Kind, s.N, s.Current)
	}
	want := []UCBRow{
		{ID: "0", Child: "B", W: "0.08", N: "1", Exploit: "0.08", Explore: "1.41·√(ln 3 / 1)", Bonus: "1.48", Total: "1.57", Chosen: true},
		{ID: "1", Child: "C", W: "0", N: "1", Exploit: "0", Explore: "1.41·√(ln 3 / 1)", Bonus: "1.48", Total: "1.48"},
		{ID: "2", Child: "D", W: "0", N: "1", Exploit: "0", Explore: "1.41·√(ln 3 / 1)", Bonus: "1.48", Total: "1.48"},
	}
	if len(s.Rows) != len(want) {
		t.Fatalf("got %d rows, want %d", len(s.Rows), len(want))
	}
	for i, w := range want {
		if s.Rows[i] != w {
			t.Errorf("row %d: got %+v, want %+v", i, s.Rows[i], w)
		}
	}
	// The iteration's later steps keep its selection, no longer current,
	// and show its playout.
	for k := step + 1; k < len(panels) && evs[k-1].Iter == 4; k++ {
		q := panels[k]
		if len(q.Selections) != len(p.Selections) || q.Selections[0].Current {
			t.Errorf("step %d (%s): selections %+v, want the root's, not current", k, evs[k-1].Type, q.Selections)
		}
		if evs[k-1].Type == trace.Simulate && (q.Playout == nil || !q.Playout.Current) {
			t.Errorf("step %d: playout %+v, want the current playout", k, q.Playout)
		}
	}
}

// TestMCTSPanelGolden pins the panel at every step of six iterations on
// the textbook tree.
func TestMCTSPanelGolden(t *testing.T) {
	panels, evs := mctsPanels(t, textbookMCTS)
	var b bytes.Buffer
	for i, p := range panels {
		what := "start"
		if i > 0 {
			what = evs[i-1].Type.String()
		}
		fmt.Fprintf(&b, "step %d (%s): %s\n", i, what, panelText(p))
	}
	path := filepath.Join("testdata", "textbook-mcts.panels.txt")
	if *update {
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./view -run MCTSPanelGolden -update to create it)", err)
	}
	gl, wl := strings.Split(b.String(), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < len(gl) && i < len(wl); i++ {
		if gl[i] != wl[i] {
			t.Fatalf("line %d differs:\n got %s\nwant %s", i+1, gl[i], wl[i])
		}
	}
	if len(gl) != len(wl) {
		t.Fatalf("got %d lines, want %d", len(gl), len(wl))
	}
}

// panelText writes a panel on one line.
func panelText(p *MCTSPanel) string {
	if p.Iter == 0 {
		return "idle"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "iteration %d [%s]", p.Iter, p.Phase)
	for _, s := range p.Selections {
		cur := ""
		if s.Current {
			cur = "*"
		}
		fmt.Fprintf(&b, " | select%s %s %s N=%s:", cur, s.Node, s.Kind, s.N)
		for _, r := range s.Rows {
			mark := ""
			if r.Chosen {
				mark = "▸"
			}
			fmt.Fprintf(&b, " %s%s %s/%s=%s + %s=%s → %s;", mark, r.Child, r.W, r.N, r.Exploit, r.Explore, r.Bonus, r.Total)
		}
	}
	if l := p.Playout; l != nil {
		cur := ""
		if l.Current {
			cur = "*"
		}
		fmt.Fprintf(&b, " | playout%s from %s: %s (+%d) ⇒ %s, reward %s", cur, l.From, strings.Join(l.Moves, " "), l.More, l.Value, l.Reward)
	}
	return b.String()
}

// TestMCTSPanelProperties runs MCTS on random trees and games and checks
// every select and simulate step's panel against its event: one row per
// child, the chosen one the greatest score, w/n and the bonus add up to
// the total as the event computed it, the bonus's formula names N and n,
// and a playout keeps every move, listed or counted.
func TestMCTSPanelProperties(t *testing.T) {
	var queries []string
	seeds := 40
	if testing.Short() || raceDetector {
		seeds = 10
	}
	for seed := range seeds {
		queries = append(queries, "random=3,4&seed="+strconv.Itoa(seed)+"&algo=mcts&iterations=40&seed="+strconv.Itoa(seed))
	}
	queries = append(queries, "game=tictactoe&position=x........&algo=mcts&iterations=60&seed=3",
		"game=nim&matches=30&take=2&algo=mcts&iterations=20&seed=2")
	selects, longPlayouts := 0, 0
	for _, q := range queries {
		t.Run(q, func(t *testing.T) {
			panels, evs := mctsPanels(t, q)
			for i, e := range evs {
				p := panels[i+1]
				if p.Iter != e.Iter {
					t.Fatalf("step %d: iteration %d, want %d", e.Step, p.Iter, e.Iter)
				}
				switch e.Type {
				case trace.Select:
					selects++
					s := p.Selections[len(p.Selections)-1]
					if !s.Current || len(s.Rows) != len(e.Scores) {
						t.Fatalf("step %d: %d rows (current %v), want %d, current", e.Step, len(s.Rows), s.Current, len(e.Scores))
					}
					chosen := 0
					for k, r := range s.Rows {
						sc := e.Scores[k]
						if r.Chosen {
							chosen++
							for _, o := range e.Scores {
								if o.Total > sc.Total {
									t.Errorf("step %d: %s chosen with %v, but %s scores %v", e.Step, r.Child, sc.Total, o.Child, o.Total)
								}
							}
						}
						if d := sc.W/sc.N + math.Sqrt2*math.Sqrt(math.Log(e.Visits)/sc.N) - float64(sc.Total); math.Abs(d) > 1e-9 {
							t.Errorf("step %d: %s's total %v is not w/n + c·√(ln N / n)", e.Step, r.Child, sc.Total)
						}
						if want := "1.41·√(ln " + trace.Num(e.Visits).String() + " / " + trace.Num(sc.N).String() + ")"; r.Explore != want {
							t.Errorf("step %d: formula %q, want %q", e.Step, r.Explore, want)
						}
					}
					if chosen != 1 {
						t.Errorf("step %d: %d rows chosen, want 1", e.Step, chosen)
					}
				case trace.Simulate:
					l := p.Playout
					if l == nil || !l.Current {
						t.Fatalf("step %d: no current playout", e.Step)
					}
					if len(l.Moves) > MaxPlayoutShown || len(l.Moves)+l.More != len(e.Playout) {
						t.Errorf("step %d: %d moves listed + %d counted, want %d in all, at most %d listed", e.Step, len(l.Moves), l.More, len(e.Playout), MaxPlayoutShown)
					}
					if l.More > 0 {
						longPlayouts++
					}
					if l.Value != e.Value.String() {
						t.Errorf("step %d: result %q, want %q", e.Step, l.Value, e.Value.String())
					}
				case trace.Done:
					if p.Iter != 0 || p.Selections != nil || p.Playout != nil {
						t.Errorf("done: panel %+v, want idle", p)
					}
				}
			}
		})
	}
	if selects == 0 || longPlayouts == 0 {
		t.Errorf("%d select steps, %d playouts too long to list: the properties checked nothing", selects, longPlayouts)
	}
}

func TestDecimal(t *testing.T) {
	for _, c := range []struct {
		x    float64
		want string
	}{
		{0, "0"}, {0.5, "0.5"}, {1.0 / 12, "0.08"}, {math.Sqrt2, "1.41"}, {-0.25, "−0.25"}, {-0.001, "0"},
		{2, "2"}, {math.Inf(1), "∞"}, {math.Inf(-1), "−∞"}, {math.NaN(), "?"},
	} {
		t.Run(strconv.FormatFloat(c.x, 'g', -1, 64), func(t *testing.T) {
			if got := Decimal(c.x); got != c.want {
				t.Errorf("Decimal(%v) = %q, want %q", c.x, got, c.want)
			}
		})
	}
}

// TestMCTSPanelNamesMoves: the UCB1 tables and the playout name a game's
// nodes as the page draws them, in the page's language: tic-tac-toe's
// children by their cells ("b2", never the child's index "4"), the root
// as the language calls it ("Wurzel", not "root").
func TestMCTSPanelNamesMoves(t *testing.T) {
	p, s := prepare(t, "game=tictactoe&algo=mcts&iterations=12&seed=1")
	named := s.Namer(i18n.For(i18n.German).Phrase)
	f := trace.NewFrame()
	cell := regexp.MustCompile(`^[a-c][1-3]$`)
	tables := 0
	_, err := p.Run(func(e *trace.Event) bool {
		if err := f.Apply(cloneEvent(e)); err != nil {
			t.Fatal(err)
		}
		panel := MCTSPanelOf(f, search.DefaultC, named)
		for _, tb := range panel.Selections {
			tables++
			if tb.Node != "Wurzel" && !cell.MatchString(tb.Node) {
				t.Fatalf("step %d: a selection at %q", e.Step, tb.Node)
			}
			for _, r := range tb.Rows {
				if !cell.MatchString(r.Child) {
					t.Fatalf("step %d: a UCB1 row names its child %q", e.Step, r.Child)
				}
			}
		}
		if pl := panel.Playout; pl != nil && pl.From != "Wurzel" && !cell.MatchString(pl.From) {
			t.Fatalf("step %d: a playout from %q", e.Step, pl.From)
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	if tables == 0 {
		t.Fatal("no selection shown")
	}
}

// TestMCTSOverviewIsItsOwnTree: the overview of a Monte-Carlo search on
// tic-tac-toe (the whole drawing the `v` key shows, and the outline read
// from it) holds the nodes the search created, not the game's 549,946;
// the step's node is marked current and the created nodes show W/N.
func TestMCTSOverviewIsItsOwnTree(t *testing.T) {
	p, s := prepare(t, "game=tictactoe&algo=mcts&iterations=200&seed=1")
	cur := NewCursor(p, s)
	defer cur.Close()
	cur.Seek(1 << 30)
	if err := cur.WorkAll(context.Background()); err != nil {
		t.Fatal(err)
	}
	f := cur.Frame()
	created := 0
	for _, nv := range f.Nodes {
		if nv.Counts {
			created++
		}
	}
	d := s.Draw(f, cur.Folds())
	if len(d.Nodes) > created+1 || created < 200 {
		t.Fatalf("the overview draws %d nodes, the search created %d", len(d.Nodes), created)
	}
	for _, n := range d.Nodes {
		if nv := f.Nodes[n.ID]; nv == nil || !nv.Counts {
			t.Errorf("node %q is not in the Monte-Carlo tree", n.ID)
		}
	}
	// Midway, the nodes not yet created are drawn not visited.
	cur.Seek(300)
	if err := cur.WorkAll(context.Background()); err != nil {
		t.Fatal(err)
	}
	f = cur.Frame()
	d = s.Draw(f, cur.Folds())
	if n := len(d.Nodes); n > created+1 {
		t.Fatalf("midway the overview draws %d nodes", n)
	}
	ws, path := 0, 0
	for _, n := range d.Nodes {
		if strings.Contains(n.Class, " cur") {
			path++
		}
		if strings.Contains(n.Value, "/") {
			ws++
		}
	}
	if path == 0 || ws == 0 {
		t.Errorf("midway: %d nodes current, %d showing W/N", path, ws)
	}
}
