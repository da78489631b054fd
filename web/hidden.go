package web

import (
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/templates"
)

// hiddenView converts what a method for hidden cards concluded for the
// page, worded by loc: the numbers as the table shows them, the chosen
// row, the risks.
func hiddenView(loc *i18n.Localizer, rep search.HiddenReport) *templates.HiddenView {
	h := &templates.HiddenView{Worlds: rep.Worlds}
	key := "hidden." + rep.Method.String()
	h.Title, h.Note = loc.T(key+".title"), loc.T(key+".note")
	for i, m := range rep.Moves {
		row := templates.HiddenRow{Move: m.Name, Average: rep.Number(m.Value), Chosen: i == rep.Best}
		for _, v := range m.PerWorld {
			row.Cells = append(row.Cells, rep.Number(v))
		}
		h.Rows = append(h.Rows, row)
	}
	for i, m := range rep.Moves {
		if i >= len(rep.Risk) || rep.Risk[i] == nil {
			continue
		}
		f := rep.Risk[i]
		var needs []string
		for wi, b := range f.Best {
			if b != nil {
				needs = append(needs, loc.T("hidden.needs", "N", strconv.Itoa(wi+1), "Moves", strings.Join(b, loc.T("hidden.or"))))
			}
		}
		h.Risks = append(h.Risks, loc.T("hidden.risk", "Move", m.Name, "Line", strings.Join(f.Line, " "), "Needs", strings.Join(needs, ", ")))
	}
	return h
}
