package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// horizonCompare is the horizon example's query with other panes.
func horizonCompare(panes string, depth string, extra ...string) url.Values {
	q := url.Values{"game": {"minichess"}, "position": {"horizon"}, "depth": {depth}, "panes": {panes}, "step": {"end"}}
	for i := 0; i+1 < len(extra); i += 2 {
		q.Set(extra[i], extra[i+1])
	}
	return q
}

// TestCompareVariants: panes that differ by their search options. Where
// the options make the values differ (quiescence against fixed depth, a
// beam that loses the best move) the summary explains it, naming each
// pane's move and value, in every language, and raises no alarm; where
// they must not (symmetric pruning) the panes agree.
func TestCompareVariants(t *testing.T) {
	s := newTestServer(t)
	for _, tc := range []struct {
		name        string
		q           url.Values
		panes       []string
		testid      string   // explained, agree or disagree
		mentions    []string // in the verdict
		notMentions []string
	}{
		{"horizon en", horizonCompare("plain,quiescence", "1"), []string{"plain", "quiescence"}, "explained",
			[]string{"horizon effect", "Qd1xd3, value 8", "Ka1-a2, value 7", "fixed depth", "quiescence search", "not an error"}, []string{"bug"}},
		{"horizon de", horizonCompare("plain,quiescence", "1", "lang", "de"), []string{"plain", "quiescence"}, "explained",
			[]string{"Horizonteffekt", "Qd1xd3, Wert 8", "Ka1-a2, Wert 7", "Ruhesuche", "kein Fehler"}, nil},
		{"horizon cs", horizonCompare("plain,quiescence", "1", "lang", "cs"), []string{"plain", "quiescence"}, "explained",
			[]string{"Efekt horizontu", "Qd1xd3, hodnota 8", "Ka1-a2, hodnota 7", "klidové prohledávání", "ne chybou"}, nil},
		{"quiescence first", horizonCompare("quiescence,plain", "1"), []string{"quiescence", "plain"}, "explained",
			[]string{"with fixed depth the search stops at depth 1 and plays Qd1xd3, value 8", "Ka1-a2, value 7"}, nil},
		{"beam loses", horizonCompare("plain,beam1", "2"), []string{"plain", "beam1"}, "explained",
			[]string{"beam of 1", "Qd1xd3, value −1", "Ka1-a2, value 7", "danger of forward pruning"}, nil},
		{"symmetric agrees", horizonCompare("plain,symmetric,singular", "1"), []string{"plain", "symmetric", "singular"}, "agree",
			[]string{"same root value, 8"}, nil},
		{"delay en", delayCompare("en"), []string{"depth2", "depth4"}, "explained",
			[]string{"horizon effect: at depth 2 the search plays Check, value −1; at depth 4 it sees further and plays Give, value −3", "delaying move"}, []string{"bug"}},
		{"delay de", delayCompare("de"), []string{"depth2", "depth4"}, "explained",
			[]string{"In Tiefe 2 spielt die Suche Schach, Wert −1; in Tiefe 4", "spielt Opfer, Wert −3", "hinhaltender Zug"}, nil},
		{"delay cs", delayCompare("cs"), []string{"depth2", "depth4"}, "explained",
			[]string{"v hloubce 2 hraje prohledávání Šach, hodnota −1", "hraje Oběť, hodnota −3", "zdržovací tah"}, nil},
		{"plus as space", url.Values{"game": {"minichess"}, "depth": {"1"}, "panes": {"plain,quiescence negamax"}, "step": {"end"}},
			[]string{"plain", "quiescence negamax"}, "explained", []string{"quiescence search + negamax"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := httpGet(t, s, compareURL(tc.q))
			if rec.Code != http.StatusOK {
				t.Fatalf("status: got %d, want 200: %s", rec.Code, rec.Body.String())
			}
			body := rec.Body.String()
			panes := panesOf(t, body)
			if len(panes) != len(tc.panes) {
				t.Fatalf("got %d panes, want %d", len(panes), len(tc.panes))
			}
			for _, n := range tc.panes {
				if panes[n] == nil {
					t.Errorf("no pane %q", n)
				}
			}
			p := parsePage(t, body)
			for _, id := range []string{"explained", "agree", "disagree"} {
				if got, want := len(p.testid(id)), map[bool]int{true: 1}[id == tc.testid]; got != want {
					t.Errorf("%s verdicts: got %d, want %d", id, got, want)
				}
			}
			v := textOf(p.one(tc.testid))
			for _, m := range tc.mentions {
				if !strings.Contains(v, m) {
					t.Errorf("verdict %q: want it to mention %q", v, m)
				}
			}
			for _, m := range tc.notMentions {
				if strings.Contains(v, m) {
					t.Errorf("verdict %q: want no %q", v, m)
				}
			}
		})
	}
}

