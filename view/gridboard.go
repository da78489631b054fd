package view

import (
	"strings"

	"github.com/abtrace/abtrace/search/scenario"
)

// A GDL game's state drawn as a board that is neither tic-tac-toe's nor
// Connect Four's comes as a grid text (scenario.GridPrefix): its cells
// fill the board glyph's square, each content a disc of its colour.

// gridSide is the side of the square the cells of a grid board fill.
const gridSide = 38

// GridColours are the fills of the contents on a grid board, by index from
// 1 (then again from the first): dark, light, and four colours apart in
// hue and lightness, so that the first two read as black and white pieces.
var GridColours = []string{"#1f2937", "#f8fafc", "#dc2626", "#2563eb", "#16a34a", "#d97706"}

// GridColour is the fill of content index i (from 1).
func GridColour(i int) string { return GridColours[(i-1)%len(GridColours)] }

// gridBoard lays out a grid text: "grid:" + contents joined by "," + ":" +
// rows from the top joined by "/", each cell "." or its content's 1-based
// index as one of scenario.GridDigits.
func gridBoard(text string) Board {
	b := Board{Kind: BoardGrid, Frame: Box{-boardHalf, -boardHalf, 2 * boardHalf, 2 * boardHalf, 3}}
	rest, _ := strings.CutPrefix(text, scenario.GridPrefix)
	names, cells, _ := strings.Cut(rest, ":")
	markers := strings.Split(names, ",")
	rows := strings.Split(cells, "/")
	b.Rows = len(rows)
	for _, r := range rows {
		b.Cols = max(b.Cols, len(r))
	}
	if b.Cols == 0 {
		return b
	}
	b.Pitch = gridSide / float64(max(b.Cols, b.Rows))
	b.Disc = b.Pitch * 0.38
	w, h := b.Pitch*float64(b.Cols), b.Pitch*float64(b.Rows)
	x0, y0 := -w/2, -h/2
	var path strings.Builder
	for i := 1; i < b.Cols; i++ {
		x := x0 + b.Pitch*float64(i)
		b.Grid = append(b.Grid, Segment{x, y0, x, y0 + h})
	}
	for i := 1; i < b.Rows; i++ {
		y := y0 + b.Pitch*float64(i)
		b.Grid = append(b.Grid, Segment{x0, y, x0 + w, y})
	}
	for _, s := range b.Grid {
		path.WriteString("M" + Num(s.X1) + " " + Num(s.Y1) + "L" + Num(s.X2) + " " + Num(s.Y2))
	}
	b.GridPath = path.String()
	rowsOf(strings.Join(rows, "/"), func(col, row int, c byte) {
		cell := BoardCell{Col: col, Row: row, Left: x0 + b.Pitch*float64(col), Top: y0 + b.Pitch*float64(row)}
		cell.X, cell.Y = cell.Left+b.Pitch/2, cell.Top+b.Pitch/2
		if k := strings.IndexByte(scenario.GridDigits, c); k >= 0 && k < len(markers) {
			cell.Mark, cell.Fill = markers[k], GridColour(k+1)
		}
		b.Cells = append(b.Cells, cell)
	})
	return b
}
