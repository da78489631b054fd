package web

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/templates"
	"github.com/abtrace/abtrace/trace"
	"github.com/abtrace/abtrace/view"
)

// hiddenView converts what a method for hidden cards concluded for the
// page, worded by loc: the numbers as the table shows them, the chosen
// row, the risks.
func hiddenView(loc *i18n.Localizer, p *scenario.Search, rep search.HiddenReport) (*templates.HiddenView, error) {
	h := &templates.HiddenView{Worlds: worldNames(loc, p, rep.Worlds)}
	// The road story speaks of worlds and a traveller, the card game of
	// deals and cards: the roads' sentences are the same IDs + ".roads".
	story := ""
	if p.Scenario.Game == "roads" {
		story = ".roads"
	}
	key := "hidden." + rep.Method.String()
	h.Title, h.Note = loc.T(key+".title"), loc.T(key+".note"+story)
	for i := range h.Worlds {
		h.Heads = append(h.Heads, loc.T("hidden.deal"+story, "N", strconv.Itoa(i+1)))
	}
	// Moves are named as the viewer reads them: the road story's sides
	// in the page's language.
	words := wordsFor(string(loc.Lang()))
	name := func(move string) string { return p.LabelIn(move, words) }
	names := func(moves []string) []string {
		out := make([]string, len(moves))
		for i, m := range moves {
			out[i] = name(m)
		}
		return out
	}
	for i, m := range rep.Moves {
		row := templates.HiddenRow{Move: name(m.Name), Average: rep.Number(m.Value), Chosen: i == rep.Best}
		for _, v := range m.PerWorld {
			row.Cells = append(row.Cells, rep.Number(v))
		}
		h.Rows = append(h.Rows, row)
	}
	risks := rep
	if rep.Method == search.MethodDeterminized {
		// Determinised MCTS finds no risk itself (it searches every deal
		// as if open): the exact information sets name what it misses.
		exact, err := p.HiddenReportOf(search.MethodInfoSet)
		if err != nil {
			return nil, err
		}
		risks = exact
		wi, _ := p.SampleWorld()
		k := max(p.Scenario.Sample, 1)
		n := p.Scenario.Samples
		if n == 0 {
			n = scenario.DefaultSamples
		}
		h.Stepped = loc.T("hidden.stepped"+story, "K", strconv.Itoa(k), "Samples", strconv.Itoa(n), "Deal", strconv.Itoa(wi+1))
		h.Sample, h.Samples = k, n
		for i, m := range rep.Moves {
			// A move whose exact value falls below the best because the
			// deals' open solutions part ways where MAX cannot tell them
			// apart: the sampled searches, each open, cannot see that.
			if e := exact.Moves[i].Value; i < len(exact.Risk) && exact.Risk[i] != nil && e < exact.Value {
				h.Fusion = append(h.Fusion, loc.T("hidden.fusion"+story, "Move", name(m.Name), "Estimate", rep.Number(m.Value), "Exact", exact.Number(e)))
			}
		}
	}
	if rep.Method == search.MethodClairvoyance {
		h.Fusion = append(h.Fusion, misled(loc, p, rep, name, story)...)
	}
	for i, m := range risks.Moves {
		if i >= len(risks.Risk) || risks.Risk[i] == nil {
			continue
		}
		f := risks.Risk[i]
		var needs []string
		for wi, b := range f.Best {
			if b != nil {
				needs = append(needs, loc.T("hidden.needs"+story, "N", strconv.Itoa(wi+1), "Moves", strings.Join(names(b), loc.T("hidden.or"))))
			}
		}
		h.Risks = append(h.Risks, loc.T("hidden.risk"+story, "Move", name(m.Name), "Line", strings.Join(names(f.Line), " "), "Needs", strings.Join(needs, ", ")))
	}
	return h, nil
}

// sampleURL is the viewer's address of determinised MCTS's k-th sample,
// at its start; "" when there is no such sample.
func sampleURL(query string, k, samples int) string {
	if k < 1 || k > samples {
		return ""
	}
	q, _ := url.ParseQuery(query)
	q.Set("sample", strconv.Itoa(k))
	q.Set("step", "0")
	return "/view?" + q.Encode()
}

// worldNames words the worlds of a report in the page's language: the
// card game's deals by the hand MIN holds, the roads by where the
// diamonds are.
func worldNames(loc *i18n.Localizer, p *scenario.Search, names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		switch {
		case p.Deal != nil && i < len(p.Deal.Min):
			out[i] = loc.T("hidden.world.deal", "N", strconv.Itoa(i+1), "Hand", p.Deal.HandText(i))
		case p.Scenario.Game == "roads" && i < 2:
			out[i] = loc.T("hidden.world.roads-" + strconv.Itoa(i+1))
		default:
			out[i] = n
		}
	}
	return out
}

// misled is the sentence that says averaging over clairvoyance chose a
// worse card than MAX can be sure of without seeing MIN's cards (the
// exact information sets), naming both cards and their values; none
// when its choice is as good as the best, or the exact method does not
// finish within the budget.
func misled(loc *i18n.Localizer, p *scenario.Search, rep search.HiddenReport, name func(string) string, story string) []string {
	exact, err := p.HiddenReportOf(search.MethodInfoSet)
	if err != nil || rep.Best >= len(exact.Moves) || exact.Moves[rep.Best].Value >= exact.Value {
		return nil
	}
	chosen, best := rep.Moves[rep.Best], exact.Moves[exact.Best]
	return []string{loc.T("hidden.misled"+story, "Move", name(chosen.Name), "Estimate", rep.Number(chosen.Value),
		"Exact", exact.Number(exact.Moves[rep.Best].Value), "Best", name(best.Name), "BestValue", exact.Number(best.Value))}
}

// infoSetPanel is the panel of the information set of the frame's
// current node (view.InfoSetPanelOf), nil for other sources and where it
// cannot be solved within the scenario's budget.
func infoSetPanel(p *scenario.Search, f *trace.Frame, named func(id string) string) *view.InfoSetPanel {
	out, err := view.InfoSetPanelOf(p, f, named)
	if err != nil {
		return nil
	}
	return out
}
