package gdl

import (
	"slices"
	"strconv"
	"sync"
)

// PictureStates is how many states of random games Picture simulates to
// find a game's board (see Structures) and the values of its coordinates.
const PictureStates = 200

// Grid is how the viewer draws a game's states as a board: the first board
// Structures finds (a state relation over two ordered coordinates and one
// content, at most one content per cell), with its coordinates' values in
// drawing order. The first coordinate runs across, left to right in its
// order; the second down the rows, its first value on the top row, unless
// the contents fall (every content seen stands on the first row or on
// another content, as discs in Connect Four do): then its first value is
// the bottom row. Blank is the content that stands for an empty cell (the
// one content of most cells in the initial state, when every cell holds
// one there and it is no piece), "" when empty cells hold no fact.
type Grid struct {
	Board   Board
	Cols    []string // values of the first coordinate, left to right
	Rows    []string // values of the second coordinate, top to bottom
	Blank   string
	Markers []string // the contents drawn (Blank left out), in byte order
	Falls   bool     // the contents fall: the first row value is at the bottom
}

// pictures keeps the grid (or its absence) of the games drawn, by
// description: a game is compiled once and drawn for many nodes.
var pictures = struct {
	sync.Mutex
	m map[*Description]*Grid
}{m: map[*Description]*Grid{}}

// maxPictures bounds the grids pictures keeps (CompileCached keeps far
// fewer games).
const maxPictures = 64

// Picture returns how g's states are drawn as a board, or nil when none of
// its relations is one (then a state is shown as its facts). It simulates
// PictureStates states once per game description and remembers the answer.
func (g *Game) Picture() *Grid {
	pictures.Lock()
	gr, ok := pictures.m[g.d]
	pictures.Unlock()
	if ok {
		return gr
	}
	gr = g.picture()
	pictures.Lock()
	if len(pictures.m) >= maxPictures {
		clear(pictures.m)
	}
	pictures.m[g.d] = gr
	pictures.Unlock()
	return gr
}

func (g *Game) picture() *Grid {
	rep, err := g.Structures(PictureStates, 1)
	if err != nil || len(rep.Boards) == 0 {
		return nil
	}
	b := rep.Boards[0]
	runs, err := g.simulate(PictureStates, 1)
	if err != nil {
		return nil
	}
	ci, ri := b.Coordinates[0]-1, b.Coordinates[1]-1
	seen := [2]map[string]bool{{}, {}}
	for _, run := range runs {
		for _, st := range run {
			for _, f := range st {
				if f.Name == b.Relation && len(f.Args) == 3 {
					seen[0][f.Args[ci].Name], seen[1][f.Args[ri].Name] = true, true
				}
			}
		}
	}
	succ := map[string][]string{}
	for _, s := range rep.Successors {
		succ[s.Relation] = s.Order
	}
	gr := &Grid{Board: b, Cols: axis(seen[0], succ[b.OrderedBy[0]]), Rows: axis(seen[1], succ[b.OrderedBy[1]])}
	if len(gr.Cols) == 0 || len(gr.Rows) == 0 || len(gr.Cols) > MaxGridSide || len(gr.Rows) > MaxGridSide {
		return nil
	}
	gr.Blank = blankOf(b, g.FactTerms(g.Init()), len(gr.Cols)*len(gr.Rows))
	for _, m := range b.Markers {
		if m != gr.Blank {
			gr.Markers = append(gr.Markers, m)
		}
	}
	gr.Falls = falls(gr, runs)
	if gr.Falls {
		slices.Reverse(gr.Rows)
	}
	return gr
}

// MaxGridSide is the most values a board's coordinate may have to be drawn
// as a board (a larger one is shown as its facts).
const MaxGridSide = 26

// axis orders the values seen of one coordinate: along its successor
// relation (every value between the first and the last seen), else as
// numbers (every whole number between the least and the greatest).
func axis(seen map[string]bool, order []string) []string {
	if len(order) > 0 {
		lo, hi := len(order), -1
		for i, v := range order {
			if seen[v] {
				lo, hi = min(lo, i), max(hi, i)
			}
		}
		if hi < 0 {
			return nil
		}
		return slices.Clone(order[lo : hi+1])
	}
	lo, hi := 0, 0
	first := true
	for v := range seen {
		n, err := strconv.Atoi(v)
		if err != nil {
			return nil
		}
		if first || n < lo {
			lo = n
		}
		if first || n > hi {
			hi = n
		}
		first = false
	}
	if first || hi-lo >= MaxGridSide {
		return nil
	}
	var out []string
	for n := lo; n <= hi; n++ {
		out = append(out, strconv.Itoa(n))
	}
	return out
}

// blankOf is the content of most cells in the initial state when every one
// of the cells holds a content there, more cells than any other content
// and it is no piece; "" otherwise.
func blankOf(b Board, init []Term, cells int) string {
	count := map[string]int{}
	n := 0
	for _, f := range init {
		if f.Name == b.Relation && len(f.Args) == 3 {
			count[f.Args[b.Content-1].Name]++
			n++
		}
	}
	if n != cells {
		return ""
	}
	best, second := "", 0
	for _, m := range b.Markers {
		switch c := count[m]; {
		case best == "" || c > count[best]:
			second = count[best]
			best = m
		case c > second:
			second = c
		}
	}
	if best == "" || count[best] == second || slices.Contains(b.Pieces, best) {
		return ""
	}
	return best
}

// falls reports whether in every state seen every content drawn stands on
// the first row value or on another drawn content, and some content stands
// above the first row: the contents fall as in Connect Four.
func falls(gr *Grid, runs [][][]Term) bool {
	b := gr.Board
	row := map[string]int{}
	for i, r := range gr.Rows {
		row[r] = i
	}
	above := false
	for _, run := range runs {
		for _, st := range run {
			full := map[[2]string]bool{}
			for _, f := range st {
				if f.Name == b.Relation && len(f.Args) == 3 && f.Args[b.Content-1].Name != gr.Blank {
					full[[2]string{f.Args[b.Coordinates[0]-1].Name, f.Args[b.Coordinates[1]-1].Name}] = true
				}
			}
			for k := range full {
				i := row[k[1]]
				if i == 0 {
					continue
				}
				above = true
				if !full[[2]string{k[0], gr.Rows[i-1]}] {
					return false
				}
			}
		}
	}
	return above
}

// Cells returns the contents of a state's board, row by row from the top,
// each row left to right: "" for an empty cell (no fact, or Blank).
func (gr *Grid) Cells(facts []Term) [][]string {
	col, row := map[string]int{}, map[string]int{}
	for i, c := range gr.Cols {
		col[c] = i
	}
	for i, r := range gr.Rows {
		row[r] = i
	}
	out := make([][]string, len(gr.Rows))
	for i := range out {
		out[i] = make([]string, len(gr.Cols))
	}
	b := gr.Board
	for _, f := range facts {
		if f.Name != b.Relation || len(f.Args) != 3 {
			continue
		}
		c, ok1 := col[f.Args[b.Coordinates[0]-1].Name]
		r, ok2 := row[f.Args[b.Coordinates[1]-1].Name]
		if m := f.Args[b.Content-1].Name; ok1 && ok2 && m != gr.Blank {
			out[r][c] = m
		}
	}
	return out
}

// OnBoard reports whether a fact is one of the board's cells (which the
// board shows, so a list of the other facts may leave it out).
func (gr *Grid) OnBoard(f Term) bool {
	return f.Name == gr.Board.Relation && len(f.Args) == 3
}
