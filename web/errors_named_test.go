package web

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/abtrace/abtrace/i18n"
	"github.com/abtrace/abtrace/search/tree"
)

// badInput is one parameter of one route given a value it does not take:
// the request (its query holds the bad value, body the JSON posted) and
// the parameter or field the error must name.
type badInput struct {
	method, route, query, body string
	param                      string
}

// longTail is added to every bad value: an error that repeats the value
// must cut it (MaxEchoLen).
var longTail = strings.Repeat("q", 5000)

// scenarioBad are the scenario's parameters (scenario.FromQuery and
// Prepare) with a bad value each, and the query around it that makes the
// parameter mean something ("" for the textbook tree).
var scenarioBad = []struct{ param, with, value string }{
	{"tree", "", "((1 2)"}, {"gdl", "", "(role"}, {"root", "", "sideways"}, {"game", "", "chess"}, {"position", "game=tictactoe", "xxxxxxxxxx"},
	{"random", "", "3"}, {"algo", "", "bogus"}, {"prune", "", "bogus"}, {"fail", "", "bogus"}, {"order", "", "bogus"},
	{"eval", "game=tictactoe&depth=2", "bogus"}, {"bounds", "tree=([chance](1+2))&algo=star1", "bogus"}, {"transform", "", "bogus"},
	{"format", "", "bogus"}, {"kuhlmann", "game=reversi&depth=1", "bogus"}, {"fuzzy", "game=tictactoe&eval=fuzzy&depth=1", "bogus"}, {"utilities", "", "bogus"},
	{"deal", "game=cards", "bogus"}, {"playout", "algo=mcts", "bogus"}, {"replace", "", "bogus"}, {"extend", "", "bogus"},
	{"forward", "", "bogus"}, {"layout", "", "bogus"}, {"matches", "game=nim", "x"}, {"take", "game=nim", "x"}, {"depth", "", "x"},
	{"player", "", "x"}, {"world", "game=cards", "x"}, {"iterations", "algo=mcts", "x"}, {"samples", "game=cards&algo=determinized", "x"},
	{"sample", "game=cards&algo=determinized", "x"}, {"c", "algo=mcts", "x"}, {"tt", "", "x"}, {"beam", "", "x"}, {"quiescence", "", "x"},
	{"margin", "", "x"}, {"symmetry", "", "x"}, {"aspiration", "", "x"}, {"seed", "", "x"},
}