// TestCompareVariantsQuiescenceDrawn: the fixed-depth pane and the
// quiescence pane share one drawing, which holds the captures past the
// depth limit; the fixed-depth pane leaves them unvisited.
func TestCompareVariantsQuiescenceDrawn(t *testing.T) {
	s := newTestServer(t)
	body := httpGet(t, s, compareURL(horizonCompare("plain,quiescence", "1"))).Body.String()
	p := parsePage(t, body)
	trees := p.testid("pane-tree")
	if len(trees) != 2 {
		t.Fatalf("got %d pane trees, want 2", len(trees))
	}
	// Qd1xd3 is the root's fifth move (id 4); e4xd3 (4.1) answers it.
	states := make([]string, 2)
	for i, tr := range trees {
		n := descendant(tr, hasAttr("data-node", "4.1"))
		if n == nil {
			t.Fatalf("pane %d: the recapture 4.1 is not drawn", i)
		}
		states[i] = attrOf(n, "data-state")
	}
	if states[0] != "unvisited" || states[1] == "unvisited" {
		t.Errorf("the recapture's states: got fixed depth %q, quiescence %q; want unvisited and visited", states[0], states[1])
	}
}

func TestCompareVariantsBadParameters(t *testing.T) {
	s := newTestServer(t)
	for _, tc := range []struct {
		q    url.Values
		want string
	}{
		{horizonCompare("plain,fast", "1"), `"fast" is not a pane option`},
		{horizonCompare("plain", "1"), "compare 2 to 4 panes"},
		{horizonCompare("plain,plain", "1"), "plain is given twice"},
		{horizonCompare("plain,quiescence", "1", "orders", "best,worst"), "panes= or orders="},
		{url.Values{"game": {"tictactoe"}, "depth": {"2"}, "panes": {"plain,quiescence"}}, "no captures"},
		{horizonCompare("plain,singular", "1", "tt", "1024"), "transposition table"},
	} {
		t.Run(tc.want, func(t *testing.T) {
			rec := httpGet(t, s, compareURL(tc.q))
			if rec.Code != http.StatusBadRequest {
				t.Fatalf("got status %d, want 400", rec.Code)
			}
			msg := textOf(parsePage(t, rec.Body.String()).one("form-error"))
			if !strings.Contains(msg, "panes") || !strings.Contains(msg, tc.want) {
				t.Errorf("error %q: want it to name panes and say %q", msg, tc.want)
			}
		})
	}
}

// TestHomeKeepsTypedPosition: a position that does not read comes back
// on the home form with its error, as typed, on the game's own tab, from
// a permalink and from the form, in every language.
func TestHomeKeepsTypedPosition(t *testing.T) {
	s := newTestServer(t)
	tests := []struct{ path, src, field, want string }{
		{"/view?game=minichess&depth=1&position=kk3/5/5/5/K4&lang=de", "minichess", "minichess-own", "kk3/5/5/5/K4"},
		{"/view?source=minichess&minichess-position=start&minichess-own=k4/5/5/5/Q4&lang=cs", "minichess", "minichess-own", "k4/5/5/5/Q4"},
		{"/view?game=tictactoe&position=xx&lang=de", "tictactoe", "position", "xx"},
		{"/view?source=tictactoe&position=xq.......", "tictactoe", "position", "xq......."},
	}
	for _, tc := range tests {
		t.Run(tc.path, func(t *testing.T) {
			rec := httpGet(t, s, tc.path)
			if rec.Code != http.StatusBadRequest {
				t.Fatalf("GET = %d, want 400", rec.Code)
			}
			p := parsePage(t, rec.Body.String())
			if len(p.testid("form-error")) != 1 {
				t.Errorf("got no error on the form")
			}
			var got string
			for _, n := range p.all(isTag("input")) {
				if attrOf(n, "name") == tc.field {
					got = attrOf(n, "value")
				}
			}
			if got != tc.want {
				t.Errorf("field %s = %q, want %q as typed", tc.field, got, tc.want)
			}
			for _, n := range p.all(hasClass("src")) {
				if attrOf(n, "data-src") == tc.src && !strings.Contains(attrOf(n, "class"), "active") {
					t.Errorf("the %s tab is not the open one", tc.src)
				}
			}
		})
	}
}

