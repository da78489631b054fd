package scenario

import (
	"slices"
	"strings"

	"github.com/abtrace/abtrace/search/gdl"
	"github.com/abtrace/abtrace/trace"
)

// GridPrefix starts the board text of a GDL game's state drawn as a board
// that is no tic-tac-toe or Connect Four board: "grid:" + its contents
// joined by "," + ":" + its rows from the top joined by "/", each cell "."
// when empty or the 1-based index of its content in the list as one
// character (1–9, then a–z). view.GridOf reads it.
const GridPrefix = "grid:"

// GridDigits are the characters of the contents' indices in a grid text.
const GridDigits = "123456789abcdefghijklmnopqrstuvwxyz"

// gdlBoard is the board text of a state's cells (gdl.Grid.Cells): a 3×3
// board of x and o is written as tic-tac-toe's ("x.o......"), a 7×6 one as
// Connect Four's ("......./…"), so that they are drawn as those games
// are; any other in the grid text (GridPrefix).
func gdlBoard(gr *gdl.Grid, cells [][]string) string {
	xo := len(gr.Markers) <= 2 && !strings.ContainsFunc(strings.Join(gr.Markers, ""), func(r rune) bool { return r != 'x' && r != 'o' })
	if len(gr.Markers) > len(GridDigits) {
		return ""
	}
	var b strings.Builder
	rows, cols := len(cells), len(cells[0])
	switch {
	case xo && rows == 3 && cols == 3:
	case xo && rows == 6 && cols == 7:
	default:
		xo = false
		b.WriteString(GridPrefix)
		b.WriteString(strings.Join(gr.Markers, ","))
		b.WriteByte(':')
	}
	for i, row := range cells {
		if i > 0 && (cols != 3 || !xo) {
			b.WriteByte('/')
		}
		for _, m := range row {
			b.WriteByte(gridCell(gr.Markers, m, xo))
		}
	}
	return b.String()
}

// gridCell is one cell's character: "." when empty (or its content was
// not seen when the board was found), the content itself on a board of x
// and o, else its index in markers.
func gridCell(markers []string, m string, xo bool) byte {
	k := slices.Index(markers, m)
	switch {
	case k < 0 || m == "":
		return '.'
	case xo:
		return m[0]
	}
	return GridDigits[k]
}

// gdlFacts is what a GDL game's node shows: its board when the game has
// one (gdl.Game.Picture), else its facts.
func gdlFacts(g *gdl.Game) func(gdl.State, *trace.Shape) {
	return gdlShapes(g, func(x gdl.State) string { return CompactFacts(g, x) })
}

// gdlShapes draws a GDL game's node as its board when the game has one
// (gdl.Game.Picture), else as the text of the state that text gives.
func gdlShapes(g *gdl.Game, text func(gdl.State) string) func(gdl.State, *trace.Shape) {
	gr := g.Picture()
	return func(x gdl.State, sh *trace.Shape) {
		if gr != nil {
			if b := gdlBoard(gr, gr.Cells(g.FactTerms(x))); b != "" {
				sh.Board = b
				return
			}
		}
		sh.Text = text(x)
	}
}

// CompactFacts is a GDL state's facts as a node without a board shows
// them: the facts that only name a role (whose turn it is, which the
// node's kind shows) left out, unless nothing else holds. When one fact
// is left and its arguments are constants, they alone are shown, as the
// Go games show their state ((matches 5) reads 5, as the Go matchsticks'
// node does): the node's panel lists the fact itself.
func CompactFacts(g *gdl.Game, x gdl.State) string {
	var out []gdl.Term
	for _, f := range g.FactTerms(x) {
		if len(f.Args) == 1 && slices.Contains(g.Roles(), f.Args[0].Name) {
			continue
		}
		out = append(out, f)
	}
	switch {
	case len(out) == 0:
		return g.Facts(x)
	case len(out) == 1 && len(out[0].Args) > 0 && !slices.ContainsFunc(out[0].Args, func(a gdl.Term) bool { return len(a.Args) > 0 }):
		var args []string
		for _, a := range out[0].Args {
			args = append(args, a.Name)
		}
		return strings.Join(args, " ")
	}
	var texts []string
	for _, f := range out {
		texts = append(texts, f.String())
	}
	return strings.Join(texts, " ")
}

// GDLBoard reports whether p searches a GDL game whose states are drawn
// as boards (gdl.Game.Picture): its nodes are then small boards, like
// tic-tac-toe's.
func (p *Search) GDLBoard() bool {
	if p.Scenario.GDL == "" {
		return false
	}
	g, err := gdl.CompileCached(p.Scenario.GDL)
	return err == nil && g.Picture() != nil
}

// GDLBoardText is the board text of state s of g as the tree's nodes draw
// it (see gdlBoard), "" when g has no board.
func GDLBoardText(g *gdl.Game, s gdl.State) string {
	gr := g.Picture()
	if gr == nil {
		return ""
	}
	return gdlBoard(gr, gr.Cells(g.FactTerms(s)))
}