// badInputs walks every route with a query or a body, each of its
// parameters given a bad value.
func badInputs() []badInput {
	var out []badInput
	get := func(route, with, param, value string) {
		q := with
		if q != "" {
			q += "&"
		}
		out = append(out, badInput{method: http.MethodGet, route: route, query: q + param + "=" + url.QueryEscape(value+longTail), param: param})
	}
	scenarioRoutes := []string{"/view", "/compare", "/api/compare", "/export.svg", "/export.tex", "/export.png", "/export.html", "/embed", "/diff", "/lab"}
	for _, route := range scenarioRoutes {
		for _, b := range scenarioBad {
			if route == "/lab" && (b.param == "algo" || b.param == "order" || b.param == "playout") {
				continue // the lab runs alpha-beta with every ordering
			}
			with := b.with
			if strings.Contains(route, "compare") && b.param == "order" {
				with = "algos=alphabeta,minimax" // orders= (natural,best,worst by default) sets each pane's
			}
			if !strings.Contains(with, "game=") && !strings.Contains(with, "tree=") && b.param != "tree" && b.param != "game" && b.param != "random" && b.param != "gdl" {
				with = strings.TrimPrefix(with+"&tree=((3+12)+(2+4))", "&")
			}
			get(route, with, b.param, b.value)
		}
	}
	tb := "tree=((3+12)+(2+4))"
	for _, route := range []string{"/view", "/export.svg", "/export.tex", "/export.png", "/export.html", "/embed"} {
		get(route, tb, "step", "x")
		get(route, tb, "open", "9.9")
		get(route, tb, "form", "bogus")
		get(route, tb, "by", "bogus")
	}
	get("/view", tb, "present", "bogus")
	get("/export.png", tb, "scale", "x")
	get("/export.svg", tb+"&orders=natural,best", "pane", "bogus")
	for _, route := range []string{"/compare", "/api/compare"} {
		get(route, tb, "orders", "bogus")
		get(route, tb, "algos", "bogus")
		get(route, tb, "panes", "bogus")
		get(route, tb, "by", "bogus")
		get(route, tb, "step", "x")
	}
	get("/lab", "random=3,3", "seeds", "x")
	for _, p := range []string{"tree", "root", "format"} {
		with := "tree=((3+12)+(2+4))"
		v := "bogus"
		if p == "tree" {
			with, v = "", "((1 2)"
		}
		get("/api/validate", with, p, v)
	}
	for _, p := range []string{"position", "fuzzy", "tnorm", "p", "t", "q"} {
		with := ""
		switch p {
		case "p", "t", "q":
			with = "tnorm=min"
		}
		get("/fuzzy", with, p, "bogus")
	}
	for _, route := range []string{"/tournament", "/api/tournament"} {
		for _, p := range []string{"game", "evals", "depth", "games", "seed"} {
			get(route, "", p, "bogus")
		}
	}
	for _, p := range []string{"game", "evals", "depth", "position", "gdl-game"} {
		get("/parallel", "", p, "bogus")
	}
	get("/parallel", "gdl-game=tictactoe", "position", "bogus")
	get("/parallel", "gdl-game=tictactoe", "evals", "bogus")
	get("/parallel", "", "gdlz", "bogus")
	for _, p := range []string{"game", "eval", "kuhlmann", "depth", "moves"} {
		get("/play", "", p, "zz")
	}
	for _, p := range []string{"moves", "depth", "eval", "tt", "algo", "order"} {
		get("/connect4", "", p, "zz")
	}
	for _, route := range []string{"/api/exercise", "/exercise", "/exercise/worksheet", "/exercise/predict", "/exercise/ordering"} {
		for _, p := range []string{"seed", "b", "d", "min", "max", "min_cutoffs", "deep", "distinct", "root", "prune"} {
			get(route, "", p, "x")
		}
	}
	get("/exercise/worksheet", "", "notation", "x")
	get("/exercise/ordering", "", "goal", "x")
	post := func(route, body, param string) {
		out = append(out, badInput{method: http.MethodPost, route: route, body: body, param: param})
	}
	for _, f := range []struct{ field, value string }{
		{"query", `"seed=` + longTail + `"`}, {"question", `"1"`}, {"question", `1.5`}, {"answer", `4`}, {"answer", `"` + longTail + `"`},
	} {
		post("/api/exercise/predict", `{"query":"seed=42&b=3&d=3","question":0,"answer":"yes",`+`"`+f.field+`":`+f.value+`}`, f.field)
	}
	for _, f := range []struct{ field, value string }{
		{"tree", `"((1 2)` + longTail + `"`}, {"tree", `5`}, {"root", `"` + longTail + `"`}, {"prune", `"` + longTail + `"`},
		{"fail", `"` + longTail + `"`}, {"answers", `[1]`}, {"pruned", `"x"`}, {"windows", `4`}, {"window", `"` + longTail + `"`},
	} {
		body := `{"tree":"((3 12) (2 4))"}`
		if f.field != "tree" {
			body = strings.TrimSuffix(body, "}") + ","
		} else {
			body = "{"
		}
		post("/api/exercise/check", body+`"`+f.field+`":`+f.value+`}`, f.field)
	}
	return out
}

// errorMessage is what an answer says is wrong: the "error" of a JSON
// answer, a text answer whole, or the alerts of a page (their message,
// without the excerpt of a tree's line).
func errorMessage(t *testing.T, rec *httptest.ResponseRecorder) string {
	t.Helper()
	ct, body := rec.Header().Get("Content-Type"), rec.Body.String()
	switch {
	case strings.HasPrefix(ct, "application/json"):
		var m map[string]any
		if err := json.Unmarshal([]byte(body), &m); err != nil {
			t.Fatalf("JSON answer %q: %v", body, err)
		}
		e, _ := m["error"].(string)
		return e
	case strings.HasPrefix(ct, "text/html"):
		p := parsePage(t, body)
		var out []string
		for _, n := range p.all(func(n *html.Node) bool {
			return attrOf(n, "role") == "alert" || attrOf(n, "data-testid") == "error"
		}) {
			if _, hidden := attrOK(n, "hidden"); hidden {
				continue
			}
			if m := descendant(n, hasClass("msg")); m != nil {
				n = m
			}
			if s := textOf(n); s != "" {
				out = append(out, s)
			}
		}
		return strings.Join(out, " | ")
	}
	return body
}

