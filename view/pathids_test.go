package view

import (
	"github.com/abtrace/abtrace/search/tree"
	"regexp"
	"strings"
	"testing"
)

// pathIDWord is a path id as it would read in a sentence: a word of three
// or more child indices (0.0.1), or of two after "node" or "leaf" (leaf
// 1.1). One index ("node 2") cannot be told from a leaf named by its
// value; the namer's check below finds those.
var pathIDWord = regexp.MustCompile(`(^|[^0-9.])[0-9]+\.[0-9]+\.[0-9]+|(?i)\b(node|leaf|nodes|knoten|blatt|uzel|list)\s+[0-9]+\.[0-9]+\b`)

// rawMoves is a playout's moves written as bare numbers ("(6 7 2 4)"),
// not as the game names them.
var rawMoves = regexp.MustCompile(`\((?:[0-9]+ )+[0-9]+(?: …)?\)`)

// TestNoPathIDReachesAPerson steps the first steps of every game the
// viewer shows, under the searches a lecture uses on it, and fails when a
// narration says a path id, or the page's namer (the trail above the tree,
// the table, the passes and killer panels) names a node by its id: people
// see names, the game's own for a game's moves (d3, column 4, b2, ♣9, take 2, throw 2,
// 1→3).
func TestNoPathIDReachesAPerson(t *testing.T) {
	const steps = 250
	for _, q := range []string{
		"game=tictactoe&position=x..o.....",
		"game=tictactoe&position=x..o.....&algo=pvs&tt=64",
		"game=nim",
		"game=dice&depth=4&algo=expectiminimax",
		"game=dice&depth=4&algo=star1",
		"game=connect4&depth=3",
		"game=connect4&depth=3&algo=mtdf",
		"game=connect4&depth=3&algo=id&tt=256",
		"game=reversi&depth=3",
		"game=reversi&depth=3&algo=pvs&tt=1024",
		"game=suicide-reversi&depth=2",
		"game=minichess&depth=2",
		"game=tictactoe&algo=mcts&iterations=60",
		"game=connect4&depth=4&algo=mcts&iterations=30",
		"game=cards",
		"game=roads",
		"tree=" + tree.TwoPlyGameTreePlain,
		"random=3,3&seed=2",
	} {
		t.Run(q, func(t *testing.T) {
			p, s := prepare(t, q)
			c := NewCursor(p, s)
			defer c.Close()
			name := s.Namer(nil)
			for range steps {
				c.Forward(1)
				work(t, c, 0)
				if c.AtEnd() {
					break
				}
				f := c.Frame()
				if m := pathIDWord.FindString(f.Narration); m != "" {
					t.Fatalf("step %d says %q: %q", f.Step, m, f.Narration)
				}
				// Connect Four names its moves by their columns' numbers,
				// 1 to 7: its playouts rightly read "(3 6 1 6 …)".
				if m := rawMoves.FindString(f.Narration); m != "" && !strings.HasPrefix(q, "game=connect4") {
					t.Fatalf("step %d names moves by their numbers, %q: %q", f.Step, m, f.Narration)
				}
				if id := f.Current; id != "" && name(id) == id && !isValueName(s, id) {
					t.Fatalf("step %d: node %s is named by its id", f.Step, id)
				}
			}
			for id := range c.Frame().Nodes {
				if id != "" && strings.Contains(id, ".") && name(id) == id {
					t.Errorf("node %s is named by its id", id)
				}
			}
		})
	}
}

// isValueName reports whether a node's name is its drawn value (a leaf of
// a tree without labels is named by its value, which may read as an id).
func isValueName(s *Scene, id string) bool {
	n, ok := s.Layout.Node(id)
	return ok && n.Leaf && n.Text == id
}
