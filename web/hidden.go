package web

import (
	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/templates"
)

// hiddenView converts what a method for hidden cards concluded for the
// page: the numbers as the table shows them, the chosen row, the risks.
func hiddenView(rep search.HiddenReport) *templates.HiddenView {
	h := &templates.HiddenView{Worlds: rep.Worlds}
	switch rep.Method {
	case search.MethodInfoSet:
		h.Title = "Information sets"
		h.Note = "MAX plays the same card in states it cannot tell apart; MIN sees everything and answers best in each deal."
	case search.MethodDeterminized:
		h.Title = "Determinised MCTS"
		h.Note = "Sampled deals, each searched by MCTS as if the cards were open: it assumes MAX will see everything later."
	default:
		h.Title = "Averaging over clairvoyance"
		h.Note = "Every deal solved with open cards, then averaged: it assumes MAX will see every card at every later step."
	}
	for i, m := range rep.Moves {
		row := templates.HiddenRow{Move: m.Name, Average: rep.Number(m.Value), Chosen: i == rep.Best}
		for _, v := range m.PerWorld {
			row.Cells = append(row.Cells, rep.Number(v))
		}
		h.Rows = append(h.Rows, row)
	}
	for i, m := range rep.Moves {
		if risk := rep.RiskText(i, "deal"); risk != "" {
			h.Risks = append(h.Risks, "Risk of "+m.Name+": "+risk+".")
		}
	}
	return h
}
