package view

import (
	"fmt"
	"math/rand/v2"
	"net/url"
	"reflect"
	"slices"
	"testing"

	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/trace"
)

// foldedScene is the scene of a prepared scenario drawn with at most
// maxDrawn nodes, laid out with the base spacing: small trees folded near
// the root, cheaply, so that a cursor has subtrees to pass over.
func foldedScene(t testing.TB, p *scenario.Search, maxDrawn int) *Scene {
	t.Helper()
	shape, err := p.Shape(scenario.ShapeOptions{MaxDrawn: maxDrawn})
	if err != nil {
		t.Fatal(err)
	}
	l := trace.NewLayout(shape, trace.LayoutOptions{NodeSep: NodeSpacing, LevelSep: LevelSpacing})
	return SceneOf(p.Scenario.Source(), shape, l, nil)
}

// summariesOf prints the summaries a cursor keeps or handed on, by node:
// printed, an empty best line and none are the same summary.
func summariesOf(c *Cursor) map[string]string {
	sums := c.sums
	if c.ended {
		sums = c.shared
	}
	out := map[string]string{}
	for id, s := range sums {
		out[id] = fmt.Sprintf("%+v %+v %s %d %d %d", *s.sub, *s.view, s.line, s.nodes, s.cutoffs, s.pruned)
	}
	return out
}

// TestCountingMatchesApplyingEverything: a cursor that meets a search for
// the first time and passes over the folded subtrees on its way, the
// search counting what lies below their children without making its
// events (trace.CountSubtree), stands exactly where a cursor that applies
// every event of the traced search stands: the same frame, fold counts,
// drawing and summaries, at the end and at random goals (some of which
// lie inside a subtree it began to pass over). On thousands of random
// trees (a hundred and twenty under the race detector), folded at random levels,
// under every search that can skip: minimax; alpha-beta under every
// ordering but the learned ones, both prune tests, fail-soft and
// fail-hard, with and without a depth limit; expectiminimax; Star1 under
// its variants; max^n; paranoid. The test fails if the cursors never
// counted anything.
func TestCountingMatchesApplyingEverything(t *testing.T) {
	trees := 2000
	if testing.Short() || raceDetector {
		trees = 120
	}
	t.Cleanup(sharedSummaries.forget)
	r := rand.New(rand.NewPCG(41, 42))
	orders := []string{"natural", "reversed", "random", "eval", "best", "worst"}
	abVariants := [][2]string{{"ge", "soft"}, {"ge", "hard"}, {"gt", "soft"}}
	counted := map[string]int{} // events counted, by algorithm
	checked := 0
	for n := range trees {
		q := url.Values{}
		var algo string
		switch k := n % 8; {
		case k < 4: // minimax and alpha-beta on random trees
			q.Set("random", fmt.Sprintf("%d,%d", 2+r.IntN(3), 3+r.IntN(3)))
			q.Set("seed", fmt.Sprint(n))
			q.Set("order", orders[r.IntN(len(orders))])
			if k == 0 {
				algo = "minimax"
			} else {
				algo = "alphabeta"
				v := abVariants[k-1]
				q.Set("prune", v[0])
				q.Set("fail", v[1])
			}
			if r.IntN(3) == 0 {
				// A depth limit: a tic-tac-toe position with three or
				// four marks (no line yet), evaluated by its open lines.
				q.Del("random")
				cells := []byte(".........")
				for i, k := range r.Perm(9)[:3+r.IntN(2)] {
					cells[k] = "xo"[i%2]
				}
				q.Set("game", "tictactoe")
				q.Set("position", string(cells))
				q.Set("eval", "lines")
				q.Set("depth", fmt.Sprint(2+r.IntN(3)))
			}
		case k == 4:
			algo = "expectiminimax"
			q.Set("tree", bigTree(2+r.IntN(2), 4, uint64(n), false, func(d int) bool { return d%2 == 1 }))
			q.Set("order", orders[r.IntN(len(orders))])
		case k == 5:
			algo = "star1"
			q.Set("tree", bigTree(2+r.IntN(2), 4, uint64(n), false, func(d int) bool { return d%2 == n%2 }))
			q.Set("bounds", "-5,5")
			q.Set("order", orders[r.IntN(len(orders))])
			v := abVariants[r.IntN(len(abVariants))]
			q.Set("prune", v[0])
			q.Set("fail", v[1])
		case k == 6:
			algo = "maxn"
			q.Set("tree", bigTree(2+r.IntN(2), 4, uint64(n), true, func(d int) bool { return d == 2 && n%3 == 0 }))
			q.Set("order", orders[r.IntN(3)])
		default:
			algo = "paranoid"
			q.Set("tree", bigTree(2+r.IntN(2), 4, uint64(n), true, func(int) bool { return false }))
			q.Set("player", fmt.Sprint(1+r.IntN(3)))
			q.Set("order", orders[r.IntN(len(orders))])
			v := abVariants[r.IntN(len(abVariants))]
			q.Set("prune", v[0])
			q.Set("fail", v[1])
		}
		q.Set("algo", algo)
		query := q.Encode()
		p := prepared(t, query)
		s := foldedScene(t, p, 1+r.IntN(16))
		if !s.HasFolds() {
			continue
		}
		checked++
		total := totalSteps(t, p)
		for _, goal := range []int{End, r.IntN(total + 1)} {
			sharedSummaries.forget()
			c := NewCursor(p, s)
			c.shared, c.key = nil, "counting "+query
			c.passAhead = 1 + r.IntN(8)
			c.Seek(goal)
			work(t, c, 1+r.IntN(3)*DefaultSlice)
			ref := NewCursor(p, s)
			ref.shared, ref.key = nil, "reference "+query
			ref.passNever = true
			ref.Seek(goal)
			work(t, ref, 0)
			what := fmt.Sprintf("%s, seek to %d", query, goal)
			same(t, c, ref, what)
			if ref.Counted != 0 || ref.Followed != 0 {
				t.Fatalf("%s: the reference counted %d events and passed over %d, want 0", what, ref.Counted, ref.Followed)
			}
			gs, ws := summariesOf(c), summariesOf(ref)
			if !reflect.DeepEqual(gs, ws) {
				ids := slices.Sorted(func(yield func(string) bool) {
					for id := range ws {
						if gs[id] != ws[id] && !yield(id) {
							return
						}
					}
					for id := range gs {
						if _, ok := ws[id]; !ok && !yield(id) {
							return
						}
					}
				})
				id := ids[0]
				t.Fatalf("%s: %d summaries differ; of node %q:\ngot  %s\nwant %s", what, len(ids), id, gs[id], ws[id])
			}
			counted[algo] += c.Counted
			c.Close()
			ref.Close()
		}
	}
	if checked < trees/2 {
		t.Errorf("checked %d folded trees of %d, want at least half", checked, trees)
	}
	for _, a := range []string{"minimax", "alphabeta", "expectiminimax", "star1", "maxn", "paranoid"} {
		if counted[a] == 0 {
			t.Errorf("%s: no event counted, want some: the test proves nothing for it", a)
		}
	}
}
