package web

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/abtrace/abtrace/search"
	"github.com/abtrace/abtrace/search/scenario"
	"github.com/abtrace/abtrace/search/tree"
)

func compareURL(q url.Values) string { return "/compare?" + q.Encode() }

func textbookCompare(step, by string) url.Values {
	return url.Values{"tree": {tree.TwoPlyGameTree}, "orders": {"natural,best,worst"}, "by": {by}, "step": {step}}
}

// panes returns the pane elements of a comparison page by name.
func panesOf(t *testing.T, body string) map[string]map[string]string {
	t.Helper()
	p := parsePage(t, body)
	out := map[string]map[string]string{}
	for _, n := range p.testid("pane") {
		m := map[string]string{}
		for _, a := range n.Attr {
			m[a.Key] = a.Val
		}
		out[attrOf(n, "data-pane")] = m
	}
	return out
}

// solve runs a scenario untraced, as abtrace solve does.
func solve(t *testing.T, sc scenario.Scenario) (nodes, leaves, cutoffs int, value string) {
	t.Helper()
	p, err := sc.Prepare()
	if err != nil {
		t.Fatal(err)
	}
	r, err := p.Run(nil)
	if err != nil {
		t.Fatal(err)
	}
	return r.Stats.Nodes, r.Stats.Leaves, r.Stats.Cutoffs, r.Value.String()
}

func TestCompareTextbookEnd(t *testing.T) {
	s := newTestServer(t)
	for _, by := range []string{"event", "node"} {
		t.Run(by, func(t *testing.T) {
			rec := httpGet(t, s, compareURL(textbookCompare("end", by)))
			if rec.Code != http.StatusOK {
				t.Fatalf("status: got %d, want 200: %s", rec.Code, rec.Body.String())
			}
			panes := panesOf(t, rec.Body.String())
			if len(panes) != 3 {
				t.Fatalf("got %d panes, want 3", len(panes))
			}
			for _, name := range []string{"natural", "best", "worst"} {
				p := panes[name]
				if p == nil {
					t.Fatalf("no pane %s", name)
				}
				nodes, leaves, cutoffs, _ := solve(t, scenario.Scenario{Tree: tree.TwoPlyGameTree, Order: name})
				for attr, want := range map[string]int{"data-nodes": nodes, "data-leaves": leaves, "data-cutoffs": cutoffs} {
					if got := p[attr]; got != strconv.Itoa(want) {
						t.Errorf("%s %s: got %s, want %d", name, attr, got, want)
					}
				}
				if p["data-done"] != "true" {
					t.Errorf("%s: not done at the end", name)
				}
			}
			// Best first: the Knuth–Moore minimum, 3 + 3 − 1 = 5 leaves;
			// worst first: all 9.
			if got := panes["best"]["data-leaves"]; got != "5" {
				t.Errorf("best leaves: got %s, want 5", got)
			}
			if got := panes["worst"]["data-leaves"]; got != "9" {
				t.Errorf("worst leaves: got %s, want 9", got)
			}
			pg := parsePage(t, rec.Body.String())
			if len(pg.testid("agree")) != 1 || len(pg.testid("disagree")) != 0 {
				t.Error("the summary does not say that every pane agrees")
			}
			if len(pg.testid("summary")) != 1 || len(pg.testid("chart")) != 1 {
				t.Error("no summary or no chart at the end")
			}
			if !strings.Contains(rec.Body.String(), `data-ref="ref-km" data-value="5"`) {
				t.Error("the chart has no Knuth–Moore line at 5")
			}
			if !strings.Contains(rec.Body.String(), `data-ref="ref-full" data-value="9"`) {
				t.Error("the chart has no full-tree line at 9")
			}
		})
	}
}