// leadsWith reports whether msg starts by naming param ("algo: …",
// "depth must be …", "orders (natural): …"), after the "abtrace export: "
// of an export's answer.
func leadsWith(msg, param string) bool {
	rest, ok := strings.CutPrefix(strings.TrimPrefix(msg, "abtrace export: "), param)
	return ok && (strings.HasPrefix(rest, ":") || strings.HasPrefix(rest, " "))
}

// TestEveryErrorNamesItsParameter walks every route with a query or a
// body, each parameter or field given a bad value (5,000 characters long
// where it is text), in every language: the answer is a 4xx whose error
// names the parameter, repeats at most MaxEchoLen characters of the value,
// and is worded in the page's language (German and Czech differ from
// English and show no message id).
func TestEveryErrorNamesItsParameter(t *testing.T) {
	s := newTestServer(t)
	serve := func(b badInput, l i18n.Lang) *httptest.ResponseRecorder {
		target := b.route + "?" + strings.TrimPrefix(b.query+"&lang="+string(l), "&")
		req := httptest.NewRequest(b.method, target, strings.NewReader(b.body))
		if b.body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		rec := httptest.NewRecorder()
		s.Echo().ServeHTTP(rec, req)
		return rec
	}
	for _, b := range badInputs() {
		name := b.method + " " + b.route + " " + b.param
		t.Run(name, func(t *testing.T) {
			var en string
			for _, l := range i18n.Langs {
				rec := serve(b, l)
				if b.route == "/api/validate" && rec.Code == http.StatusOK && strings.Contains(rec.Body.String(), `"ok":false`) {
					// Validation answers 200 either way; ok tells.
				} else if rec.Code < 400 || rec.Code >= 500 {
					t.Fatalf("%s: got %d, want a 4xx", l, rec.Code)
				}
				msg := errorMessage(t, rec)
				if !leadsWith(msg, b.param) {
					t.Errorf("%s: %q does not name %s", l, short(msg), b.param)
				}
				if strings.Contains(msg, strings.Repeat("q", MaxEchoLen+1)) {
					t.Errorf("%s: %q repeats more than %d characters of the value", l, short(msg), MaxEchoLen)
				}
				if seg := packageSegment(msg, b.param); seg != "" {
					t.Errorf("%s: %q names the package %q between the parameter and what is wrong", l, short(msg), seg)
				}
				if l == i18n.English {
					en = msg
					continue
				}
				if msg == en || strings.Contains(msg, ".err.") {
					t.Errorf("%s: got %q (English %q), want it worded in %s", l, short(msg), short(en), l)
				}
			}
		})
	}
}

// packageSegment is the first package name standing as a prefix in msg's
// chain ("eval: play: reversi: …" has "play"), "" when none does; the
// parameter param is not one (fuzzy= is also a package's name).
func packageSegment(msg, param string) string {
	parts := strings.Split(msg, ": ")
	for _, p := range parts[:len(parts)-1] {
		if errorPackages[p] && p != param {
			return p
		}
	}
	return ""
}

// short cuts a message for a test's report.
func short(s string) string {
	if len(s) > 300 {
		return s[:300] + "…"
	}
	return s
}

