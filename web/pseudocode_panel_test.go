package web

import (
	"github.com/abtrace/abtrace/search/tree"
	"net/http"
	"net/url"
	"testing"

	"golang.org/x/net/html"
)

// TestPseudocodePanelNeverEmpty opens the viewer for every algorithm, on
// the textbook tree (or its chance and three-player forms) and on a small
// game, in each of its forms: the listing shown has lines, a line is
// highlighted for the step, and the form switch is offered wherever the
// algorithm is written in more than one form.
func TestPseudocodePanelNeverEmpty(t *testing.T) {
	cases := []struct {
		q     url.Values
		forms []string
	}{
		{url.Values{"tree": {tree.TwoPlyGameTreePlain}, "algo": {"minimax"}}, []string{"textbook", "negamax"}},
		{url.Values{"tree": {tree.TwoPlyGameTreePlain}}, []string{"textbook", "negamax"}},
		{url.Values{"tree": {tree.TwoPlyGameTreePlain}, "algo": {"negamax"}}, []string{"textbook", "negamax"}},
		{url.Values{"tree": {tree.TwoPlyGameTreePlain}, "algo": {"pvs"}}, []string{"textbook", "negamax"}},
		{url.Values{"tree": {tree.TwoPlyGameTreePlain}, "algo": {"mtdf"}}, []string{"textbook", "negamax"}},
		{url.Values{"game": {"tictactoe"}, "position": {"xo.x.o..."}, "algo": {"id"}, "depth": {"2"}, "eval": {"lines"}}, []string{"textbook", "negamax"}},
		{url.Values{"game": {"tictactoe"}, "position": {"xo.x.o..."}, "algo": {"minimax"}, "tt": {"1024"}}, []string{"textbook", "negamax"}},
		{url.Values{"game": {"tictactoe"}, "position": {"xo.x.o..."}, "algo": {"mcts"}, "iterations": {"20"}}, []string{"textbook"}},
		{url.Values{"tree": {chanceTextbook}, "algo": {"expectiminimax"}}, []string{"textbook"}},
		{url.Values{"tree": {chanceTextbook}, "algo": {"star1"}, "bounds": {"0,15"}}, []string{"textbook"}},
		{url.Values{"tree": {threePlayers}, "algo": {"maxn"}}, []string{"textbook"}},
		{url.Values{"tree": {threePlayers}, "algo": {"paranoid"}}, []string{"textbook", "negamax"}},
	}
	s := newTestServer(t)
	for _, tc := range cases {
		// A form the algorithm is not written in shows its first.
		asked := tc.forms
		if len(asked) == 1 {
			asked = append(asked, "negamax")
		}
		for _, form := range asked {
			q := url.Values{}
			for k, v := range tc.q {
				q[k] = v
			}
			q.Set("step", "4")
			q.Set("form", form)
			t.Run(q.Encode(), func(t *testing.T) {
				rec := httpGet(t, s, "/view?"+q.Encode())
				if rec.Code != http.StatusOK {
					t.Fatalf("GET = %d", rec.Code)
				}
				p := parsePage(t, rec.Body.String())
				var shown []*html.Node
				for _, l := range p.all(hasClass("listing")) {
					if !attrHas(l, "hidden") {
						shown = append(shown, l)
					}
				}
				if len(shown) != 1 {
					t.Fatalf("%d listings shown, want 1", len(shown))
				}
				if n := len(p.all(func(n *html.Node) bool { return n.Data == "li" && isInside(n, shown[0]) })); n < 5 {
					t.Errorf("the listing shown has %d lines", n)
				}
				cur := p.all(func(n *html.Node) bool { return attrOf(n, "data-line-current") == "true" && isInside(n, shown[0]) })
				if len(cur) != 1 {
					t.Errorf("no line of the listing shown is highlighted at step 4")
				}
				if toggle := p.testid("form-toggle"); (len(toggle) == 1) != (len(tc.forms) > 1) {
					t.Errorf("form switch offered: %v, want %v (forms %v)", len(toggle) == 1, len(tc.forms) > 1, tc.forms)
				}
			})
		}
	}
}