func TestCompareStepByNode(t *testing.T) {
	s := newTestServer(t)
	// By node, step 6 is every pane's sixth node entered: best first has
	// entered only 8 nodes in all, natural 11, worst 13.
	rec := httpGet(t, s, compareURL(textbookCompare("6", "node")))
	panes := panesOf(t, rec.Body.String())
	for name, p := range panes {
		if got := p["data-nodes"]; got != "6" {
			t.Errorf("%s at node step 6: got %s nodes, want 6", name, got)
		}
	}
	// Step 9 (after best first's last node): best first has finished,
	// the others not.
	nodes, _, _, _ := solve(t, scenario.Scenario{Tree: tree.TwoPlyGameTree, Order: "best"})
	rec = httpGet(t, s, compareURL(textbookCompare(strconv.Itoa(nodes+1), "node")))
	panes = panesOf(t, rec.Body.String())
	if panes["best"]["data-done"] != "true" {
		t.Errorf("best first at node step %d: not done", nodes+1)
	}
	if panes["worst"]["data-done"] != "false" {
		t.Errorf("worst first at node step %d: done already", nodes+1)
	}
	// The summary is on the page from the start (the websocket shows it
	// when every pane has finished), hidden until then.
	if sum := parsePage(t, rec.Body.String()).testid("summary"); len(sum) != 1 || !attrHas(sum[0], "hidden") {
		t.Error("a summary shown before every pane has finished")
	}
	// By event, step 3: every pane has applied three events.
	rec = httpGet(t, s, compareURL(textbookCompare("3", "event")))
	for name, p := range panesOf(t, rec.Body.String()) {
		if p["data-step"] != "3" {
			t.Errorf("%s at event step 3: got step %s", name, p["data-step"])
		}
	}
}

func TestCompareAlgos(t *testing.T) {
	s := newTestServer(t)
	q := url.Values{"random": {"3,3"}, "seed": {"4"}, "algos": {"minimax,alphabeta"}, "step": {"end"}}
	rec := httpGet(t, s, compareURL(q))
	if rec.Code != http.StatusOK {
		t.Fatalf("status: got %d: %s", rec.Code, rec.Body.String())
	}
	panes := panesOf(t, rec.Body.String())
	if panes["minimax"]["data-leaves"] != "27" {
		t.Errorf("minimax leaves: got %s, want 27", panes["minimax"]["data-leaves"])
	}
	_, leaves, _, _ := solve(t, scenario.Scenario{Random: "3,3", Seed: 4})
	if got := panes["alphabeta"]["data-leaves"]; got != strconv.Itoa(leaves) {
		t.Errorf("alphabeta leaves: got %s, want %d", got, leaves)
	}
}

// TestCompareUniformBest checks on uniform trees of distinct values that
// the best pane evaluates exactly the Knuth–Moore number and that all
// panes agree on the root value, against the engine run untraced.
func TestCompareUniformBest(t *testing.T) {
	s := newTestServer(t)
	for _, bd := range [][2]int{{2, 3}, {3, 3}, {2, 4}, {3, 4}, {4, 3}} {
		b, d := bd[0], bd[1]
		text := distinctTree(b, d, uint64(b*10+d))
		q := url.Values{"tree": {text}, "orders": {"natural,best,worst,random"}, "step": {"end"}}
		rec := httpGet(t, s, compareURL(q))
		if rec.Code != http.StatusOK {
			t.Fatalf("b=%d d=%d: status %d", b, d, rec.Code)
		}
		panes := panesOf(t, rec.Body.String())
		if got, want := panes["best"]["data-leaves"], strconv.Itoa(scenario.KnuthMoore(b, d)); got != want {
			t.Errorf("b=%d d=%d: best pane evaluates %s leaves, want Knuth–Moore %s", b, d, got, want)
		}
		if len(parsePage(t, rec.Body.String()).testid("agree")) != 1 {
			t.Errorf("b=%d d=%d: the panes do not agree on the value", b, d)
		}
		_, _, _, want := solve(t, scenario.Scenario{Tree: text, Algo: "minimax"})
		for _, row := range parsePage(t, rec.Body.String()).all(hasAttr("data-col", "value")) {
			if got := textOf(row); got != want {
				t.Errorf("b=%d d=%d: a pane's value is %s, minimax's %s", b, d, got, want)
			}
		}
	}
}

// distinctTree writes a uniform tree of branching b and depth d whose
// leaves are a shuffle of 1..b^d.
func distinctTree(b, d int, seed uint64) string {
	n := 1
	for range d {
		n *= b
	}
	vals := make([]int, n)
	for i := range vals {
		vals[i] = i + 1
	}
	x := seed*2654435761 + 1
	for i := n - 1; i > 0; i-- {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		j := int(x % uint64(i+1))
		vals[i], vals[j] = vals[j], vals[i]
	}
	var sb strings.Builder
	k := 0
	var write func(depth int)
	write = func(depth int) {
		if depth == d {
			sb.WriteString(strconv.Itoa(vals[k]))
			k++
			return
		}
		sb.WriteByte('(')
		for i := range b {
			if i > 0 {
				sb.WriteByte(' ')
			}
			write(depth + 1)
		}
		sb.WriteByte(')')
	}
	write(0)
	return sb.String()
}

