package search

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/abtrace/abtrace/trace"
)

// traceOf runs algo and returns its events (without the summaries lent on
// them) and its result.
func traceOf(t *testing.T, algo Algorithm, root *tnode, opt Options[*tnode]) ([]trace.Event, trace.Result) {
	t.Helper()
	var evs []trace.Event
	r, err := Run(algo, tgame{}, root, opt, func(e *trace.Event) bool {
		evs = append(evs, *e)
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	return evs, r
}

// TestReusedTableGivesFreshTraces: a search whose transposition table
// comes back from an earlier search of another tree gives exactly the
// events and result it gives on a new table. The random trees have no
// keys of their own, so the table keys them by their paths: two trees of
// the same shape share every key, and one entry left over from the
// earlier search would settle a node of the later one.
func TestReusedTableGivesFreshTraces(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 11))
	pairs := 300
	switch {
	case raceDetector:
		pairs = 30
	case testing.Short():
		pairs = 60
	}
	before := tablesReused.Load()
	for n := range pairs {
		depth := n % 4 // 0: no limit
		a, b := randomTree(r, 3, 4, trace.Max, 0), randomTree(r, 3, 4, trace.Max, 0)
		for _, v := range realVariants {
			opt := Options[*tnode]{Depth: depth, Eval: teval}
			if v.algo != AlgoID && depth == 0 {
				opt.Eval = nil
			}
			v.opt(&opt)
			if opt.TT == 0 {
				continue
			}
			name := fmt.Sprintf("pair %d, %s, depth %d", n, v.name, depth)
			reuseTables = false
			want, wr := traceOf(t, v.algo, b, opt)
			reuseTables = true
			// The earlier search, traced or not, fills the table with
			// another tree's entries; the later one reuses it.
			if n%2 == 0 {
				traceOf(t, v.algo, a, opt)
			} else if _, err := Run(v.algo, tgame{}, a, opt, nil); err != nil {
				t.Fatal(err)
			}
			got, gr := traceOf(t, v.algo, b, opt)
			if !reflect.DeepEqual(gr, wr) {
				t.Fatalf("%s: result on a reused table %+v, want %+v", name, gr, wr)
			}
			if len(got) != len(want) {
				t.Fatalf("%s: got %d events on a reused table, want %d", name, len(got), len(want))
			}
			for i := range want {
				if !reflect.DeepEqual(got[i], want[i]) {
					t.Fatalf("%s: event %d on a reused table is\n%v\nwant\n%v", name, i, got[i], want[i])
				}
			}
		}
	}
	if tablesReused.Load() == before {
		t.Fatal("got no table reused, want every later search to reuse one")
	}
}

// TestTableGenerations: a new generation empties every slot, also when
// the counter wraps around, and takeTable hands out tables whose slots
// are all empty.
func TestTableGenerations(t *testing.T) {
	tests := []struct {
		name string
		gen  uint32
	}{
		{"first", 0},
		{"middle", 1 << 20},
		{"before the wrap", math.MaxUint32 - 1},
		{"at the wrap", math.MaxUint32},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tb := &table{slots: make([]ttEntry, 8)}
			tb.gen = tc.gen
			for i := range tb.slots {
				tb.slots[i] = ttEntry{key: uint64(i), gen: tb.gen, at: -1}
			}
			tb.ids = append(tb.ids, "0.1")
			tb.next()
			if tb.gen == 0 {
				t.Fatal("got generation 0, which every new slot has: want another")
			}
			for i := range tb.slots {
				if tb.live(&tb.slots[i]) {
					t.Fatalf("slot %d is live after a new generation (gen %d), want empty", i, tb.gen)
				}
			}
			if len(tb.ids) != 0 {
				t.Errorf("got %d ids after a new generation, want 0", len(tb.ids))
			}
		})
	}
	for _, n := range []int{1, 3, 64, 100, 1 << 12} {
		t.Run(fmt.Sprintf("take %d", n), func(t *testing.T) {
			tb := takeTable(n, ReplaceAlways)
			if len(tb.slots) != n || tb.replace != ReplaceAlways {
				t.Fatalf("got %d slots, rule %v, want %d, always", len(tb.slots), tb.replace, n)
			}
			for i := range tb.slots {
				tb.slots[i] = ttEntry{key: uint64(i), gen: tb.gen}
			}
			giveTable(tb)
			tb = takeTable(n, ReplaceDepth)
			if len(tb.slots) != n || tb.replace != ReplaceDepth {
				t.Fatalf("got %d slots, rule %v, want %d, depth", len(tb.slots), tb.replace, n)
			}
			for i := range tb.slots {
				if tb.live(&tb.slots[i]) {
					t.Fatalf("slot %d of a table taken again is live, want empty", i)
				}
			}
			giveTable(tb)
		})
	}
}