// TestHomeMinichess: the home page offers minichess with its two
// positions; the form leads to the viewer at depth 1 (or the depth
// given), with quiescence search when it is ticked, and the viewer's
// source line names the game, not a tree, in every language.
func TestHomeMinichess(t *testing.T) {
	s := newTestServer(t)
	p := parsePage(t, httpGet(t, s, "/").Body.String())
	sel := p.one("minichess-position")
	var opts []string
	for _, o := range p.all(isTag("option")) {
		if isInside(o, sel) {
			opts = append(opts, attrOf(o, "value"))
		}
	}
	if strings.Join(opts, ",") != "horizon,start" {
		t.Errorf("minichess positions: got %q, want horizon,start", opts)
	}
	for _, tc := range []struct {
		form url.Values
		want string
	}{
		{url.Values{"source": {"minichess"}, "minichess-position": {"horizon"}}, "/view?depth=1&game=minichess&lang=en&position=horizon&step=0"},
		{url.Values{"source": {"minichess"}, "minichess-position": {"horizon"}, "depth": {"2"}, "quiescence": {"1"}}, "/view?depth=2&game=minichess&lang=en&position=horizon&quiescence=1&step=0"},
		{url.Values{"source": {"minichess"}, "minichess-position": {"start"}, "depth": {"2"}}, "/view?depth=2&game=minichess&lang=en&position=start&step=0"},
		{url.Values{"source": {"tictactoe"}, "position": {"........."}, "quiescence": {"1"}}, "/view?game=tictactoe&lang=en&position=.........&step=0"},
		{url.Values{"source": {"minichess"}, "minichess-position": {"horizon"}, "minichess-own": {" k4/5/5/5/K3Q w "}}, "/view?depth=1&game=minichess&lang=en&position=k4%2F5%2F5%2F5%2FK3Q+w&step=0"},
	} {
		rec := httpGet(t, s, "/view?"+tc.form.Encode())
		if rec.Code != http.StatusSeeOther {
			t.Errorf("%v: got %d, want 303: %s", tc.form, rec.Code, rec.Body.String())
			continue
		}
		if got := rec.Header().Get("Location"); got != tc.want {
			t.Errorf("%v: got Location %s, want %s", tc.form, got, tc.want)
		}
	}
	for lang, want := range map[string]string{"en": "minichess (Gardner's 5×5) from the horizon position", "de": "Minischach (Gardners 5×5) aus der Horizontstellung", "cs": "minišachy (Gardnerovy 5×5) z pozice k efektu horizontu"} {
		body := httpGet(t, s, "/view?game=minichess&depth=1&lang="+lang).Body.String()
		sub := textOf(parsePage(t, body).all(hasClass("sub"))[0])
		if !strings.HasPrefix(sub, want) {
			t.Errorf("%s source line: got %q, want it to start %q", lang, sub, want)
		}
	}
	for lang, want := range map[string]string{"en": "Connect Four after dd", "de": "Vier gewinnt nach dd", "cs": "čtyři v řadě po tazích dd"} {
		body := httpGet(t, s, "/view?game=connect4&position=dd&depth=2&lang="+lang).Body.String()
		sub := textOf(parsePage(t, body).all(hasClass("sub"))[0])
		if !strings.HasPrefix(sub, want) {
			t.Errorf("%s source line: got %q, want it to start %q", lang, sub, want)
		}
	}
}

// delayCompare is the home page's horizon effect with a delaying move,
// at its end, in lang.
func delayCompare(lang string) url.Values {
	q, _ := url.ParseQuery(strings.TrimPrefix(HorizonDelayExample, "/compare?"))
	q.Set("step", "end")
	q.Set("lang", lang)
	return q
}
