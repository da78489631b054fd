package web

import (
	"github.com/abtrace/abtrace/search/tree"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// viewPage renders /view for a query and parses it.
func viewPage(t *testing.T, q url.Values) *htmlPage {
	t.Helper()
	rec := httpGet(t, newTestServer(t), viewURL(q))
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s = %d, want 200:\n%s", viewURL(q), rec.Code, rec.Body.String())
	}
	return parsePage(t, rec.Body.String())
}

// The textbook tree with CHANCE nodes: circles whose values at the end
// are 7⅔, 4 and 7, probabilities on their edges, and pseudocode in the
// textbook form only.
func TestViewChanceTree(t *testing.T) {
	p := viewPage(t, url.Values{"tree": {chanceTextbook}, "algo": {"expectiminimax"}, "step": {"end"}})
	want := map[string]string{"": "7.67", "0": "7.67", "1": "4", "2": "7"}
	for id, w := range want {
		n := p.node(id)
		if got := attrOf(n, "data-value"); !strings.HasPrefix(got, w) {
			t.Errorf("node %q is worth %q, want %s…", id, got, w)
		}
		if id != "" && descendant(n, isTag("circle")) == nil {
			t.Errorf("chance node %q is not drawn as a circle", id)
		}
	}
	if got := textOf(descendant(p.node("0"), hasClass("v"))); got != "7.67" {
		t.Errorf("node 0 is labelled %q, want 7.67", got)
	}
	probs := p.all(hasAttr("data-prob", "2.1"))
	if len(probs) != 1 || textOf(probs[0]) != "1/3" {
		t.Errorf("the edge into 2.1 carries %d probabilities, want one 1/3", len(probs))
	}
	if n := len(p.all(hasClass("listing"))); n != 1 {
		t.Errorf("%d pseudocode listings, want the textbook form only", n)
	}
	if got := textOf(p.one("stats")); !strings.Contains(got, "7.67") || strings.Contains(got, "7.666") {
		t.Errorf("the statistics do not give the root value 7⅔: %q", got)
	}
}

// Star1 counts what it spares against expectiminimax, not minimax.
func TestViewStar1Baseline(t *testing.T) {
	p := viewPage(t, url.Values{"tree": {chanceTextbook}, "algo": {"star1"}, "bounds": {"0,15"}, "step": {"end"}})
	if got := textOf(p.one("stats")); !strings.Contains(got, "leaves expectiminimax evaluates9") {
		t.Errorf("the statistics do not compare with expectiminimax's 9 leaves: %q", got)
	}
}

// A three-player tree under max^n: every inner node shows its vector and
// whose component it maximised.
func TestViewMaxN(t *testing.T) {
	p := viewPage(t, url.Values{"tree": {threePlayers}, "algo": {"maxn"}, "step": {"end"}})
	want := map[string][2]string{
		"":    {"(1, 2, 3)", "P1: 1"},
		"0":   {"(1, 2, 3)", "P2: 2"},
		"1":   {"(−1, 5, 2)", "P2: 5"},
		"1.1": {"(5, 4, 5)", "P3: 5"},
	}
	for id, w := range want {
		n := p.node(id)
		if got := attrOf(n, "data-value"); got != w[0] {
			t.Errorf("node %q backs up %q, want %q", id, got, w[0])
		}
		if got := textOf(descendant(n, hasClass("who"))); got != w[1] {
			t.Errorf("node %q says %q, want %q", id, got, w[1])
		}
	}
	if got := textOf(descendant(p.node("1"), hasClass("in"))); got != "P2" {
		t.Errorf("node 1 is labelled %q, want P2", got)
	}
}

// The transform control re-searches and says whether the decision
// changed: on the lectures' chance tree it does; on a tree without chance
// nodes an order-preserving table never changes it.
func TestViewTransform(t *testing.T) {
	p := viewPage(t, url.Values{"tree": {transformChance}, "algo": {"expectiminimax"}, "transform": {"1:1,2:20,3:30,4:400"}, "step": {"end"}})
	rep := p.one("transform-report")
	if attrOf(rep, "data-changed") != "true" || !strings.Contains(textOf(rep), "a2, worth 40.9") {
		t.Errorf("report: %q, want a changed decision to a2 at 40.9", textOf(rep))
	}
	p = viewPage(t, url.Values{"tree": {tree.TwoPlyGameTreePlain}, "transform": {"cube"}, "step": {"end"}})
	if rep := p.one("transform-report"); attrOf(rep, "data-changed") != "false" {
		t.Errorf("a cube changed the decision on a deterministic tree: %q", textOf(rep))
	}
	// The control keeps the scenario in hidden fields, not the transform.
	form := descendant(p.one("transform"), isTag("form"))
	var names []string
	for _, in := range p.all(isTag("input")) {
		if isInside(in, form) {
			names = append(names, attrOf(in, "name"))
		}
	}
	if strings.Join(names, " ") != "lang tree step transform" {
		t.Errorf("the transform form has fields %q, want lang tree step transform", names)
	}
}

// The home page offers the new algorithms and the dice game, and its form
// submits them to a clean permalink.
func TestHomeChanceAndPlayers(t *testing.T) {
	s := newTestServer(t)
	body := httpGet(t, s, "/").Body.String()
	for _, w := range []string{`value="expectiminimax"`, `value="star1"`, `value="maxn"`, `value="paranoid"`, `name="bounds"`, `name="player"`, `name="transform"`, `value="dice"`} {
		if !strings.Contains(body, w) {
			t.Errorf("the home page lacks %s", w)
		}
	}
	rec := httpGet(t, s, "/view?"+url.Values{"source": {"dice"}, "dice-position": {""}, "algo": {"star1"}, "bounds": {"-1,1"}, "player": {"2"}, "depth": {"4"}, "transform": {""}}.Encode())
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("submitting the dice game = %d, want 303: %s", rec.Code, rec.Body.String())
	}
	loc, _ := url.Parse(rec.Header().Get("Location"))
	if got := loc.Query().Encode(); got != "algo=star1&bounds=-1%2C1&depth=4&game=dice&lang=en&step=0" {
		t.Errorf("redirected to %s", got)
	}
	if rec := httpGet(t, s, loc.String()); rec.Code != http.StatusOK {
		t.Errorf("GET %s = %d", loc, rec.Code)
	}
}
