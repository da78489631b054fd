package web

import (
	"slices"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search/play"
	"github.com/abtrace/abtrace/templates"
	"github.com/abtrace/abtrace/trace"
	"github.com/abtrace/abtrace/view"
)

// This file draws a game written in GDL on /play as a board when its state
// holds one (search/play decides which cell each move is played on): a
// move that fills one cell is a link on that cell; a move that takes a
// piece from one cell to another is two clicks, the piece (its cell's
// link adds sel=, the cell's index) and then where it goes.

// gdlPick reads sel=, the cell of the piece chosen to move: "" or the
// index of a cell some legal move is played from; -1 when none is chosen.
func gdlPick(sel string, gp *play.GDLPosition) (int, error) {
	if sel == "" {
		return -1, nil
	}
	i, err := strconv.Atoi(sel)
	if err == nil && gp != nil && gp.Board != "" && slices.ContainsFunc(gp.Moves, func(m play.GDLMove) bool { return m.From == i && m.To != play.NoCell }) {
		return i, nil
	}
	return -1, badParam("sel", "pl.gdl.err.sel", "Got", strconv.Quote(sel))
}

// gdlPlayBoard puts the board of gp on v: the viewer's drawing of the
// state, over it each cell a move is played on (or picked from) as a link,
// and the cells the last step changed marked. moveURL is the address that
// plays the i-th move, pickURL the one that picks the piece on a cell.
func gdlPlayBoard(loc *i18n.Localizer, v *templates.PlayGDL, gp *play.GDLPosition, picked int, moveURL func(i int) string, pickURL func(cell int) string) {
	if gp.Board == "" {
		return
	}
	b := view.PositionBoard(view.Node{Glyph: view.GlyphBoard, LayoutNode: trace.LayoutNode{Board: gp.Board}})
	v.Board = &b
	if b.Kind == view.BoardConnect4 {
		v.Legend = []templates.PlayGDLMark{{Name: "x", Class: "c4-x"}, {Name: "o", Class: "c4-o"}}
	}
	if b.Kind == view.BoardGrid {
		seen := map[string]bool{}
		for _, c := range b.Cells {
			if c.Mark != "" && !seen[c.Mark] {
				seen[c.Mark] = true
				v.Legend = append(v.Legend, templates.PlayGDLMark{Name: c.Mark, Fill: c.Fill})
			}
		}
		slices.SortFunc(v.Legend, func(a, b templates.PlayGDLMark) int { return strings.Compare(a.Name, b.Name) })
	}
	cells := make([]templates.PlayGDLCell, len(b.Cells))
	used := make([]bool, len(b.Cells))
	for _, i := range gp.Last {
		if i < len(cells) {
			cells[i].Last, used[i] = true, true
		}
	}
	from := map[int][]string{}
	for i, m := range gp.Moves {
		switch {
		case m.To == play.NoCell || m.To >= len(cells) || m.From >= len(cells):
		case m.From == play.NoCell || m.From == picked:
			cells[m.To].URL, cells[m.To].Move, used[m.To] = moveURL(i), m.Text, true
			cells[m.To].Label = loc.T("pl.move-aria", "Move", m.Text)
		default:
			from[m.From] = append(from[m.From], m.Text)
		}
	}
	for f, moves := range from {
		c := &cells[f]
		c.From, used[f] = true, true
		c.URL, c.Label = pickURL(f), loc.T("pl.gdl.pick-aria", "Moves", strings.Join(moves, ", "))
	}
	if picked >= 0 && picked < len(cells) {
		c := &cells[picked]
		c.Picked, used[picked] = true, true
		c.URL, c.Label = pickURL(-1), loc.T("pl.gdl.unpick-aria")
		v.Hint = loc.T("pl.gdl.hint-to")
	} else if len(from) > 0 {
		v.Hint = loc.T("pl.gdl.hint-from")
	}
	for i, c := range b.Cells {
		hole := b.Kind == view.BoardConnect4 && c.Mark == ""
		if !used[i] && !hole {
			continue
		}
		cell := cells[i]
		if hole {
			cell.Hole = view.Num(b.Disc)
		}
		cell.X, cell.Y, cell.Size = view.Num(c.Left), view.Num(c.Top), view.Num(b.Pitch)
		cell.CX, cell.CY, cell.R = view.Num(c.Left+b.Pitch/2), view.Num(c.Top+b.Pitch/2), view.Num(b.Pitch*0.14)
		v.Cells = append(v.Cells, cell)
	}
}
