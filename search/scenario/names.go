package scenario

import (
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/tictactoe"
)

// cellNames are tictactoe.CellName of every cell, made once: a traced
// search names every node it enters.
var cellNames = func() (out [tictactoe.Cells]string) {
	for i := range out {
		out[i] = tictactoe.CellName(i)
	}
	return out
}()

// tictactoeNames returns a namer for one search: it names a tic-tac-toe
// node by the cell its last move marked ("b2", see tictactoe.CellName),
// following the node's id (child indices in move order) from the root
// position, and "" for an id that is not a path of moves.
//
// A namer keeps the positions on the path of the last node it named, so
// that a search, which enters a node right after its parent or a sibling,
// costs one move per name rather than a walk from the root (that walk was
// most of the cost of a traced tic-tac-toe search). Any order of ids gives
// the same names; a namer is not safe for concurrent use, so each search
// makes its own.
func tictactoeNames(g tictactoe.Game, root tictactoe.State) func() func(id string) string {
	return func() func(id string) string {
		// path[k] is the node at depth k+1 on the last path named: its
		// id, the position after its move, and its name.
		type step struct {
			id, name string
			s        tictactoe.State
		}
		var path []step
		var buf [tictactoe.Cells]search.Move
		return func(id string) string {
			if id == "" {
				return ""
			}
			// Keep the longest prefix of the path that is an ancestor
			// of id (or id itself).
			for len(path) > 0 {
				top := path[len(path)-1].id
				if id == top || strings.HasPrefix(id, top) && id[len(top)] == '.' {
					break
				}
				path = path[:len(path)-1]
			}
			s, rest := root, id
			if len(path) > 0 {
				top := path[len(path)-1]
				if top.id == id {
					return top.name
				}
				s, rest = top.s, id[len(top.id)+1:]
			}
			// Walk the rest of the id, one child index at a time; the ids
			// on the way are prefixes of id (no copy).
			at := len(id) - len(rest)
			for {
				end := strings.IndexByte(id[at:], '.')
				if end < 0 {
					end = len(id)
				} else {
					end += at
				}
				i, err := strconv.Atoi(id[at:end])
				moves := g.Moves(s, buf[:0])
				if err != nil || i < 0 || i >= len(moves) {
					return ""
				}
				s = g.Result(s, moves[i])
				path = append(path, step{id: id[:end], name: cellNames[moves[i]], s: s})
				if end == len(id) {
					return path[len(path)-1].name
				}
				at = end + 1
			}
		}
	}
}

// pathNames names a node of game g by the move into it, as name writes
// that move at the position before it, following the node's id (child
// indices in move order) from root; "" for an id that is not a path of
// moves. It walks from the root for every id: it serves the games whose
// depth limit keeps paths short (Connect Four, minichess).
func pathNames[S any](g search.Game[S], root S, name func(S, search.Move) string) func(id string) string {
	return func(id string) string {
		s, out := root, ""
		var buf [16]search.Move
		for part := range strings.SplitSeq(id, ".") {
			i, err := strconv.Atoi(part)
			moves := g.Moves(s, buf[:0])
			if err != nil || i < 0 || i >= len(moves) {
				return ""
			}
			out = name(s, moves[i])
			s = g.Result(s, moves[i])
		}
		return out
	}
}
