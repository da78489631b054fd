package cards

import (
	"slices"
	"strings"
	"testing"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/trace"
)

// TestInfoSetIsEverySameSighting: a node's information set holds, in
// every deal, the position where the same cards were played in the same
// order, and no other: what MAX sees (its own hand and the cards on the
// table), never MIN's hand. The sets are checked against a grouping of
// every node of every deal by the cards played alone; a hidden card that
// leaked into what MAX observes would split the sets. The positions name
// what MAX does not see, and their open values are the deal's own.
func TestInfoSetIsEverySameSighting(t *testing.T) {
	for name, text := range Presets {
		t.Run(name, func(t *testing.T) {
			d, err := Parse(text)
			if err != nil {
				t.Fatal(err)
			}
			ws := worldsOf(d)
			type node struct {
				world int
				path  []int
			}
			groups := map[string][]int{} // cards played → deals where that line exists
			var nodes []node
			for wi, w := range ws {
				var walk func(s State, path []int)
				walk = func(s State, path []int) {
					key := s.Tricks()
					groups[key] = append(groups[key], wi)
					nodes = append(nodes, node{wi, slices.Clone(path)})
					if w.Game.Terminal(s) {
						return
					}
					for i, m := range w.Game.Moves(s, nil) {
						walk(w.Game.Result(s, m), append(path, i))
					}
				}
				walk(w.Root, nil)
			}
			sizes := map[int]int{}
			for _, n := range nodes {
				set, err := search.InfoSetAt(ws, n.world, n.path, search.Budget{})
				if err != nil {
					t.Fatal(err)
				}
				var got []int
				for _, m := range set.Members {
					got = append(got, m.World)
				}
				want := groups[strings.Join(tricksOf(set.Line), "")]
				if !slices.Equal(got, want) {
					t.Fatalf("deal %d, line %v: the set holds deals %v, want %v", n.world+1, set.Line, got, want)
				}
				sizes[len(got)]++
			}
			if sizes[1] == len(nodes) {
				t.Fatalf("every set holds one position: MAX would see MIN's cards")
			}
		})
	}
	// The trap after ♣9 ♣5: deals 1 and 2, MIN's remaining cards hidden;
	// with open cards deal 1 needs ♦7 and deal 2 ♠6 or ♠3.
	d, _ := Parse(Trap)
	ws := worldsOf(d)
	set, err := search.InfoSetAt(ws, 1, []int{2, 0}, search.Budget{})
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Members) != 2 || set.Kind != trace.Max || set.Members[0].Hidden != "♠8 ♥9 ♣8" || set.Members[1].Hidden != "♦8 ♥9 ♣8" {
		t.Fatalf("after ♣9 ♣5 the set is %+v, want deals 1 and 2 with MIN's cards ♠8 ♥9 ♣8 and ♦8 ♥9 ♣8", set)
	}
	if b1, b2 := set.Best(0), set.Best(1); !slices.Equal(b1, []string{"♦7"}) || !slices.Equal(b2, []string{"♠6", "♠3"}) {
		t.Errorf("best cards %v and %v, want [♦7] and [♠6 ♠3]", b1, b2)
	}
}

// tricksOf writes a line of cards as State.Tricks does.
func tricksOf(line []string) []string {
	var out []string
	for i, c := range line {
		switch {
		case i == 0:
		case i%2 == 0:
			out = append(out, " · ")
		default:
			out = append(out, " ")
		}
		out = append(out, c)
	}
	return out
}