func TestCompareBadParameters(t *testing.T) {
	s := newTestServer(t)
	tests := []struct {
		q     url.Values
		param string
	}{
		{url.Values{"tree": {tree.TwoPlyGameTree}, "orders": {"natural"}}, "orders"},
		{url.Values{"tree": {tree.TwoPlyGameTree}, "orders": {"natural,best,worst,random,eval"}}, "orders"},
		{url.Values{"tree": {tree.TwoPlyGameTree}, "orders": {"natural,sideways"}}, "orders"},
		{url.Values{"tree": {tree.TwoPlyGameTree}, "orders": {"best,best"}}, "orders"},
		{url.Values{"tree": {tree.TwoPlyGameTree}, "algos": {"minimax,quantum"}}, "algos"},
		{url.Values{"tree": {tree.TwoPlyGameTree}, "orders": {"best,worst"}, "algos": {"minimax,alphabeta"}}, "algos"},
		{url.Values{"tree": {tree.TwoPlyGameTree}, "by": {"leaf"}}, "by"},
		{url.Values{"tree": {tree.TwoPlyGameTree}, "step": {"-2"}}, "step"},
		{url.Values{"tree": {"((3 12 8) (2 4"}}, "tree"},
		{url.Values{"random": {"3,3"}, "seed": {"x"}}, "seed"},
	}
	for _, tc := range tests {
		rec := httpGet(t, s, compareURL(tc.q))
		if rec.Code != http.StatusBadRequest {
			t.Errorf("%v: got status %d, want 400", tc.q, rec.Code)
			continue
		}
		p := parsePage(t, rec.Body.String())
		msg := textOf(p.one("form-error"))
		if !strings.Contains(msg, tc.param) {
			t.Errorf("%v: the error %q does not name %s", tc.q, msg, tc.param)
		}
		// The input is kept in the form.
		if tr := tc.q.Get("tree"); tr != "" && !strings.Contains(rec.Body.String(), ">"+strings.ReplaceAll(tr, "(", "(")+"</textarea>") {
			t.Errorf("%v: the tree as typed is not in the form", tc.q)
		}
	}
}

func TestCompareAPI(t *testing.T) {
	s := newTestServer(t)
	q := textbookCompare("end", "node")
	rec := httpGet(t, s, "/api/compare?"+q.Encode())
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d: %s", rec.Code, rec.Body.String())
	}
	var st compareState
	if err := json.Unmarshal(rec.Body.Bytes(), &st); err != nil {
		t.Fatal(err)
	}
	if !st.Done || !st.SameValue || len(st.Panes) != 3 || st.Minimax != 9 {
		t.Errorf("got %+v, want done, the same value, 3 panes, minimax 9", st)
	}
	for _, p := range st.Panes {
		_, leaves, _, value := solve(t, scenario.Scenario{Tree: tree.TwoPlyGameTree, Order: p.Pane})
		if p.Leaves != leaves || p.Value != value {
			t.Errorf("%s: got %d leaves, value %s; want %d, %s", p.Pane, p.Leaves, p.Value, leaves, value)
		}
	}
	rec = httpGet(t, s, "/api/compare?tree=x&orders=best")
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), `"ok":false`) {
		t.Errorf("bad request: got %d %s", rec.Code, rec.Body.String())
	}
}

func TestLabPage(t *testing.T) {
	s := newTestServer(t)
	rec := httpGet(t, s, "/lab?random=3,4&seeds=30")
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d: %s", rec.Code, rec.Body.String())
	}
	p := parsePage(t, rec.Body.String())
	rows := p.all(func(n *html.Node) bool { return n.Data == "tr" && attrHas(n, "data-row") })
	if got, want := len(rows), len(search.Orderings())+len(search.LearnedOrderings()); got != want {
		t.Errorf("got %d rows, want %d", got, want)
	}
	if len(p.testid("lab-plot")) != 1 {
		t.Error("no plot")
	}
	if !strings.Contains(rec.Body.String(), `data-ref="ref-km" data-value="17"`) || !strings.Contains(rec.Body.String(), `data-ref="ref-full" data-value="81"`) {
		t.Error("the plot lacks the b^d or Knuth–Moore line")
	}
	for _, bad := range []string{"/lab?random=3,4&seeds=0", "/lab?random=3,4&seeds=x", "/lab?random=9", "/lab?game=tictactoe"} {
		rec := httpGet(t, s, bad)
		if rec.Code != http.StatusBadRequest {
			t.Errorf("%s: got %d, want 400", bad, rec.Code)
		}
	}
	if rec := httpGet(t, s, "/lab"); rec.Code != http.StatusOK {
		t.Errorf("/lab alone: got %d, want 200", rec.Code)
	}
}