// TestSearchErrorAtANode: an error the search finds at one node (a value
// outside star1's bounds, a depth limit where a tree has no estimate) is
// a 400 with the form, naming the parameter to change and the node as the
// page draws it (its name, the moves into it, "1→2, Wurf 2"), never its
// path id, in every language.
func TestSearchErrorAtANode(t *testing.T) {
	s := newTestServer(t)
	for _, c := range []struct{ query, param, node string }{
		{"tree=" + url.QueryEscape("([chance](3 12 8) [chance](2 4 6))") + "&algo=star1&bounds=0,5", "bounds", `"B"`},
		{"tree=" + url.QueryEscape("([chance](3 K=12 8) [chance](2 4 6))") + "&algo=star1&bounds=0,5", "bounds", `"K"`},
		{"game=dice&algo=star1&depth=4&bounds=0,20", "bounds", "1→2, "},
		{"tree=" + url.QueryEscape("((1 2) ((3 4) 5))") + "&depth=2", "depth", "D"},
	} {
		var en string
		for _, l := range i18n.Langs {
			rec := httpGet(t, s, "/view?"+c.query+"&lang="+string(l))
			if rec.Code != http.StatusBadRequest {
				t.Fatalf("%s %s: %d, want 400", c.query, l, rec.Code)
			}
			msg := errorMessage(t, rec)
			if !leadsWith(msg, c.param) || !strings.Contains(msg, c.node) || quotedPathID.MatchString(msg) {
				t.Errorf("%s %s: %q, want it to name %s and the node %s, and no path id", c.query, l, msg, c.param, c.node)
			}
			if l == i18n.English {
				en = msg
			} else if msg == en || strings.Contains(msg, "throw") {
				t.Errorf("%s %s: %q is English", c.query, l, msg)
			}
		}
	}
}

// TestPageErrorsNameFieldsNotFlags: an error that on the command line
// names a flag ("give --eval", "try --algo maxn") names on a page the
// form's field for it as the form labels it, in the page's language; a
// node it names is named as the page draws it (C), not by its path id.
func TestPageErrorsNameFieldsNotFlags(t *testing.T) {
	s := newTestServer(t)
	for _, c := range []struct{ query, label, node string }{
		{"game=tictactoe&algo=mcts&playout=eval", "home.eval", ""},
		{"tree=" + url.QueryEscape("((1 2) [chance](3 4))") + "&algo=alphabeta", "home.algo", `"C"`},
		{"tree=" + url.QueryEscape("((<1,2> <3,4>) [chance](<5,6> <7,8>))") + "&algo=paranoid", "home.algo", `"C"`},
		{"game=tictactoe&algo=minimax&samples=3", "home.algo", ""},
		{"tree=" + url.QueryEscape("((1 2) (3 4))") + "&deal=1", "home.source", ""},
	} {
		for _, l := range i18n.Langs {
			msg := errorMessage(t, httpGet(t, s, "/view?"+c.query+"&lang="+string(l)))
			loc := i18n.For(l)
			if field := loc.T("error.field", "Label", loc.T(c.label)); strings.Contains(msg, "--") || !strings.Contains(msg, field) {
				t.Errorf("%s %s: %q, want the field %s and no flag", c.query, l, msg, field)
			}
			if !strings.Contains(msg, c.node) || quotedPathID.MatchString(msg) {
				t.Errorf("%s %s: %q, want the node %s and no path id", c.query, l, msg, c.node)
			}
		}
	}
}

// quotedPathID is a node's internal path id quoted in a message ("0.1", "0.1.0.0").
var quotedPathID = regexp.MustCompile(`"\d+(\.\d+)+"|"\d"`)

// TestOptionClashNamesTheOption: an option the chosen search does not
// take (a table with alpha-beta, an aspiration window with PVS, the
// strict prune rule with fail-hard, a learned ordering with minimax) is
// refused naming that option first, in every language.
func TestOptionClashNamesTheOption(t *testing.T) {
	s := newTestServer(t)
	textbook := "tree=" + url.QueryEscape(tree.TwoPlyGameTree)
	for _, c := range []struct{ query, param string }{
		{textbook + "&algo=alphabeta&tt=64", "tt"},
		{"game=connect4&depth=4&algo=pvs&aspiration=2", "aspiration"},
		{textbook + "&prune=gt&fail=hard", "prune"},
		{textbook + "&algo=minimax&order=killer", "order"},
	} {
		for _, l := range i18n.Langs {
			rec := httpGet(t, s, "/view?"+c.query+"&lang="+string(l))
			if rec.Code != http.StatusBadRequest {
				t.Fatalf("%s %s: %d, want 400", c.query, l, rec.Code)
			}
			if msg := errorMessage(t, rec); !leadsWith(msg, c.param) {
				t.Errorf("%s %s: %q does not name %s", c.query, l, msg, c.param)
			}
		}
	}
}