// TestCompareSources renders comparisons of every kind of source, and
// checks the pages hold no inline code.
func TestCompareSources(t *testing.T) {
	s := newTestServer(t)
	for _, q := range []url.Values{
		{"game": {"tictactoe"}, "position": {"xo.x.o..."}, "orders": {"natural,best"}, "step": {"5"}},
		{"game": {"nim"}, "matches": {"6"}, "algos": {"minimax,alphabeta"}, "by": {"event"}, "step": {"end"}},
		{"random": {"3,4"}, "seed": {"2"}, "orders": {"natural,reversed,best,worst"}, "step": {"end"}},
		{"tree": {tree.TwoPlyGameTree}, "orders": {"eval,random"}, "seed": {"3"}, "step": {"4"}},
	} {
		rec := httpGet(t, s, compareURL(q))
		if rec.Code != http.StatusOK {
			t.Errorf("%v: got %d, want 200: %s", q, rec.Code, rec.Body.String())
			continue
		}
		p := parsePage(t, rec.Body.String())
		if got, want := len(p.testid("pane")), len(splitList(q.Get("orders")+q.Get("algos"))); got != want {
			t.Errorf("%v: got %d panes, want %d", q, got, want)
		}
		if q.Get("step") == "end" && len(p.testid("agree")) != 1 {
			t.Errorf("%v: the panes do not agree at the end", q)
		}
		for _, sc := range p.all(isTag("script")) {
			if attrOf(sc, "src") == "" {
				t.Errorf("%v: an inline script", q)
			}
		}
		if n := len(p.all(func(n *html.Node) bool { return attrHas(n, "style") })); n > 0 {
			t.Errorf("%v: %d style attributes", q, n)
		}
	}
}

// homeLabQuery is the lab the home page links to (1,000 random trees),
// which TestBrowserLab opens and checks in the browser run.
const homeLabQuery = "random=3,6&seeds=1000"

// loadedInBrowserRun reports whether link is the home page's lab, which the
// browser run (without the race detector) loads and checks in
// TestBrowserLab: the race run does not search its 1,000 trees a second
// time, several times slower. Any other link, or this one without the race
// detector, is loaded here.
func loadedInBrowserRun(t *testing.T, link string) bool {
	t.Helper()
	u, err := url.Parse(link)
	if !raceDetector || err != nil || u.Path != "/lab" {
		return false
	}
	got, want := u.Query(), mustQuery(t, homeLabQuery)
	got.Del("lang")
	return got.Encode() == want.Encode()
}

func mustQuery(t *testing.T, q string) url.Values {
	t.Helper()
	v, err := url.ParseQuery(q)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestHomeLinksCompare checks that the home page sets up a comparison and
// the lab, and that both links work.
func TestHomeLinksCompare(t *testing.T) {
	s := newTestServer(t)
	p := parsePage(t, httpGet(t, s, "/").Body.String())
	var links []string
	for _, a := range p.all(isTag("a")) {
		if h := attrOf(a, "href"); strings.HasPrefix(h, "/compare?") || strings.HasPrefix(h, "/lab?") {
			links = append(links, h)
		}
	}
	if len(links) != 4 {
		t.Fatalf("got links %q, want three to /compare (the textbook's orderings, the horizon effect by capture and by a delaying move) and one to /lab", links)
	}
	for _, l := range links {
		if loadedInBrowserRun(t, l) {
			continue
		}
		if rec := httpGet(t, s, l); rec.Code != http.StatusOK {
			t.Errorf("%s: got %d, want 200", l, rec.Code)
		}
	}
}

// TestCompareWithNothingAsked: /compare with no query (or only its
// language) is the comparison's form, filled in with the textbook tree in
// three orders, in the page's language, not an error.
func TestCompareWithNothingAsked(t *testing.T) {
	s := newTestServer(t)
	for target, want := range map[string]string{"/compare": "Compare", "/compare?lang=de": "Vergleich", "/compare?lang=cs": "Srovn"} {
		rec := httpGet(t, s, target)
		body := rec.Body.String()
		if rec.Code != 200 || strings.Contains(body, `data-testid="form-error"`) || !strings.Contains(body, `data-testid="compare-form"`) ||
			!strings.Contains(body, "natural,best,worst") || !strings.Contains(body, "(3 12 8)") || !strings.Contains(body, want) {
			t.Errorf("%s: got %d (form error shown: %v), want 200 with the form filled in and %q", target, rec.Code, strings.Contains(body, "form-error"), want)
		}
	}
}
